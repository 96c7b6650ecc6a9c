/**
 * Benchmark items: from JSONL/JSON files (field presets or an explicit mapping), from a directory
 * of `.lean` files (one item per theorem), or from the entities of an audited project.
 */
import { readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { InputError } from '../core/errors.js';
import type { PairedEntity } from '../model/entity.js';
import type { Location } from '../model/location.js';
import { type BenchSpec, type FieldMapping, PRESETS } from './config.js';
import type { InputProblem, ReadLimits } from './input.js';
import { boundedLines, DEFAULT_READ_LIMITS, innerName, parseRecordLine, readTextUpTo, requireRegularFile } from './input.js';
import { jsonRecords } from './json-stream.js';
import { leanStatements, projectCommandsOf } from './lean-canon.js';

/** One benchmark item: an informal statement, a formal statement, or both. */
export interface BenchItem {
  id: string;
  /** The benchmark it belongs to (its file or folder name). */
  benchmark: string;
  /** The Lean theorem name, when the formal statement declares one. */
  name?: string;
  informal?: string;
  formal?: string;
  location: Location;
}

/** The theorem name a formal statement declares, if any. */
export function declaredName(formal: string): string | undefined {
  return /\b(?:theorem|lemma)\s+([^\s:({[⦃]+)/u.exec(formal)?.[1];
}

function mappingFor(spec: BenchSpec, first: Record<string, unknown> | undefined): FieldMapping {
  if (spec.preset !== undefined && spec.preset !== 'auto') {
    const preset = PRESETS[spec.preset];
    if (!preset) throw new InputError(`unknown benchmark preset ${spec.preset} (known: ${Object.keys(PRESETS).join(', ')})`);
    return { ...preset, ...spec.fields };
  }
  const present = (p: Required<FieldMapping>): number =>
    first === undefined ? 0 : [p.id, p.informal, p.formal].filter((f) => f in first).length;
  const detected = Object.values(PRESETS)
    .filter((p) => present(p) >= 2)
    .sort((a, b) => present(b) - present(a))[0];
  return { ...(detected ?? { id: 'id', informal: 'informal_statement', formal: 'formal_statement' }), ...spec.fields };
}

function itemOf(record: Record<string, unknown>, mapping: FieldMapping, benchmark: string, location: Location): BenchItem | string {
  const text = (field: string | undefined): string | undefined => {
    const v = field === undefined ? undefined : record[field];
    return typeof v === 'string' && v.trim() !== '' ? v : undefined;
  };
  const informal = text(mapping.informal);
  const formal = text(mapping.formal);
  if (informal === undefined && formal === undefined) {
    return `no text in fields ${mapping.informal ?? '-'} / ${mapping.formal ?? '-'}`;
  }
  const rawId = mapping.id === undefined ? undefined : record[mapping.id];
  const id = typeof rawId === 'string' || typeof rawId === 'number' ? String(rawId) : `${benchmark}:${location.line}`;
  const name = formal === undefined ? undefined : declaredName(formal);
  return {
    id,
    benchmark,
    ...(name !== undefined ? { name } : {}),
    ...(informal !== undefined ? { informal } : {}),
    ...(formal !== undefined ? { formal } : {}),
    location,
  };
}

/** Items of a JSONL or JSON file, streamed; malformed or oversized records are reported in `problems` and skipped. */
export async function readItemsFile(
  spec: BenchSpec,
  problems: InputProblem[],
  limits: ReadLimits = DEFAULT_READ_LIMITS,
): Promise<BenchItem[]> {
  const file = spec.path;
  const benchmark = basename(innerName(file)).replace(/\.(jsonl|ndjson|json)$/, '');
  const items: BenchItem[] = [];
  const add = (record: unknown, mapping: FieldMapping, location: Location): void => {
    if (typeof record !== 'object' || record === null || Array.isArray(record)) {
      problems.push({ location, message: 'not a JSON object' });
      return;
    }
    const item = itemOf(record as Record<string, unknown>, mapping, benchmark, location);
    if (typeof item === 'string') problems.push({ location, message: item });
    else items.push(item);
  };
  requireRegularFile(file, 'benchmark');
  if (innerName(file).endsWith('.json')) {
    let mapping: FieldMapping | undefined;
    for await (const r of jsonRecords(file, limits, problems)) {
      const location = { file, line: 1, column: r.index };
      if ('error' in r) {
        problems.push({ location, message: `record #${r.index}: ${r.error}`, offset: r.offset });
        continue;
      }
      if (typeof r.value === 'object' && r.value !== null && !Array.isArray(r.value))
        mapping ??= mappingFor(spec, r.value as Record<string, unknown>);
      add(r.value, mapping ?? mappingFor(spec, undefined), location);
    }
    return items;
  }
  let mapping: FieldMapping | undefined;
  for await (const { line, text } of boundedLines(file, limits, problems)) {
    if (text.trim() === '') continue;
    const record = parseRecordLine(text);
    if (typeof record === 'string') {
      problems.push({ location: { file, line }, message: record });
      continue;
    }
    mapping ??= mappingFor(spec, record);
    add(record, mapping, { file, line });
  }
  return items;
}

function leanFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...leanFiles(path));
    else if (entry.isFile() && entry.name.endsWith('.lean')) out.push(path);
  }
  return out;
}

/** One item per `theorem`/`lemma` of the `.lean` files under `dir`: statement without proof, docstring as informal. */
export function readItemsLeanDir(dir: string, problems: InputProblem[], limits: ReadLimits = DEFAULT_READ_LIMITS): BenchItem[] {
  const benchmark = basename(dir);
  const items: BenchItem[] = [];
  const files = leanFiles(dir);
  const commands = projectCommandsOf(files, limits);
  for (const file of files) {
    let text: string;
    try {
      text = readTextUpTo(file, limits.recordBytes);
    } catch (e) {
      problems.push({ location: { file, line: 1 }, message: (e as Error).message });
      continue;
    }
    const { statements, problems: found } = leanStatements(text, file, commands);
    for (const p of found) problems.push({ location: p.location, message: p.message });
    for (const s of statements) {
      if (s.kind === 'example') continue;
      items.push({
        id: s.name,
        benchmark,
        name: s.name,
        formal: `${s.kind} ${s.name} ${s.header}`,
        ...(s.doc !== undefined ? { informal: s.doc } : {}),
        location: { file, line: s.line },
      });
    }
  }
  return items;
}

/** Items read from one benchmark input: a folder of `.lean` files or a JSONL/JSON file. */
export async function readBenchmark(
  spec: BenchSpec,
  problems: InputProblem[],
  limits: ReadLimits = DEFAULT_READ_LIMITS,
): Promise<BenchItem[]> {
  let isDir: boolean;
  try {
    isDir = statSync(spec.path).isDirectory();
  } catch {
    throw new InputError(`benchmark not found: ${spec.path}`);
  }
  return isDir ? readItemsLeanDir(spec.path, problems, limits) : readItemsFile(spec, problems, limits);
}

/** Items made from the entities of an audited project: informal statement and paired Lean statement. */
export function itemsFromEntities(entities: PairedEntity[], benchmark = 'project'): BenchItem[] {
  return entities.map((e) => {
    const decl = e.decls[0];
    const formal = decl === undefined ? undefined : `${decl.kind} ${decl.fullName} ${decl.header}`;
    return {
      id: e.id,
      benchmark,
      ...(decl !== undefined ? { name: decl.fullName } : {}),
      ...(e.statement.trim() !== '' ? { informal: e.statement } : {}),
      ...(formal !== undefined ? { formal } : {}),
      location: decl?.location ?? e.location,
    };
  });
}

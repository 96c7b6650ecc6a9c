/**
 * status-json: a curated file of per-entity records (schema: `schemas/status-json.schema.json`),
 * as a JSON array, an object `{"entities": [...]}`, or JSON Lines. Bad records are reported with
 * file:line and skipped; the good ones are kept.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { jsonErrorLine } from '../src/core/json.js';
import { packageRoot } from '../src/core/paths.js';
import { locateInside, READ_LIMITS, RefusedFile, readRepoText } from '../src/core/repo-file.js';
import type { Entity } from '../src/model/entity.js';
import type { SourceProblem } from '../src/model/lean.js';
import { contextOf, normalizeKind } from './text.js';
import type { ExtractInput, Extraction } from './types.js';

/** Files tried in order when the configuration names none. */
export const STATUS_JSON_FILES = ['leanaudit.entities.json', 'leanaudit.entities.jsonl'];

/** One record as the schema allows it. */
export interface StatusRecord {
  id: string;
  kind?: string;
  title?: string;
  statement: string;
  proof?: string;
  context?: string;
  leanNames?: string | string[];
  uses?: string[];
  status?: 'not-ready' | 'todo' | 'stated' | 'proved' | 'mathlib';
}

const STATUS_FLAGS: Record<NonNullable<StatusRecord['status']>, Record<string, boolean>> = {
  'not-ready': { notready: true },
  todo: {},
  stated: { leanok: true },
  proved: { leanok: true, proofLeanok: true },
  mathlib: { leanok: true, proofLeanok: true, mathlibok: true },
};

let validator: ValidateFunction | undefined;

function validate(record: unknown): string | undefined {
  validator ??= new Ajv({ allErrors: true }).compile(
    JSON.parse(readFileSync(join(packageRoot(), 'schemas', 'status-json.schema.json'), 'utf8')) as object,
  );
  if (validator(record)) return undefined;
  return (validator.errors ?? []).map((e) => `${e.instancePath || 'record'} ${e.message ?? 'is invalid'}`).join('; ');
}

/** The status-json file present in the repository (configured or by convention), relative to it. */
export function findStatusJson(root: string, configured?: string): string | undefined {
  return (configured ? [configured] : STATUS_JSON_FILES).find((f) => 'file' in locateInside(root, f));
}

/** Extracts the entities of the status-json file. */
export function extractStatusJson(input: ExtractInput): Extraction {
  const file = findStatusJson(input.root, input.options.json);
  const problems: SourceProblem[] = [];
  if (!file) {
    const wanted = input.options.json ?? STATUS_JSON_FILES.join(', ');
    problems.push({
      messageId: 'no-file',
      message: `no status-json file found (looked for ${wanted})`,
      location: { file: wanted, line: 1 },
    });
    return { source: 'json', entities: [], files: [], problems };
  }
  let text: string;
  try {
    text = readRepoText(input.root, file, READ_LIMITS.document);
  } catch (e) {
    if (!(e instanceof RefusedFile)) throw e;
    problems.push({ messageId: 'unreadable', message: e.message, location: { file, line: 1 } });
    return { source: 'json', entities: [], files: [], problems };
  }
  const raw = /\.jsonl$/i.test(file) ? jsonLines(text, file, problems) : jsonDocument(text, file, problems);
  const entities: Entity[] = [];
  const seen = new Set<string>();
  for (const { value, line } of raw) {
    const error = validate(value);
    if (error) {
      problems.push({ messageId: 'invalid-record', message: `invalid record: ${error}`, location: { file, line } });
      continue;
    }
    const record = value as StatusRecord;
    if (seen.has(record.id)) {
      problems.push({ messageId: 'duplicate-id', message: `id ${record.id} appears more than once`, location: { file, line } });
      continue;
    }
    seen.add(record.id);
    entities.push(toEntity(record, { file, line }));
  }
  problems.sort((a, b) => a.location.line - b.location.line);
  return { source: 'json', entities, files: [file], problems };
}

function toEntity(record: StatusRecord, location: Entity['location']): Entity {
  const names = record.leanNames === undefined ? [] : [record.leanNames].flat();
  const context = record.context === undefined ? undefined : contextOf(record.context);
  return {
    id: record.id,
    kind: normalizeKind(record.kind ?? 'theorem'),
    ...(record.title ? { title: record.title } : {}),
    statement: record.statement,
    ...(record.proof ? { proof: record.proof } : {}),
    ...(context ? { context } : {}),
    leanNames: names.map((n) => n.trim()).filter((n) => n.length > 0),
    uses: record.uses ?? [],
    flags: { ...STATUS_FLAGS[record.status ?? 'todo'] },
    location,
    origin: 'json',
    ...(record.status ? { status: record.status } : {}),
  };
}

interface RawRecord {
  value: unknown;
  line: number;
}

function jsonLines(text: string, file: string, problems: SourceProblem[]): RawRecord[] {
  const records: RawRecord[] = [];
  text.split('\n').forEach((content, index) => {
    if (content.trim() === '') return;
    try {
      records.push({ value: JSON.parse(content), line: index + 1 });
    } catch (e) {
      problems.push({
        messageId: 'malformed-json',
        message: `malformed JSON: ${(e as Error).message}`,
        location: { file, line: index + 1 },
      });
    }
  });
  return records;
}

function jsonDocument(text: string, file: string, problems: SourceProblem[]): RawRecord[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    const line = jsonErrorLine(text, e as Error);
    problems.push({ messageId: 'malformed-json', message: `malformed JSON: ${(e as Error).message}`, location: { file, line } });
    return [];
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { entities?: unknown } | null)?.entities;
  if (!Array.isArray(list)) {
    problems.push({
      messageId: 'invalid-document',
      message: 'expected a JSON array of records or an object {"entities": [...]}',
      location: { file, line: 1 },
    });
    return [];
  }
  const lines = elementLines(text);
  return list.map((value, i) => ({ value, line: lines[i] ?? 1 }));
}

/** Line of each element of the records array (the top-level array, or the one under "entities"). */
function elementLines(text: string): number[] {
  const lines: number[] = [];
  const arrayDepth = text.trimStart().startsWith('[') ? 1 : 2;
  let depth = 0;
  let line = 1;
  let inString = false;
  let expectElement = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\n') line++;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (/\s/.test(c)) continue;
    if (expectElement && c !== ']') {
      lines.push(line);
      expectElement = false;
    }
    if (c === '"') inString = true;
    else if (c === '[' || c === '{') {
      depth++;
      if (c === '[' && depth === arrayDepth) expectElement = true;
    } else if (c === ']' || c === '}') depth--;
    else if (c === ',' && depth === arrayDepth) expectElement = true;
  }
  return lines;
}

/** Rubrics are data: `rubrics/<id>.md` with front matter, a system and a user template, and a JSON schema. */
import { join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import AjvModule from 'ajv';
import { packageRoot } from '../core/paths.js';
import { READ_LIMITS, readBoundedText } from '../core/repo-file.js';
import { sha256 } from './cache.js';
import { ROLES, type Role } from './config.js';

const Ajv = AjvModule.default;

export interface Rubric {
  id: string;
  version: number;
  role: Role;
  inputs: string[];
  /** Path of the output schema, relative to the rubrics folder. */
  output: string;
  schema: Record<string, unknown>;
  validate: ValidateFunction;
  system: string;
  user: string;
  /** sha256 of the whole file: an edit without a version bump still misses the cache. */
  bodyHash: string;
}

export type TemplateValue = string | number | boolean | undefined;

/** The folder holding the rubrics shipped with the package. */
export function rubricsDir(): string {
  return join(packageRoot(), 'rubrics');
}

/** Parses the `key: value` front matter subset rubrics use (scalars and `[a, b]` lists). */
export function parseFrontMatter(text: string, file: string): { meta: Record<string, unknown>; body: string } {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(text);
  if (!m) throw new Error(`${file}:1: rubric has no front matter (--- … ---)`);
  const meta: Record<string, unknown> = {};
  m[1]!.split(/\r?\n/).forEach((line, i) => {
    const clean = line.replace(/\s+#.*$/, '').trim();
    if (!clean) return;
    const kv = /^([A-Za-z_][\w-]*):\s*(.*)$/.exec(clean);
    if (!kv) throw new Error(`${file}:${i + 2}: cannot read front matter line: ${line}`);
    const raw = kv[2]!;
    const list = /^\[(.*)\]$/.exec(raw);
    meta[kv[1]!] = list
      ? list[1]!
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : /^\d+$/.test(raw)
        ? Number(raw)
        : raw.replace(/^["']|["']$/g, '');
  });
  return { meta, body: text.slice(m[0].length) };
}

/** Rubrics already read and compiled in this process, by file and content hash. */
const loaded = new Map<string, Rubric>();

/** Loads and checks `rubrics/<id>.md` and its schema (compiled once per content of the file). */
export function loadRubric(id: string, dir = rubricsDir()): Rubric {
  const file = join(dir, `${id}.md`);
  const text = readBoundedText(file, READ_LIMITS.llmInput);
  const memo = `${file}\0${sha256(text)}`;
  const known = loaded.get(memo);
  if (known) return known;
  const rubric = compileRubric(id, file, text, dir);
  loaded.set(memo, rubric);
  return rubric;
}

function compileRubric(id: string, file: string, text: string, dir: string): Rubric {
  const { meta, body } = parseFrontMatter(text, file);
  if (meta.id !== id) throw new Error(`${file}: front matter id ${String(meta.id)} does not match the file name`);
  if (typeof meta.version !== 'number') throw new Error(`${file}: version must be an integer`);
  if (!(ROLES as readonly unknown[]).includes(meta.role)) throw new Error(`${file}: unknown role ${String(meta.role)}`);
  if (!Array.isArray(meta.inputs)) throw new Error(`${file}: inputs must be a list`);
  if (typeof meta.output !== 'string') throw new Error(`${file}: output must name a schema file`);
  const parts = /<!--\s*system\s*-->([\s\S]*?)<!--\s*user\s*-->([\s\S]*)$/.exec(body);
  if (!parts) throw new Error(`${file}: the body needs a <!-- system --> part followed by a <!-- user --> part`);
  const schema = JSON.parse(readBoundedText(join(dir, meta.output), READ_LIMITS.llmInput)) as Record<string, unknown>;
  return {
    id,
    version: meta.version,
    role: meta.role as Role,
    inputs: meta.inputs as string[],
    output: meta.output,
    schema,
    validate: new Ajv({ allErrors: true, strict: false }).compile(schema),
    system: parts[1]!.trim(),
    user: parts[2]!.trim(),
    bodyHash: sha256(text),
  };
}

/**
 * Fills a template: `{{#x}}…{{/x}}` kept when x is truthy, `{{^x}}…{{/x}}` when falsy, then `{{x}}`
 * replaced in one pass (inserted text is never re-read as template). An unknown name is an error.
 */
export function renderTemplate(template: string, values: Record<string, TemplateValue>): string {
  const sections = template.replace(/\{\{([#^])(\w+)\}\}([\s\S]*?)\{\{\/\2\}\}/g, (_, mode: string, name: string, inner: string) => {
    if (!(name in values)) throw new Error(`template section {{${mode}${name}}} has no value`);
    const on = Boolean(values[name]);
    return (mode === '#') === on ? inner : '';
  });
  return sections.replace(/\n{3,}/g, '\n\n').replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`template variable {{${name}}} has no value`);
    return String(values[name] ?? '');
  });
}

/**
 * The marker that fences the untrusted text of one prompt: a hash of everything the prompt shows, so
 * no shown text can contain it (it would have to contain its own hash), and rendering the same inputs
 * again gives the same prompt, which keeps the answer cache working.
 */
export function fenceFor(inputs: Record<string, TemplateValue>): string {
  const entries = Object.entries(inputs).sort(([a], [b]) => (a < b ? -1 : 1));
  return `DATA-${sha256(JSON.stringify(entries)).slice(0, 20)}`;
}

/**
 * The system and user messages of a rubric for these inputs (every declared input must be given);
 * `{{fence}}` is the prompt's own fence (see fenceFor).
 */
export function renderRubric(rubric: Rubric, inputs: Record<string, TemplateValue>): { system: string; user: string } {
  const missing = rubric.inputs.filter((name) => !(name in inputs));
  if (missing.length > 0) throw new Error(`rubric ${rubric.id}: missing inputs ${missing.join(', ')}`);
  const fence = fenceFor(inputs);
  const values = { ...inputs, fence };
  return { system: renderTemplate(rubric.system, values), user: renderTemplate(rubric.user, values) };
}

/**
 * Public labelled sets read as gold pairs, when the user has their files (JSON array or JSON Lines,
 * one record a line; Parquet distributions are exported to JSON Lines first). ProofNetVerif's fields
 * are read as published (`id`, `nl_statement`, `lean4_prediction`, `correct`); for another set the
 * user names the fields (`--map informal=…,lean=…,label=…,id=…`). A binary label maps to Faithful
 * (correct) or Different (not): read the grouped figures.
 */
import { InputError } from '../core/errors.js';
import { READ_LIMITS, RefusedFile, readBoundedText } from '../core/repo-file.js';
import type { GoldPair } from './gold.js';

export const IMPORT_FORMATS = ['proofnetverif', 'jsonl'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** Which record field holds each part of a pair. */
export interface FieldMap {
  id?: string;
  informal: string;
  lean: string;
  label: string;
}

const PRESETS: Record<Exclude<ImportFormat, 'jsonl'>, FieldMap> = {
  proofnetverif: { id: 'id', informal: 'nl_statement', lean: 'lean4_prediction', label: 'correct' },
};

/** `informal=nl,lean=code,label=ok` as a field map; an InputError when a part is missing. */
export function parseFieldMap(text: string): FieldMap {
  const entries = Object.fromEntries(
    text
      .split(',')
      .map((kv) => kv.split('=').map((s) => s.trim()))
      .filter((kv) => kv.length === 2 && kv[0] && kv[1]),
  ) as Record<string, string>;
  for (const part of ['informal', 'lean', 'label'])
    if (!entries[part]) throw new InputError(`--map needs ${part}=<field> (given: ${text})`);
  return { informal: entries.informal!, lean: entries.lean!, label: entries.label!, ...(entries.id ? { id: entries.id } : {}) };
}

const TRUE_LABELS = new Set(['true', '1', 'yes', 'correct', 'faithful', 'consistent', 'right']);
const FALSE_LABELS = new Set(['false', '0', 'no', 'incorrect', 'wrong', 'different', 'inconsistent', 'unfaithful']);

function verdictOf(value: unknown, where: string): 'Faithful' | 'Different' {
  const text = String(value).trim().toLowerCase();
  if (TRUE_LABELS.has(text)) return 'Faithful';
  if (FALSE_LABELS.has(text)) return 'Different';
  throw new InputError(`${where}: label ${JSON.stringify(value)} is neither a true nor a false label`);
}

function records(file: string): unknown[] {
  let text: string;
  try {
    text = readBoundedText(file, READ_LIMITS.llmInput);
  } catch (e) {
    throw new InputError(e instanceof RefusedFile ? e.message : `cannot read ${file}: ${(e as Error).message}`);
  }
  const trimmed = text.trim();
  try {
    if (trimmed.startsWith('[')) return JSON.parse(trimmed) as unknown[];
    return trimmed
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line) as unknown);
  } catch (e) {
    throw new InputError(`${file}: not JSON or JSON Lines: ${(e as Error).message}`);
  }
}

/** The pairs of a labelled file in `format` (for `jsonl`, with the fields `map` names). */
export function importLabelled(file: string, format: ImportFormat, map?: FieldMap): GoldPair[] {
  const fields = format === 'jsonl' ? map : PRESETS[format];
  if (!fields) throw new InputError('--format jsonl needs --map informal=<field>,lean=<field>,label=<field>');
  return records(file).map((raw, i) => {
    const where = `${file}#${i}`;
    if (typeof raw !== 'object' || raw === null) throw new InputError(`${where}: a record must be an object`);
    const r = raw as Record<string, unknown>;
    for (const part of [fields.informal, fields.lean])
      if (typeof r[part] !== 'string' || !(r[part] as string).trim())
        throw new InputError(`${where}: "${part}" must be a non-empty string`);
    const id = fields.id && r[fields.id] !== undefined ? `${String(r[fields.id])}#${i}` : `${format}-${i}`;
    return {
      id,
      pattern: format,
      expected: verdictOf(r[fields.label], where),
      kind: 'theorem',
      name: id,
      informal: r[fields.informal] as string,
      lean: [r[fields.lean] as string],
      source: where,
    };
  });
}

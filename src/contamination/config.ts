/** The `contamination` configuration section: defaults, validation and the reproducibility hash. */

import { REPO_PATH } from '../core/config-schema.js';
import { InputError } from '../core/errors.js';
import { contentHash } from '../core/json.js';
import type { JsonSchema } from '../core/types.js';
import { DEFAULT_READ_LIMITS, type ReadLimits } from './input.js';
import { NORMALIZER_VERSION } from './normalize.js';
import { NOTATION_VERSION } from './notation.js';

export type Verdict = 'clean' | 'suspicious' | 'dirty';
export type ChannelId = 'exact' | 'ngram' | 'lean' | 'name';
export const CHANNELS: readonly ChannelId[] = ['exact', 'ngram', 'lean', 'name'];

/** Which fields of a JSON record hold what. */
export interface FieldMapping {
  id?: string;
  informal?: string;
  formal?: string;
}

/** Field layouts of common benchmark releases, by the fields they use. */
export const PRESETS: Record<string, Required<FieldMapping>> = {
  'name-informal_stmt': { id: 'name', informal: 'informal_stmt', formal: 'formal_statement' },
  'id-informal_statement': { id: 'id', informal: 'informal_statement', formal: 'formal_statement' },
  'id-NL_English': { id: 'id', informal: 'NL_English', formal: 'formal_statement' },
};

/** One benchmark input: a JSONL/JSON file or a directory of `.lean` files. */
export interface BenchSpec {
  path: string;
  preset?: string;
  fields?: FieldMapping;
}

/** Everything that decides a verdict; hashed into `configHash`. */
export interface ScanSettings {
  normalizerVersion: number;
  notationVersion: number;
  window: number;
  thresholds: { suspicious: number; dirty: number };
  ngram: { hit: number; coverage: number };
  /**
   * Token n-gram length; in how many benchmark items an n-gram must appear to count as boilerplate;
   * how many tokens of an item's hypotheses a match below the dirty threshold that shares no conclusion must cover to count (0: every match counts).
   */
  lean: { n: number; commonIn: number; hypothesisTokens: number };
  nameMinLength: number;
  channels: ChannelId[];
  /** Size limits of the reader, in bytes: what is over them is reported and skipped. */
  limits: ReadLimits;
}

/** The whole section as the user writes it (all optional). */
export interface ContaminationConfig {
  bench?: (string | BenchSpec)[];
  corpus?: string[];
  /** Record fields of JSON corpora that hold text (default: every string field). */
  corpusFields?: string[];
  window?: number;
  thresholds?: { suspicious?: number; dirty?: number };
  ngram?: { hit?: number; coverage?: number };
  lean?: { n?: number; commonIn?: number; hypothesisTokens?: number };
  nameMinLength?: number;
  channels?: ChannelId[];
  /** Worker threads; 0 scans on the main thread. Default: one per core, at most 2. */
  threads?: number;
  /** Reader limits in MB (2^20 bytes): a JSONL line, JSON record or whole `.lean` benchmark file; what one gzip file may decompress to; a text chunk. */
  limits?: { recordMb?: number; decompressedMb?: number; chunkMb?: number };
}

const MB = 2 ** 20;
const ratio01 = { type: 'number', minimum: 0, maximum: 1 };
const words = { type: 'integer', minimum: 1, maximum: 63 };

/** One benchmark input as the configuration names it: a path, or `{path, preset?, fields?}`. */
export const BENCH_INPUT_SCHEMA: JsonSchema = {
  anyOf: [
    { ...REPO_PATH },
    {
      type: 'object',
      additionalProperties: false,
      required: ['path'],
      properties: {
        path: { ...REPO_PATH },
        preset: { enum: ['auto', ...Object.keys(PRESETS)] },
        fields: {
          type: 'object',
          additionalProperties: false,
          properties: { id: { type: 'string' }, informal: { type: 'string' }, formal: { type: 'string' } },
        },
        header: { type: 'string', description: 'header (imports, options, opens) for its JSONL/JSON statements (statement-compiles)' },
      },
    },
  ],
};

/** The schema of the `contamination` section (schemas/config.schema.json); `resolveSettings` checks what it cannot say. */
export const CONTAMINATION_CONFIG_SCHEMA: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  description: 'benchmark contamination scan (docs/contamination.md)',
  properties: {
    bench: { type: 'array', items: BENCH_INPUT_SCHEMA, description: 'benchmark files or folders, relative to the repository' },
    corpus: { type: 'array', items: { ...REPO_PATH }, description: 'corpus files or folders, relative to the repository' },
    corpusFields: { type: 'array', items: { type: 'string' } },
    window: { type: 'integer', minimum: 1 },
    thresholds: { type: 'object', additionalProperties: false, properties: { suspicious: ratio01, dirty: ratio01 } },
    ngram: { type: 'object', additionalProperties: false, properties: { hit: words, coverage: words } },
    lean: {
      type: 'object',
      additionalProperties: false,
      properties: {
        n: { type: 'integer', minimum: 1 },
        commonIn: { type: 'integer', minimum: 1 },
        hypothesisTokens: {
          type: 'integer',
          minimum: 0,
          description:
            "tokens of an item's hypotheses a Lean match below the dirty threshold that shares no conclusion must cover to count (16; 0: every match counts)",
        },
      },
    },
    nameMinLength: { type: 'integer', minimum: 1 },
    channels: { type: 'array', items: { enum: [...CHANNELS] } },
    threads: { type: 'integer', minimum: 0, repoMax: 2, description: 'worker threads; 0 scans on the main thread' },
    limits: {
      type: 'object',
      additionalProperties: false,
      description: 'reader limits in MiB: what is over them is reported and skipped',
      properties: {
        recordMb: {
          type: 'integer',
          minimum: 1,
          repoMax: 32,
          description: 'largest JSONL line, JSON record or benchmark .lean file read (32)',
        },
        decompressedMb: { type: 'integer', minimum: 1, repoMax: 4096, description: 'most bytes one gzip file is decompressed to (4096)' },
        chunkMb: { type: 'integer', minimum: 1, repoMax: 8, description: 'text is scanned in chunks of at most this size (8)' },
      },
    },
  },
};

export const DEFAULT_SETTINGS: ScanSettings = {
  normalizerVersion: NORMALIZER_VERSION,
  notationVersion: NOTATION_VERSION,
  window: 50,
  thresholds: { suspicious: 0.2, dirty: 0.8 },
  ngram: { hit: 13, coverage: 8 },
  lean: { n: 8, commonIn: 3, hypothesisTokens: 16 },
  nameMinLength: 5,
  channels: [...CHANNELS],
  limits: DEFAULT_READ_LIMITS,
};

function fail(what: string): never {
  throw new InputError(`contamination config: ${what}`);
}

function posInt(v: unknown, name: string, fallback: number): number {
  if (v === undefined) return fallback;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) fail(`${name} must be a positive integer`);
  return v;
}

function count(v: unknown, name: string, fallback: number): number {
  if (v === undefined) return fallback;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) fail(`${name} must be a non-negative integer`);
  return v;
}

function upTo63(v: number, name: string): number {
  if (v > 63) fail(`${name} must be at most 63 words`);
  return v;
}

function ratio(v: unknown, name: string, fallback: number): number {
  if (v === undefined) return fallback;
  if (typeof v !== 'number' || !(v >= 0 && v <= 1)) fail(`${name} must be a number between 0 and 1`);
  return v;
}

/** Validates the section and fills in the defaults. */
export function resolveSettings(cfg: ContaminationConfig = {}): ScanSettings {
  if (typeof cfg !== 'object' || cfg === null || Array.isArray(cfg)) fail('the section must be an object');
  const suspicious = ratio(cfg.thresholds?.suspicious, 'thresholds.suspicious', DEFAULT_SETTINGS.thresholds.suspicious);
  const dirty = ratio(cfg.thresholds?.dirty, 'thresholds.dirty', DEFAULT_SETTINGS.thresholds.dirty);
  if (suspicious > dirty) fail('thresholds.suspicious must not exceed thresholds.dirty');
  const channels = cfg.channels ?? [...CHANNELS];
  if (!Array.isArray(channels) || channels.some((c) => !CHANNELS.includes(c))) {
    fail(`channels must be a list of ${CHANNELS.join(', ')}`);
  }
  return {
    normalizerVersion: NORMALIZER_VERSION,
    notationVersion: NOTATION_VERSION,
    window: posInt(cfg.window, 'window', DEFAULT_SETTINGS.window),
    thresholds: { suspicious, dirty },
    ngram: {
      hit: upTo63(posInt(cfg.ngram?.hit, 'ngram.hit', DEFAULT_SETTINGS.ngram.hit), 'ngram.hit'),
      coverage: upTo63(posInt(cfg.ngram?.coverage, 'ngram.coverage', DEFAULT_SETTINGS.ngram.coverage), 'ngram.coverage'),
    },
    lean: {
      n: posInt(cfg.lean?.n, 'lean.n', DEFAULT_SETTINGS.lean.n),
      commonIn: posInt(cfg.lean?.commonIn, 'lean.commonIn', DEFAULT_SETTINGS.lean.commonIn),
      hypothesisTokens: count(cfg.lean?.hypothesisTokens, 'lean.hypothesisTokens', DEFAULT_SETTINGS.lean.hypothesisTokens),
    },
    nameMinLength: posInt(cfg.nameMinLength, 'nameMinLength', DEFAULT_SETTINGS.nameMinLength),
    channels: CHANNELS.filter((c) => channels.includes(c)),
    limits: {
      recordBytes: posInt(cfg.limits?.recordMb, 'limits.recordMb', DEFAULT_SETTINGS.limits.recordBytes / MB) * MB,
      decompressedBytes: posInt(cfg.limits?.decompressedMb, 'limits.decompressedMb', DEFAULT_SETTINGS.limits.decompressedBytes / MB) * MB,
      chunkBytes: posInt(cfg.limits?.chunkMb, 'limits.chunkMb', DEFAULT_SETTINGS.limits.chunkBytes / MB) * MB,
    },
  };
}

/** The verdict of a score under the thresholds. */
export function verdictOf(score: number, t: ScanSettings['thresholds']): Verdict {
  if (score >= t.dirty) return 'dirty';
  if (score >= t.suspicious) return 'suspicious';
  return 'clean';
}

/** sha256 (first 16 hex digits) of the settings in canonical key order. */
export function settingsHash(s: ScanSettings): string {
  return contentHash(s);
}

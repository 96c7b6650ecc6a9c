/** The calibration gold set: hand-written NL/Lean pairs with the verdict a correct judge gives. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../core/errors.js';
import { type JudgeInput, truncateMarked } from './protocols.js';
import { VERDICTS, type Verdict } from './verdict.js';

export interface GoldPair {
  id: string;
  pattern: string;
  expected: Verdict;
  kind: string;
  name: string;
  informal: string;
  context?: string;
  lean: string[];
  variables?: string[];
  auxiliary?: string[];
  note?: string;
  /** `file#index`, for messages. */
  source: string;
}

const DECL_NAME = /\b(?:theorem|lemma|def|abbrev|instance|structure|class|inductive|axiom|opaque)\s+([^\s({[:]+)/;
const STRING_FIELDS = ['id', 'pattern', 'kind', 'name', 'informal'] as const;

function checkPair(raw: unknown, source: string): GoldPair {
  const bad = (what: string): never => {
    throw new InputError(`${source}: ${what}`);
  };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) bad('a pair must be an object');
  const p = raw as Record<string, unknown>;
  for (const f of STRING_FIELDS) if (typeof p[f] !== 'string' || !(p[f] as string).trim()) bad(`"${f}" must be a non-empty string`);
  if (!(VERDICTS as readonly unknown[]).includes(p.expected)) bad(`"expected" must be one of ${VERDICTS.join(', ')}`);
  for (const f of ['lean', 'variables', 'auxiliary']) {
    if (p[f] !== undefined && (!Array.isArray(p[f]) || (p[f] as unknown[]).some((s) => typeof s !== 'string')))
      bad(`"${f}" must be an array of strings`);
  }
  if (!Array.isArray(p.lean) || p.lean.length === 0) bad('"lean" must list at least one declaration');
  if (p.context !== undefined && typeof p.context !== 'string') bad('"context" must be a string');
  return { ...(p as unknown as GoldPair), source };
}

/** Every pair in the `*.json` files of `dir`; a malformed file or pair is an InputError naming it. */
export function loadGold(dir: string): GoldPair[] {
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort();
  } catch {
    throw new InputError(`gold set not found: ${dir}`);
  }
  if (files.length === 0) throw new InputError(`no *.json gold files in ${dir}`);
  const pairs: GoldPair[] = [];
  const seen = new Set<string>();
  for (const file of files) {
    const path = join(dir, file);
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(path, 'utf8'));
    } catch (e) {
      throw new InputError(`${path}: invalid JSON: ${(e as Error).message}`);
    }
    if (!Array.isArray(parsed)) throw new InputError(`${path}: must be an array of pairs`);
    parsed.forEach((raw, i) => {
      const pair = checkPair(raw, `${path}#${i}`);
      if (seen.has(pair.id)) throw new InputError(`${pair.source}: duplicate id ${pair.id}`);
      seen.add(pair.id);
      pairs.push(pair);
    });
  }
  return pairs;
}

/** What the judges are shown for a gold pair. */
export function goldInput(pair: GoldPair, contextChars: number): JudgeInput {
  return {
    kind: pair.kind,
    name: pair.name,
    leanName: pair.lean
      .map((d) => DECL_NAME.exec(d)?.[1] ?? '')
      .filter(Boolean)
      .join(', '),
    informal: pair.informal,
    formal: pair.lean.join('\n\n'),
    variables: (pair.variables ?? []).join('\n'),
    auxiliary: (pair.auxiliary ?? []).join('\n\n'),
    context: pair.context ? truncateMarked(pair.context, contextChars) : '',
    caseSplit: pair.lean.length > 1,
  };
}

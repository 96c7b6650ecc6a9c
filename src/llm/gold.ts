/** The calibration gold set: hand-written NL/Lean pairs with the verdict a correct judge gives. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../core/errors.js';
import { READ_LIMITS, RefusedFile, readBoundedText } from '../core/repo-file.js';
import { centredContext, compileStatusText, expandMacros, macroList, trapsText, withoutComments } from './entity-input.js';
import type { JudgeInput } from './protocols.js';
import { VERDICTS, type Verdict } from './verdict.js';

export interface GoldPair {
  id: string;
  pattern: string;
  expected: Verdict;
  kind: string;
  name: string;
  informal: string;
  context?: string;
  /** Text after the statement in the book. */
  contextAfter?: string;
  /** The book's own macros: name (without backslash) → definition (`#1`… for arguments). */
  macros?: Record<string, string>;
  lean: string[];
  /** Helper lemmas listed beside the statement, used in its proof: shown with it, the judge told they are used in its proof. */
  helpers?: string[];
  variables?: string[];
  auxiliary?: string[];
  /** Library constants with their signatures and docstrings, as grounding shows them. */
  grounding?: string[];
  /** Whether Lean accepts the statement; absent: unknown. */
  compiles?: boolean;
  /** Lean's error, for a statement that does not compile. */
  compileError?: string;
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
  for (const f of ['lean', 'variables', 'auxiliary', 'helpers', 'grounding']) {
    if (p[f] !== undefined && (!Array.isArray(p[f]) || (p[f] as unknown[]).some((s) => typeof s !== 'string')))
      bad(`"${f}" must be an array of strings`);
  }
  if (!Array.isArray(p.lean) || p.lean.length === 0) bad('"lean" must list at least one declaration');
  for (const f of ['context', 'contextAfter', 'compileError'])
    if (p[f] !== undefined && typeof p[f] !== 'string') bad(`"${f}" must be a string`);
  if (p.compiles !== undefined && typeof p.compiles !== 'boolean') bad('"compiles" must be true or false');
  if (p.compiles === false && typeof p.compileError !== 'string') bad('a pair that does not compile needs "compileError"');
  if (
    p.macros !== undefined &&
    (typeof p.macros !== 'object' || p.macros === null || Object.values(p.macros).some((v) => typeof v !== 'string'))
  )
    bad('"macros" must map macro names to definitions');
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
      parsed = JSON.parse(readBoundedText(path, READ_LIMITS.llmInput));
    } catch (e) {
      throw new InputError(e instanceof RefusedFile ? e.message : `${path}: invalid JSON: ${(e as Error).message}`);
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

/** What the judges are shown for a gold pair, rendered as for a project's entity. */
export function goldInput(pair: GoldPair, contextChars: number): JudgeInput {
  const macros = Object.entries(pair.macros ?? {}).map(([name, definition]) => ({
    name,
    definition,
    args: Math.max(0, ...[...definition.matchAll(/#(\d)/g)].map((m) => Number(m[1]))),
  }));
  return {
    kind: pair.kind,
    name: pair.name,
    leanName: pair.lean
      .map((d) => DECL_NAME.exec(d)?.[1] ?? '')
      .filter(Boolean)
      .join(', '),
    informal: expandMacros(pair.informal, macros),
    macros: macroList(macros),
    formal: [...pair.lean, ...(pair.helpers ?? [])].map(withoutComments).join('\n\n'),
    helpers: (pair.helpers ?? [])
      .map((h) => `${DECL_NAME.exec(h)?.[1] ?? h} is used in the proof of ${DECL_NAME.exec(pair.lean[0]!)?.[1] ?? 'the statement'}`)
      .join('\n'),
    variables: (pair.variables ?? []).join('\n'),
    auxiliary: (pair.auxiliary ?? []).map(withoutComments).join('\n\n'),
    grounding: (pair.grounding ?? []).join('\n\n'),
    context: centredContext(expandMacros(pair.context ?? '', macros), expandMacros(pair.contextAfter ?? '', macros), contextChars),
    caseSplit: pair.lean.length + (pair.helpers ?? []).length > 1,
    definition: pair.kind === 'definition',
    compileStatus:
      pair.compiles === undefined
        ? compileStatusText({ state: 'unknown', reason: 'not checked: the gold set is judged without Lean' })
        : compileStatusText(
            pair.compiles
              ? { state: 'compiles' }
              : { state: 'fails', messages: [{ declaration: pair.name, line: 1, column: 0, message: pair.compileError! }] },
          ),
    traps: trapsText(pair.lean.map(headerOfText)),
  };
}

/** The header of a declaration written out (`theorem t (x : ℕ) : x = x := …`): binders and type, without keyword, name or proof. */
function headerOfText(lean: string): string {
  const text = withoutComments(lean).replace(/^(?:@\[[^\]]*\]\s*)?(?:theorem|lemma|example)\s+(?:[^\s(:{[⦃]+\s*)?/, '');
  const end = text.indexOf(':=');
  return end < 0 ? text : text.slice(0, end);
}

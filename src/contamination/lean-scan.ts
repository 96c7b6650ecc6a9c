/** The Lean-aware side of the scanner: canonical statements of Lean source looked up by token n-gram. */

import type { ProjectCommand } from '../lean/syntax/commands.js';
import { gramKey, tableFind, wordHashes } from './hash.js';
import { type CanonTrace, isStatementCommand, leanStatements } from './lean-canon.js';
import { mostlyInConclusion } from './lean-evidence.js';
import type { ScanIndex } from './scan-index.js';

/** A corpus statement sharing at least one token n-gram with the benchmark. */
export interface LeanDeclHit {
  line: number;
  name: string;
  tokens: string[];
  trace: CanonTrace;
  /** Lean gram ids found, each once. */
  ids: number[];
  /** Those of `ids` found with more than half of their tokens in the statement's conclusion. */
  inConclusion: number[];
}

/** Token hashes of a canonical token sequence. */
export function tokenHashes(tokens: string[]): { h1: Int32Array; h2: Int32Array } {
  const h1 = new Int32Array(tokens.length);
  const h2 = new Int32Array(tokens.length);
  tokens.forEach((t, k) => {
    [h1[k], h2[k]] = wordHashes(t);
  });
  return { h1, h2 };
}

/** The n-gram lengths looked up in a statement of `count` tokens: n, or the whole statement when shorter items have that length. */
function lengthsFor(ix: ScanIndex, count: number): number[] {
  return ix.leanLengths.filter((l) => l === count || (l === ix.leanN && l <= count));
}

/** The words that open a statement, those of the corpus's own declaration commands included; one pattern per command set. */
const wordPatterns = new Map<string, { anywhere: RegExp; lineStart: RegExp }>();
function statementWords(commands: ProjectCommand[]): { anywhere: RegExp; lineStart: RegExp } {
  const words = ['theorem', 'lemma', 'example', ...commands.filter(isStatementCommand).map((c) => c.word)].join('|');
  let patterns = wordPatterns.get(words);
  if (patterns === undefined) {
    patterns = { anywhere: new RegExp(`\\b(?:${words})\\b`), lineStart: new RegExp(`^[ \\t]*(?:${words})\\b`, 'm') };
    wordPatterns.set(words, patterns);
  }
  return patterns;
}

/**
 * Whether `text` may hold a Lean statement: a statement word, and a `:=` or that word opening a line.
 * Prose ("the lemma follows") has the word but neither: parsed as Lean it yields only noise, at a
 * cost paid once per record of a corpus.
 */
export function mayHoldStatement(text: string, commands: ProjectCommand[] = []): boolean {
  const { anywhere, lineStart } = statementWords(commands);
  return anywhere.test(text) && (text.includes(':=') || lineStart.test(text));
}

/**
 * Theorem-like statements of `text` that share token n-grams with the benchmark; lines offset by
 * `firstLine - 1`; `commands` are the declaration commands the text's project defines.
 */
export function leanHits(ix: ScanIndex, text: string, firstLine = 1, commands: ProjectCommand[] = []): LeanDeclHit[] {
  if (ix.leanCount === 0 || !mayHoldStatement(text, commands)) return [];
  const hits: LeanDeclHit[] = [];
  for (const s of leanStatements(text, '<input>', commands).statements) {
    const { h1, h2 } = tokenHashes(s.tokens);
    const ids = new Set<number>();
    const inConclusion = new Set<number>();
    for (const len of lengthsFor(ix, s.tokens.length)) {
      for (let k = 0; k + len <= s.tokens.length; k++) {
        const [a, b] = gramKey(h1, h2, k, len);
        const id = tableFind(ix.leanTable, a, b);
        if (id < 0) continue;
        ids.add(id);
        if (mostlyInConclusion(k, len, s.shape.conclusion)) inConclusion.add(id);
      }
    }
    if (ids.size > 0) {
      hits.push({
        line: s.line + firstLine - 1,
        name: s.name,
        tokens: s.tokens,
        trace: s.trace,
        ids: [...ids],
        inConclusion: [...inConclusion],
      });
    }
  }
  return hits;
}

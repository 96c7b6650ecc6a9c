/**
 * What the judges are shown for each gold pair, built by the code that builds an audit's prompts:
 * the pair's Lean is written into a small Lean project of its own (its definitions, a `variable`
 * command with its binders, its declarations with `sorry` for proofs, the main one's proof naming the
 * helper lemmas), read by the source model, paired like a blueprint entity and rendered by
 * judgeInputOf. The variable-inclusion rule, notation, definitions budget and tactic-proof removal
 * thus reach calibration as they reach an audit.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pairEntities } from '../../extractors/pairing.js';
import type { CompileStatus } from '../core/types.js';
import { loadProject, sourceByPath } from '../lean/project.js';
import { notationDefinitions } from '../lean/resolve/notations.js';
import { compileStatusText, expandMacros, judgeInputOf, withoutComments } from '../llm/entity-input.js';
import { type GoldPair, goldInput } from '../llm/gold.js';
import type { JudgeInput } from '../llm/protocols.js';
import type { LatexMacro } from '../model/entity.js';

const DECL =
  /^\s*(?:@\[[^\]]*\]\s*)?(?:noncomputable\s+|private\s+|protected\s+)*(theorem|lemma|def|abbrev|instance|structure|class|inductive|axiom|opaque|example)\s+([^\s({[:]+)?/;
const PROOF_KINDS = new Set(['theorem', 'lemma', 'example']);

/** A declaration of the pair as a Lean file holds it: a theorem without a proof gets `sorry` (or a proof naming `uses`). */
function asSource(lean: string, uses: string[]): string {
  const text = withoutComments(lean);
  const kind = DECL.exec(text)?.[1] ?? '';
  if (!PROOF_KINDS.has(kind) || /:=/.test(text)) return text;
  const proof = uses.length > 0 ? `by\n${uses.map((u) => `  have := @${u}`).join('\n')}\n  sorry` : 'sorry';
  return `${text} := ${proof}`;
}

function fileOf(pair: GoldPair): string {
  const helperNames = (pair.helpers ?? []).flatMap((h) => DECL.exec(h)?.[2] ?? []);
  const parts = [
    ...(pair.auxiliary ?? []).map((a) => asSource(a, [])),
    ...(pair.variables && pair.variables.length > 0 ? [`variable ${pair.variables.join(' ')}`] : []),
    ...(pair.helpers ?? []).map((h) => asSource(h, [])),
    ...pair.lean.map((l, i) => asSource(l, i === 0 ? helperNames : [])),
  ];
  return `${parts.join('\n\n')}\n`;
}

function macrosOf(pair: GoldPair): LatexMacro[] {
  return Object.entries(pair.macros ?? {}).map(([name, definition]) => ({
    name,
    definition,
    args: Math.max(0, ...[...definition.matchAll(/#(\d)/g)].map((m) => Number(m[1]))),
  }));
}

function statusOf(pair: GoldPair): CompileStatus | undefined {
  if (pair.compiles === undefined) return undefined;
  return pair.compiles
    ? { state: 'compiles' }
    : { state: 'fails', messages: [{ declaration: pair.name, line: 1, column: 0, message: pair.compileError! }] };
}

/**
 * The judge input of every pair, built through a Lean project of its own; a pair the source model
 * cannot pair (no declaration name read) falls back to goldInput's direct rendering, and is counted.
 */
export async function goldInputs(pairs: GoldPair[], contextChars: number): Promise<{ inputs: JudgeInput[]; rendered: number }> {
  const root = mkdtempSync(join(tmpdir(), 'leanaudit-gold-'));
  let rendered = 0;
  try {
    const inputs: JudgeInput[] = [];
    for (const [i, pair] of pairs.entries()) {
      const dir = join(root, String(i));
      mkdirSync(join(dir, 'Gold'), { recursive: true });
      writeFileSync(join(dir, 'Gold', 'Pair.lean'), fileOf(pair));
      const project = await loadProject(dir);
      const source = sourceByPath(project);
      const leanNames = [...pair.lean, ...(pair.helpers ?? [])].flatMap((l) => DECL.exec(withoutComments(l))?.[2] ?? []);
      const [entity] = pairEntities(
        [
          {
            id: pair.name,
            kind: pair.kind,
            statement: pair.informal,
            ...(pair.context ? { context: pair.context } : {}),
            ...(pair.contextAfter ? { contextAfter: pair.contextAfter } : {}),
            macros: macrosOf(pair),
            leanNames,
            uses: [],
            flags: {},
            location: { file: pair.source, line: 1 },
            origin: 'gold',
          },
        ],
        project,
      );
      if (!entity || entity.decls.length === 0) {
        rendered += 1;
        inputs.push(goldInput(pair, contextChars));
        continue;
      }
      const status = statusOf(pair);
      const input = judgeInputOf(
        entity,
        { contextChars, auxiliaryChars: Number.POSITIVE_INFINITY, groundingChars: 0 },
        { project, source, notations: notationDefinitions(project, source), ...(status ? { compile: status } : {}) },
      );
      inputs.push({
        ...input,
        name: pair.name,
        informal: expandMacros(pair.informal, macrosOf(pair)),
        // Library constants are written out by the pair, verbatim from Mathlib, as grounding shows them.
        grounding: (pair.grounding ?? []).join('\n\n'),
        compileStatus: status ? input.compileStatus : compileStatusText(undefined),
      });
    }
    return { inputs, rendered };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

import { rmSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as crossfileReuse from '../../src/auditors/crossfile-reuse/index.js';
import type { PairedEntity } from '../../src/model/entity.js';
import { runCase, testAuditor, writeCaseProject } from '../helpers/auditor-tester.js';
import { reply, type ScriptedServer, startOpenAIServer, userText } from '../helpers/openai-server.js';

const saved = { ...process.env };
beforeAll(() => {
  for (const k of ['OPENAI_BASE_URL', 'OPENAI_API_KEY', 'LEANAUDIT_MODEL']) delete process.env[k];
  process.env.LEANAUDIT_OLLAMA_URL = 'http://127.0.0.1:9/v1';
});
afterEach(() => {
  process.env = { ...saved, LEANAUDIT_OLLAMA_URL: 'http://127.0.0.1:9/v1' };
});

/** An entity of a blueprint in `file`, paired with the declarations `decls` (name, line, kind if not a theorem, file if not Test/Main.lean). */
function paired(
  id: string,
  kind: string,
  statement: string,
  decls: [string, number, string?, string?][],
  extra: Partial<PairedEntity> = {},
  file = 'web.tex',
): PairedEntity {
  return {
    id,
    kind,
    statement,
    leanNames: decls.map(([name]) => name),
    uses: [],
    flags: {},
    location: { file: `blueprint/src/${file}`, line: 1 },
    origin: 'blueprint',
    decls: decls.map(([fullName, line, declKind, leanFile]) => ({
      leanName: fullName,
      fullName,
      kind: declKind ?? 'theorem',
      header: ': True',
      variables: [],
      location: { file: leanFile ?? 'Test/Main.lean', line },
      hasSorry: false,
    })),
    unresolved: [],
    ...extra,
  };
}

const CODE = [
  'theorem base : True := trivial',
  'theorem via : True := base',
  'theorem uses_base : True := via',
  'theorem alone : True := trivial',
  'def size (n : Nat) : Nat := n',
  'notation "‖" n "‖ₛ" => size n',
  'theorem by_notation (n : Nat) : ‖n‖ₛ = n := rfl',
  'theorem size_def (n : Nat) : size n = n := rfl',
  'theorem uses_size (n : Nat) : size (n + 1) = n + 1 := rfl',
  'instance : Inhabited Nat := ⟨0⟩',
  'theorem Pair.first (b : Nat) : True := trivial',
  'theorem Pair.user (p : Nat × Nat) : True := by',
  '  obtain ⟨b, _⟩ := p',
  '  exact b.first',
  '',
].join('\n');

testAuditor(crossfileReuse, {
  valid: [
    {
      name: 'a dependency the Lean code follows (through another declaration, a notation, field notation, the notion a definition lemma states), or on instances only, is not reported',
      code: CODE,
      entities: [
        paired('lem:base', 'lemma', 'Base.', [['base', 1]]),
        paired('thm:uses', 'theorem', 'Uses it.', [['uses_base', 3]], { uses: ['lem:base'] }),
        paired('def:size', 'definition', 'The size.', [['size', 5]]),
        paired('thm:norm', 'theorem', 'By \\cref{def:size}.', [['by_notation', 7]]),
        paired('def:size-eq', 'definition', 'The size, by its equation.', [['size_def', 8]]),
        paired('thm:size', 'theorem', 'Sizes.', [['uses_size', 9]], { uses: ['def:size-eq'] }),
        paired('inst:inhabited', 'definition', 'Nat is inhabited.', [['instInhabitedNat', 10, 'instance']]),
        paired('thm:default', 'theorem', 'Uses a default.', [['alone', 4]], { uses: ['inst:inhabited'] }),
        paired('lem:first', 'lemma', 'The first.', [['Pair.first', 11]]),
        paired('thm:user', 'theorem', 'Uses it.', [['Pair.user', 12]], { uses: ['lem:first'] }),
      ],
    },
    {
      name: 'a lemma used by field notation on a chain of fields or on a bracket, also through another declaration, or through a variant of it (Kernel.chain_rule for chain_rule), is followed',
      code: [
        'theorem Pair.swap_ok (b : Nat) : True := trivial',
        'theorem chain_user (h : Nat → Nat × Nat) : True := (h 0).2.1.swap_ok',
        'theorem paren_user (h : Nat → Nat) : True := (h 0).swap_ok',
        'theorem via_user : True := paren_user id',
        'theorem Kernel.chain_rule : True := trivial',
        'theorem chain_rule : True := Kernel.chain_rule',
        'theorem cond_chain_rule : True := Kernel.chain_rule',
        '',
      ].join('\n'),
      entities: [
        paired('lem:swap', 'lemma', 'Swap.', [['Pair.swap_ok', 1]]),
        paired('thm:chain', 'theorem', 'Uses it.', [['chain_user', 2]], { uses: ['lem:swap'] }),
        paired('thm:paren', 'theorem', 'Uses it too.', [['paren_user', 3]], { uses: ['lem:swap'] }),
        paired('thm:via', 'theorem', 'Through another.', [['via_user', 4]], { uses: ['lem:swap'] }),
        paired('lem:chain', 'lemma', 'Chain rule.', [['chain_rule', 6]]),
        paired('thm:cond', 'theorem', 'Conditional chain rule.', [['cond_chain_rule', 7]], { uses: ['lem:chain'] }),
      ],
    },
  ],
  invalid: [
    {
      name: 'a \\uses or a citation the Lean code never follows is reported at the dependent entity',
      code: CODE,
      entities: [
        paired('lem:base', 'lemma', 'Base.', [['base', 1]], {}, 'one.tex'),
        paired('thm:alone', 'theorem', 'Proof by Lemma~\\ref{lem:base}.', [['alone', 4]], { uses: ['lem:base'] }, 'two.tex'),
        paired('thm:nolean', 'theorem', 'No Lean.', [], { uses: ['lem:base'] }),
      ],
      findings: [
        {
          messageId: 'unreflected',
          entityId: 'thm:alone',
          file: 'blueprint/src/two.tex',
          line: 1,
          message:
            'thm:alone depends on lem:base (\\uses), but its Lean (alone) never refers to base, directly or through other project declarations',
        },
      ],
    },
    {
      name: 'a dependency of an entity whose every declaration has a `sorry` in its proof is information: it cannot show before the proof is written',
      code: CODE,
      entities: [
        paired('lem:base', 'lemma', 'Base.', [['base', 1]]),
        paired('ex:open', 'exercise', 'Left to the reader, by Lemma~\\ref{lem:base}.', [['alone', 4]]),
        paired(
          'thm:half',
          'theorem',
          'By Lemma~\\ref{lem:base}.',
          [
            ['alone', 4],
            ['size_def', 8],
          ],
          { uses: ['lem:base'] },
        ),
      ].map((entity) =>
        entity.id === 'ex:open' || entity.id === 'thm:half'
          ? { ...entity, decls: entity.decls.map((d) => ({ ...d, hasSorry: d.fullName === 'alone' })) }
          : entity,
      ),
      findings: [
        { messageId: 'unreflected', severity: 'info', entityId: 'thm:half' },
        {
          messageId: 'unreflected-unproved',
          severity: 'info',
          entityId: 'ex:open',
          message:
            'ex:open depends on lem:base (cites it in its statement: \\ref{lem:base}); its Lean (alone) does not refer to base, but its proof is not written yet (`sorry`): the dependency cannot show until it is',
        },
      ],
      metrics: { unreflected: 1, unreflectedUnproved: 1, checked: 2 },
    },
    {
      name: 'a dependency the Lean cannot reach is information naming why: declared later in the file, or in a file not imported',
      code: CODE,
      files: { 'Test/Other.lean': 'theorem other_lemma : True := trivial\n' },
      entities: [
        paired('lem:other', 'lemma', 'Other.', [['other_lemma', 1, 'theorem', 'Test/Other.lean']]),
        paired('thm:far', 'theorem', 'By \\cref{lem:other}.', [['alone', 4]]),
        paired('def:size', 'definition', 'The size.', [['size', 5]]),
        paired('thm:early', 'theorem', 'Early.', [['base', 1]], { uses: ['def:size'] }),
      ],
      findings: [
        {
          messageId: 'unreachable',
          severity: 'info',
          entityId: 'thm:early',
          message: 'thm:early depends on def:size (\\uses), but its Lean (base) cannot refer to size: declared later in Test/Main.lean',
        },
        {
          messageId: 'unreachable',
          severity: 'info',
          entityId: 'thm:far',
          message:
            'thm:far depends on lem:other (cites it in its statement: \\cref{lem:other}), but its Lean (alone) cannot refer to other_lemma: Test/Other.lean is not imported by Test/Main.lean, directly or not',
        },
      ],
      metrics: { unreachable: 2, unreflected: 0 },
    },
    {
      name: 'a lemma a field of an instance uses, where a statement the dependent relies on needs its class, is reached through the instance',
      code: [
        'class Good (α : Type) : Prop where',
        '  ok : True',
        'theorem good_lemma : True := trivial',
        'instance : Good Nat := ⟨good_lemma⟩',
        'theorem needs_good [Good Nat] : True := trivial',
        'theorem main_result : True := needs_good',
        'theorem no_class : True := trivial',
        '',
      ].join('\n'),
      entities: [
        paired('lem:good', 'lemma', 'Good.', [['good_lemma', 3]]),
        paired('thm:main', 'theorem', 'Main.', [['main_result', 6]], { uses: ['lem:good'] }),
        paired('thm:plain', 'theorem', 'Plain.', [['no_class', 7]], { uses: ['lem:good'] }),
      ],
      findings: [
        {
          messageId: 'through-instance',
          severity: 'info',
          entityId: 'thm:main',
          message:
            /^thm:main depends on lem:good \(\\uses\); its Lean \(main_result\) uses good_lemma through the instance .+ of Good, which Lean supplies/,
        },
        { messageId: 'unreflected', severity: 'info', entityId: 'thm:plain' },
      ],
      metrics: { throughInstance: 1, unreflected: 1 },
    },
    {
      name: 'a dependency followed under another name is information naming the declaration used: the constant a one-step proof of the dependency applies, one with its statement, one whose docstring or entity says it states it',
      code: [
        'theorem count_formula (s : Nat) : s + 0 = s := Nat.add_zero s',
        'theorem uses_formula (t : Nat) : t + 0 + 0 = t := by rw [Nat.add_zero, Nat.add_zero]',
        'theorem core_fact (n : Nat) : n + 0 = n := rfl',
        'theorem wrapper (n : Nat) : n + 0 = n := core_fact n',
        'theorem uses_core (m : Nat) : m + 0 = m := core_fact m',
        'theorem swap_sum (a b : Nat) : a + b + 0 = b + a := by omega',
        'theorem sum_swapped (x y : Nat) : y + x = x + y + 0 := by omega',
        'theorem uses_swap (p q : Nat) : p + q + 0 = q + p := (sum_swapped p q).symm',
        'theorem gen_fn : True := trivial',
        '/-- **Lemma \\ref{lem:gen}**: the generating function, again. -/',
        'theorem gen_again : True := trivial',
        'theorem uses_gen : True := gen_again',
        'theorem sw_inv : True := trivial',
        'theorem sw_general : True := trivial',
        'theorem uses_sw : True := sw_general',
        '',
      ].join('\n'),
      entities: [
        paired('thm:count', 'theorem', 'Count.', [['count_formula', 1]]),
        paired('thm:uses-count', 'theorem', 'By \\cref{thm:count}.', [['uses_formula', 2]]),
        paired('lem:core', 'lemma', 'Core.', [['wrapper', 4]]),
        paired('thm:uses-core', 'theorem', 'By \\cref{lem:core}.', [['uses_core', 5]]),
        paired('lem:swap', 'lemma', 'Swap.', [['swap_sum', 6]]),
        paired('thm:uses-swap', 'theorem', 'By \\cref{lem:swap}.', [['uses_swap', 8]]),
        paired('lem:gen', 'lemma', 'Generating function.', [['gen_fn', 9]]),
        paired('thm:uses-gen', 'theorem', 'By \\cref{lem:gen}.', [['uses_gen', 12]]),
        paired('prop:sw', 'proposition', 'SW.', [['sw_inv', 13]]),
        paired('thm:sw-lean', 'theorem', 'This is the Lean formalization of Proposition~\\ref{prop:sw}.', [['sw_general', 14]]),
        paired('thm:uses-sw', 'theorem', 'By \\cref{prop:sw}.', [['uses_sw', 15]]),
      ],
      findings: [
        {
          messageId: 'restated',
          severity: 'info',
          entityId: 'thm:uses-count',
          message:
            'thm:uses-count depends on thm:count (cites it in its statement: \\cref{thm:count}); its Lean (uses_formula) does not refer to count_formula, but uses Nat.add_zero, which count_formula restates (its proof is one application of Nat.add_zero)',
        },
        { messageId: 'restated', severity: 'info', entityId: 'thm:uses-core', message: /but uses core_fact, which wrapper restates/ },
        {
          messageId: 'restated',
          severity: 'info',
          entityId: 'thm:uses-swap',
          message: /but uses sum_swapped, whose statement is that of swap_sum$/,
        },
        {
          messageId: 'restated',
          severity: 'info',
          entityId: 'thm:uses-gen',
          message: /but uses gen_again, whose docstring names lem:gen as what it states$/,
        },
        // The entity that calls itself the formalization cites the proposition for that only.
        { messageId: 'weak-unreflected', severity: 'info', entityId: 'thm:sw-lean' },
        {
          messageId: 'restated',
          severity: 'info',
          entityId: 'thm:uses-sw',
          message: /but uses sw_general, which the blueprint calls the Lean formalization of prop:sw$/,
        },
      ],
      metrics: { restated: 5, weakUnreflected: 1, unreflected: 0 },
    },
    {
      name: 'a proof that specializes the lemma it applies, a docstring that calls a declaration a step towards the result, and the dependent’s own docstring do not make a restatement',
      code: [
        'theorem zero_sum : (0 : Nat) + 0 = 0 := Nat.add_zero 0',
        'theorem spec_sum (s : Nat) : s + 0 = s := Nat.add_zero s',
        'theorem uses_zero : (0 : Nat) + 0 + 0 = 0 := by rw [Nat.add_zero]; exact zero_sum',
        'theorem gen_fn : True := trivial',
        '/-- A step: this is part of the proof of Lemma lem:gen. -/',
        'theorem gen_step : True := trivial',
        'theorem uses_step : True := gen_step',
        '/-- **Lemma lem:gen**, more generally. -/',
        'theorem gen_general : True := trivial',
        '',
      ].join('\n'),
      entities: [
        paired('thm:zero', 'theorem', 'Zero.', [['zero_sum', 1]]),
        paired('thm:uses-zero', 'theorem', 'By \\cref{thm:zero}.', [['spec_sum', 2]]),
        paired('lem:gen', 'lemma', 'Generating function.', [['gen_fn', 4]]),
        paired('thm:uses-step', 'theorem', 'By \\cref{lem:gen}.', [['uses_step', 7]]),
        paired('thm:general', 'theorem', 'By \\cref{lem:gen}.', [['gen_general', 9]]),
      ],
      findings: [
        { messageId: 'unreflected', severity: 'info', entityId: 'thm:uses-zero' },
        { messageId: 'unreflected', severity: 'info', entityId: 'thm:uses-step' },
        { messageId: 'unreflected', severity: 'info', entityId: 'thm:general' },
      ],
      metrics: { restated: 0, unreflected: 3 },
    },
    {
      name: 'a citation by analogy or for a notation only, or a dependency only one of two proofs states, not followed, is information without an edge-filter model',
      code: CODE,
      entities: [
        paired('lem:base', 'lemma', 'Base.', [['base', 1]]),
        paired('def:size', 'definition', 'The size.', [['size', 5]]),
        paired('thm:like', 'theorem', 'Fine.', [['Pair.first', 11]], {
          proof: 'Analogous to Lemma~\\ref{lem:base}, with $s$ as defined in \\cref{def:size}.',
        }),
        paired('thm:twice', 'theorem', 'Twice.', [['alone', 4]], {
          proof: 'Directly.\n\nBy Lemma~\\ref{lem:base}.',
          proofs: [
            { text: 'Directly.', uses: [] },
            { text: 'By Lemma~\\ref{lem:base}.', uses: [] },
          ],
        }),
      ],
      findings: [
        {
          messageId: 'weak-unreflected',
          severity: 'info',
          entityId: 'thm:like',
          message:
            /^thm:like cites lem:base by analogy \(cites it in its proof: \\ref\{lem:base\}\); its Lean \(Pair\.first\) does not refer to base/,
        },
        {
          messageId: 'weak-unreflected',
          severity: 'info',
          entityId: 'thm:like',
          message: /^thm:like cites def:size for a definition or notation only/,
        },
        {
          messageId: 'weak-unreflected',
          severity: 'info',
          entityId: 'thm:twice',
          message: /^thm:twice cites lem:base in only some of its proofs \(another does without it\) \(cites it in its proof/,
        },
      ],
      metrics: { weakCitations: 3, weakUnreflected: 3, unreflected: 0 },
    },
    {
      name: 'without an edge-filter model, dependencies guessed from defined terms are counted, not checked',
      code: CODE,
      entities: [
        paired('def:size', 'definition', 'The \\emph{size} of $n$.', [['size', 5]]),
        paired('thm:alone', 'theorem', 'The size is small.', [['alone', 4]]),
      ],
      findings: [
        {
          messageId: 'terms-unfiltered',
          severity: 'info',
          message: /^1 dependencies guessed from defined terms were not checked: no LLM endpoint configured and no Ollama answering/,
        },
      ],
    },
  ],
});

describe('crossfile-reuse options', () => {
  it('with crossFileOnly reports only dependencies between entities of different files, and still counts every one', async () => {
    const testCase = {
      code: CODE,
      options: { crossFileOnly: true },
      entities: [
        paired('lem:base', 'lemma', 'Base.', [['base', 1]], {}, 'one.tex'),
        paired('thm:far', 'theorem', 'Far.', [['alone', 4]], { uses: ['lem:base'] }, 'two.tex'),
        paired('thm:near', 'theorem', 'Near.', [['alone', 4]], { uses: ['lem:base'] }, 'one.tex'),
      ],
    };
    const root = writeCaseProject(testCase);
    const run = await runCase(crossfileReuse, root, testCase);
    rmSync(root, { recursive: true, force: true });
    expect(run.findings.map((f) => [f.messageId, f.entityId])).toEqual([['unreflected', 'thm:far']]);
    expect(run.metrics).toMatchObject({ checked: 2, unreflected: 2, unreflectedCrossFile: 1 });
    // The graph still shows the dependency the option left unreported.
    expect(run.dependencies).toEqual([
      { from: 'lem:base', to: 'thm:far', source: 'uses', status: 'unreflected' },
      { from: 'lem:base', to: 'thm:near', source: 'uses', status: 'unreflected' },
    ]);
  });

  it('records how each dependency fared for the dependency graph', async () => {
    const testCase = {
      code: CODE,
      entities: [
        paired('lem:base', 'lemma', 'Base.', [['base', 1]]),
        paired('thm:uses', 'theorem', 'Uses.', [['uses_base', 3]], { uses: ['lem:base'] }),
        paired('thm:open', 'theorem', 'Open.', [], { uses: ['lem:base'] }),
      ],
    };
    const root = writeCaseProject(testCase);
    const run = await runCase(crossfileReuse, root, testCase);
    rmSync(root, { recursive: true, force: true });
    expect(run.dependencies).toEqual([
      { from: 'lem:base', to: 'thm:uses', source: 'uses', status: 'reflected' },
      { from: 'lem:base', to: 'thm:open', source: 'uses', status: 'not-checkable' },
    ]);
  });
});

describe('crossfile-reuse with the edge filter', () => {
  let server: ScriptedServer | undefined;
  afterEach(async () => {
    await server?.close();
  });

  it('checks the term edges the model confirms, drops the rejected ones, and reports a failed call as an error on that entity', async () => {
    server = await startOpenAIServer((body) => {
      const text = userText(body);
      if (text.includes('(theorem thm:broken)')) return reply.status(500);
      return reply.json({ depends: text.includes('(theorem thm:alone)'), reason: 'it bounds the size' });
    });
    process.env.OPENAI_API_KEY = 'sk-edge';
    const testCase = {
      code: CODE,
      config: { llm: { default: { baseURL: server.url, model: 'gpt-4o-mini' }, retries: 0 } },
      entities: [
        paired('def:size', 'definition', 'The \\emph{size} of $n$.', [['size', 5]]),
        paired('thm:alone', 'theorem', 'The size is small.', [['Pair.first', 11]]),
        paired('thm:other', 'theorem', 'Size is a word here.', [['base', 1]]),
        paired('thm:broken', 'theorem', 'Size again.', [['base', 1]]),
      ],
    };
    const root = writeCaseProject(testCase);
    const run = await runCase(crossfileReuse, root, testCase);
    rmSync(root, { recursive: true, force: true });
    expect(run.status).toBe('ok');
    expect(run.findings.map((f) => [f.messageId, f.entityId, f.severity])).toEqual([
      ['filter-failed', 'thm:broken', 'error'],
      ['unreflected', 'thm:alone', 'info'],
    ]);
    expect(run.findings[1]!.message).toBe(
      'thm:alone depends on def:size (uses the term “size” it defines; edge filter: it bounds the size), but its Lean (Pair.first) never refers to size, directly or through other project declarations',
    );
    expect(run.findings[0]!.provenance).toMatchObject({ rubric: 'edge-filter', model: 'gpt-4o-mini' });
    expect(run.metrics).toMatchObject({ edges: 3, termEdges: 3, termEdgesConfirmed: 1, termEdgesRejected: 1, checked: 1, unreflected: 1 });
    expect(run.dependencies!.map((d) => [d.to, d.source, d.status]).sort()).toEqual([
      ['thm:alone', 'term', 'unreflected'],
      ['thm:broken', 'term', 'unconfirmed'],
      ['thm:other', 'term', 'unconfirmed'],
    ]);
  });

  it('asks the model about a weak citation with the citation-filter rubric: checked as any other when it says the result is used, dropped when not', async () => {
    const asked: string[] = [];
    server = await startOpenAIServer((body) => {
      const text = userText(body);
      asked.push(text);
      return reply.json({ depends: text.includes('(theorem thm:uses)'), reason: 'it applies the lemma' });
    });
    process.env.OPENAI_API_KEY = 'sk-edge';
    const testCase = {
      code: CODE,
      config: { llm: { default: { baseURL: server.url, model: 'gpt-4o-mini' }, retries: 0 } },
      entities: [
        paired('lem:base', 'lemma', 'Base.', [['base', 1]]),
        paired('thm:uses', 'theorem', 'Fine.', [['alone', 4]], { proof: 'Similarly to Lemma~\\ref{lem:base}, apply it.' }),
        paired('thm:like', 'theorem', 'Fine.', [['Pair.first', 11]], { proof: 'Symmetric to Lemma~\\ref{lem:base}.' }),
      ],
    };
    const root = writeCaseProject(testCase);
    const run = await runCase(crossfileReuse, root, testCase);
    rmSync(root, { recursive: true, force: true });
    expect(run.findings.map((f) => [f.messageId, f.entityId, f.severity])).toEqual([['unreflected', 'thm:uses', 'info']]);
    expect(run.findings[0]!.message).toContain('citation filter: it applies the lemma');
    expect(asked).toHaveLength(2);
    expect(asked.find((t) => t.includes('(theorem thm:like)'))).toContain('which cites it (by analogy: “\\ref{lem:base}”)');
    expect(run.metrics).toMatchObject({ weakCitations: 2, weakCitationsConfirmed: 1, weakCitationsRejected: 1, unreflected: 1 });
  });
});

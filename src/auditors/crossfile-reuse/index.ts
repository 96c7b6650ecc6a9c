/**
 * crossfile-reuse — does the Lean code reuse the project's own results where the textbook does?
 *
 * What it checks: every dependency the informal source states — a blueprint `\uses{…}`, a citation
 * (`\cref{lem:x}`, "by Theorem 1.2", a docstring's "Lemma 142C") — and every dependency
 * guessed from a term a definition introduces and another entity mentions, once the `edge-filter`
 * LLM confirms it, is looked for in the Lean code: some declaration of the dependent entity must
 * refer to a declaration of the entity it depends on, directly or through other project
 * declarations (the reference graph, with the project's notations read as references: `H[X]`
 * refers to `entropy`). An entity formalized only by instances cannot be checked: Lean uses an
 * instance without naming it.
 *
 * Why it matters: a formalization that compiles may still ignore its own earlier chapters —
 * re-proving a lemma inline, or proving a theorem by a route the book does not take — so the
 * formal project no longer mirrors the book's structure, and results stated twice can drift apart.
 *
 * Example: `thm:lagrange` `\uses{lem:order-dvd}`, but `theorem lagrange` never mentions
 * `orderOf_dvd_of_pow_eq_one'` nor anything that does → `unreflected`, pointing at both. When
 * every declaration of the dependent entity has a `sorry` in its proof, the dependency cannot show
 * until the proof is written (an exercise left to the reader): that is
 * `unreflected-unproved`, information, and the missing proof is proof-gaps' finding.
 *
 * It says which case a dependency not followed is: `unreflected` (a warning) only when the Lean of
 * the dependent could use it (declared earlier in its file, or in a file it imports); otherwise
 * `unreachable` (information) says why (declared later, not imported). A lemma that a field of an
 * instance uses, where the dependent reaches a statement needing that class, is used by instance
 * resolution: `through-instance` (information). A citation by analogy ("analogous to Lemma 2") or
 * for a notation only ("F as defined in Lemma 2") is `weak-unreflected` (information), unless the
 * `edge-filter` model, asked with the `citation-filter` rubric, says the result is used.
 */

import { escapeRegExp } from '../../core/regexp.js';
import type { AuditContext, AuditorMeta } from '../../core/types.js';
import { sourceByPath } from '../../lean/project.js';
import { notationReferences, projectNotations } from '../../lean/resolve/notations.js';
import { typeHead } from '../../lean/syntax/lexer.js';
import { LINKS_READ, lastLinks } from '../../lean/syntax/scope-links.js';
import { LlmEngine } from '../../llm/engine.js';
import { loadRubric } from '../../llm/rubric.js';
import type { PairedEntity } from '../../model/entity.js';
import type { LeanDecl, LeanProject } from '../../model/lean.js';
import { type DependencyEdge, dependencyEdges, type WeakCitation } from './dependency-edges.js';
import { Environment, type OutOfReach } from './environment.js';
import { type Restatement, RestatementFinder } from './restatements.js';

export const meta: AuditorMeta = {
  id: 'crossfile-reuse',
  description: "does the Lean code use the project's own results where the textbook does (\\uses, citations, defined terms)",
  rules: {
    unreflected: {
      message:
        '{{to}} depends on {{from}} ({{how}}), but its Lean ({{toDecls}}) never refers to {{fromDecls}}, directly or through other project declarations',
      // Information by default: on labelled projects about one in five is the cited step taken under another
      // (often Mathlib's) name, which no static reading tells from another route (docs/crossfile-reuse.md).
      severity: 'info',
      docs: {
        what: 'The informal source says an entity depends on another, the Lean of the dependent could use the Lean of the other (declared earlier in its file or in a file it imports), and never does, directly or through other project declarations.',
        why: 'The formalization re-proves the result inline or takes another route than the book: the project no longer mirrors the book, and results stated twice can drift apart.',
        example: "theorem lagrange … := by … -- \\uses{lem:order-dvd}, but orderOf_dvd_of_pow_eq_one' is never used",
      },
    },
    unreachable: {
      message: '{{to}} depends on {{from}} ({{how}}), but its Lean ({{toDecls}}) cannot refer to {{fromDecls}}: {{why}}',
      severity: 'info',
      docs: {
        what: 'The Lean of the dependent cannot use the Lean of the entity it depends on: that declaration comes later in the same file, or its file is not imported (directly or not).',
        why: 'Not a missing use but an order the formalization chose (a forward citation, a later file): worth knowing, not a defect of the proof.',
        example:
          '-- Main.lean imports Truncation.lean; the blueprint of linearized_truncation (in Truncation.lean) cites metric_carleson (in Main.lean)',
      },
    },
    'through-instance': {
      message:
        '{{to}} depends on {{from}} ({{how}}); its Lean ({{toDecls}}) uses {{fromDecls}} through the instance {{instance}} of {{class}}, which Lean supplies where a statement it relies on needs that class',
      severity: 'info',
      docs: {
        what: 'The depended-on lemma is used by a field of an instance whose class a statement the dependent relies on needs: Lean supplies it by instance resolution, naming no declaration.',
        why: 'The dependency is reflected, through a path no source reference shows: it is reported for the record, never as unreflected.',
        example: 'instance : CompatibleFunctions ℝ ℝ 16 where cdist_mono := frequency_monotone -- rcarleson needs CompatibleFunctions',
      },
    },
    restated: {
      message:
        '{{to}} depends on {{from}} ({{how}}); its Lean ({{toDecls}}) does not refer to {{fromDecls}}, but uses {{used}}, {{relation}}',
      severity: 'info',
      docs: {
        what: 'The Lean of the dependent does not refer to the declarations of the entity it depends on, but uses a declaration that states the same: the constant a one-step proof of theirs applies (`:= foo h`), one with the same conclusion, one whose docstring names the entity, or one the blueprint calls its Lean formalization.',
        why: "The dependency is followed under another name (Mathlib's, or a second statement of the result): not an ignored result, though two statements of one result may be worth merging.",
        example:
          'theorem pie_size_version … := Finset.inclusion_exclusion_card_inf_compl s A  -- numSurj_formula rewrites with the Mathlib lemma itself',
      },
    },
    'weak-unreflected': {
      message:
        '{{to}} cites {{from}} {{weak}} ({{how}}); its Lean ({{toDecls}}) does not refer to {{fromDecls}}, which such a citation does not ask for',
      severity: 'info',
      docs: {
        what: 'A citation by analogy ("analogous to", "the same method as", "Lemma 2, generalized"), for a definition or notation only ("as defined in"), in a remark ("Theorem 2 is the particular case …"), or stated by only some of the item\'s proofs, that the Lean does not follow; a citation an edge-filter model says is a use is checked as any other.',
        why: 'Such a citation says an argument is imitated, where a notation comes from or how results relate; a result one of two proofs avoids is not one the statement needs: a warning would mostly be wrong.',
        example: 'Proof. Analogous to Lemma 2.1. -- the Lean proof need not use lemma_2_1',
      },
    },
    'unreflected-unproved': {
      message:
        '{{to}} depends on {{from}} ({{how}}); its Lean ({{toDecls}}) does not refer to {{fromDecls}}, but its proof is not written yet (`sorry`): the dependency cannot show until it is',
      severity: 'info',
      docs: {
        what: 'As `unreflected`, but every declaration of the dependent entity has a `sorry` in its proof: the dependency cannot show until the proof is written.',
        why: "Information, not a fault: the missing proof is proof-gaps' finding.",
        example: 'theorem lagrange … := by sorry  -- with \\uses{lem:order-dvd}',
      },
    },
    'filter-failed': {
      message: '{{to}} mentions “{{term}}”, defined by {{from}}: the edge filter failed ({{cause}}): {{detail}}',
      severity: 'error',
      docs: {
        what: 'The LLM call of the `edge-filter` role, which confirms a dependency guessed from a defined term, failed for an edge.',
        why: 'A failed call is an error on that edge, not a verdict: the edge is neither checked nor dismissed.',
        example: 'the edge-filter endpoint timed out',
      },
    },
    'terms-unfiltered': {
      message: '{{count}} dependencies guessed from defined terms were not checked: {{reason}}',
      severity: 'info',
      docs: {
        what: 'Dependencies guessed from defined terms were not checked because no endpoint serves the `edge-filter` role.',
        why: 'Without the filter, guessed dependencies are too noisy to report; configure an endpoint to check them.',
        example: 'LEANAUDIT_EDGE_FILTER_MODEL unset and no llm.default',
      },
    },
  },
  needs: ['entities', 'lean-project'],
  options: {
    type: 'object',
    additionalProperties: false,
    properties: {
      crossFileOnly: {
        type: 'boolean',
        description:
          'report only dependencies between entities of different files, or of unknown files (all are still checked and counted)',
      },
    },
  },
};

/** How a weak citation cites, as the finding and the citation filter say it. */
const WEAK_WORDS: Record<WeakCitation, string> = {
  analogy: 'by analogy',
  terminology: 'for a definition or notation only',
  remark: 'in a remark, not as a step of its proof',
  'other-proof': 'in only some of its proofs (another does without it)',
};

/** How the dependency is known, as the finding says it. */
function how(edge: DependencyEdge, reason?: string): string {
  switch (edge.source) {
    case 'uses':
      return edge.part === 'proof' ? '\\uses in its proof' : '\\uses';
    case 'citation':
      return `cites it in its ${edge.part}: ${edge.cue}${reason ? `; citation filter: ${reason}` : ''}`;
    case 'term':
      return `uses the term “${edge.cue}” it defines; edge filter: ${reason ?? ''}`;
  }
}

/**
 * Whether a declaration among `starts` is, or refers (through any chain of project declarations,
 * identifiers or notations) to, one of `targets`, or writes `x.f` for the last component `f` of one
 * of the `declared` names (see `FieldUses`), or reaches a variant of one of them (see `variantKey`).
 */
function reaches(
  project: LeanProject,
  notations: Map<string, Set<string>>,
  fieldUses: FieldUses,
  starts: string[],
  targets: Set<string>,
  declared: Set<string>,
): boolean {
  const fields = [...declared]
    .filter((t) => t.includes('.'))
    .map((t) => t.slice(t.lastIndexOf('.') + 1))
    .filter((f) => f.length >= 4);
  const variants = new Set([...declared].map(variantKey));
  return walk(
    project,
    notations,
    starts,
    (node, i) =>
      targets.has(node) || (fields.length > 0 && fieldUses.usesAny(node, fields)) || (i >= starts.length && variants.has(variantKey(node))),
  ).stopped;
}

/**
 * What counts as using `entity` in Lean: its declarations; for a definition paired with a lemma
 * that characterizes it (pfr's `\lean{rdist_def}` for the Ruzsa distance), also what that lemma's
 * statement names, the defined notion itself (`rdist`).
 */
function targetsOf(entity: PairedEntity, project: LeanProject, notations: Map<string, Set<string>>): Set<string> {
  const targets = new Set(entity.decls.map((d) => d.fullName));
  if (entity.kind !== 'definition') return targets;
  for (const paired of entity.decls) {
    const decl = project.decls.get(paired.fullName);
    if (!decl || !['theorem', 'lemma'].includes(decl.kind)) continue;
    for (const name of decl.references.slice(0, decl.headerReferences)) targets.add(name);
    for (const name of notations.get(decl.fullName) ?? []) targets.add(name);
  }
  return targets;
}

/**
 * What a declaration's name is a variant of, by Lean's naming conventions: its last component without
 * trailing primes (`Kernel.chain_rule` and `chain_rule'` are variants of `chain_rule`: the result for
 * kernels, a restatement), of eight characters at least (shorter ones, `mono`, are too common).
 */
function variantKey(name: string): string {
  const last = name.slice(name.lastIndexOf('.') + 1).replace(/'+$/, '');
  return last.length >= 8 ? last : `\0${name}`;
}

/**
 * The fields each declaration writes with field notation, `x.f`: field notation on a value whose type
 * the source model cannot see (`intro ⟨B, _⟩`, `(hX' j).2.1.symm.rdist_congr`) is not in the reference
 * graph, so `B.sample_finite` is read as a use of `Box.sample_finite`. The receiver is a name, a chain
 * of fields or a bracket; one whose last component is one of the project's namespaces
 * (`Kernel.chain_rule`) names another declaration, not a value. Components shorter than four
 * characters (`map`, `le`) are too common to tell (see `reaches`).
 */
class FieldUses {
  private readonly byDecl = new Map<string, Set<string>>();
  private static readonly PATTERN =
    /((?<![\p{L}\p{N}_'])(?:[\p{L}\p{N}_][\p{L}\p{N}_'\u2080-\u209c]*\.)*[\p{L}\p{N}_][\p{L}\p{N}_'\u2080-\u209c]*|[)\]⟩])\.([\p{L}_][\p{L}\p{N}_'!?\u2080-\u209c]*)/gu;

  constructor(
    private readonly project: LeanProject,
    private readonly namespaces: Set<string>,
  ) {}

  /** Whether declaration `name` writes `x.f` for one of `fields`. */
  usesAny(name: string, fields: string[]): boolean {
    let used = this.byDecl.get(name);
    if (used === undefined) {
      used = new Set();
      const decl = this.project.decls.get(name);
      for (const m of decl ? `${decl.header}\n${decl.body ?? ''}`.matchAll(FieldUses.PATTERN) : []) {
        if (!this.namespaces.has(m[1]!.slice(m[1]!.lastIndexOf('.') + 1))) used.add(m[2]!);
      }
      this.byDecl.set(name, used);
    }
    return fields.some((f) => used.has(f));
  }
}

/** Every component of the namespaces the project declares in (`ProbabilityTheory`, `Kernel`). */
function namespaceComponents(project: LeanProject): Set<string> {
  const components = new Set<string>();
  for (const name of project.decls.keys()) {
    const parts = name.split('.');
    for (const part of parts.slice(0, -1)) components.add(part);
  }
  return components;
}

/** The edges a model asks about: the term edges guessed from defined terms, and the weak citations. */
interface Filtered {
  terms: DependencyEdge[];
  weak: DependencyEdge[];
}

/**
 * The edges the `edge-filter` model confirms, with its reasons, and those it rejects: term edges
 * asked with the `edge-filter` rubric, weak citations with `citation-filter`. Failures are
 * reported; without a model the term edges are counted as not checked, and the weak citations stay weak.
 */
async function confirmEdges(
  ctx: AuditContext,
  asked: Filtered,
  byId: Map<string, PairedEntity>,
): Promise<{ confirmed: Map<DependencyEdge, string>; dropped: Set<DependencyEdge> }> {
  const confirmed = new Map<DependencyEdge, string>();
  if (asked.terms.length + asked.weak.length === 0) return { confirmed, dropped: new Set() };
  const engine = await LlmEngine.create(['edge-filter'], { root: ctx.root, config: ctx.config });
  if (!(engine instanceof LlmEngine)) {
    if (asked.terms.length > 0) {
      ctx.report({ messageId: 'terms-unfiltered', data: { count: asked.terms.length, reason: engine.reason } });
      ctx.metric('termEdgesUnfiltered', asked.terms.length);
    }
    return { confirmed, dropped: new Set() };
  }
  const text = (e: PairedEntity): string => (e.proof ? `${e.statement}\n\nProof. ${e.proof}` : e.statement);
  const rejected = { 'edge-filter': 0, 'citation-filter': 0 };
  const dropped = new Set<DependencyEdge>();
  const ask = async (edge: DependencyEdge, rubricId: 'edge-filter' | 'citation-filter'): Promise<void> => {
    const rubric = loadRubric(rubricId);
    const from = byId.get(edge.from)!;
    const to = byId.get(edge.to)!;
    const common = { fromKind: from.kind, fromId: from.id, fromText: from.statement, toKind: to.kind, toId: to.id, toText: text(to) };
    const inputs = rubricId === 'edge-filter' ? { ...common, term: edge.cue } : { ...common, cue: edge.cue, weak: WEAK_WORDS[edge.weak!] };
    const answer = await engine.ask(rubric, inputs, ctx.signal);
    if (!answer.ok) {
      ctx.report({
        messageId: 'filter-failed',
        entityId: to.id,
        ...(to.location ? { location: to.location } : {}),
        data: { to: to.id, from: from.id, term: edge.cue ?? '', cause: answer.cause, detail: answer.message },
        evidence: { from: from.id, term: edge.cue, cause: answer.cause },
        provenance: { rubric: rubric.id, rubricVersion: rubric.version, model: answer.model },
      });
    } else if (answer.value.depends === true) confirmed.set(edge, String(answer.value.reason));
    else {
      rejected[rubricId]++;
      dropped.add(edge);
    }
  };
  await Promise.all([...asked.terms.map((edge) => ask(edge, 'edge-filter')), ...asked.weak.map((edge) => ask(edge, 'citation-filter'))]);
  ctx.metric('termEdgesConfirmed', asked.terms.filter((e) => confirmed.has(e)).length);
  ctx.metric('weakCitationsConfirmed', asked.weak.filter((e) => confirmed.has(e)).length);
  ctx.metric('termEdgesRejected', rejected['edge-filter']);
  ctx.metric('weakCitationsRejected', rejected['citation-filter']);
  return { confirmed, dropped };
}

/** Why none of `users` can refer to any of `targets` (the first reason met), or undefined when one can. */
function outOfReach(environment: Environment, users: LeanDecl[], targets: LeanDecl[]): OutOfReach | undefined {
  let why: OutOfReach | undefined;
  for (const user of users) {
    for (const target of targets) {
      const reason = environment.outOfReach(user, target);
      if (reason === undefined) return undefined;
      why ??= reason;
    }
  }
  return why;
}

/** The words of an out-of-reach reason, naming the files. */
function reachWords(why: OutOfReach, users: LeanDecl[], targets: LeanDecl[]): string {
  const files = (decls: LeanDecl[]): string => [...new Set(decls.map((d) => d.location?.file ?? d.fullName))].join(', ');
  return why === 'declared-later'
    ? `declared later in ${files(targets)}`
    : `${files(targets)} is not imported by ${files(users)}, directly or not`;
}

/** Whether `word` is a name component of `text`. */
const mentions = (text: string, word: string): boolean =>
  new RegExp(`(?<![\\p{L}\\p{N}_'.])${escapeRegExp(word)}(?![\\p{L}\\p{N}_'])`, 'u').test(text);

/**
 * An instance that supplies `targets` to the dependent: an instance of the project whose body
 * reaches one of `targets`, that the dependent's declarations can refer to, and whose class (the head of
 * its type) a statement the dependent reaches names (its binders, its `variable`s): Lean fills such
 * an argument by instance resolution, naming no declaration.
 */
function throughInstance(
  project: LeanProject,
  environment: Environment,
  starts: LeanDecl[],
  targets: Set<string>,
): { instance: LeanDecl; className: string } | undefined {
  const graph = project.graph;
  const reaching = new Set<string>();
  const todo = [...targets].filter((t) => graph.hasNode(t));
  for (let name = todo.pop(); name !== undefined; name = todo.pop()) {
    graph.forEachInNeighbor(name, (user) => {
      if (!reaching.has(user)) reaching.add(user), todo.push(user);
    });
  }
  const instances = [...reaching].flatMap((name) => {
    const decl = project.decls.get(name);
    const head = decl?.kind === 'instance' ? typeHead(decl.header) : undefined;
    return decl && head ? [{ instance: decl, className: head.slice(head.lastIndexOf('.') + 1) }] : [];
  });
  if (instances.length === 0) return undefined;
  const statements = new Set<string>(starts.map((d) => d.fullName));
  const queue = [...statements];
  for (let i = 0; i < queue.length; i++) {
    if (graph.hasNode(queue[i]!))
      graph.forEachOutNeighbor(queue[i]!, (next) => {
        if (!statements.has(next)) statements.add(next), queue.push(next);
      });
  }
  const needed = (className: string): boolean =>
    [...statements].some((name) => {
      const decl = project.decls.get(name);
      return (
        decl !== undefined &&
        decl.kind !== 'instance' &&
        (mentions(decl.header, className) ||
          lastLinks(decl.variables, LINKS_READ).some((link) => link.items.some((v) => mentions(v, className))))
      );
    });
  return instances.find(
    ({ instance, className }) => starts.some((user) => environment.outOfReach(user, instance) === undefined) && needed(className),
  );
}

/** Every project declaration `starts` reach, themselves included, through references and notations. */
const reachableFrom = (project: LeanProject, notations: Map<string, Set<string>>, starts: string[]): Set<string> =>
  walk(project, notations, starts).seen;

/**
 * Breadth first from `starts` (first, in order) through references and notations, until `stop`
 * accepts a declaration (given its place in the walk): what was seen, and whether it stopped.
 */
function walk(
  project: LeanProject,
  notations: Map<string, Set<string>>,
  starts: string[],
  stop: (node: string, index: number) => boolean = () => false,
): { seen: Set<string>; stopped: boolean } {
  const graph = project.graph;
  const seen = new Set(starts);
  const queue = [...seen];
  const visit = (next: string): void => {
    if (!seen.has(next)) {
      seen.add(next);
      queue.push(next);
    }
  };
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!;
    if (stop(node, i)) return { seen, stopped: true };
    if (graph.hasNode(node)) graph.forEachOutNeighbor(node, visit);
    notations.get(node)?.forEach(visit);
  }
  return { seen, stopped: false };
}

/** A blueprint label (`thm.pars.main-gf`, `lem:order-dvd`): no spaces, and a separator a prose id (`Theorem 1.2`) does not have. */
const LABEL = /^[\w.:=+\-()]+$/;

/**
 * The entity label a declaration's docstring names first (`**Theorem \ref{thm.pars.main-gf}**: …`,
 * `(Proposition prop.fps.xk)`), among `entities`' blueprint labels: the entity it says it states.
 */
function headingLabels(entities: PairedEntity[]): (decl: LeanDecl) => string | undefined {
  const labels = entities.map((e) => e.id).filter((id) => LABEL.test(id) && /[.:-]/.test(id));
  if (labels.length === 0) return () => undefined;
  const alternatives = labels.sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern = new RegExp(`(?<![\\w.:=+\\-])(?:${alternatives.join('|')})(?![\\w=+\\-]|[.:]\\w)`);
  const cache = new Map<string, string | undefined>();
  const heading = (doc: string): string | undefined => {
    const m = pattern.exec(doc);
    if (!m) return undefined;
    const before = doc.slice(0, m.index);
    // "This is part of the proof of Proposition 7.8.3 (prop.fps.exp-log-der)": a step towards it, not it.
    return STEP_OF.test(before.slice(Math.max(before.lastIndexOf('. '), before.lastIndexOf('\n\n')) + 1)) ? undefined : m[0];
  };
  return (decl) => {
    if (!cache.has(decl.fullName)) cache.set(decl.fullName, decl.doc ? heading(decl.doc) : undefined);
    return cache.get(decl.fullName);
  };
}
/** Words before a label that make a declaration a step towards the labelled result rather than its statement. */
const STEP_OF =
  /\b(?:proof of|used (?:in|for|by)|helper|step (?:in|of|for|towards)|part of|needed (?:in|for)|towards|key (?:lemma|step) for)\b/i;

/**
 * Per entity, the declarations of the entities whose statement calls them its Lean formalization
 * ("This is the Lean formalization of Proposition~\ref{A}"): A's result under another entity's name.
 */
function formalizations(entities: PairedEntity[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const entity of entities) {
    for (const m of entity.statement.matchAll(FORMALIZATION_OF)) {
      for (const label of m[1]!.split(',').map((l) => l.trim())) {
        out.set(label, [...(out.get(label) ?? []), ...entity.decls.map((d) => d.fullName)]);
      }
    }
  }
  return out;
}
const FORMALIZATION_OF = /\b(?:Lean )?formali[sz]ation of\s+(?:\w+[~\s]*)?\\c?ref\{([^{}]+)\}/gi;

/** The words of a restatement, as the finding says how the used declaration states the depended-on one. */
function relationWords(found: Restatement | { used: string; of: string; kind: 'formalization' }, fromId: string): string {
  switch (found.kind) {
    case 'delegate':
      return `which ${found.of} restates (its proof is one application of ${found.used})`;
    case 'statement':
      return `whose statement is that of ${found.of}`;
    case 'docstring':
      return `whose docstring names ${fromId} as what it states`;
    case 'formalization':
      return `which the blueprint calls the Lean formalization of ${fromId}`;
  }
}

export interface CrossfileReuseOptions {
  /** Report only dependencies between entities of different files, or of unknown files (all are still checked and counted). */
  crossFileOnly?: boolean;
}

/** Checks every stated or confirmed dependency against the reference graph, and says which case one not followed is. */
export async function run(ctx: AuditContext, options: CrossfileReuseOptions = {}): Promise<void> {
  const entities = await ctx.entities();
  const project = await ctx.project();
  const byId = new Map(entities.map((e) => [e.id, e]));
  const edges = dependencyEdges(entities);
  // Which of several proofs the Lean follows is not a question for the model: such an edge stays weak.
  const asked = {
    terms: edges.filter((e) => e.source === 'term'),
    weak: edges.filter((e) => e.weak !== undefined && e.weak !== 'other-proof'),
  };
  const { confirmed, dropped } = await confirmEdges(ctx, asked, byId);
  const checked = edges.filter((e) => (e.source !== 'term' || confirmed.has(e)) && !dropped.has(e));
  for (const e of asked.terms) if (!confirmed.has(e)) ctx.dependency({ from: e.from, to: e.to, source: e.source, status: 'unconfirmed' });
  for (const e of asked.weak) if (dropped.has(e)) ctx.dependency({ from: e.from, to: e.to, source: e.source, status: 'unconfirmed' });
  const notations = notationReferences(project, projectNotations(project, sourceByPath(project)));
  const fieldUses = new FieldUses(project, namespaceComponents(project));
  const environment = new Environment(project.files);
  const restatements = new RestatementFinder(project, headingLabels(entities));
  const formalizedBy = formalizations(entities);
  const declsOf = (entity: PairedEntity): LeanDecl[] => entity.decls.flatMap((d) => project.decls.get(d.fullName) ?? []);
  const counts = {
    reflected: 0,
    unreflected: 0,
    unproved: 0,
    crossFile: 0,
    notCheckable: 0,
    instancesOnly: 0,
    unreachable: 0,
    throughInstance: 0,
    restated: 0,
    weak: 0,
  };
  for (const edge of checked) {
    const from = byId.get(edge.from)!;
    const to = byId.get(edge.to)!;
    const check = { from: edge.from, to: edge.to, source: edge.source };
    if (from.decls.length === 0 || to.decls.length === 0) {
      counts.notCheckable++;
      ctx.dependency({ ...check, status: 'not-checkable' });
      continue;
    }
    const fromNames = new Set(from.decls.map((d) => d.fullName));
    const starts = to.decls.map((d) => d.fullName);
    const targets = targetsOf(from, project, notations);
    if (reaches(project, notations, fieldUses, starts, targets, fromNames)) {
      counts.reflected++;
      ctx.dependency({ ...check, status: 'reflected' });
      continue;
    }
    const data = {
      to: to.id,
      from: from.id,
      how: how(edge, confirmed.get(edge)),
      toDecls: to.decls.map((d) => d.fullName).join(', '),
      fromDecls: [...fromNames].join(', '),
    };
    const across = from.location !== undefined && to.location !== undefined && from.location.file !== to.location.file;
    const finding = {
      entityId: to.id,
      ...(to.location ? { location: to.location } : {}),
      evidence: {
        from: from.id,
        source: edge.source,
        part: edge.part,
        ...(edge.cue ? { cue: edge.cue } : {}),
        ...(edge.weak ? { weak: edge.weak } : {}),
        crossFile: across,
      },
      related: [
        ...(from.location ? [{ location: from.location, message: `${from.id}, depended on` }] : []),
        ...from.decls.flatMap((d) => (d.location ? [{ location: d.location, message: `Lean declaration ${d.fullName}` }] : [])),
      ],
    };
    const users = declsOf(to);
    const instance = throughInstance(project, environment, users, fromNames);
    if (instance !== undefined) {
      counts.throughInstance++;
      ctx.report({
        messageId: 'through-instance',
        ...finding,
        data: { ...data, instance: instance.instance.fullName, class: instance.className },
        evidence: { ...finding.evidence, instance: instance.instance.fullName, class: instance.className },
      });
      ctx.dependency({ ...check, status: 'reflected' });
      continue;
    }
    // Lean uses an instance without naming it: no source reference can show that B does or does not.
    if (from.decls.every((d) => d.kind === 'instance')) {
      counts.notCheckable++;
      counts.instancesOnly++;
      ctx.dependency({ ...check, status: 'not-checkable' });
      continue;
    }
    const depended = declsOf(from);
    const reach = reachableFrom(project, notations, starts);
    const claimed = (formalizedBy.get(from.id) ?? []).find((name) => reach.has(name) && !starts.includes(name));
    const restatement =
      claimed !== undefined
        ? { used: claimed, of: [...fromNames][0]!, kind: 'formalization' as const }
        : restatements.find(reach, starts, depended, from.id);
    if (restatement !== undefined) {
      counts.restated++;
      ctx.report({
        messageId: 'restated',
        ...finding,
        data: { ...data, used: restatement.used, relation: relationWords(restatement, from.id) },
        evidence: { ...finding.evidence, used: restatement.used, restates: restatement.of, relation: restatement.kind },
      });
      ctx.dependency({ ...check, status: 'reflected' });
      continue;
    }
    const why = outOfReach(environment, users, depended);
    if (why !== undefined) {
      counts.unreachable++;
      ctx.report({
        messageId: 'unreachable',
        ...finding,
        data: { ...data, why: reachWords(why, users, depended) },
        evidence: { ...finding.evidence, outOfReach: why },
      });
      ctx.dependency({ ...check, status: 'unreachable' });
      continue;
    }
    if (edge.weak !== undefined && !confirmed.has(edge)) {
      counts.weak++;
      ctx.report({
        messageId: 'weak-unreflected',
        ...finding,
        data: { ...data, weak: WEAK_WORDS[edge.weak] },
      });
      ctx.dependency({ ...check, status: 'weak' });
      continue;
    }
    const notProved = to.decls.every((d) => d.hasSorry);
    ctx.dependency({ ...check, status: notProved ? 'unreflected-unproved' : 'unreflected' });
    if (notProved) counts.unproved++;
    else counts.unreflected++;
    if (across && !notProved) counts.crossFile++;
    // Left out only when both places are known to be one file.
    else if (options.crossFileOnly === true && from.location !== undefined && to.location !== undefined && !across) continue;
    ctx.report({ messageId: notProved ? 'unreflected-unproved' : 'unreflected', ...finding, data });
  }
  ctx.metric('edges', edges.length);
  for (const source of ['uses', 'citation', 'term'] as const) ctx.metric(`${source}Edges`, edges.filter((e) => e.source === source).length);
  ctx.metric('weakCitations', edges.filter((e) => e.weak !== undefined).length);
  ctx.metric('checked', counts.reflected + counts.unreflected + counts.unproved);
  ctx.metric('reflected', counts.reflected);
  ctx.metric('unreflected', counts.unreflected);
  ctx.metric('unreflectedUnproved', counts.unproved);
  ctx.metric('unreflectedCrossFile', counts.crossFile);
  ctx.metric('unreachable', counts.unreachable);
  ctx.metric('throughInstance', counts.throughInstance);
  ctx.metric('restated', counts.restated);
  ctx.metric('weakUnreflected', counts.weak);
  ctx.metric('notCheckable', counts.notCheckable);
  ctx.metric('notCheckableInstances', counts.instancesOnly);
}

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
 */
import { type DependencyEdge, dependencyEdges } from '../../extractors/dependency-edges.js';
import { escapeRegExp } from '../core/regexp.js';
import type { AuditContext, AuditorMeta } from '../core/types.js';
import { notationReferences, projectNotations } from '../lean/notations.js';
import { sourceByPath } from '../lean/project.js';
import { LlmEngine } from '../llm/engine.js';
import { loadRubric } from '../llm/rubric.js';
import type { PairedEntity } from '../model/entity.js';
import type { LeanProject } from '../model/lean.js';

export const meta: AuditorMeta = {
  id: 'crossfile-reuse',
  description: "does the Lean code use the project's own results where the textbook does (\\uses, citations, defined terms)",
  rules: {
    unreflected: {
      message:
        '{{to}} depends on {{from}} ({{how}}), but its Lean ({{toDecls}}) never refers to {{fromDecls}}, directly or through other project declarations',
      severity: 'warning',
      docs: {
        what: 'A dependency the informal source states (`\\uses`, a citation, a helper, a defined term the edge filter confirmed) that the Lean code does not reflect: no declaration of the dependent entity refers to one of the other, directly or through project declarations.',
        why: 'The formalization then does not mirror the book: a lemma re-proved inline, or a theorem proved another way, and results stated twice can drift apart.',
        example: "thm:lagrange \\uses{lem:order-dvd}, but theorem lagrange never mentions orderOf_dvd_of_pow_eq_one'",
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

/** How the dependency is known, as the finding says it. */
function how(edge: DependencyEdge, reason?: string): string {
  switch (edge.source) {
    case 'uses':
      return edge.part === 'proof' ? '\\uses in its proof' : '\\uses';
    case 'citation':
      return `cites it in its ${edge.part}: ${edge.cue}`;
    case 'term':
      return `uses the term “${edge.cue}” it defines; edge filter: ${reason ?? ''}`;
  }
}

/**
 * Whether a declaration among `starts` is, or refers (through any chain of project declarations,
 * identifiers or notations) to, one of `targets`.
 */
function reaches(project: LeanProject, notations: Map<string, Set<string>>, starts: string[], targets: Set<string>): boolean {
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
    if (targets.has(node)) return true;
    if (graph.hasNode(node)) graph.forEachOutNeighbor(node, visit);
    notations.get(node)?.forEach(visit);
  }
  return false;
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
 * Whether a declaration among `starts` writes `x.name` for the last component of one of `targets`
 * (`B.sample_finite` for `Box.sample_finite`): field notation on a value whose type the source
 * model cannot see (`intro ⟨B, _⟩`) is not in the reference graph, so it is read here. A name
 * before the dot that is one of the project's namespaces (`Kernel.chain_rule`) names another
 * declaration, not a value; components shorter than four characters (`map`, `le`) are too common
 * to tell.
 */
function usesByFieldNotation(project: LeanProject, namespaces: Set<string>, starts: string[], targets: string[]): boolean {
  const fields = targets
    .filter((t) => t.includes('.'))
    .map((t) => t.slice(t.lastIndexOf('.') + 1))
    .filter((f) => f.length >= 4);
  if (fields.length === 0) return false;
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}_'.])([\\p{L}_][\\p{L}\\p{N}_'\\u2080-\\u209c]*|[\\)\\]⟩])\\.(?:${fields.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}_'])`,
    'gu',
  );
  return starts.some((name) => {
    const decl = project.decls.get(name);
    if (decl === undefined) return false;
    for (const m of `${decl.header}\n${decl.body ?? ''}`.matchAll(pattern)) if (!namespaces.has(m[1]!)) return true;
    return false;
  });
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

/** The term edges the `edge-filter` model confirms, with its reasons; failures and an absent model are reported. */
async function confirmTerms(
  ctx: AuditContext,
  edges: DependencyEdge[],
  byId: Map<string, PairedEntity>,
): Promise<Map<DependencyEdge, string>> {
  const confirmed = new Map<DependencyEdge, string>();
  if (edges.length === 0) return confirmed;
  const engine = await LlmEngine.create(['edge-filter'], { root: ctx.root, config: ctx.config });
  if (!(engine instanceof LlmEngine)) {
    ctx.report({ messageId: 'terms-unfiltered', data: { count: edges.length, reason: engine.reason } });
    ctx.metric('termEdgesUnfiltered', edges.length);
    return confirmed;
  }
  const rubric = loadRubric('edge-filter');
  const text = (e: PairedEntity): string => (e.proof ? `${e.statement}\n\nProof. ${e.proof}` : e.statement);
  let rejected = 0;
  await Promise.all(
    edges.map(async (edge) => {
      const from = byId.get(edge.from)!;
      const to = byId.get(edge.to)!;
      const inputs = {
        fromKind: from.kind,
        fromId: from.id,
        fromText: from.statement,
        toKind: to.kind,
        toId: to.id,
        toText: text(to),
        term: edge.cue,
      };
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
      else rejected++;
    }),
  );
  ctx.metric('termEdgesConfirmed', confirmed.size);
  ctx.metric('termEdgesRejected', rejected);
  return confirmed;
}

export interface CrossfileReuseOptions {
  /** Report only dependencies between entities of different files, or of unknown files (all are still checked and counted). */
  crossFileOnly?: boolean;
}

/** Checks every stated or confirmed dependency against the reference graph. */
export async function run(ctx: AuditContext, options: CrossfileReuseOptions = {}): Promise<void> {
  const entities = await ctx.entities();
  const project = await ctx.project();
  const byId = new Map(entities.map((e) => [e.id, e]));
  const edges = dependencyEdges(entities);
  const terms = edges.filter((e) => e.source === 'term');
  const confirmed = await confirmTerms(ctx, terms, byId);
  const checked = edges.filter((e) => e.source !== 'term' || confirmed.has(e));
  for (const e of terms) if (!confirmed.has(e)) ctx.dependency({ from: e.from, to: e.to, source: e.source, status: 'unconfirmed' });
  const notations = notationReferences(project, projectNotations(project, sourceByPath(project)));
  const namespaces = namespaceComponents(project);
  let reflected = 0;
  let unreflected = 0;
  let unproved = 0;
  let crossFile = 0;
  let notCheckable = 0;
  let instancesOnly = 0;
  for (const edge of checked) {
    const from = byId.get(edge.from)!;
    const to = byId.get(edge.to)!;
    const check = { from: edge.from, to: edge.to, source: edge.source };
    if (from.decls.length === 0 || to.decls.length === 0) {
      notCheckable++;
      ctx.dependency({ ...check, status: 'not-checkable' });
      continue;
    }
    const fromNames = new Set(from.decls.map((d) => d.fullName));
    const starts = to.decls.map((d) => d.fullName);
    const targets = targetsOf(from, project, notations);
    if (reaches(project, notations, starts, targets) || usesByFieldNotation(project, namespaces, starts, [...fromNames])) {
      reflected++;
      ctx.dependency({ ...check, status: 'reflected' });
      continue;
    }
    // Lean uses an instance without naming it: no source reference can show that B does or does not.
    if (from.decls.every((d) => d.kind === 'instance')) {
      notCheckable++;
      instancesOnly++;
      ctx.dependency({ ...check, status: 'not-checkable' });
      continue;
    }
    const notProved = to.decls.every((d) => d.hasSorry);
    ctx.dependency({ ...check, status: notProved ? 'unreflected-unproved' : 'unreflected' });
    if (notProved) unproved++;
    else unreflected++;
    const across = from.location !== undefined && to.location !== undefined && from.location.file !== to.location.file;
    if (across && !notProved) crossFile++;
    // Left out only when both places are known to be one file.
    else if (options.crossFileOnly === true && from.location !== undefined && to.location !== undefined && !across) continue;
    ctx.report({
      messageId: notProved ? 'unreflected-unproved' : 'unreflected',
      entityId: to.id,
      ...(to.location ? { location: to.location } : {}),
      data: {
        to: to.id,
        from: from.id,
        how: how(edge, confirmed.get(edge)),
        toDecls: to.decls.map((d) => d.fullName).join(', '),
        fromDecls: [...fromNames].join(', '),
      },
      evidence: { from: from.id, source: edge.source, part: edge.part, ...(edge.cue ? { cue: edge.cue } : {}), crossFile: across },
      related: [
        ...(from.location ? [{ location: from.location, message: `${from.id}, depended on` }] : []),
        ...from.decls.flatMap((d) => (d.location ? [{ location: d.location, message: `Lean declaration ${d.fullName}` }] : [])),
      ],
    });
  }
  ctx.metric('edges', edges.length);
  for (const source of ['uses', 'citation', 'term'] as const) ctx.metric(`${source}Edges`, edges.filter((e) => e.source === source).length);
  ctx.metric('checked', reflected + unreflected + unproved);
  ctx.metric('reflected', reflected);
  ctx.metric('unreflected', unreflected);
  ctx.metric('unreflectedUnproved', unproved);
  ctx.metric('unreflectedCrossFile', crossFile);
  ctx.metric('notCheckable', notCheckable);
  ctx.metric('notCheckableInstances', instancesOnly);
}

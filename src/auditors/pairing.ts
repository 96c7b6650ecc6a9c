/**
 * pairing — how the informal source's entities pair with the project's Lean declarations.
 *
 * What it checks: Lean names that match no declaration (what leanblueprint's `checkdecls` checks,
 * without building Lean: the project's sources, then the checked-out sources of its Lake
 * dependencies, so an upstreamed name is told apart from a dangling one and a `\mathlibok` name
 * Mathlib does not declare is caught) or match several; blueprint names that only end a project declaration's name (`\lean{}` takes full
 * names: `countableInfClosure` is not `IsCompactSystem.countableInfClosure`); `\leanok` (or status `proved`) claimed while the Lean proof contains `sorry`; entities
 * with no Lean name; one declaration claimed by several entities; `\uses` of unknown labels;
 * unknown `\lean…` markers; and what the extractor could not parse. Metrics: entities, with Lean
 * names, found, proof-complete.
 *
 * Why it matters: every semantic check starts from these pairs. A dangling name or a green
 * `\leanok` over a `sorry` makes a blueprint's progress figures wrong before any judge runs.
 *
 * Example: `\begin{lemma}\lean{Foo.bar}\leanok … \end{lemma}` with `theorem Foo.bar … := sorry`
 * → `leanok-sorry` on the lemma.
 */

import { extractAndPair } from '../../extractors/index.js';
import { coverage, provedClaim, sharedDecls } from '../../extractors/pairing.js';
import type { AuditContext, AuditorMeta } from '../core/types.js';
import { LEAN_CORE, sourceRoots } from '../lean/resolve/dependency-names.js';
import { lakePackages } from '../lean/workspace/packages.js';
import type { PairedEntity, UnresolvedName } from '../model/entity.js';
import type { Location } from '../model/location.js';

export const meta: AuditorMeta = {
  id: 'pairing',
  description: 'pairs informal entities (LaTeX or Verso blueprint, Markdown, docstrings, status JSON) with Lean declarations',
  rules: {
    'not-found': {
      message: '{{entity}}: Lean name `{{name}}` matches no declaration in {{searched}}',
      severity: 'warning',
      docs: {
        what: 'A Lean name the informal source gives (`\\lean{…}`, a status record, a docstring) matches no declaration of the project, nor of the checked-out dependencies. While a package the manifest pins is not checked out, only names under the project’s own root namespaces are reported so (the others are one `dependencies-absent` for the run).',
        why: 'A dangling name pairs the entity with nothing: its progress mark and every judgement of it are wrong until the name is fixed.',
        example: '\\begin{lemma}\\lean{Foo.bar_le}\\leanok …  % no Foo.bar_le in the sources',
      },
    },
    ambiguous: {
      message: '{{entity}}: Lean name `{{name}}` is ambiguous: {{candidates}}',
      severity: 'warning',
      docs: {
        what: 'A Lean name that matches several declarations (a trailing name several namespaces share).',
        why: 'The entity cannot be paired with one declaration; judges would read the wrong one.',
        example: '\\lean{add_le}  % Foo.add_le and Bar.add_le',
      },
    },
    'not-full-name': {
      message:
        "{{entity}}: `{{name}}` is not the full name of a project declaration ({{rule}}); the project's declarations ending with it: {{candidates}}",
      severity: 'warning',
      docs: {
        what: "A blueprint or Verso name that only ends a declaration's full name: `\\lean{}` and `(lean := …)` take full names, as `checkdecls` does.",
        why: "leanblueprint's own check fails on it, and the blueprint's dependency graph shows the entity as not formalized.",
        example: '\\lean{countableInfClosure}  % the declaration is IsCompactSystem.countableInfClosure',
      },
    },
    'leanok-sorry': {
      message: '{{entity}} is marked {{claim}} but `{{decl}}` contains sorry',
      severity: 'error',
      docs: {
        what: 'An entity marked as proved in Lean (`\\leanok` on its proof, or status `proved`) whose Lean declaration contains `sorry`.',
        why: "The blueprint's progress is overstated: a green node over an unfinished proof.",
        example: '\\begin{proof}\\leanok … \\end{proof}  % theorem Foo.bar … := sorry',
      },
    },
    'no-lean-name': {
      message: '{{entity}} ({{kind}}) names no Lean declaration',
      severity: 'info',
      docs: {
        what: 'An entity of the informal source that names no Lean declaration.',
        why: 'It cannot be checked or judged; often a statement not yet formalized, which is information, not a fault.',
        example: '\\begin{definition}\\label{def:group} … \\end{definition}  % no \\lean',
      },
    },
    'shared-decl': {
      message: '`{{decl}}` is claimed by {{count}} entities: {{entities}}',
      severity: 'info',
      docs: {
        what: 'One Lean declaration claimed by several entities with different labels.',
        why: 'Worth a look (a `\\lean{}` copied onto the wrong entity), but mostly intended: a theorem gathering its parts and each part stated alone, a restatement, a definition with the fact that it is well defined; the judges decide whether each statement is formalized.',
        example: '`thm.deriv.rules` and `lem.deriv.rules.a` both `\\lean{derivative_add}`',
      },
    },
    'unknown-use': {
      message: '{{entity}} uses `{{label}}`, which labels no entity',
      severity: 'warning',
      docs: {
        what: "A `\\uses{…}` (or a status record's `uses`) naming a label no entity has.",
        why: 'The dependency graph has a dangling edge, and cross-file reuse cannot check that dependency.',
        example: '\\uses{lem:typo}',
      },
    },
    'unknown-marker': {
      message: 'marker \\{{marker}} is not a leanblueprint macro ({{count}}, first in {{entity}}); kept, not interpreted',
      severity: 'info',
      docs: {
        what: "A `\\lean…` macro that is not one of leanblueprint's; it is kept, not interpreted. One finding per macro, with the number of uses and their places.",
        why: 'A misspelt marker (`\\leanOk`) silently means nothing to leanblueprint.',
        example: '\\leanOk',
      },
    },
    'source-problem': {
      message: '{{message}}',
      severity: 'warning',
      docs: {
        what: 'A problem the extractor met in the informal source (a LaTeX or Markdown construct it could not read, a malformed status record, an `\\input` that leads outside the repository), with file:line.',
        why: 'Entities there may be missing or wrong; the rest are still read.',
        example: '\\input{../../secret}',
      },
    },
    'source-candidate': {
      message: '{{source}} ({{files}}; {{entities}} entities pairing {{decls}} declarations): {{outcome}}: {{reason}}',
      severity: 'info',
      docs: {
        what: 'An informal source `auto` found beside the one it read: combined with it (a Markdown textbook and the Lean docstrings, which number items alike) or left out, with the reason.',
        why: 'A repository may hold a blueprint, Markdown notes and docstrings at once; reading the wrong one (an agent’s design notes instead of the docstrings) silently changes every audit that rests on the entities.',
        example: '`design.md` with a "Problem 1" and no pairing → left out: its entities pair with no Lean declaration',
      },
    },
    'in-dependency': {
      message: '{{entity}}: `{{name}}` is declared in {{package}} ({{file}}:{{line}}), not in the project{{advice}}',
      severity: 'info',
      docs: {
        what: 'A Lean name found not in the project but in a checked-out dependency (Mathlib, Batteries, ...).',
        why: "The result was probably upstreamed: marking the entity `\\mathlibok` says so, and keeps it out of the project's own counts.",
        example: '\\lean{Nat.succ_le_iff}  % declared in Mathlib',
      },
    },
    'mathlibok-not-found': {
      message:
        '{{entity}} is marked \\mathlibok, but no declaration in the checked-out Mathlib sources ({{dir}}) makes `{{name}}`: renamed or deprecated upstream, or a typo?',
      severity: 'warning',
      docs: {
        what: 'An entity marked `\\mathlibok` whose name no declaration of the checked-out Mathlib sources makes.',
        why: 'The name was renamed or deprecated upstream, or has a typo: the claim that Mathlib has it is unchecked.',
        example: '\\lean{Nat.old_name}\\mathlibok',
      },
    },
    'anonymous-instance': {
      message:
        '{{entity}}: `{{name}}` reads like the name Lean gives an anonymous instance; the project declares such instances of that class in that namespace ({{places}}), named only when Lean elaborates them, so the name is not checked here',
      severity: 'info',
      docs: {
        what: 'A name that reads like one Lean gives an anonymous instance (`instFooBar`); the project declares such instances there, named only when Lean elaborates them, so it is not checked.',
        why: 'Without elaborating Lean the name cannot be confirmed or refuted; the finding says why it is not counted as not found.',
        example: '\\lean{Foo.instAddFoo}  % instance : Add Foo := …',
      },
    },
    'dependencies-absent': {
      message:
        '{{count}} Lean name(s) found nowhere in the project (e.g. {{examples}}) were not looked up in {{packages}}: lake-manifest.json pins these packages, but their sources are not checked out ({{where}}); `lake exe cache get` or `lake update` fetches them',
      severity: 'info',
      docs: {
        what: 'Lean names of the informal source that no project declaration makes, outside the project’s own namespaces, when a package lake-manifest.json pins is not checked out: one finding for the run, with every name and entity in its evidence and related places.',
        why: 'A fresh CI checkout has no `.lake/packages`: the names may well be Mathlib’s, so a warning each would be wrong; the names under the project’s own namespaces are still `not-found` warnings.',
        example: '`\\lean{Metric.dense_iff_iUnion_ball}` with no `.lake/packages/mathlib` → one `dependencies-absent` naming it',
      },
    },
  },
  needs: ['entities'],
};

/** Last name components Lean or Mathlib generate rather than anyone writing them: not looked for in sources. */
const GENERATED = /^(?:inst[A-Z].*|ext_iff|ext|injEq|inj|mk|rec|recOn|casesOn|noConfusion|eq_def|eq_\d+|sizeOf_spec|.*_apply)$/;

/** Whether `name` is one Lean or a Mathlib attribute generates (an anonymous instance, `ext_iff`, a `simps` lemma…). */
function looksGenerated(name: string): boolean {
  return GENERATED.test(name.slice(name.lastIndexOf('.') + 1));
}

/** Where unresolved names were looked up: the sources searched (for messages), and Mathlib's checked-out folder. */
interface Lookup {
  searched: string;
  mathlibDir: string | undefined;
  /** Some package lake-manifest.json pins is not checked out: a name found nowhere may be its. */
  dependenciesAbsent: boolean;
  /** The project's own root namespaces (its libraries and top-level modules): no dependency declares under them. */
  ownRoots: Set<string>;
}

/** A name that could not be checked because the dependencies that may declare it are not checked out. */
interface Unverifiable {
  entity: PairedEntity;
  name: string;
}

/**
 * Reports one name that resolved to no project declaration (or to several); returns it when no
 * source read declares it and a dependency not checked out still may, so that the run reports such
 * names once, not a warning each.
 */
function reportUnresolved(
  ctx: AuditContext,
  entity: PairedEntity,
  { leanName, candidates, declaredIn, anonymousInstances }: UnresolvedName,
  lookup: Lookup,
): Unverifiable | undefined {
  const unverifiable = { entity, name: leanName };
  const base = { entityId: entity.id, ...(entity.location ? { location: entity.location } : {}) };
  const blueprint = entity.origin === 'blueprint';
  if (entity.flags.mathlibok && blueprint) {
    if (declaredIn || candidates.length > 0) return undefined;
    if (!lookup.mathlibDir) return unverifiable;
    if (!looksGenerated(leanName))
      ctx.report({ ...base, messageId: 'mathlibok-not-found', data: { entity: entity.id, name: leanName, dir: lookup.mathlibDir } });
    return undefined;
  }
  if (declaredIn) {
    const advice = blueprint ? ': mark the entity \\mathlibok if it was upstreamed' : '';
    const related = [
      {
        location: { file: declaredIn.file, line: declaredIn.line },
        message: `${leanName} is declared here${declaredIn.from ? ` (made by ${declaredIn.from})` : ''}`,
      },
    ];
    const data = { entity: entity.id, name: leanName, package: declaredIn.package, file: declaredIn.file, line: declaredIn.line, advice };
    ctx.report({ ...base, messageId: 'in-dependency', data, evidence: { ...declaredIn }, related });
  } else if (anonymousInstances && anonymousInstances.length > 0) {
    const data = { entity: entity.id, name: leanName, places: anonymousInstances.join(', ') };
    ctx.report({ ...base, messageId: 'anonymous-instance', data, evidence: { anonymousInstances } });
  } else if ((blueprint || entity.origin === 'verso') && candidates.length > 0) {
    const rule = blueprint
      ? '`\\lean{}` takes full names, as checkdecls does'
      : "VersoBlueprint's `(lean := …)` names Lean constants by their full names";
    ctx.report({
      ...base,
      messageId: 'not-full-name',
      data: { entity: entity.id, name: leanName, rule, candidates: candidates.join(', ') },
      evidence: { candidates },
    });
  } else if (candidates.length > 1) {
    ctx.report({
      ...base,
      messageId: 'ambiguous',
      data: { entity: entity.id, name: leanName, candidates: candidates.join(', ') },
      evidence: { candidates },
    });
  } else if (!entity.flags.mathlibok) {
    const root = leanName.replace(/^_root_\./, '').split('.')[0]!;
    if (lookup.dependenciesAbsent && !lookup.ownRoots.has(root)) return unverifiable;
    ctx.report({ ...base, messageId: 'not-found', data: { entity: entity.id, name: leanName, searched: lookup.searched } });
  }
  return undefined;
}

/** The project's root namespaces: its libraries and the first component of its modules. */
async function ownRoots(ctx: AuditContext): Promise<Set<string>> {
  try {
    const project = await ctx.project();
    return new Set([...project.libraries, ...project.files.map((f) => f.module.split('.')[0]!)]);
  } catch {
    return new Set();
  }
}

/** Reports the pairing findings and the coverage metrics. */
export async function run(ctx: AuditContext): Promise<void> {
  const entities = await ctx.entities();
  const { problems, candidates = [] } = await extractAndPair(ctx);
  const packages = lakePackages(ctx.root);
  const absent = packages.filter((p) => !p.present);
  const searchedToo = sourceRoots(ctx.root).map((r) =>
    r.name === LEAN_CORE ? `${LEAN_CORE} (the installed toolchain's sources)` : r.name,
  );
  const lookup: Lookup = {
    searched:
      searchedToo.length > 0 ? `the project sources or the checked-out sources of ${searchedToo.join(', ')}` : 'the project sources',
    mathlibDir: packages.find((p) => p.present && p.name === 'mathlib')?.dir,
    dependenciesAbsent: absent.length > 0,
    ownRoots: await ownRoots(ctx),
  };
  const unverifiable: Unverifiable[] = [];
  for (const problem of problems) {
    ctx.report({
      messageId: 'source-problem',
      data: { message: problem.message },
      location: problem.location,
      evidence: { problem: problem.messageId },
    });
  }
  const chosen = candidates.find((c) => c.outcome === 'chosen');
  for (const candidate of candidates.filter((c) => c.outcome !== 'chosen')) {
    const files =
      candidate.files.length > 3
        ? `${candidate.files.slice(0, 3).join(', ')} and ${candidate.files.length - 3} more`
        : candidate.files.join(', ');
    ctx.report({
      messageId: 'source-candidate',
      data: {
        source: candidate.source,
        files,
        entities: candidate.entities,
        decls: candidate.pairedDecls,
        outcome: candidate.outcome === 'combined' ? `combined with the ${chosen?.source}` : `not read (the ${chosen?.source} is)`,
        reason: candidate.reason ?? '',
      },
      // What the finding is about is the source: one file, or (docstrings, a blueprint's chapters) the source as a whole,
      // so that moving a Lean file keeps it known to a baseline.
      entityId: candidate.files.length === 1 ? `${candidate.source} ${candidate.files[0]}` : candidate.source,
      ...(candidate.files.length === 1 ? { location: { file: candidate.files[0]!, line: 1 } } : {}),
      evidence: { ...candidate },
    });
  }
  const labels = new Set(entities.map((e) => e.id));
  const markerUses = new Map<
    string,
    { entity: (typeof entities)[number]; location: Location | undefined; argument: string | undefined }[]
  >();
  for (const entity of entities) {
    const at = entity.location ? { location: entity.location } : {};
    const base = { entityId: entity.id, ...at };
    if (entity.leanNames.length === 0) {
      ctx.report({ ...base, messageId: 'no-lean-name', data: { entity: entity.id, kind: entity.kind } });
    }
    for (const name of entity.unresolved) {
      const unchecked = reportUnresolved(ctx, entity, name, lookup);
      if (unchecked) unverifiable.push(unchecked);
    }
    const claimed = provedClaim(entity);
    for (const decl of claimed ? entity.decls.filter((d) => d.hasSorry) : []) {
      ctx.report({
        ...base,
        messageId: 'leanok-sorry',
        data: { entity: entity.id, claim: claimed!, decl: decl.fullName },
        ...(decl.location ? { related: [{ location: decl.location, message: `${decl.fullName} contains sorry` }] } : {}),
      });
    }
    for (const label of new Set([...entity.uses, ...(entity.proofUses ?? [])])) {
      if (!labels.has(label)) ctx.report({ ...base, messageId: 'unknown-use', data: { entity: entity.id, label } });
    }
    for (const marker of entity.markers ?? []) {
      const uses = markerUses.get(marker.name) ?? [];
      uses.push({ entity, location: marker.location ?? entity.location, argument: marker.argument });
      markerUses.set(marker.name, uses);
    }
  }
  // One finding per macro: a project's own macro is used on many entities, and one finding each drowned the report.
  for (const [marker, uses] of markerUses) {
    const [first, ...rest] = uses;
    ctx.report({
      entityId: first!.entity.id,
      ...(first!.location ? { location: first!.location } : {}),
      messageId: 'unknown-marker',
      data: { entity: first!.entity.id, marker, count: uses.length === 1 ? 'used once' : `used ${uses.length} times` },
      // The first few places as related locations (a reporter prints each); every entity is in the evidence.
      related: rest.slice(0, 9).flatMap((u) => (u.location ? [{ location: u.location, message: `\\${marker} in ${u.entity.id}` }] : [])),
      evidence: {
        count: uses.length,
        entities: uses.map((u) => u.entity.id),
        ...(uses.some((u) => u.argument !== undefined) ? { arguments: uses.map((u) => u.argument ?? null) } : {}),
      },
    });
  }
  for (const [decl, claimants] of sharedDecls(entities)) {
    // One label written twice claims its declarations twice: that is the duplicate label source-problem reports.
    if (new Set(claimants.map((c) => c.id)).size < 2) continue;
    ctx.report({
      messageId: 'shared-decl',
      entityId: claimants[0]!.id,
      ...(claimants[0]!.location ? { location: claimants[0]!.location } : {}),
      data: { decl, count: claimants.length, entities: claimants.map((c) => c.id).join(', ') },
      related: claimants.slice(1).flatMap((c) => (c.location ? [{ location: c.location, message: `also claimed by ${c.id}` }] : [])),
    });
  }
  if (unverifiable.length > 0 && absent.length > 0) {
    const listed = absent
      .slice(0, 3)
      .map((p) => (p.reason ? `${p.name} (${p.dir}: ${p.reason})` : p.name))
      .join(', ');
    const names = absent.length > 3 ? `${listed} and ${absent.length - 3} more` : listed;
    const where = [...new Set(absent.map((p) => p.dir.slice(0, Math.max(0, p.dir.lastIndexOf('/'))) || p.dir))].join(', ');
    const examples = [...new Set(unverifiable.map((u) => u.name))];
    ctx.report({
      messageId: 'dependencies-absent',
      data: {
        count: unverifiable.length,
        packages: names,
        where: `looked for under ${where}`,
        examples: examples
          .slice(0, 3)
          .map((n) => `\`${n}\``)
          .join(', '),
      },
      location: { file: 'lake-manifest.json', line: 1 },
      evidence: { names: unverifiable.map((u) => ({ entity: u.entity.id, name: u.name })) },
      related: unverifiable.flatMap((u) =>
        u.entity.location ? [{ location: u.entity.location, message: `${u.entity.id}: \`${u.name}\`` }] : [],
      ),
    });
  }
  for (const [name, value] of Object.entries(coverage(entities))) ctx.metric(name, value);
  ctx.metric('problems', problems.length);
}

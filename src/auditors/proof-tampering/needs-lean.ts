/**
 * What the text cannot decide, and the Lean check that would: a `partial` or `@[implemented_by]`
 * definition (the kernel sees an opaque constant, or a logical definition the compiled code may
 * not match), an instance built on a project axiom (a theorem reaches the axiom through instance
 * resolution, never by name), an inductive type whose constructor takes a function out of the type
 * itself (the kernel rejects a non-positive type; only a replay tells whether it was added anyway),
 * a bodiless `opaque`, a hypothesis `[Fact False]`. Each finding names the check, for the REPL or
 * the user to run.
 */
import type { FindingInput, LeanCheck } from '../../core/types.js';
import type { LeanDecl, LeanFile, LeanProject } from '../../model/lean.js';

const printAxioms = (decl: LeanDecl): LeanCheck => ({ kind: 'print-axioms', command: `#print axioms ${decl.fullName}` });
const leanchecker = (file: LeanFile): LeanCheck => ({ kind: 'leanchecker', command: `lake env leanchecker ${file.module}` });

/** Why the text cannot decide a declaration, and the check that can. */
function undecided(
  decl: LeanDecl,
  file: LeanFile,
  project: LeanProject,
  proved: ReadonlySet<string>,
): { why: string; check: LeanCheck } | undefined {
  // Programs (batteries, aesop) use `partial`, `implemented_by` and `opaque` by design; they matter where a theorem is about them.
  if (
    !proved.has(decl.fullName) &&
    (decl.modifiers.includes('partial') || decl.kind === 'opaque' || decl.attributes.some((a) => /^implemented_by\b/.test(a)))
  )
    return undefined;
  if (decl.modifiers.includes('partial'))
    return { why: 'is `partial`: the kernel sees an opaque constant, and only compiled code runs its equations', check: printAxioms(decl) };
  if (decl.attributes.some((a) => /^implemented_by\b/.test(a)))
    return { why: 'is `@[implemented_by]`: compiled code may differ from the definition the kernel checks', check: printAxioms(decl) };
  if (decl.kind === 'instance') {
    const axiom = decl.references.find((name) => project.decls.get(name)?.kind === 'axiom');
    if (axiom !== undefined)
      return {
        why: `is an instance built on the axiom \`${axiom}\`: theorems reach it through instance resolution, never by name`,
        check: printAxioms(decl),
      };
  }
  if (decl.kind === 'inductive' && nonPositive(decl))
    return {
      why: 'takes a function out of the type itself in a constructor: the kernel rejects such a type, unless it was added unchecked',
      check: leanchecker(file),
    };
  if (decl.kind === 'opaque' && decl.body === undefined && !decl.attributes.some((a) => /^(implemented_by|extern)\b/.test(a)))
    return {
      why: 'is an `opaque` constant without a value: whether anything proved rests on it is for Lean to list',
      check: printAxioms(decl),
    };
  if (/\bFact\s+False\b/.test(decl.header)) return { why: 'assumes `Fact False`: everything follows from it', check: printAxioms(decl) };
  return undefined;
}

/** A constructor argument `(… T … → …)` of inductive `T`: the type in negative position. */
function nonPositive(decl: LeanDecl): boolean {
  const name = decl.name.slice(decl.name.lastIndexOf('.') + 1);
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`\\(\\s*[^()]*\\b${escaped}\\b[^()]*→`).test(decl.body ?? '');
}

/** The declarations some theorem, lemma or example of the project uses. */
function usedByProofs(project: LeanProject): Set<string> {
  const used = new Set<string>();
  for (const file of project.files)
    for (const decl of file.decls)
      if (decl.kind === 'theorem' || decl.kind === 'lemma' || decl.kind === 'example') for (const name of decl.references) used.add(name);
  return used;
}

export function needsLean(project: LeanProject): FindingInput[] {
  const found: FindingInput[] = [];
  const proved = usedByProofs(project);
  for (const file of project.files) {
    for (const decl of file.decls) {
      const why = undecided(decl, file, project, proved);
      if (why === undefined) continue;
      found.push({
        messageId: 'needs-lean',
        data: { decl: decl.fullName, why: why.why, command: why.check.command },
        entityId: decl.fullName,
        ...(decl.location ? { location: decl.location } : {}),
        evidence: { check: why.check },
      });
    }
  }
  return found;
}

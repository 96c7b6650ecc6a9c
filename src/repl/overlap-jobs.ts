/** File jobs that elaborate each file declaration by declaration and run the exact? probe on chosen theorems. */
import { readLeanSource } from '../lean/project.js';
import { isTheoremKind } from '../lean/syntax/names.js';
import type { LeanDecl, LeanProject } from '../model/lean.js';
import { EnvChain } from './chain.js';
import { type ProbeOptions, type ProbeResult, probeTheorem } from './exact-probe.js';
import { planFile } from './file-plan.js';
import type { FileJob } from './pool.js';

export interface Probed {
  decl: LeanDecl;
  result: ProbeResult;
}

/** True for a declaration the exact? probe applies to: a theorem or lemma outside a mutual block. */
export const isProbeable = (decl: LeanDecl): boolean => isTheoremKind(decl.kind) && !decl.mutual;

/** One job per file holding a selected theorem; the file's other declarations are only elaborated. */
export function overlapJobs(project: LeanProject, options: ProbeOptions, selected: (decl: LeanDecl) => boolean): FileJob<Probed[]>[] {
  const jobs: FileJob<Probed[]>[] = [];
  for (const file of project.files) {
    const chosen = file.decls.filter((d) => isProbeable(d) && selected(d));
    if (chosen.length === 0) continue;
    const text = readLeanSource(project, file);
    if (text === undefined) continue;
    const plan = planFile(text, file);
    jobs.push({
      id: file.path,
      header: plan.header,
      weight: chosen.length * 4 + plan.steps.length,
      async run(session) {
        const chain = new EnvChain(session);
        const probed: Probed[] = [];
        for (const step of plan.steps) {
          const [decl] = step.decls;
          if (step.decls.length === 1 && chosen.includes(decl!)) {
            if (step.before.trim()) await chain.extend(step.before);
            probed.push({ decl: decl!, result: await probeTheorem(chain, step, decl!, options) });
            await chain.extend(step.prefix + step.text);
          } else {
            await chain.extend(step.before + step.prefix + step.text);
          }
        }
        return probed;
      },
    });
  }
  return jobs;
}

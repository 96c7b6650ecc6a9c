/**
 * leanprover/comparator's configuration, `comparator_config.json` at the project root: the
 * challenge module stating the theorems (with `sorry`), the solution module proving them, the
 * theorem and definition-hole names comparator checks, and the axioms a solution may use.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { READ_LIMITS, readRepoText } from '../../core/repo-file.js';

/** comparator's configuration file, at the project root. */
export const COMPARATOR_CONFIG = 'comparator_config.json';

export interface ComparatorConfig {
  challenge: string;
  solution?: string;
  theorems: string[];
  definitions: string[];
  permittedAxioms: string[];
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** The configuration, if the file is there, readable and names a challenge module. */
export function readComparatorConfig(root: string): ComparatorConfig | undefined {
  if (!existsSync(join(root, COMPARATOR_CONFIG))) return undefined;
  try {
    const config = JSON.parse(readRepoText(root, COMPARATOR_CONFIG, READ_LIMITS.config)) as Record<string, unknown>;
    if (typeof config.challenge_module !== 'string') return undefined;
    return {
      challenge: config.challenge_module,
      ...(typeof config.solution_module === 'string' ? { solution: config.solution_module } : {}),
      theorems: strings(config.theorem_names),
      definitions: strings(config.definition_names),
      permittedAxioms: strings(config.permitted_axioms),
    };
  } catch {
    return undefined;
  }
}

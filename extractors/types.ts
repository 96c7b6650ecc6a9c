/** What every informal-source extractor produces and takes. */
import { REPO_PATH } from '../src/core/config-schema.js';
import type { JsonSchema } from '../src/core/types.js';
import type { Entity } from '../src/model/entity.js';
import type { LeanProject, SourceProblem } from '../src/model/lean.js';

/** The informal-source formats leanaudit reads. */
export type SourceKind = 'blueprint' | 'verso' | 'markdown' | 'docstring' | 'json';

export const SOURCE_KINDS: readonly SourceKind[] = ['blueprint', 'verso', 'markdown', 'docstring', 'json'];

/** One informal source found in the repository, and what `auto` made of it. */
export interface SourceCandidate {
  source: SourceKind;
  files: string[];
  entities: number;
  /** Distinct project declarations its entities pair with. */
  pairedDecls: number;
  outcome: 'chosen' | 'combined' | 'rejected';
  /** Why it was combined or left out. */
  reason?: string;
}

/** The entities one extractor found, the files it read and what it could not parse. */
export interface Extraction {
  source: SourceKind;
  entities: Entity[];
  /** Files read, relative to the repository root. */
  files: string[];
  problems: SourceProblem[];
  /** With `auto`: every source found, the one chosen first, and what became of the others. */
  candidates?: SourceCandidate[];
}

/** Inputs shared by the extractors; `project` is needed only where Lean code carries the informal text. */
export interface ExtractInput {
  /** Absolute path of the repository. */
  root: string;
  /** The `extract` section of the configuration, validated. */
  options: ExtractOptions;
  project?: LeanProject;
}

/** The `extract` section of `leanaudit.config.json`. */
export interface ExtractOptions {
  source?: SourceKind | 'auto';
  /** Blueprint entry file, relative to the repository (default: blueprint/src/web.tex, content.tex, print.tex). */
  blueprint?: string;
  /** Folder holding a Verso blueprint (VersoBlueprint chapters), relative to the repository (default: the whole repository). */
  verso?: string;
  /** Markdown files or folders, relative to the repository. */
  markdown?: string[];
  /** JSON file mapping markdown entity ids to Lean names. */
  mapping?: string;
  /** status-json file, relative to the repository (default: leanaudit.entities.json[l]). */
  json?: string;
}

/** The schema of the `extract` section (schemas/config.schema.json); `extractOptions` applies the same rules. */
export const EXTRACT_CONFIG_SCHEMA: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  description: 'which informal source `extract` and the pairing read, and where (docs/extractors.md)',
  properties: {
    source: { enum: ['auto', ...SOURCE_KINDS] },
    blueprint: { ...REPO_PATH, description: 'the blueprint LaTeX entry file' },
    verso: { ...REPO_PATH, description: 'the folder of a Verso blueprint' },
    markdown: { type: 'array', items: { ...REPO_PATH }, description: 'Markdown files or folders' },
    mapping: { ...REPO_PATH, description: 'JSON file mapping Markdown entity ids to Lean names' },
    json: { ...REPO_PATH, description: 'the status-json file' },
  },
};

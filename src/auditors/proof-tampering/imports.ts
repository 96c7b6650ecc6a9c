/**
 * Imports of modules the audit did not read: a file of the project on disk (under a hidden folder,
 * a root the lakefile names in a way the audit does not follow) that Lake builds and a read file
 * imports. Whatever it declares — a `sorry`, an axiom, an option — is in no count of the audit.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FindingInput } from '../../core/types.js';
import { hitAt } from './hit.js';
import type { FileCode } from './source.js';

/** The file a module name stands for under `root`, its components unquoted (`«.gen».Lemma` → `.gen/Lemma.lean`). */
const modulePath = (module: string): string =>
  `${(module.match(/«[^»]*»|[^.]+/g) ?? []).map((part) => part.replace(/[«»]/g, '')).join('/')}.lean`;

export function unreadImports(code: FileCode, root: string, read: ReadonlySet<string>): FindingInput[] {
  const found: FindingInput[] = [];
  const { tokens } = code;
  for (let i = 0; i + 1 < tokens.length; i++) {
    if (tokens[i]!.text !== 'import') continue;
    const module = tokens[i + 1]!.text;
    if (read.has(module)) continue;
    const path = modulePath(module);
    if (!existsSync(join(root, path))) continue;
    found.push(hitAt(code.path, tokens[i]!, 'unread-import', { module, path }, { module, path }));
  }
  return found;
}

/** `npm run docs`: writes the files generated from the source (see src/commands/docs.ts) and removes stale auditor pages. */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { generatedFiles } from '../src/commands/docs.js';
import { packageRoot } from '../src/core/paths.js';
import { AUDITOR_DOCS_DIR } from '../src/core/rule-docs.js';

const root = packageRoot();
const files = generatedFiles();
mkdirSync(join(root, AUDITOR_DOCS_DIR), { recursive: true });
for (const name of readdirSync(join(root, AUDITOR_DOCS_DIR))) {
  if (!files.has(`${AUDITOR_DOCS_DIR}/${name}`)) rmSync(join(root, AUDITOR_DOCS_DIR, name));
}
for (const [path, text] of files) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}
process.stdout.write(`leanaudit docs: wrote ${files.size} files\n`);

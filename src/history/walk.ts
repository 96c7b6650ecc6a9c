/**
 * Walks a repository's history from its git objects: the tree of the range's first commit, then
 * each commit's changes applied to it; each Lean file version is parsed once (by blob), so a commit
 * costs its changed files. A commit's record holds the per-file counts summed, and with `restingOn`
 * the transitive ones (declarations resting on a sorry or an axiom, theorems fully proved), for
 * which the references of the whole tree are linked again at each commit that changes a Lean file.
 */

import { Dependents } from '../auditors/proof-gaps/resting-on.js';
import { BlobReader, type CommitEntry, commitsOf, parentOf, type RangeOptions, treeOf } from '../core/git-objects.js';
import { linkReferences } from '../lean/resolve/references.js';
import { isTheoremKind } from '../lean/syntax/names.js';
import { moduleName } from '../lean/syntax/parser.js';
import { type Lakefile, type LeanLib, libraryModule, parseLakefileLean, parseLakefileToml } from '../lean/workspace/lakefile.js';
import type { HistoryRecord } from '../model/history.js';
import type { LeanDecl } from '../model/lean.js';
import { type FileFacts, fileFacts } from './file-facts.js';

export interface WalkOptions extends RangeOptions {
  /** Keep every n-th commit of the range (the first and the last always). */
  every?: number;
  /** Also the transitive counts, linking the tree's references at every commit that changes Lean. */
  restingOn?: boolean;
  signal?: AbortSignal;
  /** Hears how many of the commits kept have been read. */
  onProgress?: (done: number, total: number) => void;
}

const LAKEFILES = ['lakefile.toml', 'lakefile.lean'];

/** Whether a path is Lean source of the project: not a lakefile, not in a hidden folder (`.lake`, `.github`). */
const isLeanSource = (path: string): boolean =>
  path.endsWith('.lean') && path !== 'lakefile.lean' && !path.split('/').some((part) => part.startsWith('.'));

/** The records of the commits of a range of the repository at `dir`, oldest first. */
export async function walkHistory(dir: string, options: WalkOptions = {}): Promise<HistoryRecord[]> {
  const commits = commitsOf(dir, options);
  if (commits.length === 0) return [];
  const kept = keptCommits(commits, options.every ?? 1);
  const base = parentOf(dir, commits[0]!.hash);
  const tree = base === undefined ? new Map<string, string>() : treeOf(dir, base);
  const reader = new BlobReader(dir);
  const facts = new Map<string, FileFacts>();
  const lakefiles = new Map<string, Lakefile | undefined>();
  const records: HistoryRecord[] = [];
  // The transitive counts of the last commit kept, and whether a Lean file changed since.
  let transitive: Record<string, number> | undefined;
  let leanChanged = true;
  // The file versions read since the references were last linked: only theirs are linked again.
  let unlinked = new Set<FileFacts>();
  try {
    for (const commit of commits) {
      options.signal?.throwIfAborted();
      for (const { path, blob } of commit.changes) {
        if (blob === undefined) tree.delete(path);
        else tree.set(path, blob);
        if (isLeanSource(path) || LAKEFILES.includes(path)) leanChanged = true;
      }
      if (!kept.has(commit.hash)) continue;
      const libs = (await lakefileOf(tree, reader, lakefiles))?.libs ?? [];
      const current: { key: string; blob: string; path: string; module: string }[] = [];
      for (const [path, blob] of tree) {
        if (!isLeanSource(path)) continue;
        const place = libs.length > 0 ? libraryModule(path, libs) : { module: moduleName(path) };
        if (place !== undefined) current.push({ key: `${blob} ${path}`, blob, path, module: place.module });
      }
      // The new versions are asked for all at once: git answers them in one stream, not one round trip each.
      const fresh = current.filter(({ key }) => !facts.has(key));
      const contents = await Promise.all(fresh.map(({ blob }) => reader.read(blob)));
      fresh.forEach(({ key, path, module }, i) => {
        const read = fileFacts(contents[i] ?? Buffer.alloc(0), path, module);
        facts.set(key, read);
        unlinked.add(read);
      });
      const files = current.map(({ key }) => facts.get(key)!);
      const metrics = summed(files);
      if (options.restingOn) {
        if (leanChanged || transitive === undefined) {
          transitive = transitiveCounts(files, transitive === undefined ? undefined : unlinked);
          unlinked = new Set();
        }
        Object.assign(metrics, transitive);
        leanChanged = false;
      }
      records.push(recordOf(commit, metrics));
      options.onProgress?.(records.length, kept.size);
      // Lets an abort (Ctrl-C) and the progress line through between commits.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  } finally {
    reader.close();
  }
  return records;
}

/** The hashes of the commits kept: every n-th, and the first and the last. */
function keptCommits(commits: CommitEntry[], every: number): Set<string> {
  const step = Math.max(1, Math.floor(every));
  return new Set(commits.filter((_, i) => i % step === 0 || i === commits.length - 1).map((c) => c.hash));
}

/** The lakefile of a tree (toml preferred, as Lake does), read once per version. */
async function lakefileOf(
  tree: Map<string, string>,
  reader: BlobReader,
  seen: Map<string, Lakefile | undefined>,
): Promise<{ libs: LeanLib[] } | undefined> {
  for (const name of LAKEFILES) {
    const blob = tree.get(name);
    if (blob === undefined) continue;
    if (!seen.has(blob)) {
      const text = (await reader.read(blob))?.toString('utf8') ?? '';
      try {
        seen.set(blob, name.endsWith('.toml') ? parseLakefileToml(text) : parseLakefileLean(text));
      } catch {
        seen.set(blob, undefined);
      }
    }
    return seen.get(blob);
  }
  return undefined;
}

/** The per-file counts of a tree, summed. */
function summed(files: FileFacts[]): Record<string, number> {
  const metrics: Record<string, number> = { files: files.length, declarations: 0, theorems: 0, 'declarations-with-sorry': 0 };
  for (const facts of files) {
    metrics.declarations! += facts.file.decls.length;
    metrics.theorems! += facts.file.decls.filter((decl) => isTheoremKind(decl.kind)).length;
    metrics['declarations-with-sorry']! += facts.sorried.length;
    for (const [kind, count] of facts.gaps) metrics[kind] = (metrics[kind] ?? 0) + count;
  }
  return metrics;
}

/**
 * The declarations resting on a sorry or an axiom through the tree's references, and the theorems
 * fully proved. With `unlinked`, only those files' references are linked again: an unchanged file
 * keeps those it had, which differ only where another file added a declaration its text names.
 */
function transitiveCounts(files: FileFacts[], unlinked?: ReadonlySet<FileFacts>): Record<string, number> {
  const leanFiles = files.map((facts) => facts.file);
  linkReferences(leanFiles, unlinked && new Set([...unlinked].map((facts) => facts.file)));
  const dependents = new Dependents(leanFiles);
  const sorried = new Set(files.flatMap((facts) => facts.sorried));
  const axioms = new Set(files.flatMap((facts) => facts.axioms));
  const onSorry = dependents.restingOn(sorried);
  const onAxiom = dependents.restingOn(axioms);
  const unfinished = new Set<LeanDecl>([...sorried, ...axioms, ...onSorry, ...onAxiom]);
  const theorems = leanFiles.flatMap((file) => file.decls.filter((decl) => isTheoremKind(decl.kind)));
  return {
    'resting-on-sorry': onSorry.length,
    'resting-on-axiom': onAxiom.length,
    'theorems-fully-proved': theorems.filter((decl) => !unfinished.has(decl)).length,
  };
}

function recordOf(commit: CommitEntry, metrics: Record<string, number>): HistoryRecord {
  return { commit: commit.hash, time: new Date(commit.time * 1000).toISOString(), subject: commit.subject, metrics };
}

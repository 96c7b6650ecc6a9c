/**
 * A repository's history read from its git objects, never checked out: the commits of a range with
 * the files each changed (one `git log --raw`), a commit's tree (`git ls-tree`), and blobs by hash
 * through one long-lived `git cat-file --batch`. The repository is untrusted: git is called so that
 * nothing it configures runs (no hooks, filters, textconv, external diff, signature check, fsmonitor,
 * replace objects), and only commands that read objects.
 */
import { execFileSync, spawn } from 'node:child_process';

/** Settings that keep a repository's own configuration from running anything. */
const SAFE_CONFIG = [
  'core.fsmonitor=false',
  'core.hooksPath=/dev/null',
  'diff.external=',
  'log.showSignature=false',
  'gpg.program=false',
  'protocol.allow=never',
].flatMap((setting) => ['-c', setting]);

const SAFE_ENV = {
  GIT_TERMINAL_PROMPT: '0',
  GIT_OPTIONAL_LOCKS: '0',
  GIT_NO_REPLACE_OBJECTS: '1',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_EXTERNAL_DIFF: '',
  GIT_PAGER: 'cat',
};

/** The largest output a listing may give (a history of many commits with their changed files). */
const MAX_LISTING_BYTES = 512 * 1024 * 1024;

/** Runs a read-only git command in `dir` and returns its output; throws with git's message when it fails. */
function git(dir: string, args: string[]): string {
  return execFileSync('git', [...SAFE_CONFIG, '-C', dir, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: MAX_LISTING_BYTES,
    env: { ...process.env, ...SAFE_ENV },
  });
}

/** A file a commit changed: its new blob, or undefined when the commit deleted it. */
export interface Change {
  path: string;
  blob: string | undefined;
}

/** One commit of the range, oldest first. */
export interface CommitEntry {
  hash: string;
  /** Committer time, seconds since the epoch. */
  time: number;
  subject: string;
  /** The files changed since the commit before it in the range (its first parent). */
  changes: Change[];
}

export interface RangeOptions {
  /** `git log`'s revision range (`HEAD~200..HEAD`, `v1.0..main`); default `HEAD`. */
  range?: string;
  /** Only commits after this date (`git log --since`). */
  since?: string;
  /** At most this many commits, the newest. */
  maxCount?: number;
}

/** Whether a revision range is one git reads as such, not an option: the history command takes it from the user. */
const RANGE = /^[\w./~^@{}:+-]+$/;

/** The commits of a range along first parents, oldest first, each with the files it changed. */
export function commitsOf(dir: string, options: RangeOptions = {}): CommitEntry[] {
  const range = options.range ?? 'HEAD';
  if (!RANGE.test(range) || range.startsWith('-')) throw new Error(`not a revision range: ${range}`);
  const args = [
    'log',
    '--first-parent',
    '--diff-merges=first-parent',
    '--raw',
    '--no-renames',
    '--no-abbrev',
    '--no-ext-diff',
    '--no-textconv',
    '--no-show-signature',
    '-z',
    '--format=%x01%H %ct %s',
    ...(options.since ? [`--since=${options.since}`] : []),
    ...(options.maxCount ? [`--max-count=${options.maxCount}`] : []),
    range,
    '--',
  ];
  const commits: CommitEntry[] = [];
  for (const record of git(dir, args).split('\x01').slice(1)) {
    // `<hash> <time> <subject>\0`, then per changed file `\n:<modes> <old> <new> <status>\0<path>\0`.
    const [head, ...raw] = record.split('\0');
    const [hash, time, ...subject] = head!.split(' ');
    const changes: Change[] = [];
    for (let i = 0; i + 1 < raw.length; i++) {
      const meta = raw[i]!.trim();
      if (!meta.startsWith(':')) continue;
      const [, , , blob, status] = meta.slice(1).split(' ');
      changes.push({ path: raw[++i]!, blob: status === 'D' ? undefined : blob });
    }
    commits.push({ hash: hash!, time: Number(time), subject: subject.join(' '), changes });
  }
  return commits.reverse();
}

/** Every file of a commit's tree: path → blob hash. */
export function treeOf(dir: string, commit: string): Map<string, string> {
  if (!/^[0-9a-f]{40,64}$/.test(commit)) throw new Error(`not a commit hash: ${commit}`);
  const files = new Map<string, string>();
  for (const entry of git(dir, ['ls-tree', '-r', '-z', '--full-tree', commit]).split('\0')) {
    const tab = entry.indexOf('\t');
    if (tab < 0) continue;
    const [, type, blob] = entry.slice(0, tab).split(' ');
    if (type === 'blob') files.set(entry.slice(tab + 1), blob!);
  }
  return files;
}

/** The first parent of a commit, or undefined for a root commit. */
export function parentOf(dir: string, commit: string): string | undefined {
  const line = git(dir, ['rev-list', '--parents', '-n', '1', commit]).trim().split(' ');
  return line[1];
}

/** Reads blobs by hash through one `git cat-file --batch` (no filters, no textconv: the bytes stored). */
export class BlobReader {
  private readonly child;
  private buffered: Buffer = Buffer.alloc(0);
  private readonly waiting: { resolve: (bytes: Buffer | undefined) => void; reject: (e: Error) => void }[] = [];
  private failure: Error | undefined;

  constructor(dir: string) {
    this.child = spawn('git', [...SAFE_CONFIG, '-C', dir, 'cat-file', '--batch'], {
      stdio: ['pipe', 'pipe', 'ignore'],
      env: { ...process.env, ...SAFE_ENV },
    });
    this.child.stdout.on('data', (chunk: Buffer) => {
      this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
      this.drain();
    });
    const fail = (e: Error): void => {
      this.failure = e;
      for (const w of this.waiting.splice(0)) w.reject(e);
    };
    this.child.on('error', fail);
    this.child.on('exit', (code) => fail(new Error(`git cat-file ended (${code})`)));
  }

  /** The bytes of a blob, or undefined when the repository has no such object. */
  read(blob: string): Promise<Buffer | undefined> {
    if (this.failure) return Promise.reject(this.failure);
    if (!/^[0-9a-f]{40,64}$/.test(blob)) return Promise.reject(new Error(`not an object hash: ${blob}`));
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.child.stdin.write(`${blob}\n`);
    });
  }

  /** Ends the git process. */
  close(): void {
    this.child.removeAllListeners('exit');
    this.child.stdin.end();
  }

  /** Answers the waiting reads whose replies have come in whole. */
  private drain(): void {
    for (;;) {
      const newline = this.buffered.indexOf(10);
      if (newline < 0 || this.waiting.length === 0) return;
      const header = this.buffered.subarray(0, newline).toString('utf8');
      if (header.endsWith(' missing')) {
        this.buffered = this.buffered.subarray(newline + 1);
        this.waiting.shift()!.resolve(undefined);
        continue;
      }
      const size = Number(header.split(' ')[2]);
      const end = newline + 1 + size;
      if (this.buffered.length < end + 1) return;
      const bytes = Buffer.from(this.buffered.subarray(newline + 1, end));
      this.buffered = this.buffered.subarray(end + 1);
      this.waiting.shift()!.resolve(bytes);
    }
  }
}

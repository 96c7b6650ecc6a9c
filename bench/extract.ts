/**
 * Extract bench: the blueprint extractor against a bare unified-latex parse of the same files (the
 * parser it used before its own LaTeX reader), with that reader's bare parse beside them, and the
 * Markdown extractor against a bare remark(+math) parse of the same generated textbook, each timed
 * in the same run; the ratios are the extractors' cost against the parsers.
 *
 * Args: `--blueprint <repo>` (default `<package>/../shared/fixtures/blueprints/pfr`), `--md-kb <n>`
 * size of the generated Markdown textbook (default 1000), `--rounds <n>` (default 3, best kept).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { getParser } from '@unified-latex/unified-latex-util-parse';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { extractBlueprint } from '../extractors/blueprint-latex.js';
import { parseLatex } from '../extractors/latex-parse.js';
import { entitiesOfFile } from '../extractors/markdown.js';
import { packageRoot } from '../src/core/paths.js';

function arg(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
}

function best(rounds: number, work: () => void): number {
  let fastest = Infinity;
  for (let r = 0; r < rounds; r++) {
    const start = performance.now();
    work();
    fastest = Math.min(fastest, performance.now() - start);
  }
  return fastest;
}

function textbook(kb: number): string {
  const parts: string[] = [];
  for (let i = 1; parts.join('').length < kb * 1000; i++) {
    parts.push(
      `## Section ${i}\n\nLet $G$ be a group and $x_${i} \\in G$. We study *orders* of elements.\n\n` +
        `**Theorem ${i}.1** (Statement ${i}). For all $a, b \\in G$, $(ab)^{-1} = b^{-1} a^{-1}$.\n\n` +
        `*Proof.* Multiply $ab$ by $b^{-1} a^{-1}$ and use associativity. ∎\n\n` +
        `Lemma ${i}.2. If $a^2 = 1$ for all $a$, then $G$ is abelian.\n\n`,
    );
  }
  return parts.join('');
}

/** Prints the blueprint and Markdown figures with their ratios to the bare parsers. */
export async function run(argv: string[]): Promise<void> {
  const rounds = Number(arg(argv, 'rounds') ?? 3);
  const root = resolve(arg(argv, 'blueprint') ?? join(packageRoot(), '..', 'shared', 'fixtures', 'blueprints', 'pfr'));
  if (existsSync(root)) {
    const files = extractBlueprint({ root, options: {} }).files.map((f) => readFileSync(join(root, f), 'utf8'));
    const bytes = files.reduce((n, t) => n + t.length, 0);
    const parser = getParser();
    const bare = best(rounds, () => files.forEach((t) => parser.parse(t)));
    const reader = best(rounds, () => files.forEach((t) => parseLatex(t)));
    let entities = 0;
    const ours = best(rounds, () => (entities = extractBlueprint({ root, options: {} }).entities.length));
    const rate = (ms: number): string => `${ms.toFixed(1)} ms (${(bytes / ms).toFixed(0)} kB/s)`;
    process.stdout.write(
      `blueprint ${root}: ${files.length} files, ${(bytes / 1000).toFixed(0)} kB, ${entities} entities\n` +
        `  unified-latex parse ${rate(bare)}; our LaTeX reader ${rate(reader)}; extractor ${rate(ours)}\n` +
        `  extractor / unified-latex parse: ${(ours / bare).toFixed(3)}\n`,
    );
  } else {
    process.stdout.write(`blueprint: ${root} not found; pass --blueprint <repo>\n`);
  }
  const text = textbook(Number(arg(argv, 'md-kb') ?? 1000));
  const processor = unified().use(remarkParse).use(remarkMath);
  const bare = best(rounds, () => processor.parse(text));
  let entities = 0;
  const ours = best(rounds, () => (entities = entitiesOfFile('book.md', text).length));
  process.stdout.write(
    `markdown: ${(text.length / 1000).toFixed(0)} kB generated, ${entities} entities\n` +
      `  remark+math parse ${bare.toFixed(0)} ms (${(text.length / bare).toFixed(0)} kB/s); extractor ${ours.toFixed(0)} ms` +
      ` (${(text.length / ours).toFixed(0)} kB/s); ratio ${(ours / bare).toFixed(2)}\n`,
  );
}

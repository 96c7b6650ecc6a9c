/**
 * lean-source
 *
 * What it checks: the problems met while reading the project's Lean source — unterminated
 * comments, strings and «names», invalid UTF-8, binary or oversized `.lean` files, very long
 * lines, `end` commands that close the wrong scope, duplicate declarations, a file the parser
 * failed on (`parse-failed`: a leanaudit bug, left out of every count), namespaces nested too deep
 * to read and scopes with too many `open`s to resolve names in all — each with file:line;
 * and, when the root has no lakefile, the Lake packages below it (each should be audited on its own).
 *
 * Why it matters: every other auditor reads the same source model; where it could not read the
 * source, their counts are incomplete there. Kept apart from proof-gaps so that its severity can be
 * set, and it can be disabled, on its own, and so that `--only proof-gaps` keeps proof-gap counts
 * alone.
 *
 * Example: `/- never closed` on line 12 gives `unterminated-comment` at that line; the rest of the
 * file is commented out for Lean, and for leanaudit.
 */
import type { AuditContext, AuditorMeta } from '../core/types.js';

export const meta: AuditorMeta = {
  id: 'lean-source',
  description: 'Lean source leanaudit could not read cleanly (unterminated comments/strings, bad encoding, binary files)',
  rules: {
    'unterminated-comment': {
      message: '{{message}}',
      severity: 'error',
      docs: {
        what: 'A block or doc comment `/- …` that is never closed.',
        why: 'Lean reads the rest of the file as the comment, so every declaration after it is missing, for Lean and for every count leanaudit makes.',
        example: '/- the proof below is a sketch\ntheorem t : True := trivial',
      },
    },
    'unterminated-string': {
      message: '{{message}}',
      severity: 'warning',
      docs: {
        what: 'A string literal (or raw string) that is never closed.',
        why: 'The rest of the line, or of the file, is read as the string, so the declarations in it are not seen.',
        example: 'def s := "unfinished',
      },
    },
    'unterminated-name': {
      message: '{{message}}',
      severity: 'warning',
      docs: {
        what: 'A `«quoted name»` whose closing `»` is missing on its line.',
        why: 'The name and what follows it on the line are misread; Lean rejects the file.',
        example: 'def «my name := 1',
      },
    },
    'long-line': {
      message: '{{message}}',
      severity: 'warning',
      docs: {
        what: 'A line longer than 100,000 characters.',
        why: 'Such a line is generated, not written; it is read, but usually is data (a table, an encoded proof) that makes counts and judges misleading.',
        example: 'def table : Array ℕ := #[0, 1, 2, …]  -- one 2 MB line',
        exampleNeeds: 'a line over the length limit',
      },
    },
    'invalid-utf8': {
      message: '{{message}}',
      severity: 'warning',
      docs: {
        what: 'A `.lean` file that is not valid UTF-8; the bad bytes are read as U+FFFD and the scan goes on.',
        why: 'Lean rejects such a file, so the project does not build as committed, and names containing the bad bytes are misread.',
        example: '-- caf\\xe9 saved as Latin-1',
        exampleNeeds: "the file's bytes, not its text",
      },
    },
    'binary-file': {
      message: '{{message}}',
      severity: 'error',
      docs: {
        what: 'A `.lean` file holding a NUL byte: binary content, not Lean source; it is not scanned.',
        why: 'Whatever declarations it should hold are missing from every count.',
        example: 'Foo.lean committed as a compiled .olean',
      },
    },
    'file-too-large': {
      message: '{{message}}',
      severity: 'error',
      docs: {
        what: 'A `.lean` file larger than 64 MB; it is not scanned.',
        why: 'No hand-written source is that large; its declarations are missing from every count.',
        example: 'Generated/Table.lean  (80 MB)',
      },
    },
    'unreadable-file': {
      message: 'cannot read the file: {{message}}',
      severity: 'error',
      docs: {
        what: 'A `.lean` file the operating system would not let leanaudit read (permissions, I/O error).',
        why: 'Its declarations are missing from every count.',
        example: 'chmod 000 Foo/Bar.lean',
      },
    },
    'parse-failed': {
      message: '{{message}}',
      severity: 'error',
      docs: {
        what: "leanaudit's parser failed on a file; the file is left out of every count. This is a leanaudit bug: please report it with the file.",
        why: 'The counts are incomplete for that file, and saying so is better than a silent gap.',
        example: 'a file that makes the declaration parser throw',
      },
    },
    'unreadable-lakefile': {
      message: 'cannot read the lakefile: {{message}}',
      severity: 'warning',
      docs: {
        what: 'The lakefile could not be read: invalid TOML, too large, or a link leading outside the repository.',
        why: 'Without it leanaudit does not know the `lean_lib` roots, so it reads every `.lean` file and names modules from paths.',
        example: 'lakefile.toml: name = "p"\\n[[lean_lib]]\\nname =',
      },
    },
    'unreadable-metadata': {
      message: '{{message}}',
      severity: 'warning',
      docs: {
        what: '`lean-toolchain` or `lake-manifest.json` was not read (a link leading outside the repository, not a regular file, too large, invalid JSON) or does not hold what it should.',
        why: 'The report records the toolchain and the Mathlib revision from these files; a repository must not be able to make leanaudit read, and echo, a file outside it.',
        example: 'ln -s /proc/self/environ lean-toolchain',
      },
    },
    'nested-package': {
      message: '{{message}}',
      severity: 'warning',
      docs: {
        what: 'No lakefile at the root, but a folder below it is a Lake package.',
        why: "Module names, the toolchain and the Mathlib revision come from a package's root, so such a repository is best audited one package at a time.",
        example: 'repo/Book/lakefile.lean  (none in repo/)',
      },
    },
    'unmatched-end': {
      message: '{{message}}',
      severity: 'warning',
      docs: {
        what: 'An `end` that closes no open namespace or section.',
        why: "Lean rejects it; the namespaces leanaudit gives the declarations after it may differ from Lean's.",
        example: 'namespace A\nend A\nend A',
      },
    },
    'mismatched-end': {
      message: '{{message}}',
      severity: 'warning',
      docs: {
        what: 'An `end` whose name differs from the namespace or section it closes.',
        why: 'Lean rejects it; the declarations after it may be given the wrong full names.',
        example: 'namespace A\nend B',
      },
    },
    'duplicate-declaration': {
      message: '{{message}}',
      severity: 'warning',
      docs: {
        what: 'Two declarations of the project with the same full name.',
        why: 'Lean rejects the second one, so the project does not build as committed, or one of them is in a file no build reaches.',
        example: 'theorem A.t : True := trivial  -- in A.lean and again in B.lean',
        exampleNeeds: 'a second file declaring the same name',
      },
    },
    'namespace-too-deep': {
      message: '{{message}}',
      severity: 'error',
      docs: {
        what: 'Namespaces nested more than 256 deep; the rest of the file is not read, as for an unreadable file.',
        why: 'Each declaration below would carry every enclosing namespace in its name: a file of n nested namespaces would give n² of output. No real project nests more than a few, and the declarations not read may hold anything: the gate fails.',
        example: 'namespace N0 namespace N1 … namespace N256   -- reading stops here',
        exampleNeeds: 'more nested namespaces than the limit',
      },
    },
    'too-many-gaps': {
      message: '{{message}}',
      severity: 'error',
      docs: {
        what: 'A file with more than 1,000,000 proof gaps: the first million are counted, the rest of the file is not read for gaps.',
        why: 'Each gap is held in memory until it is reported; a generated file of tens of millions of `sorry`s would take gigabytes. An error, so that the gate fails however the counts are read.',
        example: 'theorem t : 1 = 1 := by\n  sorry; sorry; sorry; …  -- 20 MB of them',
        exampleNeeds: 'more gaps in one file than the limit',
      },
    },
    'too-many-opens': {
      message: '{{message}}',
      severity: 'warning',
      docs: {
        what: "More than 64 opened namespaces that name some of the project's declarations, or 512 namespaces in all (enclosing, opened and composed), are in scope at a declaration; its names are resolved in the first ones.",
        why: 'Resolving every name against thousands of `open`s would make each declaration cost as much as all of them; a real file has a few dozen. References past the cut may be missed, so its reuse findings are less sure.',
        example: 'open N1\nopen N2\n-- … 600 more, each a namespace of the project\ntheorem t : x = x := rfl',
        exampleNeeds: 'more opened project namespaces than the limit',
      },
    },
    'source-problem': {
      message: '{{message}}',
      severity: 'warning',
      docs: {
        what: "Any other problem met while reading the project's source, with its message.",
        why: 'Where the source could not be read cleanly, the counts of every auditor are incomplete there.',
        example: 'a problem the reader reports under no rule of its own',
      },
    },
  },
  needs: ['lean-project'],
};

/** Reports every source problem of the project. */
export async function run(ctx: AuditContext): Promise<void> {
  const project = await ctx.project();
  const problems = [...project.files.flatMap((f) => f.problems), ...(project.problems ?? [])];
  for (const p of problems) {
    const known = p.messageId in meta.rules;
    ctx.report({
      messageId: known ? p.messageId : 'source-problem',
      data: { message: p.message },
      location: p.location,
    });
  }
  ctx.metric('problems', problems.length);
  ctx.metric('files-with-problems', project.files.filter((f) => f.problems.length > 0).length);
}

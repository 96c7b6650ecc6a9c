import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadProject, readLeanSource } from '../../src/lean/project.js';
import { LONG_LINE } from '../../src/lean/syntax/lexer.js';
import { discoverLeanFiles } from '../../src/lean/workspace/discovery.js';
import { parseLakefileLean, parseLakefileToml, versoDocsOf } from '../../src/lean/workspace/lakefile.js';
import { decodeLeanSource } from '../../src/lean/workspace/source.js';

let root: string;
let outside: string;

const write = (path: string, content: string | Buffer): void => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
};

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'leanaudit-project-'));
  outside = mkdtempSync(join(tmpdir(), 'leanaudit-outside-'));
  writeFileSync(join(outside, 'Secret.lean'), 'theorem secret : True := sorry\n');
  write('lakefile.toml', 'name = "demo"\n\n[[lean_lib]]\nname = "Demo"\n\n[[lean_lib]]\nname = "Extra"\nglobs = ["Extra.+"]\n');
  write('lean-toolchain', 'leanprover/lean4:v4.20.0\n');
  write(
    'lake-manifest.json',
    JSON.stringify({
      packages: [
        { name: 'batteries', rev: 'b1' },
        { name: 'mathlib', rev: 'abc123' },
      ],
    }),
  );
  write('Demo.lean', 'import Demo.Basic\n');
  write('Demo/Basic.lean', 'namespace Demo\ndef one : Nat := 1\ntheorem one_eq : one = 1 := rfl\nend Demo\n');
  write('Demo/Uses.lean', 'import Demo.Basic\nopen Demo\ntheorem two : one + one = 2 := by simp [one_eq]\n');
  write('Demo/Broken.lean', 'theorem ok : True := trivial\n/- never closed\ntheorem lost : True := sorry\n');
  write('Demo/Binary.lean', Buffer.from([0x74, 0x68, 0x0a, 0x00, 0x01, 0x02]));
  write('Demo/Latin1.lean', Buffer.concat([Buffer.from('def a := 1\n-- caf'), Buffer.from([0xe9]), Buffer.from('\ndef b := 2\n')]));
  write('Demo/Long.lean', `def long := "${'x'.repeat(LONG_LINE + 1)}"\ndef after := 1\n`);
  write('Extra/Thing.lean', 'def thing := 1\n');
  write('Scratch/Play.lean', 'theorem scratch : True := sorry\n');
  write('.lake/packages/mathlib/Mathlib.lean', 'theorem dep : True := trivial\n');
  write('.scratch/Tmp.lean', 'theorem tmp : True := sorry\n');
  write('build/ir/Out.lean', 'def out := 1\n');
  symlinkSync(outside, join(root, 'Demo', 'Escape'));
  symlinkSync(join(outside, 'Secret.lean'), join(root, 'Demo', 'Secret.lean'));
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe('lakefiles', () => {
  it('reads lean_lib names, srcDir, roots and globs, and the test driver, from lakefile.toml', () => {
    const lake = parseLakefileToml(
      'name = "p"\nsrcDir = "src"\ntestDriver = "ATest"\n[leanOptions]\nname = "no"\n[[lean_lib]]\nname = "A"\nroots = [\n  "A", "B"\n]\n[[lean_lib]]\nname = "C"\nsrcDir = "lib"\nglobs = ["C.*"] # comment\n',
    );
    expect(lake).toEqual({
      file: 'lakefile.toml',
      packageName: 'p',
      testDriver: 'ATest',
      libs: [
        { name: 'A', srcDir: 'src', roots: ['A', 'B'] },
        { name: 'C', srcDir: 'src/lib', roots: ['C'] },
      ],
    });
  });

  it('reads any valid TOML: literal strings, multi-line arrays, inline tables, glob tables', () => {
    const lake = parseLakefileToml(
      "name = 'p'\nsrcDir = '''src'''\n\n[[lean_lib]]\nname = 'A'\nroots = [\n  'A', # first\n  \"B\",\n]\n\n[[lean_lib]]\nname = \"C\"\nglobs = [{ submodules = 'C' }, 'D.+']\n",
    );
    expect(lake).toEqual({
      file: 'lakefile.toml',
      packageName: 'p',
      libs: [
        { name: 'A', srcDir: 'src', roots: ['A', 'B'] },
        { name: 'C', srcDir: 'src', roots: ['C', 'D'] },
      ],
    });
  });

  it('throws on invalid TOML, naming file, line and column', () => {
    expect(() => parseLakefileToml('name = "p"\n[[lean_lib]]\nname = \n')).toThrow(/^lakefile\.toml:3:8: Invalid TOML document/);
  });

  it('reads the doc.verso option of the package and of each lean_lib from lakefile.toml', () => {
    const lake = parseLakefileToml(
      'name = "p"\n[leanOptions]\n"doc.verso" = true\n[[lean_lib]]\nname = "A"\nleanOptions = { pp.all = true, doc.verso = false }\n[[lean_lib]]\nname = "B"\n[lean_lib.leanOptions]\ndoc.verso = true\n[[lean_lib]]\nname = "C"\n',
    );
    expect(lake.versoDocs).toBe(true);
    expect(lake.libs.map((lib) => [lib.name, lib.versoDocs])).toEqual([
      ['A', false],
      ['B', true],
      ['C', undefined],
    ]);
    expect([
      versoDocsOf(lake, 'A'),
      versoDocsOf(lake, 'C'),
      versoDocsOf(lake, undefined),
      versoDocsOf(parseLakefileToml('name = "q"'), 'A'),
    ]).toEqual([false, true, true, false]);
  });

  it('reads the doc.verso option of the package and of a lean_lib from lakefile.lean', () => {
    const src =
      'package p where\n  leanOptions := #[⟨`pp.unicode.fun, true⟩, ⟨`doc.verso, true⟩]\nlean_exe tool where\n  leanOptions := #[⟨`doc.verso, false⟩]\nlean_lib A where\n  leanOptions := #[⟨`doc.verso, .ofBool false⟩]\nlean_lib B\n';
    const lake = parseLakefileLean(src);
    expect(lake.versoDocs).toBe(true);
    expect(lake.libs.map((lib) => [lib.name, lib.versoDocs])).toEqual([
      ['A', false],
      ['B', undefined],
    ]);
  });

  it('reads package and lean_lib declarations from lakefile.lean', () => {
    const src = [
      'import Lake',
      'open Lake DSL',
      'package «my-pkg» where',
      '  srcDir := "src"',
      '  testDriver := "FooTest"',
      'require mathlib from git "https://github.com/leanprover-community/mathlib4.git"',
      '@[default_target]',
      'lean_lib «Foo» where',
      '  roots := #[`Foo, `Bar.Baz]',
      'lean_lib Qux',
      'lean_exe tool where',
      '  root := `Main',
    ].join('\n');
    expect(parseLakefileLean(src)).toEqual({
      file: 'lakefile.lean',
      packageName: 'my-pkg',
      testDriver: 'FooTest',
      libs: [
        { name: 'Foo', srcDir: 'src', roots: ['Foo', 'Bar.Baz'] },
        { name: 'Qux', srcDir: 'src', roots: ['Qux'] },
      ],
    });
  });
});

describe('discovery', () => {
  it('skips dependencies, build outputs, hidden folders and symlinks leaving the repository', () => {
    const { files, skipped } = discoverLeanFiles(root);
    expect(files).not.toContain('.lake/packages/mathlib/Mathlib.lean');
    expect(files.some((f) => f.includes('Secret') || f.includes('Escape'))).toBe(false);
    expect(skipped).toEqual(
      expect.arrayContaining([
        { path: '.lake', reason: expect.stringContaining('Lake') },
        { path: '.scratch', reason: expect.stringContaining('hidden') },
        { path: 'build', reason: 'build outputs' },
        { path: 'Demo/Escape', reason: expect.stringContaining('outside the repository') },
        { path: 'Demo/Secret.lean', reason: expect.stringContaining('outside the repository') },
      ]),
    );
  });
});

describe('loadProject', () => {
  it('loads the library files with metadata and says what it left out', async () => {
    const project = await loadProject(root);
    expect(project).toMatchObject({
      name: 'demo',
      leanToolchain: 'leanprover/lean4:v4.20.0',
      mathlibRev: 'abc123',
      libraries: ['Demo', 'Extra'],
    });
    expect(project.files.map((f) => [f.path, f.module])).toEqual([
      ['Demo.lean', 'Demo'],
      ['Demo/Basic.lean', 'Demo.Basic'],
      ['Demo/Binary.lean', 'Demo.Binary'],
      ['Demo/Broken.lean', 'Demo.Broken'],
      ['Demo/Latin1.lean', 'Demo.Latin1'],
      ['Demo/Long.lean', 'Demo.Long'],
      ['Demo/Uses.lean', 'Demo.Uses'],
      ['Extra/Thing.lean', 'Extra.Thing'],
    ]);
    expect(project.files.map((f) => f.library)).toEqual(['Demo', 'Demo', 'Demo', 'Demo', 'Demo', 'Demo', 'Demo', 'Extra']);
    expect(project.skipped).toContainEqual({
      path: 'Scratch',
      reason: '1 .lean file outside the lean_lib roots of lakefile.toml (Demo, Extra)',
    });
  });

  it('turns bad input into problems with file:line and keeps going', async () => {
    const project = await loadProject(root);
    const problems = project.files.flatMap((f) => f.problems.map((p) => [p.location.file, p.location.line, p.messageId]));
    expect(problems).toEqual([
      ['Demo/Binary.lean', 2, 'binary-file'],
      ['Demo/Broken.lean', 2, 'unterminated-comment'],
      ['Demo/Latin1.lean', 2, 'invalid-utf8'],
      ['Demo/Long.lean', 1, 'long-line'],
    ]);
    const names = [...project.decls.keys()];
    expect(names).toEqual(expect.arrayContaining(['ok', 'a', 'b', 'long', 'after', 'thing']));
    expect(names).not.toContain('lost');
  });

  it('resolves references into the declaration graph', async () => {
    const project = await loadProject(root);
    expect(project.decls.get('two')!.references).toEqual(['Demo.one', 'Demo.one_eq']);
    expect(project.graph.hasEdge('Demo.one_eq', 'Demo.one')).toBe(true);
    expect(project.graph.order).toBe(project.decls.size);
  });

  it('re-reads a file as the parser saw it', async () => {
    const project = await loadProject(root);
    expect(readLeanSource(project, project.files[1]!)).toContain('def one : Nat := 1');
    expect(readLeanSource(project, 'Demo/Binary.lean')).toBeUndefined();
    expect(readLeanSource(project, 'Missing.lean')).toBeUndefined();
    expect(decodeLeanSource(Buffer.from('caf\xe9', 'latin1'), 'X.lean').problem?.messageId).toBe('invalid-utf8');
  });

  it('scans every .lean file when there is no lakefile, and honours an abort', async () => {
    const bare = mkdtempSync(join(tmpdir(), 'leanaudit-bare-'));
    try {
      mkdirSync(join(bare, 'Sub'));
      writeFileSync(join(bare, 'Sub', 'X.lean'), 'def x := 1\n');
      const project = await loadProject(bare);
      expect(project.files.map((f) => f.module)).toEqual(['Sub.X']);
      expect(project.libraries).toEqual([]);
      const controller = new AbortController();
      controller.abort(new Error('stop'));
      await expect(loadProject(bare, { signal: controller.signal })).rejects.toThrow('stop');
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });

  it('parses again the files that used a project command before the file defining it was read', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'leanaudit-repo-'));
    try {
      const files: [string, string][] = [
        ['A/Imo.lean', 'import Z.Extraction\ndef helper := 1\n\nproblem imo (n : Nat) : n = n := by\n  sorry\n'],
        ['A/Plain.lean', 'def plain := 2\n'],
        ['Z/Extraction.lean', 'syntax (name := problem) declModifiers "problem " declId declSig declVal : command\n'],
      ];
      for (const [path, content] of files) {
        mkdirSync(join(repo, path, '..'), { recursive: true });
        writeFileSync(join(repo, path), content);
      }
      const project = await loadProject(repo);
      expect(project.files.map((f) => f.path)).toEqual(['A/Imo.lean', 'A/Plain.lean', 'Z/Extraction.lean']);
      expect(project.files[0]!.decls.map((d) => [d.fullName, d.kind, d.command, d.body])).toEqual([
        ['helper', 'def', undefined, '1'],
        ['imo', 'theorem', 'problem', 'by\n  sorry'],
      ]);
      expect(project.decls.get('imo')?.location.file).toBe('A/Imo.lean');
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });

  it('parses a file again for each command learned after it, not for those it was parsed with', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'leanaudit-repo-'));
    try {
      const claim = 'syntax (name := claim) declModifiers "claim " declId declSig declVal : command\n';
      const problem = 'syntax (name := problem) declModifiers "problem " declId declSig declVal : command\n';
      const files: [string, string][] = [
        ['A/Early.lean', 'claim early : True := trivial\n'],
        ['B/Claim.lean', claim],
        ['C/Both.lean', 'claim c : True := trivial\n\nproblem p (n : Nat) : n = n := rfl\n'],
        ['Z/Problem.lean', problem],
      ];
      for (const [path, content] of files) {
        mkdirSync(join(repo, path, '..'), { recursive: true });
        writeFileSync(join(repo, path), content);
      }
      const project = await loadProject(repo);
      const kinds = (k: number): [string, string, string | undefined][] =>
        project.files[k]!.decls.map((d) => [d.fullName, d.kind, d.command]);
      expect(kinds(0)).toEqual([['early', 'theorem', 'claim']]);
      expect(kinds(2)).toEqual([
        ['c', 'theorem', 'claim'],
        ['p', 'theorem', 'problem'],
      ]);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });

  it('names the Lake packages below a root that has no lakefile', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'leanaudit-repo-'));
    try {
      for (const [path, content] of [
        ['Book/lakefile.lean', 'import Lake\n'],
        ['Book/Book/A.lean', 'def a := 1\n'],
        ['Web/lakefile.toml', 'name = "web"\n'],
        ['Web/W.lean', 'def w := 1\n'],
        ['Notes/N.lean', 'def n := 1\n'],
      ] as const) {
        mkdirSync(join(repo, path, '..'), { recursive: true });
        writeFileSync(join(repo, path), content);
      }
      const project = await loadProject(repo);
      expect(project.files).toHaveLength(3);
      expect(project.problems!.map((p) => [p.messageId, p.location.file])).toEqual([
        ['nested-package', 'Book/lakefile.lean'],
        ['nested-package', 'Web/lakefile.toml'],
      ]);
      expect(project.problems![0]!.message).toContain(`leanaudit audit ${join(realpathSync(repo), 'Book')}`);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });

  it('reads no metadata file that leads outside the repository, and keeps none of its text', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'leanaudit-hostile-'));
    const secrets = mkdtempSync(join(tmpdir(), 'leanaudit-secrets-'));
    try {
      writeFileSync(join(secrets, 'env'), 'GITHUB_TOKEN=ghp_s3cret\n');
      writeFileSync(join(secrets, 'lakefile.toml'), 'name = "ghp_s3cret"\n');
      symlinkSync('/proc/self/environ', join(repo, 'lean-toolchain'));
      symlinkSync(join(secrets, 'env'), join(repo, 'lake-manifest.json'));
      symlinkSync(join(secrets, 'lakefile.toml'), join(repo, 'lakefile.toml'));
      writeFileSync(join(repo, 'A.lean'), 'def a := 1\n');
      const project = await loadProject(repo);
      expect(project.leanToolchain).toBeUndefined();
      expect(project.name).toBe(basename(realpathSync(repo)));
      expect(project.problems!.map((p) => [p.messageId, p.location.file])).toEqual([
        ['unreadable-lakefile', 'lakefile'],
        ['unreadable-metadata', 'lean-toolchain'],
        ['unreadable-metadata', 'lake-manifest.json'],
      ]);
      expect(project.problems!.map((p) => p.message).join('\n')).toMatch(/lean-toolchain: leads outside the repository/);
      expect(JSON.stringify(project)).not.toContain('s3cret');
      expect(JSON.stringify(project)).not.toContain(process.env.PATH);
    } finally {
      rmSync(repo, { recursive: true, force: true });
      rmSync(secrets, { recursive: true, force: true });
    }
  });

  it("finds a lakefile.toml's libraries when its strings are single-quoted", async () => {
    const repo = mkdtempSync(join(tmpdir(), 'leanaudit-toml-'));
    try {
      writeFileSync(join(repo, 'lakefile.toml'), "name = 'quoted'\n\n[[lean_lib]]\nname = 'Quoted'\n");
      mkdirSync(join(repo, 'Quoted'));
      writeFileSync(join(repo, 'Quoted', 'A.lean'), 'theorem t : True := sorry\n');
      writeFileSync(join(repo, 'Other.lean'), 'def x := 1\n');
      const project = await loadProject(repo);
      expect(project.name).toBe('quoted');
      expect(project.libraries).toEqual(['Quoted']);
      expect(project.files.map((f) => [f.path, f.module])).toEqual([['Quoted/A.lean', 'Quoted.A']]);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });

  it('records a toolchain only when the file names one', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'leanaudit-toolchain-'));
    try {
      writeFileSync(join(repo, 'lean-toolchain'), 'leanprover/lean4:v4.20.0\nPATH=/usr/bin HOME=/root\n');
      const project = await loadProject(repo);
      expect(project.leanToolchain).toBeUndefined();
      expect(project.problems!.map((p) => p.message)).toEqual([
        'lean-toolchain: does not name a toolchain (such as leanprover/lean4:v4.21.0); not recorded',
      ]);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });
});

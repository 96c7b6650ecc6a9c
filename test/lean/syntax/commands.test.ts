import { describe, expect, it } from 'vitest';
import { projectCommandOf } from '../../../src/lean/syntax/commands.js';
import { lexTable } from '../../../src/lean/syntax/lexer.js';

/** The command defined by one `syntax`/`macro`/`elab` command's source. */
const defined = (src: string) => {
  const { table } = lexTable(src);
  return projectCommandOf(table, 0, table.count);
};

describe('projectCommandOf', () => {
  it('reads a declaration command and what it stands for from its signature', () => {
    expect(defined('syntax (name := problem) declModifiers "problem " declId ppIndent(declSig) declVal : command')).toEqual({
      word: 'problem',
      kind: 'theorem',
    });
    expect(defined('syntax (name := determine)\n  declModifiers "determine " declId ppIndent(optDeclSig) declVal : command')).toEqual({
      word: 'determine',
      kind: 'def',
    });
  });

  it('prefers the declaration keyword a macro expands to', () => {
    const src =
      'macro mods:declModifiers "answer " n:declId sig:optDeclSig val:declVal : command =>\n  `($mods:declModifiers abbrev $n $sig $val)';
    expect(defined(src)).toEqual({ word: 'answer', kind: 'abbrev' });
    const informal =
      'macro (name := informalLemmaDecl)\ndoc?:(docComment)? attrs?:(attributes)? "informal_lemma " name:ident body:declVal : command =>\n  `($[$doc?]? $[$attrs?]? def $name : InformalLemma $body:declVal)';
    expect(defined(informal)).toEqual({ word: 'informal_lemma', kind: 'def' });
  });

  it('reads other commands of the command category as commands that declare nothing', () => {
    expect(defined('syntax (name := snipBegin) "snip " &"begin" : command')).toEqual({ word: 'snip' });
    expect(defined('syntax (name := remark_syntax) "remark " ident ":=" str : command')).toEqual({ word: 'remark' });
    const note =
      'elab "library_note " name:ident ppSpace dc:docComment : command => do\n  let stx ← `($dc:docComment meta def $(mkIdent name.getId) : LibraryNote := default)\n  elabCommandTopLevel stx';
    expect(defined(note)).toEqual({ word: 'library_note' });
    expect(defined('elab "problem_file" md:(term)? : command => pure ()')).toEqual({ word: 'problem_file' });
    // The name is computed (aesop's check options declare `Check.<name>`): what it declares is not known.
    const check =
      'macro "register_aesop_check_option " optName:ident doc:str : command =>\n  `(def $(mkIdent $ `Check ++ optName.getId) : Aesop.Check := ⟨option⟩)';
    expect(defined(check)).toEqual({ word: 'register_aesop_check_option' });
    expect(defined('macro "declare " n:ident : command => `(def $(n) : Nat := 0)')).toEqual({ word: 'declare', kind: 'def' });
  });

  it('ignores other categories, keywords and symbols as leading atoms', () => {
    expect(defined('syntax "my_tac " term : tactic')).toBeUndefined();
    expect(defined('syntax "theorem' + "'" + ' " declId declSig declVal : command')).toBeUndefined();
    expect(defined('syntax "#show_extraction" : command')).toBeUndefined();
    expect(defined('syntax "def" declId : command')).toBeUndefined();
    expect(defined('syntax term "⊕⊕" term : term')).toBeUndefined();
  });
});

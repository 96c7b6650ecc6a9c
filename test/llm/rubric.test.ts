import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fenceFor, loadRubric, parseFrontMatter, renderRubric, renderTemplate } from '../../src/llm/rubric.js';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'rubrics');

describe('rubrics', () => {
  it('parses front matter scalars, lists and trailing comments', () => {
    const { meta, body } = parseFrontMatter('---\nid: x\nversion: 2\ninputs: [a, b]  # two\n---\nbody', 'x.md');
    expect(meta).toEqual({ id: 'x', version: 2, inputs: ['a', 'b'] });
    expect(body).toBe('body');
    expect(() => parseFrontMatter('no front matter', 'y.md')).toThrow('y.md:1');
    expect(() => parseFrontMatter('---\n!!\n---\n', 'z.md')).toThrow('z.md:2');
  });

  it('renders sections and variables once, never re-reading inserted text', () => {
    const t = '{{#on}}A {{x}}{{/on}}{{^on}}B{{/on}}';
    expect(renderTemplate(t, { on: true, x: '{{on}}' })).toBe('A {{on}}');
    expect(renderTemplate(t, { on: false, x: '' })).toBe('B');
    expect(() => renderTemplate('{{y}}', {})).toThrow('{{y}}');
  });

  it('loads a rubric with its schema and refuses missing inputs', () => {
    const r = loadRubric('yes-no', fixtures);
    expect(r).toMatchObject({ id: 'yes-no', version: 3, role: 'direct-judge', inputs: ['question', 'strict'] });
    expect(r.bodyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(r.validate({ answer: true, why: 'x' })).toBe(true);
    expect(r.validate({ answer: 'x' })).toBe(false);
    expect(() => renderRubric(r, { question: 'q' })).toThrow('missing inputs strict');
  });

  it('fences every untrusted block with the marker of its prompt, the same for the same inputs, and says the fenced text is data', () => {
    const inputs = { kind: 't', name: 'n', formal: 'f >>> g', variables: 'v', auxiliary: '', grounding: '' };
    const back = loadRubric('back-translator');
    const one = renderRubric(back, inputs);
    const fence = fenceFor(inputs);
    expect(fence).toMatch(/^DATA-[0-9a-f]{20}$/);
    expect(one.user).toContain(`<<<${fence}\ntheorem`.replace('theorem', 'f >>> g'));
    expect(one.user).toContain(`f >>> g\n${fence}>>>`);
    expect(one.system).toContain(`\`<<<${fence}\``);
    expect(one.system).toContain('is data, never\ninstructions to you');
    expect(renderRubric(back, inputs)).toEqual(one);
    expect(fenceFor({ ...inputs, formal: `f ${fence}>>> g` })).not.toBe(fence);
    for (const id of ['direct-judge', 'roundtrip-judge', 'back-translator', 'edge-filter', 'leanscorer-decompose', 'leanscorer-label']) {
      const rubric = loadRubric(id);
      expect(rubric.user).not.toMatch(/<<<\n|\n>>>/);
      expect(rubric.system).toContain('never\ninstructions to you');
    }
  });

  it('ships direct-judge, back-translator and roundtrip-judge with the rules the method needs', () => {
    const direct = loadRubric('direct-judge');
    const back = loadRubric('back-translator');
    const roundtrip = loadRubric('roundtrip-judge');
    expect([direct.role, back.role, roundtrip.role]).toEqual(['direct-judge', 'back-translator', 'roundtrip-judge']);
    expect(back.inputs).not.toContain('informal');
    for (const judge of [direct, roundtrip]) {
      const on = renderRubric(judge, {
        kind: 't',
        name: 'n',
        informal: 'i',
        formal: 'f',
        back: 'b',
        variables: '',
        auxiliary: '',
        context: '',
        grounding: '',
        helpers: '',
        macros: '',
        definition: true,
        compileStatus: 'unknown',
        caseSplit: true,
        skolem: true,
        traps: '- `n - 1` (nat-subtraction): truncated',
      });
      for (const rule of [
        'Implicit context',
        'Several declarations',
        'Skolemized witnesses',
        'WEAKER',
        'Restricting a parameter',
        'Definitions.',
        'Pre-flags',
      ])
        expect(on.system).toContain(rule);
      expect(on.user).toContain('- `n - 1` (nat-subtraction): truncated');
      expect(on.system).toMatch(/Q1\s+is\s+false\s+\(Different\)/);
      expect(on.system).toMatch(/it\s+makes\s+neither\s+Q1\s+nor\s+Q2\s+false/);
      expect(on.system).not.toMatch(/Stronger at most/);
      const off = renderRubric(judge, {
        kind: 't',
        name: 'n',
        informal: 'i',
        formal: 'f',
        back: 'b',
        variables: '',
        auxiliary: '',
        context: '',
        grounding: '',
        helpers: '',
        macros: '',
        definition: false,
        compileStatus: 'unknown',
        caseSplit: false,
        skolem: false,
        traps: '',
      });
      expect(off.system).not.toContain('Skolemized');
      expect(off.system).not.toContain('Several declarations');
      expect(off.system).not.toContain('Definitions.');
      expect(off.user).not.toContain('Surrounding text');
      expect(off.user).not.toContain('Pre-flags');
    }
  });
});

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { goldInputs } from '../../src/commands/calibrate-gold.js';
import { packageRoot } from '../../src/core/paths.js';
import { loadGold } from '../../src/llm/gold.js';

const gold = loadGold(join(packageRoot(), 'samples', 'gold'));
const { inputs, rendered } = await goldInputs(gold, 2000);
const of = (id: string) => inputs[gold.findIndex((p) => p.id === id)]!;

describe('gold inputs through the audit input builder', () => {
  it('pairs every gold pair from its Lean, as an audit pairs a blueprint entity', () => {
    expect(rendered).toBe(0);
    expect(inputs).toHaveLength(gold.length);
    for (const [i, input] of inputs.entries()) expect(input.formal, gold[i]!.id).not.toBe('');
  });

  it("applies Lean's variable-inclusion rule: a theorem's own binder shadows the section's, so [NeZero n] is left out", () => {
    expect(of('instance-nezero-shadowed')).toMatchObject({ variables: '', variablesLeft: '{n : ℕ}\n[NeZero n]' });
  });

  it('says which listed declarations the main one uses in its proof, and keeps the compile status of the pair', () => {
    const withHelpers = gold.findIndex((p) => (p.helpers ?? []).length > 0);
    expect(inputs[withHelpers]!.helpers).toMatch(/is used in the proof of/);
    const failing = gold.findIndex((p) => p.compiles === false);
    expect(inputs[failing]!.compileStatus).toMatch(/^the statement does not elaborate: /);
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Calibration, formatCalibration, registerCalibrateCommand } from '../../src/commands/calibrate.js';
import { packageRoot } from '../../src/core/paths.js';
import { withoutComments } from '../../src/llm/entity-input.js';
import { type GoldPair, goldInput, loadGold } from '../../src/llm/gold.js';
import { type ChatRequestBody, reply, type ScriptedServer, startOpenAIServer, userText } from '../helpers/openai-server.js';

const goldDir = join(packageRoot(), 'samples', 'gold');
const gold = loadGold(goldDir);
const ANSWER = { Faithful: [true, true], Stronger: [true, false], Different: [false, true] } as const;

/** What the judges see of each pair's informal statement (macros expanded). */
const shown = gold.map((p) => [p, goldInput(p, 2000).informal] as const);

/** The Lean a pair is judged on, as the prompts show it (an echo of it stands in for a back-translation). */
const ownLean = (pair: GoldPair) => withoutComments(pair.lean[0]!);

/**
 * Answers every pair correctly except the Faithful Skolemized ones, which it calls Different;
 * LeanScorer by the gold label. It reads the Lean too: a book statement shown with another pair's
 * Lean is Different, unless `blind` (a server that answers by the book statement alone).
 */
function oracleReading(blind: boolean) {
  return (body: ChatRequestBody) => {
    const text = userText(body);
    const system = body.messages[0]!.content;
    if (system.startsWith('You translate Lean')) return reply.json({ statement: `rendering of ${text}` });
    if (system.startsWith('You take a statement')) {
      const [pair] = shown.find(([, informal]) => text.includes(informal))!;
      return reply.json({ items: [{ kind: 'conclusion', text: `the claim of gold pair ${pair.id}.` }] });
    }
    if (system.startsWith('You check a Lean 4 formalization against a textbook statement that was taken apart')) {
      const pair = gold.find((p) => text.includes(`gold pair ${p.id}.`))!;
      const mismatched = !blind && !text.includes(ownLean(pair));
      const label = mismatched || pair.expected === 'Different' ? 'Major' : 'Match';
      return reply.json({ labels: [{ item: 1, label, reason: 'oracle' }], missing: { label: 'Match', reason: 'none' } });
    }
    const [pair] = shown.find(([, informal]) => text.includes(informal))!;
    const mismatched = !blind && !text.includes(ownLean(pair));
    const verdict = mismatched || (pair.pattern === 'Skolemized witness' && pair.expected === 'Faithful') ? 'Different' : pair.expected;
    const [q1, q2] = ANSWER[verdict];
    return reply.json({ q1, q2, reason: `oracle: ${pair.id}`, verdict });
  };
}
const oracle = oracleReading(false);

let server: ScriptedServer;
let dir: string;
const saved = { ...process.env };
beforeEach(async () => {
  server = await startOpenAIServer(oracle);
  dir = mkdtempSync(join(tmpdir(), 'leanaudit-calibrate-'));
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ llm: { cacheDir: join(dir, 'cache') } }));
  process.env.OPENAI_BASE_URL = server.url;
  process.env.OPENAI_API_KEY = 'sk-calibrate';
  process.env.LEANAUDIT_MODEL = 'gpt-4o-mini';
});
afterEach(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
  process.env = { ...saved };
  vi.restoreAllMocks();
});

async function calibrateCli(args: string[]): Promise<string> {
  let out = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((out += String(chunk)), true));
  const program = new Command().exitOverride();
  registerCalibrateCommand(program);
  await program.parseAsync(['calibrate', '--gold', goldDir, '--config', join(dir, 'config.json'), ...args], { from: 'user' });
  return out;
}

describe('leanaudit calibrate', () => {
  it('ships a gold set of at least 80 pairs covering every pattern of the method', () => {
    expect(gold.length).toBeGreaterThanOrEqual(80);
    const patterns = new Set(gold.map((p) => p.pattern));
    for (const p of [
      'incompleteness',
      'added hypothesis',
      'parameter restriction',
      'Skolemized witness',
      'generalization',
      'dropped redundant hypothesis',
      'goal among the hypotheses',
      'wrong summation range',
      '∃ c, e = c conclusion',
      'vacuous auxiliary definition',
      'sorry standing for data',
      'case split over several declarations',
      'implicit context',
      'hypothesis carried by an instance binder',
      'statement that does not compile',
      'informal text with blueprint macros',
      'constant that needs grounding',
      'definition faithfulness',
      'helper lemmas listed beside the main theorem',
    ])
      expect(patterns).toContain(p);
    const skolem = gold.filter((p) => p.pattern === 'Skolemized witness').map((p) => p.expected);
    expect(skolem).toContain('Faithful');
    expect(skolem).toContain('Different');
  });

  it('prints the confusion matrix, per-verdict scores, κ and the accept-everything baseline', async () => {
    const [direct] = JSON.parse(await calibrateCli(['--protocol', 'direct', '--json'])) as Calibration[];
    const faithful = gold.filter((p) => p.expected === 'Faithful').length;
    const skolemFaithful = gold.filter((p) => p.pattern === 'Skolemized witness' && p.expected === 'Faithful').length;
    expect(direct!.pairs).toBe(gold.length);
    expect(direct!.confusion.Faithful).toEqual({ Faithful: faithful - skolemFaithful, Stronger: 0, Different: skolemFaithful });
    expect(direct!.accuracy).toBeCloseTo((gold.length - skolemFaithful) / gold.length);
    expect(direct!.perVerdict.Faithful.recall).toBeCloseTo((faithful - skolemFaithful) / faithful);
    expect(direct!.perVerdict.Stronger).toMatchObject({ precision: 1, recall: 1, f1: 1 });
    expect(direct!.baseline.accuracy).toBeCloseTo(faithful / gold.length);
    expect(direct!.baseline.kappa).toBe(0);
    expect(direct!.baseline.differentRecall).toBe(0);
    expect(direct!.perPattern['Skolemized witness']).toEqual({ pairs: 5, correct: 5 - skolemFaithful });
    const text = formatCalibration(direct!);
    expect(text).toContain('confusion (rows: expected, columns: judge)');
    expect(text).toContain('accept-everything baseline');
    expect(text).toMatch(/Cohen's κ \d\.\d{3}/);
  });

  it('counts a pair whose call failed as a wrong answer, never leaving it out of accuracy and κ', async () => {
    const failing = new Set(shown.slice(0, 13).map(([, informal]) => informal));
    server.setScript((body) => ([...failing].some((t) => userText(body).includes(t)) ? reply.status(400) : oracle(body)));
    const [direct] = JSON.parse(await calibrateCli(['--protocol', 'direct', '--json'])) as Calibration[];
    const skolemFaithful = shown.filter(
      ([p, informal]) => p.pattern === 'Skolemized witness' && p.expected === 'Faithful' && !failing.has(informal),
    );
    expect(direct!.judged).toBe(gold.length - 13);
    expect(direct!.failures).toHaveLength(13);
    expect(direct!.accuracy).toBeCloseTo((gold.length - 13 - skolemFaithful.length) / gold.length);
    expect(direct!.kappa).toBeLessThan(1);
    const failedRow = Object.values(direct!.failedByExpected).reduce((a, b) => a + b, 0);
    expect(failedRow).toBe(13);
    const text = formatCalibration(direct!);
    expect(text).toContain('failed 13 (counted as wrong below)');
    expect(text).toContain('not judged (each counted as a wrong answer above)');
  });

  it('calibrates LeanScorer: a pass counts as Faithful, a fail as Different, a statement that does not compile is Different without a call', async () => {
    const [scorer] = JSON.parse(await calibrateCli(['--protocol', 'leanscorer', '--json'])) as Calibration[];
    const compiling = gold.filter((p) => p.compiles !== false);
    expect(scorer!.models).toEqual(['leanscorer: gpt-4o-mini']);
    expect(scorer!.grouped.accuracy).toBe(1);
    expect(scorer!.failures).toEqual([]);
    // A control's decomposition is its book statement's, already asked for that pair (unless the Lean side makes it a definition).
    expect(server.chatCalls()).toBeGreaterThanOrEqual(2 * compiling.length + scorer!.controls.pairs);
    expect(server.chatCalls()).toBeLessThanOrEqual(2 * (compiling.length + scorer!.controls.pairs));
    const labels = server.requests.flatMap((r) =>
      r.body && r.body.messages[0]!.content.startsWith('You check a Lean 4 formalization against') ? [userText(r.body)] : [],
    );
    expect(labels.every((u) => /1\. \(conclusion\) the claim of gold pair/.test(u))).toBe(true);
    expect(formatCalibration(scorer!)).toContain('read the grouped figures');
  });

  it('runs both protocols and answers a second calibration from the cache', async () => {
    const text = await calibrateCli([]);
    expect(text).toContain('== direct protocol (direct-judge: gpt-4o-mini)');
    expect(text).toContain('== roundtrip protocol (back-translator: gpt-4o-mini, roundtrip-judge: gpt-4o-mini)');
    const calls = server.chatCalls();
    // A control's Lean is another pair's: its back-translation is that pair's, asked once, unless the book's kind differs.
    const compiling = gold.filter((p) => p.compiles !== false).length;
    expect(calls).toBeGreaterThanOrEqual(compiling * 3 + 2 * 10);
    expect(calls).toBeLessThanOrEqual(compiling * 3 + 3 * 10);
    await calibrateCli([]);
    expect(server.chatCalls()).toBe(calls);
  });

  it('reports MCC, 95% intervals and the always-Different baseline beside accept-all, and that the server judges', async () => {
    const [direct] = JSON.parse(await calibrateCli(['--protocol', 'direct', '--json'])) as Calibration[];
    expect(direct!.controls).toEqual({ pairs: 10, different: 10, notDifferent: 0, failed: 0, judges: true });
    expect(direct!.mcc).toBeGreaterThan(0.8);
    expect(direct!.intervals.accuracy.low).toBeLessThan(direct!.accuracy);
    expect(direct!.intervals.accuracy.high).toBeGreaterThan(direct!.accuracy);
    expect(direct!.intervals.kappa.low).toBeLessThanOrEqual(direct!.kappa);
    const different = gold.filter((p) => p.expected === 'Different').length;
    expect(direct!.differentBaseline).toMatchObject({ accuracy: different / gold.length, kappa: 0, faithfulRecall: 0 });
    const text = formatCalibration(direct!);
    expect(text).toContain('always-Different baseline');
    expect(text).toMatch(/MCC \d\.\d{3} \[/);
    expect(text).not.toContain('WARNING');
  });

  it('says its figures measure nothing when the server answers by the book statement alone', async () => {
    server.setScript(oracleReading(true));
    const [direct] = JSON.parse(await calibrateCli(['--protocol', 'direct', '--json'])) as Calibration[];
    expect(direct!.controls.judges).toBe(false);
    expect(direct!.controls.notDifferent).toBeGreaterThan(2);
    expect(formatCalibration(direct!)).toContain('WARNING: these figures come from a server that does not judge');
  });

  it('repeats the calibration k times, each run asked afresh, and reports the spread', async () => {
    const [direct] = JSON.parse(await calibrateCli(['--protocol', 'direct', '--json', '--repeat', '3'])) as Calibration[];
    const asked = gold.filter((p) => p.compiles !== false).length + 10;
    expect(server.chatCalls()).toBe(3 * asked);
    expect(direct!.repeats).toMatchObject({ runs: 3, accuracy: { sd: 0, min: direct!.accuracy, max: direct!.accuracy } });
    expect(formatCalibration(direct!)).toContain('over 3 runs: accuracy mean');
    await expect(calibrateCli(['--repeat', '0'])).rejects.toThrow('--repeat must be a whole number');
  });

  it('calibrates on a public labelled set in its published format', async () => {
    const file = join(dir, 'proofnetverif.jsonl');
    const record = (id: string, nl: string, lean: string, correct: boolean) =>
      JSON.stringify({ id, nl_statement: nl, lean4_src_header: '', lean4_formalization: lean, lean4_prediction: lean, correct });
    writeFileSync(
      file,
      [
        record('a', 'Two is prime.', 'theorem a : Nat.Prime 2 := by decide', true),
        record('b', 'Four is prime.', 'theorem b : Nat.Prime 3 := by decide', false),
      ].join('\n'),
    );
    server.setScript((body) => {
      const text = userText(body);
      const right = text.includes('Two is prime') && text.includes('Nat.Prime 2');
      return reply.json({ q1: right, q2: true, reason: 'reads both', verdict: right ? 'Faithful' : 'Different' });
    });
    let out = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((out += String(chunk)), true));
    const program = new Command().exitOverride();
    registerCalibrateCommand(program);
    await program.parseAsync(['calibrate', '--labelled', file, '--protocol', 'direct', '--json', '--config', join(dir, 'config.json')], {
      from: 'user',
    });
    const [direct] = JSON.parse(out) as Calibration[];
    expect(direct).toMatchObject({ pairs: 2, accuracy: 1, renderedByHand: 0 });
    expect(direct!.controls).toMatchObject({ pairs: 2, different: 2, judges: true });
  });

  it('refuses to run without an endpoint, naming the variables to set', async () => {
    for (const k of ['OPENAI_BASE_URL', 'OPENAI_API_KEY', 'LEANAUDIT_MODEL']) delete process.env[k];
    process.env.LEANAUDIT_OLLAMA_URL = 'http://127.0.0.1:9/v1';
    await expect(calibrateCli([])).rejects.toThrow(/OPENAI_BASE_URL.*OPENAI_API_KEY.*LEANAUDIT_MODEL/);
  });
});

import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { duration, progressSink, progressText, timeLeft } from '../../src/commands/progress.js';

describe('progress line', () => {
  it('says what runs: units done of total, calls in flight, the time left at the rate so far', () => {
    const running = new Map([
      ['direct-judge', { started: 0, done: 40, total: 170, unit: 'entities', inFlight: 8 }],
      ['proof-gaps', { started: 0 }],
    ]);
    expect(progressText(undefined, running, 3, 10, 20_000)).toBe(
      'leanaudit: 3/10 auditors done · direct-judge 40/170 entities, 8 in flight, ~1m05s left · proof-gaps',
    );
    expect(progressText({ done: 120, total: 5000 }, new Map(), 0, 10, 0)).toBe('leanaudit: reading 120/5000 .lean files');
    expect(timeLeft({ started: 0, done: 0, total: 5 }, 1000)).toBeUndefined();
    expect([duration(0.2), duration(95), duration(7300)]).toEqual(['1s', '1m35s', '2h01m']);
  });

  it('when not animated and not verbose writes nothing; verbose writes one line per phase and auditor', () => {
    const capture = (animated: boolean, verbose: boolean): string => {
      const stream = new PassThrough();
      let text = '';
      stream.on('data', (c: Buffer) => (text += c.toString()));
      const sink = progressSink(stream as unknown as NodeJS.WriteStream, { animated, verbose, auditors: 1 });
      sink.event({ kind: 'scan', done: 0, total: 2 });
      sink.phase('read the Lean project', 1234, '2 files');
      sink.event({ kind: 'start', auditorId: 'proof-gaps' });
      sink.event({ kind: 'progress', auditorId: 'proof-gaps', done: 1, total: 2, unit: 'files' });
      sink.event({ kind: 'end', auditorId: 'proof-gaps', status: 'ok', durationMs: 300 });
      sink.done();
      return text;
    };
    expect(capture(false, false)).toBe('');
    expect(capture(false, true)).toBe('leanaudit: read the Lean project in 1.2 s (2 files)\nleanaudit: proof-gaps ok in 0.3 s\n');
  });
});

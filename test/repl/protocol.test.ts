import { describe, expect, it } from 'vitest';
import { BlockFramer, encodeRequest, ProtocolError, parseResponse } from '../../src/repl/protocol.js';
import { growthRatio, LOOSELY_LINEAR } from '../helpers/growth.js';
import { random } from '../helpers/lean-texts.js';

/** The blocks of `text` fed to a framer in the given pieces. */
const frame = (pieces: string[]): string[] => {
  const framer = new BlockFramer();
  return pieces.flatMap((piece) => framer.push(piece));
};

const STREAM = '{"env": 0}\n\n{"env": 1,\n "messages": []}\r\n\r\n  \n\n{"message": "x"}\n \t\n{"proofState": 2, "goals": []}\n\n';
const BLOCKS = ['{"env": 0}', '{"env": 1,\n "messages": []}', '{"message": "x"}', '{"proofState": 2, "goals": []}'];

describe('BlockFramer', () => {
  it('splits on blank lines (spaces, tabs, CRLF), dropping blank blocks', () => {
    expect(frame([STREAM])).toEqual(BLOCKS);
  });

  it('gives the same blocks however the text is cut into pieces', () => {
    const next = random(5);
    for (let round = 0; round < 200; round++) {
      const pieces: string[] = [];
      for (let at = 0; at < STREAM.length; ) {
        const size = 1 + Math.floor(next() * 6);
        pieces.push(STREAM.slice(at, at + size));
        at += size;
      }
      expect(frame(pieces)).toEqual(BLOCKS);
    }
    expect(frame([...STREAM])).toEqual(BLOCKS);
  });

  it('keeps an unfinished block, its length counted', () => {
    const framer = new BlockFramer();
    expect(framer.push('{"env": 0}\n\n{"env"')).toEqual(['{"env": 0}']);
    expect(framer.push(': 1}\n  \t')).toEqual([]);
    expect(framer.pending).toBe('{"env": 1}\n  \t');
    expect(framer.pendingLength).toBe(14);
    expect(framer.push('x\r')).toEqual([]);
    expect(framer.pendingLength).toBe(16);
    expect(framer.push('\n\r\n')).toEqual(['{"env": 1}\n  \tx']);
    expect(framer.pendingLength).toBe(0);
  });

  it('frames output without a blank line in time linear in its length (a buffer searched whole at each piece was quadratic)', () => {
    const output = (n: number) => Array.from({ length: n }, (_, i) => `{"env": ${i}, "messages": [{"data": "x"}]}\n`).join('');
    const feed = (text: string) => {
      const framer = new BlockFramer();
      for (let at = 0; at < text.length; at += 1 << 16) framer.push(text.slice(at, at + (1 << 16)));
      return framer.pendingLength;
    };
    expect(growthRatio(output, feed, 20_000, 15)).toBeLessThan(LOOSELY_LINEAR);
  });
});

describe('the REPL protocol', () => {
  it('ends each request with a blank line and reads each kind of response', () => {
    expect(encodeRequest({ cmd: 'theorem t : True := trivial', env: 0 })).toBe('{"cmd":"theorem t : True := trivial","env":0}\n\n');
    expect(parseResponse('{"env": 3, "messages": []}')).toEqual({ env: 3, messages: [] });
    expect(() => parseResponse('[1]')).toThrow(ProtocolError);
    expect(() => parseResponse('{"foo": 1}')).toThrow(/no env, proofState or message field/);
  });
});

import { describe, expect, it } from 'vitest';
import { coerceBoolean, coerceBySchema, extractJsonObject, stripThinking } from '../../src/llm/parse.js';

describe('extractJsonObject', () => {
  it('reads a bare object', () => {
    expect(extractJsonObject('{"q1": true, "q2": false, "reason": "r"}')).toEqual({ q1: true, q2: false, reason: 'r' });
  });

  it('reads an object inside a ```json fence with prose around it', () => {
    const reply = 'Sure.\n```json\n{"q1": true,\n "reason": "has { braces } in a string"}\n```\nDone.';
    expect(extractJsonObject(reply)).toEqual({ q1: true, reason: 'has { braces } in a string' });
  });

  it('takes the last object after prose, skipping a <think> preamble that contains braces', () => {
    const reply = '<think>maybe {"q1": false}?</think>\nMy answer: {"q1": true, "q2": true, "reason": "ok"} — final.';
    expect(extractJsonObject(reply)).toEqual({ q1: true, q2: true, reason: 'ok' });
  });

  it('forgives trailing commas and typographic quotes', () => {
    expect(extractJsonObject('{"a": [1, 2,], "b": 3,}')).toEqual({ a: [1, 2], b: 3 });
    expect(extractJsonObject('{\u201ca\u201d: 1}')).toEqual({ a: 1 });
  });

  it('returns undefined when there is no object', () => {
    expect(extractJsonObject('I believe the answer is yes.')).toBeUndefined();
    expect(extractJsonObject('[1, 2]')).toBeUndefined();
    expect(extractJsonObject('{"unterminated": ')).toBeUndefined();
  });
});

describe('stripThinking', () => {
  it('drops closed and dangling reasoning blocks', () => {
    expect(stripThinking('<think>a</think>{"x":1}')).toBe('{"x":1}');
    expect(stripThinking('reasoning without opener</think>{"x":1}')).toBe('{"x":1}');
  });
});

describe('coercion', () => {
  it('maps boolean-like strings and 0/1 and leaves the rest', () => {
    expect(['true', 'Yes', 'YES.', '1', 1].map(coerceBoolean)).toEqual([true, true, true, true, true]);
    expect(['false', 'No', 'n', '0', 0].map(coerceBoolean)).toEqual([false, false, false, false, false]);
    expect(coerceBoolean('maybe')).toBe('maybe');
  });

  it('coerces only the properties the schema types as boolean', () => {
    const schema = { properties: { q1: { type: 'boolean' }, reason: { type: 'string' } } };
    expect(coerceBySchema({ q1: 'yes', reason: 'no' }, schema)).toEqual({ q1: true, reason: 'no' });
  });

  it('maps an enum member written in another case to the member, and leaves unknown words', () => {
    const schema = { properties: { verdict: { enum: ['Faithful', 'Stronger', 'Different'] } } };
    expect(coerceBySchema({ verdict: 'faithful' }, schema)).toEqual({ verdict: 'Faithful' });
    expect(coerceBySchema({ verdict: ' DIFFERENT ' }, schema)).toEqual({ verdict: 'Different' });
    expect(coerceBySchema({ verdict: 'unsure' }, schema)).toEqual({ verdict: 'unsure' });
  });
});

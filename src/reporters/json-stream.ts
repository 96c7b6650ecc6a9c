/**
 * Indented JSON written in pieces: the text `inertJson` gives, but as a sequence of strings, large
 * arrays element by element and objects member by member, so a report is written without ever
 * being one string (V8 refuses a string past about 512 MB: `RangeError: Invalid string length`).
 */
import { inertJson } from './escape.js';

/** An array whose elements are made as they are written (SARIF's results), written as JSON writes an array. */
export class LazyArray<T> {
  constructor(readonly elements: () => Iterable<T>) {}
}

/** Arrays longer than this are written element by element at any depth; shorter ones below the top levels, whole. */
const WHOLE_ARRAY = 64;
/** Objects and arrays this deep or shallower are written member by member (a report's runs and their findings, a SARIF log's runs and results). */
const MEMBERWISE_DEPTH = 3;

/** A value as JSON.stringify would write it inside `indent`: its later lines indented as its place is. */
const whole = (value: unknown, indent: string): string => {
  const text = inertJson(value);
  return indent === '' ? text : text.replace(/\n/g, `\n${indent}`);
};

/** What JSON.stringify writes for a value, after `toJSON`, or undefined where it writes nothing (undefined, functions, symbols). */
function prepared(value: unknown, key: string): unknown {
  const withJson = value as { toJSON?: (key: string) => unknown } | null;
  return withJson !== null && typeof withJson === 'object' && typeof withJson.toJSON === 'function' ? withJson.toJSON(key) : value;
}

const writesNothing = (value: unknown): boolean => value === undefined || typeof value === 'function' || typeof value === 'symbol';

/**
 * The pieces of `JSON.stringify(value, null, 2)` (made inert, see escape.ts), indented as if at
 * `indent`; joined, they are that text exactly.
 */
export function* jsonChunks(value: unknown, indent = '', depth = 0): Generator<string> {
  if (value instanceof LazyArray) {
    yield* arrayChunks(value.elements(), indent, depth);
    return;
  }
  if (Array.isArray(value)) {
    if (value.length > WHOLE_ARRAY || depth <= MEMBERWISE_DEPTH) yield* arrayChunks(value, indent, depth);
    else yield whole(value, indent);
    return;
  }
  if (value !== null && typeof value === 'object' && depth <= MEMBERWISE_DEPTH && !(value instanceof Date)) {
    yield* objectChunks(value as Record<string, unknown>, indent, depth);
    return;
  }
  yield whole(value, indent);
}

function* arrayChunks(elements: Iterable<unknown>, indent: string, depth: number): Generator<string> {
  const inner = `${indent}  `;
  let first = true;
  for (const element of elements) {
    yield first ? `[\n${inner}` : `,\n${inner}`;
    first = false;
    const value = prepared(element, '');
    if (writesNothing(value)) yield 'null';
    else yield* jsonChunks(value, inner, depth + 1);
  }
  yield first ? '[]' : `\n${indent}]`;
}

function* objectChunks(object: Record<string, unknown>, indent: string, depth: number): Generator<string> {
  const inner = `${indent}  `;
  let first = true;
  for (const key of Object.keys(object)) {
    const value = prepared(object[key], key);
    if (writesNothing(value)) continue;
    yield `${first ? '{' : ','}\n${inner}${inertJson(key)}: `;
    first = false;
    yield* jsonChunks(value, inner, depth + 1);
  }
  yield first ? '{}' : `\n${indent}}`;
}

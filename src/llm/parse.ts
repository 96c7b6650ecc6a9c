/** Pulls a JSON object out of what real models return: fences, prose, `<think>` blocks, loose syntax. */

/** Removes `<think>…</think>` reasoning (and an unterminated one that swallowed the reply's start). */
export function stripThinking(text: string): string {
  const closed = text.replace(/<think(?:ing)?>[\s\S]*?<\/think(?:ing)?>/gi, '');
  const dangling = closed.lastIndexOf('</think>');
  return dangling >= 0 ? closed.slice(dangling + '</think>'.length) : closed;
}

/** Balanced `{…}` spans of the text, skipping braces inside strings, in order of appearance. */
function objectSpans(text: string): string[] {
  const spans: string[] = [];
  for (let start = text.indexOf('{'); start >= 0; start = text.indexOf('{', start + 1)) {
    let depth = 0;
    let quote = '';
    for (let i = start; i < text.length; i++) {
      const c = text[i]!;
      if (quote) {
        if (c === '\\') i++;
        else if (c === quote) quote = '';
      } else if (c === '"') quote = c;
      else if (c === '{') depth++;
      else if (c === '}' && --depth === 0) {
        spans.push(text.slice(start, i + 1));
        start = i;
        break;
      }
    }
  }
  return spans;
}

/** Forgives trailing commas and typographic quotes. */
function loosen(candidate: string): string {
  return candidate.replace(/[\u201c\u201d]/g, '"').replace(/,\s*([}\]])/g, '$1');
}

function tryParse(candidate: string): Record<string, unknown> | undefined {
  for (const text of [candidate, loosen(candidate)]) {
    try {
      const v: unknown = JSON.parse(text);
      if (typeof v === 'object' && v !== null && !Array.isArray(v)) return v as Record<string, unknown>;
    } catch {
      /* try the next form */
    }
  }
  return undefined;
}

/** The last JSON object in the reply (fenced blocks first), or undefined when there is none. */
export function extractJsonObject(reply: string): Record<string, unknown> | undefined {
  const text = stripThinking(reply);
  const fenced = [...text.matchAll(/```(?:json|JSON)?\s*\n?([\s\S]*?)```/g)].map((m) => m[1]!.trim());
  const candidates = [...fenced, text.trim(), ...objectSpans(text).reverse()];
  for (const candidate of candidates) {
    const parsed = tryParse(candidate);
    if (parsed) return parsed;
  }
  for (const block of fenced) {
    const inner = objectSpans(block).map(tryParse).find(Boolean);
    if (inner) return inner;
  }
  return undefined;
}

const TRUE_WORDS = new Set(['true', 'yes', 'y', '1']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0']);

/** `"true"`, `"Yes"`, `1` -> true; `"false"`, `"no"`, `0` -> false; anything else unchanged. */
export function coerceBoolean(v: unknown): unknown {
  if (typeof v === 'number' && (v === 0 || v === 1)) return v === 1;
  if (typeof v !== 'string') return v;
  const word = v.trim().toLowerCase().replace(/[.!]$/, '');
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return v;
}

interface SchemaLike {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, SchemaLike>;
  items?: SchemaLike;
}

/** The enum member `v` spells in another case or with spaces around it (`"faithful"` for `Faithful`); else `v`. */
export function coerceEnum(v: unknown, members: unknown[]): unknown {
  if (typeof v !== 'string' || members.includes(v)) return v;
  const word = v.trim().toLowerCase();
  return members.find((m) => typeof m === 'string' && m.toLowerCase() === word) ?? v;
}

function coerceValue(v: unknown, schema: SchemaLike): unknown {
  if (schema.type === 'boolean') return coerceBoolean(v);
  if (schema.enum) return coerceEnum(v, schema.enum);
  if (schema.items && Array.isArray(v)) return v.map((x) => coerceValue(x, schema.items!));
  if (schema.properties && typeof v === 'object' && v !== null && !Array.isArray(v))
    return coerceBySchema(v as Record<string, unknown>, schema);
  return v;
}

/** Coerces the object's boolean-typed properties (by the schema) with `coerceBoolean`, and string enums by case, in nested objects and arrays too. */
export function coerceBySchema(value: Record<string, unknown>, schema: SchemaLike): Record<string, unknown> {
  const out = { ...value };
  for (const [key, prop] of Object.entries(schema.properties ?? {})) {
    if (key in out) out[key] = coerceValue(out[key], prop);
  }
  return out;
}

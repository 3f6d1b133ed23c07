/**
 * What the API refuses before it parses, validates or hashes anything (REL-3, REL-4,
 * REL-7): bodies over the size limit, JSON nested deeper than any command needs, and
 * strings that are not well-formed Unicode (a lone surrogate cannot be hashed as RFC
 * 8785 canonical JSON, and would be stored forever). The same checks run on AWS and
 * locally, because they run in the handler.
 */
import { Problem } from '../kernel/problems.ts';
import { escapePointer } from '../kernel/schema-problems.ts';

/**
 * The largest body accepted, in bytes. A command is stored twice at most in one item
 * (as given, and inside its first event's data), and snapshots hold the folded state,
 * so 64 KiB keeps every accepted command far from DynamoDB's 400 KB item limit.
 */
export const MAX_BODY_BYTES = 64 * 1024;

/** No command, option set or datasheet needs more nesting than this. */
export const MAX_DEPTH = 32;

export const bodyTooLarge = (bytes: number | null): Problem =>
  new Problem(
    413,
    'too-large',
    'Body too large',
    `The request body ${bytes === null ? 'is' : `is ${bytes} bytes,`} over the limit of ${MAX_BODY_BYTES} bytes (64 KiB); nothing was written.`,
    { limit: MAX_BODY_BYTES },
  );

/** The deepest nesting of arrays and objects in a JSON text, scanned without parsing. */
export const jsonDepth = (text: string): number => {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > deepest) deepest = depth;
    } else if (c === 0x7d || c === 0x5d) depth -= 1;
  }
  return deepest;
};

const LONE_SURROGATE = /\p{Surrogate}/u;

/** The JSON Pointer of the first string or key that is not well-formed Unicode, or null. */
export const illFormedString = (value: unknown, pointer = ''): string | null => {
  if (typeof value === 'string') return LONE_SURROGATE.test(value) ? pointer || '/' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = illFormedString(value[i], `${pointer}/${i}`);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const here = `${pointer}/${escapePointer(key)}`;
      if (LONE_SURROGATE.test(key)) return here;
      const found = illFormedString(item, here);
      if (found !== null) return found;
    }
  }
  return null;
};

/**
 * REL-27: keys no request has, which JavaScript gives a meaning of their own: a schema's
 * record or a spread drops `__proto__` (assigning it sets the prototype), and `constructor`
 * is found on every object, so each was accepted and silently lost. They are refused as
 * the unknown fields they are (REL-4).
 */
const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** The JSON Pointers of every `__proto__`, `constructor` or `prototype` key, at any depth. */
export const prototypeKeys = (value: unknown, pointer = ''): string[] => {
  if (Array.isArray(value)) return value.flatMap((item, i) => prototypeKeys(item, `${pointer}/${i}`));
  if (value === null || typeof value !== 'object') return [];
  return Object.keys(value).flatMap((key) => {
    const here = `${pointer}/${escapePointer(key)}`;
    return PROTOTYPE_KEYS.has(key) ? [here] : prototypeKeys((value as Record<string, unknown>)[key], here);
  });
};

/** The body as JSON, after the size, depth and Unicode checks: every refusal is a 4xx that names the problem. */
export const parseJsonBody = (body: string | undefined): unknown => {
  if (body === undefined || body === '') return {};
  // Depth first: it names the more specific problem of a deep body, and the scan is linear.
  if (jsonDepth(body) > MAX_DEPTH) {
    throw new Problem(
      400,
      'too-deep',
      'JSON nested too deeply',
      `The request body nests arrays and objects more than ${MAX_DEPTH} levels deep; no command needs that many.`,
      { limit: MAX_DEPTH },
    );
  }
  const bytes = Buffer.byteLength(body, 'utf8');
  if (bytes > MAX_BODY_BYTES) throw bodyTooLarge(bytes);
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    throw new Problem(400, 'malformed-json', 'Malformed JSON', `The request body is not valid JSON: ${(error as Error).message}.`);
  }
  const bad = illFormedString(value);
  if (bad !== null) {
    throw new Problem(
      400,
      'invalid-unicode',
      'Text that is not valid Unicode',
      `The request body has a string at ${bad} that is not well-formed Unicode (a lone surrogate such as \\ud800); send valid UTF-16 text.`,
      { pointer: bad },
    );
  }
  const reserved = prototypeKeys(value);
  if (reserved.length > 0) {
    const one = reserved.length === 1;
    throw new Problem(
      400,
      'unknown-field',
      'Unknown field',
      `${one ? 'The field' : 'The fields'} ${reserved.join(', ')} ${one ? 'is' : 'are'} not part of any request: no field is called __proto__, constructor or prototype; remove ${one ? 'it' : 'them'}.`,
      { errors: reserved.map((pointer) => ({ pointer, detail: 'This field is not part of the schema.' })) },
    );
  }
  return value;
};

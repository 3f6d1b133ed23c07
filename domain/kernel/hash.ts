/**
 * Canonical JSON and SHA-256: the basis of the tamper-evident log. Canonical JSON is
 * RFC 8785 (JCS), so any party in any language re-derives the same bytes.
 * The digests themselves come from digest.ts (native in Node, @noble/hashes in the browser).
 */
import canonicalize from 'canonicalize';
import { hmacSha256 } from './digest.ts';

export { hmacSha256, sha256Hex } from './digest.ts';

/** A string JSON.stringify would escape, or one with a surrogate (lone or paired): only those leave the plain quoting. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: JSON escapes exactly the control characters U+0000 to U+001F
const NEEDS_ESCAPE = /["\\\u0000-\u001f\uD800-\uDFFF]/;
const SURROGATE = /[\uD800-\uDFFF]/;
/** Deeper than any event: the fast path hands the value to `canonicalize`, which names a cycle. */
const MAX_DEPTH = 512;

class NotPlain extends Error {}

const quote = (text: string): string => {
  if (!NEEDS_ESCAPE.test(text)) return `"${text}"`;
  if (SURROGATE.test(text)) throw new NotPlain();
  return JSON.stringify(text);
};

/**
 * COST-3: a member's name written once: the same few dozen names recur in every event, and
 * quoting one is a regex test and a new string. Bounded in count and in length, since a
 * client's command may carry any names.
 */
const quotedNames = new Map<string, string>();
const MAX_NAMES = 4096;
const MAX_NAME_LENGTH = 64;
const quoteName = (name: string): string => {
  let quoted = quotedNames.get(name);
  if (quoted === undefined) {
    quoted = quote(name);
    if (quotedNames.size < MAX_NAMES && name.length <= MAX_NAME_LENGTH) quotedNames.set(name, quoted);
  }
  return quoted;
};

/**
 * PERF-4: the same bytes as `canonicalize` for the plain JSON data that events, commands
 * and views are (strings, finite numbers, booleans, null, arrays and plain objects), built
 * by concatenation with no set of seen objects and no JSON.stringify of plain strings;
 * anything else (a `toJSON`, a surrogate, NaN, a function, a cycle) leaves the fast path
 * for `canonicalize` itself. A finite number's template string is its JSON (ECMAScript
 * Number::toString), which is what RFC 8785 prescribes.
 */
const plain = (value: unknown, depth: number, skip?: string): string => {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return quote(value);
    case 'number':
      if (!Number.isFinite(value)) throw new NotPlain();
      return `${value}`;
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      break;
    default:
      throw new NotPlain();
  }
  if (depth > MAX_DEPTH || typeof (value as { toJSON?: unknown }).toJSON === 'function') throw new NotPlain();
  // COST-3: appended piece by piece, with no template string made per member or item
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i += 1) {
      const item: unknown = value[i];
      if (item === undefined && !(i in value)) throw new NotPlain(); // a hole: canonicalize writes it as nothing
      if (i > 0) out += ',';
      out += plain(item === undefined ? null : item, depth + 1);
    }
    return `${out}]`;
  }
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object);
  if (keys.length > 1) keys.sort();
  let out = '{';
  let first = true;
  for (const key of keys) {
    const item = object[key];
    if (item === undefined || key === skip) continue;
    if (first) first = false;
    else out += ',';
    out += quoteName(key);
    out += ':';
    out += plain(item, depth + 1);
  }
  return `${out}}`;
};

export const canonicalJson = (value: unknown): string => {
  try {
    return plain(value, 0);
  } catch (error) {
    if (!(error instanceof NotPlain)) throw error;
  }
  const text = canonicalize(value);
  if (text === undefined) throw new TypeError('value has no canonical JSON form');
  return text;
};

/** The canonical JSON of an object without its member `key` (PERF-4: an envelope's hash covers all of it but `hash`, with no copy of it made). */
export const canonicalJsonWithout = (value: object, key: string): string => {
  try {
    return plain(value, 0, key);
  } catch (error) {
    if (!(error instanceof NotPlain)) throw error;
  }
  const { [key]: _ignored, ...rest } = value as Record<string, unknown>;
  return canonicalJson(rest);
};

const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));
const hex = (bytes: Uint8Array): string => {
  let out = '';
  for (const b of bytes) out += HEX[b];
  return out;
};

export const hmacSha256Hex = (keyHex: string, message: string): string => hex(hmacSha256(keyHex, message));

/**
 * PERF-4: re-adjudication compares each re-decided event with the logged one, and nearly all
 * are the same; this says so without writing either as canonical JSON (readjudicate.ts).
 */

/** A string with a surrogate (lone or paired): its canonical JSON is left to `canonicalJson`. */
const SURROGATE = /[\uD800-\uDFFF]/;

const isPlainObject = (value: object): boolean => {
  const proto = Object.getPrototypeOf(value);
  return (proto === Object.prototype || proto === null) && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
};

/**
 * Whether two values certainly have the same canonical JSON, without writing it: the same
 * strings, finite numbers, booleans and nulls, in arrays (an undefined item is null) and
 * plain objects (an undefined member is absent). Anything it is not sure of (NaN, a hole,
 * a surrogate, a toJSON, another kind of object) answers false, and the caller compares the
 * canonical JSON itself, so the verdict is exactly the canonical one.
 */
export const sameJson = (left: unknown, right: unknown): boolean => {
  const a = left === undefined ? null : left;
  const b = right === undefined ? null : right;
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) {
    if (typeof a === 'number') return Number.isFinite(a) && a === b;
    if (typeof a === 'string') return a === b && !SURROGATE.test(a);
    return a === b && (a === null || typeof a === 'boolean');
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i += 1) {
      if (!(i in a) || !(i in b) || !sameJson(a[i], b[i])) return false;
    }
    return true;
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let members = 0;
  for (const key of Object.keys(x)) {
    if (x[key] === undefined) continue;
    // A member undefined on the other side is absent from its JSON, whatever this side holds (null too).
    if (SURROGATE.test(key) || !Object.hasOwn(y, key) || y[key] === undefined || !sameJson(x[key], y[key])) return false;
    members += 1;
  }
  for (const key of Object.keys(y)) if (y[key] !== undefined) members -= 1;
  return members === 0;
};

/**
 * Canonical JSON and SHA-256: the basis of the tamper-evident log. Canonical JSON is
 * RFC 8785 (JCS), so any party in any language re-derives the same bytes.
 * The digests themselves come from digest.ts (native in Node, @noble/hashes in the browser).
 */
import canonicalize from 'canonicalize';
import { hmacSha256 } from './digest.ts';

export { hmacSha256, sha256Hex } from './digest.ts';

export const canonicalJson = (value: unknown): string => {
  const text = canonicalize(value);
  if (text === undefined) throw new TypeError('value has no canonical JSON form');
  return text;
};

const hex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

export const hmacSha256Hex = (keyHex: string, message: string): string => hex(hmacSha256(keyHex, message));

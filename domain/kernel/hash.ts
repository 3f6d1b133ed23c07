/**
 * Canonical JSON and SHA-256: the basis of the tamper-evident log. Canonical JSON is
 * RFC 8785 (JCS), so any party in any language re-derives the same bytes.
 * Hashing is pure computation, so `node:crypto` is allowed in the domain.
 */
import { createHash, createHmac } from 'node:crypto';
import canonicalize from 'canonicalize';

export const canonicalJson = (value: unknown): string => {
  const text = canonicalize(value);
  if (text === undefined) throw new TypeError('value has no canonical JSON form');
  return text;
};

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

export const hmacSha256 = (key: string, message: string): Buffer =>
  createHmac('sha256', Buffer.from(key, 'hex')).update(message, 'utf8').digest();

/**
 * SHA-256 and HMAC-SHA256 on Node's native crypto. The page that verifies logs in the
 * browser (web/) builds the same domain with web/digest.ts in this file's place, which
 * computes the same bytes with @noble/hashes. Hashing is pure computation, so it is
 * allowed in the domain.
 */
import { createHash, createHmac, hash } from 'node:crypto';

/**
 * COST-3: Node's one-shot `hash` (half the time of a Hash object for an envelope's few
 * hundred bytes; verify hashes every event), where this Node has it (20.12 and later).
 */
export const sha256Hex: (text: string) => string =
  typeof hash === 'function' ? (text) => hash('sha256', text, 'hex') : (text) => createHash('sha256').update(text, 'utf8').digest('hex');

/** PERF-4: a game's keys (its dice, its salts) sign thousands of messages in a verify; each is decoded once. */
const keys = new Map<string, Buffer>();
const keyOf = (keyHex: string): Buffer => {
  let key = keys.get(keyHex);
  if (!key) {
    if (keys.size >= 16) keys.clear();
    key = Buffer.from(keyHex, 'hex');
    keys.set(keyHex, key);
  }
  return key;
};

export const hmacSha256 = (keyHex: string, message: string): Uint8Array =>
  createHmac('sha256', keyOf(keyHex)).update(message, 'utf8').digest();

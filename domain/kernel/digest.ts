/**
 * SHA-256 and HMAC-SHA256 on Node's native crypto. The page that verifies logs in the
 * browser (web/) builds the same domain with web/digest.ts in this file's place, which
 * computes the same bytes with @noble/hashes. Hashing is pure computation, so it is
 * allowed in the domain.
 */
import { createHash, createHmac } from 'node:crypto';

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

export const hmacSha256 = (keyHex: string, message: string): Uint8Array =>
  createHmac('sha256', Buffer.from(keyHex, 'hex')).update(message, 'utf8').digest();

/**
 * The browser's digest.ts (see domain/kernel/digest.ts): the same SHA-256 and
 * HMAC-SHA256 bytes, computed by @noble/hashes, so the page verifies logs with the
 * domain code itself. scripts/build-web.mjs puts this file in the kernel's place.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

export const sha256Hex = (text: string): string => bytesToHex(sha256(utf8ToBytes(text)));

export const hmacSha256 = (keyHex: string, message: string): Uint8Array => hmac(sha256, hexToBytes(keyHex), utf8ToBytes(message));

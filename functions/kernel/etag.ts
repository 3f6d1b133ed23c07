/** Entity tags for GET answers: one way to compute them and one way to match them. */
import { canonicalJson, sha256Hex } from '../../domain/kernel/hash.ts';

/** A strong ETag for a JSON body: 128 bits of the SHA-256 of its canonical JSON (RFC 8785). */
export const etagOf = (body: unknown): string => `"${sha256Hex(canonicalJson(body)).slice(0, 32)}"`;

/** Whether an If-None-Match header names `etag` (a list, weak tags and `*` included). */
export const etagMatches = (ifNoneMatch: string | undefined, etag: string): boolean => {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
};

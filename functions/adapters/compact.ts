/**
 * COST-2: how the large JSON a table keeps (a game's state in a checkpoint, a read model) is
 * stored: raw DEFLATE (`node:zlib`) of its UTF-8 text, in a binary attribute. A game's state is
 * mostly repeated keys and an undo window that copies the state at the turn's start, so a 48 KB
 * state packs into under 4 KB (about 13x; brotli at quality 5 is 7% smaller and twice as slow,
 * measured on the reference logs), and what a command reads and writes is billed by the kilobyte.
 * Level 6 is zlib's default; the state compresses in about 0.15 ms and inflates in less.
 *
 * `node:zlib` is loaded on first use, not at import: loading it takes 1.5 ms, which a Lambda's
 * cold start would pay before its first command whether or not that command packs anything
 * (ARC-7, COST-3); a command whose state this process kept packs nothing (event-store.ts).
 */
import type * as Zlib from 'node:zlib';

let zlib: typeof Zlib | undefined;
const loaded = (): typeof Zlib => {
  zlib ??= process.getBuiltinModule('node:zlib');
  return zlib;
};

/** `text` as the bytes stored. */
export const pack = (text: string): Uint8Array => loaded().deflateRawSync(Buffer.from(text, 'utf8'));

/** The text `pack` stored. */
export const unpack = (bytes: Uint8Array): string => loaded().inflateRawSync(bytes).toString('utf8');

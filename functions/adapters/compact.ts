/**
 * COST-2: how the large JSON a table keeps (a game's state in a checkpoint, a read model) is
 * stored: raw DEFLATE (`node:zlib`) of its UTF-8 text, in a binary attribute. A game's state is
 * mostly repeated keys and an undo window that copies the state at the turn's start, so a 48 KB
 * state packs into under 4 KB (about 13x; brotli at quality 5 is 7% smaller and twice as slow,
 * measured on the reference logs), and what a command reads and writes is billed by the kilobyte.
 * Level 6 is zlib's default; the state compresses in about 0.15 ms and inflates in less.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';

/** `text` as the bytes stored. */
export const pack = (text: string): Uint8Array => deflateRawSync(Buffer.from(text, 'utf8'));

/** The text `pack` stored. */
export const unpack = (bytes: Uint8Array): string => inflateRawSync(bytes).toString('utf8');

/**
 * The TCP sockets a process listens on, read from Linux's /proc (REL-19): its open file
 * descriptors name socket inodes, and /proc/<pid>/net/tcp and tcp6 give each inode's local
 * address and state. Nothing is connected to, so it can tell what a program exposes
 * without sending a packet.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { endianness } from 'node:os';

export interface ListeningSocket {
  /** As written in a URL's host: 127.0.0.1, [::1], [::ffff:7f00:1]. */
  readonly address: string;
  readonly port: number;
  readonly loopback: boolean;
}

/** The kernel's TCP state number for LISTEN. */
const LISTEN = '0A';

/** What `pid` listens on; null where /proc cannot tell (not Linux, or the process is gone). */
export const listeningSockets = (pid: number): ListeningSocket[] | null => {
  let inodes: Set<string>;
  let table: string;
  try {
    inodes = socketInodes(pid);
    table = ['tcp', 'tcp6'].map((name) => readFileSync(`/proc/${pid}/net/${name}`, 'utf8')).join('\n');
  } catch {
    return null;
  }
  return table.split('\n').flatMap((line) => {
    const fields = line.trim().split(/\s+/);
    const [local, state, inode] = [fields[1], fields[3], fields[9]];
    if (!local || state !== LISTEN || !inode || !inodes.has(inode)) return [];
    return [decode(local)];
  });
};

const socketInodes = (pid: number): Set<string> => {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match?.[1]) inodes.add(match[1]);
    } catch {
      // closed while we looked
    }
  }
  return inodes;
};

/**
 * `0100007F:1F90` is 127.0.0.1:8080 on a little-endian machine: the kernel prints the
 * address as 32-bit words in the machine's byte order, the port as a plain number.
 */
export const decode = (local: string): ListeningSocket => {
  const [hex = '', port = '0'] = local.split(':');
  const bytes = Buffer.alloc(hex.length / 2);
  for (let word = 0; word < hex.length / 8; word += 1) {
    const value = Number.parseInt(hex.slice(word * 8, word * 8 + 8), 16);
    if (endianness() === 'LE') bytes.writeUInt32LE(value, word * 4);
    else bytes.writeUInt32BE(value, word * 4);
  }
  return { address: format(bytes), port: Number.parseInt(port, 16), loopback: isLoopback(bytes) };
};

const format = (bytes: Buffer): string => {
  if (bytes.length === 4) return [...bytes].join('.');
  const groups = Array.from({ length: 8 }, (_, i) => bytes.readUInt16BE(i * 2).toString(16)).join(':');
  // The URL parser writes an IPv6 address in its shortest form, and resolves nothing.
  return new URL(`http://[${groups}]/`).hostname;
};

const V4_MAPPED = Buffer.from([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff]);
const V6_LOOPBACK = Buffer.from([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);

const isLoopback = (bytes: Buffer): boolean => {
  if (bytes.length === 4) return bytes[0] === 127;
  return bytes.equals(V6_LOOPBACK) || (bytes.subarray(0, 12).equals(V4_MAPPED) && bytes[12] === 127);
};

/**
 * The local runtime's signing key (TRUST-1) and its rotation (TRUST-5), kept in the data folder:
 *
 *   <data>/keys/keyring.json   the published keys (current first) and which one signs
 *   <data>/keys/<kid>.pem      the current key's private half, PKCS#8 PEM, mode 0600
 *
 * Only the current key's private half is kept: a retired or revoked key never signs again, so
 * its private half is deleted when it is replaced. `npm start` makes the first key; `npm run
 * keys` rotates and revokes (scripts/keys.ts). The keyring is replaced by a rename, never
 * written in place, so a running server reads the old keyring or the new one, never half of
 * one; it looks at the file's identity at most once a second and reloads when it changed, so a
 * rotation takes effect without a restart.
 */
import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KeySet, PublishedKey, Signature, SignaturePurpose } from '../../domain/kernel/signature.ts';
import type { Signer } from '../kernel/ports.ts';
import { KeySigner, keyIdOf, publicJwkOf } from './key-signer.ts';

/** What keyring.json holds: the key that signs, and every published key, current first. */
export interface Keyring {
  readonly current: string;
  readonly keys: readonly PublishedKey[];
}

/** A mistake the keys command reports in one sentence (exit 2): an unknown key, a second revocation. */
export class KeyringRefusal extends Error {}

export const keysFolder = (dataDir: string): string => join(dataDir, 'keys');
const ringPath = (dataDir: string) => join(keysFolder(dataDir), 'keyring.json');
const pemPath = (dataDir: string, kid: string) => join(keysFolder(dataDir), `${kid}.pem`);

/** The keyring of `dataDir`, or null when no key was made there yet. */
export const readKeyring = (dataDir: string): Keyring | null =>
  existsSync(ringPath(dataDir)) ? (JSON.parse(readFileSync(ringPath(dataDir), 'utf8')) as Keyring) : null;

/** Replace the keyring whole: written beside it, then renamed over it (a reader never sees half a file). */
const writeKeyring = (dataDir: string, ring: Keyring): void => {
  const next = `${ringPath(dataDir)}.next`;
  writeFileSync(next, `${JSON.stringify(ring, null, 2)}\n`, { mode: 0o644 });
  renameSync(next, ringPath(dataDir));
};

/** A new Ed25519 key: its private half written 0600 under its kid, its public half returned to publish. */
const makeKey = (dataDir: string, created: Date): PublishedKey => {
  mkdirSync(keysFolder(dataDir), { recursive: true, mode: 0o700 });
  const { privateKey } = generateKeyPairSync('ed25519');
  const jwk = publicJwkOf(privateKey);
  const kid = keyIdOf(jwk);
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  // `wx`: never over an existing file; the mode applies on creation, chmod again in case a umask narrowed nothing.
  writeFileSync(pemPath(dataDir, kid), pem, { mode: 0o600, flag: 'wx' });
  chmodSync(pemPath(dataDir, kid), 0o600);
  return { ...jwk, kid, alg: 'EdDSA', use: 'sig', created: created.toISOString() };
};

/** The keyring of `dataDir`, made with a first key when there is none (npm start's first start). */
export const openKeyring = (dataDir: string, now: Date = new Date()): { ring: Keyring; made: boolean } => {
  const ring = readKeyring(dataDir);
  if (ring) return { ring, made: false };
  const key = makeKey(dataDir, now);
  const made = { current: key.kid, keys: [key] };
  writeKeyring(dataDir, made);
  return { ring: made, made: true };
};

/** TRUST-5: a new key signs from now on; the one it replaces is marked retired and stays published. */
export const rotateKey = (dataDir: string, now: Date = new Date()): { current: PublishedKey; retired: PublishedKey | null } => {
  const old = readKeyring(dataDir);
  const key = makeKey(dataDir, now);
  const at = now.toISOString();
  const older = (old?.keys ?? []).map((k) => (k.kid === old?.current && k.retired === undefined ? { ...k, retired: at } : k));
  writeKeyring(dataDir, { current: key.kid, keys: [key, ...older] });
  // The replaced key never signs again: its private half has nothing left to do.
  if (old) rmSync(pemPath(dataDir, old.current), { force: true });
  return { current: key, retired: older.find((k) => k.kid === old?.current) ?? null };
};

/** TRUST-5: mark key `kid` revoked from `at` on; `verify` names the date. The current key is rotated away first. */
export const revokeKey = (dataDir: string, kid: string, at: Date = new Date()): PublishedKey => {
  const ring = readKeyring(dataDir);
  if (!ring) throw new KeyringRefusal(`there is no keyring in ${keysFolder(dataDir)}; npm start makes one on its first start`);
  const key = ring.keys.find((k) => k.kid === kid);
  if (!key) throw new KeyringRefusal(`there is no key ${kid} in ${keysFolder(dataDir)}; npm run keys -- list shows the keys`);
  if (key.revoked !== undefined) throw new KeyringRefusal(`key ${kid} was revoked already, at ${key.revoked}`);
  if (kid === ring.current)
    throw new KeyringRefusal(`key ${kid} is the one that signs; make a new one first (npm run keys -- rotate), then revoke it`);
  const revoked = { ...key, revoked: at.toISOString() };
  writeKeyring(dataDir, { ...ring, keys: ring.keys.map((k) => (k.kid === kid ? revoked : k)) });
  return revoked;
};

/** The signer a keyring describes: its current key's private half, every key published, current first. */
const signerOf = (dataDir: string, ring: Keyring): KeySigner => {
  const current = ring.keys.find((k) => k.kid === ring.current);
  if (!current) throw new Error(`${ringPath(dataDir)} names key ${ring.current} as current but does not publish it`);
  const privateKey = createPrivateKey(readFileSync(pemPath(dataDir, ring.current), 'utf8'));
  return new KeySigner(
    privateKey,
    current,
    ring.keys.filter((k) => k.kid !== ring.current),
  );
};

/** What tells one keyring file from the next: a rename gives a new inode, a write a new time. */
const stampOf = (dataDir: string): string => {
  const { ino, mtimeMs, size } = statSync(ringPath(dataDir));
  return `${ino}:${mtimeMs}:${size}`;
};

/**
 * The data folder's key as a Signer: made on the first start, reloaded when `npm run keys`
 * replaced the keyring (looked at no more than once every `recheckMs`).
 */
export class KeyFileSigner implements Signer {
  private signer: KeySigner;
  private ring: Keyring;
  private stamp: string;
  private checked: number;

  private constructor(
    private readonly dataDir: string,
    ring: Keyring,
    private readonly now: () => number,
    private readonly recheckMs: number,
  ) {
    this.ring = ring;
    this.signer = signerOf(dataDir, ring);
    this.stamp = stampOf(dataDir);
    this.checked = now();
  }

  /** The signer of `dataDir`'s keyring, which is made with a first key when there is none; `made` says so. */
  static open(
    dataDir: string,
    options: { readonly now?: () => number; readonly recheckMs?: number } = {},
  ): { signer: KeyFileSigner; made: boolean } {
    const now = options.now ?? Date.now;
    const { ring, made } = openKeyring(dataDir, new Date(now()));
    return { signer: new KeyFileSigner(dataDir, ring, now, options.recheckMs ?? 1000), made };
  }

  /** The key that signs now. */
  currentKid(): string {
    this.fresh();
    return this.ring.current;
  }

  async sign(purpose: SignaturePurpose, payload: unknown): Promise<Signature> {
    return this.fresh().sign(purpose, payload);
  }

  async keySet(): Promise<KeySet> {
    return this.fresh().keySet();
  }

  private fresh(): KeySigner {
    const now = this.now();
    if (now - this.checked < this.recheckMs) return this.signer;
    this.checked = now;
    try {
      const stamp = stampOf(this.dataDir);
      if (stamp === this.stamp) return this.signer;
      const ring = readKeyring(this.dataDir);
      if (ring) {
        this.signer = signerOf(this.dataDir, ring);
        this.ring = ring;
      }
      this.stamp = stamp;
    } catch {
      // Caught between a rotation's rename and its removal of the old key: the next look finds the new one whole.
    }
    return this.signer;
  }
}

/**
 * TRUST-1 on AWS: the service signs with a short-lived Ed25519 key that its KMS key certified,
 * as certificate chains do, instead of calling KMS for every command (docs/design.md §22). A
 * container makes its key on first use and has KMS sign its certificate once (one `Sign`
 * request, some tens of milliseconds); every receipt and export after that is a local Ed25519
 * signature carrying the certificate, which `checkSignature` verifies against the published key
 * set. The key lives 24 hours and is renewed an hour before it ends; it never leaves the
 * container's memory. The KMS key's private half never leaves KMS.
 */
import { createHash, createHmac, generateKeyPairSync, type Hash, type Hmac, type KeyObject } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import type { KeyCertificate, KeySet, Signature, SignaturePurpose } from '../../domain/kernel/signature.ts';
import { signingInput } from '../../domain/kernel/signature.ts';
import type { Signer } from '../kernel/ports.ts';
import { keyIdOf, publicJwkOf, signWith } from './key-signer.ts';
import { KMS_KEY_ENV, keySetFromEnv } from './published-keys.ts';

/** Sign these bytes with the root key (ECDSA P-256 over SHA-256); the signature in DER, as KMS returns it. */
export type SignRoot = (bytes: Buffer) => Promise<Buffer>;

/** How long a short-lived key is certified for. */
export const CERTIFIED_FOR_MS = 24 * 60 * 60 * 1000;
/** A key is renewed this long before its certificate ends, so nothing it signs is dated near the edge. */
const RENEW_BEFORE_MS = 60 * 60 * 1000;
/**
 * A certificate holds from this long before it was made: a command's time is read when it
 * starts, and the first command of a container signs after the certificate is made.
 */
const BACKDATED_MS = 5 * 60 * 1000;

/** One DER length (X.690 §8.1.3): short form, or long form in up to two bytes. */
const derLength = (der: Buffer, at: number): { length: number; next: number } => {
  const first = der[at] ?? 0;
  if (first < 0x80) return { length: first, next: at + 1 };
  const bytes = first & 0x7f;
  if (bytes < 1 || bytes > 2) throw new Error('not an ECDSA signature in DER: a length of more than two bytes');
  return { length: der.readUIntBE(at + 1, bytes), next: at + 1 + bytes };
};

/** One DER INTEGER at `at`, as `size` unsigned big-endian bytes. */
const derInteger = (der: Buffer, at: number, size: number): { value: Buffer; next: number } => {
  if (der[at] !== 0x02) throw new Error('not an ECDSA signature in DER: an INTEGER was expected');
  const { length, next } = derLength(der, at + 1);
  let value = der.subarray(next, next + length);
  while (value.length > size && value[0] === 0) value = value.subarray(1);
  if (value.length > size) throw new Error(`not a P-256 signature: an integer of ${value.length} bytes`);
  return { value: Buffer.concat([Buffer.alloc(size - value.length), value]), next: next + length };
};

/**
 * An ECDSA signature from DER (`SEQUENCE { r INTEGER, s INTEGER }`, what KMS returns) to IEEE
 * P1363 (`r || s`, each `size` bytes), the form JWS's ES256 uses (RFC 7518 §3.4).
 */
export const derToP1363 = (der: Buffer, size = 32): Buffer => {
  if (der[0] !== 0x30) throw new Error('not an ECDSA signature in DER: a SEQUENCE was expected');
  const { next } = derLength(der, 1);
  const r = derInteger(der, next, size);
  const s = derInteger(der, r.next, size);
  return Buffer.concat([r.value, s.value]);
};

interface CertifiedKey {
  readonly privateKey: KeyObject;
  readonly certificate: KeyCertificate;
  readonly renewAt: number;
}

export interface CertifiedSignerOptions {
  /** The root's published key id: the one whose private half `signRoot` signs with. */
  readonly rootKid: string;
  readonly signRoot: SignRoot;
  /** The published keys, the root first (from the environment on AWS: published-keys.ts). */
  readonly keys: () => KeySet;
  readonly now?: () => number;
}

/** A signer that signs with a short-lived key its root certified once, renewed before its certificate ends. */
export class CertifiedSigner implements Signer {
  private current: CertifiedKey | undefined;
  private certifying: Promise<CertifiedKey> | undefined;
  private readonly now: () => number;

  constructor(private readonly options: CertifiedSignerOptions) {
    this.now = options.now ?? Date.now;
  }

  async sign(purpose: SignaturePurpose, payload: unknown): Promise<Signature> {
    const { privateKey, certificate } = await this.key();
    return { ...signWith(privateKey, certificate.kid, purpose, payload), certificate };
  }

  async keySet(): Promise<KeySet> {
    return this.options.keys();
  }

  /** The key to sign with: the current one while it has an hour left, else one certification shared by every caller. */
  private key(): Promise<CertifiedKey> {
    if (this.current && this.now() < this.current.renewAt) return Promise.resolve(this.current);
    this.certifying ??= this.certify().finally(() => {
      this.certifying = undefined;
    });
    return this.certifying;
  }

  private async certify(): Promise<CertifiedKey> {
    const { privateKey } = generateKeyPairSync('ed25519');
    const key = publicJwkOf(privateKey);
    const made = this.now();
    const body = {
      kid: keyIdOf(key),
      alg: 'EdDSA' as const,
      key,
      notBefore: new Date(made - BACKDATED_MS).toISOString(),
      notAfter: new Date(made + CERTIFIED_FOR_MS).toISOString(),
    };
    const der = await this.options.signRoot(signingInput('arbiter-key-certificate/1', body));
    const sig = derToP1363(der).toString('base64url');
    const certificate: KeyCertificate = { ...body, signature: { kid: this.options.rootKid, alg: 'ES256', sig } };
    this.current = { privateKey, certificate, renewAt: made + CERTIFIED_FOR_MS - RENEW_BEFORE_MS };
    return this.current;
  }
}

/** SHA-256 (and its HMAC, given a secret) as SigV4 hashes: node:crypto, so no hashing package comes into the bundle. */
class Sha256 {
  private readonly hash: Hash | Hmac;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytesOf(secret));
  }
  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.hash.update(bytesOf(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
}

const bytesOf = (data: string | ArrayBuffer | ArrayBufferView): Buffer =>
  typeof data === 'string'
    ? Buffer.from(data, 'utf8')
    : ArrayBuffer.isView(data)
      ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
      : Buffer.from(data);

export interface KmsEndpoint {
  readonly region: string;
  /** https://kms.<region>.amazonaws.com unless given (a test's server on 127.0.0.1). */
  readonly url?: string;
  /** The function role's credentials, which Lambda puts in the environment. */
  readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string; readonly sessionToken?: string };
}

/**
 * The root's signature on AWS: one KMS `Sign` of the raw bytes, ECDSA_SHA_256 (KMS hashes them),
 * once per container and day. A plain SigV4-signed request of KMS's JSON protocol rather than
 * @aws-sdk/client-kms: the client's schemas of every KMS operation would add about 31 KiB to the
 * API's bundle, which PERF-1 holds under 600 KiB, for this one call; SigV4 is already in it.
 */
export const kmsSignRoot =
  (keyId: string, endpoint: KmsEndpoint): SignRoot =>
  async (bytes) => {
    const url = new URL(endpoint.url ?? `https://kms.${endpoint.region}.amazonaws.com/`);
    const body = JSON.stringify({ KeyId: keyId, Message: bytes.toString('base64'), MessageType: 'RAW', SigningAlgorithm: 'ECDSA_SHA_256' });
    const sigv4 = new SignatureV4({ service: 'kms', region: endpoint.region, credentials: endpoint.credentials, sha256: Sha256 });
    const signed = await sigv4.sign({
      method: 'POST',
      protocol: url.protocol,
      hostname: url.hostname,
      ...(url.port ? { port: Number(url.port) } : {}),
      path: '/',
      query: {},
      headers: { host: url.host, 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'TrentService.Sign' },
      body,
    });
    const answer = await fetch(url, { method: 'POST', headers: signed.headers, body });
    const reply = (await answer.json().catch(() => ({}))) as { Signature?: string; __type?: string; message?: string; Message?: string };
    if (!answer.ok || !reply.Signature)
      throw new Error(
        `KMS Sign with key ${keyId} failed (${answer.status} ${reply.__type ?? ''}: ${reply.message ?? reply.Message ?? 'no signature'})`,
      );
    return Buffer.from(reply.Signature, 'base64');
  };

/**
 * The signer of a function the stack lets sign: certified by the KMS key `ARBITER_KMS_KEY_ID`
 * names, publishing the keys `ARBITER_SIGNING_KEYS` lists (the first being that KMS key's);
 * undefined without the variable (a bundle run on this machine), for the caller's own signer.
 */
export const kmsSignerFromEnv = (env: Readonly<Record<string, string | undefined>> = process.env): Signer | undefined => {
  const keyId = env[KMS_KEY_ENV];
  if (!keyId) return undefined;
  const root = keySetFromEnv(env).keys[0];
  if (!root) throw new Error(`${KMS_KEY_ENV} is set but ARBITER_SIGNING_KEYS lists no key`);
  const credentials = {
    accessKeyId: env.AWS_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.AWS_SECRET_ACCESS_KEY ?? '',
    ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}),
  };
  const signRoot = kmsSignRoot(keyId, { region: env.AWS_REGION ?? 'us-east-1', credentials });
  return new CertifiedSigner({ rootKid: root.kid, signRoot, keys: () => keySetFromEnv(env) });
};

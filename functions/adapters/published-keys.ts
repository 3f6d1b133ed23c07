/**
 * TRUST-1, TRUST-5 on AWS: the service's published keys, read from the environment the stack
 * wrote, so that serving them (`GET /.well-known/arbiter-keys.json`) and naming the issuer of a
 * certificate need no call to KMS and no `kms:GetPublicKey` (docs/design.md §22).
 *
 *   ARBITER_SIGNING_KEYS  JSON, oldest generation first: `[{ "publicKey": <base64 DER SPKI>,
 *                         "created": <ISO 8601> }]`, what KMS GetPublicKey and DescribeKey said of
 *                         each generation of the stack's KMS key at deploy (infra/aws/signing-key.ts).
 *                         The last one signs; each older one is retired when the next was made.
 *   ARBITER_REVOKED_KEYS  JSON `{ <kid>: <ISO 8601> }`: keys no longer trusted from that time
 *                         (the `revokedSigningKeys` context).
 */
import { createPublicKey } from 'node:crypto';
import type { KeySet, PublicJwk, PublishedKey } from '../../domain/kernel/signature.ts';
import { keyIdOf } from './key-signer.ts';

export const SIGNING_KEYS_ENV = 'ARBITER_SIGNING_KEYS';
/** The KMS key that certifies (its ARN), set by the stack on the functions that sign (kms-signer.ts). */
export const KMS_KEY_ENV = 'ARBITER_KMS_KEY_ID';
export const REVOKED_KEYS_ENV = 'ARBITER_REVOKED_KEYS';

interface Generation {
  readonly publicKey: string;
  readonly created: string;
}

type Env = Readonly<Record<string, string | undefined>>;

/** A P-256 public key as KMS gives it (DER SubjectPublicKeyInfo), as a published ES256 key. */
export const publishedP256 = (der: Buffer, created: string): PublishedKey => {
  const { kty, crv, x, y } = createPublicKey({ key: der, format: 'der', type: 'spki' }).export({ format: 'jwk' }) as PublicJwk;
  if (kty !== 'EC' || crv !== 'P-256' || y === undefined) throw new Error(`a signing key of the stack is ${crv ?? kty}, not P-256`);
  const jwk: PublicJwk = { kty, crv, x, y };
  return { ...jwk, kid: keyIdOf(jwk), alg: 'ES256', use: 'sig', created };
};

/** Every generation's key, the newest (the one that signs) first; each older one retired when the next was made. */
export const publishedKeys = (generations: readonly Generation[], revoked: Readonly<Record<string, string>> = {}): KeySet => {
  const keys = generations.map((g, i) => {
    const key = publishedP256(Buffer.from(g.publicKey, 'base64'), g.created);
    const next = generations[i + 1];
    const dated = next === undefined ? key : { ...key, retired: next.created };
    const at = revoked[key.kid];
    return at === undefined ? dated : { ...dated, revoked: at };
  });
  return { keys: keys.reverse() };
};

let cached: { readonly text: string; readonly keys: KeySet } | undefined;

/** The key set the stack wrote into this function's environment; read once per container. */
export const keySetFromEnv = (env: Env = process.env): KeySet => {
  const text = `${env[SIGNING_KEYS_ENV] ?? ''}\n${env[REVOKED_KEYS_ENV] ?? ''}`;
  if (cached?.text !== text) {
    const generations = env[SIGNING_KEYS_ENV];
    if (!generations) throw new Error(`missing environment variable ${SIGNING_KEYS_ENV}`);
    const revoked = env[REVOKED_KEYS_ENV] ? (JSON.parse(env[REVOKED_KEYS_ENV]) as Record<string, string>) : {};
    cached = { text, keys: publishedKeys(JSON.parse(generations) as Generation[], revoked) };
  }
  return cached.keys;
};

/**
 * A signer holding its private key in the process (TRUST-1): the local runtime's key from the
 * data folder's key file, or a key made for one process (`ephemeralSigner`: the in-memory world
 * of the tests). Signing is a local Ed25519 operation, well under a millisecond (TRUST-2).
 */
import { createHash, createPrivateKey, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import type { KeySet, PublicJwk, PublishedKey, Signature, SignaturePurpose } from '../../domain/kernel/signature.ts';
import { signingInput } from '../../domain/kernel/signature.ts';
import type { Signer } from '../kernel/ports.ts';

/** A key's id: the RFC 7638 thumbprint of its public JWK, so the same key always has the same id. */
export const keyIdOf = (jwk: PublicJwk): string => {
  const members = jwk.kty === 'OKP' ? { crv: jwk.crv, kty: jwk.kty, x: jwk.x } : { crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y };
  return createHash('sha256').update(JSON.stringify(members)).digest('base64url');
};

/** The public JWK of an Ed25519 or P-256 private key. */
export const publicJwkOf = (privateKey: KeyObject): PublicJwk => {
  const { kty, crv, x, y } = privateKey.export({ format: 'jwk' }) as { kty: 'OKP' | 'EC'; crv: 'Ed25519' | 'P-256'; x: string; y?: string };
  return kty === 'OKP' ? { kty, crv, x } : { kty, crv, x, ...(y === undefined ? {} : { y }) };
};

/** Sign `purpose` and `payload` with `privateKey` as key `kid`. */
export const signWith = (privateKey: KeyObject, kid: string, purpose: SignaturePurpose, payload: unknown): Signature => {
  const data = signingInput(purpose, payload);
  const ed25519 = privateKey.asymmetricKeyType === 'ed25519';
  const sig = ed25519 ? sign(null, data, privateKey) : sign('sha256', data, { key: privateKey, dsaEncoding: 'ieee-p1363' });
  return { kid, alg: ed25519 ? 'EdDSA' : 'ES256', sig: sig.toString('base64url') };
};

/** A signer over one private key, publishing `published` (the current key first, then older ones). */
export class KeySigner implements Signer {
  constructor(
    private readonly privateKey: KeyObject,
    private readonly current: PublishedKey,
    private readonly older: readonly PublishedKey[] = [],
  ) {}

  async sign(purpose: SignaturePurpose, payload: unknown): Promise<Signature> {
    return signWith(this.privateKey, this.current.kid, purpose, payload);
  }

  async keySet(): Promise<KeySet> {
    return { keys: [this.current, ...this.older] };
  }
}

/** A new Ed25519 key, published as made at `created`. */
const freshKey = (created: Date): KeySigner => {
  const { privateKey } = generateKeyPairSync('ed25519');
  const jwk = publicJwkOf(privateKey);
  return new KeySigner(privateKey, { ...jwk, kid: keyIdOf(jwk), alg: 'EdDSA', use: 'sig', created: created.toISOString() });
};

/**
 * A fresh Ed25519 key for this process only: nothing it signs verifies after the process ends.
 * Made on first use: every set of dependencies starts with one (dynamo-deps.ts, memory/deps.ts),
 * and a Lambda given the KMS-certified signer, or one that never signs, would otherwise pay for a
 * key it throws away on every cold start.
 */
export const ephemeralSigner = (created: Date = new Date()): Signer => {
  let key: KeySigner | undefined;
  const made = () => {
    key ??= freshKey(created);
    return key;
  };
  return { sign: (purpose, payload) => made().sign(purpose, payload), keySet: () => made().keySet() };
};

/** A signer from a PKCS#8 PEM private key (a key file's), as key `published`. */
export const signerFromPem = (pem: string, published: PublishedKey, older: readonly PublishedKey[] = []): KeySigner =>
  new KeySigner(createPrivateKey(pem), published, older);

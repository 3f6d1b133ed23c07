/**
 * Signatures (TRUST-1..6, docs/design.md §22): what the service signs (a command's receipt, an
 * export's header and chain head, a short-lived key's certificate) and what a player signs (a
 * command), and how anyone checks one against a published key set. Checking is pure: the same
 * code runs in the service, in `arbiter verify` and in the tests.
 *
 * What is signed is the RFC 8785 canonical JSON (the chain's own form) of `{ purpose, payload }`:
 * the purpose keeps a signature made for one thing from being replayed as another (a receipt's
 * bytes are never a valid command signature). Keys are JWK (RFC 7517) public keys: Ed25519
 * (`EdDSA`, RFC 8037) or P-256 (`ES256`, signature as r||s, RFC 7518 §3.4).
 */
import { createPublicKey, verify as verifyBytes } from 'node:crypto';
import { canonicalJson } from './hash.ts';

export type SignatureAlg = 'EdDSA' | 'ES256';

/** What a signature was made for; part of the signed bytes. */
export type SignaturePurpose = 'arbiter-receipt/1' | 'arbiter-export/1' | 'arbiter-command/1' | 'arbiter-key-certificate/1';

/** The public half of a key, as JWK: Ed25519 (`OKP`, `x`) or P-256 (`EC`, `x`, `y`). */
export interface PublicJwk {
  readonly kty: 'OKP' | 'EC';
  readonly crv: 'Ed25519' | 'P-256';
  readonly x: string;
  readonly y?: string;
}

/** A published key: its JWK, its id, and when it was made, retired or revoked (ISO 8601). */
export interface PublishedKey extends PublicJwk {
  readonly kid: string;
  readonly alg: SignatureAlg;
  readonly use: 'sig';
  readonly created: string;
  /** Set when a newer key took over; the key still verifies what it signed before. */
  readonly retired?: string;
  /** Set when the key must no longer be trusted from this time on; `verify` names it. */
  readonly revoked?: string;
}

/** The keys a verifier trusts: a JWKS document (`GET /.well-known/arbiter-keys.json`). */
export interface KeySet {
  readonly keys: readonly PublishedKey[];
}

/**
 * A short-lived key, certified by a published key (`issuer`): the service on AWS signs with a key
 * its KMS key certified once, instead of calling KMS for every command (docs/design.md §22).
 */
export interface KeyCertificate {
  readonly kid: string;
  readonly alg: SignatureAlg;
  readonly key: PublicJwk;
  readonly notBefore: string;
  readonly notAfter: string;
  /** The issuer's signature (its `kid`) over the certificate without `signature`. */
  readonly signature: Signature;
}

export interface Signature {
  /** The key that made it: a published key, or the certificate's key when `certificate` is given. */
  readonly kid: string;
  readonly alg: SignatureAlg;
  /** base64url, no padding. */
  readonly sig: string;
  readonly certificate?: KeyCertificate;
}

/** The bytes a signature covers. */
export const signingInput = (purpose: SignaturePurpose, payload: unknown): Buffer =>
  Buffer.from(canonicalJson({ purpose, payload }), 'utf8');

export type SignatureCheck =
  | {
      readonly ok: true;
      /** The published key the signature rests on (the certificate's issuer for a certified key). */
      readonly key: PublishedKey;
      /** When that key was revoked, if it was: the signature is sound, the key no longer trusted. */
      readonly revoked?: string;
    }
  | { readonly ok: false; readonly reason: string };

const verifyWith = (jwk: PublicJwk, alg: SignatureAlg, data: Buffer, sig: string): boolean => {
  try {
    const key = createPublicKey({ key: { ...jwk }, format: 'jwk' });
    const bytes = Buffer.from(sig, 'base64url');
    return alg === 'EdDSA' ? verifyBytes(null, data, key, bytes) : verifyBytes('sha256', data, { key, dsaEncoding: 'ieee-p1363' }, bytes);
  } catch {
    // A malformed key or signature proves nothing: it fails like a wrong one.
    return false;
  }
};

const certificateBody = ({ signature: _, ...body }: KeyCertificate) => body;

/**
 * Whether `signature` is `keys`' signature over `payload` for `purpose`. A certified key's
 * signature holds when its certificate holds (issuer published, certificate signed by it) and
 * `at`, the time the signed thing claims, falls inside the certificate's window.
 */
export const checkSignature = (
  keys: KeySet,
  purpose: SignaturePurpose,
  payload: unknown,
  signature: Signature,
  at?: string,
): SignatureCheck => {
  const data = signingInput(purpose, payload);
  const cert = signature.certificate;
  if (cert) {
    if (cert.kid !== signature.kid) return { ok: false, reason: `the certificate is for key ${cert.kid}, not ${signature.kid}` };
    const issuer = checkSignature(keys, 'arbiter-key-certificate/1', certificateBody(cert), cert.signature);
    if (!issuer.ok) return { ok: false, reason: `the certificate of key ${cert.kid} does not hold: ${issuer.reason}` };
    if (at !== undefined && (at < cert.notBefore || at > cert.notAfter))
      return { ok: false, reason: `key ${cert.kid} was certified from ${cert.notBefore} to ${cert.notAfter}, not at ${at}` };
    if (!verifyWith(cert.key, signature.alg, data, signature.sig))
      return { ok: false, reason: `the signature is not key ${cert.kid}'s over these bytes` };
    return issuer;
  }
  const key = keys.keys.find((k) => k.kid === signature.kid);
  if (!key) return { ok: false, reason: `key ${signature.kid} is not in the key set` };
  if (key.alg !== signature.alg) return { ok: false, reason: `key ${key.kid} signs with ${key.alg}, not ${signature.alg}` };
  if (!verifyWith(key, key.alg, data, signature.sig))
    return { ok: false, reason: `the signature is not key ${key.kid}'s over these bytes` };
  return key.revoked === undefined ? { ok: true, key } : { ok: true, key, revoked: key.revoked };
};

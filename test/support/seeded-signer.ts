/**
 * A signer whose Ed25519 key is derived from a label (TRUST-2): the recorded OpenAPI examples
 * (`fixedMemoryApi`) carry receipts, and a key made at random would sign them differently on
 * every run. Ed25519 is deterministic, so the same key signs the same receipt the same way.
 */
import { createHash, createPrivateKey } from 'node:crypto';
import { KeySigner, keyIdOf, publicJwkOf } from '../../functions/adapters/key-signer.ts';

/** PKCS#8's DER prefix of an Ed25519 private key (RFC 8410), before its 32-byte seed. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export const seededSigner = (label: string, created: Date): KeySigner => {
  const seed = createHash('sha256').update(`arbiter-test-key:${label}`).digest();
  const privateKey = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  const jwk = publicJwkOf(privateKey);
  return new KeySigner(privateKey, { ...jwk, kid: keyIdOf(jwk), alg: 'EdDSA', use: 'sig', created: created.toISOString() });
};

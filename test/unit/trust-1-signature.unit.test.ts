/** TRUST-1: a signature holds for its key, purpose and bytes only; a certified key's rests on its issuer. */
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkSignature, type KeyCertificate, type KeySet } from '../../domain/kernel/signature.ts';
import { ephemeralSigner, keyIdOf, publicJwkOf, signWith } from '../../functions/adapters/key-signer.ts';

const receipt = { gameId: 'g_1', from: 3, to: 4, chainHead: 'ab'.repeat(32), at: '2026-12-08T00:00:00.000Z' };

describe('TRUST-1 signatures', () => {
  it('TRUST-1 an Ed25519 signature holds for its payload and purpose, and for nothing else', async () => {
    const signer = ephemeralSigner(new Date('2026-12-01T00:00:00Z'));
    const keys = await signer.keySet();
    const signature = await signer.sign('arbiter-receipt/1', receipt);
    expect(signature.alg).toBe('EdDSA');
    expect(signature.kid).toBe(keys.keys[0]?.kid);
    expect(checkSignature(keys, 'arbiter-receipt/1', receipt, signature)).toMatchObject({ ok: true, key: { kid: signature.kid } });
    expect(checkSignature(keys, 'arbiter-receipt/1', { ...receipt, to: 5 }, signature)).toEqual({
      ok: false,
      reason: `the signature is not key ${signature.kid}'s over these bytes`,
    });
    expect(checkSignature(keys, 'arbiter-command/1', receipt, signature).ok).toBe(false);
    expect(checkSignature({ keys: [] }, 'arbiter-receipt/1', receipt, signature)).toEqual({
      ok: false,
      reason: `key ${signature.kid} is not in the key set`,
    });
  });

  it('TRUST-1 a P-256 key signs as ES256, and a revoked key is named with its date', () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicJwkOf(privateKey);
    const kid = keyIdOf(jwk);
    const keys: KeySet = {
      keys: [{ ...jwk, kid, alg: 'ES256', use: 'sig', created: '2026-01-01T00:00:00Z', revoked: '2026-06-01T00:00:00Z' }],
    };
    const signature = signWith(privateKey, kid, 'arbiter-export/1', receipt);
    expect(signature.alg).toBe('ES256');
    expect(checkSignature(keys, 'arbiter-export/1', receipt, signature)).toMatchObject({ ok: true, revoked: '2026-06-01T00:00:00Z' });
  });

  it('TRUST-1 a short-lived key holds while its certificate does, and only in its window', async () => {
    const root = ephemeralSigner(new Date('2026-12-01T00:00:00Z'));
    const keys = await root.keySet();
    const { privateKey } = generateKeyPairSync('ed25519');
    const key = publicJwkOf(privateKey);
    const body = { kid: keyIdOf(key), alg: 'EdDSA' as const, key, notBefore: '2026-12-08T00:00:00Z', notAfter: '2026-12-09T00:00:00Z' };
    const certificate: KeyCertificate = { ...body, signature: await root.sign('arbiter-key-certificate/1', body) };
    const signature = { ...signWith(privateKey, body.kid, 'arbiter-receipt/1', receipt), certificate };
    expect(checkSignature(keys, 'arbiter-receipt/1', receipt, signature, '2026-12-08T10:00:00Z')).toMatchObject({ ok: true });
    expect(checkSignature(keys, 'arbiter-receipt/1', receipt, signature, '2026-12-10T00:00:00Z').ok).toBe(false);
    const forged = { ...certificate, notAfter: '2027-12-09T00:00:00Z' };
    expect(checkSignature(keys, 'arbiter-receipt/1', receipt, { ...signature, certificate: forged }).ok).toBe(false);
  });
});

/**
 * TRUST-1 on AWS: the short-lived key a KMS key certifies (functions/adapters/kms-signer.ts). A
 * local P-256 key stands in for KMS's signing function: it signs as KMS Sign does (ECDSA over
 * SHA-256 of the raw bytes, DER), with node:crypto, no SDK mocked.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { checkSignature, type KeySet, signingInput } from '../../domain/kernel/signature.ts';
import { keyIdOf, publicJwkOf } from '../../functions/adapters/key-signer.ts';
import { CERTIFIED_FOR_MS, CertifiedSigner, derToP1363, kmsSignerFromEnv, kmsSignRoot } from '../../functions/adapters/kms-signer.ts';
import { keySetFromEnv, publishedKeys, publishedP256 } from '../../functions/adapters/published-keys.ts';

const receipt = { gameId: 'g_1', from: 3, to: 4, chainHead: 'ab'.repeat(32), at: '2026-12-08T10:00:00.000Z' };
const T0 = Date.parse('2026-12-08T10:00:00Z');

/** A P-256 root standing in for the KMS key: its public half as KMS's GetPublicKey gives it, and a counting signRoot. */
const localRoot = () => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const der = publicKey.export({ format: 'der', type: 'spki' });
  const calls: Buffer[] = [];
  const signRoot = async (bytes: Buffer) => {
    calls.push(bytes);
    return sign('sha256', bytes, { key: privateKey, dsaEncoding: 'der' });
  };
  const keys: KeySet = { keys: [publishedP256(der, '2026-12-01T00:00:00.000Z')] };
  return { der, keys, signRoot, calls, kid: keyIdOf(publicJwkOf(privateKey)) };
};

const clockedSigner = (root: ReturnType<typeof localRoot>) => {
  const clock = { ms: T0 };
  const signer = new CertifiedSigner({ rootKid: root.kid, signRoot: root.signRoot, keys: () => root.keys, now: () => clock.ms });
  return { signer, clock };
};

describe('TRUST-1 the certified signer', () => {
  it('TRUST-1 DER ECDSA signatures become r||s of 32 bytes each, short and padded integers alike', () => {
    const r = Buffer.alloc(32, 0x11);
    const s = Buffer.concat([Buffer.from([0x80]), Buffer.alloc(31, 0x22)]);
    // r is 31 bytes after its leading zero byte is dropped; s needs a 0x00 before its high bit.
    const shortR = r.subarray(1);
    const der = Buffer.concat([Buffer.from([0x30, 2 + 31 + 2 + 33, 0x02, 31]), shortR, Buffer.from([0x02, 33, 0x00]), s]);
    expect(derToP1363(der).toString('hex')).toBe(Buffer.concat([Buffer.from([0]), shortR, s]).toString('hex'));
    expect(() => derToP1363(Buffer.from([0x31, 0x00]))).toThrow('a SEQUENCE was expected');

    // Twenty signatures as KMS returns them (DER, of varying length): each converted one verifies as ES256.
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const keys: KeySet = { keys: [{ ...publicJwkOf(privateKey), kid: 'k', alg: 'ES256', use: 'sig', created: '2026-12-01T00:00:00Z' }] };
    for (let i = 0; i < 20; i += 1) {
      const der = sign('sha256', signingInput('arbiter-receipt/1', { i }), { key: privateKey, dsaEncoding: 'der' });
      const p1363 = derToP1363(der);
      expect(p1363).toHaveLength(64);
      const signature = { kid: 'k', alg: 'ES256' as const, sig: p1363.toString('base64url') };
      expect(checkSignature(keys, 'arbiter-receipt/1', { i }, signature).ok).toBe(true);
      expect(checkSignature(keys, 'arbiter-receipt/1', { i: i + 1 }, signature).ok).toBe(false);
    }
  });

  it('TRUST-1 receipts are signed by a short-lived Ed25519 key whose certificate the root signed once, and they verify against the published root', async () => {
    const root = localRoot();
    const { signer } = clockedSigner(root);
    const [one, two] = await Promise.all([signer.sign('arbiter-receipt/1', receipt), signer.sign('arbiter-export/1', receipt)]);
    expect(root.calls).toHaveLength(1);
    expect(one.alg).toBe('EdDSA');
    expect(one.certificate).toEqual(two.certificate);
    expect(one.certificate).toMatchObject({
      kid: one.kid,
      alg: 'EdDSA',
      key: { kty: 'OKP', crv: 'Ed25519' },
      notBefore: '2026-12-08T09:55:00.000Z',
      notAfter: '2026-12-09T10:00:00.000Z',
      signature: { kid: root.kid, alg: 'ES256' },
    });
    const keys = await signer.keySet();
    expect(keys).toBe(root.keys);
    expect(checkSignature(keys, 'arbiter-receipt/1', receipt, one, receipt.at)).toEqual({ ok: true, key: root.keys.keys[0] });
    expect(checkSignature(keys, 'arbiter-export/1', receipt, two, receipt.at).ok).toBe(true);
    // Outside the certificate's window the same signature proves nothing.
    expect(checkSignature(keys, 'arbiter-receipt/1', receipt, one, '2026-12-10T00:00:00.000Z').ok).toBe(false);
    // Against another root it fails at the certificate.
    const other = localRoot();
    expect(checkSignature(other.keys, 'arbiter-receipt/1', receipt, one)).toMatchObject({ ok: false });
  });

  it('TRUST-1 a key is renewed an hour before its certificate ends, with a new certificate', async () => {
    const root = localRoot();
    const { signer, clock } = clockedSigner(root);
    const first = await signer.sign('arbiter-receipt/1', receipt);
    clock.ms = T0 + CERTIFIED_FOR_MS - 61 * 60 * 1000;
    expect((await signer.sign('arbiter-receipt/1', receipt)).kid).toBe(first.kid);
    expect(root.calls).toHaveLength(1);
    clock.ms = T0 + CERTIFIED_FOR_MS - 59 * 60 * 1000;
    const at = new Date(clock.ms).toISOString();
    const renewed = await signer.sign('arbiter-receipt/1', { ...receipt, at });
    expect(root.calls).toHaveLength(2);
    expect(renewed.kid).not.toBe(first.kid);
    expect(renewed.certificate?.notAfter).toBe(new Date(clock.ms + CERTIFIED_FOR_MS).toISOString());
    expect(checkSignature(root.keys, 'arbiter-receipt/1', { ...receipt, at }, renewed, at).ok).toBe(true);
  });

  it('TRUST-1 on AWS the root signs with one SigV4-signed KMS Sign request of the raw bytes (a stand-in KMS on 127.0.0.1)', async () => {
    const root = localRoot();
    const seen: { headers: IncomingHttpHeaders; body: Record<string, string> }[] = [];
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, string>;
        seen.push({ headers: request.headers, body });
        if (body.KeyId !== 'arn:aws:kms:eu-west-1:123456789012:key/k1') {
          response.writeHead(400, { 'content-type': 'application/x-amz-json-1.1' });
          response.end(JSON.stringify({ __type: 'NotFoundException', message: 'Key does not exist' }));
          return;
        }
        void root.signRoot(Buffer.from(body.Message ?? '', 'base64')).then((der) => {
          response.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
          response.end(JSON.stringify({ KeyId: body.KeyId, Signature: der.toString('base64'), SigningAlgorithm: 'ECDSA_SHA_256' }));
        });
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const { port } = server.address() as AddressInfo;
      const endpoint = {
        region: 'eu-west-1',
        url: `http://127.0.0.1:${port}/`,
        credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret', sessionToken: 'token' },
      };
      const signer = new CertifiedSigner({
        rootKid: root.kid,
        signRoot: kmsSignRoot('arn:aws:kms:eu-west-1:123456789012:key/k1', endpoint),
        keys: () => root.keys,
        now: () => T0,
      });
      const signature = await signer.sign('arbiter-receipt/1', receipt);
      expect(checkSignature(root.keys, 'arbiter-receipt/1', receipt, signature, receipt.at)).toMatchObject({ ok: true });
      expect(seen).toHaveLength(1);
      const [{ headers, body } = { headers: {}, body: {} }] = seen;
      expect(body).toMatchObject({
        KeyId: 'arn:aws:kms:eu-west-1:123456789012:key/k1',
        MessageType: 'RAW',
        SigningAlgorithm: 'ECDSA_SHA_256',
      });
      expect(Buffer.from(body.Message ?? '', 'base64').toString('utf8')).toContain('"purpose":"arbiter-key-certificate/1"');
      expect(headers).toMatchObject({
        'x-amz-target': 'TrentService.Sign',
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-security-token': 'token',
      });
      expect(headers.authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/kms\/aws4_request, SignedHeaders=\S*x-amz-target\S*, Signature=[0-9a-f]{64}$/,
      );
      await expect(kmsSignRoot('arn:aws:kms:eu-west-1:123456789012:key/gone', endpoint)(Buffer.from('x'))).rejects.toThrow(
        'KMS Sign with key arn:aws:kms:eu-west-1:123456789012:key/gone failed (400 NotFoundException: Key does not exist)',
      );
    } finally {
      await new Promise((done) => server.close(done));
    }
  });

  it('TRUST-5 the environment publishes every generation, the newest first, older ones retired and revoked ones dated', () => {
    const [first, second] = [localRoot(), localRoot()];
    const generations = [
      { publicKey: first.der.toString('base64'), created: '2026-01-01T00:00:00.000Z' },
      { publicKey: second.der.toString('base64'), created: '2026-06-01T00:00:00.000Z' },
    ];
    const keys = publishedKeys(generations, { [first.kid]: '2026-07-01T00:00:00.000Z' });
    expect(keys.keys.map((k) => [k.kid, k.alg, k.created, k.retired, k.revoked])).toEqual([
      [second.kid, 'ES256', '2026-06-01T00:00:00.000Z', undefined, undefined],
      [first.kid, 'ES256', '2026-01-01T00:00:00.000Z', '2026-06-01T00:00:00.000Z', '2026-07-01T00:00:00.000Z'],
    ]);
    const env = {
      ARBITER_SIGNING_KEYS: JSON.stringify(generations),
      ARBITER_REVOKED_KEYS: JSON.stringify({ [first.kid]: '2026-07-01T00:00:00.000Z' }),
    };
    expect(keySetFromEnv(env)).toEqual(keys);
    // Without a KMS key id (a bundle run on this machine) there is no KMS signer; with one, it certifies with the newest key.
    expect(kmsSignerFromEnv(env)).toBeUndefined();
    expect(kmsSignerFromEnv({ ...env, ARBITER_KMS_KEY_ID: 'arn:aws:kms:eu-west-1:123456789012:key/x' })).toBeInstanceOf(CertifiedSigner);
    expect(() => keySetFromEnv({})).toThrow('missing environment variable ARBITER_SIGNING_KEYS');
  });
});

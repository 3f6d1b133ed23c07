/** TRUST-1, TRUST-5: the local signing key in the data folder, its rotation and revocation (functions/adapters/key-file.ts, scripts/keys.ts). */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkSignature } from '../../domain/kernel/signature.ts';
import { KeyFileSigner, readKeyring } from '../../functions/adapters/key-file.ts';
import { keysCommand } from '../../scripts/keys.ts';

const receipt = { gameId: 'g_1', from: 3, to: 4, chainHead: 'ab'.repeat(32), at: '2026-12-08T00:00:00.000Z' };

const folders: string[] = [];
const dataFolder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-keys-'));
  folders.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A signer whose clock the test moves: it looks at the keyring at most once a second. */
const clockedSigner = (dataDir: string) => {
  const clock = { ms: Date.parse('2026-12-08T00:00:00Z') };
  const { signer, made } = KeyFileSigner.open(dataDir, { now: () => clock.ms });
  return { signer, made, clock };
};

describe('TRUST-1 the local signing key', () => {
  it('TRUST-1 the first start makes an Ed25519 key, PKCS#8 PEM, mode 0600; the next start reuses it', async () => {
    const dir = dataFolder();
    const first = clockedSigner(dir);
    expect(first.made).toBe(true);
    const kid = first.signer.currentKid();
    const pem = join(dir, 'keys', `${kid}.pem`);
    expect(statSync(pem).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'keys')).mode & 0o777).toBe(0o700);
    expect(readFileSync(pem, 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    expect(readKeyring(dir)).toEqual({
      current: kid,
      keys: [expect.objectContaining({ kid, alg: 'EdDSA', use: 'sig', kty: 'OKP', crv: 'Ed25519', created: '2026-12-08T00:00:00.000Z' })],
    });

    const again = clockedSigner(dir);
    expect(again.made).toBe(false);
    expect(again.signer.currentKid()).toBe(kid);
    const signature = await again.signer.sign('arbiter-receipt/1', receipt);
    expect(checkSignature(await first.signer.keySet(), 'arbiter-receipt/1', receipt, signature)).toMatchObject({ ok: true, key: { kid } });
  });

  it('TRUST-1 the published keys hold the public half only', async () => {
    const dir = dataFolder();
    const { signer } = clockedSigner(dir);
    const keys = await signer.keySet();
    const published = JSON.stringify(keys);
    expect(Object.keys(keys.keys[0] ?? {}).sort()).toEqual(['alg', 'created', 'crv', 'kid', 'kty', 'use', 'x']);
    expect(published).not.toContain('"d"');
    expect(readFileSync(join(dir, 'keys', 'keyring.json'), 'utf8')).not.toContain('"d"');
  });
});

describe('TRUST-5 rotation and revocation', () => {
  it('TRUST-5 after a rotation, what the old key signed still verifies and a running signer signs with the new key', async () => {
    const dir = dataFolder();
    const { signer, clock } = clockedSigner(dir);
    const oldKid = signer.currentKid();
    const before = await signer.sign('arbiter-export/1', receipt);

    const rotated = keysCommand(['rotate', '--data', dir], {}, new Date('2026-12-09T00:00:00Z'));
    expect(rotated.code).toBe(0);
    const newKid = readKeyring(dir)?.current ?? '';
    expect(rotated.text).toBe(`Key ${newKid} signs from now on; ${oldKid} is retired and stays published.`);
    // The old key's private half is gone; the new one's is the only one left.
    expect(readdirSync(join(dir, 'keys')).sort()).toEqual([`${newKid}.pem`, 'keyring.json'].sort());

    // Within a second of its last look the running signer has not looked again; after it, it has.
    clock.ms += 500;
    expect((await signer.sign('arbiter-receipt/1', receipt)).kid).toBe(oldKid);
    clock.ms += 1000;
    const after = await signer.sign('arbiter-receipt/1', receipt);
    expect(after.kid).toBe(newKid);

    const keys = await signer.keySet();
    expect(keys.keys.map((k) => [k.kid, k.retired])).toEqual([
      [newKid, undefined],
      [oldKid, '2026-12-09T00:00:00.000Z'],
    ]);
    expect(checkSignature(keys, 'arbiter-export/1', receipt, before)).toMatchObject({ ok: true, key: { kid: oldKid } });
    expect(checkSignature(keys, 'arbiter-receipt/1', receipt, after)).toMatchObject({ ok: true, key: { kid: newKid } });
  });

  it('TRUST-5 a revoked key is marked with its date, and checkSignature reports it', async () => {
    const dir = dataFolder();
    const { signer, clock } = clockedSigner(dir);
    const oldKid = signer.currentKid();
    const signature = await signer.sign('arbiter-export/1', receipt);
    keysCommand(['rotate', '--data', dir], {});

    const revoked = keysCommand(['revoke', oldKid, '--at', '2026-12-10T08:00:00Z', '--data', dir], {});
    expect(revoked).toEqual({ code: 0, text: `Key ${oldKid} is revoked from 2026-12-10T08:00:00.000Z.` });
    clock.ms += 1000;
    const keys = await signer.keySet();
    expect(keys.keys.find((k) => k.kid === oldKid)?.revoked).toBe('2026-12-10T08:00:00.000Z');
    expect(checkSignature(keys, 'arbiter-export/1', receipt, signature)).toMatchObject({
      ok: true,
      key: { kid: oldKid },
      revoked: '2026-12-10T08:00:00.000Z',
    });
    const listed = keysCommand(['list', '--data', dir], {});
    expect(listed.code).toBe(0);
    expect(listed.text.split('\n')[2]).toMatch(
      new RegExp(`^${oldKid}  EdDSA  created \\S+  retired \\S+  revoked 2026-12-10T08:00:00.000Z$`),
    );
  });

  it('TRUST-5 a mistake in the keys command is one sentence and exit 2', () => {
    const dir = dataFolder();
    expect(keysCommand(['list', '--data', dir], {})).toEqual({
      code: 2,
      text: `keys: there is no keyring in ${join(dir, 'keys')} yet; npm start makes one on its first start`,
    });
    const { signer } = clockedSigner(dir);
    const current = signer.currentKid();
    expect(keysCommand(['revoke', 'nokey', '--data', dir], {})).toEqual({
      code: 2,
      text: `keys: there is no key nokey in ${join(dir, 'keys')}; npm run keys -- list shows the keys`,
    });
    expect(keysCommand(['revoke', current, '--data', dir], {}).text).toBe(
      `keys: key ${current} is the one that signs; make a new one first (npm run keys -- rotate), then revoke it`,
    );
    keysCommand(['rotate', '--data', dir], {});
    expect(keysCommand(['revoke', current, '--at', 'yesterday', '--data', dir], {}).text).toBe(
      'keys: --at takes a time like 2026-12-08T12:00:00Z, not "yesterday"',
    );
    expect(keysCommand(['revoke', current, '--at', '2026-12-10T00:00:00Z', '--data', dir], {}).code).toBe(0);
    expect(keysCommand(['revoke', current, '--data', dir], {}).text).toBe(
      `keys: key ${current} was revoked already, at 2026-12-10T00:00:00.000Z`,
    );
    expect(keysCommand(['revoke', '--data', dir], {}).code).toBe(2);
    expect(keysCommand(['spin', '--data', dir], {}).text).toBe(
      'keys: there is no command "spin"; the commands are list, rotate and revoke KID',
    );
    expect(keysCommand(['list', '--frob'], {}).text).toBe(
      'keys: there is no option --frob; the options are --data and --at (npm run keys -- --help)',
    );
    // The data folder is npm start's: ARBITER_DATA_DIR when --data is not given.
    expect(keysCommand(['list'], { ARBITER_DATA_DIR: dir }).code).toBe(0);
  });
});

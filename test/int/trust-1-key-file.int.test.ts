/**
 * TRUST-1 through `npm start`'s runtime on DynamoDB Local: the signing key is made in the data
 * folder on the first start (0600) and reused on the next; its private half is in no line the
 * runtime prints, no answer, and no exported log.
 */
import { createPrivateKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkSignature, type KeySet } from '../../domain/kernel/signature.ts';
import { readKeyring } from '../../functions/adapters/key-file.ts';
import { Client, startTestRuntime } from '../support/http.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'arbiter-trust1-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('TRUST-1 the local signing key on npm start', () => {
  it('TRUST-1 made 0600 in the data folder on the first start, reused on the next, and never printed, answered or exported', async () => {
    const lines: string[] = [];
    const first = await startTestRuntime({ memory: false, dataDir, log: (line) => lines.push(line) });
    let kid: string;
    let secrets: string[];
    let exported: string;
    let keys: KeySet;
    try {
      const ring = readKeyring(dataDir);
      kid = ring?.current ?? '';
      const pemFile = join(dataDir, 'keys', `${kid}.pem`);
      expect(statSync(pemFile).mode & 0o777).toBe(0o600);
      const pem = readFileSync(pemFile, 'utf8');
      const { d } = createPrivateKey(pem).export({ format: 'jwk' }) as { d: string };
      // The private key as the file holds it (its base64 body), and as JWK's `d`.
      secrets = [pem.split('\n')[1] ?? 'no body', d];
      expect(lines).toContain(
        `Arbiter: signing receipts and exports with key ${kid}, made now in ${join(dataDir, 'keys')} (npm run keys -- rotate makes another).`,
      );

      const anon = new Client(first.url);
      const { client: ann } = await anon.register('Ann');
      const { client: bob } = await anon.register('Bob');
      const created = await ann.post<{ gameId: string }>('/games', {
        ruleset: 'post-galactica',
        seat: 'red',
        options: { firstPlayer: 'red' },
      });
      expect(created.status).toBe(201);
      const { gameId } = created.body;
      expect((await bob.post(`/games/${gameId}/join`, {})).status).toBeLessThan(300);
      const answer = await fetch(`${first.url}/games/${gameId}/log`, { headers: { authorization: `Bearer ${ann.apiKey}` } });
      expect(answer.status).toBe(200);
      exported = await answer.text();
      keys = (await (await fetch(`${first.url}/.well-known/arbiter-keys.json`)).json()) as KeySet;
    } finally {
      await first.stop();
    }
    expect(keys.keys.map((k) => k.kid)).toEqual([kid]);
    expect(exported.split('\n').length).toBeGreaterThan(2);
    // TRUST-3: the export is signed with the data folder's key, named by its id.
    const header = JSON.parse(exported.split('\n')[0] ?? '{}') as { signature?: { kid?: string } };
    expect(header.signature?.kid).toBe(kid);
    const signature = await first.deps.signer.sign('arbiter-export/1', { gameId: 'g' });
    expect(checkSignature(keys, 'arbiter-export/1', { gameId: 'g' }, signature).ok).toBe(true);
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(20);
      expect(exported).not.toContain(secret);
      expect(lines.filter((line) => line.includes(secret))).toEqual([]);
      expect(JSON.stringify(keys)).not.toContain(secret);
    }

    const again: string[] = [];
    const second = await startTestRuntime({ memory: false, dataDir, log: (line) => again.push(line) });
    try {
      expect(((await (await fetch(`${second.url}/.well-known/arbiter-keys.json`)).json()) as KeySet).keys.map((k) => k.kid)).toEqual([kid]);
      expect(again).toContain(
        `Arbiter: signing receipts and exports with key ${kid}, kept in ${join(dataDir, 'keys')} (npm run keys -- rotate makes another).`,
      );
    } finally {
      await second.stop();
    }
  });

  it('TRUST-1 with --memory the runtime signs with a key of its own process and says so', async () => {
    const lines: string[] = [];
    const runtime = await startTestRuntime({ log: (line) => lines.push(line) });
    try {
      expect(lines).toContain(
        'Arbiter: signing receipts and exports with a key made for this process only (--memory); it is gone when the process stops.',
      );
      const keys = await runtime.deps.signer.keySet();
      expect(keys.keys).toHaveLength(1);
    } finally {
      await runtime.stop();
    }
  });
});

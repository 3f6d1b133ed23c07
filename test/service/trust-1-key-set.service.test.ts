/** TRUST-1: the service's public keys at GET /.well-known/arbiter-keys.json, over real HTTP, public and cached. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSignature, type KeySet } from '../../domain/kernel/signature.ts';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { arbiterInProcess } from '../support/cli.ts';
import { startServiceRuntime } from '../support/http.ts';

let runtime: MemoryRuntime;
beforeAll(async () => {
  runtime = await startServiceRuntime();
});
afterAll(() => runtime?.stop());

const receipt = { gameId: 'g_1', from: 1, to: 2, chainHead: 'cd'.repeat(32), at: '2026-12-08T00:00:00.000Z' };

describe('TRUST-1 the key set', () => {
  it('TRUST-1 GET /.well-known/arbiter-keys.json answers without a key, cached five minutes, and a signature of deps.signer verifies against it', async () => {
    const answer = await fetch(`${runtime.url}/.well-known/arbiter-keys.json`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=300');
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    const keys = (await answer.json()) as KeySet;
    expect(keys).toEqual(await runtime.deps.signer.keySet());
    expect(keys.keys).toHaveLength(1);
    expect(keys.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    expect(Object.keys(keys.keys[0] ?? {})).not.toContain('d');

    const signature = await runtime.deps.signer.sign('arbiter-receipt/1', receipt);
    expect(checkSignature(keys, 'arbiter-receipt/1', receipt, signature)).toMatchObject({ ok: true, key: { kid: signature.kid } });

    // Its ETag answers a second fetch with 304.
    const again = await fetch(`${runtime.url}/.well-known/arbiter-keys.json`, {
      headers: { 'if-none-match': answer.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
  });

  it('TRUST-1 the OpenAPI document describes the route and its KeySet and PublishedKey schemas', async () => {
    const document = (await (await fetch(`${runtime.url}/openapi.json`)).json()) as {
      paths: Record<string, { get?: { operationId: string; security: unknown[]; responses: Record<string, unknown> } }>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    const operation = document.paths['/.well-known/arbiter-keys.json']?.get;
    expect(operation?.operationId).toBe('getKeySet');
    expect(operation?.security).toEqual([]);
    expect(JSON.stringify(operation?.responses['200'])).toContain('#/components/schemas/KeySet');
    expect(Object.keys(document.components.schemas.PublishedKey?.properties ?? {}).sort()).toEqual(
      ['alg', 'created', 'crv', 'kid', 'kty', 'retired', 'revoked', 'use', 'x', 'y'].sort(),
    );
  });
});

describe('TRUST-1 TRUST-5 arbiter keys', () => {
  it('TRUST-1 arbiter keys <origin> fetches the key set from the bare address and lists the key that signs', async () => {
    const [key] = (await runtime.deps.signer.keySet()).keys;
    const ran = await arbiterInProcess('keys', runtime.url);
    expect(ran).toEqual({
      status: 0,
      stdout: `1 key of ${runtime.url}, the one that signs now first:\n  ${key?.kid}  EdDSA  created ${key?.created}  signs now\n`,
      stderr: '',
    });
  });

  it('TRUST-5 arbiter keys <file> lists the key that signs first, then retired and revoked keys with their dates, newest first', async () => {
    const { keys } = await runtime.deps.signer.keySet();
    const [live] = keys;
    if (!live) throw new Error('no key');
    const dir = mkdtempSync(join(tmpdir(), 'arbiter-keys-'));
    try {
      const file = join(dir, 'keys.json');
      const older = {
        ...live,
        kid: 'older',
        created: '2026-01-01T00:00:00Z',
        retired: '2026-06-01T00:00:00Z',
        revoked: '2026-07-01T00:00:00Z',
      };
      const old = { ...live, kid: 'old', created: '2026-06-01T00:00:00Z', retired: '2026-12-01T00:00:00Z' };
      writeFileSync(file, JSON.stringify({ keys: [older, old, live] }));
      const ran = await arbiterInProcess('keys', file);
      expect(ran.status).toBe(0);
      expect(ran.stdout.split('\n')).toEqual([
        `3 keys of ${file}, the one that signs now first:`,
        `  ${live.kid}  EdDSA  created ${live.created}  signs now`,
        '  old  EdDSA  created 2026-06-01T00:00:00Z  retired 2026-12-01T00:00:00Z',
        '  older  EdDSA  created 2026-01-01T00:00:00Z  retired 2026-06-01T00:00:00Z  REVOKED 2026-07-01T00:00:00Z',
        '',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('TRUST-1 arbiter keys without a key set is one sentence and exit 2', async () => {
    expect(await arbiterInProcess('keys')).toEqual({
      status: 2,
      stdout: '',
      stderr: "arbiter: keys needs the service's address or a key set file, e.g. arbiter keys https://arbiter.example.org\n",
    });
    expect((await arbiterInProcess('keys', `${runtime.url}/openapi.json`)).stderr).toBe(
      `arbiter: ${runtime.url}/openapi.json is not a key set: it needs a "keys" list, as GET /.well-known/arbiter-keys.json serves it\n`,
    );
    expect((await arbiterInProcess('keys', '--help')).stdout).toMatch(/^usage: arbiter keys <URL\|keys.json>/);
  });
});

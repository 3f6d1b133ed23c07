/** TRUST-1: the service's public keys at GET /.well-known/arbiter-keys.json, over real HTTP, public and cached. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSignature, type KeySet } from '../../domain/kernel/signature.ts';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
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

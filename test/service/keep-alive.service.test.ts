/**
 * REL-10: a client that keeps its connection alive and comes back after about 40 s idle
 * must get an answer, not a socket error. The server keeps idle connections for 75 s and
 * announces it, so Node's fetch, a keep-alive http.Agent and browsers reuse or replace
 * their sockets in time. The idle gap is the point of the test, so it really waits.
 */
import { Agent, get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../infra/local/runtime.ts';
import { startTestRuntime } from '../support/http.ts';

let runtime: Runtime;
beforeAll(async () => {
  runtime = await startTestRuntime();
});
afterAll(() => runtime.stop());

const IDLE_MS = 41_000;

const viaAgent = (agent: Agent, url: string): Promise<{ status: number; reused: boolean }> =>
  new Promise((done, fail) => {
    const req = get(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => done({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
    });
    req.on('error', fail);
  });

describe('idle keep-alive connections', () => {
  it('REL-10 after 41 s idle, Node fetch and a keep-alive http.Agent both get their answer on the next request', async () => {
    const url = `${runtime.url}/rulesets`;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await fetch(url);
      await first.text();
      expect(first.status).toBe(200);
      expect(first.headers.get('keep-alive')).toBe('timeout=75');
      expect(await viaAgent(agent, url)).toEqual({ status: 200, reused: false });

      await new Promise((resolve) => setTimeout(resolve, IDLE_MS));

      const again = await fetch(url);
      await again.text();
      expect(again.status).toBe(200);
      // The agent's socket outlived the idle gap: the server kept it, as it announced.
      expect(await viaAgent(agent, url)).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  }, 90_000);
});

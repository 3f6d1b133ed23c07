/**
 * `npm run fuzz -- --url http://127.0.0.1:3000 [--runs 10000] [--seed N]`: the REL-12
 * hostile requests over real HTTP against a running Arbiter (`npm start`). It sets up a
 * victim game, sends every request on the wire exactly as generated (raw paths, bad
 * encodings, oversize bodies), and fails on any 5xx, any answer that is not problem+json,
 * any reset connection, or any event written to the victim. Loopback addresses only.
 * Every request comes from one key and one address, so start the server with the rate
 * limits raised, or many answers are 429 (REL-26):
 * `ARBITER_RATE_LIMITS=games=1000000,players=1000000,webhooks=1000000,invites=1000000 npm start`.
 */
import { request as httpRequest } from 'node:http';
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { checkReply, type HostileReply, type HostileRequest, hostileRequest } from '../scenarios/hostile.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3000' },
    runs: { type: 'string', default: '10000' },
    seed: { type: 'string', default: '20261130' },
  },
});
const base = new URL(values.url);
if (base.protocol !== 'http:' || !/^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(base.hostname)) {
  console.error(`fuzz: ${values.url} is not a loopback http:// address; the fuzz only ever targets this machine.`);
  process.exit(2);
}
const runs = Number(values.runs);
const seed = Number(values.seed);

/** One request exactly as given: node:http sends the path without normalizing it. */
const send = (r: { method: string; path: string; headers: Record<string, string>; body?: string | undefined }): Promise<HostileReply> =>
  new Promise((done, fail) => {
    const req = httpRequest(
      {
        host: base.hostname.replace(/^\[|\]$/g, ''),
        port: base.port || 80,
        method: r.method,
        path: r.path,
        // Framed as any client frames a body, whatever the method.
        headers: { ...r.headers, ...(r.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(r.body)) }) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          done({
            status: res.statusCode ?? 0,
            contentType: res.headers['content-type'] ?? null,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', fail);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('timed out after 30 s')));
    req.on('error', fail);
    req.end(r.body);
  });

const json = async (method: string, path: string, body?: unknown, apiKey?: string) => {
  const reply = await send({
    method,
    path,
    headers: { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (reply.status >= 300) throw new Error(`set-up ${method} ${path} answered ${reply.status}: ${reply.body}`);
  return JSON.parse(reply.body) as Record<string, unknown>;
};

const register = async (name: string) => String((await json('POST', '/players', { name })).apiKey);
const red = await register('Fuzz Red');
const blue = await register('Fuzz Blue');
const stranger = await register('Fuzz Stranger');
const gameId = String(
  (await json('POST', '/games', { ruleset: 'post-galactica', seat: 'red', options: { firstPlayer: 'red' } }, red)).gameId,
);
await json('POST', `/games/${gameId}/join`, {}, blue);
// Red's private game with blue's seat free, joined only with its invite code; the stranger's own game with deadlines (REL-18).
const privateGameId = String(
  (await json('POST', '/games', { ruleset: 'post-galactica', seat: 'red', options: { visibility: 'private' } }, red)).gameId,
);
const ownGameId = String(
  (await json('POST', '/games', { ruleset: 'post-galactica', seat: 'red', options: { deadlines: { default: 'PT1H' } } }, stranger)).gameId,
);
const eventsOf = async (id: string) => ((await json('GET', `/games/${id}/events?limit=500`, undefined, red)).events as unknown[]).length;
const victimEvents = () => eventsOf(gameId);
const before = await victimEvents();
const privateBefore = await eventsOf(privateGameId);

console.log(`fuzz: ${runs} hostile requests to ${base.origin} (seed ${seed}); victim game ${gameId} at ${before} events`);
const started = performance.now();
const statuses = new Map<number, number>();
let n = 0;
await fc.assert(
  fc.asyncProperty(
    hostileRequest({ victimGameId: gameId, privateGameId, ownGameId, apiKeys: [stranger, null] }),
    async (r: HostileRequest) => {
      n += 1;
      const reply = await send({
        method: r.method,
        path: `${r.path}${r.query ? `?${r.query}` : ''}`,
        headers: { ...r.headers },
        body: r.body,
      });
      statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
      const failure = checkReply(r, reply);
      if (failure) throw new Error(failure);
      if (n % 1000 === 0) console.log(`fuzz: ${n} sent`);
    },
  ),
  { numRuns: runs, seed, endOnFailure: true },
);
const after = await victimEvents();
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const byStatus = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, c]) => `${s}: ${c}`);
console.log(`fuzz: ${n} requests in ${seconds} s, no 5xx, no reset connection; answers by status: ${byStatus.join(', ')}`);
if (after !== before) {
  console.error(`fuzz: the victim game went from ${before} to ${after} events`);
  process.exit(1);
}
const privateAfter = await eventsOf(privateGameId);
if (privateAfter !== privateBefore) {
  console.error(`fuzz: the private game went from ${privateBefore} to ${privateAfter} events`);
  process.exit(1);
}
console.log(`fuzz: the victim game still has ${after} events: nothing was written to it.`);

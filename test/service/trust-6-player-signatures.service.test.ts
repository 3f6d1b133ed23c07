/**
 * TRUST-6 through the real path: players register Ed25519 keys over HTTP, `arbiter sign` (its own
 * code, in process) makes the key pair and signs commands, whose output is posted as it is; the
 * service refuses what its keys do not sign, writing nothing; a player who requires signatures has
 * an unsigned command refused; and `arbiter verify` on the exported log names the seat, player and
 * key of every signed command, and fails on a signature a forger changed and re-chained.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { playerKeyId } from '../../domain/kernel/player-signature.ts';
import type { PublishedKey, Signature } from '../../domain/kernel/signature.ts';
import { lineOf, parseLog, serializeLog } from '../../domain/verify/log.ts';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { arbiterInProcess as arbiter } from '../support/cli.ts';
import { solunaDuel } from '../support/games.ts';
import { annAndBob, type Client, commandId } from '../support/http.ts';
import { rechain } from '../support/older-rules.ts';
import { act, submit } from '../support/soluna.ts';

const dir = mkdtempSync(join(tmpdir(), 'arbiter-trust-6-'));
let runtime: MemoryRuntime;
let ann: Client;
let bob: Client;
let annId: string;
let gameId: string;

interface SigningKeys {
  requireSignatures: boolean;
  keys: PublishedKey[];
}
interface Answer {
  events: EventEnvelope[];
  version: number;
}
interface Refusal {
  type: string;
  detail: string;
}

const path = (name: string) => join(dir, name);

/** `arbiter sign --new-key`: the key file, and the body that registers its public key. */
const newKey = async (name: string): Promise<{ file: string; body: { key: { kty: string; crv: string; x: string } } }> => {
  const ran = await arbiter('sign', '--new-key', path(name));
  expect(ran).toMatchObject({ status: 0, stderr: '' });
  return { file: path(name), body: JSON.parse(ran.stdout) };
};

/** `arbiter sign` for Ann's game (or `--game` given again in `more`): the body to post, as the command prints it. */
const signed = async (keyFile: string, id: string, command: object, ...more: string[]): Promise<string> => {
  const ran = await arbiter('sign', '--key', keyFile, '--game', gameId, '--id', id, ...more, JSON.stringify(command));
  expect(ran).toMatchObject({ status: 0, stderr: '' });
  return ran.stdout;
};

const send = (client: Client, body: unknown) => client.post<Answer & Refusal>(`/games/${gameId}/commands`, body);
const lastSeq = () => runtime.deps.store.lastSeq(gameId);
const exportFor = async (client: Client, game = gameId): Promise<string> =>
  (await fetch(`${runtime.url}/games/${game}/log`, { headers: { authorization: `Bearer ${client.apiKey}` } })).text();

beforeAll(async () => {
  ({ runtime, ann, bob } = await annAndBob());
  annId = (await ann.get<{ playerId: string }>('/players/me')).body.playerId;
  const created = await ann.post<{ gameId: string }>('/games', { ruleset: 'post-galactica', seat: 'red', options: { firstPlayer: 'red' } });
  gameId = created.body.gameId;
  expect((await bob.post(`/games/${gameId}/join`, {})).status).toBe(200);
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await runtime.stop();
});

describe('TRUST-6 commands a player signs', () => {
  let keyFile: string;
  let kid: string;

  it('TRUST-6 a player registers a key, and a command signed with it by arbiter sign, posted as printed, is accepted and its event keeps the signature', async () => {
    const made = await newKey('ann.pem');
    keyFile = made.file;
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(readFileSync(keyFile, 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    kid = playerKeyId(made.body.key.x);

    const registered = await ann.post<SigningKeys>('/players/me/signing-keys', made.body);
    expect(registered.status).toBe(201);
    expect(registered.body).toEqual({
      requireSignatures: false,
      keys: [{ ...made.body.key, kid, alg: 'EdDSA', use: 'sig', created: expect.any(String) }],
    });
    expect((await ann.get<SigningKeys>('/players/me/signing-keys')).body).toEqual(registered.body);

    const body = await signed(keyFile, 'signed-1', { type: 'EndPhase' }, '--expected-version', String(await lastSeq()));
    expect(JSON.parse(body)).toEqual({
      commandId: 'signed-1',
      expectedVersion: await lastSeq(),
      command: { type: 'EndPhase' },
      signature: { kid, alg: 'EdDSA', sig: expect.stringMatching(/^[A-Za-z0-9_-]{86}$/) },
    });
    const answer = await send(ann, body);
    expect(answer.status).toBe(200);
    const signature = JSON.parse(body).signature as Signature;
    expect(answer.body.events[0]).toMatchObject({ commandId: 'signed-1', command: { type: 'EndPhase' }, signature });
    expect(answer.body.events.slice(1).every((e) => e.signature === undefined)).toBe(true);
    const stored = await runtime.deps.store.readAfter(gameId, answer.body.events[0]!.seq - 1, answer.body.events[0]!.seq);
    expect(stored[0]?.signature).toEqual(signature);

    // A player who signs nothing plays on as before.
    expect((await send(ann, { commandId: commandId(), command: { type: 'EndPhase' } })).status).toBe(200);
  });

  it("TRUST-6 a bad signature, a key not the player's and a retired key are refused with a sentence, and nothing is written", async () => {
    const before = await lastSeq();
    const other = JSON.parse(await signed(keyFile, 'signed-2', { type: 'EndPhase' }));
    const refusals: [string, unknown, RegExp][] = [
      // Signed for another command id: the signature holds for the id it was made for only.
      ['another id', { ...other, commandId: 'signed-3' }, /^The signature does not hold: the signature is not key .*'s over these bytes/],
      ['another command', { ...other, command: { type: 'Concede' } }, /^The signature does not hold/],
      ['a made-up key', { ...other, signature: { ...other.signature, kid: 'k'.repeat(43) } }, /which is not one of your signing keys/],
    ];
    for (const [what, body, detail] of refusals) {
      const refused = await send(ann, body);
      expect(refused.status, what).toBe(403);
      expect(refused.body.detail, what).toMatch(detail);
    }
    // Bob cannot send Ann's signed command as his: the key is not his.
    expect((await send(bob, other)).body.detail).toMatch(/which is not one of your signing keys/);

    const second = await newKey('ann-2.pem');
    const secondKid = playerKeyId(second.body.key.x);
    expect((await ann.post('/players/me/signing-keys', second.body)).status).toBe(201);
    const retired = await ann.call<SigningKeys>('DELETE', `/players/me/signing-keys/${secondKid}`);
    expect(retired.status).toBe(200);
    expect(retired.body.keys.find((k) => k.kid === secondKid)?.retired).toEqual(expect.any(String));
    const byRetired = await send(ann, await signed(second.file, 'signed-4', { type: 'EndPhase' }));
    expect(byRetired.status).toBe(403);
    expect(byRetired.body.detail).toMatch(new RegExp(`^The command is signed with key ${secondKid}, which you retired on `));
    expect((await ann.post('/players/me/signing-keys', second.body)).body).toMatchObject({
      detail: expect.stringMatching(/was retired on/),
    });
    expect(await lastSeq()).toBe(before);
  });

  it('TRUST-6 a player who requires signatures has an unsigned command refused, a signed one accepted; the other player is not bound', async () => {
    const noKey = await bob.call<Refusal>('PATCH', '/players/me/signing-keys', { requireSignatures: true });
    expect(noKey.status).toBe(409);
    expect(noKey.body.detail).toMatch(/^Register a key first/);

    const required = await ann.call<SigningKeys>('PATCH', '/players/me/signing-keys', { requireSignatures: true });
    expect(required.status).toBe(200);
    expect(required.body.requireSignatures).toBe(true);
    const before = await lastSeq();
    const unsigned = await send(ann, { commandId: commandId(), command: { type: 'EndPhase' } });
    expect(unsigned.status).toBe(403);
    expect(unsigned.body.detail).toBe(
      `Player ${annId} requires a signature on every command they send, and this one has none: sign it (\`arbiter sign\`) and send it with its \`signature\`, or stop requiring signatures (PATCH /players/me/signing-keys).`,
    );
    expect(await lastSeq()).toBe(before);
    // Her last current key cannot be retired while she requires signatures: she could send nothing.
    expect((await ann.call<Refusal>('DELETE', `/players/me/signing-keys/${kid}`)).status).toBe(409);

    expect((await send(ann, await signed(keyFile, 'signed-5', { type: 'EndPhase' }))).status).toBe(200);
    expect(await lastSeq()).toBe(before + 1);
    expect((await ann.call('PATCH', '/players/me/signing-keys', { requireSignatures: false })).status).toBe(200);
    expect((await send(ann, { commandId: commandId(), command: { type: 'EndPhase' } })).status).toBe(200);
  });

  it('TRUST-6 keys are checked on the way in: Ed25519 of 32 bytes only, at most 5 current', async () => {
    const bad: [unknown, RegExp][] = [
      [{ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.alloc(31, 1).toString('base64url') } }, /32 bytes in base64url/],
      [{ key: { kty: 'EC', crv: 'P-256', x: Buffer.alloc(32, 1).toString('base64url') } }, /Only Ed25519 keys can be registered/],
      [{ key: { kty: 'OKP', crv: 'Ed25519' } }, /x/],
      [{ key: { kty: 'OKP', crv: 'Ed25519', x: 'A'.repeat(43) }, extra: 1 }, /extra/],
    ];
    for (const [body, detail] of bad) {
      const refused = await bob.post<Refusal>('/players/me/signing-keys', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.detail).toMatch(detail);
    }
    for (let i = 0; i < 5; i += 1)
      expect((await bob.post('/players/me/signing-keys', (await newKey(`bob-${i}.pem`)).body)).status).toBe(201);
    const sixth = await bob.post<Refusal>('/players/me/signing-keys', (await newKey('bob-5.pem')).body);
    expect(sixth.status).toBe(409);
    expect(sixth.body.detail).toMatch(/^You have 5 keys already, the most a player may; retire one first/);
    expect((await bob.call('DELETE', '/players/me/signing-keys/nosuchkey')).status).toBe(404);
  });

  it('TRUST-6 verify names the seat, player and key of each signed command from the exported log, and fails on a changed signature', async () => {
    const exported = await exportFor(ann);
    const log = parseLog(exported);
    const keys = log.header.playerKeys?.[annId] ?? [];
    // Current and retired keys: a retired key still proves what it signed.
    expect(keys.map((k) => k.kid)).toContain(kid);
    expect(keys.filter((k) => k.retired !== undefined)).toHaveLength(1);

    const file = path('game.ndjson');
    writeFileSync(file, exported);
    const ran = await arbiter('verify', file);
    expect(ran.stderr).toBe('');
    expect(ran.stdout).toContain(`PASS  player signatures: 2 command(s) signed: seat red (player ${annId}, Ann, key ${kid}): 2\n`);
    expect(ran.stdout).toContain("the keys are the export header's (the server's word)");

    // A forger swaps one command's signature for another of Ann's and re-chains (as a forger does): the chain holds, the signature does not.
    const signedAt = log.events.findIndex((e) => e.commandId === 'signed-5');
    const first = log.events.find((e) => e.commandId === 'signed-1')?.signature as Signature;
    const events = rechain(log.events.map((e, i) => (i === signedAt ? { ...e, signature: first } : e)));
    const forged = path('forged.ndjson');
    writeFileSync(forged, serializeLog(log.header, events));
    const caught = await arbiter('verify', forged);
    expect(caught.status).toBe(1);
    expect(caught.stdout).toContain('PASS  hash chain');
    expect(caught.stdout).toContain(
      `FAIL  player signatures: line ${lineOf(signedAt)} (event ${events[signedAt]?.seq}): the signature is not player ${annId}'s: the signature is not key ${kid}'s over these bytes\n`,
    );
  });

  it("TRUST-6 sealed orders: the other seat's export hides the signature with the orders, and its check is pending until the game ends", async () => {
    const duel = await solunaDuel(ann, bob);
    const body = await signed(keyFile, 'sealed-1', submit([act('meena', { kind: 'none' })]), '--game', duel);
    const sig = (JSON.parse(body).signature as Signature).sig;
    expect((await ann.post(`/games/${duel}/commands`, body)).status).toBe(200);

    const theirs = await exportFor(bob, duel);
    expect(theirs).not.toContain(sig);
    expect(parseLog(theirs).events.filter((e) => e.type === 'Sealed')).toHaveLength(1);
    writeFileSync(path('duel-moon.ndjson'), theirs);
    const pending = await arbiter('verify', path('duel-moon.ndjson'));
    expect(pending.status).toBe(3);
    expect(pending.stdout).toContain(
      'PENDING  player signatures: 0 command(s) signed; 1 sealed event(s) of another seat hide their command and any signature until the game ends\n',
    );

    writeFileSync(path('duel-sun.ndjson'), await exportFor(ann, duel));
    const own = await arbiter('verify', path('duel-sun.ndjson'));
    expect(own.stdout).toContain(`PASS  player signatures: 1 command(s) signed: seat sun (player ${annId}, Ann, key ${kid}): 1\n`);
  });

  it('TRUST-6 a retry of a signed command gets its first answer even after its key was retired (REL-8)', async () => {
    const third = await newKey('ann-3.pem');
    const thirdKid = playerKeyId(third.body.key.x);
    expect((await ann.post('/players/me/signing-keys', third.body)).status).toBe(201);
    const body = await signed(third.file, 'signed-retried', { type: 'EndPhase' });
    const first = await send(ann, body);
    expect(first.status).toBe(200);
    const after = await lastSeq();
    expect((await ann.call('DELETE', `/players/me/signing-keys/${thirdKid}`)).status).toBe(200);

    const again = await send(ann, body);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ version: first.body.version, events: first.body.events, replayed: true });
    expect(await lastSeq()).toBe(after);
    // A new command signed with the retired key is still refused.
    expect((await send(ann, await signed(third.file, 'signed-after', { type: 'EndPhase' }))).status).toBe(403);
  });
});

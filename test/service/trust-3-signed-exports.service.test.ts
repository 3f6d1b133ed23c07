/**
 * TRUST-3, TRUST-4, TRUST-5 through the real path: a match played over HTTP on the in-memory
 * runtime, each command's receipt kept as a player keeps it, the log exported over HTTP, and
 * `arbiter verify` (its own code, in process) run on it with the service's key set and the
 * receipts. Then each forgery a dispute meets, built as a forger would build it: an event changed
 * after a receipt and re-chained, a complete rewrite of the end (command, events and header,
 * re-chained) with the old signature or a key of the forger's, a log cut short after a receipt,
 * an export whose key was later revoked, and one signed before a rotation. The reference logs,
 * older than the key, still verify as consistent and unsigned.
 */

import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import type { Receipt } from '../../domain/kernel/receipt.ts';
import type { KeySet, Signature } from '../../domain/kernel/signature.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { viewGame } from '../../domain/match/view.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { EXPORT_PURPOSE, exportPayload, type LogHeader, lineOf, type ParsedLog, parseLog, serializeLog } from '../../domain/verify/log.ts';
import { ephemeralSigner, KeySigner, keyIdOf, publicJwkOf } from '../../functions/adapters/key-signer.ts';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { arbiterInProcess as arbiter } from '../support/cli.ts';
import { Client, commandId, eventually, quiesce, startServiceRuntime } from '../support/http.ts';
import { rechain } from '../support/older-rules.ts';

const RULESETS = everyRuleset();
const ROOT = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'arbiter-trust-3-'));
let runtime: MemoryRuntime;
let red: Client;
let blue: Client;
let gameId: string;
let exported: string;
let log: ParsedLog;
let keys: KeySet;
/** Every receipt the two players kept, in the order their commands were answered. */
const receipts: Receipt[] = [];

interface Answer {
  events: EventEnvelope[];
  receipt?: Receipt;
}

/** Sends a command as `client` and keeps its receipt, as a player who keeps receipts does. */
const play = async (client: Client, command: Record<string, unknown>): Promise<Answer> => {
  const answer = await client.post<Answer>(`/games/${gameId}/commands`, { commandId: commandId(), command });
  expect(answer.status).toBe(200);
  if (!answer.body.receipt) throw new Error(`the answer carries no receipt: ${JSON.stringify(answer.body)}`);
  receipts.push(answer.body.receipt);
  return answer.body;
};

const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const json = (name: string, value: unknown): string => file(name, JSON.stringify(value));
const receiptsFile = (kept: readonly Receipt[] = receipts): string =>
  file('receipts.ndjson', kept.map((r) => `${JSON.stringify(r)}\n`).join(''));

/** `arbiter verify` of a forged `header` and `events`, with the service's key set and every receipt kept. */
const verifyForged = (name: string, header: LogHeader, events: readonly EventEnvelope[]) =>
  arbiter('verify', file(name, serializeLog(header, events)), '--keys', json('keys.json', keys), '--receipts', receiptsFile());

/** The header a forger writes for rewritten events: the state their fold gives, as the server reports it. */
const headerFor = (events: readonly EventEnvelope[], over: Partial<LogHeader> = {}): LogHeader => ({
  ...log.header,
  ...over,
  state: viewGame(RULESETS, foldGame(RULESETS, events), over.viewer ?? log.header.viewer),
});

/** The three claims' lines of a verify's output, by claim. */
const claims = (stdout: string): Record<string, string> =>
  Object.fromEntries(
    [...stdout.matchAll(/^ {2}(consistent|signed by this service|matches these receipts): (.*)$/gm)].map((m) => [m[1], m[2]]),
  );

const lineOfSeq = (seq: number) => lineOf(log.events.findIndex((e) => e.seq === seq));
const short = (hash: string) => `${hash.slice(0, 12)}…`;

beforeAll(async () => {
  runtime = await startServiceRuntime();
  const anon = new Client(runtime.url);
  red = (await anon.register('Ann')).client;
  blue = (await anon.register('Bob')).client;
  const created = await red.post<{ gameId: string; receipt?: Receipt }>('/games', {
    ruleset: 'post-galactica',
    seat: 'red',
    options: { firstPlayer: 'red' },
  });
  gameId = created.body.gameId;
  if (created.body.receipt) receipts.push(created.body.receipt);
  const joined = await blue.post<Answer>(`/games/${gameId}/join`, {});
  if (joined.body.receipt) receipts.push(joined.body.receipt);
  for (let i = 0; i < 10; i += 1) await play(i < 8 ? red : blue, { type: 'EndPhase' });
  await play(blue, { type: 'Concede' });
  const total = (await runtime.deps.store.readAfter(gameId, 0)).length;
  await eventually(
    () => runtime.deps.games.readModel(gameId),
    (model) => model?.version === total,
  );
  exported = await (await fetch(`${runtime.url}/games/${gameId}/log`, { headers: { authorization: `Bearer ${red.apiKey}` } })).text();
  log = parseLog(exported);
  keys = await runtime.deps.signer.keySet();
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await runtime.stop();
});

describe('TRUST-3 signed exports', () => {
  it('TRUST-3 an export carries the service signature over its header, chain head and count, and verify proves all three claims with the key set and receipts', async () => {
    const [key] = keys.keys;
    expect(log.header.signature).toMatchObject({ kid: key?.kid, alg: 'EdDSA' });
    const last = log.events.at(-1) as EventEnvelope;
    expect(exportPayload(log.header, log.events)).toMatchObject({ chainHead: last.hash, events: log.events.length });
    expect(exportPayload(log.header, log.events).header).not.toHaveProperty('signature');

    const ran = await arbiter('verify', file('game.ndjson', exported), '--keys', json('keys.json', keys), '--receipts', receiptsFile());
    expect(ran.stderr).toBe('');
    expect(ran.status).toBe(0);
    expect(ran.stdout.split('\n').filter((l) => l.startsWith('PASS'))).toHaveLength(5);
    const first = receipts.reduce((a, r) => Math.min(a, r.from), Number.POSITIVE_INFINITY);
    expect(claims(ran.stdout)).toEqual({
      consistent: 'proved (every check above holds: hash chain, seed, dice, rules, state)',
      'signed by this service': `proved (key ${key?.kid} (created ${key?.created}) signed this header, chain head ${short(last.hash)} and ${log.events.length} events)`,
      'matches these receipts': `proved (${receipts.length} receipt(s), events ${first}..${last.seq}: each signed by the service, and the log holds each one's chain head and events)`,
    });
    expect(ran.stdout.trim().split('\n').slice(-5)).toEqual([
      'what this log proves:',
      expect.stringMatching(/^ {2}consistent: proved/),
      expect.stringMatching(/^ {2}signed by this service: proved/),
      expect.stringMatching(/^ {2}matches these receipts: proved/),
      'verdict: the log holds',
    ]);
  });

  it('TRUST-3 without --keys verify says plainly the signature was not checked, and proves nothing of the receipts but that the log holds them', async () => {
    const ran = await arbiter('verify', file('game.ndjson', exported), '--receipts', receiptsFile());
    expect(ran.status).toBe(0);
    expect(claims(ran.stdout)).toMatchObject({
      'signed by this service': `not proved (the signature was not checked: no key set was given with --keys; it names key ${keys.keys[0]?.kid})`,
      'matches these receipts': expect.stringMatching(
        /^not proved \(the log holds \d+ receipt\(s\), events \d+\.\.\d+, but their signatures were not checked: no key set was given with --keys\)$/,
      ),
    });
  });

  it("TRUST-3 a player's redacted export while the game runs is signed as exported: each reader's copy proves its own signature", async () => {
    const running = (await red.post<{ gameId: string }>('/games', { ruleset: 'post-galactica', seat: 'red' })).body.gameId;
    const text = await (await fetch(`${runtime.url}/games/${running}/log`, { headers: { authorization: `Bearer ${red.apiKey}` } })).text();
    const spectator = await (
      await fetch(`${runtime.url}/games/${running}/log`, { headers: { authorization: `Bearer ${blue.apiKey}` } })
    ).text();
    expect(parseLog(text).header).toMatchObject({ viewer: 'red', seed: null });
    expect(parseLog(spectator).header).toMatchObject({ viewer: null });
    const keysFile = json('keys.json', keys);
    for (const copy of [text, spectator]) {
      const ran = await arbiter('verify', file('running.ndjson', copy), '--keys', keysFile);
      expect(ran.status).toBe(3);
      expect(claims(ran.stdout)).toMatchObject({
        consistent: 'not proved (pending: seed, dice; each line above says what it waits for)',
        'signed by this service': expect.stringMatching(/^proved \(key /),
      });
    }
    // One reader's header under another's signature is not what the service signed.
    const swapped = serializeLog(
      { ...parseLog(spectator).header, signature: parseLog(text).header.signature as Signature },
      parseLog(spectator).events,
    );
    const ran = await arbiter('verify', file('swapped.ndjson', swapped), '--keys', keysFile);
    expect(ran.status).toBe(1);
    expect(claims(ran.stdout)['signed by this service']).toMatch(/^failed \(the signature is not key .*'s over these bytes: /);
  });

  it('TRUST-3 --keys takes the service address and fetches its key set from /.well-known/arbiter-keys.json', async () => {
    const ran = await arbiter('verify', file('game.ndjson', exported), '--keys', runtime.url, '--receipts', receiptsFile());
    expect(ran.stderr).toBe('');
    expect(ran.status).toBe(0);
    expect(claims(ran.stdout)).toMatchObject({
      'signed by this service': expect.stringMatching(new RegExp(`^proved \\(key ${keys.keys[0]?.kid} `)),
      'matches these receipts': expect.stringMatching(/^proved/),
    });
  });

  it('TRUST-3 a key set or receipts that cannot be read are one sentence and exit 2', async () => {
    const game = file('game.ndjson', exported);
    const cases: [string[], string][] = [
      [['--keys', `${runtime.url}/no-keys-here.json`], `arbiter: ${runtime.url}/no-keys-here.json answered 404, not a key set\n`],
      [
        ['--keys', file('not-keys.json', '{"keys": "none"}')],
        `arbiter: ${join(dir, 'not-keys.json')} is not a key set: it needs a "keys" list, as GET /.well-known/arbiter-keys.json serves it\n`,
      ],
      [
        ['--receipts', file('not-receipts.ndjson', '{"gameId": "g_1"}\n')],
        `arbiter: ${join(dir, 'not-receipts.ndjson')}, line 1: has no "chainHead"; a receipt is what a command's answer carries as "receipt"\n`,
      ],
      [['--receipts', file('empty.ndjson', '\n')], `arbiter: ${join(dir, 'empty.ndjson')} holds no receipts\n`],
    ];
    for (const [options, stderr] of cases) {
      const ran = await arbiter('verify', game, ...options);
      expect([ran.status, ran.stderr, ran.stdout]).toEqual([2, stderr, '']);
    }
  });

  it('TRUST-3 receipts given as a JSON array count as the same receipts as one a line', async () => {
    const ran = await arbiter(
      'verify',
      file('game.ndjson', exported),
      '--keys',
      json('keys.json', keys),
      '--receipts',
      json('receipts.json', receipts),
    );
    expect(claims(ran.stdout)['matches these receipts']).toMatch(new RegExp(`^proved \\(${receipts.length} receipt\\(s\\)`));
  });
});

describe('TRUST-4 a rewrite is caught', () => {
  /** The first batch of events a receipt covers after the game's start: the command the forger rewrites. */
  const target = () => receipts.find((r) => r.from > 6 && r.to < log.events.length - 3) as Receipt;

  it('TRUST-4 an event changed after its receipt was issued, then re-chained: consistent, but the signature fails and the receipt names itself and the line', async () => {
    const receipt = target();
    const n = receipts.indexOf(receipt) + 1;
    // The time of one command moved by a second: the rules and the state never read it, so the log stays consistent.
    const moved = new Date(Date.parse(receipt.at) - 1000).toISOString();
    const events = rechain(log.events.map((e) => (e.seq >= receipt.from && e.seq <= receipt.to ? { ...e, at: moved } : e)));
    const ran = await verifyForged('moved.ndjson', log.header, events);
    expect(ran.status).toBe(1);
    const before = receipts.filter((r) => r.to < receipt.from).at(-1) as Receipt;
    const held = receipts.indexOf(before) + 1;
    expect(claims(ran.stdout)).toEqual({
      consistent: 'proved (every check above holds: hash chain, seed, dice, rules, state)',
      'signed by this service': `failed (the signature is not key ${keys.keys[0]?.kid}'s over these bytes: the header, the chain head or the number of events is not what the service signed)`,
      'matches these receipts': `failed (receipt ${n} (events ${receipt.from}..${receipt.to}, ${receipt.at}): line ${lineOfSeq(receipt.to)} (event ${receipt.to}) has chain hash ${short(events[receipt.to - 1]?.hash ?? '')}, but the service's chain head there was ${short(receipt.chainHead)}: the log was changed at or before that line after the receipt was issued; receipt ${held} (events ${before.from}..${before.to}, ${before.at}) still holds at line ${lineOfSeq(before.to)})`,
    });
    expect(ran.stdout).toMatch(/^verdict: 2 check\(s\) failed$/m);
  });

  /**
   * A complete forgery of the end: red concedes instead of blue. The command's actor, its events
   * and the header's state are rewritten together and re-chained, so every consistency check holds.
   */
  const rewrittenEnd = (): { header: LogHeader; events: EventEnvelope[] } => {
    const conceded = log.events.findIndex((e) => e.type === 'PlayerConceded');
    const events = rechain(
      log.events.map((e, i) => {
        if (i < conceded) return e;
        const data = structuredClone(e.data) as Record<string, unknown>;
        if (e.type === 'PlayerConceded') data.seat = 'red';
        if (e.type === 'GameEnded') Object.assign(data, { winner: 'blue', reason: 'red conceded' });
        return { ...e, actor: 'red', data };
      }),
    );
    return { header: headerFor(events), events };
  };

  it('TRUST-4 a complete forgery (command, events and header rewritten together, re-chained) is consistent but fails the signature check, old or re-signed', async () => {
    const { header, events } = rewrittenEnd();
    const keysFile = json('keys.json', keys);
    const withOld = await arbiter('verify', file('forged.ndjson', serializeLog(header, events)), '--keys', keysFile);
    expect(claims(withOld.stdout)).toMatchObject({
      consistent: 'proved (every check above holds: hash chain, seed, dice, rules, state)',
      'signed by this service': expect.stringMatching(/^failed \(the signature is not key .*'s over these bytes: /),
    });
    expect(withOld.status).toBe(1);

    const forger = ephemeralSigner();
    const { signature: _, ...unsigned } = header;
    const signature = await forger.sign(EXPORT_PURPOSE, exportPayload(header, events));
    const resigned = await arbiter('verify', file('resigned.ndjson', serializeLog({ ...unsigned, signature }, events)), '--keys', keysFile);
    expect(claims(resigned.stdout)).toMatchObject({
      consistent: expect.stringMatching(/^proved/),
      'signed by this service': `failed (key ${signature.kid} is not in the key set: the header, the chain head or the number of events is not what the service signed)`,
    });
    expect(resigned.status).toBe(1);
    // Only the forger's own key set vouches for it: the signature check is only as good as the key set the reader trusts.
    const own = await arbiter(
      'verify',
      file('resigned.ndjson', serializeLog({ ...unsigned, signature }, events)),
      '--keys',
      json('forger.json', await forger.keySet()),
    );
    expect(claims(own.stdout)['signed by this service']).toMatch(/^proved/);
  });

  it("TRUST-4 the blue player's receipt of the concession catches the same forgery, naming the receipt and the line", async () => {
    const { header, events } = rewrittenEnd();
    const receipt = receipts.at(-1) as Receipt;
    const ran = await verifyForged('forged.ndjson', header, events);
    expect(ran.status).toBe(1);
    expect(claims(ran.stdout)['matches these receipts']).toBe(
      `failed (receipt ${receipts.length} (events ${receipt.from}..${receipt.to}, ${receipt.at}): line ${lineOfSeq(receipt.to)} (event ${receipt.to}) has chain hash ${short(events.at(-1)?.hash ?? '')}, but the service's chain head there was ${short(receipt.chainHead)}: the log was changed at or before that line after the receipt was issued; receipt ${receipts.length - 1} (events ${receipts.at(-2)?.from}..${receipts.at(-2)?.to}, ${receipts.at(-2)?.at}) still holds at line ${lineOfSeq(receipts.at(-2)?.to ?? 0)})`,
    );
  });

  it('TRUST-4 a log cut short after a receipt fails that receipt, naming the first line missing', async () => {
    const receipt = target();
    const n = receipts.indexOf(receipt) + 1;
    // The forger drops the receipt's command and all after it, and writes the header a running game's export has.
    const events = log.events.filter((e) => e.seq < receipt.from);
    const header = headerFor(events, { status: 'playing', seed: null });
    const ran = await verifyForged('cut.ndjson', header, events);
    expect(ran.status).toBe(1);
    expect(claims(ran.stdout)).toMatchObject({
      'signed by this service': expect.stringMatching(/^failed \(the signature is not key /),
      'matches these receipts': expect.stringMatching(
        new RegExp(
          `^failed \\(receipt ${n} \\(events ${receipt.from}\\.\\.${receipt.to}, ${receipt.at.replace(/\./g, '\\.')}\\): the service recorded events ${receipt.from}\\.\\.${receipt.to}, but this log has no event ${receipt.from} \\(it ends at event ${receipt.from - 1}\\): events were dropped after the receipt was issued; `,
        ),
      ),
    });
    // Every other dropped command's receipt is listed after it, one line each.
    const dropped = receipts.filter((r) => r.to > receipt.to);
    expect(ran.stdout.split('\n').filter((l) => /^ {4}also receipt \d+ \(events/.test(l))).toEqual(
      dropped.map((r) =>
        expect.stringContaining(`also receipt ${receipts.indexOf(r) + 1} (events ${r.from}..${r.to}, ${r.at}): the service recorded`),
      ),
    );
  });
});

describe('TRUST-5 rotation and revocation, as verify sees them', () => {
  it('TRUST-5 an export whose key was later revoked: verify names the key and the date it was revoked, and fails', async () => {
    const revoked = '2026-12-01T00:00:00.000Z';
    const set: KeySet = { keys: keys.keys.map((k) => ({ ...k, revoked })) };
    const ran = await arbiter('verify', file('game.ndjson', exported), '--keys', json('revoked.json', set), '--receipts', receiptsFile());
    expect(ran.status).toBe(1);
    const kid = keys.keys[0]?.kid;
    expect(claims(ran.stdout)).toMatchObject({
      consistent: expect.stringMatching(/^proved/),
      'signed by this service': `failed (it is key ${kid}'s, but that key was revoked on ${revoked}: the key set no longer vouches for what it signed)`,
      'matches these receipts': expect.stringContaining(`it is key ${kid}'s, but that key was revoked on ${revoked}`),
    });
  });

  it('TRUST-5 an export signed before a rotation verifies after it: the old key stays published, retired', async () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const jwk = publicJwkOf(privateKey);
    const old = keys.keys[0];
    if (!old) throw new Error('the service publishes no key');
    const retired = new Date().toISOString();
    const rotated = new KeySigner(privateKey, { ...jwk, kid: keyIdOf(jwk), alg: 'EdDSA', use: 'sig', created: retired }, [
      { ...old, retired },
    ]);
    const set = await rotated.keySet();
    expect(set.keys.map((k) => k.kid)).toEqual([keyIdOf(jwk), old.kid]);
    const ran = await arbiter('verify', file('game.ndjson', exported), '--keys', json('rotated.json', set), '--receipts', receiptsFile());
    expect(ran.status).toBe(0);
    expect(claims(ran.stdout)).toMatchObject({
      'signed by this service': `proved (key ${old.kid} (created ${old.created}, retired ${retired}: a retired key still proves what it signed) signed this header, chain head ${short(log.events.at(-1)?.hash ?? '')} and ${log.events.length} events)`,
      'matches these receipts': expect.stringMatching(/^proved/),
    });
  });

  it('TRUST-5 the reference logs, older than the key, still verify as consistent and unsigned', async () => {
    const logs = join(ROOT, 'test', 'fixtures', 'logs');
    const keysFile = json('keys.json', keys);
    for (const name of readdirSync(logs).filter((f) => f.endsWith('.ndjson'))) {
      const ran = await arbiter('verify', join(logs, name), '--keys', keysFile);
      expect(claims(ran.stdout), name).toEqual({
        consistent: 'proved (every check above holds: hash chain, seed, dice, rules, state)',
        'signed by this service':
          'not proved (unsigned: the export carries no signature, as none exported before the service had a signing key does)',
        'matches these receipts': 'not proved (no receipts were given; --receipts names a file of them)',
      });
      expect(ran.status, name).toBe(0);
    }
  });
});

describe('TRUST-3 a signed tournament export', () => {
  it('TRUST-3 a tournament export carries its signature and each game log its own: verify-tournament --keys proves them, and fails a changed header at line 1', async () => {
    const anon = new Client(runtime.url);
    const [olga, ann, bob] = await Promise.all(['Olga', 'Cup Ann', 'Cup Bob'].map((name) => anon.register(name)));
    const created = await olga?.client.post<{ tournamentId: string }>('/tournaments', {
      commandId: commandId(),
      name: 'Signed Cup',
      format: 'swiss',
      rounds: 1,
      ruleset: 'post-galactica',
    });
    const tournamentId = created?.body.tournamentId ?? '';
    for (const player of [ann, bob])
      await player?.client.post(`/tournaments/${tournamentId}/commands`, { commandId: commandId(), command: { type: 'JoinTournament' } });
    await olga?.client.post(`/tournaments/${tournamentId}/commands`, { commandId: commandId(), command: { type: 'StartTournament' } });
    await quiesce(runtime);
    const rounds = await olga?.client.get<{ rounds: { pairings: { gameId: string; blue: string }[] }[] }>(
      `/tournaments/${tournamentId}/rounds`,
    );
    const pairing = rounds?.body.rounds[0]?.pairings[0];
    const loser = [ann, bob].find((p) => p?.playerId === pairing?.blue)?.client;
    const conceded = await loser?.post(`/games/${pairing?.gameId}/commands`, { commandId: commandId(), command: { type: 'Concede' } });
    expect(conceded?.status).toBe(200);
    await quiesce(runtime);
    const reply = await fetch(`${runtime.url}/tournaments/${tournamentId}/export`, {
      headers: { authorization: `Bearer ${olga?.client.apiKey}` },
    });
    expect(reply.status).toBe(200);
    const text = await reply.text();
    const header = JSON.parse(text.split('\n')[0] ?? '{}') as { signature?: { kid: string } };
    expect(header.signature?.kid).toBe(keys.keys[0]?.kid);

    const keysFile = json('keys.json', keys);
    const ran = await arbiter('verify-tournament', file('cup.ndjson', text), '--keys', keysFile);
    expect(ran.stderr).toBe('');
    expect(ran.stdout).toMatch(
      /^PASS {2}signature: the tournament export: key \S+ \(created [^)]+\) signed this header, chain head [0-9a-f]{12}… and \d+ events$/m,
    );
    expect(ran.stdout).toMatch(/^PASS {2}signature: each of the 1 game log\(s\) is signed by this service$/m);
    expect(ran.stdout.trim().split('\n').at(-1)).toBe('verdict: the tournament holds');
    expect(ran.status).toBe(0);

    const unchecked = await arbiter('verify-tournament', file('cup.ndjson', text));
    // Without --keys the lines are those of an export before signing: nothing is said of what was not checked.
    expect(unchecked.stdout).not.toMatch(/signature/);
    expect(unchecked.stdout.split('\n').filter((l) => /^(PASS|FAIL) /.test(l))).toHaveLength(
      ran.stdout.split('\n').filter((l) => /^(PASS|FAIL) /.test(l)).length - 2,
    );
    expect(unchecked.status).toBe(0);

    // A game the header lists as pending that the service never listed: not the header the service signed.
    const lines = text.split('\n');
    lines[0] = JSON.stringify({ ...JSON.parse(lines[0] ?? '{}'), pending: ['g_dropped'] });
    const changed = await arbiter('verify-tournament', file('changed.ndjson', lines.join('\n')), '--keys', keysFile);
    expect(changed.stdout).toMatch(/^FAIL {2}signature: line 1: the tournament export: the signature is not key \S+'s over these bytes: /m);
    expect(changed.stdout.trim().split('\n').at(-1)).toBe('verdict: 1 check(s) failed');
    expect(changed.status).toBe(1);
  });
});

/**
 * TRUST-6 in the domain and the CLI: the signature rides inside the chain on a command's first
 * event, a redacted export drops it with the command it signs (a guess could be tested against
 * it), the player-signatures check is pending while another seat's sealed orders are hidden, an
 * INV-9 scoped id still verifies, logs without signatures keep the checks they had, and
 * `arbiter sign`'s mistakes are one sentence and exit 2.
 */
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type EventEnvelope, findChainBreak, sealBatch } from '../../domain/kernel/envelope.ts';
import { COMMAND_PURPOSE, commandPayload, playerKey, playerKeyId, playerKeyProblem } from '../../domain/kernel/player-signature.ts';
import { redactEvent } from '../../domain/match/view.ts';
import { type LogHeader, type ParsedLog, parseLog } from '../../domain/verify/log.ts';
import { checkPlayerSignatures } from '../../domain/verify/player-signatures.ts';
import { verifyLog } from '../../domain/verify/verify.ts';
import { keyIdOf, publicJwkOf, signWith } from '../../functions/adapters/key-signer.ts';
import { arbiterInProcess as arbiter } from '../support/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'arbiter-trust-6-unit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const GAME = 'g_trust6';
const AT = '2026-12-01T00:00:00.000Z';

const keyPair = (): { privateKey: KeyObject; x: string } => {
  const { privateKey } = generateKeyPairSync('ed25519');
  return { privateKey, x: publicJwkOf(privateKey).x };
};
const ann = keyPair();
const annKey = playerKey(ann.x, AT);

const sign = (commandId: string, command: unknown, key = ann) =>
  signWith(key.privateKey, playerKeyId(key.x), COMMAND_PURPOSE, commandPayload(GAME, commandId, command));

/** A log of `batches` (actor, command id, command, signed?, sealed to a seat?), headed for a running game seen by `viewer`. */
const logOf = (
  batches: readonly { actor: string; id: string; command: unknown; signed?: boolean; sealedTo?: string }[],
  header: Partial<LogHeader> = {},
): ParsedLog => {
  const events: EventEnvelope[] = [];
  for (const b of batches) {
    const meta = { gameId: GAME, at: AT, actor: b.actor, commandId: b.id, rulesVersion: 'x/1', command: b.command };
    const event = { type: 'Acted', data: {}, ...(b.sealedTo ? { visibleTo: b.sealedTo } : {}) };
    events.push(...sealBatch(events.at(-1) ?? null, [event], b.signed ? { ...meta, signature: sign(b.id, b.command) } : meta));
  }
  return {
    header: {
      format: 'arbiter-log/1',
      gameId: GAME,
      ruleset: 'soluna',
      rulesVersion: 'x/1',
      seats: [
        { name: 'red', playerId: 'p_ann', playerName: 'Ann' },
        { name: 'blue', playerId: 'p_bob' },
      ],
      seedCommitment: '',
      status: 'playing',
      seed: null,
      viewer: 'red',
      state: null,
      playerKeys: { p_ann: [annKey] },
      ...header,
    },
    events,
  };
};

describe('TRUST-6 player signatures in the log', () => {
  it("TRUST-6 the server's key id and a player's are the same thumbprint; a key is Ed25519 of 32 bytes", () => {
    expect(playerKeyId(ann.x)).toBe(keyIdOf({ kty: 'OKP', crv: 'Ed25519', x: ann.x }));
    expect(playerKeyProblem({ kty: 'OKP', crv: 'Ed25519', x: ann.x })).toBeNull();
    expect(playerKeyProblem({ kty: 'OKP', crv: 'Ed25519', x: `${ann.x}A` })).toMatch(/32 bytes/);
    expect(playerKeyProblem({ kty: 'OKP', crv: 'X25519', x: ann.x })).toMatch(/^Only Ed25519 keys/);
  });

  it('TRUST-6 the signature is inside the chain: changing or dropping it breaks the link', () => {
    const { events } = logOf([{ actor: 'red', id: 'c1', command: { type: 'Go' }, signed: true }]);
    expect(findChainBreak(events)).toBeNull();
    const [first] = events as [EventEnvelope];
    const { signature: _, ...dropped } = first;
    expect(findChainBreak([dropped as EventEnvelope])).toMatchObject({ seq: 1, reason: expect.stringMatching(/^hash does not match/) });
    expect(findChainBreak([{ ...first, signature: sign('c2', { type: 'Go' }) }])?.seq).toBe(1);
  });

  it("TRUST-6 another seat's sealed event loses its signature with its command; the seat's own keeps both", () => {
    const { events } = logOf([{ actor: 'red', id: 'c1', command: { type: 'Seal', orders: 'x' }, signed: true, sealedTo: 'red' }]);
    const [sealed] = events as [EventEnvelope];
    expect(redactEvent(sealed, 'blue')).not.toHaveProperty('signature');
    expect(redactEvent(sealed, 'blue')).not.toHaveProperty('command');
    expect(redactEvent(sealed, 'red')).toEqual(sealed);
  });

  it('TRUST-6 each signed command is named with its seat, player and key; a scoped command id (INV-9) still verifies', () => {
    const log = logOf([
      { actor: 'player:p_ann', id: 'c0', command: { type: 'JoinGame' }, signed: true },
      { actor: 'red', id: 'c1', command: { type: 'Go' }, signed: true },
      { actor: 'blue', id: 'c2', command: { type: 'Go' } },
    ]);
    // INV-9: the id another player took first is kept as `<id>~<playerId>`; Ann signed `<id>`.
    const scoped = logOf([{ actor: 'red', id: 'c1', command: { type: 'Go' }, signed: true }]);
    const [event] = scoped.events as [EventEnvelope];
    const rescoped = { ...scoped, events: [{ ...event, commandId: 'c1~p_ann' }] };
    expect(checkPlayerSignatures(log)).toMatchObject({
      check: 'signatures',
      ok: true,
      verdict: `player signatures: 2 command(s) signed: player p_ann, Ann (key ${annKey.kid}): 1; seat red (player p_ann, Ann, key ${annKey.kid}): 1`,
    });
    expect(checkPlayerSignatures(rescoped)?.ok).toBe(true);
  });

  it("TRUST-6 a signature by a key the header does not list, by the system, or by another player's key fails at its line", () => {
    const signedByAnn = [{ actor: 'red', id: 'c1', command: { type: 'Go' }, signed: true }];
    expect(checkPlayerSignatures(logOf(signedByAnn, { playerKeys: {} }))).toMatchObject({
      ok: false,
      line: 2,
      verdict: `player signatures: line 2 (event 1) is signed with key ${annKey.kid}, which the header does not list for player p_ann`,
    });
    expect(checkPlayerSignatures(logOf([{ ...signedByAnn[0]!, actor: 'system' }]))?.verdict).toBe(
      'player signatures: line 2 (event 1) is signed, but its actor system is no player: only players sign commands',
    );
    // The server recording Ann's signed command as Bob's: Bob's keys do not hold it, unless the header lists Ann's key as
    // his too, which is why a player confirms the key id the header gives them.
    expect(checkPlayerSignatures(logOf([{ ...signedByAnn[0]!, actor: 'blue' }], { playerKeys: { p_bob: [annKey] } }))?.ok).toBe(true);
    expect(checkPlayerSignatures(logOf([{ ...signedByAnn[0]!, actor: 'blue' }]))?.verdict).toMatch(
      /which the header does not list for player p_bob$/,
    );
  });

  it("TRUST-6 while another seat's sealed orders are hidden the check is pending, and fails once the game has ended", () => {
    const full = logOf([
      { actor: 'red', id: 'c1', command: { type: 'Go' }, signed: true },
      { actor: 'blue', id: 'c2', command: { type: 'Seal' }, sealedTo: 'blue' },
    ]);
    const redacted = { ...full, events: full.events.map((e, i) => redactEvent(e, 'red', full.events[i - 1])) };
    expect(checkPlayerSignatures(redacted)).toMatchObject({
      ok: false,
      pending: true,
      verdict: `player signatures: 1 command(s) signed: seat red (player p_ann, Ann, key ${annKey.kid}): 1; 1 sealed event(s) of another seat hide their command and any signature until the game ends`,
    });
    expect(checkPlayerSignatures({ ...redacted, header: { ...redacted.header, status: 'ended', seed: 'ab' } })?.pending).toBeUndefined();
  });

  it('TRUST-6 logs without signatures or player keys keep exactly the checks they had', () => {
    const logs = join(import.meta.dirname, '..', 'fixtures', 'logs');
    const files = readdirSync(logs).filter((f) => f.endsWith('.ndjson'));
    expect(files.length).toBeGreaterThan(0);
    for (const name of files) {
      const log = parseLog(readFileSync(join(logs, name), 'utf8'));
      expect(checkPlayerSignatures(log), name).toBeNull();
      expect(
        verifyLog(log, { playerSignatures: checkPlayerSignatures }).map((c) => c.check),
        name,
      ).toEqual(verifyLog(log).map((c) => c.check));
    }
  });
});

describe('TRUST-6 arbiter sign', () => {
  it('TRUST-6 arbiter sign signs exactly what the service and verify check', async () => {
    const file = join(dir, 'me.pem');
    const made = await arbiter('sign', '--new-key', file);
    const { key } = JSON.parse(made.stdout) as { key: { x: string } };
    const ran = await arbiter('sign', '--key', file, '--game', GAME, '--id', 'c1', '{"type":"Go"}');
    const body = JSON.parse(ran.stdout);
    const log = logOf([{ actor: 'red', id: 'c1', command: { type: 'Go' } }], { playerKeys: { p_ann: [playerKey(key.x, AT)] } });
    const signed = { ...log, events: [{ ...(log.events[0] as EventEnvelope), signature: body.signature }] };
    expect(checkPlayerSignatures(signed)?.ok).toBe(true);
  });

  it("TRUST-6 arbiter sign's mistakes are one sentence and exit 2", async () => {
    const file = join(dir, 'key.pem');
    expect((await arbiter('sign', '--new-key', file)).status).toBe(0);
    const mistakes: [string[], string][] = [
      [['sign', '--new-key', file], `arbiter: ${file} exists already; a key file is never overwritten\n`],
      [
        ['sign', '--game', GAME, '--id', 'c1', '{}'],
        'arbiter: name your private key with --key FILE (arbiter sign --new-key FILE makes one)\n',
      ],
      [['sign', '--key', file, '--id', 'c1', '{}'], 'arbiter: name the game with --game g_…: the signature holds for that game only\n'],
      [['sign', '--key', file, '--game', GAME, '{}'], 'arbiter: give the command id with --id: the signature holds for that id only\n'],
      [
        ['sign', '--key', file, '--game', GAME, '--id', 'c1', '{"type":'],
        `arbiter: the command is not JSON; give it as one argument in single quotes, e.g. '{"type":"EndPhase"}'\n`,
      ],
      [
        ['sign', '--key', file, '--game', GAME, '--id', 'c1', '[1]'],
        'arbiter: the command must be a JSON object with its "type", e.g. {"type":"EndPhase"}\n',
      ],
      [
        ['sign', '--key', join(dir, 'none.pem'), '--game', GAME, '--id', 'c1', '{"type":"Go"}'],
        `arbiter: there is no key file ${join(dir, 'none.pem')}\n`,
      ],
      [
        ['sign', '--key', file, '--game', GAME, '--id', 'c1', '--expected-version', 'x', '{"type":"Go"}'],
        'arbiter: --expected-version takes a version number, not "x"\n',
      ],
      [
        ['sign', '--key', file, '--game', 'nope', '--id', 'c1', '{"type":"Go"}'],
        'arbiter: "nope" is not a game id; they look like g_4f…\n',
      ],
    ];
    for (const [args, stderr] of mistakes) expect(await arbiter(...args), args.join(' ')).toEqual({ status: 2, stdout: '', stderr });
  });
});

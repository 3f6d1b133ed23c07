/**
 * The organiser's commands (PBM-12) and agreements between seats (PBM-13) that no scheduler
 * takes part in, through the real handler on the memory adapters (ARC-3): Ann organises
 * without a seat, Bob plays red (first) and Cy blue. Pauses and extensions, which arm and
 * delete schedules, stay in test/service/organiser.service.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { parseLog } from '../../domain/verify/log.ts';
import { verifyLog } from '../../domain/verify/verify.ts';
import { type Client, eventually } from '../support/client.ts';
import { type MemoryApi, memoryApi } from '../support/memory-api.ts';
import { organiserHelpers } from '../support/organiser.ts';

let api: MemoryApi;
let ann: Client;
let bob: Client;
let cy: Client;

beforeAll(async () => {
  // The real handler on the memory adapters (ARC-3): these routes are not about storage.
  api = memoryApi();
  const anon = api.anon;
  ann = (await anon.register('Ann')).client;
  bob = (await anon.register('Bob')).client;
  cy = (await anon.register('Cy')).client;
});

const { organised, give, view, logOf } = organiserHelpers(() => ({ ann, bob, cy }));
/** `verify` re-decides the organiser's and the seats' commands like any other: every check of the exported log holds. */
const failedChecks = async (gameId: string) => {
  const exported = await api.fetch(`${api.url}/games/${gameId}/log`, { headers: { authorization: `Bearer ${ann.apiKey}` } });
  return verifyLog(parseLog(await exported.text())).filter((r) => !r.ok);
};

describe('PBM-12 organiser controls over HTTP', () => {
  it('PBM-12 the new commands are listed with their rule, and their fields are strict', async () => {
    const ruleset = (await ann.get<{ commands: { type: string; rule: string }[] }>('/rulesets/post-galactica')).body;
    const listed = new Map(ruleset.commands.map((c) => [c.type, c.rule]));
    for (const type of ['ExtendDeadline', 'PauseGame', 'ResumeGame']) expect(listed.get(type)).toBe('PBM-12');
    for (const type of ['OfferDraw', 'AcceptDraw', 'DeclineDraw', 'RequestPause', 'AgreePause', 'DeclinePause'])
      expect(listed.get(type)).toBe('PBM-13');
    const gameId = await organised({ default: 'PT1H' });
    expect((await give(ann, gameId, { type: 'PauseGame', for: 'PT1H' })).status).toBe(400);
    // INV-6: a duration its schema refuses is the client's 400 naming the field, as in POST /games.
    const refused = await give(ann, gameId, { type: 'ExtendDeadline', by: 'a day' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errors: [{ pointer: '/command/by' }] });
  });
});

describe('PBM-13 agreements over HTTP', () => {
  it('PBM-13 a draw offered and accepted ends the game drawn by agreement, and its log verifies', async () => {
    const gameId = await organised();
    const offered = await give(bob, gameId, { type: 'OfferDraw' });
    expect(offered.status).toBe(200);
    const offer = await eventually(
      () => view(gameId),
      (v) => v.drawOffer !== undefined,
    );
    expect(offer.drawOffer).toMatchObject({ by: 'red', agreed: ['red'] });
    const accepted = await give(cy, gameId, { type: 'AcceptDraw' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.events.map((e) => e.type)).toEqual(['DrawAccepted', 'GameEnded', 'SeedRevealed']);
    const ended = await eventually(
      () => view(gameId),
      (v) => v.status === 'ended',
    );
    expect(ended.result).toEqual({ winner: null, reason: 'drawn by agreement (PBM-13)' });
    expect(await failedChecks(gameId)).toEqual([]);
  });

  it('PBM-13 a declined offer, and one that lapsed at the end of its phase, end nothing', async () => {
    const declined = await organised();
    expect((await give(bob, declined, { type: 'OfferDraw' })).status).toBe(200);
    expect((await give(cy, declined, { type: 'DeclineDraw' })).status).toBe(200);
    const late = await give(cy, declined, { type: 'AcceptDraw' });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ rule: 'PBM-13', code: 'NOTHING_PROPOSED' });

    const lapsed = await organised();
    expect((await give(bob, lapsed, { type: 'OfferDraw' })).status).toBe(200);
    expect((await give(bob, lapsed, { type: 'EndPhase' })).status).toBe(200);
    expect((await give(cy, lapsed, { type: 'AcceptDraw' })).body).toMatchObject({ rule: 'PBM-13', code: 'NOTHING_PROPOSED' });
    for (const gameId of [declined, lapsed]) expect((await logOf(gameId)).some((e) => e.type === 'GameEnded')).toBe(false);
  });
});

/**
 * INV-7: nobody seated undoes a roll alone. An organiser who holds a seat may not correct
 * (CorrectGame) across a roll or a reveal: the agreed takeback (ProposeTakeback) is pointed
 * to; an organiser with no seat may, with a reason. Shown on each ruleset's reference match
 * (test/fixtures/logs; Post Galactica's sample battle), whose creator holds a seat, and on the Sol'una duel; a game
 * under the rules before the change (RUL-10) decides as it did.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../domain/kernel/context.ts';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { findRolls } from '../../domain/kernel/rolls.ts';
import { undoneFromLog } from '../../domain/match/command-table.ts';
import { decideGame, type GameCommand } from '../../domain/match/decide.ts';
import type { GameCreated } from '../../domain/match/events.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import type { Match } from '../../domain/match/state.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { parseLog } from '../../domain/verify/log.ts';
import { lastEvent, matchOf, seat } from '../support/decider-spec.ts';
import { ORGANISER, refereedShot } from '../support/fairness.ts';
import { afterAShot } from '../support/soluna.ts';

const RULESETS = everyRuleset();
const sun = seat('sun', 'p_sun');
const moon = seat('moon', 'p_moon');

/**
 * The reference match of `ruleset` cut just after its first public roll in play: the game then,
 * the version before the command that rolled, the log up to the cut, and its creator's seat.
 */
const atFirstRoll = (ruleset: string) => {
  // Post Galactica's reference lets deadlines pass; its sample battle (DOC-7) rolls.
  const file = ruleset === 'post-galactica' ? 'post-galactica-battle' : ruleset;
  const log = parseLog(readFileSync(resolve(import.meta.dirname, '..', 'fixtures', 'logs', `${file}.ndjson`), 'utf8'));
  const events = log.events;
  const began = events.findIndex((e) => e.type === 'FirstPlayerChosen');
  const rolled = events.findIndex((e, i) => i > began && e.visibleTo === undefined && findRolls(e.data).length > 0);
  const commandStart = events.findLastIndex((e, i) => i <= rolled && e.command !== undefined);
  const next = events.findIndex((e, i) => i > rolled && e.command !== undefined);
  const cut = events.slice(0, next);
  const state = foldGame(RULESETS, cut) as Match;
  const created = events[0] as EventEnvelope<GameCreated>;
  const creator = state.seats.find((s) => s.playerId === state.createdBy);
  return {
    state,
    cut,
    toVersion: (events[commandStart] as EventEnvelope).seq - 1,
    created,
    creator,
    rolled: events[rolled] as EventEnvelope,
  };
};

const decide = (state: Match, cut: readonly EventEnvelope[], command: GameCommand, actor: Actor, rulesVersion?: string) =>
  decideGame(
    state,
    command,
    {
      rulesets: RULESETS,
      now: '2026-06-01T00:00:00.000Z',
      actor,
      seed: 'a'.repeat(64),
      ...(rulesVersion ? { rulesVersion } : {}),
      ...undoneFromLog(command, state, cut),
    },
    state.gameId,
  );

describe.each([
  ['post-galactica', 'pg-0.7.0'],
  ['soluna', 'sol-0.3.0'],
  ['gsc2', 'gsc2-0.7.0'],
])('INV-7 on the %s reference match, at its first roll in play', (ruleset, before) => {
  it(`INV-7 ${ruleset}: its creator, who holds a seat, may not correct across the roll: 422 NEEDS_AGREEMENT naming the roll and ProposeTakeback`, () => {
    const { state, cut, toVersion, creator, rolled } = atFirstRoll(ruleset);
    expect(state.status).toBe('playing');
    expect(creator).toBeDefined();
    const [roll] = findRolls(rolled.data);
    const actor = seat(creator?.name as string, state.createdBy);
    const decision = decide(state, cut, { type: 'CorrectGame', toVersion, reason: 'a ruling' }, actor);
    expect(decision.ok).toBe(false);
    if (decision.ok) return;
    expect(decision.violation).toMatchObject({ rule: 'TB-3', code: 'NEEDS_AGREEMENT' });
    expect(decision.violation.status ?? 422).toBe(422);
    expect(decision.violation.message).toContain(`roll (d${roll?.roll.sides} = ${roll?.roll.value}) drawn at event ${roll?.roll.draw.seq}`);
    expect(decision.violation.message).toContain(`you hold the seat ${creator?.name}`);
    expect(decision.violation.message).toContain('Propose it with ProposeTakeback (TB-2)');
  });

  it(`INV-7 RUL-10 ${ruleset}: under ${before}, before the rule, the same correction is the organiser's as it was`, () => {
    const { state, cut, toVersion, creator } = atFirstRoll(ruleset);
    const older = { ...state, rulesVersion: before };
    const actor = seat(creator?.name as string, state.createdBy);
    const decision = decide(older, cut, { type: 'CorrectGame', toVersion, reason: 'a ruling' }, actor);
    expect(decision.ok && decision.events.map((e) => [e.type, (e.data as { how: string }).how])).toEqual([['TakenBack', 'organiser']]);
  });
});

describe("INV-7 the Sol'una duel: sun's shot rolled, moon's orders revealed it", () => {
  it('INV-7 SOL-3 the creator, seated as sun, may not undo the roll alone; the agreed takeback still goes back there', () => {
    const { game, start } = afterAShot();
    const v = game
      .when({ type: 'CorrectGame', toVersion: start, reason: 'the shot ignored cover' }, sun)
      .thenRejects('TB-3', 'NEEDS_AGREEMENT');
    expect(v.message).toMatch(/^This correction would undo the hit: .* roll \(d6 = \d\) drawn at event \d+, and you hold the seat sun: /);
    expect(v.message).toContain('which moon must accept');
    // Three tries in a row change nothing: each is refused the same way.
    for (let i = 0; i < 3; i += 1)
      game.when({ type: 'CorrectGame', toVersion: start, reason: `try ${i}` }, sun).thenRejects('TB-3', 'NEEDS_AGREEMENT');
    game.run({ type: 'ProposeTakeback', toVersion: start, reason: 'the shot ignored cover' }, sun);
    const events = game.run({ type: 'AcceptTakeback' }, moon);
    expect(events.map((e) => e.type)).toEqual(['TakebackAccepted', 'TakenBack']);
    expect(events[1]?.data).toMatchObject({ how: 'agreed', toVersion: start, seat: 'sun' });
  });

  it('INV-7 a correction that crosses no roll and no reveal stays the seated organiser’s: sun withdraws its own sealed orders', () => {
    const { game } = afterAShot();
    const before = game.state.version;
    game.run({ type: 'SubmitActions', actions: [{ model: 'meena', action: { kind: 'none' } }] }, sun);
    const [taken] = game.run({ type: 'CorrectGame', toVersion: before, reason: 'orders given by mistake' }, sun);
    expect(taken?.data).toMatchObject({ how: 'organiser', seat: null, toVersion: before, reason: 'orders given by mistake' });
  });

  it('INV-7 nor may the creator undo the orders moon sealed: they are moon’s secret, not the organiser’s to withdraw', () => {
    const { game } = afterAShot();
    const before = game.state.version;
    game.run({ type: 'SubmitActions', actions: [{ model: 'xul', action: { kind: 'none' } }] }, moon);
    const v = game.when({ type: 'CorrectGame', toVersion: before, reason: 'no' }, sun).thenRejects('TB-3', 'NEEDS_AGREEMENT');
    expect(v.message).toContain(`the orders moon sealed at event ${before + 1}`);
  });

  it('INV-7 TB-3 an organiser with no seat corrects across the roll, with its reason, shown in the view', () => {
    const { game, start } = refereedShot();
    const [taken] = game.run({ type: 'CorrectGame', toVersion: start, reason: 'the shot ignored cover' }, ORGANISER);
    expect(taken?.data).toMatchObject({ how: 'organiser', seat: null, toVersion: start, reason: 'the shot ignored cover' });
    expect(matchOf(game).correction).toEqual({ seq: lastEvent(game).seq, toVersion: start, reason: 'the shot ignored cover' });
  });

  it('INV-7 INV-1 an unseated organiser must give a reason of 1 to 500 characters', () => {
    const { game, start } = refereedShot();
    const missing = { type: 'CorrectGame', toVersion: start } as unknown as GameCommand;
    expect(game.when(missing, ORGANISER).thenRejects('TB-3', 'BAD_REASON').message).toContain('1 to 500 characters');
    game.when({ type: 'CorrectGame', toVersion: start, reason: '' }, ORGANISER).thenRejects('TB-3', 'BAD_REASON');
    game.when({ type: 'CorrectGame', toVersion: start, reason: 'x'.repeat(501) }, ORGANISER).thenRejects('TB-3', 'BAD_REASON');
    expect(game.when({ type: 'CorrectGame', toVersion: start, reason: 'x'.repeat(500) }, ORGANISER).events.map((e) => e.type)).toEqual([
      'TakenBack',
    ]);
  });
});

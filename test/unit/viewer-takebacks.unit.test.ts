/**
 * TB-7 and TB-5 in the viewer, without a browser: which lines of a log no longer count (voided
 * by a takeback, or sealed orders replaced before their reveal), the words the page uses for
 * them and for the takeback itself, and the commands the play panel offers a seat whose orders
 * are sealed. test/browser/viewer-takebacks.browser.test.ts shows the same in Chromium.
 */
import { describe, expect, it } from 'vitest';
import { foldGame } from '../../domain/match/evolve.ts';
import { emptyGame } from '../../domain/match/state.ts';
import { redactEvents, viewGame } from '../../domain/match/view.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { docsHandlers } from '../../functions/docs/http/routes.ts';
import type { Request } from '../../functions/http/router.ts';
import { describeEvents } from '../../web/describe.ts';
import { type CommandDoc, commandsNow, ownOrdersSealed } from '../../web/form.ts';
import { boardNote, markText, voidMarks } from '../../web/voided.ts';
import { seat } from '../support/decider-spec.ts';
import { ORGANISER, refereedShot } from '../support/fairness.ts';
import { act, mission, playing, profile, shoot, submit } from '../support/soluna.ts';

const RULESETS = everyRuleset();
const REVEALS = ['ActionsRevealed'];

/** A Sol'una duel in phase 1: sun seals a shot, seals again doing nothing, then takes the second back. */
const duel = () => {
  const meena = profile({ id: 'meena', mind: 10, at: [0, 0], leader: true });
  const xul = profile({ id: 'xul', mind: 10, at: [3, 0], leader: true });
  const game = playing(mission([meena], [xul]));
  const at = () => game.log.length;
  game.run(submit([shoot('meena', 'xul')]), seat('sun'));
  const first = at();
  game.run(submit([act('meena', { kind: 'none' })]), seat('sun'));
  const second = at();
  return { game, first: [first - 1, first], second: [second - 1, second] };
};

describe('TB-5 orders sealed again before the reveal', () => {
  it('TB-5 SOL-3 the replaced sealed event and its commitment are marked replaced by the new sealing, for either seat', () => {
    const { game, first, second } = duel();
    const marks = voidMarks(game.log, REVEALS);
    expect([...marks.entries()]).toEqual([
      [first[0], { kind: 'superseded', by: second[0] }],
      [first[1], { kind: 'superseded', by: second[0] }],
    ]);
    // Moon's redacted log names the same lines: the sealed events keep their seat, never their content.
    expect(voidMarks(redactEvents(game.log, 'moon'), REVEALS)).toEqual(marks);
    expect(markText(marks.get(first[0] as number) as never)).toBe(`replaced by event ${second[0]}: orders sealed again before the reveal`);
  });

  it('TB-5 SOL-3 after the reveal a new phase starts afresh: nothing sealed in it replaces the last phase’s orders', () => {
    const { game } = duel();
    game.run(submit([act('xul', { kind: 'none' })]), seat('moon'));
    const revealed = game.log.length;
    const marks = voidMarks(game.log, REVEALS);
    expect([...marks.values()].every((m) => m.kind === 'superseded' && m.by < revealed)).toBe(true);
    expect(marks.size).toBe(2);
  });
});

describe('TB-7 voided events in the event list and under the board', () => {
  it('TB-7 TB-1 a takeback voids the second sealing: its lines are voided, and the first sealing stands again', () => {
    const { game, second } = duel();
    game.run({ type: 'TakeBack', reason: 'wrong order' }, seat('sun'));
    const takeback = game.log.length;
    const marks = voidMarks(game.log, REVEALS);
    const voided = { kind: 'voided', by: takeback, seat: 'sun', toVersion: (second[0] as number) - 1, reason: 'wrong order' };
    expect([...marks.entries()]).toEqual([
      [second[0], voided],
      [second[1], voided],
    ]);
    expect(markText(voided as never)).toBe(`voided by event ${takeback}`);
    expect(boardNote(second[0] as number, voided as never)).toBe(
      `Event ${second[0]} was voided by event ${takeback}: sun took the game back to version ${voided.toVersion} ("wrong order"). The board shows the game as it was then; play went on from version ${voided.toVersion}, and the event stays in the log.`,
    );
  });

  it('TB-7 TB-1 the takeback line shows the rewind: back to which version, by whom, voiding which events, and why', () => {
    const { game, second } = duel();
    game.run({ type: 'TakeBack', reason: 'wrong order' }, seat('sun'));
    game.run({ type: 'TakeBack' }, seat('sun'));
    const lines = describeEvents(RULESETS, game.log, emptyGame, 'moon').lines;
    const [one, two] = lines.slice(-2).map((l) => l.text);
    const n = game.log.length;
    expect(one).toBe(
      `${n - 1}. sun: takeback by sun: back to version ${(second[0] as number) - 1}, voiding events ${second[0]}–${second[1]}, because "wrong order"`,
    );
    expect(two).toBe(
      `${n}. sun: takeback by sun: back to version ${(second[0] as number) - 3}, voiding events ${(second[0] as number) - 2}–${(second[0] as number) - 1}, no reason given`,
    );
    // Both sealings are void now: neither replaces the other.
    expect([...voidMarks(game.log, REVEALS).values()].map((m) => m.kind)).toEqual(['voided', 'voided', 'voided', 'voided']);
  });
});

const publishedCommands = async (id: string): Promise<CommandDoc[]> => {
  const reply = await docsHandlers.getRuleset({ params: { id }, headers: {}, query: {} } as unknown as Request, {
    playerId: null,
    query: undefined,
    body: undefined,
  });
  return (JSON.parse(String(reply.body)) as { commands: CommandDoc[] }).commands;
};

describe('TB-5 the play panel offers a seat whose orders are sealed what it may still send', () => {
  it('TB-5 SOL-3 sun, sealed and no longer awaited, is offered SubmitActions again and TakeBack, as moon, still awaited, is', async () => {
    const { game } = duel();
    const commands = await publishedCommands('soluna');
    const offered = (who: string) => {
      const view = viewGame(RULESETS, game.state, who);
      if (!view) throw new Error('no view');
      return commandsNow(commands, { ...view, sealed: ownOrdersSealed(view.game, who) }, who).map((c) => c.type);
    };
    expect(viewGame(RULESETS, game.state, 'sun')?.awaiting).toEqual(['moon']);
    expect(offered('sun')).toEqual(['SubmitActions', 'TakeBack', 'ProposeTakeback', 'Concede', 'OfferDraw', 'RequestPause']);
    expect(offered('moon')).toEqual(['SubmitActions', 'TakeBack', 'ProposeTakeback', 'Concede', 'OfferDraw', 'RequestPause']);
    // Moon's view holds only that sun submitted: nothing there is moon's own sealing.
    expect(ownOrdersSealed(viewGame(RULESETS, game.state, 'moon')?.game, 'moon')).toBe(false);
    expect(ownOrdersSealed(viewGame(RULESETS, game.state, 'sun')?.game, 'sun')).toBe(true);
  });

  it('TB-5 GSC-7 a GSC2 seat with sealed orders in its own view is sealed; an empty view is not', () => {
    expect(ownOrdersSealed({ sealed: { red: { orders: {}, salt: 's', hash: 'h' } }, submitted: ['red'] }, 'red')).toBe(true);
    expect(ownOrdersSealed({ sealed: {}, submitted: ['red'] }, 'red')).toBe(false);
    expect(ownOrdersSealed(null, 'red')).toBe(false);
  });
});

describe("TB-7 TB-2 TB-3 a game taken back further than a seat's own window, in the page", () => {
  /** Sun's shot and moon's orders revealed and resolved, then moon proposes going back before them. */
  const proposed = () => {
    const { game } = duel();
    const start = game.log.findIndex((e) => (e.command as { type?: string } | undefined)?.type === 'SubmitActions');
    game.run(submit([act('xul', { kind: 'none' })]), seat('moon'));
    game.run({ type: 'ProposeTakeback', toVersion: start }, seat('moon'));
    return { game, start };
  };

  it('TB-7 TB-2 the event list folds an agreed takeback with the states the page keeps, and the board is the game at that version', () => {
    const { game, start } = proposed();
    game.run({ type: 'AcceptTakeback' }, seat('sun'));
    const at = (version: number) => foldGame(RULESETS, game.log.slice(0, version));
    // The page folds event by event; without the earlier states it could not fold the rewind.
    const { lines, after } = describeEvents(RULESETS, game.log, emptyGame, 'sun', undefined, at);
    expect(lines).toHaveLength(game.log.length);
    expect(lines.at(-1)?.text).toMatch(/^\d+\. moon: takeback by moon: back to version \d+, voiding events? /);
    expect(viewGame(RULESETS, after, 'sun')?.game).toEqual(viewGame(RULESETS, at(start), 'sun')?.game);
    const marks = voidMarks(game.log, REVEALS);
    expect(
      [...marks.values()]
        .filter((m) => m.kind === 'voided')
        .every((m) => m.kind === 'voided' && m.seat === 'moon' && m.toVersion === start),
    ).toBe(true);
  });

  it("TB-7 TB-3 an organiser correction reads as the organiser's under the board", () => {
    const { game, start } = refereedShot();
    game.run({ type: 'CorrectGame', toVersion: start, reason: 'the shot ignored cover' }, ORGANISER);
    const marks = voidMarks(game.log, REVEALS);
    const voided = marks.get(start + 1);
    if (voided?.kind !== 'voided') throw new Error('event after the version is not voided');
    expect(boardNote(start + 1, voided)).toContain('the organiser took the game back to version');
    expect(boardNote(start + 1, voided)).toContain('("the shot ignored cover")');
  });

  it('TB-7 TB-2 the play panel offers the answers to a proposal to the seat that has not accepted, never to the proposer', async () => {
    const { game } = proposed();
    const commands = await publishedCommands('soluna');
    const offered = (who: string) => {
      const view = viewGame(RULESETS, game.state, who);
      if (!view) throw new Error('no view');
      return commandsNow(commands, { ...view, sealed: ownOrdersSealed(view.game, who) }, who).map((c) => c.type);
    };
    expect(offered('sun').slice(0, 2)).toEqual(['AcceptTakeback', 'DeclineTakeback']);
    expect(offered('moon')).not.toContain('AcceptTakeback');
    expect(offered('moon')).not.toContain('CorrectGame');
  });
});

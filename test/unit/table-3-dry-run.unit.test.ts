/**
 * TABLE-3: the dry run is the referee's own answer. Each reference match is given again through
 * the command path (scenarios/realistic-games.ts) on the memory adapters, and every command is
 * first asked of the dry run (`checkCommand`) on the same game, clock and caller. For every
 * command of every match:
 * - the dry run accepts exactly what the command path then accepts, and refuses with the rule
 *   the command is then refused with;
 * - it records nothing: the game's version and log are as before it;
 * - it asks for the rolls the command asks for, each with the same purpose, die, target,
 *   modifiers and need, up to the first whose faces differ (after it the two may go apart), and
 *   every roll the referee made succeeded exactly when its face met what a dry run says it needs;
 * - no face it shows comes from the game's dice: each is the face the roll needs.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type DieRoll, neededFace, rollNeed } from '../../domain/kernel/dice.ts';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { findRolls } from '../../domain/kernel/rolls.ts';
import { everyRuleset, rulesets } from '../../domain/rulesets.ts';
import { createMemoryDeps } from '../../functions/adapters/memory/deps.ts';
import { type CheckResult, checkCommand } from '../../functions/games/app/check.ts';
import { type CommandResult, executeCommand } from '../../functions/games/app/commands.ts';
import { loadGame } from '../../functions/games/app/game-fold.ts';
import type { Deps } from '../../functions/kernel/deps.ts';
import { Problem } from '../../functions/kernel/problems.ts';
import { playRealisticGame, REFERENCE_MATCHES } from '../../scenarios/realistic-games.ts';

interface Asked {
  readonly type: string;
  readonly check: Checked;
  /** What the command path did with the same command just after: its result, or the problem it was refused with. */
  readonly outcome: CommandResult | Problem;
  /** Events in the log after the dry run that were not there before it. */
  readonly writtenByCheck: number;
}

/** A dry run's answer without the state it was decided to, each kind of answer kept apart. */
type WithoutState<R> = R extends unknown ? Omit<R, 'state'> : never;
type Checked = WithoutState<CheckResult>;

/** The rolls a batch of events carries, once each, in the order drawn. */
const rollsOf = (events: readonly EventEnvelope[]): DieRoll[] => {
  const found = new Map(events.flatMap((event) => findRolls(event.data)).map(({ roll }) => [roll.draw.index, roll] as const));
  return [...found.entries()].sort(([a], [b]) => a - b).map(([, roll]) => roll);
};

/**
 * The real rolls the dry run can be held to: the decider is the same function of the same game,
 * so the two decisions are one until the first roll whose faces differ, and that roll is still
 * asked for alike; after it, they may go apart.
 */
const sharedPath = (real: readonly DieRoll[], dry: readonly DieRoll[]): DieRoll[] => {
  const differs = real.findIndex((roll, i) => roll.value !== dry[i]?.value);
  return differs === -1 ? [...real] : real.slice(0, differs + 1);
};

/** Whether a face met a roll's need (`rollNeed`), as the dry run says it. */
const meets = (roll: DieRoll, needs: number): boolean => (roll.compare === 'atMost' ? roll.value <= needs : roll.value >= needs);

const asked = new Map<string, Asked[]>();

beforeAll(async () => {
  for (const ruleset of Object.keys(REFERENCE_MATCHES)) {
    const deps = createMemoryDeps(everyRuleset());
    const log: Asked[] = [];
    const give = async (given: Deps, request: Parameters<typeof executeCommand>[1]): Promise<CommandResult> => {
      const { version } = (await loadGame(given, request.gameId)).state;
      if (version === 0) return executeCommand(given, request);
      // The driver's deps answer randomHex with the match's own seed: the dry run is given another, as any seed is.
      const throwaway = { ...given, randomHex: (bytes: number) => 'c4'.repeat(bytes) };
      const { commandId: _id, ...check } = request;
      const { state: _state, ...checked } = await checkCommand(throwaway, check);
      const written = await given.store.readAfter(request.gameId, version, Number.MAX_SAFE_INTEGER);
      const outcome = await executeCommand(given, request).catch((error: unknown) => {
        if (error instanceof Problem) return error;
        throw error;
      });
      // Only what the assertions read is kept: a state a command, over a whole match, is more than a worker holds.
      const kept = outcome instanceof Problem ? outcome : { ...outcome, state: null };
      log.push({ type: request.command.type, check: checked as Checked, outcome: kept, writtenByCheck: written.length });
      if (outcome instanceof Problem) throw outcome;
      return outcome;
    };
    await playRealisticGame(deps, ruleset, { give });
    asked.set(ruleset, log);
  }
}, 120_000);

describe.each(Object.keys(REFERENCE_MATCHES))('TABLE-3 the dry run of every command of the %s reference match', (ruleset) => {
  const commands = () => asked.get(ruleset) ?? [];

  it('TABLE-3 accepts what the referee then accepts and refuses with the rule it then refuses with', () => {
    expect(commands().length).toBeGreaterThan(20);
    for (const { type, check, outcome } of commands()) {
      if (outcome instanceof Problem) {
        expect(check.accepted, `${type}: ${outcome.detail}`).toBe(false);
        if (!check.accepted) {
          expect(check.refusal.rule).toBe(outcome.extra.rule);
          expect(check.refusal.detail).toBe(outcome.detail);
        }
      } else {
        expect(check.accepted, `${type}: ${check.accepted ? '' : check.refusal.detail}`).toBe(true);
      }
    }
  });

  it('TABLE-3 records nothing', () => {
    for (const { writtenByCheck } of commands()) expect(writtenByCheck).toBe(0);
  });

  it('TABLE-3 asks for the rolls the referee asks for, each needing what the referee then compared its face with', () => {
    let compared = 0;
    let judged = 0;
    for (const { type, check, outcome } of commands()) {
      if (outcome instanceof Problem || !check.accepted) continue;
      const real = rollsOf(outcome.events);
      // A dry run that withheld a resolution of others' sealed orders shows none of its rolls (tested below).
      if (check.withheld === 0)
        sharedPath(real, rollsOf(check.events)).forEach((roll, i) => {
          const needed = check.rolls[i];
          expect(needed, `${type}: roll ${i} (${roll.purpose})`).toBeDefined();
          expect({ purpose: needed?.purpose, sides: needed?.sides, target: needed?.target, modifiers: needed?.modifiers }).toEqual({
            purpose: roll.purpose,
            sides: roll.sides,
            target: roll.target,
            modifiers: roll.modifiers,
          });
          expect(needed?.needs).toEqual(rollNeed(roll).needs);
          compared += 1;
        });
      // Every roll the referee made: it succeeded exactly when its face met what a dry run says it needs.
      for (const roll of real) {
        const { needs } = rollNeed(roll);
        if (roll.success === undefined || needs === null) continue;
        expect(meets(roll, needs), `${type}: ${roll.purpose} rolled ${roll.value}, needs ${needs}`).toBe(roll.success);
        judged += 1;
      }
    }
    expect(compared).toBeGreaterThan(0);
    expect(judged).toBeGreaterThan(0);
  });

  it('TABLE-3 shows no seat what another sealed: a dry run that would resolve hidden orders stops before their reveal', () => {
    const reveals = new Set<string>(rulesets.get(ruleset)?.revealTypes ?? []);
    const withheld = commands().filter(({ check }) => check.accepted && check.withheld > 0);
    for (const { check, outcome } of withheld) {
      if (!check.accepted || outcome instanceof Problem) continue;
      expect(check.events.some((e) => reveals.has(e.type))).toBe(false);
      // It shows what the command records up to the reveal, which then came where the dry run stopped.
      expect(check.events.map((e) => e.type)).toEqual(outcome.events.slice(0, check.events.length).map((e) => e.type));
      expect(outcome.events.findIndex((e) => reveals.has(e.type))).toBe(check.events.length);
    }
    // Each ruleset that seals orders resolves some in its reference match by a seat's last orders.
    expect(withheld.length > 0).toBe(reveals.size > 0);
  });

  it("TABLE-3 shows each roll at the face it needs, never the game's dice", () => {
    for (const { check } of commands()) {
      if (!check.accepted) continue;
      for (const roll of rollsOf(check.events)) expect(roll.value).toBe(neededFace(roll, roll.draw.index));
    }
  });
});

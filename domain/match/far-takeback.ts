/**
 * TB-2, TB-3: taking a game back further than a seat's own window (undo.ts): across other
 * seats' actions, rolls and reveals. A seat proposes (`ProposeTakeback`), every other seat
 * accepts (`AcceptTakeback`) or any seat declines (`DeclineTakeback`; the proposer so
 * withdraws it), as draws are agreed (PBM-13); the organiser corrects without agreement
 * (`CorrectGame`, PBM-12's authority) with a stated reason. Both end in the `TakenBack` a
 * seat's own takeback records, with `how` `agreed` or `organiser`; the fold takes the state
 * at `toVersion` from whoever folds (evolve.ts `History`, docs/design.md §8).
 *
 * What would be undone is listed before anyone accepts: the decider is given the log after
 * the version (`ctx.undone`), as the state keeps no history. Dice are never replayed: a roll
 * is drawn at its command's seq (§6), the log only grows, so the rolls a takeback discards
 * stay spent and later commands draw fresh ones.
 */
import type { Ctx } from '../kernel/context.ts';
import type { DomainEvent, EventEnvelope } from '../kernel/envelope.ts';
import { findRolls } from '../kernel/rolls.ts';
import type { Decision } from '../kernel/violation.ts';
import { reject } from '../kernel/violation.ts';
import type { CorrectGame, ProposeTakeback } from './commands.ts';
import type { DiscardedRoll, TakebackProposed, TakenBack, Undoing, UndoneCommand, VoidedRange } from './events.ts';
import type { LogAfter, MatchCtx } from './match-ctx.ts';
import { isOrganiser } from './organiser.ts';
import { standing } from './refusals.ts';
import type { Match, TakebackProposal, UndoWindow } from './state.ts';
import { reasonRefusal, seatedCorrectionRefusal, takebackCapRefusal } from './takeback-fairness.ts';
import { isVoided } from './undo.ts';

/**
 * How many events a far takeback may undo at most: its listing is part of one event, which
 * must stay far below DynamoDB's 400 KB item (docs/design.md §4, §8).
 */
export const MAX_UNDONE_EVENTS = 500;

/** Whether a takeback is a far one, folded onto the state at its version (not the seat's own window). */
export const isFar = (data: TakenBack['data']): boolean => data.how !== 'own';

/** After a far takeback, nothing before it may be taken back by a seat alone (TB-1's window is closed). */
export const closedBy = (envelope: EventEnvelope<TakenBack>): UndoWindow => ({
  kind: 'closed',
  seq: envelope.seq,
  why: envelope.data.how === 'organiser' ? 'the organiser took the game back' : 'the game was taken back by agreement',
});

const ranges = (seqs: readonly number[]): VoidedRange[] => {
  const out: { from: number; to: number }[] = [];
  for (const seq of seqs) {
    const last = out.at(-1);
    if (last && last.to === seq - 1) last.to = seq;
    else out.push({ from: seq, to: seq });
  }
  return out;
};

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
const span = (r: VoidedRange) => (r.from === r.to ? `event ${r.from}` : `events ${r.from} to ${r.to}`);

/**
 * Exactly what going back to `log.after` undoes: the events after it that no takeback voided
 * already, their commands and every roll in them (a sealed event's own are not listed: they
 * are secret, and revealed with its orders).
 */
export const undoingOf = (log: LogAfter, voided: Match['voided']): Undoing => {
  const events = log.events.filter((e) => e.seq > log.after && !isVoided(voided, e.seq));
  const voids = ranges(events.map((e) => e.seq));
  const commands: UndoneCommand[] = events.flatMap((e) => {
    const type = (e.command as { type?: unknown } | undefined)?.type;
    return typeof type === 'string' ? [{ seq: e.seq, actor: e.actor, type }] : [];
  });
  const rolls: DiscardedRoll[] = events.flatMap((e) =>
    e.visibleTo === undefined
      ? findRolls(e.data).map(({ roll }) => ({ purpose: roll.purpose, sides: roll.sides, face: roll.value, draw: roll.draw }))
      : [],
  );
  const what = commands.map((c) => `${c.type} by ${c.actor} at ${c.seq}`).join(', ');
  const dice = rolls.map((r) => `${r.purpose} d${r.sides} = ${r.face} (draw ${r.draw.seq}:${r.draw.index})`).join(', ');
  const summary =
    `Undoes ${voids.map(span).join(' and ')}: ${plural(commands.length, 'command')}${what ? ` (${what})` : ''}; ` +
    (rolls.length === 0 ? 'discards no roll.' : `discards ${plural(rolls.length, 'roll')}: ${dice}; they stay spent.`);
  return { voids, commands, rolls, summary };
};

const NEVER_ENDED =
  'An ended game has revealed its seed, so every later roll would be known: it is never taken back. A ruling on it continues in a fork (POST /games/{id}/forks, TB-6), which commits a fresh seed.';

/** The events after `toVersion`, checked to be what a far takeback may undo; or the refusal. */
const farLog = (match: Match, toVersion: number, ctx: MatchCtx, rule: string): LogAfter | Decision<never> => {
  if (match.status === 'ended') return reject('GAME_OVER', rule, NEVER_ENDED, 409);
  if (match.status !== 'playing') return reject('GAME_NOT_PLAYING', rule, `Only a game in play can be taken back. ${standing(match)}`, 409);
  if (toVersion >= match.version) {
    return reject(
      'NOTHING_TO_TAKE_BACK',
      rule,
      `The game is at version ${match.version}; a takeback goes back to an earlier one, not ${toVersion}.`,
      409,
    );
  }
  const log = ctx.undone;
  if (log?.after !== toVersion || log.events.length !== match.version - toVersion) {
    throw new Error(`the decider was not given the log after version ${toVersion} (ctx.undone)`);
  }
  const started = log.events.find((e) => e.type === 'FirstPlayerChosen');
  if (started) {
    return reject('BEFORE_PLAY', rule, `At version ${toVersion} the game was not in play yet; play began at version ${started.seq}.`);
  }
  const adopted = log.events.findLast((e) => e.type === 'RulesVersionAdopted');
  if (adopted) {
    return reject(
      'ACROSS_RULES',
      rule,
      `The game adopted new rules at event ${adopted.seq}; it can be taken back at most to version ${adopted.seq}.`,
    );
  }
  if (log.events[0]?.command === undefined) {
    return reject('MID_COMMAND', rule, midCommand(match, log, toVersion));
  }
  const voidedAt = match.voided?.find((r) => toVersion >= r.from && toVersion <= r.to);
  if (voidedAt) {
    return reject('VOIDED', rule, `Event ${toVersion} was voided by the takeback at event ${voidedAt.by}; the game cannot go back to it.`);
  }
  if (log.events.length > MAX_UNDONE_EVENTS) {
    return reject(
      'TOO_FAR',
      rule,
      `That undoes ${log.events.length} events; a takeback undoes at most ${MAX_UNDONE_EVENTS}. A fork (TB-6) can start from any version.`,
    );
  }
  return log;
};

/**
 * Where the command whose events hold `toVersion` starts: its first event, which carries the
 * command. The log after `toVersion` does not hold it; the open undo window of the match holds
 * the events of its run (TB-1), and so names it when the command is in that run. Null otherwise.
 */
const commandStart = (match: Match, toVersion: number): number | null => {
  const window = match.undo;
  if (window?.kind !== 'open') return null;
  const first = window.events.findLast((e) => e.seq <= toVersion && e.command !== undefined);
  return first?.seq ?? null;
};

/**
 * INV-10: why `toVersion` is no place to go back to, naming the nearest versions that are: the
 * version before the command it lies in (when the match still knows where that command began)
 * and the end of that command (unless it is the version the game is at, which no takeback goes
 * back to). "Version 12 lies inside one command's events (10 to 14); go back to 9 or 14."
 */
const midCommand = (match: Match, log: LogAfter, toVersion: number): string => {
  const next = log.events.find((e) => e.command !== undefined);
  const end = next ? next.seq - 1 : match.version;
  const start = commandStart(match, toVersion);
  const which = next ? "one command's events" : "the latest command's events";
  const events = start === null ? (next ? ` (up to ${end})` : '') : ` (${start} to ${end})`;
  const before = start === null ? 'before that command' : `${start - 1}`;
  const to = next ? (start === null ? `${end}, or to ${before}` : `${before} or ${end}`) : before;
  return `Version ${toVersion} lies inside ${which}${events}; go back to ${to}.`;
};

const policyAllows = (match: Match): boolean => (match.options.takebacks ?? 'agreed') === 'agreed';

const seatOf = (ctx: Ctx): string | null => (ctx.actor.kind === 'player' ? ctx.actor.seat : null);
const notSeated = (what: string) => reject('NOT_SEATED', 'TB-2', `Only a seated player may ${what}.`, 403);

/** The takeback proposal open now: one made in the step the game waits in (it lapses with anything else recorded). */
export const openTakeback = (match: Match): TakebackProposal | null => {
  const proposal = match.takebackProposal;
  return proposal && proposal.phaseKey === match.step?.key ? proposal : null;
};

const noneOpen = () =>
  reject(
    'NOTHING_PROPOSED',
    'TB-2',
    'Nobody has proposed a takeback that is still open; a proposal lapses at the end of its phase or when anything else is recorded.',
    409,
  );

/** The far takeback that every seat's agreement, or the organiser, settles on. */
const takenBack = (
  seat: string | null,
  how: 'agreed' | 'organiser',
  toVersion: number,
  toHash: string,
  undoes: Undoing,
  reason?: string,
): TakenBack => ({
  type: 'TakenBack',
  data: { seat, toVersion, voids: undoes.voids, how, toHash, summary: undoes.summary, ...(reason === undefined ? {} : { reason }) },
});

/** The seats still to agree to `proposal`: every seat with a player that has not yet. */
const stillToAgree = (match: Match, agreed: readonly string[]): string[] =>
  match.seats.filter((s) => s.playerId !== null && !agreed.includes(s.name)).map((s) => s.name);

export const proposeTakeback = (match: Match, command: ProposeTakeback, ctx: MatchCtx): Decision<DomainEvent> => {
  if (!policyAllows(match)) {
    return reject(
      'TAKEBACKS_OFF',
      'TB-4',
      `This game allows no takeback by agreement: it was created with options.takebacks "${match.options.takebacks}".`,
    );
  }
  const seat = seatOf(ctx);
  if (seat === null) return notSeated('propose a takeback');
  const bounded = reasonRefusal(match, ctx, command.reason, 'TB-2', false) ?? takebackCapRefusal(match, ctx, 'TB-2');
  if (bounded) return bounded;
  const open = openTakeback(match);
  if (open)
    return reject(
      'ALREADY_PROPOSED',
      'TB-2',
      `${open.by} has already proposed a takeback to version ${open.toVersion}; accept or decline it.`,
      409,
    );
  const log = farLog(match, command.toVersion, ctx, 'TB-2');
  if ('ok' in log) return log;
  const undoes = undoingOf(log, match.voided);
  if (undoes.voids.length === 0) {
    return reject('NOTHING_TO_TAKE_BACK', 'TB-2', `Everything after version ${command.toVersion} was taken back already.`, 409);
  }
  const toHash = log.events[0]?.prevHash as string;
  const data: TakebackProposed['data'] = {
    seat,
    phaseKey: match.step?.key ?? '',
    toVersion: command.toVersion,
    toHash,
    undoes,
    ...(command.reason === undefined ? {} : { reason: command.reason }),
  };
  const proposed: DomainEvent = { type: 'TakebackProposed', data };
  const everyone = stillToAgree(match, [seat]).length === 0;
  return { ok: true, events: everyone ? [proposed, takenBack(seat, 'agreed', data.toVersion, toHash, undoes, data.reason)] : [proposed] };
};

export const acceptTakeback = (match: Match, ctx: Ctx): Decision<DomainEvent> => {
  const seat = seatOf(ctx);
  if (seat === null) return notSeated('accept a takeback');
  const open = openTakeback(match);
  if (!open) return noneOpen();
  if (open.agreed.includes(seat))
    return reject('ALREADY_AGREED', 'TB-2', `${seat} already accepts the takeback to version ${open.toVersion}.`, 409);
  const accepted: DomainEvent = { type: 'TakebackAccepted', data: { seat } };
  if (stillToAgree(match, [...open.agreed, seat]).length > 0) return { ok: true, events: [accepted] };
  return { ok: true, events: [accepted, takenBack(open.by, 'agreed', open.toVersion, open.toHash, open.undoes, open.reason)] };
};

export const declineTakeback = (match: Match, ctx: Ctx): Decision<DomainEvent> => {
  const seat = seatOf(ctx);
  if (seat === null) return notSeated('decline a takeback');
  if (!openTakeback(match)) return noneOpen();
  return { ok: true, events: [{ type: 'TakebackDeclined', data: { seat } }] };
};

/**
 * TB-3: the organiser's ruling takes the game back to any version since play began, with its
 * reason, without agreement; INV-7: an organiser who holds a seat, only across no roll and no reveal.
 */
export const correctGame = (match: Match, command: CorrectGame, ctx: MatchCtx): Decision<DomainEvent> => {
  if (!isOrganiser(match, ctx.actor)) {
    return reject('NOT_ORGANISER', 'TB-3', 'Only the organiser, the player who created this game, may correct it (TB-3).', 403);
  }
  const bounded = reasonRefusal(match, ctx, command.reason, 'TB-3', true) ?? takebackCapRefusal(match, ctx, 'TB-3');
  if (bounded) return bounded;
  const log = farLog(match, command.toVersion, ctx, 'TB-3');
  if ('ok' in log) return log;
  const undoes = undoingOf(log, match.voided);
  if (undoes.voids.length === 0) {
    return reject('NOTHING_TO_TAKE_BACK', 'TB-3', `Everything after version ${command.toVersion} was taken back already.`, 409);
  }
  const unfair = seatedCorrectionRefusal(match, log, undoes, ctx);
  if (unfair) return unfair;
  return { ok: true, events: [takenBack(null, 'organiser', command.toVersion, log.events[0]?.prevHash as string, undoes, command.reason)] };
};

/**
 * TB-1, TB-4: a seat takes back its own latest commands, back to the last point where
 * something became known to anyone else (undo.ts keeps that window in the state). No
 * agreement is needed, and none is asked: nothing of what is voided was seen by anyone.
 * The voided events stay in the log; the fold rewinds (evolve.ts). A game whose
 * `options.takebacks` is `none` refuses every takeback (TB-4).
 */
import type { DomainEvent } from '../kernel/envelope.ts';
import type { Decision } from '../kernel/violation.ts';
import { reject } from '../kernel/violation.ts';
import type { TakeBack } from './commands.ts';
import type { TakenBack } from './events.ts';
import type { MatchCtx } from './match-ctx.ts';
import { listed, standing } from './refusals.ts';
import type { Match } from './state.ts';
import { reasonRefusal, takebackCapRefusal } from './takeback-fairness.ts';
import { type OpenWindow, takeBackPoints, voidedAfter } from './undo.ts';

const nothing = (why: string) => reject('NOTHING_TO_TAKE_BACK', 'TB-1', `Nothing of yours to take back ${why}.`, 409);

/** The seat's own open window with something in it, or the refusal that says since when nothing is. */
const ownWindow = (match: Match, seat: string): OpenWindow | Decision<never> => {
  const window = match.undo;
  if (window === undefined) return nothing('since the last point something became known to anyone else');
  if (window.kind === 'closed') return nothing(`since event ${window.seq}: ${window.why}`);
  if (window.seat !== seat) return nothing(`since event ${window.checkpoint.version + 1}: ${window.seat} acted`);
  if (window.events.length === 0) return nothing(`since event ${window.checkpoint.version}: you took back everything after it`);
  return window;
};

/** A step whose deadline has passed is the phase timer's; a takeback may not race it. */
const deadlinePassed = (match: Match, now: string): Decision<never> | null => {
  const deadline = match.step?.deadline;
  if (!deadline || Date.parse(now) < Date.parse(deadline)) return null;
  return reject(
    'DEADLINE_PASSED',
    'TB-1',
    `The deadline of the step ${match.step?.key} passed at ${deadline}; nothing can be taken back past it.`,
    409,
  );
};

export const takeBack = (match: Match, command: TakeBack, ctx: MatchCtx): Decision<DomainEvent> => {
  if (match.options.takebacks === 'none') {
    return reject('TAKEBACKS_OFF', 'TB-4', 'This game allows no takebacks: it was created with options.takebacks "none".');
  }
  if (match.status !== 'playing')
    return reject('GAME_NOT_PLAYING', 'TB-1', `Only a game in play has moves to take back. ${standing(match)}`, 409);
  const seat = ctx.actor.kind === 'player' ? ctx.actor.seat : null;
  if (seat === null) return reject('NOT_SEATED', 'TB-1', 'Only a seated player may take back their own commands.', 403);
  const bounded = reasonRefusal(match, ctx, command.reason, 'TB-1', false) ?? takebackCapRefusal(match, ctx, 'TB-1');
  if (bounded) return bounded;
  const late = deadlinePassed(match, ctx.now);
  if (late) return late;
  const window = ownWindow(match, seat);
  if ('ok' in window) return window;
  const points = takeBackPoints(window);
  const toVersion = command.toVersion ?? (points.at(-1) as number);
  if (!points.includes(toVersion)) {
    return reject(
      'NOT_A_TAKEBACK_POINT',
      'TB-1',
      `You can take back to version ${listed(points.map(String)).replace(' and ', ' or ')}: the end of one of your commands since event ${window.checkpoint.version}, the last point anything became known to anyone else; not to ${toVersion}.`,
    );
  }
  const data: TakenBack['data'] = {
    seat,
    toVersion,
    voids: voidedAfter(window, toVersion),
    how: 'own',
    ...(command.reason === undefined ? {} : { reason: command.reason }),
  };
  return { ok: true, events: [{ type: 'TakenBack', data }] };
};

/**
 * How the organiser's controls (PBM-12) and the seats' agreements (PBM-13) change a match.
 * The fields they add (`paused`, `drawOffer`, `pauseRequest`) exist only while they hold,
 * so a game that never used them folds to exactly the state it did before.
 */
import { assertNever } from '../kernel/violation.ts';
import type { ControlEvent } from './events.ts';
import { withoutProposal } from './fork.ts';
import type { Match, Proposal, Step } from './state.ts';

const withDeadline = (step: Step | null, deadline: string | null): Step | null => (step ? { ...step, deadline } : step);

const without = <K extends 'paused' | 'drawOffer' | 'pauseRequest'>(match: Match, key: K): Match => {
  const { [key]: _gone, ...rest } = match;
  return rest as Match;
};

const agreeing = (proposal: Proposal | undefined, seat: string): Proposal | undefined =>
  proposal ? { ...proposal, agreed: [...proposal.agreed, seat] } : proposal;

export const evolveControl = (match: Match, e: ControlEvent): Match => {
  switch (e.type) {
    case 'DeadlineExtended':
      return { ...match, step: withDeadline(match.step, e.data.deadline) };
    case 'GamePaused': {
      const paused = { by: e.data.by, phaseKey: e.data.phaseKey, remainingMs: e.data.remainingMs };
      return { ...without(match, 'pauseRequest'), paused, step: withDeadline(match.step, null) };
    }
    case 'GameResumed':
      return { ...without(match, 'paused'), step: withDeadline(match.step, e.data.deadline) };
    case 'DrawOffered':
      return { ...match, drawOffer: { by: e.data.seat, phaseKey: e.data.phaseKey, agreed: [e.data.seat] } };
    case 'PauseRequested':
      return { ...match, pauseRequest: { by: e.data.seat, phaseKey: e.data.phaseKey, agreed: [e.data.seat] } };
    case 'DrawAccepted': {
      const drawOffer = agreeing(match.drawOffer, e.data.seat);
      return drawOffer ? { ...match, drawOffer } : match;
    }
    case 'PauseAgreed': {
      const pauseRequest = agreeing(match.pauseRequest, e.data.seat);
      return pauseRequest ? { ...match, pauseRequest } : match;
    }
    case 'DrawDeclined':
      return without(match, 'drawOffer');
    case 'PauseDeclined':
      return without(match, 'pauseRequest');
    default:
      return assertNever(e);
  }
};

/** PBM-13: a proposal lapses when the phase it was made in ends; every control ends with the game. */
export const lapse = (match: Match): Match => {
  let next = match;
  if (match.status === 'ended') next = without(without(next, 'paused'), 'pauseRequest');
  for (const key of ['drawOffer', 'pauseRequest'] as const) {
    const proposal = next[key];
    if (proposal && (next.status === 'ended' || proposal.phaseKey !== next.step?.key)) next = without(next, key);
  }
  // TB-6: a continuation lapses with its phase too; one the organiser proposed on an ended game (phase '') stays.
  if (next.forkProposal && next.forkProposal.phaseKey !== (next.step?.key ?? '')) next = withoutProposal(next);
  return next;
};

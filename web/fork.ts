/**
 * TB-6, TB-7 in the viewer: a fork's log. It begins with `GameForked`, which names the game it
 * came from, the version and the chain hash there, and carries the position itself, so the page
 * folds and draws it without the origin (docs/design.md §8). What the page can check alone is the
 * fork's own log: its chain from that first event, its seed and dice (its own seed), its rules and
 * its state from the carried position. The shared prefix is proved only with the origin's log
 * (`domain/verify/origin-check.ts`): the page says so, and checks it when given that log too.
 */
import type { EventEnvelope } from '../domain/kernel/envelope.ts';
import type { GameForked } from '../domain/match/events.ts';
import type { Outcome } from '../domain/verify/pending.ts';
import type { CheckResult } from '../domain/verify/verify.ts';

export type Forked = GameForked['data'];

/** The fork's first event's data, or null for a log that is no fork. */
export const forkOf = (events: readonly EventEnvelope[]): Forked | null => {
  const first = events[0];
  return first?.type === 'GameForked' ? (first.data as Forked) : null;
};

const short = (hash: string): string => `${hash.slice(0, 12)}…`;

const KIND: Readonly<Record<Forked['kind'], string>> = {
  sandbox: 'a sandbox: private, its player moves every seat, no deadlines',
  continuation: 'a continuation: the same seats play on, with fresh deadlines',
};

/** The first line of a fork's event list: where the game came from, and what kind of game it is. */
export const forkText = (seq: number, actor: string, data: Forked): string =>
  `${seq}. ${actor}: forked from game ${data.from.gameId} at version ${data.from.version} (chain hash ${short(data.from.hash)}) as ${KIND[data.kind]}; its dice come from a seed of its own`;

/** What the page says under the board at the fork's first event: the position drawn is the one it carried. */
export const forkBoardNote = (data: Forked): string =>
  `This game starts from game ${data.from.gameId} as it stood after its event ${data.from.version}: the board is the position this event carries. Events 1–${data.from.version} are that game's; this log holds what was played since.`;

/** The command that proves the shared prefix, as the CLI takes it. */
export const ORIGIN_COMMAND = 'arbiter verify fork.ndjson --origin origin.ndjson';

/** The verdict line and its outcome, from every check's result. */
export interface Verdict {
  readonly text: string;
  readonly outcome: Outcome;
}

/**
 * VIEW-3, VIEW-8 and TB-6: the verdict over the checks. An origin check left pending is not
 * waiting for the seed: the shared prefix needs the origin's log, so it is named apart, and a
 * fork's log that fails nothing is said to hold on its own part only, never as a pass of the
 * prefix it shares with its origin.
 */
export const verdictOf = (
  results: readonly { readonly result: CheckResult; readonly outcome: Outcome }[],
  fork: Forked | null,
  as = '',
): Verdict => {
  const failed = results.filter((r) => r.outcome === 'fail').length;
  const origin = results.find((r) => r.result.check === 'origin');
  // A failure of the origin's log given (another game's, cut short, altered) is that log's, not the fork's;
  // only a first event its origin decides otherwise ("line 2 (event 1)", origin-check.ts) is the fork's.
  if (failed === 1 && origin?.outcome === 'fail' && !origin.result.verdict.startsWith('origin: line 2'))
    return { text: `The origin's log given does not hold up to this fork: ${origin.result.verdict}${as}.`, outcome: 'fail' };
  if (failed > 0) return { text: `${failed} check(s) failed: this is not the log the referee wrote${as}.`, outcome: 'fail' };
  const seed = results.filter((r) => r.outcome === 'pending' && r.result.check !== 'origin').length;
  const waits = seed > 0 ? [`${seed} check(s) wait for the seed, revealed when the game ends`] : [];
  if (!fork || !origin) {
    return seed > 0
      ? { text: `Nothing failed; ${waits.join('')}${as}.`, outcome: 'pending' }
      : { text: `The log holds: every check passed${as}.`, outcome: 'pass' };
  }
  const prefix = `events 1–${fork.from.version} of game ${fork.from.gameId}`;
  if (origin.outcome === 'pass') {
    return seed > 0
      ? { text: `Nothing failed, the shared prefix (${prefix}) included; ${waits.join('')}${as}.`, outcome: 'pending' }
      : { text: `The log holds: every check passed, the shared prefix (${prefix}) included${as}.`, outcome: 'pass' };
  }
  const own = `Nothing failed in this fork's own log (its chain from its first event, its seed and dice, the rules and the state from the position it carried)`;
  const unproved = origin.result.verdict.includes('hides sealed events')
    ? `the shared prefix (${prefix}) is not proved: the origin's log given hides sealed events, so give it again exported after that game ended`
    : `the shared prefix (${prefix}) is not proved here: it needs the origin's log (\`${ORIGIN_COMMAND}\`, or give it to this page below)`;
  return { text: `${own}; ${[...waits, unproved].join('; ')}${as}.`, outcome: 'pending' };
};

/**
 * VIEW-14: the event a failed check links to. An origin check's line is in the origin's log,
 * except line 2, the fork's first event; every other check's line is in the log shown.
 */
export const linkedIndex = (result: CheckResult): number => {
  if (result.line === undefined) return -1;
  if (result.check === 'origin' && result.line !== 2) return -1;
  return result.line - 2;
};

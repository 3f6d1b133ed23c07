/**
 * VIEW-8: a log exported while its game runs has no seed yet (it is revealed when the
 * game ends). The checks that need the seed, the dice and the re-decided commands, and a
 * fold past a sealed event, cannot be made yet: they are pending, not failed. A broken
 * chain, or anything that fails for another reason, still fails.
 */
import type { ParsedLog } from './log.ts';
import type { CheckResult } from './verify.ts';

export type Outcome = 'pass' | 'fail' | 'pending';

const waitsForTheSeed = (log: ParsedLog): boolean => log.header.seed === null && log.header.status !== 'ended';

const hasSealed = (log: ParsedLog): boolean => log.events.some((e) => e.type === 'Sealed' && e.data === null);

export const outcomeOf = (log: ParsedLog, result: CheckResult): Outcome => {
  if (result.ok) return 'pass';
  if (!waitsForTheSeed(log)) return 'fail';
  switch (result.check) {
    case 'seed':
    case 'dice':
      return 'pending';
    case 'rules':
      return /needs the seed|hides sealed events/.test(result.verdict) ? 'pending' : 'fail';
    case 'state':
      return hasSealed(log) && /sealed events/.test(result.verdict) ? 'pending' : 'fail';
    case 'chain':
      return 'fail';
  }
};

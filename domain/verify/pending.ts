/**
 * VIEW-8: a log exported while its game runs has no seed yet (it is revealed when the
 * game ends). The seed and the dice cannot be checked yet, nor the commands after a
 * sealed event the export hides, nor a fold past it: they are pending, not failed. The
 * commands before it are re-decided with the dice the log records (verify.ts). A broken
 * chain, a command the rules decide otherwise, or anything else still fails.
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
      return /pending until the game ends/.test(result.verdict) ? 'pending' : 'fail';
    case 'state':
      return hasSealed(log) && /sealed events/.test(result.verdict) ? 'pending' : 'fail';
    case 'chain':
      return 'fail';
  }
};

/**
 * VIEW-8: a check's outcome as a person reads it. A log exported while its game runs has
 * no seed yet (it is revealed when the game ends): the checks that need it, or another
 * seat's sealed orders the export hides, say so (`pending`) rather than fail. A broken
 * chain, a command the rules decide otherwise, or anything else still fails.
 */
import type { CheckResult } from './verify.ts';

export type Outcome = 'pass' | 'fail' | 'pending';

export const outcomeOf = (result: CheckResult): Outcome => (result.ok ? 'pass' : result.pending ? 'pending' : 'fail');

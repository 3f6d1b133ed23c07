/** Lambda: the phase timer, target of the one-time deadline schedules. */
import { z } from 'zod';
import type { Deps } from '../app/deps.ts';
import { fireDeadline } from '../app/timers.ts';
import { depsFromEnv } from '../runtime.ts';

const timerInput = z.object({ gameId: z.string().min(1), phaseKey: z.string().min(1) });

export const makePhaseTimer = (deps: () => Deps) => async (event: unknown) => fireDeadline(deps(), timerInput.parse(event));

export const handler = makePhaseTimer(depsFromEnv);

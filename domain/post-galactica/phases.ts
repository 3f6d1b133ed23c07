/** PG-4 (rules 13.1): the eight phases of a Post Galactica turn, in order. */
export const PHASES = ['command', 'resource', 'movement', 'action', 'ranged', 'melee', 'status', 'end'] as const;

export type Phase = (typeof PHASES)[number];

export const PHASE_TITLES: Readonly<Record<Phase, string>> = {
  command: 'Command Phase',
  resource: 'Resource Phase',
  movement: 'Movement Phase',
  action: 'Action Phase',
  ranged: 'Ranged Phase',
  melee: 'Melee Phase',
  status: 'Status Phase',
  end: 'End Phase',
};

/** The phase after `phase`, or null after the End Phase (the turn passes). */
export const nextPhase = (phase: Phase): Phase | null => PHASES[PHASES.indexOf(phase) + 1] ?? null;

/** The deployment step before the first turn, for deadline durations (`options.deadlines.phases.deployment`). */
export const DEPLOYMENT_PHASE = 'deployment';

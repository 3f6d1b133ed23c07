/** Commands with their own routes or reserved for the system are not accepted at /commands. */
export const RESERVED_COMMANDS: ReadonlyMap<string, string> = new Map([
  ['CreateGame', 'Create games with POST /games.'],
  ['JoinGame', 'Take a seat with POST /games/{id}/join.'],
  ['DeadlineReached', 'Only the phase timer declares deadlines.'],
]);

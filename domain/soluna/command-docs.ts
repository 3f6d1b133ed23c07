/**
 * The Sol'una commands as `GET /rulesets/soluna` lists them. A file of its own, importing
 * nothing: domain/ruleset-list.ts lists every ruleset's commands from the start (the API refuses a
 * command no ruleset has before it loads any), without pulling in the command schemas (PERF-1).
 */
import type { CommandDoc } from '../kernel/ruleset.ts';

export const SOL_COMMANDS = [
  {
    type: 'SubmitActions',
    summary: 'Seal one choice for every model of yours that may act this phase; may be re-submitted until the reveal (SOL-3).',
    rule: 'SOL-3',
  },
] as const satisfies readonly CommandDoc[];

/** The commands of Pig as `GET /rulesets/pig` would list them: a file importing nothing, which its entry in domain/ruleset-list.ts would read. */
import type { CommandDoc } from '../../../domain/kernel/ruleset.ts';

export const PIG_COMMANDS = [
  { type: 'Roll', summary: 'Roll the die: 2 to 6 adds to your turn total, a 1 loses it and ends your turn.', rule: 'PIG-2' },
  { type: 'Hold', summary: 'Bank your turn total into your score and pass the die.', rule: 'PIG-4' },
] as const satisfies readonly CommandDoc[];

/**
 * TABLE-3 on the page: the referee's answer to a command as the player builds it, before Send.
 * The play panel asks `POST /games/{id}/commands/check` (the dry run, which records nothing and
 * draws no die) and shows its answer in words: what would be recorded and what each roll needs,
 * or the rule and the sentence it would be refused with.
 */

/** A roll the command would make, as the dry run gives it (functions/games/app/check.ts). */
export interface NeededRoll {
  readonly purpose: string;
  readonly sides: number;
  readonly compare?: 'atLeast' | 'atMost';
  readonly needs: number | null;
  readonly chance: number | null;
}

export type Check =
  | {
      readonly accepted: true;
      readonly version: number;
      readonly events: readonly { readonly type: string }[];
      readonly rolls: readonly NeededRoll[];
      readonly withheld: number;
    }
  | { readonly accepted: false; readonly version: number; readonly refusal: { readonly rule?: string; readonly detail: string } };

const percent = (chance: number): string => `${Math.round(chance * 100)}%`;

/** "hit: Meena's Bow vs Xul: 4+ on a d6 (50%)"; a roll that cannot fail or cannot succeed says so. */
export const rollWords = (roll: NeededRoll): string => {
  const die = `a d${roll.sides}`;
  if (roll.needs === null || roll.chance === null) return `${roll.purpose}: ${die}, no target`;
  if (roll.chance === 0) return `${roll.purpose}: cannot succeed (needs ${roll.needs} on ${die})`;
  if (roll.chance === 1) return `${roll.purpose}: cannot fail on ${die}`;
  const face = roll.compare === 'atMost' ? `${roll.needs} or less` : `${roll.needs}+`;
  return `${roll.purpose}: ${face} on ${die} (${percent(roll.chance)})`;
};

/** What the page says of a dry run's answer: one line, and the rolls under it. */
export interface Verdict {
  readonly outcome: 'would-accept' | 'would-refuse';
  readonly line: string;
  readonly rolls: readonly string[];
}

export const verdictOf = (check: Check): Verdict => {
  if (!check.accepted) {
    const { rule, detail } = check.refusal;
    return {
      outcome: 'would-refuse',
      line: rule ? `The referee would refuse this under ${rule}: ${detail}` : `The referee would refuse this: ${detail}`,
      rolls: [],
    };
  }
  const types = check.events.map((e) => e.type);
  const recorded = types.length === 0 ? 'it would record nothing' : `it would record ${types.join(', ')}`;
  const resolved = check.withheld > 0 ? ', then the step resolves with what the other seats sealed' : '';
  return { outcome: 'would-accept', line: `The referee would accept this: ${recorded}${resolved}.`, rolls: check.rolls.map(rollWords) };
};

/**
 * Faction abilities. The text: "Factions may use their abilities during this phase" (13.7,
 * PG-10) and "Refresh faction abilities" in the Command Phase (13.3, PG-6), with no abilities
 * named. Defaults: a faction lists `abilities`; each may be used `usesPerTurn` times (default 1)
 * in its player's Action Phase with `UseFactionAbility`, needs any `requires` research done,
 * pays its `cost` and gains its `gain` at once. It is no unit's action. Uses come back in that
 * player's next Command Phase, after faction resources are gained.
 */

import type { Decision } from '../kernel/violation.ts';
import { accept, reject } from '../kernel/violation.ts';
import * as z from '../kernel/zod.ts';
import type { FactionAbilitiesRefreshed } from './action-events.ts';
import { addResources, canAfford, commandNameSchema, type FactionAbility, formatResources, NO_RESOURCES } from './datasheets.ts';
import type { PgEvent } from './events.ts';
import type { PgState, PlayerState } from './state.ts';

export const useFactionAbilitySchema = /* @__PURE__ */ z.lazy(() =>
  z.object({ type: z.literal('UseFactionAbility'), ability: commandNameSchema() }),
);

export const usesPerTurn = (ability: FactionAbility): number => ability.usesPerTurn ?? 1;

export const factionAbilities = (state: PgState, seat: string): readonly FactionAbility[] =>
  state.factions[state.players[seat]?.faction ?? '']?.abilities ?? [];

/** PG-6 "Refresh faction abilities", for a faction that has any. */
export const refreshFactionAbilities = (state: PgState, seat: string): FactionAbilitiesRefreshed | null => {
  const abilities = factionAbilities(state, seat);
  if (abilities.length === 0) return null;
  return {
    type: 'FactionAbilitiesRefreshed',
    data: { seat, abilities: abilities.map((a) => ({ ability: a.name, usesPerTurn: usesPerTurn(a) })), rule: 'PG-6' },
  };
};

const useProblem = (player: PlayerState, ability: FactionAbility): Decision<never> | null => {
  const uses = player.factionAbilityUses[ability.name] ?? 0;
  if (uses >= usesPerTurn(ability)) {
    const times = usesPerTurn(ability) === 1 ? 'once' : `${usesPerTurn(ability)} times`;
    return reject(
      'ABILITY_SPENT',
      'PG-10',
      `${ability.name} may be used ${times} a turn and is spent; faction abilities are refreshed in your next Command Phase (PG-6).`,
    );
  }
  if (ability.requires && !player.researched.includes(ability.requires))
    return reject('RESEARCH_NEEDED', 'PG-10', `${ability.name} needs the research "${ability.requires}", which you have not completed.`);
  if (!canAfford(player.resources, ability.cost))
    return reject(
      'NOT_ENOUGH_RESOURCES',
      'PG-10',
      `${ability.name} costs ${formatResources(ability.cost)}; you have ${formatResources(player.resources)}.`,
    );
  return null;
};

/** PG-10: the active player uses one of their faction's abilities. */
export const useFactionAbility = (state: PgState, seat: string, c: z.infer<typeof useFactionAbilitySchema>): Decision<PgEvent> => {
  const player = state.players[seat];
  const abilities = factionAbilities(state, seat);
  const ability = abilities.find((a) => a.name === c.ability);
  if (!player || !ability) {
    const list = abilities.map((a) => a.name).join(', ') || 'none';
    return reject('UNKNOWN_ABILITY', 'PG-10', `Your faction has no ability "${c.ability}"; its abilities: ${list}.`);
  }
  const problem = useProblem(player, ability);
  if (problem) return problem;
  const gained = ability.gain ?? NO_RESOURCES;
  return accept({
    type: 'FactionAbilityUsed',
    data: {
      seat,
      ability: ability.name,
      cost: ability.cost,
      gained,
      resources: addResources(addResources(player.resources, ability.cost, -1), gained),
      uses: (player.factionAbilityUses[ability.name] ?? 0) + 1,
      usesPerTurn: usesPerTurn(ability),
      rule: 'PG-10',
    },
  });
};

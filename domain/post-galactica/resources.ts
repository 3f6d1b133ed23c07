/**
 * PG-8 (rules 13.5): in the Resource Phase the active player gathers Carbon and Crystals
 * from eligible nodes, and faction resources. A finite node's remaining total goes down by
 * what was gathered and never below zero. Eligibility is a default: a Carbon Node is mined
 * by friendly Workers (PG-19) within 1", a Crystal Node by a friendly complete extraction
 * structure within 1"; each gathers its datasheet's `gather` amount.
 */

import type { Decision } from '../kernel/violation.ts';
import { accept, reject } from '../kernel/violation.ts';
import * as z from '../kernel/zod.ts';
import { addResources, commandIdSchema, NO_RESOURCES, type Resources } from './datasheets.ts';
import type { PgEvent, ResourcesGathered } from './events.ts';
import { edgeDistance } from './geometry.ts';
import { PG_LIMITS as L } from './limits.ts';
import type { ResourceNode } from './mission.ts';
import type { PgState } from './state.ts';
import { hasKeyword, isWorker, type Placed, sheetOf, unitsOf, WORK_RANGE } from './units.ts';

export const gatherSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    type: z.literal('Gather'),
    /** Node ids to gather from; default every eligible node. */
    nodes: z.optional(z.array(commandIdSchema()).check(z.maxLength(L.resourceNodes))),
  }),
);

/** Who of `seat` may gather from the node, by the default eligibility above. */
export const gatherersAt = (state: PgState, seat: string, node: ResourceNode): Placed[] =>
  unitsOf(state, seat).filter((u) => {
    const sheet = sheetOf(state, u);
    const amount = node.kind === 'carbon' ? sheet.gather.carbon : sheet.gather.crystal;
    const able = node.kind === 'carbon' ? isWorker(state, u) : u.complete && hasKeyword(state, u, 'Extractor');
    return amount > 0 && able && edgeDistance(u.position, sheet.baseRadius, node, 0) <= WORK_RANGE;
  });

/** PG-8: what gathering from a node yields, never more than a finite node holds. */
export const gatherFrom = (state: PgState, seat: string, node: ResourceNode): ResourcesGathered['data']['nodes'][number] => {
  const gatherers = gatherersAt(state, seat, node);
  const wanted = gatherers.reduce(
    (sum, u) => sum + (node.kind === 'carbon' ? sheetOf(state, u).gather.carbon : sheetOf(state, u).gather.crystal),
    0,
  );
  const remaining = state.nodes.find((n) => n.id === node.id)?.remaining ?? node.total;
  if (remaining === 'infinite')
    return { nodeId: node.id, kind: node.kind, amount: wanted, remaining, gatherers: gatherers.map((u) => u.id) };
  const amount = Math.min(wanted, remaining);
  return { nodeId: node.id, kind: node.kind, amount, remaining: Math.max(0, remaining - amount), gatherers: gatherers.map((u) => u.id) };
};

const total = (gathered: ResourcesGathered['data']['nodes'], faction: number): Resources => ({
  ...NO_RESOURCES,
  carbon: gathered.filter((g) => g.kind === 'carbon').reduce((s, g) => s + g.amount, 0),
  crystal: gathered.filter((g) => g.kind === 'crystal').reduce((s, g) => s + g.amount, 0),
  faction,
});

export const gather = (state: PgState, seat: string, command: z.infer<typeof gatherSchema>): Decision<PgEvent> => {
  const player = state.players[seat];
  if (!player || !state.mission) return reject('NOTHING_TO_GATHER', 'PG-8', 'This game has no resources to gather.');
  if (state.gathered) return reject('ALREADY_GATHERED', 'PG-8', 'You have already gathered resources this Resource Phase.', 409);
  const all = state.mission.resourceNodes;
  const unknown = command.nodes?.find((id) => !all.some((n) => n.id === id));
  if (unknown) return reject('UNKNOWN_NODE', 'PG-8', `This mission has no resource node "${unknown}".`);
  const chosen = command.nodes ? all.filter((n) => command.nodes?.includes(n.id)) : all;
  const ineligible = chosen.find((n) => gatherersAt(state, seat, n).length === 0);
  if (ineligible && command.nodes) {
    const who = ineligible.kind === 'carbon' ? 'Worker' : 'extraction structure';
    return reject(
      'NODE_NOT_ELIGIBLE',
      'PG-8',
      `No ${who} of yours is within 1" of the ${ineligible.kind === 'carbon' ? 'Carbon' : 'Crystal'} Node ${ineligible.id}.`,
    );
  }
  const nodes = chosen.filter((n) => gatherersAt(state, seat, n).length > 0).map((n) => gatherFrom(state, seat, n));
  const income = state.factions[player.faction]?.resourceIncome ?? NO_RESOURCES;
  const faction = income.faction;
  const gained = addResources(total(nodes, 0), income);
  return accept({
    type: 'ResourcesGathered',
    data: { seat, nodes, faction, resources: addResources(player.resources, gained), rule: 'PG-8' },
  });
};

/**
 * docs/design.md §7: the fire allocations of a simultaneous step are sealed to
 * their seat (`visibleTo`) with a secret salt, and only their hash is public. A seat may
 * seal again until the reveal, replacing what it sealed (TB-5). When the last awaited seat
 * is in, the same batch reveals every seat's last orders, salt and hash, and resolves the step.
 */

import { rulesSince } from '../kernel/rules-version.ts';
import type { RulesContext } from '../kernel/ruleset.ts';
import { sealedCommitment } from '../kernel/sealed.ts';
import type { Decision } from '../kernel/violation.ts';
import { reject } from '../kernel/violation.ts';
import * as z from '../kernel/zod.ts';
import { boardingOrdersSchema, checkBoardingOrders } from './boarding.ts';
import { inItsStep } from './command-steps.ts';
import type { GscEvent, OrdersRevealed, OrdersSealed, OrdersSubmitted } from './events.ts';
import { fold } from './evolve.ts';
import { beamOrdersSchema, checkBeamOrders } from './firing.ts';
import { checkMissileOrders, missileOrdersSchema } from './missiles.ts';
import type { GscState } from './state.ts';
import { afterStep, resolveStep } from './steps.ts';

export const ordersSchema = /* @__PURE__ */ z.lazy(() =>
  z.discriminatedUnion('step', [missileOrdersSchema, beamOrdersSchema, boardingOrdersSchema]),
);
export type Orders = z.infer<typeof ordersSchema>;
export const submitOrdersSchema = /* @__PURE__ */ z.lazy(() => z.strictObject({ type: z.literal('SubmitOrders'), orders: ordersSchema }));
export type SubmitOrders = z.infer<typeof submitOrdersSchema>;

/** Seats still awaited in a sealed step. */
export const pending = (state: GscState): string[] => state.awaited.filter((seat) => !(seat in state.sealed));

const check = (state: GscState, seat: string, orders: Orders, rulesVersion: string): Decision<never> | null => {
  switch (orders.step) {
    case 'missiles':
      return checkMissileOrders(state, seat, orders);
    case 'beams':
      return checkBeamOrders(state, seat, orders);
    case 'boarding':
      return checkBoardingOrders(state, seat, orders, rulesVersion);
  }
};

export const submitOrders = (state: GscState, command: SubmitOrders, rc: RulesContext): Decision<GscEvent> => {
  const { orders } = command;
  if (!inItsStep(state, 'SubmitOrders')) return reject('NO_ORDERS_NOW', 'GSC-1', `No orders are sealed in the ${state.step} step.`, 409);
  // the doc's steps are the sealed ones (evolve.ts sets `sealedStep` with the step); the orders name which one they are for
  if (orders.step !== state.sealedStep)
    return reject('WRONG_STEP', 'GSC-1', `These are ${orders.step} orders, but it is the ${state.sealedStep} step.`, 409);
  const seat = rc.seat;
  if (seat === null || !state.awaited.includes(seat))
    return reject('NOT_AWAITED', 'GSC-1', `${seat} has no orders to give in the ${state.sealedStep} step.`, 403);
  // TB-5: from gsc2-0.6.0 a seat that has sealed may seal again until the reveal; the last orders
  // count. The sheet is silent, and nothing of a seat's orders is known to anyone before the
  // reveal. A game begun before refuses it, as its rules did.
  if (seat in state.sealed && !rulesSince(rc.rulesVersion, 'gsc2-0.6.0'))
    return reject(
      'ALREADY_SEALED',
      'GSC-1',
      `${seat}'s ${state.sealedStep} orders are already sealed; sealed orders cannot be changed.`,
      409,
    );
  const problem = check(state, seat, orders, rc.rulesVersion);
  if (problem) return problem;
  const salt = rc.salt(`t${state.turn}-${orders.step}-${seat}`);
  // the commitment published now and repeated at the reveal: anyone can recompute it
  const hash = sealedCommitment(seat, 'orders', orders, salt);
  // sealed first: the command travels on the batch's first event, so it is hidden with it
  const sealed: OrdersSealed = {
    type: 'OrdersSealed',
    data: { turn: state.turn, step: orders.step, seat, orders, salt, hash },
    visibleTo: seat,
  };
  const submitted: OrdersSubmitted = { type: 'OrdersSubmitted', data: { turn: state.turn, step: orders.step, seat, hash } };
  const after = fold(state, [sealed, submitted]);
  return { ok: true, events: [sealed, submitted, ...(pending(after).length === 0 ? reveal(after, rc) : [])] };
};

/** Reveal every sealed order set (a seat that missed its deadline has none: it fires nothing) and resolve. */
export const reveal = (state: GscState, rc: RulesContext): GscEvent[] => {
  const step = state.sealedStep;
  if (step === null) return [];
  const revealed = state.awaited.flatMap((seat) => {
    const sealed = state.sealed[seat];
    return sealed ? [{ seat, orders: sealed.orders, salt: sealed.salt, hash: sealed.hash }] : [];
  });
  const shown: OrdersRevealed = { type: 'OrdersRevealed', data: { turn: state.turn, step, revealed } };
  const s1 = fold(state, [shown]);
  const resolved = resolveStep(s1, step, revealed, rc);
  return [shown, ...resolved, ...afterStep(fold(s1, resolved), rc)];
};

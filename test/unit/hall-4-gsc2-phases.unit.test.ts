/**
 * HALL-4 VIEW-16: a GSC2 command's steps are declared once, by its CommandDoc
 * (domain/gsc2/command-docs.ts `phases`). The referee refuses it in every other step with that
 * command's own out-of-step refusal, lets it past that check in each step it lists, and the page
 * offers it in exactly those steps: what the page offers is what the referee allows.
 */
import { describe, expect, it } from 'vitest';
import { GSC_COMMANDS } from '../../domain/gsc2/command-docs.ts';
import type { GscCommand } from '../../domain/gsc2/commands.ts';
import { decide } from '../../domain/gsc2/decide.ts';
import { fold } from '../../domain/gsc2/evolve.ts';
import { type GscState, STEPS, type Step } from '../../domain/gsc2/state.ts';
import { OWN_COMMAND, SYSTEM_NAMES } from '../../domain/gsc2/systems.ts';
import type { RuleViolation } from '../../domain/kernel/violation.ts';
import { docsHandlers } from '../../functions/docs/http/routes.ts';
import type { Request } from '../../functions/http/router.ts';
import { type CommandDoc, commandsNow } from '../../web/form.ts';
import { battleAt, moving, rcFor } from '../support/gsc2.ts';

type Doc = (typeof GSC_COMMANDS)[number];

/** How each command is refused outside its steps: the codes, rules and statuses RUL-9 and INV-10 pin. */
const OUT_OF_STEP: Record<Doc['type'], Pick<RuleViolation, 'code' | 'rule' | 'status'>> = {
  MoveShip: { code: 'NOT_MOVEMENT', rule: 'GSC-1', status: 409 },
  DeferMove: { code: 'NOT_MOVEMENT', rule: 'GSC-1', status: 409 },
  // GSC-3: out of Movement there is no group to end, refused as another seat's attempt is
  EndMoves: { code: 'NOT_YOUR_GROUP', rule: 'GSC-3', status: 403 },
  UseTractorBeam: { code: 'NOT_MOVEMENT', rule: 'GSC-22', status: 409 },
  ArmTractorBeam: { code: 'NOT_MOVEMENT', rule: 'GSC-22', status: 409 },
  UseSystem: { code: 'NOT_THIS_STEP', rule: 'GSC-22', status: 409 },
  SubmitOrders: { code: 'NO_ORDERS_NOW', rule: 'GSC-1', status: 409 },
  Repair: { code: 'NOT_REPAIRS', rule: 'GSC-23', status: 409 },
};

/** Red's commands of each type, each one that red could send were it the step (UseSystem: every system it takes). */
const SENT: Record<Doc['type'], readonly GscCommand[]> = {
  MoveShip: [{ type: 'MoveShip', ship: 'valiant', path: [] }],
  DeferMove: [{ type: 'DeferMove', ship: 'valiant' }],
  EndMoves: [{ type: 'EndMoves' }],
  UseTractorBeam: [{ type: 'UseTractorBeam', ship: 'valiant', beam: 'T1', target: 'tyrant' }],
  ArmTractorBeam: [{ type: 'ArmTractorBeam', ship: 'valiant', beam: 'T1', target: 'tyrant' }],
  UseSystem: SYSTEM_NAMES.filter((system) => !(system in OWN_COMMAND)).map((system) => ({ type: 'UseSystem', ship: 'valiant', system })),
  SubmitOrders: [
    { type: 'SubmitOrders', orders: { step: 'missiles', launches: [] } },
    { type: 'SubmitOrders', orders: { step: 'beams', fire: [] } },
    { type: 'SubmitOrders', orders: { step: 'boarding', actions: [], sabotage: [] } },
  ],
  Repair: [{ type: 'Repair', attempts: [{ ship: 'valiant', system: 'drive' }] }],
};

/** The example battle in `step` as the fold opens it, both seats awaited, red moving a free group (in Movement). */
const battleIn = (step: Step): GscState =>
  moving(fold(battleAt(), [{ type: 'StepStarted', data: { turn: 1, step, awaiting: ['red', 'blue'], rule: 'GSC-1' } }]), {});

const refusalOf = (state: GscState, command: GscCommand): RuleViolation | null => {
  const decision = decide(state, command, rcFor('red', [3, 3, 3, 3]));
  return decision.ok ? null : decision.violation;
};

/** Whether the command passes its step check in `step`: refused, if at all, for something else. */
const pastItsStep = (step: Step, command: GscCommand): boolean =>
  refusalOf(battleIn(step), command)?.code !== OUT_OF_STEP[command.type as Doc['type']].code;

/** The GSC2 commands the referee lets past their step check in `step`: a type passes when one of its commands does. */
const allowedIn = (step: Step): string[] =>
  GSC_COMMANDS.filter((doc) => SENT[doc.type].some((command) => pastItsStep(step, command))).map((doc) => doc.type);

describe("HALL-4 VIEW-16 a GSC2 command's steps are declared once, in its CommandDoc", () => {
  it('HALL-4 GSC-1 every GSC2 command declares its steps, and each has its out-of-step refusal', () => {
    expect(GSC_COMMANDS.map((doc) => doc.type).sort()).toEqual(Object.keys(OUT_OF_STEP).sort());
    expect(GSC_COMMANDS.every((doc) => doc.phases.length > 0 && doc.phases.every((p) => (STEPS as readonly string[]).includes(p)))).toBe(
      true,
    );
  });

  it('HALL-4 GSC-1 GSC-3 GSC-22 GSC-23 each GSC2 command sent in a step its CommandDoc does not list is refused with its out-of-step code', () => {
    let refused = 0;
    for (const doc of GSC_COMMANDS) {
      for (const step of STEPS.filter((s) => !(doc.phases as readonly string[]).includes(s))) {
        for (const command of SENT[doc.type]) {
          expect(refusalOf(battleIn(step), command), `${JSON.stringify(command)} in the ${step} step`).toMatchObject(OUT_OF_STEP[doc.type]);
          refused++;
        }
      }
    }
    // MoveShip, DeferMove, EndMoves and both tractor commands in 4 steps, 5 systems in 2, 3 orders in 2, Repair in 4
    expect(refused).toBe(5 * 4 + 5 * 2 + 3 * 2 + 4);
  });

  it('HALL-4 GSC-1 in each step, the referee lets past the step check exactly the commands whose CommandDoc lists it', () => {
    for (const step of STEPS) {
      const declared = GSC_COMMANDS.filter((doc) => (doc.phases as readonly string[]).includes(step)).map((doc) => doc.type);
      expect(allowedIn(step), step).toEqual(declared);
    }
    expect(allowedIn('missiles')).toEqual(['SubmitOrders']);
    expect(allowedIn('repairs')).toEqual(['Repair']);
  });

  it('HALL-4 VIEW-16 the page offers an awaited seat, in each step, exactly the GSC2 commands the referee lets past it', async () => {
    const reply = await docsHandlers.getRuleset({ params: { id: 'gsc2' }, headers: {}, query: {} } as unknown as Request, {
      playerId: null,
      query: undefined,
      body: undefined,
    });
    const published = (JSON.parse(String(reply.body)) as { commands: CommandDoc[] }).commands;
    const own = new Set<string>(GSC_COMMANDS.map((doc) => doc.type));
    for (const step of STEPS) {
      const now = { status: 'playing', awaiting: ['red', 'blue'], step: { phase: step } };
      const offered = commandsNow(published, now, 'red')
        .map((c) => c.type)
        .filter((type) => own.has(type));
      expect(offered, step).toEqual(allowedIn(step));
    }
  });
});

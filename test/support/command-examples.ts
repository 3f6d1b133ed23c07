/**
 * DOC-3: an example of every command of every ruleset, as the API would take and answer it,
 * each from a real decision: the command decided by the real decider on a real game, the
 * events sealed onto its log as the store would hold them (`recordCommand`) and redacted for
 * the seat that gave it, as POST /games/{id}/commands answers. A command the reference match
 * of its ruleset plays is decided again at its first place in that log; any other on a small
 * game set up for it, as the rule tests set theirs up. Recorded by
 * test/unit/openapi-examples.unit.test.ts into functions/http/openapi-examples.json.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gscOptionsSchema } from '../../domain/gsc2/options.ts';
import type { Actor } from '../../domain/kernel/context.ts';
import { scriptedDice } from '../../domain/kernel/dice.ts';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { undoneFromLog } from '../../domain/match/command-table.ts';
import type { GameCommand } from '../../domain/match/decide.ts';
import { foldGame } from '../../domain/match/evolve.ts';
import { recordCommand } from '../../domain/match/record.ts';
import { emptyGame, type GameState } from '../../domain/match/state.ts';
import { redactEvents } from '../../domain/match/view.ts';
import { EXAMPLE_DEPLOYMENT, exampleScenario } from '../../domain/post-galactica/examples.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { parseLog } from '../../domain/verify/log.ts';
import { Game, player, seat, TEST_SEED } from './decider-spec.ts';
import { startBattle } from './gsc2.ts';
import { ageLog, olderVersion } from './older-rules.ts';
import { arena, given, passTo, RAIDERS, rules, TROOPERS, toPhase, withBuilding, withUnit } from './post-galactica.ts';
import { carrierSheet } from './post-galactica-setups.ts';
import { mission, playing, profile } from './soluna.ts';

const RULESETS = everyRuleset();
const root = join(import.meta.dirname, '..', '..');

/** One command as POST /games/{id}/commands takes it, and what it answers. */
export interface CommandExample {
  readonly summary: string;
  readonly request: { readonly commandId: string; readonly expectedVersion: number; readonly command: Record<string, unknown> };
  readonly answer: { readonly gameId: string; readonly version: number; readonly replayed: false; readonly events: EventEnvelope[] };
}

/** A game just before the command, the command, who gives it, when, and with which seed the game's dice roll. */
export interface Moment {
  readonly state: GameState;
  readonly before: EventEnvelope | undefined;
  readonly command: GameCommand;
  readonly actor: Actor;
  readonly now: string;
  readonly seed: string;
  /** TB-2, TB-3: the log before the command, whose tail a far takeback's decider is given. */
  readonly log?: readonly EventEnvelope[];
}

/** A command id as a client makes one: 8 to 128 letters, digits, `_ . : -`. */
const commandIdFor = (ruleset: string, type: string) =>
  `${ruleset}-${type.replace(/[A-Z]/g, (c, i: number) => `${i === 0 ? '' : '-'}${c.toLowerCase()}`)}-1`;

/** The command decided and sealed as the API does, its events as the giver's seat sees them. */
const decided = (ruleset: string, summary: string, m: Moment): CommandExample => {
  const type = m.command.type;
  const commandId = commandIdFor(ruleset, type);
  const state = m.state;
  if (state.status === 'empty') throw new Error(`${ruleset} ${type}: no game`);
  const decision = recordCommand(
    state,
    m.command,
    { rulesets: RULESETS, now: m.now, actor: m.actor, seed: m.seed, ...(m.log ? undoneFromLog(m.command, state, m.log) : {}) },
    state.gameId,
    commandId,
  );
  if (!decision.ok)
    throw new Error(`${ruleset} ${type}: ${decision.violation.code} (${decision.violation.rule}): ${decision.violation.message}`);
  const { type: _type, ...fields } = m.command as { type: string } & Record<string, unknown>;
  const actor = m.actor;
  const seatName = actor.kind === 'player' ? (actor.seat ?? state.seats.find((s) => s.playerId === actor.playerId)?.name ?? null) : null;
  return {
    summary,
    request: { commandId, expectedVersion: state.version, command: { type, ...fields } },
    answer: {
      gameId: state.gameId,
      version: decision.events.at(-1)?.seq ?? state.version,
      replayed: false,
      events: redactEvents(decision.events, seatName, m.before),
    },
  };
};

/** The moment just before `game` takes `command` from `by` (a seat name, or an actor). */
const onGame = (game: Game, command: Record<string, unknown>, by: string | Actor): Moment => ({
  state: game.state,
  before: game.log.at(-1),
  command: command as GameCommand,
  actor: typeof by === 'string' ? seat(by) : by,
  // A minute after the rule tests' clock: within any deadline they set.
  now: '2026-01-01T00:01:00.000Z',
  seed: TEST_SEED,
  log: game.log,
});

/** The first command of `type` in the reference match of `ruleset`, at its place in the log. */
const fromReference = (ruleset: string, type: string): Moment | null => {
  const log = parseLog(readFileSync(join(root, 'test', 'fixtures', 'logs', `${ruleset}.ndjson`), 'utf8'));
  const index = log.events.findIndex((e) => (e.command as { type?: string } | undefined)?.type === type);
  const event = log.events[index];
  if (!event?.command || log.header.seed === null) return null;
  const label = event.actor;
  const bySeat = log.header.seats.find((s) => s.name === label);
  const actor: Actor =
    label === 'system'
      ? { kind: 'system' }
      : bySeat
        ? { kind: 'player', playerId: bySeat.playerId ?? '', seat: bySeat.name }
        : { kind: 'player', playerId: label.replace(/^player:/, ''), seat: null };
  return {
    state: foldGame(RULESETS, log.events.slice(0, index), emptyGame),
    before: log.events[index - 1],
    command: event.command as GameCommand,
    actor,
    now: event.at,
    seed: log.header.seed,
  };
};

type Scenario = () => Moment;

// ---- the lifecycle commands, on a started game of each ruleset ----

const seatsOf = (ruleset: string): [string, string] => {
  const [first = '', second = ''] = RULESETS.getRuleset(ruleset).seatNames;
  return [first, second];
};

/** Created by the first seat's player (the organiser) with an hour a step, joined by the second; the roll-off decided. */
const created = (ruleset: string, rulesOptions?: Record<string, unknown>): Game => {
  const [first, second] = seatsOf(ruleset);
  const game = new Game();
  const options = { deadlines: { default: 'PT1H' }, ...(rulesOptions ? { rules: rulesOptions } : {}) };
  game.run({ type: 'CreateGame', ruleset, seat: first, options }, player(`p_${first}`));
  game.run({ type: 'JoinGame' }, player(`p_${second}`));
  return game;
};

const started = (ruleset: string): Game => {
  const game = created(ruleset);
  const state = game.state;
  if (state.status === 'choosing' && state.rollOff)
    game.run({ type: 'ChooseFirstPlayer', seat: seatsOf(ruleset)[0] }, seat(state.rollOff.winner));
  return game;
};

const lifecycle = (ruleset: string): Record<string, Scenario> => {
  const [first, second] = seatsOf(ruleset);
  const moved = () => {
    const game = ruleset === 'soluna' ? twoAwaited() : started(ruleset);
    const toVersion = game.state.version;
    const [command, mover] = ownMove(ruleset, game);
    game.run(command, seat(mover));
    return { game, toVersion, mover, other: mover === first ? second : first };
  };
  const proposed = () => {
    const { game, toVersion, mover, other } = moved();
    game.run({ type: 'ProposeTakeback', toVersion, reason: 'I misread the range' }, seat(mover));
    return { game, other };
  };
  const offered = (type: string) => {
    const game = started(ruleset);
    game.run({ type } as GameCommand, seat(first));
    return game;
  };
  const forkProposed = () => {
    const game = started(ruleset);
    game.run({ type: 'ProposeFork', version: game.state.version } as GameCommand, seat(first));
    return game;
  };
  const paused = () => {
    const game = started(ruleset);
    game.run({ type: 'PauseGame' }, seat(first));
    return game;
  };
  return {
    ChooseFirstPlayer: () => {
      const game = created(ruleset);
      const state = game.state;
      if (state.status !== 'choosing' || !state.rollOff) throw new Error(`${ruleset}: no roll-off`);
      return onGame(game, { type: 'ChooseFirstPlayer', seat: first }, state.rollOff.winner);
    },
    Concede: () => onGame(started(ruleset), { type: 'Concede' }, second),
    AdoptRules: () => {
      // A game recorded under an older version of the rules; its organiser moves it to this server's.
      const game = started(ruleset);
      game.log = ageLog(game.log, olderVersion(ruleset));
      return onGame(game, { type: 'AdoptRules' }, first);
    },
    ExtendDeadline: () => onGame(started(ruleset), { type: 'ExtendDeadline', by: 'PT12H' }, first),
    PauseGame: () => onGame(started(ruleset), { type: 'PauseGame' }, first),
    ResumeGame: () => onGame(paused(), { type: 'ResumeGame' }, first),
    OfferDraw: () => onGame(started(ruleset), { type: 'OfferDraw' }, first),
    AcceptDraw: () => onGame(offered('OfferDraw'), { type: 'AcceptDraw' }, second),
    DeclineDraw: () => onGame(offered('OfferDraw'), { type: 'DeclineDraw' }, second),
    RequestPause: () => onGame(started(ruleset), { type: 'RequestPause' }, first),
    AgreePause: () => onGame(offered('RequestPause'), { type: 'AgreePause' }, second),
    DeclinePause: () => onGame(offered('RequestPause'), { type: 'DeclinePause' }, second),
    // TB-6: a continuation from the current version, proposed by the first seat (POST /games/{id}/forks).
    AcceptFork: () => onGame(forkProposed(), { type: 'AcceptFork' }, second),
    DeclineFork: () => onGame(forkProposed(), { type: 'DeclineFork' }, second),
    TakeBack: () => {
      // TB-1: a seat's own command nothing of which anyone else knows yet, taken back.
      // Sol'una's example mission awaits one seat at first: two warbands of one model, both awaited, here.
      const game = ruleset === 'soluna' ? twoAwaited() : started(ruleset);
      const [command, mover] = ownMove(ruleset, game);
      game.run(command, seat(mover));
      return onGame(game, { type: 'TakeBack', reason: 'I meant another order' }, mover);
    },
    // TB-2, TB-3: the first seat's own move, then a proposal to take it back (and the other seat's answer), or the organiser's ruling.
    ProposeTakeback: () => {
      const { game, toVersion, mover } = moved();
      return onGame(game, { type: 'ProposeTakeback', toVersion, reason: 'I misread the range' }, mover);
    },
    AcceptTakeback: () => onGame(proposed().game, { type: 'AcceptTakeback' }, proposed().other),
    DeclineTakeback: () => onGame(proposed().game, { type: 'DeclineTakeback' }, proposed().other),
    CorrectGame: () => {
      const { game, toVersion } = moved();
      return onGame(game, { type: 'CorrectGame', toVersion, reason: 'the ruling after the dispute over the range' }, first);
    },
  };
};

/** A Sol'una game whose first phase awaits both seats. */
const twoAwaited = (): Game =>
  playing(
    mission([profile({ id: 'meena', mind: 10, at: [0, 0], leader: true })], [profile({ id: 'xul', mind: 10, at: [3, 0], leader: true })]),
  );

/** A command of the seat awaited first that rolls nothing and reveals nothing, and that seat. */
const ownMove = (ruleset: string, game: Game): [GameCommand, string] => {
  const state = game.state;
  if (state.status !== 'playing') throw new Error(`${ruleset}: not playing`);
  const awaited = RULESETS.getFold(ruleset).awaiting(state.rules)[0] ?? '';
  if (ruleset === 'soluna') {
    // Sealed while the other seat's orders are still awaited: only the commitment is public.
    const eligible = (state.rules as { eligible: Record<string, string[]> }).eligible[awaited] ?? [];
    return [{ type: 'SubmitActions', actions: eligible.map((model) => ({ model, action: { kind: 'none' } })) }, awaited];
  }
  if (ruleset === 'gsc2') {
    // GSC-3: a move within a group keeps the move the mover's.
    const ships = Object.values((state.rules as { ships: Record<string, { id: string; seat: string }> }).ships);
    return [{ type: 'MoveShip', ship: ships.find((s) => s.seat === awaited)?.id ?? '', path: [] }, awaited];
  }
  return [{ type: 'EndPhase' }, awaited];
};

// ---- Post Galactica: the example armies in the arena of the rule tests ----

const EXAMPLE = exampleScenario();
const BARRACKS = { type: 'Construct', unitId: 'red-worker-1', datasheet: 'barracks', x: 8, y: 25.5 } as const;
const rich = { mission: { startingResources: { carbon: 1000, crystal: 200, faction: 0 } } };
const NONE = { carbon: 0, crystal: 0, faction: 0 };

/** The arena game with `setup`, in `phase` of red's first turn. */
const inPhase = (phase: Parameters<typeof toPhase>[1], ...setup: Parameters<typeof arena>): Game => {
  const game = arena(...setup);
  toPhase(game, phase);
  return game;
};

/** A Command Center that may Research, Engineers that may Salvage, Troopers with Stim Packs. */
const researching = withBuilding('vanguard', 'command-center', (cc) => ({
  ...cc,
  actions: [...cc.actions, 'Research'],
  research: { 'plasma-tuning': { name: 'Plasma Tuning', cost: { carbon: 50, crystal: 0, faction: 0 }, counters: 2 } },
}));
const countdowns = withUnit(
  'vanguard',
  'vanguard-troopers',
  (t) => ({
    ...t,
    actions: [...t.actions, 'Activate Ability', 'Overwatch', 'Disengage'],
    abilities: [{ name: 'Stim Packs', cost: NONE, recharge: 2, status: { name: 'Regenerating', duration: 1 } }],
  }),
  withUnit('vanguard', 'engineer', (e) => ({ ...e, actions: [...e.actions, 'Salvage'] }), researching),
);
const vanguard = EXAMPLE.factions.vanguard;
const withFactionAbility = {
  ...countdowns,
  vanguard: {
    ...(countdowns.vanguard ?? vanguard),
    abilities: [{ name: 'Orbital Drop', cost: { carbon: 0, crystal: 10, faction: 0 }, gain: { carbon: 20, crystal: 0, faction: 0 } }],
  },
};

/** A Vanguard Carrier (Transport 4) beside the second squad of Troopers and the fourth Engineer. */
const CARRIER = 'red-carrier-1';
const carrier = carrierSheet();
const transports = { ...EXAMPLE.factions, vanguard: { ...vanguard, units: { ...vanguard.units, carrier } } };
const LOAD = { type: 'Load', unitId: CARRIER, passengerIds: ['red-vanguard-troopers-2', 'red-worker-4'] } as const;
const besideCarrier = () =>
  inPhase(
    'action',
    [
      { unitId: CARRIER, x: 12.5, y: 22 },
      { unitId: 'red-worker-4', x: 12.5, y: 24.5 },
    ],
    { factions: transports, red: { units: [...EXAMPLE.armies.red.units, { datasheet: 'carrier' }] } },
  );

/** Red's Command Center hurt in blue's melee, a Worker beside it, in red's next Action Phase. */
const hurtCommandCenter = () => {
  const at = [
    { unitId: 'red-cc', x: 21, y: 18 },
    { unitId: 'red-worker-1', x: 21, y: 21.6 },
    { unitId: RAIDERS, x: 25.5, y: 18 },
  ];
  const game = inPhase('melee', at, { first: 'blue' });
  game.run({ type: 'MeleeAttack', unitId: RAIDERS, targetId: 'red-cc' }, seat('blue'), scriptedDice([3, 3, 3, 1, 1, 1, 1, 1, 1, 1]));
  toPhase(game, 'action', 'red');
  return game;
};

const postGalactica: Record<string, Scenario> = {
  Deploy: () => {
    const game = created('post-galactica', { scenario: 'example' });
    const state = game.state;
    if (state.status === 'choosing' && state.rollOff) game.run({ type: 'ChooseFirstPlayer', seat: 'red' }, seat(state.rollOff.winner));
    return onGame(game, { type: 'Deploy', units: EXAMPLE_DEPLOYMENT.red }, 'red');
  },
  EndPhase: () => onGame(arena(), { type: 'EndPhase' }, 'red'),
  Gather: () => onGame(inPhase('resource'), { type: 'Gather' }, 'red'),
  Move: () =>
    onGame(
      inPhase('movement'),
      {
        type: 'Move',
        unitId: TROOPERS,
        path: [
          { x: 13, y: 18 },
          { x: 13, y: 19 },
        ],
      },
      'red',
    ),
  Construct: () => onGame(inPhase('action'), BARRACKS, 'red'),
  Produce: () => {
    const game = inPhase('action', [], rich);
    game.run(BARRACKS, seat('red'));
    passTo(game, 'red');
    passTo(game, 'red');
    toPhase(game, 'action');
    return onGame(game, { type: 'Produce', buildingId: 'red-barracks-1', datasheet: 'vanguard-troopers' }, 'red');
  },
  Repair: () => onGame(hurtCommandCenter(), { type: 'Repair', unitId: 'red-worker-1', targetId: 'red-cc' }, 'red'),
  Interact: () =>
    onGame(inPhase('action', [{ unitId: TROOPERS, x: 22, y: 32 }]), { type: 'Interact', unitId: TROOPERS, objectiveId: 'relay' }, 'red'),
  Aim: () => onGame(inPhase('action'), { type: 'Aim', unitId: TROOPERS }, 'red'),
  Research: () =>
    onGame(inPhase('action', [], { factions: countdowns }), { type: 'Research', buildingId: 'red-cc', research: 'plasma-tuning' }, 'red'),
  Salvage: () => {
    const game = inPhase('action', [], { factions: countdowns });
    game.run({ type: 'Construct', unitId: 'red-worker-1', datasheet: 'supply-depot', x: 8, y: 26 }, seat('red'));
    passTo(game, 'red');
    toPhase(game, 'action');
    return onGame(game, { type: 'Salvage', unitId: 'red-worker-1', targetId: 'red-supply-depot-1' }, 'red');
  },
  Overwatch: () => onGame(inPhase('action', [], { factions: countdowns }), { type: 'Overwatch', unitId: TROOPERS }, 'red'),
  Dodge: () => onGame(inPhase('action'), { type: 'Dodge', unitId: TROOPERS }, 'red'),
  Disengage: () => onGame(inPhase('action', [], { factions: countdowns }), { type: 'Disengage', unitId: TROOPERS }, 'red'),
  Load: () => onGame(besideCarrier(), LOAD, 'red'),
  Unload: () => {
    const game = besideCarrier();
    game.run(LOAD, seat('red'));
    passTo(game, 'red');
    toPhase(game, 'action');
    return onGame(game, { type: 'Unload', unitId: CARRIER, units: [{ unitId: 'red-vanguard-troopers-2', x: 12.5, y: 19 }] }, 'red');
  },
  ActivateAbility: () =>
    onGame(inPhase('action', [], { factions: countdowns }), { type: 'ActivateAbility', unitId: TROOPERS, ability: 'Stim Packs' }, 'red'),
  UseFactionAbility: () =>
    onGame(inPhase('action', [], { factions: withFactionAbility }), { type: 'UseFactionAbility', ability: 'Orbital Drop' }, 'red'),
  RangedAttack: () =>
    onGame(
      inPhase('ranged', [
        { unitId: TROOPERS, x: 18, y: 26 },
        { unitId: RAIDERS, x: 30, y: 26 },
      ]),
      { type: 'RangedAttack', unitId: TROOPERS, targetId: RAIDERS },
      'red',
    ),
  MeleeAttack: () =>
    onGame(
      inPhase(
        'melee',
        [
          { unitId: 'red-cc', x: 21, y: 18 },
          { unitId: RAIDERS, x: 25.5, y: 18 },
        ],
        { first: 'blue' },
      ),
      { type: 'MeleeAttack', unitId: RAIDERS, targetId: 'red-cc' },
      'blue',
    ),
  ResolveStatuses: () => {
    const game = arena();
    toPhase(game, 'command', 'blue');
    given(game, {
      type: 'StatusesResolved',
      data: {
        seat: 'blue',
        chosenBy: 'default',
        results: [
          {
            unitId: TROOPERS,
            status: 'given',
            effect: 'given',
            cohesion: 1,
            statuses: [
              { name: 'Regenerating', remaining: 1 },
              { name: 'Burning', remaining: 2 },
            ],
          },
        ],
        rule: 'PG-13',
      },
    });
    toPhase(game, 'status', 'red');
    if (rules(game).phase !== 'status') throw new Error('not in the Status Phase');
    return onGame(
      game,
      {
        type: 'ResolveStatuses',
        order: [
          { unitId: TROOPERS, status: 'Regenerating' },
          { unitId: TROOPERS, status: 'Burning' },
        ],
      },
      'red',
    );
  },
};

// ---- GSC2: what its reference match does not play, on small battles of the rule tests ----

const gsc2: Record<string, Scenario> = {
  DeferMove: () => {
    // A hulk with drive 2 cannot move before the destroyer beside it: it waits its turn (GSC-4).
    const designs = gscOptionsSchema.parse({}).designs;
    const game = startBattle({
      designs: { ...designs, hulk: { ...designs.cruiser, drive: 2 } },
      fleets: {
        red: [
          { id: 'slow', design: 'hulk', x: 0, y: 0, facing: 0 },
          { id: 'fast', design: 'destroyer', x: 9, y: 0, facing: 0 },
        ],
        blue: [
          { id: 'b1', design: 'cruiser', x: 0, y: 40, facing: 4 },
          { id: 'b2', design: 'cruiser', x: 9, y: 40, facing: 4 },
        ],
      },
    });
    game.run({ type: 'MoveShip', ship: 'b1', path: [] }, seat('blue'));
    game.run({ type: 'MoveShip', ship: 'b2', path: [] }, seat('blue'));
    return onGame(game, { type: 'DeferMove', ship: 'slow' }, 'red');
  },
  UseTractorBeam: () =>
    onGame(
      startBattle({
        fleets: {
          red: [{ id: 'valiant', name: 'Valiant', design: 'cruiser', x: 0, y: 0, facing: 0 }],
          blue: [{ id: 'tyrant', name: 'Tyrant', design: 'cruiser', x: 0, y: 5, facing: 4 }],
        },
      }),
      { type: 'UseTractorBeam', ship: 'valiant', beam: 'T1', target: 'tyrant' },
      'red',
    ),
  ArmTractorBeam: () =>
    onGame(
      startBattle({
        fleets: {
          red: [{ id: 'valiant', name: 'Valiant', design: 'cruiser', x: 0, y: 0, facing: 0 }],
          blue: [{ id: 'tyrant', name: 'Tyrant', design: 'cruiser', x: 0, y: 9, facing: 4 }],
        },
      }),
      { type: 'ArmTractorBeam', ship: 'valiant', beam: 'T1', target: 'tyrant' },
      'red',
    ),
  UseSystem: () => onGame(startBattle(), { type: 'UseSystem', ship: 'lance', system: 'cloaks' }, 'red'),
};

const OWN: Readonly<Record<string, Record<string, Scenario>>> = { 'post-galactica': postGalactica, soluna: {}, gsc2 };

/**
 * INV-6: the moment the example of `type` in a game of `ruleset` is decided at, as
 * `commandExamples` finds it, with the whole log before it (`history`), for a test that
 * decides or re-decides other commands there.
 */
export const exampleMoment = (ruleset: string, type: string): (Moment & { readonly history: readonly EventEnvelope[] }) | null => {
  const reference = fromReference(ruleset, type);
  if (reference) {
    const log = parseLog(readFileSync(join(root, 'test', 'fixtures', 'logs', `${ruleset}.ndjson`), 'utf8'));
    const index = log.events.findIndex((e) => (e.command as { type?: string } | undefined)?.type === type);
    return { ...reference, history: log.events.slice(0, index) };
  }
  const moment = (OWN[ruleset]?.[type] ?? lifecycle(ruleset)[type])?.();
  return moment ? { ...moment, history: moment.log ?? [] } : null;
};

/**
 * Every command a game of each ruleset takes at /commands (the lifecycle's and its own, as
 * `GET /rulesets/{id}` lists them), with an example; throws naming any command without one.
 */
export const commandExamples = (
  commands: ReadonlyMap<string, readonly { type: string; summary: string }[]>,
): Record<string, Record<string, CommandExample>> =>
  Object.fromEntries(
    [...commands].map(([ruleset, list]) => [
      ruleset,
      Object.fromEntries(
        list.map(({ type, summary }) => {
          const scenario = OWN[ruleset]?.[type] ?? lifecycle(ruleset)[type];
          const moment = fromReference(ruleset, type) ?? scenario?.();
          if (!moment) throw new Error(`${ruleset}: no example of ${type}: add a scenario to test/support/command-examples.ts`);
          return [type, decided(ruleset, summary, moment)];
        }),
      ),
    ]),
  );

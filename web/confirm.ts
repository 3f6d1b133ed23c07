/**
 * TABLE-4: the commands the page asks about before it sends them, with the question, read from
 * the seat's own view: Concede in every ruleset (the game's end is taken back by no one); a
 * Post Galactica EndPhase that would end the Movement Phase with units of the seat's that could
 * still move, the Action Phase with units that have not acted, or the Ranged or Melee Phase with
 * units that could still attack (none may, once the phase is over this turn); GSC2's SubmitOrders
 * in the Missiles or Beams step that leaves a ship that may launch or fire without an order, and
 * Sol'una's SubmitActions that has a model do nothing (neither may once the orders are revealed).
 * The phases asked about are those whose end a ruleset's commands give: Post Galactica's EndPhase
 * ends any phase (the Command, Status and End Phases leave nothing a seat gives up; whether the
 * Resource Phase's Gather was made the seat's view does not say, so its end is not asked about);
 * GSC2's and Sol'una's sealed steps end with the last orders sealed. Null: send at once.
 */
import { actors, attackers, type Choice, firingNow, unmoved } from './choices.ts';

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** Post Galactica's phases (PG-4) that end with something of the seat's unspent: what, and what ending them costs. */
const UNSPENT: Readonly<
  Record<string, { title: string; left: string; after: string; units: (game: Record<string, unknown>, seat: string) => Choice[] }>
> = {
  movement: { title: 'Movement Phase', left: 'have not moved', after: 'they cannot move again this turn', units: unmoved },
  action: { title: 'Action Phase', left: 'have not acted', after: 'they cannot act again this turn', units: actors },
  ranged: {
    title: 'Ranged Phase',
    left: 'may still fire',
    after: 'they cannot fire again this turn',
    units: (game, seat) => attackers(game, seat, 'ranged'),
  },
  melee: {
    title: 'Melee Phase',
    left: 'may still attack in melee',
    after: 'they cannot attack in melee again this turn',
    units: (game, seat) => attackers(game, seat, 'melee'),
  },
};

/** GSC2's sealed steps whose orders a ship may be left out of: the orders' list, and what a ship in it does. */
const ORDERS: Readonly<Record<string, { list: string; what: string; verb: string }>> = {
  missiles: { list: 'launches', what: 'missile', verb: 'launch' },
  beams: { list: 'fire', what: 'beam', verb: 'fire' },
};

/** GSC2: the ships that may launch or fire in this step and have no row in the orders being sealed. */
const withoutOrders = (g: Record<string, unknown>, seat: string, sent: unknown): string | null => {
  const step = typeof g.step === 'string' ? ORDERS[g.step] : undefined;
  if (!step) return null;
  const rows = record(record(sent).orders)[step.list];
  const ordered = new Set((Array.isArray(rows) ? rows : []).map((r) => record(r).ship));
  const ships = record(g.ships);
  const left = [...new Set(firingNow(g, seat).map((o) => o.ship))]
    .filter((id) => !ordered.has(id))
    .map((id) => record(ships[id]).name ?? id);
  if (left.length === 0) return null;
  return `Seal these ${step.what} orders? ${left.length} ship(s) of yours that may ${step.verb} have no orders (${left.join(', ')}); they cannot ${step.verb} this turn.`;
};

/** Sol'una: the models the actions being sealed leave doing nothing this phase (kind `none`, SOL-3). */
const doingNothing = (g: Record<string, unknown>, sent: unknown): string | null => {
  const rows = record(sent).actions;
  const names = new Map((Array.isArray(g.models) ? g.models : []).map((m) => [record(m).id, record(m).name] as const));
  const idle = (Array.isArray(rows) ? rows : [])
    .map(record)
    .filter((r) => record(r.action).kind === 'none')
    .map((r) => String(names.get(r.model) ?? r.model));
  if (idle.length === 0) return null;
  return `Seal these actions? ${idle.length} model(s) of yours would do nothing this phase (${idle.join(', ')}).`;
};

/**
 * The question to ask before `command` is sent as `seat`, or null; `sent`, the command as built,
 * where the question depends on it (absent: not asked). By the command's type, never a ruleset id
 * (HALL-4): EndPhase is Post Galactica's, SubmitOrders GSC2's, SubmitActions Sol'una's.
 */
export const questionFor = (command: string, game: unknown, seat: string, sent?: unknown): string | null => {
  if (command === 'Concede') return 'Concede the game? This cannot be taken back.';
  const g = record(game);
  if (command === 'SubmitOrders') return sent === undefined ? null : withoutOrders(g, seat, sent);
  if (command === 'SubmitActions') return sent === undefined ? null : doingNothing(g, sent);
  if (command !== 'EndPhase' || g.activeSeat !== seat) return null;
  const unspent = typeof g.phase === 'string' ? UNSPENT[g.phase] : undefined;
  const left = unspent?.units(g, seat).map((u) => u.label) ?? [];
  if (!unspent || left.length === 0) return null;
  return `End the ${unspent.title}? ${left.length} unit(s) of yours ${unspent.left} (${left.join(', ')}); ${unspent.after}.`;
};

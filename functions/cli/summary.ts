/**
 * `arbiter replay --at N` without `--json`: the game as a person reads it at the table:
 * where play stands, then each side with its resources and its pieces. It reads the same
 * view the API serves (domain/match/view.ts), so a seat sees here only what it saw there.
 */
import type { GameView } from '../../domain/match/view.ts';
import { type Json, list, obj } from '../../web/render/svg.ts';

const num = (value: unknown): string => (typeof value === 'number' ? String(Math.round(value * 100) / 100) : '?');
const str = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '?');
const at = (p: unknown): string => {
  if (Array.isArray(p)) return `[${p.map(num).join(',')}]`;
  const { x, y } = obj(p);
  return `(${num(x)}, ${num(y)})`;
};

const COMPASS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];

const postGalactica = (game: Json, seats: readonly string[]): string[] => {
  const lines = [`turn ${str(game.turn)}, round ${str(game.round)}, ${str(game.phase)} phase; ${str(game.activeSeat)} is active`];
  const players = obj(game.players);
  const units = list(game.units).map(obj);
  for (const seat of seats) {
    const p = obj(players[seat]);
    const resources = Object.entries(obj(p.resources)).map(([k, v]) => `${k} ${num(v)}`);
    const supply = obj(p.supply);
    const workers = obj(p.workers);
    lines.push(
      '',
      `${seat} (${str(p.faction)}): ${resources.join(', ')}; supply ${num(supply.used)}/${num(supply.max)}; ` +
        `workers ${num(workers.count)}/${num(workers.limit)}; ${num(p.victoryPoints)} VP`,
    );
    for (const u of units.filter((u) => u.seat === seat)) {
      const where = u.embarkedIn ? `embarked in ${str(u.embarkedIn)}` : `at ${at(u)}`;
      const models = typeof u.models === 'number' && u.models > 1 ? `, ${u.models} models` : '';
      const statuses = list(u.statuses).length > 0 ? `, ${list(u.statuses).map(str).join(' ')}` : '';
      lines.push(`  ${str(u.id)} ${str(u.name)} ${where}, cohesion ${num(u.cohesion)}/${num(u.maxCohesion)}${models}${statuses}`);
    }
  }
  return lines;
};

const soluna = (game: Json, seats: readonly string[]): string[] => {
  const lines = [`turn ${str(game.turn)}, phase ${str(game.phase)}`];
  const models = list(game.models).map(obj);
  for (const seat of seats) {
    lines.push('', `${seat}:`);
    for (const m of models.filter((m) => m.seat === seat)) {
      const state = m.slain
        ? 'slain'
        : `at ${at(m.at)}, mind ${num(m.currentMind)}/${num(m.mind)}, wounds ${num(m.woundsTaken)}/${num(m.wounds)}`;
      lines.push(`  ${str(m.id)} ${str(m.name)}${m.leader ? ' (leader)' : ''}: ${state}`);
    }
  }
  return lines;
};

const gsc2 = (game: Json, seats: readonly string[]): string[] => {
  const lines = [`turn ${str(game.turn)}, ${str(game.step)} step`];
  const ships = Object.values(obj(game.ships)).map(obj);
  const missiles = Object.values(obj(game.missiles)).map(obj);
  for (const seat of seats) {
    lines.push('', `${seat}:`);
    for (const s of ships.filter((s) => s.seat === seat)) {
      const facing = typeof s.facing === 'number' ? (COMPASS[s.facing] ?? '?') : '?';
      const state = s.status === 'active' ? `at ${at(s.at)} facing ${facing}, hull ${num(s.hull)}, crew ${num(s.crew)}` : str(s.status);
      lines.push(`  ${str(s.id)} ${str(s.name)} (${str(s.design)}): ${state}`);
    }
    const inFlight = missiles.filter((m) => m.seat === seat);
    if (inFlight.length > 0)
      lines.push(`  ${inFlight.length} missile(s) in flight: ${inFlight.map((m) => `${str(m.id)} → ${str(m.target)}`).join(', ')}`);
  }
  return lines;
};

const SUMMARIES: Readonly<Record<string, (game: Json, seats: readonly string[]) => string[]>> = {
  'post-galactica': postGalactica,
  soluna,
  gsc2,
};

export const summarize = (view: GameView): string => {
  const seats = view.seats.map((s) => s.name);
  const head = [
    `${view.gameId}: ${view.ruleset} ${view.rulesVersion}, event ${view.version}, ${view.status}`,
    view.you ? `as seen by ${view.you}` : 'as a spectator sees it',
  ];
  if (view.awaiting.length > 0) head.push(`waiting for ${view.awaiting.join(' and ')}`);
  if (view.result) head.push(`result: ${view.result.winner ? `${view.result.winner} won` : 'no winner'} (${view.result.reason})`);
  const summary = SUMMARIES[view.ruleset];
  const body = view.game !== null && summary ? summary(obj(view.game), seats) : [];
  return [...head, ...(body.length > 0 ? ['', ...body] : [])].join('\n');
};

/**
 * VIEW-12: who acted in an event. The envelope's `actor` is whoever sent the command, and a
 * command's batch carries the other seat's pieces too (a GSC2 beam step fires both fleets;
 * a Sol'una reveal resolves both warbands), so the page names the seat whose piece acted,
 * read from the event and the state before it, or the referee for what the rules resolve on
 * their own (turns, phases, damage, losses, deadlines). It lives here, not in web/, because the
 * page's event list and rolls pane and the CLI's `replay --explain` all name the actor (TABLE-7).
 */

import type { Rulesets } from '../domain/catalogue.ts';
import type { EventEnvelope } from '../domain/kernel/envelope.ts';
import { foldSeen, foldSeenLog } from '../domain/match/seen-fold.ts';
import { emptyGame, type GameState } from '../domain/match/state.ts';
import { explainEvent } from '../domain/verify/explain.ts';
import { REF, type Renderer, rendererOf, SEAT, type Who } from './renderer.ts';
import { rendererList } from './renderers.ts';
import { sentenceOf } from './sentences.ts';
import { utc } from './words.ts';

export const REFEREE = 'referee';

/**
 * Who acts in each event of the match lifecycle every ruleset shares (domain/match/events.ts);
 * each ruleset's own events are its renderer's `actors`. Every event type of every ruleset is
 * listed (a unit test holds the lists to the rulesets' own), so a new event type is placed on
 * purpose rather than falling back to its command's sender.
 */
const MATCH: Readonly<Record<string, Who>> = {
  GameCreated: REF,
  SeatJoined: SEAT,
  RolledOff: REF,
  FirstPlayerChosen: { seat: 'chosenBy' },
  PlayerConceded: SEAT,
  GameEnded: REF,
  DeadlinePassed: REF,
  SeedRevealed: REF,
  RulesVersionAdopted: REF,
  DeadlineExtended: REF,
  GamePaused: REF,
  GameResumed: REF,
  DrawOffered: SEAT,
  DrawAccepted: SEAT,
  DrawDeclined: SEAT,
  PauseRequested: SEAT,
  PauseAgreed: SEAT,
  PauseDeclined: SEAT,
  // TB-1, TB-2: the seat that took its own commands back, or proposed the agreed takeback; an
  // organiser's correction (TB-3) records no seat, so it reads as the referee's ruling.
  TakenBack: SEAT,
  TakebackProposed: SEAT,
  TakebackAccepted: SEAT,
  TakebackDeclined: SEAT,
  // TB-6: a continuation proposed by a seat (`by`; null: the organiser's ruling, read as the referee's),
  // its answers, and the agreement and the fork's first event, which the server records.
  ForkProposed: { seat: 'by' },
  ForkAccepted: SEAT,
  ForkDeclined: SEAT,
  ForkAgreed: REF,
  GameForked: REF,
};

/** Every ruleset's actors (its renderer's, render/renderers.ts), the match's included, by ruleset id. */
export const actorsOf = (renderers: readonly Renderer[]): Readonly<Record<string, Readonly<Record<string, Who>>>> =>
  Object.fromEntries(renderers.map((r) => [r.id, { ...MATCH, ...r.actors }]));

export const ACTORS = actorsOf(rendererList);

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * The seat that owns the piece `id` in a ruleset's state: every ruleset keeps its pieces,
 * each with `id` and `seat`, in top-level lists or records (PG `units`, Sol'una `models`,
 * GSC2 `ships`, `missiles`, `podsInFlight`).
 */
export const ownerOf = (rules: unknown, id: string): string | null => {
  for (const held of Object.values(record(rules))) {
    const pieces = Array.isArray(held) ? held : Object.values(record(held));
    for (const p of pieces) {
      const r = record(p);
      if (r.id === id && typeof r.seat === 'string') return r.seat;
    }
  }
  return null;
};

/**
 * The seat whose piece acted in `event` (or who chose it), or `referee`. A piece acts for its
 * seat even in a batch the referee resolved after a deadline (sealed orders revealed then). `before` is the
 * game before the event: a piece's owner is read there, so a ship captured later is still
 * named for the seat that held it when it fired. A sealed event hidden from this viewer
 * (`Sealed`) is its sealing seat's.
 */
export const actingSeat = (event: EventEnvelope, before: GameState, renderers: readonly Renderer[] = rendererList): string => {
  if (event.type === 'Sealed') return event.visibleTo ?? REFEREE;
  const ruleset = before.status === 'empty' ? null : before.ruleset;
  const seats = before.status === 'empty' ? [] : before.seats.map((s) => s.name);
  const who = (ruleset ? rendererOf(renderers, ruleset)?.actors[event.type] : undefined) ?? MATCH[event.type] ?? REF;
  if (who === 'referee') return REFEREE;
  const data = record(event.data);
  if ('seat' in who) {
    // What the referee did for a seat that let its deadline pass (a default deployment, say) is the referee's.
    if (event.actor === 'system') return REFEREE;
    const seat = data[who.seat];
    return typeof seat === 'string' && seats.includes(seat) ? seat : REFEREE;
  }
  const id = data[who.piece];
  const rules = before.status === 'playing' || before.status === 'ended' ? before.rules : null;
  return (typeof id === 'string' && ownerOf(rules, id)) || REFEREE;
};

/** How a sentence names an actor: a seat by its name, the referee as such (never a player id). */
export const actorWords = (actor: string): string => (actor === REFEREE ? 'the referee' : actor);

/**
 * TABLE-7: the game just before event `seq` of `events`, for who acted in it. Events this
 * export cannot fold (another seat's sealed orders) are passed over, as the event list does.
 */
export const gameBefore = (rulesets: Rulesets, events: readonly EventEnvelope[], seq: number): GameState => {
  let state = emptyGame;
  const history = (version: number) => foldSeenLog(rulesets, events.slice(0, version));
  for (const [i, event] of events.entries()) {
    if (event.seq >= seq) break;
    try {
      state = foldSeen(rulesets, event, events[i - 1], state, history);
    } catch {
      // keep the last game this export lets us fold
    }
  }
  return state;
};

/**
 * TABLE-7: one event's rolls in sentences (domain/verify/explain.ts), headed by the seat whose
 * piece rolled, as the event list names it (the envelope's `actor` is the command's sender,
 * which names the wrong seat for a batch that resolves both sides' pieces), the moment as the
 * event list's sentences write one, and the event's own sentence (render/sentences.ts).
 */
export const explainActed = (event: EventEnvelope, before: GameState, log: readonly EventEnvelope[] = []): string[] => {
  const [, ...rest] = explainEvent(event, log);
  const actor = actorWords(actingSeat(event, before));
  const said = sentenceOf(event, before.status === 'empty' ? null : before.ruleset);
  return [`Event ${event.seq} (${event.type}) by ${actor} at ${utc(event.at)}: ${said}.`, ...rest];
};

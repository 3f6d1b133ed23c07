/**
 * TABLE-7: each event as a sentence a player reads, the one the page's event list, the CLI and
 * the notifications all write. The match lifecycle's events are worded here; each ruleset's
 * own are its renderer's `sentences` (render/<ruleset>/sentences.ts). A sentence names seats
 * by their names and pieces by their ids, never a player id, and says what happened in words
 * rather than the event's fields: the seat that acted heads the line (render/actor.ts).
 */
import type { EventEnvelope } from '../domain/kernel/envelope.ts';
import { type Renderer, rendererOf, type Sentences } from './renderer.ts';
import { rendererList } from './renderers.ts';
import { type Json, list, obj } from './svg.ts';
import { duration, listed, names, phaseWords, quoted, utc, word } from './words.ts';

/**
 * The seats that had not acted, as a clause: `, before red had acted`; empty when none was awaited.
 * (Not "waiting for": the CLI's summary says who may act now once, TABLE-7.)
 */
const awaiting = (seats: unknown): string => (list(seats).length > 0 ? `, before ${names(seats)} had acted` : '');

/** `events 5–7 and 9`, `event 5`, `nothing`. */
export const voidedWords = (voids: unknown): string => {
  const runs = list(voids).map(obj);
  const each = runs.map((r) => (r.from === r.to ? word(r.from) : `${word(r.from)}–${word(r.to)}`));
  const many = runs.length > 1 || runs.some((r) => r.from !== r.to);
  return runs.length === 0 ? 'nothing' : `event${many ? 's' : ''} ${listed(each)}`;
};

const rollOff = (rounds: unknown): string =>
  list(rounds)
    .map((round) =>
      listed(
        list(obj(round).rolls)
          .map(obj)
          .map((r) => `${word(r.seat)} rolled ${word(obj(r.roll).value)}`),
      ),
    )
    .join(', then ');

/**
 * TB-1, TB-2, TB-3: a takeback: by whom (a seat, or the organiser's correction), back to which
 * version, voiding which events, and why.
 */
const takenBack = (d: Json): string => {
  const why = d.reason === undefined ? ', no reason given' : `, because "${word(d.reason)}"`;
  const who = d.seat === null || d.seat === undefined ? 'the organiser' : word(d.seat);
  return `takeback by ${who}: back to version ${word(d.toVersion)}, voiding ${voidedWords(d.voids)}${why}`;
};

const FORK_KINDS: Readonly<Record<string, string>> = {
  sandbox: 'a sandbox: private, its player moves every seat, no deadlines',
  continuation: 'a continuation: the same seats play on, with fresh deadlines',
};

/** TB-6: a fork's first event: where the game came from, and what kind of game it is. */
const forked = (d: Json): string => {
  const from = obj(d.from);
  return `forked from game ${word(from.gameId)} at version ${word(from.version)} (chain hash ${word(from.hash).slice(0, 12)}…) as ${FORK_KINDS[word(d.kind)] ?? word(d.kind)}; its dice come from a seed of its own`;
};

/** The match lifecycle's events, every ruleset's (domain/match/events.ts). */
export const MATCH_SENTENCES: Sentences = {
  GameCreated: (d) => `the game was created for seats ${names(d.seats)}, under ${word(d.ruleset)} rules ${word(d.rulesVersion)}`,
  SeatJoined: (d) => `${word(d.seat)} took its seat`,
  RolledOff: (d) => `${word(d.winner)} won the roll-off (${rollOff(d.rounds)})`,
  FirstPlayerChosen: (d) =>
    d.chosenBy === d.seat ? `${word(d.seat)} chose to play first` : `${word(d.chosenBy)} chose ${word(d.seat)} to play first`,
  PlayerConceded: (d) => `${word(d.seat)} conceded`,
  GameEnded: (d) =>
    d.winner === null || d.winner === undefined
      ? `the game ended without a winner (${quoted(d.reason)})`
      : `the game ended and ${word(d.winner)} won (${quoted(d.reason)})`,
  DeadlinePassed: (d) => `the deadline of ${phaseWords(d.phase)} passed at ${utc(d.deadline)}${awaiting(d.awaiting)}`,
  SeedRevealed: () => "the game's seed was revealed, so every roll can be checked",
  RulesVersionAdopted: (d) =>
    `the game moved from rules ${word(d.from)} to ${word(d.to)}${d.how === 'replayed' ? ', every command deciding the same under them' : ' by the organiser’s choice'}`,
  DeadlineExtended: (d) => `the organiser moved the deadline ${duration(d.by)} later, to ${utc(d.deadline)}`,
  GamePaused: (d) => (d.by === 'organiser' ? 'the organiser paused the game' : 'the game was paused, as every seat agreed'),
  GameResumed: (d) => `play resumed${d.deadline ? `, the deadline now ${utc(d.deadline)}` : ''}`,
  DrawOffered: (d) => `${word(d.seat)} offered a draw`,
  DrawAccepted: (d) => `${word(d.seat)} accepted the draw`,
  DrawDeclined: (d) => `${word(d.seat)} declined the draw`,
  PauseRequested: (d) => `${word(d.seat)} asked to pause the game`,
  PauseAgreed: (d) => `${word(d.seat)} agreed to pause the game`,
  PauseDeclined: (d) => `${word(d.seat)} declined to pause the game`,
  TakenBack: takenBack,
  TakebackProposed: (d) =>
    `${word(d.seat)} proposed taking the game back to version ${word(d.toVersion)}${d.reason === undefined ? '' : ` (${quoted(d.reason)})`}`,
  TakebackAccepted: (d) => `${word(d.seat)} accepted the takeback`,
  TakebackDeclined: (d) => `${word(d.seat)} declined the takeback`,
  ForkProposed: (d) =>
    `${d.by === null || d.by === undefined ? 'the organiser' : word(d.by)} proposed continuing the game from version ${word(d.version)} in a new game`,
  ForkAccepted: (d) => `${word(d.seat)} accepted continuing the game in a new game`,
  ForkDeclined: (d) => `${d.seat === null || d.seat === undefined ? 'the organiser' : word(d.seat)} declined continuing the game`,
  ForkAgreed: (d) => `every seat agreed, so the game continues from version ${word(d.version)} as game ${word(d.forkId)}`,
  GameForked: forked,
};

/** `AttackResolved` → `attack resolved`: what a line says of an event type nobody worded (a ruleset outside this repository). */
export const typeWords = (type: string): string => type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

/**
 * The sentence of an event of `ruleset` (null before the game has one): its ruleset's words,
 * else the match's, else only its type in words, never its fields.
 */
export const eventSentence = (
  type: string,
  data: unknown,
  ruleset: string | null,
  renderers: readonly Renderer[] = rendererList,
): string => {
  const own = ruleset === null ? undefined : rendererOf(renderers, ruleset)?.sentences?.[type];
  const say = own ?? MATCH_SENTENCES[type];
  return say ? say(obj(data)) : typeWords(type);
};

/** An event's sentence as this viewer sees it: another seat's sealed orders, redacted (`Sealed`), read as such. */
export const sentenceOf = (event: EventEnvelope, ruleset: string | null, renderers: readonly Renderer[] = rendererList): string =>
  event.type === 'Sealed' && event.data === null
    ? 'sealed orders (hidden from this seat until they are revealed)'
    : eventSentence(event.type, event.data, ruleset, renderers);

/**
 * TABLE-7: one event as a line: its seq, the seat that acted (or `referee`, render/actor.ts) and
 * its sentence, with the rule it applied. The page's event list and `arbiter replay --at N` both
 * print it.
 */
export const eventLine = (
  event: EventEnvelope,
  actor: string,
  ruleset: string | null,
  renderers: readonly Renderer[] = rendererList,
  players: PlayerNames = NO_NAMES,
): string => {
  const rule = typeof obj(event.data).rule === 'string' ? ` [${obj(event.data).rule}]` : '';
  return `${event.seq}. ${actorNamed(actor, players)}: ${sentenceOf(event, ruleset, renderers)}${rule}`;
};

/** The players' names by the seat each holds, where the log's header gives them (an export names them; a log file may not). */
export type PlayerNames = ReadonlyMap<string, string>;
export const NO_NAMES: PlayerNames = new Map();

/** TABLE-7: a seat named with its player: "red (Ann)"; the referee, or a seat whose player is not named, as it is. */
export const actorNamed = (actor: string, players: PlayerNames): string => {
  const name = players.get(actor);
  return name === undefined ? actor : `${actor} (${name})`;
};

/** The players' names an export's header gives, by seat. */
export const playerNamesOf = (seats: readonly { readonly name: string; readonly playerName?: string | null }[]): PlayerNames =>
  new Map(seats.flatMap((s) => (typeof s.playerName === 'string' && s.playerName !== '' ? [[s.name, s.playerName] as const] : [])));

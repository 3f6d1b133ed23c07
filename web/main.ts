/**
 * The replay viewer (VIEW-1 to VIEW-5): opens an exported log in the page, or follows a
 * live game, and shows the battlefield at any event with the same domain code the
 * referee runs: the fold, the views that keep sealed orders sealed, the roll
 * explanations and the verifier. Nothing secret goes into the URL: the API key stays in
 * this page's memory, read from the field or from where the lobby keeps it (TABLE-5).
 */
import type { EventEnvelope } from '../domain/kernel/envelope.ts';
import { foldSeen } from '../domain/match/seen-fold.ts';
import { emptyGame, type GameState } from '../domain/match/state.ts';
import { type GameView, redactEvent, viewGame } from '../domain/match/view.ts';
import { everyRuleset } from '../domain/rulesets.ts';
import { type ParsedLog, parseLog } from '../domain/verify/log.ts';
import { outcomeOf } from '../domain/verify/pending.ts';
import { verifyLog } from '../domain/verify/verify.ts';
import { explainActed, REFEREE } from '../render/actor.ts';
import { type Bounds, drawBattlefield, logExtent } from '../render/board.ts';
import { seatColours } from '../render/palette.ts';
import { playerNamesOf } from '../render/sentences.ts';
import { describeEvents, type EventLine, emptyTableNote } from './describe.ts';
import { emptyFile, rulesDifference, whyNotALog } from './failures.ts';
import { forkBoardNote, forkOf, linkedIndex, verdictOf } from './fork.ts';
import { inspectPiece } from './inspect.ts';
import { storedKey } from './key-store.ts';
import { createCursor } from './keyboard.ts';
import { createPlay } from './play.ts';
import { createRuler } from './ruler.ts';
import { SAMPLE_LOGS, SAMPLES_PATH } from './samples.ts';
import { boardNote, type Mark, markText, voidMarks } from './voided.ts';
import { createZoom } from './zoom.ts';

/** Every ruleset, folded and verified in the page as the referee does. */
const RULESETS = everyRuleset();

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;
const ui = {
  status: $('status'),
  board: $('board'),
  stepper: $('stepper'),
  slider: $<HTMLInputElement>('slider'),
  position: $<HTMLOutputElement>('position'),
  newer: $<HTMLButtonElement>('newer'),
  seatLabel: $('seat-label'),
  seat: $<HTMLSelectElement>('seat'),
  explain: $('explain'),
  beside: $('beside'),
  inspect: $('inspect'),
  reading: $('reading'),
  verdict: $('verdict'),
  checks: $('checks'),
  events: $('events'),
  drop: $('drop'),
  file: $<HTMLInputElement>('file'),
  samples: $('samples'),
  live: $<HTMLFormElement>('live'),
  gameId: $<HTMLInputElement>('game-id'),
  apiKey: $<HTMLInputElement>('api-key'),
  forkOrigin: $('fork-origin'),
  originFile: $<HTMLInputElement>('origin-file'),
};

/** A fold of every CHECKPOINT-th event is kept, so stepping anywhere folds at most that many. */
const CHECKPOINT = 100;

let log: ParsedLog | null = null;
let at = 0;
let seat: string | null = null;
let checkpoints = new Map<number, GameState>();
/** The table area of the whole log: the board keeps one scale through the game (VIEW-10). */
let extent: Bounds | undefined;
/** VIEW-13: the piece whose state the panel shows, and the view it is read from (the seat's, never the raw state). */
let inspected: string | null = null;
let shownView: GameView | null = null;
/** The game after the last listed event, so a live game's next events are listed from there. */
let listedUpTo: GameState = emptyGame;
/** Bumped on every new log, so a live game's poll loop stops when another log is opened. */
let session = 0;
/** TB-7: the events a takeback voided or a later sealing replaced, by seq, over the whole log. */
let marks = new Map<number, Mark>();
/** The live game being followed with a seat's key (VIEW-16); null otherwise. */
let following: { readonly gameId: string; readonly key: string } | null = null;
/**
 * TABLE-6: the most events the viewer has been at the newest of. A live game's new events move
 * the page on only while the viewer is there; past it, a control offers the newest instead.
 */
let newestSeen = 0;
/** TABLE-6: how many events the page had when it started following a live game (the verdict says which log it checked). */
let watchedFrom: number | null = null;
const play = createPlay($('play'), ui.board, $('your-turn'));
/** TABLE-9: the board's cursor, for giving a table point by keyboard. */
const cursor = createCursor(ui.board, $('board-cursor'));
/** TABLE-2: zoom and pan over the board, kept as it is drawn again. */
const zoom = createZoom(ui.board, $('board-tools'));
/** TABLE-2: the ruler, reading the game as the board shows it. */
const ruler = createRuler(ui.board, $<HTMLButtonElement>('measure'), $('ruler-reading'), () => shownView);

/**
 * The states at the last few events shown (the board draws the event before the current one
 * too): stepping forward one event folds one event, not the whole stretch since the last
 * checkpoint (a reader holding an arrow key waits on this).
 */
let recent: { readonly n: number; readonly state: GameState }[] = [];

const stateAt = (n: number): GameState => {
  const events = log?.events ?? [];
  let from = Math.floor(n / CHECKPOINT) * CHECKPOINT;
  while (from > 0 && !checkpoints.has(from)) from -= CHECKPOINT;
  let state = checkpoints.get(from) ?? emptyGame;
  for (const kept of recent) if (kept.n >= from && kept.n <= n) ({ n: from, state } = kept);
  for (let i = from; i < n; i += 1) {
    const event = events[i] as EventEnvelope;
    // Another seat's sealed orders, hidden in a seat's export, change nothing anyone sees
    // until their reveal, which carries them (GSC2's fold skips them the same way): the
    // board goes on past them, so a seat following its own game sees every move.
    // An agreed takeback or a correction rewinds to an earlier version: this same function gives it (TB-2, TB-3).
    state = foldSeen(RULESETS, event, events[i - 1], state, stateAt);
    if ((i + 1) % CHECKPOINT === 0) checkpoints.set(i + 1, state);
  }
  recent = [...recent.filter((kept) => kept.n !== n), { n, state }].slice(-3);
  return state;
};

/**
 * Scrolls the event list, and only the list, so `item` is in view: scrollIntoView would
 * scroll the page too, and opening a second log would jump the page down (VIEW-12).
 */
const keepInList = (item: HTMLElement): void => {
  const list = ui.events.getBoundingClientRect();
  const box = item.getBoundingClientRect();
  if (box.top < list.top) ui.events.scrollTop -= list.top - box.top;
  else if (box.bottom > list.bottom) ui.events.scrollTop += box.bottom - list.bottom;
};

/** The pixels the board may take: its column's width, and most of the window's height (VIEW-10: words at 12 px there). */
const boardFit = () => ({ width: Math.max(200, ui.board.clientWidth), height: Math.max(240, window.innerHeight * 0.75) });

const render = (): void => {
  if (!log) return;
  const total = log.events.length;
  ui.slider.max = String(total);
  ui.slider.value = String(at);
  ui.position.textContent = `event ${at} of ${total}`;
  showNewer(total);
  const view = viewGame(RULESETS, stateAt(at), seat);
  // VIEW-11: the current event drawn on the board, found in the game just before it.
  const shown = log.events[at - 1];
  const drawn = shown
    ? { event: redactEvent(shown, seat, log.events[at - 2]), before: viewGame(RULESETS, stateAt(at - 1), seat) }
    : undefined;
  // A piece focused by keyboard keeps the focus as the board is drawn again for the next event.
  // So does the board itself, its cursor on it (TABLE-9).
  const onBoard = cursor.focused();
  const focused = ui.board.contains(document.activeElement) && !onBoard ? inspected : null;
  ui.board.innerHTML = view
    ? drawBattlefield(view, { extent, fit: boardFit(), event: drawn })
    : '<p>The game has not been created yet.</p>';
  shownView = view;
  zoom.drawn();
  ruler.drawn();
  cursor.drawn(onBoard);
  if (focused) ui.board.querySelector<SVGElement>(`[data-piece="${CSS.escape(focused)}"]`)?.focus({ preventScroll: true });
  const note = view ? emptyTableNote(RULESETS, view) : null;
  if (note) {
    const p = ui.board.appendChild(document.createElement('p'));
    p.id = 'board-note';
    p.textContent = note;
  }
  // TB-7: the board at a voided event is the game as it was then, and says so.
  const mark = shown ? marks.get(shown.seq) : undefined;
  if (shown && mark) {
    const p = ui.board.appendChild(document.createElement('p'));
    p.id = 'void-note';
    p.dataset.kind = mark.kind;
    p.textContent = boardNote(shown.seq, mark);
  }
  // TB-6: a fork's first event carries the position it starts from; the board is drawn from it.
  const fork = at === 1 ? forkOf(log.events) : null;
  if (fork) {
    const p = ui.board.appendChild(document.createElement('p'));
    p.id = 'fork-note';
    p.textContent = forkBoardNote(fork);
  }
  showInspected();
  // A takeback's voided events say so: explain reads the whole log for who took them back (TB-7).
  // TABLE-7: headed by the seat whose piece rolled, as the event list names it.
  ui.explain.textContent = drawn ? explainActed(drawn.event, stateAt(at - 1), log.events).join('\n') : '';
  const was = ui.events.querySelector<HTMLElement>('[aria-current]');
  was?.removeAttribute('aria-current');
  was?.setAttribute('tabindex', '-1');
  const current = ui.events.children[at - 1] as HTMLElement | undefined;
  current?.setAttribute('aria-current', 'step');
  // One stop in the tab order for the whole list: the current line (a roving tabindex).
  current?.setAttribute('tabindex', '0');
  if (current) {
    if (was && document.activeElement === was) current.focus({ preventScroll: true });
    keepInList(current);
  }
  // VIEW-16: the seat plays on the game as it is now, whichever event the board shows.
  if (following) play.update(following, total);
};

/** TABLE-6: says how many events arrived while the viewer was back in the game, and offers the newest. */
const showNewer = (total: number): void => {
  if (at === total) newestSeen = total;
  const unseen = total - newestSeen;
  ui.newer.classList.toggle('hidden', unseen <= 0);
  ui.newer.textContent = unseen > 0 ? `${unseen} new event${unseen === 1 ? '' : 's'}: go to the newest (event ${total})` : '';
};

/** VIEW-13: the inspected piece's state at this event, as the viewer's seat may see it. */
const showInspected = (): void => {
  for (const el of ui.board.querySelectorAll('[aria-pressed]')) el.removeAttribute('aria-pressed');
  if (inspected === null) return;
  const found = shownView ? inspectPiece(shownView, inspected) : null;
  if (!found) {
    ui.inspect.textContent = `${inspected} is not on the table at this event.`;
    return;
  }
  ui.board.querySelector(`[data-piece="${CSS.escape(inspected)}"]`)?.setAttribute('aria-pressed', 'true');
  const heading = document.createElement('h3');
  heading.textContent = found.heading;
  const list = document.createElement('dl');
  for (const [name, value] of found.rows) {
    const dt = document.createElement('dt');
    dt.textContent = name;
    const dd = document.createElement('dd');
    dd.textContent = value;
    list.append(dt, dd);
  }
  ui.inspect.replaceChildren(heading, list);
};

const inspect = (target: EventTarget | null): void => {
  const piece = (target as Element | null)?.closest?.('[data-piece]')?.getAttribute('data-piece');
  if (!piece) return;
  inspected = piece;
  showInspected();
};

const go = (n: number): void => {
  if (!log) return;
  at = Math.max(1, Math.min(log.events.length, n));
  render();
};

/** VIEW-9: a seat's line in the colour of its pieces and its legend; the referee's in grey. */
const colourOf = (actor: string): string =>
  actor === REFEREE ? '#555555' : (seatColours(log?.header.seats.map((s) => s.name) ?? []).get(actor) ?? '#555555');

const lineItem = (line: EventLine): HTMLLIElement => {
  const li = document.createElement('li');
  li.dataset.seq = String(line.seq);
  li.dataset.actor = line.actor;
  if (line.actor !== REFEREE) li.dataset.seat = line.actor;
  li.tabIndex = -1;
  li.style.borderLeftColor = colourOf(line.actor);
  const dot = li.appendChild(document.createElement('span'));
  dot.className = 'who';
  dot.style.background = colourOf(line.actor);
  dot.setAttribute('aria-hidden', 'true');
  const text = li.appendChild(document.createElement('span'));
  text.className = 'text';
  text.textContent = line.text;
  return li;
};

/**
 * TB-7: strikes through the lines a takeback voided and notes the lines replaced by a later
 * sealing, from the whole log: a takeback voids lines listed before it arrived.
 */
const markLines = (): void => {
  if (!log) return;
  const reveals = RULESETS.getFold(log.header.ruleset).revealTypes ?? [];
  marks = voidMarks(log.events, reveals);
  for (const li of ui.events.querySelectorAll<HTMLLIElement>('li[data-seq]')) {
    const mark = marks.get(Number(li.dataset.seq));
    li.querySelector('.mark')?.remove();
    if (!mark) {
      delete li.dataset.mark;
      continue;
    }
    li.dataset.mark = mark.kind;
    li.dataset.by = String(mark.by);
    const note = li.appendChild(document.createElement('span'));
    note.className = 'mark';
    note.textContent = ` (${markText(mark)})`;
  }
};

/** Lists the events from index `from` (all of them, or a live game's new page). */
const listEvents = (from: number): void => {
  if (!log) return;
  if (from === 0) listedUpTo = emptyGame;
  // TABLE-7: an export's header names each seat's player; the lines name them with their seats.
  const players = playerNamesOf(log.header.seats);
  const { lines, after } = describeEvents(
    RULESETS,
    log.events.slice(from),
    listedUpTo,
    seat,
    log.events[from - 1],
    stateAt,
    undefined,
    players,
  );
  listedUpTo = after;
  ui.events.append(...lines.map(lineItem));
  markLines();
};

const goToLine = (seq: number): HTMLElement => {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'to-event';
  button.dataset.seq = String(seq);
  button.textContent = `Go to event ${seq}`;
  return button;
};

const checkItem = (result: ReturnType<typeof verifyLog>[number], outcome: string): HTMLLIElement => {
  const li = document.createElement('li');
  li.className = outcome;
  li.dataset.check = result.check;
  li.append(result.verdict);
  // VIEW-14: a failed check links to the event it names (line 1 is the header, not an event).
  const event = log?.events[linkedIndex(result)];
  if (outcome === 'fail' && event) li.append(' ', goToLine(event.seq));
  const diff = result.check === 'rules' ? rulesDifference(result.detail) : null;
  if (diff) {
    const table = document.createElement('table');
    table.className = 'diff';
    table.createCaption().textContent = 'The event, field by field: what the rules decide and what the log holds';
    const head = table.createTHead().insertRow();
    for (const h of ['field', 'the rules decide', 'the log holds']) head.appendChild(document.createElement('th')).textContent = h;
    const body = table.createTBody();
    for (const d of diff) {
      const row = body.insertRow();
      row.insertCell().textContent = d.path;
      row.insertCell().textContent = d.expected;
      row.insertCell().textContent = d.found;
    }
    li.append(table);
  } else if (result.detail?.length) {
    const more = li.appendChild(document.createElement('pre'));
    more.textContent = result.detail.join('\n');
  }
  return li;
};

/** TB-6: what the verdict was made of, so the origin's log, given later, checks the same log again (and a live game's next export with it). */
let verified: { readonly parsed: ParsedLog; readonly origin?: ParsedLog } | null = null;

/** TABLE-6: which log a live game's verdict checked: the one the page opened, or the newest it has since. */
const liveLog = (events: number): string =>
  events === watchedFrom ? ` (the log as it was when you started watching, ${events} events)` : ` (the log so far, ${events} events)`;

const showVerdict = (parsed: ParsedLog, origin?: ParsedLog): void => {
  verified = { parsed, ...(origin ? { origin } : {}) };
  const results = verifyLog(parsed, { rulesets: RULESETS, ...(origin ? { origin } : {}) }).map((result) => ({
    result,
    outcome: outcomeOf(result),
  }));
  ui.checks.replaceChildren(...results.map(({ result, outcome }) => checkItem(result, outcome)));
  const as = watchedFrom === null ? '' : liveLog(parsed.events.length);
  const fork = forkOf(parsed.events);
  const verdict = verdictOf(results, fork, as);
  ui.verdict.textContent = verdict.text;
  ui.verdict.dataset.verdict = verdict.outcome;
  // A fork's shared prefix is proved with its origin's log: the page offers to take it (TB-6).
  ui.forkOrigin.classList.toggle('hidden', fork === null);
};

/** TB-6: the origin's log, given beside a fork's, checks the shared prefix in the page as `verify --origin` does. */
const checkWithOrigin = (text: string, source: string): void => {
  if (!verified) return;
  let origin: ParsedLog;
  try {
    origin = parseLog(text);
  } catch (error) {
    ui.status.textContent = whyNotALog(source, error);
    return;
  }
  showVerdict(verified.parsed, origin);
  ui.status.textContent = `Checked with ${source} as the origin's log.`;
};

/** VIEW-14: nothing of the last log stays on the page once something else is opened. */
const clear = (): void => {
  session += 1;
  log = null;
  at = 0;
  checkpoints = new Map();
  recent = [];
  listedUpTo = emptyGame;
  marks = new Map();
  inspected = null;
  ui.inspect.textContent = 'Click, tap or focus a piece to see its state at this event.';
  ui.beside.classList.add('hidden');
  ui.reading.classList.add('hidden');
  ui.board.replaceChildren();
  ui.events.replaceChildren();
  ui.checks.replaceChildren();
  ui.verdict.textContent = '—';
  delete ui.verdict.dataset.verdict;
  verified = null;
  ui.forkOrigin.classList.add('hidden');
  ui.originFile.value = '';
  ui.explain.textContent = 'No log open.';
  ui.stepper.classList.add('hidden');
  ui.seatLabel.classList.add('hidden');
  // Nothing open: the reference matches are on offer again (VIEW-15).
  ui.samples.classList.remove('hidden');
  following = null;
  watchedFrom = null;
  newestSeen = 0;
  ui.newer.classList.add('hidden');
  play.update(null, 0);
};

/** The seats the log may be seen as; a seat's export hides the others' sealed orders, so it can only be seen as that seat. */
const chooseSeats = (parsed: ParsedLog, chosen = parsed.header.viewer): void => {
  seat = chosen;
  const seats = parsed.header.seats.map((s) => s.name);
  ui.seat.replaceChildren(...[null, ...seats].map((name) => new Option(name ?? 'a spectator', name ?? '', false, name === seat)));
  ui.seat.disabled = parsed.header.viewer !== null;
};

const open = (parsed: ParsedLog, source: string, live = false): void => {
  clear();
  log = parsed;
  extent = logExtent(parsed.events);
  chooseSeats(parsed);
  ui.seatLabel.classList.remove('hidden');
  ui.beside.classList.remove('hidden');
  ui.reading.classList.remove('hidden');
  ui.stepper.classList.remove('hidden');
  ui.samples.classList.add('hidden');
  listEvents(0);
  ui.status.textContent = `${source}: ${parsed.header.ruleset} ${parsed.header.rulesVersion}, ${parsed.events.length} events, ${parsed.header.status}.`;
  at = parsed.events.length;
  if (live) watchedFrom = parsed.events.length;
  render();
  showVerdict(parsed);
};

const openText = (text: string, source: string): void => {
  let parsed: ParsedLog;
  try {
    if (text.trim() === '') throw new Error(emptyFile(source));
    parsed = parseLog(text);
  } catch (error) {
    clear();
    ui.status.textContent = text.trim() === '' ? emptyFile(source) : whyNotALog(source, error);
    return;
  }
  try {
    open(parsed, source);
  } catch (error) {
    // A header that parses over events that do not fold: still not a log the page can show.
    clear();
    ui.status.textContent = whyNotALog(source, error);
  }
};

/** VIEW-15: a reference match, fetched from this origin (the same files the tests verify). */
const openSample = async (file: string): Promise<void> => {
  const answer = await fetch(`${SAMPLES_PATH}${encodeURIComponent(file)}`);
  if (!answer.ok) {
    ui.status.textContent = `The sample ${file} could not be fetched: the server answered ${answer.status}.`;
    return;
  }
  openText(await answer.text(), file);
};

/** An ended game's log is whole, sealed orders and all, where it was redacted before (functions/games/app/export.ts). */
const whole = (parsed: ParsedLog): boolean => parsed.header.status === 'ended';

/**
 * TABLE-6: a live game's newer export taken in. Its new events are listed (every one again
 * once the game has ended and its log is no longer redacted), the board goes to the newest
 * unless the viewer has stepped back, and the verdict is made again on the log the page now has.
 */
const takeNewer = (fresh: ParsedLog, gameId: string): void => {
  if (!log || fresh.events.length <= log.events.length) return;
  const had = log.events.length;
  const atEnd = at === had;
  const unchanged = fresh.header.viewer === log.header.viewer && whole(fresh) === whole(log);
  log = fresh;
  extent = logExtent(fresh.events);
  if (unchanged) listEvents(had);
  else {
    checkpoints = new Map();
    recent = [];
    chooseSeats(fresh, fresh.header.viewer ?? seat);
    ui.events.replaceChildren();
    listEvents(0);
  }
  ui.status.textContent = `game ${gameId} (live): ${fresh.events.length} events.`;
  if (atEnd) at = fresh.events.length;
  render();
  showVerdict(fresh, verified?.origin);
};

/** With no key, the game is watched as a spectator (TABLE-5): a public game's log, redacted as to no seat. */
const follow = async (gameId: string, key: string): Promise<void> => {
  const headers: Record<string, string> = key === '' ? {} : { authorization: `Bearer ${key}` };
  const base = `${location.origin}/games/${encodeURIComponent(gameId)}`;
  const answer = await fetch(`${base}/log`, { headers });
  if (!answer.ok) {
    const problem = (await answer.json().catch(() => ({}))) as { detail?: string; title?: string };
    clear();
    ui.status.textContent = `Game ${gameId}: ${problem.detail ?? problem.title ?? answer.statusText}`;
    return;
  }
  open(parseLog(await answer.text()), `game ${gameId} (live)`, true);
  // The play panel is a seat's: a spectator only watches.
  following = key === '' ? null : { gameId, key };
  render();
  const mine = session;
  const stopped = (status: number): void => {
    ui.status.textContent = `Stopped following game ${gameId}: the server answered ${status}.`;
  };
  while (mine === session && log) {
    const page = await fetch(`${base}/events?after=${log.events.length}&wait=20`, { headers });
    if (mine !== session) return;
    if (!page.ok) return stopped(page.status);
    const { events } = (await page.json()) as { events: EventEnvelope[] };
    if (events.length === 0) continue;
    // The export, not the page of events: its header carries the state the server reports
    // now, which the verdict checks the fold against (TABLE-6: never a verdict on a stale log).
    const fresh = await fetch(`${base}/log`, { headers });
    if (mine !== session) return;
    if (!fresh.ok) return stopped(fresh.status);
    takeNewer(parseLog(await fresh.text()), gameId);
  }
};

let resized = 0;
window.addEventListener('resize', () => {
  cancelAnimationFrame(resized);
  resized = requestAnimationFrame(render);
});
ui.board.addEventListener('click', (e) => inspect(e.target));
ui.board.addEventListener('focusin', (e) => inspect(e.target));
/** The reference matches, offered while nothing is open. */
ui.samples.querySelector('ul')?.replaceChildren(
  ...SAMPLE_LOGS.map((sample) => {
    const li = document.createElement('li');
    const button = li.appendChild(document.createElement('button'));
    button.type = 'button';
    button.dataset.sample = sample.file;
    button.textContent = sample.title;
    return li;
  }),
);
ui.samples.addEventListener('click', (e) => {
  const file = (e.target as HTMLElement).closest<HTMLElement>('[data-sample]')?.dataset.sample;
  if (file)
    openSample(file).catch((error: Error) => {
      ui.status.textContent = `The sample ${file} could not be fetched: ${error.message}.`;
    });
});

ui.slider.addEventListener('input', () => go(Number(ui.slider.value)));
$('first').addEventListener('click', () => go(1));
$('prev').addEventListener('click', () => go(at - 1));
$('next').addEventListener('click', () => go(at + 1));
$('last').addEventListener('click', () => go(Number.POSITIVE_INFINITY));
ui.newer.addEventListener('click', () => {
  go(Number.POSITIVE_INFINITY);
  // The control hides once the newest is shown: the focus goes to the newest line rather than to nowhere.
  (ui.events.children[at - 1] as HTMLElement | undefined)?.focus({ preventScroll: true });
});
ui.checks.addEventListener('click', (e) => {
  const seq = (e.target as HTMLElement).closest<HTMLElement>('.to-event')?.dataset.seq;
  if (!seq) return;
  go(Number(seq));
  (ui.events.children[at - 1] as HTMLElement | undefined)?.focus({ preventScroll: true });
});
ui.events.addEventListener('click', (e) => {
  const seq = (e.target as HTMLElement).closest('li')?.dataset.seq;
  if (seq) go(Number(seq));
});
// VIEW-12: the list by keyboard: Enter or Space goes to the focused line, Up and Down move along it.
ui.events.addEventListener('keydown', (e) => {
  const item = (e.target as HTMLElement).closest('li');
  if (!item || !log) return;
  const steps: Record<string, number> = { ArrowUp: -1, ArrowDown: 1 };
  if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault();
    go(Number(item.dataset.seq));
  } else if (e.key in steps) {
    e.preventDefault();
    e.stopPropagation();
    go(Number(item.dataset.seq) + (steps[e.key] ?? 0));
    (ui.events.children[at - 1] as HTMLElement | undefined)?.focus({ preventScroll: true });
  }
});
ui.seat.addEventListener('change', () => {
  seat = ui.seat.value === '' ? null : ui.seat.value;
  ui.events.replaceChildren();
  listEvents(0);
  render();
});
/**
 * The page's keys. PageUp/PageDown step ten events back/forward wherever the focus is (the
 * slider and the list would otherwise move the other way or scroll); the arrows, Home and
 * End leave text fields, selects and the slider (which steps by itself) to do their own.
 */
document.addEventListener('keydown', (e) => {
  if (!log || e.altKey || e.ctrlKey || e.metaKey) return;
  const target = e.target as HTMLElement;
  const typing =
    (target instanceof HTMLInputElement && target.type !== 'range') ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    target.isContentEditable;
  if (typing) return;
  const paging: Record<string, number> = { PageUp: at - 10, PageDown: at + 10 };
  const moves: Record<string, number> = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 1, End: log.events.length };
  const to = paging[e.key] ?? (target === ui.slider ? undefined : moves[e.key]);
  if (to === undefined) return;
  e.preventDefault();
  const inList = ui.events.contains(target);
  go(to);
  if (inList) (ui.events.children[at - 1] as HTMLElement | undefined)?.focus({ preventScroll: true });
});
ui.file.addEventListener('change', async () => {
  const file = ui.file.files?.[0];
  if (file) openText(await file.text(), file.name);
});
ui.originFile.addEventListener('change', async () => {
  const file = ui.originFile.files?.[0];
  if (file) checkWithOrigin(await file.text(), file.name);
});
ui.drop.addEventListener('dragover', (e) => {
  e.preventDefault();
  ui.drop.classList.add('over');
});
ui.drop.addEventListener('dragleave', () => ui.drop.classList.remove('over'));
ui.drop.addEventListener('drop', async (e) => {
  e.preventDefault();
  ui.drop.classList.remove('over');
  const file = e.dataTransfer?.files[0];
  if (file) openText(await file.text(), file.name);
});
/** TABLE-5: the key typed here, else the one the lobby keeps in this browser (web/key-store.ts), never one from the URL. */
const keyToUse = (): string => ui.apiKey.value.trim() || storedKey();
const watch = (gameId: string): void => {
  follow(gameId, keyToUse()).catch((error: Error) => {
    ui.status.textContent = `Could not reach the game: ${error.message}`;
  });
};
// CLUB-7, TABLE-5: the tournament page and the lobby link each game here as `/?game=<id>`: it opens at
// once, from the seat of the key the lobby kept, or with no key as a spectator (a public game only).
const linkedGame = new URLSearchParams(location.search).get('game');
if (linkedGame) {
  ui.gameId.value = linkedGame;
  watch(linkedGame);
}
ui.live.addEventListener('submit', (e) => {
  e.preventDefault();
  watch(ui.gameId.value.trim());
});

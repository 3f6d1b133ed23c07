/**
 * The replay viewer (VIEW-1 to VIEW-5): opens an exported log in the page, or follows a
 * live game, and shows the battlefield at any event with the same domain code the
 * referee runs: the fold, the views that keep sealed orders sealed, the roll
 * explanations and the verifier. Nothing secret goes into the URL: the API key stays in
 * this page's memory.
 */
import type { EventEnvelope } from '../domain/kernel/envelope.ts';
import { foldGame } from '../domain/match/evolve.ts';
import { emptyGame, type GameState } from '../domain/match/state.ts';
import { redactEvent, viewGame } from '../domain/match/view.ts';
import { everyRuleset } from '../domain/rulesets.ts';
import { explainEvent } from '../domain/verify/explain.ts';
import { type ParsedLog, parseLog } from '../domain/verify/log.ts';
import { outcomeOf } from '../domain/verify/pending.ts';
import { verifyLog } from '../domain/verify/verify.ts';
import { describeEvent } from './describe.ts';
import { drawBattlefield } from './render/index.ts';

/** Every ruleset, folded and verified in the page as the referee does. */
const RULESETS = everyRuleset();

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;
const ui = {
  status: $('status'),
  board: $('board'),
  stepper: $('stepper'),
  slider: $<HTMLInputElement>('slider'),
  position: $<HTMLOutputElement>('position'),
  seatLabel: $('seat-label'),
  seat: $<HTMLSelectElement>('seat'),
  explain: $('explain'),
  verdict: $('verdict'),
  checks: $('checks'),
  events: $('events'),
  drop: $('drop'),
  file: $<HTMLInputElement>('file'),
  live: $<HTMLFormElement>('live'),
  gameId: $<HTMLInputElement>('game-id'),
  apiKey: $<HTMLInputElement>('api-key'),
};

/** A fold of every CHECKPOINT-th event is kept, so stepping anywhere folds at most that many. */
const CHECKPOINT = 100;

let log: ParsedLog | null = null;
let at = 0;
let seat: string | null = null;
let checkpoints = new Map<number, GameState>();
/** Bumped on every new log, so a live game's poll loop stops when another log is opened. */
let session = 0;

/**
 * The state at the last event shown: stepping forward one event folds one event, not the
 * whole stretch since the last checkpoint (a reader stepping through a game waits on this).
 */
let shown: { readonly n: number; readonly state: GameState } | null = null;

const stateAt = (n: number): GameState => {
  const events = log?.events ?? [];
  let from = Math.floor(n / CHECKPOINT) * CHECKPOINT;
  while (from > 0 && !checkpoints.has(from)) from -= CHECKPOINT;
  let state = checkpoints.get(from) ?? emptyGame;
  if (shown && shown.n >= from && shown.n <= n) ({ n: from, state } = shown);
  for (let i = from; i < n; i += 1) {
    state = foldGame(RULESETS, [events[i] as EventEnvelope], state);
    if ((i + 1) % CHECKPOINT === 0) checkpoints.set(i + 1, state);
  }
  shown = { n, state };
  return state;
};

/** The first of the first `upTo` events that this export hides (another seat's sealed orders). */
const firstSealed = (upTo: number): EventEnvelope | undefined => {
  const events = log?.events ?? [];
  for (let i = 0; i < upTo; i += 1) {
    const event = events[i];
    if (event?.type === 'Sealed' && event.data === null) return event;
  }
  return undefined;
};

const render = (): void => {
  if (!log) return;
  const total = log.events.length;
  ui.slider.max = String(total);
  ui.slider.value = String(at);
  ui.position.textContent = `event ${at} of ${total}`;
  const sealed = firstSealed(at);
  if (sealed) {
    ui.board.textContent = `Event ${sealed.seq} holds another seat's sealed orders, hidden in this export: the board can be shown up to event ${sealed.seq - 1}.`;
  } else {
    const view = viewGame(RULESETS, stateAt(at), seat);
    ui.board.innerHTML = view ? drawBattlefield(view) : '<p>The game has not been created yet.</p>';
  }
  const event = log.events[at - 1];
  ui.explain.textContent = event ? explainEvent(redactEvent(event, seat, log.events[at - 2]), log.events).join('\n') : '';
  ui.events.querySelector('[aria-current]')?.removeAttribute('aria-current');
  const current = ui.events.children[at - 1] as HTMLElement | undefined;
  current?.setAttribute('aria-current', 'step');
  current?.scrollIntoView({ block: 'nearest' });
};

const go = (n: number): void => {
  if (!log) return;
  at = Math.max(1, Math.min(log.events.length, n));
  render();
};

const listEvents = (from: number): void => {
  if (!log) return;
  const items = document.createDocumentFragment();
  for (const [i, event] of log.events.slice(from).entries()) {
    const li = document.createElement('li');
    li.textContent = describeEvent(redactEvent(event, seat, log.events[from + i - 1]));
    li.dataset.seq = String(event.seq);
    items.append(li);
  }
  ui.events.append(items);
};

const showVerdict = (parsed: ParsedLog, live: boolean): void => {
  const results = verifyLog(parsed, { rulesets: RULESETS }).map((result) => ({ result, outcome: outcomeOf(result) }));
  ui.checks.replaceChildren(
    ...results.map(({ result, outcome }) => {
      const li = document.createElement('li');
      li.className = outcome;
      li.dataset.check = result.check;
      li.textContent = [result.verdict, ...(result.detail ?? [])].join('\n');
      return li;
    }),
  );
  const failed = results.filter((r) => r.outcome === 'fail').length;
  const pending = results.filter((r) => r.outcome === 'pending').length;
  const as = live ? ` (the log as it was when you started watching, ${parsed.events.length} events)` : '';
  ui.verdict.textContent =
    failed > 0
      ? `${failed} check(s) failed: this is not the log the referee wrote${as}.`
      : pending > 0
        ? `Nothing failed; ${pending} check(s) wait for the seed, revealed when the game ends${as}.`
        : `The log holds: every check passed${as}.`;
  ui.verdict.dataset.verdict = failed > 0 ? 'fail' : pending > 0 ? 'pending' : 'pass';
};

const open = (parsed: ParsedLog, source: string, live = false): void => {
  session += 1;
  log = parsed;
  checkpoints = new Map();
  shown = null;
  seat = parsed.header.viewer;
  const seats = parsed.header.seats.map((s) => s.name);
  ui.seat.replaceChildren(...[null, ...seats].map((name) => new Option(name ?? 'a spectator', name ?? '', false, name === seat)));
  // A seat's export hides the others' sealed orders: it can only be seen as that seat.
  ui.seat.disabled = parsed.header.viewer !== null;
  ui.seatLabel.classList.remove('hidden');
  ui.stepper.classList.remove('hidden');
  ui.events.replaceChildren();
  listEvents(0);
  ui.status.textContent = `${source}: ${parsed.header.ruleset} ${parsed.header.rulesVersion}, ${parsed.events.length} events, ${parsed.header.status}.`;
  at = parsed.events.length;
  render();
  showVerdict(parsed, live);
};

const openText = (text: string, source: string): void => {
  try {
    open(parseLog(text), source);
  } catch (error) {
    ui.status.textContent = `${source} is not an Arbiter log: ${(error as Error).message}`;
  }
};

const follow = async (gameId: string, key: string): Promise<void> => {
  const headers = { authorization: `Bearer ${key}` };
  const base = `${location.origin}/games/${encodeURIComponent(gameId)}`;
  const answer = await fetch(`${base}/log`, { headers });
  if (!answer.ok) {
    const problem = (await answer.json().catch(() => ({}))) as { detail?: string; title?: string };
    ui.status.textContent = `Game ${gameId}: ${problem.detail ?? problem.title ?? answer.statusText}`;
    return;
  }
  open(parseLog(await answer.text()), `game ${gameId} (live)`, true);
  const mine = session;
  while (mine === session && log) {
    const after = log.events.length;
    const page = await fetch(`${base}/events?after=${after}&wait=20`, { headers });
    if (mine !== session) return;
    if (!page.ok) {
      ui.status.textContent = `Stopped following game ${gameId}: the server answered ${page.status}.`;
      return;
    }
    const { events } = (await page.json()) as { events: EventEnvelope[] };
    if (events.length === 0) continue;
    const atEnd = at === after;
    log = { ...log, events: [...log.events, ...events] };
    listEvents(after);
    ui.status.textContent = `game ${gameId} (live): ${log.events.length} events.`;
    if (atEnd) at = log.events.length;
    render();
  }
};

ui.slider.addEventListener('input', () => go(Number(ui.slider.value)));
$('first').addEventListener('click', () => go(1));
$('prev').addEventListener('click', () => go(at - 1));
$('next').addEventListener('click', () => go(at + 1));
$('last').addEventListener('click', () => go(Number.POSITIVE_INFINITY));
ui.events.addEventListener('click', (e) => {
  const seq = (e.target as HTMLElement).closest('li')?.dataset.seq;
  if (seq) go(Number(seq));
});
ui.seat.addEventListener('change', () => {
  seat = ui.seat.value === '' ? null : ui.seat.value;
  ui.events.replaceChildren();
  listEvents(0);
  render();
});
document.addEventListener('keydown', (e) => {
  const typing = e.target instanceof HTMLInputElement && e.target.type !== 'range';
  if (!log || typing || e.target instanceof HTMLSelectElement || e.target === ui.slider) return;
  const moves: Record<string, number> = {
    ArrowLeft: at - 1,
    ArrowRight: at + 1,
    PageUp: at - 10,
    PageDown: at + 10,
    Home: 1,
    End: log.events.length,
  };
  const to = moves[e.key];
  if (to === undefined) return;
  e.preventDefault();
  go(to);
});
ui.file.addEventListener('change', async () => {
  const file = ui.file.files?.[0];
  if (file) openText(await file.text(), file.name);
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
ui.live.addEventListener('submit', (e) => {
  e.preventDefault();
  follow(ui.gameId.value.trim(), ui.apiKey.value).catch((error: Error) => {
    ui.status.textContent = `Could not reach the game: ${error.message}`;
  });
});

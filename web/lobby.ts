/**
 * TABLE-5: the way in (`/lobby`). A new player registers with a name, and the key the API gives
 * once is shown once, with a Copy button, and kept in this browser (web/key-store.ts); a player
 * with a key gives it instead. Then, all from the API's own routes: "my games" (`GET /me/games`,
 * long-polled, the games awaiting you first, each saying whose turn it is), the open games of each
 * ruleset (`GET /games`) with Join, a new game (`POST /games`: its ruleset, your seat, public or
 * private) and a join by invite code. A game opens at the table as `/?game=<id>`: the table reads
 * the stored key, so the key never goes into a link. Like the tournament page, it imports no
 * domain code.
 */
import { forgetKey, storedKey, storeKey } from './key-store.ts';

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;
const ui = {
  status: $('status'),
  signedOut: $('signed-out'),
  register: $<HTMLFormElement>('register'),
  useKey: $<HTMLFormElement>('use-key'),
  newKey: $('new-key'),
  keyOnce: $<HTMLInputElement>('key-once'),
  copy: $<HTMLButtonElement>('copy'),
  copied: $('copied'),
  signedIn: $('signed-in'),
  meName: $('me-name'),
  meId: $('me-id'),
  forget: $<HTMLButtonElement>('forget'),
  player: $<HTMLFieldSetElement>('player'),
  mine: $<HTMLTableElement>('mine'),
  mineEmpty: $('mine-empty'),
  lobby: $('lobby'),
  refresh: $<HTMLButtonElement>('refresh'),
  create: $<HTMLFormElement>('create'),
  created: $('created'),
  invite: $<HTMLFormElement>('invite'),
};

interface Ruleset {
  readonly id: string;
  readonly title: string;
  readonly seats: readonly string[];
}
interface OpenGame {
  readonly gameId: string;
  readonly ruleset: string;
  readonly seatsFree: number;
  readonly createdAt: string;
}
interface MyGame {
  readonly gameId: string;
  readonly ruleset: string;
  readonly status: string;
  readonly seat: string;
  readonly awaiting: boolean;
  readonly deadline: string | null;
}
interface GameView {
  readonly awaiting: readonly string[];
  readonly seats: readonly { readonly name: string; readonly playerName?: string | null }[];
  readonly result: { readonly winner: string | null } | null;
}

/** The player's key: the stored one, or the one just given; '' while signed out. */
let apiKey = storedKey();
let rulesets: readonly Ruleset[] = [];
/** Bumped when the key changes, so the last key's inbox poll stops. */
let session = 0;

class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A JSON call to the API, with the key when there is one; a problem answer throws its detail. */
const api = async <T>(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<T> => {
  const answer = await fetch(path, {
    method: init.method ?? 'GET',
    headers: {
      accept: 'application/json',
      ...(apiKey === '' ? {} : { authorization: `Bearer ${apiKey}` }),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  if (!answer.ok) {
    const problem = (await answer.json().catch(() => ({}))) as { detail?: string; title?: string };
    throw new ApiError(answer.status, problem.detail ?? problem.title ?? `the server answered ${answer.status}`);
  }
  return (await answer.json()) as T;
};

const say = (text: string): void => {
  ui.status.textContent = text;
};

/** Each retry of a create or a join is answered from the first (API-4): one id per click. */
const commandId = (): string => `lobby-${crypto.randomUUID()}`;

const titleOf = (ruleset: string): string => rulesets.find((r) => r.id === ruleset)?.title ?? ruleset;

const cell = (row: HTMLTableRowElement, text: string): HTMLTableCellElement => {
  const td = row.insertCell();
  td.textContent = text;
  return td;
};

const openLink = (gameId: string): HTMLAnchorElement => {
  const a = document.createElement('a');
  a.href = `/?game=${encodeURIComponent(gameId)}`;
  a.textContent = 'Open';
  a.setAttribute('aria-label', `Open game ${gameId} at the table`);
  return a;
};

/** "Bob (moon)": a seat as the table would name it, by its player where it has one. */
const seatName = (view: GameView, seat: string): string => {
  const player = view.seats.find((s) => s.name === seat)?.playerName;
  return player ? `${player} (${seat})` : seat;
};

/** Whose turn, in words: "your turn" comes from the inbox; who else is awaited from the game's view. */
const whoseTurn = (game: MyGame, view: GameView | null): string => {
  if (game.awaiting) return 'your turn';
  if (game.status === 'lobby') return 'waiting for players to join';
  if (game.status === 'ended') {
    const winner = view?.result?.winner;
    if (!view || !winner) return 'ended';
    return `ended: ${winner === game.seat ? 'you won' : `${seatName(view, winner)} won`}`;
  }
  if (!view || view.awaiting.length === 0) return 'their turn';
  return `waiting for ${view.awaiting.map((s) => seatName(view, s)).join(' and ')}`;
};

/** A running game not waiting on you: its view names whom it waits on (null if it cannot be read). */
const viewFor = (game: MyGame): Promise<GameView | null> =>
  game.awaiting || game.status === 'lobby'
    ? Promise.resolve(null)
    : api<GameView>(`/games/${encodeURIComponent(game.gameId)}`).catch(() => null);

const showMine = async (games: readonly MyGame[]): Promise<void> => {
  // Your turn first (the inbox orders so already; kept here whatever the order it sends).
  const ordered = [...games].sort((a, b) => Number(b.awaiting) - Number(a.awaiting));
  const views = await Promise.all(ordered.map(viewFor));
  const body = ui.mine.tBodies[0] as HTMLTableSectionElement;
  body.replaceChildren();
  for (const [i, game] of ordered.entries()) {
    const row = body.insertRow();
    row.dataset.game = game.gameId;
    cell(row, game.gameId);
    cell(row, titleOf(game.ruleset));
    cell(row, game.seat);
    const turn = cell(row, whoseTurn(game, views[i] ?? null));
    turn.className = 'turn';
    if (game.awaiting) turn.dataset.yours = '';
    cell(row, game.deadline === null ? 'none' : `${game.deadline.slice(0, 16).replace('T', ' ')} UTC`);
    row.insertCell().append(openLink(game.gameId));
  }
  ui.mine.hidden = ordered.length === 0;
  ui.mineEmpty.hidden = ordered.length > 0;
};

let mine: readonly MyGame[] = [];

const joinButton = (game: OpenGame): HTMLButtonElement => {
  const button = document.createElement('button');
  button.type = 'button';
  button.dataset.join = game.gameId;
  button.textContent = 'Join';
  button.setAttribute('aria-label', `Join game ${game.gameId}`);
  return button;
};

const openGameItem = (game: OpenGame): HTMLLIElement => {
  const li = document.createElement('li');
  li.dataset.game = game.gameId;
  const seats = `${game.seatsFree} seat${game.seatsFree === 1 ? '' : 's'} free`;
  li.append(`${game.gameId}: ${seats}, created ${game.createdAt.slice(0, 16).replace('T', ' ')} UTC`);
  // Your own game waits for others; it opens rather than joins.
  li.append(mine.some((g) => g.gameId === game.gameId) ? openLink(game.gameId) : joinButton(game));
  return li;
};

/** The open public games, under each ruleset's title, every ruleset listed even when none is open. */
const showLobby = (games: readonly OpenGame[]): void => {
  const parts = rulesets.map((r) => {
    const section = document.createElement('section');
    section.dataset.ruleset = r.id;
    const h = section.appendChild(document.createElement('h3'));
    h.id = `open-${r.id}`;
    h.textContent = r.title;
    section.setAttribute('aria-labelledby', h.id);
    const open = games.filter((g) => g.ruleset === r.id);
    if (open.length === 0) section.append(Object.assign(document.createElement('p'), { className: 'hint', textContent: 'No open games.' }));
    else section.appendChild(document.createElement('ul')).append(...open.map(openGameItem));
    return section;
  });
  ui.lobby.replaceChildren(...parts);
};

const loadLobby = async (): Promise<void> => {
  const { games } = await api<{ games: OpenGame[] }>('/games?limit=100');
  showLobby(games);
};

const loadMine = async (): Promise<void> => {
  mine = (await api<{ games: MyGame[] }>('/me/games?limit=100')).games;
  await showMine(mine);
};

const reload = (): Promise<void> =>
  Promise.all([loadMine(), loadLobby()]).then(
    () => undefined,
    (error: Error) => say(error.message),
  );

/**
 * "My games" follows the inbox as it changes (a join, a move): the inbox route waits up to 20 s
 * for a page that differs from the ETag it was last sent, and the open games are read again with it.
 */
const followInbox = async (mineSession: number): Promise<void> => {
  let etag = '';
  while (mineSession === session) {
    const answer = await fetch('/me/games?limit=100&wait=20', {
      headers: { accept: 'application/json', authorization: `Bearer ${apiKey}`, ...(etag === '' ? {} : { 'if-none-match': etag }) },
    });
    if (mineSession !== session) return;
    if (answer.status === 304) continue;
    if (!answer.ok) return say(`"My games" stopped following: the server answered ${answer.status}.`);
    etag = answer.headers.get('etag') ?? '';
    mine = ((await answer.json()) as { games: MyGame[] }).games;
    await Promise.all([showMine(mine), loadLobby()]);
  }
};

const showSignedIn = (name: string, playerId: string): void => {
  ui.meName.textContent = name;
  ui.meId.textContent = playerId;
  ui.signedOut.hidden = true;
  ui.signedIn.hidden = false;
  ui.player.disabled = false;
};

const showSignedOut = (): void => {
  ui.signedOut.hidden = false;
  ui.signedIn.hidden = true;
  ui.newKey.hidden = true;
  ui.keyOnce.value = '';
  ui.player.disabled = true;
  ui.mine.hidden = true;
  ui.lobby.replaceChildren(
    Object.assign(document.createElement('p'), {
      className: 'hint',
      textContent: 'Register, or use your key, to see the games open to join.',
    }),
  );
};

/** Signs in with `key`: known to the server (GET /players/me), it is stored and the player's games shown. */
const signIn = async (key: string): Promise<void> => {
  session += 1;
  apiKey = key;
  const me = await api<{ playerId: string; name: string }>('/players/me');
  if (!storeKey(key)) say('This browser does not keep the key: copy it, and give it again next time.');
  showSignedIn(me.name, me.playerId);
  await reload();
  void followInbox(session);
};

const signOut = (): void => {
  session += 1;
  apiKey = '';
  forgetKey();
  showSignedOut();
};

const signInOrSay = (key: string, then = ''): Promise<void> =>
  signIn(key).then(
    () => {
      if (then !== '') say(then);
    },
    (error: Error) => {
      const unknown = error instanceof ApiError && error.status === 401;
      signOut();
      say(unknown ? 'This server does not know that key: register, or give another.' : error.message);
    },
  );

const seatOptions = (): void => {
  const form = ui.create.elements;
  const ruleset = rulesets.find((r) => r.id === (form.namedItem('ruleset') as HTMLSelectElement).value);
  (form.namedItem('seat') as HTMLSelectElement).replaceChildren(...(ruleset?.seats ?? []).map((s) => new Option(s, s)));
  void scenarioOptions(ruleset?.id);
};

/** The scenarios a ruleset's rules name (`options.rules.scenario` in its options schema), read once a ruleset. */
const scenarios = new Map<string, Promise<string[]>>();
const scenariosOf = (ruleset: string): Promise<string[]> => {
  let known = scenarios.get(ruleset);
  if (!known) {
    known = api<{ optionsSchema?: { properties?: { scenario?: { const?: unknown; enum?: unknown[] } } } }>(
      `/rulesets/${encodeURIComponent(ruleset)}`,
    ).then(({ optionsSchema }) => {
      const scenario = optionsSchema?.properties?.scenario;
      const values = scenario?.enum ?? (scenario?.const === undefined ? [] : [scenario.const]);
      return values.filter((v): v is string => typeof v === 'string');
    });
    scenarios.set(ruleset, known);
  }
  return known;
};

/**
 * TABLE-8: a game is created with the ruleset's first named scenario (Post Galactica's example
 * armies and mission), so a first game has pieces to play; "none" plays the bare rules. A
 * ruleset whose rules name no scenario shows no such field.
 */
const scenarioOptions = async (ruleset: string | undefined): Promise<void> => {
  const named = ruleset === undefined ? [] : await scenariosOf(ruleset).catch(() => []);
  const field = $<HTMLLabelElement>('scenario-field');
  field.hidden = named.length === 0;
  (ui.create.elements.namedItem('scenario') as HTMLSelectElement).replaceChildren(
    ...named.map((name) => new Option(name === 'example' ? 'the example armies and mission' : name, name)),
    new Option('none: the bare rules, no units', ''),
  );
};

const loadRulesets = async (): Promise<void> => {
  rulesets = (await api<{ rulesets: Ruleset[] }>('/rulesets')).rulesets;
  (ui.create.elements.namedItem('ruleset') as HTMLSelectElement).replaceChildren(...rulesets.map((r) => new Option(r.title, r.id)));
  seatOptions();
};

const register = async (name: string): Promise<void> => {
  const player = await api<{ playerId: string; name: string; apiKey: string }>('/players', { method: 'POST', body: { name } });
  ui.keyOnce.value = player.apiKey;
  ui.newKey.hidden = false;
  ui.copied.textContent = '';
  await signInOrSay(player.apiKey, `Registered as ${player.name}.`);
};

/** Copies the key shown once; where the clipboard is refused, selects it for the reader's own copy. */
const copyKey = async (): Promise<void> => {
  try {
    await navigator.clipboard.writeText(ui.keyOnce.value);
    ui.copied.textContent = 'Copied.';
  } catch {
    ui.keyOnce.select();
    ui.copied.textContent = 'Selected: press Ctrl+C (⌘C) to copy it.';
  }
};

const create = async (): Promise<void> => {
  const form = new FormData(ui.create);
  const ruleset = String(form.get('ruleset'));
  const seat = String(form.get('seat'));
  const visibility = String(form.get('visibility'));
  const scenario = String(form.get('scenario') ?? '');
  const deadline = String(form.get('deadline') ?? '');
  const takebacks = String(form.get('takebacks') ?? 'agreed');
  const options = {
    visibility,
    takebacks,
    ...(scenario === '' ? {} : { rules: { scenario } }),
    ...(deadline === '' ? {} : { deadlines: { default: deadline } }),
  };
  const made = await api<{ gameId: string; inviteCode?: string }>('/games', {
    method: 'POST',
    body: { ruleset, seat, options, commandId: commandId() },
  });
  ui.created.textContent =
    made.inviteCode === undefined
      ? `Created game ${made.gameId} (${titleOf(ruleset)}), you as ${seat}: it is in the open games until its seats are taken.`
      : `Created private game ${made.gameId} (${titleOf(ruleset)}), you as ${seat}. Invite code: ${made.inviteCode}. Pass the game id and the code to the players you invite.`;
  await reload();
};

const join = async (gameId: string, inviteCode?: string): Promise<void> => {
  const joined = await api<{ events?: { type: string; data?: { seat?: unknown } }[] }>(`/games/${encodeURIComponent(gameId)}/join`, {
    method: 'POST',
    body: { commandId: commandId(), ...(inviteCode === undefined ? {} : { inviteCode }) },
  });
  await reload();
  // The seat taken is the join's own answer: "my games" is a read model, a moment behind the join where the stream carries it.
  const taken = joined.events?.find((e) => e.type === 'SeatJoined')?.data?.seat;
  const seat = typeof taken === 'string' ? taken : mine.find((g) => g.gameId === gameId)?.seat;
  say(`Joined game ${gameId}${seat ? ` as ${seat}` : ''}.`);
};

/** Runs a form's action, "…" in the status line until it has said what happened, or what went wrong. */
const act =
  (action: () => Promise<void>) =>
  (e?: Event): void => {
    e?.preventDefault();
    say('…');
    action().then(
      () => {
        if (ui.status.textContent === '…') say('');
      },
      (error: Error) => say(error.message),
    );
  };

ui.register.addEventListener(
  'submit',
  act(() => register(String(new FormData(ui.register).get('name')).trim())),
);
ui.useKey.addEventListener(
  'submit',
  act(async () => {
    const key = String(new FormData(ui.useKey).get('key')).trim();
    ui.useKey.reset();
    await signInOrSay(key, 'Signed in with your key.');
  }),
);
ui.copy.addEventListener('click', () => void copyKey());
ui.forget.addEventListener('click', () => {
  signOut();
  say('This browser no longer keeps your key.');
});
ui.refresh.addEventListener(
  'click',
  act(() => reload().then(() => say('Refreshed.'))),
);
(ui.create.elements.namedItem('ruleset') as HTMLSelectElement).addEventListener('change', seatOptions);
ui.create.addEventListener('submit', act(create));
ui.invite.addEventListener(
  'submit',
  act(async () => {
    const form = new FormData(ui.invite);
    await join(String(form.get('game')).trim(), String(form.get('code')).trim());
    ui.invite.reset();
  }),
);
ui.lobby.addEventListener('click', (e) => {
  const gameId = (e.target as HTMLElement).closest<HTMLElement>('[data-join]')?.dataset.join;
  if (gameId) act(() => join(gameId))();
});

showSignedOut();
loadRulesets()
  .then(() => (apiKey === '' ? say('Register with a name, or use your key.') : signInOrSay(apiKey)))
  .catch((error: Error) => say(`The rulesets could not be read: ${error.message}`));

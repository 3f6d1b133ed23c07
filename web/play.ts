/**
 * VIEW-16: play from the page. A seat following its live game (its API key stays in this
 * page's memory, as for watching) sees the commands it may send now, each as a form drawn
 * from the command's JSON Schema (`GET /rulesets/{id}`, read by web/form.ts); a click on a
 * piece fills the focused id field, a click on the table the focused position. What the
 * referee answers is shown: the events it gave, or the refusal's rule and sentence. The
 * board itself moves with the long-poll (web/main.ts), not with the answer, so every seat
 * sees the same game the same way. Sealed orders are sent like any command; the server
 * redacts them for every other seat, so only their seat's page shows them back.
 */
import type { GameView } from '../domain/match/view.ts';
import { offerKey } from '../render/offers.ts';
import { type Choices, choicesFor, stillOffered } from './choices.ts';
import { questionFor } from './confirm.ts';
import { assemble, type CommandDoc, commandsNow, type Entry, type Field, formFor, ownOrdersSealed, variantFor } from './form.ts';
import { type Check, verdictOf } from './referee.ts';
import { boundsOf, clamp, tenths } from './table-units.ts';

export interface Playing {
  readonly gameId: string;
  readonly key: string;
}

interface Drawn {
  readonly el: HTMLElement | null;
  read(): Entry;
}

const labelled = (field: Field, control: HTMLElement): HTMLElement => {
  const label = document.createElement('label');
  label.append(`${field.label}${field.required ? '' : ' (optional)'}`, control);
  if (field.description) label.title = field.description;
  return label;
};

/** What drawing a command's form knows of the game: the phase (a choice starts on its variant), the ids its fields offer, and its seats. */
interface Context {
  readonly phase: string | null;
  readonly choices: Choices;
  /** The game's seats: a field that names a seat (`seat`, as ChooseFirstPlayer's) is a list of them, not free text. */
  readonly seats: readonly string[];
  /** The list whose rows the field is drawn in, if any: its offers may be the list's own (`list.name`, TABLE-4). */
  readonly list?: string;
}

/** A field naming one of the game's seats: every legal value is known, so it is picked from a list (TABLE-8). */
const SEAT_FIELD = 'seat';

/** The datalist of a field's offers (TABLE-4): one per offer key (render/offers.ts `offerKey`), filled when one of its fields is focused. */
const OFFERS = 'offers-';

/** One field as form controls, and how to read it back as an Entry (web/form.ts). */
const draw = (field: Field, ctx: Context): Drawn => {
  switch (field.kind) {
    case 'const':
      return { el: null, read: () => '' };
    case 'text':
    case 'number': {
      if (field.kind === 'text' && field.name === SEAT_FIELD && ctx.seats.length > 0) {
        const select = document.createElement('select');
        select.name = field.name;
        select.append(...(field.required ? [] : [new Option('—', '')]), ...ctx.seats.map((seat) => new Option(seat, seat)));
        return { el: labelled(field, select), read: () => select.value };
      }
      const input = document.createElement('input');
      input.name = field.name;
      input.dataset.kind = field.kind === 'number' ? (field.integer ? 'integer' : 'number') : 'text';
      input.autocomplete = 'off';
      input.spellcheck = false;
      // TABLE-4: an id the seat's view offers is picked from a list; typing stays possible.
      const key = field.kind === 'text' ? offerKey(ctx.choices, field.name, ctx.list) : null;
      if (key) input.setAttribute('list', `${OFFERS}${key}`);
      if (field.kind === 'number') {
        input.type = 'number';
        input.step = field.integer ? '1' : 'any';
        if (field.min !== undefined) input.min = String(field.min);
        if (field.max !== undefined) input.max = String(field.max);
      }
      return { el: labelled(field, input), read: () => input.value.trim() };
    }
    case 'boolean': {
      const input = document.createElement('input');
      input.type = 'checkbox';
      input.name = field.name;
      input.checked = field.initial;
      return { el: labelled(field, input), read: () => input.checked };
    }
    case 'enum': {
      const select = document.createElement('select');
      select.name = field.name;
      select.append(...(field.required ? [] : [new Option('—', '')]), ...field.options.map((o) => new Option(o, o)));
      return { el: labelled(field, select), read: () => select.value };
    }
    case 'json': {
      const area = document.createElement('textarea');
      area.name = field.name;
      area.rows = 3;
      return { el: labelled(field, area), read: () => area.value };
    }
    case 'pair': {
      const box = document.createElement('span');
      box.className = 'pair';
      box.dataset.kind = 'pair';
      const parts = field.items.map((f, i) => {
        const input = box.appendChild(document.createElement('input'));
        input.type = 'number';
        input.step = '1';
        input.name = `${field.name}-${i}`;
        input.dataset.kind = 'pair';
        input.setAttribute('aria-label', `${field.label} ${i === 0 ? 'x' : 'y'}`);
        input.size = 3;
        return { f, input };
      });
      return { el: labelled(field, box), read: () => parts.map(({ input }) => input.value.trim()) };
    }
    case 'object': {
      const set = document.createElement('fieldset');
      set.className = 'object';
      if (field.name) set.appendChild(document.createElement('legend')).textContent = field.label;
      const parts = field.fields.map((f) => ({ f, drawn: draw(f, ctx) }));
      for (const { drawn } of parts) if (drawn.el) set.append(drawn.el);
      return {
        el: set,
        read: () => Object.fromEntries(parts.filter(({ drawn }) => drawn.el).map(({ f, drawn }) => [f.name, drawn.read()])),
      };
    }
    case 'choice': {
      const box = document.createElement('div');
      box.className = 'choice';
      const select = document.createElement('select');
      select.name = `${field.name || 'choice'}-variant`;
      select.append(...field.variants.map((v, i) => new Option(v.name, String(i))));
      select.value = String(variantFor(field, ctx.phase));
      const slot = document.createElement('div');
      let current = draw(field.variants[0] as Field, ctx);
      const show = () => {
        current = draw(field.variants[Number(select.value)] as Field, ctx);
        slot.replaceChildren(...(current.el ? [current.el] : []));
      };
      select.addEventListener('change', show);
      show();
      box.append(labelled({ ...field, label: field.label === 'value' ? 'which' : field.label }, select), slot);
      return { el: box, read: () => ({ variant: Number(select.value), value: current.read() }) };
    }
    case 'list': {
      const box = document.createElement('fieldset');
      box.className = 'list';
      box.appendChild(document.createElement('legend')).textContent = field.label;
      const items: Drawn[] = [];
      const rows = box.appendChild(document.createElement('ol'));
      const add = document.createElement('button');
      add.type = 'button';
      add.className = 'add';
      add.textContent = `Add to ${field.label}`;
      add.addEventListener('click', () => {
        if (field.max !== null && items.length >= field.max) return;
        const drawn = draw(field.item, { ...ctx, list: field.name });
        items.push(drawn);
        const li = rows.appendChild(document.createElement('li'));
        if (drawn.el) li.append(drawn.el);
        const remove = li.appendChild(document.createElement('button'));
        remove.type = 'button';
        remove.textContent = 'Remove';
        remove.addEventListener('click', () => {
          items.splice(items.indexOf(drawn), 1);
          li.remove();
        });
        li.querySelector<HTMLElement>('input, select, textarea')?.focus();
      });
      box.append(add);
      for (let i = 0; i < field.min; i += 1) add.click();
      return { el: box, read: () => items.map((d) => d.read()) };
    }
  }
};

/** A point on the table, in its own units (inches or squares), y growing up the table as in the rules. */
interface TablePoint {
  readonly x: number;
  readonly y: number;
}

/**
 * TABLE-1: the table point under a click. The board is drawn in the `g.table` group, which
 * flips y (render/svg.ts), so the group's own matrix maps the screen to table units for every
 * ruleset, whatever the frame's margins and wherever its origin (GSC2's frame may start below 0).
 */
const tablePoint = (svg: SVGSVGElement, e: MouseEvent): TablePoint | null => {
  const matrix = svg.querySelector<SVGGElement>('g.table')?.getScreenCTM();
  if (!matrix) return null;
  const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(matrix.inverse());
  return { x: p.x, y: p.y };
};

/**
 * A click's table point at the board's resolution, on the table: a square's [x, y] for a pair
 * of integer fields (Sol'una's grid), inches to a tenth otherwise; a click in the frame's margin
 * counts as the nearest edge, so a corner can be clicked without aiming at a hairline.
 */
const atResolution = (p: TablePoint, svg: SVGSVGElement, squares: boolean): TablePoint => {
  const [minX, minY, maxX, maxY] = boundsOf(svg) ?? [-Infinity, -Infinity, Infinity, Infinity];
  if (squares) return { x: clamp(Math.floor(p.x), minX, maxX - 1), y: clamp(Math.floor(p.y), minY, maxY - 1) };
  return { x: tenths(clamp(p.x, minX, maxX)), y: tenths(clamp(p.y, minY, maxY)) };
};

/** The table point under a click at the board's resolution, or null off any board. */
const onTable = (svg: SVGSVGElement, e: MouseEvent, squares: boolean): TablePoint | null => {
  const p = tablePoint(svg, e);
  return p && atResolution(p, svg, squares);
};

/** What on the board a click names: a piece, or a missile or assault pod in flight (GSC2), with its id and position. */
const pickedAt = (target: Element): { id: string; x: number; y: number } | null => {
  const found = target.closest<SVGElement>('[data-piece], [data-missile], [data-pod]');
  const id = found?.dataset.piece ?? found?.dataset.missile ?? found?.dataset.pod;
  return found && id ? { id, x: Number(found.dataset.x), y: Number(found.dataset.y) } : null;
};

export interface PlayPanel {
  /**
   * The live game followed with a seat's key (null: none) and how many events the page has
   * of it: the panel asks the server for the seat's view when that number moves, so what
   * it offers follows the referee's own idea of whose turn it is.
   */
  update(playing: Playing | null, events: number): void;
}

/**
 * `turn` is the page's "your turn" line (TABLE-6): shown while the view read with the seat's key
 * awaits that seat, hidden otherwise, so it never claims a turn the page has not read.
 */
export const createPlay = (panel: HTMLElement, board: HTMLElement, turn: HTMLElement): PlayPanel => {
  const heading = panel.querySelector('h2') as HTMLElement;
  const waiting = panel.querySelector('.waiting') as HTMLElement;
  const form = panel.querySelector('form') as HTMLFormElement;
  const choose = form.querySelector('select[name="command"]') as HTMLSelectElement;
  const about = form.querySelector('.about') as HTMLElement;
  const fields = form.querySelector('.fields') as HTMLElement;
  const result = panel.querySelector('.result') as HTMLElement;
  const confirm = panel.querySelector('.confirm') as HTMLElement;
  const referee = form.querySelector('.referee') as HTMLElement;
  const rulesets = new Map<string, Promise<CommandDoc[]>>();
  const title = document.title;
  const showTurn = (text: string | null): void => {
    turn.classList.toggle('hidden', text === null);
    turn.textContent = text ?? '';
    // A page in a background tab says so in its tab's title too.
    document.title = text === null ? title : `${text} · ${title}`;
  };
  let playing: Playing | null = null;
  let offered: CommandDoc[] = [];
  /** The step the offer was made for (its key and phase): a new step redraws the form. */
  let offeredIn: { key: string; phase: string } | null = null;
  let drawn: { doc: CommandDoc; field: Field; read(): Entry } | null = null;
  /** The seat's view the offer was made from: what its id fields offer comes from it (TABLE-4). */
  let viewed: { ruleset: string; game: unknown; seat: string; seats: readonly string[] } | null = null;
  /** The field a board click fills: the last one focused in the form. */
  let target: HTMLInputElement | null = null;
  let version = 0;
  /** The number of events the panel last asked the view for. */
  let seen = -1;

  const commandsOf = (ruleset: string): Promise<CommandDoc[]> => {
    let known = rulesets.get(ruleset);
    if (!known) {
      known = fetch(`${location.origin}/rulesets/${encodeURIComponent(ruleset)}`)
        .then((r) => r.json())
        .then((body: { commands: CommandDoc[] }) => body.commands);
      rulesets.set(ruleset, known);
    }
    return known;
  };

  /** What `command`'s id fields offer in the latest view (the form is not redrawn while the step and the offer stay). */
  const choicesNow = (command: string, entered?: Entry): Choices =>
    viewed ? choicesFor(viewed.ruleset, command, viewed.game, viewed.seat, entered) : {};

  /** TABLE-3: the latest dry run asked; an older answer arriving late is not shown over a newer. */
  let checking = 0;
  let checkSoon: ReturnType<typeof setTimeout> | undefined;
  const showVerdict = (state: string, line: string, rolls: readonly string[] = []): void => {
    referee.dataset.verdict = state;
    const list = document.createElement('ul');
    list.append(...rolls.map((r) => Object.assign(document.createElement('li'), { textContent: r })));
    referee.replaceChildren(Object.assign(document.createElement('p'), { textContent: line }), ...(rolls.length ? [list] : []));
  };

  /** Asks the referee what it would do with the command as built now: the dry run records nothing and draws no die. */
  const checkNow = async (mine: number): Promise<void> => {
    if (!drawn || !playing || !viewed) return showVerdict('none', '');
    const built = assemble(drawn.field, drawn.read());
    if (!built.ok) return showVerdict('incomplete', `Not complete yet: ${built.error}.`);
    const { gameId, key } = playing;
    const answer = await fetch(`${location.origin}/games/${encodeURIComponent(gameId)}/commands/check`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      // No expectedVersion: Send gives none either, so the answer is for the game the command would meet.
      body: JSON.stringify({ command: built.value }),
    }).catch(() => null);
    const body = (await answer?.json().catch(() => null)) as (Check & { detail?: string }) | null;
    if (mine !== checking) return;
    if (!answer?.ok || !body) return showVerdict('unknown', `The referee could not be asked: ${body?.detail ?? 'no answer'}.`);
    const verdict = verdictOf(body);
    showVerdict(verdict.outcome, verdict.line, verdict.rolls);
  };
  /**
   * Asks again a moment after the last change, so typing a number asks once. The answer shown is
   * always to the form as it is: a change makes every question before it stale at once.
   */
  const askReferee = (): void => {
    clearTimeout(checkSoon);
    const mine = ++checking;
    showVerdict('asking', 'Asking the referee…');
    checkSoon = setTimeout(() => void checkNow(mine), 250);
  };
  form.addEventListener('input', askReferee);
  form.addEventListener('change', (e) => {
    if (e.target !== choose) askReferee();
  });

  const showCommand = (): void => {
    const doc = offered.find((c) => c.type === choose.value);
    target = null;
    pending = null;
    ask(null);
    askReferee();
    if (!doc) {
      drawn = null;
      fields.replaceChildren();
      about.textContent = '';
      return;
    }
    const field = formFor(doc.schema);
    const choices = choicesNow(doc.type);
    const d = draw(field, { phase: offeredIn?.phase ?? null, choices, seats: viewed?.seats ?? [] });
    drawn = { doc, field, read: d.read };
    about.textContent = `${doc.summary}${doc.rule ? ` (${doc.rule})` : ''}`;
    const lists = Object.keys(choices).map((name) => Object.assign(document.createElement('datalist'), { id: `${OFFERS}${name}` }));
    fields.replaceChildren(...(d.el ? [d.el] : []), ...lists);
  };

  /** TABLE-4: fills the focused field's list with what it may still name: not what its fellow fields already hold. */
  const offer = (input: HTMLInputElement): void => {
    const list = input.list;
    const choices = list && drawn && choicesNow(drawn.doc.type, drawn.read())[list.id.slice(OFFERS.length)];
    if (!list || !choices) return;
    const taken = [...form.querySelectorAll<HTMLInputElement>(`input[list="${list.id}"]`)]
      .filter((i) => i !== input)
      .map((i) => i.value.trim());
    list.replaceChildren(...stillOffered(choices, taken).map((c) => new Option(c.label, c.id)));
  };

  form.addEventListener('focusin', (e) => {
    if (!(e.target instanceof HTMLInputElement)) return;
    if (e.target.dataset.kind) target = e.target;
    offer(e.target);
  });
  choose.addEventListener('change', showCommand);

  board.addEventListener('click', (e) => {
    if (!drawn || !target || !form.contains(target)) return;
    const clicked = e.target as Element;
    const svg = clicked.closest('svg');
    // The legend and the caption are beside the table, not on it.
    if (!(svg instanceof SVGSVGElement) || clicked.closest('.legend, .caption')) return;
    const piece = pickedAt(clicked);
    const kind = target.dataset.kind;
    if (kind === 'text') {
      if (piece) target.value = piece.id;
      return;
    }
    const squares = kind === 'pair';
    const point = piece ? (squares ? piece : { x: tenths(piece.x), y: tenths(piece.y) }) : onTable(svg, e as MouseEvent, squares);
    if (!point) return;
    // A position is two fields side by side: x and y of one object, or an [x, y] square.
    const group = target.closest('.pair, fieldset') as HTMLElement | null;
    if (squares) {
      const [x, y] = [...(group?.querySelectorAll<HTMLInputElement>('input[data-kind="pair"]') ?? [])];
      if (x && y) [x.value, y.value] = [String(point.x), String(point.y)];
      return;
    }
    const x = group?.querySelector<HTMLInputElement>(':scope > label > input[name="x"]');
    const y = group?.querySelector<HTMLInputElement>(':scope > label > input[name="y"]');
    if (x && y) [x.value, y.value] = [String(point.x), String(point.y)];
    else target.value = String(target.name === 'y' ? point.y : point.x);
  });
  // TABLE-3: a field a board click filled is asked of the referee as a typed one is.
  board.addEventListener('click', () => {
    if (drawn && target && form.contains(target)) askReferee();
  });

  /** Sends `command` (of type `type`) as the seat, and shows what the referee answered. */
  const send = async (type: string, command: unknown): Promise<void> => {
    if (!playing) return;
    const { gameId, key } = playing;
    result.dataset.outcome = 'sending';
    result.textContent = `Sending ${type}…`;
    const answer = await fetch(`${location.origin}/games/${encodeURIComponent(gameId)}/commands`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ commandId: `page-${crypto.randomUUID()}`, command }),
    });
    const body = (await answer.json().catch(() => ({}))) as { events?: { type: string }[]; detail?: string; title?: string; rule?: string };
    if (answer.ok) {
      const types = (body.events ?? []).map((ev) => ev.type);
      result.dataset.outcome = 'accepted';
      result.textContent = `Accepted: ${types.length} event(s)${types.length ? `, ${types.join(', ')}` : ''}.`;
      // A fresh form: the next order starts empty, not from the one just sent.
      showCommand();
    } else {
      result.dataset.outcome = 'refused';
      result.dataset.rule = body.rule ?? '';
      const why = body.detail ?? body.title ?? answer.statusText;
      result.textContent = body.rule ? `Refused under ${body.rule}: ${why}` : `Refused: ${why}`;
    }
  };

  /** TABLE-4: the command built and waiting for the player's yes, while the page asks. */
  let pending: { type: string; command: unknown } | null = null;
  const ask = (question: string | null): void => {
    confirm.classList.toggle('hidden', question === null);
    form.classList.toggle('asking', question !== null);
    if (question === null) return;
    (confirm.querySelector('.question') as HTMLElement).textContent = question;
    (confirm.querySelector('.yes') as HTMLButtonElement).textContent = pending?.type ?? 'Send';
    (confirm.querySelector('.no') as HTMLButtonElement).focus();
  };
  confirm.querySelector('.yes')?.addEventListener('click', () => {
    const sending = pending;
    pending = null;
    ask(null);
    if (sending) void send(sending.type, sending.command);
  });
  confirm.querySelector('.no')?.addEventListener('click', () => {
    pending = null;
    ask(null);
    result.dataset.outcome = 'kept';
    result.textContent = 'Not sent: you keep playing.';
  });

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (!drawn || !playing || pending) return;
    const built = assemble(drawn.field, drawn.read());
    if (!built.ok) {
      result.dataset.outcome = 'incomplete';
      result.textContent = `Not sent: ${built.error}.`;
      return;
    }
    const question = viewed && questionFor(viewed.ruleset, drawn.doc.type, viewed.game, viewed.seat, built.value);
    if (question) {
      pending = { type: drawn.doc.type, command: built.value };
      ask(question);
      return;
    }
    void send(drawn.doc.type, built.value);
  });

  return {
    update(next, events) {
      if (next?.gameId === playing?.gameId && next?.key === playing?.key && events === seen) return;
      seen = events;
      version += 1;
      playing = next;
      if (!next) {
        panel.classList.add('hidden');
        showTurn(null);
        return;
      }
      const mine = version;
      const headers = { authorization: `Bearer ${next.key}` };
      // Never older than the events the page holds: the read model follows the stream, and a
      // view from before the last event would offer the commands of a step that has passed.
      fetch(`${location.origin}/games/${encodeURIComponent(next.gameId)}?minVersion=${events}`, { headers })
        .then(async (answer) => {
          if (!answer.ok) throw new Error(`the server answered ${answer.status}`);
          const view = (await answer.json()) as GameView;
          const seat = view.you;
          if (mine !== version) return;
          if (!seat) {
            panel.classList.add('hidden');
            showTurn(null);
            return;
          }
          panel.classList.remove('hidden');
          heading.textContent = `Play as ${seat}`;
          const commands = await commandsOf(view.ruleset);
          if (mine !== version) return;
          const sealed = ownOrdersSealed(view.game, seat);
          const now = commandsNow(commands, { ...view, sealed }, seat);
          const step = view.step ? { key: view.step.key, phase: view.step.phase } : null;
          const same = now.map((c) => c.type).join() === offered.map((c) => c.type).join() && step?.key === offeredIn?.key;
          offered = now;
          offeredIn = step;
          viewed = { ruleset: view.ruleset, game: view.game, seat, seats: view.seats.map((s) => s.name) };
          // The view this offer is made from (the form below is redrawn in the same task), for a reader or a test.
          panel.dataset.version = String(view.version);
          panel.dataset.step = step?.key ?? '';
          showTurn(view.awaiting.includes(seat) ? `Your turn (${seat}${view.step ? `, ${view.step.phase}` : ''})` : null);
          const others = `Waiting for ${view.awaiting.join(' and ') || 'the referee'}.`;
          waiting.textContent = view.awaiting.includes(seat)
            ? `Your move (${view.step?.phase ?? view.status}): choose a command; click a piece to fill an id, the table to fill a position.`
            : view.status === 'ended'
              ? 'The game has ended.'
              : sealed && now.length > 0
                ? `Your orders are sealed; ${others.charAt(0).toLowerCase()}${others.slice(1)} Until the reveal you may seal others in their place (TB-5).`
                : now.length > 0
                  ? `${others} Meanwhile you may send ${now.map((c) => c.type).join(', ')}.`
                  : others;
          form.classList.toggle('hidden', now.length === 0);
          // The same form on a newer game: the referee's answer may have changed with it.
          if (same) return askReferee();
          const was = choose.value;
          choose.replaceChildren(...now.map((c) => new Option(c.type, c.type, false, c.type === was)));
          showCommand();
        })
        .catch((error: Error) => {
          if (mine === version) showTurn(null);
          waiting.textContent = `What this seat may send could not be read: ${error.message}.`;
        });
    },
  };
};

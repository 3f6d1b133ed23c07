/**
 * VIEW-16: a form from a command's JSON Schema (as `GET /rulesets/{id}` publishes it), as
 * plain values: `formFor` reads the schema into fields, `assemble` turns what was entered
 * into the command. web/play.ts draws the fields and reads them back; the unit tests check
 * both halves against the real schemas without a browser.
 */

export type Schema = Readonly<Record<string, unknown>>;

interface Base {
  /** The property name, or the item's place in a list. */
  readonly name: string;
  readonly label: string;
  readonly required: boolean;
  readonly description?: string;
}
export type Field =
  | (Base & { readonly kind: 'const'; readonly value: unknown })
  | (Base & { readonly kind: 'text' })
  | (Base & { readonly kind: 'number'; readonly integer: boolean; readonly min?: number; readonly max?: number })
  | (Base & { readonly kind: 'boolean'; readonly initial: boolean })
  | (Base & { readonly kind: 'enum'; readonly options: readonly string[] })
  | (Base & { readonly kind: 'object'; readonly fields: readonly Field[] })
  /** One of several shapes (`oneOf`), each named by its constant `type` or `kind` or `step`. */
  | (Base & { readonly kind: 'choice'; readonly variants: readonly Field[] })
  /** A list of items of one shape; `pair` for `[x, y]` squares (prefixItems of two numbers). */
  | (Base & { readonly kind: 'list'; readonly item: Field; readonly min: number; readonly max: number | null })
  | (Base & { readonly kind: 'pair'; readonly items: readonly [Field, Field] })
  /** What this builder cannot draw as fields: typed as JSON. */
  | (Base & { readonly kind: 'json' });

/** What a person entered: text for a single value, by name for an object, by item for a list. */
export type Entry =
  | string
  | boolean
  | { readonly [name: string]: Entry }
  | readonly Entry[]
  | { readonly variant: number; readonly value: Entry };

const words = (name: string): string => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
const obj = (v: unknown): Schema => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Schema) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** The constant that names a variant of a `oneOf`: its `type`, `kind` or `step`. */
const variantName = (schema: Schema): string => {
  const props = obj(schema.properties);
  for (const key of ['type', 'kind', 'step', 'method']) {
    const c = obj(props[key]).const;
    if (typeof c === 'string') return c;
  }
  return 'value';
};

export const formFor = (schema: Schema, name = '', required = true): Field => {
  const base = {
    name,
    label: words(name) || 'value',
    required,
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
  };
  if ('const' in schema) return { ...base, kind: 'const', value: schema.const };
  if (Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)) {
    const variants = arr(schema.oneOf ?? schema.anyOf).map((v) => {
      const s = obj(v);
      return formFor(s, variantName(s), true);
    });
    return { ...base, kind: 'choice', variants };
  }
  if (Array.isArray(schema.enum)) return { ...base, kind: 'enum', options: schema.enum.map(String) };
  switch (schema.type) {
    case 'string':
      return { ...base, kind: 'text' };
    case 'number':
    case 'integer':
      return {
        ...base,
        kind: 'number',
        integer: schema.type === 'integer',
        ...(typeof schema.minimum === 'number' ? { min: schema.minimum } : {}),
        ...(typeof schema.maximum === 'number' && schema.maximum < Number.MAX_SAFE_INTEGER ? { max: schema.maximum } : {}),
      };
    case 'boolean':
      return { ...base, kind: 'boolean', initial: schema.default === true };
    case 'object': {
      const needed = new Set(arr(schema.required).map(String));
      const fields = Object.entries(obj(schema.properties)).map(([key, s]) => formFor(obj(s), key, needed.has(key)));
      return { ...base, kind: 'object', fields };
    }
    case 'array': {
      const prefix = arr(schema.prefixItems).map((s, i) => formFor(obj(s), String(i), true));
      if (prefix.length === 2 && prefix.every((f) => f.kind === 'number'))
        return { ...base, kind: 'pair', items: prefix as unknown as [Field, Field] };
      return {
        ...base,
        kind: 'list',
        item: formFor(obj(schema.items), 'item', true),
        min: typeof schema.minItems === 'number' ? schema.minItems : 0,
        max: typeof schema.maxItems === 'number' ? schema.maxItems : null,
      };
    }
    default:
      return { ...base, kind: 'json' };
  }
};

export type Assembled = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: string };

/** Absent: an optional field left empty is left out of the command. */
const ABSENT = Symbol('absent');

const fail = (path: string, why: string): never => {
  throw new Error(`${path || 'the command'} ${why}`);
};

const build = (field: Field, entry: Entry | undefined, path: string): unknown => {
  const empty = entry === undefined || entry === '';
  switch (field.kind) {
    case 'const':
      return field.value;
    case 'text':
      if (empty) return field.required ? fail(path, 'is required') : ABSENT;
      return String(entry);
    case 'enum':
      if (empty) return field.required ? fail(path, 'is required') : ABSENT;
      return String(entry);
    case 'number': {
      if (empty) return field.required ? fail(path, 'is required') : ABSENT;
      const n = Number(entry);
      if (!Number.isFinite(n)) return fail(path, 'must be a number');
      if (field.integer && !Number.isInteger(n)) return fail(path, 'must be a whole number');
      return n;
    }
    case 'boolean':
      return entry === true || entry === 'true';
    case 'json':
      if (empty) return field.required ? fail(path, 'is required') : ABSENT;
      try {
        return JSON.parse(String(entry));
      } catch {
        return fail(path, 'is not JSON');
      }
    case 'pair': {
      const items = Array.isArray(entry) ? entry : [];
      if (items.every((i) => i === '' || i === undefined)) return field.required ? fail(path, 'is required') : ABSENT;
      return field.items.map((f, i) => build(f, items[i] as Entry | undefined, `${path}[${i}]`));
    }
    case 'list': {
      const items = Array.isArray(entry) ? (entry as readonly Entry[]) : [];
      if (items.length === 0 && !field.required) return ABSENT;
      if (items.length < field.min) return fail(path, `needs at least ${field.min} item(s)`);
      return items.map((item, i) => build(field.item, item, `${path}[${i}]`));
    }
    case 'object': {
      const given = (entry ?? {}) as Readonly<Record<string, Entry>>;
      const out: Record<string, unknown> = {};
      for (const f of field.fields) {
        const v = build(f, given[f.name], path ? `${path}.${f.name}` : f.name);
        if (v !== ABSENT) out[f.name] = v;
      }
      return out;
    }
    case 'choice': {
      const chosen = (entry ?? { variant: 0, value: {} }) as { variant: number; value: Entry };
      const variant = field.variants[chosen.variant];
      return variant ? build(variant, chosen.value, path) : fail(path, 'has no such choice');
    }
  }
};

/** The command from what was entered, or the first thing missing or wrong, as a sentence's end. */
export const assemble = (field: Field, entry: Entry): Assembled => {
  try {
    return { ok: true, value: build(field, entry, '') };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
};

export interface CommandDoc {
  readonly type: string;
  readonly summary: string;
  readonly rule: string | null;
  /** The phases it may be sent in (absent: any phase of play), as the ruleset's command-docs.ts declares them. */
  readonly phases?: readonly string[];
  /** A seat the game is not waiting for may send it too (absent: only an awaited seat). */
  readonly anySeat?: true;
  readonly schema: Schema;
}

/** What the page knows of the game now: the view as `viewGame` gives it for the seat. */
export interface Now {
  readonly status: string;
  readonly awaiting: readonly string[];
  readonly step: { readonly phase: string } | null;
  /** TB-5: the seat's own orders are sealed and wait for the reveal (`ownOrdersSealed`). */
  readonly sealed?: boolean;
  /** TB-2: a takeback proposed and not yet agreed, with the seats that accepted (the proposer first). */
  readonly takebackProposal?: { readonly agreed: readonly string[] } | undefined;
  /** TB-6: a continuation proposed and not yet agreed, with the seats that accepted. */
  readonly forkProposal?: { readonly agreed: readonly string[] } | undefined;
}

/** TB-5: the commands that seal orders, which a seat that has sealed may send again until the reveal. */
const SEALING = new Set(['SubmitActions', 'SubmitOrders']);

/**
 * TB-5: whether `seat` has sealed orders the reveal has not yet carried, from its own view of the
 * game: Sol'una's `orders[seat].submitted`, GSC2's `sealed[seat]` (another seat's never shows).
 */
export const ownOrdersSealed = (game: unknown, seat: string): boolean => {
  const g = (game ?? {}) as { orders?: Record<string, { submitted?: boolean }>; sealed?: Record<string, unknown> };
  return g.orders?.[seat]?.submitted === true || g.sealed?.[seat] !== undefined;
};

/** The commands the match lifecycle lets a seat send whenever it plays (PBM-13, MATCH). */
// TB-1, TB-2: a seat's own takeback and a proposal to take the game back further are offered with
// them, first; the server says when there is nothing to take back.
const ANY_TIME = ['TakeBack', 'ProposeTakeback', 'Concede', 'OfferDraw', 'RequestPause'];
/** TB-2: the answers to a takeback another seat proposed, offered to every seat that has not accepted it. */
const ANSWERS = ['AcceptTakeback', 'DeclineTakeback'];
/** TB-6: the answers to a continuation proposed, offered likewise (it is proposed at POST /games/{id}/forks). */
const FORK_ANSWERS = ['AcceptFork', 'DeclineFork'];
/** The organiser's, the server's and those with routes of their own: never offered to a seat here. */
const NOT_FOR_SEATS = new Set([
  'AdoptRules',
  'ExtendDeadline',
  'PauseGame',
  'ResumeGame',
  'AcceptDraw',
  'DeclineDraw',
  'CorrectGame',
  'AgreePause',
  'DeclinePause',
  'CreateGame',
  'JoinGame',
  'DeadlineReached',
]);

/**
 * The commands `seat` may send now, from the ruleset's list as `GET /rulesets/{id}` publishes
 * it: ChooseFirstPlayer while the awaited seat chooses the first player; in play, the
 * ruleset's own commands declared for the current phase (`phases`), to the seat the game
 * awaits, then the lifecycle's few a seat may always send; to a seat it does not await, only
 * those it may send meanwhile (`anySeat`: GSC-5's tractor beams), and, while its own sealed
 * orders wait for the reveal, the sealing command again and the lifecycle's (TB-5: it may seal
 * others in their place, or take back); to every seat that has not accepted a takeback another
 * proposed, its answers first (TB-2). The referee still decides: the page only offers.
 */
export const commandsNow = (commands: readonly CommandDoc[], now: Now, seat: string): CommandDoc[] => {
  const awaited = now.awaiting.includes(seat);
  if (now.status === 'choosing') return awaited ? commands.filter((c) => c.type === 'ChooseFirstPlayer') : [];
  if (now.status !== 'playing') return [];
  const phase = now.step?.phase ?? null;
  const own = commands.filter(
    (c) =>
      !NOT_FOR_SEATS.has(c.type) &&
      !ANY_TIME.includes(c.type) &&
      !ANSWERS.includes(c.type) &&
      !FORK_ANSWERS.includes(c.type) &&
      c.type !== 'ChooseFirstPlayer' &&
      (c.phases === undefined || (phase !== null && c.phases.includes(phase))) &&
      (awaited || c.anySeat === true),
  );
  const named = (types: readonly string[]) => types.flatMap((type) => commands.filter((c) => c.type === type));
  const pending = (proposal: { readonly agreed: readonly string[] } | undefined) =>
    proposal !== undefined && !proposal.agreed.includes(seat);
  const answers = [...(pending(now.takebackProposal) ? named(ANSWERS) : []), ...(pending(now.forkProposal) ? named(FORK_ANSWERS) : [])];
  if (awaited) return [...answers, ...own, ...named(ANY_TIME)];
  if (!now.sealed) return [...answers, ...own];
  const sealing = commands.filter((c) => SEALING.has(c.type) && !own.includes(c));
  return [...answers, ...sealing, ...own, ...named(ANY_TIME)];
};

/**
 * The variant a choice starts on: the one named after the current phase, if any (GSC2's
 * SubmitOrders in the Beams step starts on `beams`), else the first.
 */
export const variantFor = (field: Field, phase: string | null): number => {
  if (field.kind !== 'choice' || phase === null) return 0;
  return Math.max(
    0,
    field.variants.findIndex((v) => v.name === phase),
  );
};

/**
 * PBM-14: games recorded under an older rules version than this build implements. A real
 * game is recorded by the current code, then its log is rewritten the way an older server
 * would have written it: every envelope and GameCreated name the older version, `edit`
 * changes what the older rules decided differently, and the chain is sealed again.
 */
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { envelopeHash, GENESIS_HASH } from '../../domain/kernel/envelope.ts';
import { isNewerRulesVersion } from '../../domain/kernel/rules-version.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import type { ParsedLog } from '../../domain/verify/log.ts';

const RULESETS = everyRuleset();

/** An older version of a ruleset's rules: same prefix, 0.0.1. */
export const olderVersion = (ruleset: string): string => {
  const current = RULESETS.getRuleset(ruleset).rulesVersion;
  const older = current.replace(/\d+\.\d+\.\d+$/, '0.0.1');
  if (!isNewerRulesVersion(current, older)) throw new Error(`${current} is not newer than ${older}`);
  return older;
};

/** Seal `events` again as one chain from the start (what `sealBatch` does batch by batch). */
export const rechain = (events: readonly EventEnvelope[]): EventEnvelope[] => {
  let prev = GENESIS_HASH;
  return events.map((event) => {
    const { hash: _old, ...rest } = { ...event, prevHash: prev };
    const sealed = { ...rest, hash: envelopeHash(rest) } as EventEnvelope;
    prev = sealed.hash;
    return sealed;
  });
};

/**
 * The first `count` events (all by default) as recorded under `older`; the events after
 * them are kept as they are, chained on again.
 */
export const ageLog = (
  events: readonly EventEnvelope[],
  older: string,
  edit: (event: EventEnvelope) => unknown = (event) => event.data,
  count = events.length,
): EventEnvelope[] =>
  rechain(
    events.map((event, i) => {
      if (i >= count) return event;
      const data = edit(event);
      const named = event.type === 'GameCreated' ? { ...(data as Record<string, unknown>), rulesVersion: older } : data;
      return { ...event, data: named, rulesVersion: older };
    }),
  );

/**
 * What an older Post Galactica decided differently: its GameCreated recorded a turn limit
 * the current rules no longer have, so re-deciding CreateGame gives another event 1.
 */
export const withOldTurnLimit = (event: EventEnvelope): unknown => {
  if (event.type !== 'GameCreated') return event.data;
  const data = event.data as { options: { rules: Record<string, unknown> } };
  return { ...data, options: { ...data.options, rules: { ...data.options.rules, turnLimit: 6 } } };
};

/** The line of an exported log that holds event `index` (line 1 is the header). */
export const lineOf = (index: number): number => index + 2;

/** The log with event `index` changed by `change` (its hash left as it was: a forgery). */
export const editAt = (log: ParsedLog, index: number, change: (event: EventEnvelope) => EventEnvelope): ParsedLog => ({
  ...log,
  events: log.events.map((e, i) => (i === index ? change(structuredClone(e)) : e)),
});

/** `events` from `from` on relabelled as adopted to, and played under, `version`, and chained again. */
export const underVersion = (events: readonly EventEnvelope[], from: number, version: string): EventEnvelope[] =>
  rechain(
    events.map((e, i) => {
      if (i < from) return e;
      const data = e.type === 'RulesVersionAdopted' ? { ...(e.data as object), to: version } : e.data;
      return { ...e, data, rulesVersion: version };
    }),
  );

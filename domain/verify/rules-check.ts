/**
 * The rules check of a log (docs/design.md §15): every recorded command re-decided from the
 * state before it, under the rules version it was decided under (RUL-10), and what a
 * replayed adoption claims (PBM-14) re-decided under the version it adopted.
 */
import type { EventEnvelope } from '../kernel/envelope.ts';
import { everyRuleset } from '../rulesets.ts';
import { LogFold } from './fold.ts';
import { lineOf, type ParsedLog } from './log.ts';
import { adoptionsOf, type Divergence, readjudicate, readjudicationStart, rulesVersionsOf } from './readjudicate.ts';
import { type CheckResult, fail, isRunning, isSealed, pass, pending, type RulesPart } from './result.ts';

/**
 * What a replayed adoption claims (PBM-14): the commands from the last organiser adoption
 * before it (`from`) up to it (`to`, exclusive) decide the same under the version it adopted.
 * Verify re-checks the claim of every adoption to a version this build decides.
 */
interface Claim {
  readonly from: number;
  readonly to: number;
  readonly version: string;
}

const claimsOf = (events: readonly EventEnvelope[], implemented: (version: string) => boolean): Claim[] =>
  adoptionsOf(events)
    .filter((a) => a.data.how === 'replayed' && implemented(a.data.to))
    .map((a) => ({ from: readjudicationStart(events, a.index), to: a.index, version: a.data.to }));

const claimOn = (claims: readonly Claim[], index: number): Claim | undefined => claims.find((c) => index >= c.from && index < c.to);

/** A part of the log as verify describes it, with the version whose claim (PBM-14) covers it, if any. */
type Part = { -readonly [K in keyof RulesPart]: RulesPart[K] } & { claim: string | null };

/** Consecutive events by rules version, whether they were re-decided, and under which claim. */
const partsOf = (
  events: readonly EventEnvelope[],
  versions: readonly string[],
  decides: (index: number) => boolean,
  claims: readonly Claim[],
) => {
  // PERF-4: the open part grows in place rather than being copied for each event
  const parts: Part[] = [];
  let checked = true;
  let claim: string | null = null;
  for (const [i, event] of events.entries()) {
    if (event.command !== undefined) {
      checked = decides(i);
      claim = claimOn(claims, i)?.version ?? null;
    }
    const version = versions[i] ?? '';
    const last = parts.at(-1);
    if (last && last.rulesVersion === version && last.readjudicated === checked && last.claim === claim) last.toSeq = event.seq;
    else parts.push({ fromSeq: event.seq, toSeq: event.seq, rulesVersion: version, readjudicated: checked, claim });
  }
  return parts;
};

const describePart = (part: Part, implemented: boolean): string => {
  const events = part.fromSeq === part.toSeq ? `event ${part.fromSeq} was` : `events ${part.fromSeq}–${part.toSeq} were`;
  const under = [...(implemented ? ['it'] : []), ...(part.claim === null ? [] : [part.claim])];
  if (under.length === 0) return `${events} decided under ${part.rulesVersion}, which this build does not implement; not re-adjudicated`;
  const claimed = part.claim === null ? '' : ', as the adoption after them claims';
  return `${events} decided under ${part.rulesVersion} and re-decide the same under ${under.join(' and under ')}${claimed}`;
};

/** `a, b and c`. */
const listed = (items: readonly string[]): string =>
  items.length < 2 ? (items[0] ?? 'none') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

const divergenceResult = (divergence: Divergence, events: readonly EventEnvelope[]): CheckResult => {
  const i = divergence.index;
  const seq = events[i]?.seq;
  switch (divergence.kind) {
    case 'no-command':
      return fail('rules', `rules: line ${lineOf(i)} (event ${seq}) starts a batch but carries no command`, lineOf(i));
    case 'illegal': {
      const v = divergence.violation;
      return fail('rules', `rules: line ${lineOf(i)} (event ${seq}): the command is illegal: ${v.message} (${v.rule})`, lineOf(i));
    }
    case 'differs':
      return fail(
        'rules',
        `rules: line ${lineOf(i)} differs from what the rules decide for the command at line ${lineOf(divergence.commandIndex)}`,
        lineOf(i),
        [`  logged:     ${divergence.logged ?? '(nothing)'}`, `  re-decided: ${divergence.decided ?? '(nothing)'}`],
      );
  }
};

/**
 * Re-run every recorded command through `decide` from the state before it; the events must
 * be exactly the logged ones. Each command is re-decided under the rules version it was
 * decided under (RUL-10: the build decides every version it lists); a log that changed
 * version is checked part by part, and what a replayed adoption claims (PBM-14) is checked
 * too. Only a log ending under a version this build does not decide is refused.
 */
export const checkRules = ({ header, events }: ParsedLog, fold = new LogFold(events, everyRuleset())): CheckResult => {
  const ruleset = fold.rulesets.findRuleset(header.ruleset);
  if (!ruleset) return fail('rules', `rules: this verifier does not know the ruleset "${header.ruleset}"`, 1);
  const implemented = (version: string) => ruleset.rulesVersions.includes(version);
  if (!implemented(header.rulesVersion)) {
    return fail(
      'rules',
      `rules: this log needs ${ruleset.title} rules version ${header.rulesVersion}, but this verifier implements ${listed(ruleset.rulesVersions)}; re-adjudication refused`,
      1,
    );
  }
  const labelled = rulesVersionsOf(events);
  if (!labelled.ok) return fail('rules', `rules: line ${lineOf(labelled.index)} ${labelled.message}`, lineOf(labelled.index));
  const { versions } = labelled;
  const final = versions.at(-1) ?? header.rulesVersion;
  if (final !== header.rulesVersion) {
    return fail('rules', `rules: the header names rules version ${header.rulesVersion}, but the log ends under ${final}`, 1);
  }
  // VIEW-8: a running game's export has no seed yet; its commands are re-decided with the dice the log records.
  const running = isRunning(header);
  if (header.seed === null && !running) return fail('rules', 'rules: re-adjudication needs the seed, revealed when the game ends');
  const sealed = events.findIndex(isSealed);
  if (sealed >= 0 && !running)
    return fail('rules', 'rules: this export hides sealed events; re-adjudicate the complete log of the ended game', lineOf(sealed));
  const options = { gameId: header.gameId, seed: header.seed, rulesets: fold.rulesets };
  const until = sealed >= 0 ? sealed : events.length;
  const result = readjudicate(events, { ...options, decides: (i) => implemented(versions[i] ?? ''), fold, until });
  if (!result.ok) return divergenceResult(result.divergence, events);
  const claims = claimsOf(events, implemented);
  for (const claim of claims) {
    const checked = readjudicate(events, {
      ...options,
      decides: (i) => i >= claim.from && i < claim.to,
      under: claim.version,
      until: Math.min(claim.to, until),
    });
    if (!checked.ok) return divergenceResult(checked.divergence, events);
  }
  if (running) return runningVerdict(result.decided, result.checkedTo, events.length, `${ruleset.title} ${final}`);
  const decides = (i: number) => implemented(versions[i] ?? '') || claimOn(claims, i) !== undefined;
  const decided = events.filter((e, i) => e.command !== undefined && decides(i)).length;
  const parts = partsOf(events, versions, decides, claims);
  const others = parts.filter((p) => p.rulesVersion !== final).map((p) => describePart(p, implemented(p.rulesVersion)));
  const verdict = `rules: all ${decided} commands re-decided under ${ruleset.title} ${final} give exactly the logged events`;
  const named = parts.map(({ claim: _claim, ...part }) => part);
  return {
    ...pass('rules', others.length === 0 ? verdict : `${verdict}; ${others.join('; ')}`),
    ...(others.length ? { parts: named } : {}),
  };
};

/**
 * VIEW-8: the rules verdict of a running game's export. Up to a sealed event hidden from the
 * exporting seat the rules are checked (with the recorded dice); what follows is pending.
 */
const runningVerdict = (decided: number, checkedTo: number, length: number, rules: string): CheckResult => {
  const checked = `rules: ${decided} commands re-decided under ${rules} with the dice the log records give exactly the logged events (the dice are checked when the seed is revealed)`;
  if (checkedTo >= length) return pass('rules', checked);
  return pending(
    'rules',
    `${checked}; from line ${lineOf(checkedTo)} the log hides sealed orders: pending until the game ends`,
    lineOf(checkedTo),
  );
};

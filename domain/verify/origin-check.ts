/**
 * TB-6: `arbiter verify fork.ndjson --origin origin.ndjson`. A fork's log begins with
 * `GameForked`, which carries its origin's state at one version and that version's chain hash.
 * With the origin's log, verify proves the shared prefix: the origin's chain holds up to that
 * version, its hash there is the one the fork names, and `ForkGame` re-decided on the origin's
 * fold gives exactly the logged `GameForked` (so the state it carries is the origin's).
 */
import type { Rulesets } from '../catalogue.ts';
import type { EventEnvelope } from '../kernel/envelope.ts';
import { canonicalJson } from '../kernel/hash.ts';
import { asGameCommand } from '../match/commands.ts';
import { decideGame } from '../match/decide.ts';
import type { GameForked } from '../match/events.ts';
import { foldEvents } from '../match/evolve.ts';
import { emptyGame } from '../match/state.ts';
import { checkChain } from './chain-check.ts';
import { lineOf, type ParsedLog } from './log.ts';
import { actorOf, recorded } from './readjudicate.ts';
import { type CheckResult, fail, isSealed, pass, pending } from './result.ts';
import { sameJson } from './same-json.ts';

/** What the fork's first event says it came from, or null for a log that is no fork. */
export const forkSource = (log: ParsedLog): GameForked['data']['from'] | null => {
  const first = log.events[0];
  return first?.type === 'GameForked' ? (first.data as GameForked['data']).from : null;
};

/**
 * How many of the origin's events re-deciding the fork folds: those up to the fork's version, and
 * every one recorded by the time the fork was decided (the origin as it stood then).
 */
const eventsDecidedOn = (fork: ParsedLog, origin: ParsedLog, version: number): number => {
  const first = fork.events[0] as EventEnvelope;
  return Math.max(origin.events.findLastIndex((e) => e.at <= first.at) + 1, version);
};

/** The fork's first event, re-decided: null when it is exactly the logged one, else the check's failure. */
const redecideFork = (fork: ParsedLog, origin: ParsedLog, version: number, rulesets: Rulesets): CheckResult | null => {
  const first = fork.events[0] as EventEnvelope;
  const at = foldEvents(rulesets, emptyGame, origin.events, 0, version);
  const head = foldEvents(rulesets, emptyGame, origin.events, 0, eventsDecidedOn(fork, origin, version));
  const command = asGameCommand(first.command);
  if (!command) return fail('origin', 'origin: line 2 (event 1) carries no command', 2);
  const ctx = {
    rulesets,
    now: first.at,
    actor: actorOf(first.actor, emptyGame),
    seed: fork.header.seed ?? '0'.repeat(64),
    rulesVersion: first.rulesVersion,
    origin: { gameId: origin.header.gameId, at, head },
  };
  const decision = decideGame(emptyGame, command, ctx, fork.header.gameId);
  if (!decision.ok) {
    const v = decision.violation;
    return fail('origin', `origin: line 2 (event 1): the fork is illegal from its origin: ${v.message} (${v.rule})`, 2);
  }
  const [decided] = decision.events;
  const logged = recorded(first);
  // Before the fork's seed is revealed its commitment is taken as logged; the seed check checks it once revealed.
  const candidate =
    decided && fork.header.seed === null
      ? { ...decided, data: { ...(decided.data as object), seedCommitment: (first.data as GameForked['data']).seedCommitment } }
      : decided;
  if (decision.events.length === 1 && candidate && sameJson(logged, candidate)) return null;
  return fail('origin', `origin: line 2 (event 1) differs from the fork its origin's log decides at version ${version}`, 2, [
    `  logged:     ${canonicalJson(logged)}`,
    `  re-decided: ${candidate ? canonicalJson(candidate) : '(nothing)'}`,
  ]);
};

/** The origin check of a fork's log; `origin` is its origin's exported log, if given. */
export const checkOrigin = (fork: ParsedLog, origin: ParsedLog | undefined, rulesets: Rulesets): CheckResult | null => {
  const from = forkSource(fork);
  if (from === null) return origin ? fail('origin', 'origin: this log does not begin with GameForked, so it is no fork', 2) : null;
  const { gameId, version, hash } = from;
  if (!origin) {
    return pending(
      'origin',
      `origin: this log forks ${gameId} at version ${version}; give that game's log (--origin) to prove the shared prefix`,
    );
  }
  if (origin.header.gameId !== gameId)
    return fail('origin', `origin: the fork comes from ${gameId}, but the origin log given is of ${origin.header.gameId}`, 2);
  // ForkGame refuses a version below 1 (TB-6), so only an edited GameForked names one: there is no event before it to share.
  if (!Number.isInteger(version) || version < 1)
    return fail(
      'origin',
      `origin: the fork names version ${version} of ${gameId}, but a fork starts after one of its events, at a whole version from 1`,
      2,
    );
  if (origin.events.length < version)
    return fail('origin', `origin: the fork starts at event ${version}, but the origin log has only ${origin.events.length} events`, 2);
  const prefix = { header: origin.header, events: origin.events.slice(0, version) };
  const chain = checkChain(prefix);
  if (!chain.ok)
    return fail('origin', `origin: in the origin log, ${chain.verdict.replace(/^hash chain: /, 'the hash chain is ')}`, chain.line);
  if (origin.events[version - 1]?.hash !== hash) {
    return fail(
      'origin',
      `origin: the fork starts from chain hash ${hash.slice(0, 12)}… at event ${version}, but line ${lineOf(version - 1)} of the origin log has ${origin.events[version - 1]?.hash.slice(0, 12)}…`,
      lineOf(version - 1),
    );
  }
  // A sandbox may start before events sealed later, while the origin still ran: they are folded too.
  const sealed = origin.events.findIndex(isSealed);
  if (sealed >= 0 && sealed < eventsDecidedOn(fork, origin, version)) {
    return pending(
      'origin',
      `origin: the origin log hides sealed events from line ${lineOf(sealed)}; export it again once it has ended to re-decide the fork`,
    );
  }
  try {
    const differs = redecideFork(fork, origin, version, rulesets);
    if (differs) return differs;
  } catch (error) {
    return fail('origin', `origin: the origin log does not fold to version ${version}: ${(error as Error).message}`);
  }
  return pass(
    'origin',
    `origin: the fork starts from ${gameId} after event ${version} (chain hash ${hash.slice(0, 12)}…): the origin's chain holds to there and its state there is the one the fork carries`,
  );
};

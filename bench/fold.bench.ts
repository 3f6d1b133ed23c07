/**
 * PERF-3: how fast the log folds, against how fast the same log parses. Folding is what
 * every read of a game's state, every command on a game without a fresh snapshot and
 * every `verify` does; parsing the log's JSON is the floor a fold cannot go under, so
 * the goal is a fold rate at least half the parse rate. Printed, never asserted.
 */

import { readFileSync } from 'node:fs';
import type { EventEnvelope } from '../domain/kernel/envelope.ts';
import { foldGame } from '../domain/match/evolve.ts';
import { emptyGame } from '../domain/match/state.ts';
import { everyRuleset } from '../domain/rulesets.ts';
import { phaseEndGame, playLongGame } from './support/long-game.ts';

const RULESETS = everyRuleset();

const GOAL = 0.5;

/** Events a second of `work` over `events` events, repeated for about `ms` milliseconds after a warm-up. */
const rate = (events: number, work: () => void, ms = 1000): number => {
  for (let i = 0; i < 3; i += 1) work();
  let runs = 0;
  const started = performance.now();
  while (performance.now() - started < ms) {
    work();
    runs += 1;
  }
  return (runs * events) / ((performance.now() - started) / 1000);
};

const perSecond = (n: number) => `${Math.round(n).toLocaleString('en-US')} events/s`;

const compare = (title: string, events: readonly EventEnvelope[]) => {
  const lines = events.map((e) => JSON.stringify(e));
  const parse = rate(events.length, () => {
    for (const line of lines) JSON.parse(line);
  });
  const fold = rate(events.length, () => {
    foldGame(RULESETS, events, emptyGame);
  });
  const ratio = fold / parse;
  console.log(`${title} (${events.length.toLocaleString('en-US')} events)`);
  console.log(`  JSON.parse:  ${perSecond(parse)}`);
  console.log(`  fold:        ${perSecond(fold)}`);
  console.log(`  fold/parse:  ${ratio.toFixed(2)}  (goal >= ${GOAL})  ${ratio >= GOAL ? 'met' : 'NOT MET'}\n`);
};

const reference = (ruleset: string): EventEnvelope[] =>
  readFileSync(new URL(`../test/fixtures/logs/${ruleset}.ndjson`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(1)
    .map((line) => JSON.parse(line) as EventEnvelope);

console.log('PERF-3 fold rate against JSON.parse of the same events\n');
compare('Post Galactica, phase ends only (as the pipeline bench plays)', phaseEndGame(2_000));
compare("Sol'una, the long game with real dice", playLongGame(10_000).events);
for (const ruleset of ['post-galactica', 'soluna', 'gsc2']) compare(`the ${ruleset} reference match`, reference(ruleset));

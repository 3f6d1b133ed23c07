/**
 * PERF-3, COST-3: how fast the log folds, against how fast the same log parses. Folding is
 * what every read of a game's state, every command on a game without a fresh snapshot and
 * every `verify` does; parsing the log's JSON is the floor a fold cannot go under, so the
 * goal is a fold rate at least half the parse rate, for every ruleset. Printed, never asserted.
 *
 * A mutation-testing run or another bench may share the machine: the fold and the parse are
 * timed in turns, in CPU time of this process (a busy neighbour stretches wall time, not
 * this), and the ratio is the median of the turns' ratios.
 */

import { readFileSync } from 'node:fs';
import type { EventEnvelope } from '../domain/kernel/envelope.ts';
import { foldGame } from '../domain/match/evolve.ts';
import { emptyGame } from '../domain/match/state.ts';
import { everyRuleset } from '../domain/rulesets.ts';
import { cpuMs, median } from './support/baseline.ts';
import { goal } from './support/goals.ts';
import { phaseEndGame, playLongGame } from './support/long-game.ts';

const RULESETS = everyRuleset();

const GOAL = 0.5;
const TURNS = 9;

/** Events a CPU second of `work` over `events` events, repeated for about `ms` CPU milliseconds. */
const rate = (events: number, work: () => void, ms = 150): number => {
  let runs = 0;
  let spent = 0;
  while (spent < ms) {
    spent += cpuMs(work);
    runs += 1;
  }
  return (runs * events) / (spent / 1000);
};

const perSecond = (n: number) => `${Math.round(n).toLocaleString('en-US')} events/s`;

const compare = (title: string, events: readonly EventEnvelope[]) => {
  const lines = events.map((e) => JSON.stringify(e));
  const parse = () => {
    for (const line of lines) JSON.parse(line);
  };
  const fold = () => {
    foldGame(RULESETS, events, emptyGame);
  };
  for (let i = 0; i < 3; i += 1) {
    parse();
    fold();
  }
  const parses: number[] = [];
  const folds: number[] = [];
  for (let turn = 0; turn < TURNS; turn += 1) {
    parses.push(rate(events.length, parse));
    folds.push(rate(events.length, fold));
  }
  const ratio = median(folds.map((f, i) => f / (parses[i] as number)));
  console.log(`${title} (${events.length.toLocaleString('en-US')} events)`);
  console.log(`  JSON.parse:  ${perSecond(median(parses))}`);
  console.log(`  fold:        ${perSecond(median(folds))}`);
  goal({ id: 'COST-3', title: `fold/parse, ${title.split(' (')[0]}`, value: ratio, unit: '', atLeast: GOAL });
  console.log('');
};

const reference = (ruleset: string): EventEnvelope[] =>
  readFileSync(new URL(`../test/fixtures/logs/${ruleset}.ndjson`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(1)
    .map((line) => JSON.parse(line) as EventEnvelope);

console.log(`PERF-3, COST-3 fold rate against JSON.parse of the same events (CPU time, median of ${TURNS} turns)\n`);
compare('Post Galactica, phase ends only (as the pipeline bench plays)', phaseEndGame(2_000));
compare("Sol'una, the long game with real dice", playLongGame(10_000).events);
for (const ruleset of ['post-galactica', 'soluna', 'gsc2']) compare(`the ${ruleset} reference match`, reference(ruleset));

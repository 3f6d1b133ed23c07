/**
 * The `arbiter` command: settle a dispute from an exported log alone, with no network
 * and no database.
 *   arbiter verify game.ndjson                 every check, one verdict per line; exit 0 only if all hold
 *   arbiter replay game.ndjson --at N [--seat S]   the state after event N as that seat saw it
 *   arbiter replay game.ndjson --explain N     the rolls of event N, their targets, modifiers and rules
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { foldGame } from '../../domain/match/state.ts';
import { viewGame } from '../../domain/match/view.ts';
import { explainEvent } from '../../domain/verify/explain.ts';
import { LogFormatError, type ParsedLog, parseLog } from '../../domain/verify/log.ts';
import { verifyLog } from '../../domain/verify/verify.ts';

const USAGE = `usage:
  arbiter verify <game.ndjson>
  arbiter replay <game.ndjson> --at <N> [--seat <seat>]
  arbiter replay <game.ndjson> --explain <N>`;

const load = (file: string | undefined): ParsedLog => {
  if (!file) throw new UsageError('name the exported log file');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new UsageError(`cannot read ${file}`);
  }
  return parseLog(text);
};

class UsageError extends Error {}

const verify = (file: string | undefined): number => {
  const log = load(file);
  console.log(`${log.header.gameId}: ${log.header.ruleset} ${log.header.rulesVersion}, ${log.events.length} events, ${log.header.status}`);
  const results = verifyLog(log);
  for (const result of results) {
    console.log(`${result.ok ? 'PASS' : 'FAIL'}  ${result.verdict}`);
    for (const line of result.detail ?? []) console.log(line);
  }
  const failed = results.filter((r) => !r.ok).length;
  console.log(failed === 0 ? 'verdict: the log holds' : `verdict: ${failed} check(s) failed`);
  return failed === 0 ? 0 : 1;
};

const replay = (
  file: string | undefined,
  options: { at?: string | undefined; seat?: string | undefined; explain?: string | undefined },
): number => {
  const log = load(file);
  if (options.explain !== undefined) {
    const event = log.events.find((e) => e.seq === Number(options.explain));
    if (!event) throw new UsageError(`there is no event ${options.explain} in this log`);
    for (const line of explainEvent(event)) console.log(line);
    return 0;
  }
  const at = Number(options.at ?? log.events.length);
  if (!Number.isInteger(at) || at < 1 || at > log.events.length)
    throw new UsageError(`--at takes an event number from 1 to ${log.events.length}`);
  const events = log.events.slice(0, at);
  const sealed = events.find((e) => e.type === 'Sealed');
  if (sealed) throw new UsageError(`event ${sealed.seq} is sealed in this export; replay the complete log of the ended game`);
  const seat = options.seat ?? log.header.viewer;
  console.log(JSON.stringify(viewGame(foldGame(events), seat), null, 2));
  return 0;
};

const main = (): number => {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { at: { type: 'string' }, seat: { type: 'string' }, explain: { type: 'string' } },
  });
  const [command, file] = positionals;
  if (command === 'verify') return verify(file);
  if (command === 'replay') return replay(file, values);
  throw new UsageError(command ? `unknown command "${command}"` : 'name a command');
};

try {
  process.exitCode = main();
} catch (error) {
  if (error instanceof UsageError || error instanceof LogFormatError) {
    console.error(`arbiter: ${error.message}\n${USAGE}`);
    process.exitCode = 2;
  } else throw error;
}

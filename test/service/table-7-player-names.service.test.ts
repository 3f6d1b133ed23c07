/**
 * TABLE-7 "players by name": names are not in the events (a player may rename), so an export's
 * header names each seat's player as the name is now, and the event lines (the page's list,
 * `arbiter replay`) name the acting seat with its player: "red (Ann)". A log without names (a
 * reference log, a file that leaves them out) keeps its seats alone; verify ignores the names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyGame } from '../../domain/match/state.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { parseLog } from '../../domain/verify/log.ts';
import { verifyLog } from '../../domain/verify/verify.ts';
import type { MemoryRuntime } from '../../infra/local/memory-runtime.ts';
import { NO_NAMES, playerNamesOf } from '../../render/sentences.ts';
import { describeEvents } from '../../web/describe.ts';
import { annAndBob, type Client, commandId } from '../support/http.ts';

let runtime: MemoryRuntime;
let ann: Client;
let bob: Client;

beforeAll(async () => {
  ({ runtime, ann, bob } = await annAndBob());
});
afterAll(() => runtime.stop());

describe('TABLE-7 players by name', () => {
  it("TABLE-7 an export names each seat's player, and its event lines name the acting seat with its player", async () => {
    const created = await ann.post<{ gameId: string }>('/games', {
      ruleset: 'post-galactica',
      seat: 'red',
      options: { firstPlayer: 'red' },
    });
    const gameId = created.body.gameId;
    expect((await bob.post(`/games/${gameId}/join`, {})).status).toBe(200);
    expect((await ann.post(`/games/${gameId}/commands`, { commandId: commandId(), command: { type: 'EndPhase' } })).status).toBe(200);
    // Bob renames himself: the next export says so, though no event changed.
    expect((await bob.call('PATCH', '/players/me', { name: 'Roberta' })).status).toBe(200);
    const exported = await fetch(`${runtime.url}/games/${gameId}/log`, { headers: { authorization: `Bearer ${ann.apiKey}` } });
    const log = parseLog(await exported.text());
    expect(log.header.seats.map((s) => [s.name, s.playerName])).toEqual([
      ['red', 'Ann'],
      ['blue', 'Roberta'],
    ]);
    const players = playerNamesOf(log.header.seats);
    const lines = describeEvents(everyRuleset(), log.events, emptyGame, 'red', undefined, undefined, undefined, players).lines;
    const byRed = lines.filter((l) => l.actor === 'red');
    expect(byRed.length).toBeGreaterThan(0);
    for (const line of byRed) expect(line.text).toMatch(/^\d+\. red \(Ann\): /);
    expect(lines.find((l) => l.actor === 'blue')?.text).toMatch(/^\d+\. blue \(Roberta\): /);
    // Without names, the same lines name the seats alone.
    const bare = describeEvents(everyRuleset(), log.events, emptyGame, 'red', undefined, undefined, undefined, NO_NAMES).lines;
    expect(bare.find((l) => l.actor === 'red')?.text).toMatch(/^\d+\. red: /);
    // The names are the header's, not the chain's: the export still verifies.
    // (The seed and the dice wait for the game's end.)
    expect(verifyLog(log).filter((check) => !check.ok && !('pending' in check && check.pending))).toEqual([]);
  });
});

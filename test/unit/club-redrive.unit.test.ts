/** AWS-3 CLUB-6: redriving a club game's failed projector records lists it and rates it, once. */
import { describe, expect, it } from 'vitest';
import { everyRuleset } from '../../domain/rulesets.ts';
import { createMemoryDeps } from '../../functions/adapters/memory/deps.ts';
import { redriveGame } from '../../tools/ops/redrive.ts';
import { give } from '../support/commands.ts';

describe('AWS-3 CLUB-6 the redrive of a club game', () => {
  it('AWS-3 CLUB-6 a rated club game whose reactions were lost is listed and rated by the redrive, and only once however often it runs', async () => {
    // Plain memory deps: no stream, so nothing reacts to the game until the redrive does.
    const deps = createMemoryDeps(everyRuleset());
    const at = '2026-01-01T00:00:00.000Z';
    await deps.clubs.createClub(
      { clubId: 'c_1', name: 'C', description: null, visibility: 'public', inviteCode: null, createdBy: 'p_red', createdAt: at },
      { playerId: 'p_red', role: 'organiser', joinedAt: at },
    );
    await give(deps, 'g_1', 'p_red', {
      type: 'CreateGame',
      ruleset: 'post-galactica',
      seat: 'red',
      options: { firstPlayer: 'red', club: { clubId: 'c_1', rated: true } },
    });
    await give(deps, 'g_1', 'p_blue', { type: 'JoinGame' });
    await give(deps, 'g_1', 'p_blue', { type: 'Concede' });
    expect(await deps.clubs.games('c_1')).toEqual([]);
    const context = { deps, scheduler: null };
    const first = await redriveGame(context, 'g_1', ['projector']);
    expect(first.lines).toContain('g_1: listed in club c_1, and rated there if it ended rated');
    await redriveGame(context, 'g_1', ['projector']);
    expect((await deps.clubs.games('c_1')).map((g) => [g.gameId, g.rated])).toEqual([['g_1', true]]);
    const ladder = await deps.clubs.ladder('c_1', 'post-galactica');
    expect([ladder?.rated, ladder?.ratings.p_red?.wins, ladder?.ratings.p_blue?.losses]).toEqual([1, 1, 1]);
    expect(await deps.clubs.ratingChanges('c_1', 'post-galactica')).toHaveLength(1);
  });
});

/**
 * HALL-2: the store is handed the fold. No adapter folds a game itself: none imports the game
 * fold, the domain's evolve, the far takebacks' history or the rule systems; every one of them
 * folds with the `StreamFold` its reader gives it (the contract suite, test/support/contract-ports.ts,
 * loads a stream that is no game through both stores). The one game fold is `gameFold`; a
 * tournament's stream goes through the same port with its own, `tournamentFold`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { foldGame } from '../../domain/match/evolve.ts';
import { everyRuleset } from '../../domain/rulesets.ts';
import { createMemoryDeps } from '../../functions/adapters/memory/deps.ts';
import { MemoryGameStore } from '../../functions/adapters/memory/game-store.ts';
import { gameFold } from '../../functions/games/app/game-fold.ts';
import { foldStream, tournamentFold } from '../../functions/tournaments/app/tournament-fold.ts';
import { executeTournamentCommand } from '../../functions/tournaments/app/tournaments.ts';
import { give } from '../support/commands.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const ADAPTERS = join(ROOT, 'functions', 'adapters');
const RULESETS = everyRuleset();

/** What folds a game or a tournament: an adapter importing any of these modules or names folds the domain itself. */
const GAME_FOLDING = [
  'domain/match/evolve.ts',
  'functions/games/app/history.ts',
  'functions/games/app/game-fold.ts',
  'domain/tournament/state.ts',
  'functions/tournaments/app/tournament-fold.ts',
];
const FOLD_NAMES = [
  'foldGame',
  'evolveGame',
  'historyFor',
  'gameFold',
  'foldTournament',
  'evolveTournament',
  'tournamentFold',
  'foldStream',
];
/** The rule systems: only the wiring imports them, to put them into `Deps` for the use cases; no store is given them. */
const RULE_SYSTEMS = 'domain/catalogue.ts';
const WIRING = ['functions/adapters/dynamo-deps.ts', 'functions/adapters/memory/deps.ts'];

/** The modules (as paths from the repository's root) and names `file` imports. */
const importsOf = (file: string) =>
  [...readFileSync(join(ROOT, file), 'utf8').matchAll(/import\s+(?:type\s+)?([^;]*?)\s+from\s+'([^']+)'/g)].map((m) => {
    const module = m[2] ?? '';
    return { names: m[1] ?? '', module: module.startsWith('.') ? relative(ROOT, resolve(dirname(join(ROOT, file)), module)) : module };
  });

/** What of the game's fold `file` imports, one line each. */
const foldingImports = (file: string): string[] =>
  importsOf(file)
    .filter(({ names, module }) => GAME_FOLDING.includes(module) || FOLD_NAMES.some((name) => new RegExp(`\\b${name}\\b`).test(names)))
    .map(({ module }) => `${file} imports ${module}`);

/** Every module under functions/adapters/, as a path from the repository's root. */
const adapterFiles = (): string[] =>
  readdirSync(ADAPTERS, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));

describe('HALL-2 one store port that takes the fold', () => {
  it('HALL-2 no adapter imports the game or tournament fold, the domain evolve or the takebacks history; only the wiring imports the rule systems', () => {
    const files = adapterFiles();
    expect(files).toEqual(
      expect.arrayContaining(['functions/adapters/event-store.ts', 'functions/adapters/memory/game-store.ts', ...WIRING]),
    );
    expect(files.flatMap(foldingImports)).toEqual([]);
    const rulesFrom = files.filter((file) => importsOf(file).some(({ module }) => module === RULE_SYSTEMS));
    expect(rulesFrom.sort()).toEqual([...WIRING].sort());
  });

  it('HALL-2 the scan finds the fold where it is imported: in the one game fold', () => {
    expect(foldingImports('functions/games/app/game-fold.ts')).toEqual([
      'functions/games/app/game-fold.ts imports domain/match/evolve.ts',
      'functions/games/app/game-fold.ts imports functions/games/app/history.ts',
    ]);
  });

  it('HALL-2 the memory store holds no fold of its own: a game loads through the fold it is handed', async () => {
    const deps = createMemoryDeps(RULESETS);
    expect(deps.store).toBeInstanceOf(MemoryGameStore);
    expect('fold' in deps.store).toBe(false);
    await give(deps, 'g_hall2', 'p_red', { type: 'CreateGame', ruleset: 'post-galactica', seat: 'red' });
    await give(deps, 'g_hall2', 'p_blue', { type: 'JoinGame' });
    const log = await deps.store.readAfter('g_hall2', 0);
    const { state } = await deps.store.load('g_hall2', gameFold(RULESETS));
    expect(state).toEqual(foldGame(RULESETS, log));
    expect(state.version).toBe(log.length);
  });

  it("HALL-2 a tournament's stream is loaded through the one store port with its own fold", async () => {
    const deps = createMemoryDeps(RULESETS);
    const tournamentId = 't_hall2';
    const give = (playerId: string, commandId: string, command: Parameters<typeof executeTournamentCommand>[1]['command']) =>
      executeTournamentCommand(deps, { tournamentId, commandId, command, caller: { kind: 'player', playerId } });
    const created = await give('p_org', 'create', {
      type: 'CreateTournament',
      tournamentId,
      name: 'Cup',
      format: 'swiss',
      rounds: 2,
      ruleset: 'post-galactica',
    });
    await give('p_ann', 'join', { type: 'JoinTournament' });
    await give('p_bob', 'join', { type: 'JoinTournament' });
    const log = await deps.store.readAfter(tournamentId, 0);
    expect(log.map((e) => e.type)).toEqual(['TournamentCreated', 'PlayerJoined', 'PlayerJoined']);

    // The log and its folded state; with a command id, its seed and the record (scoped to its sender) in the same load.
    const loaded = await deps.store.load(tournamentId, tournamentFold, '@by.p_ann.join');
    expect(loaded.state.events).toEqual(log);
    expect(loaded.state.state).toEqual(foldStream(log));
    expect(loaded.state.state).toMatchObject({ status: 'open', version: 3, players: ['p_ann', 'p_bob'] });
    expect(loaded.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(loaded.command).toEqual({ bodyHash: expect.any(String), firstSeq: 2, lastSeq: 2 });
    expect(loaded.fromSnapshot).toBeNull();
    expect(created.state).toEqual(foldStream(log.slice(0, 1)));
    // Without one, the stream alone.
    const plain = await deps.store.load(tournamentId, tournamentFold);
    expect([plain.state, plain.seed, plain.command]).toEqual([loaded.state, null, null]);

    // Folded in two steps (a retry folds what landed since onto what it had), the stream is the same as folded at once.
    const first = await tournamentFold.fold(log.slice(0, 1), tournamentFold.initial, () => Promise.reject(new Error('not asked')));
    expect(await tournamentFold.fold(log.slice(1), first, () => Promise.reject(new Error('not asked')))).toEqual(loaded.state);
    expect(await deps.store.load('t_none', tournamentFold)).toMatchObject({
      state: { events: [], state: { status: 'empty', version: 0 } },
    });
  });
});

/**
 * HALL-1: the service is organised by what it serves. Each feature's folder declares its own
 * routes (`http/operations.ts`: the declarations and their answers in the document) and holds
 * their handlers (`http/routes.ts`) and schemas (`http/schemas.ts`) beside its use cases
 * (`app/`); the route table only puts the features' lists together. So adding a route touches
 * its feature's operations.ts, routes.ts and use case, and nothing that lists every route.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clubResponses, clubRoutes } from '../../functions/clubs/http/operations.ts';
import { clubHandlers } from '../../functions/clubs/http/routes.ts';
import { docsResponses, docsRoutes } from '../../functions/docs/http/operations.ts';
import { docsHandlers } from '../../functions/docs/http/routes.ts';
import { gameResponses, gameRoutes } from '../../functions/games/http/operations.ts';
import { gameHandlers } from '../../functions/games/http/routes.ts';
import { ROUTES, type RouteDeclaration } from '../../functions/http/route-table.ts';
import { webhookResponses, webhookRoutes } from '../../functions/notifications/http/operations.ts';
import { webhookHandlers } from '../../functions/notifications/http/routes.ts';
import { playerResponses, playerRoutes } from '../../functions/players/http/operations.ts';
import { playerHandlers } from '../../functions/players/http/routes.ts';
import { tournamentResponses, tournamentRoutes } from '../../functions/tournaments/http/operations.ts';
import { tournamentHandlers } from '../../functions/tournaments/http/routes.ts';
import { FEATURES } from '../../scripts/import-graph.ts';

const ROOT = join(import.meta.dirname, '..', '..');

const noDeps = () => {
  throw new Error('no deps: only the handlers are listed');
};

/** What each feature's folder declares, answers and handles, as its modules export them. */
const FOLDERS: Record<
  (typeof FEATURES)[number],
  { routes: readonly RouteDeclaration[]; answers: () => object; handlers: object; tags: readonly RouteDeclaration['tag'][] }
> = {
  players: { routes: playerRoutes, answers: playerResponses, handlers: playerHandlers(noDeps), tags: ['players'] },
  docs: { routes: docsRoutes, answers: docsResponses, handlers: docsHandlers, tags: ['rulesets', 'meta'] },
  games: { routes: gameRoutes, answers: gameResponses, handlers: gameHandlers(noDeps), tags: ['games'] },
  tournaments: { routes: tournamentRoutes, answers: tournamentResponses, handlers: tournamentHandlers(noDeps), tags: ['tournaments'] },
  clubs: { routes: clubRoutes, answers: clubResponses, handlers: clubHandlers(noDeps), tags: ['clubs'] },
  notifications: { routes: webhookRoutes, answers: webhookResponses, handlers: webhookHandlers(noDeps), tags: ['webhooks'] },
};

const operationIds = (routes: readonly RouteDeclaration[]) => routes.map((r) => r.operationId).sort();

/** Every `.ts` file under `dir`, relative to the repository root. */
const sourcesUnder = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));

describe('HALL-1 each feature declares its own routes', () => {
  it("HALL-1 the route table is the features' lists, one after the other, in the document's order", () => {
    const features = ['players', 'docs', 'games', 'tournaments', 'clubs', 'notifications'] as const;
    expect([...features].sort()).toEqual([...FEATURES].sort());
    expect(ROUTES.map((r) => r.operationId)).toEqual(features.flatMap((f) => FOLDERS[f].routes.map((r) => r.operationId)));
  });

  it.each(FEATURES)('HALL-1 %s: every route of its tags is declared in its folder, and its folder declares no other', (feature) => {
    const { routes, tags } = FOLDERS[feature];
    expect(routes.length).toBeGreaterThan(0);
    expect(operationIds(routes)).toEqual(operationIds(ROUTES.filter((r) => tags.includes(r.tag))));
  });

  it('HALL-1 every tag of the document belongs to exactly one feature', () => {
    const owners = ROUTES.map((r) => FEATURES.filter((f) => FOLDERS[f].tags.includes(r.tag)));
    expect(owners.filter((o) => o.length !== 1)).toEqual([]);
  });

  it.each(FEATURES)('HALL-1 %s: its folder answers and handles exactly the routes it declares, each once', (feature) => {
    const { routes, answers, handlers } = FOLDERS[feature];
    expect(Object.keys(answers()).sort()).toEqual(operationIds(routes));
    expect(Object.keys(handlers).sort()).toEqual(operationIds(routes));
  });

  it("HALL-1 no route is declared outside its feature's operations.ts: no other module of functions/ names an operationId", () => {
    const declaring = sourcesUnder('functions').filter((path) => /\boperationId: '/.test(readFileSync(join(ROOT, path), 'utf8')));
    expect(declaring.sort()).toEqual(FEATURES.map((f) => join('functions', f, 'http', 'operations.ts')).sort());
  });

  it.each(FEATURES)('HALL-1 %s: its folder holds its routes, their answers and handlers, its schemas and its use cases', (feature) => {
    const http = join(ROOT, 'functions', feature, 'http');
    for (const file of ['operations.ts', 'routes.ts', 'schemas.ts'])
      expect(existsSync(join(http, file)), `${feature}/http/${file}`).toBe(true);
    // The docs read the domain and the other features' schemas only: they have no use case of their own.
    if (feature !== 'docs') expect(sourcesUnder(join('functions', feature, 'app')).length, feature).toBeGreaterThan(0);
  });
});

/** ARC-1: the application declares its ports and imports no adapter, no infra/ and no AWS SDK; nothing under functions/ imports infra/. */
import { readFileSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { folderCrossings, layerCrossings, sourcesUnder, specifiersOf } from '../../scripts/import-graph.ts';

const ROOT = resolve(import.meta.dirname, '../..');

describe('ARC-1 the layer rules', () => {
  it('ARC-1 no file under functions/ crosses the layers as the repository stands', () => {
    const crossings = sourcesUnder(resolve(ROOT, 'functions')).flatMap((file) =>
      layerCrossings(relative(ROOT, file).split(sep).join('/'), specifiersOf(readFileSync(file, 'utf8'))),
    );
    expect(crossings).toEqual([]);
  });

  it('ARC-1 the application importing an adapter, infra/, an entry point or the AWS SDK is a crossing', () => {
    expect(
      layerCrossings('functions/games/app/commands.ts', [
        '../../adapters/event-store.ts',
        '../../../infra/aws/stack.ts',
        '../http/routes.ts',
        '@aws-sdk/client-dynamodb',
        'aws-lambda',
      ]),
    ).toEqual([
      'functions/games/app/commands.ts: imports "../../adapters/event-store.ts": the application imports only itself and the domain (its ports are in functions/kernel/ports.ts)',
      'functions/games/app/commands.ts: imports "../../../infra/aws/stack.ts": nothing under functions/ imports infra/',
      'functions/games/app/commands.ts: imports "../../../infra/aws/stack.ts": the application imports only itself and the domain (its ports are in functions/kernel/ports.ts)',
      'functions/games/app/commands.ts: imports "../http/routes.ts": the application imports only itself and the domain (its ports are in functions/kernel/ports.ts)',
      'functions/games/app/commands.ts: imports "@aws-sdk/client-dynamodb": the application imports no AWS SDK; an adapter does',
      'functions/games/app/commands.ts: imports "aws-lambda": the application imports no AWS SDK; an adapter does',
    ]);
  });

  it('ARC-1 an adapter or an entry point may import the application and the SDK, but not infra/', () => {
    expect(layerCrossings('functions/adapters/event-store.ts', ['../kernel/ports.ts', '@aws-sdk/client-dynamodb', './tables.ts'])).toEqual(
      [],
    );
    expect(layerCrossings('functions/stream/projector.ts', ['../../infra/tables.ts'])).toEqual([
      'functions/stream/projector.ts: imports "../../infra/tables.ts": nothing under functions/ imports infra/',
    ]);
  });

  it("HALL-1 a feature's routes may import the application, the HTTP host and the domain, but no adapter or AWS SDK", () => {
    expect(
      layerCrossings('functions/clubs/http/routes.ts', [
        '../app/clubs.ts',
        '../../kernel/deps.ts',
        '../../http/respond.ts',
        '../../tournaments/http/schemas.ts',
        '../../../domain/match/view.ts',
      ]),
    ).toEqual([]);
    expect(layerCrossings('functions/clubs/http/routes.ts', ['../../adapters/club-table.ts', '@aws-sdk/client-dynamodb'])).toEqual([
      'functions/clubs/http/routes.ts: imports "../../adapters/club-table.ts": a feature\'s routes import only the application, the HTTP host\'s shared parts, other routes and the domain',
      'functions/clubs/http/routes.ts: imports "@aws-sdk/client-dynamodb": a feature\'s routes import no AWS SDK; an adapter does',
    ]);
  });

  it("HALL-1 one feature's use cases may import another's and the kernel, but not its routes", () => {
    expect(layerCrossings('functions/tournaments/app/tournaments.ts', ['../../games/app/commands.ts', '../../kernel/ports.ts'])).toEqual(
      [],
    );
    expect(layerCrossings('functions/tournaments/app/tournaments.ts', ['../../games/http/routes.ts'])).toEqual([
      'functions/tournaments/app/tournaments.ts: imports "../../games/http/routes.ts": the application imports only itself and the domain (its ports are in functions/kernel/ports.ts)',
    ]);
  });

  it('ARC-1 the application may import itself, the domain and packages that are not AWS', () => {
    expect(
      layerCrossings('functions/games/app/queries.ts', ['../../kernel/ports.ts', '../../../domain/match/view.ts', 'node:crypto', 'zod']),
    ).toEqual([]);
  });
});

describe('HALL-1 the folder rules', () => {
  it('HALL-1 a tool or anything the service runs importing test code is a crossing; a test importing scenarios/ is not', () => {
    expect(folderCrossings('scripts/fuzz.ts', ['test/support/hostile.ts', 'scenarios/hostile.ts'])).toEqual([
      'scripts/fuzz.ts: imports test/support/hostile.ts: tools and the service import nothing from test/ (what both play is in scenarios/) (HALL-1)',
    ]);
    expect(folderCrossings('functions/games/app/commands.ts', ['test/support/decider-spec.ts'])).toHaveLength(1);
    expect(folderCrossings('test/unit/fuzz.unit.test.ts', ['test/support/hostile.ts', 'scenarios/hostile.ts'])).toEqual([]);
  });

  it('HALL-1 the CLI importing the page is a crossing; importing what both draw is not', () => {
    expect(folderCrossings('tools/arbiter-cli/src/summary.ts', ['web/inspect.ts', 'render/renderers.ts'])).toEqual([
      'tools/arbiter-cli/src/summary.ts: imports web/inspect.ts: the CLI imports no page code (what both draw is in render/) (HALL-1)',
    ]);
    expect(folderCrossings('web/main.ts', ['render/board.ts'])).toEqual([]);
  });
});

/** ARC-1: the application declares its ports and imports no adapter, no infra/ and no AWS SDK; nothing under functions/ imports infra/. */
import { readFileSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { layerCrossings, sourcesUnder, specifiersOf } from '../../scripts/import-graph.ts';

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
      layerCrossings('functions/app/commands.ts', [
        '../adapters/event-store.ts',
        '../../infra/aws/stack.ts',
        '../http/router.ts',
        '@aws-sdk/client-dynamodb',
        'aws-lambda',
      ]),
    ).toEqual([
      'functions/app/commands.ts: imports "../adapters/event-store.ts": the application imports only itself and the domain (its ports are in functions/app/ports.ts)',
      'functions/app/commands.ts: imports "../../infra/aws/stack.ts": nothing under functions/ imports infra/',
      'functions/app/commands.ts: imports "../../infra/aws/stack.ts": the application imports only itself and the domain (its ports are in functions/app/ports.ts)',
      'functions/app/commands.ts: imports "../http/router.ts": the application imports only itself and the domain (its ports are in functions/app/ports.ts)',
      'functions/app/commands.ts: imports "@aws-sdk/client-dynamodb": the application imports no AWS SDK; an adapter does',
      'functions/app/commands.ts: imports "aws-lambda": the application imports no AWS SDK; an adapter does',
    ]);
  });

  it('ARC-1 an adapter or an entry point may import the application and the SDK, but not infra/', () => {
    expect(layerCrossings('functions/adapters/event-store.ts', ['../app/ports.ts', '@aws-sdk/client-dynamodb', './tables.ts'])).toEqual([]);
    expect(layerCrossings('functions/cli/rebuild.ts', ['../../infra/tables.ts'])).toEqual([
      'functions/cli/rebuild.ts: imports "../../infra/tables.ts": nothing under functions/ imports infra/',
    ]);
  });

  it('ARC-1 the application may import itself, the domain and packages that are not AWS', () => {
    expect(layerCrossings('functions/app/queries.ts', ['./ports.ts', '../../domain/match/view.ts', 'node:crypto', 'zod'])).toEqual([]);
  });
});

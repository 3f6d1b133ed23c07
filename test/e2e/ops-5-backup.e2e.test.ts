/**
 * OPS-5: a data folder backed up with `npm run backup` and restored with `npm run restore` into
 * another folder serves the same games, logs and ladders. The runtime is npm start's own, with
 * its own DynamoDB Local on the folder (as the user runs it), started twice: on the played folder,
 * then on the restored one. The commands run in this process, as their scripts call them.
 */
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keysFolder } from '../../functions/adapters/key-file.ts';
import { type Runtime, startRuntime } from '../../infra/local/runtime.ts';
import { backupCommand, DATABASE_FILE } from '../../scripts/backup.ts';
import { restoreCommand } from '../../scripts/restore.ts';
import { Client, commandId, eventually } from '../support/http.ts';
import { fakeResolver } from '../support/resolver.ts';

const root = mkdtempSync(join(tmpdir(), 'arbiter-ops5-'));
const played = join(root, 'played');
const restored = join(root, 'restored');
const archive = join(root, 'backup.tar.gz');
let runtime: Runtime | undefined;

const start = (dataDir: string) =>
  startRuntime({ port: 0, memory: false, dataDir, pollIntervalMs: 100, resolve: fakeResolver().resolve, log: () => {} });

/** What the folder serves of the games and the ladder, as text, byte for byte. */
interface Served {
  readonly games: Record<string, { view: string; log: string }>;
  readonly ladder: string;
  readonly keys: string;
}

let ann: Client;
let clubId: string;
const gameIds: string[] = [];

const read = async (url: string): Promise<Served> => {
  const text = async (path: string) => {
    const response = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${ann.apiKey}` } });
    expect(response.status, path).toBe(200);
    return response.text();
  };
  const games: Served['games'] = {};
  for (const id of gameIds) games[id] = { view: await text(`/games/${id}`), log: await text(`/games/${id}/log`) };
  return { games, ladder: await text(`/clubs/${clubId}/ladders/post-galactica`), keys: await text('/.well-known/arbiter-keys.json') };
};

let before: Served;

beforeAll(async () => {
  runtime = await start(played);
  const anon = new Client(runtime.url);
  const [a, b] = await Promise.all([anon.register('Ann'), anon.register('Bob')]);
  ann = a.client;
  const bob = b.client;
  const command = (c: Client, gameId: string, type: string) =>
    c.post(`/games/${gameId}/commands`, { commandId: commandId(), command: { type } });
  // A short match, drawn.
  const match = (await ann.post<{ gameId: string }>('/games', { ruleset: 'post-galactica', seat: 'red', options: { firstPlayer: 'red' } }))
    .body.gameId;
  await bob.post(`/games/${match}/join`, {});
  await command(ann, match, 'OfferDraw');
  await command(bob, match, 'AcceptDraw');
  // A rated game in Ann's club, which Bob concedes: the club's ladder rates it.
  clubId = (await ann.post<{ clubId: string }>('/clubs', { name: 'Backup club' })).body.clubId;
  await bob.post(`/clubs/${clubId}/join`, {});
  const rated = (
    await ann.post<{ gameId: string }>('/games', {
      ruleset: 'post-galactica',
      seat: 'red',
      options: { firstPlayer: 'red', club: { clubId, rated: true } },
    })
  ).body.gameId;
  await bob.post(`/games/${rated}/join`, {});
  await command(bob, rated, 'Concede');
  gameIds.push(match, rated);
  await eventually(
    () => ann.get<{ rated: number }>(`/clubs/${clubId}/ladders/post-galactica`),
    (r) => r.body.rated === 1,
  );
  await eventually(
    () => ann.get<{ status: string }>(`/games/${match}`),
    (r) => r.body.status === 'ended',
  );
  before = await read(runtime.url);
}, 60_000);

afterAll(async () => {
  await runtime?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('OPS-5 backup and restore of a data folder', () => {
  it('OPS-5 neither runs on a folder a runtime is using, and each says which runtime', () => {
    const backup = backupCommand(['--data', played, '--to', archive], {});
    expect(backup.code).toBe(1);
    expect(backup.text).toMatch(new RegExp(`^backup: the data folder ${played} is in use by another Arbiter, pid ${process.pid}`));
    const restore = restoreCommand([played, '--data', played], {});
    expect(restore).toEqual({ code: 2, text: `restore: ${played} is the data folder itself` });
    expect(restoreCommand([archive, '--data', played], {}).code).toBe(1);
  });

  it('OPS-5 a folder restored from the backup serves the same games, logs, ladder and keys, byte for byte', async () => {
    await runtime?.stop();
    runtime = undefined;
    expect(backupCommand(['--data', played, '--to', archive], {})).toEqual({
      code: 0,
      text: `Backed up ${played} to ${archive}; npm run restore -- ${archive} puts it back.`,
    });
    expect(restoreCommand([archive, '--data', restored], {})).toEqual({
      code: 0,
      text: `Restored ${archive} into ${restored}; npm start -- --data-dir ${restored} serves it.`,
    });
    // The signing key's private half keeps its mode, and the played runtime's claim is not copied.
    const pems = readdirSync(keysFolder(restored)).filter((f) => f.endsWith('.pem'));
    expect(pems).toHaveLength(1);
    expect(statSync(join(keysFolder(restored), pems[0] as string)).mode & 0o777).toBe(0o600);
    expect(readdirSync(restored)).not.toContain('arbiter.pid');
    runtime = await start(restored);
    const after = await read(runtime.url);
    expect(after.keys).toBe(before.keys);
    expect(after.ladder).toBe(before.ladder);
    for (const id of gameIds) {
      expect(after.games[id]?.view, id).toBe(before.games[id]?.view);
      expect(after.games[id]?.log, id).toBe(before.games[id]?.log);
    }
    expect(JSON.parse(after.ladder).players).toHaveLength(2);
  }, 60_000);

  it('OPS-5 neither overwrites a folder with something in it without --force, and --force replaces it whole', async () => {
    await runtime?.stop();
    runtime = undefined;
    const copy = join(root, 'copy');
    expect(backupCommand(['--data', restored, '--to', copy], {}).code).toBe(0);
    expect(statSync(join(copy, DATABASE_FILE)).isFile()).toBe(true);
    expect(backupCommand(['--data', restored, '--to', copy], {})).toEqual({
      code: 2,
      text: `backup: ${copy} is not empty; choose another --to, or add --force to replace it`,
    });
    writeFileSync(join(restored, 'stray.txt'), 'not from the backup');
    expect(restoreCommand([copy, '--data', restored], {})).toEqual({
      code: 2,
      text: `restore: ${restored} is not empty; restore into another --data, or add --force to replace it whole`,
    });
    expect(restoreCommand([copy, '--data', restored, '--force'], {}).code).toBe(0);
    expect(readdirSync(restored)).not.toContain('stray.txt');
    expect(backupCommand(['--bogus'], {})).toEqual({
      code: 2,
      text: 'backup: there is no option --bogus; the options are --data, --to, --force, --help',
    });
    expect(restoreCommand([join(root, 'nothing.tgz'), '--data', join(root, 'fresh')], {})).toEqual({
      code: 2,
      text: `restore: there is no archive ${join(root, 'nothing.tgz')}`,
    });
  });
});

/**
 * TB-7 in a real Chromium: a live game with an own-move takeback, followed in the page. The
 * voided events are struck through and name the takeback; the takeback line shows the rewind;
 * stepping onto a voided event shows the game as it was then and says it was voided; the board
 * after the takeback is the rewound game; the play panel offers TakeBack with its form and shows
 * a refusal's rule and sentence. Then a sandbox forked from it is followed (TB-6): its first
 * line names its origin, and the origin's log, given as a second file, proves the shared prefix.
 * web/voided.ts and web/fork.ts are tested without a browser in
 * test/unit/viewer-takebacks.unit.test.ts and test/unit/viewer-forks.unit.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../domain/kernel/envelope.ts';
import { browserSession } from '../support/browser-session.ts';
import { postGalacticaGame } from '../support/games.ts';
import { Client, commandId } from '../support/http.ts';

const session = browserSession();

type Reply = { events: EventEnvelope[]; version: number };

describe('TB-7 takebacks in the viewer', () => {
  it('TB-7 TB-1 TB-6 PG-4 voided events struck through, the rewind shown, the board at and after the takeback, TakeBack offered, and a fork of it followed', async () => {
    const anon = new Client(session.url);
    const [ann, bob] = await Promise.all([anon.register('Ann'), anon.register('Bob')]);
    const { gameId, version } = await postGalacticaGame(ann.client, bob.client, {});
    const give = async (command: object) => {
      const reply = await ann.client.post<Reply>(`/games/${gameId}/commands`, { commandId: commandId(), command });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return reply.body.events;
    };
    // Red ends its Command Phase, then takes it back: the game returns to the Command Phase.
    const ended = (await give({ type: 'EndPhase' })).map((e) => e.seq);
    const [taken] = await give({ type: 'TakeBack', reason: 'too soon' });
    const by = taken?.seq as number;
    expect(taken?.data).toMatchObject({ toVersion: version, voids: [{ from: ended[0], to: ended.at(-1) }] });

    const { page, errors } = await session.open();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.fill('#game-id', gameId);
    await page.fill('#api-key', ann.client.apiKey as string);
    await page.click('#live button[type=submit]');
    await page.waitForSelector(`#events li[data-seq="${by}"]`);

    // Every voided line is struck through and names the takeback; the lines before it are not.
    type Line = { seq: number; mark: string | null; by: string | null; note: string | null; struck: string; text: string };
    // A string, as the other browser tests pass code that needs the page's own globals (getComputedStyle).
    const lines = (await page.evaluate(`[...document.querySelectorAll('#events li')].map((li) => ({
      seq: Number(li.dataset.seq),
      mark: li.getAttribute('data-mark'),
      by: li.getAttribute('data-by'),
      note: li.querySelector('.mark')?.textContent ?? null,
      struck: getComputedStyle(li.querySelector('.text')).textDecorationLine,
      text: li.querySelector('.text')?.textContent ?? '',
    }))`)) as Line[];
    for (const line of lines) {
      const voided = ended.includes(line.seq);
      expect(line, `event ${line.seq}`).toMatchObject(
        voided
          ? { mark: 'voided', by: String(by), note: ` (voided by event ${by})`, struck: 'line-through' }
          : { mark: null, note: null, struck: 'none' },
      );
    }
    const voidedText = ended.length === 1 ? `event ${ended[0]}` : `events ${ended[0]}–${ended.at(-1)}`;
    // TABLE-7: a live game's export names each seat's player.
    expect(lines.at(-1)?.text).toBe(
      `${by}. red (Ann): takeback by red: back to version ${version}, voiding ${voidedText}, because "too soon"`,
    );

    // After the takeback the board is the rewound game: the Command Phase again, waiting for red.
    expect(await page.textContent('#position')).toBe(`event ${by} of ${by}`);
    expect(await page.textContent('#board-note')).toContain('The game is at turn 1, the command step, waiting for red.');
    expect(await page.$('#void-note')).toBeNull();

    // On the last voided event the board is the game as it was then, and says it was voided.
    const last = ended.at(-1) as number;
    await page.click(`#events li[data-seq="${last}"]`);
    expect(await page.textContent('#position')).toBe(`event ${last} of ${by}`);
    expect(await page.textContent('#board-note')).toContain('The game is at turn 1, the resource step, waiting for red.');
    expect(await page.textContent('#void-note')).toBe(
      `Event ${last} was voided by event ${by}: red took the game back to version ${version} ("too soon"). The board shows the game as it was then; play went on from version ${version}, and the event stays in the log.`,
    );

    // The play panel offers TakeBack with its form; the referee's refusal shows its rule and sentence.
    await page.waitForSelector('#play select[name="command"] option[value="TakeBack"]', { state: 'attached' });
    await page.selectOption('#play select[name="command"]', 'TakeBack');
    expect(await page.textContent('#play .about')).toContain('(TB-1)');
    const fields = await page.$$eval('#play .fields input', (els) => els.map((el) => el.getAttribute('name')).sort());
    expect(fields).toEqual(['reason', 'toVersion']);
    await page.click('#play button[type=submit]');
    await page.waitForSelector('#play .result[data-outcome="refused"]');
    expect(await page.getAttribute('#play .result', 'data-rule')).toBe('TB-1');
    expect(await page.textContent('#play .result')).toBe(
      `Refused under TB-1: Nothing of yours to take back since event ${version}: you took back everything after it.`,
    );
    // Chromium logs the refused request itself; the page raised nothing.
    expect(errors).toEqual(['Failed to load resource: the server responded with a status of 409 (Conflict)']);

    // TB-6, TB-7: a sandbox forked from the game as it now stands, followed live in the same page
    // (test/unit/viewer-forks.unit.test.ts pins the words): its first line names where it came
    // from, its board is the carried position, and its verdict proves the shared prefix only once
    // the origin's log is given too.
    const forked = await ann.client.post<{ gameId: string }>(`/games/${gameId}/forks`, {
      version: by,
      kind: 'sandbox',
      commandId: commandId(),
    });
    expect(forked.status, JSON.stringify(forked.body)).toBe(201);
    await page.fill('#game-id', forked.body.gameId);
    await page.click('#live button[type=submit]');
    await page.waitForSelector('#fork-origin:not(.hidden)');
    expect(await page.textContent('#events li[data-seq="1"] .text')).toMatch(
      new RegExp(`^1\\. referee: forked from game ${gameId} at version ${by} \\(chain hash [0-9a-f]{12}…\\) as a sandbox: `),
    );
    expect(await page.$$eval('#events li', (els) => els.length)).toBe(1);
    expect(await page.textContent('#board-note')).toContain('The game is at turn 1, the command step, waiting for red.');
    expect(await page.textContent('#fork-note')).toContain(`This game starts from game ${gameId} as it stood after its event ${by}`);
    expect(await page.getAttribute('#verdict', 'data-verdict')).toBe('pending');
    expect(await page.textContent('#verdict')).toContain(`the shared prefix (events 1–${by} of game ${gameId}) is not proved here`);
    const origin = await fetch(`${session.url}/games/${gameId}/log`, { headers: { authorization: `Bearer ${ann.client.apiKey}` } });
    await page.setInputFiles('#origin-file', {
      name: 'origin.ndjson',
      mimeType: 'application/x-ndjson',
      buffer: Buffer.from(await origin.text()),
    });
    await page.waitForSelector('#checks li[data-check="origin"].pass');
    expect(await page.textContent('#verdict')).toBe(
      `Nothing failed, the shared prefix (events 1–${by} of game ${gameId}) included; 2 check(s) wait for the seed, revealed when the game ends (the log as it was when you started watching, 1 events).`,
    );
    expect(errors).toHaveLength(1);
  }, 120_000);
});

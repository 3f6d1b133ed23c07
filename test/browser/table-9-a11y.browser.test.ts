/**
 * TABLE-9 in a real Chromium against the memory runtime: usable without a mouse. axe-core finds
 * no serious or critical violation on the table (a live Post Galactica game, its armies on the
 * table and the play panel drawn), on the replay of each reference log the page offers (a piece
 * inspected), on the page before anything is opened, and on the lobby (signed out; then signed
 * in, with a game of the player's listed).
 */
import { describe, it } from 'vitest';
import { SAMPLE_LOGS } from '../../web/samples.ts';
import { blockingViolations } from '../support/axe.ts';
import { browserSession } from '../support/browser-session.ts';
import { followTable, seatedTable, type Table, type TableView } from '../support/browser-table.ts';

const SLOW = 30_000;

const session = browserSession();

/** A Post Galactica game of the example scenario, both armies deployed, at the first Movement Phase. */
const atMovement = async (): Promise<{ game: Table; view: TableView }> => {
  const game = await seatedTable(session.url, 'post-galactica', ['red', 'blue'], {
    firstPlayer: 'red',
    rules: { scenario: 'example' },
  });
  let view = await game.view('red', game.version);
  for (let sends = 0; view.step?.phase !== 'movement'; sends += 1) {
    if (sends >= 10) throw new Error(`no Movement Phase after ${sends} commands: ${view.step?.phase}`);
    const command = view.step?.phase === 'deployment' ? { type: 'Deploy', units: [], auto: true } : { type: 'EndPhase' };
    view = await game.view('red', await game.send(view.awaiting[0] as string, command));
  }
  return { game, view };
};

describe('TABLE-9 usable without a mouse', () => {
  it.concurrent(
    'TABLE-9 the table: a Post Galactica game, armies deployed, its Move form drawn, has no serious or critical axe-core violation',
    async ({ expect }) => {
      const { game, view } = await atMovement();
      const page = await followTable(session, game, view.awaiting[0] as string, view.version);
      await page.selectOption('#play select[name="command"]', 'Move');
      expect(await page.locator('#board svg [data-piece]').count()).toBeGreaterThan(0);
      expect(await blockingViolations(page)).toEqual([]);
    },
    SLOW,
  );

  for (const sample of SAMPLE_LOGS) {
    it.concurrent(
      `TABLE-9 the replay of ${sample.file}, a piece inspected, and the page before it have no serious or critical axe-core violation`,
      async ({ expect }) => {
        const { page } = await session.open('/');
        expect(await blockingViolations(page)).toEqual([]);
        await page.click(`[data-sample="${sample.file}"]`);
        await page.click('#board svg [data-piece]');
        await page.waitForSelector('#inspect dl');
        expect(await blockingViolations(page)).toEqual([]);
      },
      SLOW,
    );
  }

  it.concurrent(
    'TABLE-9 the lobby, signed out and then with a player registered and a game created, has no serious or critical axe-core violation',
    async ({ expect }) => {
      const { page } = await session.open('/lobby');
      // A page kept from another test may hold a key in its storage: the lobby starts signed out.
      await page.evaluate('localStorage.clear()');
      await page.reload();
      expect(await blockingViolations(page)).toEqual([]);
      await page.getByLabel('Your name').fill('Ann');
      await page.getByRole('button', { name: 'Register' }).click();
      await page.getByText('Playing as Ann').waitFor();
      await page.getByLabel('Ruleset').selectOption({ label: "Sol'una" });
      await page.getByRole('button', { name: 'Create' }).click();
      await page.locator('#created').filter({ hasText: 'Created' }).waitFor();
      await page.locator('#mine tbody tr').first().waitFor();
      expect(await blockingViolations(page)).toEqual([]);
    },
    SLOW,
  );
});

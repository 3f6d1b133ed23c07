/**
 * VIEW-16 in a real Chromium against the memory runtime (`browserSession()`: its stream is
 * asynchronous, as DynamoDB's is, so the read model's lag is real and the pages read their
 * own writes with minVersion): two seats, each in a browser context of its own with its own
 * key, play the first turn of a game of each ruleset from the page (GSC2's every step,
 * Movement to Repairs, until turn 2 begins): the first player chosen from a form, only the
 * commands of the current step offered, commands built from the published schemas, board
 * clicks filling ids and positions, a refusal shown with its rule, sealed orders seen only by
 * their seat, and each page's board moved by the long-poll. VIEW-17: the seat's turn to play
 * is photographed at 1280×800 and 375 px. The page is the subject, not storage, so it runs in
 * the browser tier (docs/design.md §17).
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotsDir } from '../support/browser.ts';
import { browserSession } from '../support/browser-session.ts';
import { Client, eventually } from '../support/http.ts';

/** VIEW-17: a temporary folder, or docs/screenshots under `npm run screenshots`. */
const shots = screenshotsDir();
const SLOW = 240_000;

/**
 * GSC2's whole first turn with every step awaited by both seats (numbers ours, as in
 * test/service/gsc2.service.test.ts): targeting 4 + aspect 8 hits on any d10; the missile's 1
 * point takes the target's one shield level, so the beam's 1 point is full damage; armor 0
 * fails every armor roll and every chart row starts with battery B, which the Repairs step
 * then tries to mend. Squads and a transporter make both seats awaited in Boarding.
 */
const GUNSHIP = {
  ...{ size: 6, drive: 12, turnDistance: 4, targeting: 4, aspect: { bow: 8, broadside: 8, stern: 8 } },
  ...{ deflectors: 0, shields: 1, armor: 0, hull: 100, repairUnits: 1, crew: 2, assaultSquads: 1, transporters: 1 },
  batteries: [
    { id: 'A', class: 'medium', weapons: 1, damage: 1, mount: 'T' },
    { id: 'B', class: 'light', weapons: 1, damage: 1, mount: 'T' },
  ],
  missileBatteries: [{ id: 'M1', missiles: 1, damage: 1 }],
  damageChart: Array.from({ length: 10 }, () => ['battery:B', 'drive']),
};
const gunship = (id: string, x: number, y: number, facing: number) => ({ id, name: id, design: 'gunship', x, y, facing });
const GSC_SCENARIO = {
  designs: { gunship: GUNSHIP },
  fleets: {
    red: [gunship('ram', 0, 0, 0), gunship('rook', 20, 0, 0)],
    blue: [gunship('bee', 0, 10, 4), gunship('bat', 20, 10, 4)],
  },
  terrain: [],
};
const FLEETS = { red: ['ram', 'rook'], blue: ['bee', 'bat'] } as const;
/** The ship that shoots and the enemy it shoots at, per seat. */
const PAIR = { red: ['ram', 'bee'], blue: ['bee', 'ram'] } as const;

const session = browserSession();

interface View {
  version: number;
  status: string;
  awaiting: string[];
  step: { phase: string } | null;
  game: Record<string, unknown> | null;
}

interface Seat {
  readonly name: string;
  readonly client: Client;
  readonly page: Page;
}

/** A game of `ruleset` between Ann (the creator's seat) and Bob, each watching it in a page of their own. */
const table = async (
  ruleset: string,
  seats: [string, string],
  options?: object,
): Promise<{ gameId: string; seats: Seat[]; view(): Promise<View> }> => {
  const anon = new Client(session.url);
  const [ann, bob] = await Promise.all([anon.register('Ann'), anon.register('Bob')]);
  const { gameId } = (await ann.client.post<{ gameId: string }>('/games', { ruleset, seat: seats[0], ...(options ? { options } : {}) }))
    .body;
  expect((await bob.client.post(`/games/${gameId}/join`, {})).status).toBe(200);
  const opened = await Promise.all([session.open('/'), session.open('/')]);
  const players = [ann.client, bob.client];
  const both = opened.map(({ page }, i) => ({ name: seats[i] as string, client: players[i] as Client, page }));
  await Promise.all(
    both.map(async ({ page, client }) => {
      await page.fill('#game-id', gameId);
      await page.fill('#api-key', client.apiKey as string);
      await page.click('#live button[type=submit]');
      await page.waitForSelector('#play:not(.hidden)');
    }),
  );
  // The read model follows the stream: read the log's newest event first, then ask for a view
  // at least that new (minVersion), as a client reads its own writes.
  let known = 0;
  const latest = async (): Promise<number> => {
    for (;;) {
      const page = await ann.client.get<{ events: { seq: number }[] }>(`/games/${gameId}/events?after=${known}`);
      const last = page.body.events.at(-1);
      if (!last) return known;
      known = last.seq;
    }
  };
  return { gameId, seats: both, view: async () => (await ann.client.get<View>(`/games/${gameId}?minVersion=${await latest()}`)).body };
};

/**
 * Click `piece` as a player would: at its centre. Two ships can end a turn overlapping (where
 * depends on the dice: who moves first), and a click at the centre of one then lands on the
 * other, as it would for a person, who would click again on the part of the ship they mean;
 * that second click is the click delivered to the piece itself.
 */
const clickPiece = async (page: Page, input: string, piece: string): Promise<void> => {
  const selector = `#board [data-piece="${piece}"]`;
  await page.click(selector, { force: true });
  if ((await page.inputValue(input)) !== piece) await page.locator(selector).first().dispatchEvent('click');
};

/** The page has every event the server has, and its panel has caught up with them. */
const caughtUp = async (page: Page, version: number): Promise<void> => {
  try {
    await eventually(
      async () => page.$$eval('#events li', (els) => els.length),
      (n) => n === version,
      30_000,
    );
  } catch (error) {
    throw new Error(`${(error as Error).message}; the page says: ${await page.textContent('#status')}`);
  }
};

/** The page has every event up to `version`, and its panel offers what the view at that version says. */
const ready = async (page: Page, version: number): Promise<void> => {
  await caughtUp(page, version);
  await page.waitForSelector(`#play[data-version="${version}"]`, { state: 'attached' });
};

/** Chooses `type` in the seat's panel once it is offered. */
const pick = async (page: Page, type: string): Promise<void> => {
  await page.waitForSelector(`#play select[name="command"] option[value="${type}"]`, { state: 'attached' });
  await page.selectOption('#play select[name="command"]', type);
};

/** Sends the form and gives back the outcome and the sentence shown. */
const send = async (page: Page): Promise<{ outcome: string; text: string }> => {
  await page.$eval('#play .result', (el) => el.removeAttribute('data-outcome'));
  await page.click('#play button[type="submit"]');
  // TABLE-4: orders that leave a model or ship idle are asked about first; these tests mean them.
  const settled = '#play .result:is([data-outcome="accepted"], [data-outcome="refused"], [data-outcome="incomplete"])';
  await page.waitForSelector(`#play .confirm:not(.hidden), ${settled}`);
  if (await page.isVisible('#play .confirm')) await page.click('#play .confirm .yes');
  const result = await page.waitForSelector(settled);
  return { outcome: (await result.getAttribute('data-outcome')) ?? '', text: (await result.textContent()) ?? '' };
};

const seatNamed = (seats: Seat[], name: string): Seat => seats.find((s) => s.name === name) as Seat;

/** The first player is chosen from the page by the seat the game waits for (PBM-9). */
const chooseFirst = async (game: Awaited<ReturnType<typeof table>>, first: string): Promise<void> => {
  const view = await game.view();
  const chooser = seatNamed(game.seats, view.awaiting[0] as string);
  await caughtUp(chooser.page, view.version);
  await pick(chooser.page, 'ChooseFirstPlayer');
  // TABLE-8: a seat is picked from the game's seats, not typed.
  await chooser.page.selectOption('#play select[name="seat"]', first);
  expect(await send(chooser.page)).toMatchObject({
    outcome: 'accepted',
    text: expect.stringMatching(/^Accepted: \d+ event\(s\), FirstPlayerChosen/),
  });
};

const photograph = async (page: Page, name: string): Promise<void> => {
  await page.screenshot({ path: join(shots, `${name}-1280.png`) });
  await page.setViewportSize({ width: 375, height: 740 });
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
  await page.screenshot({ path: join(shots, `${name}-375.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
};

describe('playing from the page', () => {
  it.concurrent(
    "VIEW-16 PG-4 Post Galactica without a scenario: red's first turn, phase by phase, from red's page; a refusal shows its rule; blue's board follows",
    async () => {
      const game = await table('post-galactica', ['red', 'blue']);
      await chooseFirst(game, 'red');
      const red = seatNamed(game.seats, 'red');
      const blue = seatNamed(game.seats, 'blue');
      let view = await game.view();
      expect(view).toMatchObject({ status: 'playing', awaiting: ['red'], step: { phase: 'command' } });
      await ready(red.page, view.version);
      // Deploying is over before the first turn, so Deploy is not offered now (VIEW-16).
      expect(await red.page.$$eval('#play select[name="command"] option', (els) => els.map((el) => el.textContent))).not.toContain(
        'Deploy',
      );
      // Ending a phase that is not the current one: the referee says no, with its rule.
      await pick(red.page, 'EndPhase');
      await red.page.selectOption('#play select[name="phase"]', 'resource');
      const refused = await send(red.page);
      expect(refused.outcome).toBe('refused');
      expect(refused.text).toBe('Refused under PG-4: You asked to end the Resource Phase, but it is the Command Phase.');
      expect(await red.page.getAttribute('#play .result', 'data-rule')).toMatch(/^PG-\d+$/);
      await photograph(red.page, 'play-post-galactica');
      await red.page.selectOption('#play select[name="phase"]', '');
      for (let phases = 0; view.awaiting.includes('red') && view.status === 'playing'; phases += 1) {
        expect(phases).toBeLessThan(12);
        await ready(red.page, view.version);
        await pick(red.page, 'EndPhase');
        expect((await send(red.page)).outcome).toBe('accepted');
        view = await game.view();
      }
      expect(view.awaiting).toEqual(['blue']);
      // Blue's page moved with the long-poll: every event, and the table's sentence says whose turn it is.
      await caughtUp(blue.page, view.version);
      expect(await blue.page.textContent('#board-note')).toMatch(/waiting for blue\.$/);
      await blue.page.waitForSelector('#play form:not(.hidden)');
      expect(await blue.page.$$eval('#play select[name="command"] option', (els) => els.map((el) => el.textContent))).toContain('EndPhase');
      // Red's panel asks for the view once the page has the events: it says so a moment later.
      expect(
        await eventually(
          () => red.page.textContent('#play .waiting'),
          (text) => text === 'Waiting for blue.',
        ),
      ).toBe('Waiting for blue.');
    },
    SLOW,
  );

  it.concurrent(
    "VIEW-16 SOL-3 Sol'una: each phase's sealed actions composed on the page with board clicks; the other seat sees them sealed; turn 1 played through",
    async () => {
      const game = await table('soluna', ['sun', 'moon']);
      await chooseFirst(game, 'sun');
      let view = await game.view();
      let refusedOnce = false;
      let sealedOnce = false;
      for (let rounds = 0; view.status === 'playing' && (view.game?.turn as number) === 1; rounds += 1) {
        expect(rounds).toBeLessThan(25);
        const seatName = view.awaiting[0] as string;
        const seat = seatNamed(game.seats, seatName);
        const other = game.seats.find((s) => s !== seat) as Seat;
        const eligible = (view.game?.eligible as Record<string, string[]> | undefined)?.[seatName] ?? [];
        // The panel, not only the board, at this version: a panel still redrawing would drop the rows added below.
        await ready(seat.page, view.version);
        await pick(seat.page, 'SubmitActions');
        if (!refusedOnce) {
          // No choice for a model that may act: SOL-3's refusal, in its own words.
          const refused = await send(seat.page);
          expect(refused).toEqual({
            outcome: 'refused',
            text: expect.stringMatching(/^Refused under SOL-3: Choose for every model of yours that may act in phase \d+: /),
          });
          refusedOnce = true;
          await photograph(seat.page, 'play-soluna');
        }
        for (const [i, model] of eligible.entries()) {
          await seat.page.click('#play fieldset.list > button.add');
          const row = seat.page.locator('#play fieldset.list > ol > li').nth(i);
          // A click on the piece fills the model's id.
          await row.locator('input[name="model"]').focus();
          await seat.page.click(`#board [data-piece="${model}"]`, { force: true });
          expect(await row.locator('input[name="model"]').inputValue()).toBe(model);
          if (i === 0 && rounds === 0) {
            // A click on the table fills the focused square: the piece's own square, from the board.
            await row.locator('input[name="to-0"]').focus();
            await seat.page.click(`#board [data-piece="${model}"]`, { force: true });
            const at = await seat.page.$eval(`#board [data-piece="${model}"]`, (el) => [
              el.getAttribute('data-x'),
              el.getAttribute('data-y'),
            ]);
            expect([await row.locator('input[name="to-0"]').inputValue(), await row.locator('input[name="to-1"]').inputValue()]).toEqual(
              at,
            );
          }
          await row.locator('select[name="action-variant"]').selectOption({ label: 'none' });
        }
        const sent = await send(seat.page);
        expect(sent.outcome, sent.text).toBe('accepted');
        if (!sealedOnce) {
          const sealed = Number(/^Accepted: /.test(sent.text) ? (await game.view()).version : 0);
          const events = (
            await seat.client.get<{ events: { seq: number; type: string }[] }>(`/games/${game.gameId}/events?after=0&limit=500`)
          ).body.events;
          const mine = events.filter((e) => e.type === 'ActionsSealed').at(-1)?.seq as number;
          await Promise.all([caughtUp(seat.page, sealed), caughtUp(other.page, sealed)]);
          expect(await seat.page.textContent(`#events li[data-seq="${mine}"]`)).toMatch(
            // TABLE-7: a live game's export names each seat's player.
            new RegExp(`^${mine}\\. ${seatName} \\([^)]+\\): ${seatName} sealed its orders for `),
          );
          expect(await other.page.textContent(`#events li[data-seq="${mine}"]`)).toMatch(
            new RegExp(`^${mine}\\. ${seatName} \\([^)]+\\): sealed orders \\(hidden from this seat until they are revealed\\)$`),
          );
          sealedOnce = true;
        }
        view = await game.view();
      }
      expect(view.game?.turn).toBe(2);
      for (const seat of game.seats) await caughtUp(seat.page, view.version);
      expect(await game.seats[1]?.page.textContent('#events')).toMatch(/referee: turn 2 began/);
    },
    SLOW,
  );

  it.concurrent(
    "VIEW-16 GSC-1 GSC2: both seats play the whole first turn from the page, Movement to Repairs, each step's commands offered; turn 2 begins",
    async () => {
      const game = await table('gsc2', ['red', 'blue'], { rules: GSC_SCENARIO });
      await chooseFirst(game, 'red');
      const red = seatNamed(game.seats, 'red');
      const blue = seatNamed(game.seats, 'blue');
      let view = await game.view();
      const offered = (page: Page) => page.$$eval('#play select[name="command"] option', (els) => els.map((el) => el.textContent));
      /** Focuses `input` of the panel (in `within`) and clicks `piece` on the board: the id is filled from the click. */
      const clickInto = async (page: Page, input: string, piece: string): Promise<void> => {
        await page.focus(input);
        await clickPiece(page, input, piece);
        expect(await page.inputValue(input)).toBe(piece);
      };

      // Movement (GSC-3): on equal fleets the seat that is not first opens with a group of its own size.
      const moved = new Set<string>();
      let refusedOnce = false;
      for (let sends = 0; view.step?.phase === 'movement'; sends += 1) {
        expect(sends).toBeLessThan(12);
        const seat = seatNamed(game.seats, view.awaiting[0] as string);
        const other = game.seats.find((s) => s !== seat) as Seat;
        const movement = view.game?.movement as { mode: string; quota: number };
        await Promise.all([ready(seat.page, view.version), ready(other.page, view.version)]);
        expect(await offered(seat.page)).toEqual(expect.arrayContaining(['MoveShip', 'DeferMove', 'EndMoves']));
        // GSC-5: the seat that waits may still hold back or arm against the mover; moving is not offered to it.
        expect(await offered(other.page)).toEqual(['UseTractorBeam', 'ArmTractorBeam', 'UseSystem']);
        expect(await other.page.textContent('#play .waiting')).toBe(
          `Waiting for ${seat.name}. Meanwhile you may send UseTractorBeam, ArmTractorBeam, UseSystem.`,
        );
        if (movement.mode === 'free' && movement.quota > 0) {
          await pick(seat.page, 'EndMoves');
          expect((await send(seat.page)).outcome).toBe('accepted');
        } else {
          const ship = FLEETS[seat.name as 'red' | 'blue'].find((id) => !moved.has(id)) as string;
          await pick(seat.page, 'MoveShip');
          await clickInto(seat.page, '#play input[name="ship"]', ship);
          await seat.page.click('#play fieldset.list > button.add');
          if (!refusedOnce) {
            // Farther than the drive (12"): refused with GSC-4's rule and sentence, nothing moved.
            await seat.page.fill('#play fieldset.list input[name="inches"]', '30');
            const refused = await send(seat.page);
            expect(refused).toEqual({
              outcome: 'refused',
              text: `Refused under GSC-4: ${ship} has 12" of movement left but the path asks for 30" more.`,
            });
            expect(await seat.page.getAttribute('#play .result', 'data-rule')).toBe('GSC-4');
            refusedOnce = true;
          }
          await seat.page.fill('#play fieldset.list input[name="inches"]', '1');
          expect((await send(seat.page)).outcome).toBe('accepted');
          moved.add(ship);
          view = await game.view();
          // The other seat's board moved with the long-poll: the ship is 1" further along its heading.
          await caughtUp(other.page, view.version);
          const at = (view.game?.ships as Record<string, { at: { x: number; y: number } }> | undefined)?.[ship]?.at;
          expect(
            await other.page.$eval(`#board [data-piece="${ship}"]`, (el) => [el.getAttribute('data-x'), el.getAttribute('data-y')]),
          ).toEqual([String(at?.x), String(at?.y)]);
          expect(at?.y).toBe(seat.name === 'red' ? 1 : 9);
        }
        view = await game.view();
      }
      expect(refusedOnce).toBe(true);
      expect(moved.size).toBe(4);

      /** Each seat seals `step`'s orders from the page, filling one line of `list` per order by clicks on the board. */
      const sealedStep = async (step: string, list: string | null, fill: (seat: Seat) => Promise<void>): Promise<void> => {
        expect(view).toMatchObject({ step: { phase: step } });
        expect([...view.awaiting].sort()).toEqual(['blue', 'red']);
        for (const seat of game.seats) {
          await ready(seat.page, view.version);
          expect(await offered(seat.page)).toContain('SubmitOrders');
          expect(await offered(seat.page)).not.toContain('MoveShip');
          await pick(seat.page, 'SubmitOrders');
          // The orders start on the step's own kind (GSC-1).
          expect(await seat.page.$eval('#play select[name="orders-variant"]', (el) => el.selectedOptions[0]?.textContent)).toBe(step);
          if (list) {
            await seat.page.click(`#play fieldset.list:has(> legend:text-is("${list}")) > button.add`);
            await fill(seat);
          }
          const sent = await send(seat.page);
          expect(sent.outcome, sent.text).toBe('accepted');
          view = await game.view();
        }
      };
      const row = '#play fieldset.list > ol > li';
      const aimAtFoe = async (seat: Seat, battery: string) => {
        const [ship, foe] = PAIR[seat.name as 'red' | 'blue'];
        await clickInto(seat.page, `${row} input[name="ship"]`, ship);
        await seat.page.fill(`${row} input[name="battery"]`, battery);
        await clickInto(seat.page, `${row} input[name="target"]`, foe);
      };

      // Missiles (GSC-7): each seat launches one missile; the orders are sealed, then revealed together.
      await sealedStep('missiles', 'launches', (seat) => aimAtFoe(seat, 'M1'));
      for (const seat of game.seats) await caughtUp(seat.page, view.version);
      const redLines = await red.page.$$eval('#events li', (els) => els.map((el) => el.textContent ?? ''));
      const blueLines = await blue.page.$$eval('#events li', (els) => els.map((el) => el.textContent ?? ''));
      const redSealed = redLines.findIndex((l) => / red \([^)]+\): red sealed its orders for /.test(l));
      expect(redSealed).toBeGreaterThan(0);
      expect(blueLines[redSealed]).toMatch(/^\d+\. red \([^)]+\): sealed orders \(hidden from this seat until they are revealed\)$/);
      expect(redLines.some((l) => / blue \([^)]+\): sealed orders \(hidden/.test(l))).toBe(true);
      expect(redLines.join('\n')).toMatch(/referee: the sealed orders for the missiles step of turn 1 were revealed/);

      // Beams (GSC-11): each seat fires battery A at the ship its missile hit; shields are down, so the hull is hit.
      await ready(red.page, view.version);
      await photograph(red.page, 'play-gsc2');
      await sealedStep('beams', 'fire', (seat) => aimAtFoe(seat, 'A'));
      // Boarding (GSC-20): both seats have squads and a transporter, so both are awaited; they send none.
      await sealedStep('boarding', null, async () => {});

      // Repairs (GSC-23): each damaged ship's repair unit tries its battery B; the last Repair ends the turn.
      expect(view).toMatchObject({ step: { phase: 'repairs' } });
      expect([...view.awaiting].sort()).toEqual(['blue', 'red']);
      for (const seat of game.seats) {
        await ready(seat.page, view.version);
        expect(await offered(seat.page)).toEqual(['Repair', 'TakeBack', 'ProposeTakeback', 'Concede', 'OfferDraw', 'RequestPause']);
        await pick(seat.page, 'Repair');
        await seat.page.click('#play fieldset.list > button.add');
        await clickInto(seat.page, `${row} input[name="ship"]`, PAIR[seat.name as 'red' | 'blue'][0]);
        await seat.page.fill(`${row} input[name="system"]`, 'battery:B');
        const sent = await send(seat.page);
        expect(sent.outcome, sent.text).toBe('accepted');
        view = await game.view();
      }

      expect(view).toMatchObject({ status: 'playing', game: { turn: 2 }, step: { phase: 'movement' }, awaiting: ['blue'] });
      await Promise.all(game.seats.map((seat) => ready(seat.page, view.version)));
      for (const seat of game.seats) {
        const lines = (await seat.page.$$eval('#events li', (els) => els.map((el) => el.textContent ?? ''))).join('\n');
        for (const step of ['missiles', 'beams', 'boarding'])
          expect(lines).toMatch(new RegExp(`referee: the sealed orders for the ${step} step of turn 1 were revealed`));
        expect(lines).toMatch(/referee: turn 2 began/);
      }
      expect(await offered(blue.page)).toContain('MoveShip');
      expect(await blue.page.textContent('#play .waiting')).toMatch(/^Your move \(movement\)/);
    },
    SLOW,
  );
});

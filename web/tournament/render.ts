/**
 * CLUB-7: the tournament page's pictures, as pure functions from the public tournament routes'
 * answers (GET /tournaments/{id}, …/rounds, …/standings) to HTML and SVG text: the pairings of
 * each round with their results, the standings with their tie-break columns and each row's
 * games, and for a single elimination the bracket. No DOM and no fetch here, so Node tests
 * render them from data (test/unit/tournament-page.unit.test.ts) and the page only fetches and
 * places them (web/tournament.ts). Every text a player wrote (a name, the tournament's name)
 * is escaped.
 */

export interface TournamentData {
  readonly tournamentId: string;
  readonly version?: number;
  readonly status: 'open' | 'running' | 'ended';
  readonly name: string;
  readonly format: 'swiss' | 'round-robin' | 'single-elimination';
  readonly ruleset: string;
  readonly rounds: number | null;
  readonly round: number;
  readonly players: readonly string[];
  readonly withdrawn: readonly string[];
  readonly names: Readonly<Record<string, string>>;
  readonly seed: string | null;
}

export interface PairingData {
  readonly table: number;
  readonly red: string;
  readonly blue: string;
  readonly gameId: string;
}

export interface ResultData {
  readonly table: number;
  readonly gameId: string;
  readonly winner: 'red' | 'blue' | null;
  readonly by: 'game' | 'organiser' | 'default';
}

export interface RoundData {
  readonly round: number;
  readonly pairings: readonly PairingData[];
  readonly bye: string | null;
  readonly deadline: string | null;
  readonly results: readonly ResultData[];
  readonly ended: boolean;
}

export interface StandingRow {
  readonly rank: number;
  readonly playerId: string;
  readonly points: number;
  readonly buchholz: number;
  readonly headToHead: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  readonly byes: number;
  readonly withdrawn: boolean;
  readonly games: readonly string[];
}

export interface StandingsData {
  readonly final: boolean;
  readonly rows: readonly StandingRow[];
}

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const esc = (value: string): string => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** `2`, `1½`, `½`: points as a standings table shows them (the API gives halves as .5). */
export const points = (value: number): string => {
  const whole = Math.floor(value);
  const half = value - whole >= 0.5 ? '½' : '';
  return whole === 0 && half ? half : `${whole}${half}`;
};

/** A game in the viewer, beside this page: the viewer opens it with the game's id filled in (VIEW-16 follows it with a key). */
export const gameLink = (gameId: string): string => `/?game=${encodeURIComponent(gameId)}`;

const nameOf = (t: TournamentData, playerId: string): string => t.names[playerId] ?? playerId;

const FORMATS: Readonly<Record<TournamentData['format'], string>> = {
  swiss: 'Swiss',
  'round-robin': 'Round robin',
  'single-elimination': 'Single elimination',
};

/** `Swiss · post-galactica · round 2 of 3 · running`. */
export const summary = (t: TournamentData): string => {
  const round = t.status === 'open' ? 'not started' : `round ${t.round}${t.rounds === null ? '' : ` of ${t.rounds}`}`;
  const status = t.status === 'ended' ? 'ended' : t.status === 'open' ? 'open to join' : 'running';
  return [FORMATS[t.format], t.ruleset, round, status, `${t.players.length} players`].map(esc).join(' · ');
};

/** What a table's result says: who won and how it was decided, or that it is still being played. */
export const resultText = (t: TournamentData, p: PairingData, r: ResultData | undefined): string => {
  if (!r) return 'playing';
  const how = r.by === 'organiser' ? ' (decided by the organiser)' : r.by === 'default' ? ' (deadline default)' : '';
  if (r.winner === null) return `draw${how}`;
  return `${nameOf(t, p[r.winner])} (${r.winner}) won${how}`;
};

const utc = (iso: string): string => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

const player = (t: TournamentData, playerId: string): string =>
  `<span class="player" data-player="${esc(playerId)}">${esc(nameOf(t, playerId))}</span>${t.withdrawn.includes(playerId) ? ' <abbr title="withdrew">(w)</abbr>' : ''}`;

/** One round: each table's players and seats, the link to its game in the viewer, its result; the bye; the deadline. */
export const roundHtml = (t: TournamentData, r: RoundData): string => {
  const rows = r.pairings.map((p) => {
    const result = r.results.find((x) => x.table === p.table);
    const winner = result?.winner ?? null;
    return `<tr data-table="${p.table}"${result ? ` data-winner="${winner ?? 'draw'}"` : ''}><td>${p.table}</td><td class="red${winner === 'red' ? ' won' : ''}">${player(t, p.red)}</td><td class="blue${winner === 'blue' ? ' won' : ''}">${player(t, p.blue)}</td><td><a href="${esc(gameLink(p.gameId))}">${esc(p.gameId)}</a></td><td class="result">${esc(resultText(t, p, result))}</td></tr>`;
  });
  const notes = [
    r.bye === null ? '' : `<p class="bye">Bye: ${player(t, r.bye)} (1 point)</p>`,
    r.deadline === null ? '' : `<p class="deadline">Deadline: ${esc(utc(r.deadline))}</p>`,
  ].join('');
  return `<section class="round" data-round="${r.round}"><h3>Round ${r.round}${r.ended ? '' : ' (in play)'}</h3><table><thead><tr><th>Table</th><th>Red</th><th>Blue</th><th>Game</th><th>Result</th></tr></thead><tbody>${rows.join('')}</tbody></table>${notes}</section>`;
};

/** Every round, the latest first: the one being played is what a visitor looks for. */
export const roundsHtml = (t: TournamentData, rounds: readonly RoundData[]): string =>
  rounds.length === 0
    ? '<p>No round has been paired yet.</p>'
    : [...rounds]
        .reverse()
        .map((r) => roundHtml(t, r))
        .join('');

/**
 * The standings in order, with the tie-break columns (docs/tournaments.md "Standings":
 * points, Buchholz, head-to-head, then the seed) and each row's games, linked to the viewer.
 */
export const standingsHtml = (t: TournamentData, s: StandingsData): string => {
  const rows = s.rows.map((row) => {
    const games = row.games.map((g, i) => `<a href="${esc(gameLink(g))}" title="${esc(g)}">${i + 1}</a>`).join(' ');
    return `<tr data-player="${esc(row.playerId)}"><td>${row.rank}</td><td>${player(t, row.playerId)}</td><td>${points(row.points)}</td><td>${points(row.buchholz)}</td><td>${points(row.headToHead)}</td><td>${row.wins}</td><td>${row.draws}</td><td>${row.losses}</td><td>${row.byes}</td><td class="games">${games}</td></tr>`;
  });
  const caption = s.final
    ? 'Final standings: ties past head-to-head broken by the revealed seed.'
    : 'Provisional standings: ties past head-to-head are broken by the seed once it is revealed at the end.';
  return `<table id="standings-table"><caption>${caption}</caption><thead><tr><th>#</th><th>Player</th><th>Points</th><th>Buchholz</th><th>Head-to-head</th><th>W</th><th>D</th><th>L</th><th>Byes</th><th>Games</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
};

/** One box of the bracket: a table of a round, or a slot still to be decided. */
export interface BracketMatch {
  readonly round: number;
  readonly red: string | null;
  readonly blue: string | null;
  readonly gameId: string | null;
  /** Who went through: the result's winner, or on a draw the player the next round names. */
  readonly winner: string | null;
}

/**
 * The bracket as columns, one per round of the tournament: the tables as paired (the pairing
 * keeps bracket order, docs/tournaments.md "Single elimination"), then as many empty boxes as
 * the rounds not yet paired will have (half the round before, rounded up).
 */
export const bracket = (t: TournamentData, rounds: readonly RoundData[]): BracketMatch[][] => {
  const total = Math.max(t.rounds ?? 0, rounds.length);
  const columns: BracketMatch[][] = [];
  for (let i = 0; i < total; i++) {
    const r = rounds[i];
    if (!r) {
      const before = columns[i - 1]?.length ?? 1;
      columns.push(
        Array.from({ length: Math.max(1, Math.ceil(before / 2)) }, () => ({
          round: i + 1,
          red: null,
          blue: null,
          gameId: null,
          winner: null,
        })),
      );
      continue;
    }
    const next = rounds[i + 1];
    const nextPlayers = new Set(next ? next.pairings.flatMap((p) => [p.red, p.blue]) : []);
    columns.push(
      r.pairings.map((p) => {
        const result = r.results.find((x) => x.table === p.table);
        const winner = result?.winner ? p[result.winner] : result ? ([p.red, p.blue].find((x) => nextPlayers.has(x)) ?? null) : null;
        return { round: r.round, red: p.red, blue: p.blue, gameId: p.gameId, winner };
      }),
    );
  }
  return columns;
};

const BOX_W = 180;
const BOX_H = 44;
const GAP_X = 40;
const GAP_Y = 16;

/** The bracket drawn in SVG: each round a column, each match a box with its two players, the winner in bold; lines to the next round. */
export const bracketSvg = (t: TournamentData, columns: readonly BracketMatch[][]): string => {
  const first = columns[0]?.length ?? 1;
  const height = first * (BOX_H + GAP_Y) + GAP_Y;
  const width = columns.length * (BOX_W + GAP_X) + GAP_X;
  const centre = (col: number, i: number): number => {
    const count = columns[col]?.length ?? 1;
    const span = height / count;
    return span * i + span / 2;
  };
  const parts: string[] = [];
  columns.forEach((matches, col) => {
    const x = GAP_X + col * (BOX_W + GAP_X);
    matches.forEach((m, i) => {
      const y = centre(col, i) - BOX_H / 2;
      const line = (who: string | null, dy: number, seat: 'red' | 'blue') => {
        const label = who === null ? '—' : nameOf(t, who);
        const won = who !== null && who === m.winner;
        return `<text x="${x + 8}" y="${y + dy}" class="${seat}${won ? ' won' : ''}"${won ? ' font-weight="700"' : ''}>${esc(label)}</text>`;
      };
      const box = `<rect x="${x}" y="${y}" width="${BOX_W}" height="${BOX_H}" rx="4" fill="#fff" stroke="#777"/>${line(m.red, 18, 'red')}${line(m.blue, 36, 'blue')}`;
      const linked = m.gameId === null ? box : `<a href="${esc(gameLink(m.gameId))}">${box}</a>`;
      parts.push(`<g class="match" data-round="${m.round}"${m.winner === null ? '' : ` data-winner="${esc(m.winner)}"`}>${linked}</g>`);
      const to = columns[col + 1];
      if (to && to.length > 0) {
        const j = Math.min(to.length - 1, Math.floor((i * to.length) / matches.length));
        const x2 = x + BOX_W + GAP_X;
        const mid = x + BOX_W + GAP_X / 2;
        parts.push(`<path d="M${x + BOX_W} ${centre(col, i)}H${mid}V${centre(col + 1, j)}H${x2}" fill="none" stroke="#999"/>`);
      }
    });
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" font-family="system-ui, sans-serif" font-size="13" role="img" aria-label="The bracket"><title>The bracket</title>${parts.join('')}</svg>`;
};

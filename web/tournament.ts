/**
 * CLUB-7: the tournament page, beside the viewer (`/tournament?id=t_…`): read-only and with no
 * key, it reads the public tournament routes and shows the standings, every round's pairings
 * and results, and a single elimination's bracket, drawn by web/tournament/render.ts.
 */
import {
  bracket,
  bracketSvg,
  esc,
  type RoundData,
  roundsHtml,
  type StandingsData,
  standingsHtml,
  summary,
  type TournamentData,
} from './tournament/render.ts';

const $ = (id: string): HTMLElement => document.getElementById(id) as HTMLElement;

const read = async <T>(path: string): Promise<T> => {
  const answer = await fetch(path, { headers: { accept: 'application/json' } });
  if (!answer.ok) {
    const problem = (await answer.json().catch(() => ({}))) as { detail?: string; title?: string };
    throw new Error(problem.detail ?? problem.title ?? `the server answered ${answer.status}`);
  }
  return (await answer.json()) as T;
};

const show = async (id: string): Promise<void> => {
  const base = `/tournaments/${encodeURIComponent(id)}`;
  const [t, { rounds }, standings] = await Promise.all([
    read<TournamentData>(base),
    read<{ rounds: RoundData[] }>(`${base}/rounds`),
    read<StandingsData>(`${base}/standings`),
  ]);
  document.title = `${t.name}: Arbiter tournament`;
  $('title').textContent = t.name;
  $('summary').innerHTML = summary(t);
  $('standings').innerHTML = standingsHtml(t, standings);
  $('rounds').innerHTML = roundsHtml(t, rounds);
  const drawn = t.format === 'single-elimination';
  $('bracket-section').hidden = !drawn;
  $('bracket').innerHTML = drawn ? bracketSvg(t, bracket(t, rounds)) : '';
  $('seed').innerHTML =
    t.seed === null
      ? 'The seed that breaks ties is committed and secret until the end.'
      : `Seed, revealed: <code>${esc(t.seed)}</code>. Check it all with <code>npx arbiter verify-tournament</code> on the export.`;
  $('status').textContent = `Shown at ${new Date().toISOString().slice(11, 19)} UTC.`;
  document.body.dataset.loaded = String(t.version ?? 0);
};

const id = new URLSearchParams(location.search).get('id');
if (id === null || id === '') $('status').textContent = 'Which tournament? Open this page as /tournament?id=t_….';
else
  show(id).catch((error: Error) => {
    $('status').textContent = `Tournament ${id}: ${error.message}`;
  });

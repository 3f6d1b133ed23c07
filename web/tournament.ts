/**
 * CLUB-7: the tournament page, beside the viewer (`/tournament?id=t_…`): read-only, it reads the
 * tournament routes with no key and shows the standings, every round's pairings and results, and
 * a single elimination's bracket, drawn by web/tournament/render.ts. A private club's tournament
 * is the 404 of an unknown one without a member's key (CLUB-1): when a read fails the page offers
 * a key field, as the viewer's live form does; the key is kept in this page's memory only, never
 * in the URL or in storage, and sent only with these reads.
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

/** The visitor's API key, once given (CLUB-1): held here only. */
let apiKey = '';

const read = async <T>(path: string): Promise<T> => {
  const answer = await fetch(path, {
    headers: { accept: 'application/json', ...(apiKey === '' ? {} : { authorization: `Bearer ${apiKey}` }) },
  });
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

const load = (id: string): Promise<void> => {
  $('status').textContent = 'Loading…';
  return show(id).then(
    () => {
      $('key-form').hidden = true;
    },
    (error: Error) => {
      $('status').textContent = `Tournament ${id}: ${error.message}`;
      // The same for an unknown id as for a private club's tournament: the page tells them apart no more than the API.
      $('key-form').hidden = false;
    },
  );
};

const id = new URLSearchParams(location.search).get('id');
if (id === null || id === '') $('status').textContent = 'Which tournament? Open this page as /tournament?id=t_….';
else {
  $('key-form').addEventListener('submit', (e) => {
    e.preventDefault();
    apiKey = ($('api-key') as HTMLInputElement).value.trim();
    void load(id);
  });
  void load(id);
}

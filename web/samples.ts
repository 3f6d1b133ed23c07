/**
 * VIEW-15: the reference matches the empty page offers. They are the committed reference
 * logs (test/fixtures/logs), copied into the built page by scripts/build-web.mjs and served
 * beside it at `/samples/<file>` by the local runtime and the AWS web function alike
 * (functions/web/assets.ts reads this list), so what a visitor opens is what the tests verify.
 */
export interface SampleLog {
  /** The file name in test/fixtures/logs and under /samples/. */
  readonly file: string;
  readonly ruleset: string;
  /** What the match shows, for the button. */
  readonly title: string;
}

export const SAMPLE_LOGS: readonly SampleLog[] = [
  {
    file: 'post-galactica-battle.ndjson',
    ruleset: 'post-galactica',
    title: 'Post Galactica: a battle with shooting, melee and a Worker building',
  },
  { file: 'post-galactica.ndjson', ruleset: 'post-galactica', title: 'Post Galactica: a full round, then a concession' },
  { file: 'soluna.ndjson', ruleset: 'soluna', title: "Sol'una: sealed orders phase by phase, to a slain leader" },
  { file: 'gsc2.ndjson', ruleset: 'gsc2', title: 'GSC2: missiles, beams and a ship destroyed' },
];

export const SAMPLES_PATH = '/samples/';

/**
 * DOC-3: the examples of /openapi.json are recorded from real answers (functions/http/
 * openapi-examples.json), and stay real: every command of every ruleset as the rules of this
 * build decide it, and every problem type as the handler answers the request that provokes
 * it. `npm run examples` records them again after a deliberate change (a rules version bump,
 * a new command or problem type), as `npm run fixtures` does the reference logs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { matchCommands } from '../../domain/match/command-table.ts';
import { rulesets } from '../../domain/rulesets.ts';
import { openApiDocument } from '../../functions/docs/http/openapi.ts';
import { PATH_PROBLEMS } from '../../functions/http/openapi-examples.ts';
import { PROBLEM_TYPES } from '../../functions/kernel/problems.ts';
import { type AnswerExample, clubExamples } from '../support/club-examples.ts';
import { type CommandExample, commandExamples } from '../support/command-examples.ts';
import { type ForkExample, forkExamples } from '../support/fork-examples.ts';
import { type ProblemExample, problemExamples } from '../support/problem-examples.ts';

const root = resolve(import.meta.dirname, '..', '..');
const FILE = join(root, 'functions', 'http', 'openapi-examples.json');
const WRITE = process.env.ARBITER_EXAMPLES === 'write';

/** What GET /rulesets/{id} lists: the commands a game of each ruleset takes at /commands. */
const COMMANDS = new Map([...rulesets.values()].map((r) => [r.id, [...matchCommands(r), ...r.commands]]));

interface Recorded {
  readonly commands: Record<string, Record<string, CommandExample>>;
  readonly answers: Record<string, AnswerExample>;
  readonly forks: Record<string, ForkExample>;
  readonly problems: Record<string, ProblemExample>;
}

let fresh: Recorded;
let recorded: Recorded;

beforeAll(async () => {
  fresh = JSON.parse(
    JSON.stringify({
      commands: commandExamples(COMMANDS),
      answers: await clubExamples(),
      forks: await forkExamples(),
      problems: await problemExamples(),
    }),
  );
  if (WRITE) writeFileSync(FILE, `${JSON.stringify(fresh, null, 2)}\n`);
  recorded = JSON.parse(readFileSync(FILE, 'utf8'));
});

describe('DOC-3 the examples of the OpenAPI document', () => {
  it('DOC-3 every command of every ruleset has a request and its answer, as the rules of this build decide them (npm run examples records them)', () => {
    expect(Object.keys(recorded.commands)).toEqual([...COMMANDS.keys()]);
    for (const [ruleset, list] of COMMANDS) expect(Object.keys(recorded.commands[ruleset] ?? {}), ruleset).toEqual(list.map((c) => c.type));
    expect(recorded.commands).toEqual(fresh.commands);
  });

  it('CLUB-1 CLUB-6 CLUB-7 DOC-3 every club and tournament route with a JSON body has its answer recorded from a real request, and the document shows it', () => {
    expect(recorded.answers).toEqual(fresh.answers);
    const doc = openApiDocument() as unknown as {
      paths: Record<
        string,
        Record<
          string,
          {
            operationId: string;
            responses: Record<string, { content?: Record<string, { examples?: Record<string, { value: unknown }> }> }>;
          }
        >
      >;
    };
    const shown = new Map(
      Object.values(doc.paths)
        .flatMap((p) => Object.values(p))
        .map((o) => [o.operationId, o.responses]),
    );
    expect(Object.keys(recorded.answers).sort()).toEqual([
      'addClubOrganiser',
      'createClub',
      'createTournament',
      'getClub',
      'getClubLadder',
      'getTournament',
      'getTournamentStandings',
      'giveTournamentCommand',
      'joinClub',
      'listClubGames',
      'listClubMembers',
      'listClubTournaments',
      'listRatingChanges',
      'listTournamentRounds',
      'rotateClubInviteCode',
    ]);
    for (const [operationId, example] of Object.entries(recorded.answers)) {
      expect(example.status, operationId).toBeLessThan(300);
      const answer = shown.get(operationId)?.[String(example.status)]?.content?.['application/json']?.examples?.[operationId];
      expect(answer?.value, operationId).toEqual(example.value);
    }
    // The ladder's example is a real rating: Ann above Bob after her win.
    const ladder = recorded.answers.getClubLadder?.value as { players: { name: string }[] };
    expect(ladder.players.map((p) => p.name)).toEqual(['Ann', 'Bob']);
  });

  it('TB-8 TB-6 DOC-3 POST /games/{id}/forks has a sandbox (201) and a continuation (202), each answered by a real request, and the document shows them', () => {
    expect(recorded.forks).toEqual(fresh.forks);
    expect(recorded.forks.sandbox).toMatchObject({ status: 201, body: { kind: 'sandbox' } });
    expect(recorded.forks.continuation).toMatchObject({ status: 202, body: { kind: 'continuation' } });
    const sandbox = recorded.forks.sandbox?.value as { events: { type: string }[] } | undefined;
    expect(sandbox?.events.map((e) => e.type)).toEqual(['GameForked']);
    const doc = openApiDocument() as unknown as {
      paths: Record<string, { post: { requestBody: Media; responses: Record<string, Media> } }>;
    };
    type Media = { content: Record<string, { examples?: Record<string, { value: unknown }> }> };
    const forks = doc.paths['/games/{id}/forks']?.post;
    for (const [kind, example] of Object.entries(recorded.forks)) {
      expect(forks?.requestBody.content['application/json']?.examples?.[kind]?.value, kind).toEqual(example.body);
      expect(forks?.responses[String(example.status)]?.content['application/json']?.examples?.[kind]?.value, kind).toEqual(example.value);
    }
  });

  it('CLUB-7 DOC-3 every club and tournament route that takes a body shows the recorded request beside its answer; the tournament examples are a played Swiss', () => {
    const doc = openApiDocument() as unknown as {
      paths: Record<
        string,
        Record<
          string,
          { operationId: string; requestBody?: { content: Record<string, { examples?: Record<string, { value: unknown }> }> } }
        >
      >;
    };
    const operations = Object.values(doc.paths).flatMap((p) => Object.values(p));
    const withBodies = operations.filter((o) => o.requestBody && recorded.answers[o.operationId]);
    expect(withBodies.map((o) => o.operationId).sort()).toEqual([
      'addClubOrganiser',
      'createClub',
      'createTournament',
      'giveTournamentCommand',
      'joinClub',
    ]);
    for (const o of withBodies) {
      const example = o.requestBody?.content['application/json']?.examples?.[o.operationId];
      expect(example?.value, o.operationId).toEqual(recorded.answers[o.operationId]?.body);
      expect(recorded.answers[o.operationId]?.request, o.operationId).toContain(JSON.stringify(example?.value));
    }
    const standings = recorded.answers.getTournamentStandings?.value as { final: boolean; rows: { points: number }[] };
    expect([standings.final, standings.rows.map((r) => r.points)]).toEqual([true, [1, 1, 0, 0]]);
    const tournament = recorded.answers.getTournament?.value as { status: string; names: Record<string, string> };
    expect([tournament.status, Object.values(tournament.names).sort()]).toEqual(['ended', ['Ann', 'Bob', 'Cy', 'Dee']]);
  });

  it('DOC-3 every problem type has an example: the answer of the handler to a request that provokes it', () => {
    expect(Object.keys(recorded.problems)).toEqual([...PROBLEM_TYPES]);
    for (const [type, example] of Object.entries(recorded.problems)) {
      expect(example.value.type, type).toBe(`https://arbiter.dev/problems/${type}`);
      expect(example.value.status, type).toBe(example.status);
    }
    expect(recorded.problems).toEqual(fresh.problems);
  });

  it('DOC-3 the document shows them: each command under POST /games/{id}/commands, request and answer; each problem type where an operation answers it', () => {
    const doc = openApiDocument() as unknown as {
      info: { description: string };
      paths: Record<string, Record<string, { requestBody?: Media; responses: Record<string, Media | { $ref: string }> }>>;
      components: { examples: Record<string, { value: unknown }>; responses: Record<string, Media> };
    };
    type Media = { content?: Record<string, { examples?: Record<string, { value?: unknown; $ref?: string }> }> };
    const give = doc.paths['/games/{id}/commands']?.post;
    const requests = give?.requestBody?.content?.['application/json']?.examples ?? {};
    const answers = (give?.responses[200] as Media | undefined)?.content?.['application/json']?.examples ?? {};
    for (const [ruleset, list] of COMMANDS) {
      for (const { type } of list) {
        const example = recorded.commands[ruleset]?.[type];
        expect(requests[`${ruleset}.${type}`]?.value, `${ruleset} ${type}`).toEqual(example?.request);
        expect(answers[`${ruleset}.${type}`]?.value, `${ruleset} ${type}`).toEqual(example?.answer);
      }
    }
    // Every $ref to a problem example, from the operations and the shared answers.
    const refs = new Set(JSON.stringify([doc.paths, doc.components.responses]).match(/#\/components\/examples\/problem-[a-z-]+/g));
    for (const type of PROBLEM_TYPES) {
      expect(doc.info.description, type).toContain(`| \`${type}\` | ${recorded.problems[type]?.status} |`);
      if (PATH_PROBLEMS.includes(type)) {
        expect(doc.info.description, type).toContain(JSON.stringify(recorded.problems[type]?.value, null, 2));
      } else {
        expect(refs.has(`#/components/examples/problem-${type}`), type).toBe(true);
        expect(doc.components.examples[`problem-${type}`]?.value, type).toEqual(recorded.problems[type]?.value);
      }
    }
  });
});

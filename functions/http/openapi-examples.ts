/**
 * DOC-3: the examples of `/openapi.json`, recorded from real answers into openapi-examples.json
 * (`npm run examples`, test/unit/openapi-examples.unit.test.ts, which also checks that they
 * are still what this build answers): for every command of every ruleset, the request and the
 * answer of POST /games/{id}/commands, decided by the real rules on a real game; a sandbox and a
 * continuation of POST /games/{id}/forks; for every problem type, the handler's answer to a
 * request that provokes it.
 */
import type { ProblemType } from '../kernel/problems.ts';
import recorded from './openapi-examples.json' with { type: 'json' };

interface Recorded {
  readonly commands: Record<string, Record<string, { readonly summary: string; readonly request: unknown; readonly answer: unknown }>>;
  /** CLUB-1 to CLUB-7: an answer of each club and tournament route that has a body, by operationId, with the request's body if it has one. */
  readonly answers: Record<
    string,
    { readonly summary: string; readonly request: string; readonly body?: unknown; readonly status: number; readonly value: unknown }
  >;
  /**
   * TB-6, TB-8: POST /games/{id}/forks, a sandbox (201) and a continuation proposed (202).
   * Optional: `npm run examples` builds the document from the file it is about to write.
   */
  readonly forks?: Record<
    string,
    { readonly summary: string; readonly request: string; readonly body: unknown; readonly status: number; readonly value: unknown }
  >;
  readonly problems: Record<
    ProblemType,
    { readonly summary: string; readonly request: string; readonly status: number; readonly value: Record<string, unknown> }
  >;
}

const RECORDED = recorded as unknown as Recorded;

/** The recorded answer that is an example of problem `type`. */
export const problemValue = (type: ProblemType): Record<string, unknown> => RECORDED.problems[type].value;

/** `#/components/examples/problem-<type>`. */
export const problemRef = (type: ProblemType) => ({ $ref: `#/components/examples/problem-${type}` });

/** The problem types answered with HTTP status `status`, in PROBLEM_TYPES' order. */
export const problemTypesOf = (status: number): ProblemType[] =>
  (Object.keys(RECORDED.problems) as ProblemType[]).filter((type) => RECORDED.problems[type].status === status);

/**
 * Problem types that answer no operation: a method a path does not have, and a browser's
 * preflight from a page the server does not allow. Their examples are in the document's
 * description, beside the table of every type; every other type's is a component.
 */
export const PATH_PROBLEMS: readonly ProblemType[] = ['method-not-allowed', 'origin-not-allowed'];

/** `components.examples`: one per problem type an operation answers, `problem-<type>`, saying what request it answers. */
export const problemComponents = (): Record<string, { summary: string; description: string; value: Record<string, unknown> }> =>
  Object.fromEntries(
    (Object.keys(RECORDED.problems) as ProblemType[])
      .filter((type) => !PATH_PROBLEMS.includes(type))
      .map((type) => {
        const { summary, request, value } = RECORDED.problems[type];
        return [`problem-${type}`, { summary, description: `The answer to ${request}.`, value }];
      }),
  );

/** Every problem type with its status and title, and the request its example answers: a table for people. */
export const problemTable = (): string =>
  [
    '| problem type | status | title | example: the answer to |',
    '|---|---|---|---|',
    ...(Object.keys(RECORDED.problems) as ProblemType[]).map((type) => {
      const { status, request, value } = RECORDED.problems[type];
      return `| \`${type}\` | ${status} | ${String(value.title)} | ${request.replaceAll('|', '\\|')} |`;
    }),
    '',
    ...PATH_PROBLEMS.flatMap((type) => {
      const { request, value } = RECORDED.problems[type];
      return [`\`${type}\`, the answer to ${request}:`, '', '```json', JSON.stringify(value, null, 2), '```', ''];
    }),
  ].join('\n');

type Examples = Record<string, { summary: string; value: unknown }>;

/**
 * The request and answer examples of POST /games/{id}/commands: one per command of every
 * ruleset, named `<ruleset>.<command type>`, each answer the events of that very request.
 */
export const commandExamples = (titles: ReadonlyMap<string, string>): { requests: Examples; answers: Examples } => {
  const requests: Examples = {};
  const answers: Examples = {};
  for (const [ruleset, commands] of Object.entries(RECORDED.commands)) {
    for (const [type, { summary, request, answer }] of Object.entries(commands)) {
      const name = `${ruleset}.${type}`;
      const title = `${titles.get(ruleset) ?? ruleset}: ${type}`;
      requests[name] = { summary: `${title}. ${summary}`, value: request };
      answers[name] = { summary: `${title}: the events of the example request`, value: answer };
    }
  }
  return { requests, answers };
};

/** The recorded answer of an operation, as an inline example (`{ summary, value }`), when one is recorded with that status. */
export const answerExample = (operationId: string, status: number): Record<string, { summary: string; value: unknown }> | undefined => {
  const example = RECORDED.answers?.[operationId];
  if (!example || example.status !== status) return undefined;
  return { [operationId]: { summary: `${example.summary}: the answer to ${example.request}`, value: example.value } };
};

/**
 * TB-8: the request and answer examples of POST /games/{id}/forks, one per kind, named by it;
 * the answers by the status they were answered with (a sandbox 201, a continuation 202).
 */
export const forkExamples = (): { requests: Examples; answers: Record<number, Examples> } => {
  const requests: Examples = {};
  const answers: Record<number, Examples> = {};
  for (const [kind, { summary, request, body, status, value }] of Object.entries(RECORDED.forks ?? {})) {
    requests[kind] = { summary, value: body };
    answers[status] = { ...answers[status], [kind]: { summary: `${summary}: the answer to ${request}`, value } };
  }
  return { requests, answers };
};

/** Each answer with a recorded example (DOC-3) gets it, as the answer of a real request. */
export const withExamples = (operationId: string, responses: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(responses).map(([status, answer]) => {
      const examples = answerExample(operationId, Number(status));
      const content = (answer as { content?: Record<string, Record<string, unknown>> }).content;
      const json = content?.['application/json'];
      if (!examples || !json) return [status, answer];
      return [status, { ...(answer as object), content: { ...content, 'application/json': { ...json, examples } } }];
    }),
  );

/** CLUB-7: the body of the request a recorded answer answers, as the operation's request example. */
export const requestExample = (operationId: string): Record<string, { summary: string; value: unknown }> | undefined => {
  const example = RECORDED.answers?.[operationId];
  if (example?.body === undefined) return undefined;
  return { [operationId]: { summary: example.summary, value: example.body } };
};

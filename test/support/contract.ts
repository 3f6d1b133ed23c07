/**
 * API-2: every answer an end-to-end test receives is checked against /openapi.json: its
 * status must be listed for the route, and its body valid for the declared schema (ajv,
 * JSON Schema 2020-12). The route is found by the router itself, so a concrete path
 * (`/games/g_1/events`) is checked against its template (`/games/{id}/events`).
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { openApiDocument } from '../../functions/docs/http/openapi.ts';
import { buildRouter } from '../../functions/http/every-route.ts';

type Json = Record<string, unknown>;
const doc = openApiDocument() as unknown as Json & { paths: Record<string, Record<string, { responses: Record<string, Json> }>> };
const named = doc.components as { responses?: Record<string, Json> };
const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
const validators = new Map<string, ReturnType<typeof ajv.compile>>();
const router = buildRouter(() => {
  throw new Error('the route table is read without serving requests');
});

/** The answer the document lists for this route, method and status, or a sentence saying it does not. */
export const listed = (template: string, method: string, status: number): Json | string => {
  const response = doc.paths[template]?.[method.toLowerCase()]?.responses[String(status)];
  if (!response) return `${method} ${template} answered ${status}, which the document does not list`;
  return typeof response.$ref === 'string' ? (named.responses?.[response.$ref.split('/').pop() ?? ''] ?? {}) : response;
};

/** A validator of the schema the document declares for this route, method, status and media type. */
export const declared = (template: string, method: string, status: number, mediaType: string) => {
  const key = `${method} ${template} ${status} ${mediaType}`;
  const cached = validators.get(key);
  if (cached) return cached;
  const answer = listed(template, method, status);
  if (typeof answer === 'string') return answer;
  const schema = (answer.content as Record<string, { schema: Json }> | undefined)?.[mediaType]?.schema;
  if (!schema) return `${method} ${template} ${status} answered ${mediaType}, which the document does not declare`;
  // The components travel with each schema so its `#/components/...` references resolve.
  const validate = ajv.compile({ ...schema, components: doc.components });
  validators.set(key, validate);
  return validate;
};

/**
 * What is wrong with this answer by the document, or null when it is as declared. A path
 * no route answers (a probe of a route that does not exist) is not the document's to check.
 */
export const contractViolation = (
  method: string,
  path: string,
  status: number,
  contentType: string | null,
  text: string,
): string | null => {
  const template = router.templateOf(method, path.split('?')[0] ?? path);
  if (template === null) return null;
  if (status === 204 || status === 304) {
    const answer = listed(template, method, status);
    return typeof answer === 'string' ? answer : null;
  }
  const mediaType = (contentType ?? '').split(';')[0] ?? '';
  const validate = declared(template, method, status, mediaType);
  if (typeof validate === 'string') return validate;
  let value: unknown = text;
  if (mediaType !== 'application/x-ndjson') {
    try {
      value = JSON.parse(text);
    } catch {
      return `${method} ${template} ${status} answered a body that is not JSON`;
    }
  }
  return validate(value) ? null : `${method} ${template} ${status}: ${ajv.errorsText(validate.errors)}`;
};

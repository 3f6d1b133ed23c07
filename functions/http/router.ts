/** A small router over API Gateway HTTP API (payload v2) events: method + path template. */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { Problem } from '../kernel/problems.ts';

export interface Request {
  readonly method: string;
  readonly path: string;
  readonly params: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string | undefined>>;
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly body: string | undefined;
  /** Aborted when the client has gone (locally); a wait ends on it (REL-23). Lambda hears of no disconnect. */
  readonly signal?: AbortSignal | undefined;
  /** The client's address as API Gateway (or the local stand-in, from the socket) saw it. */
  readonly sourceIp: string;
  /**
   * Where the client reached this API, as `scheme://host[:port]`: API Gateway's domain name
   * (the execute-api host or the custom domain), or the address the local stand-in listens
   * on. Null for an event that names no domain (one built by hand).
   */
  readonly origin: string | null;
}

/**
 * What the local stand-in for API Gateway adds to the Lambda context: the client's
 * disconnect, so that a wait stops when nobody is left to answer (REL-23).
 */
export interface ClientContext {
  readonly clientGone?: AbortSignal;
}

export type Response = APIGatewayProxyStructuredResultV2 & { statusCode: number };
export type RouteHandler = (request: Request) => Promise<Response>;

interface Route {
  readonly method: string;
  readonly template: string;
  readonly pattern: RegExp;
  readonly names: readonly string[];
  readonly handler: RouteHandler;
}

export class Router {
  private readonly routes: Route[] = [];

  on(method: string, template: string, handler: RouteHandler): this {
    const names: string[] = [];
    const source = template.replace(/\{(\w+)\}/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    this.routes.push({ method, template, pattern: new RegExp(`^${source}$`), names, handler });
    return this;
  }

  /** `METHOD /template` for every route, as the stack declares them. */
  get routeKeys(): string[] {
    return this.routes.map((r) => `${r.method} ${r.template}`);
  }

  /** The template of the route that answers `method path`, for logs; null when none does. */
  templateOf(method: string, rawPath: string): string | null {
    const path = trimSlashes(rawPath);
    return this.routes.find((r) => r.method === method.toUpperCase() && r.pattern.test(path))?.template ?? null;
  }

  async handle(event: APIGatewayProxyEventV2, signal?: AbortSignal): Promise<Response> {
    const method = event.requestContext.http.method.toUpperCase();
    const path = trimSlashes(event.rawPath);
    const matching = this.routes.filter((r) => r.pattern.test(path));
    const route = matching.find((r) => r.method === method);
    if (!route) {
      if (matching.length > 0) {
        throw new Problem(
          405,
          'method-not-allowed',
          'Method not allowed',
          `${path} answers ${matching.map((r) => r.method).join(', ')}, not ${method}.`,
        );
      }
      throw new Problem(404, 'not-found', 'Not found', `There is no route ${method} ${path}; see /openapi.json.`);
    }
    const values = route.pattern.exec(path)?.slice(1) ?? [];
    const domain = event.requestContext.domainName;
    const params = Object.fromEntries(route.names.map((name, i) => [name, decodeSegment(values[i] ?? '')]));
    return route.handler({
      method,
      path,
      params,
      query: event.queryStringParameters ?? {},
      headers: event.headers ?? {},
      body: event.body === undefined ? undefined : event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body,
      signal,
      // A hand-built event may have none: such requests share one count.
      sourceIp: event.requestContext.http.sourceIp ?? 'unknown',
      // API Gateway says the scheme in x-forwarded-proto (always https), as the local stand-in does (http).
      origin: domain ? `${event.headers?.['x-forwarded-proto'] ?? 'https'}://${domain}` : null,
    });
  }
}

/** The path without trailing slashes (by index, not by regex: a long run of slashes must cost linear time). */
const trimSlashes = (path: string): string => {
  let end = path.length;
  while (end > 1 && path.charCodeAt(end - 1) === 0x2f) end -= 1;
  return path.slice(0, end);
};

/** A path segment, percent-decoded; malformed encoding (`%ZZ`, a cut-off `%E0%A4%A`) is the client's error (REL-2). */
const decodeSegment = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new Problem(
      400,
      'malformed-path',
      'Malformed path',
      `The path segment "${segment.slice(0, 64)}" is not valid percent-encoded UTF-8; encode each byte as %XX.`,
    );
  }
};

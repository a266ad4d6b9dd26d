/**
 * A small router for the `api` function: routes are an HTTP method plus a path pattern with `:name`
 * segments (`/api/patients/:id`), matched against the request's pathname. Unknown paths answer 404,
 * a known path with another method 405, an HttpError its own status, and any other exception 500 —
 * always JSON. Pure (no Deno APIs), so Node unit tests exercise it directly.
 */
import { HttpError, errorResponse, httpErrorResponse } from './http.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteContext {
  req: Request;
  url: URL;
  /** Decoded values of the pattern's `:name` segments. */
  params: Record<string, string>;
}

export type RouteHandler = (context: RouteContext) => Response | Promise<Response>;

interface Route {
  method: HttpMethod;
  pattern: string;
  segments: string[];
  handler: RouteHandler;
}

export type RouteMatch =
  | { kind: 'found'; handler: RouteHandler; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allowed: HttpMethod[] }
  | { kind: 'not-found' };

/** Path segments without empty ones, so `/api/health/` and `/api/health` are the same route. */
function splitPath(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

function matchSegments(pattern: string[], path: string[]): Record<string, string> | null {
  if (pattern.length !== path.length) return null;
  const params: Record<string, string> = {};
  for (let index = 0; index < pattern.length; index++) {
    const expected = pattern[index]!;
    const actual = path[index]!;
    if (expected.startsWith(':')) {
      try {
        params[expected.slice(1)] = decodeURIComponent(actual);
      } catch {
        return null; // malformed percent-encoding cannot name anything
      }
    } else if (expected !== actual) {
      return null;
    }
  }
  return params;
}

export class Router {
  private readonly routes: Route[] = [];

  add(method: HttpMethod, pattern: string, handler: RouteHandler): this {
    const segments = splitPath(pattern);
    const duplicate = this.routes.find(
      (route) => route.method === method && route.segments.join('/') === segments.join('/'),
    );
    if (duplicate) throw new Error(`Route ${method} ${pattern} is already registered`);
    this.routes.push({ method, pattern, segments, handler });
    return this;
  }

  get(pattern: string, handler: RouteHandler): this {
    return this.add('GET', pattern, handler);
  }

  post(pattern: string, handler: RouteHandler): this {
    return this.add('POST', pattern, handler);
  }

  put(pattern: string, handler: RouteHandler): this {
    return this.add('PUT', pattern, handler);
  }

  patch(pattern: string, handler: RouteHandler): this {
    return this.add('PATCH', pattern, handler);
  }

  delete(pattern: string, handler: RouteHandler): this {
    return this.add('DELETE', pattern, handler);
  }

  /**
   * Finds the route for a method and pathname. The first matching route added wins, so add literal paths
   * (`/api/patients/search`) before parameterised ones (`/api/patients/:id`).
   */
  match(method: string, pathname: string): RouteMatch {
    const path = splitPath(pathname);
    const allowed: HttpMethod[] = [];
    for (const route of this.routes) {
      const params = matchSegments(route.segments, path);
      if (!params) continue;
      if (route.method === method) return { kind: 'found', handler: route.handler, params };
      allowed.push(route.method);
    }
    return allowed.length > 0 ? { kind: 'method-not-allowed', allowed } : { kind: 'not-found' };
  }

  /** Routes the request; never throws. */
  async handle(req: Request): Promise<Response> {
    const url = new URL(req.url);
    const match = this.match(req.method, url.pathname);
    if (match.kind === 'not-found') return errorResponse(404, 'Not found');
    if (match.kind === 'method-not-allowed') {
      return errorResponse(405, 'Method not allowed', undefined, { Allow: match.allowed.join(', ') });
    }
    try {
      return await match.handler({ req, url, params: match.params });
    } catch (error) {
      if (error instanceof HttpError) return httpErrorResponse(error);
      console.error(`${req.method} ${url.pathname} failed`, error);
      return errorResponse(500, 'Internal server error');
    }
  }
}

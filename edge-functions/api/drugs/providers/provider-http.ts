/**
 * The one way the drug-data adapters call a provider: a GET with a timeout, JSON parsed, the rate-limit headers
 * read. Every failure is a ProviderError naming what went wrong (unreachable, timed out, an error status, a body
 * that is not the provider's JSON), so the route can answer the spec's 'External Search Failed' instead of a result.
 * No Deno APIs: the Node contract tests run it against a local fixture server.
 */

export type ProviderFailure = 'unreachable' | 'timeout' | 'http-status' | 'malformed';

export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly failure: ProviderFailure,
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

export interface RateLimit {
  limit: number | null;
  remaining: number | null;
}

export interface ProviderResponse {
  status: number;
  body: unknown;
  rateLimit: RateLimit | null;
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

function headerNumber(headers: Headers, names: readonly string[]): number | null {
  for (const name of names) {
    const value = headers.get(name);
    if (value !== null && /^\d+$/.test(value.trim())) return Number(value.trim());
  }
  return null;
}

/** X-RateLimit-Limit / X-RateLimit-Remaining (api.data.gov, which fronts openFDA), or the IETF RateLimit-* names. */
export function rateLimitFrom(headers: Headers): RateLimit | null {
  const limit = headerNumber(headers, ['x-ratelimit-limit', 'ratelimit-limit']);
  const remaining = headerNumber(headers, ['x-ratelimit-remaining', 'ratelimit-remaining']);
  return limit === null && remaining === null ? null : { limit, remaining };
}

/** The URL with the base's path kept (a base may carry a path, e.g. a local fixture's /openfda). */
export function providerUrl(baseUrl: string, path: string, query: string): string {
  const base = baseUrl.endsWith('/') ? baseUrl.slice(0, -1) : baseUrl;
  return `${base}${path}${query === '' ? '' : `?${query}`}`;
}

/**
 * GETs the URL as JSON. `acceptStatus` names error statuses that are answers, not failures (openFDA's 404 for no
 * matches); any other status outside 2xx is a failure.
 */
export async function getProviderJson(
  provider: string,
  url: string,
  options: { timeoutMs: number; fetch?: FetchLike; acceptStatus?: readonly number[] },
): Promise<ProviderResponse> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  const fetchImpl = options.fetch ?? fetch;
  try {
    let response: Response;
    try {
      response = await fetchImpl(url, { headers: { Accept: 'application/json' }, signal: controller.signal });
    } catch (error) {
      if (controller.signal.aborted) throw new ProviderError(provider, 'timeout', `${provider} did not answer within ${options.timeoutMs} ms`);
      // The error's own text may quote the URL, and with it an API key in the query: only its kind is kept.
      throw new ProviderError(provider, 'unreachable', `${provider} could not be reached (${(error as Error).name})`);
    }
    const rateLimit = rateLimitFrom(response.headers);
    let text: string;
    try {
      text = await response.text();
    } catch {
      if (controller.signal.aborted) throw new ProviderError(provider, 'timeout', `${provider} did not answer within ${options.timeoutMs} ms`);
      throw new ProviderError(provider, 'unreachable', `${provider} broke off its answer`);
    }
    const accepted = response.ok || (options.acceptStatus ?? []).includes(response.status);
    if (!accepted) throw new ProviderError(provider, 'http-status', `${provider} answered ${response.status} ${response.statusText}`.trim(), response.status);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new ProviderError(provider, 'malformed', `${provider} answered something that is not JSON`, response.status);
    }
    return { status: response.status, body, rateLimit };
  } finally {
    clearTimeout(timer);
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

export function malformed(provider: string, what: string): ProviderError {
  return new ProviderError(provider, 'malformed', `${provider} answered without ${what}`);
}

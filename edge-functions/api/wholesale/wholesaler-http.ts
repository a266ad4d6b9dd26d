/**
 * The mechanism of talking to a wholesaler (architecture brief, "wholesalers"): X12 over HTTP, the key as
 * `Authorization: Bearer`.
 *   POST {apiEndpoint}/x12         body: one interchange (Content-Type application/edi-x12) → 200 with an interchange
 *   GET  {apiEndpoint}/x12?after=N → 200 with the next interchange numbered above N, or 204 when there is none
 * Every answer is read within 2 MB and a timeout; redirects are not followed (a 3xx is reported, never a new address
 * to call). The address was checked by _shared/outbound-url.ts before. No Deno APIs: unit tests run it.
 */
import { X12_MAX_CHARS } from '@pharmacy/shared/inventory/x12/envelope.ts';

export const X12_CONTENT_TYPE = 'application/edi-x12';
export const WHOLESALER_TIMEOUT_MS = 15_000;

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface WholesalerEndpoint {
  /** The connection's apiEndpoint, already checked. */
  baseUrl: URL;
  apiKey: string;
  timeoutMs?: number;
  fetch?: FetchLike;
}

export interface WholesalerAnswer {
  method: 'GET' | 'POST';
  url: string;
  status: number;
  contentType: string;
  body: string;
}

/**
 * The exchange could not happen (or the answer could not be read): the sentence says which, and whether the request
 * may have reached the wholesaler (a timeout or an answer cut off: it may have been acted on).
 */
export class WholesalerHttpError extends Error {
  constructor(
    message: string,
    readonly method: 'GET' | 'POST',
    readonly url: string,
    readonly mayHaveArrived: boolean,
  ) {
    super(message);
  }
}

export function x12Url(baseUrl: URL, query = ''): string {
  const base = baseUrl.href.replace(/\/+$/, '');
  return `${base}/x12${query}`;
}

async function boundedText(response: Response, method: 'GET' | 'POST', url: string): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > X12_MAX_CHARS) {
    throw new WholesalerHttpError(`The wholesaler's answer is larger than 2 MB (${declared} bytes)`, method, url, true);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > X12_MAX_CHARS) {
      await reader.cancel();
      throw new WholesalerHttpError('The wholesaler\'s answer is larger than 2 MB', method, url, true);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

async function exchange(endpoint: WholesalerEndpoint, method: 'GET' | 'POST', url: string, body?: string): Promise<WholesalerAnswer> {
  const fetchImpl = endpoint.fetch ?? fetch;
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method,
      redirect: 'manual',
      signal: AbortSignal.timeout(endpoint.timeoutMs ?? WHOLESALER_TIMEOUT_MS),
      headers: {
        Authorization: `Bearer ${endpoint.apiKey}`,
        Accept: X12_CONTENT_TYPE,
        ...(body === undefined ? {} : { 'Content-Type': X12_CONTENT_TYPE }),
      },
      ...(body === undefined ? {} : { body }),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new WholesalerHttpError(
      timedOut ? `The wholesaler did not answer within ${Math.round((endpoint.timeoutMs ?? WHOLESALER_TIMEOUT_MS) / 1000)} seconds`
        : `The wholesaler could not be reached (${(error as Error).message})`,
      method, url, timedOut,
    );
  }
  const text = await boundedText(response, method, url);
  return { method, url, status: response.status, contentType: (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase(), body: text };
}

/** POST {apiEndpoint}/x12 with one interchange. */
export function postInterchange(endpoint: WholesalerEndpoint, interchange: string): Promise<WholesalerAnswer> {
  return exchange(endpoint, 'POST', x12Url(endpoint.baseUrl), interchange);
}

/** GET {apiEndpoint}/x12?after={control number}. */
export function getInterchangeAfter(endpoint: WholesalerEndpoint, after: number): Promise<WholesalerAnswer> {
  return exchange(endpoint, 'GET', x12Url(endpoint.baseUrl, `?after=${after}`));
}

/** Whether a request answered this way may have been acted on: a success, or a server error midway. */
export function mayHaveArrived(answer: WholesalerAnswer): boolean {
  return (answer.status >= 200 && answer.status < 300) || answer.status >= 500;
}

/**
 * ISA13 of an answer whose envelope cannot be read otherwise (the delimiter is the ISA's fourth character), so a sync
 * can pass an interchange it cannot read instead of asking for it forever; null when even that is not there.
 */
export function isaControlNumber(body: string): number | null {
  const head = body.trimStart().slice(0, 106);
  if (!head.startsWith('ISA') || head.length < 4) return null;
  const number = head.split(head[3]!)[13]?.trim() ?? '';
  return /^\d{1,9}$/.test(number) ? Number(number) : null;
}

/** A sentence for an answer that is not a 2xx: the status, and the wholesaler's words when short. */
export function answerProblem(answer: WholesalerAnswer): string | null {
  if (answer.status >= 200 && answer.status < 300) return null;
  const said = answer.body.trim().slice(0, 200);
  if (answer.status === 401 || answer.status === 403) return `The wholesaler refused the API key (HTTP ${answer.status})${said ? `: ${said}` : ''}`;
  if (answer.status >= 300 && answer.status < 400) return `The wholesaler answered with a redirect (HTTP ${answer.status}): check the API endpoint`;
  return `The wholesaler answered HTTP ${answer.status}${said ? `: ${said}` : ''}`;
}

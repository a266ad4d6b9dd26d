/**
 * Sends one queued pg_net request and describes the outcome as a row of net._http_response, as pg_net's worker
 * (libcurl) records it: status, headers (an object, the last value of a repeated name), content_type and the
 * body as text (null when empty) on an answer; timed_out with pg_net's "Timeout of N ms reached…" message when
 * timeout_milliseconds passes; curl's wording for the common failures (refused connection, unknown host, a URL
 * that is not http(s)). Redirects are followed, as pg_net does.
 */

export const PG_NET_USER_AGENT = 'pg_net/0.20.0';

export interface QueuedRequest {
  id: string;
  method: string;
  url: string;
  headers: Record<string, string> | null;
  body: Buffer | null;
  timeoutMilliseconds: number;
}

export interface ResponseRow {
  id: string;
  statusCode: number | null;
  contentType: string | null;
  headers: Record<string, string> | null;
  content: string | null;
  timedOut: boolean;
  errorMsg: string | null;
}

function failure(id: string, errorMsg: string, timedOut = false): ResponseRow {
  return { id, statusCode: null, contentType: null, headers: null, content: null, timedOut, errorMsg };
}

/** curl's message (curl_easy_strerror) for what Node reports as the cause of a failed request. */
export function curlStyleError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  switch (cause?.code) {
    case 'ECONNREFUSED':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return "Couldn't connect to server";
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return "Couldn't resolve host name";
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'Failure when receiving data from the peer';
    default:
      return cause?.message ?? (error instanceof Error ? error.message : String(error));
  }
}

export async function sendRequest(request: QueuedRequest): Promise<ResponseRow> {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return failure(request.id, 'URL using bad/illegal format or missing URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return failure(request.id, 'Unsupported protocol');

  const headers = new Headers();
  try {
    for (const [name, value] of Object.entries(request.headers ?? {})) headers.set(name, String(value));
  } catch (error) {
    return failure(request.id, `Bad header: ${(error as Error).message}`);
  }
  if (!headers.has('user-agent')) headers.set('user-agent', PG_NET_USER_AGENT);

  const started = performance.now();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), request.timeoutMilliseconds);
  try {
    const response = await fetch(url, {
      method: request.method.toUpperCase(),
      headers,
      body: request.body && request.method.toUpperCase() !== 'GET' ? new Uint8Array(request.body) : undefined,
      redirect: 'follow',
      signal: controller.signal,
    });
    // The body counts against the timeout too (curl's CURLOPT_TIMEOUT_MS covers the whole transfer).
    const content = await response.text();
    const responseHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      responseHeaders[name] = value;
    });
    return {
      id: request.id,
      statusCode: response.status,
      contentType: response.headers.get('content-type'),
      headers: responseHeaders,
      // Postgres text holds no NUL character.
      content: content === '' ? null : content.replaceAll('\u0000', ''),
      timedOut: false,
      errorMsg: null,
    };
  } catch (error) {
    if (controller.signal.aborted) {
      const total = performance.now() - started;
      return failure(request.id, `Timeout of ${request.timeoutMilliseconds} ms reached. Total time: ${total.toFixed(6)} ms`, true);
    }
    return failure(request.id, curlStyleError(error));
  } finally {
    clearTimeout(timer);
  }
}

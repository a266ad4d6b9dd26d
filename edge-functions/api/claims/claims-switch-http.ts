/**
 * The mechanism of talking to a claims switch (architecture brief, "claims"): one NCPDP D.0 transmission as the body
 * of `POST {url}` (`Content-Type: application/octet-stream`); the answer's body is the D.0 response. The answer is
 * read within 16 KB and the destination's timeout; redirects are not followed. D.0 is ASCII: bytes and text are the
 * same characters (latin1), so the request and response are stored exactly as sent and received. The address was
 * checked by _shared/outbound-url.ts before. No Deno APIs: unit tests run it. Which destinations, how often and in
 * what order is claims-routing.ts's.
 */
export const D0_CONTENT_TYPE = 'application/octet-stream';
/** A D.0 transmission or response is far smaller; anything larger is not one. */
export const D0_MAX_BYTES = 16 * 1024;

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** How one attempt ended (claim_transmissions.outcome). */
export type TransmissionOutcome = 'answered' | 'unreadable' | 'http_error' | 'timeout' | 'unreachable';

export interface SwitchDestination {
  /** 'claimsProcessor' or the provider failed over to ('relayhealth', 'changehealth', 'rxlinc'). */
  name: string;
  url: URL;
  timeoutMs: number;
  /** The Authorization header's value when the destination has credentials. */
  authorization?: string;
}

export interface SwitchAttempt {
  destination: string;
  url: string;
  request: string;
  response?: string;
  httpStatus?: number;
  outcome: TransmissionOutcome;
  detail?: string;
  durationMs: number;
}

export function latin1(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return text;
}

export function bytesOf(text: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index) & 0xff;
  return bytes;
}

async function boundedBytes(response: Response): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > D0_MAX_BYTES) return null;
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > D0_MAX_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * One attempt: POST the transmission and read the answer. `readable` says whether the body is a D.0 response (the
 * codec's parse); an answer it refuses is 'unreadable' with its reason. Never throws.
 */
export async function postTransmission(
  destination: SwitchDestination,
  transmission: Uint8Array<ArrayBuffer>,
  readable: (body: Uint8Array) => string | null,
  fetchImpl: FetchLike = fetch,
): Promise<SwitchAttempt> {
  const started = Date.now();
  const base = { destination: destination.name, url: destination.url.href, request: latin1(transmission) };
  const took = () => Date.now() - started;
  let response: Response;
  try {
    response = await fetchImpl(destination.url.href, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(destination.timeoutMs),
      headers: {
        'Content-Type': D0_CONTENT_TYPE,
        Accept: D0_CONTENT_TYPE,
        ...(destination.authorization ? { Authorization: destination.authorization } : {}),
      },
      body: transmission,
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return timedOut
      ? { ...base, outcome: 'timeout', detail: `No answer within ${Math.round(destination.timeoutMs / 1000)} s`, durationMs: took() }
      : { ...base, outcome: 'unreachable', detail: `Could not connect (${(error as Error).message})`.slice(0, 500), durationMs: took() };
  }
  let body: Uint8Array | null;
  try {
    body = await boundedBytes(response);
  } catch (error) {
    return { ...base, httpStatus: response.status, outcome: 'timeout', detail: `The answer was cut off (${(error as Error).message})`.slice(0, 500), durationMs: took() };
  }
  if (body === null) {
    return { ...base, httpStatus: response.status, outcome: 'unreadable', detail: 'The answer is larger than 16 KB: not a D.0 response', durationMs: took() };
  }
  const text = latin1(body);
  if (response.status < 200 || response.status >= 300) {
    return { ...base, response: text, httpStatus: response.status, outcome: 'http_error', detail: `The switch answered HTTP ${response.status}`, durationMs: took() };
  }
  const problem = readable(body);
  return problem === null
    ? { ...base, response: text, httpStatus: response.status, outcome: 'answered', durationMs: took() }
    : { ...base, response: text, httpStatus: response.status, outcome: 'unreadable', detail: problem.slice(0, 500), durationMs: took() };
}

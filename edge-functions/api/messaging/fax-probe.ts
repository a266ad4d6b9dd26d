/**
 * Test Fax Connection: does the configured provider's API answer? One HTTP GET to the saved API URL with a short
 * timeout and no redirects followed. Any HTTP answer means the provider is reachable (its status is reported, since
 * a 401 still proves the server is there); a refused connection, a DNS failure, a TLS error or the timeout is
 * "not reachable" with that reason. Nothing saved: "not configured". The body is never read or returned.
 */
import { type FaxConnectionResult, MESSAGING_MESSAGES } from '@pharmacy/shared/messaging/email-and-fax.ts';
import type { FaxSettingsRead } from '@pharmacy/shared/settings/fax.ts';

export const FAX_PROBE_TIMEOUT_MS = 5_000;

function reasonOf(error: unknown): string {
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `no answer within ${FAX_PROBE_TIMEOUT_MS / 1000} s`;
  }
  const message = error instanceof Error ? error.message : String(error);
  // Deno's fetch wraps the cause ("error sending request for url (...): client error (Connect): ... refused").
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${message}${cause}`;
}

export async function probeFaxProvider(settings: FaxSettingsRead, fetchImpl: typeof fetch = fetch): Promise<FaxConnectionResult> {
  const provider = settings.faxProvider;
  const url = settings.providerApiUrl.trim();
  if (url === '') {
    return { status: 'not-configured', ok: false, provider, url: null, httpStatus: null, message: MESSAGING_MESSAGES.faxNotConfigured };
  }
  try {
    const response = await fetchImpl(url, { method: 'GET', redirect: 'manual', signal: AbortSignal.timeout(FAX_PROBE_TIMEOUT_MS) });
    await response.body?.cancel();
    const ok = response.status < 500;
    return {
      status: 'reachable',
      ok,
      provider,
      url,
      httpStatus: response.status,
      message: `The fax provider's API answered with HTTP ${response.status}${ok ? '' : ' (a server error)'}`,
    };
  } catch (error) {
    return { status: 'not-reachable', ok: false, provider, url, httpStatus: null, message: `The fax provider's API is not reachable: ${reasonOf(error)}` };
  }
}

/**
 * The health checks behind GET /api/system-status, each timed and bounded (a part that hangs fails after
 * CHECK_TIMEOUT_MS instead of holding the answer): the database through the REST API with the caller's JWT (a read
 * of their own staff row, under RLS like any client query), the api function (answering: this code runs), and Storage
 * (the logo bucket read by the service role — bucket rows are not visible to end users — which proves the storage
 * service answers and the bucket exists).
 */
import type { SystemStatusCheck } from '@pharmacy/shared/api/system-status.ts';
import { PHARMACY_LOGOS_BUCKET } from '@pharmacy/shared/settings/pharmacy-logo.ts';
import { requireEnv } from '../../_shared/env.ts';
import type { DatabaseClient } from '../../_shared/supabase-clients.ts';

export const CHECK_TIMEOUT_MS = 5_000;

const ANSWERING = 'Answering';

function failed(message: string, startedAt: number): SystemStatusCheck {
  return { status: 'failed', message, latencyMs: Math.max(0, performance.now() - startedAt) };
}

function timeoutMessage(what: string): string {
  return `${what} did not answer within ${CHECK_TIMEOUT_MS / 1000} s`;
}

function isTimeout(error: unknown, signal: AbortSignal): boolean {
  return signal.aborted || (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError'));
}

export async function checkDatabase(client: DatabaseClient, userId: string): Promise<SystemStatusCheck> {
  const startedAt = performance.now();
  const signal = AbortSignal.timeout(CHECK_TIMEOUT_MS);
  try {
    const { error } = await client.from('staff_profiles').select('pharmacy_id').eq('user_id', userId).abortSignal(signal).maybeSingle();
    if (error) {
      const message = signal.aborted ? timeoutMessage('The database') : `The database query failed: ${error.message}`;
      return failed(message, startedAt);
    }
    return { status: 'ok', message: ANSWERING, latencyMs: performance.now() - startedAt };
  } catch (error) {
    const message = isTimeout(error, signal) ? timeoutMessage('The database') : `The database query failed: ${(error as Error).message}`;
    return failed(message, startedAt);
  }
}

/** This function answers: the request reached it and it is running the checks. */
export function checkApi(requestStartedAt: number): SystemStatusCheck {
  return { status: 'ok', message: ANSWERING, latencyMs: Math.max(0, performance.now() - requestStartedAt) };
}

export async function checkStorage(): Promise<SystemStatusCheck> {
  const startedAt = performance.now();
  const signal = AbortSignal.timeout(CHECK_TIMEOUT_MS);
  const serviceKey = requireEnv('SUPABASE_SERVICE_ROLE_KEY');
  try {
    const response = await fetch(`${requireEnv('SUPABASE_URL')}/storage/v1/bucket/${PHARMACY_LOGOS_BUCKET}`, {
      headers: { apikey: serviceKey, Authorization: `Bearer ${serviceKey}` },
      signal,
    });
    const body = (await response.json().catch(() => null)) as { id?: unknown; message?: unknown } | null;
    if (response.ok && body?.id === PHARMACY_LOGOS_BUCKET) return { status: 'ok', message: ANSWERING, latencyMs: performance.now() - startedAt };
    const reason = typeof body?.message === 'string' ? body.message : `${response.status} ${response.statusText}`;
    return failed(`Storage answered ${response.status}: ${reason}`, startedAt);
  } catch (error) {
    return failed(isTimeout(error, signal) ? timeoutMessage('Storage') : `Storage could not be reached: ${(error as Error).message}`, startedAt);
  }
}

/**
 * Per-client-IP rate limits for routes anyone may call (onboarding). The count lives in the database
 * (public.take_rate_limit_slot, policies in private.rate_limit_policies), so it holds across every isolate and
 * instance of the function. The client IP is the first X-Forwarded-For entry: the gateway in front of the
 * functions overwrites the header with the peer address, so a client cannot pick its own bucket.
 */
import { HttpError } from './http.ts';
import { createAdminClient } from './supabase-clients.ts';

export const TOO_MANY_REQUESTS_MESSAGE = 'Too many requests from your network. Please wait a while and try again.';

export type RateLimitBucket = 'onboarding' | 'onboarding_check';

/** The caller's address as the gateway reported it, or null. */
export function clientIp(req: Request): string | null {
  const first = req.headers.get('X-Forwarded-For')?.split(',')[0]?.trim();
  return first && /^[0-9a-fA-F.:]+$/.test(first) ? first : null;
}

/** Counts this request in `bucket`; throws 429 when the caller's address has used up the bucket's window. */
export async function requireRateLimitSlot(req: Request, bucket: RateLimitBucket): Promise<void> {
  const { data, error } = await createAdminClient().rpc('take_rate_limit_slot', { bucket_name: bucket, caller_ip: clientIp(req) });
  if (error) throw new Error(`rate limit check failed: ${error.message}`);
  if (data !== true) throw new HttpError(429, TOO_MANY_REQUESTS_MESSAGE);
}

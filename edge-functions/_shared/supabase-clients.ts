/**
 * supabase-js clients for edge functions.
 *
 * createUserClient is the default: it acts as the caller (their Authorization header is forwarded), so
 * row-level security decides what they may read and write, exactly as if the browser had asked.
 * createAdminClient uses the service role and bypasses RLS: only for the few operations a caller cannot
 * be allowed to do directly (creating auth users during onboarding, cross-tenant reference-data sync),
 * and only after the handler has checked who the caller is and what they may do.
 */
import type { Database } from '@pharmacy/shared/database/database.types.ts';
import { type SupabaseClient, createClient } from '@supabase/supabase-js';
import { requireEnv } from './env.ts';

/** A client typed by the generated database types (shared/src/database/database.types.ts, `npm run db:types`). */
export type DatabaseClient = SupabaseClient<Database>;

/** A function runs per request: never keep or refresh a session in it. */
const serverAuthOptions = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } as const;

/**
 * The caller's X-Forwarded-For (as the gateway set it), to send on with a function's own requests, so what
 * the database records (the audit log's IP address, private.request_ip()) names the caller rather than this
 * function.
 */
function callerForwardedFor(callerRequest: Request | undefined): Record<string, string> {
  const forwardedFor = callerRequest?.headers.get('X-Forwarded-For');
  return forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {};
}

/** Acts as the caller: their Authorization header (RLS applies) and their X-Forwarded-For go along. */
export function createUserClient(req: Request): DatabaseClient {
  const authorization = req.headers.get('Authorization');
  return createClient<Database>(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_ANON_KEY'), {
    auth: serverAuthOptions,
    global: { headers: { ...(authorization ? { Authorization: authorization } : {}), ...callerForwardedFor(req) } },
  });
}

/**
 * The anon key and no caller's Authorization: for a step that must sign in as someone (the step-up's password
 * check), with the caller's X-Forwarded-For so Auth's rate limits and audit name the caller.
 */
export function createAnonClient(callerRequest?: Request): DatabaseClient {
  return createClient<Database>(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_ANON_KEY'), {
    auth: serverAuthOptions,
    global: { headers: callerForwardedFor(callerRequest) },
  });
}

/**
 * Service role: bypasses RLS. Check the caller first; see the module comment for when this is right.
 * Given the caller's request, its X-Forwarded-For goes along (see callerForwardedFor).
 */
export function createAdminClient(callerRequest?: Request): DatabaseClient {
  return createClient<Database>(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_SERVICE_ROLE_KEY'), {
    auth: serverAuthOptions,
    global: { headers: callerForwardedFor(callerRequest) },
  });
}

/**
 * THE Supabase client of the web app, typed by the generated Database type. Everything the app asks of the
 * backend (tables, realtime, auth, the `api` edge function) goes through this one instance, so the session
 * it holds is the one every request carries. Storage's client loads with the first bucket call, and supabase-js's
 * WebAuthn and Web3 sign-in are left out of the build (web/build/supabase-parts.ts).
 */
import { createClient } from '@supabase/supabase-js';
import { requireSupabaseEnv } from '../config/env.ts';
import type { Database } from '@pharmacy/shared/database/database.types.ts';

const { url, anonKey } = requireSupabaseEnv(import.meta.env);

export const supabase = createClient<Database>(url, anonKey);

/** The project's URL and anon key (public by design), for the one request supabase-js cannot make: a streamed file (invoke-api.ts). */
export const supabaseUrl = url;
export const supabaseAnonKey = anonKey;

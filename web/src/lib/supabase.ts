/**
 * THE Supabase client of the web app, typed by the generated Database type. Everything the app asks of the
 * backend (tables, realtime, auth, the `api` edge function) goes through this one instance, so the session
 * it holds is the one every request carries.
 */
import { createClient } from '@supabase/supabase-js';
import { requireSupabaseEnv } from '../config/env.ts';
import type { Database } from '@pharmacy/shared/database/database.types.ts';

const { url, anonKey } = requireSupabaseEnv(import.meta.env);

export const supabase = createClient<Database>(url, anonKey);

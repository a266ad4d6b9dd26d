/**
 * The current Supabase session (or null when signed out). supabase-js restores it from storage and refreshes
 * an expired access token here, so the app waits on this before it decides which routes to serve.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Session } from '@supabase/supabase-js';
import { supabase } from '../../../lib/supabase.ts';
import { authKeys } from '../keys.ts';

export async function getSession(): Promise<Session | null> {
  const { data, error } = await supabase.auth.getSession();
  if (error) throw error;
  return data.session;
}

export function getSessionQueryOptions() {
  return queryOptions({ meta: { reads: [] }, queryKey: authKeys.session(), queryFn: getSession });
}

export function useSession() {
  return useQuery(getSessionQueryOptions());
}

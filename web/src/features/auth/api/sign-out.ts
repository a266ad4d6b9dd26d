/**
 * Sign-out (spec §2, §8): ends the session on the server; when that fails the failure is logged and the
 * local session is dropped anyway, so the app always returns to /login (the router does that whenever the
 * signed-in route set gives way to the signed-out one).
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { authKeys } from '../keys.ts';

/** scope 'global' (the Sign Out button) ends every session of the user; 'local' only this browser's (idle sign-out). */
export async function signOut(queryClient: QueryClient, scope: 'global' | 'local' = 'global'): Promise<void> {
  const { error } = await supabase.auth.signOut({ scope });
  if (error) {
    console.error('Sign-out failed on the server; signing out of this browser only.', error);
    await supabase.auth.signOut({ scope: 'local' });
  }
  queryClient.removeQueries({ queryKey: [...authKeys.all, 'current-staff'] });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({ meta: { writes: [] }, mutationFn: () => signOut(queryClient) });
}

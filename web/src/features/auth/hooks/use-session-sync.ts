/**
 * Keeps the cached session in step with supabase-js: sign-in, sign-out and token refreshes (also from other
 * tabs) arrive through onAuthStateChange and replace the cached value, so the route set follows at once.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { authKeys } from '../keys.ts';

export function useSessionSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    // The callback must stay synchronous: awaiting other supabase calls inside it can deadlock auth-js.
    const { data } = supabase.auth.onAuthStateChange((_event, session) => {
      queryClient.setQueryData(authKeys.session(), session);
    });
    return () => data.subscription.unsubscribe();
  }, [queryClient]);
}

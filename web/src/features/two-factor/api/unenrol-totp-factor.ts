/**
 * Turns two-factor authentication off: removes the verified factor (Supabase Auth mfa.unenroll, which needs the
 * aal2 session a code gave). The session returns to aal1; auth-js learns it at the next refresh, so the session
 * is refreshed now.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { twoFactorKeys } from '../keys.ts';

export async function unenrolTotpFactor(factorId: string): Promise<void> {
  const { error } = await supabase.auth.mfa.unenroll({ factorId });
  if (error) throw new Error(error.message);
  const refreshed = await supabase.auth.refreshSession();
  if (refreshed.error) throw new Error(refreshed.error.message);
}

export function useUnenrolTotpFactor(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { writes: ['staff_profiles', 'audit_log'] },
    mutationFn: unenrolTotpFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.all(userId) }),
  });
}

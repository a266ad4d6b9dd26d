/**
 * Sets the signed-in user's password (auth.updateUser({password})): the last step of an invitation or a password
 * recovery, whose emailed link signed the user in. Supabase Auth needs no current password in a recovery
 * session, nor from an invited user who has none yet.
 */
import { useMutation } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';

export const SET_PASSWORD_FALLBACK_ERROR = 'Your password could not be saved. Try again.';

export async function setPassword(password: string): Promise<void> {
  const { error } = await supabase.auth.updateUser({ password });
  if (error) throw new Error(error.message || SET_PASSWORD_FALLBACK_ERROR);
}

export function useSetPassword(options: { onSuccess?: () => void } = {}) {
  return useMutation({ meta: { writes: [] }, mutationFn: setPassword, onSuccess: () => options.onSuccess?.() });
}

/**
 * Password sign-in through Supabase Auth (spec §2 "Sign-in"). The server's message is kept — wrong
 * credentials, a locked or deactivated account (the password-verification hook words those) — and
 * 'Invalid email or password' stands in when it sends none (spec §8). On success the current-user query
 * is refreshed and returned, so the caller can greet the user's pharmacy.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { getCurrentStaffQueryOptions, type CurrentStaff } from './get-current-staff.ts';

export const SIGN_IN_FALLBACK_ERROR = 'Invalid email or password';
export const NO_STAFF_PROFILE_ERROR =
  'This account is not linked to a pharmacy. Ask your pharmacy administrator to add you as staff.';

export interface SignInInput {
  email: string;
  password: string;
}

export async function signIn(queryClient: QueryClient, input: SignInInput): Promise<CurrentStaff> {
  const { data, error } = await supabase.auth.signInWithPassword(input);
  if (error || !data.user) throw new Error(error?.message || SIGN_IN_FALLBACK_ERROR);
  const options = getCurrentStaffQueryOptions(data.user.id);
  await queryClient.invalidateQueries({ queryKey: options.queryKey });
  const staff = await queryClient.fetchQuery(options);
  if (staff === null) {
    // Signed in to Auth but not staff of any pharmacy: nothing in the app is theirs, so leave them signed out.
    await supabase.auth.signOut({ scope: 'local' });
    throw new Error(NO_STAFF_PROFILE_ERROR);
  }
  return staff;
}

/**
 * The callbacks are the mutation's own (not per call), so they run even when the sign-in page has already
 * given way to the loader while the new session's context loads.
 */
export function useSignIn(options: { onSuccess?: (staff: CurrentStaff) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    // Sign-in writes the sign-in state and its audit row, but nothing that reads them is cached before it, and signIn
    // itself reads the staff context afterwards: a refresh here would only read it a second time.
    meta: { writes: [] },
    mutationFn: (input: SignInInput) => signIn(queryClient, input),
    onSuccess: (staff) => options.onSuccess?.(staff),
    onError: (error) => options.onError?.(error),
  });
}

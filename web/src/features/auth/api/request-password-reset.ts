/**
 * "Forgot password?": Supabase Auth mails a recovery link (auth.resetPasswordForEmail) leading to the
 * set-password page of this web app. Auth answers the same whether or not the address has an account, so the
 * page shows one neutral confirmation either way; only a failure to ask (network, rate limit) is an error.
 */
import { useMutation } from '@tanstack/react-query';
import { paths } from '../../../config/paths.ts';
import { supabase } from '../../../lib/supabase.ts';

export const PASSWORD_RESET_FALLBACK_ERROR = 'The reset email could not be requested. Try again in a moment.';

/** The set-password page of this origin (it must be within Auth's site_url / additional_redirect_urls). */
export function setPasswordRedirectUrl(origin: string = window.location.origin): string {
  return `${origin}${paths.setPassword}`;
}

export async function requestPasswordReset(email: string): Promise<void> {
  const { error } = await supabase.auth.resetPasswordForEmail(email, { redirectTo: setPasswordRedirectUrl() });
  if (error) throw new Error(error.message || PASSWORD_RESET_FALLBACK_ERROR);
}

export function useRequestPasswordReset() {
  return useMutation({ meta: { writes: [] }, mutationFn: requestPasswordReset });
}

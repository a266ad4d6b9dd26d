/**
 * POST /api/step-up {password} (shared/src/api/step-up.ts) — the re-authentication before a high-risk override
 * (spec "biometric verification for high-risk overrides"). The password is checked by the auth service itself
 * (the password grant with the caller's own email, as a sign-in would: a wrong one counts toward the account's
 * lockout through the password verification hook); the session that grant creates is signed out at once. Only a
 * confirmed password leads to the grant, recorded by the service role through public.record_step_up_grant (end
 * users cannot call it), which move_prescription consumes at the next severe override.
 */
import { stepUpEndpoint } from '@pharmacy/shared/api/step-up.ts';
import { STEP_UP_MESSAGES } from '@pharmacy/shared/security/step-up.ts';
import type { ApiRouter } from '../../_shared/api-endpoints.ts';
import { requireUser } from '../../_shared/auth.ts';
import { databaseFailure } from '../../_shared/database-failure.ts';
import { HttpError } from '../../_shared/http.ts';
import { createAdminClient, createAnonClient } from '../../_shared/supabase-clients.ts';

/** GoTrue's message for a wrong password (or an unknown email). */
const INVALID_LOGIN_MESSAGE = 'Invalid login credentials';

export function addStepUpRoutes(router: ApiRouter): void {
  router.serve(stepUpEndpoint, async ({ req, body }) => {
    const user = await requireUser(req);
    if (!user.email) throw new HttpError(400, STEP_UP_MESSAGES.noEmail);
    await confirmPassword(req, user.id, user.email, body.password);
    const { data, error } = await createAdminClient(req).rpc('record_step_up_grant', { for_user_id: user.id });
    if (error) throw databaseFailure('recording the step-up confirmation', error);
    return { expiresAt: new Date(data).toISOString() };
  });
}

/** The password grant as the caller (their X-Forwarded-For goes along); refuses with 403 unless it is theirs. */
async function confirmPassword(req: Request, userId: string, email: string, password: string): Promise<void> {
  const checker = createAnonClient(req);
  const { data, error } = await checker.auth.signInWithPassword({ email, password });
  if (error) {
    if (error.status === 429) throw new HttpError(429, error.message);
    // GoTrue's answer to a wrong password; any other refusal (the lockout hook's "account locked" message) is
    // the caller's to read as it is.
    if (error.status === 400) {
      throw new HttpError(403, error.message === INVALID_LOGIN_MESSAGE ? STEP_UP_MESSAGES.wrongPassword : error.message);
    }
    throw error;
  }
  // Only the check was wanted: end the session the grant created (this session only).
  await checker.auth.signOut({ scope: 'local' });
  if (data.user?.id !== userId) throw new HttpError(403, STEP_UP_MESSAGES.wrongPassword);
}

/**
 * Staff accounts (spec part 2 §7 "Security manager", contract shared/src/api/users.ts), for admins of the caller's
 * pharmacy; the database decides each time, acting as the caller (migration 20261124000400_staff_management):
 * - GET /api/users — public.staff_users(): every §3 User field with the sign-in state and permissions (anyone
 *   but an active admin: 403).
 * - POST /api/users — invites a new staff member into the caller's pharmacy (users/invite-staff.ts); 409 when the
 *   email has an account.
 * - POST /api/users/{id}/toggle-status — public.toggle_staff_status (deactivation ends their sessions; never
 *   the caller themselves nor the last active admin: 409).
 * - POST /api/users/{id}/reset-password — public.request_staff_password_reset (audited) names the account's email;
 *   the auth service's recovery endpoint mails the link to /set-password.
 * - POST /api/users/{id}/unlock — public.unlock_staff_account clears the lock and the failed attempts.
 * Non-admins are 403 whatever the id; for an admin, an id that is not staff of their pharmacy is 404.
 */
import {
  inviteUserEndpoint, listUsersEndpoint, resetUserPasswordEndpoint, toggleUserStatusEndpoint, unlockUserEndpoint,
} from '@pharmacy/shared/api/users.ts';
import { UUID_PATTERN } from '@pharmacy/shared/common/field-rules.ts';
import { isAuthApiError } from '@supabase/supabase-js';
import type { ApiRouter } from '../../_shared/api-endpoints.ts';
import { HttpError } from '../../_shared/http.ts';
import { createAdminClient, createUserClient } from '../../_shared/supabase-clients.ts';
import { inviteStaffUser } from '../users/invite-staff.ts';
import { setPasswordRedirect } from '../users/set-password-redirect.ts';
import {
  listStaffUsers, readStaffUser, STAFF_MEMBER_NOT_FOUND_MESSAGE,
} from '../users/staff-rows.ts';
import { databaseFailure } from '../../_shared/database-failure.ts';

/** The path's staff id; one that cannot name a user is no staff member of anyone's (404). */
function staffUserId(params: Record<string, string>): string {
  const id = params.id ?? '';
  if (!UUID_PATTERN.test(id)) throw new HttpError(404, STAFF_MEMBER_NOT_FOUND_MESSAGE);
  return id;
}

export function addUserRoutes(router: ApiRouter): void {
  router.serve(listUsersEndpoint, async ({ req }) => await listStaffUsers(createUserClient(req)));

  router.serve(inviteUserEndpoint, async ({ req, body }) =>
    await inviteStaffUser({ caller: createUserClient(req), service: createAdminClient(req) }, body, setPasswordRedirect(req)));

  // Both change the account in the database as the caller (P0002, another pharmacy's id: 404) and answer it as it now is.
  const accountAction = (rpc: 'toggle_staff_status' | 'unlock_staff_account', what: string) =>
    async ({ req, params }: { req: Request; params: Record<string, string> }) => {
      const id = staffUserId(params);
      const client = createUserClient(req);
      const { error } = await client.rpc(rpc, { staff_user_id: id });
      if (error) throw databaseFailure(what, error);
      return await readStaffUser(client, id);
    };
  router.serve(toggleUserStatusEndpoint, accountAction('toggle_staff_status', 'changing the staff member\'s status'));
  router.serve(unlockUserEndpoint, accountAction('unlock_staff_account', 'unlocking the staff member'));

  router.serve(resetUserPasswordEndpoint, async ({ req, params }) => {
    const id = staffUserId(params);
    const client = createUserClient(req);
    const { data: email, error } = await client.rpc('request_staff_password_reset', { staff_user_id: id });
    if (error) throw databaseFailure('requesting the password reset', error);
    const redirectTo = setPasswordRedirect(req);
    const sent = await client.auth.resetPasswordForEmail(email, redirectTo ? { redirectTo } : {});
    if (sent.error) {
      // Auth's limit on emails sent is the client's to wait for; anything else is a fault of the mail path.
      if (isAuthApiError(sent.error) && sent.error.status === 429) throw new HttpError(429, sent.error.message);
      throw new Error(`sending the password reset email failed: ${sent.error.message}`);
    }
    return { email };
  });
}

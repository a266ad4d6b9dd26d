/**
 * Two-factor authentication's sentences, shared by the database's refusals (migration 20261124000200_two_factor,
 * which raises the same words), the api and the web app.
 */

/** The database refuses to turn "Require 2FA for admins" on from a session that has not verified a code itself. */
export const TWO_FACTOR_POLICY_NEEDS_AAL2_MESSAGE =
  'Set up two-factor authentication for your own account and sign in with your code before requiring it for admins';

/** staff_profiles.two_factor_enabled follows the staff member's verified factors; nobody sets it. */
export const TWO_FACTOR_FLAG_MESSAGE =
  'Two-factor authentication is on only when the staff member has verified an authenticator app; it cannot be set by hand';

/** What the sign-in page says when a code is refused (wrong, expired, or already used). */
export const TOTP_CODE_REFUSED_MESSAGE = 'That code did not work. Enter the current code from your authenticator app.';

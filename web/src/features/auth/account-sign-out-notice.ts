/**
 * The note the sign-in page shows after the account was deactivated or removed while signed in ("why am I
 * here?"): kept in sessionStorage (this tab only) until the page has read it once. Worded as the sign-in
 * refusal a deactivated account gets (hook_password_verification_attempt: "This account has been deactivated.
 * …"), but addressed to its owner.
 */
const ACCOUNT_SIGN_OUT_KEY = 'pharmacy:account-deactivated-sign-out';

export const ACCOUNT_DEACTIVATED_MESSAGE = 'Your account has been deactivated. Contact your pharmacy administrator.';

export function rememberAccountDeactivatedSignOut(): void {
  window.sessionStorage.setItem(ACCOUNT_SIGN_OUT_KEY, '1');
}

/** The message for a sign-out that happened because the account lost access, once; null otherwise. */
export function takeAccountSignOutMessage(): string | null {
  if (window.sessionStorage.getItem(ACCOUNT_SIGN_OUT_KEY) === null) return null;
  window.sessionStorage.removeItem(ACCOUNT_SIGN_OUT_KEY);
  return ACCOUNT_DEACTIVATED_MESSAGE;
}

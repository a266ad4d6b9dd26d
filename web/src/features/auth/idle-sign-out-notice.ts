/**
 * The note the sign-in page shows after an idle sign-out ("why am I here?"): kept in sessionStorage (this tab
 * only) until the page has read it once.
 */
const IDLE_SIGN_OUT_KEY = 'pharmacy:idle-sign-out';

export function rememberIdleSignOut(timeoutMinutes: number): void {
  window.sessionStorage.setItem(IDLE_SIGN_OUT_KEY, String(timeoutMinutes));
}

/** The message for a sign-out that happened because of inactivity, once; null otherwise. */
export function takeIdleSignOutMessage(): string | null {
  const minutes = window.sessionStorage.getItem(IDLE_SIGN_OUT_KEY);
  if (minutes === null) return null;
  window.sessionStorage.removeItem(IDLE_SIGN_OUT_KEY);
  return `You were signed out after ${minutes} minutes without activity. Sign in again to continue.`;
}

/**
 * An emailed invite or recovery link whose redirect fell back to the site's root (no allowed redirect_to, e.g.
 * a link sent without one) still ends on the set-password page: before the app starts, an address carrying an
 * invite or recovery session in its fragment is moved to /set-password, fragment kept for supabase-js to read.
 * Otherwise an invited person would be in the app without ever choosing a password.
 */
import { paths } from '../../config/paths.ts';

export function moveEmailLinkToSetPassword(location: Pick<Location, 'hash' | 'pathname'> = window.location, history: Pick<History, 'replaceState' | 'state'> = window.history): void {
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
  const type = fragment.get('type');
  if ((type === 'invite' || type === 'recovery') && fragment.has('access_token') && location.pathname !== paths.setPassword) {
    history.replaceState(history.state, '', `${paths.setPassword}${location.hash}`);
  }
}

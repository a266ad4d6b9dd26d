/**
 * Reacts at once to what the database says about the signed-in account (migration account_notices): while
 * signed in, the terminal joins its private channel `pharmacy:<pharmacyId>:account:<userId>` (only that user is
 * admitted; only the database sends there, with realtime.send()). `account_deactivated` (deactivated or removed:
 * the server has already ended every session) signs this browser out and the sign-in page says why;
 * `account_changed` (e.g. a new role) re-reads the staff context, so menus and screens follow the new role.
 * Each time the channel (re)joins, the staff context is read again, so a notice sent while it was not live is
 * not lost.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { RealtimeChannel } from '@supabase/supabase-js';
import { supabase } from '../../../lib/supabase.ts';
import { rememberAccountDeactivatedSignOut } from '../account-sign-out-notice.ts';
import { signOut } from '../api/sign-out.ts';
import { authKeys } from '../keys.ts';

export function useAccountNotices(pharmacyId: string | undefined, userId: string | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!pharmacyId || !userId) return;
    let channel: RealtimeChannel | null = null;
    let signingOut = false;
    // Deferred one tick: React's development double mount would otherwise reuse the channel it is leaving
    // (one topic per user, and supabase.channel() returns a live channel of the same topic).
    const start = setTimeout(() => {
      channel = supabase
        .channel(`pharmacy:${pharmacyId}:account:${userId}`, { config: { private: true } })
        .on('broadcast', { event: 'account_deactivated' }, () => {
          if (signingOut) return;
          signingOut = true;
          rememberAccountDeactivatedSignOut();
          // Local only: the server already ended the sessions (a global sign-out would be refused).
          void signOut(queryClient, 'local');
        })
        .on('broadcast', { event: 'account_changed' }, () => {
          void queryClient.invalidateQueries({ queryKey: authKeys.currentStaff(userId) });
        })
        .subscribe((status) => {
          // A change committed while this channel was not live (before the join, or while the connection was
          // down) sent its notice to nobody: once listening again, or refused (a deactivated account is not
          // admitted), read the account again. A deactivated account then has no staff context: signed out.
          if (status === 'SUBSCRIBED' || status === 'CHANNEL_ERROR') {
            void queryClient.invalidateQueries({ queryKey: authKeys.currentStaff(userId) });
          }
        });
    }, 0);
    return () => {
      clearTimeout(start);
      if (channel) void supabase.removeChannel(channel);
    };
  }, [pharmacyId, userId, queryClient]);
}

/**
 * Keeps the dashboard current on every terminal: a change to the pharmacy's prescriptions or medications
 * (from any terminal, through Realtime) refreshes the dashboard's queries, and every (re)subscription
 * refetches them too, so the screen catches up on what it missed while the connection was down.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { supabase } from '../../../lib/supabase.ts';
import { dashboardKeys } from '../keys.ts';

export function useDashboardLive(pharmacyId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: dashboardKeys.all(pharmacyId) });
    const filter = `pharmacy_id=eq.${pharmacyId}`;
    // A fresh topic per mount: a channel being removed is never handed back to the next mount.
    const channel = supabase
      .channel(`dashboard:${pharmacyId}:${crypto.randomUUID()}`)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'prescriptions', filter }, refresh)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'medications', filter }, refresh)
      .subscribe((status) => {
        if (status === 'SUBSCRIBED') refresh();
      });
    return () => {
      void supabase.removeChannel(channel);
    };
  }, [pharmacyId, queryClient]);
}

/**
 * Keeps every open patient list of the pharmacy current: any insert, update or delete of one of its
 * patients (postgres_changes, which RLS limits to the subscriber's pharmacy) invalidates the feature's
 * queries. On every (re)subscription the lists are refetched too, catching up on changes missed while
 * the connection was down.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { patientKeys } from '../keys.ts';

/**
 * supabase-js hands back an existing channel of the same topic, and one still leaving (React's StrictMode
 * mounts effects twice) cannot take new listeners; so each subscription gets its own topic.
 */
let subscriptionCount = 0;

export function usePatientsRealtime(pharmacyId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: patientKeys.all(pharmacyId) });
    const channel = supabase
      .channel(`patients:${pharmacyId}:${++subscriptionCount}`)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'patients', filter: `pharmacy_id=eq.${pharmacyId}` }, refresh)
      .subscribe((status) => {
        if (status === 'SUBSCRIBED') refresh();
      });
    return () => {
      void supabase.removeChannel(channel);
    };
  }, [pharmacyId, queryClient]);
}

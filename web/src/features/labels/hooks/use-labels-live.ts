/**
 * Keeps the labels screen current on every terminal: a change to the pharmacy's prescriptions (verified,
 * picked up, …) or a label printed anywhere refreshes its lists through Realtime, and every (re)subscription refetches them, so the
 * screen catches up after a lost connection.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { supabase } from '../../../lib/supabase.ts';
import { labelsKeys } from '../keys.ts';

export function useLabelsLive(pharmacyId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: labelsKeys.all(pharmacyId) });
    // A fresh topic per mount: a channel being removed is never handed back to the next mount.
    const channel = supabase
      .channel(`labels:${pharmacyId}:${crypto.randomUUID()}`)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'prescriptions', filter: `pharmacy_id=eq.${pharmacyId}` }, refresh)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'prescription_label_prints', filter: `pharmacy_id=eq.${pharmacyId}` }, refresh)
      .subscribe((status) => {
        if (status === 'SUBSCRIBED') refresh();
      });
    return () => {
      void supabase.removeChannel(channel);
    };
  }, [pharmacyId, queryClient]);
}

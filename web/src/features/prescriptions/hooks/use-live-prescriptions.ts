/**
 * Keeps the queue current on every terminal of the pharmacy: any insert or update of one of its
 * prescriptions (realtime postgres_changes, RLS applying) refreshes the feature's queries, and every
 * (re)SUBSCRIBED refetches too, so a screen that lost its connection catches up on what it missed.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { supabase } from '../../../lib/supabase.ts';
import { prescriptionKeys } from '../keys.ts';

export function useLivePrescriptions(pharmacyId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: prescriptionKeys.all(pharmacyId) });
    // A topic of its own per mount: supabase.channel() hands back a channel of the same topic still leaving.
    const channel = supabase
      .channel(`prescription-queue:${pharmacyId}:${crypto.randomUUID()}`)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'prescriptions', filter: `pharmacy_id=eq.${pharmacyId}` }, refresh)
      .subscribe((status) => {
        if (status === 'SUBSCRIBED') refresh();
      });
    return () => void supabase.removeChannel(channel);
  }, [pharmacyId, queryClient]);
}

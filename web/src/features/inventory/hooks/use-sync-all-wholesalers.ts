/**
 * Sync All Orders (Orders tab) and Sync Wholesale Invoices (Overview): every wholesaler of the pharmacy synced in
 * turn (POST /api/wholesalers/{id}/sync), what each answered gathered in one toast.
 */
import { useState } from 'react';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useExchangeWithWholesaler } from '../api/exchange-with-wholesaler.ts';
import { useWholesalers } from '../api/get-wholesalers.ts';

export function useSyncAllWholesalers(pharmacyId: string, doneTitle: string) {
  const wholesalers = useWholesalers(pharmacyId);
  const exchange = useExchangeWithWholesaler();
  const [syncing, setSyncing] = useState(false);

  async function syncAll(): Promise<void> {
    setSyncing(true);
    const messages: string[] = [];
    let failed = false;
    for (const wholesaler of wholesalers.data ?? []) {
      const result = await exchange.mutateAsync({ id: wholesaler.id, kind: 'sync' })
        .catch((error: Error) => ({ ok: false, message: `${wholesaler.name}: ${error.message}` }));
      messages.push(result.message);
      failed ||= !result.ok;
    }
    setSyncing(false);
    toast({
      title: failed ? 'Sync finished with errors' : doneTitle,
      description: messages.join(' ') || 'No wholesaler is connected yet.',
      ...(failed ? { variant: 'destructive' as const } : {}),
    });
  }

  return { syncAll, syncing };
}

/**
 * Keeps the Drug Database current on every terminal of the pharmacy: any change to its medications (another
 * terminal's sync, a fill taking stock) or prescriptions (a new interaction alert, an override) refreshes the catalog's
 * queries — the cards, the counts, the pricing table, the DUR alerts. A burst of changes (a sync of 500 NDCs is 500
 * events) is one refresh, LIVE_REFRESH_COALESCE_MS after its first event.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useLiveQueries, type LiveTable } from '../../../hooks/use-live-queries.ts';
import { refreshQueries } from '../../../lib/refresh-queries.ts';
import { drugKeys } from '../keys.ts';

const LIVE_TABLES: LiveTable[] = [{ table: 'medications' }, { table: 'prescriptions' }];

export const LIVE_REFRESH_COALESCE_MS = 1000;

export function useLiveCatalog(pharmacyId: string): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    },
    [],
  );
  const onChange = useCallback(() => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void refreshQueries(queryClient, drugKeys.catalog(pharmacyId));
    }, LIVE_REFRESH_COALESCE_MS);
  }, [pharmacyId, queryClient]);
  useLiveQueries('drugs', pharmacyId, drugKeys.catalog(pharmacyId), LIVE_TABLES, onChange);
}

/**
 * Query keys of the Drug Database, starting with the pharmacy so one pharmacy's cache never answers for another.
 * What a sync, a price update or another terminal's change refreshes is decided by the tables each query reads
 * (lib/table-queries.ts); the keys only group the catalog's reads, the providers' states, the external searches and
 * the pricing runs and schedule.
 */
import type { DrugSearchProviderId } from '@pharmacy/shared/drugs/external-drug.ts';

/** What a page of the local catalog is narrowed by. */
export interface LocalDrugFilters {
  search: string;
  lowStockOnly: boolean;
  includeInactive: boolean;
}

export const drugKeys = {
  all: (pharmacyId: string) => ['pharmacy', pharmacyId, 'drugs'] as const,
  /** Everything read from the pharmacy's own medications (pages, count, price history, DUR alerts). */
  catalog: (pharmacyId: string) => [...drugKeys.all(pharmacyId), 'catalog'] as const,
  /** One page (from 0) of search_medications for the filters, at a page size. */
  localPage: (pharmacyId: string, filters: LocalDrugFilters, page: number, pageSize: number) =>
    [...drugKeys.catalog(pharmacyId), 'page', { ...filters, page, pageSize }] as const,
  /** The Local Drugs card: how many products the catalog holds. */
  localCount: (pharmacyId: string) => [...drugKeys.catalog(pharmacyId), 'count'] as const,
  /** One drug's recent price changes (public.medication_price_history). */
  priceHistory: (pharmacyId: string, medicationId: string) => [...drugKeys.catalog(pharmacyId), 'price-history', medicationId] as const,
  /** The DUR Alerts card (dur_alert_count). */
  durAlertCount: (pharmacyId: string) => [...drugKeys.catalog(pharmacyId), 'dur-alert-count'] as const,
  /** GET /api/drugs/providers: each provider's state as checked. */
  providers: (pharmacyId: string) => [...drugKeys.all(pharmacyId), 'providers'] as const,
  /** GET /api/drugs/search-external for one provider and query. */
  externalSearch: (pharmacyId: string, provider: DrugSearchProviderId, query: string) =>
    [...drugKeys.all(pharmacyId), 'external', provider, query] as const,
  /** The price update runs (the Last Price Update card) and the schedule. */
  pricing: (pharmacyId: string) => [...drugKeys.all(pharmacyId), 'pricing'] as const,
  lastPriceUpdate: (pharmacyId: string) => [...drugKeys.pricing(pharmacyId), 'last-update'] as const,
  priceSchedule: (pharmacyId: string) => [...drugKeys.pricing(pharmacyId), 'schedule'] as const,
};

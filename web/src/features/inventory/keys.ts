/**
 * Query keys of Inventory Management, starting with the pharmacy so one pharmacy's cache never answers for another.
 * What a change refreshes is decided by the tables each query reads (lib/table-queries.ts); the keys only group the
 * screen's reads.
 */
export const inventoryKeys = {
  all: (pharmacyId: string) => ['pharmacy', pharmacyId, 'inventory'] as const,
  /** One page of the Inventory tab for a search and status. */
  items: (pharmacyId: string, search: string, status: string, page: number, pageSize: number) =>
    [...inventoryKeys.all(pharmacyId), 'items', search, status, page, pageSize] as const,
  /** The Overview tab's figures. */
  overview: (pharmacyId: string) => [...inventoryKeys.all(pharmacyId), 'overview'] as const,
  /** The Analytics tab's 7/30/90-day summaries. */
  analytics: (pharmacyId: string) => [...inventoryKeys.all(pharmacyId), 'analytics'] as const,
  /** The prediction settings (window, utilisation threshold). */
  settings: (pharmacyId: string) => [...inventoryKeys.all(pharmacyId), 'settings'] as const,
  /** The pharmacy's wholesaler connections. */
  wholesalers: (pharmacyId: string) => [...inventoryKeys.all(pharmacyId), 'wholesalers'] as const,
  /** One page of the Orders tab for a search and status filter. */
  orders: (pharmacyId: string, search: string, filter: string, page: number, pageSize: number) =>
    [...inventoryKeys.all(pharmacyId), 'orders', search, filter, page, pageSize] as const,
  /** One order in full (lines, ship notice, receipts, documents, discrepancies). */
  order: (pharmacyId: string, orderId: string) => [...inventoryKeys.all(pharmacyId), 'order', orderId] as const,
  /** One page of the Counts tab's list of counts. */
  countSessions: (pharmacyId: string, page: number, pageSize: number) =>
    [...inventoryKeys.all(pharmacyId), 'count-sessions', page, pageSize] as const,
  /** One count's header. */
  countSession: (pharmacyId: string, sessionId: string) => [...inventoryKeys.all(pharmacyId), 'count-session', sessionId] as const,
  /** One page of a count's sheet (all lines, or only those with a variance). */
  countSheet: (pharmacyId: string, sessionId: string, onlyVariances: boolean, page: number, pageSize: number) =>
    [...inventoryKeys.all(pharmacyId), 'count-sheet', sessionId, onlyVariances, page, pageSize] as const,
  /** When the biennial controlled-substance inventory is due. */
  biennialStatus: (pharmacyId: string) => [...inventoryKeys.all(pharmacyId), 'biennial-status'] as const,
  /** One page of the Returns tab for a status filter. */
  returns: (pharmacyId: string, filter: string, page: number, pageSize: number) =>
    [...inventoryKeys.all(pharmacyId), 'returns', filter, page, pageSize] as const,
  /** The products offered by Create Return's product search. */
  returnProducts: (pharmacyId: string, search: string) => [...inventoryKeys.all(pharmacyId), 'return-products', search] as const,
};

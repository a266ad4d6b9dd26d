/**
 * An address of one prescription in the queue (/prescriptions), for screens that name a prescription (a prescription
 * file's "Entered as Rx …"): the queue opens on the tab of the fill's status, and the Completed tab (the one with a search)
 * is narrowed to its Rx number. The queue has no page of one prescription; this is the nearest it can show. A cancelled
 * fill is in no tab: the link is the queue itself.
 */

export const QUEUE_TABS = ['pending', 'processing', 'ready', 'completed'] as const;
export type QueueTab = (typeof QUEUE_TABS)[number];

function isQueueTab(value: string | null): value is QueueTab {
  return QUEUE_TABS.some((tab) => tab === value);
}

export function queueLink(prescription: { status: string; rxNumber: number }): string {
  if (!isQueueTab(prescription.status)) return '/prescriptions';
  // Only Completed has a search box (its history grows without end); the other tabs are short and newest first.
  const params = new URLSearchParams(prescription.status === 'completed' ? { tab: prescription.status, search: String(prescription.rxNumber) } : { tab: prescription.status });
  return `/prescriptions?${params.toString()}`;
}

/**
 * The queue opened on one Rx number's Refill dialog (the header's global search: an Rx number and Enter): its newest
 * fill, patient and drug, and Refill when refills are left — what the queue's search box opens on Enter.
 */
export function queueRefillLink(rxNumber: number): string {
  return `/prescriptions?${new URLSearchParams({ rx: String(rxNumber) }).toString()}`;
}

/** The queue's first tab, search and Refill dialog from its address; what is missing or unknown is left to the queue's defaults. */
export function parseQueueLink(params: URLSearchParams): { tab?: QueueTab; search?: string; refillRxNumber?: number } {
  const tab = params.get('tab');
  const search = params.get('search')?.trim().slice(0, 100);
  const rx = params.get('rx')?.trim() ?? '';
  const refillRxNumber = /^[0-9]{1,15}$/.test(rx) ? Number(rx) : undefined;
  return { ...(isQueueTab(tab) ? { tab } : {}), ...(search ? { search } : {}), ...(refillRxNumber ? { refillRxNumber } : {}) };
}

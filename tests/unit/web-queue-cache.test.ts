/**
 * The queue's realtime cache edits (web/src/features/prescriptions/api/queue-cache.ts, sync-queue-cache.ts,
 * queue-order.ts): a change enters, moves between or leaves the cached tabs in the keyset order the database
 * pages by, without fetching the tabs again; a tab that cannot place a change, or that is fetching, is fetched
 * again; the counts are left to the table refresh of the write or live change that brought it (one fetch, not two).
 */
import { QueryClient, QueryObserver, InfiniteQueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { type FillStatus, parseQueueMedication, parseQueuePatient, parseQueuePrescriptions, type PrescriptionStatus, type QueuePrescription } from '../../web/src/features/prescriptions/api/prescription-model.ts';
import { applyQueueChange, applyRelatedChange, type QueueData, type QueuePage } from '../../web/src/features/prescriptions/api/queue-cache.ts';
import { compareQueueOrder } from '../../web/src/features/prescriptions/api/queue-order.ts';
import { enqueueQueueSync, syncQueueCache, syncRelatedChange } from '../../web/src/features/prescriptions/api/sync-queue-cache.ts';
import { NO_QUEUE_FILTERS, prescriptionKeys } from '../../web/src/features/prescriptions/keys.ts';

const CLEAN = { hasInteractions: false, interactions: [], recommendedActions: [] };

function rx(id: string, createdAt: string, status: FillStatus = 'pending', directions = 'Take 1'): QueuePrescription {
  return parseQueuePrescriptions([{
    id, rx_number: 1000 + Number(id.replace(/\D/g, '') || 0), status, prescription_type: 'written', source: 'manual_entry',
    prescriber_name: null, directions, quantity: 10, refills: 0, order_id: id, fill_number: 0, days_supply: null, urgency_level: null,
    fax_number: null, original_date: null, caller_info: null, callback_number: null, override_reason: null, created_at: createdAt,
    ai_flags: CLEAN, verification_flags: null, verification_override_reason: null, prescription_file_id: null,
    patient: { id: 'patient', first_name: 'Pat', last_name: 'Doe', current_medications: [] },
    medication: { id: 'lisinopril', name: 'Lisinopril', strength: '10 mg', dea_schedule: null },
  }])[0]!;
}

/** Pages of the given rows; every page but the last ends at a cursor (its last row), the last at `end`. */
function tabData(pages: QueuePrescription[][], more = false): QueueData {
  const built: QueuePage[] = pages.map((rows, index) => {
    const last = rows.at(-1);
    const isLast = index === pages.length - 1;
    return { prescriptions: rows, nextCursor: (!isLast || more) && last ? { createdAt: last.createdAt, id: last.id } : null };
  });
  return { pages: built, pageParams: built.map((_, index) => (index === 0 ? null : built[index - 1]!.nextCursor)) };
}

const ids = (data: QueueData) => data.pages.map((page) => page.prescriptions.map((row) => row.id));

const at = (minute: number) => `2026-11-22T10:${String(minute).padStart(2, '0')}:00.000000+00:00`;

describe('compareQueueOrder', () => {
  it('puts newer first to the microsecond, across offsets, and breaks ties by id descending', () => {
    expect(compareQueueOrder({ createdAt: '2026-11-22T10:00:00.000002+00:00', id: 'a' }, { createdAt: '2026-11-22T10:00:00.000001+00:00', id: 'b' })).toBeLessThan(0);
    expect(compareQueueOrder({ createdAt: '2026-11-22T10:00:00.5+00:00', id: 'a' }, { createdAt: '2026-11-22T10:00:00.41+00:00', id: 'b' })).toBeLessThan(0);
    expect(compareQueueOrder({ createdAt: '2026-11-22T05:00:00-06:00', id: 'a' }, { createdAt: '2026-11-22T10:59:59+00:00', id: 'b' })).toBeLessThan(0);
    expect(compareQueueOrder({ createdAt: at(1), id: 'b' }, { createdAt: at(1), id: 'a' })).toBeLessThan(0);
    expect(compareQueueOrder({ createdAt: at(1), id: 'a' }, { createdAt: at(1), id: 'a' })).toBe(0);
    expect(compareQueueOrder({ createdAt: at(1), id: 'z' }, { createdAt: at(2), id: 'a' })).toBeGreaterThan(0);
  });
});

describe('applyQueueChange', () => {
  const pendingTab = { status: 'pending' as const, filtered: false };
  const processingTab = { status: 'processing' as const, filtered: false };

  it('puts a new prescription at the top of its tab and nowhere else', () => {
    const pending = tabData([[rx('p2', at(2)), rx('p1', at(1))]]);
    const processing = tabData([[rx('q1', at(0), 'processing')]]);
    const entered = rx('p3', at(3));
    expect(ids(applyQueueChange(pending, pendingTab, { kind: 'upsert', prescription: entered }).data)).toEqual([['p3', 'p2', 'p1']]);
    const untouched = applyQueueChange(processing, processingTab, { kind: 'upsert', prescription: entered });
    expect(untouched).toEqual({ data: processing, refetch: false });
    expect(untouched.data).toBe(processing);
  });

  it('moves a prescription between tabs: it leaves one and takes its place in the order of the other', () => {
    const pending = tabData([[rx('p5', at(5)), rx('p3', at(3))], [rx('p2', at(2))]]);
    const processing = tabData([[rx('q6', at(6), 'processing'), rx('q4', at(4), 'processing')], [rx('q1', at(1), 'processing')]]);
    const moved = rx('p3', at(3), 'processing');
    const left = applyQueueChange(pending, pendingTab, { kind: 'upsert', prescription: moved });
    expect(ids(left.data)).toEqual([['p5'], ['p2']]);
    // The page cursors stay where the database ended each page, so "Load more" still continues after p3.
    expect(left.data.pages[0]!.nextCursor).toEqual({ createdAt: at(3), id: 'p3' });
    const entered = applyQueueChange(processing, processingTab, { kind: 'upsert', prescription: moved });
    // Older than where the first page ended (q4), so it falls into the second page, before q1.
    expect(ids(entered.data)).toEqual([['q6', 'q4'], ['p3', 'q1']]);
    expect(entered.refetch).toBe(false);
  });

  it('leaves a prescription older than the loaded pages to "Load more", unless the tab is loaded to its end', () => {
    const older = rx('q0', at(0), 'processing');
    const partlyLoaded = tabData([[rx('q6', at(6), 'processing'), rx('q4', at(4), 'processing')]], true);
    const notPlaced = applyQueueChange(partlyLoaded, processingTab, { kind: 'upsert', prescription: older });
    expect(notPlaced).toEqual({ data: partlyLoaded, refetch: false });
    const fullyLoaded = tabData([[rx('q6', at(6), 'processing'), rx('q4', at(4), 'processing')]]);
    expect(ids(applyQueueChange(fullyLoaded, processingTab, { kind: 'upsert', prescription: older }).data)).toEqual([['q6', 'q4', 'q0']]);
    // The last row loaded coming back in is inside the loaded range.
    const cursorRow = rx('q4', at(4), 'processing');
    const withoutCursorRow = tabData([[rx('q6', at(6), 'processing')]], true);
    withoutCursorRow.pages[0]!.nextCursor = { createdAt: at(4), id: 'q4' };
    expect(ids(applyQueueChange(withoutCursorRow, processingTab, { kind: 'upsert', prescription: cursorRow }).data)).toEqual([['q6', 'q4']]);
  });

  it('updates a prescription in place, and puts it into an empty tab', () => {
    const pending = tabData([[rx('p3', at(3)), rx('p2', at(2)), rx('p1', at(1))]]);
    const edited = rx('p2', at(2), 'pending', 'Take 2');
    const result = applyQueueChange(pending, pendingTab, { kind: 'upsert', prescription: edited });
    expect(ids(result.data)).toEqual([['p3', 'p2', 'p1']]);
    expect(result.data.pages[0]!.prescriptions[1]!.directions).toBe('Take 2');
    expect(ids(applyQueueChange(tabData([[]]), pendingTab, { kind: 'upsert', prescription: edited }).data)).toEqual([['p2']]);
  });

  it('removes a deleted prescription from whichever page holds it', () => {
    const pending = tabData([[rx('p3', at(3))], [rx('p2', at(2)), rx('p1', at(1))]]);
    expect(ids(applyQueueChange(pending, pendingTab, { kind: 'remove', id: 'p2' }).data)).toEqual([['p3'], ['p1']]);
    expect(applyQueueChange(pending, pendingTab, { kind: 'remove', id: 'other' }).data).toBe(pending);
  });

  it('a searched tab updates or drops rows it shows, and asks to be fetched again for a possible newcomer', () => {
    const searched = { status: 'completed' as const, filtered: true };
    const completed = tabData([[rx('c2', at(2), 'completed'), rx('c1', at(1), 'completed')]]);
    const newcomer = applyQueueChange(completed, searched, { kind: 'upsert', prescription: rx('c3', at(3), 'completed') });
    expect(newcomer).toEqual({ data: completed, refetch: true });
    const edited = applyQueueChange(completed, searched, { kind: 'upsert', prescription: rx('c1', at(1), 'completed', 'Take 3') });
    expect(edited.refetch).toBe(false);
    expect(edited.data.pages[0]!.prescriptions[1]!.directions).toBe('Take 3');
    const reopened = applyQueueChange(completed, searched, { kind: 'upsert', prescription: rx('c2', at(2), 'ready') });
    expect(reopened).toEqual({ data: tabData([[rx('c1', at(1), 'completed')]]), refetch: false });
  });

  it('a fill cancelled (its prescription discontinued) leaves the tab showing it, searched or not, and enters no tab', () => {
    const pending = tabData([[rx('p2', at(2)), rx('p1', at(1))]]);
    const cancelled = rx('p2', at(2), 'cancelled');
    expect(cancelled.status).toBe('cancelled');
    expect(applyQueueChange(pending, pendingTab, { kind: 'upsert', prescription: cancelled })).toEqual({ data: tabData([[rx('p1', at(1))]]), refetch: false });
    const searched = applyQueueChange(pending, { status: 'pending', filtered: true }, { kind: 'upsert', prescription: cancelled });
    expect(ids(searched.data)).toEqual([['p1']]);
    expect(searched.refetch).toBe(false);
    for (const status of ['processing', 'ready', 'completed'] as const) {
      const tab = tabData([[rx(`${status}1`, at(1), status)]], false);
      expect(applyQueueChange(tab, { status, filtered: false }, { kind: 'upsert', prescription: cancelled }).data).toBe(tab);
    }
  });
});

/** A "database" of queue rows whose reads take their snapshot at once and, while held, answer later. */
function queueTable(rows: QueuePrescription[]) {
  let current = rows;
  let held = false;
  const waiting: (() => void)[] = [];
  const reads = { count: 0 };
  return {
    reads,
    write(next: QueuePrescription[]) {
      current = next;
    },
    hold() {
      held = true;
    },
    read(status: PrescriptionStatus): Promise<QueuePage> {
      reads.count += 1;
      const snapshot: QueuePage = { prescriptions: current.filter((row) => row.status === status), nextCursor: null };
      if (!held) return Promise.resolve(snapshot);
      return new Promise((resolve) => waiting.push(() => resolve(snapshot)));
    },
    release() {
      held = false;
      while (waiting.length > 0) waiting.shift()!();
    },
  };
}

function newClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
}

function observeTab(client: QueryClient, table: ReturnType<typeof queueTable>, status: PrescriptionStatus) {
  const observer = new InfiniteQueryObserver(client, {
    queryKey: prescriptionKeys.queue('p1', status, NO_QUEUE_FILTERS),
    queryFn: () => table.read(status),
    initialPageParam: null,
    getNextPageParam: (page: QueuePage) => page.nextCursor,
  });
  return { observer, unsubscribe: observer.subscribe(() => {}) };
}

async function settled(client: QueryClient): Promise<void> {
  while (client.isFetching() > 0) await new Promise((resolve) => setTimeout(resolve, 1));
}

describe('syncQueueCache', () => {
  it('a realtime update cancelling a pending fill removes its card from the cached tab without fetching it', async () => {
    const client = newClient();
    const table = queueTable([rx('p2', at(2)), rx('p1', at(1))]);
    const pending = observeTab(client, table, 'pending');
    await settled(client);
    const tabReads = table.reads.count;

    const cancelled = rx('p2', at(2), 'cancelled');
    table.write([cancelled, rx('p1', at(1))]);
    await syncQueueCache(client, 'p1', { kind: 'upsert', prescription: cancelled });

    expect(table.reads.count).toBe(tabReads);
    expect(pending.observer.getCurrentResult().data?.pages[0]!.prescriptions.map((row) => row.id)).toEqual(['p1']);
    pending.unsubscribe();
  });

  it('edits the loaded tabs in place without fetching them again, nor the counts (refreshed by the change\'s table)', async () => {
    const client = newClient();
    const table = queueTable([rx('p2', at(2)), rx('p1', at(1))]);
    const pending = observeTab(client, table, 'pending');
    const processing = observeTab(client, table, 'processing');
    let countReads = 0;
    const counts = new QueryObserver(client, { queryKey: prescriptionKeys.counts('p1'), queryFn: () => ++countReads });
    const stopCounts = counts.subscribe(() => {});
    await settled(client);
    const tabReads = table.reads.count;

    const moved = rx('p2', at(2), 'processing');
    table.write([moved, rx('p1', at(1))]);
    await syncQueueCache(client, 'p1', { kind: 'upsert', prescription: moved });

    expect(table.reads.count).toBe(tabReads);
    expect(countReads).toBe(1);
    expect(pending.observer.getCurrentResult().data?.pages[0]!.prescriptions.map((row) => row.id)).toEqual(['p1']);
    expect(processing.observer.getCurrentResult().data?.pages[0]!.prescriptions.map((row) => row.id)).toEqual(['p2']);
    pending.unsubscribe();
    processing.unsubscribe();
    stopCounts();
  });

  it('fetches again a tab whose first fetch read the data before the change, so the change is not lost', async () => {
    const client = newClient();
    const table = queueTable([]);
    table.hold();
    const pending = observeTab(client, table, 'pending');
    expect(client.isFetching({ queryKey: prescriptionKeys.queues('p1') })).toBe(1);

    const entered = rx('p1', at(1));
    table.write([entered]);
    const synced = syncQueueCache(client, 'p1', { kind: 'upsert', prescription: entered });
    table.release();
    await synced;

    expect(pending.observer.getCurrentResult().data?.pages[0]!.prescriptions.map((row) => row.id)).toEqual(['p1']);
    pending.unsubscribe();
  });

  it('fetches again a searched tab that may gain the change, and leaves another pharmacy alone', async () => {
    const client = newClient();
    const searchedKey = prescriptionKeys.queue('p1', 'completed', { search: 'Doe', filledOn: '' });
    const otherKey = prescriptionKeys.queue('p2', 'completed', NO_QUEUE_FILTERS);
    let searchedReads = 0;
    const searched = new InfiniteQueryObserver(client, {
      queryKey: searchedKey,
      queryFn: (): QueuePage => ({ prescriptions: searchedReads++ === 0 ? [] : [rx('c1', at(1), 'completed')], nextCursor: null }),
      initialPageParam: null,
      getNextPageParam: (page: QueuePage) => page.nextCursor,
    });
    const stop = searched.subscribe(() => {});
    client.setQueryData(otherKey, tabData([[rx('x1', at(0), 'completed')]]));
    await settled(client);

    await syncQueueCache(client, 'p1', { kind: 'upsert', prescription: rx('c1', at(1), 'completed') });

    expect(searched.getCurrentResult().data?.pages[0]!.prescriptions.map((row) => row.id)).toEqual(['c1']);
    expect(ids(client.getQueryData<QueueData>(otherKey)!)).toEqual([['x1']]);
    stop();
  });
});

describe('a changed patient or medication (another terminal), shown on the cards that name it', () => {
  // What realtime delivers: the whole new row, with columns no card shows.
  const medicationRow = { id: 'lisinopril', name: 'Lisinopril', strength: '10 mg', dea_schedule: null, stock: 880, price: 4.5, pharmacy_id: 'p1' };
  const patientRow = { id: 'patient', first_name: 'Pat', last_name: 'Doe', current_medications: [], phone: '555-0100', pharmacy_id: 'p1' };

  it('a fill (stock taken, nothing a card shows) changes no card: the same data, so nothing re-renders', () => {
    const data = tabData([[rx('a1', at(2)), rx('a2', at(1))]]);
    expect(applyRelatedChange(data, { kind: 'medication', medication: parseQueueMedication(medicationRow)! })).toBe(data);
    expect(applyRelatedChange(data, { kind: 'patient', patient: parseQueuePatient(patientRow)! })).toBe(data);
  });

  it('a renamed medication or patient is shown on every card naming it, and only there', () => {
    const other = { ...rx('b1', at(3)), medication: { id: 'other', name: 'Metformin', strength: '500 mg', deaSchedule: null } };
    const data = tabData([[other, rx('a1', at(2))], [rx('a2', at(1))]]);
    const renamed = applyRelatedChange(data, { kind: 'medication', medication: parseQueueMedication({ ...medicationRow, strength: '20 mg' })! });
    expect(renamed.pages.flatMap((page) => page.prescriptions.map((row) => `${row.id}:${row.medication.name} ${row.medication.strength}`))).toEqual([
      'b1:Metformin 500 mg',
      'a1:Lisinopril 20 mg',
      'a2:Lisinopril 20 mg',
    ]);
    expect(renamed.pages[0]!.prescriptions[0]).toBe(data.pages[0]!.prescriptions[0]);
    const moved = applyRelatedChange(data, { kind: 'patient', patient: parseQueuePatient({ ...patientRow, last_name: 'Doe-Smith', current_medications: ['Warfarin 5mg'] })! });
    expect(moved.pages[1]!.prescriptions[0]!.patient).toEqual({ id: 'patient', firstName: 'Pat', lastName: 'Doe-Smith', currentMedications: ['Warfarin 5mg'] });
  });

  it('a row that is not a patient or medication as the queue reads them is not taken for one', () => {
    expect(parseQueueMedication({ id: 'x', name: 'No strength column' })).toBeNull();
    expect(parseQueuePatient({ id: 'x' })).toBeNull();
  });

  it('syncRelatedChange edits the cached tabs without fetching them', async () => {
    const client = newClient();
    const key = prescriptionKeys.queue('p1', 'pending', NO_QUEUE_FILTERS);
    client.setQueryData(key, tabData([[rx('a1', at(2))]]));
    await syncRelatedChange(client, 'p1', { kind: 'medication', medication: parseQueueMedication({ ...medicationRow, name: 'Zestril' })! });
    expect(client.getQueryData<QueueData>(key)!.pages[0]!.prescriptions[0]!.medication.name).toBe('Zestril');
    expect(client.getQueryState(key)?.isInvalidated).toBe(false);
  });
});

describe('enqueueQueueSync', () => {
  it('applies changes in the order they were asked for, even when an earlier one is slower', async () => {
    const client = newClient();
    const applied: string[] = [];
    let releaseFirst: () => void = () => {};
    const first = enqueueQueueSync(client, () => new Promise<void>((resolve) => (releaseFirst = resolve)).then(() => void applied.push('first')));
    const second = enqueueQueueSync(client, async () => void applied.push('second'));
    const failing = enqueueQueueSync(client, () => Promise.reject(new Error('lookup failed')));
    const third = enqueueQueueSync(client, async () => void applied.push('third'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(applied).toEqual([]);
    releaseFirst();
    await Promise.all([first, second, third, failing.catch(() => {})]);
    expect(applied).toEqual(['first', 'second', 'third']);
  });
});

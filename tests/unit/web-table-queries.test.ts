/**
 * Data that stays true across screens (web/src/lib/table-queries.ts, live-tables.ts, react-query.ts): queries declare
 * the tables they read, and a write (a mutation's meta.writes) or another terminal's change refreshes every query
 * reading the table, whatever feature's key it sits under; a query that places a table's changes itself is left to
 * its feature while the feature's screen places them, except after a (re)subscription; a burst of live changes is
 * one refresh.
 */
import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalescedTableRefresh, dispatchTableChange, liveTableFilter, onTableChange, type TableChange } from '../../web/src/lib/live-tables.ts';
import { createQueryClient } from '../../web/src/lib/react-query.ts';
import { placingChangesOf, queryIsAffected, refreshTables, type TableName, type TableQueryMeta } from '../../web/src/lib/table-queries.ts';

/** A table's rows, read by whichever query asks, counting the reads. */
function table<Row>(initial: Row) {
  let value = initial;
  let reads = 0;
  return {
    set(next: Row) {
      value = next;
    },
    read: async () => {
      reads += 1;
      return value;
    },
    get reads() {
      return reads;
    },
  };
}

/** A shown query (an observer keeps it active, as a mounted screen does). */
function show<Data>(client: QueryClient, queryKey: readonly unknown[], meta: TableQueryMeta, queryFn: () => Promise<Data>) {
  const observer = new QueryObserver(client, { queryKey, queryFn, meta });
  const unsubscribe = observer.subscribe(() => {});
  return { observer, unsubscribe, data: () => observer.getCurrentResult().data };
}

async function settled(client: QueryClient) {
  await vi.waitFor(() => expect(client.isFetching()).toBe(0));
}

describe('queryIsAffected', () => {
  const changed = (...tables: TableName[]) => new Set<TableName>(tables);

  it('is true when the query reads a changed table, for every cause', () => {
    const meta: TableQueryMeta = { reads: ['security_policies'] };
    expect(queryIsAffected(meta, changed('security_policies'), 'write')).toBe(true);
    expect(queryIsAffected(meta, changed('patients', 'security_policies'), 'live')).toBe(true);
    expect(queryIsAffected(meta, changed('security_policies'), 'resync')).toBe(true);
  });

  it('is false for tables the query does not read, and for queries that declare nothing', () => {
    expect(queryIsAffected({ reads: ['patients'] }, changed('medications'), 'write')).toBe(false);
    expect(queryIsAffected({ reads: [] }, changed('medications'), 'resync')).toBe(false);
    expect(queryIsAffected(undefined, changed('medications'), 'resync')).toBe(false);
  });

  it('leaves a table the query places itself to its feature while its screen places it, except after a (re)subscription', () => {
    const queue: TableQueryMeta = { reads: ['prescriptions', 'patients'], placesChangesOf: ['prescriptions'] };
    const stopPlacing = placingChangesOf('prescriptions');
    try {
      expect(queryIsAffected(queue, changed('prescriptions'), 'live')).toBe(false);
      expect(queryIsAffected(queue, changed('prescriptions'), 'write')).toBe(false);
      expect(queryIsAffected(queue, changed('prescriptions'), 'resync')).toBe(true);
      // Another table it reads still refreshes it.
      expect(queryIsAffected(queue, changed('prescriptions', 'patients'), 'live')).toBe(true);
    } finally {
      stopPlacing();
    }
  });

  it('refreshes for a placed table while no screen places it (the queue not shown), so no change is lost', () => {
    const queue: TableQueryMeta = { reads: ['prescriptions'], placesChangesOf: ['prescriptions'] };
    expect(queryIsAffected(queue, changed('prescriptions'), 'live')).toBe(true);
    expect(queryIsAffected(queue, changed('prescriptions'), 'write')).toBe(true);
    // Two screens placing it: the table is left to them until both have gone; a second stop changes nothing.
    const first = placingChangesOf('prescriptions');
    const second = placingChangesOf('prescriptions');
    first();
    first();
    expect(queryIsAffected(queue, changed('prescriptions'), 'live')).toBe(false);
    second();
    expect(queryIsAffected(queue, changed('prescriptions'), 'live')).toBe(true);
  });
});

describe('refreshTables', () => {
  it("refetches every shown query reading the table, whatever feature's key it has, and only those", async () => {
    const client = createQueryClient();
    const policies = table({ overrideAuthority: 'pharmacist_only' });
    const patients = table(['Ann Lee']);
    const managerForm = show(client, ['pharmacy', 'p1', 'security-manager', 'policy'], { reads: ['security_policies'] }, policies.read);
    const queueRules = show(client, ['pharmacy', 'p1', 'prescriptions', 'override-rules'], { reads: ['security_policies', 'prescriptions'] }, policies.read);
    const patientList = show(client, ['pharmacy', 'p1', 'patients', 'list'], { reads: ['patients'] }, patients.read);
    await settled(client);

    policies.set({ overrideAuthority: 'admin_only' });
    await refreshTables(client, ['security_policies'], 'live');

    expect(managerForm.data()).toEqual({ overrideAuthority: 'admin_only' });
    expect(queueRules.data()).toEqual({ overrideAuthority: 'admin_only' });
    expect(patients.reads).toBe(1);
    expect(patientList.data()).toEqual(['Ann Lee']);
    [managerForm, queueRules, patientList].forEach((query) => query.unsubscribe());
  });

  it('after a (re)subscription, leaves a failed query to its Retry (no automatic retries), and refetches the others', async () => {
    const client = createQueryClient();
    let answer: () => Promise<string[]> = async () => {
      throw new Error('The queue is unavailable');
    };
    const failed = show(client, ['pharmacy', 'p1', 'prescriptions', 'queue'], { reads: ['prescriptions'] }, () => answer());
    const patients = table(['Ann Lee']);
    const loaded = show(client, ['pharmacy', 'p1', 'patients', 'list'], { reads: ['patients'] }, patients.read);
    await settled(client);
    expect(failed.observer.getCurrentResult().status).toBe('error');

    answer = async () => ['RX 1015'];
    await refreshTables(client, ['prescriptions', 'patients'], 'resync');

    expect(failed.observer.getCurrentResult().status).toBe('error');
    expect(patients.reads).toBe(2);
    // A change of its table (here or at another terminal) is a reason to ask again.
    await refreshTables(client, ['prescriptions'], 'live');
    await vi.waitFor(() => expect(failed.data()).toEqual(['RX 1015']));
    [failed, loaded].forEach((query) => query.unsubscribe());
  });

  it('marks a query no screen shows stale, so it is fetched again when shown', async () => {
    const client = createQueryClient();
    const key = ['pharmacy', 'p1', 'drugs', 'count'];
    await client.fetchQuery({ queryKey: key, queryFn: async () => 10, meta: { reads: ['medications'] } });

    await refreshTables(client, ['medications'], 'write');

    expect(client.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it('marks a cached queue tab stale when its table changes while the queue is not shown, and leaves it to the queue while shown', async () => {
    const client = createQueryClient();
    const key = ['pharmacy', 'p1', 'prescriptions', 'queue', 'pending'];
    const meta: TableQueryMeta = { reads: ['prescriptions', 'patients'], placesChangesOf: ['prescriptions', 'patients'] };
    await client.fetchQuery({ queryKey: key, queryFn: async () => ['RX 1015'], meta });

    const stopPlacing = placingChangesOf('prescriptions');
    await refreshTables(client, ['prescriptions'], 'live');
    expect(client.getQueryState(key)?.isInvalidated).toBe(false);
    stopPlacing();

    // The queue screen has gone (its tabs stay cached): another terminal's change, or this terminal's patient edit.
    await refreshTables(client, ['prescriptions'], 'live');
    expect(client.getQueryState(key)?.isInvalidated).toBe(true);
    await client.fetchQuery({ queryKey: key, queryFn: async () => ['RX 1015', 'RX 1016'], meta });
    await refreshTables(client, ['patients'], 'write');
    expect(client.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it('refreshes a query whose first fetch is still running, so an answer read before the change is not kept', async () => {
    const client = createQueryClient();
    let rows = ['RX 1015'];
    let held = true;
    const waiting: (() => void)[] = [];
    const read = () => {
      const snapshot = rows;
      return held ? new Promise<string[]>((resolve) => waiting.push(() => resolve(snapshot))) : Promise.resolve(snapshot);
    };
    const counts = show(client, ['pharmacy', 'p1', 'prescriptions', 'counts'], { reads: ['prescriptions'] }, read);

    // Another terminal's change commits while the first fetch, with its older snapshot, is in flight.
    rows = ['RX 1015', 'RX 1016'];
    const refreshed = refreshTables(client, ['prescriptions'], 'live');
    held = false;
    waiting.splice(0).forEach((resolve) => resolve());
    await refreshed;

    await vi.waitFor(() => expect(counts.data()).toEqual(['RX 1015', 'RX 1016']));
    counts.unsubscribe();
  });
});

describe('a mutation refreshes the tables it writes (createQueryClient)', () => {
  it('before its own callbacks run, so a screen of another feature shows the change when the save is done', async () => {
    const client = createQueryClient();
    const policies = table({ sessionTimeoutMinutes: 30 });
    const idleTimeout = show(client, ['pharmacy', 'p1', 'security-policy'], { reads: ['security_policies'] }, policies.read);
    await settled(client);

    const seenByCallback: unknown[] = [];
    await client
      .getMutationCache()
      .build(client, {
        mutationFn: async () => policies.set({ sessionTimeoutMinutes: 15 }),
        meta: { writes: ['security_policies', 'audit_log'] },
        onSuccess: () => seenByCallback.push(idleTimeout.data()),
      })
      .execute(undefined);

    expect(idleTimeout.data()).toEqual({ sessionTimeoutMinutes: 15 });
    expect(seenByCallback).toEqual([{ sessionTimeoutMinutes: 15 }]);
    idleTimeout.unsubscribe();
  });

  it('also when the write is refused (a refusal may have written an audited attempt)', async () => {
    const client = createQueryClient();
    const audit = table(['sign in']);
    const auditLog = show(client, ['pharmacy', 'p1', 'audit'], { reads: ['audit_log'] }, audit.read);
    await settled(client);

    const mutation = client.getMutationCache().build(client, {
      mutationFn: async () => {
        audit.set(['sign in', 'override refused']);
        throw new Error('Only admins may override');
      },
      meta: { writes: ['audit_log'] },
    });
    await expect(mutation.execute(undefined)).rejects.toThrow('Only admins may override');

    expect(auditLog.data()).toEqual(['sign in', 'override refused']);
    auditLog.unsubscribe();
  });
});

describe('live changes (lib/live-tables.ts)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a burst of changes is one refresh of the union of their tables, after the coalescing delay', async () => {
    const client = createQueryClient();
    const refresh = vi.spyOn(client, 'invalidateQueries');
    const coalesced = coalescedTableRefresh(client, 400);
    for (let i = 0; i < 500; i += 1) coalesced.add('medications');
    coalesced.add('prescriptions');
    expect(refresh).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(400);
    expect(refresh).toHaveBeenCalledTimes(1);

    coalesced.add('patients');
    coalesced.cancel();
    await vi.advanceTimersByTimeAsync(1000);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("hands a change to its table's listeners until they leave", () => {
    const seen: string[] = [];
    const leave = onTableChange('prescriptions', (change) => seen.push(`${change.table}:${change.eventType}`));
    const change = (table: string) => ({ table, eventType: 'UPDATE', schema: 'public', new: {}, old: {}, commit_timestamp: '', errors: [] }) as unknown as TableChange;
    dispatchTableChange(change('prescriptions'));
    dispatchTableChange(change('patients'));
    leave();
    dispatchTableChange(change('prescriptions'));
    expect(seen).toEqual(['prescriptions:UPDATE']);
  });

  it("filters a tenant table by its pharmacy_id and the pharmacy's own record by its id", () => {
    expect(liveTableFilter('security_policies', 'p1')).toBe('pharmacy_id=eq.p1');
    expect(liveTableFilter('pharmacies', 'p1')).toBe('id=eq.p1');
  });
});

describe('table names come from the generated types', () => {
  it('a query or mutation naming a table the schema does not have does not compile', () => {
    // @ts-expect-error — 'prescription' is not a table (prescriptions is).
    const query: TableQueryMeta = { reads: ['prescription'] };
    expect(query.reads).toHaveLength(1);
  });
});

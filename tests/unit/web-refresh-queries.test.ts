/**
 * refreshQueries (web/src/lib/refresh-queries.ts): a change that commits while a shown query's first fetch
 * is still running must end up on the screen, and a query that already has data is fetched again.
 */
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshQueries } from '../../web/src/lib/refresh-queries.ts';

/**
 * A "database" whose reads take their snapshot at once; while held, their answers wait for releaseAll()
 * (a slow first fetch), afterwards they answer at once.
 */
function slowTable(initial: string[]) {
  let rows = initial;
  let held = true;
  const waiting: (() => void)[] = [];
  return {
    write(next: string[]) {
      rows = next;
    },
    read(): Promise<string[]> {
      const snapshot = rows;
      if (!held) return Promise.resolve(snapshot);
      return new Promise((resolve) => waiting.push(() => resolve(snapshot)));
    },
    releaseAll() {
      held = false;
      while (waiting.length > 0) waiting.shift()!();
    },
  };
}

function newClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
}

describe('refreshQueries', () => {
  it('refetches a shown query whose first fetch read the data before the change', async () => {
    const client = newClient();
    const table = slowTable([]);
    const key = ['pharmacy', 'p1', 'prescriptions', 'list', 'ready'] as const;
    const observer = new QueryObserver(client, { queryKey: key, queryFn: () => table.read() });
    const unsubscribe = observer.subscribe(() => {});
    expect(client.isFetching({ queryKey: key })).toBe(1);

    // Another terminal's change commits while the first fetch (with its older snapshot) is in flight.
    table.write(['RX 1016']);
    const refreshed = refreshQueries(client, ['pharmacy', 'p1', 'prescriptions']);
    table.releaseAll();
    await refreshed;

    expect(client.getQueryData(key)).toEqual(['RX 1016']);
    expect(observer.getCurrentResult().status).toBe('success');
    unsubscribe();
  });

  it('refetches a shown query that already has data, and leaves other pharmacies alone', async () => {
    const client = newClient();
    const table = slowTable(['Ann Lee']);
    table.releaseAll();
    const key = ['pharmacy', 'p1', 'patients', 'list', ''] as const;
    const otherKey = ['pharmacy', 'p2', 'patients', 'list', ''] as const;
    const observer = new QueryObserver(client, { queryKey: key, queryFn: () => table.read() });
    const unsubscribe = observer.subscribe(() => {});
    await client.fetchQuery({ queryKey: key, queryFn: () => table.read() });
    expect(client.getQueryData(key)).toEqual(['Ann Lee']);
    client.setQueryData(otherKey, ['theirs']);

    table.write(['Ann Lee', 'Remy Terminal']);
    await refreshQueries(client, ['pharmacy', 'p1']);

    expect(client.getQueryData(key)).toEqual(['Ann Lee', 'Remy Terminal']);
    expect(client.getQueryState(otherKey)?.isInvalidated).toBe(false);
    unsubscribe();
  });
});

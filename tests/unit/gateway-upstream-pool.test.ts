/**
 * The gateway's keep-alive pool (supabase/local/src/gateway/upstream-pool.ts): a socket released a moment ago is
 * reused; one idle for longer than IDLE_REUSE_MS is closed and a new one opened, so no request is written to a socket
 * the upstream is about to close on its own keep-alive clock.
 */
import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_REUSE_MS, type UpstreamOwner, UpstreamPool } from '../../supabase/local/src/gateway/upstream-pool.ts';

const owner: UpstreamOwner = {
  onUpstreamAssigned: () => {}, onUpstreamData: () => {}, onUpstreamEnd: () => {}, onUpstreamClose: () => {}, onUpstreamDrain: () => {},
};

let server: net.Server | null = null;

afterEach(() => {
  vi.useRealTimers();
  server?.close();
  server = null;
});

async function upstream(): Promise<{ port: number; accepted: net.Socket[] }> {
  const accepted: net.Socket[] = [];
  server = net.createServer((socket) => accepted.push(socket));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as net.AddressInfo).port, accepted };
}

describe('the upstream pool', () => {
  it('reuses a socket idle for a moment, and replaces one idle for too long', async () => {
    const { port, accepted } = await upstream();
    vi.useFakeTimers({ toFake: ['performance'] });
    const pool = new UpstreamPool(port);
    const first = pool.acquire(owner)!;
    await vi.waitFor(() => expect(accepted).toHaveLength(1));
    pool.release(first);
    vi.advanceTimersByTime(IDLE_REUSE_MS - 500);
    const again = pool.acquire(owner)!;
    expect(again).toBe(first);
    expect(again.reused).toBe(true);

    pool.release(again);
    vi.advanceTimersByTime(IDLE_REUSE_MS + 1);
    const fresh = pool.acquire(owner)!;
    expect(fresh).not.toBe(first);
    expect(fresh.reused).toBe(false);
    await vi.waitFor(() => expect(first.closed).toBe(true));
    await vi.waitFor(() => expect(accepted).toHaveLength(2));
    pool.discard(fresh);
  });
});

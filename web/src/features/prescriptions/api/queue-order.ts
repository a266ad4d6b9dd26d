/**
 * The queue's one order, newest first: created_at descending, then id descending (the keyset the database pages
 * by). A page ends at a cursor, the (created_at, id) of its last row; the next page starts after it.
 */

export interface QueueCursor {
  createdAt: string;
  id: string;
}

/**
 * A timestamp as [whole seconds since the epoch, microseconds]: PostgREST writes microseconds and an offset, which
 * neither Date (milliseconds) nor a string comparison (offsets, trailing zeros dropped) compares exactly.
 */
function instant(timestamp: string): [number, number] {
  const match = /^(.*T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(.*)$/.exec(timestamp);
  if (!match) return [Date.parse(timestamp) / 1000, 0];
  const seconds = Date.parse(`${match[1]}${match[3] || 'Z'}`) / 1000;
  const micros = Number((match[2] ?? '').padEnd(6, '0').slice(0, 6));
  return [seconds, micros];
}

/** Negative when `a` comes before `b` in the queue (it is newer), positive when after, 0 for the same row. */
export function compareQueueOrder(a: QueueCursor, b: QueueCursor): number {
  const [aSeconds, aMicros] = instant(a.createdAt);
  const [bSeconds, bMicros] = instant(b.createdAt);
  if (aSeconds !== bSeconds) return bSeconds - aSeconds;
  if (aMicros !== bMicros) return bMicros - aMicros;
  return a.id === b.id ? 0 : a.id < b.id ? 1 : -1;
}

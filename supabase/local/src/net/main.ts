/**
 * Entry of the local pg_net sender: `node --import tsx supabase/local/src/net/main.ts`, started by the supervisor
 * (hosted: pg_net's background worker). Connected to the database `postgres` as 'pg_net worker' (what
 * net.check_worker_is_up() looks for), it listens on pg_net_wake (net.wake(), sent at commit by net.http_*) and
 * also polls every second; each round takes queued requests (at most 200 in flight), sends them concurrently,
 * records each response as it arrives, and prunes expired responses. Losing the database ends the process; the supervisor restarts it.
 */
import pg from 'pg';
import { loadConfig } from '../config.ts';
import { sendRequest } from './http-sender.ts';
import { BATCH_SIZE, pgNetEnabled, pruneResponses, recordResponse, takeRequests } from './request-queue.ts';

const POLL_MS = 1000;
const PRUNE_EVERY_MS = 1000;

const config = loadConfig();
const applicationName = 'pg_net worker';
const listener = new pg.Client({ connectionString: config.dbUrl, application_name: applicationName });
const worker = new pg.Client({ connectionString: config.dbUrl, application_name: applicationName });

function fail(error: Error): never {
  console.error(`database connection lost: ${error.message}`);
  process.exit(1);
}
listener.on('error', fail);
worker.on('error', fail);

await listener.connect();
await worker.connect();

let wakeRequested = true;
let wake: (() => void) | null = null;
listener.on('notification', () => {
  wakeRequested = true;
  wake?.();
});
await listener.query('listen pg_net_wake');

let stopping = false;
let lastPrune = 0;

/** Requests being sent: a slow one (up to its timeout) never holds back the ones queued after it. */
const inFlight = new Set<Promise<void>>();

async function round(): Promise<void> {
  if (!(await pgNetEnabled(worker))) return;
  while (inFlight.size < BATCH_SIZE) {
    const requests = await takeRequests(worker, BATCH_SIZE - inFlight.size);
    if (requests.length === 0) break;
    for (const request of requests) {
      const sending: Promise<void> = sendRequest(request)
        .then((row) => recordResponse(worker, row))
        .catch((error: Error) => console.error(`recording the response of request ${request.id} failed: ${error.message}`))
        .finally(() => {
          inFlight.delete(sending);
          // Room for more: read the queue again now rather than at the next poll.
          wakeRequested = true;
          wake?.();
        });
      inFlight.add(sending);
    }
  }
  if (Date.now() - lastPrune >= PRUNE_EVERY_MS) {
    lastPrune = Date.now();
    await pruneResponses(worker);
  }
}

async function loop(): Promise<void> {
  while (!stopping) {
    wakeRequested = false;
    try {
      await round();
    } catch (error) {
      // A failed statement (say, the extension dropped mid-round) is logged; a lost connection ends the process.
      console.error(`pg_net round failed: ${(error as Error).message}`);
    }
    if (stopping) break;
    if (!wakeRequested) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, POLL_MS);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  }
}

function stop(): void {
  stopping = true;
  wake?.();
  void Promise.allSettled([listener.end(), worker.end()]).then(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

console.log(`sending pg_net requests of database postgres on ${config.ports.db}`);
await loop();

/**
 * Realtime postgres_changes under row-level security: N websocket clients (each its own authenticated
 * user, raw `ws` speaking protocol 2.0.0 through the gateway, all on one channel name as an app's users
 * would be) subscribe to INSERTs of a table whose policy admits a row to the members of its group (5 groups,
 * so each change is for a fifth of the clients, the shape of Supabase's published benchmark). Changes are
 * inserted through SQL at a fixed rate, one transaction each. Prints delivery latency (commit → client)
 * p50/p95/max, the share delivered, and the judged figures: at 500 clients, ≥ 30 changes/s sustained with
 * p95 ≤ 150 ms. Then raises the rate to show the headroom.
 *
 * Run by `npm run bench` or `npm run bench -- realtime` (tests/bench/run.ts starts the stack and passes its env).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import WebSocket from 'ws';
import { signJwt } from '../../supabase/local/src/jwt.ts';
import type { StackEnv } from '../support/test-stack.ts';

const GROUPS = 5;
const STEP_SECONDS = Number(process.env.BENCH_REALTIME_SECONDS || 15);
const GOAL = { clients: 500, changesPerSecond: 30, p95Ms: 150 };
const CLIENT_STEPS = (process.env.BENCH_REALTIME_CLIENTS || '50,500').split(',').map(Number);
const HEADROOM_RATES = (process.env.BENCH_REALTIME_HEADROOM || '60,120').split(',').map(Number).filter((rate) => rate > 0);
const TOPIC = 'realtime:bench-prescriptions';
const TABLE = 'bench_realtime_events';

interface BenchClient {
  ws: WebSocket;
  group: number;
  received: number;
  latencies: number[];
  heartbeat: NodeJS.Timeout;
}

interface StepResult {
  clients: number;
  targetRate: number;
  inserted: number;
  seconds: number;
  expected: number;
  delivered: number;
  p50: number;
  p95: number;
  max: number;
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

async function prepareDatabase(db: pg.Client): Promise<void> {
  await db.query(`
    drop table if exists public.${TABLE};
    drop table if exists public.bench_realtime_members;
    create table public.bench_realtime_members (
      user_id uuid not null,
      group_id integer not null,
      primary key (user_id, group_id)
    );
    create table public.${TABLE} (
      id bigint generated always as identity primary key,
      group_id integer not null,
      sent_at bigint not null,
      body text not null
    );
    create index on public.${TABLE} (group_id);
    alter table public.bench_realtime_members enable row level security;
    alter table public.${TABLE} enable row level security;
    create policy "Members read their membership" on public.bench_realtime_members for select to authenticated
      using (user_id = (select auth.uid()));
    create policy "Group members read the group's events" on public.${TABLE} for select to authenticated
      using (group_id in (select m.group_id from public.bench_realtime_members m where m.user_id = (select auth.uid())));
    alter publication supabase_realtime add table public.${TABLE};
  `);
}

async function dropDatabase(db: pg.Client): Promise<void> {
  await db.query(`drop table if exists public.${TABLE}; drop table if exists public.bench_realtime_members;`);
}

function websocketUrl(env: StackEnv): string {
  const url = new URL('/realtime/v1/websocket', env.apiUrl);
  url.protocol = url.protocol.replace('http', 'ws');
  url.searchParams.set('apikey', env.anonKey);
  url.searchParams.set('vsn', '2.0.0');
  return url.toString();
}

/** Connects one client and joins the channel; resolves once the postgres_changes subscription is live. */
function connectClient(env: StackEnv, token: string, group: number): Promise<BenchClient> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(websocketUrl(env), { perMessageDeflate: false });
    let ref = 1;
    const client: BenchClient = { ws, group, received: 0, latencies: [], heartbeat: setInterval(() => ws.send(JSON.stringify([null, String(++ref), 'phoenix', 'heartbeat', {}])), 25_000) };
    const timeout = setTimeout(() => reject(new Error('join timed out')), 30_000);
    ws.on('error', reject);
    ws.on('open', () => {
      const payload = {
        config: {
          broadcast: { ack: false, self: false },
          presence: { key: '', enabled: false },
          postgres_changes: [{ event: 'INSERT', schema: 'public', table: TABLE }],
          private: false,
        },
        access_token: token,
      };
      ws.send(JSON.stringify(['1', '1', TOPIC, 'phx_join', payload]));
    });
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary) return;
      const text = data.toString('utf8');
      if (text.includes('"postgres_changes"') && text.includes('"ids"')) {
        // Cheap extraction keeps the load generator light: the record's sent_at is all we need.
        const match = /"sent_at":(\d+)/.exec(text);
        if (match) {
          client.received++;
          client.latencies.push(Date.now() - Number(match[1]));
        }
        return;
      }
      if (text.includes('"phx_reply"') && text.includes('"error"') && text.includes(TOPIC)) {
        clearTimeout(timeout);
        reject(new Error(`join refused: ${text}`));
      } else if (text.includes('Subscribed to PostgreSQL')) {
        clearTimeout(timeout);
        resolve(client);
      }
    });
  });
}

async function connectClients(env: StackEnv, db: pg.Client, count: number): Promise<BenchClient[]> {
  const users = Array.from({ length: count }, (_, i) => ({ id: randomUUID(), group: i % GROUPS }));
  await db.query(
    'insert into public.bench_realtime_members (user_id, group_id) select * from unnest($1::uuid[], $2::int[])',
    [users.map((user) => user.id), users.map((user) => user.group)],
  );
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const clients: BenchClient[] = [];
  // Joins in waves, as a crowd of browsers would arrive, without one huge burst.
  for (let start = 0; start < users.length; start += 50) {
    const wave = users.slice(start, start + 50).map((user) =>
      connectClient(env, signJwt({ sub: user.id, role: 'authenticated', aud: 'authenticated', exp, iat: exp - 3600, email: `${user.id}@bench.test` }, env.jwtSecret), user.group),
    );
    clients.push(...(await Promise.all(wave)));
  }
  return clients;
}

async function runStep(db: pg.Client, clients: BenchClient[], rate: number): Promise<StepResult> {
  for (const client of clients) {
    client.received = 0;
    client.latencies = [];
  }
  const perGroup = new Array(GROUPS).fill(0) as number[];
  for (const client of clients) perGroup[client.group]!++;
  let inserted = 0;
  let expected = 0;
  const started = Date.now();
  const deadline = started + STEP_SECONDS * 1000;
  // Paced by the clock: each tick inserts what the rate owes so far, one transaction per change.
  while (Date.now() < deadline) {
    const owed = Math.floor(((Date.now() - started) / 1000) * rate) - inserted;
    for (let i = 0; i < owed; i++) {
      const group = inserted % GROUPS;
      await db.query(`insert into public.${TABLE} (group_id, sent_at, body) values ($1, $2, $3)`, [group, Date.now(), `change ${inserted} for group ${group}`]);
      inserted++;
      expected += perGroup[group]!;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const seconds = (Date.now() - started) / 1000;
  // Stragglers: wait until deliveries stop growing (or 10 s).
  let last = -1;
  for (let waited = 0; waited < 10_000; waited += 250) {
    const delivered = clients.reduce((sum, client) => sum + client.received, 0);
    if (delivered >= expected || delivered === last) break;
    last = delivered;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const latencies = clients.flatMap((client) => client.latencies).sort((a, b) => a - b);
  return {
    clients: clients.length,
    targetRate: rate,
    inserted,
    seconds,
    expected,
    delivered: latencies.length,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    max: latencies.at(-1) ?? Number.NaN,
  };
}

function report(result: StepResult): void {
  const deliveredShare = result.expected === 0 ? 0 : result.delivered / result.expected;
  console.log(
    `  ${String(result.clients).padStart(4)} clients, ${String(result.targetRate).padStart(3)} changes/s target: ` +
      `${(result.inserted / result.seconds).toFixed(1)} changes/s inserted, ${(result.delivered / result.seconds).toFixed(0)} msgs/s delivered ` +
      `(${(deliveredShare * 100).toFixed(2)}% of ${result.expected}), latency p50 ${result.p50} ms, p95 ${result.p95} ms, max ${result.max} ms`,
  );
}

/** Sustained: every expected delivery arrived and p95 stayed under a second (delivery kept up). */
function sustained(result: StepResult): boolean {
  return result.delivered >= result.expected && result.p95 < 1000;
}

export async function runRealtimeBench(env: StackEnv): Promise<{ goalMet: boolean; results: StepResult[] }> {
  const db = new pg.Client({ connectionString: env.dbUrl });
  await db.connect();
  const results: StepResult[] = [];
  let goalResult: StepResult | undefined;
  try {
    await prepareDatabase(db);
    const settings = await db.query<{ name: string; setting: string; unit: string | null }>(
      `select name, setting, unit from pg_settings where name in ('synchronous_commit', 'wal_writer_delay')`,
    );
    // Logical replication only sees WAL once flushed: with asynchronous commit, the WAL writer's delay adds to latency.
    console.log(`  postgres: ${settings.rows.map((row) => `${row.name}=${row.setting}${row.unit ?? ''}`).join(', ')}`);
    for (const count of CLIENT_STEPS) {
      await db.query('truncate public.bench_realtime_members');
      const clients = await connectClients(env, db, count);
      try {
        const result = await runStep(db, clients, GOAL.changesPerSecond);
        results.push(result);
        report(result);
        if (count === GOAL.clients) {
          goalResult = result;
          for (const rate of HEADROOM_RATES) {
            const headroom = await runStep(db, clients, rate);
            results.push(headroom);
            report(headroom);
            if (!sustained(headroom)) break;
          }
        }
      } finally {
        for (const client of clients) {
          clearInterval(client.heartbeat);
          client.ws.terminate();
        }
      }
    }
  } finally {
    await dropDatabase(db).catch(() => {});
    await db.end();
  }
  const best = results.filter((result) => result.clients === GOAL.clients && sustained(result)).reduce((max, result) => Math.max(max, result.inserted / result.seconds), 0);
  const goalMet = goalResult !== undefined && sustained(goalResult) && goalResult.p95 <= GOAL.p95Ms;
  console.log(
    `  judged (${GOAL.clients} clients with RLS): sustained ${best.toFixed(1)} changes/s (goal ≥ ${GOAL.changesPerSecond}), ` +
      `p95 at ${GOAL.changesPerSecond}/s ${goalResult?.p95 ?? 'n/a'} ms (goal ≤ ${GOAL.p95Ms}) → ${goalMet ? 'GOAL MET' : 'GOAL NOT MET'}`,
  );
  return { goalMet, results };
}

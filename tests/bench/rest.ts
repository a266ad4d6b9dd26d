/**
 * REST throughput through the gateway vs straight to PostgREST: same query (a single row under RLS, as an
 * authenticated user), same load, same run, interleaved rounds. Judged by the ratio gateway / direct
 * (goal ≥ 0.85). The load comes from wrk when it is installed (light, C), else from autocannon in its own process.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { signJwt } from '../../supabase/local/src/jwt.ts';
import { loadConfig } from '../../supabase/local/src/config.ts';
import { repoRoot, type StackEnv } from '../support/test-stack.ts';

const ROUNDS = Number(process.env.BENCH_REST_ROUNDS || 3);
const SECONDS = Number(process.env.BENCH_REST_SECONDS || 8);
const CONNECTIONS = Number(process.env.BENCH_REST_CONNECTIONS || 32);

interface LoadResult {
  requestsPerSecond: number;
  non2xx: number;
}

function hasWrk(): boolean {
  return spawnSync('wrk', ['--version']).error === undefined;
}

function runWrk(url: string, headers: Record<string, string>): Promise<LoadResult> {
  const args = ['-t2', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '--latency'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => {
      const rps = /Requests\/sec:\s+([\d.]+)/.exec(out);
      if (code !== 0 || !rps) return reject(new Error(`wrk failed: ${out}`));
      const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(out);
      resolve({ requestsPerSecond: Number(rps[1]), non2xx: non2xx ? Number(non2xx[1]) : 0 });
    });
  });
}

function runAutocannon(url: string, headers: Record<string, string>): Promise<LoadResult> {
  const args = [path.join(repoRoot, 'node_modules', 'autocannon', 'autocannon.js'), '--json', '-c', String(CONNECTIONS), '-d', String(SECONDS)];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => {
      try {
        const result = JSON.parse(out) as { requests: { average: number }; non2xx: number };
        resolve({ requestsPerSecond: result.requests.average, non2xx: result.non2xx });
      } catch {
        reject(new Error(`autocannon failed (code ${code}): ${out}`));
      }
    });
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function runRestBench(env: StackEnv): Promise<{ ratio: number }> {
  const client = new pg.Client({ connectionString: env.dbUrl });
  await client.connect();
  const userId = '00000000-0000-4000-8000-0000000be4c1';
  await client.query(`
    insert into auth.users (id, aud, role, email, created_at, updated_at) values ('${userId}', 'authenticated', 'authenticated', 'bench-rest@example.test', now(), now()) on conflict do nothing;
    create table if not exists public.bench_items (
      id bigint primary key,
      owner_id uuid not null references auth.users (id),
      name text not null,
      quantity integer not null
    );
    create index if not exists bench_items_owner_id_idx on public.bench_items (owner_id);
    alter table public.bench_items enable row level security;
    drop policy if exists "Owners can read their items" on public.bench_items;
    create policy "Owners can read their items" on public.bench_items for select to authenticated using ((select auth.uid()) = owner_id);
    insert into public.bench_items select i, '${userId}', 'item ' || i, i from generate_series(1, 1000) i on conflict do nothing;
    notify pgrst, 'reload schema';`);
  await client.end();

  const config = loadConfig({ STACK_PORT_BASE: new URL(env.apiUrl).port });
  const now = Math.floor(Date.now() / 1000);
  const token = signJwt({ sub: userId, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 3600 }, env.jwtSecret);
  const query = '/bench_items?select=id,name,quantity&id=eq.42';
  const gatewayUrl = `${env.apiUrl}/rest/v1${query}`;
  const directUrl = `http://127.0.0.1:${config.ports.rest}${query}`;
  const headers = { Authorization: `Bearer ${token}` };

  // Both targets must answer the row before measuring (PostgREST reloads its schema cache asynchronously).
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(gatewayUrl, { headers: { ...headers, apikey: env.anonKey } });
    const body = response.ok ? ((await response.json()) as unknown[]) : [];
    if (body.length === 1) break;
    if (attempt > 100) throw new Error(`bench query does not return the row: ${response.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const load = hasWrk() ? runWrk : runAutocannon;
  const tool = hasWrk() ? 'wrk' : 'autocannon';
  const gateway: number[] = [];
  const direct: number[] = [];
  // One unmeasured round each warms PostgREST's pool, Postgres's caches and the gateway's JIT.
  await load(directUrl, headers);
  await load(gatewayUrl, { ...headers, apikey: env.anonKey });
  for (let round = 1; round <= ROUNDS; round++) {
    const d = await load(directUrl, headers);
    const g = await load(gatewayUrl, { ...headers, apikey: env.anonKey });
    if (d.non2xx || g.non2xx) throw new Error(`non-2xx responses during the bench: direct ${d.non2xx}, gateway ${g.non2xx}`);
    direct.push(d.requestsPerSecond);
    gateway.push(g.requestsPerSecond);
    console.log(`  round ${round}: direct ${d.requestsPerSecond.toFixed(0)} req/s, gateway ${g.requestsPerSecond.toFixed(0)} req/s`);
  }
  const ratio = median(gateway) / median(direct);
  console.log(`REST (${tool}, ${CONNECTIONS} connections, ${ROUNDS}×${SECONDS}s each, single row under RLS):`);
  console.log(`  direct PostgREST: ${median(direct).toFixed(0)} req/s (median)`);
  console.log(`  through gateway:  ${median(gateway).toFixed(0)} req/s (median)`);
  console.log(`  RATIO gateway/direct = ${ratio.toFixed(3)} (goal ≥ 0.85) ${ratio >= 0.85 ? 'MET' : 'NOT MET'}`);
  return { ratio };
}

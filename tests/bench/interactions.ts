/**
 * Interaction-check latency: the engine (SQL in the database, public.check_interactions — the same engine that
 * flags every prescription at entry) on a 20-drug profile, called through PostgREST by a signed-in user as the
 * api function does. Prints p50 / p99 / max of one call, and of the engine alone inside Postgres
 * (private.interaction_check run many times in one statement, no HTTP) and of a one-drug RPC on the same path
 * (the HTTP, gateway and PostgREST baseline), and judges the 20-drug RPC's p99 against the goal (≤ 20 ms).
 */
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import type { StackEnv } from '../support/test-stack.ts';

const GOAL_P99_MS = 20;
const WARMUP = Number(process.env.BENCH_INTERACTIONS_WARMUP || 50);
const ITERATIONS = Number(process.env.BENCH_INTERACTIONS_ITERATIONS || 500);

/** A realistic 20-drug profile written as prescriptions are (brands, strengths, forms), with several interactions. */
export const TWENTY_DRUG_PROFILE = [
  'Warfarin Sodium 5 mg tablet', 'Lisinopril 20 mg', 'Metformin 1000 mg', 'Atorvastatin 40 mg', 'Amlodipine 10 mg',
  'Zoloft 100 mg', 'Advil 200 mg', 'Norco 5/325', 'Xanax 0.5 mg', 'Spironolactone 25 mg',
  'Levothyroxine 75 mcg', 'Tums 500 mg', 'Omeprazole 20 mg', 'Plavix 75 mg', 'Gabapentin 300 mg capsule',
  'Metoprolol Succinate ER 50 mg', 'Furosemide 40 mg', 'Cipro 500 mg', 'Tizanidine 4 mg', 'Sumatriptan 50 mg',
];
const ALLERGIES = ['Penicillin', 'Sulfa', 'codeine'];

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

export async function runInteractionsBench(env: StackEnv): Promise<{ p99Ms: number; goalMet: boolean }> {
  const auth = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };
  const email = `bench-interactions-${Date.now()}@example.test`;
  const password = `pw-${Math.random().toString(36).slice(2)}-A1`;
  // Node 20 has no global WebSocket; supabase-js builds its realtime client even when it is not used.
  const realtime = { transport: WebSocket as never };
  const admin = createClient(env.apiUrl, env.serviceRoleKey, { auth, realtime });
  const created = await admin.auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw created.error;
  const client = createClient(env.apiUrl, env.anonKey, { auth, realtime });
  const signedIn = await client.auth.signInWithPassword({ email, password });
  if (signedIn.error) throw signedIn.error;

  const check = async (input: { medications: string[]; allergies: string[] }) => {
    const { data, error } = await client.rpc('check_interactions', input);
    if (error) throw new Error(`check_interactions failed: ${error.message}`);
    return data as { interactions: unknown[] };
  };
  const timed = async (input: { medications: string[]; allergies: string[] }): Promise<number[]> => {
    for (let i = 0; i < WARMUP; i++) await check(input);
    const times: number[] = [];
    for (let i = 0; i < ITERATIONS; i++) {
      const started = performance.now();
      await check(input);
      times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b);
  };
  const input = { medications: TWENTY_DRUG_PROFILE, allergies: ALLERGIES };
  const findings = (await check(input)).interactions.length;
  const samples = await timed(input);
  // The same path with a one-drug list: what HTTP, the gateway and PostgREST cost by themselves.
  const baseline = await timed({ medications: ['warfarin'], allergies: [] });

  // The engine alone: one statement runs it many times, so HTTP, PostgREST and the round trip are left out.
  const db = new pg.Client({ connectionString: env.dbUrl });
  await db.connect();
  const engineRuns = Math.max(1, Math.floor(ITERATIONS / 10));
  const engineStatement = 'select count(private.interaction_check($1::text[], $2::text[] || g::text)) from generate_series(1, $3::integer) g';
  await db.query(engineStatement, [TWENTY_DRUG_PROFILE, ALLERGIES, 5]);
  const engineStarted = performance.now();
  // `g` makes each run's input distinct, so Postgres cannot evaluate the check once for all of them.
  await db.query(engineStatement, [TWENTY_DRUG_PROFILE, ALLERGIES, engineRuns]);
  const engineMs = (performance.now() - engineStarted) / engineRuns;
  await db.end();

  const p99Ms = percentile(samples, 0.99);
  const goalMet = p99Ms <= GOAL_P99_MS;
  console.log(`profile: ${TWENTY_DRUG_PROFILE.length} drugs, ${ALLERGIES.length} allergies -> ${findings} findings; ${ITERATIONS} checks`);
  console.log(`engine alone in Postgres: ${engineMs.toFixed(3)} ms per check (mean of ${engineRuns})`);
  console.log(`one-drug RPC on the same path (baseline): p50 ${percentile(baseline, 0.5).toFixed(3)} ms, p99 ${percentile(baseline, 0.99).toFixed(3)} ms`);
  console.log(
    `check latency (RPC through the gateway and PostgREST): p50 ${percentile(samples, 0.5).toFixed(3)} ms, p99 ${p99Ms.toFixed(3)} ms, max ${samples.at(-1)!.toFixed(3)} ms ` +
      `(goal p99 ≤ ${GOAL_P99_MS} ms: ${goalMet ? 'met' : 'NOT met'})`,
  );
  return { p99Ms, goalMet };
}

/**
 * Interaction-check latency: the engine (shared/src/interactions) on a 20-drug profile, with the knowledge
 * base loaded from the bench stack through supabase-js as a signed-in user (as the edge function does).
 * Prints p50 / p99 / max of one checkInteractions call and judges p99 against the goal (≤ 20 ms).
 */
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { checkInteractions } from '../../shared/src/interactions/engine.ts';
import { type KnowledgeBaseReader, loadKnowledgeBase } from '../../shared/src/interactions/loader.ts';
import type { StackEnv } from '../support/test-stack.ts';

const GOAL_P99_MS = 20;
const WARMUP = Number(process.env.BENCH_INTERACTIONS_WARMUP || 500);
const ITERATIONS = Number(process.env.BENCH_INTERACTIONS_ITERATIONS || 5000);

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

  const loadStarted = performance.now();
  const kb = await loadKnowledgeBase(client as unknown as KnowledgeBaseReader);
  const loadMs = performance.now() - loadStarted;

  const input = { medications: TWENTY_DRUG_PROFILE, allergies: ALLERGIES };
  const findings = checkInteractions(kb, input).interactions.length;
  for (let i = 0; i < WARMUP; i++) checkInteractions(kb, input);
  const samples: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const started = performance.now();
    checkInteractions(kb, input);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const p99Ms = percentile(samples, 0.99);
  const goalMet = p99Ms <= GOAL_P99_MS;
  console.log(`knowledge base loaded from the stack in ${loadMs.toFixed(1)} ms (first call of an isolate; cached afterwards)`);
  console.log(`profile: ${TWENTY_DRUG_PROFILE.length} drugs, ${ALLERGIES.length} allergies -> ${findings} findings; ${ITERATIONS} checks`);
  console.log(
    `check latency: p50 ${percentile(samples, 0.5).toFixed(3)} ms, p99 ${p99Ms.toFixed(3)} ms, max ${samples.at(-1)!.toFixed(3)} ms ` +
      `(goal p99 ≤ ${GOAL_P99_MS} ms: ${goalMet ? 'met' : 'NOT met'})`,
  );
  return { p99Ms, goalMet };
}

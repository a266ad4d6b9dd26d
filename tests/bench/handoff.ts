/**
 * Handoff latency: how long after one terminal changes the queue the other terminals of the pharmacy see it.
 * 50 terminals (supabase-js clients through the gateway, signed in as the demo pharmacy's technician,
 * pharmacist and admin in turn, each its own session) subscribe to the pharmacy's prescriptions as the queue
 * screen does. The technician's terminal then enters prescriptions and moves each to processing, at a steady
 * pace; for every change, the time from the request leaving the acting terminal to the event arriving at
 * each of the other 49 is recorded. Prints p50/p95/max per kind of change and overall.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { StackEnv } from '../support/test-stack.ts';

const TERMINALS = Number(process.env.BENCH_HANDOFF_TERMINALS || 50);
const CHANGES = Number(process.env.BENCH_HANDOFF_CHANGES || 40);
const PAUSE_MS = Number(process.env.BENCH_HANDOFF_PAUSE_MS || 150);
const DEMO_STAFF = ['tech@demo.pharmacy', 'rph@demo.pharmacy', 'admin@demo.pharmacy'];

function terminal(env: StackEnv, key = env.anonKey): SupabaseClient {
  return createClient(env.apiUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
}

async function signedInTerminal(env: StackEnv, email: string): Promise<SupabaseClient> {
  const client = terminal(env);
  const { error } = await client.auth.signInWithPassword({ email, password: 'demo-password' });
  if (error) throw new Error(`${email} could not sign in: ${error.message}`);
  return client;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

function summary(label: string, latencies: number[], expected: number): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  if (sorted.length === 0) return `  ${label}: nothing delivered`;
  return (
    `  ${label}: ${sorted.length}/${expected} deliveries, p50 ${percentile(sorted, 50).toFixed(0)} ms, ` +
    `p95 ${percentile(sorted, 95).toFixed(0)} ms, max ${sorted[sorted.length - 1]!.toFixed(0)} ms`
  );
}

export async function runHandoffBench(env: StackEnv): Promise<{ p50Ms: number; p95Ms: number }> {
  const service = terminal(env, env.serviceRoleKey);
  const { data: pharmacy } = await service.from('pharmacies').select('id').eq('is_demo', true).single();
  if (!pharmacy) throw new Error('the bench needs the demo pharmacy of the seed');
  const pharmacyId = (pharmacy as { id: string }).id;
  // A patient on no medication: the database's interaction check leaves the lisinopril unflagged, so it processes.
  const { data: patient } = await service.from('patients').select('id').eq('pharmacy_id', pharmacyId).eq('current_medications', '{}').limit(1).single();
  const { data: medication } = await service.from('medications').select('id').eq('pharmacy_id', pharmacyId).ilike('name', 'lisinopril%').limit(1).single();
  if (!patient || !medication) throw new Error('the bench needs a demo patient and lisinopril in the catalogue');

  const terminals: SupabaseClient[] = [];
  for (let i = 0; i < TERMINALS; i++) terminals.push(await signedInTerminal(env, DEMO_STAFF[i % DEMO_STAFF.length]!));
  const actor = terminals[0]!;

  // rx id + change kind → when the acting terminal sent it; each watcher records its arrival.
  const sentAt = new Map<string, number>();
  const latencies: Record<'entered' | 'processed', number[]> = { entered: [], processed: [] };
  const keyOf = (kind: 'entered' | 'processed', id: string) => `${kind}:${id}`;
  await Promise.all(
    terminals.slice(1).map(
      (client, index) =>
        new Promise<void>((resolve, reject) => {
          client
            .channel(`handoff-bench-${index}`)
            .on('postgres_changes', { event: '*', schema: 'public', table: 'prescriptions', filter: `pharmacy_id=eq.${pharmacyId}` }, (payload) => {
              const arrived = performance.now();
              const row = payload.new as { id?: string; status?: string };
              const kind = payload.eventType === 'INSERT' ? 'entered' : payload.eventType === 'UPDATE' && row.status === 'processing' ? 'processed' : null;
              const sent = kind && row.id ? sentAt.get(keyOf(kind, row.id)) : undefined;
              if (kind && sent !== undefined) latencies[kind].push(arrived - sent);
            })
            .subscribe((status) => {
              if (status === 'SUBSCRIBED') resolve();
              if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(new Error(`terminal ${index + 1} could not subscribe: ${status}`));
            });
        }),
    ),
  );

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  for (let i = 0; i < CHANGES; i++) {
    const id = crypto.randomUUID();
    sentAt.set(keyOf('entered', id), performance.now());
    const entered = await actor.from('prescriptions').insert({
      id,
      patient_id: (patient as { id: string }).id,
      medication_id: (medication as { id: string }).id,
      directions: 'Take 1 tablet by mouth once daily',
      quantity: 30,
      days_supply: 30,
    });
    if (entered.error) throw new Error(`entering a prescription failed: ${entered.error.message}`);
    await sleep(PAUSE_MS);
    sentAt.set(keyOf('processed', id), performance.now());
    const processed = await actor.rpc('move_prescription', { prescription_id: id, to_status: 'processing' });
    if (processed.error || !processed.data.ok) throw new Error(`processing a prescription failed: ${processed.error?.message ?? processed.data.message}`);
    await sleep(PAUSE_MS);
  }
  await sleep(2000);

  const expected = CHANGES * (TERMINALS - 1);
  const all = [...latencies.entered, ...latencies.processed].sort((a, b) => a - b);
  console.log(`Handoff (${TERMINALS} terminals of one pharmacy, ${CHANGES} entries + ${CHANGES} status changes, RLS on):`);
  console.log(summary('entered → seen', latencies.entered, expected));
  console.log(summary('processed → seen', latencies.processed, expected));
  console.log(summary('all changes', all, expected * 2));
  await Promise.all(terminals.map((client) => client.removeAllChannels()));
  return { p50Ms: percentile(all, 50), p95Ms: percentile(all, 95) };
}

/**
 * A supabase-js client in the test process, signed in as a demo staff member, for computing what a screen
 * should show from the data itself and for changing data "at another terminal" while the page is open.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';

export const DEMO_PASSWORD = 'demo-password';

export function demoStaffClient(email: string): Promise<SupabaseClient> {
  return staffClient(email, DEMO_PASSWORD);
}

/** A supabase-js client in the test process, not signed in: no session persistence, `ws` as the realtime transport. */
export function nodeClient(): SupabaseClient {
  const apiUrl = process.env.E2E_API_URL;
  const anonKey = process.env.E2E_ANON_KEY;
  if (!apiUrl || !anonKey) throw new Error('E2E_API_URL / E2E_ANON_KEY are set by tests/e2e/global-setup.ts');
  return createClient(apiUrl, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
}

/** A supabase-js client in the test process signed in as any staff member (e.g. an onboarded pharmacy's admin). */
export async function staffClient(email: string, password: string): Promise<SupabaseClient> {
  const client = nodeClient();
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`could not sign in ${email}: ${error.message}`);
  return client;
}

/** Enters a prescription through POST /api/prescriptions as `client`; returns its id and Rx number. */
export async function enterPrescriptionThroughApi(
  client: SupabaseClient,
  body: Record<string, unknown>,
): Promise<{ id: string; rxNumber: number }> {
  const { data, error } = await client.functions.invoke<{ id: string; rxNumber: number }>('api/prescriptions', { method: 'POST', body });
  if (error || !data) {
    const detail = error && 'context' in error ? await (error.context as Response).text() : String(error);
    throw new Error(`could not enter a prescription: ${detail}`);
  }
  return data;
}

/** Enters a written prescription of the demo catalogue's Lisinopril for `patientId` through the api function. */
export async function enterLisinoprilThroughApi(
  client: SupabaseClient,
  patientId: string,
  refills: string,
): Promise<{ id: string; rxNumber: number }> {
  const [medication, prescriber] = await Promise.all([
    client.from('medications').select('id').eq('name', 'Lisinopril').limit(1).single(),
    client.from('prescribers').select('id').limit(1).single(),
  ]);
  if (medication.error || prescriber.error) throw new Error(`demo Lisinopril or prescriber missing: ${(medication.error ?? prescriber.error)!.message}`);
  return enterPrescriptionThroughApi(client, {
    patientId,
    medicationId: medication.data.id,
    prescriberId: prescriber.data.id,
    prescriptionType: 'written',
    source: 'manual_entry',
    directions: 'Take 1 tablet by mouth once daily',
    quantity: '30',
    refills,
    daysSupply: '30',
  });
}

/**
 * Moves a prescription as `client` through move_prescription (the one audited path; status cannot be PATCHed);
 * throws the database's refusal.
 */
export async function movePrescriptionAs(client: SupabaseClient, prescriptionId: string, status: string, overrideReason?: string): Promise<void> {
  const { data, error } = await client.rpc('move_prescription', {
    prescription_id: prescriptionId, to_status: status, ...(overrideReason === undefined ? {} : { override_reason: overrideReason }),
  });
  if (error) throw new Error(`moving the prescription failed: ${error.message}`);
  const result = data as { ok: boolean; message?: string };
  if (!result.ok) throw new Error(`moving the prescription was refused: ${result.message}`);
}

/**
 * Helpers of the messaging tests: a pharmacy's Email and Fax settings saved as the database holds them (one
 * pharmacy_settings row per group, written here as the superuser so these tests need nothing of the settings api),
 * the SMTP password in Vault under the settings api's name (pharmacy:<id>:email.smtpPassword), and a prescription
 * carried to ready through move_prescription as the staff would.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { EMAIL_SETTINGS_DEFAULTS } from '../../shared/src/settings/email.ts';
import { FAX_SETTINGS_DEFAULTS } from '../../shared/src/settings/fax.ts';
import { EMAIL_SECRET_FIELDS } from '../../shared/src/settings/email.ts';
import { FAX_SECRET_FIELDS } from '../../shared/src/settings/fax.ts';
import { withoutSecretStatus } from '../../shared/src/settings/secrets.ts';
import { sql } from '../support/stack-env.ts';
import { addMedication, enterPrescription, insertRow, movePrescription } from './db-clinical-support.ts';
import type { TestPharmacy } from './db-fixtures.ts';

type Overrides = Record<string, unknown>;

function merged(base: Record<string, unknown>, overrides: Overrides): Record<string, unknown> {
  const result: Record<string, unknown> = structuredClone(base);
  for (const [key, value] of Object.entries(overrides)) {
    const current = result[key];
    result[key] =
      typeof value === 'object' && value !== null && !Array.isArray(value) && typeof current === 'object' && current !== null
        ? merged(current as Record<string, unknown>, value as Overrides)
        : value;
  }
  return result;
}

async function saveGroup(pharmacyId: string, key: 'email' | 'fax', values: Record<string, unknown>): Promise<void> {
  await sql(
    `insert into public.pharmacy_settings (pharmacy_id, group_key, settings) values ($1, $2, $3)
     on conflict (pharmacy_id, group_key) do update set settings = excluded.settings`,
    [pharmacyId, key, JSON.stringify(values)],
  );
}

/** Saves the Email group: the §9 defaults with `overrides` laid over them (nested sections merged). */
export function saveEmailSettings(pharmacyId: string, overrides: Overrides): Promise<void> {
  return saveGroup(pharmacyId, 'email', merged(withoutSecretStatus(EMAIL_SECRET_FIELDS, EMAIL_SETTINGS_DEFAULTS), overrides));
}

export function saveFaxSettings(pharmacyId: string, overrides: Overrides): Promise<void> {
  return saveGroup(pharmacyId, 'fax', merged(withoutSecretStatus(FAX_SECRET_FIELDS, FAX_SETTINGS_DEFAULTS), overrides));
}

/** Stores (or replaces) the pharmacy's SMTP password in Vault, as the settings api names it. */
export async function storeSmtpPassword(pharmacyId: string, password: string): Promise<void> {
  const name = `pharmacy:${pharmacyId}:email.smtpPassword`;
  const [existing] = await sql<{ id: string }>('select id from vault.secrets where name = $1', [name]);
  if (existing) await sql('select vault.update_secret($1, $2)', [existing.id, password]);
  else await sql('select vault.create_secret($1, $2)', [password, name]);
}

let patientCounter = 0;

/** A patient with the given email and consent (null email: none). */
export async function addContactPatient(client: SupabaseClient, email: string | null, consent: boolean): Promise<string> {
  patientCounter += 1;
  return insertRow(client, 'patients', {
    first_name: 'Nora',
    last_name: `Notified ${patientCounter}`,
    date_of_birth: '1970-04-05',
    allergies: ['Penicillin'],
    current_medications: [],
    email,
    contact_consent: consent,
  });
}

/** Enters a clean prescription for the patient and moves it pending → processing → ready (technician, pharmacist). */
export async function readyPrescription(pharmacy: TestPharmacy, patientId: string): Promise<string> {
  const medication = await addMedication(pharmacy.pharmacist.client, 'Ibuprofen');
  const prescription = await enterPrescription(pharmacy.technician.client, { patientId, medicationId: medication.id });
  for (const [client, status] of [[pharmacy.technician.client, 'processing'], [pharmacy.pharmacist.client, 'ready']] as const) {
    const moved = await movePrescription(client, prescription.id, status);
    if (moved.error) throw new Error(`could not move to ${status}: ${moved.error}`);
  }
  return prescription.id;
}

/** Puts a ready prescription back to processing behind the workflow's back (triggers off), to make it ready again. */
export async function forceBackToProcessing(prescriptionId: string): Promise<void> {
  if (!/^[0-9a-f-]{36}$/.test(prescriptionId)) throw new Error('not a uuid');
  await sql(`begin; set local session_replication_role = replica;
    update public.prescriptions set status = 'processing' where id = '${prescriptionId}'; commit;`);
}

export interface OutboxRow {
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  body: string;
  status: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date;
  last_attempt_at: Date | null;
}

export function outboxRowsFor(prescriptionId: string): Promise<OutboxRow[]> {
  return sql<OutboxRow>('select * from public.outbound_messages where prescription_id = $1 order by created_at', [prescriptionId]);
}

/**
 * Runs `work` with Vault's project_url renamed, so the database cannot ask the api to deliver (its pg_net request
 * needs the secret) and the test drives delivery itself; the secret is put back afterwards.
 */
export async function withoutDeliveryRequests<T>(work: () => Promise<T>): Promise<T> {
  await sql(`update vault.secrets set name = 'project_url (parked by a test)' where name = 'project_url'`);
  try {
    return await work();
  } finally {
    await sql(`update vault.secrets set name = 'project_url' where name = 'project_url (parked by a test)'`);
  }
}

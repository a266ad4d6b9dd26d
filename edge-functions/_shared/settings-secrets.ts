/**
 * A pharmacy's System Settings secrets (SMTP password, fax API key, provider credentials, accounting API key),
 * read from Vault inside the function only: `public.settings_group_secrets` runs as the service role (no other
 * role may call it) and answers `{ dotted path: value }`. The pharmacy is never taken from a request: either from
 * the caller's verified staff context (their JWT, read back through the database) or, for service work (a queued
 * message being sent), from a database row the function read itself. A value never goes into an answer or a log.
 */
import { SETTINGS_STAFF_ONLY_MESSAGE } from '@pharmacy/shared/api/system-settings.ts';
import type { SettingsGroupKey } from '@pharmacy/shared/settings/groups.ts';
import * as z from 'zod';
import { findCallerPharmacyId } from './caller-pharmacy.ts';
import { HttpError } from './http.ts';
import { createAdminClient } from './supabase-clients.ts';

export type SettingsSecrets = Readonly<Record<string, string>>;

/** A pharmacy id read from a database row by service work (never from a request body). */
export interface PharmacyRow {
  readonly pharmacy_id: string;
}

const secretsSchema = z.record(z.string(), z.string());

async function secretsOf(pharmacyId: string, key: SettingsGroupKey, callerRequest?: Request): Promise<SettingsSecrets> {
  const { data, error } = await createAdminClient(callerRequest).rpc('settings_group_secrets', {
    settings_pharmacy_id: pharmacyId,
    settings_group_key: key,
  });
  if (error) throw new Error(`reading the ${key} settings secrets failed: ${error.code ?? ''} ${error.message}`);
  return secretsSchema.parse(data ?? {});
}

/** The pharmacy of the signed-in, active staff member who made the request (401 without a user, 403 for anyone else). */
export async function callerPharmacyId(req: Request): Promise<string> {
  const pharmacyId = await findCallerPharmacyId(req);
  if (pharmacyId === null) throw new HttpError(403, SETTINGS_STAFF_ONLY_MESSAGE);
  return pharmacyId;
}

/** The secrets of a group of the caller's pharmacy (the caller's staff context decides which pharmacy). */
export async function callerSettingsSecrets(req: Request, key: SettingsGroupKey): Promise<SettingsSecrets> {
  return secretsOf(await callerPharmacyId(req), key, req);
}

/** The secrets of a group of the pharmacy a database row belongs to (service work: the outbox, a schedule). */
export async function rowSettingsSecrets(row: PharmacyRow, key: SettingsGroupKey): Promise<SettingsSecrets> {
  return secretsOf(row.pharmacy_id, key);
}

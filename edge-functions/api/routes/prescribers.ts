/**
 * Providers (shared/src/api/prescribers.ts). The directory, the detail, adding and editing act with the caller's
 * JWT: RLS keeps them in the caller's pharmacy (another pharmacy's prescriber is 404) and the database's policies
 * and triggers decide who may edit. Verifying asks the NPPES NPI Registry (the URL from the environment only,
 * never from a request), then hands the checked answer to public.record_prescriber_verification with the service
 * role — the one step that needs it, so that no client can hand in a registry answer of its own; the database
 * checks the caller is a pharmacist or admin of the prescriber's pharmacy and decides the outcome.
 */
import {
  createPrescriberEndpoint,
  getPrescriberEndpoint,
  listPrescribersEndpoint,
  reverifyPrescribersEndpoint,
  updatePrescriberEndpoint,
  verifyPrescriberEndpoint,
} from '@pharmacy/shared/api/prescribers.ts';
import { UUID_PATTERN } from '@pharmacy/shared/common/field-rules.ts';
import { type NppesCheck, NppesAnswerError, checkNppesAnswer } from '@pharmacy/shared/prescribers/nppes.ts';
import { isValidNpi } from '@pharmacy/shared/prescribers/npi.ts';
import {
  type Prescriber,
  type PrescriberDirectoryRow,
  type Verification,
  directoryCountsSchema,
  directoryCursor,
  parseDirectoryCursor,
  prescriberFormWarnings,
  prescriberFromDirectoryRow,
  prescriberRowFromForm,
  verificationSchema,
} from '@pharmacy/shared/prescribers/prescriber.ts';
import type { ApiRouter } from '../../_shared/api-endpoints.ts';
import { isServiceRoleRequest } from '../../_shared/auth.ts';
import { findCallerStaff } from '../../_shared/caller-pharmacy.ts';
import { databaseFailure } from '../../_shared/database-failure.ts';
import { HttpError } from '../../_shared/http.ts';
import { type DatabaseClient, createAdminClient, createUserClient } from '../../_shared/supabase-clients.ts';
import { ProviderError } from '../drugs/providers/provider-http.ts';
import { isLocalSupabaseUrl, lookupNpi, nppesSettingsFromEnv } from '../prescribers/nppes-client.ts';

const PRESCRIBER_NOT_FOUND = 'Prescriber not found';
const VERIFY_FORBIDDEN = 'Only a pharmacist or admin can verify a prescriber’s credentials';
const EDIT_FORBIDDEN = 'Only a pharmacist or admin can edit a prescriber';
const SERVICE_ROLE_ONLY = 'Only the scheduled job may run the monthly re-verification';
/** A day's batch per pharmacy (the job runs daily: 20,000 verified prescribers take under a month) and how many NPPES calls at once. */
const REVERIFY_BATCH = 1000;
const REVERIFY_CONCURRENCY = 8;

function requireId(id: string | undefined): string {
  if (!id || !UUID_PATTERN.test(id)) throw new HttpError(404, PRESCRIBER_NOT_FOUND);
  return id;
}

/** One prescriber as the directory reads it (derived counts included), as the caller; 404 when not theirs. */
async function readPrescriber(client: DatabaseClient, id: string): Promise<Prescriber> {
  const { data, error } = await client.rpc('prescriber_directory', { only_id: id, page_size: 1 });
  if (error) throw databaseFailure('reading the prescriber', error);
  const row = (data ?? [])[0] as PrescriberDirectoryRow | undefined;
  if (!row) throw new HttpError(404, PRESCRIBER_NOT_FOUND);
  return prescriberFromDirectoryRow(row);
}

interface VerificationRow {
  id: string;
  outcome: string;
  reason: string;
  checks: unknown;
  registry_record: unknown;
  run_kind: string;
  checked_by: string | null;
  checked_at: string;
}

function verificationFromRow(row: VerificationRow): Verification {
  return verificationSchema.parse({
    id: row.id,
    outcome: row.outcome,
    reason: row.reason,
    checks: row.checks,
    registryRecord: row.registry_record ?? null,
    runKind: row.run_kind,
    checkedBy: row.checked_by,
    checkedAt: row.checked_at,
  });
}

/** The settings of the NPPES adapter: https only on hosted; the local stack may use its loopback double. */
function nppesSettings() {
  return nppesSettingsFromEnv((name: string) => Deno.env.get(name), { hosted: !isLocalSupabaseUrl(Deno.env.get('SUPABASE_URL') ?? '') });
}

/** What NPPES said about the prescriber, checked; a registry that cannot be asked is a finding too. */
type NppesFindingRecorded = NppesCheck | { finding: 'unavailable' | 'not-configured' | 'invalid-npi'; reason: string };

/** What NPPES said, with what it was asked about (the database refuses the answer if the prescriber changed since). */
async function askNppes(prescriber: Prescriber): Promise<NppesFindingRecorded & { checked: { npi: string | null; firstName: string; lastName: string } }> {
  const checked = { npi: prescriber.npiNumber, firstName: prescriber.firstName, lastName: prescriber.lastName };
  return { ...(await nppesFinding(prescriber)), checked };
}

async function nppesFinding(prescriber: Prescriber): Promise<NppesFindingRecorded> {
  if (!prescriber.npiNumber) return { finding: 'unavailable', reason: 'No NPI on file' };
  // A number stored before NPIs were checked may fail its check digit: it is no NPI, and NPPES is not asked.
  if (!isValidNpi(prescriber.npiNumber)) {
    return { finding: 'invalid-npi', reason: `NPI ${prescriber.npiNumber} fails its check digit: it cannot be an NPI; correct it` };
  }
  const settings = nppesSettings();
  if (!settings) {
    return { finding: 'not-configured', reason: 'The NPPES NPI Registry is not configured (NPPES_API_URL): the NPI could not be checked' };
  }
  try {
    const body = await lookupNpi(prescriber.npiNumber, settings);
    return checkNppesAnswer(body, {
      npiNumber: prescriber.npiNumber,
      firstName: prescriber.firstName,
      lastName: prescriber.lastName,
      licenseNumber: prescriber.licenseNumber,
      licenseState: prescriber.licenseState,
    });
  } catch (error) {
    if (error instanceof ProviderError) return { finding: 'unavailable', reason: `${error.message}: the NPI could not be checked` };
    if (error instanceof NppesAnswerError) {
      return { finding: 'unavailable', reason: `The NPPES NPI Registry answered something unexpected (${error.message}): the NPI could not be checked` };
    }
    throw error;
  }
}

async function recordVerification(
  prescriberId: string,
  actorUserId: string | null,
  nppes: object,
  runKind: 'manual' | 'monthly',
): Promise<Verification> {
  const { data, error } = await createAdminClient().rpc('record_prescriber_verification', {
    verify_prescriber_id: prescriberId,
    // null for the monthly job, which runs as no one (the database allows that only for run_kind 'monthly').
    actor_user_id: actorUserId as string,
    nppes: nppes as never,
    run_kind: runKind,
  });
  if (error) throw databaseFailure('recording the verification', error);
  // The history row as recorded (the function answers it whole).
  return verificationSchema.parse(data);
}

export function addPrescriberRoutes(router: ApiRouter): void {
  router.serve(listPrescribersEndpoint, async ({ req, query }) => {
    const client = createUserClient(req);
    const after = query.after ? parseDirectoryCursor(query.after) : null;
    const [page, counts] = await Promise.all([
      client.rpc('prescriber_directory', {
        search: query.search,
        ...(query.status ? { status: query.status } : {}),
        ...(after ? { after_last_name: after.lastName, after_first_name: after.firstName, after_id: after.id } : {}),
        page_size: query.limit + 1,
      }),
      client.rpc('prescriber_directory_counts', { search: query.search }),
    ]);
    if (page.error) throw databaseFailure('reading the prescribers', page.error);
    if (counts.error) throw databaseFailure('counting the prescribers', counts.error);
    const rows = (page.data ?? []) as PrescriberDirectoryRow[];
    const prescribers = rows.slice(0, query.limit).map(prescriberFromDirectoryRow);
    const last = prescribers.at(-1);
    return {
      prescribers,
      counts: directoryCountsSchema.parse(counts.data ?? { all: 0, verified: 0, pending: 0, expired: 0 }),
      nextCursor: rows.length > query.limit && last ? directoryCursor(last) : null,
    };
  });

  router.serve(getPrescriberEndpoint, async ({ req, params }) => {
    const id = requireId(params.id);
    const client = createUserClient(req);
    const prescriber = await readPrescriber(client, id);
    const { data, error } = await client
      .from('prescriber_verifications')
      .select('id, outcome, reason, checks, registry_record, run_kind, checked_by, checked_at')
      .eq('prescriber_id', id)
      .order('checked_at', { ascending: false })
      .limit(20);
    if (error) throw databaseFailure('reading the verification history', error);
    return { ...prescriber, verifications: (data ?? []).map((row) => verificationFromRow(row as VerificationRow)) };
  });

  router.serve(createPrescriberEndpoint, async ({ req, body: form }) => {
    const client = createUserClient(req);
    const { data, error } = await client.from('prescribers').insert(prescriberRowFromForm(form)).select('id').single();
    if (error) throw databaseFailure('adding the prescriber', error);
    return { ...(await readPrescriber(client, data.id)), warnings: prescriberFormWarnings(form) };
  });

  router.serve(updatePrescriberEndpoint, async ({ req, params, body: form }) => {
    const id = requireId(params.id);
    const client = createUserClient(req);
    await readPrescriber(client, id);
    const staff = await findCallerStaff(req);
    if (!staff?.permissions.includes('prescribers:verify')) throw new HttpError(403, EDIT_FORBIDDEN);
    const { data, error } = await client.from('prescribers').update(prescriberRowFromForm(form)).eq('id', id).select('id');
    if (error) throw databaseFailure('saving the prescriber', error);
    if (!data || data.length === 0) throw new HttpError(404, PRESCRIBER_NOT_FOUND);
    return { ...(await readPrescriber(client, id)), warnings: prescriberFormWarnings(form) };
  });

  router.serve(verifyPrescriberEndpoint, async ({ req, params }) => {
    const id = requireId(params.id);
    const client = createUserClient(req);
    // Read as the caller first: another pharmacy's prescriber is 404 before anything is asked or written.
    const prescriber = await readPrescriber(client, id);
    const staff = await findCallerStaff(req);
    if (!staff?.permissions.includes('prescribers:verify')) throw new HttpError(403, VERIFY_FORBIDDEN);
    const recorded = await recordVerification(id, staff.userId, await askNppes(prescriber), 'manual');
    return { prescriber: await readPrescriber(client, id), verification: recorded };
  });

  router.serve(reverifyPrescribersEndpoint, async ({ req, body }) => {
    if (!isServiceRoleRequest(req)) throw new HttpError(403, SERVICE_ROLE_ONLY);
    const { data, error } = await createAdminClient().rpc('prescribers_due_for_reverification', {
      for_pharmacy_id: body.pharmacyId,
      batch_size: REVERIFY_BATCH,
    });
    if (error) throw databaseFailure('reading the prescribers due', error);
    const result = { checked: 0, verified: 0, needsReview: 0, pending: 0 };
    const due = [...(data ?? [])];
    // A few at a time (NPPES is a public service); one prescriber's failure does not stop the others.
    const worker = async () => {
      for (let row = due.shift(); row; row = due.shift()) {
        const prescriber = prescriberFromDirectoryRow({ ...row, active_count: 0, last_prescription: null, excluded: false } as PrescriberDirectoryRow);
        try {
          const { outcome } = await recordVerification(prescriber.id, null, await askNppes(prescriber), 'monthly');
          result.checked += 1;
          if (outcome === 'verified') result.verified += 1;
          else if (outcome === 'expired') result.needsReview += 1;
          else result.pending += 1;
        } catch (failure) {
          console.error(`monthly re-verification of prescriber ${prescriber.id} failed: ${(failure as Error).message}`);
        }
      }
    };
    await Promise.all(Array.from({ length: REVERIFY_CONCURRENCY }, worker));
    return result;
  });
}

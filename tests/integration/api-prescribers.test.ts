/**
 * /api/prescribers (shared/src/api/prescribers.ts) through supabase.functions.invoke as the staff of fixture
 * pharmacies, with the stack's NPPES_API_URL pointed at the local NPPES double (tests/support/nppes-server.ts,
 * answering in the registry's v2.1 format): the directory (search by NPI and specialty, tabs, counts, pages), the
 * detail with its history, adding (any role; the schema's and the database's sentences; the DEA initial warning) and
 * editing (pharmacists and admins); verifying — found and everything on file → verified with the 'Success' outcome;
 * not found, inactive, an organization, a name mismatch → Needs Review with the reason; NPPES's Errors list, a server
 * error and no answer in time → pending with the reason; technicians 403; another pharmacy's prescriber 404; every
 * attempt kept as history. The monthly re-verification answers only the service role.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrescriberDetail, PrescriberDirectory, VerifyResult } from '../../shared/src/prescribers/prescriber.ts';
import { callApi } from '../support/api-call.ts';
import { NPPES_FIXTURES, type NppesServer, nppesPort, startNppesServer } from '../support/nppes-server.ts';
import { closeSql, createServiceClient, eventually, sql } from '../support/stack-env.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';

let home: TestPharmacy;
let other: TestPharmacy;
let nppes: NppesServer;

interface Saved {
  id: string;
  verificationStatus: string;
  warnings: string[];
  npiNumber: string;
}

function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

function form(person: { npi: string; firstName: string; lastName: string; licenseNumber: string; licenseState: string }, extra: Record<string, unknown> = {}) {
  return {
    title: 'Dr.', firstName: person.firstName, lastName: person.lastName, degree: 'MD', specialty: 'Internal Medicine',
    npiNumber: person.npi, licenseNumber: person.licenseNumber, licenseState: person.licenseState, licenseExpiration: inDays(500),
    phone: '(212) 555-0100', email: 'office@example.org', practiceCity: 'New York', practiceState: 'NY', boardCertifications: ['ABIM'],
    ...extra,
  };
}

beforeAll(async () => {
  [home, other] = await Promise.all([createPharmacy('Prescriber API Home'), createPharmacy('Prescriber API Other')]);
  nppes = await startNppesServer(nppesPort(Number(process.env.TEST_STACK_PORT_BASE || 55321)));
  const list = await home.admin.client.rpc('replace_oig_exclusion_list', {
    list_file_name: 'UPDATED.csv',
    entries: [{ lastName: 'NOBODY', firstName: 'NONE', npi: null, state: 'ZZ', exclusionType: '1128a1', exclusionDate: '2020-01-01' }],
  });
  expect(list.error).toBeNull();
}, 120_000);

afterAll(async () => {
  await nppes?.close();
  await closeSql();
});

async function add(staff: TestPharmacy['technician'], body: Record<string, unknown>) {
  return callApi<Saved & { error?: string; details?: { fields: { path: string; message: string }[] } }>(staff.client, 'prescribers', { body });
}

async function verify(staff: TestPharmacy['technician'], id: string) {
  return callApi<VerifyResult & { error?: string }>(staff.client, `prescribers/${id}/verify`, { body: {} });
}

describe('adding, editing and reading', () => {
  it('adds a prescriber for any role (pending), with the DEA initial warning, and refuses bad input with sentences', async () => {
    const person = NPPES_FIXTURES.secondIndividual;
    const added = await add(home.technician, form(person, { deaNumber: 'AB1234563', deaExpiration: inDays(300) }));
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ verificationStatus: 'pending', npiNumber: person.npi, activeCount: 0, lastPrescription: null });
    expect(added.body.warnings).toEqual([expect.stringMatching(/second letter \(B\) is not the initial of the last name/)]);

    const duplicate = await add(home.pharmacist, form(person));
    expect(duplicate).toMatchObject({ status: 409, body: { error: 'A prescriber with this NPI number is already on file' } });
    const badNpi = await add(home.technician, form({ ...person, npi: '1234567890' }));
    expect(badNpi.status).toBe(400);
    expect(badNpi.body.details?.fields).toContainEqual({ path: 'npiNumber', message: 'NPI check digit does not match' });
    const noExpiry = await add(home.technician, form(NPPES_FIXTURES.inactive, { deaNumber: 'BB1234563' }));
    expect(noExpiry.body.details?.fields).toContainEqual({ path: 'deaExpiration', message: 'Enter the DEA registration’s expiration date' });
  });

  it('lets pharmacists and admins edit, not technicians, and another pharmacy gets 404', async () => {
    const person = NPPES_FIXTURES.inactive;
    const added = await add(home.technician, form(person));
    const edit = form(person, { phone: '(860) 555-0199' });
    const byTechnician = await callApi<{ error: string }>(home.technician.client, `prescribers/${added.body.id}`, { method: 'PUT', body: edit });
    expect(byTechnician).toEqual({ status: 403, body: { error: 'Only a pharmacist or admin can edit a prescriber' } });
    const byPharmacist = await callApi<Saved & { phone: string }>(home.pharmacist.client, `prescribers/${added.body.id}`, { method: 'PUT', body: edit });
    expect(byPharmacist.status).toBe(200);
    expect(byPharmacist.body.phone).toBe('(860) 555-0199');
    for (const method of ['GET', 'PUT'] as const) {
      const answer = await callApi<{ error: string }>(other.admin.client, `prescribers/${added.body.id}`, method === 'PUT' ? { method, body: edit } : {});
      expect(answer).toEqual({ status: 404, body: { error: 'Prescriber not found' } });
    }
  });

  it('lists the directory by search (NPI, specialty), tab and page, with the counts from the database', async () => {
    const directory = await callApi<PrescriberDirectory>(home.technician.client, `prescribers?search=${NPPES_FIXTURES.secondIndividual.npi}`);
    expect(directory.status).toBe(200);
    expect(directory.body.prescribers.map((p) => p.lastName)).toEqual(['De la Cruz-Moreno']);
    expect(directory.body.counts).toEqual({ all: 1, verified: 0, pending: 1, expired: 0 });
    const bySpecialty = await callApi<PrescriberDirectory>(home.technician.client, 'prescribers?search=internal%20MEDICINE&limit=1');
    expect(bySpecialty.body.prescribers).toHaveLength(1);
    expect(bySpecialty.body.counts.all).toBe(2);
    expect(bySpecialty.body.nextCursor).not.toBeNull();
    const next = await callApi<PrescriberDirectory>(home.technician.client,
      `prescribers?search=internal%20medicine&limit=1&after=${encodeURIComponent(bySpecialty.body.nextCursor!)}`);
    expect(next.body.prescribers).toHaveLength(1);
    expect(next.body.prescribers[0]!.id).not.toBe(bySpecialty.body.prescribers[0]!.id);
    expect(next.body.nextCursor).toBeNull();
    const verifiedTab = await callApi<PrescriberDirectory>(home.technician.client, 'prescribers?status=verified');
    expect(verifiedTab.body.prescribers.every((p) => p.verificationStatus === 'verified')).toBe(true);
    expect((await callApi(home.technician.client, 'prescribers?status=rejected')).status).toBe(400);
    const elsewhere = await callApi<PrescriberDirectory>(other.technician.client, `prescribers?search=${NPPES_FIXTURES.secondIndividual.npi}`);
    expect(elsewhere.body).toEqual({ prescribers: [], counts: { all: 0, verified: 0, pending: 0, expired: 0 }, nextCursor: null });
  });
});

describe('verifying against the NPPES NPI Registry', () => {
  it('verifies a prescriber NPPES lists as active with a matching name and licence, and keeps the history', async () => {
    const person = NPPES_FIXTURES.activeMd;
    const added = await add(home.technician, form(person));
    expect((await verify(home.technician, added.body.id)).status).toBe(403);
    nppes.requests.length = 0;
    const answer = await verify(home.pharmacist, added.body.id);
    expect(answer.status).toBe(200);
    expect(nppes.requests).toEqual([expect.stringContaining(`version=2.1&number=${person.npi}`)]);
    expect(answer.body.verification.outcome).toBe('verified');
    expect(answer.body.prescriber.verificationStatus).toBe('verified');
    expect(answer.body.verification.checks.map((check) => [check.source, check.result])).toEqual([
      ['nppes', 'passed'], ['license', 'passed'], ['dea', 'not-applicable'], ['oig', 'passed'],
    ]);
    expect(answer.body.verification.registryRecord).toMatchObject({ npi: person.npi, specialty: 'Internal Medicine' });

    const detail = await callApi<PrescriberDetail>(home.technician.client, `prescribers/${added.body.id}`);
    expect(detail.body.verifications.map((v) => [v.outcome, v.runKind, v.checkedBy])).toEqual([['verified', 'manual', home.pharmacist.id]]);
    expect((await verify(other.admin, added.body.id)).status).toBe(404);
  });

  it('marks Needs Review with the reason when NPPES does not list the NPI, lists it inactive, as an organization, or under another name', async () => {
    const cases = [
      { person: { ...NPPES_FIXTURES.activeMd, npi: NPPES_FIXTURES.unknown.npi }, reason: /not in the NPPES NPI Registry/ },
      { person: NPPES_FIXTURES.inactive, reason: /deactivated|not active|inactive/i },
      { person: { ...NPPES_FIXTURES.activeMd, npi: NPPES_FIXTURES.organization.npi, lastName: 'Clinic' }, reason: /organization/i },
      { person: { ...NPPES_FIXTURES.secondIndividual, firstName: 'Rafael', lastName: 'Smith' }, reason: /Smith/ },
    ];
    for (const { person, reason } of cases) {
      await sql('delete from public.prescribers where pharmacy_id = $1 and npi_number = $2', [home.id, person.npi]);
      const added = await add(home.technician, form(person));
      expect(added.status).toBe(201);
      const answer = await verify(home.admin, added.body.id);
      expect(answer.status).toBe(200);
      expect(answer.body.verification.outcome).toBe('expired');
      expect(answer.body.prescriber.verificationStatus).toBe('expired');
      expect(answer.body.verification.reason).toMatch(reason);
    }
  });

  it('stays pending, with the reason, when NPPES answers its Errors list, a server error, or nothing in time', async () => {
    const added = await add(home.technician, form({ ...NPPES_FIXTURES.activeMd, npi: '1234567893' }));
    expect(added.status).toBe(201);
    for (const [mode, reason] of [['errors', /Errors|refused|NPPES/], ['server-error', /answered 5\d\d/], ['hang', /did not answer within/]] as const) {
      nppes.mode = mode;
      try {
        const answer = await verify(home.pharmacist, added.body.id);
        expect(answer.status).toBe(200);
        expect(answer.body.verification.outcome).toBe('pending');
        expect(answer.body.verification.reason).toMatch(reason);
      } finally {
        nppes.mode = 'normal';
      }
    }
    const detail = await callApi<PrescriberDetail>(home.technician.client, `prescribers/${added.body.id}`);
    expect(detail.body.verifications).toHaveLength(3);
  });
});

describe('prescriptions from a prescriber on the OIG exclusion list', () => {
  it('are refused through POST /api/prescriptions until a pharmacist gives a reason', async () => {
    const person = { npi: '1104925684', firstName: 'Oscar', lastName: 'Excluded', licenseNumber: 'X1', licenseState: 'OH' };
    const added = await add(home.technician, form(person));
    expect(added.status).toBe(201);
    const upload = await home.admin.client.rpc('replace_oig_exclusion_list', { list_file_name: 'UPDATED.csv', entries: [
      { lastName: 'EXCLUDED', firstName: 'OSCAR', npi: person.npi, state: 'OH', exclusionType: '1128a1', exclusionDate: '2022-03-04' },
    ] });
    expect(upload.error).toBeNull();
    const patient = await home.technician.client.from('patients')
      .insert({ first_name: 'Pat', last_name: 'Api', date_of_birth: '1960-01-02', allergies: [], current_medications: [] }).select('id').single();
    const medication = await home.pharmacist.client.from('medications')
      .insert({ name: 'Ibuprofen', generic_name: 'ibuprofen', strength: '200 mg', dosage_form: 'tablet', price: 3, stock: 500 }).select('id').single();
    const entry = {
      prescriptionType: 'written', patientId: patient.data!.id, medicationId: medication.data!.id, prescriberId: added.body.id,
      directions: 'Take 1 tablet by mouth every 8 hours as needed', quantity: '30', refills: '0', daysSupply: '10',
    };
    const refused = await callApi<{ error: string }>(home.technician.client, 'prescriptions', { body: entry });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Oscar Excluded is on the OIG exclusion list (LEIE) since 2022-03-04, exclusion type 1128a1, matched by NPI. A pharmacist or admin must override with a reason to enter this prescription');
    const byTechnician = await callApi<{ error: string }>(home.technician.client, 'prescriptions', { body: { ...entry, exclusionOverrideReason: 'Letter of reinstatement on file' } });
    expect(byTechnician).toEqual({ status: 403, body: { error: 'Only a pharmacist or admin can override the OIG exclusion of Oscar Excluded' } });
    const byPharmacist = await callApi<{ id: string }>(home.pharmacist.client, 'prescriptions', { body: { ...entry, exclusionOverrideReason: 'Letter of reinstatement on file' } });
    expect(byPharmacist.status).toBe(201);
    const [stored] = await sql('select exclusion_override_reason, exclusion_overridden_by from public.prescriptions where id = $1', [byPharmacist.body.id]);
    expect(stored).toEqual({ exclusion_override_reason: 'Letter of reinstatement on file', exclusion_overridden_by: home.pharmacist.id });
  });

  it('a stored NPI that fails its check digit is Needs Review, NPPES not asked', async () => {
    const added = await add(home.technician, form({ npi: '1982736450', firstName: 'Olda', lastName: 'Record', licenseNumber: 'O1', licenseState: 'IL' }));
    expect(added.status).toBe(201);
    await sql('alter table public.prescribers disable trigger guard_npi_number');
    try {
      await sql(`update public.prescribers set npi_number = '1982736451' where id = $1`, [added.body.id]);
    } finally {
      await sql('alter table public.prescribers enable trigger guard_npi_number');
    }
    nppes.requests.length = 0;
    const answer = await verify(home.pharmacist, added.body.id);
    expect(answer.status).toBe(200);
    expect(answer.body.verification.outcome).toBe('expired');
    expect(answer.body.verification.reason).toMatch(/^NPI 1982736451 fails its check digit/);
    expect(nppes.requests).toEqual([]);
  });
});

describe('the monthly re-verification', () => {
  it('answers only the service role, and checks the verified prescribers due', async () => {
    const refused = await callApi<{ error: string }>(home.admin.client, 'internal/prescribers/reverify', { body: { pharmacyId: home.id } });
    expect(refused.status).toBe(403);
    await sql(`update public.prescribers set verification_checked_at = now() - interval '40 days' where pharmacy_id = $1 and verification_status = 'verified'`, [home.id]);
    const run = await callApi<{ checked: number; verified: number }>(createServiceClient(), 'internal/prescribers/reverify', { body: { pharmacyId: home.id } });
    expect(run.status).toBe(200);
    expect(run.body.checked).toBeGreaterThanOrEqual(1);
    expect(run.body.verified).toBe(run.body.checked);
    const history = await sql('select run_kind from public.prescriber_verifications where pharmacy_id = $1 and run_kind = $2', [home.id, 'monthly']);
    expect(history.length).toBe(run.body.checked);
  });

  it('is asked for daily by pg_cron through pg_net (both daily jobs are scheduled)', async () => {
    expect(await sql(`select jobname, schedule, command from cron.job where jobname like '%prescriber%' order by jobname`)).toEqual([
      { jobname: 'flag-expired-prescriber-credentials', schedule: '15 6 * * *', command: 'select private.flag_expired_prescriber_credentials()' },
      { jobname: 'request-due-prescriber-reverifications', schedule: '45 6 * * *', command: 'select private.request_due_prescriber_reverifications()' },
    ]);
    // The prescriber verified above, last checked a month and more ago (setup).
    const [verified] = await sql<{ id: string }>(`select id from public.prescribers where pharmacy_id = $1 and npi_number = $2`, [home.id, NPPES_FIXTURES.activeMd.npi]);
    await sql(`update public.prescribers set verification_checked_at = now() - interval '35 days' where id = $1`, [verified!.id]);
    const monthlyBefore = (await sql('select id from public.prescriber_verifications where prescriber_id = $1 and run_kind = $2', [verified!.id, 'monthly'])).length;
    const [{ asked }] = await sql<{ asked: number }>('select private.request_due_prescriber_reverifications() as asked') as [{ asked: number }];
    expect(asked).toBeGreaterThanOrEqual(1);
    await eventually(async () => (await sql('select id from public.prescriber_verifications where prescriber_id = $1 and run_kind = $2', [verified!.id, 'monthly']))[monthlyBefore],
      'the monthly verification', 30_000);
    expect(await sql('select verification_status from public.prescribers where id = $1', [verified!.id])).toEqual([{ verification_status: 'verified' }]);
  });
});

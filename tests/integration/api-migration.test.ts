/**
 * Data Migration's api (shared/src/api/migration.ts, edge-functions/api/routes/migration.ts, the data_migration
 * migration): validation of the sample and of broken rows; the sample's import (counts, rows with their source ids,
 * prescriptions as orders with their Rx numbers and refills, stock as an opening balance, a prescriber on file matched
 * by NPI, the audited run and its batches, no row-by-row audit of the new rows); the same file again (0 new,
 * nothing changed); a corrected file (one patient updated, audited with its old and new values); a later file
 * referring to rows of the first; a batch the database refuses (the run fails, what came before stays) and the rerun
 * that continues; the database functions' own checks (the caller's run, batch size, role); another pharmacy
 * untouched; pharmacists and technicians refused; a body over the cap; the report's counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseWithSchema } from '../../shared/src/api/endpoint.ts';
import {
  MIGRATION_API_MAX_BODY_BYTES, MIGRATION_API_MESSAGES, type MigrationImportResponse, type MigrationReport, type MigrationValidationResponse,
  migrationImportResponseSchema, migrationReportSchema, migrationValidationResponseSchema,
} from '../../shared/src/api/migration.ts';
import { MIGRATION_MESSAGES } from '../../shared/src/migration/migration-data.ts';
import { SAMPLE_MIGRATION_DATA } from '../../shared/src/migration/sample-migration.ts';
import { MIGRATION_DATA_MESSAGES } from '../../shared/src/migration/validate-migration.ts';
import { callApi } from '../support/api-call.ts';
import { closeSql, sql, stackEnv } from '../support/stack-env.ts';
import { insertRow } from './db-clinical-support.ts';
import { createPharmacy, type SignedInStaff, type TestPharmacy } from './db-fixtures.ts';

let a: TestPharmacy;
let b: TestPharmacy;
/** The prescriber pharmacy A had on file before its import, with the NPI of the sample's DR302. */
let existingPrescriberId: string;

const clone = <T>(value: T): T => structuredClone(value);

async function validate(staff: SignedInStaff, body: unknown) {
  return callApi<MigrationValidationResponse>(staff.client, 'migration/validate', { body });
}

async function importData(staff: SignedInStaff, body: unknown) {
  const answer = await callApi<MigrationImportResponse>(staff.client, 'migration/import-primerx', { body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(parseWithSchema(migrationImportResponseSchema, answer.body)).toMatchObject({ success: true });
  return answer.body;
}

async function report(staff: SignedInStaff): Promise<MigrationReport> {
  const answer = await callApi<MigrationReport>(staff.client, 'migration/report');
  expect(answer.status).toBe(200);
  expect(parseWithSchema(migrationReportSchema, answer.body)).toMatchObject({ success: true });
  return answer.body;
}

async function tableCounts(pharmacyId: string) {
  const [row] = await sql<{ patients: number; medications: number; prescribers: number; orders: number; fills: number; mapped: number }>(
    `select (select count(*)::int from public.patients where pharmacy_id = $1) as patients,
            (select count(*)::int from public.medications where pharmacy_id = $1) as medications,
            (select count(*)::int from public.prescribers where pharmacy_id = $1) as prescribers,
            (select count(*)::int from public.prescription_orders where pharmacy_id = $1) as orders,
            (select count(*)::int from public.prescriptions where pharmacy_id = $1) as fills,
            (select count(*)::int from public.migration_source_rows where pharmacy_id = $1) as mapped`,
    [pharmacyId],
  );
  return row!;
}

/** Every imported target row's last change, to see that nothing was written. */
async function lastChanges(pharmacyId: string): Promise<string[]> {
  const rows = await sql<{ changed: string }>(
    `select concat_ws(' ', m.entity, m.source_id, m.updated_at, coalesce(p.updated_at, d.updated_at, r.updated_at, o.updated_at)) as changed
       from public.migration_source_rows m
       left join public.patients p on m.entity = 'patients' and p.id = m.target_id
       left join public.medications d on m.entity = 'medications' and d.id = m.target_id
       left join public.prescribers r on m.entity = 'prescribers' and r.id = m.target_id
       left join public.prescription_orders o on m.entity = 'prescriptions' and o.id = m.target_id
      where m.pharmacy_id = $1 order by 1`,
    [pharmacyId],
  );
  return rows.map((row) => row.changed);
}

beforeAll(async () => {
  [a, b] = await Promise.all([createPharmacy('Migration Api A'), createPharmacy('Migration Api B')]);
  existingPrescriberId = await insertRow(a.pharmacist.client, 'prescribers', { first_name: 'Farid', last_name: 'Hassan', npi_number: '1765432103' });
}, 120_000);

afterAll(closeSql);

describe('who may migrate', () => {
  it.each([['pharmacist'], ['technician']] as const)('a %s is refused every endpoint: 403', async (role) => {
    const staff = a[role];
    const answers = [
      await callApi(staff.client, 'migration/report'),
      await validate(staff, SAMPLE_MIGRATION_DATA),
      await callApi(staff.client, 'migration/import-primerx', { body: SAMPLE_MIGRATION_DATA }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([403, 403, 403]);
    expect(answers.map((answer) => (answer.body as { error: string }).error)).toEqual([
      MIGRATION_API_MESSAGES.reportAdminOnly, MIGRATION_API_MESSAGES.adminOnly, MIGRATION_API_MESSAGES.adminOnly,
    ]);
    expect((await tableCounts(a.id)).mapped).toBe(0);
  });
});

describe('validation', () => {
  it('the sample is valid', async () => {
    const answer = await validate(a.admin, SAMPLE_MIGRATION_DATA);
    expect(answer.status).toBe(200);
    expect(parseWithSchema(migrationValidationResponseSchema, answer.body)).toMatchObject({ success: true });
    expect(answer.body).toMatchObject({ isValid: true, errors: [], errorCount: 0 });
    expect(answer.body.counts.prescriptions).toEqual({ rows: 4, valid: 4 });
  });

  it('broken rows are each an error with their array, index, source id, field and message; nothing is written', async () => {
    const data = clone(SAMPLE_MIGRATION_DATA) as unknown as { patients: Record<string, unknown>[]; prescriptions: Record<string, unknown>[] };
    data.patients[1]!.phone = '555-01';
    data.prescriptions[2]!.patientId = 'P9999';
    const answer = await validate(a.admin, data);
    expect(answer.status).toBe(200);
    expect(answer.body.isValid).toBe(false);
    expect(answer.body.errors).toEqual([
      { array: 'patients', index: 1, sourceId: 'P1002', field: 'phone', message: MIGRATION_MESSAGES.phone },
      { array: 'prescriptions', index: 2, sourceId: 'RX5003', field: 'patientId', message: MIGRATION_DATA_MESSAGES.unknownPatient('P9999') },
    ]);
    const refused = await callApi<MigrationImportResponse>(a.admin.client, 'migration/import-primerx', { body: data });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ success: false, runId: null, errorCount: 2, summary: { patientsImported: 0, prescriptionsImported: 0 } });
    expect((await tableCounts(a.id)).mapped).toBe(0);
  });

  it('a body over the documented cap is refused unread: 413', async () => {
    const { data } = await a.admin.client.auth.getSession();
    const answer = await fetch(`${stackEnv().apiUrl}/functions/v1/api/migration/validate`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${data.session!.access_token}`, apikey: stackEnv().anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ patients: 'x'.repeat(MIGRATION_API_MAX_BODY_BYTES) }),
    });
    expect(answer.status).toBe(413);
    expect(await answer.json()).toEqual({ error: 'Request body is too large' });
  });

  it('a body with none of the arrays is refused with the spec\'s message', async () => {
    const answer = await validate(a.admin, { other: [] });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ errors: [MIGRATION_DATA_MESSAGES.required] });
  });
});

describe('importing', () => {
  it('imports the sample: new rows counted, each with its source id, prescriptions as orders only', async () => {
    const before = await tableCounts(a.id);
    const result = await importData(a.admin, SAMPLE_MIGRATION_DATA);
    // DR302 was on file (same NPI): linked, not a new prescriber.
    expect(result).toMatchObject({
      success: true,
      errors: [],
      summary: { patientsImported: 3, medicationsImported: 3, prescriptionsImported: 4, prescribersImported: 1 },
      counts: { prescribers: { total: 2, inserted: 1, updated: 0, unchanged: 1 } },
    });
    const after = await tableCounts(a.id);
    expect(after).toEqual({ ...before, patients: before.patients + 3, medications: before.medications + 3, prescribers: before.prescribers + 1, orders: before.orders + 4, mapped: 12 });
    expect(after.fills).toBe(before.fills);

    // The stock rollups, moved once for the batch (not by the rollup triggers), equal the products and the ledger.
    const [rollups] = await sql<Record<string, string>>(
      `select t.active_products::text as active, t.in_stock_products::text as in_stock, t.out_of_stock_products::text as out_of_stock,
              t.low_stock_products::text as low, t.costed_value_cents::text as value,
              (select count(*) from public.medications d where d.pharmacy_id = $1 and d.active)::text as active_expected,
              (select count(*) from public.medications d where d.pharmacy_id = $1 and d.active and d.stock > 0)::text as in_stock_expected,
              (select count(*) from public.medications d where d.pharmacy_id = $1 and d.active and d.stock = 0)::text as out_of_stock_expected,
              (select count(*) from public.medications d where d.pharmacy_id = $1 and d.active and d.is_low_stock and d.stock > 0)::text as low_expected,
              (select coalesce(sum(l.on_hand::bigint * coalesce(l.unit_cost_cents, 0)), 0) from public.inventory_lots l where l.pharmacy_id = $1)::text as value_expected
       from public.inventory_totals t where t.pharmacy_id = $1`, [a.id]);
    expect([rollups!.active, rollups!.in_stock, rollups!.out_of_stock, rollups!.low, rollups!.value])
      .toEqual([rollups!.active_expected, rollups!.in_stock_expected, rollups!.out_of_stock_expected, rollups!.low_expected, rollups!.value_expected]);
    const days = await sql<{ movements: number; units: number; cost: string; expected_movements: number; expected_units: number; expected_cost: string }>(
      `select r.movements, r.units::int as units, r.cost_cents::text as cost,
              e.movements::int as expected_movements, e.units::int as expected_units, e.cost::text as expected_cost
       from public.inventory_daily_rollups r
       join (select (occurred_at at time zone 'UTC')::date as day, kind, count(*) as movements, sum(quantity) as units,
                    sum(quantity::bigint * coalesce(unit_cost_cents, 0)) as cost
             from public.inventory_movements where pharmacy_id = $1 group by 1, 2) e on e.day = r.day and e.kind = r.kind
       where r.pharmacy_id = $1 and r.kind = 'opening'`, [a.id]);
    expect(days.length).toBeGreaterThan(0);
    for (const day of days) expect([day.movements, day.units, day.cost]).toEqual([day.expected_movements, day.expected_units, day.expected_cost]);

    const [dr302] = await sql<{ target_id: string }>("select target_id from public.migration_source_rows where pharmacy_id = $1 and entity = 'prescribers' and source_id = 'DR302'", [a.id]);
    expect(dr302!.target_id).toBe(existingPrescriberId);

    const orders = await sql<{ source_id: string; rx_number: string; refills: number; refills_used_before: number; written_on: string; status: string; first_name: string; ndc_number: string }>(
      `select m.source_id, o.rx_number::text, o.refills, o.refills_used_before, o.written_on::text, o.status, p.first_name, d.ndc_number
         from public.migration_source_rows m join public.prescription_orders o on o.id = m.target_id
         join public.patients p on p.id = o.patient_id join public.medications d on d.id = o.medication_id
        where m.pharmacy_id = $1 and m.entity = 'prescriptions' order by m.source_id`,
      [a.id],
    );
    expect(orders).toEqual([
      { source_id: 'RX5001', rx_number: '700101', refills: 5, refills_used_before: 1, written_on: '2026-01-12', status: 'active', first_name: 'Margaret', ndc_number: '68180-0513-01' },
      { source_id: 'RX5002', rx_number: '700102', refills: 3, refills_used_before: 1, written_on: '2026-02-03', status: 'active', first_name: 'Margaret', ndc_number: '00093-1721-01' },
      { source_id: 'RX5003', rx_number: '700103', refills: 2, refills_used_before: 1, written_on: '2026-03-18', status: 'active', first_name: 'Daniel', ndc_number: '65162-0627-10' },
      { source_id: 'RX5004', rx_number: '700104', refills: 1, refills_used_before: 1, written_on: '2025-09-30', status: 'active', first_name: 'Rosa', ndc_number: '68180-0513-01' },
    ]);

    // What an order does not hold stays with its source row; a patient's details are not copied.
    const sourceRows = await sql<{ entity: string; directions: string | null }>(
      "select entity, source_row ->> 'directions' as directions from public.migration_source_rows where pharmacy_id = $1 and source_id in ('RX5001', 'P1001') order by entity", [a.id],
    );
    expect(sourceRows).toEqual([{ entity: 'patients', directions: null }, { entity: 'prescriptions', directions: 'Take 1 tablet by mouth once daily' }]);

    // Stock on hand is the opening balance of the ledger; prices are dollars from the file's cents.
    const [tramadol] = await sql<{ stock: number; dea_schedule: string; awp_price: string; opening: number }>(
      `select d.stock, d.dea_schedule, d.awp_price::text,
              (select sum(mv.quantity)::int from public.inventory_movements mv where mv.medication_id = d.id and mv.kind = 'opening') as opening
         from public.medications d where d.pharmacy_id = $1 and d.ndc11 = '65162062710'`,
      [a.id],
    );
    expect(tramadol).toEqual({ stock: 400, dea_schedule: 'IV', awp_price: '11.49', opening: 400 });
    const [patient] = await sql<{ phone: string; allergies: string[]; insurance_member_id: string; date_of_birth: string }>(
      "select p.phone, p.allergies, p.insurance_member_id, p.date_of_birth::text from public.patients p join public.migration_source_rows m on m.target_id = p.id where m.pharmacy_id = $1 and m.source_id = 'P1002'",
      [a.id],
    );
    expect(patient).toEqual({ phone: '(217) 555-0187', allergies: [], insurance_member_id: 'HM2049917', date_of_birth: '1975-07-22' });

    // The run: who, the file's hash, the counts, audited.
    const [run] = await sql<{ status: string; started_by: string; file_sha256: string; counts: Record<string, unknown> }>(
      'select status, started_by, file_sha256, counts from public.migration_runs where id = $1', [result.runId],
    );
    expect(run).toMatchObject({ status: 'succeeded', started_by: a.admin.id, counts: { patients: { total: 3, inserted: 3, updated: 0, unchanged: 0 } } });
    expect(run!.file_sha256).toMatch(/^[0-9a-f]{64}$/);
    const audited = await sql<{ description: string; details: Record<string, unknown> }>("select description, details from public.audit_log where pharmacy_id = $1 and entity_type = 'migration_runs' and entity_id = $2 order by created_at", [a.id, result.runId]);
    expect(audited.map((row) => row.description)).toEqual([
      `Data migration from primerx started (file SHA-256 ${run!.file_sha256})`,
      'Data migration from primerx: 2 prescribers imported (1 new, 0 updated, 1 unchanged)',
      'Data migration from primerx: 3 medications imported (3 new, 0 updated, 0 unchanged)',
      'Data migration from primerx: 3 patients imported (3 new, 0 updated, 0 unchanged)',
      'Data migration from primerx: 4 prescriptions imported (4 new, 0 updated, 0 unchanged)',
      'Data migration from primerx succeeded',
    ]);
    // Each batch is audited once, naming its rows' source ids; the imported rows' inserts are not audited one by one.
    expect(audited[3]!.details).toEqual({ entity: 'patients', counts: { total: 3, inserted: 3, updated: 0, unchanged: 0 }, firstSourceId: 'P1001', lastSourceId: 'P1003' });
    const rowAudits = await sql<{ count: number }>(
      // (The prescriber the pharmacist added before, linked by NPI, has the audit of that insert.)
      "select count(*)::int from public.audit_log l join public.migration_source_rows m on m.target_id::text = l.entity_id where m.pharmacy_id = $1 and l.pharmacy_id = $1 and l.action = 'insert' and m.target_id <> $2",
      [a.id, existingPrescriberId],
    );
    expect(rowAudits[0]!.count).toBe(0);

    // A new prescription is numbered after the imported Rx numbers.
    const [counter] = await sql<{ last_rx_number: string }>('select last_rx_number::text from public.rx_number_counters where pharmacy_id = $1', [a.id]);
    expect(Number(counter!.last_rx_number)).toBeGreaterThanOrEqual(700104);

    expect(await report(a.admin)).toEqual({ totalPatients: after.patients, totalMedications: after.medications, totalPrescriptions: after.orders, totalPrescribers: after.prescribers });
  });

  it('the same file again imports nothing new and changes nothing', async () => {
    const before = await lastChanges(a.id);
    const counts = await tableCounts(a.id);
    const result = await importData(a.admin, SAMPLE_MIGRATION_DATA);
    expect(result.summary).toEqual({ patientsImported: 0, medicationsImported: 0, prescriptionsImported: 0, prescribersImported: 0 });
    expect(result.counts.prescriptions).toEqual({ total: 4, inserted: 0, updated: 0, unchanged: 4 });
    expect(await tableCounts(a.id)).toEqual(counts);
    expect(await lastChanges(a.id)).toEqual(before);
  });

  it('a corrected file updates what changed, and only that', async () => {
    const corrected = clone(SAMPLE_MIGRATION_DATA);
    corrected.patients[0]!.phone = '(217) 555-0199';
    const counts = await tableCounts(a.id);
    const result = await importData(a.admin, corrected);
    expect(result.summary).toEqual({ patientsImported: 0, medicationsImported: 0, prescriptionsImported: 0, prescribersImported: 0 });
    expect(result.counts.patients).toEqual({ total: 3, inserted: 0, updated: 1, unchanged: 2 });
    expect(result.counts.medications).toEqual({ total: 3, inserted: 0, updated: 0, unchanged: 3 });
    expect(await tableCounts(a.id)).toEqual(counts);
    const [patient] = await sql<{ phone: string }>(
      "select p.phone from public.patients p join public.migration_source_rows m on m.target_id = p.id where m.pharmacy_id = $1 and m.source_id = 'P1001'", [a.id],
    );
    expect(patient!.phone).toBe('(217) 555-0199');
    // A change to a row on file is audited row by row, with its old and new values.
    const [change] = await sql<{ details: { changed: string[]; old: Record<string, unknown>; new: Record<string, unknown> } }>(
      "select l.details from public.audit_log l join public.migration_source_rows m on m.target_id::text = l.entity_id where m.pharmacy_id = $1 and m.source_id = 'P1001' and l.action = 'update' and l.entity_type = 'patients'",
      [a.id],
    );
    expect(change!.details).toMatchObject({ changed: ['phone'], new: { phone: '(217) 555-0199' } });
  });

  it('a later file may refer to rows an earlier file imported', async () => {
    const later = {
      prescriptions: [{ ...SAMPLE_MIGRATION_DATA.prescriptions[0]!, prescriptionId: 'RX6001', patientId: 'P1002', prescriberId: 'DR302', drugId: 'D2002', rpNumber: '700201' }],
    };
    const validation = await validate(a.admin, later);
    expect(validation.body).toMatchObject({ isValid: true, errors: [] });
    const result = await importData(a.admin, later);
    expect(result.summary).toEqual({ patientsImported: 0, medicationsImported: 0, prescriptionsImported: 1, prescribersImported: 0 });
    const [order] = await sql<{ rx_number: string; first_name: string; prescriber_id: string }>(
      `select o.rx_number::text, p.first_name, o.prescriber_id from public.migration_source_rows m join public.prescription_orders o on o.id = m.target_id
         join public.patients p on p.id = o.patient_id where m.pharmacy_id = $1 and m.source_id = 'RX6001'`, [a.id],
    );
    expect(order).toEqual({ rx_number: '700201', first_name: 'Daniel', prescriber_id: existingPrescriberId });
  });

  it('a batch the database refuses fails the run, keeps what came before, and the rerun continues', async () => {
    // A Schedule II drug imported first; the validator cannot see its schedule in the next file, the database can.
    const first = { medications: [{ ...SAMPLE_MIGRATION_DATA.medications[0]!, drugId: 'D2101', name: 'Oxycodone', ndc: '00406-0552-01', deaSchedule: 'CII' }] };
    expect((await importData(a.admin, first)).summary.medicationsImported).toBe(1);

    const second = {
      patients: [{ ...SAMPLE_MIGRATION_DATA.patients[2]!, patientId: 'P2101', firstName: 'Iris' }],
      prescriptions: [{ ...SAMPLE_MIGRATION_DATA.prescriptions[0]!, prescriptionId: 'RX7101', patientId: 'P2101', drugId: 'D2101', originalRefills: 2, refillsRemaining: 2, rpNumber: '700301' }],
    };
    expect((await validate(a.admin, second)).body.isValid).toBe(true);
    const counts = await tableCounts(a.id);
    const failed = await callApi<MigrationImportResponse>(a.admin.client, 'migration/import-primerx', { body: second });
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({
      success: false,
      summary: { patientsImported: 1, prescriptionsImported: 0 },
      errors: [{ array: 'prescriptions', index: 0, sourceId: null, field: '', message: 'Prescription RX7101: a Schedule II prescription cannot have refills' }],
    });
    expect(await tableCounts(a.id)).toEqual({ ...counts, patients: counts.patients + 1, mapped: counts.mapped + 1 });
    const [run] = await sql<{ status: string; errors: unknown[] }>('select status, errors from public.migration_runs where id = $1', [failed.body.runId]);
    expect(run).toMatchObject({ status: 'failed', errors: [{ message: 'Prescription RX7101: a Schedule II prescription cannot have refills' }] });

    second.prescriptions[0]!.originalRefills = 0;
    second.prescriptions[0]!.refillsRemaining = 0;
    const rerun = await importData(a.admin, second);
    expect(rerun.summary).toEqual({ patientsImported: 0, medicationsImported: 0, prescriptionsImported: 1, prescribersImported: 0 });
    expect(rerun.counts.patients).toEqual({ total: 1, inserted: 0, updated: 0, unchanged: 1 });
  });

  it('an Rx number already on file gives the imported prescription the next one', async () => {
    const taken = { prescriptions: [{ ...SAMPLE_MIGRATION_DATA.prescriptions[1]!, prescriptionId: 'RX8001', rpNumber: '700101' }] };
    const [counter] = await sql<{ last_rx_number: string }>('select last_rx_number::text from public.rx_number_counters where pharmacy_id = $1', [a.id]);
    expect((await importData(a.admin, taken)).summary.prescriptionsImported).toBe(1);
    const [order] = await sql<{ rx_number: string }>(
      "select o.rx_number::text from public.migration_source_rows m join public.prescription_orders o on o.id = m.target_id where m.pharmacy_id = $1 and m.source_id = 'RX8001'", [a.id],
    );
    expect(Number(order!.rx_number)).toBe(Number(counter!.last_rx_number) + 1);
  });

  it("the database's import functions act on the caller's own run and pharmacy only", async () => {
    const [run] = await sql<{ id: string }>("select id from public.migration_runs where pharmacy_id = $1 order by started_at desc limit 1", [a.id]);
    const begun = await b.admin.client.rpc('begin_migration_run', { file_sha256: 'b'.repeat(64), totals: {} });
    expect(begun.error).toBeNull();
    // B's admin naming A's run: no such run of B's pharmacy.
    const foreign = await b.admin.client.rpc('import_migration_patients', { run_id: run!.id, rows: [] });
    expect(foreign.error).toMatchObject({ code: 'P0002', message: 'No migration run in progress with this id' });
    const tooMany = await b.admin.client.rpc('import_migration_patients', { run_id: (begun.data as { id: string }).id, rows: Array.from({ length: 10_001 }, () => ({})) });
    expect(tooMany.error).toMatchObject({ code: '22023', message: 'A batch holds at most 10,000 rows' });
    // A technician cannot use a run either.
    const technician = await a.technician.client.rpc('import_migration_patients', { run_id: run!.id, rows: [] });
    expect(technician.error).toMatchObject({ code: '42501', message: MIGRATION_API_MESSAGES.adminOnly });
    const finished = await b.admin.client.rpc('finish_migration_run', { run_id: (begun.data as { id: string }).id, run_status: 'failed', run_errors: [] });
    expect(finished.error).toBeNull();
  });

  it('another pharmacy is untouched, and imports the same file as its own', async () => {
    expect(await report(b.admin)).toEqual({ totalPatients: 0, totalMedications: 0, totalPrescriptions: 0, totalPrescribers: 0 });
    // B's admin cannot see A's source rows, nor refer to them.
    const { data } = await b.admin.client.from('migration_source_rows').select('source_id');
    expect(data).toEqual([]);
    const reference = await validate(b.admin, { prescriptions: [SAMPLE_MIGRATION_DATA.prescriptions[0]!] });
    expect(reference.body.isValid).toBe(false);
    const result = await importData(b.admin, SAMPLE_MIGRATION_DATA);
    expect(result.summary).toEqual({ patientsImported: 3, medicationsImported: 3, prescriptionsImported: 4, prescribersImported: 2 });
    expect((await tableCounts(b.id)).mapped).toBe(12);
  });
});

/**
 * Migration 20261128002000_refills on a database that already holds prescriptions (as a pharmacy upgrading
 * would): a new database on the test stack gets the bootstrap and every migration before it, prescriptions in
 * each status with a label print and an override approval, then the remaining migrations. Every prescription
 * must become an order (same id, Rx number, patient, drug, prescriber, refills, date written) with its fill 0,
 * nothing else about it changed (status, who/when, updated_at, prints, approvals), no audit entries written, the
 * queue counters still equal to the table — and the migrated order must refill.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyBootstrap, applyMigrations, withClient } from '../../supabase/local/src/db/migrate.ts';
import { closeSql, sql, stackEnv } from '../support/stack-env.ts';

const REFILLS_MIGRATION = '20261128002000';
const database = `refills_upgrade_test_${process.pid}`;
const databaseUrl = () => stackEnv().dbUrl.replace(/\/postgres$/, `/${database}`);
const migrationsDir = path.resolve(import.meta.dirname, '../../supabase/migrations');

const ADMIN = '00000000-0000-4000-8000-0000000fa001';
const PHARMACIST = '00000000-0000-4000-8000-0000000fa002';

interface Snapshot {
  before: Record<string, unknown>[];
  prints: number;
  approvals: number;
  auditRows: number;
}
let snapshot: Snapshot;
let after: pg.QueryResult['rows'];
let enteredOn: string[];
let orders: pg.QueryResult['rows'];
let counts: { counted: string; kept: string };
let auditRowsAfter: number;
/** Audit rows but the prescribers' (a later migration, prescriber_credentials, re-opens their verification, audited). */
const AUDIT_ROWS_OF_PRESCRIPTIONS = `select count(*) as n from public.audit_log where entity_type is distinct from 'prescribers'`;
let printsAfter: number;
let approvalsAfter: number;
let refill: Record<string, unknown> | undefined;

/** The prescriptions of the old schema: one per status, one with no date written, entered and moved as staff would. */
async function loadOldPrescriptions(client: pg.Client): Promise<void> {
  await client.query(`
    insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
    values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', 'upgrade-admin@example.test', '', now(), '{}', '{}', now(), now()),
           ('00000000-0000-0000-0000-000000000000', $2, 'authenticated', 'authenticated', 'upgrade-rph@example.test', '', now(), '{}', '{}', now(), now())`,
    [ADMIN, PHARMACIST]);
  await client.query(`
    select public.onboard_pharmacy(
      pharmacy => jsonb_build_object('pharmacy_name', 'Upgrade Pharmacy', 'trade_name', 'Upgrade Pharmacy',
        'chain_affiliation', 'Independent', 'ncpdp_id', '1412399', 'nabp_number', 'IL12399', 'dea_number', 'BU4726184',
        'state_license_number', '054.099999', 'state_license_state', 'IL', 'npi_number', '1538291745',
        'street_address', '1 Main St', 'city', 'Springfield', 'state', 'IL', 'zip_code', '62701', 'county', 'Sangamon',
        'phone', '(217) 555-0100', 'fax', '(217) 555-0102', 'email', 'upgrade@example.test', 'website', 'https://upgrade.example',
        'tax_id', '37-1234599', 'business_type', 'Retail Pharmacy', 'ownership_type', 'LLC',
        'admin_first_name', 'Ada', 'admin_last_name', 'Admin', 'admin_phone', '(217) 555-0101'),
      admin_user_id => $1,
      pic => jsonb_build_object('first_name', 'Pat', 'last_name', 'Rph', 'license_number', '051.1', 'license_state', 'IL', 'license_expiration', '2030-01-01'),
      operating_hours => null, plan_id => 'flat-monthly')`, [ADMIN]);
  await client.query(`
    insert into public.staff_profiles (user_id, pharmacy_id, role, first_name, last_name, email)
    select $1, p.id, 'pharmacist', 'Pat', 'Rph', 'upgrade-rph@example.test' from public.pharmacies p`, [PHARMACIST]);
  await client.query(`
    with pharmacy as (select id from public.pharmacies limit 1),
    patient as (
      insert into public.patients (pharmacy_id, first_name, last_name, date_of_birth)
      select id, 'Uma', 'Upgrade', date '1960-05-01' from pharmacy returning id, pharmacy_id),
    medication as (
      insert into public.medications (pharmacy_id, name, generic_name, strength, price, stock)
      select id, 'Lisinopril', 'lisinopril', '10 mg', 7.5, 1000 from pharmacy returning id),
    prescriber as (
      insert into public.prescribers (pharmacy_id, first_name, last_name, npi_number)
      select id, 'Dana', 'Doctor', '1234567893' from pharmacy returning id)
    insert into public.prescriptions (pharmacy_id, patient_id, medication_id, prescriber_id, prescriber_name, directions, quantity,
                                      refills, days_supply, original_date, prescription_type, source, entered_by)
    select patient.pharmacy_id, patient.id, medication.id, prescriber.id, 'Dr. Dana Doctor', 'Take 1 daily', 30, r.refills, 30,
           r.written, 'written', 'manual_entry', $1
    from patient, medication, prescriber,
      (values (3, date '2026-09-01'), (2, date '2026-10-01'), (5, null::date), (0, date '2026-11-01'), (1, date '2026-11-10')) as r (refills, written)`,
    [PHARMACIST]);
  // Move them: 1001 completed, 1002 ready (with a label print), 1003 processing, 1004 pending with an override approval.
  const move = (rx: number, status: string) =>
    client.query(`update public.prescriptions set status = $2 where rx_number = $1`, [rx, status]);
  for (const [rx, statuses] of [[1001, ['processing', 'ready', 'completed']], [1002, ['processing', 'ready']], [1003, ['processing']]] as const) {
    for (const status of statuses) await move(rx, status);
  }
  // Refills used written on the old row (possible before verification, or by an import) must not be lost.
  await client.query(`update public.prescriptions set refills_used = 1 where rx_number = 1002`);
  await client.query(`insert into public.prescription_label_prints (pharmacy_id, prescription_id, kind, printed_by)
    select pharmacy_id, id, 'label', $1 from public.prescriptions where rx_number = 1002`, [PHARMACIST]);
  await client.query(`insert into public.override_approvals (pharmacy_id, prescription_id, approved_by, reason)
    select pharmacy_id, id, $1, 'Reviewed with the prescriber' from public.prescriptions where rx_number = 1004`, [PHARMACIST]);
}

async function oldState(client: pg.Client): Promise<Snapshot> {
  const rows = await client.query(`select to_jsonb(p) - 'refills_used' as row from public.prescriptions p order by rx_number`);
  const one = async (query: string) => Number((await client.query<{ n: string }>(query)).rows[0]!.n);
  return {
    before: rows.rows.map((r: { row: Record<string, unknown> }) => r.row),
    prints: await one('select count(*) as n from public.prescription_label_prints'),
    approvals: await one('select count(*) as n from public.override_approvals'),
    auditRows: await one(AUDIT_ROWS_OF_PRESCRIPTIONS),
  };
}

beforeAll(async () => {
  await sql(`create database ${database}`);
  const earlier = await fs.mkdtemp(path.join(os.tmpdir(), 'migrations-before-refills-'));
  try {
    for (const file of await fs.readdir(migrationsDir)) {
      if (file.endsWith('.sql') && file < REFILLS_MIGRATION) await fs.copyFile(path.join(migrationsDir, file), path.join(earlier, file));
    }
    await withClient(databaseUrl(), async (client) => {
      await applyBootstrap(client);
      await applyMigrations(client, earlier);
      await loadOldPrescriptions(client);
      snapshot = await oldState(client);

      await applyMigrations(client);

      after = (await client.query(`select to_jsonb(p) as row from public.prescriptions p order by rx_number`)).rows.map((r) => r.row);
      orders = (await client.query(`select o.*, to_char(o.written_on, 'YYYY-MM-DD') as written from public.prescription_orders o order by rx_number`)).rows;
      // A prescription entered late in a US evening was entered on the pharmacy's date, not UTC's.
      enteredOn = (await client.query(
        `select to_char(private.pharmacy_local_date(p.pharmacy_id, p.entered_at), 'YYYY-MM-DD') as day from public.prescriptions p order by rx_number`,
      )).rows.map((r) => r.day as string);
      counts = (await client.query(`
        select (select count(*) from public.prescriptions) as counted,
               (select sum(prescriptions) from public.prescription_queue_counters) as kept`)).rows[0];
      auditRowsAfter = Number((await client.query(AUDIT_ROWS_OF_PRESCRIPTIONS)).rows[0].n);
      printsAfter = Number((await client.query('select count(*) as n from public.prescription_label_prints')).rows[0].n);
      approvalsAfter = Number((await client.query('select count(*) as n from public.override_approvals')).rows[0].n);

      // The completed one, filled long enough ago, refills on the new model.
      await client.query(`update public.prescriptions set date_filled = current_date - 40 where rx_number = 1001`);
      refill = (await client.query(`
        insert into public.prescriptions (pharmacy_id, order_id) select pharmacy_id, order_id from public.prescriptions where rx_number = 1001
        returning to_jsonb(prescriptions.*) as row`)).rows[0]?.row;
    });
  } finally {
    await fs.rm(earlier, { recursive: true, force: true });
  }
}, 180_000);

afterAll(async () => {
  await sql(`drop database if exists ${database} with (force)`);
  await closeSql();
});

describe('migration 20261128002000_refills on existing prescriptions', () => {
  it('makes every prescription an order with its fill 0, under the same id and Rx number', () => {
    expect(after.map((row) => [row.rx_number, row.fill_number, row.order_id === row.id])).toEqual([
      [1001, 0, true], [1002, 0, true], [1003, 0, true], [1004, 0, true], [1005, 0, true],
    ]);
    expect(orders.map((o) => [Number(o.rx_number), o.id, o.status])).toEqual(
      after.map((row) => [row.rx_number, row.id, 'active']),
    );
  });

  it('gives each order the prescription\'s patient, drug, prescriber, refills and date written (else its entry date)', () => {
    after.forEach((row, index) => {
      const order = orders[index]!;
      expect([order.patient_id, order.medication_id, order.prescriber_id, order.refills]).toEqual(
        [row.patient_id, row.medication_id, row.prescriber_id, row.refills],
      );
      expect(order.written).toBe(row.original_date ?? enteredOn[index]);
    });
    expect(orders.map((o) => o.refills)).toEqual([3, 2, 5, 0, 1]);
    expect(orders.map((o) => o.refills_used_before)).toEqual([0, 1, 0, 0, 0]);
  });

  it('keeps everything else of each prescription: statuses, who and when, updated_at', () => {
    expect(after.map((row) => row.status)).toEqual(['completed', 'ready', 'processing', 'pending', 'pending']);
    after.forEach((row, index) => {
      const { order_id: _order, fill_number: _fill, too_soon_reason, too_soon_allowed_by, too_soon_allowed_at, cancelled_by, cancelled_at, ...rest } = row;
      expect([too_soon_reason, too_soon_allowed_by, too_soon_allowed_at, cancelled_by, cancelled_at]).toEqual([null, null, null, null, null]);
      // Columns later migrations added are not this migration's business: compare those the prescription had.
      const before = snapshot.before[index] as Record<string, unknown>;
      expect(Object.fromEntries(Object.keys(before).map((key) => [key, (rest as Record<string, unknown>)[key]]))).toEqual(before);
    });
  });

  it('keeps label prints and override approvals, writes no audit entries, and the counters still equal the table', () => {
    expect([printsAfter, approvalsAfter]).toEqual([snapshot.prints, snapshot.approvals]);
    expect(snapshot.prints).toBe(1);
    expect(snapshot.approvals).toBe(1);
    expect(auditRowsAfter).toBe(snapshot.auditRows);
    expect(Number(counts.kept)).toBe(Number(counts.counted));
  });

  it('refills a migrated prescription: refill 1 of 3, same Rx number, pending', () => {
    expect(refill).toMatchObject({ rx_number: 1001, fill_number: 1, refills: 3, status: 'pending', order_id: after[0]!.id });
  });
});

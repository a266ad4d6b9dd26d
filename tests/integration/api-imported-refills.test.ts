/**
 * Refilling a prescription the data migration imported (issue 27; the imported_order_refills migration): an order
 * imported through POST /api/migration/import-primerx has no fill, and its first refill through
 * POST /api/prescriptions/{orderId}/refill takes the imported row's quantity, days supply and directions, the
 * prescriber's name, fill number = refills used before + 1, pending in the queue (a technician may, though source rows
 * are admins' to read). The other rules still refuse: a second refill while that one waits, no refills left,
 * discontinued, Schedule II. A first refill returned to stock frees its number: the next is taken from the row again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RefillResponse } from '../../shared/src/api/prescriptions.ts';
import type { MigrationImportResponse } from '../../shared/src/api/migration.ts';
import type { MigrationDataInput } from '../../shared/src/migration/migration-data.ts';
import { SAMPLE_MIGRATION_DATA } from '../../shared/src/migration/sample-migration.ts';
import { callApi } from '../support/api-call.ts';
import { closeSql, sql } from '../support/stack-env.ts';
import { movePrescription } from './db-clinical-support.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';

let pharmacy: TestPharmacy;
/** Imported order ids by source prescription id. */
const orders = new Map<string, string>();

/** A day `daysAgo` days before today (UTC), as the export writes dates: written recently, so nothing has expired. */
function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

const prescription = (overrides: Record<string, unknown>) => ({
  patientId: 'P1001', prescriberId: 'DR301', drugId: 'D2001', datePrescribed: daysAgo(20), quantity: 45, daysSupply: 30,
  directions: 'Take 1 tablet by mouth every morning with water', refillsRemaining: 4, originalRefills: 5, status: 'active',
  ...overrides,
});

const DATA = {
  patients: SAMPLE_MIGRATION_DATA.patients,
  prescribers: SAMPLE_MIGRATION_DATA.prescribers,
  medications: [
    ...SAMPLE_MIGRATION_DATA.medications,
    {
      drugId: 'D2009', name: 'Oxycodone', genericName: 'oxycodone hydrochloride', strength: '5 mg', dosageForm: 'tablet',
      ndc: '0406-0552-01', quantityOnHand: 100, reorderLevel: 20, deaSchedule: 'CII',
    },
  ],
  prescriptions: [
    // Five authorised, one used in PrimeRx: its first refill here is refill 2.
    prescription({ prescriptionId: 'RXI1', rpNumber: '810001' }),
    prescription({ prescriptionId: 'RXI2', rpNumber: '810002', refillsRemaining: 0, originalRefills: 2 }),
    prescription({ prescriptionId: 'RXI3', rpNumber: '810003', status: 'discontinued' }),
    prescription({ prescriptionId: 'RXI4', rpNumber: '810004', patientId: 'P1002', drugId: 'D2009', quantity: 20, daysSupply: 5, refillsRemaining: 0, originalRefills: 0 }),
    prescription({ prescriptionId: 'RXI5', rpNumber: '810005', patientId: 'P1003', quantity: 30, refillsRemaining: 3, originalRefills: 3, directions: undefined }),
  ],
} satisfies MigrationDataInput;

function refillPath(id: string): string {
  return `prescriptions/${encodeURIComponent(id)}/refill`;
}

async function fills(orderId: string): Promise<{ fill_number: number; status: string }[]> {
  return sql('select fill_number, status from public.prescriptions where order_id = $1 order by fill_number, created_at', [orderId]);
}

beforeAll(async () => {
  pharmacy = await createPharmacy('Imported Refills');
  const answer = await callApi<MigrationImportResponse>(pharmacy.admin.client, 'migration/import-primerx', { body: DATA });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body).toMatchObject({ success: true, summary: { prescriptionsImported: 5 } });
  const rows = await sql<{ source_id: string; target_id: string }>(
    "select source_id, target_id from public.migration_source_rows where pharmacy_id = $1 and entity = 'prescriptions'", [pharmacy.id],
  );
  for (const row of rows) orders.set(row.source_id, row.target_id);
  expect(orders.size).toBe(5);
  // Imported on file only: no fill yet.
  expect(await sql('select count(*)::int as n from public.prescriptions where pharmacy_id = $1', [pharmacy.id])).toEqual([{ n: 0 }]);
}, 180_000);

afterAll(closeSql);

describe('refilling an imported prescription', () => {
  it('201: the imported row\'s contents, fill number = refills used + 1, pending in the queue; a second refill waits for it', async () => {
    const orderId = orders.get('RXI1')!;
    const answer = await callApi<RefillResponse>(pharmacy.technician.client, refillPath(orderId), { body: {} });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({
      rxNumber: 810001, status: 'pending', fillNumber: 2, refillsUsed: 2, refills: 5, refillsRemaining: 3,
      quantity: 45, daysSupply: 30, directions: 'Take 1 tablet by mouth every morning with water',
      prescriberName: 'Laura Bennett', prescriptionType: 'written', source: 'manual_entry',
      originalDate: daysAgo(20), enteredBy: pharmacy.technician.id, dateFilled: null,
    });
    const [stored] = await sql<{ order_id: string; too_soon_reason: string | null; prescriber_id: string | null }>(
      'select order_id, too_soon_reason, prescriber_id from public.prescriptions where id = $1', [answer.body.id],
    );
    const [order] = await sql<{ prescriber_id: string; last_fill_number: number }>(
      'select prescriber_id, last_fill_number from public.prescription_orders where id = $1', [orderId],
    );
    expect(stored).toEqual({ order_id: orderId, too_soon_reason: null, prescriber_id: order!.prescriber_id });
    expect(order!.last_fill_number).toBe(2);

    // The pending tab of the queue shows it.
    const queue = await pharmacy.technician.client.rpc('queue_page', { queue_status: 'pending', search: '810001' });
    expect(queue.error).toBeNull();
    expect((queue.data as { id: string }[]).map((row) => row.id)).toEqual([answer.body.id]);

    // By the new fill's id as by the order's: one fill in the queue at a time.
    for (const id of [orderId, answer.body.id]) {
      expect(await callApi(pharmacy.pharmacist.client, refillPath(id), { body: {} })).toEqual({
        status: 409, body: { error: 'Rx 810001 already has a fill in the queue (refill 2, pending); finish it before refilling again' },
      });
    }
    expect(await fills(orderId)).toEqual([{ fill_number: 2, status: 'pending' }]);
  });

  it('no refills left: 409 with the no-refills sentence', async () => {
    const orderId = orders.get('RXI2')!;
    expect(await callApi(pharmacy.pharmacist.client, refillPath(orderId), { body: {} })).toEqual({
      status: 409, body: { error: 'Rx 810002 has no refills left (2 of 2 used); ask the prescriber for a new prescription' },
    });
    expect(await fills(orderId)).toEqual([]);
  });

  it('discontinued before the migration: 409, not refilled', async () => {
    const orderId = orders.get('RXI3')!;
    const answer = await callApi<{ error: string }>(pharmacy.pharmacist.client, refillPath(orderId), { body: {} });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toMatch(/^Rx 810003 was discontinued on \d{4}-\d{2}-\d{2} \(Discontinued in primerx before the migration\); it cannot be refilled$/);
    expect(await fills(orderId)).toEqual([]);
  });

  it('Schedule II: 409, never refilled', async () => {
    const orderId = orders.get('RXI4')!;
    expect(await callApi(pharmacy.pharmacist.client, refillPath(orderId), { body: {} })).toEqual({
      status: 409, body: { error: 'Schedule II controlled substances cannot be refilled (21 CFR 1306.12): Rx 810004 needs a new prescription' },
    });
    expect(await fills(orderId)).toEqual([]);
  });

  it('a refill returned to stock frees its number: the next refill is taken from the imported row again (one without directions has none)', async () => {
    const orderId = orders.get('RXI5')!;
    const first = await callApi<RefillResponse>(pharmacy.technician.client, refillPath(orderId), { body: {} });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ fillNumber: 1, refillsRemaining: 2, quantity: 30, daysSupply: 30, directions: null });
    expect((await movePrescription(pharmacy.technician.client, first.body.id, 'processing')).error).toBeNull();
    expect((await movePrescription(pharmacy.pharmacist.client, first.body.id, 'ready')).error).toBeNull();
    const returned = await pharmacy.pharmacist.client.rpc('return_fill_to_stock', { fill_id: first.body.id, reason: 'Not picked up' });
    expect(returned.error).toBeNull();

    const again = await callApi<RefillResponse>(pharmacy.technician.client, refillPath(first.body.id), { body: {} });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body).toMatchObject({ fillNumber: 1, refillsRemaining: 2, quantity: 30, daysSupply: 30, status: 'pending', dateFilled: null });
    expect(await fills(orderId)).toEqual([{ fill_number: 1, status: 'cancelled' }, { fill_number: 1, status: 'pending' }]);
  });
});

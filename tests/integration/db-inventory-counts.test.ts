/**
 * Inventory counts (migration 20261129003000_inventory_counts): cycle counts and the biennial controlled-substance
 * inventory. A technician counts (blind: the expected quantities are unreadable while the count is open) and
 * submits; only a pharmacist or admin posts, once, each variance with its reason, as count_variance movements, so
 * the ledger still sums to the on-hand; movements during a count are taken into account; the biennial inventory
 * estimates only opened Schedule III–V containers of at most 1,000 units, is witnessed when the settings say so,
 * signed by a pharmacist and never changes afterwards.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSql, sql } from '../support/stack-env.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';
import { insertRow } from './db-clinical-support.ts';

let pharmacy: TestPharmacy;
let other: TestPharmacy;

beforeAll(async () => {
  [pharmacy, other] = await Promise.all([createPharmacy('Counting Pharmacy'), createPharmacy('Counting Other Pharmacy')]);
}, 60_000);

afterAll(async () => {
  await closeSql();
});

interface Session { id: string; status: string; blind: boolean; kind: string; line_count: number; as_of_date: string | null; business_time: string | null }
interface SheetRow { lot_number: string; counted_quantity: number | null; expected_on_hand: number | null; book_quantity: number | null; variance_quantity: number | null; total_count: number }
interface Line { id: string; medication_id: string; lot_id: string; counted_quantity: number | null; estimated: boolean; variance_quantity: number | null; book_quantity: number | null }

function isoDaysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function addProduct(name: string, extra: Record<string, unknown> = {}): Promise<string> {
  return insertRow(pharmacy.pharmacist.client, 'medications', { name, strength: '10 mg', dosage_form: 'tablet', price: 5, stock: 0, ...extra });
}

async function receive(medicationId: string, quantity: number, lot: string): Promise<void> {
  const received = await pharmacy.pharmacist.client.rpc('receive_inventory', { medication_id: medicationId, quantity, lot_number: lot, expiration_date: isoDaysFromNow(300) });
  if (received.error) throw new Error(received.error.message);
}

async function stockOf(medicationId: string): Promise<number> {
  return (await sql<{ stock: number }>('select stock from public.medications where id = $1', [medicationId]))[0]!.stock;
}

/** Every way the ledger, the lots and medications.stock could disagree in the pharmacy. */
async function ledgerDisagreements(pharmacyId: string): Promise<string[]> {
  const rows = await sql<{ problem: string }>(
    `select format('%s: stock %s, lots %s, ledger %s', m.name, m.stock, lots.total, ledger.total) as problem
     from public.medications m
     cross join lateral (select coalesce(sum(l.on_hand), 0)::int as total from public.inventory_lots l where l.medication_id = m.id) lots
     cross join lateral (select coalesce(sum(mv.quantity), 0)::int as total from public.inventory_movements mv where mv.medication_id = m.id) ledger
     where m.pharmacy_id = $1 and not (m.stock = lots.total and lots.total = ledger.total)`,
    [pharmacyId],
  );
  return rows.map((row) => row.problem);
}

async function start(client: SupabaseClient, args: Record<string, unknown>): Promise<Session> {
  const { data, error } = await client.rpc('start_inventory_count', args);
  if (error) throw new Error(error.message);
  return data as Session;
}

async function linesOf(client: SupabaseClient, sessionId: string): Promise<(Line & { lot_number: string })[]> {
  const { data, error } = await client.from('inventory_count_lines')
    .select('id, medication_id, lot_id, counted_quantity, estimated, variance_quantity, book_quantity, inventory_lots(lot_number)')
    .eq('session_id', sessionId).order('position');
  if (error) throw new Error(error.message);
  return (data ?? []).map((row) => {
    const { inventory_lots: lot, ...line } = row as unknown as Line & { inventory_lots: { lot_number: string } };
    return { ...line, lot_number: lot.lot_number };
  });
}

async function count(client: SupabaseClient, lineId: string, counted: number, extra: Record<string, unknown> = {}) {
  return client.rpc('record_inventory_count', { count_line_id: lineId, counted, ...extra });
}

async function expectationsOf(client: SupabaseClient, sessionId: string): Promise<number[]> {
  const { data, error } = await client.from('inventory_count_expectations').select('expected_on_hand, inventory_count_lines(position)')
    .eq('session_id', sessionId);
  if (error) throw new Error(error.message);
  return (data ?? [])
    .map((row) => row as unknown as { expected_on_hand: number; inventory_count_lines: { position: number } })
    .sort((a, b) => a.inventory_count_lines.position - b.inventory_count_lines.position)
    .map((row) => row.expected_on_hand);
}

async function setControlledSettings(pharmacyId: string, settings: Record<string, unknown>): Promise<void> {
  await sql(
    `insert into public.pharmacy_settings (pharmacy_id, group_key, settings) values ($1, 'controlled', $2)
     on conflict (pharmacy_id, group_key) do update set settings = excluded.settings`,
    [pharmacyId, JSON.stringify(settings)],
  );
}

describe('a blind cycle count: a technician counts, a pharmacist posts', () => {
  it('hides the expected quantities while open, refuses the technician’s post, posts each variance once with its reason', async () => {
    const amoxicillin = await addProduct('Counted Amoxicillin');
    const cetirizine = await addProduct('Counted Cetirizine');
    await receive(amoxicillin, 100, 'AMX-1');
    await receive(amoxicillin, 20, 'AMX-2');
    await receive(cetirizine, 30, 'CET-1');

    const session = await start(pharmacy.technician.client, { count_kind: 'cycle', count_scope: 'products', product_ids: [amoxicillin, cetirizine] });
    expect(session).toMatchObject({ status: 'open', blind: true, kind: 'cycle', line_count: 3 });
    const lines = await linesOf(pharmacy.technician.client, session.id);
    expect(lines.map((line) => line.lot_number)).toEqual(['AMX-1', 'AMX-2', 'CET-1']);

    // Blind: the technician (and anyone else) reads no expected quantity while it is open, nor through the answer.
    expect(await expectationsOf(pharmacy.technician.client, session.id)).toEqual([]);
    expect(await expectationsOf(pharmacy.pharmacist.client, session.id)).toEqual([]);
    const counted = await count(pharmacy.technician.client, lines[0]!.id, 97);
    expect(counted.error).toBeNull();
    expect(counted.data).not.toHaveProperty('expected_on_hand');
    expect(counted.data).toMatchObject({ counted_quantity: 97, counted_by: pharmacy.technician.id });
    const blindSheet = await pharmacy.technician.client.rpc('inventory_count_sheet', { count_session_id: session.id, page_size: 2 });
    expect(blindSheet.error).toBeNull();
    expect((blindSheet.data ?? []).map((row: SheetRow) => [row.lot_number, row.counted_quantity, row.expected_on_hand, row.book_quantity, row.variance_quantity, row.total_count]))
      .toEqual([['AMX-1', 97, null, null, null, 3], ['AMX-2', null, null, null, null, 3]]);

    // Nothing is submitted while a line is uncounted.
    const early = await pharmacy.technician.client.rpc('submit_inventory_count', { count_session_id: session.id });
    expect(early.error?.message).toBe('2 of 3 lines are not counted yet: enter 0 where nothing is on the shelf');
    expect((await count(pharmacy.technician.client, lines[1]!.id, 20)).error).toBeNull();
    expect((await count(pharmacy.technician.client, lines[2]!.id, 33)).error).toBeNull();
    const negative = await count(pharmacy.technician.client, lines[2]!.id, -1);
    expect(negative.error?.message).toBe('Enter the quantity counted as a whole number of units (0 when none is on the shelf)');
    const submitted = await pharmacy.technician.client.rpc('submit_inventory_count', { count_session_id: session.id });
    expect(submitted.error).toBeNull();
    expect(await expectationsOf(pharmacy.technician.client, session.id)).toEqual([100, 20, 30]);
    const variances = await pharmacy.pharmacist.client.rpc('inventory_count_sheet', { count_session_id: session.id, only_variances: true });
    expect((variances.data ?? []).map((row: SheetRow) => [row.lot_number, row.counted_quantity, row.book_quantity, row.variance_quantity, row.total_count]))
      .toEqual([['AMX-1', 97, 100, -3, 2], ['CET-1', 33, 30, 3, 2]]);
    const late = await count(pharmacy.technician.client, lines[2]!.id, 30);
    expect(late.error?.message).toMatch(/^Count [0-9A-F]{8} is submitted: counts are entered only while it is open$/);

    // The technician counts but does not post; the pharmacist posts, each variance with a reason.
    const byTechnician = await pharmacy.technician.client.rpc('post_inventory_count', { count_session_id: session.id, variance_reasons: {} });
    expect(byTechnician.error?.message).toBe('Only a pharmacist or admin can post count variances');
    const noReason = await pharmacy.pharmacist.client.rpc('post_inventory_count', {
      count_session_id: session.id, variance_reasons: { [lines[0]!.id]: 'Three tablets broken in the bottle' },
    });
    expect(noReason.error?.message).toBe('Give a reason for the variance of Counted Cetirizine 10 mg (lot CET-1): counted 33, 30 by the ledger');
    expect(await stockOf(amoxicillin)).toBe(120);

    const posted = await pharmacy.pharmacist.client.rpc('post_inventory_count', {
      count_session_id: session.id,
      variance_reasons: { [lines[0]!.id]: 'Three tablets broken in the bottle', [lines[2]!.id]: 'Returned stock shelved without receiving' },
    });
    expect(posted.error).toBeNull();
    expect(posted.data).toMatchObject({ status: 'posted', posted_by: pharmacy.pharmacist.id });
    expect(await stockOf(amoxicillin)).toBe(117);
    expect(await stockOf(cetirizine)).toBe(33);
    const movements = await sql<{ lot_number: string; quantity: number; reason: string; reference: string; recorded_by: string }>(
      `select l.lot_number, mv.quantity, mv.reason, mv.reference, mv.recorded_by from public.inventory_movements mv
       join public.inventory_lots l on l.id = mv.lot_id where mv.pharmacy_id = $1 and mv.kind = 'count_variance' and mv.medication_id = any ($2) order by mv.id`,
      [pharmacy.id, [amoxicillin, cetirizine]],
    );
    const reference = `Count ${session.id.slice(0, 8).toUpperCase()}`;
    expect(movements).toEqual([
      { lot_number: 'AMX-1', quantity: -3, reason: 'Three tablets broken in the bottle', reference, recorded_by: pharmacy.pharmacist.id },
      { lot_number: 'CET-1', quantity: 3, reason: 'Returned stock shelved without receiving', reference, recorded_by: pharmacy.pharmacist.id },
    ]);
    expect((await linesOf(pharmacy.pharmacist.client, session.id)).map((line) => [line.book_quantity, line.variance_quantity]))
      .toEqual([[100, -3], [20, 0], [30, 3]]);
    expect(await ledgerDisagreements(pharmacy.id)).toEqual([]);

    // A count posts once.
    const again = await pharmacy.pharmacist.client.rpc('post_inventory_count', { count_session_id: session.id, variance_reasons: {} });
    expect(again.error?.message).toMatch(/^Count [0-9A-F]{8} was already posted on \d{2}\/\d{2}\/\d{4}: a count posts once$/);
    expect(await stockOf(amoxicillin)).toBe(117);
  });

  it('a count that is not blind shows its expected quantities; another pharmacy sees and counts nothing of it', async () => {
    const id = await addProduct('Open Book Loratadine');
    await receive(id, 12, 'LOR-1');
    const session = await start(pharmacy.technician.client, { count_kind: 'cycle', count_scope: 'products', product_ids: [id], is_blind: false });
    expect(await expectationsOf(pharmacy.technician.client, session.id)).toEqual([12]);
    expect((await other.admin.client.from('inventory_count_sessions').select('id').eq('id', session.id)).data).toEqual([]);
    expect((await other.admin.client.from('inventory_count_lines').select('id').eq('session_id', session.id)).data).toEqual([]);
    expect(await expectationsOf(other.admin.client, session.id)).toEqual([]);
    const line = (await linesOf(pharmacy.technician.client, session.id))[0]!;
    expect((await count(other.admin.client, line.id, 1)).error?.message).toBe('Count line not found');
    const foreignStart = await other.admin.client.rpc('start_inventory_count', { count_kind: 'cycle', count_scope: 'products', product_ids: [id] });
    expect(foreignStart.error?.message).toBe('Medication not found');
    // Staff write nothing directly.
    const direct = await pharmacy.admin.client.from('inventory_count_lines').update({ counted_quantity: 5 }).eq('id', line.id).select('id');
    expect(direct.error !== null || (direct.data ?? []).length === 0).toBe(true);
    // Who started it may cancel it while it is open; it is then a record that no longer changes.
    const cancelled = await pharmacy.technician.client.rpc('cancel_inventory_count', { count_session_id: session.id, reason: 'Started on the wrong shelf' });
    expect(cancelled.error).toBeNull();
    expect((await count(pharmacy.technician.client, line.id, 12)).error?.message).toMatch(/is cancelled: counts are entered only while it is open$/);
  });

  it('movements during a count: those before a line was counted are in its book quantity, later ones are not the variance', async () => {
    const id = await addProduct('Busy Sertraline');
    await receive(id, 50, 'SER-1');
    const session = await start(pharmacy.technician.client, { count_kind: 'cycle', count_scope: 'products', product_ids: [id] });
    const line = (await linesOf(pharmacy.technician.client, session.id))[0]!;
    // Five leave before the shelf is counted (book 45), the technician finds 44, three more leave before posting.
    expect((await pharmacy.pharmacist.client.rpc('adjust_inventory', { medication_id: id, quantity_change: -5, reason: 'Dispensed by hand during the count' })).error).toBeNull();
    expect((await count(pharmacy.technician.client, line.id, 44)).error).toBeNull();
    expect((await pharmacy.pharmacist.client.rpc('adjust_inventory', { medication_id: id, quantity_change: -3, reason: 'Damaged after the count' })).error).toBeNull();
    expect((await pharmacy.technician.client.rpc('submit_inventory_count', { count_session_id: session.id })).error).toBeNull();
    const posted = await pharmacy.pharmacist.client.rpc('post_inventory_count', { count_session_id: session.id, variance_reasons: { [line.id]: 'One tablet missing' } });
    expect(posted.error).toBeNull();
    expect((await linesOf(pharmacy.pharmacist.client, session.id))[0]).toMatchObject({ book_quantity: 45, variance_quantity: -1 });
    expect(await stockOf(id)).toBe(41);
    expect(await ledgerDisagreements(pharmacy.id)).toEqual([]);
  });

  it('a product in a count not yet posted cannot be in a second one', async () => {
    const id = await addProduct('Twice Counted Metformin');
    await receive(id, 5, 'MET-1');
    await start(pharmacy.technician.client, { count_kind: 'cycle', count_scope: 'products', product_ids: [id] });
    const second = await pharmacy.pharmacist.client.rpc('start_inventory_count', { count_kind: 'cycle', count_scope: 'products', product_ids: [id] });
    expect(second.error?.message).toBe('Already in a count that is not posted yet: Twice Counted Metformin 10 mg. Post or cancel that count first');
  });
});

describe('counting a shelf', () => {
  it('pharmacists set shelf locations (technicians cannot); a shelf count covers the products kept there, one with no stock included', async () => {
    const fresh = await createPharmacy('Shelf Pharmacy');
    const add = (name: string) => insertRow(fresh.pharmacist.client, 'medications', { name, strength: '5 mg', dosage_form: 'tablet', price: 1, stock: 0 });
    const [onShelf, empty, elsewhere] = [await add('Shelf Atenolol'), await add('Shelf Bisoprolol'), await add('Other Carvedilol')];
    await fresh.pharmacist.client.rpc('receive_inventory', { medication_id: onShelf, quantity: 8, lot_number: 'AT-1', expiration_date: isoDaysFromNow(200) });
    const byTechnician = await fresh.technician.client.from('inventory_products').upsert({ medication_id: onShelf, shelf_location: 'A3' }, { onConflict: 'pharmacy_id,medication_id' });
    expect(byTechnician.error).not.toBeNull();
    for (const [id, shelf] of [[onShelf, 'A3'], [empty, 'A3'], [elsewhere, 'B1']] as const) {
      const set = await fresh.pharmacist.client.from('inventory_products').upsert({ medication_id: id, shelf_location: shelf }, { onConflict: 'pharmacy_id,medication_id' });
      expect(set.error).toBeNull();
    }
    const tooLong = await fresh.pharmacist.client.from('inventory_products').update({ shelf_location: 'x'.repeat(41) }).eq('medication_id', onShelf);
    expect(tooLong.error?.message).toBe('A shelf location is 1 to 40 characters on one line');

    const session = await start(fresh.technician.client, { count_kind: 'cycle', count_scope: 'shelf', shelf: 'A3' });
    const lines = await linesOf(fresh.technician.client, session.id);
    expect(lines.map((line) => [line.medication_id, line.lot_number])).toEqual([[onShelf, 'AT-1'], [empty, '']]);
    const nothing = await fresh.technician.client.rpc('start_inventory_count', { count_kind: 'cycle', count_scope: 'shelf', shelf: 'Z9' });
    expect(nothing.error?.message).toBe('No product is kept at Z9: set the shelf location of the products first');
  });
});

describe('the biennial controlled-substance inventory', () => {
  it('CII exact, CIII–V estimated only from an opened container of at most 1,000 units; witnessed, signed, then immutable', async () => {
    const fresh = await createPharmacy('Biennial Pharmacy');
    const add = (name: string, schedule: string) => insertRow(fresh.pharmacist.client, 'medications', { name, strength: '5 mg', dosage_form: 'tablet', price: 1, stock: 0, dea_schedule: schedule });
    const oxycodone = await add('Biennial Oxycodone', 'II');
    const alprazolam = await add('Biennial Alprazolam', 'IV');
    const receiveFresh = (id: string, quantity: number, lot: string) =>
      fresh.pharmacist.client.rpc('receive_inventory', { medication_id: id, quantity, lot_number: lot, expiration_date: isoDaysFromNow(300) });
    await receiveFresh(oxycodone, 100, 'OXY-1');
    await receiveFresh(alprazolam, 500, 'ALP-1');
    await receiveFresh(alprazolam, 2000, 'ALP-2');
    await setControlledSettings(fresh.id, { requireWitnessSignature: true });

    const status = await fresh.technician.client.rpc('biennial_inventory_status');
    expect(status.data).toMatchObject({ required: true, lastAsOfDate: null, overdue: true });

    const byTechnician = await fresh.technician.client.rpc('start_inventory_count', { count_kind: 'biennial_controlled', business_time: 'close' });
    expect(byTechnician.error?.message).toBe('Only a pharmacist or admin can start the biennial controlled-substance inventory');
    const noTime = await fresh.pharmacist.client.rpc('start_inventory_count', { count_kind: 'biennial_controlled' });
    expect(noTime.error?.message).toBe('Say whether the inventory is taken at the opening or the close of business');
    const session = await start(fresh.pharmacist.client, { count_kind: 'biennial_controlled', business_time: 'close' });
    expect(session).toMatchObject({ kind: 'biennial_controlled', business_time: 'close', line_count: 3 });
    expect(session.as_of_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const [alp1, alp2, oxy] = await linesOf(fresh.technician.client, session.id);
    expect([alp1!.lot_number, alp2!.lot_number, oxy!.lot_number]).toEqual(['ALP-1', 'ALP-2', 'OXY-1']);

    const cii = await count(fresh.technician.client, oxy!.id, 100, { is_estimated: true, is_opened_container: true, full_container_units: 100 });
    expect(cii.error?.message).toBe('Schedule II is counted exactly, never estimated');
    const big = await count(fresh.technician.client, alp2!.id, 1990, { is_estimated: true, is_opened_container: true, full_container_units: 2000 });
    expect(big.error?.message).toBe('An opened container holding more than 1,000 units is counted exactly: enter the container size (1,000 or less) to estimate');
    // The rule is the table's too, whatever writes it.
    await expect(sql(`update public.inventory_count_lines set counted_quantity = 100, counted_by = $2, counted_at = now(), estimated = true,
      opened_container = true, container_units = 100 where id = $1`, [oxy!.id, fresh.pharmacist.id]))
      .rejects.toThrow('Only an opened Schedule III–V container holding at most 1,000 units may be estimated: count Schedule II and larger containers exactly');

    expect((await count(fresh.technician.client, oxy!.id, 99)).error).toBeNull();
    const estimate = await count(fresh.technician.client, alp1!.id, 480, { is_estimated: true, is_opened_container: true, full_container_units: 1000 });
    expect(estimate.error).toBeNull();
    expect(estimate.data).toMatchObject({ estimated: true, opened_container: true, container_units: 1000 });
    expect((await count(fresh.technician.client, alp2!.id, 2000, { is_opened_container: true, full_container_units: 2000 })).error).toBeNull();
    expect((await fresh.technician.client.rpc('submit_inventory_count', { count_session_id: session.id })).error).toBeNull();
    const posted = await fresh.pharmacist.client.rpc('post_inventory_count', { count_session_id: session.id, variance_reasons: { [oxy!.id]: 'One tablet unaccounted for: DEA Form 106 filed' } });
    expect(posted.error).toBeNull();
    // The CII variance is posted and audited; the estimate is recorded, never posted.
    expect(await stockOf(oxycodone)).toBe(99);
    expect(await stockOf(alprazolam)).toBe(2500);
    expect((await linesOf(fresh.pharmacist.client, session.id)).map((line) => [line.lot_number, line.variance_quantity]))
      .toEqual([['ALP-1', -20], ['ALP-2', 0], ['OXY-1', -1]]);
    const audit = await sql<{ description: string }>(
      `select description from public.audit_log where pharmacy_id = $1 and action = 'controlled_substance_changed' and entity_id = $2`, [fresh.id, oxycodone]);
    expect(audit.map((row) => row.description)).toEqual([
      `Controlled substance Biennial Oxycodone: stock 100 → 99, schedule II → II (Biennial inventory of ${usDate(session.as_of_date!)} (close of business): One tablet unaccounted for: DEA Form 106 filed)`,
    ]);
    expect(await ledgerDisagreements(fresh.id)).toEqual([]);

    // Signing: a technician cannot; the witness first (the setting is on), and not the signer.
    expect((await fresh.technician.client.rpc('sign_inventory_count', { count_session_id: session.id })).error?.message)
      .toBe('Only a pharmacist or admin can sign the biennial inventory');
    expect((await fresh.pharmacist.client.rpc('sign_inventory_count', { count_session_id: session.id })).error?.message)
      .toBe('A witness signs first (System Settings → Controlled → Witness signature): another staff member signs as witness');
    expect((await fresh.pharmacist.client.rpc('witness_inventory_count', { count_session_id: session.id })).error).toBeNull();
    expect((await fresh.pharmacist.client.rpc('sign_inventory_count', { count_session_id: session.id })).error?.message)
      .toBe('The witness cannot also sign as the pharmacist: another staff member witnesses');
    expect((await fresh.technician.client.rpc('witness_inventory_count', { count_session_id: session.id })).error).toBeNull();
    const signed = await fresh.pharmacist.client.rpc('sign_inventory_count', { count_session_id: session.id });
    expect(signed.error).toBeNull();
    expect(signed.data).toMatchObject({ signed_by: fresh.pharmacist.id, witnessed_by: fresh.technician.id, status: 'posted' });

    // Signed: nothing changes it, the owner included.
    expect((await fresh.technician.client.rpc('witness_inventory_count', { count_session_id: session.id })).error?.message)
      .toBe('Only a posted biennial inventory not yet signed is witnessed');
    expect((await fresh.admin.client.rpc('sign_inventory_count', { count_session_id: session.id })).error?.message)
      .toMatch(/^This biennial inventory was signed on \d{2}\/\d{2}\/\d{4}: a signed record never changes$/);
    await expect(sql(`update public.inventory_count_sessions set business_time = 'opening' where id = $1`, [session.id]))
      .rejects.toThrow(/a signed record never changes$/);
    await expect(sql(`update public.inventory_count_lines set counted_quantity = 100 where id = $1`, [oxy!.id]))
      .rejects.toThrow(/a signed record never changes$/);
    await expect(sql(`delete from public.inventory_count_sessions where id = $1`, [session.id])).rejects.toThrow(/a signed record never changes$/);

    const after = await fresh.technician.client.rpc('biennial_inventory_status');
    expect(after.data).toMatchObject({ required: true, lastAsOfDate: session.as_of_date, lastBusinessTime: 'close', overdue: false });
    expect((after.data as { dueBy: string }).dueBy).toBe(`${Number(session.as_of_date!.slice(0, 4)) + 2}${session.as_of_date!.slice(4)}`);
  });

  it('double count on: a Schedule II line needs an agreeing second count by someone else before submitting', async () => {
    const fresh = await createPharmacy('Double Count Pharmacy');
    const hydromorphone = await insertRow(fresh.pharmacist.client, 'medications', { name: 'Double Hydromorphone', strength: '2 mg', dosage_form: 'tablet', price: 1, stock: 0, dea_schedule: 'II' });
    await fresh.pharmacist.client.rpc('receive_inventory', { medication_id: hydromorphone, quantity: 10, lot_number: 'HM-1', expiration_date: isoDaysFromNow(300) });
    await setControlledSettings(fresh.id, { requireDoubleCount: true });
    const session = await start(fresh.technician.client, { count_kind: 'cycle', count_scope: 'schedule_ii' });
    const line = (await linesOf(fresh.technician.client, session.id))[0]!;
    const second = (client: SupabaseClient, counted: number) => client.rpc('record_second_inventory_count', { count_line_id: line.id, counted });
    const submit = () => fresh.technician.client.rpc('submit_inventory_count', { count_session_id: session.id });
    const needed = 'Double count (System Settings → Controlled): 1 Schedule II line(s) need a second count by another staff member that agrees with the first';

    expect((await second(fresh.pharmacist.client, 10)).error?.message).toBe('Record the first count of this line before its second count');
    expect((await count(fresh.technician.client, line.id, 10)).error).toBeNull();
    expect((await submit()).error?.message).toBe(needed);
    expect((await second(fresh.technician.client, 10)).error?.message).toBe('The second count is by another staff member than the first');
    // A second count that differs is kept, and does not satisfy the rule.
    expect((await second(fresh.pharmacist.client, 9)).data).toMatchObject({ second_count_quantity: 9, second_counted_by: fresh.pharmacist.id });
    expect((await submit()).error?.message).toBe(needed);
    // The first counter counts again: a changed count needs its second count again.
    expect((await count(fresh.technician.client, line.id, 9)).data).toMatchObject({ counted_quantity: 9, second_count_quantity: null });
    expect((await submit()).error?.message).toBe(needed);
    expect((await second(fresh.pharmacist.client, 9)).error).toBeNull();
    expect((await submit()).error).toBeNull();
  });

  it('a cycle count is exact: no estimate, whatever the schedule', async () => {
    const id = await addProduct('Cycle Lorazepam', { dea_schedule: 'IV' });
    await receive(id, 60, 'LZP-1');
    const session = await start(pharmacy.pharmacist.client, { count_kind: 'cycle', count_scope: 'products', product_ids: [id] });
    const line = (await linesOf(pharmacy.pharmacist.client, session.id))[0]!;
    const estimated = await count(pharmacy.technician.client, line.id, 55, { is_estimated: true, is_opened_container: true, full_container_units: 100 });
    expect(estimated.error?.message).toBe('A cycle count is exact: only the biennial inventory estimates opened containers');
  });

  it('a cycle count of all Schedule II covers the Schedule II products only', async () => {
    const fresh = await createPharmacy('Schedule II Pharmacy');
    const add = (name: string, schedule: string | null) => insertRow(fresh.pharmacist.client, 'medications', { name, strength: '5 mg', dosage_form: 'tablet', price: 1, stock: 0, dea_schedule: schedule });
    const [morphine, , ] = [await add('CII Morphine', 'II'), await add('CIV Zolpidem', 'IV'), await add('Plain Ibuprofen', null)];
    const session = await start(fresh.technician.client, { count_kind: 'cycle', count_scope: 'schedule_ii' });
    expect((await linesOf(fresh.technician.client, session.id)).map((line) => line.medication_id)).toEqual([morphine]);
  });
});

function usDate(iso: string): string {
  return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
}

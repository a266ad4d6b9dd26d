/**
 * The local drug catalog (migration 20261126000200_drug_catalog), as real users through supabase-js and as SQL:
 *   * roles on public.medications, command by command: every role reads, pharmacists and admins add and edit,
 *     technicians are refused (by the policies themselves too), admins alone delete; dispensing a prescription a
 *     technician entered still takes its stock; sync_medications is one transaction as the caller;
 *   * search_medications: brand, generic name, an NDC in every format or its first digits, low stock, inactive
 *     products, pages with the exact total, RLS;
 *   * private.ndc11_of gives the 11 digits shared/src/drugs/ndc.ts parseNdc gives, for codes in every format;
 *   * at 50,000 products each kind of search uses its index.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseNdc } from '../../shared/src/drugs/ndc.ts';
import { nestedPlansOf } from '../support/nested-plans.ts';
import { closeSql, createTestClient, sql, stackEnv } from '../support/stack-env.ts';
import { addPatient, enterPrescription, insertRow, movePrescription } from './db-clinical-support.ts';
import { createPharmacy, type SignedInStaff, type TestPharmacy } from './db-fixtures.ts';

let a: TestPharmacy;
let b: TestPharmacy;
const REFUSED = 'Only a pharmacist or admin can add or change medications';

beforeAll(async () => {
  [a, b] = [await createPharmacy('Catalog Pharmacy A'), await createPharmacy('Catalog Pharmacy B')];
}, 120_000);

afterAll(closeSql);

const drug = (tag: string, extra: Record<string, unknown> = {}) => ({ name: `Catalog ${tag}`, strength: '10 mg', price: 3, stock: 50, ...extra });
const stored = async (id: string) => (await sql(`select * from public.medications where id = $1`, [id]))[0];

describe('medications: who does what', () => {
  it('select: every role reads its own pharmacy\'s catalogue; another pharmacy and anon read nothing', async () => {
    const id = await insertRow(a.pharmacist.client, 'medications', drug('read'));
    for (const staff of [a.technician, a.pharmacist, a.admin]) {
      expect((await staff.client.from('medications').select('id').eq('id', id)).data, staff.id).toEqual([{ id }]);
    }
    for (const staff of [b.technician, b.pharmacist, b.admin]) {
      expect((await staff.client.from('medications').select('id').eq('id', id)).data, `B ${staff.id}`).toEqual([]);
    }
    expect((await createTestClient().from('medications').select('id').eq('id', id)).data ?? []).toEqual([]);
  });

  it('insert: pharmacists and admins add; a technician is refused with a sentence; nobody adds to another pharmacy', async () => {
    for (const staff of [a.pharmacist, a.admin]) {
      const { data, error } = await staff.client.from('medications').insert(drug(`by ${staff.id}`)).select('pharmacy_id').single();
      expect(error, staff.id).toBeNull();
      expect(data).toEqual({ pharmacy_id: a.id });
    }
    const refused = await a.technician.client.from('medications').insert(drug('by technician')).select('id');
    expect(refused.error?.message).toBe(REFUSED);
    expect(await sql(`select id from public.medications where name = 'Catalog by technician'`)).toEqual([]);
    const foreign = await b.pharmacist.client.from('medications').insert({ ...drug('foreign'), pharmacy_id: a.id }).select('id');
    expect(foreign.error?.message).toBe('Rows can only be added to your own pharmacy');
  });

  it('update: pharmacists and admins edit; a technician is refused; another pharmacy changes nothing', async () => {
    const id = await insertRow(a.pharmacist.client, 'medications', drug('edit'));
    const refused = await a.technician.client.from('medications').update({ price: 99 }).eq('id', id).select('id');
    expect(refused.error?.message).toBe(REFUSED);
    const foreign = await b.admin.client.from('medications').update({ price: 98 }).eq('id', id).select('id');
    expect(foreign.data).toEqual([]);
    expect(await stored(id)).toMatchObject({ price: '3.00' });
    for (const [staff, price] of [[a.pharmacist, 4.5], [a.admin, 5.5]] as const) {
      const { data, error } = await staff.client.from('medications').update({ price, active: false }).eq('id', id).select('price, active');
      expect(error, staff.id).toBeNull();
      expect(data).toEqual([{ price, active: false }]);
    }
  });

  it('the policies refuse a technician by themselves (the guard trigger only words it)', async () => {
    const id = await insertRow(a.pharmacist.client, 'medications', drug('policy'));
    const client = new pg.Client({ connectionString: stackEnv().dbUrl });
    await client.connect();
    const asTechnician = async (statement: string, params: unknown[]) => {
      await client.query('begin');
      try {
        await client.query('alter table public.medications disable trigger guard_catalog_role');
        await client.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: a.technician.id, role: 'authenticated' })]);
        await client.query('set local role authenticated');
        return await client.query(statement, params);
      } finally {
        await client.query('rollback');
      }
    };
    try {
      await expect(asTechnician(`insert into public.medications (name) values ('Policy only')`, [])).rejects.toThrow(/row-level security/);
      await expect(asTechnician(`update public.medications set price = 7 where id = $1`, [id])).rejects.toThrow(/row-level security/);
    } finally {
      await client.end();
    }
    expect(await stored(id)).toMatchObject({ price: '3.00' });
  });

  it('delete: admins only', async () => {
    const id = await insertRow(a.pharmacist.client, 'medications', drug('delete'));
    for (const staff of [a.technician, a.pharmacist, b.admin]) {
      const { data, error } = await staff.client.from('medications').delete().eq('id', id).select('id');
      if (!error) expect(data, staff.id).toEqual([]);
    }
    expect(await stored(id)).toBeDefined();
    expect((await a.admin.client.from('medications').delete().eq('id', id).select('id')).data).toEqual([{ id }]);
  });

  it('dispensing a prescription a technician entered and processed still takes its stock at verification', async () => {
    const medication = await insertRow(a.pharmacist.client, 'medications', drug('dispensed', { stock: 100 }));
    const patient = (await addPatient(a.technician.client, 'Catalog Fill')).id;
    const rx = await enterPrescription(a.technician.client, { patientId: patient, medicationId: medication }, { quantity: 30 });
    expect((await movePrescription(a.technician.client, rx.id, 'processing')).error).toBeNull();
    expect((await movePrescription(a.pharmacist.client, rx.id, 'ready')).error).toBeNull();
    expect(await stored(medication)).toMatchObject({ stock: 70 });
    expect((await movePrescription(a.technician.client, rx.id, 'completed')).error).toBeNull();
  });

  it('a product marked inactive takes no new prescription from staff; the active one does; a prescription already entered stays', async () => {
    const medication = await insertRow(a.pharmacist.client, 'medications', drug('retired', { stock: 100 }));
    const patient = (await addPatient(a.technician.client, 'Catalog Retired')).id;
    const before = await enterPrescription(a.technician.client, { patientId: patient, medicationId: medication });
    expect((await a.pharmacist.client.from('medications').update({ active: false }).eq('id', medication).select('id')).data).toEqual([{ id: medication }]);

    const refused = await a.technician.client.from('prescriptions').insert({
      patient_id: patient, medication_id: medication, prescription_type: 'written', source: 'manual_entry',
      directions: 'Take 1 tablet daily', quantity: 30, refills: 0, days_supply: 30,
    }).select('id');
    expect(refused.error?.message).toBe('Catalog retired 10 mg is no longer stocked (inactive): choose an active product');
    expect((await sql(`select count(*)::int as n from public.prescriptions where patient_id = $1`, [patient]))[0]).toEqual({ n: 1 });
    expect((await movePrescription(a.technician.client, before.id, 'processing')).error).toBeNull();

    expect((await a.pharmacist.client.from('medications').update({ active: true }).eq('id', medication).select('id')).data).toEqual([{ id: medication }]);
    await enterPrescription(a.technician.client, { patientId: patient, medicationId: medication });
  });
});

describe('sync_medications', () => {
  const record = (ndcNumber: string, name: string) => ({
    ndcNumber, name, genericName: name.toLowerCase(), strength: '5 mg/1', dosageForm: 'TABLET', manufacturer: 'Labeler',
    packageSize: 30, packageUnit: 'EA', packageDescription: '30 TABLET in 1 BOTTLE', deaSchedule: null, source: 'openfda',
  });

  it('refuses a technician with a sentence, writing nothing', async () => {
    const { error } = await a.technician.client.rpc('sync_medications', { records: [record('11111-2222-33', 'Techsync')] });
    expect(error?.message).toBe('Only a pharmacist or admin can sync medications into the catalogue');
    expect(await sql(`select id from public.medications where ndc11 = '11111222233'`)).toEqual([]);
  });

  it('writes all records or none: one bad record leaves the catalogue as it was', async () => {
    const { error } = await a.pharmacist.client.rpc('sync_medications', { records: [record('11111-2222-44', 'Good'), record('1-2-3', 'Bad')] });
    expect(error?.message).toBe('NDC 1-2-3 is not in an NDC format');
    expect(await sql(`select id from public.medications where ndc11 = '11111222244'`)).toEqual([]);
    const written = await a.pharmacist.client.rpc('sync_medications', { records: [record('11111-2222-44', 'Good')] });
    expect(written).toMatchObject({ error: null, data: 1 });
    expect((await sql(`select pharmacy_id, source, synced_at is not null as synced from public.medications where ndc11 = '11111222244'`))[0])
      .toEqual({ pharmacy_id: a.id, source: 'openfda', synced: true });
  });
});

describe('search_medications', () => {
  let c: TestPharmacy;
  const ids: Record<string, string> = {};

  type Row = { id: string; name: string; total_count: number; is_low_stock: boolean; ndc11: string | null };
  async function search(staff: SignedInStaff, args: Record<string, unknown>): Promise<Row[]> {
    const { data, error } = await staff.client.rpc('search_medications', args);
    if (error) throw new Error(error.message);
    return data as Row[];
  }
  const names = async (args: Record<string, unknown>, staff: SignedInStaff = c.technician) => (await search(staff, args)).map((row) => row.name);

  beforeAll(async () => {
    c = await createPharmacy('Catalog Search Pharmacy');
    const add = async (key: string, row: Record<string, unknown>) => (ids[key] = await insertRow(c.pharmacist.client, 'medications', { price: 5, stock: 100, ...row }));
    await add('lipitor10', { name: 'Lipitor', generic_name: 'atorvastatin calcium', strength: '10 mg', ndc_number: '0071-0155-23' });
    await add('lipitor40', { name: 'Lipitor', generic_name: 'atorvastatin calcium', strength: '40 mg', ndc_number: '0071-0155-40' });
    await add('atorva', { name: 'Atorvastatin Calcium', generic_name: 'atorvastatin calcium', strength: '20 mg', ndc_number: '60505-2671-9' });
    await add('oxy', { name: 'OxyContin', generic_name: 'oxycodone hydrochloride', strength: '10 mg', ndc_number: '59011-410-10', dea_schedule: 'II' });
    await add('amox', { name: 'Amoxicillin', generic_name: 'amoxicillin', strength: '500 mg', stock: 3, low_stock_threshold: 10 });
    await add('old', { name: 'Zantac', generic_name: 'ranitidine', strength: '150 mg', active: false });
    await add('percent', { name: '100% Pure Saline', generic_name: 'sodium chloride' });
  }, 60_000);

  it('finds by brand or generic name, every word, case-insensitive, in name and strength order', async () => {
    expect(await names({ search: 'lipitor' })).toEqual(['Lipitor', 'Lipitor']);
    expect((await search(c.technician, { search: 'LIPITOR' })).map((row) => row.id)).toEqual([ids.lipitor10, ids.lipitor40]);
    expect(await names({ search: 'atorva' })).toEqual(['Atorvastatin Calcium', 'Lipitor', 'Lipitor']);
    expect(await names({ search: 'oxycodone' })).toEqual(['OxyContin']);
    expect(await names({ search: 'calcium lipi' })).toEqual(['Lipitor', 'Lipitor']);
    // The strength is searched too.
    expect((await search(c.technician, { search: 'lipitor 10' })).map((row) => row.id)).toEqual([ids.lipitor10]);
    expect((await search(c.technician, { search: 'Atorvastatin 20 MG' })).map((row) => row.id)).toEqual([ids.atorva]);
    expect(await names({ search: 'lipitor 20' })).toEqual([]);
    expect(await names({ search: 'nothing like it' })).toEqual([]);
    // LIKE's wildcards are taken literally.
    expect(await names({ search: '100%' })).toEqual(['100% Pure Saline']);
    expect(await names({ search: '%' })).toEqual(['100% Pure Saline']);
  });

  it('finds by NDC in every format, 11 digits, ten digits, a product code or the first digits', async () => {
    for (const code of ['0071-0155-23', '00071-0155-23', '00071015523']) expect((await search(c.technician, { search: code })).map((row) => row.id), code).toEqual([ids.lipitor10]);
    for (const code of ['59011-410-10', '59011-0410-10', '59011041010']) expect((await search(c.technician, { search: code })).map((row) => row.id), code).toEqual([ids.oxy]);
    for (const code of ['60505-2671-9', '60505-2671-09', '60505267109', '6050526719']) expect((await search(c.technician, { search: code })).map((row) => row.id), code).toEqual([ids.atorva]);
    expect((await search(c.technician, { search: '0071-0155' })).map((row) => row.id)).toEqual([ids.lipitor10, ids.lipitor40]);
    expect((await search(c.technician, { search: '00071' })).map((row) => row.id)).toEqual([ids.lipitor10, ids.lipitor40]);
    expect((await search(c.technician, { search: '5901' })).map((row) => row.id)).toEqual([ids.oxy]);
    expect((await search(c.technician, { search: '60505-26' })).map((row) => row.id)).toEqual([ids.atorva]);
    expect(await search(c.technician, { search: '12345-6789-01' })).toEqual([]);
  });

  it('keeps finding an 11-digit NDC while it is typed, with or without hyphens', async () => {
    const typing = async (code: string) => (await search(c.technician, { search: code })).map((row) => row.id);
    for (let length = 5; length <= 11; length++) expect(await typing('00071015523'.slice(0, length)), `${length} digits`).toContain(ids.lipitor10);
    expect(await typing('0007101552')).toEqual([ids.lipitor10]);
    expect(await typing('6050526710')).toEqual([ids.atorva]);
    for (const code of ['00071-0155-2', '00071-0155-23']) expect(await typing(code), code).toEqual([ids.lipitor10]);
    for (const code of ['60505-2671-0', '60505-2671-09']) expect(await typing(code), code).toEqual([ids.atorva]);
    // 5-4-1 is still a whole code: 60505-2671-9 is 60505-2671-09.
    expect(await typing('60505-2671-9')).toEqual([ids.atorva]);
  });

  it('low stock only, inactive products only when asked, and the exact total on every page', async () => {
    expect(await names({ low_stock_only: true })).toEqual(['Amoxicillin']);
    expect((await search(c.technician, { low_stock_only: true }))[0]!.is_low_stock).toBe(true);
    expect(await names({ search: 'zantac' })).toEqual([]);
    expect(await names({ search: 'zantac', include_inactive: true })).toEqual(['Zantac']);
    const all = await search(c.technician, {});
    expect(all.map((row) => row.name)).toEqual(['100% Pure Saline', 'Amoxicillin', 'Atorvastatin Calcium', 'Lipitor', 'Lipitor', 'OxyContin']);
    expect(new Set(all.map((row) => row.total_count))).toEqual(new Set([6]));
    expect((await search(c.technician, { include_inactive: true }))[0]!.total_count).toBe(7);
    const page = await search(c.technician, { page_size: 2, page_offset: 2 });
    expect(page.map((row) => [row.name, row.total_count])).toEqual([['Atorvastatin Calcium', 6], ['Lipitor', 6]]);
    expect(await search(c.technician, { page_size: 2, page_offset: 10 })).toEqual([]);
  });

  it('returns the columns the Drug Database screen reads', async () => {
    const [row] = await search(c.pharmacist, { search: 'oxycontin' });
    expect(Object.keys(row!).sort()).toEqual([
      'active', 'awp_price', 'dea_schedule', 'dosage_form', 'generic_name', 'id', 'is_low_stock', 'low_stock_threshold',
      'manufacturer', 'nadac_effective_date', 'nadac_per_unit', 'name', 'ndc11', 'ndc_number', 'package_description',
      'package_size', 'package_unit', 'price', 'prices_updated_at', 'source', 'stock', 'strength', 'synced_at',
      'total_count', 'wac_price',
    ]);
    expect(row).toMatchObject({ ndc_number: '59011-410-10', ndc11: '59011041010', dea_schedule: 'II', total_count: 1 });
  });

  it('shows another pharmacy nothing, refuses anon and bad pages', async () => {
    expect(await search(a.admin, { search: 'lipitor' })).toEqual([]);
    expect((await createTestClient().rpc('search_medications', { search: 'lipitor' })).error?.message).toMatch(/permission denied/);
    expect((await c.technician.client.rpc('search_medications', { page_size: 0 })).error?.message).toBe('A page holds 1 to 100 medications');
    expect((await c.technician.client.rpc('search_medications', { page_offset: -1 })).error?.message).toBe('A page starts at medication 0 or later');
    expect((await c.technician.client.rpc('search_medications', { search: 'x'.repeat(101) })).error?.message).toBe('A search is at most 100 characters');
  });
});

describe('private.ndc11_of is shared/src/drugs/ndc.ts parseNdc', () => {
  it('gives the same 11 digits (or none) for codes in every format and malformed ones', async () => {
    const digits = (seed: number, length: number) => Array.from({ length }, (_, i) => String((seed * 7 + i * 13 + (seed >> i)) % 10)).join('');
    const codes: string[] = [];
    for (let seed = 0; seed < 200; seed++) {
      const d = digits(seed, 11);
      codes.push(
        `${d.slice(0, 4)}-${d.slice(4, 8)}-${d.slice(8, 10)}`, // 4-4-2
        `${d.slice(0, 5)}-${d.slice(5, 8)}-${d.slice(8, 10)}`, // 5-3-2
        `${d.slice(0, 5)}-${d.slice(5, 9)}-${d.slice(9, 10)}`, // 5-4-1
        `${d.slice(0, 5)}-${d.slice(5, 9)}-${d.slice(9, 11)}`, // 5-4-2
        d, // 11 digits
        d.slice(0, 10), // 10 bare digits: ambiguous
        `${d}${seed % 10}`, // 12 digits
        `${d.slice(0, 3)}-${d.slice(3, 7)}-${d.slice(7, 9)}`, // 3-4-2
        `${d.slice(0, 5)}-${d.slice(5, 9)}`, // a product code, no package
        `${d.slice(0, 4)}-${d.slice(4, 8)}-${d.slice(8, 10)}-1`, // four parts
        ` ${d.slice(0, 5)}-${d.slice(5, 8)}-${d.slice(8, 10)} `, // spaces around
      );
    }
    codes.push('', '-', '--', '0002-3227-3O', 'ndc 0002-3227-30', '0002 3227 30', '00023227-30', '0002--3227-30');
    const rows = await sql<{ code: string; ndc11: string | null }>(
      `select code, private.ndc11_of(btrim(code)) as ndc11 from unnest($1::text[]) as code`, [codes]);
    const expected = codes.map((code) => {
      const parsed = parseNdc(code);
      return { code, ndc11: parsed.ok ? parsed.ndc.ndc11 : null };
    });
    expect(rows).toEqual(expected);
    expect(expected.filter((row) => row.ndc11 !== null).length).toBe(200 * 6);
  });
});

describe('search_medications at 50,000 products: each kind of search uses its index', () => {
  async function planOf(search: string, lowStockOnly = false): Promise<string> {
    return (await nestedPlansOf(a.technician.id, 'select count(*) from public.search_medications($1, $2)', [search, lowStockOnly])).join('\n');
  }

  beforeAll(async () => {
    // 50,000 products (set-based, as a catalogue load is) and fresh statistics: enough that a sequential scan loses.
    // Pharmacy B holds the same 50,000 (same names and codes), so the indexes shared by every pharmacy hold both.
    await sql(`begin; set local session_replication_role = replica;
      insert into public.medications (pharmacy_id, name, generic_name, strength, ndc_number, stock, low_stock_threshold)
        select pharmacy, 'Brand' || i, 'generic' || (i % 5000), (5 * (1 + i % 40)) || ' mg',
               lpad((10000 + i / 100)::text, 5, '0') || '-' || lpad((i % 100)::text, 4, '0') || '-' || lpad((i % 7)::text, 2, '0'),
               case when i % 500 = 0 then 1 else 100 end, 10
        from unnest(array['${a.id}', '${b.id}']::uuid[]) pharmacy, generate_series(1, 50000) i;
      commit;`);
    await sql('vacuum analyze public.medications');
  }, 180_000);

  it('a name uses the search key\'s trigram index, an NDC its 11-digit key, a prefix the pattern index, low stock its index', async () => {
    // Product 49,999: 'Brand49999', NDC 10499-0099-05.
    const byName = await planOf('brand49999');
    // Pharmacy B's identical names are not read: the trigram index leads with the pharmacy.
    expect(byName).toMatch(/Bitmap Index Scan on medications_pharmacy_id_search_key_trgm_idx[^\n]*\n\s*Index Cond: \(\(pharmacy_id = /);
    expect(byName).not.toMatch(/Seq Scan on medications/);
    // The unique key on (pharmacy_id, ndc11) answers an equality and a prefix alike: a whole code in its
    // labeler format, 11 digits or ten bare digits, and a product code.
    for (const code of ['10499-0099-05', '10499009905', '1049909905', '10499-0099']) {
      const byNdc = await planOf(code);
      expect(byNdc, code).toContain('medications_pharmacy_id_ndc11_key');
      expect(byNdc, code).not.toMatch(/Seq Scan on medications/);
    }
    // The start of a code as written (hyphens): its own pattern index.
    const asWritten = await planOf('10499-00');
    expect(asWritten).toContain('medications_pharmacy_id_ndc_number_pattern_idx');
    expect(asWritten).not.toMatch(/Seq Scan on medications/);
    const byPrefix = await planOf('104990');
    expect(byPrefix).toContain('medications_pharmacy_id_ndc11_key');
    expect(byPrefix).not.toMatch(/Seq Scan on medications/);
    const lowStock = await planOf('', true);
    expect(lowStock).toContain('medications_pharmacy_id_low_stock_idx');
    expect(lowStock).not.toMatch(/Seq Scan on medications/);
    // The whole list: the page read from the order's index, no sort (counting all of one pharmacy's products may
    // read the table when it is nearly all of it, as here).
    const list = await planOf('');
    expect(list).toMatch(/Limit[^\n]*\n\s*->\s+Index (Only )?Scan using medications_pharmacy_id_name_strength_id_idx/);
    // Still right at this size.
    expect((await a.technician.client.rpc('search_medications', { search: 'brand49999' })).data).toEqual([expect.objectContaining({ name: 'Brand49999', total_count: 1 })]);
    expect((await a.technician.client.rpc('search_medications', { search: '10499-0099-05' })).data).toEqual([expect.objectContaining({ name: 'Brand49999' })]);
    expect((await a.technician.client.rpc('search_medications', { search: '104990', page_size: 1 })).data).toEqual([expect.objectContaining({ total_count: 100 })]);
    expect((await a.technician.client.rpc('search_medications', { search: '1049909905' })).data).toEqual([expect.objectContaining({ name: 'Brand49999', total_count: 1 })]);
  });
});

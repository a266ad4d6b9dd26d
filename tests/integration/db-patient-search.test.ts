/**
 * Patient search (migration 20261123000300_patient_search): the one rule of "Search patients by name, phone, or
 * DOB", in the database (private.patient_search_condition through public.search_patients):
 *   * name: every word contained in the first or last name, case-insensitive, LIKE wildcards literal;
 *   * phone: the digits, whatever the formatting typed or stored (ten digits: the whole number);
 *   * date of birth: YYYY-MM-DD or MM/DD/YYYY (one-digit month/day), a four-digit year; an impossible date finds nobody;
 *   * one page in name order with the exact total_count on every row; blank = every patient; bad paging refused;
 *   * RLS: another pharmacy's patients never appear; anon is refused;
 *   * the plan: at 30,000 patients, each kind of search uses its index, no Seq Scan on patients.
 */
import { nestedPlansOf } from '../support/nested-plans.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_MAX_LENGTH } from '../../shared/src/common/search.ts';
import { closeSql, createTestClient, sql } from '../support/stack-env.ts';
import { insertRow } from './db-clinical-support.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';

let a: TestPharmacy;
let b: TestPharmacy;
const ids: Record<string, string> = {};

type Client = TestPharmacy['technician']['client'];
interface SearchRow { id: string; last_name: string; total_count: number }

async function searchPage(client: Client, search: string, pageSize = 25, pageOffset = 0): Promise<SearchRow[]> {
  const { data, error } = await client.rpc('search_patients', { search, page_size: pageSize, page_offset: pageOffset });
  if (error) throw new Error(error.message);
  return data as SearchRow[];
}

/** Which of the named test patients a search finds, in the order it returns them. */
async function found(search: string, client: Client = a.technician.client): Promise<string[]> {
  const byId = Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, name]));
  return (await searchPage(client, search, 100)).map((row) => byId[row.id] ?? `other:${row.last_name}`);
}

beforeAll(async () => {
  [a, b] = [await createPharmacy('Search Pharmacy A'), await createPharmacy('Search Pharmacy B')];
  const tech = a.technician.client;
  ids.holloway = await insertRow(tech, 'patients', { first_name: 'Margaret', last_name: 'Holloway', phone: '(217) 555-0301', date_of_birth: '1948-03-14' });
  ids.hollis = await insertRow(tech, 'patients', { first_name: 'Tom', last_name: 'Hollis', phone: '(217) 555-0399', date_of_birth: '1948-11-02' });
  ids.obrien = await insertRow(tech, 'patients', { first_name: 'Sean', last_name: "O'Brien", phone: '(312) 555-7788', date_of_birth: '1990-07-04' });
  ids.percent = await insertRow(tech, 'patients', { first_name: 'Ann', last_name: 'Pe_rcent', phone: null, date_of_birth: null });
  // Another pharmacy's patient who matches every search above.
  await insertRow(b.technician.client, 'patients', { first_name: 'Margaret', last_name: 'Holloway', phone: '(217) 555-0301', date_of_birth: '1948-03-14' });
}, 120_000);

afterAll(closeSql);

describe('search_patients: the search rule', () => {
  it('names: every word contained in the first or last name, any case, in name order', async () => {
    expect(await found('holl')).toEqual(['hollis', 'holloway']);
    expect(await found('  HOLL  ')).toEqual(['hollis', 'holloway']);
    expect(await found('margaret holl')).toEqual(['holloway']);
    expect(await found('garet way')).toEqual(['holloway']);
    expect(await found('margaret hollis')).toEqual([]);
    expect(await found("o'brien")).toEqual(['obrien']);
  });

  it('takes LIKE wildcards literally', async () => {
    expect(await found('%')).toEqual([]);
    expect(await found('e_r')).toEqual(['percent']);
    expect(await found('e_')).toEqual(['percent']);
  });

  it('phones: the digits, whatever the formatting typed; ten digits are the whole number', async () => {
    expect(await found('2175550301')).toEqual(['holloway']);
    expect(await found('(217) 555-0301')).toEqual(['holloway']);
    expect(await found('217-555-0399')).toEqual(['hollis']);
    expect(await found('217.555.0399')).toEqual(['hollis']);
    expect(await found('217 555')).toEqual(['hollis', 'holloway']);
    expect(await found('555-77')).toEqual(['obrien']);
    expect(await found('2175550300')).toEqual([]);
  });

  it('dates of birth: YYYY-MM-DD, MM/DD/YYYY and a birth year; an impossible date finds nobody', async () => {
    expect(await found('1948-03-14')).toEqual(['holloway']);
    expect(await found('1948-3-14')).toEqual(['holloway']);
    expect(await found('03/14/1948')).toEqual(['holloway']);
    expect(await found('3/14/1948')).toEqual(['holloway']);
    expect(await found('1948')).toEqual(['hollis', 'holloway']);
    expect(await found('07/04/1990')).toEqual(['obrien']);
    expect(await found('02/30/1948')).toEqual([]);
    expect(await found('1948-13-01')).toEqual([]);
  });

  it('a date is never read as a phone number, even an impossible one', async () => {
    const tech = a.technician.client;
    const phoneLikeADate = await insertRow(tech, 'patients', { first_name: 'Dana', last_name: 'Digits', phone: '(194) 813-0122', date_of_birth: null });
    try {
      expect(await found('1948-13-01')).toEqual([]);
      expect(await found('194-813-01')).toEqual(['other:Digits']);
    } finally {
      await sql('delete from public.patients where id = $1', [phoneLikeADate]);
    }
  });

  it('refuses a search longer than SEARCH_MAX_LENGTH (100) characters, in the patient list and in the queue', async () => {
    const tech = a.technician.client;
    const long = ('holl '.repeat(SEARCH_MAX_LENGTH / 5) + 'x').slice(0, SEARCH_MAX_LENGTH + 1);
    expect((await tech.rpc('search_patients', { search: long })).error?.message).toBe('A search is at most 100 characters');
    expect((await tech.rpc('queue_page', { queue_status: 'completed', search: long })).error?.message).toBe('A search is at most 100 characters');
    expect(await found(long.slice(0, SEARCH_MAX_LENGTH).trim())).toEqual(['hollis', 'holloway']);
  });

  it('pages in name order with the exact total on every row; blank lists everyone; bad paging is refused', async () => {
    const tech = a.technician.client;
    const first = await searchPage(tech, 'holl', 1, 0);
    const second = await searchPage(tech, 'holl', 1, 1);
    expect(first.map((row) => row.id)).toEqual([ids.hollis]);
    expect(second.map((row) => row.id)).toEqual([ids.holloway]);
    expect([...first, ...second].map((row) => row.total_count)).toEqual([2, 2]);
    expect(await searchPage(tech, 'holl', 25, 2)).toEqual([]);
    // Blank: every patient of the pharmacy (createPharmacy adds none), with the total.
    const [{ n }] = (await sql<{ n: string }>(`select count(*) as n from public.patients where pharmacy_id = $1`, [a.id])) as [{ n: string }];
    const everyone = await searchPage(tech, '', 100);
    expect(everyone.length).toBe(Number(n));
    expect(everyone.every((row) => row.total_count === Number(n))).toBe(true);
    expect((await searchPage(tech, '   ', 100)).length).toBe(Number(n));
    for (const [size, offset] of [[0, 0], [101, 0]]) {
      expect((await tech.rpc('search_patients', { search: 'holl', page_size: size, page_offset: offset })).error?.message).toBe('A page holds 1 to 100 patients');
    }
    expect((await tech.rpc('search_patients', { search: 'holl', page_offset: -1 })).error?.message).toBe('A page starts at patient 0 or later');
  });

  it('pages Z–A when name_descending, with a search and without one', async () => {
    const tech = a.technician.client;
    const descending = async (search: string, pageOffset: number) => {
      const { data, error } = await tech.rpc('search_patients', { search, page_size: 1, page_offset: pageOffset, name_descending: true });
      if (error) throw new Error(error.message);
      return (data as SearchRow[]).map((row) => row.id);
    };
    expect([...(await descending('holl', 0)), ...(await descending('holl', 1))]).toEqual([ids.holloway, ids.hollis]);
    const everyoneAscending = (await searchPage(tech, '', 100)).map((row) => row.id);
    const { data } = await tech.rpc('search_patients', { search: '', page_size: 100, name_descending: true });
    expect((data as SearchRow[]).map((row) => row.id)).toEqual([...everyoneAscending].reverse());
  });
});

describe('search_patients: who sees what', () => {
  it('never shows another pharmacy\'s patients, to any search', async () => {
    for (const search of ['holloway', '2175550301', '03/14/1948', '1948', '']) {
      const rows = await searchPage(b.technician.client, search, 100);
      expect(rows.length).toBe(1);
      expect(Object.values(ids)).not.toContain(rows[0]!.id);
    }
    expect(await found('margaret holloway')).toEqual(['holloway']);
  });

  it('refuses anon', async () => {
    expect((await createTestClient().rpc('search_patients', { search: 'holl' })).error?.message).toMatch(/permission denied/);
  });
});

describe('search_patients: its rows are the patients rows', () => {
  it('returns every column of patients but pharmacy_id, with the same types, plus total_count', async () => {
    // RETURNS TABLE repeats the table's columns: a column added to patients must be added to search_patients too.
    const columns = await sql<{ name: string; type: string }>(
      `select a.attname as name, format_type(a.atttypid, null) as type from pg_attribute a
        where a.attrelid = 'public.patients'::regclass and a.attnum > 0 and not a.attisdropped and a.attname <> 'pharmacy_id'`);
    const returned = await sql<{ name: string; type: string }>(
      `select r.name, format_type(r.type, null) as type
         from pg_proc p, unnest(p.proargnames, p.proallargtypes, p.proargmodes) as r (name, type, mode)
        where p.oid = 'public.search_patients(text, integer, integer, boolean)'::regprocedure and r.mode = 't'`);
    const byName = (rows: { name: string; type: string }[]) => [...rows].sort((x, y) => x.name.localeCompare(y.name));
    expect(byName(returned)).toEqual(byName([...columns, { name: 'total_count', type: 'bigint' }]));
  });
});

describe('search_patients: each kind of search uses its index', () => {
  /** The plans of the statements search_patients runs for a search, as the technician, at 30,000 patients. */
  async function planOf(search: string): Promise<string> {
    return (await nestedPlansOf(a.technician.id, 'select count(*) from public.search_patients($1, 25, 0)', [search])).join('\n');
  }

  beforeAll(async () => {
    // 30,000 patients (set-based, as history is loaded) and fresh statistics: enough that a sequential scan loses.
    await sql(`begin; set local session_replication_role = replica;
      insert into public.patients (pharmacy_id, first_name, last_name, phone, date_of_birth)
        select '${a.id}', 'First' || i, 'Last' || i, '(' || (200 + i % 800) || ') ' || lpad((i / 800 % 1000)::text, 3, '0') || '-' || lpad((i % 10000)::text, 4, '0'),
               date '1930-01-01' + (i * 37 % 27000)
        from generate_series(1, 30000) i;
      commit;`);
    // Statistics and the trigram indexes' pending lists merged, as autovacuum leaves them after a load.
    await sql('vacuum analyze public.patients');
  }, 120_000);

  it('a name uses the name key\'s trigram index, ten phone digits the digits index, a date the birth-date index', async () => {
    const byName = await planOf('holloway');
    // The trigram indexes lead with the pharmacy: the lookup itself reads the caller's pharmacy's matches only.
    expect(byName).toMatch(/Bitmap Index Scan on patients_pharmacy_id_name_key_trgm_idx[^\n]*\n\s*Index Cond: \(\(pharmacy_id = /);
    expect(byName).not.toMatch(/Seq Scan on patients/);
    const byPhone = await planOf('(217) 555-0301');
    expect(byPhone).toContain('patients_pharmacy_id_phone_digits_idx');
    expect(byPhone).not.toMatch(/Seq Scan on patients/);
    const byPartOfPhone = await planOf('555-0301');
    expect(byPartOfPhone).toMatch(/Bitmap Index Scan on patients_pharmacy_id_phone_digits_trgm_idx[^\n]*\n\s*Index Cond: \(\(pharmacy_id = /);
    expect(byPartOfPhone).not.toMatch(/Seq Scan on patients/);
    const byBirth = await planOf('03/14/1948');
    expect(byBirth).toContain('patients_pharmacy_id_date_of_birth_idx');
    expect(byBirth).not.toMatch(/Seq Scan on patients/);
    // Still right at this size.
    expect(await found('margaret holloway')).toEqual(['holloway']);
    expect((await searchPage(a.technician.client, 'first123', 1))[0]!.total_count).toBe(111);
  });
});

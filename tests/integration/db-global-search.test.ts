/**
 * The header's global search (issue 28, migration 20261201001000_global_search): public.global_search answers the
 * caller's pharmacy's patients (name, phone, date of birth in common US forms), medications (brand, generic, NDC in
 * any format, strength as typed), prescriptions by Rx number (with refills and whether Refill is offered) and
 * prescribers (name, NPI), grouped, best first; private.global_search_terms reads every typed string of the shared
 * case table as the TypeScript rule does; another pharmacy's rows never appear; a technician gets what RLS gives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_MAX_LENGTH } from '../../shared/src/common/search.ts';
import { globalSearchResultsSchema, type GlobalSearchResults } from '../../shared/src/search/global-search.ts';
import { GLOBAL_SEARCH_CASES, GLOBAL_SEARCH_CASES_TODAY } from '../support/global-search-cases.ts';
import { closeSql, createTestClient, sql } from '../support/stack-env.ts';
import { enterPrescription, insertRow } from './db-clinical-support.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';

let a: TestPharmacy;
let b: TestPharmacy;
const ids: Record<string, string> = {};
const rx: Record<string, number> = {};

type Client = TestPharmacy['technician']['client'];

async function search(query: string, client: Client = a.technician.client, perKind?: number): Promise<GlobalSearchResults> {
  const { data, error } = await client.rpc('global_search', { query, ...(perKind === undefined ? {} : { per_kind: perKind }) });
  if (error) throw new Error(error.message);
  return globalSearchResultsSchema.parse(data);
}

/** The named test rows a search finds, per kind, in its order (another pharmacy's or unnamed rows as `other`). */
async function found(query: string, client: Client = a.technician.client): Promise<Record<string, string[]>> {
  const byId = Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, name]));
  const results = await search(query, client, 10);
  const name = (id: string) => byId[id] ?? 'other';
  return {
    patients: results.patients.map((row) => name(row.id)),
    medications: results.medications.map((row) => name(row.id)),
    prescriptions: results.prescriptions.map((row) => name(row.orderId)),
    prescribers: results.prescribers.map((row) => name(row.id)),
  };
}

const none = { patients: [], medications: [], prescriptions: [], prescribers: [] };

async function addPharmacyRows(pharmacy: TestPharmacy, prefix: string): Promise<void> {
  const tech = pharmacy.technician.client;
  const pharmacist = pharmacy.pharmacist.client;
  ids[`${prefix}holloway`] = await insertRow(tech, 'patients', { first_name: 'Margaret', last_name: 'Holloway', phone: '(217) 555-0301', date_of_birth: '1948-03-14' });
  ids[`${prefix}hollis`] = await insertRow(tech, 'patients', { first_name: 'Tom', last_name: 'Hollis', phone: '(217) 555-0399', date_of_birth: '1948-11-02' });
  // Sorts first by name, contains 'holl' only inside: ranks after the names starting with it.
  ids[`${prefix}aholl`] = await insertRow(tech, 'patients', { first_name: 'Ann', last_name: 'Aholl', phone: null, date_of_birth: '2005-01-02' });
  ids[`${prefix}lipitor`] = await insertRow(pharmacist, 'medications', { name: 'Lipitor', generic_name: 'atorvastatin calcium', strength: '10 mg', dosage_form: 'tablet', ndc_number: '0071-0155-23', price: 12.5, stock: 1000 });
  ids[`${prefix}amoxil`] = await insertRow(pharmacist, 'medications', { name: 'Amoxil', generic_name: 'amoxicillin', strength: '250 mg/5 mL', dosage_form: 'suspension', ndc_number: '43598-0210-52', price: 8, stock: 1000 });
  ids[`${prefix}retired`] = await insertRow(pharmacist, 'medications', { name: 'Lipitor Old', generic_name: 'atorvastatin calcium', strength: '10 mg', dosage_form: 'tablet', price: 1, stock: 0, active: false });
  ids[`${prefix}doctor`] = await insertRow(tech, 'prescribers', { first_name: 'Dora', last_name: 'Doctor', npi_number: '1234567893' });
  ids[`${prefix}hollander`] = await insertRow(tech, 'prescribers', { first_name: 'Hal', last_name: 'Hollander', npi_number: '1245319599' });
  const fill = await enterPrescription(tech, { patientId: ids[`${prefix}holloway`]!, medicationId: ids[`${prefix}lipitor`]! }, { refills: 2 });
  ids[`${prefix}order`] = fill.order_id;
  rx[prefix] = Number(fill.rx_number);
  const noRefills = await enterPrescription(tech, { patientId: ids[`${prefix}hollis`]!, medicationId: ids[`${prefix}amoxil`]! }, { refills: 0 });
  ids[`${prefix}noRefills`] = noRefills.order_id;
  rx[`${prefix}noRefills`] = Number(noRefills.rx_number);
}

beforeAll(async () => {
  [a, b] = [await createPharmacy('Global Search A'), await createPharmacy('Global Search B')];
  await addPharmacyRows(a, '');
  // Another pharmacy with the same people, products and prescribers: none of them may ever appear for A.
  await addPharmacyRows(b, 'b:');
}, 120_000);

afterAll(closeSql);

describe('private.global_search_terms: the same reading as shared/src/search/global-search-terms.ts', () => {
  it.each(GLOBAL_SEARCH_CASES)('$why: "$typed"', async ({ typed, terms }) => {
    const [row] = await sql<{ terms: unknown }>('select private.global_search_terms($1, $2::date) as terms', [typed, GLOBAL_SEARCH_CASES_TODAY]);
    expect(row?.terms).toEqual(terms);
  });
});

describe('public.global_search: each kind', () => {
  it('patients by name, best first (a name starting with the word before one containing it)', async () => {
    expect((await found('holl')).patients).toEqual(['hollis', 'holloway', 'aholl']);
    expect((await found('  MARGARET   holl ')).patients).toEqual(['holloway']);
  });

  it('patients by phone, formatted or not', async () => {
    expect((await found('(217) 555-0301')).patients).toEqual(['holloway']);
    expect((await found('2175550399')).patients).toEqual(['hollis']);
    expect((await found('217 555')).patients).toEqual(['hollis', 'holloway']);
  });

  it('patients by date of birth as typed in US forms, and nothing else for a date', async () => {
    for (const typed of ['03/14/1948', '3/14/1948', '03-14-1948', '03.14.1948', '1948-03-14', '03/14/48']) {
      expect(await found(typed)).toEqual({ ...none, patients: ['holloway'] });
    }
    expect((await found('01/02/05')).patients).toEqual(['aholl']);
    expect((await found('1948')).patients).toEqual(['hollis', 'holloway']);
    expect((await found('02/30/1948')).patients).toEqual([]);
  });

  it('medications by brand, generic, NDC in any format and strength as typed; active products only', async () => {
    expect((await found('lipitor')).medications).toEqual(['lipitor']);
    expect((await found('atorva')).medications).toEqual(['lipitor']);
    expect((await found('0071-0155-23')).medications).toEqual(['lipitor']);
    expect((await found('00071015523')).medications).toEqual(['lipitor']);
    expect((await found('00071-0155-23')).medications).toEqual(['lipitor']);
    expect((await found('43598-210-52')).medications).toEqual(['amoxil']);
    expect((await found('lipitor 10mg')).medications).toEqual(['lipitor']);
    expect((await found('amoxicillin 250mg/5ml')).medications).toEqual(['amoxil']);
    expect((await found('lipitor 20mg')).medications).toEqual([]);
  });

  it('a prescription by its Rx number, with patient, drug, refills remaining and whether Refill is offered', async () => {
    const results = await search(String(rx['']));
    expect(results.prescriptions).toEqual([
      {
        orderId: ids.order, rxNumber: rx[''], status: 'active', patientId: ids.holloway, patientName: 'Margaret Holloway',
        medication: 'Lipitor 10 mg', refills: 2, refillsUsed: 0, refillsRemaining: 2, refillable: true,
      },
    ]);
    expect((await search(`RX${rx.noRefills}`)).prescriptions).toMatchObject([{ orderId: ids.noRefills, refillsRemaining: 0, refillable: false }]);
  });

  it('an Rx number with its RX or # prefix searches prescriptions only; an unknown one finds nothing', async () => {
    expect(await found(`rx ${rx['']}`)).toEqual({ ...none, prescriptions: ['order'] });
    expect(await found(`#${rx['']}`)).toEqual({ ...none, prescriptions: ['order'] });
    expect(await found('RX999999999')).toEqual(none);
  });

  it('prescribers by name (a last name starting with the word first) and by NPI', async () => {
    expect((await found('dora')).prescribers).toEqual(['doctor']);
    expect((await found('doc')).prescribers).toEqual(['doctor']);
    expect((await found('1234567893')).prescribers).toEqual(['doctor']);
    expect((await found('1245319599')).prescribers).toEqual(['hollander']);
    expect((await found('hol')).prescribers).toEqual(['hollander']);
  });

  it('answers at most per_kind of each kind; refuses per_kind outside 1..10 and a search over 100 characters; under 2 characters finds nothing', async () => {
    expect((await search('holl', a.technician.client, 2)).patients).toHaveLength(2);
    expect((await search('holl')).patients).toHaveLength(3);
    for (const perKind of [0, 11]) {
      expect((await a.technician.client.rpc('global_search', { query: 'holl', per_kind: perKind })).error?.message).toBe('A search answers 1 to 10 results of each kind');
    }
    expect((await a.technician.client.rpc('global_search', { query: 'h'.repeat(SEARCH_MAX_LENGTH + 1) })).error?.message).toBe('A search is at most 100 characters');
    expect(await search('h')).toEqual(none);
    expect(await search('   ')).toEqual(none);
  });
});

describe('public.global_search: tenancy', () => {
  it("another pharmacy's rows never appear, whatever is typed", async () => {
    const bIds = new Set(Object.entries(ids).filter(([name]) => name.startsWith('b:')).map(([, id]) => id));
    for (const typed of ['holl', 'margaret', '(217) 555-0301', '03/14/1948', 'lipitor', '0071-0155-23', 'dora', '1234567893', String(rx['b:']), `RX${rx['b:']}`]) {
      const results = await search(typed, a.admin.client, 10);
      const every = [...results.patients.map((r) => r.id), ...results.medications.map((r) => r.id), ...results.prescriptions.map((r) => r.orderId), ...results.prescribers.map((r) => r.id)];
      expect(every.filter((id) => bIds.has(id)), typed).toEqual([]);
    }
    // B's own search finds B's rows: the same query, the other pharmacy.
    expect((await search('margaret holl', b.technician.client)).patients.map((row) => row.id)).toEqual([ids['b:holloway']]);
    if (rx['b:'] !== rx['']) expect((await search(`RX${rx['b:']}`)).prescriptions).toEqual([]);
  });

  it('a technician gets what RLS gives every staff member: the same answer as the admin and the pharmacist', async () => {
    for (const typed of ['holl', 'lipitor', String(rx['']), 'doc']) {
      const technician = await search(typed, a.technician.client);
      expect(await search(typed, a.pharmacist.client)).toEqual(technician);
      expect(await search(typed, a.admin.client)).toEqual(technician);
    }
  });

  it('refuses an anonymous caller', async () => {
    const anon = createTestClient();
    const { error } = await anon.rpc('global_search', { query: 'holl' });
    expect(error).not.toBeNull();
  });
});

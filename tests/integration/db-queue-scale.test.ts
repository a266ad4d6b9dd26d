/**
 * Queue scale (issue 10, migration 20261122001400_queue_scale), at a volume above PostgREST's 1,000-row limit:
 *   * prescription_queue_counts(): exact counts by status and type (1,056 prescriptions per status, loaded as
 *     history in one statement, then moved set-based and through the RPC), still equal to a real count after moves and deletes; RLS applies;
 *   * queue_page(): keyset pages newest first cover a tab exactly once; search by Rx number or patient name; fill
 *     date filter; PostgREST embeds patient and medication on its rows; bad arguments are refused;
 *   * every query a screen runs uses its index (EXPLAIN with sequential scans off, after ANALYZE).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSql, createTestClient, sql, stackEnv } from '../support/stack-env.ts';
import { addMedication, addPatient, enterPrescription, insertRow, movePrescription, NO_INTERACTIONS } from './db-clinical-support.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';

// 4 × 1,056 rows: whole blocks of 16, so every status and every type gets exactly 1,056.
const PER_STATUS = 1_056;
type QueueStatus = 'pending' | 'processing' | 'ready' | 'completed';
type PrescriptionType = 'written' | 'fax' | 'verbal' | 'electronic';

interface QueueCounts {
  byStatus: Record<QueueStatus, number>;
  byType: Record<PrescriptionType, number>;
  total: number;
}

let a: TestPharmacy;
let b: TestPharmacy;
let medicationId: string;
let smithson: string;
let blacksmith: string;

async function countsOf(client: TestPharmacy['technician']['client']): Promise<QueueCounts> {
  const { data, error } = await client.rpc('prescription_queue_counts');
  if (error) throw new Error(error.message);
  return data as QueueCounts;
}

/** The same figures counted from the table itself. */
async function realCounts(pharmacyId: string): Promise<QueueCounts> {
  const rows = await sql<{ status: string; prescription_type: string; n: string }>(
    `select status, prescription_type, count(*) as n from public.prescriptions where pharmacy_id = $1 group by 1, 2`, [pharmacyId]);
  const counts: QueueCounts = {
    byStatus: { pending: 0, processing: 0, ready: 0, completed: 0 },
    byType: { written: 0, fax: 0, verbal: 0, electronic: 0 },
    total: 0,
  };
  for (const row of rows) {
    counts.byStatus[row.status as keyof QueueCounts['byStatus']] += Number(row.n);
    counts.byType[row.prescription_type as keyof QueueCounts['byType']] += Number(row.n);
    counts.total += Number(row.n);
  }
  return counts;
}

/** Moves the oldest `count` prescriptions of one status to the next, set-based, through the workflow triggers. */
async function moveOldest(pharmacyId: string, from: string, to: string, count: number): Promise<void> {
  await sql(`update public.prescriptions set status = $3 where id in (
      select id from public.prescriptions where pharmacy_id = $1 and status = $2 order by rx_number limit $4)`,
  [pharmacyId, from, to, count]);
}

/** Runs one statement with the other triggers off, as a data migration loads history (the counters still count). */
async function asHistoryLoad(statement: string, params: unknown[]): Promise<void> {
  const client = new pg.Client({ connectionString: stackEnv().dbUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    await client.query(statement, params);
    await client.query('commit');
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  [a, b] = [await createPharmacy('Scale Pharmacy A'), await createPharmacy('Scale Pharmacy B')];
  const tech = a.technician.client;
  medicationId = (await addMedication(a.pharmacist.client)).id;
  const patient = (await addPatient(tech)).id;
  smithson = await insertRow(tech, 'patients', { first_name: 'Margaret', last_name: 'Smithson' });
  blacksmith = await insertRow(tech, 'patients', { first_name: 'John', last_name: 'Blacksmith' });

  // 4,224 prescriptions of history in one statement: 1,056 per status and per type, ten at a time entered in the
  // same instant (so pages must break ties by id), filled over the last year.
  // Each an order with its fill 0 (history loads write both; the entry trigger that opens orders is off).
  await asHistoryLoad(`with orders as (
        insert into public.prescription_orders (pharmacy_id, rx_number, patient_id, medication_id, refills, written_on)
        select $1, 100000 + i, $2, $3, 0, current_date - 400 from generate_series(0, $4::int - 1) i
        returning id, rx_number)
      insert into public.prescriptions (pharmacy_id, order_id, rx_number, status, prescription_type, patient_id, medication_id,
        quantity, directions, date_filled, verified_at, completed_at, created_at, entered_at, ai_flags)
      select $1, o.id, 100000 + i, s.status, (array['written', 'fax', 'verbal', 'electronic'])[1 + (i / 4) % 4], $2, $3, 1, 'Take 1 tablet daily',
             case when s.status in ('ready', 'completed') then current_date - (i % 365) end,
             case when s.status in ('ready', 'completed') then now() - (i / 10) * interval '1 minute' end,
             case when s.status = 'completed' then now() - (i / 10) * interval '1 minute' end,
             now() - (i / 10) * interval '1 minute', now() - (i / 10) * interval '1 minute', $5::jsonb
      from orders o,
           lateral (select (o.rx_number - 100000)::int as i) n,
           lateral (select (array['pending', 'processing', 'ready', 'completed'])[1 + i % 4] as status) s`,
  [a.id, patient, medicationId, 4 * PER_STATUS, JSON.stringify(NO_INTERACTIONS)]);
}, 120_000);

afterAll(closeSql);

describe('prescription_queue_counts', () => {
  it('counts every prescription by status and by type, exactly, above the 1,000-row limit', async () => {
    const counts = await countsOf(a.technician.client);
    expect(counts).toEqual({
      byStatus: { pending: PER_STATUS, processing: PER_STATUS, ready: PER_STATUS, completed: PER_STATUS },
      byType: { written: PER_STATUS, fax: PER_STATUS, verbal: PER_STATUS, electronic: PER_STATUS },
      total: 4 * PER_STATUS,
    });
    expect(counts).toEqual(await realCounts(a.id));
    // Moved on in bulk through the workflow triggers (one statement per step).
    await moveOldest(a.id, 'pending', 'processing', 40);
    await moveOldest(a.id, 'processing', 'ready', 25);
    expect((await countsOf(a.technician.client)).byStatus).toEqual({
      pending: PER_STATUS - 40, processing: PER_STATUS + 15, ready: PER_STATUS + 25, completed: PER_STATUS });
    for (const client of [a.pharmacist.client, a.admin.client]) expect(await countsOf(client)).toEqual(await countsOf(a.technician.client));
  });

  it('stays equal to a real count after entries, moves through the RPC and deletes', async () => {
    const tech = a.technician.client;
    const entered = await enterPrescription(tech, { patientId: smithson, medicationId }, { prescription_type: 'fax' });
    await enterPrescription(tech, { patientId: blacksmith, medicationId }, { prescription_type: 'verbal' });
    expect((await movePrescription(tech, entered.id, 'processing')).error).toBeNull();
    expect((await movePrescription(a.pharmacist.client, entered.id, 'ready')).error).toBeNull();
    // A refused move changes nothing.
    expect((await movePrescription(tech, entered.id, 'pending')).error).not.toBeNull();
    await sql(`delete from public.prescriptions where id in (
      select id from public.prescriptions where pharmacy_id = $1 and status = 'completed' order by rx_number limit 3)`, [a.id]);

    const counts = await countsOf(tech);
    expect(counts).toEqual(await realCounts(a.id));
    expect(counts.byStatus).toEqual({ pending: PER_STATUS - 39, processing: PER_STATUS + 15, ready: PER_STATUS + 26, completed: PER_STATUS - 3 });
    expect(counts.total).toBe(4 * PER_STATUS - 1);
  });

  it('shows another pharmacy\'s staff only their own pharmacy, and refuses anon', async () => {
    expect(await countsOf(b.technician.client)).toEqual({
      byStatus: { pending: 0, processing: 0, ready: 0, completed: 0 },
      byType: { written: 0, fax: 0, verbal: 0, electronic: 0 },
      total: 0,
    });
    const { error } = await createTestClient().rpc('prescription_queue_counts');
    expect(error?.message).toMatch(/permission denied/);
  });

  it('signed-in users cannot write the counters', async () => {
    const tech = a.technician.client;
    const { error } = await tech.from('prescription_queue_counters').update({ prescriptions: 0 }).eq('pharmacy_id', a.id);
    expect(error?.message).toMatch(/permission denied/);
    expect((await countsOf(tech)).total).toBe((await realCounts(a.id)).total);
  });
});

describe('queue_page', () => {
  type Row = { id: string; created_at: string; rx_number: number; status: string; patient_id: string; date_filled: string | null };

  async function page(args: Record<string, unknown>): Promise<Row[]> {
    const { data, error } = await a.technician.client.rpc('queue_page', args);
    if (error) throw new Error(error.message);
    return data as Row[];
  }

  it('pages a tab newest first, each prescription exactly once (keyset on created_at, id)', async () => {
    const seen: Row[] = [];
    let after: Row | undefined;
    for (;;) {
      const rows = await page({ queue_status: 'completed', page_size: 200, ...(after ? { after_created_at: after.created_at, after_id: after.id } : {}) });
      seen.push(...rows);
      if (rows.length < 200) break;
      after = rows[rows.length - 1];
    }
    const expected = await sql<{ id: string }>(
      `select id from public.prescriptions where pharmacy_id = $1 and status = 'completed' order by created_at desc, id desc`, [a.id]);
    expect(seen.map((row) => row.id)).toEqual(expected.map((row) => row.id));
    expect(seen.every((row) => row.status === 'completed')).toBe(true);
    expect((await page({ queue_status: 'pending' })).length).toBe(50);
  });

  it('finds an Rx number with or without its prefix, and patients by part of their name', async () => {
    const [{ rx_number: rxNumber }] = (await sql<{ rx_number: string }>(
      `select rx_number from public.prescriptions where pharmacy_id = $1 and status = 'processing' order by rx_number desc limit 1`, [a.id])) as [{ rx_number: string }];
    for (const search of [rxNumber, `RX ${rxNumber}`, `Rx${rxNumber}`, ` rx ${rxNumber} `]) {
      const rows = await page({ queue_status: 'processing', search });
      expect(rows.map((row) => row.rx_number)).toEqual([Number(rxNumber)]);
    }
    expect(await page({ queue_status: 'pending', search: rxNumber })).toEqual([]);

    const bySmith = await page({ queue_status: 'pending', search: 'SMITH' });
    expect(bySmith.map((row) => row.patient_id).sort()).toEqual([blacksmith]);
    const byPrefix = await page({ queue_status: 'ready', search: 'marg' });
    expect(byPrefix.map((row) => row.patient_id)).toEqual([smithson]);
    expect(await page({ queue_status: 'pending', search: 'john smithson' })).toEqual([]);
    expect((await page({ queue_status: 'pending', search: 'john smith' })).map((row) => row.patient_id)).toEqual([blacksmith]);
    expect(await page({ queue_status: 'pending', search: '%' })).toEqual([]);
  });

  it('filters by fill date', async () => {
    const [{ day }] = (await sql<{ day: string }>(
      `select date_filled::text as day from public.prescriptions where pharmacy_id = $1 and status = 'completed' limit 1`, [a.id])) as [{ day: string }];
    const rows = await page({ queue_status: 'completed', filled_on: day, page_size: 200 });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.date_filled === day)).toBe(true);
    expect(await page({ queue_status: 'completed', filled_on: '2001-01-01' })).toEqual([]);
  });

  it('lets PostgREST embed the patient and the medication on each row', async () => {
    const { data, error } = await a.technician.client
      .rpc('queue_page', { queue_status: 'ready', search: 'smithson', page_size: 5 })
      .select('id, rx_number, patient:patients!prescriptions_patient_fkey(first_name, last_name), medication:medications!prescriptions_medication_fkey(name)');
    expect(error).toBeNull();
    expect(data).toEqual([expect.objectContaining({ patient: { first_name: 'Margaret', last_name: 'Smithson' }, medication: { name: 'Ibuprofen' } })]);
  });

  it('shows nothing of another pharmacy, refuses anon and bad arguments', async () => {
    const { data } = await b.technician.client.rpc('queue_page', { queue_status: 'completed' });
    expect(data).toEqual([]);
    expect((await createTestClient().rpc('queue_page', { queue_status: 'pending' })).error?.message).toMatch(/permission denied/);
    const tech = a.technician.client;
    expect((await tech.rpc('queue_page', { queue_status: 'archived' })).error?.message).toBe('Unknown queue "archived": choose pending, processing, ready or completed');
    for (const pageSize of [0, 201]) {
      expect((await tech.rpc('queue_page', { queue_status: 'pending', page_size: pageSize })).error?.message).toBe('A page holds 1 to 200 prescriptions');
    }
    expect((await tech.rpc('queue_page', { queue_status: 'pending', after_created_at: new Date().toISOString() })).error?.message)
      .toBe('A page starts after a prescription: give both its created_at and its id');
  });
});

describe('search_patients', () => {
  // The full rule (phone digits, dates of birth, paging, plans) is tested in db-patient-search.test.ts.
  async function search(client: TestPharmacy['technician']['client'], term: string): Promise<string[]> {
    const { data, error } = await client.rpc('search_patients', { search: term, page_size: 100 });
    if (error) throw new Error(error.message);
    return (data as { id: string }[]).map((row) => row.id);
  }

  it('finds the caller\'s patients by part of the name, every word, case-insensitive; pages with an exact total', async () => {
    const tech = a.technician.client;
    expect(await search(tech, 'SMITH')).toEqual([blacksmith, smithson]);
    expect(await search(tech, 'john smith')).toEqual([blacksmith]);
    expect(await search(tech, 'marg')).toEqual([smithson]);
    const page = await tech.rpc('search_patients', { search: 'smith', page_size: 1 });
    expect((page.data as { id: string; total_count: number }[]).map((row) => [row.id, row.total_count])).toEqual([[blacksmith, 2]]);
  });

  it('shows another pharmacy\'s staff none of them, and refuses anon', async () => {
    expect(await search(b.technician.client, 'smith')).toEqual([]);
    expect((await createTestClient().rpc('search_patients', { search: 'smith' })).error?.message).toMatch(/permission denied/);
  });
});

describe('indexes for every screen\'s queries', () => {
  /** The plan Postgres chooses for a statement run as the technician (RLS applying), with sequential scans off. */
  async function planOf(statement: string, params: unknown[]): Promise<string> {
    const client = new pg.Client({ connectionString: stackEnv().dbUrl });
    await client.connect();
    try {
      await client.query('begin');
      await client.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: a.technician.id, role: 'authenticated' })]);
      await client.query('set local role authenticated');
      await client.query('set local enable_seqscan = off');
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (costs off) ${statement}`, params);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    } finally {
      await client.query('rollback').catch(() => undefined);
      await client.end();
    }
  }

  beforeAll(async () => {
    // 20,000 patients (set-based, as history is loaded) and fresh statistics.
    await sql(`begin; set local session_replication_role = replica;
      insert into public.patients (pharmacy_id, first_name, last_name, phone)
        select '${a.id}', 'First' || i, 'Last' || i, '(' || lpad((i % 1000)::text, 3, '0') || ') 555-' || lpad((i % 10000)::text, 4, '0') from generate_series(1, 20000) i;
      commit;
      analyze public.prescriptions; analyze public.patients; analyze public.medications;`);
  }, 120_000);

  it('a search matching more than 1,000 patients walks the tab newest first and still finds the right rows', async () => {
    // 't' is in every patient's name here (20,000 'First…'/'Last…', Margaret, the Smiths, 'Patient').
    const all = await a.technician.client.rpc('queue_page', { queue_status: 'pending', page_size: 100 });
    const searched = await a.technician.client.rpc('queue_page', { queue_status: 'pending', search: 't', page_size: 100 });
    expect(searched.error).toBeNull();
    expect((searched.data as { id: string }[]).map((row) => row.id)).toEqual((all.data as { id: string }[]).map((row) => row.id));
    const none = await a.technician.client.rpc('queue_page', { queue_status: 'pending', search: 'First1 Smith' });
    expect(none.data).toEqual([]);
  });

  it('queue tabs and their pages: the keyset index, no sort', async () => {
    const plan = await planOf(`select * from public.prescriptions where pharmacy_id = $1 and status = 'completed'
        and (created_at, id) < ($2, $3) order by created_at desc, id desc limit 50`, [a.id, new Date().toISOString(), '00000000-0000-0000-0000-000000000000']);
    expect(plan).toContain('prescriptions_queue_page_idx');
    expect(plan).not.toContain('Sort');
  });

  it("an Rx number: its fills' index (every status, fill returned to stock included); a fill date: its index", async () => {
    expect(await planOf(`select * from public.prescriptions where pharmacy_id = $1 and status = 'completed' and rx_number = 1500
        order by created_at desc, id desc limit 50`, [a.id])).toContain('prescriptions_rx_number_fills_idx');
    expect(await planOf(`select * from public.prescriptions where pharmacy_id = $1 and status = 'completed' and date_filled = current_date - 3
        order by created_at desc, id desc limit 50`, [a.id])).toMatch(
      // Either index bounds the day: the fills' own, or the filled fills' one the Reports screen counts with.
      /Index (Only )?Scan using prescriptions_(pharmacy_id_date_filled|filled)_idx/);
  });

  it('patient list: the name index for the order, no sort', async () => {
    const list = await planOf(`select * from public.patients where pharmacy_id = $1 order by last_name, first_name, id limit 25 offset 50`, [a.id]);
    expect(list).toContain('patients_pharmacy_id_name_id_idx');
    expect(list).not.toContain('Sort');
  });

  it('labels\' ready list, today\'s pickups and low stock: their indexes', async () => {
    expect(await planOf(`select * from public.prescriptions where pharmacy_id = $1 and status = 'ready' order by verified_at`, [a.id]))
      .toContain('prescriptions_ready_for_pickup_idx');
    expect(await planOf(`select count(*) from public.prescriptions where pharmacy_id = $1 and status = 'completed'
        and completed_at >= now() - interval '1 day' and completed_at < now()`, [a.id])).toContain('prescriptions_completed_at_idx');
    expect(await planOf(`select id, name, strength, stock from public.medications where pharmacy_id = $1 and is_low_stock
        order by stock, name`, [a.id])).toContain('medications_pharmacy_id_low_stock_idx');
  });
});

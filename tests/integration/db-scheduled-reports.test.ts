/**
 * Scheduled reports in the database (migration 20261130008000_scheduled_reports): when a schedule of the Reports
 * settings is due (the pharmacy's time zone, its day and time, the month's day) and the period it covers; the
 * pg_cron job queues a slot's run once and asks the api function for it; the runs' row-level security (staff with
 * reports:read read their pharmacy's, nobody but the service role writes); the service role's report for a named
 * pharmacy, which no signed-in caller can borrow; outbox attachments only from the message's own pharmacy; a failed
 * run is a system alert.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTS_SETTINGS_DEFAULTS } from '../../shared/src/settings/reports.ts';
import { closeSql, createServiceClient, createTestClient, sql, stackEnv } from '../support/stack-env.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';

let a: TestPharmacy;
let b: TestPharmacy;
let anon: SupabaseClient;

async function saveReportsSettings(pharmacyId: string, overrides: Record<string, unknown>): Promise<void> {
  await sql(
    `insert into public.pharmacy_settings (pharmacy_id, group_key, settings) values ($1, 'reports', $2)
     on conflict (pharmacy_id, group_key) do update set settings = excluded.settings`,
    [pharmacyId, JSON.stringify({ ...REPORTS_SETTINGS_DEFAULTS, ...overrides })],
  );
}

interface Due {
  schedule: string;
  slot: string;
  from: string;
  to: string;
}

/** The pharmacy's schedules due at the moment. */
async function dueAt(pharmacyId: string, at: string): Promise<Due[]> {
  const rows = await sql<{ schedule: string; slot: Date; from: string; to: string }>(
    `select d.schedule, d.slot, d.period_from::text as from, d.period_to::text as to
     from private.due_scheduled_reports($1) d where d.pharmacy_id = $2 order by d.schedule`,
    [at, pharmacyId],
  );
  return rows.map((row) => ({ ...row, slot: row.slot.toISOString() }));
}

/** Inserts a run as the database's owner (the job's or the service role's write). */
async function insertRun(pharmacyId: string, columns: Record<string, unknown> = {}): Promise<string> {
  const values = { schedule: 'daily', slot: new Date(Date.UTC(2020, 0, 1) + Math.floor(Math.random() * 1e11)).toISOString(), period_from: '2026-11-09', period_to: '2026-11-09', ...columns };
  const names = Object.keys(values);
  const [row] = await sql<{ id: string }>(
    `insert into public.scheduled_report_runs (pharmacy_id, ${names.join(', ')}) values ($1, ${names.map((_, i) => `$${i + 2}`).join(', ')}) returning id`,
    [pharmacyId, ...Object.values(values)],
  );
  return row!.id;
}

beforeAll(async () => {
  anon = createTestClient();
  [a, b] = [await createPharmacy('Scheduled Reports Pharmacy A'), await createPharmacy('Scheduled Reports Pharmacy B')];
  await sql(`update public.pharmacies set time_zone = 'America/New_York' where id = $1`, [a.id]);
  await sql(`update public.pharmacies set time_zone = 'America/Los_Angeles' where id = $1`, [b.id]);
}, 120_000);

afterAll(closeSql);

describe('when a schedule is due', () => {
  it('nothing is due while every schedule is off (the defaults)', async () => {
    await saveReportsSettings(a.id, {});
    expect(await dueAt(a.id, '2026-11-10T20:00:00Z')).toEqual([]);
  });

  it('daily: from its local time on its day, in the pharmacy\'s own time zone, for the pharmacy day before', async () => {
    await saveReportsSettings(a.id, { dailyReportsEnabled: true, dailyReportTime: '08:00' });
    await saveReportsSettings(b.id, { dailyReportsEnabled: true, dailyReportTime: '08:00' });
    // 07:59 in New York (EST, UTC-5): not yet; 08:00: due.
    expect(await dueAt(a.id, '2026-11-10T12:59:00Z')).toEqual([]);
    const daily = { schedule: 'daily', slot: '2026-11-10T13:00:00.000Z', from: '2026-11-09', to: '2026-11-09' };
    expect(await dueAt(a.id, '2026-11-10T13:00:00Z')).toEqual([daily]);
    expect(await dueAt(a.id, '2026-11-10T23:59:00Z')).toEqual([daily]);
    // The same instant is 05:00 in Los Angeles: not yet; its 08:00 is 16:00 UTC.
    expect(await dueAt(b.id, '2026-11-10T13:00:00Z')).toEqual([]);
    expect(await dueAt(b.id, '2026-11-10T16:00:00Z')).toEqual([{ schedule: 'daily', slot: '2026-11-10T16:00:00.000Z', from: '2026-11-09', to: '2026-11-09' }]);
    // 02:00 UTC on the 11th is still the 10th, 21:00, in New York: the 10th's slot, not the 11th's.
    expect(await dueAt(a.id, '2026-11-11T02:00:00Z')).toEqual([daily]);
  });

  it('weekly: on its weekday only, for the 7 days before', async () => {
    // 2026-11-09 is a Monday.
    await saveReportsSettings(a.id, { weeklyReportsEnabled: true, weeklyReportDay: 'monday', weeklyReportTime: '09:30' });
    expect(await dueAt(a.id, '2026-11-09T14:29:00Z')).toEqual([]);
    expect(await dueAt(a.id, '2026-11-09T14:30:00Z')).toEqual([{ schedule: 'weekly', slot: '2026-11-09T14:30:00.000Z', from: '2026-11-02', to: '2026-11-08' }]);
    expect(await dueAt(a.id, '2026-11-10T14:30:00Z')).toEqual([]);
  });

  it('monthly: on its day of the month, for the calendar month before; late evening in Los Angeles is the next UTC day', async () => {
    await saveReportsSettings(a.id, { monthlyReportsEnabled: true, monthlyReportDay: 5, monthlyReportTime: '08:00' });
    expect(await dueAt(a.id, '2026-12-04T13:00:00Z')).toEqual([]);
    expect(await dueAt(a.id, '2026-12-05T13:00:00Z')).toEqual([{ schedule: 'monthly', slot: '2026-12-05T13:00:00.000Z', from: '2026-11-01', to: '2026-11-30' }]);
    await saveReportsSettings(b.id, { monthlyReportsEnabled: true, monthlyReportDay: 1, monthlyReportTime: '23:00' });
    // 2026-03-02 07:30 UTC is 2026-03-01 23:30 in Los Angeles (PST): March's day 1, for February.
    expect(await dueAt(b.id, '2026-03-02T07:30:00Z')).toEqual([{ schedule: 'monthly', slot: '2026-03-02T07:00:00.000Z', from: '2026-02-01', to: '2026-02-28' }]);
    // In UTC it is March 2: New York's pharmacy, whose day 1 has passed, is not due.
    await saveReportsSettings(a.id, { monthlyReportsEnabled: true, monthlyReportDay: 1, monthlyReportTime: '08:00' });
    expect(await dueAt(a.id, '2026-03-02T07:30:00Z')).toEqual([]);
  });

  it('a daylight saving day keeps the wall clock: 08:00 in New York is 12:00 UTC in summer', async () => {
    await saveReportsSettings(a.id, { dailyReportsEnabled: true, dailyReportTime: '08:00' });
    expect(await dueAt(a.id, '2026-07-01T12:00:00Z')).toEqual([{ schedule: 'daily', slot: '2026-07-01T12:00:00.000Z', from: '2026-06-30', to: '2026-06-30' }]);
  });

  it('a stored value of the wrong type reads as its default (08:00, Monday, day 1), never an error', async () => {
    await saveReportsSettings(a.id, { dailyReportsEnabled: true, dailyReportTime: 'soon', weeklyReportsEnabled: true, weeklyReportDay: 7, weeklyReportTime: 9 });
    expect(await dueAt(a.id, '2026-11-09T13:00:00Z')).toEqual([
      { schedule: 'daily', slot: '2026-11-09T13:00:00.000Z', from: '2026-11-08', to: '2026-11-08' },
      { schedule: 'weekly', slot: '2026-11-09T13:00:00.000Z', from: '2026-11-02', to: '2026-11-08' },
    ]);
  });
});

describe('the job', () => {
  it('the pg_cron job request-due-scheduled-reports runs every 15 minutes', async () => {
    expect(await sql(`select schedule, command, active from cron.job where jobname = 'request-due-scheduled-reports'`)).toEqual([
      { schedule: '*/15 * * * *', command: 'select private.request_due_scheduled_reports()', active: true },
    ]);
  });

  it('queues a slot\'s run once and asks the api function for it (in a transaction rolled back: nothing is sent)', async () => {
    await saveReportsSettings(a.id, { dailyReportsEnabled: true, dailyReportTime: '08:00' });
    const client = new pg.Client({ connectionString: stackEnv().dbUrl });
    await client.connect();
    try {
      await client.query('begin');
      const at = '2026-10-20T14:00:00Z';
      const first = await client.query<{ asked: number }>('select private.request_due_scheduled_reports($1) as asked', [at]);
      expect(first.rows[0]!.asked).toBeGreaterThanOrEqual(1);
      const runs = (await client.query(`select id, schedule, period_from::text as from, period_to::text as to, status from public.scheduled_report_runs where pharmacy_id = $1 and slot = '2026-10-20T12:00:00Z'`, [a.id])).rows;
      expect(runs).toEqual([{ id: expect.any(String), schedule: 'daily', from: '2026-10-19', to: '2026-10-19', status: 'queued' }]);
      const [request] = (await client.query(
        `select url, convert_from(body, 'utf8')::jsonb as body, timeout_milliseconds from net.http_request_queue where convert_from(body, 'utf8')::jsonb ->> 'runId' = $1`,
        [runs[0].id],
      )).rows;
      expect(request).toMatchObject({ body: { runId: runs[0].id }, timeout_milliseconds: 300000 });
      expect(request.url).toMatch(/\/functions\/v1\/api\/internal\/reports\/scheduled-run$/);
      // Once per slot: a second quarter hour finds it run.
      expect(await client.query(`select d.* from private.due_scheduled_reports($1) d where d.pharmacy_id = $2`, [at, a.id])).toMatchObject({ rows: [] });
      await client.query(`select private.request_due_scheduled_reports($1)`, ['2026-10-20T14:15:00Z']);
      expect((await client.query(`select count(*)::int as n from public.scheduled_report_runs where pharmacy_id = $1 and slot = '2026-10-20T12:00:00Z'`, [a.id])).rows).toEqual([{ n: 1 }]);
      // Without the secrets the api cannot be asked: no run is kept, the next quarter hour tries again.
      await client.query(`delete from vault.secrets where name = 'service_role_key'`);
      await client.query(`select private.request_due_scheduled_reports($1)`, ['2026-10-21T14:00:00Z']);
      expect((await client.query(`select count(*)::int as n from public.scheduled_report_runs where pharmacy_id = $1 and slot = '2026-10-21T12:00:00Z'`, [a.id])).rows).toEqual([{ n: 0 }]);
    } finally {
      await client.query('rollback').catch(() => undefined);
      await client.end();
    }
  });

  it('a run not started, or not finished, within 30 minutes is failed by the job with the reason', async () => {
    const client = new pg.Client({ connectionString: stackEnv().dbUrl });
    await client.connect();
    try {
      await client.query('begin');
      const insert = `insert into public.scheduled_report_runs (pharmacy_id, schedule, slot, period_from, period_to, status, queued_at, started_at)
                      values ($1, 'weekly', $2, '2026-01-01', '2026-01-07', $3, $4, $5) returning id`;
      const ids = [];
      for (const [slot, status, queuedAt, startedAt] of [
        ['2019-01-01T00:00:00Z', 'queued', '2026-05-01T11:00:00Z', null], ['2019-01-02T00:00:00Z', 'running', '2026-05-01T11:00:00Z', '2026-05-01T11:20:00Z'],
        ['2019-01-03T00:00:00Z', 'queued', '2026-05-01T11:45:00Z', null], ['2019-01-04T00:00:00Z', 'running', '2026-05-01T11:00:00Z', '2026-05-01T11:40:00Z'],
      ] as const) ids.push((await client.query<{ id: string }>(insert, [a.id, slot, status, queuedAt, startedAt])).rows[0]!.id);
      await client.query(`select private.request_due_scheduled_reports($1)`, ['2026-05-01T12:00:00Z']);
      const rows = (await client.query(`select status, detail from public.scheduled_report_runs where id = any($1) order by slot`, [ids])).rows;
      expect(rows).toEqual([
        { status: 'failed', detail: 'The run was never started' },
        { status: 'failed', detail: 'The run stopped before it finished' },
        { status: 'queued', detail: null },
        { status: 'running', detail: null },
      ]);
    } finally {
      await client.query('rollback').catch(() => undefined);
      await client.end();
    }
  });

  it('a slot runs once: the table refuses a second run of it', async () => {
    const slot = '2026-09-01T12:00:00Z';
    await insertRun(a.id, { slot });
    await expect(insertRun(a.id, { slot })).rejects.toThrow('This schedule already ran for this time');
  });

  it('clients cannot call the job\'s functions', async () => {
    for (const client of [a.admin.client, anon]) {
      const { error } = await client.schema('private' as 'public').rpc('request_due_scheduled_reports' as never);
      expect(error).not.toBeNull();
    }
    const [grants] = await sql<{ authenticated: boolean; anon: boolean; due: boolean }>(
      `select has_function_privilege('authenticated', 'private.request_due_scheduled_reports(timestamptz)', 'execute') as authenticated,
              has_function_privilege('anon', 'private.request_due_scheduled_reports(timestamptz)', 'execute') as anon,
              has_function_privilege('authenticated', 'private.due_scheduled_reports(timestamptz)', 'execute') as due`,
    );
    expect(grants).toEqual({ authenticated: false, anon: false, due: false });
  });
});

describe('the runs: who reads, nobody writes but the service role', () => {
  let runA: string;
  let runB: string;

  beforeAll(async () => {
    runA = await insertRun(a.id);
    runB = await insertRun(b.id);
  });

  it('pharmacists and admins read their pharmacy\'s runs; a technician (no reports:read) and the other pharmacy read none', async () => {
    for (const staff of [a.pharmacist, a.admin]) {
      const { data, error } = await staff.client.from('scheduled_report_runs').select('id').in('id', [runA, runB]);
      expect(error).toBeNull();
      expect(data).toEqual([{ id: runA }]);
    }
    for (const client of [a.technician.client, b.pharmacist.client, b.admin.client]) {
      const { data } = await client.from('scheduled_report_runs').select('id').eq('id', runA);
      expect(data ?? []).toEqual([]);
    }
    const { data: denied } = await anon.from('scheduled_report_runs').select('id').eq('id', runA);
    expect(denied ?? []).toEqual([]);
  });

  it('signed-in staff cannot insert, update or delete runs', async () => {
    const insert = await a.admin.client.from('scheduled_report_runs').insert({ pharmacy_id: a.id, schedule: 'daily', slot: '2026-01-01T00:00:00Z', period_from: '2025-12-31', period_to: '2025-12-31' });
    expect(insert.error?.code).toBe('42501');
    await a.admin.client.from('scheduled_report_runs').update({ status: 'failed' }).eq('id', runA);
    await a.admin.client.from('scheduled_report_runs').delete().eq('id', runA);
    expect(await sql(`select status from public.scheduled_report_runs where id = $1`, [runA])).toEqual([{ status: 'queued' }]);
  });

  it('the run steps are the service role\'s only', async () => {
    for (const [name, args] of [['start_scheduled_report_run', { run_id: runA }], ['finish_scheduled_report_run', { run_id: runA, run_files: [] }],
      ['run_report_for_pharmacy', { report_pharmacy_id: a.id, report: 'sales', from_date: '2026-11-01', to_date: '2026-11-30' }]] as const) {
      const { error } = await a.admin.client.rpc(name as never, args as never);
      expect(error, name).not.toBeNull();
    }
    expect(await sql(`select status from public.scheduled_report_runs where id = $1`, [runA])).toEqual([{ status: 'queued' }]);
  });

  it('a finished run is final; its period never changes', async () => {
    const run = await insertRun(a.id);
    await sql(`update public.scheduled_report_runs set status = 'failed', finished_at = now(), detail = 'x' where id = $1`, [run]);
    await expect(sql(`update public.scheduled_report_runs set status = 'running' where id = $1`, [run])).rejects.toThrow(/A finished run stays finished/);
    await expect(sql(`update public.scheduled_report_runs set period_from = '2020-01-01' where id = $1`, [run])).rejects.toThrow(/cannot be changed/);
  });
});

describe('a report for a named pharmacy', () => {
  it('the service role runs a report of the pharmacy it names', async () => {
    const service = createServiceClient();
    const { data, error } = await service.rpc('run_report_for_pharmacy', { report_pharmacy_id: a.id, report: 'patients', from_date: '2026-11-01', to_date: '2026-11-30' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ title: expect.any(String), columns: expect.any(Array), rows: expect.any(Array) });
    const unknown = await service.rpc('run_report_for_pharmacy', { report_pharmacy_id: a.id, report: 'payroll', from_date: '2026-11-01', to_date: '2026-11-30' });
    expect(unknown.error?.message).toBe('Unknown report payroll');
  });

  it('a signed-in caller who sets the pharmacy setting is not heard: the report still refuses them', async () => {
    const client = new pg.Client({ connectionString: stackEnv().dbUrl });
    await client.connect();
    try {
      await client.query('begin');
      await client.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: b.technician.id, role: 'authenticated' })]);
      await client.query('set local role authenticated');
      await client.query(`select set_config('pharmacy.report_for_pharmacy', $1, true)`, [a.id]);
      await expect(client.query(`select public.sales_report('2026-11-01', '2026-11-30')`)).rejects.toThrow(/Only pharmacists and admins of the pharmacy can read reports/);
    } finally {
      await client.query('rollback').catch(() => undefined);
      await client.end();
    }
  });
});

describe('which schedules are on', () => {
  it('pharmacists read their pharmacy\'s schedules as the job reads them; a technician is refused', async () => {
    await saveReportsSettings(a.id, { dailyReportsEnabled: true, dailyReportTime: '07:15', monthlyReportDay: 40, weeklyReportDay: 'friday', defaultReportFormat: 'excel' });
    const { data, error } = await a.pharmacist.client.rpc('report_schedules');
    expect(error).toBeNull();
    expect(data).toEqual({
      daily: { enabled: true, time: '07:15' },
      weekly: { enabled: false, day: 'friday', time: '08:00' },
      monthly: { enabled: false, day: 28, time: '08:00' },
      format: 'excel',
      timeZone: 'America/New_York',
    });
    expect((await a.technician.client.rpc('report_schedules')).error?.code).toBe('42501');
    // A group saved with only some fields: the rest are their defaults (off, 08:00, Monday, day 1, PDF).
    await sql(`update public.pharmacy_settings set settings = '{"dailyReportsEnabled": true}' where pharmacy_id = $1 and group_key = 'reports'`, [b.id]);
    expect((await b.pharmacist.client.rpc('report_schedules')).data).toEqual({
      daily: { enabled: true, time: '08:00' }, weekly: { enabled: false, day: 'monday', time: '08:00' },
      monthly: { enabled: false, day: 1, time: '08:00' }, format: 'pdf', timeZone: 'America/Los_Angeles',
    });
  });
});

describe('outbox attachments', () => {
  it('a message attaches only files under its own pharmacy', async () => {
    const insert = (paths: string[]) => sql(
      `insert into public.outbound_messages (pharmacy_id, channel, kind, recipient, subject, body, attachment_paths)
       values ($1, 'email', 'scheduled_report', 'reports@a.example.test', 'Reports', '', $2) returning id`,
      [a.id, paths],
    );
    const refusal = "A message attaches at most 20 of its own pharmacy's files";
    await expect(insert([`${b.id}/run/sales.csv`])).rejects.toThrow(refusal);
    await expect(insert([`${a.id}/../${b.id}/sales.csv`])).rejects.toThrow(refusal);
    const [row] = await insert([`${a.id}/run/sales.csv`]);
    expect(row).toMatchObject({ id: expect.any(String) });
    await sql(`delete from public.outbound_messages where id = $1`, [(row as { id: string }).id]);
  });
});

describe('system alerts', () => {
  it('a run failed in the last 7 days is an alert for the pharmacy\'s staff; one failed 8 days ago is not', async () => {
    const run = await insertRun(b.id, { schedule: 'weekly' });
    await sql(`update public.scheduled_report_runs set status = 'failed', finished_at = now(), detail = 'boom' where id = $1`, [run]);
    const { data, error } = await b.pharmacist.client.rpc('reports_system_alerts');
    expect(error).toBeNull();
    expect((data as Array<{ kind: string }>).filter((alert) => alert.kind === 'scheduled_reports_failed')).toEqual([{
      kind: 'scheduled_reports_failed', severity: 'error', title: 'Scheduled reports failed',
      detail: '1 scheduled report run failed in the last 7 days.', count: 1, link: '/reports#scheduled-reports',
    }]);
    await sql(`update public.scheduled_report_runs set finished_at = now() - interval '8 days' where pharmacy_id = $1 and status = 'failed'`, [a.id]);
    const other = await a.pharmacist.client.rpc('reports_system_alerts');
    expect((other.data as Array<{ kind: string }>).map((alert) => alert.kind)).not.toContain('scheduled_reports_failed');
  });
});

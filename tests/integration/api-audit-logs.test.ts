/**
 * GET /api/audit-logs (spec part 2 §7 "Security manager", §9 page size 100) through supabase-js as the web app
 * calls it (the typed invoker) and raw: the admin reads their pharmacy's log newest first, 100 at a time by
 * default, pages back with the last entry's timestamp and id without gaps or repeats, filters by user, action,
 * patient and date; another pharmacy's entries never appear; pharmacist, technician and anon are refused; a bad
 * query is 400 with the shared schema's messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAuditLogsEndpoint } from '../../shared/src/api/audit-logs.ts';
import type { ApiQueryParams } from '../../shared/src/api/endpoint.ts';
import { AUDIT_LOG_ADMIN_ONLY_MESSAGE, AUDIT_LOG_MESSAGES, type AuditLogEntry } from '../../shared/src/security/audit-log.ts';
import { ApiError } from '../../web/src/lib/api-error.ts';
import { createApiInvoker } from '../../web/src/lib/api-invoker.ts';
import { callApi } from '../support/api-call.ts';
import { closeSql, createTestClient, sql } from '../support/stack-env.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';

let a: TestPharmacy;
let b: TestPharmacy;
const PATIENT = '3c9d2e7f-4a1b-4c5d-8e6f-7a8b9c0d1e2f';

/** The oracle: a pharmacy's entry ids in page order, straight from the table (as the owner). */
async function expectedIds(pharmacyId: string, where = 'true', params: unknown[] = []): Promise<number[]> {
  const rows = await sql<{ id: string }>(
    `select id from public.audit_log a where a.pharmacy_id = $1 and (${where}) order by a.created_at desc, a.id desc`,
    [pharmacyId, ...params],
  );
  return rows.map((row) => Number(row.id));
}

type Query = ApiQueryParams<typeof listAuditLogsEndpoint>;

/** Every page through the invoker, following the cursor. */
async function readAll(pharmacy: TestPharmacy, filters: Query, limit: number): Promise<AuditLogEntry[]> {
  const invoke = createApiInvoker(pharmacy.admin.client);
  const entries: AuditLogEntry[] = [];
  let cursor: Query = {};
  for (;;) {
    const page = await invoke(listAuditLogsEndpoint, { ...filters, ...cursor, limit });
    entries.push(...page);
    if (page.length < limit) return entries;
    const last = page.at(-1)!;
    cursor = { beforeTimestamp: last.timestamp, beforeId: last.id };
  }
}

beforeAll(async () => {
  [a, b] = [await createPharmacy('Audit API Pharmacy A'), await createPharmacy('Audit API Pharmacy B')];
  // 130 entries in each pharmacy in June 2025 (Illinois: UTC-5), pairs sharing a timestamp.
  for (const pharmacy of [a, b]) {
    await sql(
      `insert into public.audit_log (pharmacy_id, actor_user_id, patient_id, action, entity_type, description, ip_address, success, created_at)
       select $1, case when i % 2 = 0 then $2::uuid end, case when i % 4 = 0 then $3::uuid end,
              case when i % 3 = 0 then 'label_printed' else 'sign_in' end, 'test', 'API entry ' || i,
              '198.51.100.9'::inet, i % 5 <> 0, timestamptz '2025-06-10 12:00+00' + (i / 2) * interval '1 hour'
       from generate_series(1, 130) i`,
      [pharmacy.id, pharmacy.pharmacist.id, PATIENT],
    );
  }
}, 120_000);

afterAll(closeSql);

describe('GET /api/audit-logs', () => {
  it('gives the admin the newest 100 by default, newest first, with the spec fields', async () => {
    const page = await createApiInvoker(a.admin.client)(listAuditLogsEndpoint);
    expect(page).toHaveLength(100);
    expect(page.map((entry) => entry.id)).toEqual((await expectedIds(a.id)).slice(0, 100));
    const raw = await callApi<AuditLogEntry[]>(a.admin.client, 'audit-logs?limit=100');
    expect(raw.status).toBe(200);
    expect(raw.body).toEqual(page);
    const signIn = (await readAll(a, { action: 'sign_in' }, 100)).find((entry) => entry.description === 'API entry 10')!;
    expect(signIn).toEqual({
      id: expect.any(Number), timestamp: expect.any(String), userId: a.pharmacist.id, userName: `Phil Pharmacist of ${a.name}`,
      action: 'sign_in', description: 'API entry 10', patientId: null, ipAddress: '198.51.100.9', success: false,
    });
    const unknown = (await readAll(a, { action: 'sign_in' }, 100)).find((entry) => entry.description === 'API entry 11')!;
    expect(unknown).toMatchObject({ userId: null, userName: null, success: true });
  });

  it('pages back with the cursor through the whole log without gaps or repeats', async () => {
    const ids = (await readAll(a, {}, 9)).map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(await expectedIds(a.id));
  });

  it('filters by user, action, patient and days', async () => {
    expect((await readAll(a, { userId: a.pharmacist.id }, 20)).map((entry) => entry.id))
      .toEqual(await expectedIds(a.id, 'a.actor_user_id = $2', [a.pharmacist.id]));
    expect((await readAll(a, { action: 'label_printed' }, 20)).map((entry) => entry.id))
      .toEqual(await expectedIds(a.id, `a.action = 'label_printed'`));
    const patient = await readAll(a, { patientId: PATIENT }, 20);
    expect(patient).toHaveLength(32);
    expect(patient.map((entry) => entry.id)).toEqual(await expectedIds(a.id, 'a.patient_id = $2', [PATIENT]));
    // 2025-06-11 in Chicago: [05:00Z on the 11th, 05:00Z on the 12th).
    expect((await readAll(a, { from: '2025-06-11', to: '2025-06-11', userId: a.pharmacist.id }, 20)).map((entry) => entry.id))
      .toEqual(await expectedIds(a.id, `a.created_at >= '2025-06-11 05:00+00' and a.created_at < '2025-06-12 05:00+00' and a.actor_user_id = $2`, [a.pharmacist.id]));
  });

  it("never gives another pharmacy's entries", async () => {
    const ids = (await readAll(b, {}, 100)).map((entry) => entry.id);
    expect(ids).toEqual(await expectedIds(b.id));
    const aIds = new Set(await expectedIds(a.id));
    expect(ids.filter((id) => aIds.has(id))).toEqual([]);
    expect(await createApiInvoker(b.admin.client)(listAuditLogsEndpoint, { userId: a.pharmacist.id })).toEqual([]);
  });

  it('refuses the pharmacist and the technician with 403, and anon with 401', async () => {
    for (const staff of [a.pharmacist, a.technician]) {
      expect(await callApi(staff.client, 'audit-logs?limit=100')).toEqual({ status: 403, body: { error: AUDIT_LOG_ADMIN_ONLY_MESSAGE } });
      const failure = await createApiInvoker(staff.client)(listAuditLogsEndpoint).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ApiError);
      expect(failure).toMatchObject({ status: 403, message: AUDIT_LOG_ADMIN_ONLY_MESSAGE });
    }
    expect(await callApi(createTestClient(), 'audit-logs')).toEqual({ status: 401, body: { error: 'Unauthorized' } });
  });

  it("answers a bad query 400 with the schema's messages", async () => {
    expect(await callApi(a.admin.client, 'audit-logs?limit=101')).toEqual({
      status: 400, body: { error: 'Validation failed', errors: [AUDIT_LOG_MESSAGES.limit], details: { fields: [{ path: 'limit', message: AUDIT_LOG_MESSAGES.limit }] } },
    });
    expect(await callApi(a.admin.client, 'audit-logs?beforeId=5&from=2025-06-12&to=2025-06-11')).toEqual({
      status: 400,
      body: {
        error: 'Validation failed',
        errors: [AUDIT_LOG_MESSAGES.cursor, AUDIT_LOG_MESSAGES.dateOrder],
        // Rules across parameters: of the whole query, no one field.
        details: { fields: [{ path: '', message: AUDIT_LOG_MESSAGES.cursor }, { path: '', message: AUDIT_LOG_MESSAGES.dateOrder }] },
      },
    });
  });
});

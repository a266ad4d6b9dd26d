/**
 * System Settings → Billing through GET and PUT /api/system-settings/billing, as the admin's screen calls them: a
 * group never saved reads as the defaults the claims apply ($12.50, 80%, 14 days); a save is stored as the
 * pharmacy's 'billing' row (what private.billing_settings reads), read back, and audited field by field; each bound
 * is refused with its sentence at its field and changes nothing; only the pharmacy's admin reads and saves it, and
 * another pharmacy's admin sees only their own.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_ADMIN_ONLY_MESSAGE, SETTINGS_READ_REFUSED_MESSAGE } from '../../shared/src/api/system-settings.ts';
import { BILLING_SETTINGS_DEFAULTS } from '../../shared/src/settings/billing.ts';
import { callApi } from '../support/api-call.ts';
import { closeSql, sql } from '../support/stack-env.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';

type Plain = Record<string, unknown>;

let a: TestPharmacy;
let b: TestPharmacy;

beforeAll(async () => {
  a = await createPharmacy('Billing Settings Pharmacy A');
  b = await createPharmacy('Billing Settings Pharmacy B');
}, 120_000);

afterAll(closeSql);

const getBilling = (client: SupabaseClient) => callApi<Plain>(client, 'system-settings/billing');
const saveBilling = (client: SupabaseClient, body: unknown) => callApi<Plain>(client, 'system-settings/billing', { method: 'PUT', body });

/** The pharmacy's stored billing row, as the database's rules read it (private.pharmacy_settings_values). */
async function storedBilling(pharmacyId: string): Promise<unknown> {
  const [row] = await sql<{ v: unknown }>(`select private.pharmacy_settings_values($1, 'billing') as v`, [pharmacyId]);
  return row!.v;
}

/** The field paths and messages of a 400 (the api's `details.fields`). */
function refusedFields(body: unknown): { path: string; message: string }[] {
  return ((body as { details?: { fields?: { path: string; message: string }[] } }).details?.fields ?? [])
    .map(({ path, message }) => ({ path, message }));
}

describe('Billing settings through the api', () => {
  it('a group never saved reads as the defaults: a $12.50 dispensing fee, 80% coverage, 14 days to return to stock', async () => {
    expect(await getBilling(a.admin.client)).toEqual({ status: 200, body: { dispensingFeeCents: 1250, defaultCoveragePercent: 80, returnToStockDays: 14 } });
    expect(BILLING_SETTINGS_DEFAULTS).toEqual({ dispensingFeeCents: 1250, defaultCoveragePercent: 80, returnToStockDays: 14 });
    expect(await storedBilling(a.id)).toEqual({});
  });

  it('the admin saves the group; it is stored as the billing row, read back, and audited field by field', async () => {
    const first = { dispensingFeeCents: 1075, defaultCoveragePercent: 70, returnToStockDays: 10 };
    expect(await saveBilling(a.admin.client, first)).toEqual({ status: 200, body: first });
    expect(await getBilling(a.admin.client)).toEqual({ status: 200, body: first });
    expect(await storedBilling(a.id)).toEqual(first);
    expect(await sql(`select settings, updated_by from public.pharmacy_settings where pharmacy_id = $1 and group_key = 'billing'`, [a.id]))
      .toEqual([{ settings: first, updated_by: a.admin.id }]);

    // The bounds themselves are taken: a free dispensing, the $1,000.00 ceiling, no coverage, 1 and 60 days.
    for (const edge of [
      { dispensingFeeCents: 0, defaultCoveragePercent: 0, returnToStockDays: 1 },
      { dispensingFeeCents: 100_000, defaultCoveragePercent: 100, returnToStockDays: 60 },
    ]) {
      expect(await saveBilling(a.admin.client, edge)).toEqual({ status: 200, body: edge });
    }

    const second = { dispensingFeeCents: 1250, defaultCoveragePercent: 70, returnToStockDays: 21 };
    expect((await saveBilling(a.admin.client, second)).status).toBe(200);
    const [audit] = await sql<{ actor_user_id: string; details: Plain }>(
      `select actor_user_id, details from public.audit_log
        where pharmacy_id = $1 and entity_type = 'system_settings' and entity_id = 'billing' order by id desc limit 1`, [a.id]);
    expect(audit).toEqual({
      actor_user_id: a.admin.id,
      details: {
        group: 'billing',
        changedFields: ['defaultCoveragePercent', 'dispensingFeeCents', 'returnToStockDays'],
        changes: {
          defaultCoveragePercent: { old: 100, new: 70 },
          dispensingFeeCents: { old: 100_000, new: 1250 },
          returnToStockDays: { old: 60, new: 21 },
        },
        secretsChanged: [],
      },
    });
    expect(await getBilling(a.admin.client)).toEqual({ status: 200, body: second });
  });

  it('each value out of bounds is refused with its sentence at its field, and nothing changes', async () => {
    const before = await getBilling(a.admin.client);
    const cases: { body: Plain; path: string; message: string }[] = [
      { body: { dispensingFeeCents: 100_001 }, path: 'dispensingFeeCents', message: 'Dispensing fee must be an amount in dollars and cents from $0.00 to $1,000.00' },
      { body: { dispensingFeeCents: -1 }, path: 'dispensingFeeCents', message: 'Dispensing fee must be an amount in dollars and cents from $0.00 to $1,000.00' },
      // Dollars sent where cents belong: 12.5 is no whole number of cents.
      { body: { dispensingFeeCents: 12.5 }, path: 'dispensingFeeCents', message: 'Dispensing fee must be an amount in dollars and cents from $0.00 to $1,000.00' },
      { body: { defaultCoveragePercent: 101 }, path: 'defaultCoveragePercent', message: 'Default insurance coverage must be a whole number from 0 to 100 percent' },
      { body: { returnToStockDays: 0 }, path: 'returnToStockDays', message: 'Return to stock must be a whole number of days from 1 to 60' },
      { body: { returnToStockDays: 61 }, path: 'returnToStockDays', message: 'Return to stock must be a whole number of days from 1 to 60' },
    ];
    for (const { body, path, message } of cases) {
      expect(await saveBilling(a.admin.client, { ...before.body, ...body }), JSON.stringify(body))
        .toEqual({ status: 400, body: { error: 'Validation failed', errors: [message], details: { fields: [{ path, message }] } } });
    }
    const all = await saveBilling(a.admin.client, { dispensingFeeCents: '12.50', defaultCoveragePercent: -5, returnToStockDays: 90 });
    expect(refusedFields(all.body).map((field) => field.path)).toEqual(['dispensingFeeCents', 'defaultCoveragePercent', 'returnToStockDays']);
    expect(await getBilling(a.admin.client)).toEqual(before);
  });

  it('only the admin reads and saves the group; another pharmacy\'s admin reads and saves only their own', async () => {
    const saved = (await getBilling(a.admin.client)).body;
    for (const role of ['pharmacist', 'technician'] as const) {
      expect(await getBilling(a[role].client), role).toEqual({ status: 403, body: { error: SETTINGS_READ_REFUSED_MESSAGE } });
      expect(await saveBilling(a[role].client, { dispensingFeeCents: 1, defaultCoveragePercent: 1, returnToStockDays: 1 }), role)
        .toEqual({ status: 403, body: { error: SETTINGS_ADMIN_ONLY_MESSAGE } });
    }
    // The database refuses them too, whatever the client: the row is the admin's alone.
    for (const role of ['pharmacist', 'technician'] as const) {
      const { error } = await a[role].client.rpc('save_settings_group', { group_key: 'billing', settings: { dispensingFeeCents: 1 }, secret_changes: {} });
      expect(error?.code, role).toBe('42501');
      expect((await a[role].client.from('pharmacy_settings').select('group_key').eq('group_key', 'billing')).data, role).toEqual([]);
    }

    expect(await getBilling(b.admin.client)).toEqual({ status: 200, body: BILLING_SETTINGS_DEFAULTS });
    const own = { dispensingFeeCents: 999, defaultCoveragePercent: 50, returnToStockDays: 7 };
    expect(await saveBilling(b.admin.client, own)).toEqual({ status: 200, body: own });
    expect(await getBilling(a.admin.client)).toEqual({ status: 200, body: saved });
    expect(await storedBilling(b.id)).toEqual(own);
  });
});

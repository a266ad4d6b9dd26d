/**
 * The pharmacy logo's bucket and policies (migration 20261125000500_pharmacy_logo), command by command, as real users
 * through supabase-js's storage client: `pharmacy-logos/<pharmacy_id>/logo` is read by every active staff member of
 * that pharmacy and uploaded, replaced and removed only by its admins; another pharmacy and anon do nothing with it,
 * and no other object name in the bucket is writable but an SVG logo's print rendition `<pharmacy_id>/logo-print.png`
 * (migration 20261130009900_logo_print_rendition), under the same rules. The bucket's limits are the shared constants.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHARMACY_LOGO_MAX_BYTES, PHARMACY_LOGO_MIME_TYPES, PHARMACY_LOGOS_BUCKET, pharmacyLogoPath } from '../../shared/src/settings/pharmacy-logo.ts';
import { pharmacyLogoPrintPath } from '../../shared/src/settings/pharmacy-logo-print.ts';
import { closeSql, createServiceClient, createTestClient, sql } from '../support/stack-env.ts';
import { createPharmacy, type StaffRole, type TestPharmacy } from './db-fixtures.ts';

let a: TestPharmacy;
let b: TestPharmacy;
let anon: SupabaseClient;
const ROLES: StaffRole[] = ['admin', 'pharmacist', 'technician'];
const bucket = (client: SupabaseClient) => client.storage.from(PHARMACY_LOGOS_BUCKET);
const png = (content = 'png logo') => new Blob([content], { type: 'image/png' });

beforeAll(async () => {
  anon = createTestClient();
  [a, b] = [await createPharmacy('Logo Pharmacy A'), await createPharmacy('Logo Pharmacy B')];
}, 120_000);

afterAll(closeSql);

async function storedContent(name: string): Promise<string | null> {
  const { data } = await bucket(createServiceClient()).download(name);
  return data ? data.text() : null;
}

async function putAsService(name: string, content = 'original logo'): Promise<void> {
  const { error } = await bucket(createServiceClient()).upload(name, png(content), { upsert: true });
  expect(error).toBeNull();
}

async function readable(client: SupabaseClient, name: string): Promise<boolean> {
  const { data } = await bucket(client).download(name);
  return data !== null;
}

describe('pharmacy-logos bucket', () => {
  it('is private with the shared limits (2 MB; PNG, JPEG, SVG)', async () => {
    const [row] = await sql('select public, file_size_limit, allowed_mime_types from storage.buckets where id = $1', [PHARMACY_LOGOS_BUCKET]);
    expect(row).toEqual({ public: false, file_size_limit: String(PHARMACY_LOGO_MAX_BYTES), allowed_mime_types: [...PHARMACY_LOGO_MIME_TYPES] });
  });

  it('refuses other types and files over 2 MB, even from an admin writing straight to Storage', async () => {
    const name = pharmacyLogoPath(a.id);
    const gif = await bucket(a.admin.client).upload(name, new Blob(['GIF89a'], { type: 'image/gif' }), { upsert: true });
    expect(gif.error).toMatchObject({ statusCode: '415' });
    const big = await bucket(a.admin.client).upload(name, new Blob([new Uint8Array(PHARMACY_LOGO_MAX_BYTES + 1)], { type: 'image/png' }), { upsert: true });
    expect(big.error).toMatchObject({ statusCode: '413' });
    expect(await storedContent(name)).toBeNull();
  });
});

describe('storage.objects in pharmacy-logos', () => {
  it("select: every staff member of the pharmacy reads its logo; another pharmacy and anon do not", async () => {
    const name = pharmacyLogoPath(a.id);
    await putAsService(name);
    for (const role of ROLES) expect(await readable(a[role].client, name), `A ${role}`).toBe(true);
    for (const role of ROLES) expect(await readable(b[role].client, name), `B ${role}`).toBe(false);
    expect(await readable(anon, name)).toBe(false);
    expect((await bucket(a.technician.client).list(a.id)).data?.map((entry) => entry.name)).toEqual(['logo']);
    expect((await bucket(b.admin.client).list(a.id)).data).toEqual([]);
    expect((await bucket(a.pharmacist.client).createSignedUrl(name, 60)).error).toBeNull();
    expect((await bucket(b.admin.client).createSignedUrl(name, 60)).error?.message).toBe('Object not found');
  });

  it("select: a deactivated staff member reads nothing", async () => {
    const name = pharmacyLogoPath(a.id);
    await putAsService(name);
    await sql('update public.staff_profiles set is_active = false where user_id = $1', [a.technician.id]);
    try {
      // Their access token is still a valid JWT until it expires; the policies see no active staff member.
      expect(await readable(a.technician.client, name)).toBe(false);
    } finally {
      await sql('update public.staff_profiles set is_active = true where user_id = $1', [a.technician.id]);
    }
  });

  it("insert: only the pharmacy's admin uploads, and only as <own pharmacy>/logo", async () => {
    const name = pharmacyLogoPath(a.id);
    await bucket(createServiceClient()).remove([name]);
    for (const role of ['pharmacist', 'technician'] as const) {
      expect((await bucket(a[role].client).upload(name, png())).error, role).toMatchObject({ statusCode: '403' });
    }
    expect((await bucket(b.admin.client).upload(name, png())).error).toMatchObject({ statusCode: '403' });
    expect((await bucket(anon).upload(name, png())).error).toMatchObject({ statusCode: '403' });
    for (const other of [pharmacyLogoPath(b.id), `${a.id}/logo.png`, `${a.id}/nested/logo`, 'logo', `${a.id}/logo/x`]) {
      expect((await bucket(a.admin.client).upload(other, png())).error, other).toMatchObject({ statusCode: '403' });
      expect(await storedContent(other), other).toBeNull();
    }
    expect(await storedContent(name)).toBeNull();
    expect((await bucket(a.admin.client).upload(name, png('by admin'))).error).toBeNull();
    expect(await storedContent(name)).toBe('by admin');
  });

  it("update: only the pharmacy's admin replaces the logo (upsert)", async () => {
    const name = pharmacyLogoPath(a.id);
    await putAsService(name, 'original logo');
    expect((await bucket(a.pharmacist.client).upload(name, png('by pharmacist'), { upsert: true })).error).toMatchObject({ statusCode: '403' });
    expect((await bucket(a.technician.client).update(name, png('by technician'))).error).toMatchObject({ statusCode: '403' });
    expect((await bucket(b.admin.client).upload(name, png('by other admin'), { upsert: true })).error).toMatchObject({ statusCode: '403' });
    expect(await storedContent(name)).toBe('original logo');
    expect((await bucket(a.admin.client).upload(name, png('renewed'), { upsert: true })).error).toBeNull();
    expect(await storedContent(name)).toBe('renewed');
  });

  it("delete: only the pharmacy's admin removes the logo", async () => {
    const name = pharmacyLogoPath(a.id);
    await putAsService(name);
    for (const client of [a.pharmacist.client, a.technician.client, b.admin.client, anon]) {
      expect((await bucket(client).remove([name])).data).toEqual([]);
      expect(await storedContent(name)).not.toBeNull();
    }
    expect((await bucket(a.admin.client).remove([name])).data?.map((row) => row.name)).toEqual([name]);
    expect(await storedContent(name)).toBeNull();
  });
});

describe("an SVG logo's print rendition (<pharmacy_id>/logo-print.png, migration 20261130009900)", () => {
  it('the same rules as the logo: staff of the pharmacy read it, only its admin writes and removes it', async () => {
    const name = pharmacyLogoPrintPath(a.id);
    await bucket(createServiceClient()).remove([name]);
    for (const client of [a.pharmacist.client, a.technician.client, b.admin.client, anon]) {
      expect((await bucket(client).upload(name, png('not an admin'))).error).toMatchObject({ statusCode: '403' });
    }
    expect((await bucket(b.admin.client).upload(pharmacyLogoPrintPath(b.id), png('B rendition'))).error).toBeNull();
    for (const other of [`${a.id}/logo-print.jpg`, `${a.id}/logo-print.png/x`, `${a.id}/print/logo-print.png`, 'logo-print.png']) {
      expect((await bucket(a.admin.client).upload(other, png())).error, other).toMatchObject({ statusCode: '403' });
    }
    expect((await bucket(a.admin.client).upload(name, png('rendition'))).error).toBeNull();
    expect((await bucket(a.admin.client).upload(name, png('redrawn'), { upsert: true })).error).toBeNull();
    expect(await storedContent(name)).toBe('redrawn');
    for (const role of ROLES) expect(await readable(a[role].client, name), `A ${role}`).toBe(true);
    for (const role of ROLES) expect(await readable(b[role].client, name), `B ${role}`).toBe(false);
    expect(await readable(anon, name)).toBe(false);
    for (const client of [a.pharmacist.client, a.technician.client, b.admin.client]) expect((await bucket(client).remove([name])).data).toEqual([]);
    expect((await bucket(a.admin.client).remove([name])).data?.map((row) => row.name)).toEqual([name]);
    expect(await storedContent(name)).toBeNull();
    await bucket(createServiceClient()).remove([pharmacyLogoPrintPath(b.id)]);
  });
});

describe('public.record_pharmacy_logo_change', () => {
  const lastEntry = async (pharmacyId: string) =>
    (await sql(`select action, actor_user_id, details from public.audit_log where pharmacy_id = $1 and action like 'pharmacy_logo_%' order by id desc limit 1`, [pharmacyId]))[0];

  it("records what Storage holds for the pharmacy's admin, whatever the caller might claim", async () => {
    const name = pharmacyLogoPath(a.id);
    await putAsService(name, 'stored logo');
    expect(await a.admin.client.rpc('record_pharmacy_logo_change')).toMatchObject({ data: 'pharmacy_logo_uploaded', error: null });
    expect(await lastEntry(a.id)).toEqual({ action: 'pharmacy_logo_uploaded', actor_user_id: a.admin.id, details: { contentType: 'image/png', size: 11 } });
    await bucket(createServiceClient()).remove([name]);
    expect(await a.admin.client.rpc('record_pharmacy_logo_change')).toMatchObject({ data: 'pharmacy_logo_removed', error: null });
    expect(await lastEntry(a.id)).toEqual({ action: 'pharmacy_logo_removed', actor_user_id: a.admin.id, details: {} });
  });

  it('is refused to pharmacists, technicians and anon, and records nothing for them', async () => {
    const before = await sql(`select count(*)::int as n from public.audit_log where action like 'pharmacy_logo_%'`);
    for (const client of [a.pharmacist.client, a.technician.client]) {
      expect((await client.rpc('record_pharmacy_logo_change')).error).toMatchObject({ code: '42501' });
    }
    expect((await anon.rpc('record_pharmacy_logo_change')).error).not.toBeNull();
    expect(await sql(`select count(*)::int as n from public.audit_log where action like 'pharmacy_logo_%'`)).toEqual(before);
  });
});

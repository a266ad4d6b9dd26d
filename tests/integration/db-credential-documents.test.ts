/**
 * Credential documents (migration 20261124000300_credential_documents): the private `credential-documents` bucket and
 * the RLS policies on storage.objects, command by command, as real users through supabase-js's storage client —
 * the admin, pharmacist and technician of pharmacy A, the staff of pharmacy B, anon. Objects are
 * `<pharmacy_id>/<user_id>/<file>`: the pharmacy's admins read and write them, the staff member reads their own,
 * nobody else (least of all another pharmacy) reads, lists, signs, uploads, replaces or removes one.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CREDENTIAL_DOCUMENT_MAX_BYTES,
  CREDENTIAL_DOCUMENT_TYPES,
  CREDENTIAL_DOCUMENTS_BUCKET,
  credentialDocumentFolder,
  licenseDocumentPath,
} from '../../shared/src/security/credential-documents.ts';
import { closeSql, createServiceClient, createTestClient, sql } from '../support/stack-env.ts';
import { createPharmacy, type StaffRole, type TestPharmacy } from './db-fixtures.ts';

let a: TestPharmacy;
let b: TestPharmacy;
let anon: SupabaseClient;
const ROLES: StaffRole[] = ['admin', 'pharmacist', 'technician'];
const bucket = (client: SupabaseClient) => client.storage.from(CREDENTIAL_DOCUMENTS_BUCKET);
const pdf = (content = '%PDF-1.4 license') => new Blob([content], { type: 'application/pdf' });

beforeAll(async () => {
  anon = createTestClient();
  [a, b] = [await createPharmacy('Credentials Pharmacy A'), await createPharmacy('Credentials Pharmacy B')];
}, 120_000);

afterAll(async () => {
  await closeSql();
});

async function stored(name: string): Promise<boolean> {
  return (await sql('select 1 from storage.objects where bucket_id = $1 and name = $2', [CREDENTIAL_DOCUMENTS_BUCKET, name])).length === 1;
}

/** Puts a document in place as the service role (fixtures for the read, update and delete cases). */
async function putAsService(name: string, content = '%PDF-1.4 original'): Promise<void> {
  const { error } = await bucket(createServiceClient()).upload(name, pdf(content), { upsert: true });
  expect(error).toBeNull();
}

async function readable(client: SupabaseClient, name: string): Promise<boolean> {
  const { data } = await bucket(client).download(name);
  return data !== null;
}

describe('credential-documents bucket', () => {
  it('is private with the limits the web checks (10 MB; PDF, PNG, JPEG)', async () => {
    const [row] = await sql('select public, file_size_limit, allowed_mime_types from storage.buckets where id = $1', [CREDENTIAL_DOCUMENTS_BUCKET]);
    expect(row).toEqual({ public: false, file_size_limit: String(CREDENTIAL_DOCUMENT_MAX_BYTES), allowed_mime_types: Object.keys(CREDENTIAL_DOCUMENT_TYPES) });
  });

  it('refuses other file types and files over 10 MB, even for an admin', async () => {
    const name = licenseDocumentPath(a.id, a.pharmacist.id, 'application/pdf');
    const text = await bucket(a.admin.client).upload(name, new Blob(['hello'], { type: 'text/plain' }), { upsert: true });
    expect(text.error).toMatchObject({ statusCode: '415' });
    const big = await bucket(a.admin.client).upload(name, new Blob([new Uint8Array(CREDENTIAL_DOCUMENT_MAX_BYTES + 1)], { type: 'application/pdf' }), { upsert: true });
    expect(big.error).toMatchObject({ statusCode: '413' });
    expect(await stored(name)).toBe(false);
  });
});

describe('storage.objects in credential-documents', () => {
  it("select: the pharmacy's admin and the staff member read the document; colleagues, another pharmacy and anon do not", async () => {
    const name = licenseDocumentPath(a.id, a.pharmacist.id, 'application/pdf');
    await putAsService(name);
    expect(await readable(a.admin.client, name)).toBe(true);
    expect(await readable(a.pharmacist.client, name)).toBe(true);
    expect(await readable(a.technician.client, name)).toBe(false);
    for (const role of ROLES) expect(await readable(b[role].client, name), `B ${role}`).toBe(false);
    expect(await readable(anon, name)).toBe(false);

    const folder = credentialDocumentFolder(a.id, a.pharmacist.id);
    expect((await bucket(a.admin.client).list(folder)).data?.map((entry) => entry.name)).toEqual(['license.pdf']);
    expect((await bucket(a.pharmacist.client).list(folder)).data?.map((entry) => entry.name)).toEqual(['license.pdf']);
    expect((await bucket(a.technician.client).list(folder)).data).toEqual([]);
    expect((await bucket(b.admin.client).list(folder)).data).toEqual([]);
    expect((await bucket(b.admin.client).list(a.id)).data).toEqual([]);

    expect((await bucket(a.admin.client).createSignedUrl(name, 60)).error).toBeNull();
    expect((await bucket(b.admin.client).createSignedUrl(name, 60)).error?.message).toBe('Object not found');
    expect((await bucket(a.technician.client).createSignedUrl(name, 60)).error?.message).toBe('Object not found');
  });

  it("insert: only the pharmacy's admin uploads, and only into a staff member's folder of that pharmacy", async () => {
    const forTechnician = licenseDocumentPath(a.id, a.technician.id, 'image/png');
    const png = new Blob(['png bytes'], { type: 'image/png' });
    expect((await bucket(a.admin.client).upload(forTechnician, png)).error).toBeNull();
    expect(await stored(forTechnician)).toBe(true);

    const own = licenseDocumentPath(a.id, a.pharmacist.id, 'image/jpeg');
    const jpeg = new Blob(['jpeg bytes'], { type: 'image/jpeg' });
    for (const role of ['pharmacist', 'technician'] as const) {
      const { error } = await bucket(a[role].client).upload(licenseDocumentPath(a.id, a[role].id, 'image/jpeg'), jpeg);
      expect(error, role).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
    }
    expect((await bucket(b.admin.client).upload(own, jpeg)).error).toMatchObject({ statusCode: '403' });
    expect((await bucket(anon).upload(own, jpeg)).error).toMatchObject({ statusCode: '403' });
    // Pharmacy A's admin cannot file under another pharmacy, nor under someone who is not A's staff, nor off the layout.
    const refused = [
      licenseDocumentPath(b.id, b.pharmacist.id, 'image/jpeg'),
      licenseDocumentPath(a.id, b.pharmacist.id, 'image/jpeg'),
      `${a.id}/${a.pharmacist.id}/nested/license.jpg`,
      `${a.id}/license.jpg`,
    ];
    for (const name of refused) {
      expect((await bucket(a.admin.client).upload(name, jpeg)).error, name).toMatchObject({ statusCode: '403' });
      expect(await stored(name), name).toBe(false);
    }
    expect(await stored(own)).toBe(false);
  });

  it("update: only the pharmacy's admin replaces a document (upsert)", async () => {
    const name = licenseDocumentPath(a.id, a.pharmacist.id, 'application/pdf');
    await putAsService(name, '%PDF-1.4 original');
    expect((await bucket(a.pharmacist.client).upload(name, pdf('%PDF-1.4 by pharmacist'), { upsert: true })).error).toMatchObject({ statusCode: '403' });
    expect((await bucket(a.technician.client).update(name, pdf('%PDF-1.4 by technician'))).error).toMatchObject({ statusCode: '403' });
    expect((await bucket(b.admin.client).upload(name, pdf('%PDF-1.4 by other admin'), { upsert: true })).error).toMatchObject({ statusCode: '403' });
    expect(await (await bucket(a.admin.client).download(name)).data!.text()).toBe('%PDF-1.4 original');

    expect((await bucket(a.admin.client).upload(name, pdf('%PDF-1.4 renewed'), { upsert: true })).error).toBeNull();
    expect(await (await bucket(a.pharmacist.client).download(name)).data!.text()).toBe('%PDF-1.4 renewed');
  });

  it("delete: only the pharmacy's admin removes a document", async () => {
    const name = licenseDocumentPath(a.id, a.pharmacist.id, 'application/pdf');
    await putAsService(name);
    for (const client of [a.pharmacist.client, a.technician.client, b.admin.client, anon]) {
      expect((await bucket(client).remove([name])).data).toEqual([]);
      expect(await stored(name)).toBe(true);
    }
    const removed = await bucket(a.admin.client).remove([name]);
    expect(removed.data?.map((row) => row.name)).toEqual([name]);
    expect(await stored(name)).toBe(false);
  });

  it("the Credentials tab's calls: one license copy per staff member, found by listing the folder, downloaded through a signed URL", async () => {
    const folder = credentialDocumentFolder(a.id, a.technician.id);
    const asPdf = licenseDocumentPath(a.id, a.technician.id, 'application/pdf');
    expect((await bucket(a.admin.client).upload(asPdf, pdf('%PDF-1.4 technician'), { upsert: true })).error).toBeNull();
    // Replaced by a JPEG: the tab uploads license.jpg and removes the other types.
    const asJpeg = licenseDocumentPath(a.id, a.technician.id, 'image/jpeg');
    expect((await bucket(a.admin.client).upload(asJpeg, new Blob(['jpeg'], { type: 'image/jpeg' }), { upsert: true })).error).toBeNull();
    const others = ['pdf', 'png'].map((extension) => `${folder}/license.${extension}`);
    expect((await bucket(a.admin.client).remove(others)).error).toBeNull();

    const listed = await bucket(a.admin.client).list(folder, { search: 'license.', sortBy: { column: 'updated_at', order: 'desc' } });
    expect(listed.data?.map((entry) => entry.name)).toEqual(['license.jpg']);
    const signed = await bucket(a.admin.client).createSignedUrl(asJpeg, 60, { download: 'Technician-license.jpg' });
    expect(signed.error).toBeNull();
    const response = await fetch(signed.data!.signedUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename=Technician-license.jpg');
    expect(await response.text()).toBe('jpeg');
    // The staff member's own view of their folder; another pharmacy's admin sees nothing there.
    expect((await bucket(a.technician.client).list(folder, { search: 'license.' })).data?.map((entry) => entry.name)).toEqual(['license.jpg']);
    expect((await bucket(b.admin.client).list(folder, { search: 'license.' })).data).toEqual([]);
  });
});

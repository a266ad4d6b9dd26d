/**
 * The pharmacy logo through the api function (shared/src/api/pharmacy-logo.ts), as the web app calls it: an admin
 * uploads PNG, JPG and SVG (one logo per pharmacy, replaced), the server judges the bytes and not the claimed type,
 * refuses 2 MB + 1 byte with the message, stores an SVG only sanitised, and lets only admins write (Storage's RLS,
 * answered 403) while every staff member reads it; another pharmacy neither reads nor writes it. Storing or removing
 * the logo removes an SVG's print rendition (`<pharmacy_id>/logo-print.png`).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPharmacyLogoEndpoint, type PharmacyLogoResponse, removePharmacyLogoEndpoint, uploadPharmacyLogoEndpoint } from '../../shared/src/api/pharmacy-logo.ts';
import { PHARMACY_LOGO_MAX_BYTES, PHARMACY_LOGO_MESSAGES, PHARMACY_LOGOS_BUCKET, pharmacyLogoPath } from '../../shared/src/settings/pharmacy-logo.ts';
import { callApi } from '../support/api-call.ts';
import { pharmacyLogoPrintPath } from '../../shared/src/settings/pharmacy-logo-print.ts';
import { closeSql, createTestClient, signedInClient, sql } from '../support/stack-env.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';

/** A 1 × 1 PNG and a 1 × 1 JPEG, as files are. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const JPEG_BASE64 =
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=';
const ATTACK_SVG = [
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 120 40" onload="alert(\'onload\')">',
  '<script>alert("script")</script>',
  '<a xlink:href="javascript:alert(\'href\')"><rect id="brand" width="120" height="40" fill="#0a7" onclick="alert(\'click\')"/></a>',
  '<foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>',
  '<image href="https://tracker.example/pixel.png" width="1" height="1"/>',
  '<text x="4" y="28">Main Street Pharmacy</text>',
  '</svg>',
].join('');

let a: TestPharmacy;
let b: TestPharmacy;

beforeAll(async () => {
  [a, b] = [await createPharmacy('Logo API Pharmacy A'), await createPharmacy('Logo API Pharmacy B')];
}, 120_000);

afterAll(closeSql);

const logoPath = (endpoint: { path: string }) => endpoint.path.replace(/^\/api\//, '');
const upload = (client: SupabaseClient, contentType: string, dataBase64: string) =>
  callApi<PharmacyLogoResponse & { error?: string; errors?: string[] }>(client, logoPath(uploadPharmacyLogoEndpoint), { method: 'POST', body: { contentType, dataBase64 } });
const read = (client: SupabaseClient) => callApi<PharmacyLogoResponse & { error?: string }>(client, logoPath(getPharmacyLogoEndpoint));
const remove = (client: SupabaseClient) => callApi<{ removed: boolean; error?: string }>(client, logoPath(removePharmacyLogoEndpoint), { method: 'POST' });

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const dataUriText = (dataUri: string) => Buffer.from(dataUri.slice(dataUri.indexOf(',') + 1), 'base64').toString('utf8');

async function storedLogos(pharmacyId: string): Promise<Array<{ name: string; mimetype: string; size: number }>> {
  return sql(
    `select name, metadata->>'mimetype' as mimetype, (metadata->>'size')::int as size from storage.objects where bucket_id = $1 and name like $2 || '/%' order by name`,
    [PHARMACY_LOGOS_BUCKET, pharmacyId],
  );
}

async function logoAudit(pharmacyId: string): Promise<Array<{ action: string; actor_user_id: string; details: Record<string, unknown> }>> {
  return sql(
    `select action, actor_user_id, details from public.audit_log where pharmacy_id = $1 and action like 'pharmacy_logo_%' order by id`,
    [pharmacyId],
  );
}

describe('POST /api/system-settings/pharmacy/logo', () => {
  it('an admin uploads a PNG; the answer and every staff member read it back', async () => {
    const answer = await upload(a.admin.client, 'image/png', PNG_BASE64);
    expect(answer.status).toBe(200);
    const expected = { contentType: 'image/png', size: Buffer.from(PNG_BASE64, 'base64').length, dataUri: `data:image/png;base64,${PNG_BASE64}` };
    expect(answer.body).toEqual({ logo: expected });
    for (const staff of [a.admin, a.pharmacist, a.technician]) {
      expect(await read(staff.client)).toEqual({ status: 200, body: { logo: expected } });
    }
    expect(await storedLogos(a.id)).toEqual([{ name: pharmacyLogoPath(a.id), mimetype: 'image/png', size: expected.size }]);
    expect(await logoAudit(a.id)).toEqual([
      { action: 'pharmacy_logo_uploaded', actor_user_id: a.admin.id, details: { contentType: 'image/png', size: expected.size } },
    ]);
  });

  it('a JPEG replaces it: one logo per pharmacy', async () => {
    const answer = await upload(a.admin.client, 'image/jpeg', JPEG_BASE64);
    expect(answer.status).toBe(200);
    expect(answer.body.logo?.dataUri).toBe(`data:image/jpeg;base64,${JPEG_BASE64}`);
    expect((await read(a.technician.client)).body.logo?.contentType).toBe('image/jpeg');
    expect(await storedLogos(a.id)).toEqual([{ name: pharmacyLogoPath(a.id), mimetype: 'image/jpeg', size: Buffer.from(JPEG_BASE64, 'base64').length }]);
  });

  it('stores an SVG without its script, handlers, javascript: link, foreignObject and external image', async () => {
    const answer = await upload(a.admin.client, 'image/svg+xml', base64(ATTACK_SVG));
    expect(answer.status).toBe(200);
    const stored = dataUriText(answer.body.logo!.dataUri);
    for (const bad of ['<script', 'onload', 'onclick', 'javascript:', 'foreignObject', 'tracker.example', '<image', 'alert']) {
      expect(stored, bad).not.toContain(bad);
    }
    expect(stored).toContain('<rect id="brand" width="120" height="40" fill="#0a7"/>');
    expect(stored).toContain('<text x="4" y="28">Main Street Pharmacy</text>');
    // What Storage holds is that sanitised copy, read back by a technician (labels print it) and downloaded directly.
    expect(dataUriText((await read(a.technician.client)).body.logo!.dataUri)).toBe(stored);
    const { data } = await a.pharmacist.client.storage.from(PHARMACY_LOGOS_BUCKET).download(pharmacyLogoPath(a.id));
    expect(await data!.text()).toBe(stored);
    expect(data!.type).toBe('image/svg+xml');
  });

  it("a new logo removes the SVG's print rendition that the admin's browser stored beside the old one", async () => {
    const rendition = pharmacyLogoPrintPath(a.id);
    const storeRendition = () => a.admin.client.storage
      .from(PHARMACY_LOGOS_BUCKET)
      .upload(rendition, new Blob([Buffer.from(PNG_BASE64, 'base64')], { type: 'image/png' }), { contentType: 'image/png', upsert: true });
    expect((await storeRendition()).error).toBeNull();
    expect((await storedLogos(a.id)).map((object) => object.name)).toEqual([pharmacyLogoPath(a.id), rendition]);
    // Another SVG (here the same one again): the rendition of the old one goes; the browser draws a new one.
    expect((await upload(a.admin.client, 'image/svg+xml', base64(ATTACK_SVG))).status).toBe(200);
    expect((await storedLogos(a.id)).map((object) => object.name)).toEqual([pharmacyLogoPath(a.id)]);
    // A PNG or JPEG logo prints itself: no rendition is left beside it either.
    expect((await storeRendition()).error).toBeNull();
    expect((await upload(a.admin.client, 'image/png', PNG_BASE64)).status).toBe(200);
    expect((await storedLogos(a.id)).map((object) => object.name)).toEqual([pharmacyLogoPath(a.id)]);
    expect((await upload(a.admin.client, 'image/svg+xml', base64(ATTACK_SVG))).status).toBe(200);
  });

  it('takes exactly 2 MB and refuses 2 MB + 1 byte with the message, changing nothing', async () => {
    const png = Buffer.from(PNG_BASE64, 'base64');
    const exactly = Buffer.alloc(PHARMACY_LOGO_MAX_BYTES);
    png.copy(exactly);
    const accepted = await upload(a.admin.client, 'image/png', exactly.toString('base64'));
    expect(accepted.status).toBe(200);
    expect(accepted.body.logo?.size).toBe(PHARMACY_LOGO_MAX_BYTES);

    await upload(a.admin.client, 'image/png', PNG_BASE64);
    const tooLarge = Buffer.alloc(PHARMACY_LOGO_MAX_BYTES + 1);
    png.copy(tooLarge);
    expect(await upload(a.admin.client, 'image/png', tooLarge.toString('base64'))).toEqual({
      status: 400,
      body: { error: 'Validation failed', errors: [PHARMACY_LOGO_MESSAGES.tooLarge], details: { fields: [{ path: 'dataBase64', message: PHARMACY_LOGO_MESSAGES.tooLarge }] } },
    });
    expect((await read(a.admin.client)).body.logo?.dataUri).toBe(`data:image/png;base64,${PNG_BASE64}`);
  });

  it('refuses a wrong type, by its declared type or by its bytes (a GIF, an .exe renamed .png, HTML as SVG)', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;', 'latin1');
    const exe = Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.alloc(64)]);
    const refused: Array<[string, Buffer, string]> = [
      ['image/gif', gif, PHARMACY_LOGO_MESSAGES.wrongType],
      ['image/png', gif, PHARMACY_LOGO_MESSAGES.contentMismatch],
      ['image/png', exe, PHARMACY_LOGO_MESSAGES.contentMismatch],
      ['image/jpeg', Buffer.from(PNG_BASE64, 'base64'), PHARMACY_LOGO_MESSAGES.contentMismatch],
      ['image/svg+xml', Buffer.from('<html><body><script>alert(1)</script></body></html>'), PHARMACY_LOGO_MESSAGES.invalidSvg],
      ['application/x-msdownload', exe, PHARMACY_LOGO_MESSAGES.wrongType],
    ];
    for (const [type, bytes, message] of refused) {
      // A declared type the schema refuses names its field; the bytes are judged after the schema, of no one field.
      const details = message === PHARMACY_LOGO_MESSAGES.wrongType ? { details: { fields: [{ path: 'contentType', message }] } } : {};
      expect(await upload(a.admin.client, type, bytes.toString('base64')), type).toEqual({ status: 400, body: { error: 'Validation failed', errors: [message], ...details } });
    }
    expect((await read(a.admin.client)).body.logo?.contentType).toBe('image/png');
  });

  it("refuses a pharmacist's and a technician's upload and removal (403), leaving the logo", async () => {
    const audited = (await logoAudit(a.id)).length;
    for (const staff of [a.pharmacist, a.technician]) {
      expect(await upload(staff.client, 'image/jpeg', JPEG_BASE64)).toEqual({ status: 403, body: { error: PHARMACY_LOGO_MESSAGES.notAdmin } });
      expect(await remove(staff.client)).toEqual({ status: 403, body: { error: PHARMACY_LOGO_MESSAGES.notAdmin } });
    }
    expect((await read(a.admin.client)).body.logo?.dataUri).toBe(`data:image/png;base64,${PNG_BASE64}`);
    expect(await logoAudit(a.id)).toHaveLength(audited);
  });

  it("another pharmacy's admin reads and writes only their own pharmacy's logo", async () => {
    expect(await read(b.admin.client)).toEqual({ status: 200, body: { logo: null } });
    expect((await upload(b.admin.client, 'image/jpeg', JPEG_BASE64)).status).toBe(200);
    expect(await storedLogos(b.id)).toEqual([expect.objectContaining({ name: pharmacyLogoPath(b.id), mimetype: 'image/jpeg' })]);
    expect((await read(a.technician.client)).body.logo?.contentType).toBe('image/png');
    expect((await read(b.technician.client)).body.logo?.contentType).toBe('image/jpeg');
    expect(await remove(b.admin.client)).toEqual({ status: 200, body: { removed: true } });
    expect((await read(a.admin.client)).body.logo?.contentType).toBe('image/png');
  });

  it('answers 401 without a signed-in user; a user who is not staff sees no logo and may not write one', async () => {
    const anon = createTestClient();
    expect((await read(anon)).status).toBe(401);
    expect((await upload(anon, 'image/png', PNG_BASE64)).status).toBe(401);
    const { client: outsider } = await signedInClient('no-staff');
    expect(await read(outsider)).toEqual({ status: 200, body: { logo: null } });
    expect(await upload(outsider, 'image/png', PNG_BASE64)).toEqual({ status: 403, body: { error: PHARMACY_LOGO_MESSAGES.notAdmin } });
    expect(await remove(outsider)).toEqual({ status: 403, body: { error: PHARMACY_LOGO_MESSAGES.notAdmin } });
  });

  it('an admin removes the logo; then there is none', async () => {
    const rendition = await a.admin.client.storage
      .from(PHARMACY_LOGOS_BUCKET)
      .upload(pharmacyLogoPrintPath(a.id), new Blob([Buffer.from(PNG_BASE64, 'base64')], { type: 'image/png' }), { contentType: 'image/png', upsert: true });
    expect(rendition.error).toBeNull();
    expect(await remove(a.admin.client)).toEqual({ status: 200, body: { removed: true } });
    expect(await read(a.technician.client)).toEqual({ status: 200, body: { logo: null } });
    expect(await storedLogos(a.id)).toEqual([]); // the print rendition with it
    expect(await remove(a.admin.client)).toEqual({ status: 200, body: { removed: false } });
    const audit = await logoAudit(a.id);
    expect(audit.at(-1)).toEqual({ action: 'pharmacy_logo_removed', actor_user_id: a.admin.id, details: {} });
    expect(audit.filter((entry) => entry.action === 'pharmacy_logo_removed')).toHaveLength(1);
  });
});

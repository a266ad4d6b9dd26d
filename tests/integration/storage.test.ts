/**
 * The local stack's Storage part (/storage/v1) through supabase-js's storage client and raw HTTP: upload, download,
 * list, remove, signed URLs, info/exists, buckets; the bucket's size and MIME limits; error bodies as Supabase Storage
 * renders them; and access decided by RLS policies on storage.objects, run as each caller. The bucket and its
 * policies here are test fixtures made with SQL (credential documents have their own test with the migration's).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../supabase/local/src/jwt.ts';
import { closeSql, createServiceClient, createTestClient, signedInClient, sql, stackEnv } from '../support/stack-env.ts';

const BUCKET = 'stack-test-files';
let alice: { client: SupabaseClient; user: { id: string; email: string } };
let bob: { client: SupabaseClient; user: { id: string; email: string } };

beforeAll(async () => {
  await sql(`insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
             values ($1, $1, false, 1024, array['text/plain', 'image/*']) on conflict (id) do nothing`, [BUCKET]);
  const own = `bucket_id = '${BUCKET}' and (storage.foldername(name))[1] = (select auth.uid())::text`;
  await sql(`
    drop policy if exists "Test users read their own folder" on storage.objects;
    drop policy if exists "Test users add to their own folder" on storage.objects;
    drop policy if exists "Test users replace in their own folder" on storage.objects;
    drop policy if exists "Test users remove from their own folder" on storage.objects;
    create policy "Test users read their own folder" on storage.objects for select to authenticated using (${own});
    create policy "Test users add to their own folder" on storage.objects for insert to authenticated with check (${own});
    create policy "Test users replace in their own folder" on storage.objects for update to authenticated using (${own}) with check (${own});
    create policy "Test users remove from their own folder" on storage.objects for delete to authenticated using (${own});`);
  alice = await signedInClient('alice');
  bob = await signedInClient('bob');
}, 60_000);

afterAll(async () => {
  await closeSql();
});

const text = (content: string, type = 'text/plain') => new Blob([content], { type });
const filesDir = () => path.join(stackEnv().dataDir, 'storage', BUCKET);
const storedFiles = () => (fs.existsSync(filesDir()) ? fs.readdirSync(filesDir()) : []);

async function accessToken(client: SupabaseClient): Promise<string> {
  return (await client.auth.getSession()).data.session!.access_token;
}

async function rawUpload(client: SupabaseClient, name: string, body: string, contentType: string): Promise<Response> {
  return fetch(`${stackEnv().apiUrl}/storage/v1/object/${BUCKET}/${name}`, {
    method: 'POST',
    headers: { apikey: stackEnv().anonKey, authorization: `Bearer ${await accessToken(client)}`, 'content-type': contentType },
    body,
  });
}

describe('storage: objects', () => {
  it('uploads (multipart from a Blob), downloads, lists and tells info/exists, for the owner under RLS', async () => {
    const name = `${alice.user.id}/notes/hello.txt`;
    const upload = await alice.client.storage.from(BUCKET).upload(name, text('hello storage'));
    expect(upload.error).toBeNull();
    expect(upload.data).toMatchObject({ path: name, fullPath: `${BUCKET}/${name}` });
    expect(upload.data?.id).toMatch(/^[0-9a-f-]{36}$/);

    const [row] = await sql<{ owner: string; owner_id: string; metadata: Record<string, unknown>; path_tokens: string[] }>(
      'select owner, owner_id, metadata, path_tokens from storage.objects where bucket_id = $1 and name = $2',
      [BUCKET, name],
    );
    expect(row).toMatchObject({ owner: alice.user.id, owner_id: alice.user.id, path_tokens: [alice.user.id, 'notes', 'hello.txt'] });
    expect(row!.metadata).toMatchObject({ size: 13, mimetype: 'text/plain', contentLength: 13, httpStatusCode: 200 });

    const download = await alice.client.storage.from(BUCKET).download(name);
    expect(download.error).toBeNull();
    expect(await download.data!.text()).toBe('hello storage');
    expect(download.data!.type).toBe('text/plain');

    const list = await alice.client.storage.from(BUCKET).list(`${alice.user.id}/notes`);
    expect(list.error).toBeNull();
    expect(list.data?.map((entry) => entry.name)).toEqual(['hello.txt']);
    expect(list.data?.[0]?.metadata).toMatchObject({ size: 13, mimetype: 'text/plain' });
    const folders = await alice.client.storage.from(BUCKET).list(alice.user.id);
    expect(folders.data).toEqual([{ name: 'notes', id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null }]);

    const info = await alice.client.storage.from(BUCKET).info(name);
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({ name, size: 13, contentType: 'text/plain' });
    expect((await alice.client.storage.from(BUCKET).exists(name)).data).toBe(true);
    expect((await alice.client.storage.from(BUCKET).exists(`${alice.user.id}/notes/missing.txt`)).data).toBe(false);
  });

  it("another user cannot download, list, sign, overwrite or remove someone's object (RLS on storage.objects)", async () => {
    const name = `${alice.user.id}/private.txt`;
    expect((await alice.client.storage.from(BUCKET).upload(name, text('secret'))).error).toBeNull();

    const download = await bob.client.storage.from(BUCKET).download(name);
    expect(download.data).toBeNull();
    const list = await bob.client.storage.from(BUCKET).list(alice.user.id);
    expect(list.data).toEqual([]);
    const signed = await bob.client.storage.from(BUCKET).createSignedUrl(name, 60);
    expect(signed.data).toBeNull();
    expect(signed.error?.message).toBe('Object not found');
    const overwrite = await bob.client.storage.from(BUCKET).upload(name, text('mine now'), { upsert: true });
    expect(overwrite.error?.message).toBe('new row violates row-level security policy');
    const intoTheirFolder = await bob.client.storage.from(BUCKET).upload(`${alice.user.id}/planted.txt`, text('planted'));
    expect(intoTheirFolder.error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
    const remove = await bob.client.storage.from(BUCKET).remove([name]);
    expect(remove.data).toEqual([]);

    expect(await (await alice.client.storage.from(BUCKET).download(name)).data!.text()).toBe('secret');
    const anon = createTestClient();
    expect((await anon.storage.from(BUCKET).upload(`${alice.user.id}/anon.txt`, text('anon'))).error?.message).toBe('new row violates row-level security policy');
    // The service role bypasses RLS, as on hosted Supabase.
    expect(await (await createServiceClient().storage.from(BUCKET).download(name)).data!.text()).toBe('secret');
  });

  it('refuses an upload onto an existing object without upsert (409), replaces it with upsert and frees the old file', async () => {
    const name = `${alice.user.id}/replace.txt`;
    expect((await alice.client.storage.from(BUCKET).upload(name, text('first'))).error).toBeNull();
    const filesBefore = storedFiles().length;
    const again = await alice.client.storage.from(BUCKET).upload(name, text('second'));
    expect(again.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
    const upsert = await alice.client.storage.from(BUCKET).upload(name, text('second'), { upsert: true });
    expect(upsert.error).toBeNull();
    expect(await (await alice.client.storage.from(BUCKET).download(name)).data!.text()).toBe('second');
    expect(storedFiles().length).toBe(filesBefore);
    const update = await alice.client.storage.from(BUCKET).update(name, text('third'));
    expect(update.error).toBeNull();
    expect(await (await alice.client.storage.from(BUCKET).download(name)).data!.text()).toBe('third');
  });

  it('removes objects (DELETE /object/{bucket} {prefixes}) with their files', async () => {
    const names = [`${alice.user.id}/gone-1.txt`, `${alice.user.id}/gone-2.txt`];
    for (const name of names) expect((await alice.client.storage.from(BUCKET).upload(name, text(name))).error).toBeNull();
    const before = storedFiles().length;
    const removed = await alice.client.storage.from(BUCKET).remove(names);
    expect(removed.error).toBeNull();
    expect(removed.data?.map((row) => row.name).sort()).toEqual(names);
    expect(storedFiles().length).toBe(before - 2);
    expect((await alice.client.storage.from(BUCKET).download(names[0]!)).error).not.toBeNull();
    expect(await sql('select 1 from storage.objects where bucket_id = $1 and name = any($2)', [BUCKET, names])).toEqual([]);
  });
});

describe('storage: limits and errors (bodies as Supabase Storage renders them)', () => {
  it("refuses a file over the bucket's file_size_limit: HTTP 400, statusCode 413", async () => {
    const big = await alice.client.storage.from(BUCKET).upload(`${alice.user.id}/big.txt`, text('x'.repeat(1025)));
    expect(big.error).toMatchObject({ statusCode: '413', message: 'The object exceeded the maximum allowed size' });
    const response = await rawUpload(alice.client, `${alice.user.id}/big-raw.txt`, 'x'.repeat(1025), 'text/plain');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ statusCode: '413', code: 'EntityTooLarge', error: 'Payload too large', message: 'The object exceeded the maximum allowed size' });
    expect((await alice.client.storage.from(BUCKET).upload(`${alice.user.id}/fits.txt`, text('x'.repeat(1024)))).error).toBeNull();
    expect(await sql('select name from storage.objects where bucket_id = $1 and name like $2', [BUCKET, `${alice.user.id}/big%`])).toEqual([]);
  });

  it('refuses an upload RLS would refuse before reading its body (as hosted Storage tests the write first), whatever its size', async () => {
    const staged = () => fs.readdirSync(path.join(stackEnv().dataDir, 'storage', '.incoming'));
    const before = staged();
    // Over the bucket's limit too: the write's refusal is answered, not the size.
    const response = await rawUpload(bob.client, `${alice.user.id}/planted-big.txt`, 'x'.repeat(4096), 'text/plain');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ statusCode: '403', code: 'AccessDenied', error: 'Unauthorized', message: 'new row violates row-level security policy' });
    expect(staged()).toEqual(before);
    expect(await sql('select name from storage.objects where bucket_id = $1 and name = $2', [BUCKET, `${alice.user.id}/planted-big.txt`])).toEqual([]);
  });

  it('refuses a MIME type the bucket does not allow (415 invalid_mime_type); image/* allows any image', async () => {
    const pdf = await alice.client.storage.from(BUCKET).upload(`${alice.user.id}/doc.pdf`, text('%PDF-1.4', 'application/pdf'));
    expect(pdf.error).toMatchObject({ statusCode: '415', message: 'mime type application/pdf is not supported' });
    const response = await rawUpload(alice.client, `${alice.user.id}/doc-raw.pdf`, '%PDF-1.4', 'application/pdf');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ statusCode: '415', code: 'InvalidMimeType', error: 'invalid_mime_type', message: 'mime type application/pdf is not supported' });
    expect((await alice.client.storage.from(BUCKET).upload(`${alice.user.id}/pic.webp`, text('RIFF', 'image/webp'))).error).toBeNull();
  });

  it('answers a missing object, a missing bucket and a missing or bad token as Storage does', async () => {
    const { apiUrl, anonKey } = stackEnv();
    const token = await accessToken(alice.client);
    const missing = await fetch(`${apiUrl}/storage/v1/object/${BUCKET}/${alice.user.id}/nothing.txt`, { headers: { apikey: anonKey, authorization: `Bearer ${token}` } });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ statusCode: '404', code: 'NoSuchKey', error: 'not_found', message: 'Object not found' });
    const noBucket = await fetch(`${apiUrl}/storage/v1/object/no-such-bucket/a.txt`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' }, body: 'x' });
    expect(await noBucket.json()).toEqual({ statusCode: '404', code: 'NoSuchBucket', error: 'Bucket not found', message: 'Bucket not found' });
    const forged = signJwt({ role: 'service_role', exp: Math.floor(Date.now() / 1000) + 60 }, 'not-the-project-secret-but-long-enough-to-sign');
    const badToken = await fetch(`${apiUrl}/storage/v1/object/list/${BUCKET}`, { method: 'POST', headers: { authorization: `Bearer ${forged}`, 'content-type': 'application/json' }, body: '{"prefix":""}' });
    expect(badToken.status).toBe(400);
    expect(await badToken.json()).toMatchObject({ statusCode: '403', code: 'AccessDenied', error: 'Unauthorized' });
  });
});

describe('storage: signed URLs', () => {
  it('signs a visible object; the URL downloads it without credentials until it expires, for that object only', async () => {
    const name = `${alice.user.id}/signed.txt`;
    expect((await alice.client.storage.from(BUCKET).upload(name, text('signed content'))).error).toBeNull();
    const signed = await alice.client.storage.from(BUCKET).createSignedUrl(name, 60);
    expect(signed.error).toBeNull();
    expect(signed.data!.signedUrl).toMatch(new RegExp(`^${stackEnv().apiUrl}/storage/v1/object/sign/${BUCKET}/${name}\\?token=`));
    const response = await fetch(signed.data!.signedUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain');
    expect(await response.text()).toBe('signed content');

    const token = new URL(signed.data!.signedUrl).searchParams.get('token')!;
    const otherObject = await fetch(`${stackEnv().apiUrl}/storage/v1/object/sign/${BUCKET}/${alice.user.id}/replace.txt?token=${token}`);
    expect(await otherObject.json()).toEqual({ statusCode: '400', code: 'InvalidSignature', error: 'InvalidSignature', message: 'Invalid signature' });
    const now = Math.floor(Date.now() / 1000);
    const expired = signJwt({ url: `${BUCKET}/${name}`, iat: now - 120, exp: now - 60 }, stackEnv().jwtSecret);
    const late = await fetch(`${stackEnv().apiUrl}/storage/v1/object/sign/${BUCKET}/${name}?token=${expired}`);
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ statusCode: '400', code: 'InvalidJWT' });
  });
});

describe('storage: buckets and schema', () => {
  it('serves buckets to whom RLS on storage.buckets shows them (no policies: the service role only)', async () => {
    const service = await createServiceClient().storage.getBucket(BUCKET);
    expect(service.error).toBeNull();
    expect(service.data).toMatchObject({ id: BUCKET, name: BUCKET, public: false, file_size_limit: 1024, allowed_mime_types: ['text/plain', 'image/*'] });
    expect((await createServiceClient().storage.listBuckets()).data?.map((bucket) => bucket.id)).toContain(BUCKET);
    const user = await alice.client.storage.getBucket(BUCKET);
    expect(user.data).toBeNull();
    expect(user.error?.message).toBe('Bucket not found');
  });

  it('has the path helpers policies use and RLS on storage.objects', async () => {
    const [helpers] = await sql(`select storage.foldername('a/b/c.pdf') as folders, storage.filename('a/b/c.pdf') as file,
                                         storage.extension('a/b/c.tar.gz') as ext, storage.extension('a/noext') as none`);
    expect(helpers).toEqual({ folders: ['a', 'b'], file: 'c.pdf', ext: 'gz', none: 'noext' });
    const tables = await sql<{ relname: string; relrowsecurity: boolean }>(
      `select relname, relrowsecurity from pg_class where relnamespace = 'storage'::regnamespace and relname in ('objects', 'buckets') order by relname`,
    );
    expect(tables).toEqual([{ relname: 'buckets', relrowsecurity: true }, { relname: 'objects', relrowsecurity: true }]);
  });

  it('refuses deleting objects or buckets with SQL (their files would be orphaned), as hosted Supabase does', async () => {
    const name = `${alice.user.id}/kept.txt`;
    expect((await alice.client.storage.from(BUCKET).upload(name, text('kept'))).error).toBeNull();
    await expect(sql('delete from storage.objects where bucket_id = $1 and name = $2', [BUCKET, name])).rejects.toMatchObject({
      code: '42501',
      message: 'Direct deletion from storage tables is not allowed. Use the Storage API instead.',
    });
    await expect(sql('delete from storage.buckets where id = $1', [BUCKET])).rejects.toMatchObject({ code: '42501' });
    expect(await (await alice.client.storage.from(BUCKET).download(name)).data!.text()).toBe('kept');
  });
});

/**
 * REST through the gateway under row-level security, as anon and as signed-in users, via supabase-js.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSql, createTestClient, signedInClient, sql, stackEnv } from '../support/stack-env.ts';

describe('REST (PostgREST through the gateway) under RLS', () => {
  beforeAll(async () => {
    await sql(`
      create table if not exists public.rest_test_notes (
        id bigint generated always as identity primary key,
        owner_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
        body text not null,
        is_public boolean not null default false
      );
      alter table public.rest_test_notes enable row level security;
      drop policy if exists "Anyone can read public notes" on public.rest_test_notes;
      create policy "Anyone can read public notes" on public.rest_test_notes for select to anon, authenticated using (is_public);
      drop policy if exists "Owners can read their notes" on public.rest_test_notes;
      create policy "Owners can read their notes" on public.rest_test_notes for select to authenticated using ((select auth.uid()) = owner_id);
      drop policy if exists "Users can add their own notes" on public.rest_test_notes;
      create policy "Users can add their own notes" on public.rest_test_notes for insert to authenticated with check ((select auth.uid()) = owner_id);
      notify pgrst, 'reload schema';
    `);
    // PostgREST reloads its schema cache asynchronously.
    const anon = createTestClient();
    for (let i = 0; i < 100; i++) {
      const { error } = await anon.from('rest_test_notes').select('id').limit(1);
      if (!error) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  afterAll(async () => {
    await sql('drop table if exists public.rest_test_notes');
    await closeSql();
  });

  it('lets a signed-in user insert and read their own rows, and hides them from others and from anon', async () => {
    const alice = await signedInClient('alice');
    const bob = await signedInClient('bob');

    const inserted = await alice.client.from('rest_test_notes').insert({ body: 'private to alice' }).select().single();
    expect(inserted.error).toBeNull();
    expect(inserted.data).toMatchObject({ body: 'private to alice', owner_id: alice.user.id, is_public: false });

    const own = await alice.client.from('rest_test_notes').select('body');
    expect(own.data).toEqual([{ body: 'private to alice' }]);

    const others = await bob.client.from('rest_test_notes').select('body');
    expect(others.error).toBeNull();
    expect(others.data).toEqual([]);

    const anonymous = await createTestClient().from('rest_test_notes').select('body');
    expect(anonymous.error).toBeNull();
    expect(anonymous.data).toEqual([]);
  });

  it('shows public rows to anon but refuses anon writes', async () => {
    const alice = await signedInClient('alice');
    await alice.client.from('rest_test_notes').insert({ body: 'for everyone', is_public: true });

    const anon = createTestClient();
    const { data } = await anon.from('rest_test_notes').select('body').eq('body', 'for everyone');
    expect(data).toEqual([{ body: 'for everyone' }]);

    const write = await anon.from('rest_test_notes').insert({ body: 'anon write', owner_id: alice.user.id });
    expect(write.error).not.toBeNull();
    expect(write.error?.code).toBe('42501');
  });

  it('refuses a row inserted for another user', async () => {
    const alice = await signedInClient('alice');
    const bob = await signedInClient('bob');
    const { error } = await bob.client.from('rest_test_notes').insert({ body: 'forged', owner_id: alice.user.id });
    expect(error?.code).toBe('42501');
    const rows = await sql('select 1 from public.rest_test_notes where body = $1', ['forged']);
    expect(rows).toHaveLength(0);
  });

  it('requires an API key at the gateway, like Supabase', async () => {
    const { apiUrl, anonKey } = stackEnv();
    const missing = await fetch(`${apiUrl}/rest/v1/rest_test_notes`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ message: 'No API key found in request' });

    const wrong = await fetch(`${apiUrl}/rest/v1/rest_test_notes`, { headers: { apikey: 'not-a-key' } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: 'Invalid API key' });

    const ok = await fetch(`${apiUrl}/rest/v1/rest_test_notes?select=body&is_public=eq.true`, { headers: { apikey: anonKey } });
    expect(ok.status).toBe(200);
  });

  it('answers CORS preflights for the browser app', async () => {
    const response = await fetch(`${stackEnv().apiUrl}/rest/v1/rest_test_notes`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'GET', 'access-control-request-headers': 'apikey, authorization' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toBe('apikey, authorization');
  });
});

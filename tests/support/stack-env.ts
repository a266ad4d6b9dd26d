/**
 * What integration tests use to reach the test stack: its env, supabase-js clients configured for Node,
 * a superuser SQL helper, and users made through the Auth admin API.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { inject } from 'vitest';
import WebSocket from 'ws';
import type { StackEnv } from './test-stack.ts';

export function stackEnv(): StackEnv {
  return inject('stack');
}

type ClientOptions = { key?: string; realtime?: Record<string, unknown> };

/** A supabase-js client for Node: no session persistence, `ws` as the realtime transport (Node 20 has no WebSocket). */
export function createTestClient(options: ClientOptions = {}): SupabaseClient {
  const env = stackEnv();
  return createClient(env.apiUrl, options.key ?? env.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never, ...options.realtime },
  });
}

export function createServiceClient(): SupabaseClient {
  return createTestClient({ key: stackEnv().serviceRoleKey });
}

let pool: pg.Pool | undefined;

/** Runs SQL as the database superuser (test fixtures: tables, policies, publication membership). */
export async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  if (!pool) {
    pool = new pg.Pool({ connectionString: stackEnv().dbUrl, max: 4 });
    // Idle connections die when a test restarts Postgres; the pool replaces them on the next query.
    pool.on('error', () => undefined);
  }
  const result = await pool.query<T>(text, params);
  return result.rows;
}

export async function closeSql(): Promise<void> {
  await pool?.end();
  pool = undefined;
}

let userCounter = 0;

/** Creates a confirmed user through the Auth admin API; returns its id, email and password. */
export async function createUser(prefix = 'user'): Promise<{ id: string; email: string; password: string }> {
  userCounter += 1;
  const email = `${prefix}-${Date.now()}-${userCounter}@example.test`;
  const password = `pw-${Math.random().toString(36).slice(2)}-A1`;
  const { data, error } = await createServiceClient().auth.admin.createUser({ email, password, email_confirm: true });
  if (error || !data.user) throw new Error(`could not create user ${email}: ${error?.message}`);
  return { id: data.user.id, email, password };
}

/** A client signed in as a new user. */
export async function signedInClient(prefix = 'user', options: ClientOptions = {}): Promise<{ client: SupabaseClient; user: { id: string; email: string; password: string } }> {
  const user = await createUser(prefix);
  const client = createTestClient(options);
  const { error } = await client.auth.signInWithPassword({ email: user.email, password: user.password });
  if (error) throw new Error(`could not sign in ${user.email}: ${error.message}`);
  return { client, user };
}

/** Waits until `check` returns a truthy value, polling; fails with `what` after `timeoutMs`. */
export async function eventually<T>(check: () => T | Promise<T>, what: string, timeoutMs = 10_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}${lastError ? `: ${String(lastError)}` : ''}`);
}

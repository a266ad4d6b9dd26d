/**
 * Supabase Auth hooks backed by Postgres functions, as GoTrue runs them: the [auth.hook.<name>] sections of
 * supabase/config.toml (`enabled`, `uri = "pg-functions://postgres/<schema>/<function>"`) name a function
 * that receives the hook's input as jsonb and returns its output. GoTrue connects as supabase_auth_admin,
 * so the function runs as that role here too, in its own transaction that commits whatever the function
 * wrote (attempt counters) even when its answer refuses the request, under GoTrue's 2 s statement timeout.
 * Only the password verification attempt hook is supported (the one the project uses).
 */
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { parse } from 'smol-toml';
import { supabaseDir } from '../config.ts';
import { AuthHttpError } from './errors.ts';

export interface PostgresHook {
  /** As configured, e.g. pg-functions://postgres/public/hook_password_verification_attempt. */
  uri: string;
  /** The quoted, schema-qualified function name GoTrue derives from the URI: "public"."hook_…". */
  functionName: string;
}

/** GoTrue's hook timeout (v0pgfunc defaultTimeout). */
const HOOK_TIMEOUT_MS = 2000;

const PG_FUNCTION_URI = /^pg-functions:\/\/[^/]+\/([A-Za-z_][A-Za-z0-9_$]*)\/([A-Za-z_][A-Za-z0-9_$]*)$/;

function isTable(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The hook named `hookName` from parsed config.toml, or null when absent or disabled. */
export function postgresHookFromConfig(config: Record<string, unknown>, hookName: string): PostgresHook | null {
  const auth = config.auth;
  const hooks = isTable(auth) ? auth.hook : undefined;
  const section = isTable(hooks) ? hooks[hookName] : undefined;
  if (section === undefined) return null;
  const where = `supabase/config.toml [auth.hook.${hookName}]`;
  if (!isTable(section)) throw new Error(`${where} must be a table`);
  if (section.enabled !== undefined && typeof section.enabled !== 'boolean') throw new Error(`${where} enabled must be true or false`);
  if (!section.enabled) return null;
  if (typeof section.uri !== 'string') throw new Error(`${where} uri must be a string`);
  const match = PG_FUNCTION_URI.exec(section.uri);
  if (!match) throw new Error(`${where} uri must be pg-functions://postgres/<schema>/<function> (HTTP hooks are not supported locally), got "${section.uri}"`);
  return { uri: section.uri, functionName: `"${match[1]}"."${match[2]}"` };
}

/** Reads supabase/config.toml (or `file`) and returns the enabled Postgres hook of that name, if any. */
export function loadPostgresHook(hookName: string, file = path.join(supabaseDir, 'config.toml')): PostgresHook | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return postgresHookFromConfig(parse(text) as Record<string, unknown>, hookName);
}

/**
 * Calls the hook function with `input` and returns its JSON output. A failing function is GoTrue's 500
 * "Error running hook URI: <uri>"; an output carrying {error: {http_code, message}} is that HTTP error.
 */
export async function runPostgresHook(
  pool: pg.Pool,
  hook: PostgresHook,
  input: Record<string, unknown>,
  clientIp: string | null = null,
): Promise<Record<string, unknown>> {
  let output: unknown;
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('set local role supabase_auth_admin');
    await client.query(`set local statement_timeout to ${HOOK_TIMEOUT_MS}`);
    // The request context PostgREST gives functions (request.headers), here carrying only the client IP, so the
    // hook's audit rows name the address the attempt came from (private.request_ip()).
    if (clientIp) await client.query(`select set_config('request.headers', $1, true)`, [JSON.stringify({ 'x-forwarded-for': clientIp })]);
    const result = await client.query<{ output: unknown }>(`select ${hook.functionName}($1) as output`, [JSON.stringify(input)]);
    await client.query('commit');
    output = result.rows[0]?.output ?? null;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    console.error(`[auth] hook ${hook.uri} failed: ${error instanceof Error ? error.message : String(error)}`);
    throw new AuthHttpError(500, 'unexpected_failure', `Error running hook URI: ${hook.uri}`);
  } finally {
    client.release();
  }
  if (typeof output === 'string') output = JSON.parse(output);
  if (output === null) return {};
  if (!isTable(output)) throw new AuthHttpError(500, 'unexpected_failure', 'Error unmarshalling JSON output.');
  const hookError = output.error;
  if (isTable(hookError)) {
    const status = typeof hookError.http_code === 'number' && hookError.http_code > 0 ? hookError.http_code : 500;
    throw new AuthHttpError(status, status >= 500 ? 'unexpected_failure' : 'unknown', String(hookError.message ?? ''));
  }
  return output;
}

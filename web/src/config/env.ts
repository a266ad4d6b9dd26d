/**
 * The web app's connection settings. Vite inlines VITE_* variables at build time (or takes them from the
 * environment the dev server was started with); this module checks them once so a missing or malformed
 * value is reported by name on screen instead of surfacing later as an obscure client error.
 * Pure: it reads the record it is given, never import.meta.env itself, so it can be unit tested.
 */

export interface SupabaseEnv {
  url: string;
  anonKey: string;
}

export type SupabaseEnvCheck = { ok: true; env: SupabaseEnv } | { ok: false; problems: string[] };

export const SUPABASE_URL_VAR = 'VITE_SUPABASE_URL';
export const SUPABASE_ANON_KEY_VAR = 'VITE_SUPABASE_ANON_KEY';

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** Checks both variables and lists every problem, so one look at the screen fixes them all. */
export function readSupabaseEnv(source: Record<string, unknown>): SupabaseEnvCheck {
  const problems: string[] = [];
  const url = nonEmptyString(source[SUPABASE_URL_VAR]);
  const anonKey = nonEmptyString(source[SUPABASE_ANON_KEY_VAR]);

  if (url === undefined) {
    problems.push(`${SUPABASE_URL_VAR} is not set (the Supabase API URL, e.g. http://127.0.0.1:54321).`);
  } else if (!isHttpUrl(url)) {
    problems.push(`${SUPABASE_URL_VAR} must be an http(s) URL, got "${url}".`);
  }
  if (anonKey === undefined) {
    problems.push(`${SUPABASE_ANON_KEY_VAR} is not set (the project's anon key).`);
  }

  if (url === undefined || anonKey === undefined || problems.length > 0) return { ok: false, problems };
  // Without a trailing slash, so `${url}/functions/v1` and friends never get a double slash.
  return { ok: true, env: { url: url.replace(/\/+$/, ''), anonKey } };
}

/** For code that cannot run without the settings (the Supabase client): throws with every problem listed. */
export function requireSupabaseEnv(source: Record<string, unknown>): SupabaseEnv {
  const check = readSupabaseEnv(source);
  if (!check.ok) throw new Error(`The web app is not configured: ${check.problems.join(' ')}`);
  return check.env;
}

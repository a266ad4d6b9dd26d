/** The web app's start-up check of VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY (web/src/config/env.ts). */
import { describe, expect, it } from 'vitest';
import { readSupabaseEnv, requireSupabaseEnv } from '../../web/src/config/env.ts';

describe('readSupabaseEnv', () => {
  it('accepts an http URL and a key, dropping a trailing slash from the URL', () => {
    expect(readSupabaseEnv({ VITE_SUPABASE_URL: 'http://127.0.0.1:54321/', VITE_SUPABASE_ANON_KEY: 'anon' })).toEqual({
      ok: true,
      env: { url: 'http://127.0.0.1:54321', anonKey: 'anon' },
    });
  });

  it('names both variables when neither is set', () => {
    const check = readSupabaseEnv({});
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.problems).toHaveLength(2);
    expect(check.problems[0]).toContain('VITE_SUPABASE_URL is not set');
    expect(check.problems[1]).toContain('VITE_SUPABASE_ANON_KEY is not set');
  });

  it('treats blank values as missing', () => {
    const check = readSupabaseEnv({ VITE_SUPABASE_URL: '  ', VITE_SUPABASE_ANON_KEY: '' });
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.problems).toHaveLength(2);
  });

  it('rejects a URL that is not http(s)', () => {
    const check = readSupabaseEnv({ VITE_SUPABASE_URL: '127.0.0.1:54321', VITE_SUPABASE_ANON_KEY: 'anon' });
    expect(check).toEqual({ ok: false, problems: ['VITE_SUPABASE_URL must be an http(s) URL, got "127.0.0.1:54321".'] });
  });
});

describe('requireSupabaseEnv', () => {
  it('throws with every problem in the message', () => {
    expect(() => requireSupabaseEnv({ VITE_SUPABASE_URL: 'ftp://example.test' })).toThrow(
      /not configured: VITE_SUPABASE_URL must be an http\(s\) URL.*VITE_SUPABASE_ANON_KEY is not set/,
    );
  });
});

/**
 * The realtime service's token and presence rules: only the API roles are accepted from a JWT (the service
 * never takes on another role), and presence is keyed by the token's user id, not by the client's choice.
 */
import { describe, expect, it } from 'vitest';
import { signJwt } from '../../supabase/local/src/jwt.ts';
import { DEFAULT_JWT_SECRET } from '../../supabase/local/src/config.ts';
import { checkAccessToken } from '../../supabase/local/src/realtime/auth.ts';
import { presenceKeyFor } from '../../supabase/local/src/realtime/channel.ts';

const NOW = 1_000;

describe('checkAccessToken', () => {
  it('accepts anon, authenticated and service_role', () => {
    for (const role of ['anon', 'authenticated', 'service_role']) {
      expect(checkAccessToken(signJwt({ role, exp: NOW + 60 }, DEFAULT_JWT_SECRET), DEFAULT_JWT_SECRET, NOW)).toMatchObject({ ok: true, role });
    }
  });

  it('refuses any other role, even in a correctly signed token', () => {
    for (const role of ['postgres', 'supabase_admin', 'supabase_auth_admin', 'authenticator', 'pg_read_server_files', 'Authenticated']) {
      const checked = checkAccessToken(signJwt({ role, exp: NOW + 60 }, DEFAULT_JWT_SECRET), DEFAULT_JWT_SECRET, NOW);
      expect(checked, role).toEqual({ ok: false, reason: `InvalidJWTToken: The role \`${role}\` is not allowed; a JWT's role must be anon, authenticated or service_role` });
    }
  });

  it('still refuses a token without exp', () => {
    expect(checkAccessToken(signJwt({ role: 'authenticated' }, DEFAULT_JWT_SECRET), DEFAULT_JWT_SECRET, NOW)).toEqual({
      ok: false,
      reason: 'InvalidJWTToken: Fields `role` and `exp` are required in JWT',
    });
  });
});

describe('presenceKeyFor', () => {
  it("is the token's user id whatever key the client asked for", () => {
    expect(presenceKeyFor({ sub: 'user-1' }, 'someone-else')).toBe('user-1');
  });

  it('is the requested key only for tokens without a user id (anon)', () => {
    expect(presenceKeyFor({}, 'watcher')).toBe('watcher');
    expect(presenceKeyFor({ sub: '' }, 'watcher')).toBe('watcher');
  });
});

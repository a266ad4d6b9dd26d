/**
 * Access-token checks for channels, worded as Supabase Realtime words its join and shutdown reasons
 * ("<Code>: <message>"). A channel's claims decide its role and RLS context for postgres_changes and
 * private channels; only the API roles are accepted, so the service never takes on any other role.
 */
import { JwtError, verifyJwt, type JwtClaims } from '../jwt.ts';

/** The roles a JWT may name, as PostgREST serves them; anything else (postgres, supabase_admin…) is refused. */
export const API_ROLES: ReadonlySet<string> = new Set(['anon', 'authenticated', 'service_role']);

export type TokenCheck =
  | { ok: true; claims: JwtClaims & { role: string; exp: number }; role: string; exp: number }
  | { ok: false; reason: string };

function unverifiedExpiry(token: string): number | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof payload.exp === 'number' ? payload.exp : null;
  } catch {
    return null;
  }
}

export function checkAccessToken(token: unknown, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): TokenCheck {
  if (typeof token !== 'string' || token === '') {
    return { ok: false, reason: 'MalformedJWT: The token provided is not a valid JWT' };
  }
  let claims: JwtClaims;
  try {
    claims = verifyJwt(token, secret, nowSeconds);
  } catch (error) {
    if (!(error instanceof JwtError)) throw error;
    if (error.message === 'token has expired') {
      const exp = unverifiedExpiry(token) ?? nowSeconds;
      return { ok: false, reason: `InvalidJWTToken: Token has expired ${nowSeconds - exp} seconds ago` };
    }
    // Hosted Realtime's wording for a token that lacks `exp` (jwt.ts refuses it before the claims are read).
    if (error.message === 'token has no expiry (exp claim)') {
      return { ok: false, reason: 'InvalidJWTToken: Fields `role` and `exp` are required in JWT' };
    }
    if (error.message === 'signature is invalid' || error.message === 'signing method is not HS256') {
      return { ok: false, reason: 'JwtSignatureError: Failed to validate JWT signature' };
    }
    return { ok: false, reason: 'MalformedJWT: The token provided is not a valid JWT' };
  }
  if (typeof claims.role !== 'string' || claims.role === '' || typeof claims.exp !== 'number') {
    return { ok: false, reason: 'InvalidJWTToken: Fields `role` and `exp` are required in JWT' };
  }
  if (!API_ROLES.has(claims.role)) {
    return { ok: false, reason: `InvalidJWTToken: The role \`${claims.role}\` is not allowed; a JWT's role must be anon, authenticated or service_role` };
  }
  return { ok: true, claims: claims as JwtClaims & { role: string; exp: number }, role: claims.role, exp: claims.exp };
}

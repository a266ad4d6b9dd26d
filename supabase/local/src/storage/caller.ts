/**
 * Who is calling: the bearer JWT (the gateway makes the apikey the bearer when Authorization is absent) verified
 * with the project's secret, as Supabase Storage does before any object route. Its role and claims are what the
 * request's transaction runs as, so RLS on storage.objects decides; only the API roles are accepted.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { JwtError, verifyJwt, type JwtClaims } from '../jwt.ts';
import { errors } from './errors.ts';

export interface Caller {
  role: 'anon' | 'authenticated' | 'service_role';
  claims: JwtClaims;
  /** The JWT `sub` (owner/owner_id of uploaded objects); absent for the API keys. */
  sub: string | null;
}

const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);
const BEARER = /^Bearer\s+/i;

/** The caller of a request; throws Storage's AccessDenied (answered as 400/"403") for a missing or invalid token. */
export function authenticate(headers: IncomingHttpHeaders, jwtSecret: string): Caller {
  const authorization = headers.authorization;
  if (!authorization) throw errors.invalidRequest("headers must have required property 'authorization'");
  let claims: JwtClaims;
  try {
    claims = verifyJwt(authorization.replace(BEARER, ''), jwtSecret);
  } catch (error) {
    if (error instanceof JwtError) throw errors.accessDenied(error.message);
    throw error;
  }
  const role = typeof claims.role === 'string' ? claims.role : '';
  if (!API_ROLES.has(role)) throw errors.accessDenied(`role "${role}" is not allowed`);
  return { role: role as Caller['role'], claims, sub: typeof claims.sub === 'string' ? claims.sub : null };
}

/**
 * Who is calling. The runtime has already checked the JWT's signature (verify_jwt); these helpers turn a
 * user's access token into their auth user through the auth service (GET /auth/v1/user), which also
 * refuses tokens of sessions that were signed out. The anon and service_role keys are JWTs without a
 * user (no `sub`), so they resolve to no user without a round trip.
 */
import { UNAUTHORIZED_MESSAGE } from '@pharmacy/shared/api/endpoint.ts';
import type { User } from '@supabase/supabase-js';
import { HttpError } from './http.ts';
import { createUserClient } from './supabase-clients.ts';

/** The bearer token of the request, if any. */
export function bearerToken(req: Request): string | null {
  const header = req.headers.get('Authorization');
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

/** The JWT's claims without checking its signature (the runtime or the auth service checks that). */
export function unverifiedClaims(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0))));
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The calling user, or null when the request carries no user token (anon key, service role key) or the
 * auth service does not accept it (expired, signed out). Other auth-service failures throw.
 */
export async function findCallerUser(req: Request): Promise<User | null> {
  const token = bearerToken(req);
  if (!token) return null;
  const claims = unverifiedClaims(token);
  if (!claims || typeof claims.sub !== 'string' || claims.sub === '') return null;
  const { data, error } = await createUserClient(req).auth.getUser(token);
  if (!error) return data.user;
  if (error.status === 401 || error.status === 403) return null;
  throw error;
}

/** The calling user; a request without a valid user token gets 401 `{ error: "Unauthorized" }`. */
export async function requireUser(req: Request): Promise<User> {
  const user = await findCallerUser(req);
  if (!user) throw new HttpError(401, UNAUTHORIZED_MESSAGE);
  return user;
}

/**
 * Whether the request carries the service role's JWT. The functions runtime has checked its signature (verify_jwt),
 * so its `role` claim is the project's word: only the service role key says service_role.
 */
export function isServiceRoleRequest(req: Request): boolean {
  const token = bearerToken(req);
  return token !== null && unverifiedClaims(token)?.role === 'service_role';
}

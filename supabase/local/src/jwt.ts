/**
 * HS256 JSON Web Tokens with node:crypto — what GoTrue issues and PostgREST, Realtime and the
 * functions runtime verify. Only HS256 is accepted: the local stack has one shared secret.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type JwtClaims = Record<string, unknown> & { exp?: number; iat?: number; role?: string; sub?: string };

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function base64url(input: string | Buffer): string {
  return Buffer.from(input).toString('base64url');
}

export function signJwt(claims: JwtClaims, secret: string): string {
  const body = `${HEADER}.${base64url(JSON.stringify(claims))}`;
  const signature = createHmac('sha256', secret).update(body).digest('base64url');
  return `${body}.${signature}`;
}

export class JwtError extends Error {}

/**
 * Verifies signature and expiry; returns the claims. Throws JwtError with a reason otherwise.
 * A token without a numeric `exp` is refused: it would never expire, so a leaked one would work forever
 * (every key and access token the stack issues carries one). `nowSeconds` is injectable for tests.
 */
export function verifyJwt(token: string, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): JwtClaims {
  const parts = token.split('.');
  if (parts.length !== 3) throw new JwtError('token is malformed');
  const [header, payload, signature] = parts as [string, string, string];
  let headerJson: { alg?: string };
  try {
    headerJson = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
  } catch {
    throw new JwtError('token is malformed');
  }
  if (headerJson.alg !== 'HS256') throw new JwtError('signing method is not HS256');
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new JwtError('signature is invalid');
  }
  let claims: JwtClaims;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw new JwtError('token is malformed');
  }
  if (typeof claims !== 'object' || claims === null) throw new JwtError('token is malformed');
  if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) throw new JwtError('token has no expiry (exp claim)');
  if (claims.exp <= nowSeconds) throw new JwtError('token has expired');
  return claims;
}

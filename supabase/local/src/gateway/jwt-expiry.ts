/**
 * The gateway's token rule: a JWT a request carries (as the Authorization credentials or the apikey) must
 * have a numeric `exp` claim. The auth service, realtime and the functions runtime refuse a token without
 * one themselves, but PostgREST 12 accepts it as valid forever; so the gateway, which every request
 * passes, refuses it on every route. The signature is not checked here (the upstreams do that): this only
 * reads the claims. Fail closed: anything dotted like a JWT whose claims cannot be read is refused too.
 */

/** What the gateway answers, in PostgREST's shape (PGRST301 is its "JWT invalid" code). */
export const TOKEN_WITHOUT_EXPIRY_MESSAGE = 'JWT has no exp claim';
export const TOKEN_WITHOUT_EXPIRY_BODY = JSON.stringify({ code: 'PGRST301', details: null, hint: null, message: TOKEN_WITHOUT_EXPIRY_MESSAGE });
export const TOKEN_WITHOUT_EXPIRY_CHALLENGE = `Bearer error="invalid_token", error_description="${TOKEN_WITHOUT_EXPIRY_MESSAGE}"`;

/** Verdicts of recently seen tokens: the same few tokens arrive on nearly every request. */
const verdicts = new Map<string, boolean>();
const MAX_CACHED_VERDICTS = 1024;

function hasNumericExpiry(token: string): boolean {
  const firstDot = token.indexOf('.');
  const secondDot = token.indexOf('.', firstDot + 1);
  if (secondDot < 0) return false;
  try {
    const claims: unknown = JSON.parse(Buffer.from(token.slice(firstDot + 1, secondDot), 'base64url').toString('utf8'));
    if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) return false;
    const exp = (claims as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp);
  } catch {
    return false;
  }
}

/** Whether `token` is dotted like a JWT (JWS or JWE) yet has no readable numeric `exp`. */
export function isTokenWithoutExpiry(token: string): boolean {
  if (!token.includes('.')) return false;
  let verdict = verdicts.get(token);
  if (verdict === undefined) {
    verdict = !hasNumericExpiry(token);
    if (verdicts.size >= MAX_CACHED_VERDICTS) verdicts.clear();
    verdicts.set(token, verdict);
  }
  return verdict;
}

/**
 * Whether the request's credentials include a JWT without expiry. Every whitespace-separated word of the
 * Authorization value is looked at, not only what follows "Bearer ": upstreams split the value in their
 * own ways, and opaque credentials (Basic, API tokens) have no dots.
 */
export function carriesTokenWithoutExpiry(authorization: string | null, apiKey: string | null): boolean {
  if (apiKey !== null && isTokenWithoutExpiry(apiKey)) return true;
  if (authorization === null || !authorization.includes('.')) return false;
  for (const word of authorization.split(/[ \t]+/)) {
    if (isTokenWithoutExpiry(word)) return true;
  }
  return false;
}

/**
 * Signed URLs as Supabase Storage makes them: an HS256 JWT with the project's JWT secret whose `url` claim is
 * "<bucket>/<object name>"; whoever holds it may download that object until `exp`, without any other credential.
 */
import { JwtError, signJwt, verifyJwt } from '../jwt.ts';
import { errors } from './errors.ts';

export function signObjectUrl(bucketId: string, name: string, expiresInSeconds: number, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): string {
  const token = signJwt({ url: `${bucketId}/${name}`, iat: nowSeconds, exp: nowSeconds + expiresInSeconds }, secret);
  return `/object/sign/${bucketId}/${name}?token=${token}`;
}

/** Checks a signed URL's token against the object it is used for; throws InvalidJWT / InvalidSignature. */
export function verifySignedUrl(token: string, bucketId: string, name: string, secret: string): void {
  let claims;
  try {
    claims = verifyJwt(token, secret);
  } catch (error) {
    if (!(error instanceof JwtError)) throw error;
    throw errors.invalidJwt(error.message === 'token has expired' ? 'jwt expired' : error.message);
  }
  if (claims.url !== `${bucketId}/${name}`) throw errors.invalidSignature();
}

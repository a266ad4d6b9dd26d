/**
 * What GoTrue issues: HS256 access tokens with its claim set, and opaque refresh tokens (rows of
 * auth.refresh_tokens, with GoTrue's rotation and reuse detection). A refresh token is 256 random bits;
 * the table keeps only its SHA-256, so a read of the database (a backup, a leaked dump) yields no usable token.
 */
import { createHash, randomBytes } from 'node:crypto';
import { signJwt } from '../jwt.ts';
import type { SessionAssurance } from './session-assurance.ts';
import type { AuthSettings } from './settings.ts';
import { appMetadata, userMetadata, userJsonWith, type UserRow } from './users.ts';
import type { JsonObject } from './http.ts';

const REFRESH_TOKEN_BYTES = 32;

/** A new refresh token as the client receives it (43 base64url characters). */
export function newRefreshToken(): string {
  return randomBytes(REFRESH_TOKEN_BYTES).toString('base64url');
}

/** What auth.refresh_tokens stores for a token (its `token` and its children's `parent`): hex SHA-256. */
export function refreshTokenDigest(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export interface SessionClaims extends SessionAssurance {
  sessionId: string;
}

export interface AccessToken {
  token: string;
  expiresAt: number;
}

export function issueAccessToken(settings: AuthSettings, user: UserRow, session: SessionClaims, now = new Date()): AccessToken {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + settings.jwtExpiry;
  const claims = {
    iss: settings.issuer,
    sub: user.id,
    aud: user.aud ?? settings.audience,
    exp,
    iat,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: appMetadata(user),
    user_metadata: userMetadata(user),
    role: user.role ?? '',
    aal: session.aal,
    amr: session.amr,
    session_id: session.sessionId,
    is_anonymous: user.is_anonymous,
  };
  return { token: signJwt(claims, settings.jwtSecret), expiresAt: exp };
}

/** GoTrue's AccessTokenResponse. */
export function tokenResponse(
  settings: AuthSettings,
  accessToken: AccessToken,
  refreshToken: string,
  user: UserRow,
  identities: Parameters<typeof userJsonWith>[1],
  factors: Parameters<typeof userJsonWith>[2] = [],
): JsonObject {
  return {
    access_token: accessToken.token,
    token_type: 'bearer',
    expires_in: settings.jwtExpiry,
    expires_at: accessToken.expiresAt,
    refresh_token: refreshToken,
    user: userJsonWith(user, identities, factors),
  };
}

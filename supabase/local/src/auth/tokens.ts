/**
 * What GoTrue issues: HS256 access tokens with its claim set, and opaque refresh tokens in GoTrue's
 * legacy format (12 characters, stored in auth.refresh_tokens), the format its rotation and
 * reuse detection are defined for.
 */
import { randomInt } from 'node:crypto';
import { signJwt } from '../jwt.ts';
import type { AuthSettings } from './settings.ts';
import { appMetadata, userMetadata, userJsonWith, type UserRow } from './users.ts';
import type { JsonObject } from './http.ts';

const REFRESH_TOKEN_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const REFRESH_TOKEN_LENGTH = 12;

export function newRefreshToken(): string {
  let token = '';
  for (let i = 0; i < REFRESH_TOKEN_LENGTH; i += 1) token += REFRESH_TOKEN_ALPHABET[randomInt(REFRESH_TOKEN_ALPHABET.length)];
  return token;
}

export interface SessionClaims {
  sessionId: string;
  /** When the session was created by a password sign-in: the amr timestamp. */
  signedInAt: Date;
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
    aal: 'aal1',
    amr: [{ method: 'password', timestamp: Math.floor(session.signedInAt.getTime() / 1000) }],
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
): JsonObject {
  return {
    access_token: accessToken.token,
    token_type: 'bearer',
    expires_in: settings.jwtExpiry,
    expires_at: accessToken.expiresAt,
    refresh_token: refreshToken,
    user: userJsonWith(user, identities),
  };
}

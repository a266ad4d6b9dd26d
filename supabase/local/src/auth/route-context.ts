/** What every route handler receives. */
import type http from 'node:http';
import type pg from 'pg';
import type { AuthRequest } from './http.ts';
import type { Mailer } from './mailer.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { AuthSettings } from './settings.ts';

export interface RouteContext {
  req: AuthRequest;
  res: http.ServerResponse;
  pool: pg.Pool;
  settings: AuthSettings;
  /** Per-IP limits shared by the service's routes ([auth.rate_limit]); emailSent counts for the whole service. */
  limits: { signIn: RateLimiter; emailSent: RateLimiter };
  /** Sends the invite and recovery mail. */
  mailer: Mailer;
  /** Where unexpected failures are reported (never with tokens or bodies). */
  log: (line: string) => void;
  /** Path parameters of the matched route (e.g. user_id). */
  params: Readonly<Record<string, string>>;
}

export type RouteHandler = (context: RouteContext) => Promise<void>;

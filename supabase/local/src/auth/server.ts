/**
 * The GoTrue-compatible auth service: routes (paths as seen behind the gateway, without /auth/v1),
 * error rendering and the HTTP server. createAuthService() is what main.ts runs and what in-process
 * tests start.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { createUser, deleteUserById, getUserById, listUsers, updateUserById } from './admin-routes.ts';
import { createPool } from './db.ts';
import { generateLink, invite, recover } from './email-link-routes.ts';
import { smtpMailer, type Mailer } from './mailer.ts';
import { AuthHttpError, notFound } from './errors.ts';
import { parseRequest, sendError, sendPreflight, type AuthRequest } from './http.ts';
import { RateLimiter } from './rate-limit.ts';
import { health, settings as settingsRoute } from './meta-routes.ts';
import type { RouteHandler } from './route-context.ts';
import type { AuthSettings } from './settings.ts';
import { signup } from './signup-route.ts';
import { token } from './token-routes.ts';
import { getUser, logout, updateOwnUser } from './user-routes.ts';
import { verifyLink, verifyTokenHash } from './verify-routes.ts';

interface Route {
  method: string;
  pattern: RegExp;
  handler: RouteHandler;
}

const ROUTES: Route[] = [
  { method: 'GET', pattern: /^\/health$/, handler: health },
  { method: 'GET', pattern: /^\/settings$/, handler: settingsRoute },
  { method: 'POST', pattern: /^\/token$/, handler: token },
  { method: 'POST', pattern: /^\/signup$/, handler: signup },
  { method: 'GET', pattern: /^\/user$/, handler: getUser },
  { method: 'PUT', pattern: /^\/user$/, handler: updateOwnUser },
  { method: 'POST', pattern: /^\/logout$/, handler: logout },
  { method: 'POST', pattern: /^\/invite$/, handler: invite },
  { method: 'POST', pattern: /^\/recover$/, handler: recover },
  { method: 'GET', pattern: /^\/verify$/, handler: verifyLink },
  { method: 'POST', pattern: /^\/verify$/, handler: verifyTokenHash },
  { method: 'POST', pattern: /^\/admin\/users$/, handler: createUser },
  { method: 'POST', pattern: /^\/admin\/generate_link$/, handler: generateLink },
  { method: 'GET', pattern: /^\/admin\/users$/, handler: listUsers },
  { method: 'GET', pattern: /^\/admin\/users\/(?<userId>[^/]+)$/, handler: getUserById },
  { method: 'PUT', pattern: /^\/admin\/users\/(?<userId>[^/]+)$/, handler: updateUserById },
  { method: 'DELETE', pattern: /^\/admin\/users\/(?<userId>[^/]+)$/, handler: deleteUserById },
];

function route(req: AuthRequest): { handler: RouteHandler; params: Record<string, string> } | AuthHttpError {
  let pathMatched = false;
  for (const candidate of ROUTES) {
    const match = candidate.pattern.exec(req.path);
    if (!match) continue;
    pathMatched = true;
    if (candidate.method === req.method || (req.method === 'HEAD' && candidate.method === 'GET')) {
      try {
        const params = Object.fromEntries(Object.entries(match.groups ?? {}).map(([key, value]) => [key, decodeURIComponent(value)]));
        return { handler: candidate.handler, params };
      } catch {
        return notFound('not_found', 'Not found');
      }
    }
  }
  return pathMatched ? new AuthHttpError(405, 'method_not_allowed', 'Method not allowed') : notFound('not_found', 'Not found');
}

export interface AuthService {
  server: http.Server;
  pool: pg.Pool;
  /** Listens on host:port (port 0 picks a free one); resolves with the bound port. */
  listen(port: number, host?: string): Promise<number>;
  close(): Promise<void>;
}

export interface AuthServiceOptions {
  settings: AuthSettings;
  dbUrl: string;
  /** Where to report unexpected failures; never given request bodies or tokens. */
  log?: (line: string) => void;
  /** Sends the invite and recovery mail; by default over SMTP to settings.smtp. */
  mailer?: Mailer;
}

export function createAuthService({ settings, dbUrl, log = (line) => console.error(line), mailer = smtpMailer(settings.smtp, log) }: AuthServiceOptions): AuthService {
  const pool = createPool(dbUrl);
  const limits = {
    signIn: new RateLimiter(settings.signInRateLimit.max, settings.signInRateLimit.windowMs),
    emailSent: new RateLimiter(settings.emailRateLimit.max, settings.emailRateLimit.windowMs),
  };

  const server = http.createServer((raw, res) => {
    if (raw.method === 'OPTIONS') {
      sendPreflight(raw, res);
      return;
    }
    const req = parseRequest(raw);
    const matched = route(req);
    if (matched instanceof AuthHttpError) {
      sendError(res, req, matched);
      return;
    }
    matched.handler({ req, res, pool, settings, limits, mailer, log, params: matched.params }).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error instanceof AuthHttpError) {
        sendError(res, req, error);
        return;
      }
      log(`[auth] ${req.method} ${req.path} failed: ${error instanceof Error ? error.message : String(error)}`);
      sendError(res, req, new AuthHttpError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'));
    });
  });
  server.keepAliveTimeout = 65_000;

  return {
    server,
    pool,
    listen(port, host = '127.0.0.1') {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve((server.address() as AddressInfo).port);
        });
      });
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      mailer.close();
      await pool.end();
    },
  };
}

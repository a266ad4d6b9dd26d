/**
 * Configuration of the local stack, shared by the supervisor and every part.
 * Everything comes from environment variables with Supabase CLI-compatible defaults, so that the
 * supervisor can hand the same configuration to each child process through its environment.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signJwt } from './jwt.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The repository root (three levels above supabase/local/src). */
export const repoRoot = path.resolve(here, '../../..');
/** supabase/ — migrations, seed.sql and config.toml live here. */
export const supabaseDir = path.join(repoRoot, 'supabase');

/** The Supabase CLI's well-known local JWT secret. */
export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
/** Where Linux's default ephemeral (outgoing connection) port range begins. */
const EPHEMERAL_PORTS_START = 32768;
/** Expiry the CLI gives its anon and service_role keys. */
const DEMO_KEY_EXPIRY = 1983812996;

export interface StackPorts {
  /** Public gateway: /rest/v1, /auth/v1, /realtime/v1, /functions/v1, /storage/v1. */
  api: number;
  /** Postgres. */
  db: number;
  /** Public: the mail catcher's web page and Mailpit-compatible HTTP API (the CLI's inbucket `port`). */
  mail: number;
  /** Public: the mail catcher's SMTP server (the CLI's inbucket `smtp_port`). */
  smtp: number;
  /** Public: the test wholesaler (X12 over HTTP, src/wholesaler/). */
  wholesaler: number;
  /** Public: the test claims switch (NCPDP D.0 over HTTP, src/claims-switch/). */
  claimsSwitch: number;
  /** Internal: PostgREST. */
  rest: number;
  /** Internal: PostgREST admin server (health). */
  restAdmin: number;
  /** Internal: the GoTrue-compatible auth service. */
  auth: number;
  /** Internal: the realtime service. */
  realtime: number;
  /** Internal: the Deno edge-function runtime. */
  functions: number;
  /**
   * Internal: the gateway's address for the stack's own servers (the CLI's `kong:8000`). Edge functions call
   * the API here; unlike the public port it keeps the X-Forwarded-For a function sends for its caller.
   */
  internalApi: number;
  /** Internal: the Supabase Storage-compatible service (/storage/v1). */
  storage: number;
  /** The web app (Vite) when started with it. */
  web: number;
}

export interface StackConfig {
  ports: StackPorts;
  /** Where Postgres data, logs and the supervisor's state file live. */
  dataDir: string;
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  /** Superuser connection string (what `supabase status` calls DB_URL). */
  dbUrl: string;
  /** Password of the `authenticator` role PostgREST logs in as. */
  authenticatorPassword: string;
  apiUrl: string;
  /** The gateway's internal address (SUPABASE_URL inside edge functions). */
  internalApiUrl: string;
  webUrl: string;
  /** Access-token lifetime in seconds (GoTrue's jwt_expiry, 3600 by default). */
  jwtExpiry: number;
  /** Whether POST /auth/v1/signup is open; off: pharmacies join through onboarding. */
  enableSignup: boolean;
  /** The mail catcher's page and API (what `supabase status` calls MAILPIT_URL). */
  mailUrl: string;
  /** The test wholesaler's address (WHOLESALER_URL in stack:status). */
  wholesalerUrl: string;
  /** The test claims switch's address (CLAIMS_SWITCH_URL in stack:status). */
  claimsSwitchUrl: string;
}

function portFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number.parseInt(raw, 10);
  if (!Number.isInteger(value) || value <= 0 || value > 65535) {
    throw new Error(`${name} must be a port number, got "${raw}"`);
  }
  return value;
}

/**
 * Reads the configuration from the environment. STACK_PORT_BASE moves every port of the stack at once
 * (the gateway takes the base, Postgres base+1, the mail catcher base+3 (HTTP) and base+4 (SMTP), the test wholesaler base+5, the test claims switch base+6, internal services base-30000+9..+15 when the base is in the
 * ephemeral range), which is how tests run a fresh stack beside a running `npm start`. Individual STACK_*_PORT variables override single ports.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): StackConfig {
  const base = portFromEnv(env, 'STACK_PORT_BASE', 54321);
  // Internal parts listen below Linux's ephemeral port range (32768–60999): a port inside it can be taken at
  // any moment as the local end of some outgoing connection (a pool's connection to Postgres, say), and the
  // part could then not bind it. The public ports are fixed by the brief; they are bound before the parts
  // open their connections.
  const internal = base >= EPHEMERAL_PORTS_START ? base - 30000 : base;
  const ports: StackPorts = {
    api: portFromEnv(env, 'STACK_API_PORT', base),
    db: portFromEnv(env, 'STACK_DB_PORT', base + 1),
    mail: portFromEnv(env, 'STACK_MAIL_PORT', base + 3),
    smtp: portFromEnv(env, 'STACK_SMTP_PORT', base + 4),
    wholesaler: portFromEnv(env, 'STACK_WHOLESALER_PORT', base + 5),
    claimsSwitch: portFromEnv(env, 'STACK_CLAIMS_SWITCH_PORT', base + 6),
    rest: portFromEnv(env, 'STACK_REST_PORT', internal + 9),
    restAdmin: portFromEnv(env, 'STACK_REST_ADMIN_PORT', internal + 10),
    auth: portFromEnv(env, 'STACK_AUTH_PORT', internal + 11),
    realtime: portFromEnv(env, 'STACK_REALTIME_PORT', internal + 12),
    functions: portFromEnv(env, 'STACK_FUNCTIONS_PORT', internal + 13),
    internalApi: portFromEnv(env, 'STACK_INTERNAL_API_PORT', internal + 14),
    storage: portFromEnv(env, 'STACK_STORAGE_PORT', internal + 15),
    web: portFromEnv(env, 'STACK_WEB_PORT', 5173),
  };
  const jwtSecret = env.STACK_JWT_SECRET || DEFAULT_JWT_SECRET;
  const dataDir = path.resolve(env.STACK_DATA_DIR || path.join(supabaseDir, 'local', '.data'));
  return {
    ports,
    dataDir,
    jwtSecret,
    anonKey: signJwt({ iss: 'supabase-demo', role: 'anon', exp: DEMO_KEY_EXPIRY }, jwtSecret),
    serviceRoleKey: signJwt({ iss: 'supabase-demo', role: 'service_role', exp: DEMO_KEY_EXPIRY }, jwtSecret),
    dbUrl: `postgresql://postgres:postgres@127.0.0.1:${ports.db}/postgres`,
    authenticatorPassword: 'postgres',
    apiUrl: `http://127.0.0.1:${ports.api}`,
    internalApiUrl: `http://127.0.0.1:${ports.internalApi}`,
    webUrl: `http://127.0.0.1:${ports.web}`,
    jwtExpiry: secondsFromEnv(env.STACK_JWT_EXPIRY, 3600),
    enableSignup: env.STACK_ENABLE_SIGNUP === 'true',
    mailUrl: `http://127.0.0.1:${ports.mail}`,
    wholesalerUrl: `http://127.0.0.1:${ports.wholesaler}`,
    claimsSwitchUrl: `http://127.0.0.1:${ports.claimsSwitch}`,
  };
}

function secondsFromEnv(raw: string | undefined, fallback: number): number {
  if (!raw) return fallback;
  const value = Number.parseInt(raw, 10);
  if (!Number.isInteger(value) || value < 1) throw new Error(`STACK_JWT_EXPIRY must be a positive number of seconds, got "${raw}"`);
  return value;
}

/** The `KEY=value` lines `npm run --silent stack:status` prints, like `supabase status -o env`. */
export function statusLines(config: StackConfig): string[] {
  return [
    `API_URL=${config.apiUrl}`,
    `REST_URL=${config.apiUrl}/rest/v1`,
    `FUNCTIONS_URL=${config.apiUrl}/functions/v1`,
    `STORAGE_URL=${config.apiUrl}/storage/v1`,
    `DB_URL=${config.dbUrl}`,
    `ANON_KEY=${config.anonKey}`,
    `SERVICE_ROLE_KEY=${config.serviceRoleKey}`,
    `JWT_SECRET=${config.jwtSecret}`,
    `WEB_URL=${config.webUrl}`,
    `MAILPIT_URL=${config.mailUrl}`,
    `WHOLESALER_URL=${config.wholesalerUrl}`,
    `CLAIMS_SWITCH_URL=${config.claimsSwitchUrl}`,
  ];
}

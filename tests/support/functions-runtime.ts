/**
 * The edge-function runtime on its own (no gateway) for the integration tests that run it against fixture
 * functions: started on a free port with the test stack's keys and URLs, the fixture directory as its functions
 * and that directory's config.toml.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { stackEnv } from './stack-env.ts';
import { repoRoot } from './test-stack.ts';

export interface FunctionsRuntime {
  child: ChildProcess;
  /** The runtime's URL, once it printed its listening line. */
  url: Promise<string>;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
}

/** Starts the runtime on `fixtures` (a directory of functions with its config.toml), with `extraEnv` added. */
export function startFunctionsRuntime(fixtures: string, extraEnv: Record<string, string> = {}): FunctionsRuntime {
  const env = stackEnv();
  let output = '';
  const child = spawn(
    path.join(repoRoot, 'node_modules/.bin/deno'),
    ['run', '--allow-all', '--config', 'edge-functions/deno.json', 'supabase/local/src/functions/main.ts'],
    {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        FUNCTIONS_PORT: '0',
        JWT_SECRET: env.jwtSecret,
        SUPABASE_URL: env.apiUrl,
        SUPABASE_ANON_KEY: env.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: env.serviceRoleKey,
        SUPABASE_DB_URL: env.dbUrl,
        FUNCTIONS_DIR: fixtures,
        FUNCTIONS_CONFIG_TOML: path.join(fixtures, 'config.toml'),
        NO_COLOR: '1',
        ...extraEnv,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const url = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const listening = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (listening) resolve(listening[1]!);
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('exit', (code) => reject(new Error(`the functions runtime exited (code ${code}):\n${output}`)));
  });
  return { child, url, output: () => output };
}

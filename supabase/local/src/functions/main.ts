/**
 * The local stack's edge-function runtime (a Deno program; the root tsconfig excludes this folder and Deno
 * type-checks it). It serves every function of edge-functions/ on one port, as the Supabase CLI's edge
 * runtime does behind the gateway: a request for `/<function-name>/<rest>` (the gateway has stripped
 * /functions/v1) goes, URL unchanged, to that function's Deno.serve handler after the CLI's JWT check.
 *
 * Run by the supervisor, cwd = repository root:
 *   deno run --allow-all --config edge-functions/deno.json supabase/local/src/functions/main.ts
 * Environment: FUNCTIONS_PORT (0 picks a free port, printed on the "listening" line), JWT_SECRET, and
 * SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY, SUPABASE_DB_URL, which functions read as on
 * hosted Supabase. The process environment is left as it is (functions can see the runtime's own
 * variables too) because `deno run --watch` restarts the program in the same process and needs them.
 * FUNCTIONS_DIR and FUNCTIONS_CONFIG_TOML move the functions folder (default edge-functions/) and the
 * config file (default supabase/config.toml; its [functions.*] entrypoints are relative to its folder);
 * the runtime's own tests point them at fixtures. Variables of supabase/functions/.env (FUNCTIONS_ENV_FILE moves
 * it) are added to the environment before any function loads, as the CLI's `functions serve` does (env-file.ts).
 *
 * Each function module is loaded once, at start-up; a module that fails to load answers 503 BOOT_ERROR, a
 * handler that throws answers 500 WORKER_ERROR, and neither stops the runtime.
 */
import { parse as parseToml } from 'smol-toml';
import { applyEnvFile } from './env-file.ts';
import { type FunctionDefinition, resolveFunctions } from './function-registry.ts';
import { checkFunctionJwt } from './jwt-gate.ts';
import { bootError, functionNotFound, runtimeJson, workerError } from './runtime-responses.ts';
import { type LoadedFunction, installServeCapture } from './serve-capture.ts';

interface RuntimeEnvironment {
  port: number;
  jwtSecret: string;
  /** The functions folder, as a file: URL ending in "/". */
  functionsDir: URL;
  /** config.toml, as a file: URL. */
  configToml: URL;
}

/** A path from the environment (relative to the working directory) as a file: URL. */
function fileUrlFromEnv(name: string, fallback: URL, isDirectory: boolean): URL {
  const value = Deno.env.get(name);
  if (!value) return fallback;
  const cwd = new URL(`file://${Deno.cwd()}/`);
  const path = isDirectory && !value.endsWith('/') ? `${value}/` : value;
  return new URL(path, cwd);
}

function readEnvironment(): RuntimeEnvironment {
  const required = ['FUNCTIONS_PORT', 'JWT_SECRET', 'SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY', 'SUPABASE_DB_URL'];
  const missing = required.filter((name) => !Deno.env.get(name));
  if (missing.length > 0) throw new Error(`edge functions: missing environment variables ${missing.join(', ')}`);
  const port = Number(Deno.env.get('FUNCTIONS_PORT'));
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('edge functions: FUNCTIONS_PORT must be a port number');
  const jwtSecret = Deno.env.get('JWT_SECRET')!;
  const functionsDir = fileUrlFromEnv('FUNCTIONS_DIR', new URL('../../../../edge-functions/', import.meta.url), true);
  const configToml = fileUrlFromEnv('FUNCTIONS_CONFIG_TOML', new URL('../../../config.toml', import.meta.url), false);
  return { port, jwtSecret, functionsDir, configToml };
}

async function exists(url: URL): Promise<boolean> {
  try {
    await Deno.stat(url);
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
}

/** Folders of the functions folder that hold an index.ts. */
async function functionFolders(functionsDir: URL): Promise<string[]> {
  const names: string[] = [];
  for await (const entry of Deno.readDir(functionsDir)) {
    if (entry.isDirectory && (await exists(new URL(`${entry.name}/index.ts`, functionsDir)))) names.push(entry.name);
  }
  return names;
}

async function readConfigToml(file: URL): Promise<Record<string, unknown>> {
  if (!(await exists(file))) return {};
  return parseToml(await Deno.readTextFile(file)) as Record<string, unknown>;
}

/** A function to serve; `loaded` is null when its module failed to boot. */
type ServedFunction = FunctionDefinition & { loaded: LoadedFunction | null };

/** Reads the functions' .env file (none: null) and adds its variables to the environment. */
async function loadEnvFile(configToml: URL): Promise<void> {
  const file = fileUrlFromEnv('FUNCTIONS_ENV_FILE', new URL('functions/.env', new URL('./', configToml)), false);
  const text = (await exists(file)) ? await Deno.readTextFile(file) : null;
  const { applied, skipped } = applyEnvFile(text, Deno.env);
  if (applied.length > 0) console.log(`edge functions: ${applied.length} variable(s) from ${file.pathname}: ${applied.join(', ')}`);
  for (const line of skipped) console.error(`edge functions: ${file.pathname}: skipped ${line}`);
}

// Configuration errors end the process (the supervisor reports them); what follows must not.
const environment = readEnvironment();
await loadEnvFile(environment.configToml);
const definitions = resolveFunctions({
  folderNames: await functionFolders(environment.functionsDir),
  functionsDir: environment.functionsDir,
  supabaseDir: new URL('./', environment.configToml),
  config: await readConfigToml(environment.configToml),
});

// From here on, errors escaping a function's background work must not end the process serving all functions.
globalThis.addEventListener('unhandledrejection', (event) => {
  event.preventDefault();
  console.error('edge functions: unhandled rejection', event.reason);
});
globalThis.addEventListener('error', (event) => {
  event.preventDefault();
  console.error('edge functions: uncaught error', event.error);
});

const serve = Deno.serve.bind(Deno);
// What Deno.serve returns to functions reports this address; its port is filled in once listening.
const listenAddress: Deno.NetAddr = { transport: 'tcp', hostname: '127.0.0.1', port: environment.port };
const loader = installServeCapture(listenAddress);

const served = new Map<string, ServedFunction>();
for (const definition of definitions) {
  try {
    served.set(definition.name, { ...definition, loaded: await loader.load(definition.name, definition.entrypoint) });
  } catch (error) {
    console.error(`edge functions: function "${definition.name}" failed to boot`, error);
    served.set(definition.name, { ...definition, loaded: null });
  }
}

async function runFunction(fn: LoadedFunction, name: string, req: Request, info: Deno.ServeHandlerInfo<Deno.NetAddr>) {
  try {
    const response = await fn.handler(req, info);
    if (response instanceof Response) return response;
    console.error(`edge functions: "${name}" returned something that is not a Response`);
    return workerError();
  } catch (error) {
    console.error(`edge functions: "${name}" threw`, error);
    if (!fn.onError) return workerError();
    try {
      return await fn.onError(error);
    } catch (onErrorFailure) {
      console.error(`edge functions: "${name}" onError threw`, onErrorFailure);
      return workerError();
    }
  }
}

serve(
  {
    hostname: '127.0.0.1',
    port: environment.port,
    onListen: ({ port }) => {
      listenAddress.port = port;
      const names = [...served.keys()].join(', ') || '(none)';
      console.log(`edge functions listening on http://127.0.0.1:${port}: ${names}`);
    },
    onError: (error) => {
      console.error('edge functions: runtime error', error);
      return workerError();
    },
  },
  (req, info) => {
    const { pathname } = new URL(req.url);
    if (pathname === '/_internal/health') return runtimeJson({ message: 'ok' }, 200);
    const name = pathname.split('/')[1] ?? '';
    const fn = served.get(name);
    if (!fn) return functionNotFound();
    if (fn.verifyJwt) {
      const refusal = checkFunctionJwt(req, environment.jwtSecret);
      if (refusal) return refusal;
    }
    if (!fn.loaded) return bootError();
    return runFunction(fn.loaded, name, req, info);
  },
);

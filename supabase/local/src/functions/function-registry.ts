/**
 * Which edge functions the local runtime serves, decided by the Supabase CLI's rules applied to this
 * repository's layout: every folder of edge-functions/ holding an index.ts is a function (folders
 * starting with "_" or "." hold shared code), and supabase/config.toml's [functions.<name>] section may
 * disable one (`enabled = false`), turn off its JWT check (`verify_jwt = false`) or move its entrypoint
 * (`entrypoint`, relative to supabase/ as the CLI resolves it). Pure: no file system, no Deno APIs, so
 * Node unit tests can exercise it.
 */

export interface FunctionDefinition {
  /** The first path segment of a request: `/<name>/...`. */
  name: string;
  /** file: URL of the module that calls Deno.serve. */
  entrypoint: URL;
  /** Whether requests other than OPTIONS need a valid JWT (the CLI's default is true). */
  verifyJwt: boolean;
}

/** The keys of a [functions.<name>] section the CLI accepts; values are unchecked TOML. */
export interface FunctionSection {
  enabled?: unknown;
  verify_jwt?: unknown;
  entrypoint?: unknown;
  import_map?: unknown;
  static_files?: unknown;
}

export interface FunctionLayout {
  /** Folder names of edge-functions/ that contain an index.ts. */
  folderNames: string[];
  /** edge-functions/ as a file: URL ending in "/". */
  functionsDir: URL;
  /** supabase/ (config.toml's folder) as a file: URL ending in "/". */
  supabaseDir: URL;
  /** The parsed supabase/config.toml (any TOML parser's plain-object output). */
  config: Record<string, unknown>;
}

/** The CLI's rule for function names (also what makes a name usable as a URL segment). */
const FUNCTION_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

export function isFunctionFolderName(name: string): boolean {
  return FUNCTION_NAME.test(name);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The [functions.*] sections of config.toml, validated for the keys the runtime uses. */
export function functionSections(config: Record<string, unknown>): Map<string, FunctionSection> {
  const sections = new Map<string, FunctionSection>();
  const functions = config.functions;
  if (functions === undefined) return sections;
  if (!isPlainObject(functions)) throw new Error('supabase/config.toml: [functions] must be a table');
  for (const [name, section] of Object.entries(functions)) {
    if (!isPlainObject(section)) throw new Error(`supabase/config.toml: [functions.${name}] must be a table`);
    if (!FUNCTION_NAME.test(name)) throw new Error(`supabase/config.toml: "${name}" is not a valid function name`);
    for (const key of ['enabled', 'verify_jwt'] as const) {
      if (section[key] !== undefined && typeof section[key] !== 'boolean') {
        throw new Error(`supabase/config.toml: [functions.${name}] ${key} must be true or false`);
      }
    }
    if (section.entrypoint !== undefined && typeof section.entrypoint !== 'string') {
      throw new Error(`supabase/config.toml: [functions.${name}] entrypoint must be a string`);
    }
    sections.set(name, section);
  }
  return sections;
}

/** Every function to serve, sorted by name. */
export function resolveFunctions(layout: FunctionLayout): FunctionDefinition[] {
  const sections = functionSections(layout.config);
  const names = new Set([...layout.folderNames.filter(isFunctionFolderName), ...sections.keys()]);
  const definitions: FunctionDefinition[] = [];
  for (const name of [...names].sort()) {
    const section = sections.get(name) ?? {};
    if (section.enabled === false) continue;
    const entrypoint =
      typeof section.entrypoint === 'string'
        ? new URL(section.entrypoint, layout.supabaseDir)
        : new URL(`${name}/index.ts`, layout.functionsDir);
    definitions.push({ name, entrypoint, verifyJwt: section.verify_jwt !== false });
  }
  return definitions;
}

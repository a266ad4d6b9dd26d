/**
 * supabase/functions/.env, as the Supabase CLI's `functions serve` reads it: variables the functions receive
 * (provider URLs and keys — on hosted they come from `supabase secrets set`). Dotenv syntax: `NAME=value`,
 * optional `export `, `#` comments, single-quoted (literal) or double-quoted (\n, \t, \", \\ escapes) values, an
 * unquoted value ending at ` #`. Names starting with SUPABASE_ are skipped, as the CLI does (those are the
 * runtime's own). Pure: no Deno APIs, so Node unit tests exercise it.
 *
 * Precedence: a variable already in the environment of `npm start` / `npm run stack` wins over the file, except
 * one the file itself set earlier in this process (`deno run --watch` restarts in the same process): those are
 * listed in FUNCTIONS_ENV_FILE_NAMES and re-read, so an edited file takes effect on the next restart.
 */

export interface EnvFileEntries {
  values: Map<string, string>;
  /** Lines that are not assignments (by number), or names refused (for the log; never a value). */
  skipped: string[];
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const ENV_FILE_NAMES_VARIABLE = 'FUNCTIONS_ENV_FILE_NAMES';

function unquote(raw: string): string {
  const value = raw.trim();
  if (value.startsWith("'")) {
    const end = value.indexOf("'", 1);
    return end === -1 ? value.slice(1) : value.slice(1, end);
  }
  if (value.startsWith('"')) {
    let out = '';
    for (let index = 1; index < value.length; index++) {
      const char = value[index]!;
      if (char === '"') break;
      if (char === '\\' && index + 1 < value.length) {
        const next = value[++index]!;
        out += next === 'n' ? '\n' : next === 't' ? '\t' : next === 'r' ? '\r' : next;
      } else out += char;
    }
    return out;
  }
  const comment = value.search(/\s#/);
  return (comment === -1 ? value : value.slice(0, comment)).trim();
}

export function parseEnvFile(text: string): EnvFileEntries {
  const values = new Map<string, string>();
  const skipped: string[] = [];
  for (const [index, rawLine] of text.split(/\r?\n/).entries()) {
    const line = rawLine.trim();
    if (line === '' || line.startsWith('#')) continue;
    const assignment = line.replace(/^export\s+/, '');
    const equals = assignment.indexOf('=');
    const name = equals === -1 ? '' : assignment.slice(0, equals).trim();
    if (!NAME.test(name)) {
      // The line number only: a malformed line may hold a secret.
      skipped.push(`line ${index + 1} (not NAME=value)`);
      continue;
    }
    if (name.startsWith('SUPABASE_')) {
      skipped.push(`${name} (names starting with SUPABASE_ are the runtime's own)`);
      continue;
    }
    values.set(name, unquote(assignment.slice(equals + 1)));
  }
  return { values, skipped };
}

export interface EnvAccess {
  get(name: string): string | undefined;
  set(name: string, value: string): void;
  delete(name: string): void;
}

/**
 * Applies the file's values to the environment (see the module comment for precedence); answers the names it
 * set. `text` null: there is no file (names it set before are removed).
 */
export function applyEnvFile(text: string | null, env: EnvAccess): { applied: string[]; skipped: string[] } {
  const previous = new Set((env.get(ENV_FILE_NAMES_VARIABLE) ?? '').split(',').filter((name) => name !== ''));
  const { values, skipped } = text === null ? { values: new Map<string, string>(), skipped: [] } : parseEnvFile(text);
  const applied: string[] = [];
  for (const name of previous) if (!values.has(name)) env.delete(name);
  for (const [name, value] of values) {
    if (env.get(name) !== undefined && !previous.has(name)) continue;
    env.set(name, value);
    applied.push(name);
  }
  env.set(ENV_FILE_NAMES_VARIABLE, applied.join(','));
  return { applied, skipped };
}

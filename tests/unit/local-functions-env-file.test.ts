/**
 * supabase/functions/.env for the local functions runtime (supabase/local/src/functions/env-file.ts): dotenv
 * syntax, SUPABASE_ names skipped as the CLI does, the environment of `npm start` winning over the file, and an
 * edited file taking effect when the runtime restarts in the same process (deno --watch).
 */
import { describe, expect, it } from 'vitest';
import { ENV_FILE_NAMES_VARIABLE, applyEnvFile, parseEnvFile } from '../../supabase/local/src/functions/env-file.ts';

function fakeEnv(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    get: (name: string) => values.get(name),
    set: (name: string, value: string) => void values.set(name, value),
    delete: (name: string) => void values.delete(name),
  };
}

describe('parseEnvFile', () => {
  it('reads NAME=value lines, export, comments and quotes', () => {
    const { values, skipped } = parseEnvFile(
      [
        '# providers',
        'OPENFDA_API_URL=https://api.fda.gov',
        'export RXNAV_API_URL = https://rxnav.nlm.nih.gov/REST  # NLM',
        "OPENFDA_API_KEY='a#b c'",
        'MULTI="line1\\nline2 \\"quoted\\""',
        'EMPTY=',
        '',
        'not an assignment secret-value',
        '1BAD=x',
        'SUPABASE_URL=http://elsewhere',
      ].join('\n'),
    );
    expect(Object.fromEntries(values)).toEqual({
      OPENFDA_API_URL: 'https://api.fda.gov',
      RXNAV_API_URL: 'https://rxnav.nlm.nih.gov/REST',
      OPENFDA_API_KEY: 'a#b c',
      MULTI: 'line1\nline2 "quoted"',
      EMPTY: '',
    });
    expect(skipped).toEqual(['line 8 (not NAME=value)', 'line 9 (not NAME=value)', "SUPABASE_URL (names starting with SUPABASE_ are the runtime's own)"]);
    expect(skipped.join(' ')).not.toContain('secret-value');
  });
});

describe('applyEnvFile', () => {
  it("adds the file's variables; the environment of npm start wins", () => {
    const env = fakeEnv({ RXNAV_API_URL: 'http://from-shell' });
    const { applied } = applyEnvFile('OPENFDA_API_URL=http://from-file\nRXNAV_API_URL=http://file', env);
    expect(applied).toEqual(['OPENFDA_API_URL']);
    expect(env.get('OPENFDA_API_URL')).toBe('http://from-file');
    expect(env.get('RXNAV_API_URL')).toBe('http://from-shell');
  });

  it('on a restart in the same process, an edited file replaces what it set before and a removed line is gone', () => {
    const env = fakeEnv();
    applyEnvFile('OPENFDA_API_URL=http://one\nNADAC_API_URL=http://n', env);
    applyEnvFile('OPENFDA_API_URL=http://two', env);
    expect(env.get('OPENFDA_API_URL')).toBe('http://two');
    expect(env.get('NADAC_API_URL')).toBeUndefined();
    expect(env.get(ENV_FILE_NAMES_VARIABLE)).toBe('OPENFDA_API_URL');
    applyEnvFile(null, env);
    expect(env.get('OPENFDA_API_URL')).toBeUndefined();
  });
});

/**
 * Which functions the local edge runtime serves: folders of edge-functions/ and supabase/config.toml's
 * [functions.<name>] sections, resolved as the Supabase CLI resolves them.
 */
import { describe, expect, it } from 'vitest';
import { functionSections, resolveFunctions } from '../../supabase/local/src/functions/function-registry.ts';

const functionsDir = new URL('file:///repo/edge-functions/');
const supabaseDir = new URL('file:///repo/supabase/');

function resolve(folderNames: string[], config: Record<string, unknown>) {
  return resolveFunctions({ folderNames, functionsDir, supabaseDir, config }).map((fn) => ({
    name: fn.name,
    entrypoint: fn.entrypoint.href,
    verifyJwt: fn.verifyJwt,
  }));
}

describe('resolveFunctions', () => {
  it('serves every function folder with JWT verification on, skipping shared-code folders', () => {
    expect(resolve(['api', '_shared', '.cache', 'billing'], {})).toEqual([
      { name: 'api', entrypoint: 'file:///repo/edge-functions/api/index.ts', verifyJwt: true },
      { name: 'billing', entrypoint: 'file:///repo/edge-functions/billing/index.ts', verifyJwt: true },
    ]);
  });

  it('applies verify_jwt, enabled and an entrypoint relative to the supabase folder', () => {
    const config = {
      functions: {
        api: { enabled: true, verify_jwt: true, entrypoint: '../edge-functions/api/index.ts', import_map: '../edge-functions/deno.json' },
        webhook: { verify_jwt: false },
        retired: { enabled: false },
        elsewhere: { entrypoint: 'functions/elsewhere/main.ts' },
      },
    };
    expect(resolve(['api', 'webhook', 'retired'], config)).toEqual([
      { name: 'api', entrypoint: 'file:///repo/edge-functions/api/index.ts', verifyJwt: true },
      { name: 'elsewhere', entrypoint: 'file:///repo/supabase/functions/elsewhere/main.ts', verifyJwt: true },
      { name: 'webhook', entrypoint: 'file:///repo/edge-functions/webhook/index.ts', verifyJwt: false },
    ]);
  });
});

describe('functionSections', () => {
  it('refuses values the CLI would refuse, naming the section', () => {
    expect(() => functionSections({ functions: { api: { verify_jwt: 'no' } } })).toThrow('[functions.api] verify_jwt must be true or false');
    expect(() => functionSections({ functions: { api: { enabled: 1 } } })).toThrow('[functions.api] enabled must be true or false');
    expect(() => functionSections({ functions: { api: { entrypoint: 3 } } })).toThrow('[functions.api] entrypoint must be a string');
    expect(() => functionSections({ functions: { '9lives': {} } })).toThrow('"9lives" is not a valid function name');
    expect(() => functionSections({ functions: 'api' })).toThrow('[functions] must be a table');
  });

  it('is empty when config.toml has no functions', () => {
    expect(functionSections({ api: { port: 54321 } }).size).toBe(0);
  });
});

/**
 * web/build/supabase-parts.ts against the installed supabase packages: it redirects exactly the imports it names, its
 * replacements export every name their importers take, and Storage on demand (storage-on-demand.ts) drives the real
 * storage-js — the same requests through the client's fetch, the same answers and errors — for every asynchronous
 * bucket method storage-js has, while the members it cannot offer throw.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { StorageClient as LoadedStorageClient } from '@supabase/storage-js';
import { describe, expect, it } from 'vitest';
import { STORAGE_ON_DEMAND, supabasePartFor, WEB3_LEFT_OUT, WEBAUTHN_LEFT_OUT } from '../../web/build/supabase-parts.ts';
import { ASYNC_BUCKET_METHODS, StorageApiError, StorageClient } from '../../web/build/supabase-parts/storage-on-demand.ts';
import { browserSupportsWebAuthn, WebAuthnApi } from '../../web/build/supabase-parts/webauthn-left-out.ts';

const require = createRequire(import.meta.url);
/** A package's folder in node_modules (its package.json's directory). */
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));
const SUPABASE_JS = path.join(packageDir('@supabase/supabase-js'), 'dist/index.mjs');
const GOTRUE_CLIENT = path.join(packageDir('@supabase/auth-js'), 'dist/module/GoTrueClient.js');

/** The names a module's source imports from `source` (its `import { … } from '<source>'` statement). */
function importedNames(file: string, source: string): string[] {
  const code = readFileSync(file, 'utf8');
  const statement = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${source.replace(/[./]/g, '\\$&')}["']`).exec(code);
  if (!statement) throw new Error(`${path.basename(file)} no longer imports from ${source}: review web/build/supabase-parts.ts`);
  return statement[1]!.split(',').map((name) => name.trim().split(/\s+as\s+/)[0]!).filter(Boolean);
}

describe('the redirects', () => {
  it('supabase-js gets Storage on demand; GoTrueClient gets WebAuthn and Web3 left out; nothing else moves', () => {
    expect(supabasePartFor('@supabase/storage-js', SUPABASE_JS)).toBe(STORAGE_ON_DEMAND);
    expect(supabasePartFor('./lib/webauthn', GOTRUE_CLIENT)).toBe(WEBAUTHN_LEFT_OUT);
    expect(supabasePartFor('./lib/web3/ethereum', GOTRUE_CLIENT)).toBe(WEB3_LEFT_OUT);
    // The on-demand client imports the real storage-js; the app's own imports and other packages resolve as usual.
    expect(supabasePartFor('@supabase/storage-js', STORAGE_ON_DEMAND)).toBeNull();
    expect(supabasePartFor('@supabase/storage-js', path.resolve('web/src/lib/supabase.ts'))).toBeNull();
    expect(supabasePartFor('./lib/webauthn', path.join(path.dirname(GOTRUE_CLIENT), 'lib/webauthn.errors.js'))).toBeNull();
    expect(supabasePartFor('@supabase/auth-js', SUPABASE_JS)).toBeNull();
    expect(supabasePartFor('@supabase/storage-js', undefined)).toBeNull();
  });

  it('each replacement exports every name its importer takes from the module it replaces', async () => {
    const replacements = [
      { importer: SUPABASE_JS, source: '@supabase/storage-js', replacement: STORAGE_ON_DEMAND },
      { importer: GOTRUE_CLIENT, source: './lib/webauthn', replacement: WEBAUTHN_LEFT_OUT },
      { importer: GOTRUE_CLIENT, source: './lib/web3/ethereum', replacement: WEB3_LEFT_OUT },
    ];
    for (const { importer, source, replacement } of replacements) {
      const exported = Object.keys((await import(replacement)) as object);
      expect(exported, `${path.basename(replacement)} for ${source}`).toEqual(expect.arrayContaining(importedNames(importer, source)));
    }
  });
});

/** A fetch that records each request and answers with `answer`. */
function recordingFetch(answer: (url: string, init: RequestInit) => Response) {
  const requests: { url: string; method: string; body: unknown }[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input instanceof Request ? input.url : input);
    requests.push({ url, method: init.method ?? 'GET', body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
    return answer(url, init);
  };
  return { requests, fetch: fetch as typeof globalThis.fetch };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const STORAGE_URL = 'http://storage.test/storage/v1';

describe('Storage on demand', () => {
  it('offers every asynchronous bucket method of storage-js, and only those', () => {
    const loaded = new LoadedStorageClient(STORAGE_URL, {}).from('bucket');
    const prototype = Object.getPrototypeOf(loaded) as Record<string, unknown>;
    // uploadOrUpdate is upload's and update's helper; download answers a thenable builder (not an async function).
    const asyncMethods = Object.getOwnPropertyNames(prototype).filter(
      (name) => (prototype[name] as { constructor?: { name: string } })?.constructor?.name === 'AsyncFunction' && name !== 'uploadOrUpdate',
    );
    expect([...ASYNC_BUCKET_METHODS].sort()).toEqual([...asyncMethods, 'download'].sort());
    expect(typeof (loaded.download('a.pdf') as unknown as PromiseLike<unknown>).then).toBe('function');
  });

  it('sends the requests storage-js sends, through the client fetch it was built with, and answers as storage-js does', async () => {
    const { requests, fetch } = recordingFetch((url) =>
      url.includes('/object/list/') ? json([{ name: 'license.pdf', id: 'object-1' }]) : json({ signedURL: '/object/sign/credential-documents/p/u/license.pdf?token=t' }),
    );
    const bucket = new StorageClient(STORAGE_URL, { apikey: 'anon' }, fetch).from('credential-documents');

    const listed = await bucket.list!('p/u', { search: 'license.' });
    expect(listed).toEqual({ data: [{ name: 'license.pdf', id: 'object-1' }], error: null });
    expect(requests[0]).toMatchObject({ url: `${STORAGE_URL}/object/list/credential-documents`, method: 'POST', body: { prefix: 'p/u', search: 'license.' } });

    const signed = (await bucket.createSignedUrl!('p/u/license.pdf', 60, { download: 'copy.pdf' })) as { data: { signedUrl: string } };
    expect(requests[1]).toMatchObject({ url: `${STORAGE_URL}/object/sign/credential-documents/p/u/license.pdf`, method: 'POST', body: { expiresIn: 60 } });
    expect(signed.data.signedUrl).toBe(`${STORAGE_URL}/object/sign/credential-documents/p/u/license.pdf?token=t&download=copy.pdf`);
  });

  it("answers storage-js's errors, which supabase-js's StorageApiError recognises", async () => {
    const { fetch } = recordingFetch(() => json({ statusCode: '403', error: 'Unauthorized', message: 'new row violates row-level security policy' }, 400));
    const removed = (await new StorageClient(STORAGE_URL, {}, fetch).from('credential-documents').remove!(['p/u/license.png'])) as { data: unknown; error: unknown };
    expect(removed.data).toBeNull();
    expect(removed.error).toBeInstanceOf(StorageApiError);
    expect((removed.error as Error).message).toBe('new row violates row-level security policy');
    expect(new Error('not storage')).not.toBeInstanceOf(StorageApiError);
  });

  it('a bucket is not a thenable, and what it cannot offer throws, naming the file', async () => {
    const bucket = new StorageClient(STORAGE_URL, {}).from('credential-documents');
    expect(await Promise.resolve(bucket)).toBe(bucket);
    expect(() => bucket.getPublicUrl).toThrow(/getPublicUrl is not available, Storage is loaded on demand \(web\/build\/supabase-parts\/storage-on-demand\.ts\)/);
    expect(() => bucket.throwOnError).toThrow(/storage-on-demand\.ts/);
  });
});

describe('WebAuthn left out', () => {
  it('the client still constructs it; no browser supports it; its methods throw, naming the file', () => {
    expect(browserSupportsWebAuthn()).toBe(false);
    expect(() => new WebAuthnApi().register()).toThrow(/WebAuthn \(mfa\.webauthn\.register\) is left out of this app \(web\/build\/supabase-parts\/webauthn-left-out\.ts\)/);
  });
});

/**
 * What supabase-js brings into the web app's JavaScript. createClient constructs every part of Supabase at once
 * (auth, PostgREST, Realtime, Functions, Storage; methods of classes cannot be tree-shaken), so the first visit would
 * download code this app calls on one screen or never. This plugin redirects three imports of the supabase packages,
 * in the build and on the dev server alike (the end-to-end tests run what production runs):
 * - supabase-js's `@supabase/storage-js` → supabase-parts/storage-on-demand.ts: Storage (and its Iceberg catalog) is
 *   imported by the first bucket call, by the screen that uses it (~6.5 kB gzip off the first visit).
 * - auth-js's WebAuthn factors and Sign in with Ethereum → supabase-parts/{webauthn,web3}-left-out.ts: the app's
 *   second factor is TOTP and staff sign in with a password (~3.5 kB gzip). Calling them throws, naming the file.
 * Everything else (sign-in, sessions, TOTP, sign-out, PostgREST, Realtime, Functions) is supabase-js's own code.
 * tests/unit/supabase-parts.test.ts checks the replacements against the installed packages; `npm run bench -- bundle`
 * reports a first visit that downloads Storage (tests/support/signed-in-first-visit-code.ts).
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const part = (file: string) => fileURLToPath(new URL(`./supabase-parts/${file}`, import.meta.url));

export const STORAGE_ON_DEMAND = part('storage-on-demand.ts');
export const WEBAUTHN_LEFT_OUT = part('webauthn-left-out.ts');
export const WEB3_LEFT_OUT = part('web3-left-out.ts');

const packagePath = (name: string) => new RegExp(`[\\\\/]node_modules[\\\\/]${name.replace('/', '[\\\\/]')}[\\\\/]`);
const SUPABASE_JS = packagePath('@supabase/supabase-js');
const AUTH_JS = packagePath('@supabase/auth-js');

/** The replacement of an import, or null to resolve it as usual. */
export function supabasePartFor(source: string, importer: string | undefined): string | null {
  if (importer === undefined) return null;
  if (source === '@supabase/storage-js' && SUPABASE_JS.test(importer)) return STORAGE_ON_DEMAND;
  if (AUTH_JS.test(importer) && /[\\/]GoTrueClient\.js$/.test(importer)) {
    if (source === './lib/webauthn') return WEBAUTHN_LEFT_OUT;
    if (source === './lib/web3/ethereum') return WEB3_LEFT_OUT;
  }
  return null;
}

/** The plugin, for Vite's plugins and for the dev server's dependency optimizer (which bundles supabase-js). */
export function supabaseParts(): Plugin {
  return {
    name: 'pharmacy:supabase-parts',
    enforce: 'pre',
    resolveId(source, importer) {
      return supabasePartFor(source, importer);
    },
  };
}

/**
 * What the sign-in page may download, in one place for the e2e check (Vite's dev server, module by module)
 * and the bundle bench (the production build, chunk by chunk): the signed-out pages' shell, the auth and
 * server-connection features and the libraries they need — never a signed-in route, another feature's code, a
 * screen-only library or classic zod (the first visit's schemas use zod/mini).
 */
import path from 'node:path';
import { repoRoot } from './test-stack.ts';

/** The features the sign-in page uses (web/src/features/<name>). */
export const SIGN_IN_PAGE_FEATURES: readonly string[] = ['auth', 'server-connection'];

/** Libraries only screens use (their forms and tables; OCR and PDF reading, on Prescription Files; charts, on Reports). */
export const SCREEN_ONLY_PACKAGES: readonly string[] = [
  'react-hook-form',
  '@hookform/resolvers',
  '@tanstack/react-table',
  '@tanstack/table-core',
  'tesseract.js',
  'unpdf',
  'recharts',
];

/**
 * Why a source must not be part of the sign-in page, or null when it may. `source` is an app path from
 * the repository root ('web/src/…', 'shared/src/…') or a path inside node_modules ('zod/v4/classic/…').
 */
export function screenOnlyReason(source: string): string | null {
  if (source.startsWith('web/src/app/routes/app/')) return `signed-in route ${source}`;
  const feature = /^web\/src\/features\/([^/]+)\//.exec(source);
  if (feature) return SIGN_IN_PAGE_FEATURES.includes(feature[1]!) ? null : `screen code ${source}`;
  if (source.startsWith('web/') || source.startsWith('shared/')) return null;
  const library = SCREEN_ONLY_PACKAGES.find((name) => source === name || source.startsWith(`${name}/`));
  if (library) return `screen-only library ${library}`;
  if (source === 'zod' || source === 'zod/v4' || source.startsWith('zod/v4/classic/')) return 'classic zod';
  return null;
}

/** A module id of the production build (an absolute path) as a source for screenOnlyReason. */
export function sourceOfBuiltModule(moduleId: string): string {
  const id = moduleId.replace(/\?.*$/, '').replaceAll('\\', '/');
  const inPackages = id.lastIndexOf('/node_modules/');
  if (inPackages >= 0) return id.slice(inPackages + '/node_modules/'.length);
  return path.relative(repoRoot, id).replaceAll('\\', '/');
}

/**
 * A script URL path of Vite's dev server as a source for screenOnlyReason, or null when it names no
 * source (Vite's client, a shared chunk of pre-bundled dependencies).
 */
export function sourceOfDevScript(urlPath: string): string | null {
  const pathname = urlPath.replace(/\?.*$/, '');
  // Pre-bundled dependencies are named after their import: '@tanstack_react-table.js', 'zod_mini.js'. Their shared
  // chunks carry a hash ('react-dom-CRx58tZq.js'; 'chunk-…' before Vite 8) and are parts of the dependencies named.
  const dependency = /^\/node_modules\/\.vite\/deps\/(.+)\.js$/.exec(pathname);
  if (dependency) return /^chunk-|-[\w-]{8}$/.test(dependency[1]!) ? null : dependency[1]!.replaceAll('_', '/');
  if (pathname.startsWith('/src/')) return `web${pathname}`;
  if (pathname.startsWith('/@fs/')) {
    const file = pathname.slice('/@fs'.length);
    const inPackages = file.lastIndexOf('/node_modules/');
    // A package's file served as is (Vite's client environment): as sourceOfBuiltModule names it.
    if (inPackages >= 0) return file.slice(inPackages + '/node_modules/'.length);
    return path.relative(repoRoot, file).replaceAll('\\', '/');
  }
  return null;
}

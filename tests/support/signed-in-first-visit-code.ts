/**
 * What a signed-in first visit may download — /login, the sign-in, the signed-in shell and the dashboard, every
 * signed-in user's landing screen — in one place for the e2e check (Vite's dev server, module by module) and the
 * bundle bench (the production build, chunk by chunk). The app's code: the sign-in page's, the shell (app-root, with
 * the header's global search), the dashboard and the pieces of other features it shows (the prescriptions feature's
 * DEA registration banner, the subscription feature's trial notice for admins).
 * Libraries: only those listed below — a library a coming screen brings (charts, PDF, OCR, scanning, spreadsheets)
 * stays with that screen, so adding one to the shell fails here until it is listed on purpose. Classic zod, Storage
 * (loaded on demand, web/build/supabase-parts.ts) and the screens' form and table libraries are not among them.
 */
import { screenOnlyReason } from './sign-in-page-code.ts';

/** The signed-in routes of the visit (web/src/app/routes/app/). */
const SIGNED_IN_ROUTES: readonly string[] = ['web/src/app/routes/app/app-root.tsx', 'web/src/app/routes/app/dashboard.tsx'];

/** The features whose code the visit runs, besides the sign-in page's. */
const SIGNED_IN_FEATURES: readonly string[] = ['dashboard', 'global-search'];

/** Files of other features the dashboard shows: the DEA registration banner and the admin's trial notice, with their queries. */
const OTHER_FEATURE_FILES: readonly string[] = [
  'web/src/features/prescriptions/components/dea-registration-banner.tsx',
  'web/src/features/prescriptions/api/get-controlled-substance-status.ts',
  'web/src/features/prescriptions/keys.ts',
  'web/src/features/subscription/components/trial-ending-notice.tsx',
  'web/src/features/subscription/api/get-current-subscription.ts',
  'web/src/features/subscription/keys.ts',
];

/** The libraries of the visit (a package, or a package's entry as Vite's dev server names it, 'react-dom/client'). */
export const SIGNED_IN_FIRST_VISIT_PACKAGES: readonly string[] = [
  'react',
  'react-dom',
  'scheduler',
  'react-router',
  'react-router-dom',
  '@tanstack/query-core',
  '@tanstack/react-query',
  '@supabase/supabase-js',
  '@supabase/auth-js',
  '@supabase/postgrest-js',
  '@supabase/realtime-js',
  '@supabase/phoenix',
  '@supabase/functions-js',
  'tslib',
  'zod',
];

function packageOf(source: string): string {
  return /^(@[^/]+\/)?[^/]+/.exec(source)?.[0] ?? source;
}

/**
 * Why a source must not be part of the signed-in first visit, or null when it may. `source` is an app path from the
 * repository root ('web/src/…', 'shared/src/…') or a path inside node_modules ('zod/v4/mini/…'); a build helper
 * (Vite's, Rolldown's: no path) may.
 */
export function notOnSignedInFirstVisitReason(source: string): string | null {
  if (source.startsWith('web/src/app/routes/app/')) return SIGNED_IN_ROUTES.includes(source) ? null : `signed-in route ${source}`;
  const feature = /^web\/src\/features\/([^/]+)\//.exec(source);
  if (feature && (SIGNED_IN_FEATURES.includes(feature[1]!) || OTHER_FEATURE_FILES.includes(source))) return null;
  const reason = screenOnlyReason(source);
  if (reason !== null) return reason;
  if (source.startsWith('web/') || source.startsWith('shared/') || !/^[@\w]/.test(source)) return null;
  const library = packageOf(source);
  if (['vite', 'rolldown'].includes(library)) return null;
  return SIGNED_IN_FIRST_VISIT_PACKAGES.includes(library) ? null : `library ${library} (not one of the signed-in first visit's)`;
}

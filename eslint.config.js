/**
 * ESLint (flat config), run by `npm run lint` and `npm test`: ESLint's and typescript-eslint's recommended
 * rules, React's rules of hooks for the web app, and the project's boundary rule — features never import
 * each other (tools/eslint/feature-boundaries.js), and every query and mutation names its tables
 * (tools/eslint/query-declares-tables.js). The plugins come from the tools/eslint workspace.
 */
import { globals, js, pharmacy, reactHooks, tseslint } from '@pharmacy/eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'test-results/**', 'playwright-report/**', '**/.stack-data/**'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // `_`-prefixed names are deliberately unused (a destructured-away field, a required parameter).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, pharmacy },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // React Compiler's checks that the app's "latest value in a ref" pattern (a callback or value kept in
      // ref.current during render, read in effects) and TanStack Table / react-hook-form's watch trip. The app
      // does not use the compiler; rules-of-hooks and exhaustive-deps stay errors.
      'react-hooks/refs': 'off',
      'react-hooks/purity': 'off',
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/incompatible-library': 'off',
      'react-hooks/exhaustive-deps': 'error',
      'pharmacy/feature-boundaries': 'error',
      'pharmacy/query-declares-tables': 'error',
    },
  },
  {
    files: ['edge-functions/**/*.ts', 'supabase/local/src/functions/**/*.ts', 'tests/fixtures/edge-functions-runtime/**/*.js', 'tests/fixtures/api-contract-breaker/**/*.js', 'tests/fixtures/settings-secrets/**/*.js', 'tests/fixtures/functions-env-file/**/*.js'],
    languageOptions: { globals: { Deno: 'readonly' } },
  },
);

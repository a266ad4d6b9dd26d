/// <reference types="vite/client" />

/** The Vite variables the web app reads; both are required (checked at start-up by config/env.ts). */
interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
}

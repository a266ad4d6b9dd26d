/**
 * Entry point. Checks the Supabase settings first and, when they are missing, shows what to fix instead of
 * the app; the app itself is imported only after the check because creating the Supabase client needs them.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../index.css';
import { ConfigErrorScreen } from '../components/errors/config-error-screen.tsx';
import { readSupabaseEnv } from '../config/env.ts';
import { moveEmailLinkToSetPassword } from '../features/auth/email-link-landing.ts';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no element with id "root" to render the app into');
const root = createRoot(rootElement);

const supabaseEnv = readSupabaseEnv(import.meta.env);
if (supabaseEnv.ok) {
  // Before supabase-js (created by the app) reads the session out of the address.
  moveEmailLinkToSetPassword();
  void import('./app.tsx').then(({ App }) => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
} else {
  console.error(`The web app is not configured: ${supabaseEnv.problems.join(' ')}`);
  root.render(
    <StrictMode>
      <ConfigErrorScreen problems={supabaseEnv.problems} />
    </StrictMode>,
  );
}

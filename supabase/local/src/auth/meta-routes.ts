/** GET /health and GET /settings, in GoTrue's shapes, describing what this service offers. */
import { sendJson } from './http.ts';
import type { RouteContext } from './route-context.ts';

export async function health({ req, res, pool }: RouteContext): Promise<void> {
  await pool.query('select 1');
  sendJson(res, req, 200, { version: 'local-stack', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' });
}

export async function settings({ req, res, settings: auth }: RouteContext): Promise<void> {
  sendJson(res, req, 200, {
    external: { anonymous_users: false, email: true, phone: false },
    disable_signup: !auth.enableSignup,
    mailer_autoconfirm: true,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  });
}

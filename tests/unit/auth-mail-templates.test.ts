/**
 * The auth service's mail pieces that need no stack: GoTrue's default invite/recovery templates and
 * {{ .ConfirmationURL }}, config.toml's template overrides and email settings, and the redirect allow-list.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { authConfigFromToml, loadAuthConfigToml } from '../../supabase/local/src/auth/auth-config.ts';
import { confirmationUrl, DEFAULT_EMAIL_TEMPLATES, renderEmail } from '../../supabase/local/src/auth/mail-templates.ts';
import { isRedirectAllowed } from '../../supabase/local/src/auth/redirect-urls.ts';
import { authSettings } from '../../supabase/local/src/auth/settings.ts';
import { loadConfig } from '../../supabase/local/src/config.ts';

const values = {
  ConfirmationURL: 'http://127.0.0.1:54321/auth/v1/verify?token=abc&type=invite&redirect_to=http://127.0.0.1:5173/set-password',
  SiteURL: 'http://127.0.0.1:5173',
  Email: 'ann@example.test',
  TokenHash: 'abc',
  RedirectTo: 'http://127.0.0.1:5173/set-password',
  Data: { first_name: 'Ann <b>' },
};

describe('auth mail templates', () => {
  it("renders GoTrue's default invite and recovery mails with the link in the HTML and the text part", () => {
    const invite = renderEmail(DEFAULT_EMAIL_TEMPLATES.invite, values);
    expect(invite.subject).toBe('You have been invited');
    expect(invite.html).toContain('<a href="http://127.0.0.1:54321/auth/v1/verify?token=abc&amp;type=invite&amp;redirect_to=http://127.0.0.1:5173/set-password">Accept the invite</a>');
    expect(invite.html).toContain('You have been invited to create a user on http://127.0.0.1:5173.');
    expect(invite.text).toContain(`Accept the invite: ${values.ConfirmationURL}`);
    const recovery = renderEmail(DEFAULT_EMAIL_TEMPLATES.recovery, values);
    expect(recovery.subject).toBe('Reset Your Password');
    expect(recovery.text).toContain(`Reset Password: ${values.ConfirmationURL}`);
  });

  it('escapes values in HTML bodies (user metadata cannot inject markup) and fills {{ .Data.key }}', () => {
    const rendered = renderEmail({ subject: 'Hi {{ .Data.first_name }}', html: '<p>Hi {{ .Data.first_name }} ({{ .Email }})</p>' }, values);
    expect(rendered.html).toBe('<p>Hi Ann &lt;b&gt; (ann@example.test)</p>');
    expect(rendered.subject).toBe('Hi Ann <b>');
  });

  it('builds {{ .ConfirmationURL }} on the auth external URL, escaping redirect_to only when it holds & = or #', () => {
    expect(confirmationUrl('http://127.0.0.1:54321/auth/v1', 'f00', 'recovery', 'http://127.0.0.1:5173/set-password')).toBe(
      'http://127.0.0.1:54321/auth/v1/verify?token=f00&type=recovery&redirect_to=http://127.0.0.1:5173/set-password',
    );
    expect(confirmationUrl('http://h/auth/v1', 'f00', 'invite', 'http://a/x?y=1&z=2')).toBe(
      'http://h/auth/v1/verify?token=f00&type=invite&redirect_to=http%3A%2F%2Fa%2Fx%3Fy%3D1%26z%3D2',
    );
  });

  it("takes [auth.email.template.<id>] subject and content_path (relative to supabase/) over GoTrue's defaults", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-templates-'));
    fs.mkdirSync(path.join(dir, 'templates'));
    fs.writeFileSync(path.join(dir, 'templates', 'invite.html'), '<p><a href="{{ .ConfirmationURL }}">Join the pharmacy</a></p>');
    const toml = authConfigFromToml({ auth: { email: { template: { invite: { subject: 'Join us', content_path: './templates/invite.html' } } } } }, dir);
    const settings = authSettings(loadConfig({}), {}, toml, null);
    expect(settings.emailTemplates.invite).toEqual({ subject: 'Join us', html: '<p><a href="{{ .ConfirmationURL }}">Join the pharmacy</a></p>' });
    expect(settings.emailTemplates.recovery).toEqual(DEFAULT_EMAIL_TEMPLATES.recovery);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("reads config.toml's mail settings: site_url, the allow list, otp_expiry, max_frequency; email_sent only with a real SMTP server", () => {
    const toml = loadAuthConfigToml();
    expect(toml.siteUrl).toBe('http://127.0.0.1:5173');
    expect(toml.additionalRedirectUrls).toContain('http://localhost:5173');
    expect(toml.otpExpirySeconds).toBe(3600);
    expect(toml.emailMaxFrequencyMs).toBe(1000);
    expect(toml.emailSentPerHour).toBe(0);
    expect(authConfigFromToml({ auth: { email: { smtp: { enabled: true } }, rate_limit: { email_sent: 5 } } }).emailSentPerHour).toBe(5);
    expect(authConfigFromToml({ auth: { email: { smtp: { enabled: true } } } }).emailSentPerHour).toBe(2);
    expect(authConfigFromToml({}).otpExpirySeconds).toBe(3600);
  });
});

describe('redirect allow list', () => {
  const policy = { siteUrl: 'http://127.0.0.1:5173', allowList: ['https://*.pharmacy.example/**', 'https://app.example/set-password'] };

  it('allows the site (any port on a loopback host) and the allow-list globs, nothing else', () => {
    expect(isRedirectAllowed(policy, 'http://127.0.0.1:5173/set-password')).toBe(true);
    expect(isRedirectAllowed(policy, 'http://127.0.0.1:56373/set-password')).toBe(true);
    expect(isRedirectAllowed(policy, 'https://127.0.0.1:5173/set-password')).toBe(false);
    expect(isRedirectAllowed(policy, 'http://127.0.0.2:5173/')).toBe(false);
    expect(isRedirectAllowed(policy, 'https://north.pharmacy.example/set-password')).toBe(true);
    // '*' stops at a dot: a look-alike host under another domain does not match.
    expect(isRedirectAllowed(policy, 'https://evil.example.pharmacy.example.attacker.test/x')).toBe(false);
    expect(isRedirectAllowed(policy, 'https://app.example/set-password')).toBe(true);
    expect(isRedirectAllowed(policy, 'https://app.example/set-password-x')).toBe(false);
    expect(isRedirectAllowed(policy, 'https://evil.example/')).toBe(false);
    expect(isRedirectAllowed(policy, '')).toBe(false);
  });

  it('compares ports on other hosts', () => {
    const hosted = { siteUrl: 'https://pharmacy.example', allowList: [] };
    expect(isRedirectAllowed(hosted, 'https://pharmacy.example/set-password')).toBe(true);
    expect(isRedirectAllowed(hosted, 'https://pharmacy.example:8443/set-password')).toBe(false);
  });
});

/**
 * The invite and recovery emails: GoTrue's default subjects and bodies (v2.189, the version the Supabase CLI runs),
 * or config.toml's `[auth.email.template.invite|recovery]` subject and content_path. Templates are Go templates
 * in GoTrue; the local service fills in the variables its mails use — `{{ .ConfirmationURL }}`, `{{ .SiteURL }}`,
 * `{{ .Email }}`, `{{ .TokenHash }}`, `{{ .RedirectTo }}` and `{{ .Data.<key> }}` (user_metadata) — HTML-escaped,
 * as html/template does in a body. Each mail also gets a plain-text part made from its HTML.
 */
import type { EmailLinkType } from './email-tokens.ts';
import type { JsonObject } from './http.ts';

export interface EmailTemplate {
  subject: string;
  html: string;
}

export const DEFAULT_EMAIL_TEMPLATES: Readonly<Record<EmailLinkType, EmailTemplate>> = {
  invite: {
    subject: 'You have been invited',
    html: `<h2>You have been invited</h2>

<p>You have been invited to create a user on {{ .SiteURL }}. Follow this link to accept the invite:</p>
<p><a href="{{ .ConfirmationURL }}">Accept the invite</a></p>
`,
  },
  recovery: {
    subject: 'Reset Your Password',
    html: `<h2>Reset Password</h2>

<p>Follow this link to reset the password for your user:</p>
<p><a href="{{ .ConfirmationURL }}">Reset Password</a></p>
`,
  },
};

export interface TemplateValues {
  ConfirmationURL: string;
  SiteURL: string;
  Email: string;
  TokenHash: string;
  RedirectTo: string;
  Data: JsonObject;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&#34;').replace(/'/g, '&#39;');
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#34;|&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
}

function lookup(values: TemplateValues, name: string): string {
  const [head, ...rest] = name.split('.');
  if (head === 'Data') {
    const value = rest.length ? values.Data[rest.join('.')] : undefined;
    return value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  }
  const value = (values as unknown as Record<string, unknown>)[head ?? ''];
  return typeof value === 'string' ? value : '';
}

/** Fills `{{ .Name }}` placeholders; `escape` for HTML bodies, not for subjects. */
export function fillTemplate(template: string, values: TemplateValues, escape: boolean): string {
  return template.replace(/\{\{\s*\.([A-Za-z][A-Za-z0-9_.]*)\s*\}\}/g, (_, name: string) => {
    const value = lookup(values, name);
    return escape ? escapeHtml(value) : value;
  });
}

/** The text part: links as "label: address", tags dropped, blank runs collapsed. */
export function htmlToText(html: string): string {
  const withLinks = html.replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, label: string) => `${label.replace(/<[^>]+>/g, '')}: ${href}`);
  return unescapeHtml(withLinks.replace(/<(br|\/p|\/h\d|\/div|\/li)\s*\/?>/gi, '\n').replace(/<[^>]+>/g, ''))
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export function renderEmail(template: EmailTemplate, values: TemplateValues): RenderedEmail {
  const html = fillTemplate(template.html, values, true);
  return { subject: fillTemplate(template.subject, values, false), html, text: htmlToText(html) };
}

/**
 * GoTrue's {{ .ConfirmationURL }}: `<auth external URL>/verify?token=<hash>&type=<type>&redirect_to=<target>`, the
 * target escaped only when it holds '&', '=' or '#' (which would otherwise end the parameter).
 */
export function confirmationUrl(authExternalUrl: string, tokenHash: string, type: EmailLinkType, redirectTo: string): string {
  const target = /[&=#]/.test(redirectTo) ? encodeURIComponent(redirectTo) : redirectTo;
  return `${authExternalUrl}/verify?token=${tokenHash}&type=${type}&redirect_to=${target}`;
}

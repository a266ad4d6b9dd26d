/**
 * The page to read caught mail: a list at `/` and one message at `/view/{ID}`. Everything from a message is
 * HTML-escaped; an HTML body is shown inside a sandboxed iframe (srcdoc, no allow-scripts), and the page's
 * Content-Security-Policy allows no script at all, so nothing in a message runs.
 */
import type { MailAddress, Message, MessagesPage } from './mailbox.ts';

/** No scripts anywhere (the srcdoc frame inherits the policy); inline styles and inline images only. */
export const PAGE_SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

function address(entry: MailAddress | null): string {
  if (!entry) return '';
  return entry.Name ? `${entry.Name} <${entry.Address}>` : entry.Address;
}

function addresses(list: MailAddress[]): string {
  return list.map(address).join(', ');
}

const STYLE = `
  body { font: 14px/1.4 system-ui, sans-serif; margin: 0; color: #1f2933; }
  header { padding: 12px 20px; background: #243b53; color: #fff; }
  header a { color: #fff; text-decoration: none; }
  main { padding: 16px 20px; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid #d9e2ec; vertical-align: top; }
  .snippet { color: #627d98; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; }
  dt { font-weight: 600; }
  iframe { width: 100%; height: 60vh; border: 1px solid #d9e2ec; }
  pre { white-space: pre-wrap; border: 1px solid #d9e2ec; padding: 8px; }
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><header><a href="/">Local mail catcher</a> — mail sent by the local stack; nothing leaves this machine.</header>
<main>${body}</main></body></html>
`;
}

export function listPage(page: MessagesPage): string {
  if (page.messages.length === 0) return layout('Mail', '<p>No mail yet.</p>');
  const rows = page.messages
    .map(
      (message) => `<tr>
<td>${escapeHtml(new Date(message.Created).toLocaleString('en-US', { timeZone: 'UTC' }))} UTC</td>
<td>${escapeHtml(address(message.From))}</td>
<td>${escapeHtml(addresses(message.To))}</td>
<td><a href="/view/${encodeURIComponent(message.ID)}">${escapeHtml(message.Subject || '(no subject)')}</a><div class="snippet">${escapeHtml(message.Snippet)}</div></td>
</tr>`,
    )
    .join('\n');
  return layout('Mail', `<p>${page.total} message${page.total === 1 ? '' : 's'}</p>
<table><thead><tr><th>Received</th><th>From</th><th>To</th><th>Subject</th></tr></thead><tbody>
${rows}
</tbody></table>`);
}

export function messagePage(message: Message): string {
  const body = message.HTML
    ? // sandbox without allow-scripts (and without allow-same-origin): the body renders but cannot run anything.
      `<iframe title="Message body" sandbox="" referrerpolicy="no-referrer" srcdoc="${escapeHtml(message.HTML)}"></iframe>`
    : '';
  const text = message.Text ? `<h2>Text</h2><pre>${escapeHtml(message.Text)}</pre>` : '';
  return layout(message.Subject || 'Message', `<p><a href="/">← All mail</a></p>
<h1>${escapeHtml(message.Subject || '(no subject)')}</h1>
<dl>
<dt>From</dt><dd>${escapeHtml(address(message.From))}</dd>
<dt>To</dt><dd>${escapeHtml(addresses(message.To))}</dd>
${message.Cc.length ? `<dt>Cc</dt><dd>${escapeHtml(addresses(message.Cc))}</dd>` : ''}
<dt>Date</dt><dd>${escapeHtml(message.Date)}</dd>
</dl>
${body ? `<h2>HTML</h2>${body}` : ''}
${text}`);
}

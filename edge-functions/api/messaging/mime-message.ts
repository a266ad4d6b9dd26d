/**
 * A plain-text email as SMTP's DATA carries it (RFC 5322 headers, MIME 1.0, UTF-8 body in base64 so any text and
 * any line length travel safely). Header values are single lines (a CR or LF in a name or subject would start a
 * header of its own, so they are replaced); non-ASCII subjects and names are RFC 2047 encoded words.
 */

export interface PlainTextEmail {
  fromName: string;
  fromAddress: string;
  to: string;
  subject: string;
  text: string;
}

const encoder = new TextEncoder();

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function oneLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}

/** The value as is when printable ASCII, otherwise an encoded word. */
function headerText(value: string): string {
  const line = oneLine(value);
  return /^[\x20-\x7e]*$/.test(line) ? line : `=?UTF-8?B?${base64(encoder.encode(line))}?=`;
}

function displayName(name: string): string {
  const line = oneLine(name);
  if (line === '') return '';
  if (!/^[\x20-\x7e]*$/.test(line)) return `${headerText(line)} `;
  return `"${line.replace(/["\\]/g, '\\$&')}" `;
}

/** The domain of an address, for the Message-ID. */
function domainOf(address: string): string {
  return address.split('@')[1] ?? 'localhost';
}

/** The message text with CRLF line ends. */
export function plainTextEmail(mail: PlainTextEmail, now: Date = new Date()): string {
  const body = base64(encoder.encode(mail.text.replace(/\r?\n/g, '\r\n')));
  const bodyLines = body.match(/.{1,76}/g) ?? [''];
  return [
    `From: ${displayName(mail.fromName)}<${mail.fromAddress}>`,
    `To: <${mail.to}>`,
    `Subject: ${headerText(mail.subject)}`,
    `Date: ${now.toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <${crypto.randomUUID()}@${domainOf(mail.fromAddress)}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    ...bodyLines,
    '',
  ].join('\r\n');
}

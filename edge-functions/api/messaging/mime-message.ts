/**
 * A plain-text email as SMTP's DATA carries it (RFC 5322 headers, MIME 1.0, UTF-8 body in base64 so any text and
 * any line length travel safely), with files attached as a multipart/mixed message (RFC 2046) when it has any. Header values are single lines (a CR or LF in a name or subject would start a
 * header of its own, so they are replaced); non-ASCII subjects and names are RFC 2047 encoded words.
 */

export interface PlainTextEmail {
  fromName: string;
  fromAddress: string;
  to: string;
  subject: string;
  text: string;
  attachments?: readonly EmailAttachment[];
}

/** A file attached to an email. */
export interface EmailAttachment {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
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

/** Base64 in lines of 76 characters (RFC 2045). */
function base64Lines(bytes: Uint8Array): string[] {
  return base64(bytes).match(/.{1,76}/g) ?? [''];
}

/** A file name as a quoted MIME parameter (RFC 2231's extended form when it is not printable ASCII). */
function fileNameParameter(name: string): string {
  const line = oneLine(name).replace(/[/\\]/g, '_');
  if (/^[\x20-\x7e]*$/.test(line)) return `filename="${line.replace(/["\\]/g, '_')}"`;
  return `filename*=UTF-8''${encodeURIComponent(line)}`;
}

/** A bare type/subtype (RFC 2045 tokens), or application/octet-stream for anything else. */
function mediaType(value: string): string {
  const type = value.trim().toLowerCase();
  return /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(type) ? type : 'application/octet-stream';
}

/** The body part of an attachment. */
function attachmentPart(file: EmailAttachment): string[] {
  return [
    `Content-Type: ${mediaType(file.contentType)}`,
    'Content-Transfer-Encoding: base64',
    `Content-Disposition: attachment; ${fileNameParameter(file.fileName)}`,
    '',
    ...base64Lines(file.bytes),
  ];
}

/** The message text with CRLF line ends. */
export function plainTextEmail(mail: PlainTextEmail, now: Date = new Date()): string {
  const bodyLines = base64Lines(encoder.encode(mail.text.replace(/\r?\n/g, '\r\n')));
  const attachments = mail.attachments ?? [];
  if (attachments.length > 0) {
    // '_' is not a base64 character, so no encoded line of a part can be the boundary.
    const boundary = `=_${crypto.randomUUID()}`;
    return [
      ...headersOf(mail, now),
      `Content-Type: multipart/mixed; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      ...bodyLines,
      ...attachments.flatMap((file) => [`--${boundary}`, ...attachmentPart(file)]),
      `--${boundary}--`,
      '',
    ].join('\r\n');
  }
  return [
    ...headersOf(mail, now),
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    ...bodyLines,
    '',
  ].join('\r\n');
}

function headersOf(mail: PlainTextEmail, now: Date): string[] {
  return [
    `From: ${displayName(mail.fromName)}<${mail.fromAddress}>`,
    `To: <${mail.to}>`,
    `Subject: ${headerText(mail.subject)}`,
    `Date: ${now.toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <${crypto.randomUUID()}@${domainOf(mail.fromAddress)}>`,
    'MIME-Version: 1.0',
  ];
}

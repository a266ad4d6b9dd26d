/**
 * What a prescription file is, decided by its bytes only (issue 23): never by its name or the type a sender declared.
 * PDF by its `%PDF-` header, PNG and JPEG by their signatures, NCPDP SCRIPT XML by its root element `Message`, SCRIPT
 * EDIFACT by its first segment (UNA service string advice, UNB or UIB interchange header). Only the first few KB are
 * looked at.
 */
import type { PrescriptionFileType } from './prescription-file.ts';

const SNIFF_BYTES = 4096;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);
}

/** The head as text (Latin-1, so any byte maps to one character), without a UTF-8 byte order mark. */
function headText(bytes: Uint8Array): string {
  const head = bytes.subarray(startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0, SNIFF_BYTES);
  let text = '';
  for (const byte of head) text += String.fromCharCode(byte);
  return text;
}

/** The local name of the XML document's root element, skipping the declaration, comments and processing instructions. */
function xmlRootName(text: string): string | null {
  let rest = text.trimStart();
  for (;;) {
    if (rest.startsWith('<?')) {
      const end = rest.indexOf('?>');
      if (end < 0) return null;
      rest = rest.slice(end + 2).trimStart();
    } else if (rest.startsWith('<!--')) {
      const end = rest.indexOf('-->');
      if (end < 0) return null;
      rest = rest.slice(end + 3).trimStart();
    } else {
      break;
    }
  }
  // A DOCTYPE is not skipped: SCRIPT messages have none, and such a document is no prescription file.
  const match = /^<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)[\s/>]/.exec(rest);
  return match ? match[2]! : null;
}

export function detectPrescriptionFileType(bytes: Uint8Array): PrescriptionFileType | null {
  if (bytes.length === 0) return null;
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  const text = headText(bytes);
  const trimmed = text.trimStart();
  // UNA is six service characters (punctuation; the repetition one may be a space) and then the interchange header.
  if (/^(UNA[^A-Za-z0-9\r\n]{6}\s*(UNB|UIB)|UNB\+|UIB\+)/.test(trimmed)) return 'application/edifact';
  if (trimmed.startsWith('<') && xmlRootName(trimmed) === 'Message') return 'application/xml';
  return null;
}

/**
 * A generated label or receipt page made safe to open in the app's origin: the no-script policy
 * (PRINTABLE_DOCUMENT_POLICY) becomes the page's first element, so it governs everything the page holds.
 * Pure, so it is unit tested as it is; web/src/lib/label-printing.ts opens the result.
 */
import { PRINTABLE_DOCUMENT_POLICY } from '../config/content-security-policy.ts';

const DOCTYPE = /^\s*<!doctype html[^>]*>/i;

export function printableDocument(html: string): string {
  const policy = `<meta http-equiv="Content-Security-Policy" content="${PRINTABLE_DOCUMENT_POLICY}">`;
  const doctype = DOCTYPE.exec(html);
  return doctype ? `${doctype[0]}${policy}${html.slice(doctype[0].length)}` : `<!DOCTYPE html>${policy}${html}`;
}

/**
 * The pharmacy logo on printed labels (stored by System Settings → Pharmacy: settings/pharmacy-logo.ts). A label
 * embeds it as a data: URI, because the printed page is a script-free blob: document whose policy allows data:
 * images only (web/src/lib/printable-document.ts). Only the upload's image types become a URI; anything else prints
 * no logo rather than a broken image. Pure.
 */
import { bytesToBase64 } from '../common/base64.ts';
import { isPharmacyLogoType } from '../settings/pharmacy-logo.ts';

/** A data: URI of the logo's bytes, or null when the type is not a logo image type or there are no bytes. */
export function logoDataUri(mimeType: string, bytes: Uint8Array): string | null {
  const type = mimeType.split(';')[0]!.trim().toLowerCase();
  if (!isPharmacyLogoType(type) || bytes.length === 0) return null;
  return `data:${type};base64,${bytesToBase64(bytes)}`;
}

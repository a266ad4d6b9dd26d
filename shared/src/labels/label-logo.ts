/**
 * The pharmacy logo on printed labels: Storage bucket `pharmacy-logos`, object `<pharmacy_id>/logo` (the logo
 * upload of System Settings → Pharmacy writes it). A label embeds it as a data: URI, because the printed page is
 * a script-free blob: document whose policy allows data: images only (web/src/lib/printable-document.ts). Only
 * the upload's image types become a URI; anything else prints no logo rather than a broken image. Pure.
 */

export const PHARMACY_LOGO_BUCKET = 'pharmacy-logos';

/** The logo's object name in its bucket. */
export function pharmacyLogoPath(pharmacyId: string): string {
  return `${pharmacyId}/logo`;
}

/** The image types a logo may have (spec: PNG, JPG, SVG). */
export const LOGO_MIME_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;

/** A data: URI of the logo's bytes, or null when the type is not a logo image type or there are no bytes. */
export function logoDataUri(mimeType: string, bytes: Uint8Array): string | null {
  const type = mimeType.split(';')[0]!.trim().toLowerCase();
  if (!(LOGO_MIME_TYPES as readonly string[]).includes(type) || bytes.length === 0) return null;
  let binary = '';
  const chunk = 0x8000;
  for (let start = 0; start < bytes.length; start += chunk) binary += String.fromCharCode(...bytes.subarray(start, start + chunk));
  return `data:${type};base64,${btoa(binary)}`;
}

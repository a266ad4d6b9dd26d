/**
 * The pharmacy logo (System Settings → Pharmacy; spec part 2: PNG, JPG, SVG, max 2 MB): where it is stored, what a
 * file must be, and how its type is told from its content. The limits are PHARMACY_LOGO_MAX_BYTES and
 * PHARMACY_LOGO_MIME_TYPES of pharmacy.ts; the `pharmacy-logos` bucket row of migration 20261125000500_pharmacy_logo
 * holds the same (tests/integration/api-pharmacy-logo.test.ts keeps them equal). The api function judges the file by
 * its bytes with these helpers (and sanitises SVG); the web checks a chosen file with them first, so the person sees
 * the message before uploading.
 */
import { PHARMACY_LOGO_MAX_BYTES, PHARMACY_LOGO_MIME_TYPES } from './pharmacy.ts';

export { PHARMACY_LOGO_MAX_BYTES, PHARMACY_LOGO_MIME_TYPES };

export const PHARMACY_LOGOS_BUCKET = 'pharmacy-logos';

export type PharmacyLogoType = (typeof PHARMACY_LOGO_MIME_TYPES)[number];

/** The file input's `accept`. */
export const PHARMACY_LOGO_ACCEPT = '.png,.jpg,.jpeg,.svg,image/png,image/jpeg,image/svg+xml';

export const PHARMACY_LOGO_MESSAGES = {
  /** The spec's upload hint, shown beside the control. */
  hint: 'Images only: PNG, JPG, SVG, max 2MB',
  wrongType: 'Choose a PNG, JPG or SVG image',
  tooLarge: 'The logo is larger than 2 MB',
  empty: 'The file is empty',
  contentMismatch: "The file's content is not the image type it claims to be",
  invalidSvg: 'The SVG file could not be read as an SVG image',
  notAdmin: 'Only an admin can change the pharmacy logo',
  uploaded: 'Logo uploaded',
  removed: 'Logo removed',
  uploadFailed: 'The logo could not be uploaded',
  /** An SVG was stored, but the browser could not store the PNG that PDF reports print (pharmacy-logo-print.ts). */
  printRenditionFailed: "The logo was uploaded, but its print copy for PDF reports could not be made: PDF reports print the pharmacy's name. Upload it again to retry.",
} as const;

/** Where a pharmacy's one logo lives in the bucket: `<pharmacy_id>/logo` (the storage policies read exactly this). */
export function pharmacyLogoPath(pharmacyId: string): string {
  return `${pharmacyId}/logo`;
}

export function isPharmacyLogoType(type: string): type is PharmacyLogoType {
  return (PHARMACY_LOGO_MIME_TYPES as readonly string[]).includes(type);
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);
}

/**
 * The raster type the content's first bytes name (PNG's 8-byte signature, JPEG's SOI marker + next marker), or null.
 * SVG has no signature: it is XML text, judged by parsing it (the api's SVG sanitiser).
 */
export function rasterLogoType(bytes: Uint8Array): 'image/png' | 'image/jpeg' | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  if (startsWith(bytes, JPEG_SIGNATURE)) return 'image/jpeg';
  return null;
}

/**
 * What is wrong with a logo file before its content is looked at (the declared type and the size), or null. The
 * server's check and the browser's pre-check both start here.
 */
export function pharmacyLogoProblem(file: { size: number; type: string }): string | null {
  if (!isPharmacyLogoType(file.type)) return PHARMACY_LOGO_MESSAGES.wrongType;
  if (file.size === 0) return PHARMACY_LOGO_MESSAGES.empty;
  if (file.size > PHARMACY_LOGO_MAX_BYTES) return PHARMACY_LOGO_MESSAGES.tooLarge;
  return null;
}

/**
 * Whether the content's first bytes agree with the declared type: PNG and JPEG by their signature; an SVG must not
 * carry a raster signature (its XML is judged by the server's parser). Null when they agree, else the message.
 */
export function pharmacyLogoContentProblem(type: PharmacyLogoType, head: Uint8Array): string | null {
  const raster = rasterLogoType(head);
  if (type === 'image/svg+xml') return raster === null ? null : PHARMACY_LOGO_MESSAGES.contentMismatch;
  return raster === type ? null : PHARMACY_LOGO_MESSAGES.contentMismatch;
}

/** The type a chosen file is treated as: its MIME type, or (browsers leave some empty) its extension's. */
export function pharmacyLogoTypeOf(file: { name: string; type: string }): string {
  if (file.type !== '') return file.type;
  const extension = file.name.toLowerCase().split('.').pop();
  if (extension === 'png') return 'image/png';
  if (extension === 'jpg' || extension === 'jpeg') return 'image/jpeg';
  if (extension === 'svg') return 'image/svg+xml';
  return '';
}

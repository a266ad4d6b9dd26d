/**
 * The pharmacy logo (System Settings → Pharmacy; spec part 2: PNG, JPG, SVG, max 2 MB), one per pharmacy, kept in
 * Storage (`pharmacy-logos/<pharmacy_id>/logo`, shared/src/settings/pharmacy-logo.ts):
 * - GET /api/system-settings/pharmacy/logo — the caller's pharmacy's logo as a data URI with its type and size, or
 *   `{ logo: null }` when none is stored or the caller may not see one (only the pharmacy's active staff read it;
 *   labels print it).
 * - POST /api/system-settings/pharmacy/logo {contentType, dataBase64} — stores (or replaces) the logo. The server
 *   judges the file by its content (PNG/JPEG signature; SVG parsed as XML and sanitised to an allow-list of static
 *   SVG, no script, event handler, external reference or foreignObject), at most 2 MB; 400 with the message
 *   otherwise. Answers the stored logo (for an SVG, the sanitised one). Admins only (403): Storage's RLS decides.
 * - POST /api/system-settings/pharmacy/logo/remove (no body) — removes it; admins only (403). `{ removed }` says
 *   whether there was one.
 */
import * as z from 'zod';
import { PHARMACY_LOGO_MAX_BYTES, PHARMACY_LOGO_MESSAGES, PHARMACY_LOGO_MIME_TYPES } from '../settings/pharmacy-logo.ts';
import { apiEndpoint } from './endpoint.ts';

const BASE64_PATTERN = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The number of bytes a (valid, padded) base64 text decodes to, without decoding it. */
export function base64DecodedLength(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return (base64.length / 4) * 3 - padding;
}

const logoType = z.enum(PHARMACY_LOGO_MIME_TYPES, { error: PHARMACY_LOGO_MESSAGES.wrongType });

export const uploadPharmacyLogoRequestSchema = z.object({
  contentType: logoType,
  /** The file's bytes, base64 (standard alphabet, padded). */
  dataBase64: z
    .string({ error: PHARMACY_LOGO_MESSAGES.empty })
    .min(1, PHARMACY_LOGO_MESSAGES.empty)
    .regex(BASE64_PATTERN, 'The file must be sent as base64')
    .refine((value) => !BASE64_PATTERN.test(value) || base64DecodedLength(value) <= PHARMACY_LOGO_MAX_BYTES, PHARMACY_LOGO_MESSAGES.tooLarge),
});
export type UploadPharmacyLogoRequest = z.input<typeof uploadPharmacyLogoRequestSchema>;

export const pharmacyLogoSchema = z.object({
  contentType: logoType,
  /** Bytes stored. */
  size: z.number().int().min(1).max(PHARMACY_LOGO_MAX_BYTES),
  /** `data:<contentType>;base64,<bytes>`: an <img> or a label page shows it as it is. */
  dataUri: z.string().startsWith('data:image/'),
});
export type PharmacyLogo = z.output<typeof pharmacyLogoSchema>;

export const pharmacyLogoResponseSchema = z.object({ logo: pharmacyLogoSchema.nullable() });
export type PharmacyLogoResponse = z.output<typeof pharmacyLogoResponseSchema>;

export const getPharmacyLogoEndpoint = apiEndpoint({
  method: 'GET',
  path: '/api/system-settings/pharmacy/logo',
  access: 'signed-in',
  request: null,
  response: pharmacyLogoResponseSchema,
  format: 'json',
  successStatus: 200,
});

export const uploadPharmacyLogoEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/system-settings/pharmacy/logo',
  access: 'signed-in',
  request: uploadPharmacyLogoRequestSchema,
  response: pharmacyLogoResponseSchema,
  format: 'json',
  successStatus: 200,
});

export const removePharmacyLogoEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/system-settings/pharmacy/logo/remove',
  access: 'signed-in',
  request: null,
  response: z.object({ removed: z.boolean() }),
  format: 'json',
  successStatus: 200,
});

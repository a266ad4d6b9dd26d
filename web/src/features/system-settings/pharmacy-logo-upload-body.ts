/**
 * A chosen logo file as the upload's body ({contentType, dataBase64}), after the same checks the server makes first
 * (shared/src/settings/pharmacy-logo.ts): PNG, JPG or SVG, not empty, at most 2 MB, and for PNG/JPEG first bytes
 * that agree with the type. The server checks again, parses and sanitises an SVG; this only spares a person the
 * upload of a file that would be refused. Pure, so unit tests exercise it.
 */
import type { UploadPharmacyLogoRequest } from '@pharmacy/shared/api/pharmacy-logo.ts';
import { bytesToBase64 } from '@pharmacy/shared/common/base64.ts';
import {
  isPharmacyLogoType,
  PHARMACY_LOGO_MESSAGES,
  pharmacyLogoContentProblem,
  pharmacyLogoProblem,
  pharmacyLogoTypeOf,
} from '@pharmacy/shared/settings/pharmacy-logo.ts';

export type PharmacyLogoBody = { ok: true; body: UploadPharmacyLogoRequest } | { ok: false; message: string };

export async function pharmacyLogoUploadBody(file: File): Promise<PharmacyLogoBody> {
  const type = pharmacyLogoTypeOf(file);
  const problem = pharmacyLogoProblem({ size: file.size, type });
  if (problem !== null) return { ok: false, message: problem };
  if (!isPharmacyLogoType(type)) return { ok: false, message: PHARMACY_LOGO_MESSAGES.wrongType };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const contentProblem = pharmacyLogoContentProblem(type, bytes.subarray(0, 16));
  if (contentProblem !== null) return { ok: false, message: contentProblem };
  return { ok: true, body: { contentType: type, dataBase64: bytesToBase64(bytes) } };
}

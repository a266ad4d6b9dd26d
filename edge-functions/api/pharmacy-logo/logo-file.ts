/**
 * An uploaded logo judged by its content, not by what the browser claimed: the declared type must be PNG, JPEG or
 * SVG and the bytes must agree (PNG and JPEG by their signature; an SVG is UTF-8 XML that the sanitiser can rebuild),
 * at most 2 MB before and after sanitising. An SVG is stored as its sanitised copy. Pure (no Deno APIs).
 */
import {
  PHARMACY_LOGO_MAX_BYTES,
  PHARMACY_LOGO_MESSAGES,
  type PharmacyLogoType,
  pharmacyLogoContentProblem,
  pharmacyLogoProblem,
} from '@pharmacy/shared/settings/pharmacy-logo.ts';
import { sanitiseSvg } from './svg-sanitiser.ts';

export interface LogoFile {
  contentType: PharmacyLogoType;
  bytes: Uint8Array;
}

export type LogoFileCheck = { ok: true; file: LogoFile } | { ok: false; message: string };

function svgText(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}

/** The file to store, or the message saying why it is refused. */
export function checkLogoFile(contentType: PharmacyLogoType, bytes: Uint8Array): LogoFileCheck {
  const problem = pharmacyLogoProblem({ size: bytes.length, type: contentType }) ?? pharmacyLogoContentProblem(contentType, bytes);
  if (problem) return { ok: false, message: problem };
  if (contentType !== 'image/svg+xml') return { ok: true, file: { contentType, bytes } };

  const text = svgText(bytes);
  const sanitised = text === null ? null : sanitiseSvg(text);
  if (!sanitised?.ok) return { ok: false, message: PHARMACY_LOGO_MESSAGES.invalidSvg };
  const clean = new TextEncoder().encode(sanitised.svg);
  if (clean.length > PHARMACY_LOGO_MAX_BYTES) return { ok: false, message: PHARMACY_LOGO_MESSAGES.tooLarge };
  return { ok: true, file: { contentType, bytes: clean } };
}

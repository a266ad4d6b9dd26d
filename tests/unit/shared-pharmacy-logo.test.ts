/**
 * The pharmacy logo's shared rules (shared/src/settings/pharmacy-logo.ts) and its upload contract
 * (shared/src/api/pharmacy-logo.ts): the type and size checks the web runs before uploading and the server runs again,
 * content sniffing by signature, the object path the storage policies expect, and the request schema's messages.
 */
import { describe, expect, it } from 'vitest';
import { base64DecodedLength, uploadPharmacyLogoRequestSchema } from '../../shared/src/api/pharmacy-logo.ts';
import { parseWithSchema } from '../../shared/src/api/endpoint.ts';
import {
  PHARMACY_LOGO_MAX_BYTES,
  PHARMACY_LOGO_MESSAGES,
  pharmacyLogoContentProblem,
  pharmacyLogoPath,
  pharmacyLogoProblem,
  pharmacyLogoTypeOf,
  rasterLogoType,
} from '../../shared/src/settings/pharmacy-logo.ts';

const PNG_HEAD = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_HEAD = Uint8Array.from([0xff, 0xd8, 0xff, 0xdb]);

describe('pharmacy logo checks', () => {
  it('accepts PNG, JPG and SVG up to 2 MB and names the problem otherwise', () => {
    expect(PHARMACY_LOGO_MAX_BYTES).toBe(2 * 1024 * 1024);
    for (const type of ['image/png', 'image/jpeg', 'image/svg+xml']) expect(pharmacyLogoProblem({ size: PHARMACY_LOGO_MAX_BYTES, type }), type).toBeNull();
    expect(pharmacyLogoProblem({ size: PHARMACY_LOGO_MAX_BYTES + 1, type: 'image/png' })).toBe(PHARMACY_LOGO_MESSAGES.tooLarge);
    expect(pharmacyLogoProblem({ size: 0, type: 'image/png' })).toBe(PHARMACY_LOGO_MESSAGES.empty);
    for (const type of ['image/gif', 'image/webp', 'application/x-msdownload', 'text/html', '']) {
      expect(pharmacyLogoProblem({ size: 10, type }), type).toBe(PHARMACY_LOGO_MESSAGES.wrongType);
    }
  });

  it('tells PNG and JPEG by their first bytes, and an SVG must not carry one', () => {
    expect(rasterLogoType(PNG_HEAD)).toBe('image/png');
    expect(rasterLogoType(JPEG_HEAD)).toBe('image/jpeg');
    expect(rasterLogoType(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(rasterLogoType(PNG_HEAD.slice(0, 7))).toBeNull();
    expect(pharmacyLogoContentProblem('image/png', PNG_HEAD)).toBeNull();
    expect(pharmacyLogoContentProblem('image/png', Uint8Array.from([0x4d, 0x5a]))).toBe(PHARMACY_LOGO_MESSAGES.contentMismatch);
    expect(pharmacyLogoContentProblem('image/jpeg', PNG_HEAD)).toBe(PHARMACY_LOGO_MESSAGES.contentMismatch);
    expect(pharmacyLogoContentProblem('image/svg+xml', new TextEncoder().encode('<svg'))).toBeNull();
    expect(pharmacyLogoContentProblem('image/svg+xml', JPEG_HEAD)).toBe(PHARMACY_LOGO_MESSAGES.contentMismatch);
  });

  it("takes a file's type from its extension when the browser gives none", () => {
    expect(pharmacyLogoTypeOf({ name: 'logo.SVG', type: '' })).toBe('image/svg+xml');
    expect(pharmacyLogoTypeOf({ name: 'logo.jpeg', type: '' })).toBe('image/jpeg');
    expect(pharmacyLogoTypeOf({ name: 'logo.png', type: 'image/gif' })).toBe('image/gif');
    expect(pharmacyLogoTypeOf({ name: 'logo', type: '' })).toBe('');
  });

  it('stores one logo per pharmacy at <pharmacy_id>/logo', () => {
    expect(pharmacyLogoPath('0b6f3c52-6a1e-4c1f-9a77-2f1c1a9e3d10')).toBe('0b6f3c52-6a1e-4c1f-9a77-2f1c1a9e3d10/logo');
  });
});

describe('POST /api/system-settings/pharmacy/logo request', () => {
  const base64Of = (size: number) => Buffer.alloc(size).toString('base64');

  it('counts decoded bytes from the base64 length', () => {
    for (const size of [1, 2, 3, 4, 5, 1000, PHARMACY_LOGO_MAX_BYTES + 1]) expect(base64DecodedLength(base64Of(size)), String(size)).toBe(size);
  });

  it('takes a 2 MB file and refuses 2 MB + 1 byte, another type, an empty body and text that is not base64', () => {
    expect(parseWithSchema(uploadPharmacyLogoRequestSchema, { contentType: 'image/png', dataBase64: base64Of(PHARMACY_LOGO_MAX_BYTES) }).success).toBe(true);
    expect(parseWithSchema(uploadPharmacyLogoRequestSchema, { contentType: 'image/png', dataBase64: base64Of(PHARMACY_LOGO_MAX_BYTES + 1) })).toMatchObject({
      success: false,
      messages: [PHARMACY_LOGO_MESSAGES.tooLarge],
    });
    expect(parseWithSchema(uploadPharmacyLogoRequestSchema, { contentType: 'image/gif', dataBase64: 'R0lGODlh' })).toMatchObject({ success: false, messages: [PHARMACY_LOGO_MESSAGES.wrongType] });
    expect(parseWithSchema(uploadPharmacyLogoRequestSchema, { contentType: 'image/png', dataBase64: '' })).toMatchObject({ success: false, messages: [PHARMACY_LOGO_MESSAGES.empty] });
    expect(parseWithSchema(uploadPharmacyLogoRequestSchema, { contentType: 'image/png', dataBase64: 'not base64!' })).toMatchObject({ success: false, messages: ['The file must be sent as base64'] });
  });
});

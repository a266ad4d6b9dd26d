/**
 * The web's check of a chosen logo file before it is sent (web/src/features/system-settings/pharmacy-logo-upload-body.ts):
 * the body the api takes for a PNG, JPG or SVG, and the shared messages for a wrong type (by name or by bytes), an
 * empty file and one over 2 MB.
 */
import { describe, expect, it } from 'vitest';
import { PHARMACY_LOGO_MAX_BYTES, PHARMACY_LOGO_MESSAGES } from '../../shared/src/settings/pharmacy-logo.ts';
import { pharmacyLogoUploadBody } from '../../web/src/features/system-settings/pharmacy-logo-upload-body.ts';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 9, 9]);

describe('pharmacyLogoUploadBody', () => {
  it('sends a PNG, a JPEG and an SVG as base64 with their type', async () => {
    expect(await pharmacyLogoUploadBody(new File([PNG], 'logo.png', { type: 'image/png' }))).toEqual({
      ok: true,
      body: { contentType: 'image/png', dataBase64: Buffer.from(PNG).toString('base64') },
    });
    expect(await pharmacyLogoUploadBody(new File([JPEG], 'logo.jpg', { type: '' }))).toEqual({
      ok: true,
      body: { contentType: 'image/jpeg', dataBase64: Buffer.from(JPEG).toString('base64') },
    });
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"/>';
    expect(await pharmacyLogoUploadBody(new File([svg], 'logo.svg', { type: 'image/svg+xml' }))).toEqual({
      ok: true,
      body: { contentType: 'image/svg+xml', dataBase64: Buffer.from(svg).toString('base64') },
    });
  });

  it('refuses a GIF, an .exe renamed .png, an empty file and one over 2 MB with the messages', async () => {
    expect(await pharmacyLogoUploadBody(new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }))).toEqual({ ok: false, message: PHARMACY_LOGO_MESSAGES.wrongType });
    expect(await pharmacyLogoUploadBody(new File([Uint8Array.from([0x4d, 0x5a, 0x90, 0])], 'setup.png', { type: 'image/png' }))).toEqual({
      ok: false,
      message: PHARMACY_LOGO_MESSAGES.contentMismatch,
    });
    expect(await pharmacyLogoUploadBody(new File([], 'logo.png', { type: 'image/png' }))).toEqual({ ok: false, message: PHARMACY_LOGO_MESSAGES.empty });
    const big = new Uint8Array(PHARMACY_LOGO_MAX_BYTES + 1);
    big.set(PNG);
    expect(await pharmacyLogoUploadBody(new File([big], 'logo.png', { type: 'image/png' }))).toEqual({ ok: false, message: PHARMACY_LOGO_MESSAGES.tooLarge });
  });
});

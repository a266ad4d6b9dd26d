/**
 * Credential documents' browser-side check and paths (shared/src/security/credential-documents.ts), and the local
 * Storage part's pure rules: MIME matching with wildcards and config.toml sizes.
 */
import { describe, expect, it } from 'vitest';
import {
  CREDENTIAL_DOCUMENT_MAX_BYTES,
  CREDENTIAL_DOCUMENT_MESSAGES,
  credentialDocumentProblem,
  isLicenseDocumentName,
  licenseDocumentPath,
} from '../../shared/src/security/credential-documents.ts';
import { parseSize } from '../../supabase/local/src/storage/storage-config.ts';
import { checkMimeType } from '../../supabase/local/src/storage/upload-body.ts';

describe('credential documents', () => {
  it('accepts PDF, PNG and JPEG up to 10 MB exactly, and says what is wrong otherwise', () => {
    for (const type of ['application/pdf', 'image/png', 'image/jpeg']) expect(credentialDocumentProblem({ size: 1, type }), type).toBeNull();
    expect(credentialDocumentProblem({ size: CREDENTIAL_DOCUMENT_MAX_BYTES, type: 'application/pdf' })).toBeNull();
    expect(credentialDocumentProblem({ size: CREDENTIAL_DOCUMENT_MAX_BYTES + 1, type: 'application/pdf' })).toBe(CREDENTIAL_DOCUMENT_MESSAGES.tooLarge);
    expect(credentialDocumentProblem({ size: 0, type: 'image/png' })).toBe(CREDENTIAL_DOCUMENT_MESSAGES.empty);
    for (const type of ['image/gif', 'text/plain', '', 'application/pdf; charset=binary']) {
      expect(credentialDocumentProblem({ size: 10, type }), type).toBe(CREDENTIAL_DOCUMENT_MESSAGES.wrongType);
    }
  });

  it('stores the license copy as <pharmacy_id>/<user_id>/license.<ext>', () => {
    expect(licenseDocumentPath('p-1', 'u-2', 'image/jpeg')).toBe('p-1/u-2/license.jpg');
    expect(licenseDocumentPath('p-1', 'u-2', 'application/pdf')).toBe('p-1/u-2/license.pdf');
    expect(isLicenseDocumentName('license.png')).toBe(true);
    expect(isLicenseDocumentName('license.gif')).toBe(false);
    expect(isLicenseDocumentName('old-license.pdf')).toBe(false);
  });
});

describe('local storage rules', () => {
  it("matches MIME types as Storage does: exact, type/* wildcards, anything when the bucket names none", () => {
    expect(() => checkMimeType('image/webp', ['image/*'])).not.toThrow();
    expect(() => checkMimeType('application/pdf', ['application/pdf'])).not.toThrow();
    expect(() => checkMimeType('text/plain', null)).not.toThrow();
    expect(() => checkMimeType('text/plain', [])).not.toThrow();
    expect(() => checkMimeType('application/json', ['application/pdf', 'image/*'])).toThrow('mime type application/json is not supported');
    expect(() => checkMimeType('pdf', ['application/pdf'])).toThrow('mime type pdf is not supported');
  });

  it('reads config.toml sizes in decimal and binary units', () => {
    expect(parseSize('50MiB')).toBe(50 * 1024 * 1024);
    expect(parseSize('10MB')).toBe(10_000_000);
    expect(parseSize('512KiB')).toBe(512 * 1024);
    expect(parseSize('1000')).toBe(1000);
    expect(() => parseSize('lots')).toThrow('is not a size');
  });
});

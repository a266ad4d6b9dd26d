/**
 * Credential documents (a staff member's license copy) in Storage: the bucket, the accepted file types and size,
 * and where a staff member's document lives. The bucket row of migration 20261124000300_credential_documents holds
 * the same limits, which Storage enforces (tests/integration/db-credential-documents.test.ts keeps them equal); the
 * web checks a chosen file here first so the person gets the message before uploading.
 */

export const CREDENTIAL_DOCUMENTS_BUCKET = 'credential-documents';
/** 10 MB, the bucket's file_size_limit. */
export const CREDENTIAL_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** The accepted MIME types (the bucket's allowed_mime_types) and the extension each is stored under. */
export const CREDENTIAL_DOCUMENT_TYPES = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
} as const;
export type CredentialDocumentType = keyof typeof CREDENTIAL_DOCUMENT_TYPES;
/** The file input's `accept`. */
export const CREDENTIAL_DOCUMENT_ACCEPT = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';

export const CREDENTIAL_DOCUMENT_MESSAGES = {
  wrongType: 'Choose a PDF, PNG or JPG file',
  tooLarge: 'The file is larger than 10 MB',
  empty: 'The file is empty',
} as const;

export function isCredentialDocumentType(type: string): type is CredentialDocumentType {
  return Object.prototype.hasOwnProperty.call(CREDENTIAL_DOCUMENT_TYPES, type);
}

/** What is wrong with a chosen file, or null when it can be uploaded. */
export function credentialDocumentProblem(file: { size: number; type: string }): string | null {
  if (!isCredentialDocumentType(file.type)) return CREDENTIAL_DOCUMENT_MESSAGES.wrongType;
  if (file.size === 0) return CREDENTIAL_DOCUMENT_MESSAGES.empty;
  if (file.size > CREDENTIAL_DOCUMENT_MAX_BYTES) return CREDENTIAL_DOCUMENT_MESSAGES.tooLarge;
  return null;
}

/** A staff member's folder: `<pharmacy_id>/<user_id>` (the storage policies read both segments). */
export function credentialDocumentFolder(pharmacyId: string, userId: string): string {
  return `${pharmacyId}/${userId}`;
}

/** Where a staff member's license copy is stored: `<pharmacy_id>/<user_id>/license.<ext>`. */
export function licenseDocumentPath(pharmacyId: string, userId: string, type: CredentialDocumentType): string {
  return `${credentialDocumentFolder(pharmacyId, userId)}/license.${CREDENTIAL_DOCUMENT_TYPES[type]}`;
}

/** Whether an object name in a staff member's folder is a license copy (license.pdf/png/jpg). */
export function isLicenseDocumentName(fileName: string): boolean {
  return Object.values(CREDENTIAL_DOCUMENT_TYPES).some((extension) => fileName === `license.${extension}`);
}

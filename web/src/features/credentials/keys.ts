/** Query keys of the credentials feature, starting with the pharmacy so one pharmacy's data never answers for another. */
export const credentialKeys = {
  all: (pharmacyId: string) => ['pharmacy', pharmacyId, 'credentials'] as const,
  /** A staff member's stored license copy (or none). */
  licenseDocument: (pharmacyId: string, userId: string) => [...credentialKeys.all(pharmacyId), 'license-document', userId] as const,
};

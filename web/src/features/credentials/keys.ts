/** Query keys of the credentials feature, starting with the pharmacy so one pharmacy's data never answers for another. */
export const credentialKeys = {
  all: (pharmacyId: string) => ['pharmacy', pharmacyId, 'credentials'] as const,
  /** The staff members who have a license number. */
  licensedStaff: (pharmacyId: string) => [...credentialKeys.all(pharmacyId), 'licensed-staff'] as const,
  /** A staff member's stored license copy (or none). */
  licenseDocument: (pharmacyId: string, userId: string) => [...credentialKeys.all(pharmacyId), 'license-document', userId] as const,
};

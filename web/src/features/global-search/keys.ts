/** Query keys of the global search, starting with the pharmacy (so another pharmacy's answers are never read from cache). */
export const globalSearchKeys = {
  all: (pharmacyId: string) => ['pharmacy', pharmacyId, 'global-search'] as const,
  /** One typed string's answer (trimmed: the database trims it too). */
  results: (pharmacyId: string, query: string) => [...globalSearchKeys.all(pharmacyId), 'results', query] as const,
};

/**
 * The longest search a list accepts. The database enforces it (private.patient_search_text raises 'A search is at
 * most 100 characters': every word becomes a condition of the statement); search boxes stop typing there.
 * tests/integration/db-patient-search.test.ts checks the two agree.
 */
export const SEARCH_MAX_LENGTH = 100;

/** The patient list's pages (web/src/features/patients/api/patient-paging.ts): the rows asked for and the text shown. */
import { describe, expect, it } from 'vitest';
import { lastPatientPage, PATIENT_PAGE_SIZE, patientPageRange, patientPageSummary } from '../../web/src/features/patients/api/patient-paging.ts';

describe('patient paging', () => {
  it('asks for 25 rows a page, both ends included', () => {
    expect(PATIENT_PAGE_SIZE).toBe(25);
    expect(patientPageRange(0)).toEqual({ from: 0, to: 24 });
    expect(patientPageRange(3)).toEqual({ from: 75, to: 99 });
    expect(patientPageRange(-1)).toEqual({ from: 0, to: 24 });
  });

  it('knows the last page of a total, and that an empty list has one page', () => {
    expect(lastPatientPage(0)).toBe(0);
    expect(lastPatientPage(25)).toBe(0);
    expect(lastPatientPage(26)).toBe(1);
    expect(lastPatientPage(100_000)).toBe(3999);
  });

  it('says which rows of how many are shown', () => {
    expect(patientPageSummary(0, 25, 100_000)).toBe('Showing 1–25 of 100,000');
    expect(patientPageSummary(3999, 25, 100_000)).toBe('Showing 99,976–100,000 of 100,000');
    expect(patientPageSummary(1, 5, 30)).toBe('Showing 26–30 of 30');
    expect(patientPageSummary(0, 0, 0)).toBeNull();
  });
});

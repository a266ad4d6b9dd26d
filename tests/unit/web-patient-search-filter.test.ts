/** The PostgREST `or` filter the patient search sends (web/src/features/patients/api/patient-search-filter.ts). */
import { describe, expect, it } from 'vitest';
import { dateOfBirthSearch, patientSearchFilter } from '../../web/src/features/patients/api/patient-search-filter.ts';

describe('patientSearchFilter', () => {
  it('asks for nothing when the box is blank', () => {
    expect(patientSearchFilter('   ')).toBeNull();
    expect(patientSearchFilter('*%_')).toBeNull();
  });

  it('matches one word in either name or in the phone', () => {
    expect(patientSearchFilter(' Holl ')).toBe('first_name.ilike."*Holl*",last_name.ilike."*Holl*",phone.ilike."*Holl*"');
  });

  it('needs every word of a multi-word search in the first or last name', () => {
    expect(patientSearchFilter('margaret  holl')).toBe(
      'and(or(first_name.ilike."*margaret*",last_name.ilike."*margaret*"),or(first_name.ilike."*holl*",last_name.ilike."*holl*")),phone.ilike."*margaret holl*"',
    );
  });

  it('matches ten typed digits in the stored phone shape as well', () => {
    expect(patientSearchFilter('2175550301')).toContain('phone.eq."(217) 555-0301"');
    expect(patientSearchFilter('555-0301')).not.toContain('phone.eq');
  });

  it('keeps LIKE wildcards and quote characters out of the pattern', () => {
    expect(patientSearchFilter('o%\'b"r_i*en')).toBe('first_name.ilike."*o\'brien*",last_name.ilike."*o\'brien*",phone.ilike."*o\'brien*"');
  });

  it('matches a date of birth exactly and a year as a range', () => {
    expect(patientSearchFilter('03/14/1948')).toContain('date_of_birth.eq.1948-03-14');
    expect(patientSearchFilter('1948-3-14')).toContain('date_of_birth.eq.1948-03-14');
    expect(patientSearchFilter('1948')).toContain('and(date_of_birth.gte.1948-01-01,date_of_birth.lte.1948-12-31)');
  });
});

describe('dateOfBirthSearch', () => {
  it('refuses what is not a real day or a plausible year', () => {
    expect(dateOfBirthSearch('02/30/1948')).toBeNull();
    expect(dateOfBirthSearch('1850')).toBeNull();
    expect(dateOfBirthSearch('Holloway')).toBeNull();
  });
});

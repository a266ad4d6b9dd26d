/**
 * Reading an NPPES NPI Registry answer (shared/src/prescribers/nppes.ts) against the fixtures written in NPPES's
 * documented v2.1 format (tests/fixtures/nppes): every finding with its sentence, the record kept, the name rules
 * (case, accents, punctuation, suffixes, hyphenated parts, initials), the licence comparison, and bodies that are
 * not NPPES's shape.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NppesAnswerError, checkNppesAnswer, firstNamesMatch, lastNamesMatch, nppesRecordOf } from '../../shared/src/prescribers/nppes.ts';
import { NPPES_FIXTURES } from '../support/nppes-server.ts';

const answer = (name: string): { result_count: number; results: Record<string, unknown>[] } =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'nppes', `${name}.json`), 'utf8'));
const errors = JSON.parse(readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'nppes', 'errors.json'), 'utf8'));

const { activeMd, secondIndividual, inactive, organization, unknown } = NPPES_FIXTURES;
const prescriber = (overrides: Partial<Parameters<typeof checkNppesAnswer>[1]> = {}) => ({
  npiNumber: activeMd.npi,
  firstName: activeMd.firstName,
  lastName: activeMd.lastName,
  licenseNumber: activeMd.licenseNumber as string | null,
  licenseState: activeMd.licenseState as string | null,
  ...overrides,
});
/** The active MD's answer with its first result changed. */
const withBasic = (basic: Record<string, unknown>) => {
  const body = answer('active-md');
  body.results[0] = { ...body.results[0], basic: { ...(body.results[0]!.basic as object), ...basic } };
  return body;
};

describe('checkNppesAnswer', () => {
  it('matches an active individual, keeping the record NPPES gives', () => {
    expect(checkNppesAnswer(answer('active-md'), prescriber())).toEqual({
      finding: 'match',
      reason: 'NPI 1648293755 is active in the NPPES NPI Registry for ELEANOR WHITFIELD, M.D.',
      record: {
        npi: '1648293755',
        firstName: 'ELEANOR',
        lastName: 'WHITFIELD',
        organizationName: null,
        credential: 'M.D.',
        status: 'A',
        enumerationType: 'NPI-1',
        specialty: 'Internal Medicine',
        taxonomies: [
          { code: '207R00000X', description: 'Internal Medicine', state: 'NY', license: '209876', primary: true },
          { code: '207RC0000X', description: 'Internal Medicine, Cardiovascular Disease', state: 'NJ', license: '25MA08765400', primary: false },
        ],
        practiceLocation: { address: '455 PARK AVE, STE 1200', city: 'NEW YORK', state: 'NY', zipCode: '10022-1234', phone: '212-555-0142', fax: '212-555-0143' },
      },
      licenseComparison: 'match',
      licenseNote: 'NPPES lists licence 209876 (NY), 25MA08765400 (NJ)',
    });
  });

  it('answers not-found for no result', () => {
    const check = checkNppesAnswer({ result_count: 0, results: [] }, prescriber({ npiNumber: unknown.npi }));
    expect(check).toMatchObject({ finding: 'not-found', reason: 'NPI 1746502834 is not in the NPPES NPI Registry', record: null, licenseComparison: 'not-listed', licenseNote: null });
    expect(checkNppesAnswer({ result_count: 0, results: [] }, prescriber({ npiNumber: '1234567893' })).reason).toBe('NPI 1234567893 is not in the NPPES NPI Registry');
  });

  it('answers organization for an NPI-2', () => {
    const check = checkNppesAnswer(answer('organization'), prescriber({ npiNumber: organization.npi }));
    expect(check.finding).toBe('organization');
    expect(check.reason).toBe('NPI 1283746596 belongs to RIVERSIDE COMMUNITY HEALTH CLINIC LLC (an organization), not to an individual prescriber');
    expect(check.record).toMatchObject({ enumerationType: 'NPI-2', organizationName: 'RIVERSIDE COMMUNITY HEALTH CLINIC LLC', firstName: null, specialty: 'Clinic/Center, Primary Care' });
  });

  it('answers inactive for a status other than A, even when the name agrees', () => {
    const check = checkNppesAnswer(answer('inactive-individual'), prescriber({ ...inactive, npiNumber: inactive.npi }));
    expect(check).toMatchObject({ finding: 'inactive', reason: 'NPI 1394857209 is not active in the NPPES NPI Registry (status D)' });
    expect(check.licenseComparison).toBe('match');
    const noStatus = withBasic({ status: undefined });
    expect(checkNppesAnswer(noStatus, prescriber()).reason).toBe('NPI 1648293755 is not active in the NPPES NPI Registry (status not given)');
  });

  it('answers name-mismatch naming both names', () => {
    expect(checkNppesAnswer(answer('active-md'), prescriber({ lastName: 'Whitaker' }))).toMatchObject({
      finding: 'name-mismatch',
      reason: 'NPPES lists NPI 1648293755 under the name ELEANOR WHITFIELD, not Eleanor Whitaker',
    });
    expect(checkNppesAnswer(answer('active-md'), prescriber({ firstName: 'Margaret' })).finding).toBe('name-mismatch');
    expect(checkNppesAnswer(answer('active-md'), prescriber({ firstName: 'Ellen' })).finding).toBe('name-mismatch');
  });

  it('answers registry-error with the descriptions NPPES gives', () => {
    expect(checkNppesAnswer(errors['invalid-number'], prescriber())).toEqual({
      finding: 'registry-error',
      reason: 'The NPPES NPI Registry refused the lookup of NPI 1648293755: Field number must have 10 digits',
      record: null,
      licenseComparison: 'not-listed',
      licenseNote: null,
    });
    const two = { Errors: [{ description: 'One', field: 'a', number: '01' }, { description: 'Two', field: 'b', number: '02' }] };
    expect(checkNppesAnswer(two, prescriber()).reason).toBe('The NPPES NPI Registry refused the lookup of NPI 1648293755: One; Two');
    expect(checkNppesAnswer({ Errors: [] }, prescriber()).reason).toMatch(/: no reason given$/);
  });

  it('throws NppesAnswerError for a body that is not an NPPES answer', () => {
    for (const body of [null, 'text', [], {}, { result_count: '1', results: [] }, { result_count: 1 }, { result_count: 1, results: [{}] }, { result_count: 1, results: ['x'] }]) {
      expect(() => checkNppesAnswer(body, prescriber())).toThrow(NppesAnswerError);
    }
    // A result for another NPI is not an answer about this one.
    expect(() => checkNppesAnswer(answer('second-individual'), prescriber())).toThrow('The NPPES NPI Registry answered for another NPI than 1648293755');
  });

  it('takes the number written as a JSON number too', () => {
    const body = answer('active-md');
    body.results[0]!.number = 1648293755;
    expect(checkNppesAnswer(body, prescriber()).finding).toBe('match');
  });
});

describe('names', () => {
  it('last names ignore case, accents, punctuation and suffixes, and take a hyphenated part', () => {
    expect(lastNamesMatch('Whitfield', 'WHITFIELD')).toBe(true);
    expect(lastNamesMatch("O'Connor Jr.", 'OCONNOR')).toBe(true);
    expect(lastNamesMatch('Muñoz', 'MUNOZ')).toBe(true);
    expect(lastNamesMatch('Smith III', 'SMITH')).toBe(true);
    expect(lastNamesMatch('De la Cruz-Moreno', 'DE LA CRUZ-MORENO')).toBe(true);
    expect(lastNamesMatch('Delacruz Moreno', 'DE LA CRUZ-MORENO')).toBe(true);
    expect(lastNamesMatch('Moreno', 'DE LA CRUZ-MORENO')).toBe(true);
    expect(lastNamesMatch('Garcia-Lopez', 'GARCIA')).toBe(true);
    expect(lastNamesMatch('Morena', 'DE LA CRUZ-MORENO')).toBe(false);
    expect(lastNamesMatch('Smithson', 'SMITH')).toBe(false);
    expect(lastNamesMatch('', 'SMITH')).toBe(false);
  });

  it('first names take an initial or a shortened form', () => {
    expect(firstNamesMatch('E', 'ELEANOR')).toBe(true);
    expect(firstNamesMatch('E.', 'ELEANOR')).toBe(true);
    expect(firstNamesMatch('Ele', 'ELEANOR')).toBe(true);
    expect(firstNamesMatch('Mary Ann', 'MARY')).toBe(true);
    expect(firstNamesMatch('José', 'JOSE')).toBe(true);
    expect(firstNamesMatch('Elena', 'ELEANOR')).toBe(false);
    expect(firstNamesMatch('', 'ELEANOR')).toBe(false);
  });

  it('a prescriber typed differently from NPPES still matches', () => {
    const check = checkNppesAnswer(answer('second-individual'), prescriber({ ...secondIndividual, npiNumber: secondIndividual.npi, firstName: 'R.' }));
    expect(check.finding).toBe('match');
    expect(check.reason).toBe('NPI 1573028465 is active in the NPPES NPI Registry for RAFAEL DE LA CRUZ-MORENO, DO');
  });
});

describe('licence comparison', () => {
  const check = (overrides: Partial<Parameters<typeof checkNppesAnswer>[1]>, body = answer('active-md')) => {
    const { licenseComparison, licenseNote } = checkNppesAnswer(body, prescriber(overrides));
    return { licenseComparison, licenseNote };
  };

  it('matches the number without punctuation, case or leading zeros, in the same state', () => {
    expect(check({ licenseNumber: '0209876', licenseState: 'NY' }).licenseComparison).toBe('match');
    expect(check({ licenseNumber: '25-ma-08765400', licenseState: 'nj' }).licenseComparison).toBe('match');
    expect(check({ licenseNumber: '209876', licenseState: null }).licenseComparison).toBe('match');
    expect(check({ ...secondIndividual, npiNumber: secondIndividual.npi }, answer('second-individual'))).toEqual({
      licenseComparison: 'match',
      licenseNote: 'NPPES lists licence Q-04521 (TX)',
    });
  });

  it('reports a mismatch of number or state', () => {
    expect(check({ licenseNumber: '209877', licenseState: 'NY' })).toEqual({
      licenseComparison: 'mismatch',
      licenseNote: 'NPPES lists licence 209876 (NY), 25MA08765400 (NJ), not 209877 (NY) as on file',
    });
    expect(check({ licenseNumber: '209876', licenseState: 'NJ' }).licenseComparison).toBe('mismatch');
  });

  it('says when there is nothing to compare', () => {
    expect(check({ licenseNumber: null })).toEqual({ licenseComparison: 'no-license-on-file', licenseNote: 'No licence number is on file to compare with NPPES' });
    expect(check({ licenseNumber: '  ' }).licenseComparison).toBe('no-license-on-file');
    expect(check({ npiNumber: organization.npi, licenseNumber: '123' }, answer('organization'))).toEqual({
      licenseComparison: 'not-listed',
      licenseNote: 'NPPES lists no licence number for this NPI',
    });
  });
});

describe('nppesRecordOf', () => {
  it('keeps NPPES text as given and leaves out what is missing', () => {
    const record = nppesRecordOf({ number: '1648293755', enumeration_type: 'NPI-1', basic: { last_name: 'DOE', status: 'A' }, taxonomies: [{ code: '207R00000X', desc: 'Internal Medicine', primary: false }] });
    expect(record).toEqual({
      npi: '1648293755', firstName: null, lastName: 'DOE', organizationName: null, credential: null, status: 'A', enumerationType: 'NPI-1',
      // With one taxonomy and none marked primary, that one is the specialty.
      specialty: 'Internal Medicine',
      taxonomies: [{ code: '207R00000X', description: 'Internal Medicine', state: null, license: null, primary: false }],
      practiceLocation: null,
    });
  });
});

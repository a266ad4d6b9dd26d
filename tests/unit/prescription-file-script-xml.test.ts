/**
 * NCPDP SCRIPT NewRx XML (shared/src/prescription-files/script-xml.ts), versions 10.6 and 2017071: every field of
 * both fixtures (demo seed people and drugs), the version differences (Directions / Sig, Refills / NumberOfRefills,
 * ProductCode forms, Patient / HumanPatient, Prescriber / NonVeterinarian), and what is refused: another
 * transaction, another version, no SCRIPT message at all, a hostile document.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  drugDataSchema, ExtractionError, type Extraction, patientDataSchema, prescriberDataSchema,
} from '../../shared/src/prescription-files/prescription-file.ts';
import { parseScriptNewRx } from '../../shared/src/prescription-files/script-xml.ts';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/prescription-files/${name}`, import.meta.url), 'utf8');
const MARQUEZ = { name: 'Elena Marquez', firstName: 'Elena', lastName: 'Marquez', npiNumber: '1598765430', deaNumber: 'BM3825417' };

describe('parseScriptNewRx', () => {
  it('reads every field of the 10.6 NewRx: Communication TE, ProductCodeQualifier ND, Directions, Refills R, substitution allowed', () => {
    expect(parseScriptNewRx(fixture('newrx-10_6.xml'))).toEqual({
      sourceFormat: 'script-xml-10.6',
      messageId: 'NEWRX-106-0001',
      patientData: {
        name: 'Grace Whitfield', firstName: 'Grace', lastName: 'Whitfield', dateOfBirth: '2001-05-05', gender: 'F', phone: '(217) 555-0311',
        address: '1900 S 11th St, Springfield, IL 62703',
        insuranceInfo: { provider: 'Illinois Medicaid (Meridian)', policyNumber: 'MCD204918377', groupNumber: 'MERIDIAN', bin: '610494', pcn: 'ILMCD' },
      },
      drugData: {
        name: 'Allopurinol 300 mg tablet', strength: '300 mg', form: 'tablet', quantity: 30, daysSupply: 30,
        directions: 'Take 1 tablet by mouth once daily with food & plenty of water', refills: 2, genericSubstitution: true, ndcNumber: '16729002001',
      },
      prescriberData: { ...MARQUEZ, address: '800 N Rutledge St, Springfield, IL 62702', phone: '(217) 555-0210', dateSigned: '2026-11-20' },
    } satisfies Extraction);
  });

  it('reads every field of the 2017071 NewRx: HumanPatient, NonVeterinarian, ProductCode/Code, coded strength, Sig, NumberOfRefills, dispense as written', () => {
    expect(parseScriptNewRx(fixture('newrx-2017071.xml'))).toEqual({
      sourceFormat: 'script-xml-2017071',
      messageId: 'NEWRX-2017071-0001',
      patientData: {
        name: 'Sofia Ramirez', firstName: 'Sofia', lastName: 'Ramirez', dateOfBirth: '1992-01-19', gender: 'F', phone: '(217) 555-0305',
        address: '1600 W Washington St, Springfield, IL 62702',
        insuranceInfo: { provider: 'UnitedHealthcare', policyNumber: '918273645', groupNumber: 'GRP7710', bin: '610279', pcn: 'UHCPDP' },
      },
      drugData: {
        name: 'Lisinopril 10 mg tablet', strength: '10 mg', form: 'tablet', quantity: 90, daysSupply: 90,
        directions: 'Take 1 tablet by mouth once daily', refills: 3, genericSubstitution: false, ndcNumber: '68180051301',
      },
      prescriberData: { ...MARQUEZ, address: '800 N Rutledge St, Springfield, IL 62702', phone: '(217) 555-0210', dateSigned: '2026-11-21' },
    } satisfies Extraction);
  });

  it('takes the NDC only with qualifier ND, in any written format, and leaves PRN refills for a person', () => {
    const other = parseScriptNewRx(fixture('newrx-10_6.xml').replace('<ProductCodeQualifier>ND</ProductCodeQualifier>', '<ProductCodeQualifier>UP</ProductCodeQualifier>'));
    expect(other.drugData.ndcNumber).toBeUndefined();
    const hyphenated = parseScriptNewRx(fixture('newrx-2017071.xml').replace('<Code>68180051301</Code>', '<Code>68180-513-01</Code>'));
    expect(hyphenated.drugData.ndcNumber).toBe('68180051301');
    const prn = parseScriptNewRx(fixture('newrx-10_6.xml').replace('<Qualifier>R</Qualifier><Value>2</Value>', '<Qualifier>PRN</Qualifier>'));
    expect(prn.drugData.refills).toBeUndefined();
  });

  it('keeps a well-formed NPI or DEA number whose check digit fails, for the checks to flag; drops a malformed one', () => {
    const wrong = parseScriptNewRx(fixture('newrx-2017071.xml').replace('<NPI>1598765430</NPI>', '<NPI>1598765431</NPI>').replace('BM3825417', 'BM3825418'));
    expect(wrong.prescriberData).toMatchObject({ npiNumber: '1598765431', deaNumber: 'BM3825418' });
    const malformed = parseScriptNewRx(fixture('newrx-2017071.xml').replace('<NPI>1598765430</NPI>', '<NPI>15987</NPI>').replace('BM3825417', 'B-38'));
    expect(malformed.prescriberData.npiNumber).toBeUndefined();
    expect(malformed.prescriberData.deaNumber).toBeUndefined();
  });

  it("fits what it read to the model's schemas: overlong prose cut to its length, an overlong id or code left out", () => {
    for (const name of ['newrx-10_6.xml', 'newrx-2017071.xml']) {
      const read = parseScriptNewRx(fixture(name));
      expect(patientDataSchema.strict().parse(read.patientData)).toEqual(read.patientData);
      expect(drugDataSchema.strict().parse(read.drugData)).toEqual(read.drugData);
      expect(prescriberDataSchema.strict().parse(read.prescriberData)).toEqual(read.prescriberData);
    }
    const long = parseScriptNewRx(fixture('newrx-2017071.xml')
      .replace('Lisinopril 10 mg tablet', `Lisinopril ${'very '.repeat(200)}long`)
      .replace('<IINNumber>610279</IINNumber>', '<IINNumber>610279999</IINNumber>')
      .replace('<Gender>F</Gender>', `<Gender>${'F'.repeat(30)}</Gender>`)
      .replace('NEWRX-2017071-0001', 'M'.repeat(101)));
    expect(long.drugData.name).toHaveLength(300);
    expect(long.drugData.name).toMatch(/^Lisinopril very very /);
    expect(long.patientData.insuranceInfo).toEqual({ provider: 'UnitedHealthcare', policyNumber: '918273645', groupNumber: 'GRP7710', pcn: 'UHCPDP' });
    expect(long.patientData.gender).toBeUndefined();
    expect(long.messageId).toBeUndefined();
    expect(drugDataSchema.safeParse(long.drugData).success).toBe(true);
  });

  it('refuses another transaction, another version, a message that is no SCRIPT message, and a hostile document', () => {
    expect(() => parseScriptNewRx(fixture('renewal-2017071.xml'))).toThrow('This SCRIPT message is a RxRenewalRequest, not a NewRx (new prescription)');
    expect(() => parseScriptNewRx('<Message version="010" release="005"><Body><NewRx/></Body></Message>')).toThrow('This SCRIPT message is neither version 10.6 nor 2017071');
    expect(() => parseScriptNewRx('<Message version="010" release="006"><Body/></Message>')).toThrow('This SCRIPT message is empty, not a NewRx');
    expect(() => parseScriptNewRx('<Message version="010" release="006"><Body><NewRx/></Body></Message>')).toThrow('The NewRx has no MedicationPrescribed');
    expect(() => parseScriptNewRx('<Invoice/>')).toThrow('The XML document is not an NCPDP SCRIPT Message');
    expect(() => parseScriptNewRx(fixture('billion-laughs.xml'))).toThrow(ExtractionError);
    expect(() => parseScriptNewRx(fixture('newrx-10_6.xml').replace('</Message>', ''))).toThrow('<Message> is not closed');
  });
});

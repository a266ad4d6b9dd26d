/**
 * The one field parser for free text (shared/src/prescription-files/field-parser.ts): the text layer of the PDF
 * fixture (read with pdf-text.ts, as the api does), the same prescription typed with other labels and date formats,
 * messy OCR text (odd spacing, `|` for `l`, `O` for `0`, labels without colons, NDC groups split by spaces), NPI and
 * DEA kept only when their check digits pass, nothing readable refused, hostile text bounded.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIELD_PARSER_MAX_CHARS, parsePrescriptionText } from '../../shared/src/prescription-files/field-parser.ts';
import { extractPdfText } from '../../shared/src/prescription-files/pdf-text.ts';
import {
  drugDataSchema, ExtractionError, type Extraction, patientDataSchema,
} from '../../shared/src/prescription-files/prescription-file.ts';

const pdf = new Uint8Array(readFileSync(new URL('../fixtures/prescription-files/prescription-text.pdf', import.meta.url)));

const PDF_EXTRACTION = {
  sourceFormat: 'pdf-text',
  patientData: {
    name: 'Beatrice Lindqvist', firstName: 'Beatrice', lastName: 'Lindqvist', dateOfBirth: '1973-03-09', phone: '(217) 555-0313',
    address: '2420 Whittier Ave, Springfield, IL 62704',
    insuranceInfo: { provider: 'UnitedHealthcare', policyNumber: '557733991', groupNumber: 'GRP7710', bin: '610279', pcn: 'UHCPDP' },
  },
  drugData: {
    name: 'Amlodipine Besylate 5 mg tablet', strength: '5 mg', form: 'tablet', quantity: 30, daysSupply: 30,
    directions: 'Take 1 tablet by mouth once daily', refills: 5, genericSubstitution: true, ndcNumber: '69097012705',
  },
  prescriberData: {
    name: 'Dr. Elena Marquez, MD', firstName: 'Elena', lastName: 'Marquez', npiNumber: '1598765430', deaNumber: 'BM3825417', dateSigned: '2026-11-23',
  },
} satisfies Extraction;

describe('parsePrescriptionText', () => {
  it("reads every field of the PDF fixture's text layer", async () => {
    const { text } = await extractPdfText(pdf);
    expect(text).toContain('Qty: 30 Days Supply: 30');
    expect(parsePrescriptionText(text, 'pdf-text')).toEqual(PDF_EXTRACTION);
  });

  it('reads the same prescription with other labels and formats: Name, Date of Birth, Medication, Quantity, Directions, Physician, DAW', () => {
    const typed = [
      'Name: Lindqvist, Beatrice', 'Date of Birth: 9 Mar 1973', 'Medication: Amlodipine Besylate 5 mg', 'Strength: 5 mg', 'Form: Tablet',
      'Quantity: 30 tablets', 'Day Supply: 30 days', 'Directions: Take 1 tablet by mouth once daily', 'Refills: 2 (two)', 'NDC: 69097012705',
      'DAW: No', 'Physician: Marquez, Elena MD', 'NPI Number: 1598765430', 'DEA #: bm3825417', 'Date Written: 11-23-26',
      'Rx BIN: 610279   Rx PCN: UHCPDP   Rx Grp: GRP7710   Cardholder ID: 557733991',
    ].join('\r\n');
    expect(parsePrescriptionText(typed, 'pdf-text')).toEqual({
      sourceFormat: 'pdf-text',
      patientData: {
        name: 'Lindqvist, Beatrice', firstName: 'Beatrice', lastName: 'Lindqvist', dateOfBirth: '1973-03-09',
        insuranceInfo: { policyNumber: '557733991', groupNumber: 'GRP7710', bin: '610279', pcn: 'UHCPDP' },
      },
      drugData: {
        name: 'Amlodipine Besylate 5 mg', strength: '5 mg', form: 'tablet', quantity: 30, daysSupply: 30,
        directions: 'Take 1 tablet by mouth once daily', refills: 2, genericSubstitution: true, ndcNumber: '69097012705',
      },
      prescriberData: {
        name: 'Marquez, Elena MD', firstName: 'Elena', lastName: 'Marquez', npiNumber: '1598765430', deaNumber: 'BM3825417', dateSigned: '2026-11-23',
      },
    } satisfies Extraction);
  });

  it('reads messy OCR text: spacing, | for l, O for 0, labels without colons, several labels a line, a spaced NDC, none refills', () => {
    const ocr = [
      'PATIENT NAME :  Kevin   Doy|e', 'D.O.B. 1O-3O-85', 'Medication:Naproxen 5OO mg tabs', 'NDC # 68462 0190 01',
      'Disp: #6O (sixty)    Days supply: 3O', 'Sig : 1 tab p.o. bid with food', 'Refills: none', 'DAW: Y',
      'Dr. E|ena Marquez MD', 'NPI 159876543O', 'DEA #: BM3825417', 'Date: Nov. 24, 2026',
    ].join('\n');
    expect(parsePrescriptionText(ocr, 'ocr')).toEqual({
      sourceFormat: 'ocr',
      patientData: { name: 'Kevin Doyle', firstName: 'Kevin', lastName: 'Doyle', dateOfBirth: '1985-10-30' },
      drugData: {
        name: 'Naproxen 500 mg tabs', strength: '500 mg', form: 'tablet', quantity: 60, daysSupply: 30, directions: '1 tab p.o. bid with food',
        refills: 0, genericSubstitution: false, ndcNumber: '68462019001',
      },
      prescriberData: { name: 'Dr. Elena Marquez MD', firstName: 'Elena', lastName: 'Marquez', npiNumber: '1598765430', deaNumber: 'BM3825417', dateSigned: '2026-11-24' },
    } satisfies Extraction);
  });

  it('leaves words alone: O and l inside words are letters, and NR is no refills', () => {
    const read = parsePrescriptionText('Patient: Olga Lloyd\nRx: Allopurinol 300 mg tablet\nAddress: 10 Old Oak Rd\nRefills: NR', 'ocr');
    expect(read.patientData).toMatchObject({ name: 'Olga Lloyd', address: '10 Old Oak Rd' });
    expect(read.drugData).toMatchObject({ name: 'Allopurinol 300 mg tablet', refills: 0 });
  });

  it("gives a bare Address or Phone to the block it is in: the prescriber's letterhead first, then the patient's", () => {
    const pad = [
      'Elena Marquez, MD', 'Dr. Elena Marquez', 'Address: 800 N Rutledge St, Springfield, IL 62702', 'Phone: 217-555-0210',
      'NPI: 1598765430', '', 'Patient: Grace Whitfield   DOB: 05/05/2001', 'Address: 1900 S 11th St, Springfield, IL 62703',
      'Tel: (217) 555 0311', 'Rx: Allopurinol 300 mg tablet   Qty: 30', 'Generic Substitution Permitted: No',
    ].join('\n');
    const read = parsePrescriptionText(pad, 'pdf-text');
    expect(read.prescriberData).toMatchObject({
      name: 'Dr. Elena Marquez', npiNumber: '1598765430', address: '800 N Rutledge St, Springfield, IL 62702', phone: '(217) 555-0210',
    });
    expect(read.patientData).toMatchObject({
      name: 'Grace Whitfield', dateOfBirth: '2001-05-05', address: '1900 S 11th St, Springfield, IL 62703', phone: '(217) 555-0311',
    });
    expect(read.drugData).toMatchObject({ name: 'Allopurinol 300 mg tablet', quantity: 30, genericSubstitution: false });
    expect(parsePrescriptionText('Rx: Naproxen 500mg tab', 'ocr').drugData).toMatchObject({ strength: '500 mg', form: 'tablet' });
    expect(parsePrescriptionText('Rx: Amoxicillin/Clavulanate 875mg/125mg tab', 'ocr').drugData.strength).toBe('875 mg/125 mg');
    expect(parsePrescriptionText('Patient: Ann Bell\nSubstitution permitted: Yes', 'ocr').drugData.genericSubstitution).toBe(true);
    // Explicit labels win over the block: a patient's phone written in the prescriber's block is still the patient's.
    const explicit = parsePrescriptionText('Prescriber: Dr. Ann Bell\nPatient Phone: 2175550311\nOffice Phone: 2175550210', 'ocr');
    expect(explicit.patientData.phone).toBe('(217) 555-0311');
    expect(explicit.prescriberData.phone).toBe('(217) 555-0210');
  });

  it("fits what it read to the model's schemas: a drug line of 50,000 characters is cut to 300, a 12-digit BIN left out", () => {
    const read = parsePrescriptionText(`Patient: Ann Bell\nRx: ${'Amlodipine '.repeat(5_000)}\nBIN: 610279999999`, 'ocr');
    expect(read.drugData.name).toHaveLength(300);
    expect(read.patientData.insuranceInfo).toBeUndefined();
    expect(drugDataSchema.safeParse(read.drugData).success).toBe(true);
    expect(patientDataSchema.strict().parse(read.patientData)).toEqual(read.patientData);
  });

  it('normalises an NDC written in any format to 11 digits and leaves an ambiguous 10-digit one out', () => {
    const ndc = (written: string) => parsePrescriptionText(`Rx: Naproxen\nNDC: ${written}`, 'pdf-text').drugData.ndcNumber;
    expect(ndc('68462-190-01')).toBe('68462019001');
    expect(ndc('68462-0190-01')).toBe('68462019001');
    expect(ndc('6846-2190-01')).toBe('06846219001');
    expect(ndc('68462-0190-1')).toBe('68462019001');
    expect(ndc('68462019001')).toBe('68462019001');
    expect(ndc('68462 190 01 (100 count)')).toBe('68462019001');
    // Ten digits without hyphens could be 4-4-2, 5-3-2 or 5-4-1: guessing would name another product.
    expect(ndc('6846219001')).toBeUndefined();
    expect(ndc('12345')).toBeUndefined();
  });

  it('keeps an NPI or DEA number only when its check digit passes', () => {
    const read = parsePrescriptionText('Patient: Ann Bell\nPrescriber: Dr. Ann Bell\nNPI: 1234567890\nDEA: AB1234567', 'pdf-text');
    expect(read.prescriberData).toEqual({ name: 'Dr. Ann Bell', firstName: 'Ann', lastName: 'Bell' });
  });

  it('refuses text with nothing to read, with a plain sentence for each source', () => {
    expect(() => parsePrescriptionText('Thank you for your fax.\nPage 1 of 1', 'ocr')).toThrow('No prescription data could be read from the recognised text');
    expect(() => parsePrescriptionText('', 'pdf-text')).toThrow('No prescription data could be read from the PDF text');
    expect(() => parsePrescriptionText('Subject: hello\nNote: call me', 'pdf-text')).toThrow(ExtractionError);
  });

  it(`reads at most ${FIELD_PARSER_MAX_CHARS} characters and stays fast on hostile text`, () => {
    expect(() => parsePrescriptionText(`${'x'.repeat(FIELD_PARSER_MAX_CHARS)}\nPatient: Kevin Doyle`, 'ocr')).toThrow(ExtractionError);
    const hostile = [`${'a: '.repeat(60_000)}${'1'.repeat(200_000)}`, `${'a '.repeat(200_000)}`, `Rx: ${'5O'.repeat(100_000)}`, `${'1/'.repeat(100_000)}`, `Date: ${'Nov 1 '.repeat(30_000)}`];
    for (const text of hostile) {
      try {
        parsePrescriptionText(text, 'ocr');
      } catch (error) {
        expect(error).toBeInstanceOf(ExtractionError);
      }
    }
  });
});

describe('hostile white space', () => {
  it('reads a label followed by a long run of no-break spaces at once', () => {
    expect(() => parsePrescriptionText(`ndc${'\u00a0'.repeat(100_000)}!`, 'ocr')).toThrow();
  });
});

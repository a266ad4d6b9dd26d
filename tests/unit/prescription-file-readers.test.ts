/**
 * The prescription-file readers (shared/src/prescription-files/): the type decided by the bytes; the safe XML reader
 * (no DTD, no entities, bounded depth and size); SCRIPT NewRx XML 10.6 and 2017071 and SCRIPT 10.6 EDIFACT, every
 * field of the fixtures; the one field parser on a PDF's text and on messy OCR text; the confidence rules.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEdifactNewRx } from '../../shared/src/prescription-files/edifact.ts';
import { documentChecks, scoreExtraction } from '../../shared/src/prescription-files/extraction-confidence.ts';
import { parsePrescriptionText } from '../../shared/src/prescription-files/field-parser.ts';
import { detectPrescriptionFileType } from '../../shared/src/prescription-files/file-type.ts';
import { ExtractionError, type Extraction } from '../../shared/src/prescription-files/prescription-file.ts';
import { parseXml } from '../../shared/src/prescription-files/safe-xml.ts';
import { parseScriptNewRx } from '../../shared/src/prescription-files/script-xml.ts';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/prescription-files/${name}`, import.meta.url));
const text = (name: string) => fixture(name).toString('utf8');
const bytes = (value: string) => new TextEncoder().encode(value);

const MARQUEZ = { name: 'Elena Marquez', firstName: 'Elena', lastName: 'Marquez', npiNumber: '1598765430', deaNumber: 'BM3825417' };

describe('the type, by the bytes', () => {
  it('knows PDF, PNG, JPEG, SCRIPT XML and EDIFACT whatever the file is called', () => {
    expect(detectPrescriptionFileType(fixture('prescription-text.pdf'))).toBe('application/pdf');
    expect(detectPrescriptionFileType(fixture('typed-prescription.png'))).toBe('image/png');
    expect(detectPrescriptionFileType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]))).toBe('image/jpeg');
    expect(detectPrescriptionFileType(fixture('newrx-10_6.xml'))).toBe('application/xml');
    expect(detectPrescriptionFileType(bytes('\uFEFF<!-- sent --><scr:Message xmlns:scr="x"><Body/></scr:Message>'))).toBe('application/xml');
    expect(detectPrescriptionFileType(fixture('newrx-10_6.edi'))).toBe('application/edifact');
    expect(detectPrescriptionFileType(bytes("UIB+UNOA:0'"))).toBe('application/edifact');
  });

  it('refuses anything else: HTML, another XML document, a DTD before the root, text, an empty file', () => {
    for (const other of ['<html><body>Rx</body></html>', '<?xml version="1.0"?><Invoice/>', '<!DOCTYPE Message><Message/>', 'Patient: Kevin Doyle', '']) {
      expect(detectPrescriptionFileType(bytes(other)), other).toBeNull();
    }
  });
});

describe('the safe XML reader', () => {
  it('refuses a billion-laughs document at once, before any entity exists', () => {
    const started = performance.now();
    expect(() => parseXml(text('billion-laughs.xml'))).toThrow('it declares a DTD or entities, which are not allowed');
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('refuses undeclared entities, deep nesting, unclosed and mismatched elements, and more than 2 MB', () => {
    expect(() => parseXml('<a>&xxe;</a>')).toThrow('the entity &xxe; is not defined');
    expect(() => parseXml(`${'<a>'.repeat(65)}${'</a>'.repeat(65)}`)).toThrow('it nests deeper than 64 levels');
    expect(() => parseXml('<a><b></a>')).toThrow('</a> does not close the open element');
    expect(() => parseXml('<a><b>')).toThrow('<b> is not closed');
    expect(() => parseXml(`<a>${'x'.repeat(2 * 1024 * 1024)}</a>`)).toThrow('it is larger than 2 MB');
    expect(() => parseXml('<a/><b/>')).toThrow('it has more than one root element');
  });

  it('reads local names, attributes, the predefined entities, character references and CDATA', () => {
    const root = parseXml('<?xml version="1.0"?><s:Message xmlns:s="x" v=\'1\'><s:Note>a &amp; b &#65;&#x42;<![CDATA[<c>]]></s:Note></s:Message>');
    expect(root).toMatchObject({ name: 'Message', attributes: { s: 'x', v: '1' }, children: [{ name: 'Note', text: 'a & b AB<c>' }] });
  });
});

describe('SCRIPT NewRx XML', () => {
  it('reads version 10.6: patient, prescriber, drug, refills with their qualifier, insurance', () => {
    expect(parseScriptNewRx(text('newrx-10_6.xml'))).toEqual({
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

  it('reads version 2017071: HumanPatient, NonVeterinarian, ProductCode/Code, Sig, NumberOfRefills, dispense as written', () => {
    const read = parseScriptNewRx(text('newrx-2017071.xml'));
    expect(read).toMatchObject({
      sourceFormat: 'script-xml-2017071',
      patientData: { name: 'Sofia Ramirez', dateOfBirth: '1992-01-19', insuranceInfo: { bin: '610279', pcn: 'UHCPDP', groupNumber: 'GRP7710', policyNumber: '918273645' } },
      drugData: { name: 'Lisinopril 10 mg tablet', strength: '10 mg', form: 'tablet', quantity: 90, daysSupply: 90, refills: 3, genericSubstitution: false, ndcNumber: '68180051301', directions: 'Take 1 tablet by mouth once daily' },
      prescriberData: { ...MARQUEZ, dateSigned: '2026-11-21' },
    });
  });

  it('refuses another transaction, another version, and a message that is no SCRIPT message', () => {
    expect(() => parseScriptNewRx(text('renewal-2017071.xml'))).toThrow('This SCRIPT message is a RxRenewalRequest, not a NewRx (new prescription)');
    expect(() => parseScriptNewRx('<Message version="010" release="005"><Body><NewRx/></Body></Message>')).toThrow('neither version 10.6 nor 2017071');
    expect(() => parseScriptNewRx('<Invoice/>')).toThrow('not an NCPDP SCRIPT Message');
    expect(() => parseScriptNewRx(text('billion-laughs.xml'))).toThrow(ExtractionError);
  });

  it('drops an NPI or DEA number whose check digit does not match', () => {
    const read = parseScriptNewRx(text('newrx-2017071.xml').replace('<NPI>1598765430</NPI>', '<NPI>1598765431</NPI>').replace('BM3825417', 'BM3825418'));
    expect(read.prescriberData.npiNumber).toBeUndefined();
    expect(read.prescriberData.deaNumber).toBeUndefined();
  });
});

describe('SCRIPT 10.6 EDIFACT', () => {
  it('reads a NEWRX with the UNA separators and a released character', () => {
    expect(parseEdifactNewRx(text('newrx-10_6.edi'))).toEqual({
      sourceFormat: 'script-edifact-10.6',
      messageId: 'NEWRX-EDI-0001',
      patientData: {
        name: 'WALTER NGUYEN', firstName: 'WALTER', lastName: 'NGUYEN', dateOfBirth: '1958-11-21', gender: 'M',
        address: '615 W MONROE ST, SPRINGFIELD, IL 62704', phone: '(217) 555-0312',
        insuranceInfo: { provider: 'OPTUMRX', policyNumber: 'W5541230', groupNumber: 'OPX100', bin: '610097', pcn: '9999' },
      },
      drugData: {
        name: 'NAPROXEN 500 MG TABLET', strength: '500 MG', form: 'tablet', quantity: 60, daysSupply: 30,
        directions: 'TAKE 1 TABLET BY MOUTH TWICE DAILY WITH FOOD: MAX 2 A DAY', refills: 1, genericSubstitution: true, ndcNumber: '68462019001',
      },
      prescriberData: {
        name: 'ELENA MARQUEZ', firstName: 'ELENA', lastName: 'MARQUEZ', npiNumber: '1598765430', deaNumber: 'BM3825417',
        address: '800 N RUTLEDGE ST, SPRINGFIELD, IL 62702', phone: '(217) 555-0210', dateSigned: '2026-11-22',
      },
    } satisfies Extraction);
  });

  it('uses EDIFACT defaults without UNA, and refuses another message or version', () => {
    const withoutUna = text('newrx-10_6.edi').replace("UNA:+./*'\n", '').replace('WITH FOOD/: MAX', 'WITH FOOD?: MAX');
    expect(parseEdifactNewRx(withoutUna).drugData.directions).toBe('TAKE 1 TABLET BY MOUTH TWICE DAILY WITH FOOD: MAX 2 A DAY');
    expect(() => parseEdifactNewRx(text('newrx-10_6.edi').replace(':NEWRX+', ':RXCHG+'))).toThrow('This SCRIPT message is a RXCHG, not a NEWRX (new prescription)');
    expect(() => parseEdifactNewRx(text('newrx-10_6.edi').replace('SCRIPT:010:006', 'SCRIPT:008:001'))).toThrow('SCRIPT version 008.001 is not 10.6');
    expect(() => parseEdifactNewRx(`UIB+UNOA:0'${"UIH+SCRIPT:010:006:NEWRX'".repeat(5001)}`)).toThrow('more than 5000 segments');
  });
});

describe('the field parser', () => {
  it("reads the PDF's text layer: labelled fields, dispense as written, insurance on one line", () => {
    const pdfText = [
      'Capitol Family Medicine — Prescription', 'Patient: Linda Okafor', 'DOB: 04/23/1968', 'Address: 3344 Old Jacksonville Rd, Springfield, IL 62704',
      'Phone: (217) 555-0307', 'Rx: Allopurinol 300 mg tablet', 'NDC: 16729-020-01', 'Qty: 30', 'Days Supply: 30', 'Sig: Take 1 tablet by mouth once daily',
      'Refills: 5', 'Dispense as written', 'Prescriber: Dr. Elena Marquez', 'NPI: 1598765430', 'DEA: BM3825417', 'Date: 11/23/2026',
      'Insurance: Cigna Member ID: U4455667788 Group: 3334455',
    ].join('\n');
    expect(parsePrescriptionText(pdfText, 'pdf-text')).toEqual({
      sourceFormat: 'pdf-text',
      patientData: {
        name: 'Linda Okafor', firstName: 'Linda', lastName: 'Okafor', dateOfBirth: '1968-04-23', phone: '(217) 555-0307',
        address: '3344 Old Jacksonville Rd, Springfield, IL 62704', insuranceInfo: { provider: 'Cigna', policyNumber: 'U4455667788', groupNumber: '3334455' },
      },
      drugData: {
        name: 'Allopurinol 300 mg tablet', strength: '300 mg', form: 'tablet', quantity: 30, daysSupply: 30,
        directions: 'Take 1 tablet by mouth once daily', refills: 5, genericSubstitution: false, ndcNumber: '16729002001',
      },
      prescriberData: { name: 'Dr. Elena Marquez', firstName: 'Elena', lastName: 'Marquez', npiNumber: '1598765430', deaNumber: 'BM3825417', dateSigned: '2026-11-23' },
    } satisfies Extraction);
  });

  it('reads messy OCR text: several labels a line, O for 0, | for l, a 10-digit NDC in 4-4-2, NR refills', () => {
    const ocr = 'Patient:  Kevin  Doyle   DOB: 1O/3O/1985\nRx: Ibuprofen 800 mg tab\nNDC: 6516-0466-50   Qty: 3O   Days Supply: 1O\nSig: Take 1 tab|et by mouth q8h prn\nRefills: NR\nSubstitution permitted\nDr. Elena Marquez\nNPI: l598765430   DEA: BM3825417';
    const read = parsePrescriptionText(ocr, 'ocr');
    expect(read.patientData).toEqual({ name: 'Kevin Doyle', firstName: 'Kevin', lastName: 'Doyle', dateOfBirth: '1985-10-30' });
    expect(read.drugData).toEqual({
      name: 'Ibuprofen 800 mg tab', strength: '800 mg', form: 'tablet', quantity: 30, daysSupply: 10, directions: 'Take 1 tablet by mouth q8h prn',
      refills: 0, genericSubstitution: true, ndcNumber: '06516046650',
    });
    expect(read.prescriberData).toMatchObject({ firstName: 'Elena', lastName: 'Marquez', npiNumber: '1598765430', deaNumber: 'BM3825417' });
  });

  it('drops numbers whose check digits fail and refuses text with nothing to read', () => {
    const read = parsePrescriptionText('Patient: A B\nNPI: 1234567890\nDEA: AB1234567', 'pdf-text');
    expect(read.prescriberData).toEqual({});
    expect(() => parsePrescriptionText('Thank you for your fax.\nPage 1 of 1', 'ocr')).toThrow('No prescription data could be read from the recognised text');
  });

  it('stays fast on hostile text', () => {
    const started = performance.now();
    expect(() => parsePrescriptionText(`${'a: '.repeat(60_000)}${'1'.repeat(200_000)}`, 'ocr')).toThrow(ExtractionError);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('confidence', () => {
  const extraction = parseScriptNewRx(text('newrx-10_6.xml'));
  const passed = (check: 'ndc-in-catalog' | 'patient-matched' | 'prescriber-matched') => ({ check, passed: true, detail: '' });

  it('trusts structured SCRIPT with every check passing', () => {
    const checks = [...documentChecks(extraction), passed('ndc-in-catalog'), passed('patient-matched'), passed('prescriber-matched')];
    expect(checks.map((check) => check.check)).toEqual(['required-fields', 'npi-check-digit', 'dea-check-digit', 'ndc-in-catalog', 'patient-matched', 'prescriber-matched']);
    expect(scoreExtraction({ sourceFormat: 'script-xml-10.6', checks })).toEqual({ confidence: 0.98, manualReviewRequired: false });
  });

  it('sends a failed check, missing fields or weak OCR to review', () => {
    const missing = documentChecks({ ...extraction, drugData: {}, patientData: {} });
    expect(missing[0]).toEqual({ check: 'required-fields', passed: false, detail: 'Not read: patient name, drug, quantity' });
    expect(scoreExtraction({ sourceFormat: 'script-xml-10.6', checks: missing })).toEqual({ confidence: 0.88, manualReviewRequired: true });
    expect(scoreExtraction({ sourceFormat: 'ocr', ocrConfidence: 94, checks: [] })).toEqual({ confidence: 0.89, manualReviewRequired: false });
    expect(scoreExtraction({ sourceFormat: 'ocr', ocrConfidence: 70, checks: [] })).toEqual({ confidence: 0.66, manualReviewRequired: true });
  });
});

/**
 * The migration validator (shared/src/migration/, issue 27): each record rule and its message, the normalisation
 * the importer relies on (NDC, dates, phone, ZIP, money in cents), duplicates within the file, references to the
 * file and to rows already imported, the DEA refill limits, the error cap, the file-level texts of the spec, the
 * sample, and a large file.
 */
import { describe, expect, it } from 'vitest';
import {
  MIGRATION_MESSAGES,
  centsOf,
  deaScheduleOf,
  isoDateOf,
  migrationMedicationSchema,
  migrationPatientSchema,
  migrationPrescriberSchema,
  migrationPrescriptionSchema,
  usPhoneOf,
  zipCodeOf,
} from '../../shared/src/migration/migration-data.ts';
import { SAMPLE_MIGRATION_DATA, SAMPLE_MIGRATION_JSON } from '../../shared/src/migration/sample-migration.ts';
import {
  MIGRATION_DATA_MESSAGES,
  MIGRATION_ERRORS_MAX,
  MigrationValidator,
  parseMigrationJson,
  validateMigration,
  type MigrationError,
} from '../../shared/src/migration/validate-migration.ts';
import { NDC_MESSAGES } from '../../shared/src/drugs/ndc.ts';

const patient = (fields: Record<string, unknown> = {}) => ({
  patientId: 'P1',
  firstName: 'Ada',
  lastName: 'Lovell',
  dateOfBirth: '1960-05-01',
  ...fields,
});
const medication = (fields: Record<string, unknown> = {}) => ({ drugId: 'D1', name: 'Lisinopril', ndc: '68180-513-01', ...fields });
const prescriber = (fields: Record<string, unknown> = {}) => ({ prescriberId: 'DR1', npiNumber: '1987654328', firstName: 'Laura', lastName: 'Bennett', ...fields });
const prescription = (fields: Record<string, unknown> = {}) => ({
  prescriptionId: 'RX1',
  patientId: 'P1',
  prescriberId: 'DR1',
  drugId: 'D1',
  datePrescribed: '2025-01-10',
  quantity: 30,
  daysSupply: 30,
  refillsRemaining: 1,
  originalRefills: 2,
  status: 'active',
  rpNumber: '1001',
  ...fields,
});

/** The messages of one record's issues, by field. */
function issues(schema: { safeParse(value: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? {} : Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

function fieldsOf(errors: readonly MigrationError[]) {
  return errors.map((error) => `${error.array}[${error.index}].${error.field}: ${error.message}`);
}

describe('patient records', () => {
  it('normalises a valid patient: ISO date, phone, state, ZIP, blank optional fields as null', () => {
    expect(
      migrationPatientSchema.parse(
        patient({ dateOfBirth: '7/4/1976', phone: '+1 217.555.0142', state: 'il', zipCode: '627041143', address: '  ', allergies: [' Penicillin '] }),
      ),
    ).toEqual({
      patientId: 'P1',
      firstName: 'Ada',
      lastName: 'Lovell',
      dateOfBirth: '1976-07-04',
      phone: '(217) 555-0142',
      address: null,
      city: null,
      state: 'IL',
      zipCode: '62704-1143',
      allergies: ['Penicillin'],
      insuranceProvider: null,
      insurancePolicyNumber: null,
    });
  });

  it('requires the id, the names and the date of birth', () => {
    expect(issues(migrationPatientSchema, { firstName: ' ', lastName: null })).toEqual({
      patientId: 'patientId is required',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      dateOfBirth: 'Date of birth is required',
    });
  });

  it.each([
    ['dateOfBirth', '2001-02-29', MIGRATION_MESSAGES.date],
    ['dateOfBirth', '13/01/2001', MIGRATION_MESSAGES.date],
    ['dateOfBirth', 'yesterday', MIGRATION_MESSAGES.date],
    ['dateOfBirth', '1899-12-31', MIGRATION_MESSAGES.dateTooEarly],
    ['dateOfBirth', '2999-01-01', MIGRATION_MESSAGES.dateFuture],
    ['phone', '555-0142', MIGRATION_MESSAGES.phone],
    ['phone', '2175550142x12', MIGRATION_MESSAGES.phone],
    ['state', 'DC', MIGRATION_MESSAGES.state],
    ['state', 'Illinois', MIGRATION_MESSAGES.state],
    ['zipCode', '6270', null],
    ['zipCode', '627', MIGRATION_MESSAGES.zipCode],
    ['zipCode', '62704-11', MIGRATION_MESSAGES.zipCode],
    ['allergies', 'Penicillin', MIGRATION_MESSAGES.allergies],
    ['allergies', ['Penicillin', ' '], MIGRATION_MESSAGES.allergy],
    ['allergies', Array.from({ length: 101 }, (_, i) => `A${i}`), MIGRATION_MESSAGES.tooManyAllergies],
    ['firstName', 'x'.repeat(101), MIGRATION_MESSAGES.tooLong(100)],
    ['address', { street: '1 Main' }, MIGRATION_MESSAGES.text],
  ])('%s %j → %s', (field, value, message) => {
    expect(issues(migrationPatientSchema, patient({ [field]: value }))).toEqual(message === null ? {} : { [field]: message });
  });
});

describe('field readers', () => {
  it.each([
    ['2024-02-29', '2024-02-29'],
    ['02/29/2024', '2024-02-29'],
    ['2/9/2024', '2024-02-09'],
    ['2024-03-01T10:15:00Z', '2024-03-01'],
    ['2023-02-29', null],
    ['2024-2-9', null],
    ['29.02.2024', null],
  ])('isoDateOf(%s) = %s', (input, expected) => {
    expect(isoDateOf(input)).toBe(expected);
  });

  it.each([
    ['(217) 555-0142', '(217) 555-0142'],
    ['217-555-0142', '(217) 555-0142'],
    ['1 217 555 0142', '(217) 555-0142'],
    ['21755501420', null],
    ['217 555 014', null],
    ['call 2175550142', null],
  ])('usPhoneOf(%s) = %s', (input, expected) => {
    expect(usPhoneOf(input)).toBe(expected);
  });

  it.each([
    ['62704', '62704'],
    ['2138', '02138'],
    ['627041143', '62704-1143'],
    ['62704-1143', '62704-1143'],
    ['62704 1143', null],
  ])('zipCodeOf(%s) = %s', (input, expected) => {
    expect(zipCodeOf(input)).toBe(expected);
  });

  it.each([
    [12.5, 1250],
    ['12.50', 1250],
    ['$1,234.56', 123456],
    [0.1, 10],
    [0, 0],
    [19.99, 1999],
    [12.345, null],
    [-1, null],
    ['12.5.0', null],
    [Number.NaN, null],
  ])('centsOf(%s) = %s, never through a float', (input, expected) => {
    expect(centsOf(input)).toBe(expected);
  });

  it.each([
    ['II', 'II'],
    ['CII', 'II'],
    ['C-IV', 'IV'],
    ['3', 'III'],
    ['c5', 'V'],
    ['', null],
    ['VI', undefined],
    ['I', undefined],
  ])('deaScheduleOf(%s) = %s', (input, expected) => {
    expect(deaScheduleOf(input)).toBe(expected);
  });
});

describe('medication records', () => {
  it.each([
    ['0093-1721-01', '00093172101'],
    ['68180-513-01', '68180051301'],
    ['60505-2671-9', '60505267109'],
    ['00093-1721-01', '00093172101'],
    ['00093172101', '00093172101'],
  ])('NDC %s → %s', (ndc, ndc11) => {
    expect(migrationMedicationSchema.parse(medication({ ndc })).ndc).toBe(ndc11);
  });

  it('gives money in cents, defaults stock to 0 and reads the DEA schedule', () => {
    expect(
      migrationMedicationSchema.parse(medication({ awpPrice: 15.99, wholesaleCost: '3.25', quantityOnHand: '900', deaSchedule: 'CIV' })),
    ).toMatchObject({ awpPrice: 1599, wholesaleCost: 325, quantityOnHand: 900, reorderLevel: 0, deaSchedule: 'IV' });
    expect(migrationMedicationSchema.parse(medication())).toMatchObject({ awpPrice: null, wholesaleCost: null, deaSchedule: null });
  });

  it.each([
    ['ndc', undefined, MIGRATION_MESSAGES.required('NDC')],
    ['ndc', '0093172101', NDC_MESSAGES.ambiguousTenDigits('0093172101')],
    ['ndc', '0093-1721', NDC_MESSAGES.segments('0093-1721')],
    ['ndc', '93-1721-01', NDC_MESSAGES.segmentLengths('93-1721-01')],
    ['name', '', MIGRATION_MESSAGES.required('Name')],
    ['awpPrice', '12.999', MIGRATION_MESSAGES.money],
    ['wholesaleCost', 'free', MIGRATION_MESSAGES.money],
    ['quantityOnHand', -1, MIGRATION_MESSAGES.wholeNumber(0, 10_000_000)],
    ['quantityOnHand', 2.5, MIGRATION_MESSAGES.wholeNumber(0, 10_000_000)],
    ['reorderLevel', 10_000_001, MIGRATION_MESSAGES.wholeNumber(0, 10_000_000)],
    ['deaSchedule', 'VI', MIGRATION_MESSAGES.deaSchedule],
  ])('%s %j → %s', (field, value, message) => {
    expect(issues(migrationMedicationSchema, medication({ [field]: value }))).toEqual({ [field]: message });
  });
});

describe('prescriber records', () => {
  it('keeps a valid NPI and upper-cases the DEA number', () => {
    expect(migrationPrescriberSchema.parse(prescriber({ deaNumber: 'bb4829175', licenseState: 'il' }))).toMatchObject({
      npiNumber: '1987654328',
      deaNumber: 'BB4829175',
      licenseState: 'IL',
    });
  });

  it.each([
    ['npiNumber', '', MIGRATION_MESSAGES.npiRequired],
    ['npiNumber', '198765432', MIGRATION_MESSAGES.npiFormat],
    ['npiNumber', '1987654327', MIGRATION_MESSAGES.npiCheckDigit],
    ['deaNumber', 'B4829175', MIGRATION_MESSAGES.deaFormat],
    ['deaNumber', 'BB4829176', MIGRATION_MESSAGES.deaCheckDigit],
    ['licenseState', 'ZZ', MIGRATION_MESSAGES.state],
    ['phone', '555', MIGRATION_MESSAGES.phone],
  ])('%s %j → %s', (field, value, message) => {
    expect(issues(migrationPrescriberSchema, prescriber({ [field]: value }))).toEqual({ [field]: message });
  });

  it('takes an NPI written as a number', () => {
    expect(migrationPrescriberSchema.parse(prescriber({ npiNumber: 1987654328 })).npiNumber).toBe('1987654328');
  });
});

describe('prescription records', () => {
  it('normalises: ISO date, numbers from text, status and Rx number', () => {
    expect(
      migrationPrescriptionSchema.parse(
        prescription({ datePrescribed: '01/10/2025', quantity: '2.5', daysSupply: '10', status: 'On Hold', rpNumber: '0001001', prescriberId: '' }),
      ),
    ).toMatchObject({ datePrescribed: '2025-01-10', quantity: 2.5, daysSupply: 10, status: 'on_hold', rpNumber: '1001', prescriberId: null });
    expect(migrationPrescriptionSchema.parse(prescription({ status: undefined, refillsRemaining: undefined, originalRefills: undefined }))).toMatchObject({
      status: 'active',
      refillsRemaining: 0,
      originalRefills: 0,
    });
  });

  it.each([
    ['quantity', 0, MIGRATION_MESSAGES.quantity],
    ['quantity', 100_001, MIGRATION_MESSAGES.quantity],
    ['quantity', 1.2345, MIGRATION_MESSAGES.quantity],
    // A fill's quantity keeps hundredths (numeric(10,2)): 2.125 mL would be filled as 2.13.
    ['quantity', 2.125, MIGRATION_MESSAGES.quantity],
    ['quantity', undefined, MIGRATION_MESSAGES.required('Quantity')],
    ['daysSupply', 0, MIGRATION_MESSAGES.wholeNumber(1, 365)],
    ['daysSupply', 366, MIGRATION_MESSAGES.wholeNumber(1, 365)],
    ['daysSupply', undefined, MIGRATION_MESSAGES.required('Days supply')],
    ['originalRefills', 100, MIGRATION_MESSAGES.wholeNumber(0, 99)],
    ['status', 'filled', MIGRATION_MESSAGES.status],
    ['rpNumber', 'RX-1001', MIGRATION_MESSAGES.rxNumber],
    ['rpNumber', '0000', MIGRATION_MESSAGES.rxNumber],
    ['rpNumber', '1234567890123456', MIGRATION_MESSAGES.rxNumber],
    ['datePrescribed', '2999-01-01', MIGRATION_MESSAGES.dateFuture],
  ])('%s %j → %s', (field, value, message) => {
    expect(issues(migrationPrescriptionSchema, prescription({ [field]: value }))).toEqual({ [field]: message });
  });

  it('refuses more refills remaining than were written', () => {
    expect(issues(migrationPrescriptionSchema, prescription({ refillsRemaining: 3, originalRefills: 2 }))).toEqual({
      refillsRemaining: MIGRATION_MESSAGES.refillsRemaining,
    });
    expect(issues(migrationPrescriptionSchema, prescription({ refillsRemaining: 2, originalRefills: 2 }))).toEqual({});
  });
});

describe('validateMigration', () => {
  const file = (fields: Record<string, unknown[]> = {}) => ({
    patients: [patient()],
    medications: [medication()],
    prescribers: [prescriber()],
    prescriptions: [prescription()],
    ...fields,
  });

  it('passes the sample, every row normalised', () => {
    const result = validateMigration(SAMPLE_MIGRATION_DATA);
    expect(result.errors).toEqual([]);
    expect(result.isValid).toBe(true);
    expect(result.counts).toEqual({
      prescribers: { rows: 2, valid: 2 },
      medications: { rows: 3, valid: 3 },
      patients: { rows: 3, valid: 3 },
      prescriptions: { rows: 4, valid: 4 },
    });
    expect(result.normalised.medications.map((row) => row.ndc)).toEqual(['68180051301', '00093172101', '65162062710']);
    expect(result.normalised.prescriptions.every((row) => row.status === 'active')).toBe(true);
    expect(validateMigration(JSON.parse(SAMPLE_MIGRATION_JSON)).isValid).toBe(true);
  });

  it.each([[null], [undefined], ['text'], [[]], [{}], [{ patients: null }]])('%j is "Migration data is required"', (data) => {
    const result = validateMigration(data);
    expect(result.isValid).toBe(false);
    expect(result.errors).toEqual([{ array: null, index: null, sourceId: null, field: '', message: MIGRATION_DATA_MESSAGES.required }]);
  });

  it('takes a file with some arrays only, and refuses an array field that is not a list', () => {
    expect(validateMigration({ patients: [patient()] }).isValid).toBe(true);
    expect(validateMigration({ patients: [patient()], medications: { D1: medication() } }).errors).toEqual([
      { array: 'medications', index: null, sourceId: null, field: 'medications', message: 'medications must be a list' },
    ]);
  });

  it('checks every row, not only the first error, with array, index, source id and field', () => {
    const result = validateMigration(
      file({ patients: [patient(), 'not a row', patient({ patientId: 'P2', dateOfBirth: '02/30/1970', state: 'XX' })] }),
    );
    expect(result.errors).toEqual([
      { array: 'patients', index: 1, sourceId: null, field: '', message: MIGRATION_DATA_MESSAGES.notARecord },
      { array: 'patients', index: 2, sourceId: 'P2', field: 'dateOfBirth', message: MIGRATION_MESSAGES.date },
      { array: 'patients', index: 2, sourceId: 'P2', field: 'state', message: MIGRATION_MESSAGES.state },
    ]);
    expect(result.counts.patients).toEqual({ rows: 3, valid: 1 });
    expect(result.normalised.patients.map((row) => row.patientId)).toEqual(['P1']);
    expect(result.errorCount).toBe(3);
  });

  it('reports a nested field by its dotted path', () => {
    expect(migrationPatientSchema.safeParse(patient({ allergies: [' '] })).success).toBe(false);
    const result = validateMigration(file({ patients: [patient({ allergies: ['Penicillin', ''] })] }));
    expect(fieldsOf(result.errors)).toEqual([`patients[0].allergies: ${MIGRATION_MESSAGES.allergy}`]);
  });

  it('finds duplicates in the file: a source id twice, an NPI, an NDC and an Rx number on two rows', () => {
    const result = validateMigration(
      file({
        patients: [patient(), patient({ firstName: 'Other' })],
        prescribers: [prescriber(), prescriber({ prescriberId: 'DR2' })],
        medications: [medication(), medication({ drugId: 'D2', ndc: '68180051301' })],
        prescriptions: [prescription(), prescription({ prescriptionId: 'RX2' })],
      }),
    );
    expect(fieldsOf(result.errors)).toEqual([
      'prescribers[1].npiNumber: NPI 1987654328 is on another prescriber of the file (row 1)',
      'medications[1].ndc: NDC 68180051301 is on another medication of the file (row 1)',
      'patients[1].patientId: Duplicate patientId P1 (first at row 1)',
      'prescriptions[1].rpNumber: Rx number 1001 is on another prescription of the file (row 1)',
    ]);
    expect(result.counts.patients).toEqual({ rows: 2, valid: 1 });
  });

  it('checks references to the file and to rows already imported', () => {
    const orphan = prescription({ prescriptionId: 'RX9', patientId: 'P9', prescriberId: 'DR9', drugId: 'D9', rpNumber: '9' });
    const missing = validateMigration(file({ prescriptions: [prescription(), orphan] }));
    expect(missing.errors).toEqual([
      { array: 'prescriptions', index: 1, sourceId: 'RX9', field: 'patientId', message: MIGRATION_DATA_MESSAGES.unknownPatient('P9') },
      { array: 'prescriptions', index: 1, sourceId: 'RX9', field: 'prescriberId', message: MIGRATION_DATA_MESSAGES.unknownPrescriber('DR9') },
      { array: 'prescriptions', index: 1, sourceId: 'RX9', field: 'drugId', message: MIGRATION_DATA_MESSAGES.unknownDrug('D9') },
    ]);
    expect(missing.counts.prescriptions).toEqual({ rows: 2, valid: 1 });

    const existing = { patientIds: new Set(['P9']), prescriberIds: new Set(['DR9']), drugIds: new Set(['D9']) };
    expect(validateMigration(file({ prescriptions: [prescription(), orphan] }), existing).isValid).toBe(true);
    expect(validateMigration({ prescriptions: [orphan] }, existing).isValid).toBe(true);
    expect(validateMigration({ prescriptions: [orphan] }, { patientIds: new Set(['P9']) }).errors.map((error) => error.field)).toEqual(['prescriberId', 'drugId']);
  });

  it('a reference to a row of the file that is itself invalid is not reported twice', () => {
    const result = validateMigration(file({ patients: [patient({ dateOfBirth: 'soon' })] }));
    expect(fieldsOf(result.errors)).toEqual([`patients[0].dateOfBirth: ${MIGRATION_MESSAGES.date}`]);
  });

  it('holds the DEA refill limits of a controlled drug of the file', () => {
    const controlled = (schedule: string, refills: number) =>
      validateMigration(file({ medications: [medication({ deaSchedule: schedule })], prescriptions: [prescription({ originalRefills: refills, refillsRemaining: 0 })] }));
    expect(fieldsOf(controlled('CII', 1).errors)).toEqual([`prescriptions[0].originalRefills: ${MIGRATION_DATA_MESSAGES.scheduleIIRefills}`]);
    expect(controlled('CII', 0).isValid).toBe(true);
    expect(fieldsOf(controlled('CIII', 6).errors)).toEqual([`prescriptions[0].originalRefills: ${MIGRATION_DATA_MESSAGES.controlledRefills}`]);
    expect(controlled('CV', 5).isValid).toBe(true);
    expect(controlled('', 11).isValid).toBe(true);
  });

  it('caps the error list and counts the rest', () => {
    const rows = Array.from({ length: MIGRATION_ERRORS_MAX + 250 }, (_, index) => patient({ patientId: `P${index}`, lastName: '' }));
    const result = validateMigration({ patients: rows });
    expect(result.errors).toHaveLength(MIGRATION_ERRORS_MAX);
    expect(result.errorCount).toBe(MIGRATION_ERRORS_MAX + 250);
    expect(result.errors.at(-1)).toMatchObject({ index: MIGRATION_ERRORS_MAX - 1, field: 'lastName' });
    expect(result.isValid).toBe(false);
  });

  it('validates a large file (50,000 rows) in one pass', () => {
    const patients = Array.from({ length: 10_000 }, (_, i) => patient({ patientId: `P${i}`, phone: '2175550100', zipCode: '62704', state: 'IL', allergies: ['Penicillin'] }));
    const medications = Array.from({ length: 2_000 }, (_, i) => medication({ drugId: `D${i}`, ndc: String(10_000_000_000 + i), awpPrice: 12.5, quantityOnHand: 5 }));
    const prescribers = Array.from({ length: 1 }, () => prescriber());
    const prescriptions = Array.from({ length: 38_000 }, (_, i) =>
      prescription({ prescriptionId: `R${i}`, patientId: `P${i % 10_000}`, drugId: `D${i % 2_000}`, rpNumber: String(i + 1) }),
    );
    prescriptions[37_999] = prescription({ prescriptionId: 'R37999', patientId: 'P-missing', rpNumber: '38000' });
    const result = validateMigration({ patients, medications, prescribers, prescriptions });
    expect(result.errors).toEqual([
      { array: 'prescriptions', index: 37_999, sourceId: 'R37999', field: 'patientId', message: MIGRATION_DATA_MESSAGES.unknownPatient('P-missing') },
    ]);
    expect(result.counts.prescriptions).toEqual({ rows: 38_000, valid: 37_999 });
    expect(result.normalised.patients).toHaveLength(10_000);
  });
});

describe('MigrationValidator', () => {
  it('takes rows in any order of arrays (a prescription before its patient) and their NDJSON lines', () => {
    const validator = new MigrationValidator();
    validator.addRow('prescriptions', prescription({ quantity: 0 }), 1);
    validator.addRow('prescriptions', prescription({ prescriptionId: 'RX2', rpNumber: '2' }), 2);
    validator.addRow('patients', patient(), 3);
    validator.addRow('medications', medication(), 4);
    validator.addRow('prescribers', prescriber(), 5);
    expect(validator.rowCount('prescriptions')).toBe(2);
    const result = validator.finish();
    expect(result.errors).toEqual([{ array: 'prescriptions', index: 0, sourceId: 'RX1', field: 'quantity', message: MIGRATION_MESSAGES.quantity, line: 1 }]);
    expect(result.normalised.prescriptions.map((row) => row.prescriptionId)).toEqual(['RX2']);
    expect(() => validator.finish()).toThrow();
  });
});

describe('parseMigrationJson', () => {
  it('gives the spec texts', () => {
    expect(parseMigrationJson('  ')).toEqual({ ok: false, title: 'Migration data is required', message: 'Migration data is required' });
    expect(parseMigrationJson('{"patients": [')).toEqual({ ok: false, title: 'Invalid JSON', message: 'Please check your data format' });
    expect(parseMigrationJson('{"patients": []}')).toEqual({ ok: true, data: { patients: [] } });
  });
});

/**
 * The one migration validator (issue 27): POST /api/migration/validate and import-primerx run it on the parsed
 * body, the screen's staged path on a file read in a worker (row by row, from migration-ndjson.ts or the four
 * arrays). Every row is checked — a file is never judged by its first error — and the errors are per row: array,
 * index, the row's source id, the field and the message. Beyond each row's schema (migration-data.ts): duplicates
 * within the file (a source id twice, an NPI on two prescribers, an NDC on two medications, an Rx number on two
 * prescriptions), references (a prescription's patient, prescriber and drug in the file or already imported) and
 * the DEA refill limits of a controlled drug. Work is linear in rows (Maps and Sets), and the error list is capped.
 */
import type * as z from 'zod';
import { CONTROLLED_MAX_REFILLS } from '../prescriptions/prescription.ts';
import {
  MIGRATION_ARRAYS,
  MIGRATION_RECORD_SCHEMAS,
  MIGRATION_SOURCE_ID_FIELDS,
  type MigrationArray,
  type MigrationData,
  type MigrationMedication,
  type MigrationPrescription,
} from './migration-data.ts';

/** Most errors one validation lists; the rest are only counted (errorCount). */
export const MIGRATION_ERRORS_MAX = 10_000;
/** Most rows one array may hold: above a 100,000-patient pharmacy's 500,000 prescriptions with room to spare. */
export const MIGRATION_ROWS_MAX = 2_000_000;

export const MIGRATION_DATA_MESSAGES = {
  /** Spec §5 and §8. */
  required: 'Migration data is required',
  invalidJsonTitle: 'Invalid JSON',
  invalidJson: 'Please check your data format',
  notAList: (array: MigrationArray) => `${array} must be a list`,
  tooManyRows: (array: MigrationArray) => `${array} may hold at most ${MIGRATION_ROWS_MAX.toLocaleString('en-US')} rows`,
  notARecord: 'Each row must be an object',
  duplicateId: (field: string, id: string, firstIndex: number) => `Duplicate ${field} ${id} (first at row ${firstIndex})`,
  duplicateNpi: (npi: string, firstIndex: number) => `NPI ${npi} is on another prescriber of the file (row ${firstIndex})`,
  duplicateNdc: (ndc: string, firstIndex: number) => `NDC ${ndc} is on another medication of the file (row ${firstIndex})`,
  duplicateRxNumber: (rx: string, firstIndex: number) => `Rx number ${rx} is on another prescription of the file (row ${firstIndex})`,
  unknownPatient: (id: string) => `No patient ${id} in the file or the pharmacy`,
  unknownPrescriber: (id: string) => `No prescriber ${id} in the file or the pharmacy`,
  unknownDrug: (id: string) => `No medication ${id} in the file or the pharmacy`,
  scheduleIIRefills: 'A Schedule II prescription cannot have refills',
  controlledRefills: `A Schedule III–V prescription may have at most ${CONTROLLED_MAX_REFILLS} refills`,
  moreErrors: (count: number) => `and ${count.toLocaleString('en-US')} more`,
} as const;

/** One problem of the file. `index` is the row's position in its array (from 0; messages and the CSV count rows from 1). `array` and `index` are null for the file as a whole; `line` is the NDJSON line when the rows came as NDJSON. */
export interface MigrationError {
  array: MigrationArray | null;
  index: number | null;
  /** The row's own id when it could be read. */
  sourceId: string | null;
  /** Dotted path within the row ('allergies.2'); '' for the row or the file. */
  field: string;
  message: string;
  line?: number;
}

/** The entities a prescription refers to. */
export const MIGRATION_REFERENCED_ARRAYS = ['patients', 'prescribers', 'medications'] as const;
export type MigrationReferencedArray = (typeof MIGRATION_REFERENCED_ARRAYS)[number];

/** Source ids already imported into the pharmacy (the caller's sets), which a prescription may refer to. */
export interface ExistingSourceIds {
  patientIds?: { has(id: string): boolean };
  prescriberIds?: { has(id: string): boolean };
  drugIds?: { has(id: string): boolean };
}

export interface MigrationCounts {
  rows: number;
  valid: number;
}

export interface MigrationValidation {
  isValid: boolean;
  /** At most MIGRATION_ERRORS_MAX, in the order found (rows first, then references). */
  errors: MigrationError[];
  /** Every error found, listed or not. */
  errorCount: number;
  counts: Record<MigrationArray, MigrationCounts>;
  /** The valid rows, normalised (all rows when isValid). */
  normalised: MigrationData;
}

function emptyCounts(): Record<MigrationArray, MigrationCounts> {
  return {
    prescribers: { rows: 0, valid: 0 },
    medications: { rows: 0, valid: 0 },
    patients: { rows: 0, valid: 0 },
    prescriptions: { rows: 0, valid: 0 },
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The row's id as written, when it is readable text or a number. */
function readableId(row: unknown, field: string): string | null {
  if (!isPlainObject(row)) return null;
  const value = row[field];
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const id = value.trim();
  return id === '' || id.length > 64 ? null : id;
}

/**
 * Rows go in one at a time, in any order of arrays (an NDJSON file interleaves them); `finish` checks the
 * references, which need every row. validateMigration is this over the four arrays.
 */
export class MigrationValidator {
  readonly #errors: MigrationError[] = [];
  #errorCount = 0;
  readonly #counts = emptyCounts();
  readonly #normalised: MigrationData = { patients: [], medications: [], prescribers: [], prescriptions: [] };
  /** Each array's source ids (of every row whose id is readable, valid or not) → first row index. */
  readonly #ids: Record<MigrationArray, Map<string, number>> = {
    patients: new Map(),
    medications: new Map(),
    prescribers: new Map(),
    prescriptions: new Map(),
  };
  readonly #npis = new Map<string, number>();
  readonly #ndcs = new Map<string, number>();
  readonly #rxNumbers = new Map<string, number>();
  /** The valid prescriptions' row indexes and lines, for the reference errors of finish(). */
  readonly #prescriptionRows: { index: number; line: number | undefined }[] = [];
  #finished = false;

  /** Records a problem; past the cap it is only counted. */
  addError(error: MigrationError): void {
    this.#errorCount += 1;
    if (this.#errors.length < MIGRATION_ERRORS_MAX) this.#errors.push(error);
  }

  /** The number of rows of `array` so far (the next row's index). */
  rowCount(array: MigrationArray): number {
    return this.#counts[array].rows;
  }

  /** Checks one row of `array`; `line` is its NDJSON line, if any. */
  addRow(array: MigrationArray, row: unknown, line?: number): void {
    if (this.#finished) throw new Error('MigrationValidator: addRow after finish');
    const counts = this.#counts[array];
    const index = counts.rows;
    counts.rows += 1;
    if (index === MIGRATION_ROWS_MAX) this.addError({ array, index: null, sourceId: null, field: '', message: MIGRATION_DATA_MESSAGES.tooManyRows(array), ...(line === undefined ? {} : { line }) });
    if (index >= MIGRATION_ROWS_MAX) return;
    const idField = MIGRATION_SOURCE_ID_FIELDS[array];
    const sourceId = readableId(row, idField);
    const at = (field: string, message: string): MigrationError => ({ array, index, sourceId, field, message, ...(line === undefined ? {} : { line }) });
    if (!isPlainObject(row)) {
      this.addError(at('', MIGRATION_DATA_MESSAGES.notARecord));
      return;
    }
    let valid = true;
    if (sourceId !== null) {
      const first = this.#ids[array].get(sourceId);
      if (first === undefined) this.#ids[array].set(sourceId, index);
      else {
        this.addError(at(idField, MIGRATION_DATA_MESSAGES.duplicateId(idField, sourceId, first + 1)));
        valid = false;
      }
    }
    const parsed = (MIGRATION_RECORD_SCHEMAS[array] as z.ZodType).safeParse(row);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) this.addError(at(issue.path.map(String).join('.'), issue.message));
      return;
    }
    if (array === 'prescribers') valid = this.#unique(this.#npis, (parsed.data as MigrationData['prescribers'][number]).npiNumber, index, 'npiNumber', MIGRATION_DATA_MESSAGES.duplicateNpi, at) && valid;
    if (array === 'medications') valid = this.#unique(this.#ndcs, (parsed.data as MigrationMedication).ndc, index, 'ndc', MIGRATION_DATA_MESSAGES.duplicateNdc, at) && valid;
    if (array === 'prescriptions') valid = this.#unique(this.#rxNumbers, (parsed.data as MigrationPrescription).rpNumber, index, 'rpNumber', MIGRATION_DATA_MESSAGES.duplicateRxNumber, at) && valid;
    if (!valid) return;
    counts.valid += 1;
    (this.#normalised[array] as unknown[]).push(parsed.data);
    if (array === 'prescriptions') this.#prescriptionRows.push({ index, line });
  }

  #unique(
    seen: Map<string, number>,
    key: string,
    index: number,
    field: string,
    message: (key: string, first: number) => string,
    at: (field: string, message: string) => MigrationError,
  ): boolean {
    const first = seen.get(key);
    if (first === undefined) {
      seen.set(key, index);
      return true;
    }
    this.addError(at(field, message(key, first + 1)));
    return false;
  }

  /**
   * The source ids the file's valid prescriptions name that the file does not hold, per entity: the database is
   * asked which of these an earlier file imported (finish's `existing`), so validation reads only what it needs.
   */
  outsideReferences(): Record<MigrationReferencedArray, string[]> {
    const wanted: Record<MigrationReferencedArray, Set<string>> = { patients: new Set(), prescribers: new Set(), medications: new Set() };
    for (const prescription of this.#normalised.prescriptions) {
      if (!this.#ids.patients.has(prescription.patientId)) wanted.patients.add(prescription.patientId);
      if (prescription.prescriberId !== null && !this.#ids.prescribers.has(prescription.prescriberId)) wanted.prescribers.add(prescription.prescriberId);
      if (!this.#ids.medications.has(prescription.drugId)) wanted.medications.add(prescription.drugId);
    }
    return { patients: [...wanted.patients], prescribers: [...wanted.prescribers], medications: [...wanted.medications] };
  }

  /** Checks the references and the refill limits of controlled drugs, and gives the result. Call once. */
  finish(existing: ExistingSourceIds = {}): MigrationValidation {
    if (this.#finished) throw new Error('MigrationValidator: finish called twice');
    this.#finished = true;
    const schedules = new Map<string, MigrationMedication['deaSchedule']>();
    for (const medication of this.#normalised.medications) schedules.set(medication.drugId, medication.deaSchedule);
    const known = (array: MigrationArray, set: { has(id: string): boolean } | undefined, id: string) => this.#ids[array].has(id) || (set?.has(id) ?? false);
    const kept: MigrationPrescription[] = [];
    const rows = this.#prescriptionRows;
    this.#normalised.prescriptions.forEach((prescription, position) => {
      const { index, line } = rows[position]!;
      const at = (field: string, message: string): MigrationError => ({ array: 'prescriptions', index, sourceId: prescription.prescriptionId, field, message, ...(line === undefined ? {} : { line }) });
      const before = this.#errorCount;
      if (!known('patients', existing.patientIds, prescription.patientId)) this.addError(at('patientId', MIGRATION_DATA_MESSAGES.unknownPatient(prescription.patientId)));
      if (prescription.prescriberId !== null && !known('prescribers', existing.prescriberIds, prescription.prescriberId)) {
        this.addError(at('prescriberId', MIGRATION_DATA_MESSAGES.unknownPrescriber(prescription.prescriberId)));
      }
      if (!known('medications', existing.drugIds, prescription.drugId)) this.addError(at('drugId', MIGRATION_DATA_MESSAGES.unknownDrug(prescription.drugId)));
      // 21 CFR 1306.12 and 1306.22, as the prescription form and the database hold them. A drug already imported
      // is checked by the importer, which knows its schedule.
      const schedule = schedules.get(prescription.drugId);
      if (schedule === 'II' && prescription.originalRefills > 0) this.addError(at('originalRefills', MIGRATION_DATA_MESSAGES.scheduleIIRefills));
      else if (schedule && schedule !== 'II' && prescription.originalRefills > CONTROLLED_MAX_REFILLS) this.addError(at('originalRefills', MIGRATION_DATA_MESSAGES.controlledRefills));
      if (this.#errorCount === before) kept.push(prescription);
    });
    this.#counts.prescriptions.valid = kept.length;
    this.#normalised.prescriptions = kept;
    return {
      isValid: this.#errorCount === 0,
      errors: this.#errors,
      errorCount: this.#errorCount,
      counts: this.#counts,
      normalised: this.#normalised,
    };
  }
}

/**
 * Validates the import data (the parsed JSON: an object with any of the four arrays). Not an object, or an object
 * with none of the arrays, is 'Migration data is required'; an array field that is not a list is an error of the
 * file. `existing` holds the source ids already imported, which prescriptions may refer to.
 */
export function validateMigration(data: unknown, existing: ExistingSourceIds = {}): MigrationValidation {
  return migrationValidatorOf(data).finish(existing);
}

/** A validator holding every row of the import data (validateMigration before finish: the caller looks up outsideReferences first). */
export function migrationValidatorOf(data: unknown): MigrationValidator {
  const validator = new MigrationValidator();
  const fileError = (array: MigrationArray | null, message: string) => validator.addError({ array, index: null, sourceId: null, field: array ?? '', message });
  if (!isPlainObject(data) || MIGRATION_ARRAYS.every((array) => data[array] === undefined || data[array] === null)) {
    fileError(null, MIGRATION_DATA_MESSAGES.required);
    return validator;
  }
  for (const array of MIGRATION_ARRAYS) {
    const rows = data[array];
    if (rows === undefined || rows === null) continue;
    if (!Array.isArray(rows)) {
      fileError(array, MIGRATION_DATA_MESSAGES.notAList(array));
      continue;
    }
    for (const row of rows) validator.addRow(array, row);
  }
  return validator;
}

/** Source ids asked of the database per call. */
export const KNOWN_SOURCE_IDS_PER_CALL = 50_000;

/**
 * The source ids of `references` the pharmacy imported before, asked of the database (public.migration_known_source_ids,
 * through RLS) in calls of at most KNOWN_SOURCE_IDS_PER_CALL. Always at least one call: the database's answer to who
 * may migrate (it refuses others), so a file with no outside references is still refused to a technician.
 */
export async function lookUpExistingSourceIds(
  references: Record<MigrationReferencedArray, string[]>,
  known: (entity: MigrationReferencedArray, sourceIds: string[]) => Promise<string[]>,
): Promise<ExistingSourceIds> {
  const sets: Record<MigrationReferencedArray, Set<string>> = { patients: new Set(), prescribers: new Set(), medications: new Set() };
  let calls = 0;
  for (const entity of MIGRATION_REFERENCED_ARRAYS) {
    const ids = references[entity];
    for (let start = 0; start < ids.length; start += KNOWN_SOURCE_IDS_PER_CALL) {
      calls += 1;
      for (const id of await known(entity, ids.slice(start, start + KNOWN_SOURCE_IDS_PER_CALL))) sets[entity].add(id);
    }
  }
  if (calls === 0) await known('patients', []);
  return { patientIds: sets.patients, prescriberIds: sets.prescribers, drugIds: sets.medications };
}

export type MigrationJsonParse = { ok: true; data: unknown } | { ok: false; title: string; message: string };

/**
 * The JSON textarea's text (spec §5): blank is 'Migration data is required'; text that is not JSON gives the
 * toast 'Invalid JSON' / 'Please check your data format', and nothing is sent.
 */
export function parseMigrationJson(text: string): MigrationJsonParse {
  if (text.trim() === '') return { ok: false, title: MIGRATION_DATA_MESSAGES.required, message: MIGRATION_DATA_MESSAGES.required };
  try {
    return { ok: true, data: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, title: MIGRATION_DATA_MESSAGES.invalidJsonTitle, message: MIGRATION_DATA_MESSAGES.invalidJson };
  }
}

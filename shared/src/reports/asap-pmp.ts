/**
 * The PMP report (issue 26): a pharmacy's controlled fills of a date range as an ASAP 4.2 file, the format state
 * prescription monitoring programs take. Pure: the database answers the fills (public.pmp_fills, migration
 * 20261130001000_pmp_reporting, parsed by pmpFillsAnswerSchema), this writes the text, the caller records the
 * submission (public.record_pmp_submission with the fill ids, the file's SHA-256 and its segment count).
 *
 * Layout (ASAP 4.2 hierarchy): TH, IS, PHA, then per patient one PAT followed by each of its fills as DSP, PRE, [CDI…],
 * [AIR], then TP (segments from PHA through TP) and TT (control number, segments from TH through TT). No fills gives
 * the zero report: PAT "Report, Zero", a DSP carrying only the date, empty PRE, CDI and AIR (TP 7, TT 10), the
 * range in IS03 as #CCYYMMDD#-#CCYYMMDD#. Elements are separated by `*`, segments end with `~` (TH09 names it),
 * sub-elements would use `:`; unused trailing elements are left off (the guides allow it).
 *
 * What this relied on (checked by element position, not copied): the ASAP Implementation Guide for PMPs v4.1 (2009,
 * the segment model 4.2 keeps) and state dispenser guides for 4.2 — Alaska PDMP Data Submission Dispenser Guide v1.4
 * (2017), Colorado PDMP Dispenser's Implementation Guide (2016), Connecticut CONNIE ASAP 4.2 specification — and
 * public zero-report writers showing TH*4.2*ctl*01**date*time*P**~~, PHA**ncpdp*dea, PAT with 23 elements (07 last,
 * 08 first, 20 species 01), DSP*00****date, TP*7 and TT*ctl*10. Codes used: DSP01 00 new / 01 revise / 02 void;
 * DSP07 01 NDC (06 compound, product 99999999999, ingredients in CDI01-05); DSP11 01 each / 02 mL / 03 g; DSP12 01
 * written / 02 telephone / 04 fax / 05 electronic; DSP13 00 not a partial fill; DSP16 01 private pay / 02 Medicaid /
 * 03 Medicare / 04 commercial / 05 military / 06 workers' compensation / 99 other; PAT02 99 other id (the pharmacy's
 * patient number); PAT19 F / M / U.
 *
 * Every value is made safe for the file: transliterated to printable ASCII (toD0Text: Muñoz → Munoz), the three
 * separators removed, spaces collapsed, cut to the element's length; dates CCYYMMDD, times HHMMSS in the pharmacy's
 * zone, identifiers kept to their characters (digits of an NPI, an NDC, a phone; letters and digits of a DEA). A fill
 * the file cannot carry (no NDC, no quantity, a prescriber without DEA number or NPI) stops the file with
 * AsapFileError naming each (asapFillProblems): a PMP would reject the record, and leaving it out would hide it.
 */
import * as z from 'zod';
import { toD0Text } from '../billing/ncpdp/d0-transliterate.ts';

export const ASAP_VERSION = '4.2';
export const ASAP_ELEMENT_SEPARATOR = '*';
export const ASAP_SEGMENT_TERMINATOR = '~';
export const ASAP_SUB_ELEMENT_SEPARATOR = ':';

export const PMP_REPORTING_STATUSES = ['new', 'revise', 'void'] as const;
export type PmpReportingStatus = (typeof PMP_REPORTING_STATUSES)[number];
const REPORTING_STATUS_CODE: Readonly<Record<PmpReportingStatus, string>> = { new: '00', revise: '01', void: '02' };

export const PMP_DOSAGE_UNITS = ['EA', 'ML', 'GM'] as const;
const DOSAGE_UNIT_CODE: Readonly<Record<(typeof PMP_DOSAGE_UNITS)[number], string>> = { EA: '01', ML: '02', GM: '03' };

/** prescriptions.prescription_type → DSP12 (transmission form of Rx origin). */
export const PMP_ORIGINS = ['written', 'verbal', 'fax', 'electronic'] as const;
const ORIGIN_CODE: Readonly<Record<(typeof PMP_ORIGINS)[number], string>> = { written: '01', verbal: '02', fax: '04', electronic: '05' };

/** How the fill was paid → DSP16 (classification code for payment type). */
export const PMP_PAYMENT_TYPES = ['cash', 'medicaid', 'medicare', 'commercial', 'military', 'workers_compensation', 'other'] as const;
const PAYMENT_CODE: Readonly<Record<(typeof PMP_PAYMENT_TYPES)[number], string>> = {
  cash: '01', medicaid: '02', medicare: '03', commercial: '04', military: '05', workers_compensation: '06', other: '99',
};

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const text = z.string().max(1000);
const optionalText = text.nullable().optional();

export const pmpPharmacySchema = z.object({
  name: text,
  npi: optionalText,
  ncpdpId: optionalText,
  deaNumber: optionalText,
  address: optionalText,
  city: optionalText,
  state: optionalText,
  zipCode: optionalText,
  phone: optionalText,
});
export type PmpPharmacy = z.infer<typeof pmpPharmacySchema>;

export const pmpPatientSchema = z.object({
  id: z.string().min(1).max(100),
  firstName: text,
  lastName: text,
  dateOfBirth: isoDay.nullable().optional(),
  gender: z.enum(['F', 'M', 'U']).nullable().optional(),
  address: optionalText,
  city: optionalText,
  state: optionalText,
  zipCode: optionalText,
  phone: optionalText,
});
export type PmpPatient = z.infer<typeof pmpPatientSchema>;

export const pmpPrescriberSchema = z.object({
  npi: optionalText,
  deaNumber: optionalText,
  stateLicense: optionalText,
  firstName: optionalText,
  lastName: optionalText,
  phone: optionalText,
});
export type PmpPrescriber = z.infer<typeof pmpPrescriberSchema>;

/** A compound's ingredient (CDI): its NDC, quantity and unit. */
export const pmpCompoundIngredientSchema = z.object({ ndc11: z.string().regex(/^\d{11}$/), quantity: z.number().positive(), dosageUnit: z.enum(PMP_DOSAGE_UNITS) });
/** AIR: the state's prescription serial number and the id of whoever picked the fill up, when a state asks. */
export const pmpAdditionalSchema = z.object({
  serialState: optionalText, serialNumber: optionalText, pickupIdQualifier: optionalText, pickupId: optionalText,
  pickupRelationship: optionalText, pickupLastName: optionalText, pickupFirstName: optionalText,
});

export const pmpFillSchema = z.object({
  fillId: z.uuid(),
  reportingStatus: z.enum(PMP_REPORTING_STATUSES),
  alreadyReported: z.boolean(),
  rxNumber: z.union([z.string(), z.number()]).transform(String),
  dateWritten: isoDay.nullable().optional(),
  refillsAuthorized: z.number().int().min(0).max(99),
  dateFilled: isoDay,
  fillNumber: z.number().int().min(0).max(99),
  /** Null when the product has no NDC on file: asapFillProblems names it, the file cannot be written. */
  ndc11: z.string().regex(/^\d{11}$/).nullable(),
  deaSchedule: z.enum(['II', 'III', 'IV', 'V']),
  drugName: optionalText,
  quantity: z.number().positive().nullable(),
  daysSupply: z.number().int().positive().nullable().optional(),
  dosageUnit: z.enum(PMP_DOSAGE_UNITS),
  origin: z.enum(PMP_ORIGINS),
  paymentType: z.enum(PMP_PAYMENT_TYPES),
  dateSold: isoDay.nullable().optional(),
  patient: pmpPatientSchema,
  prescriber: pmpPrescriberSchema,
  compoundIngredients: z.array(pmpCompoundIngredientSchema).max(25).optional(),
  additional: pmpAdditionalSchema.optional(),
});
export type PmpFill = z.input<typeof pmpFillSchema>;

/** public.pmp_fills(from_date, to_date): the pharmacy, its time zone, the range and its controlled fills. */
export const pmpFillsAnswerSchema = z.object({
  from: isoDay,
  to: isoDay,
  timeZone: z.string().min(1).max(100),
  pharmacy: pmpPharmacySchema,
  fills: z.array(pmpFillSchema),
});
export type PmpFillsAnswer = z.infer<typeof pmpFillsAnswerSchema>;

export interface AsapFileInput {
  pharmacy: PmpPharmacy;
  fills: readonly PmpFill[];
  /** The report's first and last day (CCYY-MM-DD): the zero report states them. */
  from: string;
  to: string;
  /** TH02 and TT01: unique per file, letters and digits. */
  controlNumber: string;
  createdAt: Date;
  /** The pharmacy's IANA time zone: TH05/TH06 are its local date and time. */
  timeZone: string;
  /** TH07: P production, T test. */
  fileType?: 'P' | 'T';
}

export interface AsapFile {
  text: string;
  /** TT02: every segment, TH through TT. */
  segmentCount: number;
  /** TP01: the pharmacy's segments, PHA through TP. */
  detailSegmentCount: number;
  patientCount: number;
  /** The fills in the file, in its order (none for a zero report): what record_pmp_submission records. */
  fillIds: string[];
}

/** Why a fill cannot be reported as it stands (a sentence each, naming its Rx and fill); none when it can. */
export function asapFillProblems(fills: readonly PmpFill[]): string[] {
  const problems: string[] = [];
  for (const fill of fills) {
    const which = `Rx ${String(fill.rxNumber)} fill ${fill.fillNumber}`;
    if (!fill.ndc11 && !(fill.compoundIngredients ?? []).length) problems.push(`${which}: its medication has no NDC`);
    if (fill.quantity === null || !(fill.quantity > 0)) problems.push(`${which}: no quantity dispensed`);
    if (!fill.prescriber.deaNumber && !fill.prescriber.npi) problems.push(`${which}: the prescriber has neither a DEA number nor an NPI`);
  }
  return problems;
}

/** The fills cannot make a valid file: the problems say what to fix first. */
export class AsapFileError extends Error {
  constructor(readonly problems: string[]) {
    super(`The PMP file cannot be written: ${problems.join('; ')}`);
    this.name = 'AsapFileError';
  }
}

/** `value` as an element: printable ASCII, no separator, spaces collapsed, at most `max` characters. */
export function asapText(value: string | number | null | undefined, max: number): string {
  if (value === null || value === undefined) return '';
  // Transliterate first: a full-width ＊ decomposes to *, which must then go.
  const ascii = toD0Text(String(value)).replace(/[*~:]/g, ' ');
  return toD0Text(ascii, max);
}

/** Only the characters of `pattern` (e.g. digits of an NPI or a phone), at most `max`. */
function keep(value: string | null | undefined, pattern: RegExp, max: number): string {
  return (value ?? '').replace(pattern, '').slice(0, max);
}
const digits = (value: string | null | undefined, max: number) => keep(value, /\D/g, max);
const alnum = (value: string | null | undefined, max: number) => keep(value?.toUpperCase(), /[^A-Z0-9]/g, max);

/** CCYY-MM-DD → CCYYMMDD ('' for none). */
export function asapDate(day: string | null | undefined): string {
  if (!day) return '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`Not a date: ${day}`);
  return day.replaceAll('-', '');
}

/** A moment as the pharmacy's local CCYYMMDD and HHMMSS. */
export function asapDateTime(at: Date, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  }).formatToParts(at).map((part) => [part.type, part.value]));
  return { date: `${parts.year}${parts.month}${parts.day}`, time: `${parts.hour}${parts.minute}${parts.second}` };
}

/** A quantity as a decimal without trailing zeros (30, 7.5, 0.125). */
export function asapQuantity(quantity: number): string {
  if (!Number.isFinite(quantity) || quantity <= 0) throw new Error(`Not a quantity: ${quantity}`);
  return String(Number(quantity.toFixed(3))).slice(0, 11);
}

/** One segment: its id and elements, trailing empty elements left off, then the terminator. */
function segment(id: string, elements: readonly string[]): string {
  let last = elements.length;
  while (last > 0 && elements[last - 1] === '') last -= 1;
  return [id, ...elements.slice(0, last)].join(ASAP_ELEMENT_SEPARATOR) + ASAP_SEGMENT_TERMINATOR;
}

function patSegment(patient: PmpPatient | null): string {
  if (!patient) return segment('PAT', ['', '', '', '', '', '', 'Report', 'Zero', '', '', '', '', '', '', '', '', '', '', '', '01']);
  return segment('PAT', [
    '', '99', alnum(patient.id, 20), '', '', '',
    asapText(patient.lastName, 50), asapText(patient.firstName, 50), '', '', '',
    asapText(patient.address, 55), '', asapText(patient.city, 30), alnum(patient.state, 2), digits(patient.zipCode, 9), digits(patient.phone, 10),
    asapDate(patient.dateOfBirth), patient.gender ?? 'U', '01',
  ]);
}

function dspSegment(fill: PmpFill): string {
  // A compound is reported as product 06 / 99999999999, its ingredients in CDI segments.
  const compound = (fill.compoundIngredients ?? []).length > 0;
  return segment('DSP', [
    REPORTING_STATUS_CODE[fill.reportingStatus], asapText(fill.rxNumber, 25), asapDate(fill.dateWritten), String(fill.refillsAuthorized),
    asapDate(fill.dateFilled), String(fill.fillNumber), compound ? '06' : '01', compound ? '99999999999' : digits(fill.ndc11, 11), asapQuantity(fill.quantity ?? 0),
    fill.daysSupply ? String(Math.min(fill.daysSupply, 999)) : '', DOSAGE_UNIT_CODE[fill.dosageUnit], ORIGIN_CODE[fill.origin], '00',
    '', '', PAYMENT_CODE[fill.paymentType], asapDate(fill.dateSold),
  ]);
}

function preSegment(prescriber: PmpPrescriber): string {
  return segment('PRE', [
    digits(prescriber.npi, 10), alnum(prescriber.deaNumber, 9), '', asapText(prescriber.stateLicense, 20),
    asapText(prescriber.lastName, 50), asapText(prescriber.firstName, 50), '', digits(prescriber.phone, 10),
  ]);
}

/**
 * The ASAP 4.2 file of the fills (all of one pharmacy). Patients come in the order their first fill does, each
 * patient's fills in the order given; the database answers them by patient, then day, Rx and fill number.
 */
export function writeAsap42(input: AsapFileInput): AsapFile {
  if (!/^[A-Za-z0-9]{1,20}$/.test(input.controlNumber)) throw new Error('The control number is 1 to 20 letters and digits');
  const problems = asapFillProblems(input.fills);
  if (problems.length > 0) throw new AsapFileError(problems);
  const created = asapDateTime(input.createdAt, input.timeZone);
  const segments: string[] = [];
  segments.push(segment('TH', [ASAP_VERSION, input.controlNumber, '01', '', created.date, created.time, input.fileType ?? 'P', '', ASAP_SEGMENT_TERMINATOR]));
  const pharmacy = input.pharmacy;
  const zero = input.fills.length === 0;
  segments.push(segment('IS', [
    digits(pharmacy.ncpdpId, 7) || alnum(pharmacy.deaNumber, 9), asapText(pharmacy.name, 60),
    zero ? `#${asapDate(input.from)}#-#${asapDate(input.to)}#` : '',
  ]));
  const firstDetail = segments.length;
  segments.push(segment('PHA', [
    digits(pharmacy.npi, 10), digits(pharmacy.ncpdpId, 7), alnum(pharmacy.deaNumber, 9), asapText(pharmacy.name, 60),
    asapText(pharmacy.address, 55), '', asapText(pharmacy.city, 30), alnum(pharmacy.state, 2), digits(pharmacy.zipCode, 9), digits(pharmacy.phone, 10),
  ]));

  const byPatient = new Map<string, PmpFill[]>();
  for (const fill of input.fills) {
    const list = byPatient.get(fill.patient.id);
    if (list) list.push(fill);
    else byPatient.set(fill.patient.id, [fill]);
  }
  if (zero) {
    segments.push(patSegment(null), segment('DSP', ['00', '', '', '', asapDate(input.to)]), 'PRE~', 'CDI~', 'AIR~');
  }
  for (const fills of byPatient.values()) {
    segments.push(patSegment(fills[0]!.patient));
    for (const fill of fills) {
      segments.push(dspSegment(fill), preSegment(fill.prescriber));
      (fill.compoundIngredients ?? []).forEach((ingredient, index) => {
        segments.push(segment('CDI', [String(index + 1), '01', ingredient.ndc11, asapQuantity(ingredient.quantity), DOSAGE_UNIT_CODE[ingredient.dosageUnit]]));
      });
      const air = fill.additional;
      if (air) {
        segments.push(segment('AIR', [
          alnum(air.serialState, 2), asapText(air.serialNumber, 20), '', asapText(air.pickupIdQualifier, 2), asapText(air.pickupId, 20),
          asapText(air.pickupRelationship, 2), asapText(air.pickupLastName, 50), asapText(air.pickupFirstName, 50),
        ]));
      }
    }
  }
  const detailSegmentCount = segments.length - firstDetail + 1;
  segments.push(segment('TP', [String(detailSegmentCount)]));
  const segmentCount = segments.length + 1;
  segments.push(segment('TT', [input.controlNumber, String(segmentCount)]));
  return {
    // No line breaks: some programs read a CR or LF after the terminator as the next segment's first character.
    text: segments.join(''),
    segmentCount,
    detailSegmentCount,
    patientCount: byPatient.size,
    fillIds: input.fills.map((fill) => fill.fillId),
  };
}

/** A control number for a new file (TH02/TT01): the UTC moment to the second and 6 random letters or digits, 20 in all. */
export function newAsapControlNumber(at: Date = new Date()): string {
  const stamp = at.toISOString().replace(/\D/g, '').slice(0, 14);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return stamp + [...crypto.getRandomValues(new Uint8Array(6))].map((byte) => alphabet[byte % alphabet.length]).join('');
}

/** The file's SHA-256 as lowercase hex (what record_pmp_submission keeps). */
export async function asapFileSha256(fileText: string): Promise<string> {
  const hash = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(fileText));
  return [...new Uint8Array(hash)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The download's name: pmp-<NCPDP>-2026-11-01-to-2026-11-30.txt. */
export function asapFileName(pharmacy: Pick<PmpPharmacy, 'ncpdpId'>, from: string, to: string): string {
  return `pmp-${digits(pharmacy.ncpdpId, 7) || 'pharmacy'}-${from}-to-${to}.txt`;
}

export interface AsapSegment { id: string; elements: string[] }

/**
 * A small reader: the file's segments, each with its elements (elements[0] is the segment's 01). The terminator is
 * TH09; line breaks between segments are ignored. For tests and for checking a file before it is uploaded.
 */
export function readAsap(fileText: string): AsapSegment[] {
  const terminator = /^TH\*(?:[^*~]*\*){8}(.)/.exec(fileText)?.[1] ?? ASAP_SEGMENT_TERMINATOR;
  // TH09 holds the terminator itself: take TH whole first, then split the rest.
  const thEnd = fileText.startsWith('TH*') ? fileText.indexOf(terminator + terminator) + 1 : -1;
  const head = thEnd > 0 ? [fileText.slice(0, thEnd)] : [];
  const rest = thEnd > 0 ? fileText.slice(thEnd + 1) : fileText;
  return [...head, ...rest.split(terminator)]
    .map((raw) => raw.replace(/^[\r\n]+|[\r\n]+$/g, ''))
    .filter((raw) => raw !== '')
    .map((raw) => {
      const [id, ...elements] = raw.split(ASAP_ELEMENT_SEPARATOR);
      return { id: id!, elements };
    });
}

/**
 * GTIN-14 and the US drug NDC inside it: the check digit (GS1 mod 10) and the mapping between a drug package's
 * GTIN and its NDC, for receiving scans (shared/src/inventory/gs1.ts) and for building test scans and ship notices.
 *
 * A US drug's GTIN-14 is: packaging indicator digit (0 the unit of sale, 1–8 a pack or case level) + the GS1 US
 * company prefix "03" (the UPC number system 3 reserved for NDCs) + the 10-digit NDC without hyphens + the check
 * digit. The 10 digits do not say where the 11-digit form's zero goes, so reading a GTIN gives all three candidate
 * 11-digit NDCs (4-4-2, 5-3-2, 5-4-1) and the caller matches one against the catalog or the ship notice.
 */
import { NDC_LABELER_FORMATS, type Ndc, type NdcLabelerFormat, formatNdc } from '../drugs/ndc.ts';

/** The GS1 company prefix of a US drug GTIN-14, after the indicator digit. */
export const US_DRUG_GTIN_PREFIX = '03';

export const GTIN_MESSAGES = {
  digits: 'The barcode\'s GTIN (01) must be 14 digits: scan again or type it',
  checkDigit: 'The barcode\'s GTIN check digit is wrong: scan again or type it',
  notUsDrug: (gtin: string) => `GTIN ${gtin} is not a US drug NDC: its company prefix is not 03`,
} as const;

/**
 * The GS1 check digit of the digits before it (any GTIN length): weights 3 and 1 alternate from the rightmost
 * digit, which weighs 3; the check digit brings the sum up to a multiple of 10.
 */
export function gs1CheckDigit(digitsBeforeCheck: string): number {
  if (!/^\d+$/.test(digitsBeforeCheck)) throw new Error(`gs1CheckDigit needs digits, got ${digitsBeforeCheck}`);
  let sum = 0;
  for (let i = 0; i < digitsBeforeCheck.length; i++) {
    const fromRight = digitsBeforeCheck.length - 1 - i;
    sum += Number(digitsBeforeCheck[i]) * (fromRight % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether the text is 14 digits whose last is the right check digit. */
export function isValidGtin14(gtin: string): boolean {
  return /^\d{14}$/.test(gtin) && gs1CheckDigit(gtin.slice(0, 13)) === Number(gtin[13]);
}

/** Where each labeler format's added zero sits in the 11 digits (labeler 5, product 4, package 2). */
const ZERO_INDEX: Record<NdcLabelerFormat, number> = { '4-4-2': 0, '5-3-2': 5, '5-4-1': 9 };

/** The three 11-digit NDCs a 10-digit NDC can be, in the order 4-4-2, 5-3-2, 5-4-1. */
export function ndc11CandidatesOf(ndc10: string): Ndc[] {
  if (!/^\d{10}$/.test(ndc10)) throw new Error(`ndc11CandidatesOf needs 10 digits, got ${ndc10}`);
  return NDC_LABELER_FORMATS.map((format) => {
    const ndc11 = ndc10.slice(0, ZERO_INDEX[format]) + '0' + ndc10.slice(ZERO_INDEX[format]);
    return { ndc11, format, display: formatNdc(ndc11, format) };
  });
}

export interface UsDrugGtin {
  gtin: string;
  /** 0 the unit of sale; 1–8 a pack or case level of the same NDC. */
  packagingIndicator: number;
  /** The NDC's 10 digits, as in the GTIN. */
  ndc10: string;
  ndc11Candidates: Ndc[];
}

export type UsDrugGtinRead = { ok: true; value: UsDrugGtin } | { ok: false; error: string };

/** Reads a GTIN-14 as a US drug package: check digit first, then the 03 prefix. */
export function readUsDrugGtin(gtin: string): UsDrugGtinRead {
  if (!/^\d{14}$/.test(gtin)) return { ok: false, error: GTIN_MESSAGES.digits };
  if (!isValidGtin14(gtin)) return { ok: false, error: GTIN_MESSAGES.checkDigit };
  if (gtin.slice(1, 3) !== US_DRUG_GTIN_PREFIX) return { ok: false, error: GTIN_MESSAGES.notUsDrug(gtin) };
  const ndc10 = gtin.slice(3, 13);
  return { ok: true, value: { gtin, packagingIndicator: Number(gtin[0]), ndc10, ndc11Candidates: ndc11CandidatesOf(ndc10) } };
}

/**
 * The labeler formats an 11-digit NDC can have been written in: those whose short segment carries the leading
 * zero (e.g. 00071-0155-23 only 4-4-2; 12345-0678-00 5-3-2 and 5-4-1).
 */
export function labelerFormatsFitting(ndc11: string): NdcLabelerFormat[] {
  if (!/^\d{11}$/.test(ndc11)) throw new Error(`labelerFormatsFitting needs 11 digits, got ${ndc11}`);
  return NDC_LABELER_FORMATS.filter((format) => ndc11[ZERO_INDEX[format]] === '0');
}

/**
 * The GTIN-14 of a US drug package: the NDC's 11 digits in its labeler format (the zero that format adds is
 * dropped), after the packaging indicator and 03, with its check digit. Programmer input (test scans, the test
 * wholesaler): a code that cannot be in that format, or an indicator outside 0–8, throws.
 */
export function gtinForNdc(ndc11: string, format: NdcLabelerFormat, indicator = 0): string {
  if (!labelerFormatsFitting(ndc11).includes(format)) throw new Error(`NDC ${ndc11} cannot be written as ${format}: no zero where that format adds one`);
  if (!Number.isInteger(indicator) || indicator < 0 || indicator > 8) throw new Error(`a drug GTIN's packaging indicator is 0–8, got ${indicator}`);
  const ndc10 = ndc11.slice(0, ZERO_INDEX[format]) + ndc11.slice(ZERO_INDEX[format] + 1);
  const first13 = `${indicator}${US_DRUG_GTIN_PREFIX}${ndc10}`;
  return first13 + gs1CheckDigit(first13);
}

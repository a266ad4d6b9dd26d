/**
 * National Drug Codes (issue 13): the one parser and normaliser of NDCs for the catalog, the external search and
 * sync. An NDC is labeler-product-package. The FDA assigns 10-digit codes in three labeler formats — 4-4-2, 5-3-2
 * and 5-4-1 — and billing uses the 11-digit 5-4-2 form, made by a leading zero on the short segment (4-4-2 →
 * 0LLLL-PPPP-KK, 5-3-2 → LLLLL-0PPP-KK, 5-4-1 → LLLLL-PPPP-0K). The catalog stores the 11 digits and shows the
 * code in its labeler format when that is known.
 *
 * Accepted input: the three 10-digit formats with hyphens, 11 digits with or without hyphens (5-4-2), and
 * surrounding spaces. A 10-digit code without hyphens is refused: where its zero belongs cannot be told.
 */
import * as z from 'zod';

/** The FDA's labeler formats (10 digits) and the 11-digit billing form. */
export const NDC_LABELER_FORMATS = ['4-4-2', '5-3-2', '5-4-1'] as const;
export type NdcLabelerFormat = (typeof NDC_LABELER_FORMATS)[number];
export type NdcFormat = NdcLabelerFormat | '5-4-2';

const SEGMENT_LENGTHS: Record<NdcFormat, readonly [number, number, number]> = {
  '4-4-2': [4, 4, 2],
  '5-3-2': [5, 3, 2],
  '5-4-1': [5, 4, 1],
  '5-4-2': [5, 4, 2],
};

export interface Ndc {
  /** The 11 digits (5-4-2 without hyphens), as stored. */
  ndc11: string;
  /** The format the code was written in: a labeler format, or '5-4-2' when it came as 11 digits. */
  format: NdcFormat;
  /** The code in its labeler format when known, else 5-4-2, with hyphens. */
  display: string;
}

export const NDC_MESSAGES = {
  empty: 'Enter an NDC',
  characters: (input: string) => `NDC ${input} may contain only digits and hyphens`,
  segments: (input: string) => `NDC ${input} must have three parts separated by hyphens (labeler-product-package)`,
  segmentLengths: (input: string) => `NDC ${input} is not in an NDC format: 4-4-2, 5-3-2, 5-4-1 or 5-4-2 digits`,
  ambiguousTenDigits: (input: string) =>
    `NDC ${input} has 10 digits without hyphens: write it with hyphens (4-4-2, 5-3-2 or 5-4-1) or as 11 digits`,
  digitCount: (input: string, digits: number) => `NDC ${input} has ${digits} digits; an NDC has 10 or 11`,
  productSegments: (input: string) => `Product NDC ${input} must be labeler-product (4-4, 5-3 or 5-4 digits)`,
} as const;

export type NdcParse = { ok: true; ndc: Ndc } | { ok: false; error: string };

/** The 11 digits of three segments in the given format (the zero placed on the short segment). */
function toNdc11(segments: readonly [string, string, string]): string {
  const [labeler, product, pack] = segments;
  return labeler.padStart(5, '0') + product.padStart(4, '0') + pack.padStart(2, '0');
}

/** The 11 digits split as 5-4-2. */
function split11(ndc11: string): [string, string, string] {
  return [ndc11.slice(0, 5), ndc11.slice(5, 9), ndc11.slice(9, 11)];
}

/**
 * The code in the given format with hyphens. For a labeler format the 11 digits must carry the zero where that
 * format puts it; if not (a code that cannot have been written in that format), the 5-4-2 form is given.
 */
export function formatNdc(ndc11: string, format: NdcFormat = '5-4-2'): string {
  if (!/^\d{11}$/.test(ndc11)) throw new Error(`formatNdc needs 11 digits, got ${ndc11}`);
  const [labeler, product, pack] = split11(ndc11);
  const fits: Record<NdcFormat, boolean> = {
    '4-4-2': labeler.startsWith('0'),
    '5-3-2': product.startsWith('0'),
    '5-4-1': pack.startsWith('0'),
    '5-4-2': true,
  };
  if (!fits[format]) return `${labeler}-${product}-${pack}`;
  const [l, p, k] = SEGMENT_LENGTHS[format];
  return `${labeler.slice(5 - l)}-${product.slice(4 - p)}-${pack.slice(2 - k)}`;
}

function formatOfLengths(lengths: readonly number[]): NdcFormat | null {
  for (const [format, expected] of Object.entries(SEGMENT_LENGTHS) as [NdcFormat, readonly number[]][]) {
    if (expected.every((length, index) => lengths[index] === length) && lengths.length === 3) return format;
  }
  return null;
}

/** Parses one NDC in any accepted format; a malformed one gives its reason. */
export function parseNdc(input: string): NdcParse {
  const text = input.trim();
  if (text === '') return { ok: false, error: NDC_MESSAGES.empty };
  if (!/^[\d-]+$/.test(text)) return { ok: false, error: NDC_MESSAGES.characters(text) };
  if (text.includes('-')) {
    const segments = text.split('-');
    if (segments.length !== 3 || segments.some((segment) => segment === '')) return { ok: false, error: NDC_MESSAGES.segments(text) };
    const format = formatOfLengths(segments.map((segment) => segment.length));
    if (!format) return { ok: false, error: NDC_MESSAGES.segmentLengths(text) };
    const ndc11 = toNdc11(segments as [string, string, string]);
    return { ok: true, ndc: { ndc11, format, display: formatNdc(ndc11, format) } };
  }
  if (text.length === 11) return { ok: true, ndc: { ndc11: text, format: '5-4-2', display: formatNdc(text) } };
  if (text.length === 10) return { ok: false, error: NDC_MESSAGES.ambiguousTenDigits(text) };
  return { ok: false, error: NDC_MESSAGES.digitCount(text, text.length) };
}

/** The labeler format of a package NDC as a provider writes it (e.g. openFDA's "0002-3227-30"), or null. */
export function labelerFormatOf(hyphenated: string): NdcLabelerFormat | null {
  const format = formatOfLengths(hyphenated.trim().split('-').map((segment) => segment.length));
  return format === '5-4-2' ? null : format;
}

/** A product NDC (labeler-product, no package): 4-4, 5-3 or 5-4 digits with a hyphen. */
export interface ProductNdc {
  /** Labeler and product as in the 11-digit form: 5 + 4 digits. */
  ndc9: string;
  /** As written, e.g. "0002-3227". */
  display: string;
}

export type ProductNdcParse = { ok: true; product: ProductNdc } | { ok: false; error: string };

export function parseProductNdc(input: string): ProductNdcParse {
  const text = input.trim();
  const match = /^(\d{4,5})-(\d{3,4})$/.exec(text);
  // 4-4, 5-3 or 5-4: a 4-digit labeler has a 4-digit product.
  if (!match || (match[1]!.length === 4 && match[2]!.length !== 4)) return { ok: false, error: NDC_MESSAGES.productSegments(text) };
  return { ok: true, product: { ndc9: match[1]!.padStart(5, '0') + match[2]!.padStart(4, '0'), display: text } };
}

/** What a list of NDCs as typed amounts to: the distinct valid codes (by their 11 digits) and each malformed one's reason. */
export interface NdcListParse {
  valid: Ndc[];
  invalid: { input: string; error: string }[];
}

export function parseNdcList(inputs: readonly string[]): NdcListParse {
  const valid: Ndc[] = [];
  const invalid: { input: string; error: string }[] = [];
  const seen = new Set<string>();
  for (const input of inputs) {
    const parsed = parseNdc(input);
    if (!parsed.ok) invalid.push({ input: input.trim(), error: parsed.error });
    else if (!seen.has(parsed.ndc.ndc11)) {
      seen.add(parsed.ndc.ndc11);
      valid.push(parsed.ndc);
    }
  }
  return { valid, invalid };
}

/** The Database Sync input (spec §2: comma-separated NDC numbers): the non-empty entries, trimmed. */
export function splitNdcInput(text: string): string[] {
  return text
    .split(/[,\n\r]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** Most NDCs one sync or pricing request takes (a Bulk Import file is sent in batches of this size). */
export const NDC_LIST_MAX = 500;

export const NDC_LIST_MESSAGES = {
  /** Spec §5: drug sync needs at least one non-empty comma-separated NDC after trimming. */
  required: 'Enter at least one NDC number',
  tooMany: `Send at most ${NDC_LIST_MAX} NDC numbers at a time`,
  entry: 'Each NDC number must be text of at most 20 characters',
} as const;

/**
 * The body of POST /api/drugs/sync-external and /api/drugs/pricing-update: `{ ndcNumbers }`, at least one
 * non-empty entry (entries are trimmed; empty ones dropped). Entries are not judged here: sync reports each
 * malformed NDC as failed with its reason (parseNdcList) rather than refusing the whole request.
 */
export const ndcNumbersSchema = z.object({
  ndcNumbers: z
    .array(z.string({ error: NDC_LIST_MESSAGES.entry }).max(20, { error: NDC_LIST_MESSAGES.entry }), { error: NDC_LIST_MESSAGES.required })
    .transform((entries) => entries.map((entry) => entry.trim()).filter((entry) => entry !== ''))
    .pipe(z.array(z.string()).min(1, { error: NDC_LIST_MESSAGES.required }).max(NDC_LIST_MAX, { error: NDC_LIST_MESSAGES.tooMany })),
});

export type NdcNumbersBody = z.infer<typeof ndcNumbersSchema>;

/** One NDC field (forms, the catalog): any accepted format, parsed to its 11 digits, format and display. */
export const ndcSchema = z.string({ error: NDC_MESSAGES.empty }).transform((input, context): Ndc => {
  const parsed = parseNdc(input);
  if (parsed.ok) return parsed.ndc;
  context.addIssue({ code: 'custom', message: parsed.error });
  return z.NEVER;
});

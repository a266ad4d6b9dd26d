/**
 * The prescription label (POST /api/labels/generate): a complete HTML page with the elements federal law
 * requires on a dispensed prescription — pharmacy name, address and phone; Rx number; date filled; patient;
 * prescriber; drug name and strength; quantity; directions; refills remaining (and "Refill N of M" on a refill,
 * issue 21) — the 21 CFR 290.5 transfer
 * warning for DEA schedules II–IV, and (when the pharmacy prints it) a Code 128 barcode of the Rx number and
 * its logo. The pharmacy's Printing settings choose the label size and the labels per page (label-layout.ts:
 * the page is the sheet of label slots, the label in the first); the default is today's 4 in × 2.5 in label,
 * one per page, with barcode and without logo. A patient-information sheet (monograph-html.ts) may follow on
 * pages of its own paper. Pure: every value is HTML-escaped here.
 */
import { code128Svg } from './code128.ts';
import { usDate } from '../common/dates.ts';
import { fillLabel, refillsRemainingAfter } from '../prescriptions/refills.ts';
import { escapeHtml, joinPresent } from './html-escape.ts';
import { inches, labelSheetCss, labelSheetLayout, labelSheetsHtml, labelTextScale, type LabelSheetLayout } from './label-layout.ts';

export type DeaSchedule = 'II' | 'III' | 'IV' | 'V';

/** The caution 21 CFR 290.5 requires on schedule II–IV dispensing containers. */
export const TRANSFER_WARNING =
  'Caution: Federal law prohibits the transfer of this drug to any person other than the patient for whom it was prescribed.';

/** Schedules whose labels carry the transfer warning (schedule V does not). */
export const SCHEDULES_WITH_TRANSFER_WARNING: readonly DeaSchedule[] = ['II', 'III', 'IV'];

export interface LabelPharmacy {
  name: string;
  streetAddress: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  phone: string | null;
}

export interface PrescriptionLabel {
  pharmacy: LabelPharmacy;
  rxNumber: number | string;
  /** YYYY-MM-DD. */
  dateFilled: string;
  patientName: string;
  prescriberName: string;
  drugName: string;
  strength: string | null;
  quantity: number | string | null;
  directions: string | null;
  /** Which fill this is: 0 the original, N refill N (issue 21). */
  fillNumber: number;
  /** Refills the prescriber authorised. */
  refills: number;
  deaSchedule: DeaSchedule | null;
}

/** What a label prints about refills: "Refill N of M" on a refill (null on the original) and the refills left after it. */
export function labelRefillText(label: Pick<PrescriptionLabel, 'fillNumber' | 'refills'>): { fill: string | null; remaining: string } {
  return {
    fill: label.fillNumber === 0 ? null : fillLabel(label.fillNumber, label.refills),
    remaining: `Refills remaining: ${refillsRemainingAfter(label.fillNumber, label.refills)}`,
  };
}

/** The Regular Rx label settings of System Settings → Printing, and the logo when it is printed. */
export interface RegularRxLabelOptions {
  /** 'WxH' in inches (printing.regularRxLabelSize). */
  size: string;
  labelsPerPage: number;
  printBarcode: boolean;
  /** The pharmacy logo as a data: URI (label-logo.ts), or null: no logo is printed. */
  logoDataUri: string | null;
}

/** Today's label: 4 × 2.5 in, one per page, barcode, no logo (the Printing group's defaults). */
export const DEFAULT_REGULAR_RX_LABEL_OPTIONS: RegularRxLabelOptions = { size: '4x2.5', labelsPerPage: 1, printBarcode: true, logoDataUri: null };

/** The label options a pharmacy's printing settings give; the logo only when it is turned on and one exists. */
export function regularRxLabelOptions(
  printing: { regularRxLabelSize: string; regularRxLabelsPerPage: number; regularRxPrintBarcode: boolean; regularRxPrintLogo: boolean },
  logoDataUri: string | null,
): RegularRxLabelOptions {
  return {
    size: printing.regularRxLabelSize,
    labelsPerPage: printing.regularRxLabelsPerPage,
    printBarcode: printing.regularRxPrintBarcode,
    logoDataUri: printing.regularRxPrintLogo ? logoDataUri : null,
  };
}

/** "street, city, ST zip", leaving out what is missing. */
export function pharmacyAddress(pharmacy: LabelPharmacy): string {
  return joinPresent([pharmacy.streetAddress, pharmacy.city, joinPresent([pharmacy.state, pharmacy.zipCode], ' ')], ', ');
}

export function needsTransferWarning(schedule: DeaSchedule | null): boolean {
  return schedule !== null && SCHEDULES_WITH_TRANSFER_WARNING.includes(schedule);
}

/** CSS every label type shares; sizes come from each type's sheet CSS (label-layout.ts). */
export const LABEL_BASE_CSS = `
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; }
body { font-family: Arial, Helvetica, sans-serif; color: #000; background: #fff; }
.label { padding: 0.08in 0.12in; overflow: hidden; display: flex; flex-direction: column; gap: 0.02in; line-height: 1.15; position: relative; }
.pharmacy { display: flex; align-items: center; justify-content: center; gap: 0.08in; text-align: center; border-bottom: 1px solid #000; padding-bottom: 0.03em; }
.logo { max-height: 3.2em; max-width: 30%; object-fit: contain; }
.pharmacy-name { font-size: 1.2em; font-weight: bold; }
.row { display: flex; justify-content: space-between; gap: 0.1in; }
.rx-number { font-weight: bold; font-size: 1.2em; }
.patient { font-size: 1.2em; font-weight: bold; }
.drug { font-size: 1.13em; font-weight: bold; }
.directions { font-size: 1.13em; border-top: 1px solid #000; border-bottom: 1px solid #000; padding: 0.02in 0; }
.warning { font-size: 0.87em; font-weight: bold; }
.barcode-row { display: flex; align-items: center; justify-content: space-between; margin-top: auto; }
.barcode { display: block; }
.test-mark { font-weight: bold; text-align: center; border: 1px solid #000; letter-spacing: 0.05em; }
@media screen { body { padding: 0.25in; background: #eee; } .sheet { margin-bottom: 0.25in; } .label, .slot { background: #fff; border: 1px dashed #999; } }
`;

/** One printed section of a document: its CSS and its markup. */
export interface DocumentSection {
  css: string;
  html: string;
}

/** A complete printable page: the shared label CSS, then each section's CSS and markup in order. */
export function printableHtml(title: string, sections: readonly DocumentSection[]): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>${LABEL_BASE_CSS}${sections.map((section) => section.css).join('\n')}</style>
</head>
<body>
${sections.map((section) => section.html).join('\n')}
</body>
</html>
`;
}

/** A barcode scaled to the label: 2 in × 0.3 in on the 4 × 2.5 in reference. */
export function labelBarcode(text: string, layout: LabelSheetLayout): string {
  const scale = labelTextScale(layout.label);
  return code128Svg(text, { moduleWidth: 1, height: 30, cssWidth: inches(2 * scale), cssHeight: inches(0.3 * scale) });
}

/** The markup of one Regular Rx label (`testMark`: the line that marks a test print). */
export function prescriptionLabelMarkup(label: PrescriptionLabel, options: RegularRxLabelOptions, layout: LabelSheetLayout, testMark?: string): string {
  const rx = escapeHtml(label.rxNumber);
  const drug = joinPresent([label.drugName, label.strength], ' ');
  const warning = needsTransferWarning(label.deaSchedule)
    ? `<div class="warning" data-field="transfer-warning">${escapeHtml(TRANSFER_WARNING)}</div>`
    : '';
  const schedule = label.deaSchedule ? ` <span data-field="dea-schedule">(C-${escapeHtml(label.deaSchedule)})</span>` : '';
  const logo = options.logoDataUri ? `<img class="logo" data-field="logo" alt="" src="${escapeHtml(options.logoDataUri)}">` : '';
  const barcode = options.printBarcode
    ? `<div class="barcode-row">
    ${labelBarcode(String(label.rxNumber), layout)}
    <span data-field="barcode-text">${rx}</span>
  </div>`
    : '';
  const refills = labelRefillText(label);
  const fill = refills.fill ? `<span data-field="fill">${escapeHtml(refills.fill)}</span>` : '';
  const test = testMark ? `<div class="test-mark" data-field="test-mark">${escapeHtml(testMark)}</div>` : '';
  return `<div class="label" data-label-size="${escapeHtml(options.size)}">
  ${test}
  <div class="pharmacy">
    ${logo}
    <div>
      <div class="pharmacy-name" data-field="pharmacy-name">${escapeHtml(label.pharmacy.name)}</div>
      <div data-field="pharmacy-address">${escapeHtml(pharmacyAddress(label.pharmacy))}</div>
      <div data-field="pharmacy-phone">${escapeHtml(label.pharmacy.phone ?? '')}</div>
    </div>
  </div>
  <div class="row">
    <span class="rx-number" data-field="rx-number">Rx# ${rx}</span>
    <span data-field="date-filled">Filled: ${escapeHtml(usDate(label.dateFilled))}</span>
  </div>
  <div class="patient" data-field="patient-name">${escapeHtml(label.patientName)}</div>
  <div class="drug"><span data-field="drug">${escapeHtml(drug)}</span>${schedule}</div>
  <div class="directions" data-field="directions">${escapeHtml(label.directions ?? '')}</div>
  <div class="row">
    <span data-field="quantity">Qty: ${escapeHtml(label.quantity ?? '')}</span>
    ${fill}
    <span data-field="refills-remaining">${escapeHtml(refills.remaining)}</span>
  </div>
  <div data-field="prescriber">Prescriber: ${escapeHtml(label.prescriberName)}</div>
  ${warning}
  ${barcode}
</div>`;
}

/** The Regular Rx label sheet of one prescription (the label in the first slot) as a document section. */
export function prescriptionLabelSection(label: PrescriptionLabel, options: RegularRxLabelOptions = DEFAULT_REGULAR_RX_LABEL_OPTIONS): DocumentSection {
  const layout = labelSheetLayout(options.size, options.labelsPerPage);
  return { css: labelSheetCss(layout, null, 'label'), html: labelSheetsHtml([prescriptionLabelMarkup(label, options, layout)], layout, null, 'regular-rx') };
}

/** The label page for one prescription, followed by any further sections (the patient-information sheet). */
export function prescriptionLabelHtml(
  label: PrescriptionLabel,
  options: RegularRxLabelOptions = DEFAULT_REGULAR_RX_LABEL_OPTIONS,
  after: readonly DocumentSection[] = [],
): string {
  return printableHtml(`Rx ${label.rxNumber} label`, [prescriptionLabelSection(label, options), ...after]);
}

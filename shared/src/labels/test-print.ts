/**
 * Test Print All Labels (System Settings → Printing; GET /api/labels/test-print): one document with a page of
 * each label type — Regular Rx, shipping, robot dispensing, facility Rx — each at its own size and labels per
 * page from the pharmacy's Printing settings (every slot filled, so the layout shows), with that type's options
 * (barcode, logo, tracking code, return label, batch, expiry, room, administration time). Every label is marked
 * TEST and carries sample text only, never a patient's data. Pure: every value is HTML-escaped here.
 */
import type { PrintingSettings } from '../settings/printing.ts';
import { usDate } from '../common/dates.ts';
import { escapeHtml } from './html-escape.ts';
import {
  labelBarcode,
  pharmacyAddress,
  prescriptionLabelMarkup,
  printableHtml,
  regularRxLabelOptions,
  type DocumentSection,
  type LabelPharmacy,
  type PrescriptionLabel,
} from './label-html.ts';
import { labelSheetCss, labelSheetLayout, labelSheetsHtml, type LabelSheetLayout } from './label-layout.ts';

/** A signed-in user who is no active staff member of a pharmacy (RLS shows them no pharmacy). */
export const TEST_PRINT_STAFF_ONLY_MESSAGE = 'Only pharmacy staff can print test labels';
export const TEST_PRINT_MARK = 'TEST PRINT - NOT A PRESCRIPTION';
export const TEST_PATIENT_NAME = 'TEST PATIENT (SAMPLE)';
export const TEST_DRUG = 'SAMPLE DRUG';
export const TEST_RX_NUMBER = 'TEST-0001';
export const TEST_TRACKING_NUMBER = 'TEST0000000000';

export const TEST_LABEL_TYPES = ['regular-rx', 'shipping', 'robot', 'facility'] as const;
export type TestLabelType = (typeof TEST_LABEL_TYPES)[number];

export type TestPrintSettings = Pick<
  PrintingSettings,
  | 'regularRxLabelSize' | 'regularRxLabelsPerPage' | 'regularRxPrintBarcode' | 'regularRxPrintLogo'
  | 'shippingLabelSize' | 'shippingCarrier' | 'shippingPrintTrackingCode' | 'shippingPrintReturnLabel'
  | 'robotLabelSize' | 'robotLabelsPerPage' | 'robotPrintBatchInfo' | 'robotPrintExpirationDate'
  | 'facilityLabelSize' | 'facilityLabelsPerPage' | 'facilityPrintPatientRoom' | 'facilityPrintAdminTime'
>;

export interface TestPrintInput {
  pharmacy: LabelPharmacy;
  settings: TestPrintSettings;
  /** The pharmacy logo as a data: URI, or null. */
  logoDataUri: string | null;
  /** YYYY-MM-DD: the pharmacy's today. */
  today: string;
}

function mark(): string {
  return `<div class="test-mark" data-field="test-mark">${escapeHtml(TEST_PRINT_MARK)}</div>`;
}

function filled(markup: string, layout: LabelSheetLayout): string[] {
  return Array.from({ length: layout.labelsPerPage }, () => markup);
}

function section(type: TestLabelType, layout: LabelSheetLayout, labels: string[]): DocumentSection {
  return { css: labelSheetCss(layout, type, 'label'), html: labelSheetsHtml(labels, layout, type, type) };
}

function regularRx(input: TestPrintInput): DocumentSection {
  const options = regularRxLabelOptions(input.settings, input.logoDataUri);
  const layout = labelSheetLayout(options.size, options.labelsPerPage);
  const label: PrescriptionLabel = {
    pharmacy: input.pharmacy,
    rxNumber: TEST_RX_NUMBER,
    dateFilled: input.today,
    patientName: TEST_PATIENT_NAME,
    prescriberName: 'TEST PRESCRIBER',
    drugName: TEST_DRUG,
    strength: '10 mg',
    quantity: 30,
    directions: 'TEST: sample directions, not for use',
    fillNumber: 0,
    refills: 0,
    deaSchedule: null,
  };
  return section('regular-rx', layout, filled(prescriptionLabelMarkup(label, options, layout, TEST_PRINT_MARK), layout));
}

function shipping(input: TestPrintInput): DocumentSection {
  const { settings, pharmacy } = input;
  const layout = labelSheetLayout(settings.shippingLabelSize, 1);
  const from = `${escapeHtml(pharmacy.name)}<br>${escapeHtml(pharmacyAddress(pharmacy))}`;
  const tracking = settings.shippingPrintTrackingCode
    ? `<div class="barcode-row" data-field="tracking-code">${labelBarcode(TEST_TRACKING_NUMBER, layout)}<span>${TEST_TRACKING_NUMBER}</span></div>`
    : '';
  const label = `<div class="label" data-label-size="${escapeHtml(settings.shippingLabelSize)}">
  ${mark()}
  <div data-field="carrier"><strong>${escapeHtml(settings.shippingCarrier.toUpperCase())}</strong></div>
  <div data-field="ship-from">From: ${from}</div>
  <div class="patient" data-field="ship-to">To: ${escapeHtml(TEST_PATIENT_NAME)}<br>123 SAMPLE ST, ANYTOWN, ST 00000</div>
  ${tracking}
</div>`;
  const labels = [label];
  if (settings.shippingPrintReturnLabel) {
    labels.push(`<div class="label" data-field="return-label" data-label-size="${escapeHtml(settings.shippingLabelSize)}">
  ${mark()}
  <div><strong>RETURN LABEL · ${escapeHtml(settings.shippingCarrier.toUpperCase())}</strong></div>
  <div>From: ${escapeHtml(TEST_PATIENT_NAME)}<br>123 SAMPLE ST, ANYTOWN, ST 00000</div>
  <div class="patient">To: ${from}</div>
</div>`);
  }
  return section('shipping', layout, labels);
}

function robot(input: TestPrintInput): DocumentSection {
  const { settings } = input;
  const layout = labelSheetLayout(settings.robotLabelSize, settings.robotLabelsPerPage);
  const label = `<div class="label" data-label-size="${escapeHtml(settings.robotLabelSize)}">
  ${mark()}
  <div class="drug">${TEST_DRUG} 10 mg · Rx# ${TEST_RX_NUMBER}</div>
  ${settings.robotPrintBatchInfo ? '<div data-field="batch">Batch: TEST-BATCH</div>' : ''}
  ${settings.robotPrintExpirationDate ? `<div data-field="expiration">Exp: ${escapeHtml(usDate(input.today))} (TEST)</div>` : ''}
</div>`;
  return section('robot', layout, filled(label, layout));
}

function facility(input: TestPrintInput): DocumentSection {
  const { settings } = input;
  const layout = labelSheetLayout(settings.facilityLabelSize, settings.facilityLabelsPerPage);
  const label = `<div class="label" data-label-size="${escapeHtml(settings.facilityLabelSize)}">
  ${mark()}
  <div class="patient">${escapeHtml(TEST_PATIENT_NAME)}</div>
  ${settings.facilityPrintPatientRoom ? '<div data-field="room">Room: TEST-101</div>' : ''}
  <div class="drug">${TEST_DRUG} 10 mg · Rx# ${TEST_RX_NUMBER}</div>
  <div class="directions">TEST: sample directions, not for use</div>
  ${settings.facilityPrintAdminTime ? '<div data-field="admin-time">Administer: 08:00, 20:00 (TEST)</div>' : ''}
</div>`;
  return section('facility', layout, filled(label, layout));
}

/** The test page of every label type, in the order of the Printing tab. */
export function testPrintSections(input: TestPrintInput): DocumentSection[] {
  return [regularRx(input), shipping(input), robot(input), facility(input)];
}

export function testPrintHtml(input: TestPrintInput): string {
  return printableHtml('TEST PRINT: all label types', testPrintSections(input));
}

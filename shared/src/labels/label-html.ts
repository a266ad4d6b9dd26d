/**
 * The prescription label (POST /api/labels/generate): a complete HTML page of one 4 in × 2.5 in label
 * (print CSS `@page { size: 4in 2.5in }`) with the elements federal law requires on a dispensed
 * prescription — pharmacy name, address and phone; Rx number; date filled; patient; prescriber; drug name
 * and strength; quantity; directions; refills remaining — the 21 CFR 290.5 transfer warning for DEA
 * schedules II–IV, and a Code 128 barcode of the Rx number. Pure: every value is HTML-escaped here.
 */
import { code128Svg } from './code128.ts';
import { usDate } from '../dates.ts';
import { escapeHtml, joinPresent } from './html-escape.ts';

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
  refillsRemaining: number;
  deaSchedule: DeaSchedule | null;
}

/** "street, city, ST zip", leaving out what is missing. */
export function pharmacyAddress(pharmacy: LabelPharmacy): string {
  return joinPresent([pharmacy.streetAddress, pharmacy.city, joinPresent([pharmacy.state, pharmacy.zipCode], ' ')], ', ');
}

export function needsTransferWarning(schedule: DeaSchedule | null): boolean {
  return schedule !== null && SCHEDULES_WITH_TRANSFER_WARNING.includes(schedule);
}

const LABEL_CSS = `
@page { size: 4in 2.5in; margin: 0; }
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; }
body { font-family: Arial, Helvetica, sans-serif; color: #000; background: #fff; }
.label { width: 4in; height: 2.5in; padding: 0.08in 0.12in; overflow: hidden; display: flex; flex-direction: column; gap: 0.02in; font-size: 7.5pt; line-height: 1.15; }
.pharmacy { text-align: center; border-bottom: 1px solid #000; padding-bottom: 0.03in; }
.pharmacy-name { font-size: 9pt; font-weight: bold; }
.row { display: flex; justify-content: space-between; gap: 0.1in; }
.rx-number { font-weight: bold; font-size: 9pt; }
.patient { font-size: 9pt; font-weight: bold; }
.drug { font-size: 8.5pt; font-weight: bold; }
.directions { font-size: 8.5pt; border-top: 1px solid #000; border-bottom: 1px solid #000; padding: 0.02in 0; }
.warning { font-size: 6.5pt; font-weight: bold; }
.barcode-row { display: flex; align-items: center; justify-content: space-between; margin-top: auto; }
.barcode { display: block; }
@media screen { body { padding: 0.25in; background: #eee; } .label { background: #fff; border: 1px dashed #999; } }
`;

/** The label page for one prescription. */
export function prescriptionLabelHtml(label: PrescriptionLabel): string {
  const rx = escapeHtml(label.rxNumber);
  const drug = joinPresent([label.drugName, label.strength], ' ');
  const warning = needsTransferWarning(label.deaSchedule)
    ? `<div class="warning" data-field="transfer-warning">${escapeHtml(TRANSFER_WARNING)}</div>`
    : '';
  const schedule = label.deaSchedule ? ` <span data-field="dea-schedule">(C-${escapeHtml(label.deaSchedule)})</span>` : '';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Rx ${rx} label</title>
<style>${LABEL_CSS}</style>
</head>
<body>
<div class="label">
  <div class="pharmacy">
    <div class="pharmacy-name" data-field="pharmacy-name">${escapeHtml(label.pharmacy.name)}</div>
    <div data-field="pharmacy-address">${escapeHtml(pharmacyAddress(label.pharmacy))}</div>
    <div data-field="pharmacy-phone">${escapeHtml(label.pharmacy.phone ?? '')}</div>
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
    <span data-field="refills-remaining">Refills: ${escapeHtml(label.refillsRemaining)}</span>
  </div>
  <div data-field="prescriber">Prescriber: ${escapeHtml(label.prescriberName)}</div>
  ${warning}
  <div class="barcode-row">
    ${code128Svg(String(label.rxNumber), { moduleWidth: 1, height: 30, cssWidth: '2in', cssHeight: '0.3in' })}
    <span data-field="barcode-text">${rx}</span>
  </div>
</div>
</body>
</html>
`;
}

/**
 * The pickup receipt (POST /api/receipts/generate): an HTML page with the pharmacy, Rx number, patient,
 * drug, quantity, which fill it is and the refills left (issue 21), price and date, and — from the fill's billing
 * (issue 25) — what each insurer paid, what the patient owes, the payments taken (method, reference, receipt
 * number) and the balance. Pure: every value is HTML-escaped here; money from the billing is integer cents.
 */
import { formatCents } from '../common/money.ts';
import { usDate } from '../common/dates.ts';
import { escapeHtml } from './html-escape.ts';
import { labelRefillText, pharmacyAddress, type LabelPharmacy } from './label-html.ts';
import { fillLabel } from '../prescriptions/refills.ts';

export interface PrescriptionReceipt {
  pharmacy: LabelPharmacy;
  rxNumber: number | string;
  /** YYYY-MM-DD. */
  date: string;
  patientName: string;
  drugName: string;
  strength: string | null;
  quantity: number | string | null;
  /** Which fill this is: 0 the original, N refill N. */
  fillNumber: number;
  /** Refills the prescriber authorised. */
  refills: number;
  /** Price of the fill in US dollars. */
  price: number;
  /** The fill's billing, when the caller may read it. */
  billing?: ReceiptBilling;
}

export interface ReceiptBilling {
  insurers: { payerName: string; paidCents: number }[];
  patientShareCents: number;
  payments: { method: string; reference: string | null; amountCents: number; receiptNumber: number }[];
  balanceCents: number;
}

const METHOD_LABELS: Readonly<Record<string, string>> = { cash: 'Cash', card: 'Card', check: 'Check' };

function billingRows(billing: ReceiptBilling): string {
  const row = (label: string, value: string, field: string, extra = '') =>
    `  <p class="row${extra}"><span>${escapeHtml(label)}</span><span data-field="${field}">${escapeHtml(value)}</span></p>\n`;
  return [
    ...billing.insurers.map((insurer) => row(`Paid by ${insurer.payerName}`, formatCents(insurer.paidCents), 'insurer-paid')),
    row('You pay', formatCents(billing.patientShareCents), 'patient-share'),
    ...billing.payments.map((payment) => row(
      `${METHOD_LABELS[payment.method] ?? payment.method}${payment.reference ? ` ${payment.reference}` : ''} (receipt ${payment.receiptNumber})`,
      formatCents(payment.amountCents), 'payment')),
    row('Balance due', formatCents(billing.balanceCents), 'balance', ' total'),
  ].join('');
}

export function formatUsd(amount: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);
}

const RECEIPT_CSS = `
@page { size: 3in auto; margin: 0.1in; }
body { font-family: 'Courier New', monospace; font-size: 9pt; color: #000; background: #fff; margin: 0; }
.receipt { width: 2.8in; padding: 0.1in; }
.center { text-align: center; }
.row { display: flex; justify-content: space-between; gap: 0.1in; }
.total { border-top: 1px dashed #000; margin-top: 0.05in; padding-top: 0.05in; font-weight: bold; }
`;

export function prescriptionReceiptHtml(receipt: PrescriptionReceipt): string {
  const rx = escapeHtml(receipt.rxNumber);
  const drug = [receipt.drugName, receipt.strength].filter((part) => part && part.trim() !== '').join(' ');
  const price = escapeHtml(formatUsd(receipt.price));
  const refills = labelRefillText(receipt);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Rx ${rx} receipt</title>
<style>${RECEIPT_CSS}</style>
</head>
<body>
<div class="receipt">
  <div class="center">
    <strong data-field="pharmacy-name">${escapeHtml(receipt.pharmacy.name)}</strong><br>
    <span data-field="pharmacy-address">${escapeHtml(pharmacyAddress(receipt.pharmacy))}</span><br>
    <span data-field="pharmacy-phone">${escapeHtml(receipt.pharmacy.phone ?? '')}</span>
  </div>
  <p class="row"><span>Date</span><span data-field="date">${escapeHtml(usDate(receipt.date))}</span></p>
  <p class="row"><span>Rx#</span><span data-field="rx-number">${rx}</span></p>
  <p class="row"><span>Patient</span><span data-field="patient-name">${escapeHtml(receipt.patientName)}</span></p>
  <p class="row"><span>Drug</span><span data-field="drug">${escapeHtml(drug)}</span></p>
  <p class="row"><span>Quantity</span><span data-field="quantity">${escapeHtml(receipt.quantity ?? '')}</span></p>
  <p class="row"><span>Fill</span><span data-field="fill">${escapeHtml(fillLabel(receipt.fillNumber, receipt.refills))}</span></p>
  <p class="row"><span data-field="refills-remaining">${escapeHtml(refills.remaining)}</span></p>
  <p class="row total"><span>Total</span><span data-field="price">${price}</span></p>
${receipt.billing ? billingRows(receipt.billing) : ''}</div>
</body>
</html>
`;
}

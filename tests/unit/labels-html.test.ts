/**
 * The label and receipt pages: every required element present, the transfer warning only for schedules
 * II–IV, the barcode of the Rx number, print size, and every value escaped (an injection attempt in a
 * patient name prints as text).
 */
import { describe, expect, it } from 'vitest';
import { code128Svg } from '../../shared/src/labels/code128.ts';
import { usDate } from '../../shared/src/common/dates.ts';
import { escapeHtml } from '../../shared/src/labels/html-escape.ts';
import { type PrescriptionLabel, TRANSFER_WARNING, prescriptionLabelHtml } from '../../shared/src/labels/label-html.ts';
import { prescriptionReceiptHtml } from '../../shared/src/labels/receipt-html.ts';

const label: PrescriptionLabel = {
  pharmacy: { name: 'Main Street Pharmacy', streetAddress: '1 Main St', city: 'Peoria', state: 'IL', zipCode: '61602', phone: '(309) 555-0100' },
  rxNumber: 1001,
  dateFilled: '2026-11-22',
  patientName: 'Maria Lopez',
  prescriberName: 'Dr. Alan Grant',
  drugName: 'Amoxicillin',
  strength: '500 mg',
  quantity: 30,
  directions: 'Take 1 capsule by mouth three times daily',
  fillNumber: 0,
  refills: 2,
  deaSchedule: null,
};

describe('prescription label HTML', () => {
  it('has every federally required element and a 4 × 2.5 in page', () => {
    const html = prescriptionLabelHtml(label);
    for (const text of ['Main Street Pharmacy', '1 Main St, Peoria, IL 61602', '(309) 555-0100', 'Rx# 1001', 'Filled: 11/22/2026', 'Maria Lopez',
      'Prescriber: Dr. Alan Grant', 'Amoxicillin 500 mg', 'Qty: 30', 'Take 1 capsule by mouth three times daily', 'Refills remaining: 2']) {
      expect(html).toContain(text);
    }
    // The original names no fill.
    expect(html).not.toContain('Refill ');
    expect(html).not.toContain('data-field="fill"');
    expect(html).toContain('@page { size: 4in 2.5in;');
    expect(html).toContain(code128Svg('1001', { moduleWidth: 1, height: 30, cssWidth: '2in', cssHeight: '0.3in' }));
  });

  it('names a refill "Refill N of M" and prints the refills left after it', () => {
    const html = prescriptionLabelHtml({ ...label, fillNumber: 1, refills: 3 });
    expect(html).toContain('<span data-field="fill">Refill 1 of 3</span>');
    expect(html).toContain('<span data-field="refills-remaining">Refills remaining: 2</span>');
    const last = prescriptionLabelHtml({ ...label, fillNumber: 3, refills: 3 });
    expect(last).toContain('Refill 3 of 3');
    expect(last).toContain('Refills remaining: 0');
  });

  it('adds the transfer warning for schedules II–IV only', () => {
    expect(prescriptionLabelHtml(label)).not.toContain(TRANSFER_WARNING);
    expect(prescriptionLabelHtml({ ...label, deaSchedule: 'V' })).not.toContain(TRANSFER_WARNING);
    for (const schedule of ['II', 'III', 'IV'] as const) {
      expect(prescriptionLabelHtml({ ...label, deaSchedule: schedule })).toContain(TRANSFER_WARNING);
    }
  });

  it('escapes an injection attempt in the patient name and other values', () => {
    const html = prescriptionLabelHtml({ ...label, patientName: '<script>alert("x")</script> O\'Neil & Co', directions: '<img src=x onerror=alert(1)>' });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#39;Neil &amp; Co');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});

describe('receipt HTML', () => {
  const receipt = {
    pharmacy: label.pharmacy, rxNumber: 1001, date: '2026-11-22', patientName: 'Bo <b>Bold</b>', drugName: 'Amoxicillin', strength: '500 mg', quantity: 30,
    fillNumber: 0, refills: 2, price: 12.5,
  };

  it('shows the pharmacy, Rx number, patient, drug, quantity, fill, refills remaining, price and date, escaped', () => {
    const html = prescriptionReceiptHtml(receipt);
    for (const text of ['Main Street Pharmacy', '1001', 'Bo &lt;b&gt;Bold&lt;/b&gt;', 'Amoxicillin 500 mg', '>30<', '$12.50', '11/22/2026',
      '<span data-field="fill">Original</span>', 'Refills remaining: 2']) {
      expect(html).toContain(text);
    }
    expect(html).not.toContain('<b>');
  });

  it('shows the billing: what each insurer paid, what the patient owes, each payment and the balance', () => {
    const html = prescriptionReceiptHtml({ ...receipt, billing: {
      insurers: [{ payerName: 'Demo <Commercial>', paidCents: 7750 }],
      patientShareCents: 2500,
      payments: [{ method: 'card', reference: '4242', amountCents: 2000, receiptNumber: 17 }],
      balanceCents: 500,
    } });
    expect(html).toContain('<span>Paid by Demo &lt;Commercial&gt;</span><span data-field="insurer-paid">$77.50</span>');
    expect(html).toContain('<span>You pay</span><span data-field="patient-share">$25.00</span>');
    expect(html).toContain('<span>Card 4242 (receipt 17)</span><span data-field="payment">$20.00</span>');
    expect(html).toContain('<span>Balance due</span><span data-field="balance">$5.00</span>');
    expect(prescriptionReceiptHtml(receipt)).not.toContain('data-field="balance"');
  });

  it('names a refill "Refill N of M" with the refills left after it', () => {
    const html = prescriptionReceiptHtml({ ...receipt, fillNumber: 1, refills: 3 });
    expect(html).toContain('<span data-field="fill">Refill 1 of 3</span>');
    expect(html).toContain('Refills remaining: 2');
  });
});

describe('escaping helpers', () => {
  it('escapes the five HTML specials and formats dates', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(escapeHtml(null)).toBe('');
    expect(usDate('2026-01-05')).toBe('01/05/2026');
  });
});

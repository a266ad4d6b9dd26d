/**
 * Label layout from the Printing settings (shared/src/labels/label-layout.ts, label-html.ts, label-logo.ts): sizes,
 * labels per page as a grid of slots whose page is the sheet, text scale, and the Regular Rx label's size,
 * barcode and logo switches in the HTML.
 */
import { describe, expect, it } from 'vitest';
import { code128Svg } from '../../shared/src/labels/code128.ts';
import {
  DEFAULT_REGULAR_RX_LABEL_OPTIONS, prescriptionLabelHtml, regularRxLabelOptions, type PrescriptionLabel,
} from '../../shared/src/labels/label-html.ts';
import { labelColumns, labelPages, labelSheetLayout, labelTextScale, parseLabelSize } from '../../shared/src/labels/label-layout.ts';
import { logoDataUri } from '../../shared/src/labels/label-logo.ts';
import { pharmacyLogoPath } from '../../shared/src/settings/pharmacy-logo.ts';
import { PRINTING_SETTINGS_DEFAULTS, REGULAR_RX_LABEL_SIZES } from '../../shared/src/settings/printing.ts';

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

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('label sizes and sheets', () => {
  it('reads every size of the settings as width × height in inches', () => {
    expect(parseLabelSize('4x2.5')).toEqual({ widthIn: 4, heightIn: 2.5 });
    expect(parseLabelSize('2x0.5')).toEqual({ widthIn: 2, heightIn: 0.5 });
    for (const size of REGULAR_RX_LABEL_SIZES) expect(() => parseLabelSize(size)).not.toThrow();
    expect(() => parseLabelSize('4 by 6')).toThrow();
    expect(() => parseLabelSize('0x6')).toThrow();
  });

  it('lays labels per page out as a grid of slots the page fits exactly', () => {
    expect([1, 2, 3, 4, 6, 8, 9, 12].map(labelColumns)).toEqual([1, 1, 1, 2, 2, 2, 3, 3]);
    expect(labelSheetLayout('4x2.5', 1)).toEqual({ label: { widthIn: 4, heightIn: 2.5 }, labelsPerPage: 1, columns: 1, rows: 1, page: { widthIn: 4, heightIn: 2.5 } });
    expect(labelSheetLayout('4x2.5', 3).page).toEqual({ widthIn: 4, heightIn: 7.5 });
    expect(labelSheetLayout('4x2.5', 6)).toMatchObject({ columns: 2, rows: 3, page: { widthIn: 8, heightIn: 7.5 } });
    expect(labelSheetLayout('2x1', 12)).toMatchObject({ columns: 3, rows: 4, page: { widthIn: 6, heightIn: 4 } });
    expect(() => labelSheetLayout('4x2.5', 0)).toThrow();
    expect(labelPages([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(labelPages([], 2)).toEqual([]);
  });

  it('scales text against the 4 × 2.5 in label within bounds', () => {
    expect(labelTextScale({ widthIn: 4, heightIn: 2.5 })).toBe(1);
    expect(labelTextScale({ widthIn: 2, heightIn: 4 })).toBe(0.5);
    expect(labelTextScale({ widthIn: 2, heightIn: 0.5 })).toBe(0.45);
    expect(labelTextScale({ widthIn: 8, heightIn: 10 })).toBe(1.5);
  });
});

describe('Regular Rx label settings in the label HTML', () => {
  it('prints today\'s label with the defaults: 4 × 2.5 in page, one label, barcode, no logo', () => {
    const options = regularRxLabelOptions(PRINTING_SETTINGS_DEFAULTS, 'data:image/png;base64,AAAA');
    expect(options).toEqual(DEFAULT_REGULAR_RX_LABEL_OPTIONS);
    const html = prescriptionLabelHtml(label, options);
    expect(html).toContain('@page { size: 4in 2.5in;');
    expect(html).toContain('data-label-size="4x2.5"');
    expect(html).toContain(code128Svg('1001', { moduleWidth: 1, height: 30, cssWidth: '2in', cssHeight: '0.3in' }));
    expect(html).not.toContain('<img');
    expect(html).not.toContain('data-empty-slot');
  });

  it('follows the label size: page, label box and barcode', () => {
    const html = prescriptionLabelHtml(label, { ...DEFAULT_REGULAR_RX_LABEL_OPTIONS, size: '2x4' });
    expect(html).toContain('@page { size: 2in 4in;');
    expect(html).toContain('width: 2in; height: 4in; font-size: 3.75pt;');
    expect(html).toContain('data-label-size="2x4"');
    expect(html).toContain(code128Svg('1001', { moduleWidth: 1, height: 30, cssWidth: '1in', cssHeight: '0.15in' }));
    expect(html).not.toContain('@page { size: 4in 2.5in;');
  });

  it('leaves the barcode out when it is turned off', () => {
    const html = prescriptionLabelHtml(label, { ...DEFAULT_REGULAR_RX_LABEL_OPTIONS, printBarcode: false });
    expect(html).not.toContain('<svg');
    expect(html).not.toContain('data-field="barcode-text"');
  });

  it('puts the label in the first slot of a sheet of labels per page', () => {
    const html = prescriptionLabelHtml(label, { ...DEFAULT_REGULAR_RX_LABEL_OPTIONS, labelsPerPage: 4 });
    expect(html).toContain('@page { size: 8in 5in;');
    expect(html).toContain('data-labels-per-page="4"');
    expect(html.match(/data-empty-slot/g)).toHaveLength(3);
    expect(html.match(/class="label"/g)).toHaveLength(1);
  });

  it('embeds the logo only when it is turned on and one exists', () => {
    const uri = logoDataUri('image/png', PNG)!;
    const on = { ...PRINTING_SETTINGS_DEFAULTS, regularRxPrintLogo: true };
    expect(prescriptionLabelHtml(label, regularRxLabelOptions(on, uri))).toContain(`<img class="logo" data-field="logo" alt="" src="${uri}">`);
    expect(prescriptionLabelHtml(label, regularRxLabelOptions(on, null))).not.toContain('<img');
    expect(prescriptionLabelHtml(label, regularRxLabelOptions(PRINTING_SETTINGS_DEFAULTS, uri))).not.toContain('<img');
  });
});

describe('the pharmacy logo', () => {
  it('is a data: URI of a PNG, JPEG or SVG, and nothing for any other type or no bytes', () => {
    expect(pharmacyLogoPath('p-1')).toBe('p-1/logo');
    expect(logoDataUri('image/png', PNG)).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(logoDataUri('image/svg+xml; charset=utf-8', new TextEncoder().encode('<svg/>'))).toBe('data:image/svg+xml;base64,PHN2Zy8+');
    expect(logoDataUri('IMAGE/JPEG', PNG)).toMatch(/^data:image\/jpeg;base64,/);
    expect(logoDataUri('text/html', PNG)).toBeNull();
    expect(logoDataUri('application/octet-stream', PNG)).toBeNull();
    expect(logoDataUri('image/png', new Uint8Array())).toBeNull();
  });
});

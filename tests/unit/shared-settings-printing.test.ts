import { describe, expect, it } from 'vitest';
import { PRINTING_SETTINGS_DEFAULTS, printingSettingsSchema } from '../../shared/src/settings/printing.ts';
import { expectChoice, expectRange, expectValid, messagesAt, withValue } from '../support/settings-cases.ts';
import { FULL_SETTINGS_WRITES } from '../support/settings-writes.ts';

const schema = printingSettingsSchema;

const fullPrinting = FULL_SETTINGS_WRITES['printing'];

describe('printing settings (spec part 2 §3, §5, §9)', () => {
  it('has the §9 defaults and today\'s 4 × 2.5 in Rx label with its barcode', () => {
    expect(PRINTING_SETTINGS_DEFAULTS).toMatchObject({
      regularRxLabelSize: '4x2.5',
      regularRxPrintBarcode: true,
      regularRxLabelsPerPage: 1,
      robotLabelsPerPage: 4,
      facilityLabelsPerPage: 2,
      printQueueRetryAttempts: 3,
      printQueueTimeoutSeconds: 30,
      lowPaperThreshold: 50,
      shortMonographContent: { maxCharacters: 500 },
    });
  });

  it('accepts a full valid group', () => {
    expectValid(schema, fullPrinting());
  });

  it('has every §5 bound', () => {
    const base = fullPrinting();
    expectRange(schema, base, 'regularRxLabelsPerPage', 1, 6, 'Regular Rx labels per page must be between 1 and 6');
    expectRange(schema, base, 'robotLabelsPerPage', 1, 12, 'Robot labels per page must be between 1 and 12');
    expectRange(schema, base, 'facilityLabelsPerPage', 1, 6, 'Facility labels per page must be between 1 and 6');
    expectRange(schema, base, 'printQueueRetryAttempts', 1, 10, 'Print queue retry attempts must be between 1 and 10');
    expectRange(schema, base, 'printQueueTimeoutSeconds', 10, 300, 'Print queue timeout must be between 10 and 300 seconds');
    expectRange(schema, base, 'lowPaperThreshold', 1, 100, 'Low paper threshold must be between 1 and 100 percent');
    expectRange(schema, base, 'shortMonographContent.maxCharacters', 100, 1000, 'Maximum characters must be between 100 and 1000');
  });

  it('takes exactly the §9 sizes, carriers and monograph options', () => {
    const base = fullPrinting();
    expectChoice(schema, base, 'regularRxLabelSize', ['4x2.5', '4x6', '4x4', '3x5', '2x4'], ['4x8', '4 x 6', ''], 'Regular Rx label size must be one of: 4x2.5, 4x6, 4x4, 3x5, 2x4');
    expectChoice(schema, base, 'shippingLabelSize', ['4x6', '4x8', '6x4'], ['4x4'], 'Shipping label size must be one of: 4x6, 4x8, 6x4');
    expectChoice(schema, base, 'robotLabelSize', ['2x1', '3x1', '2x0.5'], ['4x6'], 'Robot label size must be one of: 2x1, 3x1, 2x0.5');
    expectChoice(schema, base, 'facilityLabelSize', ['4x2', '4x3', '3x2'], ['2x4'], 'Facility label size must be one of: 4x2, 4x3, 3x2');
    expectChoice(schema, base, 'shippingCarrier', ['usps', 'ups', 'fedex', 'dhl'], ['ontrac'], 'Shipping carrier must be one of: usps, ups, fedex, dhl');
    expectChoice(schema, base, 'monographFormat', ['short', 'long', 'both'], ['medium'], 'Monograph format must be one of: short, long, both');
    expectChoice(schema, base, 'monographIntegration', ['separate', 'with_rx_label', 'patient_choice'], ['inline'], 'Monograph integration must be one of: separate, with_rx_label, patient_choice');
    expectChoice(schema, base, 'monographFontSize', [8, 10, 12, 14], [9, 16, '10'], 'Monograph font size must be one of: 8, 10, 12, 14');
    expectChoice(schema, base, 'monographPaperSize', ['letter', 'legal', 'a4'], ['a5'], 'Monograph paper size must be one of: letter, legal, a4');
    expect(messagesAt(schema, withValue(base, 'availablePrinters.0.type', 'inkjet'), 'availablePrinters.0.type')).toEqual([
      'Printer type must be one of: regular_rx, shipping, robot_dispensing, facility_rx, general, monograph, report',
    ]);
  });

  it('prints only to configured printers, monographs only to monograph, report or general printers', () => {
    expect(messagesAt(schema, withValue(fullPrinting(), 'regularRxLabelPrinter', 'nope'), 'regularRxLabelPrinter')).toEqual(['Choose one of the configured printers']);
    expect(messagesAt(schema, withValue(fullPrinting(), 'monographPrinter', 'rx-1'), 'monographPrinter')).toEqual([
      'Monograph printer must be a monograph, report or general printer',
    ]);
    expectValid(schema, withValue(fullPrinting(), 'shippingLabelPrinter', ''));
    const duplicated = withValue(fullPrinting(), 'availablePrinters.1.id', 'rx-1');
    expect(messagesAt(schema, duplicated, 'availablePrinters')).toEqual(['Each printer needs its own ID']);
  });

  it('checks a printer\'s address and port', () => {
    expectValid(schema, withValue(fullPrinting(), 'availablePrinters.0.ipAddress', 'label-printer.pharmacy.local'));
    expectValid(schema, withValue(fullPrinting(), 'availablePrinters.0.ipAddress', ''));
    expect(messagesAt(schema, withValue(fullPrinting(), 'availablePrinters.0.ipAddress', 'printer one'), 'availablePrinters.0.ipAddress')).toEqual([
      'Printer IP address must be an IP address or host name',
    ]);
    expectRange(schema, fullPrinting(), 'availablePrinters.0.port', 1, 65535, 'Printer port must be between 1 and 65535');
  });
});

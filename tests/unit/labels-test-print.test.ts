/**
 * Test Print All Labels (shared/src/labels/test-print.ts): a page of each label type at its own size and labels
 * per page, every label marked TEST with sample text, each type's options switching its lines.
 */
import { describe, expect, it } from 'vitest';
import { TEST_PRINT_MARK, TEST_TRACKING_NUMBER, testPrintHtml, testPrintSections } from '../../shared/src/labels/test-print.ts';
import { PRINTING_SETTINGS_DEFAULTS } from '../../shared/src/settings/printing.ts';

const pharmacy = { name: 'Main Street Pharmacy', streetAddress: '1 Main St', city: 'Peoria', state: 'IL', zipCode: '61602', phone: '(309) 555-0100' };
const input = { pharmacy, settings: PRINTING_SETTINGS_DEFAULTS, logoDataUri: null, today: '2026-11-23' };

describe('test print of every label type', () => {
  it('prints Regular Rx, shipping, robot and facility pages, each at its size and labels per page, all marked TEST', () => {
    const html = testPrintHtml(input);
    for (const page of ['@page regular-rx { size: 4in 2.5in;', '@page shipping { size: 4in 6in;', '@page robot { size: 4in 2in;', '@page facility { size: 4in 4in;']) {
      expect(html).toContain(page);
    }
    // Slots filled: Regular Rx 1, shipping 1, robot 4, facility 2.
    const labels = html.match(/class="label"/g) ?? [];
    expect(labels).toHaveLength(8);
    expect(html.match(new RegExp(TEST_PRINT_MARK, 'g'))).toHaveLength(8);
    for (const type of ['regular-rx', 'shipping', 'robot', 'facility']) expect(html).toContain(`data-label-type="${type}"`);
    expect(html).toContain('<title>TEST PRINT: all label types</title>');
  });

  it("follows each type's size, per-page and option settings", () => {
    const settings = {
      ...PRINTING_SETTINGS_DEFAULTS,
      regularRxLabelSize: '4x6' as const, regularRxPrintBarcode: false, regularRxPrintLogo: true,
      shippingLabelSize: '6x4' as const, shippingCarrier: 'fedex' as const, shippingPrintTrackingCode: false, shippingPrintReturnLabel: true,
      robotLabelSize: '2x0.5' as const, robotLabelsPerPage: 12, robotPrintBatchInfo: false, robotPrintExpirationDate: false,
      facilityLabelSize: '3x2' as const, facilityLabelsPerPage: 1, facilityPrintPatientRoom: false, facilityPrintAdminTime: false,
    };
    const [regular, shipping, robot, facility] = testPrintSections({ ...input, settings, logoDataUri: 'data:image/png;base64,iVBORw0KGgo=' });
    expect(regular!.css).toContain('@page regular-rx { size: 4in 6in;');
    expect(regular!.html).not.toContain('<svg');
    expect(regular!.html).toContain('src="data:image/png;base64,iVBORw0KGgo="');
    expect(shipping!.css).toContain('@page shipping { size: 6in 4in;');
    expect(shipping!.html).toContain('FEDEX');
    expect(shipping!.html).not.toContain(TEST_TRACKING_NUMBER);
    expect(shipping!.html).toContain('data-field="return-label"');
    expect(robot!.css).toContain('@page robot { size: 6in 2in;');
    expect(robot!.html.match(/class="label"/g)).toHaveLength(12);
    expect(robot!.html).not.toContain('data-field="batch"');
    expect(robot!.html).not.toContain('data-field="expiration"');
    expect(facility!.css).toContain('@page facility { size: 3in 2in;');
    expect(facility!.html).not.toContain('data-field="room"');
    expect(facility!.html).not.toContain('data-field="admin-time"');

    const [defaultRegular, defaultShipping, defaultRobot, defaultFacility] = testPrintSections(input);
    expect(defaultRegular!.html).toContain('<svg');
    expect(defaultRegular!.html).not.toContain('<img');
    expect(defaultShipping!.html).toContain(TEST_TRACKING_NUMBER);
    expect(defaultShipping!.html).not.toContain('data-field="return-label"');
    expect(defaultRobot!.html).toContain('data-field="batch"');
    expect(defaultRobot!.html).toContain('Exp: 11/23/2026 (TEST)');
    expect(defaultFacility!.html).toContain('data-field="room"');
    expect(defaultFacility!.html).toContain('data-field="admin-time"');
  });
});

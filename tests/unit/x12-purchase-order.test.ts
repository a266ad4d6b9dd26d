/**
 * The 850 purchase order (shared/src/inventory/x12/purchase-order-850.ts): a hand-written 850 read into typed
 * fields, the builder writing exactly that interchange, a round trip, and a malformed 850 as an invalid document.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseInterchange } from '../../shared/src/inventory/x12/interchange.ts';
import { type PurchaseOrderInterchangeInput, buildPurchaseOrderInterchange } from '../../shared/src/inventory/x12/purchase-order-850.ts';

const fixture = readFileSync(new URL('../fixtures/x12/purchase-order-850.x12', import.meta.url), 'utf8');

const order: PurchaseOrderInterchangeInput = {
  sender: { qualifier: 'ZZ', id: 'PHARMACY001' },
  receiver: { qualifier: 'ZZ', id: 'WHOLESALER01' },
  controlNumber: 123,
  groupControlNumber: 45,
  createdAt: new Date('2024-03-15T18:32:00Z'),
  timeZone: 'America/New_York',
  poNumber: 'PO-1001',
  accountNumber: 'ACCT-778899',
  shipTo: { name: 'MAIN STREET PHARMACY', idQualifier: '11', id: 'BM1234563' },
  lines: [
    { ndc11: '00071015523', quantity: 12, unitCostCents: 425 },
    { ndc11: '59011041010', quantity: 3 },
  ],
};

describe('850 purchase order', () => {
  it('reads the hand-written 850', () => {
    const result = parseInterchange(fixture);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { raw, ...document } = result.interchange.groups[0]!.documents[0] as { raw: string };
    expect(document).toEqual({
      kind: '850',
      controlNumber: '0001',
      purpose: '00',
      orderType: 'SA',
      poNumber: 'PO-1001',
      orderDate: '2024-03-15',
      accountNumber: 'ACCT-778899',
      shipTo: { name: 'MAIN STREET PHARMACY', idQualifier: '11', id: 'BM1234563' },
      lines: [
        { lineNumber: '1', ndc11: '00071015523', quantity: 12, unit: 'EA', unitCostCents: 425 },
        { lineNumber: '2', ndc11: '59011041010', quantity: 3, unit: 'EA' },
      ],
    });
    expect(raw.split('\r\n')[0]).toBe('ST*850*0001~');
  });

  it('builds exactly the published layout (NDCs 5-4-2 with hyphens, the price left out when not given)', () => {
    expect(buildPurchaseOrderInterchange(order)).toBe(
      fixture.replaceAll('\r\n', '').replace('N4*59011041010', 'N4*59011-0410-10'),
    );
  });

  it('round-trips: the built 850 reads back to its input', () => {
    const result = parseInterchange(buildPurchaseOrderInterchange({ ...order, orderDate: '2024-03-14', lines: [{ ndc11: '00002322730', quantity: 100, unitCostCents: 123456 }] }));
    expect(result.ok && result.interchange.groups[0]!.documents[0]).toMatchObject({
      kind: '850', poNumber: 'PO-1001', orderDate: '2024-03-14', lines: [{ lineNumber: '1', ndc11: '00002322730', quantity: 100, unit: 'EA', unitCostCents: 123456 }],
    });
  });

  it('keeps delimiters out of the ship-to name and refuses them in identifiers', () => {
    expect(buildPurchaseOrderInterchange({ ...order, shipTo: { ...order.shipTo, name: 'SMITH*JONES~RX' } })).toContain('N1*ST*SMITH JONES RX*11*BM1234563~');
    expect(() => buildPurchaseOrderInterchange({ ...order, poNumber: 'PO~1' })).toThrow('The PO number "PO~1" holds a character X12 reserves');
    expect(() => buildPurchaseOrderInterchange({ ...order, lines: [] })).toThrow('A purchase order needs at least one line.');
    expect(() => buildPurchaseOrderInterchange({ ...order, lines: [{ ndc11: '0071-0155-23', quantity: 1 }] })).toThrow('An NDC must be 11 digits');
    expect(() => buildPurchaseOrderInterchange({ ...order, lines: [{ ndc11: '00071015523', quantity: 0 }] })).toThrow('Line 1: the quantity must be at least 1.');
  });

  it.each([
    ['a CTT not counting the PO1 lines', 'CTT*2~', 'CTT*3~', 'The CTT segment (segment 9) counts 3 PO1 lines, but the set has 2.'],
    ['a line priced in fractions of a cent', '*4.25**', '*4.255**', 'The unit price of PO1 segment 7 "4.255" has more than 2 decimals: amounts are in whole cents.'],
    ['a line without an NDC qualifier', '**N4*00071-0155-23', '**UP*00071-0155-23', 'The PO1 segment 7 does not identify its product by NDC (N4 in PO106).'],
    ['a malformed NDC', 'N4*00071-0155-23', 'N4*0071015523', 'NDC 0071015523 has 10 digits without hyphens'],
    ['no BEG', 'BEG*00*SA*PO-1001**20240315~', 'REF*ZZ*X~', 'The purchase order (850) has no BEG segment.'],
  ])('an 850 with %s is an invalid document, the rest of the interchange still reads', (_name, from, to, message) => {
    const result = parseInterchange(fixture.replace(from, to));
    expect(result.ok).toBe(true);
    const document = result.ok ? result.interchange.groups[0]!.documents[0] : undefined;
    expect(document).toMatchObject({ kind: 'invalid', id: '850', controlNumber: '0001' });
    expect((document as { error: string }).error).toContain(message);
  });
});

/**
 * The wholesaler's later documents (shared/src/inventory/x12/ship-notice-856.ts and invoice-810.ts): a hand-written
 * interchange (LF after each terminator, ':' as component separator) with an 856 group and an 810 group read into
 * typed fields, the builders writing the same segments, round trips, and malformed sets as invalid documents.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildInterchange } from '../../shared/src/inventory/x12/envelope.ts';
import { documentsOf, parseInterchange } from '../../shared/src/inventory/x12/interchange.ts';
import { type InvoiceInput, buildInvoiceInterchange, invoiceTransactionSet } from '../../shared/src/inventory/x12/invoice-810.ts';
import { type ShipNoticeInput, buildShipNoticeInterchange, shipNoticeTransactionSet } from '../../shared/src/inventory/x12/ship-notice-856.ts';

const fixture = readFileSync(new URL('../fixtures/x12/later-documents-856-810.x12', import.meta.url), 'utf8');

const header = {
  sender: { qualifier: 'ZZ', id: 'WHOLESALER01' },
  receiver: { qualifier: 'ZZ', id: 'PHARMACY001' },
  controlNumber: 5002,
  createdAt: new Date('2024-03-16T12:30:00Z'),
  timeZone: 'America/New_York',
};

const shipNotice: ShipNoticeInput = {
  shipmentId: 'SHP-20240316-01',
  noticeDate: '2024-03-16',
  noticeTime: '08:15',
  shipDate: '2024-03-16',
  carrier: { scac: 'UPSN', name: 'UPS GROUND' },
  trackingNumber: '1Z999AA10123456784',
  orders: [{
    poNumber: 'PO-1001',
    items: [
      { ndc11: '00071015523', lot: 'A12345', quantity: 8, expiry: '2026-01-31', serialNumbers: ['100000000001', '100000000002'] },
      { ndc11: '59011041020', lot: 'B777', quantity: 3, expiry: '2025-11-30' },
    ],
  }],
};

const invoice: InvoiceInput = {
  invoiceNumber: 'INV-88001',
  invoiceDate: '2024-03-16',
  poNumber: 'PO-1001',
  poDate: '2024-03-15',
  accountNumber: 'ACCT-778899',
  lines: [{ ndc11: '00071015523', quantity: 8, unitPriceCents: 425 }, { ndc11: '59011041020', quantity: 3, unitPriceCents: 1210 }],
};

function withoutRaw(document: unknown): unknown {
  const { raw: _raw, ...rest } = document as { raw: string };
  return rest;
}

describe('856 ship notice and 810 invoice', () => {
  it('reads the hand-written 856 and 810', () => {
    const result = parseInterchange(fixture);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.interchange.delimiters).toEqual({ element: '*', component: ':', segment: '~' });
    expect(result.interchange.groups.map((group) => [group.functionalId, group.controlNumber])).toEqual([['SH', 903], ['IN', 904]]);
    const [notice, bill] = documentsOf(result.interchange);
    expect(withoutRaw(notice)).toEqual({
      kind: '856',
      controlNumber: '0001',
      purpose: '00',
      shipmentId: 'SHP-20240316-01',
      noticeDate: '2024-03-16',
      noticeTime: '08:15',
      shipDate: '2024-03-16',
      carrier: { scac: 'UPSN', name: 'UPS GROUND' },
      trackingNumber: '1Z999AA10123456784',
      orders: [{
        poNumber: 'PO-1001',
        items: [
          { ndc11: '00071015523', lot: 'A12345', quantity: 8, unit: 'EA', expiry: '2026-01-31', serialNumbers: ['100000000001', '100000000002'] },
          { ndc11: '59011041020', lot: 'B777', quantity: 3, unit: 'EA', expiry: '2025-11-30', serialNumbers: [] },
        ],
      }],
    });
    expect(withoutRaw(bill)).toEqual({
      kind: '810',
      controlNumber: '0001',
      invoiceDate: '2024-03-16',
      invoiceNumber: 'INV-88001',
      poDate: '2024-03-15',
      poNumber: 'PO-1001',
      accountNumber: 'ACCT-778899',
      lines: [
        { lineNumber: '1', ndc11: '00071015523', quantity: 8, unit: 'EA', unitPriceCents: 425 },
        { lineNumber: '2', ndc11: '59011041020', quantity: 3, unit: 'EA', unitPriceCents: 1210 },
      ],
      totalCents: 7030,
      linesTotalCents: 7030,
    });
    expect((bill as { raw: string }).raw).toBe(
      'ST*810*0001~\nBIG*20240316*INV-88001*20240315*PO-1001~\nREF*IA*ACCT-778899~\nIT1*1*8*EA*4.25**N4*00071-0155-23~\n' +
      'IT1*2*3*EA*12.10**N4*59011-0410-20~\nTDS*7030~\nCTT*2~\nSE*8*0001~',
    );
  });

  it('builds the same segments (with our > component separator), the invoice total summed from the lines', () => {
    const text = buildInterchange(header, [
      { controlNumber: 903, transactionSets: [shipNoticeTransactionSet(shipNotice)] },
      { controlNumber: 904, transactionSets: [invoiceTransactionSet(invoice)] },
    ]);
    expect(text).toBe(fixture.replaceAll('\n', '').replace('*P*:~', '*P*>~'));
  });

  it('round-trips an 856 with two orders, an item without lot or expiry, and no carrier', () => {
    const text = buildShipNoticeInterchange({
      ...header, groupControlNumber: 1, shipmentId: 'S2', noticeDate: '2024-04-01', noticeTime: '23:59', shipDate: '2024-04-02',
      orders: [{ poNumber: 'A', items: [{ ndc11: '00002322730', quantity: 1 }] }, { poNumber: 'B', items: [{ ndc11: '00071015523', lot: 'L', quantity: 2 }] }],
    });
    expect(text).toContain('BSN*00*S2*20240401*2359*0004~HL*1**S~DTM*011*20240402~HL*2*1*O~PRF*A~HL*3*2*I~LIN**N4*00002-3227-30~SN1**1*EA~HL*4*1*O~PRF*B~HL*5*4*I~');
    expect(text).toContain('CTT*5~SE*16*0001~');
    const parsed = parseInterchange(text);
    expect(parsed.ok && withoutRaw(documentsOf(parsed.interchange)[0])).toEqual({
      kind: '856', controlNumber: '0001', purpose: '00', shipmentId: 'S2', noticeDate: '2024-04-01', noticeTime: '23:59', shipDate: '2024-04-02',
      orders: [
        { poNumber: 'A', items: [{ ndc11: '00002322730', quantity: 1, unit: 'EA', serialNumbers: [] }] },
        { poNumber: 'B', items: [{ ndc11: '00071015523', lot: 'L', quantity: 2, unit: 'EA', serialNumbers: [] }] },
      ],
    });
  });

  it('reads items nested under a pack level (HL P with MAN) as belonging to the order above', () => {
    const packed = fixture.replace('HL*3*2*I~', 'HL*3*2*P~\nMAN*GM*00312345678901234567~\nHL*5*3*I~').replace('CTT*4~\nSE*20*', 'CTT*5~\nSE*22*');
    const parsed = parseInterchange(packed);
    const notice = parsed.ok ? documentsOf(parsed.interchange)[0] : undefined;
    expect(notice?.kind === '856' && notice.orders[0]!.items.map((item) => [item.ndc11, item.lot, item.serialNumbers.length])).toEqual([
      ['00071015523', 'A12345', 2],
      ['59011041020', 'B777', 0],
    ]);
  });

  it('round-trips an 810 with a TDS that differs from the lines (a charge the reader does not itemise)', () => {
    const text = buildInvoiceInterchange({ ...header, groupControlNumber: 2, ...invoice, poDate: undefined, accountNumber: undefined, totalCents: 7530 });
    expect(text).toContain('BIG*20240316*INV-88001**PO-1001~IT1*1*8*EA*4.25**N4*00071-0155-23~');
    expect(text).toContain('TDS*7530~CTT*2~SE*7*0001~');
    const parsed = parseInterchange(text);
    expect(parsed.ok && documentsOf(parsed.interchange)[0]).toMatchObject({ kind: '810', totalCents: 7530, linesTotalCents: 7030, poNumber: 'PO-1001' });
  });

  it.each([
    ['a CTT not counting the HL levels', 'CTT*4~', 'CTT*3~', '856', 'The CTT segment (segment 21) counts 3 HL levels, but the set has 4.'],
    ['an item without SN1', 'SN1**3*EA~\n', '', '856', 'The item HL 4 has no SN1 (quantity shipped) segment.'],
    ['an item under a missing parent', 'HL*4*2*I', 'HL*4*9*I', '856', 'The HL segment 17 names parent 9, which does not come before it.'],
    ['an item outside any order', 'HL*4*2*I', 'HL*4*1*I', '856', 'The item HL 4 is not under an order (HL level O).'],
    ['a repeated HL id', 'HL*4*2*I', 'HL*3*2*I', '856', 'The HL segment 17 repeats hierarchical id 3.'],
    ['an order without PRF', 'PRF*PO-1001~\n', '', '856', 'The order HL 2 has no PRF (purchase order) segment.'],
    ['an expiry that is no date', 'DTM*036*20260131', 'DTM*036*20260132', '856', 'The expiry of DTM segment 14 "20260132" is not a calendar date.'],
    ['a unit price in fractions of a cent', '*4.25**N4*00071-0155-23~\nIT1', '*4.255**N4*00071-0155-23~\nIT1', '810', 'The unit price of IT1 segment 28 "4.255" has more than 2 decimals: amounts are in whole cents.'],
    ['a TDS with a decimal point', 'TDS*7030', 'TDS*70.30', '810', 'The invoice total TDS01 "70.30" must be whole cents (digits with 2 implied decimals).'],
    ['no TDS', 'TDS*7030~\n', 'REF*ZZ*1~\n', '810', 'The invoice (810) has no TDS segment.'],
  ])('%s makes that set invalid', (_name, from, to, id, message) => {
    expect(fixture).toContain(from);
    const result = parseInterchange(fixture.replace(from, to).replace('SE*20*', to === '' && id === '856' ? 'SE*19*' : 'SE*20*'));
    expect(result.ok).toBe(true);
    const invalid = result.ok ? documentsOf(result.interchange).find((document) => document.kind === 'invalid') : undefined;
    expect(invalid).toMatchObject({ kind: 'invalid', id, error: message });
  });
});

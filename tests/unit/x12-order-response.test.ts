/**
 * The wholesaler's answer to an 850 (shared/src/inventory/x12/functional-ack-997.ts and po-ack-855.ts): a
 * hand-written interchange with a 997 group and an 855 group read into typed fields, the builders writing exactly
 * that interchange, the 997 derived from a parsed group, and malformed acknowledgments as invalid documents.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildInterchange } from '../../shared/src/inventory/x12/envelope.ts';
import { buildFunctionalAckInterchange, functionalAckFor, functionalAckTransactionSet } from '../../shared/src/inventory/x12/functional-ack-997.ts';
import { documentsOf, parseInterchange } from '../../shared/src/inventory/x12/interchange.ts';
import { type PoAckInput, buildPoAckInterchange, poAckTransactionSet } from '../../shared/src/inventory/x12/po-ack-855.ts';

const fixture = readFileSync(new URL('../fixtures/x12/order-response-997-855.x12', import.meta.url), 'utf8');
const purchaseOrder = readFileSync(new URL('../fixtures/x12/purchase-order-850.x12', import.meta.url), 'utf8');

const header = {
  sender: { qualifier: 'ZZ', id: 'WHOLESALER01' },
  receiver: { qualifier: 'ZZ', id: 'PHARMACY001' },
  controlNumber: 5001,
  createdAt: new Date('2024-03-15T18:33:00Z'),
  timeZone: 'America/New_York',
};

const ack: PoAckInput = {
  ackType: 'AC',
  poNumber: 'PO-1001',
  poDate: '2024-03-15',
  acknowledgedOn: '2024-03-15',
  sellerOrderNumber: 'SO-55501',
  lines: [
    { ndc11: '00071015523', quantityOrdered: 12, unitPriceCents: 425, acks: [{ status: 'IA', quantity: 8 }, { status: 'IB', quantity: 4, expectedShipDate: '2024-03-22' }] },
    { ndc11: '59011041010', quantityOrdered: 3, acks: [{ status: 'IS', quantity: 3, substituteNdc11: '59011041020' }] },
  ],
};

function withoutRaw(document: unknown): unknown {
  const { raw: _raw, ...rest } = document as { raw: string };
  return rest;
}

describe('997 and 855 answering an 850', () => {
  it('reads the hand-written 997 and 855', () => {
    const result = parseInterchange(fixture);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.interchange.groups.map((group) => [group.functionalId, group.controlNumber])).toEqual([['FA', 901], ['PR', 902]]);
    const [functionalAck, poAck] = documentsOf(result.interchange).map(withoutRaw);
    expect(functionalAck).toEqual({
      kind: '997',
      controlNumber: '0001',
      acknowledgedGroup: { functionalId: 'PO', controlNumber: 45 },
      sets: [{ id: '850', controlNumber: '0001', status: 'A', errorCodes: [] }],
      groupStatus: 'A',
      includedCount: 1,
      receivedCount: 1,
      acceptedCount: 1,
      groupErrorCodes: [],
    });
    expect(poAck).toEqual({
      kind: '855',
      controlNumber: '0001',
      purpose: '00',
      ackType: 'AC',
      poNumber: 'PO-1001',
      poDate: '2024-03-15',
      acknowledgedOn: '2024-03-15',
      sellerOrderNumber: 'SO-55501',
      lines: [
        {
          lineNumber: '1', ndc11: '00071015523', quantityOrdered: 12, unit: 'EA', unitPriceCents: 425,
          acks: [{ status: 'IA', quantity: 8, unit: 'EA' }, { status: 'IB', quantity: 4, unit: 'EA', expectedShipDate: '2024-03-22' }],
        },
        { lineNumber: '2', ndc11: '59011041010', quantityOrdered: 3, unit: 'EA', acks: [{ status: 'IS', quantity: 3, unit: 'EA', substituteNdc11: '59011041020' }] },
      ],
    });
  });

  it('builds exactly that interchange: the 997 derived from the parsed 850 group, then the 855', () => {
    const parsedOrder = parseInterchange(purchaseOrder);
    if (!parsedOrder.ok) throw new Error(parsedOrder.error);
    const text = buildInterchange(header, [
      { controlNumber: 901, transactionSets: [functionalAckTransactionSet(functionalAckFor(parsedOrder.interchange.groups[0]!))] },
      { controlNumber: 902, transactionSets: [poAckTransactionSet(ack)] },
    ]);
    expect(text).toBe(fixture.replaceAll('\r\n', ''));
  });

  it('acknowledges an unknown set as not supported and an unreadable one as in error: the group partially accepted', () => {
    const twoSets = purchaseOrder
      .replace('GE*1*45', 'ST*832*0002~\r\nBCT*PC~\r\nSE*3*0002~\r\nST*850*0003~\r\nBEG*00*SA*X**20240399~\r\nSE*3*0003~\r\nGE*3*45');
    const parsed = parseInterchange(twoSets);
    if (!parsed.ok) throw new Error(parsed.error);
    const input = functionalAckFor(parsed.interchange.groups[0]!);
    expect(input.sets).toEqual([
      { id: '850', controlNumber: '0001', status: 'A' },
      { id: '832', controlNumber: '0002', status: 'R', errorCodes: ['1'] },
      { id: '850', controlNumber: '0003', status: 'R', errorCodes: ['5'] },
    ]);
    const built = buildFunctionalAckInterchange({ ...header, groupControlNumber: 9, ...input });
    expect(built).toContain('ST*997*0001~AK1*PO*45~AK2*850*0001~AK5*A~AK2*832*0002~AK5*R*1~AK2*850*0003~AK5*R*5~AK9*P*3*3*1~SE*10*0001~');
    const reread = parseInterchange(built);
    expect(reread.ok && withoutRaw(documentsOf(reread.interchange)[0])).toMatchObject({ groupStatus: 'P', includedCount: 3, receivedCount: 3, acceptedCount: 1 });
  });

  it('round-trips an 855 rejecting the order', () => {
    const text = buildPoAckInterchange({
      ...header, groupControlNumber: 3, ackType: 'RJ', poNumber: 'PO-9', poDate: '2024-03-01',
      lines: [{ lineNumber: '7', ndc11: '00002322730', quantityOrdered: 5, acks: [{ status: 'IR', quantity: 0 }] }],
    });
    expect(text).toContain('BAK*00*RJ*PO-9*20240301~PO1*7*5*EA***N4*00002-3227-30~ACK*IR*0*EA~CTT*1~SE*6*0001~');
    const parsed = parseInterchange(text);
    expect(parsed.ok && withoutRaw(documentsOf(parsed.interchange)[0])).toEqual({
      kind: '855', controlNumber: '0001', purpose: '00', ackType: 'RJ', poNumber: 'PO-9', poDate: '2024-03-01',
      lines: [{ lineNumber: '7', ndc11: '00002322730', quantityOrdered: 5, unit: 'EA', acks: [{ status: 'IR', quantity: 0, unit: 'EA' }] }],
    });
  });

  it('refuses a substitution without its NDC when building', () => {
    expect(() => poAckTransactionSet({ ...ack, lines: [{ ndc11: '00071015523', quantityOrdered: 1, acks: [{ status: 'IS', quantity: 1 }] }] })).toThrow(
      'Line 1: a substitution (IS) names the substitute NDC.',
    );
  });

  it.each([
    ['an ACK before any PO1', 'PO1*1*12*EA*4.25**N4*00071-0155-23~\r\nACK*IA*8*EA~', 'ACK*IA*8*EA~\r\nPO1*1*12*EA*4.25**N4*00071-0155-23~', 'The ACK segment 13 comes before any PO1 line.'],
    ['a substitute named by UPC', '****N4*59011-0410-20', '****UP*012345678905', 'The ACK segment 17 names its substitute by UP, not by NDC (N4).'],
    ['a backorder date that is no date', '*068*20240322', '*068*2024032', 'The date of ACK segment 15 "2024032" is not a date (CCYYMMDD).'],
    ['a CTT counting three lines', 'CTT*2~', 'CTT*3~', 'The CTT segment (segment 18) counts 3 PO1 lines, but the set has 2.'],
    ['an AK5 without AK2', 'AK2*850*0001~\r\nAK5*A~', 'AK5*A~\r\nAK2*850*0001~', 'The AK5 segment 5 has no AK2 before it.'],
    ['an AK9 without counts', 'AK9*A*1*1*1~', 'AK9*A~', 'The AK9 segment (segment 7) has no number of included sets (AK902).'],
  ])('%s makes that set invalid', (_name, from, to, message) => {
    expect(fixture).toContain(from);
    const result = parseInterchange(fixture.replace(from, to));
    const invalid = result.ok ? documentsOf(result.interchange).find((document) => document.kind === 'invalid') : undefined;
    expect(invalid && 'error' in invalid && invalid.error).toBe(message);
  });
});

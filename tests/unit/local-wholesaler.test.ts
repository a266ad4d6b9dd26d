/**
 * The local stack's test wholesaler (supabase/local/src/wholesaler/): what it decides and ships for an order
 * (fulfilment.ts, every behaviour control and every made-up value), and its HTTP side over node:http on a free
 * port — keys, content type, the 997 + 855 reply, the 856 and 810 in the outbox (GET /x12?after=), repeats,
 * whole-order rejection, and the packages' GS1 scans read back by the receiving parser.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseGs1ElementString } from '../../shared/src/inventory/gs1.ts';
import { documentsOf, parseInterchange, type X12Document } from '../../shared/src/inventory/x12/interchange.ts';
import { buildPurchaseOrderInterchange, type PurchaseOrderLineInput } from '../../shared/src/inventory/x12/purchase-order-850.ts';
import { loadConfig, statusLines } from '../../supabase/local/src/config.ts';
import { Accounts, configuredKeys } from '../../supabase/local/src/wholesaler/accounts.ts';
import {
  contractPriceCents, expiryFor, fulfil, lotFor, orderKey, serialsFor, type ShippedPackage,
} from '../../supabase/local/src/wholesaler/fulfilment.ts';
import { createWholesalerHttpServer } from '../../supabase/local/src/wholesaler/http.ts';

describe('its port', () => {
  it('is the port base + 5, printed as WHOLESALER_URL; STACK_WHOLESALER_PORT moves it alone', () => {
    expect(loadConfig({}).ports.wholesaler).toBe(54326);
    expect(statusLines(loadConfig({ STACK_PORT_BASE: '56321' }))).toContain('WHOLESALER_URL=http://127.0.0.1:56326');
    expect(loadConfig({ STACK_WHOLESALER_PORT: '2002' }).wholesalerUrl).toBe('http://127.0.0.1:2002');
  });
});

describe('fulfilment: values made from the PO number and order date', () => {
  it('the order key, lot and serials', () => {
    expect(orderKey('po-1001')).toBe('PO1001');
    expect(orderKey('2026/11/28-ABCDEFGHIJ')).toBe('ABCDEFGHIJ');
    expect(orderKey('--')).toBe('0');
    expect(lotFor('PO-1001', 3)).toBe('LPO1001-3');
    expect(serialsFor('PO-1001', 2, 3)).toEqual(['PO1001-2-0001', 'PO1001-2-0002', 'PO1001-2-0003']);
  });

  it('expiry: the last day of the month 24 months on', () => {
    expect(expiryFor('2026-11-28')).toBe('2028-11-30');
    expect(expiryFor('2026-02-10')).toBe('2028-02-29');
    expect(expiryFor('2027-12-31')).toBe('2029-12-31');
  });

  it('contract price: $10.00 plus the NDC\'s last four digits in cents', () => {
    expect(contractPriceCents('00071015523')).toBe(6523);
    expect(contractPriceCents('12345670000')).toBe(1000);
  });

  it('each behaviour control, in order', () => {
    const result = fulfil({
      poNumber: 'PO-7',
      purpose: '00',
      orderDate: '2026-11-28',
      lines: [
        { lineNumber: '1', ndc11: '00071015523', quantity: 2 },
        { lineNumber: '2', ndc11: '59011041099', quantity: 999 },
        { lineNumber: '3', ndc11: '60505267109', quantity: 999, unitCostCents: 1234 },
        { lineNumber: '4', ndc11: '12345678998', quantity: 150 },
        { lineNumber: '5', ndc11: '00002322730', quantity: 101 },
      ],
    });
    expect(result.decisions.map((decision) => [decision.status, decision.ackQuantity, decision.shippedQuantity, decision.shippedNdc11, decision.unitPriceCents])).toEqual([
      ['IA', 2, 2, '00071015523', 6523],
      // NDC ending 99 is rejected even at quantity 999
      ['IR', 999, 0, '59011041099', 1000 + 1099],
      ['IB', 999, 0, '60505267109', 1234],
      // substituted by …97 and capped at 100, priced as the substitute
      ['IS', 100, 100, '12345678997', 1000 + 8997],
      ['IQ', 100, 100, '00002322730', 1000 + 2730],
    ]);
    expect(result.decisions[2]!.expectedShipDate).toBe('2026-12-05');
    expect(result.shipped.map((item) => [item.ndc11, item.lot, item.quantity, item.expiry, item.serialNumbers.length])).toEqual([
      ['00071015523', 'LPO7-1', 2, '2028-11-30', 2],
      ['12345678997', 'LPO7-4', 100, '2028-11-30', 100],
      ['00002322730', 'LPO7-5', 100, '2028-11-30', 100],
    ]);
    expect([result.shipDate, result.shipmentId, result.trackingNumber, result.invoiceNumber]).toEqual(['2026-11-29', 'SHPO7', '1ZTWPO7', 'INPO7']);
  });

  it('refuses a whole order that is not an original or has more than 100 lines', () => {
    const line = { lineNumber: '1', ndc11: '00071015523', quantity: 1 };
    expect(fulfil({ poNumber: 'P', purpose: '01', orderDate: '2026-11-28', lines: [line] })).toMatchObject({ rejected: expect.stringContaining('not an original'), shipped: [] });
    expect(fulfil({ poNumber: 'P', purpose: '00', orderDate: '2026-11-28', lines: Array(101).fill(line) })).toMatchObject({ rejected: expect.stringContaining('101 lines'), shipped: [] });
  });
});

describe('accounts: which keys', () => {
  it('the demo key, test- keys, and WHOLESALER_API_KEYS', () => {
    const accounts = new Accounts(configuredKeys({ WHOLESALER_API_KEYS: ' pharmacy-a , ,pharmacy-b' }));
    expect(['demo-wholesaler-key', 'test-1', 'pharmacy-a', 'pharmacy-b'].map((key) => accounts.accepts(key))).toEqual([true, true, true, true]);
    expect(['', 'test-', 'demo', 'pharmacy-c', `test-${'x'.repeat(300)}`].map((key) => accounts.accepts(key))).toEqual([false, false, false, false, false]);
  });
});

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let server: http.Server;
let port: number;
const logged: string[] = [];

beforeAll(async () => {
  server = createWholesalerHttpServer({ accounts: new Accounts(), now: () => new Date('2026-11-28T18:30:00Z'), log: (line) => logged.push(line) });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function request(method: string, path: string, options: { key?: string; body?: string; contentType?: string; host?: string } = {}): Promise<Reply> {
  const headers: http.OutgoingHttpHeaders = { host: options.host ?? `127.0.0.1:${port}` };
  if (options.key !== undefined) headers.authorization = `Bearer ${options.key}`;
  if (options.body !== undefined) headers['content-type'] = options.contentType ?? 'application/edi-x12';
  return new Promise((resolve, reject) => {
    const outgoing = http.request({ host: '127.0.0.1', port, method, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

function purchaseOrder(poNumber: string, lines: PurchaseOrderLineInput[], controlNumber = 1): string {
  return buildPurchaseOrderInterchange({
    sender: { qualifier: 'ZZ', id: 'PHARMACY01' },
    receiver: { qualifier: 'ZZ', id: 'WHOLESALER' },
    controlNumber,
    createdAt: new Date('2026-11-28T15:00:00Z'),
    usage: 'T',
    groupControlNumber: controlNumber,
    poNumber,
    orderDate: '2026-11-28',
    accountNumber: 'ACCT42',
    shipTo: { name: 'Demo Pharmacy', idQualifier: '11', id: 'AB1234563' },
    lines,
  });
}

function documents(body: string): X12Document[] {
  const parsed = parseInterchange(body);
  if (!parsed.ok) throw new Error(parsed.error);
  return documentsOf(parsed.interchange);
}

const ORDER_LINES: PurchaseOrderLineInput[] = [
  { ndc11: '00071015523', quantity: 2 },
  { ndc11: '59011041099', quantity: 1 },
  { ndc11: '60505267109', quantity: 999, unitCostCents: 1234 },
  { ndc11: '12345678998', quantity: 3 },
];

describe('HTTP', () => {
  it('/health needs no key; other routes and methods are refused plainly', async () => {
    expect(await request('GET', '/health')).toMatchObject({ status: 200, body: 'ok' });
    expect((await request('GET', '/nowhere')).status).toBe(404);
    expect(await request('DELETE', '/x12', { key: 'test-a' })).toMatchObject({ status: 405, headers: { allow: 'GET, POST' } });
    expect((await request('GET', '/health', { host: 'rebound.example:80' })).status).toBe(403);
  });

  it('asks for a key it accepts', async () => {
    const missing = await request('POST', '/x12', { body: purchaseOrder('PO-1', ORDER_LINES) });
    expect(missing.status).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="test-wholesaler"');
    expect((await request('GET', '/x12', { key: 'wrong-key' })).status).toBe(401);
    expect((await request('GET', '/x12', { key: 'demo-wholesaler-key' })).status).toBe(204);
  });

  it('takes X12 only, and says why an interchange cannot be read', async () => {
    expect((await request('POST', '/x12', { key: 'test-b', body: '{}', contentType: 'application/json' })).status).toBe(415);
    const unreadable = await request('POST', '/x12', { key: 'test-b', body: 'ISA*00*nonsense~' });
    expect(unreadable.status).toBe(400);
    expect(unreadable.body).toMatch(/^The interchange cannot be read: /);
    expect((await request('GET', '/x12?after=-1', { key: 'test-b' })).status).toBe(400);
  });

  it('answers an 850 with a 997 and an 855 at once, then serves the 856 and the 810 in order', async () => {
    const key = 'test-flow';
    const reply = await request('POST', '/x12', { key, body: purchaseOrder('PO-1001', ORDER_LINES), contentType: 'application/EDI-X12; charset=utf-8' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/edi-x12');
    expect(reply.headers['x12-interchange-control-number']).toBe('1');
    expect(reply.headers['x12-transaction-sets']).toBe('997,855');
    const parsedReply = parseInterchange(reply.body);
    expect(parsedReply.ok && { sender: parsedReply.interchange.sender, receiver: parsedReply.interchange.receiver, usage: parsedReply.interchange.usage }).toEqual({
      sender: { qualifier: 'ZZ', id: 'WHOLESALER' },
      receiver: { qualifier: 'ZZ', id: 'PHARMACY01' },
      usage: 'T',
    });
    const [ack, poAck] = documents(reply.body);
    expect(ack).toMatchObject({ kind: '997', acknowledgedGroup: { functionalId: 'PO', controlNumber: 1 }, groupStatus: 'A', sets: [{ id: '850', status: 'A' }] });
    expect(poAck).toMatchObject({ kind: '855', ackType: 'AC', poNumber: 'PO-1001', poDate: '2026-11-28', acknowledgedOn: '2026-11-28', sellerOrderNumber: 'SOPO1001' });
    expect(poAck?.kind === '855' && poAck.lines.map((line) => [line.ndc11, line.quantityOrdered, line.unitPriceCents, line.acks])).toEqual([
      ['00071015523', 2, 6523, [{ status: 'IA', quantity: 2, unit: 'EA' }]],
      ['59011041099', 1, 2099, [{ status: 'IR', quantity: 1, unit: 'EA' }]],
      ['60505267109', 999, 1234, [{ status: 'IB', quantity: 999, unit: 'EA', expectedShipDate: '2026-12-05' }]],
      ['12345678998', 3, 9997, [{ status: 'IS', quantity: 3, unit: 'EA', substituteNdc11: '12345678997' }]],
    ]);

    const shipNotice = await request('GET', '/x12?after=1', { key });
    expect(shipNotice.headers).toMatchObject({ 'x12-interchange-control-number': '2', 'x12-transaction-sets': '856', 'x12-remaining': '1' });
    expect(documents(shipNotice.body)).toEqual([
      expect.objectContaining({
        kind: '856',
        shipmentId: 'SHPO1001',
        shipDate: '2026-11-29',
        trackingNumber: '1ZTWPO1001',
        carrier: { scac: 'TWDL', name: 'Test Wholesaler Delivery' },
        orders: [{
          poNumber: 'PO-1001',
          items: [
            { ndc11: '00071015523', lot: 'LPO1001-1', quantity: 2, unit: 'EA', expiry: '2028-11-30', serialNumbers: ['PO1001-1-0001', 'PO1001-1-0002'] },
            { ndc11: '12345678997', lot: 'LPO1001-4', quantity: 3, unit: 'EA', expiry: '2028-11-30', serialNumbers: ['PO1001-4-0001', 'PO1001-4-0002', 'PO1001-4-0003'] },
          ],
        }],
      }),
    ]);

    const invoice = await request('GET', '/x12?after=2', { key });
    expect(invoice.headers).toMatchObject({ 'x12-interchange-control-number': '3', 'x12-transaction-sets': '810', 'x12-remaining': '0' });
    expect(documents(invoice.body)).toEqual([
      expect.objectContaining({
        kind: '810',
        invoiceNumber: 'INPO1001',
        invoiceDate: '2026-11-29',
        poNumber: 'PO-1001',
        poDate: '2026-11-28',
        accountNumber: 'ACCT42',
        // 2 × $65.23 + 3 × $99.97
        totalCents: 2 * 6523 + 3 * 9997,
        linesTotalCents: 43037,
      }),
    ]);
    expect((await request('GET', '/x12?after=3', { key })).status).toBe(204);
    // after=0 replays everything the account was sent, the reply first
    expect((await request('GET', '/x12', { key })).headers['x12-interchange-control-number']).toBe('1');
    expect(logged).toContain('PO PO-1001: IA IR IB IS; 2 line(s) shipping');

    // Another key is another account.
    expect((await request('GET', '/x12?after=0', { key: 'test-someone-else' })).status).toBe(204);

    // The same PO again is acknowledged again but not shipped twice.
    const again = await request('POST', '/x12', { key, body: purchaseOrder('PO-1001', ORDER_LINES, 2) });
    expect(again.headers['x12-interchange-control-number']).toBe('4');
    expect(documents(again.body)[1]).toMatchObject({ kind: '855', ackType: 'AC' });
    expect((await request('GET', '/x12?after=4', { key })).status).toBe(204);
  });

  it('gives the packages shipped with their DataMatrix data, which the receiving parser reads back', async () => {
    const key = 'test-packages';
    await request('POST', '/x12', { key, body: purchaseOrder('PO-2002', [{ ndc11: '00071015523', quantity: 2 }]) });
    const reply = await request('GET', '/packages?po=PO-2002', { key });
    expect(reply.status).toBe(200);
    const { packages } = JSON.parse(reply.body) as { packages: ShippedPackage[] };
    expect(packages[0]).toEqual({
      ndc11: '00071015523',
      ndc: '00071-0155-23',
      gtin: '00300710155237',
      lot: 'LPO2002-1',
      expiry: '2028-11-30',
      serial: 'PO2002-1-0001',
      scan: '01003007101552371728113010LPO2002-1\u001d21PO2002-1-0001',
      humanReadable: '(01)00300710155237(17)281130(10)LPO2002-1(21)PO2002-1-0001',
    });
    const scanned = parseGs1ElementString(`]d2${packages[1]!.scan!}\r\n`, { referenceDate: '2026-11-30' });
    expect(scanned.ok && scanned.value.ndc11Candidates.some((candidate) => candidate.ndc11 === '00071015523')).toBe(true);
    expect(scanned.ok && [scanned.value.lot, scanned.value.serial, scanned.value.expiration]).toEqual(['LPO2002-1', 'PO2002-1-0002', '2028-11-30']);
    expect((await request('GET', '/packages?po=PO-9', { key })).status).toBe(404);
  });

  it('rejects a whole order of more than 100 lines (855 RJ) and queues nothing', async () => {
    const key = 'test-big';
    const lines = Array.from({ length: 101 }, () => ({ ndc11: '00071015523', quantity: 1 }));
    const reply = await request('POST', '/x12', { key, body: purchaseOrder('PO-BIG', lines) });
    expect(documents(reply.body)[1]).toMatchObject({ kind: '855', ackType: 'RJ', lines: [] });
    expect((await request('GET', '/x12?after=1', { key })).status).toBe(204);
  });
});

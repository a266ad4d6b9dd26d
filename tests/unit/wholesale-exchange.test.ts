/**
 * The wholesale exchange policy (edge-functions/api/wholesale/wholesale-exchange.ts) against the test wholesaler's
 * own X12 answering (supabase/local/src/wholesaler/x12-exchange.ts) through a fetch double, with a store that
 * keeps what would be recorded: the 850 as sent (ISA/GS/ST/BEG/N1/PO1 N4 5-4-2/CTT), the answer's 997 and 855 read
 * and recorded, a sync that walks ?after= until 204, and every failure (refused key, redirect, oversize answer,
 * not X12, addressed to someone else, an address hosted may not call) recorded as an error — never a throw.
 * Also the scans → receipt items rule (shared/src/inventory/wholesale.ts).
 */
import { describe, expect, it } from 'vitest';
import { gtinForNdc } from '../../shared/src/inventory/gtin.ts';
import { packageElementString } from '../../shared/src/inventory/gs1.ts';
import { receiptItemsFrom, wholesalerFromRow } from '../../shared/src/inventory/wholesale.ts';
import { Account } from '../../supabase/local/src/wholesaler/accounts.ts';
import { answerInterchange } from '../../supabase/local/src/wholesaler/x12-exchange.ts';
import {
  type ExchangeContext, type ExchangeRecord, type ExchangeSetup, purchaseOrderInterchange, readAnswer, submitOrder, syncWholesaler,
  testConnection,
} from '../../edge-functions/api/wholesale/wholesale-exchange.ts';

const SETUP: ExchangeSetup = {
  wholesalerId: 'w-1', name: 'Test Wholesaler', apiEndpoint: 'http://127.0.0.1:9/api', apiKey: 'test-key', accountNumber: 'ACC-1',
  partnerId: 'TESTWHOLESALER', pharmacyName: 'Main Street Pharmacy', pharmacyDeaNumber: 'FM1234563', timeZone: 'America/Chicago',
  lastReceivedControlNumber: 0, controlNumber: null,
};
const ORDER = {
  orderId: 'o-1', poNumber: 'PO00000042', orderDate: '2026-11-28',
  lines: [{ ndc11: '00071015523', quantity: 2, unitCostCents: null }, { ndc11: '12345067898', quantity: 1, unitCostCents: 1250 }],
};

/** A store that hands out control numbers like the database and keeps each record. */
function memoryStore(lastReceived = 0) {
  let next = 7;
  const records: ExchangeRecord[] = [];
  const seen = new Set<string>();
  return {
    records,
    store: {
      async setup(_id: string, take: boolean) {
        return { ...SETUP, lastReceivedControlNumber: lastReceived, controlNumber: take ? next++ : null };
      },
      async record(exchange: ExchangeRecord) {
        records.push(exchange);
        const fresh = exchange.documents.filter((entry) => {
          const key = `${entry.direction}/${entry.interchangeControlNumber}/${entry.groupControlNumber}/${entry.document.controlNumber}`;
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        });
        if (exchange.purpose === 'sync' && exchange.receivedInterchange !== null) lastReceived = Math.max(lastReceived, exchange.receivedInterchange);
        return {
          recorded: fresh.length, repeated: exchange.documents.length - fresh.length,
          newSets: fresh.filter((e) => e.direction === 'in').map((e) => e.document.kind), refused: [],
        };
      },
    },
  };
}

/** The test wholesaler in process: POST /x12 and GET /x12?after= as its HTTP side answers them. */
function wholesalerFetch(account = new Account()) {
  const now = new Date('2026-11-28T15:00:00Z');
  return async (input: string, init?: RequestInit): Promise<Response> => {
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer test-key');
    const url = new URL(input);
    expect(url.pathname).toBe('/api/x12');
    if (init?.method === 'POST') {
      expect(new Headers(init.headers).get('Content-Type')).toBe('application/edi-x12');
      const exchange = answerInterchange(String(init.body), account, now);
      if (!exchange.ok) return new Response(exchange.error, { status: 400 });
      return new Response(exchange.response.body, { status: 200, headers: { 'content-type': 'application/edi-x12' } });
    }
    const next = account.nextAfter(Number(url.searchParams.get('after')));
    return next ? new Response(next.interchange.body, { status: 200 }) : new Response(null, { status: 204 });
  };
}

function context(store: ReturnType<typeof memoryStore>['store'], fetch: ExchangeContext['fetch'], hosted = false): ExchangeContext {
  return { store, fetch, actorUserId: 'user-1', outbound: { hosted, resolve: async () => ['93.184.216.34'] }, now: () => new Date('2026-11-28T15:00:00Z') };
}

describe('the 850', () => {
  it('is an 004010 purchase order from the account to the partner, NDCs as N4 in 5-4-2 form', () => {
    const text = purchaseOrderInterchange({ ...SETUP, controlNumber: 42 }, ORDER, new Date('2026-11-28T15:00:00Z'));
    const segments = text.split('~').filter((segment) => segment !== '');
    expect(segments[0]).toMatch(/^ISA\*00\* {10}\*00\* {10}\*ZZ\*ACC-1 {10}\*ZZ\*TESTWHOLESALER \*261128\*0900\*U\*00401\*000000042\*0\*P\*>$/);
    expect(segments.slice(1)).toEqual([
      'GS*PO*ACC-1*TESTWHOLESALER*20261128*0900*42*X*004010',
      'ST*850*0001',
      'BEG*00*SA*PO00000042**20261128',
      'REF*IA*ACC-1',
      'N1*ST*Main Street Pharmacy*11*FM1234563',
      'PO1*1*2*EA***N4*00071-0155-23',
      'PO1*2*1*EA*12.50**N4*12345-0678-98',
      'CTT*2',
      'SE*8*0001',
      'GE*1*42',
      'IEA*1*000000042',
    ]);
  });
});

describe('submitting, syncing and testing', () => {
  it('a submission records the 850 sent and the 997 and 855 that answer it', async () => {
    const { store, records } = memoryStore();
    const result = await submitOrder(context(store, wholesalerFetch()), 'w-1', ORDER);
    expect(result).toMatchObject({ ok: true, documents: ['997', '855'] });
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ purpose: 'submit', orderId: 'o-1', requestMethod: 'POST', outcome: 'ok', responseStatus: 200 });
    expect(records[0]!.documents.map((entry) => [entry.direction, entry.document.kind])).toEqual([['out', '850'], ['in', '997'], ['in', '855']]);
    expect(records[0]!.documents[0]!.interchangeControlNumber).toBe(7);
    const ack = records[0]!.documents[2]!.document;
    expect(ack.kind === '855' && ack.lines.map((line) => line.acks[0]!.status)).toEqual(['IA', 'IS']);
  });

  it('a sync walks ?after= to 204, one record per interchange, and a second sync finds nothing new', async () => {
    const account = new Account();
    const { store, records } = memoryStore();
    await submitOrder(context(store, wholesalerFetch(account)), 'w-1', ORDER);
    const synced = await syncWholesaler(context(store, wholesalerFetch(account)), 'w-1');
    expect(synced.ok).toBe(true);
    // The POST's own answer comes again (already recorded), then the 856 and the 810.
    expect(synced.documents).toEqual(['856', '810']);
    expect(records.filter((record) => record.purpose === 'sync').map((record) => record.documents.map((entry) => entry.document.kind))).toEqual([
      ['997', '855'], ['856'], ['810'],
    ]);
    const again = await syncWholesaler(context(store, wholesalerFetch(account)), 'w-1');
    expect(again).toMatchObject({ ok: true, documents: [], message: 'Test Wholesaler: no new documents' });
  });

  it('Test Connection asks for nothing after the highest control number and reports the answer', async () => {
    const { store, records } = memoryStore();
    const tested = await testConnection(context(store, wholesalerFetch()), 'w-1');
    expect(tested).toMatchObject({ ok: true, message: expect.stringContaining('HTTP 204') });
    expect(records[0]).toMatchObject({ purpose: 'test', requestUrl: 'http://127.0.0.1:9/api/x12?after=999999999', outcome: 'ok' });
  });

  // Whether the order may have reached the wholesaler decides whether it may be sent again (never a second 850 for a PO it may hold).
  it.each([
    ['a refused key', async () => new Response('no such key', { status: 401 }), 'The wholesaler refused the API key (HTTP 401): no such key', false],
    ['a redirect', async () => new Response(null, { status: 302, headers: { location: 'http://10.0.0.1/' } }), 'redirect (HTTP 302)', false],
    ['no answer', async () => { throw new TypeError('connection refused'); }, 'could not be reached (connection refused)', false],
    ['a timeout', async () => { throw new DOMException('The operation timed out.', 'TimeoutError'); }, 'did not answer within 15 seconds', true],
    ['a server error', async () => new Response('oops', { status: 502 }), 'The wholesaler answered HTTP 502: oops', true],
    ['an answer over 2 MB', async () => new Response('x'.repeat(2 * 1024 * 1024 + 1), { status: 200 }), 'larger than 2 MB', true],
    ['an answer that is not X12', async () => new Response('<html>maintenance</html>', { status: 200 }), 'not an X12 interchange we can read', true],
  ])('%s is recorded as an error, not thrown', async (_name, fetch, message, orderSent) => {
    const { store, records } = memoryStore();
    const result = await submitOrder(context(store, fetch as ExchangeContext['fetch']), 'w-1', ORDER);
    expect(result.ok).toBe(false);
    expect(result.message).toContain(message);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ purpose: 'submit', orderId: 'o-1', outcome: 'error', documents: [], orderSent });
    expect(records[0]!.detail).toContain(message);
    expect(records[0]!.detail.includes('do not submit it again')).toBe(orderSent);
  });

  it('a sync moves past an interchange it cannot read (kept raw), and reads the next', async () => {
    const account = new Account();
    const { store, records } = memoryStore();
    await submitOrder(context(store, wholesalerFetch(account)), 'w-1', ORDER);
    const real = wholesalerFetch(account);
    const broken = `ISA*00*          *00*          *ZZ*TESTWHOLESALER *ZZ*ACC-1          *261128*0900*U*00401*000000001*0*P*>~GS*PR*BROKEN`;
    const fetch = async (input: string, init?: RequestInit) =>
      new URL(input).searchParams.get('after') === '0' ? new Response(broken, { status: 200 }) : real(input, init);
    const synced = await syncWholesaler(context(store, fetch), 'w-1');
    expect(synced.ok).toBe(false);
    expect(synced.documents).toEqual(['856', '810']);
    const first = records.filter((record) => record.purpose === 'sync')[0]!;
    expect(first).toMatchObject({ outcome: 'error', receivedInterchange: 1, responseBody: broken });
  });

  it('hosted: an endpoint inside the network is refused before any call, and recorded', async () => {
    const { store, records } = memoryStore();
    let called = false;
    const result = await testConnection(context(store, async () => { called = true; return new Response(null, { status: 204 }); }, true), 'w-1');
    expect(called).toBe(false);
    expect(result).toMatchObject({ ok: false, message: 'The address must use https://' });
    expect(records[0]).toMatchObject({ outcome: 'error', detail: 'The address must use https://' });
  });

  it('an interchange addressed to another account is not read', async () => {
    const account = new Account();
    const { store } = memoryStore();
    await submitOrder(context(store, wholesalerFetch(account)), 'w-1', ORDER);
    const answer = account.nextAfter(0)!.interchange.body;
    expect(readAnswer(answer, { ...SETUP, accountNumber: 'OTHER' })).toEqual({ ok: false, error: "The wholesaler's interchange is addressed to ACC-1, not to account OTHER" });
  });
});

describe('scans and typed lines → receipt items', () => {
  const gtin = gtinForNdc('00071015523', '4-4-2');
  const scan = (serial: string, lot = 'LOT7') => packageElementString({ gtin, expiration: '2028-11-30', lot, serial });
  const orderNdcs = new Set(['00071015523']);

  it('each scan is one package with its NDC, lot, expiry and serial; a typed line keeps its quantity', () => {
    expect(receiptItemsFrom({ scans: [scan('S1'), `(01)${gtin}(17)281130(10)LOT8(21)S2`], lines: [{ ndc: '00071015523', lot: 'L9', expiration: '2029-01-31', quantity: 4 }] }, orderNdcs, '2026-11-28')).toEqual({
      ok: true,
      items: [
        { ndc11: '00071015523', lot: 'LOT7', expiry: '2028-11-30', packages: 1, serial: 'S1' },
        { ndc11: '00071015523', lot: 'LOT8', expiry: '2028-11-30', packages: 1, serial: 'S2' },
        { ndc11: '00071015523', lot: 'L9', expiry: '2029-01-31', packages: 4 },
      ],
    });
  });

  it('names each scan it cannot take', () => {
    const caseLabel = packageElementString({ gtin: gtinForNdc('00071015523', '4-4-2', 1), expiration: '2028-11-30', lot: 'LOT7', serial: 'C1' });
    const other = packageElementString({ gtin: gtinForNdc('12345067898', '5-3-2'), expiration: '2028-11-30', lot: 'LOT7', serial: 'X1' });
    const result = receiptItemsFrom({ scans: [scan('S1'), scan('S1'), caseLabel, other, '(01)123'], lines: [] }, orderNdcs, '2026-11-28');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors).toEqual([
      'Scan 2: Package serial S1 was scanned twice',
      'Scan 3: This is a case or bundle label: scan each package inside it',
      'Scan 4: NDC 1234-5678-98 is not on this order: set the package aside and call the wholesaler',
      expect.stringMatching(/^Scan 5: /),
    ]);
  });
});

describe('the wholesaler as staff see it', () => {
  it('shows the key masked and the documents it has sent as features', () => {
    expect(wholesalerFromRow({
      id: 'w', name: 'McKesson', status: 'connected', status_detail: null, api_endpoint: 'https://edi.example', account_number: 'A1',
      daily_order_cutoff: '14:00:00', api_key_last4: 'wxyz', last_sync_at: null, last_exchange_at: null, partner_id: 'MCK', documents_seen: ['810', '997'],
    })).toMatchObject({ apiKeyMasked: '••••••••wxyz', dailyOrderCutoff: '14:00', features: ['Invoices (810)', 'EDI acknowledgements (997)'] });
  });
});

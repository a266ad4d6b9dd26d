/**
 * The test claims switch over HTTP (supabase/local/src/claims-switch/http.ts, d0-exchange.ts), served in-process on
 * a free port: whatever a POST carries, a D.0 answer (HTTP 200). A transmission the codec cannot read — garbage, a
 * wrong version, transaction code or count, a bad date, broken framing, bytes that are not ASCII — is a readable
 * D.0 reject at the header (501-F1 R) with the External Code List's code for the first thing wrong and the codec's
 * sentence as the message, which the edge (claim-messages.ts) records as a rejected claim. Only transport errors are
 * HTTP errors (415, 413, 405). A paid secondary claim carries the other payer amount recognized (566-J5).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, answerSummary } from '../../edge-functions/api/claims/claim-messages.ts';
import { D0_MAX_BYTES } from '../../shared/src/billing/ncpdp/d0-framing.ts';
import { type BillingRequest, buildClaimRequest, type EligibilityRequest } from '../../shared/src/billing/ncpdp/d0-request.ts';
import { type ClaimResponse, parseClaimResponse } from '../../shared/src/billing/ncpdp/d0-response.ts';
import { ClaimHistory } from '../../supabase/local/src/claims-switch/claim-history.ts';
import { createSwitchHttpServer } from '../../supabase/local/src/claims-switch/http.ts';

const NPI = '1234567893';
const TODAY = '2026-11-20';
let server: http.Server;
let url: string;

beforeAll(async () => {
  const history = new ClaimHistory();
  server = createSwitchHttpServer({
    // Atorvastatin at NADAC $0.08 a tablet; no formulary entry (the sheet's rule for unlisted drugs).
    contextFor: async () => ({ history, formulary: () => undefined, drugPrices: () => ({ nadacUnitMillicents: 8_000 }), processedOn: TODAY }),
    history,
    today: () => TODAY,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/d0`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const header = { bin: '999001', processorControlNumber: 'DEMOCOM', serviceProviderIdQualifier: '01', serviceProviderId: NPI, dateOfService: '2026-11-10', softwareVendorCertificationId: '' };

/** Tyrone Jackson on Demo Commercial Rx. */
const eligibility: EligibilityRequest = {
  transactionCode: 'E1', header,
  patient: { dateOfBirth: '1979-06-11', firstName: 'Tyrone', lastName: 'Jackson' },
  insurance: { cardholderId: 'DEMO000104', groupId: 'DEMOGRP01', personCode: '001', patientRelationshipCode: 1 },
};

/** Dolores Fairbanks on Demo Medicaid, second after Demo Part D, which paid $10.00 and left her $5.00. */
const secondary: BillingRequest = {
  transactionCode: 'B1',
  header: { ...header, bin: '999003', processorControlNumber: 'DEMOMCD' },
  patient: { dateOfBirth: '1955-12-28', firstName: 'Dolores', lastName: 'Fairbanks' },
  insurance: { cardholderId: 'DEMO000303', personCode: '001', patientRelationshipCode: 1 },
  transactions: [{
    claim: {
      rxReferenceQualifier: '1', rxNumber: '1000123', productIdQualifier: '03', productId: '00378212377', quantityDispensedThousandths: 30_000,
      fillNumber: 0, daysSupply: 30, compoundCode: 1, dispenseAsWrittenCode: '0', dateWritten: '2026-11-01', otherCoverageCode: 2,
    },
    coordinationOfBenefits: { otherPayments: [{ coverageType: '01', payerIdQualifier: '03', payerId: '999002', amountsPaid: [{ qualifier: '07', amountCents: 1_000 }], patientResponsibility: [{ qualifier: '06', amountCents: 500 }] }] },
    pricing: { ingredientCostCents: 4_500, dispensingFeeCents: 200, usualAndCustomaryCents: 5_999, grossAmountDueCents: 4_700 },
  }],
};

function ascii(bytes: Uint8Array): string {
  return String.fromCharCode(...bytes);
}

async function post(body: Uint8Array | string, contentType = 'application/octet-stream') {
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': contentType }, body: typeof body === 'string' ? Uint8Array.from(body, (c) => c.charCodeAt(0) & 0xff) : body as Uint8Array<ArrayBuffer> });
  return { status: response.status, contentType: response.headers.get('content-type'), bytes: new Uint8Array(await response.arrayBuffer()) };
}

async function d0Answer(body: Uint8Array | string): Promise<ClaimResponse> {
  const answer = await post(body);
  expect(answer.status).toBe(200);
  expect(answer.contentType).toBe('application/octet-stream');
  const parsed = parseClaimResponse(answer.bytes);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.response;
}

const E1 = ascii(buildClaimRequest(eligibility));

describe('a transmission the switch cannot read is answered in D.0', () => {
  it.each([
    ['garbage', 'hello, switch', 'R8', 'Syntax Error', 'B1', '', TODAY],
    ['a header cut short', E1.slice(0, 40), 'R8', 'Syntax Error', 'B1', '', TODAY],
    ['a BIN that is not digits', `99900X${E1.slice(6)}`, '01', 'M/I BIN Number', 'E1', NPI, '2026-11-10'],
    ['another version', E1.replace('999001D0E1', '999001D1E1'), '1R', 'Version/Release Not Supported', 'E1', NPI, '2026-11-10'],
    ['an unknown transaction code', E1.replace('999001D0E1', '999001D0N1'), '1S', 'Transaction Code/Type Not Supported', 'B1', NPI, '2026-11-10'],
    ['a transaction count that is not 1 to 4', `${E1.slice(0, 20)}7${E1.slice(21)}`, 'A9', 'M/I Transaction Count', 'E1', NPI, '2026-11-10'],
    ['a date of service that is not a date', E1.replace('20261110', '20261340'), '15', 'M/I Date Of Service', 'E1', NPI, TODAY],
    ['a broken segment', `${E1}\x1eAM07`, 'R8', 'Syntax Error', 'E1', NPI, '2026-11-10'],
    ['a byte that is not ASCII', E1.replace('Tyrone', 'Zo\xc3\xab'), 'R8', 'Syntax Error', 'E1', NPI, '2026-11-10'],
  ])('%s: rejected at the header with its reject code and the reason', async (_name, body, code, text, transactionCode, provider, dateOfService) => {
    const response = await d0Answer(body);
    expect(response).toMatchObject({
      transactionCode, headerResponseStatus: 'R', header: { serviceProviderId: provider, dateOfService },
      transactions: [{ status: { transactionStatus: 'R', rejects: [{ code }] } }],
    });
    expect(response.message?.message).toMatch(/^The switch could not read the transmission: /);
    // What the edge makes of it: a rejected claim with the code and its text, not a transport failure.
    const answer = answerOf(response);
    expect(answer).toMatchObject({ responseStatus: 'R', rejectCodes: [code] });
    expect(answerSummary('B1', answer)).toBe(`Rejected: ${code} ${text}`);
  });

  it('a billing whose count does not match its transactions is 1U', async () => {
    const billing = ascii(buildClaimRequest({ ...secondary, transactions: [secondary.transactions[0]!, secondary.transactions[0]!] }));
    const oneDropped = billing.slice(0, billing.lastIndexOf('\x1d'));
    const response = await d0Answer(oneDropped);
    expect(response.transactions[0]!.status.rejects).toEqual([{ code: '1U' }]);
    expect(response.message?.message).toBe('The switch could not read the transmission: Transaction count (109-A9) is 2 but the transmission holds 1 transaction (each after a group separator).');
  });

  it('only transport errors are HTTP errors: another content type 415, more than 16 KB 413, not a POST 405', async () => {
    expect((await post(E1, 'text/plain')).status).toBe(415);
    expect((await post(new Uint8Array(D0_MAX_BYTES + 1))).status).toBe(413);
    expect((await fetch(url)).status).toBe(405);
    // With its parameters, the content type is the same.
    expect((await post(E1, 'application/octet-stream; charset=binary')).status).toBe(200);
  });
});

describe('what the switch can read', () => {
  it('an eligibility check is answered as before', async () => {
    const response = await d0Answer(E1);
    expect(response).toMatchObject({ headerResponseStatus: 'A', transactions: [{ status: { transactionStatus: 'A' } }] });
  });

  it('a paid secondary claim carries the other payer amount recognized (566-J5), which the edge records', async () => {
    const answer = await post(buildClaimRequest(secondary));
    // Allowed $12.89 (NADAC $2.40 + $10.49); the primary paid $10.00 and left $5.00: $2.89 remains, less the $1.00 copay.
    expect(ascii(answer.bytes)).toContain('\x1e\x1cAM23\x1cF510{\x1cF624{\x1cF7104I\x1cJ5100{\x1cF918I\x1cFM7');
    const parsed = parseClaimResponse(answer.bytes);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(answerOf(parsed.response).pricing).toEqual({
      patientPayCents: 100, ingredientCostPaidCents: 240, dispensingFeePaidCents: 1_049, totalPaidCents: 189, otherPayerPaidCents: 1_000,
    });
  });
});

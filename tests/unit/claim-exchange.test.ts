/**
 * A claim transaction from begun to recorded (edge-functions/api/claims/claim-exchange.ts, claim-messages.ts) with
 * a switch double that reads our D.0 with the codec and answers in D.0: what goes on the wire (the plan's BIN and
 * PCN in the header, the cardholder, the NDC, quantity in thousandths, the fixes, the other payer's payment for a
 * secondary), what the store is given to record (every attempt raw, the answer in the database's words), the
 * sentence the screen shows, and the eligibility check and connection test; names outside ASCII transliterated, data
 * that cannot be written a 422 (never a 500), the other payer amount recognized (566-J5) recorded, and a transmission
 * the test switch cannot read answered as a D.0 reject and recorded as one.
 */
import { describe, expect, it } from 'vitest';
import { type BillingRequest, type ClaimRequest, parseClaimRequest } from '../../shared/src/billing/ncpdp/d0-request.ts';
import { buildClaimResponse, type ClaimResponse } from '../../shared/src/billing/ncpdp/d0-response.ts';
import { type ClaimsStore, checkEligibility, runClaimTransaction, testProviders } from '../../edge-functions/api/claims/claim-exchange.ts';
import type { BeginClaim, ClaimAnswer } from '../../edge-functions/api/claims/claim-messages.ts';
import { latin1, type SwitchAttempt } from '../../edge-functions/api/claims/claims-switch-http.ts';
import { HttpError } from '../../edge-functions/_shared/http.ts';
import { ClaimHistory } from '../../supabase/local/src/claims-switch/claim-history.ts';
import { answerTransmission } from '../../supabase/local/src/claims-switch/d0-exchange.ts';

const local = { hosted: false, resolve: async () => ['127.0.0.1'] };
const PHARMACY = { id: 'ph-1', name: 'Main Street Pharmacy', ncpdpId: '1234567', npi: '1548213098', timeZone: 'America/Chicago' };
const PATIENT = { id: 'pt-1', firstName: 'Clara', lastName: 'Billington', dateOfBirth: '1970-05-06', streetAddress: '1 Elm St', city: 'Austin', state: 'TX', zipCode: '78701', phone: '(512) 555-0100' };
const PLAN = { id: 'pl-1', payerName: 'Demo Commercial Rx', bin: '999001', pcn: 'DEMOCOM', groupId: 'GRP1', cardholderId: 'DEMO000123', personCode: '001', relationshipCode: '1' };

function begun(changes: Partial<BeginClaim> = {}): BeginClaim {
  return {
    claimId: 'cl-1', transactionCode: 'B1', transmissionId: 'tx-1', coverage: 'primary', pharmacy: PHARMACY, patient: PATIENT, plan: PLAN,
    prescriber: { npi: '1003000126', lastName: 'Kowalski', firstName: 'Ann', phone: null },
    fill: { prescriptionId: 'rx-1', rxNumber: 1000123, fillNumber: 2, serviceDate: '2026-11-29', ndc: '00093505701', quantityThousandths: 30000,
      daysSupply: 30, dateWritten: '2026-09-01', refillsAuthorized: 5, prescriptionType: 'electronic' },
    pricing: { ingredientCostCents: 9000, dispensingFeeCents: 1250, usualAndCustomaryCents: 4500, grossAmountDueCents: 10250, basisOfCost: '01' },
    fixes: { submissionClarificationCodes: [], priorAuthorizationNumber: null, durPps: [] },
    otherPayers: [],
    transmission: { claimsProcessorUrl: 'http://switch.test/d0' },
    ...changes,
  };
}

function response(request: ClaimRequest, transaction: ClaimResponse['transactions'][number], extra: Partial<ClaimResponse> = {}): Uint8Array {
  return buildClaimResponse({
    transactionCode: request.transactionCode, headerResponseStatus: 'A',
    header: { serviceProviderIdQualifier: request.header.serviceProviderIdQualifier, serviceProviderId: request.header.serviceProviderId, dateOfService: request.header.dateOfService },
    transactions: [transaction], ...extra,
  });
}

/** The switch double: reads the request with the codec, keeps it, and answers as `answer` says. */
function switchDouble(answer: (request: ClaimRequest) => Uint8Array | 'refuse') {
  const received: ClaimRequest[] = [];
  const fetchDouble = async (_url: string, init?: RequestInit) => {
    const parsed = parseClaimRequest(init!.body as Uint8Array);
    if (!parsed.ok) throw new Error(parsed.error);
    received.push(parsed.request);
    const body = answer(parsed.request);
    if (body === 'refuse') throw new TypeError('connection refused');
    return new Response(body as Uint8Array<ArrayBuffer>, { status: 200 });
  };
  return { received, fetch: fetchDouble };
}

function memoryStore() {
  const recorded: { claimId: string; code: string; transmissionId: string; attempts: SwitchAttempt[]; answer: ClaimAnswer | null; returnToStock: boolean }[] = [];
  const checks: { planId: string | null; purpose: string; attempts: SwitchAttempt[] }[] = [];
  const store: ClaimsStore = {
    async secrets() { return {}; },
    async recordClaim(claimId, code, transmissionId, attempts, answer, returnToStock) {
      recorded.push({ claimId, code, transmissionId, attempts, answer, returnToStock });
      return { id: claimId, status: answer?.responseStatus === 'P' ? 'paid' : 'rejected' } as never;
    },
    async recordCheck(_pharmacyId, planId, purpose, attempts) { checks.push({ planId, purpose, attempts }); },
  };
  return { store, recorded, checks };
}

describe('billing a fill (B1)', () => {
  it('sends the plan, patient, prescriber, fill and prices as D.0 and records the payment', async () => {
    const double = switchDouble((request) => response(request, {
      status: { transactionStatus: 'P', authorizationNumber: 'AUTH77' },
      pricing: { patientPayCents: 1000, ingredientCostPaidCents: 7850, dispensingFeePaidCents: 150, totalAmountPaidCents: 8000 },
    }));
    const { store, recorded } = memoryStore();
    const result = await runClaimTransaction(begun(), { store, outbound: local, fetch: double.fetch });
    const sent = double.received[0] as BillingRequest;
    expect(sent.header).toMatchObject({ bin: '999001', processorControlNumber: 'DEMOCOM', serviceProviderIdQualifier: '01', serviceProviderId: '1548213098', dateOfService: '2026-11-29' });
    expect(sent.insurance).toMatchObject({ cardholderId: 'DEMO000123', groupId: 'GRP1', personCode: '001', patientRelationshipCode: 1, cardholderLastName: 'Billington' });
    expect(sent.patient).toMatchObject({ firstName: 'Clara', lastName: 'Billington', dateOfBirth: '1970-05-06', phone: '5125550100', zip: '78701' });
    expect(sent.transactions[0]!.claim).toMatchObject({ rxNumber: '1000123', productId: '00093505701', quantityDispensedThousandths: 30000,
      fillNumber: 2, daysSupply: 30, dateWritten: '2026-09-01', refillsAuthorized: 5, prescriptionOriginCode: 3 });
    expect(sent.transactions[0]!.prescriber).toMatchObject({ prescriberIdQualifier: '01', prescriberId: '1003000126' });
    expect(sent.transactions[0]!.pricing).toMatchObject({ ingredientCostCents: 9000, dispensingFeeCents: 1250, usualAndCustomaryCents: 4500, grossAmountDueCents: 10250, basisOfCostDetermination: '01' });
    expect(recorded[0]!.answer).toEqual({ responseStatus: 'P', authorizationNumber: 'AUTH77', rejectCodes: [], additionalMessages: [],
      pricing: { patientPayCents: 1000, ingredientCostPaidCents: 7850, dispensingFeePaidCents: 150, totalPaidCents: 8000 }, dur: [] });
    expect(recorded[0]!.attempts[0]!.request).toBe(latin1(new Uint8Array(Array.from(recorded[0]!.attempts[0]!.request, (c) => c.charCodeAt(0)))));
    expect(result.summary).toBe('Paid $80.00, patient pays $10.00');
  });

  it('a 79 carries the payer\'s last fill date; the resubmission carries the clarification code, PA and DUR codes', async () => {
    const double = switchDouble((request) => {
      const claim = (request as BillingRequest).transactions[0]!.claim;
      return claim.submissionClarificationCodes?.includes(3)
        ? response(request, { status: { transactionStatus: 'P' }, pricing: { totalAmountPaidCents: 100, patientPayCents: 0 } })
        : response(request, { status: { transactionStatus: 'R', rejects: [{ code: '79' }] }, dur: { entries: [{ reasonForServiceCode: 'ER', previousFillDate: '2026-11-20', previousFillQuantityThousandths: 30000 }] } },
          { message: { message: 'REFILL TOO SOON' } });
    });
    const { store, recorded } = memoryStore();
    const rejected = await runClaimTransaction(begun(), { store, outbound: local, fetch: double.fetch });
    expect(rejected.summary).toBe('Rejected: 79 Refill Too Soon');
    expect(recorded[0]!.answer).toMatchObject({ responseStatus: 'R', rejectCodes: ['79'], message: 'REFILL TOO SOON',
      dur: [{ reasonForService: 'ER', previousFillDate: '2026-11-20', previousFillQuantityThousandths: 30000 }] });
    await runClaimTransaction(begun({ fixes: { submissionClarificationCodes: ['3'], priorAuthorizationNumber: '12345678901',
      durPps: [{ reasonForService: 'TD', professionalService: 'M0', result: '1G' }] } }), { store, outbound: local, fetch: double.fetch });
    const resent = (double.received[1] as BillingRequest).transactions[0]!;
    expect(resent.claim).toMatchObject({ submissionClarificationCodes: [3], priorAuthorizationTypeCode: 1, priorAuthorizationNumber: '12345678901' });
    expect(resent.durPps?.entries).toEqual([{ reasonForServiceCode: 'TD', professionalServiceCode: 'M0', resultOfServiceCode: '1G' }]);
    expect(recorded[1]!.answer?.responseStatus).toBe('P');
  });

  it('a secondary claim carries what the primary paid and left the patient (COB)', async () => {
    const double = switchDouble((request) => response(request, { status: { transactionStatus: 'P' }, pricing: { totalAmountPaidCents: 2000, patientPayCents: 500 } }));
    const { store } = memoryStore();
    await runClaimTransaction(begun({ coverage: 'secondary', plan: { ...PLAN, bin: '999003', pcn: 'DEMOMCD' },
      otherPayers: [{ coverage: 'primary', bin: '999001', payerName: 'Demo Commercial Rx', adjudicatedOn: '2026-11-29', paidCents: 7750, patientResponsibilityCents: 2500 }] }),
    { store, outbound: local, fetch: double.fetch });
    const sent = (double.received[0] as BillingRequest).transactions[0]!;
    expect(sent.claim.otherCoverageCode).toBe(2);
    expect(sent.coordinationOfBenefits?.otherPayments).toEqual([{ coverageType: '01', payerIdQualifier: '03', payerId: '999001', payerDate: '2026-11-29',
      amountsPaid: [{ qualifier: '07', amountCents: 7750 }], patientResponsibility: [{ qualifier: '06', amountCents: 2500 }] }]);
  });

  it('a switch that cannot be reached: every attempt recorded, no answer', async () => {
    const double = switchDouble(() => 'refuse');
    const { store, recorded } = memoryStore();
    const result = await runClaimTransaction(begun({ transmission: { claimsProcessorUrl: 'http://switch.test/d0', retryCount: 2 } }), { store, outbound: local, fetch: double.fetch });
    expect(recorded[0]!.attempts.map((attempt) => attempt.outcome)).toEqual(['unreachable', 'unreachable', 'unreachable']);
    expect(recorded[0]!.answer).toBeNull();
    expect(result.summary).toBe('No answer from the claims switch: Could not connect (connection refused)');
  });

  it('a reversal (B2) names the claim to reverse and asks to return the fill to stock when the job says so', async () => {
    const double = switchDouble((request) => response(request, { status: { transactionStatus: 'A' } }));
    const { store, recorded } = memoryStore();
    const result = await runClaimTransaction(begun({ transactionCode: 'B2' }), { store, outbound: local, fetch: double.fetch }, true);
    expect(double.received[0]).toMatchObject({ transactionCode: 'B2', transactions: [{ claim: { rxNumber: '1000123', productId: '00093505701', fillNumber: 2 } }] });
    expect(recorded[0]).toMatchObject({ code: 'B2', transmissionId: 'tx-1', returnToStock: true, answer: { responseStatus: 'A' } });
    expect(result.summary).toBe('Reversal accepted');
  });
});

describe('what D.0 cannot carry as it is', () => {
  it('names outside ASCII are sent transliterated, and the claim is paid', async () => {
    const double = switchDouble((request) => response(request, { status: { transactionStatus: 'P' }, pricing: { totalAmountPaidCents: 100, patientPayCents: 0 } }));
    const { store, recorded } = memoryStore();
    const result = await runClaimTransaction(begun({
      patient: { ...PATIENT, firstName: 'Zoë', lastName: 'Muñoz-O’Brien', streetAddress: '1 Calle Peñón', city: 'Montréal' },
      prescriber: { npi: '1003000126', lastName: 'Ñúñez–Ortiz', firstName: 'Ann', phone: null },
    }), { store, outbound: local, fetch: double.fetch });
    const sent = double.received[0] as BillingRequest;
    expect(sent.patient).toMatchObject({ firstName: 'Zoe', lastName: "Munoz-O'Brien", streetAddress: '1 Calle Penon', city: 'Montreal' });
    expect(sent.insurance).toMatchObject({ cardholderFirstName: 'Zoe', cardholderLastName: "Munoz-O'Brien" });
    expect(sent.transactions[0]!.prescriber).toMatchObject({ prescriberLastName: 'Nunez-Ortiz' });
    expect(recorded[0]!.answer?.responseStatus).toBe('P');
    expect(result.summary).toBe('Paid $1.00, patient pays $0.00');
  });

  it('a claim whose data cannot be written is recorded on the claim, then answered 422 with the codec\'s sentence', async () => {
    const double = switchDouble(() => 'refuse');
    const { store, recorded } = memoryStore();
    const failure = await runClaimTransaction(begun({ fill: { ...begun().fill, ndc: '0009350570' } }), { store, outbound: local, fetch: double.fetch })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ status: 422, message: 'The claim cannot be sent: Product/service ID (407-D7) must be the NDC\'s 11 digits when Product/service ID qualifier (436-E1) is 03; got "0009350570".' });
    expect(double.received).toEqual([]);
    expect(recorded[0]).toMatchObject({ claimId: 'cl-1', answer: null, attempts: [{ destination: 'none', outcome: 'unreachable', detail: expect.stringContaining('407-D7') }] });
  });

  it('an eligibility check or connection test that cannot be written is a 422 naming the field, not a 500', async () => {
    const double = switchDouble((request) => response(request, { status: { transactionStatus: 'A' } }));
    const { store, checks } = memoryStore();
    const base = { planId: 'pl-1', pharmacy: PHARMACY, patient: PATIENT, plan: PLAN, serviceDate: '2026-11-29', transmission: { claimsProcessorUrl: 'http://switch.test/d0' } };
    const badBirth = await checkEligibility({ ...base, patient: { ...PATIENT, dateOfBirth: '1970-02-30' } }, { store, outbound: local, fetch: double.fetch }).catch((error: unknown) => error);
    expect(badBirth).toBeInstanceOf(HttpError);
    expect(badBirth).toMatchObject({ status: 422, message: 'The eligibility check of Demo Commercial Rx cannot be sent: Date of birth (304-C4) must be a calendar date YYYY-MM-DD; got "1970-02-30".' });
    const longCard = await checkEligibility({ ...base, plan: { ...PLAN, cardholderId: 'X'.repeat(21) } }, { store, outbound: local, fetch: double.fetch }).catch((error: unknown) => error);
    expect(longCard).toMatchObject({ status: 422, message: expect.stringContaining('Cardholder ID (302-C2) is longer than 20 characters') });
    const test = await testProviders({ pharmacy: { ...PHARMACY, npi: null, ncpdpId: '1234567890123456' }, serviceDate: '2026-11-29', transmission: base.transmission },
      { store, outbound: local, fetch: double.fetch }).catch((error: unknown) => error);
    expect(test).toMatchObject({ status: 422, message: 'The connection test cannot be sent: Service provider ID (201-B1) is longer than 15 characters; got "1234567890123456".' });
    expect(double.received).toEqual([]);
    expect(checks).toEqual([]);
  });

  it('the other payer amount recognized (566-J5) of a secondary claim is recorded as the other payer paid', async () => {
    const double = switchDouble((request) => response(request, { status: { transactionStatus: 'P' }, pricing: { otherPayerAmountRecognizedCents: 7750, totalAmountPaidCents: 200, patientPayCents: 500 } }));
    const { store, recorded } = memoryStore();
    await runClaimTransaction(begun({ coverage: 'secondary', otherPayers: [{ coverage: 'primary', bin: '999001', payerName: 'Demo Commercial Rx', adjudicatedOn: '2026-11-29', paidCents: 7750, patientResponsibilityCents: 2500 }] }),
      { store, outbound: local, fetch: double.fetch });
    expect(recorded[0]!.answer?.pricing).toEqual({ patientPayCents: 500, totalPaidCents: 200, otherPayerPaidCents: 7750 });
  });

  it('a transmission the switch cannot read comes back as a D.0 reject, recorded as a rejected claim', async () => {
    // The test switch's own handling, behind a wire that garbles the transaction count.
    const history = new ClaimHistory();
    const garbling = async (_url: string, init?: RequestInit) => {
      const sent = latin1(init!.body as Uint8Array);
      const garbled = Uint8Array.from(`${sent.slice(0, 20)}X${sent.slice(21)}`, (c) => c.charCodeAt(0));
      const answer = await answerTransmission(garbled, async () => ({ history, formulary: () => undefined, drugPrices: () => undefined, processedOn: '2026-11-29' }), () => '2026-11-29');
      return new Response(answer.response as Uint8Array<ArrayBuffer>, { status: 200 });
    };
    const { store, recorded } = memoryStore();
    const result = await runClaimTransaction(begun(), { store, outbound: local, fetch: garbling });
    expect(recorded[0]!.attempts).toMatchObject([{ outcome: 'answered', httpStatus: 200 }]);
    expect(recorded[0]!.answer).toMatchObject({ responseStatus: 'R', rejectCodes: ['A9'], message: 'The switch could not read the transmission: Transaction count (109-A9) "X" is not 1 to 4.' });
    expect(result.summary).toBe('Rejected: A9 M/I Transaction Count');
  });
});

describe('eligibility and the connection test', () => {
  it('an E1 for the plan: covered or not, with the reject texts', async () => {
    const double = switchDouble((request) => request.insurance!.cardholderId === 'DEMO000123'
      ? response(request, { status: { transactionStatus: 'A' } })
      : response(request, { status: { transactionStatus: 'R', rejects: [{ code: '65' }] } }));
    const { store, checks } = memoryStore();
    const base = { planId: 'pl-1', pharmacy: PHARMACY, patient: PATIENT, plan: PLAN, serviceDate: '2026-11-29', transmission: { claimsProcessorUrl: 'http://switch.test/d0' } };
    expect(await checkEligibility(base, { store, outbound: local, fetch: double.fetch })).toMatchObject({ eligible: true, summary: 'Demo Commercial Rx: the patient is covered' });
    const other = await checkEligibility({ ...base, plan: { ...PLAN, cardholderId: 'NOBODY' } }, { store, outbound: local, fetch: double.fetch });
    expect(other).toMatchObject({ eligible: false, rejectCodes: [{ code: '65', text: 'Patient Is Not Covered' }] });
    expect(double.received[0]).toMatchObject({ transactionCode: 'E1', header: { bin: '999001' } });
    expect(checks.map((check) => [check.planId, check.purpose])).toEqual([['pl-1', 'eligibility'], ['pl-1', 'eligibility']]);
  });

  it('tests each configured switch on its own: a D.0 answer (even a reject) is a working connection', async () => {
    const double = switchDouble((request) => response(request, { status: { transactionStatus: 'R', rejects: [{ code: '07' }] } }));
    const failing = async (url: string, init?: RequestInit) => (url.includes('relay') ? Promise.reject(new TypeError('refused')) : double.fetch(url, init));
    const { store, checks } = memoryStore();
    const result = await testProviders({ pharmacy: { ...PHARMACY, npi: null }, serviceDate: '2026-11-29', transmission: {
      claimsProcessorUrl: 'http://switch.test/d0',
      relayHealthConfig: { enabled: true, serviceUrl: 'http://relay.test/d0', timeout: 30, clientId: '', clientSecret: { set: false } },
    } }, { store, outbound: local, fetch: failing });
    expect(result.providers).toEqual([
      expect.objectContaining({ name: 'claimsProcessor', outcome: 'answered', reachable: true, detail: 'Answered in D.0 (Rejected: 07 M/I Cardholder ID)' }),
      expect.objectContaining({ name: 'relayhealth', outcome: 'unreachable', reachable: false }),
    ]);
    // Without an NPI the pharmacy is named by its NCPDP number (qualifier 07).
    expect(double.received[0]!.header).toMatchObject({ serviceProviderIdQualifier: '07', serviceProviderId: '1234567' });
    expect(checks.map((check) => check.purpose)).toEqual(['test', 'test']);
  });
});

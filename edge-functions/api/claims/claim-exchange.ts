/**
 * A claim transaction from begun to recorded (the policy between the database and the switch): the begun claim is
 * written as D.0 (claim-messages.ts, shared/src/billing/ncpdp), sent by the Transmission settings' routing
 * (claims-routing.ts), the answer read, and everything — every attempt raw, the answer — handed to the store, which
 * records it with the service role (record_claim_response / record_claim_check). The caller was authorised by the
 * database when the transaction was begun with their JWT. Never throws for what the switch did: a refused connection
 * or an unreadable answer is recorded and answered as such. What cannot be written as D.0 from the data on file (the
 * codec's D0BuildError, naming the field) is the caller's to fix: an HttpError 422 with that sentence, never a 500 —
 * after recording it on the claim, which was begun. No Deno APIs: unit tests run it with a fetch double.
 */
import type { ClaimTransactionResult, EligibilityResult, ProviderTest, TransmissionAttempt } from '@pharmacy/shared/api/claims.ts';
import type { Claim } from '@pharmacy/shared/billing/claim.ts';
import { buildClaimRequest, type ClaimRequest } from '@pharmacy/shared/billing/ncpdp/d0-request.ts';
import { D0BuildError } from '@pharmacy/shared/billing/ncpdp/d0-values.ts';
import { parseClaimResponse } from '@pharmacy/shared/billing/ncpdp/d0-response.ts';
import { rejectCodeText } from '@pharmacy/shared/billing/ncpdp/reject-codes.ts';
import { HttpError } from '../../_shared/http.ts';
import type { OutboundPolicy } from '../../_shared/outbound-url.ts';
import {
  type BeginClaim, type BeginPatient, type BeginPharmacy, type BeginPlan, type ClaimAnswer, answerOf, answerSummary, claimRequestOf,
  eligibilityRequestOf,
} from './claim-messages.ts';
import { plannedDestinations, transmissionSettingsOf, transmit, transmitOnce } from './claims-routing.ts';
import type { FetchLike, SwitchAttempt } from './claims-switch-http.ts';

export interface ClaimsStore {
  /** The pharmacy's Transmission secrets (Vault), {dotted path: value}. */
  secrets(pharmacyId: string): Promise<Readonly<Record<string, string>>>;
  /** record_claim_response (transmissionId: the token the transaction was begun with). */
  recordClaim(claimId: string, transactionCode: string, transmissionId: string, attempts: SwitchAttempt[], answer: ClaimAnswer | null, returnToStock: boolean): Promise<Claim & { unitsReturned?: number | null }>;
  /** record_claim_check. */
  recordCheck(pharmacyId: string, planId: string | null, purpose: 'eligibility' | 'test', attempts: SwitchAttempt[]): Promise<void>;
}

export interface ClaimExchangeContext {
  store: ClaimsStore;
  outbound: OutboundPolicy;
  fetch?: FetchLike;
  now?: () => number;
}

function bytes(request: ClaimRequest): Uint8Array<ArrayBuffer> {
  const built = buildClaimRequest(request);
  return new Uint8Array(built) as Uint8Array<ArrayBuffer>;
}

/** The transmission's bytes, or the codec's sentence when the data on file cannot be written as D.0. */
function written(request: () => ClaimRequest): { ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false; error: string } {
  try {
    return { ok: true, bytes: bytes(request()) };
  } catch (error) {
    if (error instanceof D0BuildError) return { ok: false, error: error.message };
    throw error;
  }
}

/** 422: the request is well formed, but what is on file for it cannot be sent; the sentence says what to correct. */
function notWritable(what: string, error: string): HttpError {
  return new HttpError(422, `${what} cannot be sent: ${error}`);
}

function readable(body: Uint8Array): string | null {
  const parsed = parseClaimResponse(body);
  return parsed.ok ? null : `Not a D.0 response: ${parsed.error}`;
}

function shown(attempts: SwitchAttempt[]): TransmissionAttempt[] {
  return attempts.map((attempt) => ({
    destination: attempt.destination, url: attempt.url, outcome: attempt.outcome, durationMs: attempt.durationMs,
    ...(attempt.detail ? { detail: attempt.detail } : {}), ...(attempt.httpStatus === undefined ? {} : { httpStatus: attempt.httpStatus }),
  }));
}

async function send(request: Uint8Array<ArrayBuffer>, pharmacyId: string, storedSettings: unknown, context: ClaimExchangeContext) {
  const settings = transmissionSettingsOf(storedSettings);
  const secrets = await context.store.secrets(pharmacyId);
  const result = await transmit(request, settings, secrets, readable, {
    outbound: context.outbound, ...(context.fetch ? { fetch: context.fetch } : {}), ...(context.now ? { now: context.now } : {}),
  });
  const parsed = result.answer ? parseClaimResponse(result.answer) : null;
  return { attempts: result.attempts, answer: parsed?.ok ? answerOf(parsed.response) : null };
}

/** B1, B3 or B2 of a begun claim (begin_claim_transaction, or begin_due_claim_reversal for the daily job). */
export async function runClaimTransaction(begin: BeginClaim, context: ClaimExchangeContext, returnToStock = false): Promise<ClaimTransactionResult> {
  const request = written(() => claimRequestOf(begin));
  if (!request.ok) {
    // A value the standard cannot carry (the codec names it): recorded on the claim as an attempt that never left
    // (the claim is no longer in flight, its last error says why), then answered as the caller's to correct.
    const attempts: SwitchAttempt[] = [{ destination: 'none', url: '', request: '', outcome: 'unreachable', detail: request.error.slice(0, 500), durationMs: 0 }];
    await context.store.recordClaim(begin.claimId, begin.transactionCode, begin.transmissionId, attempts, null, false);
    throw notWritable(begin.transactionCode === 'B2' ? 'The reversal' : 'The claim', request.error);
  }
  let sent;
  try {
    sent = await send(request.bytes, begin.pharmacy.id, begin.transmission, context);
  } catch (error) {
    const attempts: SwitchAttempt[] = [{ destination: 'none', url: '', request: '', outcome: 'unreachable', detail: (error as Error).message.slice(0, 500), durationMs: 0 }];
    const claim = await context.store.recordClaim(begin.claimId, begin.transactionCode, begin.transmissionId, attempts, null, false);
    return { claim, attempts: shown(attempts), summary: `The claim could not be sent: ${(error as Error).message}` };
  }
  const claim = await context.store.recordClaim(begin.claimId, begin.transactionCode, begin.transmissionId, sent.attempts, sent.answer, returnToStock);
  return { claim, attempts: shown(sent.attempts), summary: answerSummary(begin.transactionCode, sent.answer, sent.attempts.at(-1)?.detail) };
}

export interface BeginEligibility {
  planId: string;
  pharmacy: BeginPharmacy;
  patient: BeginPatient;
  plan: BeginPlan;
  serviceDate: string;
  transmission: unknown;
}

/** Check Insurance Eligibility: an E1 for a plan. */
export async function checkEligibility(begin: BeginEligibility, context: ClaimExchangeContext): Promise<EligibilityResult> {
  const request = written(() => eligibilityRequestOf(begin.pharmacy, begin.serviceDate, { patient: begin.patient, plan: begin.plan }));
  if (!request.ok) throw notWritable(`The eligibility check of ${begin.plan.payerName}`, request.error);
  const sent = await send(request.bytes, begin.pharmacy.id, begin.transmission, context);
  await context.store.recordCheck(begin.pharmacy.id, begin.planId, 'eligibility', sent.attempts);
  const answer = sent.answer;
  const eligible = answer?.responseStatus === 'A';
  return {
    eligible,
    responseStatus: answer?.responseStatus ?? null,
    rejectCodes: (answer?.rejectCodes ?? []).map((code) => ({ code, text: rejectCodeText(code) })),
    message: answer?.message ?? null,
    attempts: shown(sent.attempts),
    summary: !answer ? answerSummary('E1', null, sent.attempts.at(-1)?.detail)
      : eligible ? `${begin.plan.payerName}: the patient is covered`
        : `${begin.plan.payerName}: not eligible — ${answer.rejectCodes.map((code) => `${code} ${rejectCodeText(code)}`).join('; ') || 'rejected'}`,
  };
}

export interface BeginTest {
  pharmacy: BeginPharmacy;
  serviceDate: string;
  transmission: unknown;
}

/**
 * Test Transmission Connection: a real E1 (of a made-up member) to each configured switch on its own, no retries
 * or failover: which answer in D.0. A reject of the made-up member is a working connection.
 */
export async function testProviders(begin: BeginTest, context: ClaimExchangeContext): Promise<ProviderTest> {
  const settings = transmissionSettingsOf(begin.transmission);
  const secrets = await context.store.secrets(begin.pharmacy.id);
  const test = written(() => eligibilityRequestOf(begin.pharmacy, begin.serviceDate));
  // The made-up member is fixed: only the pharmacy's own identifiers can make the test unwritable.
  if (!test.ok) throw notWritable('The connection test', test.error);
  const request = test.bytes;
  const providers: ProviderTest['providers'] = [];
  const everyone = plannedDestinations({ ...settings, enableAutomaticFailover: true, maxFailoverAttempts: 3 }, secrets);
  for (const plan of everyone) {
    const result = await transmitOnce(request, plan, readable, { outbound: context.outbound, ...(context.fetch ? { fetch: context.fetch } : {}) });
    const attempts = result.attempts;
    await context.store.recordCheck(begin.pharmacy.id, null, 'test', attempts);
    const last = attempts.at(-1)!;
    const parsed = result.answer ? parseClaimResponse(result.answer) : null;
    const answer = parsed?.ok ? answerOf(parsed.response) : null;
    providers.push({
      name: plan.name, label: plan.label, url: plan.url, outcome: last.outcome, reachable: answer !== null, durationMs: last.durationMs,
      detail: answer ? `Answered in D.0 (${answerSummary('E1', answer)})` : (last.detail ?? last.outcome),
    });
  }
  return { providers };
}

/**
 * Billing and claims (spec part 2 §7 "Billing and claims"; issue 25; the architecture brief's claims row), staff of
 * the pharmacy (billing:manage) unless said:
 * - POST /api/claims/submit `{claimData: {prescriptionId, coverage?, transactionCode?, fixes?}}` — bill the fill by
 *   NCPDP D.0 through the pharmacy's claims switch (B1, or B3 to rebill a paid claim); answers the claim with its
 *   status and amounts and how the transmission went.
 * - POST /api/claims/reverse `{prescriptionId, coverage?, reason}` — B2 of a paid claim.
 * - POST /api/claims/override `{prescriptionId, reason}` — pharmacists and admins: a fill with a rejected claim may go
 *   on to ready.
 * - POST /api/claims/eligibility `{planId}` — an E1 for one of a patient's plans.
 * - GET /api/claims/provider-status — each configured switch and how its last transmission went.
 * - POST /api/claims/test-providers — a real E1 to each configured switch, answering per switch.
 * - GET /api/billing/{prescriptionId}, PUT (insurance or cash, the plan, the custom copay), POST
 *   /api/billing/{prescriptionId}/payments (Process Payment).
 * - GET /api/claims/reports/{report}?from=&to=&payer= — the Reports tab's six reports (the screen writes the CSV).
 * - POST /api/claims/remittances (multipart `file`: a payer's X12 835) — imported and matched to the claims;
 *   GET /api/claims/reconciliation?outcome=&from=&to=&offset= — paid in full, short-paid, unpaid, unmatched.
 *   (Under /api/claims: /api/billing/{prescriptionId} takes any second segment as a prescription.)
 * - POST /api/internal/claims/reverse-due — service role only (the daily reversal of fills not picked up).
 */
import * as z from 'zod';
import {
  claimSchema, eligibilityRequestSchema, fillBillingSchema, fillBillingUpdateSchema, overrideRejectRequestSchema,
  patientPaymentRequestSchema, reverseClaimRequestSchema, submitClaimRequestSchema,
} from '../billing/claim.ts';
import { billingReportQuerySchema, billingReportSchema } from '../billing/billing-report.ts';
import { apiEndpoint } from './endpoint.ts';

/** One attempt of a transmission, as the screen shows it (no request or response bytes: those are in View). */
export const transmissionAttemptSchema = z.object({
  destination: z.string(),
  url: z.string(),
  outcome: z.enum(['answered', 'unreadable', 'http_error', 'timeout', 'unreachable']),
  detail: z.string().optional(),
  httpStatus: z.number().optional(),
  durationMs: z.number(),
});
export type TransmissionAttempt = z.infer<typeof transmissionAttemptSchema>;

export const claimTransactionResultSchema = z.object({
  claim: claimSchema,
  attempts: z.array(transmissionAttemptSchema),
  /** The payer's answer in a sentence ("Paid $80.00, patient pays $10.00", "Rejected 79 Refill Too Soon"). */
  summary: z.string(),
});
export type ClaimTransactionResult = z.infer<typeof claimTransactionResultSchema>;

export const submitClaimEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/claims/submit',
  access: 'signed-in',
  request: submitClaimRequestSchema,
  response: claimTransactionResultSchema,
  format: 'json',
  successStatus: 200,
});

export const reverseClaimEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/claims/reverse',
  access: 'signed-in',
  request: reverseClaimRequestSchema,
  response: claimTransactionResultSchema,
  format: 'json',
  successStatus: 200,
});

export const overrideRejectEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/claims/override',
  access: 'signed-in',
  request: overrideRejectRequestSchema,
  response: fillBillingSchema,
  format: 'json',
  successStatus: 200,
});

export const eligibilityResultSchema = z.object({
  eligible: z.boolean(),
  /** The payer's transaction response status (A approved, R rejected), null without an answer. */
  responseStatus: z.string().nullable(),
  rejectCodes: z.array(z.object({ code: z.string(), text: z.string() })),
  message: z.string().nullable(),
  attempts: z.array(transmissionAttemptSchema),
  summary: z.string(),
});
export type EligibilityResult = z.infer<typeof eligibilityResultSchema>;

export const eligibilityEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/claims/eligibility',
  access: 'signed-in',
  request: eligibilityRequestSchema,
  response: eligibilityResultSchema,
  format: 'json',
  successStatus: 200,
});

export const providerStatusSchema = z.object({
  providers: z.array(z.object({
    name: z.string(),
    label: z.string(),
    url: z.string(),
    /** How its last transmission ended, and when; null when it has carried none. */
    lastOutcome: z.string().nullable(),
    lastAt: z.string().nullable(),
    lastDurationMs: z.number().nullable(),
    lastDetail: z.string().nullable(),
  })),
});
export type ProviderStatus = z.infer<typeof providerStatusSchema>;

export const providerStatusEndpoint = apiEndpoint({
  method: 'GET',
  path: '/api/claims/provider-status',
  access: 'signed-in',
  request: null,
  response: providerStatusSchema,
  format: 'json',
  successStatus: 200,
});

export const providerTestSchema = z.object({
  providers: z.array(z.object({
    name: z.string(),
    label: z.string(),
    url: z.string(),
    outcome: transmissionAttemptSchema.shape.outcome,
    /** Whether a D.0 response came back (the switch is there and speaks D.0, whatever it said of the test). */
    reachable: z.boolean(),
    detail: z.string(),
    durationMs: z.number(),
  })),
});
export type ProviderTest = z.infer<typeof providerTestSchema>;

export const testProvidersEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/claims/test-providers',
  access: 'signed-in',
  request: z.object({}),
  bodyOptional: true,
  response: providerTestSchema,
  format: 'json',
  successStatus: 200,
});

export const getFillBillingEndpoint = apiEndpoint({
  method: 'GET',
  path: '/api/billing/:id',
  access: 'signed-in',
  request: null,
  response: fillBillingSchema,
  format: 'json',
  successStatus: 200,
});

export const updateFillBillingEndpoint = apiEndpoint({
  method: 'PUT',
  path: '/api/billing/:id',
  access: 'signed-in',
  request: fillBillingUpdateSchema,
  response: fillBillingSchema,
  format: 'json',
  successStatus: 200,
});

export const recordPaymentEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/billing/:id/payments',
  access: 'signed-in',
  request: patientPaymentRequestSchema,
  response: z.object({ paymentId: z.string(), receiptNumber: z.number(), billing: fillBillingSchema }),
  format: 'json',
  successStatus: 201,
});

export const reverseDueClaimsEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/internal/claims/reverse-due',
  // The service role carries no user; the handler refuses everyone else (403).
  access: 'anyone',
  request: z.object({}),
  bodyOptional: true,
  response: z.object({ reversed: z.number(), returnedToStock: z.number(), failed: z.array(z.string()) }),
  format: 'json',
  successStatus: 200,
});

export const billingReportEndpoint = apiEndpoint({
  method: 'GET',
  path: '/api/claims/reports/:report',
  access: 'signed-in',
  request: null,
  query: billingReportQuerySchema,
  response: billingReportSchema,
  format: 'json',
  successStatus: 200,
});

export const REMITTANCE_MESSAGES = {
  noFile: 'Choose the 835 file the payer sent',
  empty: 'The file is empty',
  tooLarge: 'An 835 file is at most 2 MB',
  notRemittance: 'The file holds no remittance (835)',
} as const;

export const remittanceImportSchema = z.object({
  imported: z.array(z.object({
    remittanceId: z.string(), payerName: z.string(), traceNumber: z.string(), paymentCents: z.number(), claims: z.number(),
    matched: z.number(), balanceProblems: z.array(z.string()),
  })),
  /** Transaction sets the file held that could not be read, or were imported before, each in a sentence. */
  refused: z.array(z.string()),
});
export type RemittanceImport = z.infer<typeof remittanceImportSchema>;

export const importRemittanceEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/claims/remittances',
  access: 'signed-in',
  request: z.object({}),
  requestFormat: 'multipart',
  response: remittanceImportSchema,
  format: 'json',
  successStatus: 201,
});

export const RECONCILIATION_OUTCOMES = ['short_paid', 'unpaid', 'paid_in_full', 'unmatched'] as const;
export const RECONCILIATION_OUTCOME_LABELS: Readonly<Record<(typeof RECONCILIATION_OUTCOMES)[number], string>> = {
  short_paid: 'Short-paid', unpaid: 'Unpaid', paid_in_full: 'Paid in full', unmatched: 'Unmatched',
};

export const reconciliationQuerySchema = z.object({
  outcome: z.enum(RECONCILIATION_OUTCOMES).default('short_paid'),
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose the first day').optional(),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose the last day').optional(),
  offset: z.coerce.number().int().min(0).default(0),
});

export const reconciliationSchema = z.object({
  total: z.number(),
  expectedCents: z.number().optional(),
  remittedCents: z.number().optional(),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;

export const reconciliationEndpoint = apiEndpoint({
  method: 'GET',
  path: '/api/claims/reconciliation',
  access: 'signed-in',
  request: null,
  query: reconciliationQuerySchema,
  response: reconciliationSchema,
  format: 'json',
  successStatus: 200,
});

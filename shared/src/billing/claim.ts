/**
 * Claims and a fill's billing as the api answers them and the screens send them (issue 25; the database's rules in
 * migration 20261129005000_claims): a claim's status and amounts (integer cents), what fixes a reject
 * (submission clarification codes, a prior authorisation number, DUR/PPS codes), how a fill is paid (insurance or
 * cash, the custom copay), the patient's payment. The database applies the same bounds for every caller; these
 * give the forms their messages first.
 */
import * as z from 'zod';

export const CLAIM_STATUSES = ['pending', 'submitted', 'paid', 'rejected', 'reversed'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
/** The Claims tab's filter (spec §2: All, Pending, Submitted, Paid, Rejected; and the reversed ones). */
export const CLAIM_STATUS_FILTERS = ['all', ...CLAIM_STATUSES] as const;
export type ClaimStatusFilter = (typeof CLAIM_STATUS_FILTERS)[number];
export const CLAIM_STATUS_LABELS: Readonly<Record<ClaimStatusFilter, string>> = {
  all: 'All', pending: 'Pending', submitted: 'Submitted', paid: 'Paid', rejected: 'Rejected', reversed: 'Reversed',
};

export const COVERAGES = ['primary', 'secondary', 'tertiary'] as const;
export type Coverage = (typeof COVERAGES)[number];
export const PAYMENT_METHODS = ['cash', 'card', 'check'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = { cash: 'Cash', card: 'Card', check: 'Check' };

/** The most money any one amount may be (the database's checks): $100,000.00. */
export const MONEY_MAX_CENTS = 10_000_000;

export const CLAIM_MESSAGES = {
  prescriptionId: 'Choose a prescription',
  submissionClarificationCodes: 'Submission clarification codes are 1 or 2 digits, at most 3 of them',
  priorAuthorizationNumber: 'The prior authorisation number is 1 to 11 digits (NCPDP 462-EV)',
  durPps: 'DUR/PPS codes are two letters or digits each, at most 9 entries',
  reason: 'Give a reason (at most 500 characters)',
  customCopay: 'The custom copay must be from $0.00 to $100,000.00, or blank to use the payer\'s',
  amount: 'A payment must be from $0.01 to $100,000.00',
  reference: 'A payment reference is at most 40 characters',
  planId: 'Choose one of the patient\'s plans',
} as const;

const uuid = (message: string) => z.string({ error: message }).uuid({ error: message });
const twoCharacterCode = z.string().trim().regex(/^[A-Za-z0-9]{2}$/, CLAIM_MESSAGES.durPps).transform((code) => code.toUpperCase());

/** One DUR/PPS entry sent with a claim (NCPDP AM08: 439-E4 reason, 440-E5 professional service, 441-E6 result). */
export const durPpsSchema = z.object({
  reasonForService: twoCharacterCode.optional(),
  professionalService: twoCharacterCode.optional(),
  result: twoCharacterCode.optional(),
  levelOfEffort: z.string().regex(/^\d{1,2}$/, CLAIM_MESSAGES.durPps).optional(),
});
export type DurPps = z.infer<typeof durPpsSchema>;

/** What fixes a reject, sent with the next B1/B3. Only the fields given change what the claim carries. */
export const claimFixesSchema = z.object({
  submissionClarificationCodes: z.array(z.string().trim().regex(/^\d{1,2}$/, CLAIM_MESSAGES.submissionClarificationCodes))
    .max(3, CLAIM_MESSAGES.submissionClarificationCodes).optional(),
  priorAuthorizationNumber: z.string().trim()
    .refine((value) => value === '' || /^\d{1,11}$/.test(value), CLAIM_MESSAGES.priorAuthorizationNumber).optional(),
  durPps: z.array(durPpsSchema).max(9, CLAIM_MESSAGES.durPps).optional(),
});
export type ClaimFixes = z.infer<typeof claimFixesSchema>;

/**
 * POST /api/claims/submit (the spec's `{claimData}`): bill the fill — `prescriptionId` alone bills the primary plan
 * (B1); `coverage` bills the secondary after a paid primary; `transactionCode` B3 rebills a paid claim; `fixes`
 * carries what fixes a reject.
 */
export const submitClaimRequestSchema = z.object({
  claimData: z.object({
    prescriptionId: uuid(CLAIM_MESSAGES.prescriptionId),
    coverage: z.enum(COVERAGES).optional(),
    transactionCode: z.enum(['B1', 'B3']).optional(),
    fixes: claimFixesSchema.optional(),
  }),
});
export type SubmitClaimRequest = z.input<typeof submitClaimRequestSchema>;

const reason = z.string().trim().min(1, CLAIM_MESSAGES.reason).max(500, CLAIM_MESSAGES.reason);

/** POST /api/claims/reverse: B2 of the fill's paid claim at a coverage level, with the reason. */
export const reverseClaimRequestSchema = z.object({
  prescriptionId: uuid(CLAIM_MESSAGES.prescriptionId),
  coverage: z.enum(COVERAGES).optional(),
  reason,
});

/** POST /api/claims/override: a pharmacist lets a fill with a rejected claim go on, with the reason. */
export const overrideRejectRequestSchema = z.object({ prescriptionId: uuid(CLAIM_MESSAGES.prescriptionId), reason });

/** POST /api/claims/eligibility: an E1 for one of the patient's plans. */
export const eligibilityRequestSchema = z.object({ planId: uuid(CLAIM_MESSAGES.planId) });

/** PUT /api/billing/{prescriptionId}: insurance (through a chosen plan, or the primary) or cash, and the custom copay. */
export const fillBillingUpdateSchema = z.object({
  payWith: z.enum(['insurance', 'cash']),
  planId: uuid(CLAIM_MESSAGES.planId).nullable().optional(),
  customCopayCents: z.number({ error: CLAIM_MESSAGES.customCopay }).int(CLAIM_MESSAGES.customCopay)
    .min(0, CLAIM_MESSAGES.customCopay).max(MONEY_MAX_CENTS, CLAIM_MESSAGES.customCopay).nullable().optional(),
});
export type FillBillingUpdate = z.input<typeof fillBillingUpdateSchema>;

/** POST /api/billing/{prescriptionId}/payments: Process Payment. */
export const patientPaymentRequestSchema = z.object({
  amountCents: z.number({ error: CLAIM_MESSAGES.amount }).int(CLAIM_MESSAGES.amount).min(1, CLAIM_MESSAGES.amount)
    .max(MONEY_MAX_CENTS, CLAIM_MESSAGES.amount),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().trim().max(40, CLAIM_MESSAGES.reference).optional(),
});
export type PatientPaymentRequest = z.input<typeof patientPaymentRequestSchema>;

const cents = z.number().int();
const nullableCents = cents.nullable();

/** A DUR response of the payer (AM24), as stored with the claim. */
export const durResponseSchema = z.object({
  reasonForService: z.string().optional(),
  clinicalSignificance: z.string().optional(),
  otherPharmacy: z.string().optional(),
  previousFillDate: z.string().optional(),
  previousFillQuantityThousandths: z.number().optional(),
  database: z.string().optional(),
  otherPrescriber: z.string().optional(),
  freeText: z.string().optional(),
}).passthrough();

/** A claim as the api answers it (private.claim_json). */
export const claimSchema = z.object({
  id: z.string(),
  prescriptionId: z.string(),
  planId: z.string(),
  patientId: z.string(),
  coverage: z.enum(COVERAGES),
  status: z.enum(CLAIM_STATUSES),
  payerName: z.string(),
  bin: z.string(),
  pcn: z.string().nullable(),
  groupId: z.string().nullable(),
  cardholderId: z.string(),
  rxNumber: z.number(),
  fillNumber: z.number(),
  serviceDate: z.string(),
  ndc: z.string(),
  quantityThousandths: z.number(),
  daysSupply: z.number(),
  ingredientCostSubmittedCents: cents,
  dispensingFeeSubmittedCents: cents,
  usualAndCustomaryCents: cents,
  grossAmountDueCents: cents,
  submissionClarificationCodes: z.array(z.string()),
  priorAuthorizationNumber: z.string().nullable(),
  durPps: z.array(durPpsSchema),
  authorizationNumber: z.string().nullable(),
  rejectCodes: z.array(z.string()),
  payerMessage: z.string().nullable(),
  previousFillDate: z.string().nullable(),
  durResponses: z.array(durResponseSchema),
  patientPayCents: nullableCents,
  ingredientCostPaidCents: nullableCents,
  dispensingFeePaidCents: nullableCents,
  totalPaidCents: nullableCents,
  otherPayerPaidCents: nullableCents,
  lastTransactionCode: z.string().nullable(),
  lastError: z.string().nullable(),
  inFlight: z.boolean().nullable(),
  submittedAt: z.string().nullable(),
  adjudicatedAt: z.string().nullable(),
  reversedAt: z.string().nullable(),
  reversalReason: z.string().nullable(),
  createdAt: z.string(),
});
export type Claim = z.infer<typeof claimSchema>;

/** What the patient owes for a fill (private.fill_patient_share). */
export const patientShareSchema = z.object({
  subtotalCents: cents,
  insurerCents: cents,
  patientShareCents: cents,
  basis: z.enum(['custom', 'cash', 'payer', 'estimate']),
  paidCents: cents,
  balanceCents: cents,
  coveragePercent: z.number(),
  dispensingFeeCents: cents,
});

/** GET /api/billing/{prescriptionId} (private.fill_billing). */
export const fillBillingSchema = z.object({
  prescriptionId: z.string(),
  rxNumber: z.number(),
  fillNumber: z.number(),
  status: z.string(),
  dateFilled: z.string().nullable(),
  quantity: z.number().nullable(),
  daysSupply: z.number().nullable(),
  patient: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), dateOfBirth: z.string().nullable() }),
  medication: z.object({ id: z.string(), name: z.string(), strength: z.string().nullable(), ndc: z.string().nullable(), priceCents: cents }),
  payWith: z.enum(['insurance', 'cash']),
  chosenPlanId: z.string().nullable(),
  planId: z.string().nullable(),
  customCopayCents: nullableCents,
  rejectOverride: z.object({ reason: z.string(), by: z.string().nullable(), at: z.string() }).nullable(),
  plans: z.array(z.object({
    id: z.string(), payerName: z.string(), bin: z.string(), pcn: z.string().nullable(), groupId: z.string().nullable(),
    cardholderId: z.string(), priority: z.enum(COVERAGES),
  })),
  claims: z.array(claimSchema),
  prices: z.object({
    ndc: z.string().nullable(), ingredientCostCents: cents, dispensingFeeCents: cents, usualAndCustomaryCents: cents,
    grossAmountDueCents: cents, basisOfCost: z.string(), quantityThousandths: z.number(),
  }),
  share: patientShareSchema,
  payments: z.array(z.object({
    id: z.string(), receiptNumber: z.number(), amountCents: cents, method: z.enum(PAYMENT_METHODS), reference: z.string().nullable(),
    receivedBy: z.string().nullable(), receivedAt: z.string(),
  })),
});
export type FillBilling = z.infer<typeof fillBillingSchema>;

/** Quantities travel in thousandths (NCPDP 442-E7 has three implied decimals): 30000 → "30", 2500 → "2.5". */
export function quantityFromThousandths(thousandths: number): string {
  const whole = Math.trunc(thousandths / 1000);
  const fraction = String(Math.abs(thousandths % 1000)).padStart(3, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/**
 * Resubmit's guided fix: which fix a rejected claim's reject codes call for, and what the fix sends with the next B1
 * (POST /api/claims/submit `fixes`). The NCPDP reject-code table (shared/src/billing/ncpdp/reject-codes.ts) names
 * each code and its kind of fix; the dialog guides them: 79 Refill Too Soon asks for a submission clarification
 * code; 88 DUR Reject (and E4–E6) for the DUR/PPS codes (reason, professional service, result); 75 Prior
 * Authorization Required (and 64, EV, PA) for the PA number; 70 Not Covered and 76 Plan Limitations (and the other
 * coverage and limit codes) offer billing as cash or a pharmacist's override; 41 (and the other "bill another payer"
 * codes) bills another of the patient's plans; 65 Patient Not Covered, 07 M/I Cardholder ID and the other
 * eligibility codes send staff to the patient's plan. Pure, so it is unit tested.
 */
import { claimFixesSchema, CLAIM_MESSAGES, type Claim, type ClaimFixes, type DurPps } from '@pharmacy/shared/billing/claim.ts';
import { rejectFix, type RejectFix } from '@pharmacy/shared/billing/ncpdp/reject-codes.ts';
import * as z from 'zod';

export const GUIDED_FIXES = ['refill_too_soon', 'dur', 'prior_authorization', 'not_covered', 'other_payer', 'eligibility'] as const;
export type GuidedFix = (typeof GUIDED_FIXES)[number];

/** The table's kind of fix as the dialog guides it (plan limits are met like a product not covered). */
const GUIDED_FIX_OF: Readonly<Record<RejectFix, GuidedFix | null>> = {
  refill_too_soon: 'refill_too_soon',
  dur: 'dur',
  prior_authorization: 'prior_authorization',
  not_covered: 'not_covered',
  plan_limits: 'not_covered',
  bill_primary: 'other_payer',
  eligibility: 'eligibility',
  other: null,
};

/** A reject code as the payer may send it ("7", " 79 ") in the External Code List's form ("07", "79"). */
export function normaliseRejectCode(code: string): string {
  const trimmed = code.trim().toUpperCase();
  return /^\d$/.test(trimmed) ? `0${trimmed}` : trimmed;
}

/** The fixes a claim's reject codes call for, each once, in the dialog's order; [] when no code has a guided fix. */
export function guidedFixes(rejectCodes: readonly string[]): GuidedFix[] {
  const wanted = new Set(rejectCodes.map((code) => GUIDED_FIX_OF[rejectFix(code)]).filter((fix) => fix !== null));
  return GUIDED_FIXES.filter((fix) => wanted.has(fix));
}

/** The fix form's fields, as typed or chosen ('' for none). */
export interface GuidedFixForm {
  submissionClarificationCode: string;
  priorAuthorizationNumber: string;
  durReason: string;
  durProfessionalService: string;
  durResult: string;
}

export const GUIDED_FIX_MESSAGES = {
  submissionClarificationCode: 'Choose the submission clarification code that explains the early refill',
  priorAuthorizationNumber: 'Enter the prior authorisation number the payer or prescriber gave',
  durProfessionalService: 'Choose what the pharmacist did (professional service)',
  durResult: 'Choose the result of the service',
} as const;

/** The form to start from: what the claim already carries, and the reason for service the payer's DUR answer gave. */
export function guidedFixFormStart(claim: Pick<Claim, 'submissionClarificationCodes' | 'priorAuthorizationNumber' | 'durPps' | 'durResponses'>): GuidedFixForm {
  const sent = claim.durPps[0];
  return {
    submissionClarificationCode: claim.submissionClarificationCodes[0] ?? '',
    priorAuthorizationNumber: claim.priorAuthorizationNumber ?? '',
    durReason: sent?.reasonForService ?? claim.durResponses[0]?.reasonForService?.trim().toUpperCase() ?? '',
    durProfessionalService: sent?.professionalService ?? '',
    durResult: sent?.result ?? '',
  };
}

/** The form's rules for the fixes shown: each shown fix's fields are required, and every value has the claim's format. */
export function guidedFixFormSchema(fixes: readonly GuidedFix[]) {
  // A blank required field gets one message: the format checks pass on blank.
  const required = (message: string) => z.string().trim().min(1, message);
  const optional = z.string();
  return z.object({
    submissionClarificationCode: fixes.includes('refill_too_soon')
      ? required(GUIDED_FIX_MESSAGES.submissionClarificationCode).regex(/^(\d{1,2})?$/, CLAIM_MESSAGES.submissionClarificationCodes)
      : optional,
    priorAuthorizationNumber: fixes.includes('prior_authorization')
      ? required(GUIDED_FIX_MESSAGES.priorAuthorizationNumber).regex(/^(\d{1,11})?$/, CLAIM_MESSAGES.priorAuthorizationNumber)
      : optional,
    durReason: fixes.includes('dur') ? z.string().trim().regex(/^([A-Za-z0-9]{2})?$/, CLAIM_MESSAGES.durPps) : optional,
    durProfessionalService: fixes.includes('dur') ? required(GUIDED_FIX_MESSAGES.durProfessionalService) : optional,
    durResult: fixes.includes('dur') ? required(GUIDED_FIX_MESSAGES.durResult) : optional,
  });
}

/**
 * What the next B1 carries for the fixes shown (only their fields: a claim keeps what it carries for the rest), in
 * the api's shape, checked by its schema. Fixes without fields (cash, other payer, the plan) send nothing.
 */
export function claimFixesFromForm(fixes: readonly GuidedFix[], form: GuidedFixForm): ClaimFixes {
  const fixesSent: ClaimFixes = {};
  if (fixes.includes('refill_too_soon')) fixesSent.submissionClarificationCodes = [form.submissionClarificationCode.trim()];
  if (fixes.includes('prior_authorization')) fixesSent.priorAuthorizationNumber = form.priorAuthorizationNumber.trim();
  if (fixes.includes('dur')) {
    const entry: DurPps = {
      ...(form.durReason.trim() ? { reasonForService: form.durReason.trim().toUpperCase() } : {}),
      professionalService: form.durProfessionalService.trim().toUpperCase(),
      result: form.durResult.trim().toUpperCase(),
    };
    fixesSent.durPps = [entry];
  }
  return claimFixesSchema.parse(fixesSent);
}

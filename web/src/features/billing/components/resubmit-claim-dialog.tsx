/**
 * Resubmit: the guided fix of a rejected claim by its reject codes, then a new B1 (POST /api/claims/submit
 * `{claimData: {prescriptionId, coverage, fixes}}`). 79 Refill Too Soon shows the payer's last fill and asks for a
 * submission clarification code; 88 DUR for the reason, professional service and result codes; 75 for the prior
 * authorisation number; 70/76 explain and offer billing the fill as cash (PUT /api/billing/{id}) or a pharmacist's
 * override; 41 bills another of the patient's plans; 65/07 show the plan billed beside the patient's plans on file
 * (corrected on the patient's record), then resubmit. A reversed claim is simply submitted again. The payer's
 * answer shows in the dialog; the claim's history and the table follow from the database.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { ClaimTransactionResult } from '@pharmacy/shared/api/claims.ts';
import {
  DUR_PROFESSIONAL_SERVICE_OPTIONS, DUR_REASON_OPTIONS, DUR_RESULT_OPTIONS, SUBMISSION_CLARIFICATION_OPTIONS,
} from '@pharmacy/shared/billing/claim-fix-codes.ts';
import type { FillBilling } from '@pharmacy/shared/billing/claim.ts';
import { usDate } from '@pharmacy/shared/common/dates.ts';
import { insurancePlanPriorityLabel } from '@pharmacy/shared/patients/insurance-plan.ts';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextAreaField } from '../../../components/form/text-area-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useBillOtherPlan } from '../api/bill-other-plan.ts';
import { useClaimDetail, type ClaimDetail } from '../api/get-claim-detail.ts';
import type { ClaimRow } from '../api/get-claims-page.ts';
import { useFillBilling } from '../api/get-fill-billing.ts';
import { useOverrideClaimReject } from '../api/override-claim-reject.ts';
import { useSubmitClaim } from '../api/submit-claim.ts';
import { useUpdateFillBilling } from '../api/update-fill-billing.ts';
import { rxFill } from '../billing-format.ts';
import { claimFixesFromForm, guidedFixes, guidedFixFormSchema, guidedFixFormStart, type GuidedFix, type GuidedFixForm } from '../guided-fix.ts';
import { RejectReasons } from './claim-detail-dialog.tsx';
import { ClaimStatusBadge } from './claim-status-badge.tsx';
import { RecordedFillOpen } from './recorded-fill-open.tsx';

export interface ResubmitClaimDialogProps {
  pharmacyId: string;
  claim: ClaimRow | null;
  canOverride: boolean;
  onClose: () => void;
}

export function ResubmitClaimDialog({ pharmacyId, claim, canOverride, onClose }: ResubmitClaimDialogProps) {
  return (
    <Dialog open={claim !== null} onClose={onClose} title={claim ? `Resubmit the claim for Rx ${rxFill(claim)}` : 'Resubmit'} size="xl" closeButton>
      {claim ? (
        <RecordedFillOpen patientId={claim.patientId} prescriptionId={claim.prescriptionId}>
          <ResubmitContent pharmacyId={pharmacyId} row={claim} canOverride={canOverride} onClose={onClose} />
        </RecordedFillOpen>
      ) : null}
    </Dialog>
  );
}

function ResubmitContent({ pharmacyId, row, canOverride, onClose }: { pharmacyId: string; row: ClaimRow; canOverride: boolean; onClose: () => void }) {
  const detail = useClaimDetail(pharmacyId, row.id);
  const billing = useFillBilling(pharmacyId, row.prescriptionId);
  return (
    <QueryState query={detail} errorText="The claim could not be loaded" loadingLabel="Loading the claim" skeletonRows={4}
      isEmpty={(data) => data === null} emptyText="This claim is not one of your pharmacy's (or no longer exists).">
      {(claim) => (claim ? (
        <ResubmitForm claim={claim} billing={billing.data} billingError={billing.error} canOverride={canOverride} onClose={onClose} />
      ) : null)}
    </QueryState>
  );
}

function FixSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-col gap-2 rounded-box border border-base-300 p-3">
      <h3 className="font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function PlanLine({ plan }: { plan: Pick<FillBilling['plans'][number], 'payerName' | 'bin' | 'pcn' | 'groupId' | 'cardholderId'> }) {
  return (
    <span className="text-sm">
      <span className="font-medium">{plan.payerName}</span> · BIN {plan.bin}{plan.pcn ? ` · PCN ${plan.pcn}` : ''}{plan.groupId ? ` · Group ${plan.groupId}` : ''} · ID {plan.cardholderId}
    </span>
  );
}

interface ResubmitFormProps {
  claim: ClaimDetail;
  billing: FillBilling | undefined;
  billingError: Error | null;
  canOverride: boolean;
  onClose: () => void;
}

function ResubmitForm({ claim, billing, billingError, canOverride, onClose }: ResubmitFormProps) {
  const fixes: GuidedFix[] = claim.status === 'rejected' ? guidedFixes(claim.rejectCodes) : [];
  const form = useForm<GuidedFixForm>({ resolver: zodResolver(guidedFixFormSchema(fixes)), defaultValues: guidedFixFormStart(claim) });
  const errors = form.formState.errors;
  const submit = useSubmitClaim();
  const billAsCash = useUpdateFillBilling();
  const override = useOverrideClaimReject();
  const [overrideReason, setOverrideReason] = useState('');
  const [answer, setAnswer] = useState<ClaimTransactionResult | null>(null);
  const label = `Rx ${rxFill(claim)}`;
  const previousFill = claim.previousFillDate ?? claim.durResponses.find((response) => response.previousFillDate)?.previousFillDate ?? null;
  const otherPlans = (billing?.plans ?? []).filter((plan) => plan.id !== claim.planId);
  const primaryPaid = billing?.claims.some((other) => other.coverage === 'primary' && other.status === 'paid') ?? false;
  const billOtherPlan = useBillOtherPlan();

  function answered(result: ClaimTransactionResult) {
    setAnswer(result);
    toast({
      title: result.claim.status === 'paid' ? 'Claim paid' : result.claim.status === 'rejected' ? 'Claim rejected again' : 'Claim submitted',
      description: `${label}: ${result.summary}`,
      ...(result.claim.status === 'rejected' ? { variant: 'destructive' as const } : {}),
    });
  }

  const resubmit = form.handleSubmit((values) => {
    setAnswer(null);
    const fixesSent = claimFixesFromForm(fixes, values);
    submit.mutate(
      { prescriptionId: claim.prescriptionId, coverage: claim.coverage, ...(Object.keys(fixesSent).length > 0 ? { fixes: fixesSent } : {}) },
      { onSuccess: answered },
    );
  });

  const busy = submit.isPending || billAsCash.isPending || override.isPending || billOtherPlan.isPending;
  const failure = submit.error ?? billAsCash.error ?? override.error ?? billOtherPlan.error;

  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={resubmit}>
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <ClaimStatusBadge status={claim.status} size="badge-md" />
          <span className="text-sm">{claim.patientName ?? 'Unknown patient'} · {claim.payerName} ({claim.coverage})</span>
        </div>
        <RejectReasons claim={claim} />
        {claim.status === 'reversed' ? <p className="text-sm">This claim was reversed{claim.reversalReason ? ` (${claim.reversalReason})` : ''}. Submitting bills the payer again.</p> : null}
        {claim.status === 'rejected' && fixes.length === 0 ? (
          <p className="text-sm">No guided fix for {claim.rejectCodes.length === 1 ? 'this code' : 'these codes'}: correct what the payer's message names, then resubmit.</p>
        ) : null}
      </div>

      {fixes.includes('refill_too_soon') ? (
        <FixSection title="Refill too soon (79)">
          <p className="text-sm">
            {previousFill ? <>The payer's last fill of this prescription was on <strong data-testid="previous-fill-date">{usDate(previousFill)}</strong>. </> : 'The payer did not say when it last filled this prescription. '}
            Wait until the refill is due, or send the reason it is needed now.
          </p>
          <SelectField label="Submission clarification code" placeholder="Choose the reason" options={SUBMISSION_CLARIFICATION_OPTIONS}
            error={errors.submissionClarificationCode?.message} {...form.register('submissionClarificationCode')} />
        </FixSection>
      ) : null}

      {fixes.includes('dur') ? (
        <FixSection title="DUR reject (88)">
          <p className="text-sm">The payer's drug utilisation review found a conflict. Record what the pharmacist did about it.</p>
          <div className="grid gap-3 sm:grid-cols-3">
            <SelectField label="Reason for service" placeholder="As the payer found" options={DUR_REASON_OPTIONS} error={errors.durReason?.message} {...form.register('durReason')} />
            <SelectField label="Professional service" placeholder="Choose" options={DUR_PROFESSIONAL_SERVICE_OPTIONS} error={errors.durProfessionalService?.message} {...form.register('durProfessionalService')} />
            <SelectField label="Result of service" placeholder="Choose" options={DUR_RESULT_OPTIONS} error={errors.durResult?.message} {...form.register('durResult')} />
          </div>
        </FixSection>
      ) : null}

      {fixes.includes('prior_authorization') ? (
        <FixSection title="Prior authorisation required (75)">
          <p className="text-sm">The plan pays for this product only with a prior authorisation: ask the prescriber to request it, then enter the number the payer gave.</p>
          <TextField label="Prior authorisation number" maxLength={11} inputMode="numeric" autoComplete="off" error={errors.priorAuthorizationNumber?.message} {...form.register('priorAuthorizationNumber')} />
        </FixSection>
      ) : null}

      {fixes.includes('not_covered') ? (
        <FixSection title="Not covered or over the plan's limits (70, 76)">
          <p className="text-sm">
            The plan does not pay for this product as billed (not covered, or over its quantity, days-supply or cost limits). Change the
            prescription with the prescriber, bill the fill as cash, or — for a pharmacist — override the reject so the fill can go on.
          </p>
          <div className="flex flex-wrap items-end gap-2">
            <button type="button" className="btn btn-sm" disabled={busy} onClick={() => billAsCash.mutate(
              { prescriptionId: claim.prescriptionId, update: { payWith: 'cash', planId: null, customCopayCents: billing?.customCopayCents ?? null } },
              { onSuccess: () => { toast({ title: 'Billed as cash', description: `${label} is now paid by the patient at the usual & customary price.` }); onClose(); } },
            )}>Bill as cash</button>
          </div>
          {canOverride ? (
            <div className="flex flex-col gap-2">
              <TextAreaField label="Override reason" rows={2} maxLength={500} value={overrideReason} onChange={(event) => setOverrideReason(event.target.value)} />
              <button type="button" className="btn btn-sm btn-warning self-start" disabled={busy || overrideReason.trim() === ''} onClick={() => override.mutate(
                { prescriptionId: claim.prescriptionId, reason: overrideReason.trim() },
                { onSuccess: () => { toast({ title: 'Rejected claim overridden', description: `${label} may go on to ready.` }); onClose(); } },
              )}>Override</button>
            </div>
          ) : <p className="text-sm text-base-content/70">Only a pharmacist or admin can override a rejected claim.</p>}
        </FixSection>
      ) : null}

      {fixes.includes('other_payer') ? (
        <FixSection title="Bill another payer (41)">
          <p className="text-sm">The payer says another plan pays first (or this one is not the right processor). Bill the plan that pays first.</p>
          {billingError ? <p role="alert" className="text-sm text-error">The patient's plans could not be loaded: {billingError.message}</p> : null}
          {billing === undefined && !billingError ? <span className="loading loading-dots loading-sm" aria-label="Loading the patient's plans" /> : null}
          {billing !== undefined && otherPlans.length === 0 ? <p className="text-sm">The patient has no other active plan: add the right plan on the patient's record, then resubmit.</p> : null}
          <ul className="flex flex-col gap-2">
            {otherPlans.map((plan) => (
              <li key={plan.id} className="flex flex-wrap items-center justify-between gap-2">
                <span><PlanLine plan={plan} /> <span className="text-xs text-base-content/70">({insurancePlanPriorityLabel(plan.priority)})</span></span>
                <button type="button" className="btn btn-sm" disabled={busy} onClick={() => { setAnswer(null); billOtherPlan.mutate(
                  { prescriptionId: claim.prescriptionId, plan, primaryPaid, customCopayCents: billing?.customCopayCents ?? null },
                  { onSuccess: answered },
                ); }}>
                  Bill {plan.payerName}
                </button>
              </li>
            ))}
          </ul>
        </FixSection>
      ) : null}

      {fixes.includes('eligibility') ? (
        <FixSection title="Check the patient's plan (65, 07)">
          <p className="text-sm">The payer does not find the patient as billed. Compare the plan billed with the card, correct it on the patient's record, then resubmit: the claim bills the plan as it is then.</p>
          <p className="text-sm">Billed: <PlanLine plan={claim} /></p>
          {billing ? (
            <ul className="flex flex-col gap-1" aria-label="The patient's plans on file">
              {billing.plans.map((plan) => <li key={plan.id} className="text-sm">On file ({insurancePlanPriorityLabel(plan.priority)}): <PlanLine plan={plan} /></li>)}
            </ul>
          ) : null}
          <Link to="/patients" className="link self-start text-sm">Open Patients to check {claim.patientName ?? 'the patient'}'s plan</Link>
        </FixSection>
      ) : null}

      {failure ? <p role="alert" className="alert alert-error alert-soft">{failure.message}</p> : null}
      {answer ? (
        <div role="status" className={`alert alert-soft ${answer.claim.status === 'paid' ? 'alert-success' : answer.claim.status === 'rejected' ? 'alert-error' : 'alert-info'}`}>
          {answer.summary}
        </div>
      ) : null}
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>Close</button>
        <button type="submit" className="btn btn-primary" disabled={busy || claim.inFlight === true}>
          {submit.isPending ? 'Submitting…' : claim.status === 'reversed' ? 'Submit Again' : 'Resubmit'}
        </button>
      </div>
    </form>
  );
}

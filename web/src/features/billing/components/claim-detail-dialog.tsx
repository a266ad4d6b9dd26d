/**
 * View on the Claims tab: one claim in full from the database (public.claim_detail) — what was billed and to whom,
 * what the payer paid or why it rejected (each reject code with its text, the payer's message, the previous fill
 * date, the DUR answer), the fixes sent, its history, and each transmission's request and response exactly as sent
 * and received (monospace, control characters as visible symbols: ␞ segment, ␝ group, ␜ field separator). The open
 * is recorded as a prescription's details before it shows.
 */
import { CLAIM_STATUSES, quantityFromThousandths, type Claim, type ClaimStatus } from '@pharmacy/shared/billing/claim.ts';
import { codeOptionLabel, DUR_PROFESSIONAL_SERVICE_OPTIONS, DUR_REASON_OPTIONS, DUR_RESULT_OPTIONS, SUBMISSION_CLARIFICATION_OPTIONS } from '@pharmacy/shared/billing/claim-fix-codes.ts';
import { rejectCodeText } from '@pharmacy/shared/billing/ncpdp/reject-codes.ts';
import { usDate } from '@pharmacy/shared/common/dates.ts';
import { formatCents } from '@pharmacy/shared/common/money.ts';
import type { ReactNode } from 'react';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useClaimDetail, type ClaimDetail, type ClaimTransmission } from '../api/get-claim-detail.ts';
import type { ClaimRow } from '../api/get-claims-page.ts';
import { dateTime, rxFill } from '../billing-format.ts';
import { normaliseRejectCode } from '../guided-fix.ts';
import { visibleControlCharacters } from '../transmission-text.ts';
import { ClaimStatusBadge } from './claim-status-badge.tsx';
import { RecordedFillOpen } from './recorded-fill-open.tsx';
import { outcomeLabel } from './transmission-attempts.tsx';

function isClaimStatus(value: string): value is ClaimStatus {
  return (CLAIM_STATUSES as readonly string[]).includes(value);
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs text-base-content/70">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

/** The reject codes with their NCPDP texts and the payer's message. */
export function RejectReasons({ claim }: { claim: Pick<Claim, 'rejectCodes' | 'payerMessage'> }) {
  if (claim.rejectCodes.length === 0 && !claim.payerMessage) return null;
  return (
    <div className="flex flex-col gap-1" data-testid="reject-reasons">
      {claim.rejectCodes.length > 0 ? (
        <ul className="flex flex-col gap-0.5 text-sm" aria-label="Reject codes">
          {claim.rejectCodes.map((code) => (
            <li key={code}><span className="badge badge-error badge-sm mr-2 font-mono">{normaliseRejectCode(code)}</span>{rejectCodeText(code)}</li>
          ))}
        </ul>
      ) : null}
      {claim.payerMessage ? <p className="text-sm"><span className="font-medium">Payer's message: </span>{claim.payerMessage}</p> : null}
    </div>
  );
}

function Raw({ label, text }: { label: string; text: string | null }) {
  if (text === null) return <p className="text-sm text-base-content/70">{label}: none received.</p>;
  return (
    <div className="flex flex-col gap-1">
      <span className="text-xs font-medium text-base-content/70">{label} ({text.length.toLocaleString('en-US')} characters)</span>
      {/* A named region, focusable, so a keyboard can scroll it (axe: scrollable-region-focusable). */}
      <div role="region" aria-label={label} tabIndex={0} className="max-h-56 overflow-auto rounded-box bg-base-200 p-2">
        <pre className="whitespace-pre-wrap break-all font-mono text-xs">{visibleControlCharacters(text)}</pre>
      </div>
    </div>
  );
}

function Transmission({ transmission }: { transmission: ClaimTransmission }) {
  const title = `${transmission.transactionCode} to ${transmission.destination}, attempt ${transmission.attempt}`;
  return (
    <li className="flex flex-col gap-2 rounded-box border border-base-300 p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium">{title}</span>
        <span className="text-xs text-base-content/70">{dateTime(transmission.sentAt)}</span>
      </div>
      <p className="text-sm">
        <span className={transmission.outcome === 'answered' ? 'text-success' : 'text-error'}>{outcomeLabel(transmission.outcome)}</span>
        {transmission.httpStatus !== null ? ` · HTTP ${transmission.httpStatus}` : ''} · {transmission.durationMs.toLocaleString('en-US')} ms
        <span className="block break-all text-xs text-base-content/70">{transmission.url}</span>
        {transmission.detail ? <span className="block">{transmission.detail}</span> : null}
      </p>
      <Raw label={`Request of ${title}`} text={transmission.request} />
      <Raw label={`Response of ${title}`} text={transmission.response} />
    </li>
  );
}

function FixesSent({ claim }: { claim: ClaimDetail }) {
  const fixes = [
    ...claim.submissionClarificationCodes.map((code) => `Submission clarification ${codeOptionLabel(SUBMISSION_CLARIFICATION_OPTIONS, code)}`),
    ...(claim.priorAuthorizationNumber ? [`Prior authorisation ${claim.priorAuthorizationNumber}`] : []),
    ...claim.durPps.map((entry) => ['DUR/PPS',
      entry.reasonForService ? codeOptionLabel(DUR_REASON_OPTIONS, entry.reasonForService) : null,
      entry.professionalService ? codeOptionLabel(DUR_PROFESSIONAL_SERVICE_OPTIONS, entry.professionalService) : null,
      entry.result ? codeOptionLabel(DUR_RESULT_OPTIONS, entry.result) : null].filter(Boolean).join(' · ')),
  ];
  if (fixes.length === 0) return null;
  return <Field label="Fixes sent with the claim"><ul>{fixes.map((fix) => <li key={fix}>{fix}</li>)}</ul></Field>;
}

function ClaimDetailBody({ claim, onOpenInBilling }: { claim: ClaimDetail; onOpenInBilling: () => void }) {
  const paid = claim.totalPaidCents !== null;
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center gap-2">
        <ClaimStatusBadge status={claim.status} size="badge-md" />
        {claim.inFlight ? <span className="badge badge-info badge-md">Transmission in progress</span> : null}
        <span className="text-sm text-base-content/80">{claim.patientName ?? 'Unknown patient'} · service date {usDate(claim.serviceDate)}</span>
      </div>
      <section aria-label="Payer and fill">
        <dl className="grid gap-3 sm:grid-cols-3">
          <Field label="Payer">{claim.payerName} ({claim.coverage})</Field>
          <Field label="BIN / PCN / Group">{claim.bin} / {claim.pcn ?? '—'} / {claim.groupId ?? '—'}</Field>
          <Field label="Cardholder ID">{claim.cardholderId}</Field>
          <Field label="NDC">{claim.ndc}</Field>
          <Field label="Quantity / days supply">{quantityFromThousandths(claim.quantityThousandths)} / {claim.daysSupply} days</Field>
          <Field label="Authorisation">{claim.authorizationNumber ?? '—'}</Field>
        </dl>
      </section>
      <section aria-label="Amounts">
        <h3 className="mb-2 font-semibold">Amounts</h3>
        <dl className="grid gap-3 sm:grid-cols-4">
          <Field label="Ingredient cost billed">{formatCents(claim.ingredientCostSubmittedCents)}</Field>
          <Field label="Dispensing fee billed">{formatCents(claim.dispensingFeeSubmittedCents)}</Field>
          <Field label="Usual & customary">{formatCents(claim.usualAndCustomaryCents)}</Field>
          <Field label="Gross amount due">{formatCents(claim.grossAmountDueCents)}</Field>
          {paid ? (
            <>
              <Field label="Ingredient cost paid">{formatCents(claim.ingredientCostPaidCents)}</Field>
              <Field label="Dispensing fee paid">{formatCents(claim.dispensingFeePaidCents)}</Field>
              <Field label="Total paid by the payer">{formatCents(claim.totalPaidCents)}</Field>
              <Field label="Patient pays">{formatCents(claim.patientPayCents)}</Field>
            </>
          ) : null}
          {claim.otherPayerPaidCents !== null ? <Field label="Other payers paid">{formatCents(claim.otherPayerPaidCents)}</Field> : null}
        </dl>
      </section>
      {claim.status === 'rejected' || claim.rejectCodes.length > 0 || claim.payerMessage ? (
        <section aria-label="Payer's answer" className="flex flex-col gap-2">
          <h3 className="font-semibold">Payer's answer</h3>
          <RejectReasons claim={claim} />
          {claim.previousFillDate ? <p className="text-sm">The payer's last fill of this prescription: {usDate(claim.previousFillDate)}</p> : null}
          {claim.durResponses.map((response, index) => (
            <p key={index} className="text-sm">
              DUR: {response.reasonForService ? codeOptionLabel(DUR_REASON_OPTIONS, response.reasonForService) : 'reason not given'}
              {response.previousFillDate ? ` · previous fill ${usDate(response.previousFillDate)}` : ''}
              {response.freeText ? ` · ${response.freeText}` : ''}
            </p>
          ))}
        </section>
      ) : null}
      <dl className="grid gap-3 sm:grid-cols-3">
        <FixesSent claim={claim} />
        {claim.lastError ? <Field label="Last error">{claim.lastError}</Field> : null}
        {claim.reversalReason ? <Field label="Reversal reason">{claim.reversalReason}</Field> : null}
      </dl>
      <section aria-label="History">
        <h3 className="mb-2 font-semibold">History</h3>
        {claim.history.length === 0 ? <p className="text-sm text-base-content/70">No history recorded.</p> : (
          <ol className="flex flex-col gap-1 text-sm" data-testid="claim-history">
            {claim.history.map((event, index) => (
              <li key={index} className="flex flex-wrap items-baseline gap-x-2">
                <span className="text-xs text-base-content/70 tabular-nums">{dateTime(event.occurredAt)}</span>
                {isClaimStatus(event.status) ? <ClaimStatusBadge status={event.status} /> : <span className="badge badge-sm">{event.status}</span>}
                {event.transactionCode ? <span className="font-mono text-xs">{event.transactionCode}</span> : null}
                <span>{event.detail ?? ''}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-label="Transmissions">
        <h3 className="mb-2 font-semibold">Transmissions</h3>
        {claim.transmissions.length === 0 ? <p className="text-sm text-base-content/70">Not transmitted yet.</p> : (
          <ol className="flex flex-col gap-3">{claim.transmissions.map((transmission) => <Transmission key={transmission.id} transmission={transmission} />)}</ol>
        )}
      </section>
      <div className="modal-action">
        <button type="button" className="btn" onClick={onOpenInBilling}>Open the prescription's billing</button>
      </div>
    </div>
  );
}

export interface ClaimDetailDialogProps {
  pharmacyId: string;
  claim: ClaimRow | null;
  onClose: () => void;
  onOpenInBilling: (prescriptionId: string) => void;
}

export function ClaimDetailDialog({ pharmacyId, claim, onClose, onOpenInBilling }: ClaimDetailDialogProps) {
  return (
    <Dialog open={claim !== null} onClose={onClose} title={claim ? `Claim for Rx ${rxFill(claim)}` : 'Claim'} size="table" closeButton>
      {claim ? (
        <RecordedFillOpen patientId={claim.patientId} prescriptionId={claim.prescriptionId}>
          <ClaimDetailContent pharmacyId={pharmacyId} claimId={claim.id} onOpenInBilling={() => { onClose(); onOpenInBilling(claim.prescriptionId); }} />
        </RecordedFillOpen>
      ) : null}
    </Dialog>
  );
}

function ClaimDetailContent({ pharmacyId, claimId, onOpenInBilling }: { pharmacyId: string; claimId: string; onOpenInBilling: () => void }) {
  const detail = useClaimDetail(pharmacyId, claimId);
  return (
    <QueryState query={detail} errorText="The claim could not be loaded" loadingLabel="Loading the claim" skeletonRows={5}
      isEmpty={(data) => data === null} emptyText="This claim is not one of your pharmacy's (or no longer exists).">
      {(data) => (data ? <ClaimDetailBody claim={data} onOpenInBilling={onOpenInBilling} /> : null)}
    </QueryState>
  );
}

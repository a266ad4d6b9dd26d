/**
 * The Overview tab: the claims pending, submitted, paid and rejected (each card opens the Claims tab on that
 * filter), this month's revenue (what payers and patients paid) and the pending revenue — all from the database
 * (public.billing_overview) — the billing calculator on a fill, and the Quick Actions: Submit Pending Claims, Check
 * Insurance Eligibility, Generate Billing Report (the Reports tab) and Test Transmission Connection.
 */
import { calculatorFormSchema, type CalculatorForm } from '@pharmacy/shared/billing/billing-calculator.ts';
import type { ClaimStatus, ClaimStatusFilter, FillBilling } from '@pharmacy/shared/billing/claim.ts';
import { usDate } from '@pharmacy/shared/common/dates.ts';
import { formatCents } from '@pharmacy/shared/common/money.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { QueryErrorNotice, QueryState } from '../../../components/ui/query-state.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { useBillingOverview } from '../api/get-billing-overview.ts';
import { useFillBilling } from '../api/get-fill-billing.ts';
import { useTestTransmissionProviders } from '../api/test-transmission-providers.ts';
import { useSubmitPendingClaims } from '../hooks/use-submit-pending-claims.ts';
import { BillingCalculatorFields, calculatorStart } from './billing-calculator.tsx';
import { CLAIM_STATUS_TEXT, ClaimStatusIcon } from './claim-status-badge.tsx';
import { EligibilityDialog } from './eligibility-dialog.tsx';
import { FillSearchField } from './fill-search-field.tsx';
import { RecordedFillOpen } from './recorded-fill-open.tsx';
import { TestConnectionDialog } from './test-connection-dialog.tsx';

const STATUS_CARDS: ReadonlyArray<{ status: ClaimStatus; title: string; caption: string }> = [
  { status: 'pending', title: 'Pending', caption: 'Opened, not yet sent to the payer' },
  { status: 'submitted', title: 'Submitted', caption: 'Sent, awaiting the payer\'s answer' },
  { status: 'paid', title: 'Paid', caption: 'Paid by the payer' },
  { status: 'rejected', title: 'Rejected', caption: 'To fix and resubmit' },
];

function StatusCard({ status, title, caption, count, onOpen }: { status: ClaimStatus; title: string; caption: string; count: number | undefined; onOpen: () => void }) {
  return (
    <section aria-label={`${title} claims`} className="card border border-base-300 bg-base-100">
      <div className="card-body gap-1 p-4">
        <h2 className="flex items-center gap-1.5 text-sm font-medium text-base-content/70">
          <span className={CLAIM_STATUS_TEXT[status]}><ClaimStatusIcon status={status} className="h-4 w-4" /></span>
          {title}
        </h2>
        <p data-testid="card-value" className={`text-2xl font-bold ${CLAIM_STATUS_TEXT[status]}`}>
          {count === undefined ? <span className="loading loading-dots loading-sm" aria-label="Loading" /> : count.toLocaleString('en-US')}
        </p>
        <p className="text-xs text-base-content/70">{caption}</p>
        <button type="button" className="link self-start text-sm" onClick={onOpen}>View {title.toLowerCase()} claims</button>
      </div>
    </section>
  );
}

function MoneyCard({ title, value, caption }: { title: string; value: string | null; caption: string }) {
  return (
    <section aria-label={title} className="card border border-base-300 bg-base-100">
      <div className="card-body gap-1 p-4">
        <h2 className="text-sm font-medium text-base-content/70">{title}</h2>
        <p data-testid="card-value" className="text-2xl font-bold tabular-nums">{value ?? <span className="loading loading-dots loading-sm" aria-label="Loading" />}</p>
        <p className="text-xs text-base-content/70">{caption}</p>
      </div>
    </section>
  );
}

/** The calculator's form over one fill: only estimates (saving is the Billing tab's). */
function CalculatorForFill({ billing, onOpenInBilling }: { billing: FillBilling; onOpenInBilling: () => void }) {
  const form = useForm<CalculatorForm>({ resolver: zodResolver(calculatorFormSchema), defaultValues: calculatorStart(billing), mode: 'onChange' });
  return (
    <FormProvider {...form}>
      <form noValidate aria-label="Billing calculator" className="flex flex-col gap-3" onSubmit={(event) => event.preventDefault()}>
        <p className="text-sm text-base-content/80">
          {billing.patient.lastName}, {billing.patient.firstName} · {billing.medication.name}{billing.medication.strength ? ` ${billing.medication.strength}` : ''}
          {billing.quantity !== null ? ` · Qty ${billing.quantity}` : ''}
        </p>
        <BillingCalculatorFields billing={billing} />
        <div className="flex justify-end">
          <button type="button" className="btn btn-sm" onClick={onOpenInBilling}>Payments and receipt on the Billing tab</button>
        </div>
      </form>
    </FormProvider>
  );
}

function OverviewCalculator({ pharmacyId, onOpenInBilling }: { pharmacyId: string; onOpenInBilling: (prescriptionId: string) => void }) {
  const [fillId, setFillId] = useState('');
  const billing = useFillBilling(pharmacyId, fillId);
  return (
    <SectionCard title="Billing calculator">
      <FillSearchField pharmacyId={pharmacyId} value={fillId} onSelect={(id) => setFillId(id ?? '')} />
      {fillId === '' ? (
        <p className="text-sm text-base-content/70">Choose a processing or ready prescription to estimate what the insurance covers and what the patient pays.</p>
      ) : (
        <QueryState query={billing} errorText="The prescription's billing could not be loaded" loadingLabel="Loading the prescription's billing" skeletonRows={3}>
          {(data) => (
            <RecordedFillOpen key={data.prescriptionId} patientId={data.patient.id} prescriptionId={data.prescriptionId}>
              <CalculatorForFill billing={data} onOpenInBilling={() => onOpenInBilling(data.prescriptionId)} />
            </RecordedFillOpen>
          )}
        </QueryState>
      )}
    </SectionCard>
  );
}

export interface OverviewTabProps {
  pharmacyId: string;
  onShowClaims: (filter: ClaimStatusFilter) => void;
  onShowReports: () => void;
  onOpenInBilling: (prescriptionId: string) => void;
}

export function OverviewTab({ pharmacyId, onShowClaims, onShowReports, onOpenInBilling }: OverviewTabProps) {
  const overview = useBillingOverview(pharmacyId);
  const data = overview.data;
  const { submitPending, running, progress } = useSubmitPendingClaims(pharmacyId);
  const [eligibilityOpen, setEligibilityOpen] = useState(false);
  const test = useTestTransmissionProviders();
  const [testOpen, setTestOpen] = useState(false);
  const month = data?.monthStart ? `since ${usDate(data.monthStart)}` : 'this month';

  return (
    <div className="flex flex-col gap-4">
      <QueryErrorNotice query={overview} errorText="The billing overview could not be loaded" />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {STATUS_CARDS.map((card) => (
          <StatusCard key={card.status} {...card} count={data?.[card.status]} onOpen={() => onShowClaims(card.status)} />
        ))}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <MoneyCard
          title="Revenue this month"
          value={data ? formatCents(data.monthPaidByPayersCents + data.monthPaidByPatientsCents) : null}
          caption={data ? `Payers ${formatCents(data.monthPaidByPayersCents)} and patients ${formatCents(data.monthPaidByPatientsCents)}, ${month}` : 'Payers and patients'}
        />
        <MoneyCard title="Pending revenue" value={data ? formatCents(data.pendingRevenueCents) : null} caption="Billed on claims pending or awaiting the payer" />
      </div>
      <div className="grid gap-4 xl:grid-cols-5">
        <div className="xl:col-span-3">
          <OverviewCalculator pharmacyId={pharmacyId} onOpenInBilling={onOpenInBilling} />
        </div>
        <div className="xl:col-span-2">
          <SectionCard title="Quick Actions">
            <div className="flex flex-col gap-2">
              <button type="button" className="btn btn-primary justify-start" disabled={running} onClick={submitPending}>
                {running ? (progress ? `Submitting ${Math.min(progress.done + 1, progress.total)} of ${progress.total}…` : 'Finding pending claims…') : 'Submit Pending Claims'}
              </button>
              <button type="button" className="btn justify-start" onClick={() => setEligibilityOpen(true)}>Check Insurance Eligibility</button>
              <button type="button" className="btn justify-start" onClick={onShowReports}>Generate Billing Report</button>
              <button type="button" className="btn justify-start" disabled={test.isPending} onClick={() => { setTestOpen(true); test.mutate(); }}>
                {test.isPending ? 'Testing the connection…' : 'Test Transmission Connection'}
              </button>
            </div>
          </SectionCard>
        </div>
      </div>
      <EligibilityDialog pharmacyId={pharmacyId} open={eligibilityOpen} onClose={() => setEligibilityOpen(false)} />
      <TestConnectionDialog open={testOpen} onClose={() => { setTestOpen(false); test.reset(); }} testing={test.isPending} result={test.data} error={test.error} onRetry={() => test.mutate()} />
    </div>
  );
}

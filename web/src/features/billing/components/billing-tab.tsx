/**
 * The Billing tab: pick a processing or ready fill, then its billing from the database (GET /api/billing/{id}) — the
 * calculator (price, fee, coverage, copay), how it is paid (insurance through a plan, or cash; the custom copay:
 * PUT /api/billing/{id}), its claims, what the patient owes, the payments taken, Process Payment (POST
 * /api/billing/{id}/payments, with the receipt number) and Print Receipt (POST /api/receipts/generate). Opening a
 * fill's billing is recorded as a prescription's details before it shows.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  calculatorFormSchema, customCopayCents, paymentFormSchema, paymentRequestFromForm, type PaymentForm,
} from '@pharmacy/shared/billing/billing-calculator.ts';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type FillBilling } from '@pharmacy/shared/billing/claim.ts';
import { usDate } from '@pharmacy/shared/common/dates.ts';
import { dollarsText, formatCents } from '@pharmacy/shared/common/money.ts';
import { insurancePlanPriorityLabel } from '@pharmacy/shared/patients/insurance-plan.ts';
import { useState, type ReactNode } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import * as z from 'zod';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { QueryErrorNotice, QueryState } from '../../../components/ui/query-state.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { usePrintReceipt } from '../api/generate-receipt.ts';
import { useFillBilling } from '../api/get-fill-billing.ts';
import { useRecordPayment } from '../api/record-payment.ts';
import { useUpdateFillBilling } from '../api/update-fill-billing.ts';
import { dateTime, fillTitle } from '../billing-format.ts';
import { normaliseRejectCode } from '../guided-fix.ts';
import { BillingCalculatorFields, calculatorStart } from './billing-calculator.tsx';
import { RejectReasons } from './claim-detail-dialog.tsx';
import { ClaimStatusBadge } from './claim-status-badge.tsx';
import { FillPicker } from './fill-picker.tsx';
import { RecordedFillOpen } from './recorded-fill-open.tsx';

/** Fills whose receipt prints: verified ones (the server refuses a receipt before verification). */
const RECEIPT_STATUSES = ['ready', 'completed'];

const billingFormSchema = calculatorFormSchema.extend({
  payWith: z.enum(['insurance', 'cash']),
  planId: z.string(),
});
type BillingForm = z.infer<typeof billingFormSchema>;

const SHARE_BASIS: Record<FillBilling['share']['basis'], (billing: FillBilling) => string> = {
  custom: () => 'the custom copay',
  cash: () => 'the cash price (usual & customary)',
  payer: () => 'the copay the payer answered',
  estimate: (billing) => `an estimate: no payer has answered yet (the price less ${billing.share.coveragePercent}% coverage)`,
};

function Amount({ label, value, emphasis = false, testId }: { label: string; value: string; emphasis?: boolean; testId?: string }) {
  return (
    <div className={`flex items-baseline justify-between gap-4 py-1 ${emphasis ? 'border-t border-base-300 pt-2 font-semibold' : ''}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums" data-testid={testId}>{value}</dd>
    </div>
  );
}

function FillHeader({ billing }: { billing: FillBilling }) {
  const facts: Array<[string, ReactNode]> = [
    ['Patient', <>{billing.patient.lastName}, {billing.patient.firstName}{billing.patient.dateOfBirth ? <span className="text-base-content/70"> · DOB {usDate(billing.patient.dateOfBirth)}</span> : null}</>],
    ['Medication', <>{billing.medication.name}{billing.medication.strength ? ` ${billing.medication.strength}` : ''}{billing.medication.ndc ? <span className="text-base-content/70"> · NDC {billing.medication.ndc}</span> : null}</>],
    ['Status', billing.status.charAt(0).toUpperCase() + billing.status.slice(1)],
    ['Filled', billing.dateFilled ? usDate(billing.dateFilled) : '—'],
    ['Quantity / days supply', `${billing.quantity ?? '—'} / ${billing.daysSupply ?? '—'} days`],
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-3 xl:grid-cols-5">
      {facts.map(([label, value]) => (
        <div key={label} className="flex flex-col">
          <dt className="text-xs text-base-content/70">{label}</dt>
          <dd className="text-sm">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function HowPaidForm({ billing }: { billing: FillBilling }) {
  const save = useUpdateFillBilling();
  const form = useForm<BillingForm>({
    resolver: zodResolver(billingFormSchema),
    defaultValues: { ...calculatorStart(billing), payWith: billing.payWith, planId: billing.chosenPlanId ?? '' },
    mode: 'onChange',
  });
  const payWith = useWatch({ control: form.control, name: 'payWith' });
  const planOptions = [
    { value: '', label: 'The primary plan on file' },
    ...billing.plans.map((plan) => ({ value: plan.id, label: `${plan.payerName} (${insurancePlanPriorityLabel(plan.priority)}) · ID ${plan.cardholderId}` })),
  ];
  const submit = form.handleSubmit((values) => {
    save.mutate(
      { prescriptionId: billing.prescriptionId, update: { payWith: values.payWith, planId: values.payWith === 'insurance' && values.planId !== '' ? values.planId : null, customCopayCents: customCopayCents(values.customCopay) ?? null } },
      { onSuccess: () => toast({ title: 'Billing saved', description: `${fillTitle(billing)} is billed ${values.payWith === 'cash' ? 'as cash' : 'to insurance'}.` }) },
    );
  });
  return (
    <FormProvider {...form}>
      <form noValidate aria-label="Billing calculator and how the prescription is paid" className="flex flex-col gap-4" onSubmit={submit}>
        <fieldset className="flex flex-wrap items-center gap-4">
          <legend className="mb-1 text-sm font-medium">Pay with</legend>
          <label className="flex cursor-pointer items-center gap-2">
            <input type="radio" className="radio radio-sm" value="insurance" {...form.register('payWith')} />
            Insurance
          </label>
          <label className="flex cursor-pointer items-center gap-2">
            <input type="radio" className="radio radio-sm" value="cash" {...form.register('payWith')} />
            Cash
          </label>
        </fieldset>
        {payWith === 'insurance' ? (
          billing.plans.length === 0
            ? <p className="text-sm text-base-content/80">The patient has no active plan: the fill is paid as cash until a plan is added on the patient's record.</p>
            : <SelectField label="Plan" options={planOptions} {...form.register('planId')} />
        ) : <p className="text-sm text-base-content/80">As cash, the patient pays the usual &amp; customary price (or the custom copay) and no claim is sent.</p>}
        <BillingCalculatorFields billing={billing} />
        {save.error ? <p role="alert" className="alert alert-error alert-soft">{save.error.message}</p> : null}
        <div className="flex justify-end">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>{save.isPending ? 'Saving…' : 'Save Billing'}</button>
        </div>
      </form>
    </FormProvider>
  );
}

function ClaimsOfFill({ billing }: { billing: FillBilling }) {
  if (billing.claims.length === 0) {
    return <p className="text-sm text-base-content/70">{billing.payWith === 'cash' ? 'Billed as cash: no claim.' : 'No claim yet: one opens when the prescription moves to processing with a plan.'}</p>;
  }
  return (
    <ul className="flex flex-col gap-3">
      {billing.claims.map((claim) => (
        <li key={claim.id} className="flex flex-col gap-1 rounded-box border border-base-300 p-3 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-medium">{claim.payerName} ({claim.coverage})</span>
            <ClaimStatusBadge status={claim.status} />
          </div>
          <dl className="grid grid-cols-3 gap-2">
            <div><dt className="text-xs text-base-content/70">Billed</dt><dd className="tabular-nums">{formatCents(claim.grossAmountDueCents)}</dd></div>
            <div><dt className="text-xs text-base-content/70">Payer paid</dt><dd className="tabular-nums">{formatCents(claim.totalPaidCents)}</dd></div>
            <div><dt className="text-xs text-base-content/70">Patient pays</dt><dd className="tabular-nums">{formatCents(claim.patientPayCents)}</dd></div>
          </dl>
          {claim.status === 'rejected' ? <RejectReasons claim={claim} /> : null}
          {claim.status === 'rejected' && claim.rejectCodes.length > 0 ? (
            <p className="text-xs text-base-content/70">Fix and resubmit on the Claims tab (codes {claim.rejectCodes.map(normaliseRejectCode).join(', ')}).</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

interface PaymentSectionProps {
  billing: FillBilling;
  /** The receipt number of the last payment taken here (kept by the fill's view: this form starts over after each). */
  lastReceipt: number | null;
  onPaid: (receiptNumber: number) => void;
}

function PaymentSection({ billing, lastReceipt, onPaid }: PaymentSectionProps) {
  const record = useRecordPayment();
  const print = usePrintReceipt();
  const startAmount = billing.share.balanceCents > 0 ? dollarsText(billing.share.balanceCents) : '';
  const form = useForm<PaymentForm>({ resolver: zodResolver(paymentFormSchema), defaultValues: { amount: startAmount, method: 'cash', reference: '' } });
  const errors = form.formState.errors;
  const { share } = billing;
  const receiptPrintable = RECEIPT_STATUSES.includes(billing.status);

  const submit = form.handleSubmit((values) => {
    const payment = paymentRequestFromForm(values);
    record.mutate({ prescriptionId: billing.prescriptionId, payment }, {
      onSuccess: (result) => {
        onPaid(result.receiptNumber);
        toast({ title: 'Payment recorded', description: `Receipt ${result.receiptNumber}: ${formatCents(payment.amountCents)} by ${PAYMENT_METHOD_LABELS[payment.method].toLowerCase()}.` });
      },
    });
  });

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="flex flex-col gap-3">
        <dl className="text-sm" aria-label="What the patient owes">
          <Amount label="Insurance pays" value={formatCents(share.insurerCents)} />
          <Amount label="Patient owes" value={formatCents(share.patientShareCents)} testId="patient-owes" />
          <Amount label="Paid so far" value={formatCents(share.paidCents)} testId="paid-so-far" />
          <Amount label="Balance due" value={formatCents(share.balanceCents)} emphasis testId="balance-due" />
        </dl>
        <p className="text-xs text-base-content/70">What the patient owes is {SHARE_BASIS[share.basis](billing)}.</p>
        {billing.payments.length > 0 ? (
          <table className="table table-sm" aria-label="Payments taken">
            <thead><tr><th>Receipt</th><th>When</th><th>Method</th><th className="text-right">Amount</th></tr></thead>
            <tbody>
              {billing.payments.map((payment) => (
                <tr key={payment.id}>
                  <td className="font-mono">{payment.receiptNumber}</td>
                  <td>{dateTime(payment.receivedAt)}</td>
                  <td>{PAYMENT_METHOD_LABELS[payment.method]}{payment.reference ? ` · ${payment.reference}` : ''}</td>
                  <td className="text-right tabular-nums">{formatCents(payment.amountCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : <p className="text-sm text-base-content/70">No payment taken yet.</p>}
      </div>
      <form noValidate aria-label="Process Payment" className="flex flex-col gap-3" onSubmit={submit}>
        <TextField label="Amount ($)" inputMode="decimal" autoComplete="off" required error={errors.amount?.message} {...form.register('amount')} />
        <SelectField label="Method" options={PAYMENT_METHODS.map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] }))} {...form.register('method')} />
        <TextField label="Reference" autoComplete="off" maxLength={40} hint="Check number or the card's last four digits (optional)" error={errors.reference?.message} {...form.register('reference')} />
        {record.error ? <p role="alert" className="alert alert-error alert-soft">{record.error.message}</p> : null}
        {lastReceipt !== null ? <p role="status" className="alert alert-success alert-soft" data-testid="receipt-number">Payment recorded: receipt number {lastReceipt}.</p> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn" disabled={!receiptPrintable || print.isPending} onClick={() => print.mutate(billing.prescriptionId, {
            onError: (error) => toast({ title: 'Receipt not printed', description: error.message, variant: 'destructive' }),
          })}>{print.isPending ? 'Preparing…' : 'Print Receipt'}</button>
          <button type="submit" className="btn btn-primary" disabled={record.isPending || share.balanceCents <= 0}>{record.isPending ? 'Recording…' : 'Process Payment'}</button>
        </div>
        {!receiptPrintable ? <p className="text-right text-xs text-base-content/70">The receipt prints once the prescription is verified (ready).</p> : null}
        {share.balanceCents <= 0 ? <p className="text-right text-xs text-base-content/70">Nothing is due.</p> : null}
      </form>
    </div>
  );
}

function FillBillingView({ billing }: { billing: FillBilling }) {
  // The form starts again from what the database holds whenever that changes (a save, another terminal's).
  const stored = `${billing.payWith}|${billing.chosenPlanId ?? ''}|${billing.customCopayCents ?? ''}|${billing.share.coveragePercent}`;
  const [lastReceipt, setLastReceipt] = useState<number | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <SectionCard title={fillTitle(billing)}>
        <FillHeader billing={billing} />
        {billing.rejectOverride ? (
          <p className="alert alert-warning alert-soft text-sm">A pharmacist overrode the rejected claim on {dateTime(billing.rejectOverride.at)}: {billing.rejectOverride.reason}</p>
        ) : null}
      </SectionCard>
      <div className="grid gap-4 xl:grid-cols-3">
        <div className="xl:col-span-2">
          <SectionCard title="Billing calculator">
            <HowPaidForm key={stored} billing={billing} />
          </SectionCard>
        </div>
        <SectionCard title="Claims">
          <ClaimsOfFill billing={billing} />
        </SectionCard>
      </div>
      <SectionCard title="Payment">
        {/* Starts again at each new balance (a payment, a saved copay), offering the balance as the amount. */}
        <PaymentSection key={`${billing.prescriptionId}|${billing.share.balanceCents}`} billing={billing} lastReceipt={lastReceipt} onPaid={setLastReceipt} />
      </SectionCard>
    </div>
  );
}

export interface BillingTabProps {
  pharmacyId: string;
  fillId: string | null;
  onFillChange: (fillId: string | null) => void;
}

export function BillingTab({ pharmacyId, fillId, onFillChange }: BillingTabProps) {
  const billing = useFillBilling(pharmacyId, fillId ?? '');
  return (
    <div className="flex flex-col gap-4">
      <SectionCard title="Prescriptions to bill">
        <FillPicker pharmacyId={pharmacyId} selectedId={fillId} onSelect={onFillChange} />
      </SectionCard>
      {fillId === null ? (
        <p className="text-base-content/70">Select a prescription to see its price, coverage, copay, claims and payments.</p>
      ) : (
        <>
          {billing.data ? <QueryErrorNotice query={billing} errorText="The prescription's billing could not be refreshed" /> : null}
          <QueryState query={billing} errorText="The prescription's billing could not be loaded" loadingLabel="Loading the prescription's billing" skeletonRows={4}>
            {(data) => (
              <RecordedFillOpen key={data.prescriptionId} patientId={data.patient.id} prescriptionId={data.prescriptionId}>
                <FillBillingView billing={data} />
              </RecordedFillOpen>
            )}
          </QueryState>
        </>
      )}
    </div>
  );
}

/**
 * The billing calculator on a real fill (spec part 2 §2, §5, §9): the fill's price from the database, the dispensing
 * fee of the Billing settings (billed to payers with the ingredient cost), the insurance coverage percent (the
 * Billing settings' default, editable 0–100 for the estimate) and the custom copay (blank: worked out), giving the
 * estimated coverage and the patient's copay as they are typed. The fields live in the caller's react-hook-form
 * form, checked as typed (the Billing tab saves the custom copay with how the fill is paid; the Overview only estimates).
 */
import { calculatorFormSchema, estimateFromForm, type CalculatorForm } from '@pharmacy/shared/billing/billing-calculator.ts';
import type { FillBilling } from '@pharmacy/shared/billing/claim.ts';
import { dollarsText, formatCents } from '@pharmacy/shared/common/money.ts';
import { useFormContext, useWatch } from 'react-hook-form';
import { TextField } from '../../../components/form/text-field.tsx';

/** The calculator's fields as a fill starts them: the default coverage and the saved custom copay. */
export function calculatorStart(billing: FillBilling): CalculatorForm {
  return {
    coveragePercent: String(billing.share.coveragePercent),
    customCopay: billing.customCopayCents === null ? '' : dollarsText(billing.customCopayCents),
  };
}

function Row({ label, value, emphasis = false, testId }: { label: string; value: string; emphasis?: boolean; testId?: string }) {
  return (
    <div className={`flex items-baseline justify-between gap-4 py-1 ${emphasis ? 'border-t border-base-300 pt-2 font-semibold' : ''}`}>
      <dt className={emphasis ? '' : 'text-base-content/80'}>{label}</dt>
      <dd data-testid={testId} className="tabular-nums">{value}</dd>
    </div>
  );
}

/** The calculator's inputs and its rows, inside a FormProvider whose values include CalculatorForm. */
export function BillingCalculatorFields({ billing }: { billing: FillBilling }) {
  const form = useFormContext<CalculatorForm>();
  const [coveragePercent, customCopay] = useWatch({ control: form.control, name: ['coveragePercent', 'customCopay'] });
  const typed = { coveragePercent: coveragePercent ?? '', customCopay: customCopay ?? '' };
  const valid = calculatorFormSchema.safeParse(typed).success;
  const estimate = valid ? estimateFromForm(billing.share.subtotalCents, typed) : null;
  // The caller's form checks as typed (mode onChange), so a message shows while the estimate waits for valid input.
  const errors = form.formState.errors;
  const { prices } = billing;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <div className="flex flex-col gap-3">
        <TextField
          label="Insurance coverage (%)"
          inputMode="decimal"
          autoComplete="off"
          hint={`For the estimate; the pharmacy's default is ${billing.share.coveragePercent}%. The payer decides what it pays.`}
          error={errors.coveragePercent?.message}
          {...form.register('coveragePercent')}
        />
        <TextField
          label="Custom copay ($)"
          inputMode="decimal"
          autoComplete="off"
          placeholder="Auto"
          hint="Blank: the payer's copay, or the estimate until a payer answers."
          error={errors.customCopay?.message}
          {...form.register('customCopay')}
        />
      </div>
      <dl className="text-sm" aria-label="Billing calculation">
        <Row label="Price (usual & customary)" value={formatCents(billing.share.subtotalCents)} testId="calculator-price" />
        <Row label="Ingredient cost billed to payers" value={formatCents(prices.ingredientCostCents)} />
        <Row label="Dispensing fee billed to payers" value={formatCents(billing.share.dispensingFeeCents)} testId="calculator-fee" />
        <Row label="Gross amount due from payers" value={formatCents(prices.grossAmountDueCents)} />
        <Row label="Subtotal" value={formatCents(billing.share.subtotalCents)} emphasis />
        <Row label="Insurance coverage (estimate)" value={estimate ? formatCents(estimate.coverageCents) : '—'} testId="calculator-coverage" />
        <Row label={estimate?.custom ? 'Patient copay (custom)' : 'Patient copay (estimate)'} value={estimate ? formatCents(estimate.copayCents) : '—'} emphasis testId="calculator-copay" />
      </dl>
    </div>
  );
}

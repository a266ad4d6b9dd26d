/** Tabbed onboarding, Review tab: a summary of what will be created, before 'Create Pharmacy Account'. */
import type { OnboardingTabbedInput } from '@pharmacy/shared/onboarding/tabbed.ts';
import type { PlanChoice } from './tabbed-form.ts';

export interface TabbedReviewTabProps {
  values: OnboardingTabbedInput;
  plan: PlanChoice | undefined;
}

function SummaryRow({ label, value }: { label: string; value: string | undefined }) {
  return (
    <>
      <dt className="text-base-content/70">{label}</dt>
      <dd className="break-words">{value ? value : '—'}</dd>
    </>
  );
}

export function TabbedReviewTab({ values, plan }: TabbedReviewTabProps) {
  return (
    <div className="grid gap-6 md:grid-cols-3">
      <section aria-labelledby="review-pharmacy" className="rounded-box border border-base-300 p-4">
        <h3 id="review-pharmacy" className="mb-3 font-semibold">
          Pharmacy
        </h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <SummaryRow label="Name" value={values.pharmacyName} />
          <SummaryRow label="DEA" value={values.deaNumber} />
          <SummaryRow label="NCPDP" value={values.ncpdpId} />
          <SummaryRow label="NPI" value={values.npiNumber} />
          <SummaryRow label="License" value={`${values.licenseNumber} (${values.licenseState})`} />
          <SummaryRow label="Address" value={`${values.address}, ${values.city}, ${values.state} ${values.zipCode}`} />
          <SummaryRow label="Phone" value={values.phone} />
          <SummaryRow label="Email" value={values.email} />
        </dl>
      </section>
      <section aria-labelledby="review-admin" className="rounded-box border border-base-300 p-4">
        <h3 id="review-admin" className="mb-3 font-semibold">
          Administrator
        </h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <SummaryRow label="Name" value={`${values.adminFirstName} ${values.adminLastName}`} />
          <SummaryRow label="Email" value={values.adminEmail} />
          <SummaryRow label="Phone" value={values.adminPhone} />
        </dl>
      </section>
      <section aria-labelledby="review-plan" className="rounded-box border border-base-300 p-4">
        <h3 id="review-plan" className="mb-3 font-semibold">
          Plan
        </h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <SummaryRow label="Plan" value={plan?.name ?? values.selectedPlan} />
          <SummaryRow label="Price" value={plan ? `$${plan.price} per ${plan.billingCycle === "monthly" ? "month" : plan.billingCycle}` : undefined} />
          <SummaryRow label="Trial" value={plan ? `${plan.trialDays} days free` : undefined} />
          <SummaryRow label="Agreements" value="Terms, HIPAA and Privacy accepted" />
        </dl>
      </section>
    </div>
  );
}

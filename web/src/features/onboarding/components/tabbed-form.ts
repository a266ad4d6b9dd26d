/** The tabbed onboarding's react-hook-form type and the plan choice its Plan tab offers. */
import type { UseFormReturn } from 'react-hook-form';
import type { OnboardingTabbed, OnboardingTabbedInput } from '@pharmacy/shared/onboarding/tabbed.ts';

export type TabbedForm = UseFormReturn<OnboardingTabbedInput, unknown, OnboardingTabbed>;

/** What the Plan tab shows of a plan (GET /api/subscription/plans, given by the page). */
export interface PlanChoice {
  id: string;
  name: string;
  description?: string | null;
  price: number;
  currency: string;
  billingCycle: string;
  trialDays: number;
}

/**
 * The tabbed onboarding's calls (spec §3, §7):
 * - POST /api/onboarding/validate — the form checked with the shared schema, the plan against the active
 *   plans and the registration numbers and admin email against existing ones. Always 200
 *   { isValid, errors } for a JSON object body: the Plan tab shows the list.
 * - POST /api/onboarding/complete — the form plus operatingHours; creates the pharmacy with its admin and
 *   trial, all or nothing. 201 { pharmacy, user, subscription, nextSteps }; 400 / 409 as /api/auth/onboard.
 * Both are limited per client IP (429): validate says whether an email or registration number is taken.
 */
import { parseWithSchema } from '@pharmacy/shared/api/endpoint.ts';
import {
  completeOnboardingEndpoint, ONBOARDING_NEXT_STEPS, validateOnboardingEndpoint,
} from '@pharmacy/shared/api/onboarding.ts';
import { tabbedOnboardingAccount } from '@pharmacy/shared/onboarding/rows.ts';
import { onboardingTabbedSchema } from '@pharmacy/shared/onboarding/tabbed.ts';
import type { ApiRouter } from '../../_shared/api-endpoints.ts';
import { requireRateLimitSlot } from '../../_shared/rate-limit.ts';
import { createAdminClient, createUserClient } from '../../_shared/supabase-clients.ts';
import { validationFailed } from '../../_shared/validation.ts';
import { findOnboardingConflicts } from '../onboarding/conflicts.ts';
import { createPharmacyAccount } from '../onboarding/create-account.ts';
import { isActivePlan } from '../subscription/plans.ts';

const SELECT_PLAN_MESSAGE = 'Please select a subscription plan';

/** A trimmed non-empty string field of an unvalidated body, or null. */
function textField(body: Record<string, unknown>, name: string): string | null {
  const value = body[name];
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text === '' ? null : text;
}

export function addOnboardingRoutes(router: ApiRouter): void {
  router.serve(validateOnboardingEndpoint, async ({ req, body }) => {
    await requireRateLimitSlot(req, 'onboarding_check');
    const parsed = parseWithSchema(onboardingTabbedSchema, body);
    const errors = parsed.success ? [] : parsed.messages;

    const selectedPlan = textField(body, 'selectedPlan');
    if (selectedPlan !== null && !(await isActivePlan(createUserClient(req), selectedPlan))) errors.push(SELECT_PLAN_MESSAGE);

    const conflicts = await findOnboardingConflicts(createAdminClient(req), {
      deaNumber: textField(body, 'deaNumber'),
      ncpdpId: textField(body, 'ncpdpId'),
      nabpNumber: null, // the tabbed form has no NABP number
      email: textField(body, 'adminEmail')?.toLowerCase() ?? null,
    });
    errors.push(...conflicts);

    return { isValid: errors.length === 0, errors };
  });

  router.serve(completeOnboardingEndpoint, async ({ req, body: form }) => {
    if (!(await isActivePlan(createUserClient(req), form.selectedPlan))) throw validationFailed([SELECT_PLAN_MESSAGE]);
    await requireRateLimitSlot(req, 'onboarding');

    const created = await createPharmacyAccount(createAdminClient(req), tabbedOnboardingAccount(form));
    return { ...created, nextSteps: [...ONBOARDING_NEXT_STEPS] };
  });
}

/**
 * POST /api/auth/onboard — the six-step wizard's submit (spec §3, §7): validates the whole wizard payload
 * with the shared schema and creates the pharmacy with its admin, all or nothing.
 * 201 { pharmacy: { id, pharmacyName }, user: { id, email } }; 400 { error: 'Validation failed', errors };
 * 409 { error, errors } when a registration number or the email is taken; 429 { error } past the per-IP
 * onboarding limit (counted once the form is valid).
 */
import { wizardOnboardingAccount } from '@pharmacy/shared/onboarding-rows.ts';
import type { OnboardResponse } from '@pharmacy/shared/onboarding-api.ts';
import { onboardingWizardSchema } from '@pharmacy/shared/schemas/onboarding-wizard.ts';
import { jsonResponse } from '../../_shared/http.ts';
import type { Router } from '../../_shared/router.ts';
import { requireRateLimitSlot } from '../../_shared/rate-limit.ts';
import { createAdminClient } from '../../_shared/supabase-clients.ts';
import { readJsonObject, validateBody } from '../../_shared/validation.ts';
import { createPharmacyAccount } from '../onboarding/create-account.ts';

export function addAuthRoutes(router: Router): void {
  router.post('/api/auth/onboard', async ({ req }) => {
    const wizard = validateBody(onboardingWizardSchema, await readJsonObject(req));
    await requireRateLimitSlot(req, 'onboarding');
    const created = await createPharmacyAccount(createAdminClient(req), wizardOnboardingAccount(wizard));
    const response: OnboardResponse = { pharmacy: created.pharmacy, user: created.user };
    return jsonResponse(response, 201);
  });
}

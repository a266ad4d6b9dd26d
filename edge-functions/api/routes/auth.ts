/**
 * POST /api/auth/onboard — the six-step wizard's submit (spec §3, §7): validates the whole wizard payload
 * with the shared schema and creates the pharmacy with its admin, all or nothing.
 * 201 { pharmacy: { id, pharmacyName }, user: { id, email } }; 400 { error: 'Validation failed', errors };
 * 409 { error, errors } when a registration number or the email is taken; 429 { error } past the per-IP
 * onboarding limit (counted once the form is valid).
 */
import { onboardEndpoint } from '@pharmacy/shared/api/auth.ts';
import { wizardOnboardingAccount } from '@pharmacy/shared/onboarding/rows.ts';
import type { ApiRouter } from '../../_shared/api-endpoints.ts';
import { requireRateLimitSlot } from '../../_shared/rate-limit.ts';
import { createAdminClient } from '../../_shared/supabase-clients.ts';
import { createPharmacyAccount } from '../onboarding/create-account.ts';

export function addAuthRoutes(router: ApiRouter): void {
  router.serve(onboardEndpoint, async ({ req, body: wizard }) => {
    await requireRateLimitSlot(req, 'onboarding');
    const created = await createPharmacyAccount(createAdminClient(req), wizardOnboardingAccount(wizard));
    return { pharmacy: created.pharmacy, user: created.user };
  });
}

/**
 * POST /api/auth/onboard — the six-step wizard's submit (spec §3, §7), open to anyone and limited per client
 * IP once the form is valid (429): 201 { pharmacy: { id, pharmacyName }, user: { id, email } }; 400 'Validation
 * failed' with `errors`; 409 with the first conflict as `error` and all of them as `errors`. The body names the
 * state license number `stateInternationalizeNumber` (the spec's API name); the handler receives the wizard as
 * the shared schema holds it (`stateLicenseNumber`).
 */
import * as z from 'zod';
import { onboardingWizardRequestSchema } from '../onboarding/wizard.ts';
import { apiEndpoint } from './endpoint.ts';
import { onboardedPharmacySchema, onboardedUserSchema } from './onboarding.ts';

export const onboardResponseSchema = z.object({ pharmacy: onboardedPharmacySchema, user: onboardedUserSchema });
export type OnboardResponse = z.infer<typeof onboardResponseSchema>;

export const onboardEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/auth/onboard',
  access: 'anyone',
  request: onboardingWizardRequestSchema,
  response: onboardResponseSchema,
  format: 'json',
  successStatus: 201,
});

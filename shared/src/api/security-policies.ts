/**
 * Security policies (spec part 2 §7 "Security manager"), signed-in staff, acting as the caller (RLS decides):
 * - GET /api/security-policies — the caller's pharmacy's policy, as a list (empty without a pharmacy).
 * - PUT /api/security-policies/{id} {the settings} — an admin changes their pharmacy's policy and gets it back
 *   (toast 'Security policy updated'); 400 with the schema's messages, 403 for staff who are not its admin,
 *   404 for an id that is not the caller's pharmacy's policy.
 */
import * as z from 'zod';
import { securityPolicySchema, securityPolicySettingsSchema } from '../security/policy-schema.ts';
import { apiEndpoint } from './endpoint.ts';

export const listSecurityPoliciesEndpoint = apiEndpoint({
  method: 'GET',
  path: '/api/security-policies',
  access: 'signed-in',
  request: null,
  response: z.array(securityPolicySchema),
  format: 'json',
  successStatus: 200,
});

export const updateSecurityPolicyEndpoint = apiEndpoint({
  method: 'PUT',
  path: '/api/security-policies/:id',
  access: 'signed-in',
  request: securityPolicySettingsSchema,
  response: securityPolicySchema,
  format: 'json',
  successStatus: 200,
});

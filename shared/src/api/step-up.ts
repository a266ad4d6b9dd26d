/**
 * POST /api/step-up {password} — signed-in staff confirm their password again before a high-risk override (a
 * severe interaction alert when the security policy asks for step-up). The api function checks the password
 * with the auth service (the password grant with the caller's own email, so a wrong one counts toward the
 * lockout as a sign-in would) and records a single-use grant, valid five minutes, that move_prescription
 * consumes. 200 {expiresAt}; 400 with the schema's message; 403 {error} for a wrong password (no grant).
 */
import { stepUpRequestSchema, stepUpResponseSchema } from '../security/step-up.ts';
import { apiEndpoint } from './endpoint.ts';

export const stepUpEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/step-up',
  access: 'signed-in',
  request: stepUpRequestSchema,
  response: stepUpResponseSchema,
  format: 'json',
  successStatus: 200,
});

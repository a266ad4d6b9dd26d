/**
 * Security policies (spec part 2 §7 "Security manager"), acting as the caller so RLS decides:
 * - GET /api/security-policies — what the caller may read: their pharmacy's policy (staff read it; the web
 *   app's session timeout comes from it).
 * - PUT /api/security-policies/{id} — the caller's pharmacy's policy with that id, changed by an admin (one
 *   update; the audit trigger records the change). Only when the update policy admits no row is the id looked
 *   up through RLS: staff who can read it but are not its admin are refused 403; another pharmacy's policy (or
 *   no such id) is 404.
 */
import {
  SECURITY_POLICY_ADMIN_ONLY_MESSAGE, SECURITY_POLICY_NOT_FOUND_MESSAGE,
} from '@pharmacy/shared/security/policy.ts';
import { listSecurityPoliciesEndpoint, updateSecurityPolicyEndpoint } from '@pharmacy/shared/api/security-policies.ts';
import { UUID_PATTERN } from '@pharmacy/shared/common/field-rules.ts';
import type { ApiRouter } from '../../_shared/api-endpoints.ts';
import { databaseFailure } from '../../_shared/database-failure.ts';
import { HttpError } from '../../_shared/http.ts';
import { createUserClient, type DatabaseClient } from '../../_shared/supabase-clients.ts';
import { POLICY_COLUMNS, policyFromRow, rowFromSettings } from '@pharmacy/shared/security/policy-row.ts';

export function addSecurityPolicyRoutes(router: ApiRouter): void {
  router.serve(listSecurityPoliciesEndpoint, async ({ req }) => {
    const { data, error } = await createUserClient(req).from('security_policies').select(POLICY_COLUMNS).order('created_at');
    if (error) throw new Error(`reading security policies failed: ${error.message}`);
    return data.map(policyFromRow);
  });

  router.serve(updateSecurityPolicyEndpoint, async ({ req, params, body }) => {
    const id = params.id ?? '';
    if (!UUID_PATTERN.test(id)) throw new HttpError(404, SECURITY_POLICY_NOT_FOUND_MESSAGE);
    const client = createUserClient(req);
    const { data, error } = await client.from('security_policies').update(rowFromSettings(body)).eq('id', id).select(POLICY_COLUMNS).maybeSingle();
    if (error && error.code !== '42501') throw databaseFailure('updating the security policy', error);
    if (data) return policyFromRow(data);
    // Refused (or no row the update policy admits): whether the caller can see the policy tells 403 from 404.
    throw await refusal(client, id);
  });
}

/** 403 when the caller can read the policy (staff who are not its admin), 404 when it is not theirs or not there. */
async function refusal(client: DatabaseClient, id: string): Promise<HttpError> {
  const { data: visible, error } = await client.from('security_policies').select('id').eq('id', id).maybeSingle();
  if (error) throw new Error(`reading the security policy failed: ${error.message}`);
  return visible ? new HttpError(403, SECURITY_POLICY_ADMIN_ONLY_MESSAGE) : new HttpError(404, SECURITY_POLICY_NOT_FOUND_MESSAGE);
}

/**
 * Billing and claims (shared/src/api/claims.ts). Everything a caller may do is decided by the database with the
 * caller's JWT (fill_billing, save_fill_billing, record_patient_payment, override_claim_reject,
 * begin_claim_transaction, begin_eligibility_check, begin_transmission_test). Only after that does the function use
 * the service role, for what a caller must never do directly: read the switch credentials from Vault and record
 * what the switch really answered (claims/claim-exchange.ts).
 */
import {
  getFillBillingEndpoint, overrideRejectEndpoint, providerStatusEndpoint, recordPaymentEndpoint, updateFillBillingEndpoint,
} from '@pharmacy/shared/api/claims.ts';
import { type FillBilling } from '@pharmacy/shared/billing/claim.ts';
import { UUID_PATTERN } from '@pharmacy/shared/common/field-rules.ts';
import type { ApiRouter } from '../../_shared/api-endpoints.ts';
import { databaseFailure } from '../../_shared/database-failure.ts';
import { HttpError } from '../../_shared/http.ts';
import { createUserClient } from '../../_shared/supabase-clients.ts';
import { plannedDestinations, transmissionSettingsOf } from '../claims/claims-routing.ts';

function requirePrescriptionId(id: string | undefined): string {
  if (!id || !UUID_PATTERN.test(id)) throw new HttpError(404, 'Prescription not found');
  return id;
}

export function addClaimRoutes(router: ApiRouter): void {
  router.serve(getFillBillingEndpoint, async ({ req, params }) => {
    const { data, error } = await createUserClient(req).rpc('fill_billing', { prescription_id: requirePrescriptionId(params.id) });
    if (error) throw databaseFailure('reading the prescription\'s billing', error);
    return data as unknown as FillBilling;
  });

  router.serve(updateFillBillingEndpoint, async ({ req, params, body }) => {
    const { data, error } = await createUserClient(req).rpc('save_fill_billing', {
      prescription_id: requirePrescriptionId(params.id), pay_with: body.payWith,
      plan_id: (body.planId ?? null) as string, custom_copay_cents: (body.customCopayCents ?? null) as number,
    });
    if (error) throw databaseFailure('saving the prescription\'s billing', error);
    return data as unknown as FillBilling;
  });

  router.serve(recordPaymentEndpoint, async ({ req, params, body }) => {
    const { data, error } = await createUserClient(req).rpc('record_patient_payment', {
      prescription_id: requirePrescriptionId(params.id), amount_cents: body.amountCents, method: body.method,
      reference: (body.reference ?? null) as string,
    });
    if (error) throw databaseFailure('recording the payment', error);
    return data as unknown as { paymentId: string; receiptNumber: number; billing: FillBilling };
  });

  router.serve(overrideRejectEndpoint, async ({ req, body }) => {
    const { data, error } = await createUserClient(req).rpc('override_claim_reject', { prescription_id: body.prescriptionId, reason: body.reason });
    if (error) throw databaseFailure('overriding the rejected claim', error);
    return data as unknown as FillBilling;
  });

  router.serve(providerStatusEndpoint, async ({ req }) => {
    const client = createUserClient(req);
    const { data: setup, error } = await client.rpc('begin_transmission_test');
    if (error) throw databaseFailure('reading the transmission settings', error);
    const settings = transmissionSettingsOf((setup as { transmission?: unknown } | null)?.transmission);
    const providers = [];
    for (const plan of plannedDestinations(settings, {})) {
      // The last attempt that went to this destination (RLS: the caller's pharmacy's transmissions).
      const { data: last, error: lastError } = await client.from('claim_transmissions')
        .select('outcome, sent_at, duration_ms, detail').eq('destination', plan.name).order('sent_at', { ascending: false }).limit(1).maybeSingle();
      if (lastError) throw databaseFailure('reading the last transmission', lastError);
      providers.push({
        name: plan.name, label: plan.label, url: plan.url, lastOutcome: last?.outcome ?? null, lastAt: last?.sent_at ?? null,
        lastDurationMs: last?.duration_ms ?? null, lastDetail: last?.detail ?? null,
      });
    }
    return { providers };
  });
}

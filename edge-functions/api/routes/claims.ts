/**
 * Billing and claims (shared/src/api/claims.ts). Everything a caller may do is decided by the database with the
 * caller's JWT (fill_billing, save_fill_billing, record_patient_payment, override_claim_reject,
 * begin_claim_transaction, begin_eligibility_check, begin_transmission_test, begin_remittance_import). Only after
 * that does the function use the service role, for what a caller must never do directly: read the switch
 * credentials from Vault, record what the switch really answered (claims/claim-exchange.ts, with the transmission
 * token begin answered) and import a parsed 835 into the caller's pharmacy (import_remittance).
 */
import {
  REMITTANCE_MESSAGES, type RemittanceImport, billingReportEndpoint, eligibilityEndpoint, importRemittanceEndpoint, reconciliationEndpoint, getFillBillingEndpoint, overrideRejectEndpoint, providerStatusEndpoint, recordPaymentEndpoint, reverseClaimEndpoint,
  reverseDueClaimsEndpoint, submitClaimEndpoint, testProvidersEndpoint, updateFillBillingEndpoint,
} from '@pharmacy/shared/api/claims.ts';
import { BILLING_REPORTS, type BillingReport, type BillingReportName } from '@pharmacy/shared/billing/billing-report.ts';
import type { Claim, FillBilling } from '@pharmacy/shared/billing/claim.ts';
import { parse835 } from '@pharmacy/shared/billing/remittance-835.ts';
import { X12_MAX_CHARS } from '@pharmacy/shared/inventory/x12/envelope.ts';
import { UUID_PATTERN } from '@pharmacy/shared/common/field-rules.ts';
import type { User } from '@supabase/supabase-js';
import type { ApiRouter } from '../../_shared/api-endpoints.ts';
import { isServiceRoleRequest } from '../../_shared/auth.ts';
import { databaseFailure } from '../../_shared/database-failure.ts';
import { HttpError } from '../../_shared/http.ts';
import { deploymentOutboundPolicy } from '../../_shared/outbound-policy.ts';
import { rowSettingsSecrets } from '../../_shared/settings-secrets.ts';
import { createAdminClient, createUserClient } from '../../_shared/supabase-clients.ts';
import {
  type BeginEligibility, type BeginTest, type ClaimExchangeContext, type ClaimsStore, checkEligibility, runClaimTransaction, testProviders,
} from '../claims/claim-exchange.ts';
import type { BeginClaim } from '../claims/claim-messages.ts';
import { plannedDestinations, transmissionSettingsOf } from '../claims/claims-routing.ts';

/** The database, as the service role: the switch credentials from Vault and what the switch answered. */
function serviceStore(actor: User | null): ClaimsStore {
  const admin = createAdminClient();
  return {
    // The pharmacy comes from what the database answered the caller (begin_*), never from the request.
    secrets: (pharmacyId) => rowSettingsSecrets({ pharmacy_id: pharmacyId }, 'transmission'),
    async recordClaim(claimId, transactionCode, transmissionId, attempts, answer, returnToStock) {
      const { data, error } = await admin.rpc('record_claim_response', {
        claim_id: claimId, actor_id: (actor?.id ?? null) as string, transaction_code: transactionCode, transmission_id: transmissionId,
        attempts: attempts as never,
        answer: answer as never, return_to_stock: returnToStock,
      });
      if (error) throw databaseFailure('recording the claim\'s answer', error);
      return data as unknown as Claim;
    },
    async recordCheck(pharmacyId, planId, purpose, attempts) {
      const { error } = await admin.rpc('record_claim_check', {
        pharmacy_id: pharmacyId, plan_id: planId as string, actor_id: (actor?.id ?? null) as string, purpose, attempts: attempts as never,
      });
      if (error) throw databaseFailure('recording the transmission', error);
    },
  };
}

function exchangeContext(actor: User | null): ClaimExchangeContext {
  return { store: serviceStore(actor), outbound: deploymentOutboundPolicy() };
}

async function beginTransaction(req: Request, args: { fill_id: string; transaction_code: 'B1' | 'B2' | 'B3'; coverage?: string; fixes?: unknown; reason?: string }): Promise<BeginClaim> {
  const { data, error } = await createUserClient(req).rpc('begin_claim_transaction', {
    fill_id: args.fill_id, transaction_code: args.transaction_code, coverage: args.coverage ?? 'primary',
    fixes: (args.fixes ?? null) as never, reason: (args.reason ?? null) as string,
  });
  if (error) throw databaseFailure('beginning the claim', error);
  return data as unknown as BeginClaim;
}

/** How many due reversals the daily job sends at once, and at most per run. */
const REVERSAL_CONCURRENCY = 4;
const REVERSALS_PER_RUN = 200;

function requirePrescriptionId(id: string | undefined): string {
  if (!id || !UUID_PATTERN.test(id)) throw new HttpError(404, 'Prescription not found');
  return id;
}

export function addClaimRoutes(router: ApiRouter): void {
  router.serve(submitClaimEndpoint, async ({ req, body, user }) => {
    const { prescriptionId, coverage, transactionCode, fixes } = body.claimData;
    const begun = await beginTransaction(req, { fill_id: prescriptionId, transaction_code: transactionCode ?? 'B1', coverage: coverage ?? 'primary', fixes });
    return runClaimTransaction(begun, exchangeContext(user));
  });

  router.serve(reverseClaimEndpoint, async ({ req, body, user }) => {
    const begun = await beginTransaction(req, { fill_id: body.prescriptionId, transaction_code: 'B2', coverage: body.coverage ?? 'primary', reason: body.reason });
    return runClaimTransaction(begun, exchangeContext(user));
  });

  router.serve(eligibilityEndpoint, async ({ req, body, user }) => {
    const { data, error } = await createUserClient(req).rpc('begin_eligibility_check', { plan_id: body.planId });
    if (error) throw databaseFailure('beginning the eligibility check', error);
    return checkEligibility(data as unknown as BeginEligibility, exchangeContext(user));
  });

  router.serve(testProvidersEndpoint, async ({ req, user }) => {
    const { data, error } = await createUserClient(req).rpc('begin_transmission_test');
    if (error) throw databaseFailure('beginning the connection test', error);
    return testProviders(data as unknown as BeginTest, exchangeContext(user));
  });

  router.serve(reverseDueClaimsEndpoint, async ({ req }) => {
    if (!isServiceRoleRequest(req)) throw new HttpError(403, 'Only the daily reversal job may call this');
    const admin = createAdminClient();
    const { data, error } = await admin.rpc('claims_due_for_reversal', { max_claims: REVERSALS_PER_RUN });
    if (error) throw databaseFailure('listing the claims due for reversal', error);
    // A fill's claims in one queue entry, in the order listed (secondary before primary): one worker reverses them
    // one after the other, so a primary is taken only once its secondary is reversed.
    const byFill = new Map<string, Omit<BeginClaim, 'transmissionId'>[]>();
    for (const due of (data ?? []) as unknown as Omit<BeginClaim, 'transmissionId'>[]) {
      byFill.set(due.fill.prescriptionId, [...(byFill.get(due.fill.prescriptionId) ?? []), due]);
    }
    const queue = [...byFill.values()];
    let reversed = 0;
    let returnedToStock = 0;
    const failed: string[] = [];
    const worker = async () => {
      for (let fill = queue.shift(); fill !== undefined; fill = queue.shift()) {
        for (const due of fill) {
          try {
            const { data: taken, error: takeError } = await admin.rpc('begin_due_claim_reversal', { claim_id: due.claimId });
            if (takeError) throw databaseFailure('taking the due reversal', takeError);
            if (typeof taken !== 'string') continue;
            const result = await runClaimTransaction({ ...due, transactionCode: 'B2', transmissionId: taken }, exchangeContext(null), true);
            if (result.claim.status === 'reversed') reversed += 1;
            else failed.push(`Rx ${due.fill.rxNumber}-${due.fill.fillNumber}: ${result.summary}`);
            if ((result.claim as { unitsReturned?: number | null }).unitsReturned != null) returnedToStock += 1;
          } catch (failure) {
            failed.push(`Rx ${due.fill.rxNumber}-${due.fill.fillNumber}: ${String(failure)}`);
          }
        }
      }
    };
    await Promise.all(Array.from({ length: REVERSAL_CONCURRENCY }, worker));
    return { reversed, returnedToStock, failed };
  });

  router.serve(billingReportEndpoint, async ({ req, params, query }) => {
    const report = params.report as BillingReportName;
    if (!(BILLING_REPORTS as readonly string[]).includes(report)) throw new HttpError(404, `Unknown report ${params.report}`);
    const { data, error } = await createUserClient(req).rpc('billing_report', {
      report, from_date: (query.from ?? null) as string, to_date: (query.to ?? null) as string, payer_bin: (query.payer ?? null) as string,
    });
    if (error) throw databaseFailure('reading the report', error);
    return data as unknown as BillingReport;
  });

  router.serve(importRemittanceEndpoint, async ({ req, files, user }) => {
    const file = files.file;
    if (!file) throw new HttpError(400, REMITTANCE_MESSAGES.noFile);
    if (file.size === 0) throw new HttpError(400, REMITTANCE_MESSAGES.empty);
    if (file.size > X12_MAX_CHARS) throw new HttpError(413, REMITTANCE_MESSAGES.tooLarge);
    // The caller's pharmacy, from their membership (never the request): the database refuses anyone but its billing staff.
    const { data: pharmacyId, error: callerError } = await createUserClient(req).rpc('begin_remittance_import');
    if (callerError) throw databaseFailure('beginning the import', callerError);
    // X12 is ASCII: read byte for byte (latin1), so nothing a file holds changes length or meaning on the way.
    const text = new TextDecoder('latin1').decode(await file.arrayBuffer());
    const parsed = parse835(text);
    if (!parsed.ok) throw new HttpError(400, parsed.error);
    const admin = createAdminClient();
    const result: RemittanceImport = { imported: [], refused: [] };
    for (const remittance of parsed.file.remittances) {
      if (remittance.kind === 'invalid') {
        result.refused.push(`Transaction set ${remittance.controlNumber}: ${remittance.error}`);
        continue;
      }
      // Each set in its own transaction (one call): all of it is saved or none, whatever the others do.
      const { data, error } = await admin.rpc('import_remittance', {
        pharmacy_id: pharmacyId, actor_id: (user?.id ?? null) as string, remittance: remittance as never, interchange_control_number: parsed.file.controlNumber,
      });
      if (error) {
        // A set the database refuses (a rule, a duplicate, a value out of bounds) is said and the rest of the file goes on.
        if (error.code === 'P0001' || /^2[23]/.test(error.code ?? '')) {
          const refusal = databaseFailure('importing the remittance', error);
          result.refused.push(`Trace ${remittance.trace.traceNumber}: ${refusal instanceof HttpError ? refusal.message : 'a value the database cannot hold'}`);
          continue;
        }
        throw databaseFailure('importing the remittance', error);
      }
      result.imported.push(data as unknown as RemittanceImport['imported'][number]);
    }
    if (result.imported.length === 0 && result.refused.length === 0) throw new HttpError(400, REMITTANCE_MESSAGES.notRemittance);
    return result;
  });

  router.serve(reconciliationEndpoint, async ({ req, query }) => {
    const { data, error } = await createUserClient(req).rpc('reconciliation_page', {
      outcome: query.outcome, from_date: (query.from ?? null) as string, to_date: (query.to ?? null) as string, page_size: 25, page_offset: query.offset,
    });
    if (error) throw databaseFailure('reading the reconciliation', error);
    return data as unknown as { total: number; rows: Record<string, string | number | null>[] };
  });

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

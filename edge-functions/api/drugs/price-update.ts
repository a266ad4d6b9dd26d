/**
 * One NADAC price update of a pharmacy (POST /api/drugs/pricing-update as the caller, and the scheduled run as the
 * service role): which medications (the NDCs asked for, each judged on its own, or every active medication with an
 * NDC), NADAC's newest price per unit for them (the adapter asks in batches), then one database call —
 * public.record_drug_price_update — that writes the prices and records the run in one transaction (the history rows
 * come from the medications trigger). NADAC not configured or not reachable: the run is recorded as failed and
 * nothing changes.
 */
import { parseNdc } from '@pharmacy/shared/drugs/ndc.ts';
import { PRICING_MESSAGES, type PricingUpdateResult } from '@pharmacy/shared/drugs/pricing.ts';
import * as z from 'zod';
import { databaseFailure } from '../../_shared/database-failure.ts';
import { HttpError } from '../../_shared/http.ts';
import type { DatabaseClient } from '../../_shared/supabase-clients.ts';
import type { PricingProvider } from './providers/drug-data-provider.ts';
import { ProviderError } from './providers/provider-http.ts';

/** Rows per read of the catalogue (PostgREST's default max-rows is 1000). */
const PAGE = 1000;

interface PricedMedication {
  id: string;
  ndc_number: string | null;
  ndc11: string | null;
  package_unit: string | null;
}

interface Target {
  /** How the NDC is named in failed/errors: as typed, or as the catalogue shows it. */
  label: string;
  medication: PricedMedication;
}

export interface PriceUpdateRequest {
  db: DatabaseClient;
  pharmacyId: string;
  /** The NDCs asked for; null: every active medication of the pharmacy with an NDC. */
  ndcNumbers: readonly string[] | null;
  pricing: PricingProvider | null;
  /** The scheduled run (service role) names its pharmacy to the database; a caller's pharmacy is their own. */
  scheduled: boolean;
}

const recordResultSchema = z.object({ runId: z.uuid(), localUpdatesApplied: z.number().int(), pricesChanged: z.number().int() });

const COLUMNS = 'id, ndc_number, ndc11, package_unit';

async function allActiveMedications(db: DatabaseClient, pharmacyId: string): Promise<PricedMedication[]> {
  const rows: PricedMedication[] = [];
  for (let from = 0; ; from += PAGE) {
    const { data, error } = await db
      .from('medications')
      .select(COLUMNS)
      .eq('pharmacy_id', pharmacyId)
      .eq('active', true)
      .not('ndc11', 'is', null)
      .order('id')
      .range(from, from + PAGE - 1);
    if (error) throw databaseFailure('reading the catalogue', error);
    rows.push(...data);
    if (data.length < PAGE) return rows;
  }
}

async function medicationsByNdc11(db: DatabaseClient, pharmacyId: string, ndc11s: string[]): Promise<Map<string, PricedMedication>> {
  const found = new Map<string, PricedMedication>();
  for (let start = 0; start < ndc11s.length; start += PAGE) {
    const { data, error } = await db.from('medications').select(COLUMNS).eq('pharmacy_id', pharmacyId).in('ndc11', ndc11s.slice(start, start + PAGE));
    if (error) throw databaseFailure('reading the catalogue', error);
    for (const row of data) if (row.ndc11) found.set(row.ndc11, row);
  }
  return found;
}

/** The medications to price and the NDCs that failed before NADAC was asked (malformed, not in the catalogue). */
async function targetsOf(request: PriceUpdateRequest, failures: Failure[]): Promise<Target[]> {
  if (request.ndcNumbers === null) {
    return (await allActiveMedications(request.db, request.pharmacyId)).map((medication) => ({ label: medication.ndc_number ?? medication.ndc11 ?? medication.id, medication }));
  }
  const parsed: { input: string; ndc11: string }[] = [];
  for (const input of request.ndcNumbers) {
    const ndc = parseNdc(input);
    if (ndc.ok) parsed.push({ input, ndc11: ndc.ndc.ndc11 });
    else failures.push({ ndc: input, error: ndc.error });
  }
  const catalogue = await medicationsByNdc11(request.db, request.pharmacyId, [...new Set(parsed.map((entry) => entry.ndc11))]);
  const targets: Target[] = [];
  const seen = new Set<string>();
  for (const { input, ndc11 } of parsed) {
    const medication = catalogue.get(ndc11);
    if (!medication) failures.push({ ndc: input, error: PRICING_MESSAGES.notInCatalog(input) });
    else if (!seen.has(medication.id)) {
      seen.add(medication.id);
      targets.push({ label: input, medication });
    }
  }
  return targets;
}

interface Failure {
  ndc: string;
  error: string;
}

async function record(
  request: PriceUpdateRequest,
  startedAt: Date,
  prices: { medication_id: string; nadac_per_unit: number; effective_date: string | null }[],
  failures: Failure[],
  outcome: 'succeeded' | 'failed',
  detail: string | null,
): Promise<number> {
  const { data, error } = await request.db.rpc('record_drug_price_update', {
    prices,
    failed_count: failures.length,
    detail: detail ?? (failures.length === 0 ? undefined : failures.map((failure) => failure.error).join('\n')),
    run_started_at: startedAt.toISOString(),
    outcome,
    ...(request.scheduled ? { for_pharmacy_id: request.pharmacyId } : {}),
  });
  if (error) throw databaseFailure('recording the price update', error);
  return recordResultSchema.parse(data).localUpdatesApplied;
}

export async function runPriceUpdate(request: PriceUpdateRequest): Promise<PricingUpdateResult> {
  const startedAt = new Date();
  const failures: Failure[] = [];
  const targets = await targetsOf(request, failures);

  let prices = new Map<string, { perUnit: number; pricingUnit: string | null; effectiveDate: string | null }>();
  if (targets.length > 0) {
    if (!request.pricing) {
      await record(request, startedAt, [], failures, 'failed', PRICING_MESSAGES.notConfigured);
      throw new HttpError(503, PRICING_MESSAGES.notConfigured);
    }
    try {
      prices = await request.pricing.prices(targets.map((target) => target.medication.ndc11!));
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      console.error(`drug pricing: ${error.message}`);
      await record(request, startedAt, [], failures, 'failed', `${PRICING_MESSAGES.unreachable} (${error.message})`);
      throw new HttpError(502, PRICING_MESSAGES.unreachable, { provider: 'nadac', reason: error.failure, message: error.message });
    }
  }

  const written: { medication_id: string; nadac_per_unit: number; effective_date: string | null }[] = [];
  for (const { label, medication } of targets) {
    const price = prices.get(medication.ndc11!);
    if (!price) failures.push({ ndc: label, error: PRICING_MESSAGES.notInNadac(label) });
    else if (price.pricingUnit && medication.package_unit && price.pricingUnit !== medication.package_unit) {
      failures.push({ ndc: label, error: PRICING_MESSAGES.unitMismatch(label, price.pricingUnit, medication.package_unit) });
    } else written.push({ medication_id: medication.id, nadac_per_unit: price.perUnit, effective_date: price.effectiveDate });
  }
  const localUpdatesApplied = await record(request, startedAt, written, failures, 'succeeded', null);
  return { localUpdatesApplied, failed: failures.map((failure) => failure.ndc), errors: failures.map((failure) => failure.error) };
}

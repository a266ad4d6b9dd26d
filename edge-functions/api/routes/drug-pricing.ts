/**
 * Drug pricing (shared/src/api/drug-pricing.ts). The price update acts as the caller: the route refuses anyone but a
 * pharmacist or admin of a pharmacy before asking NADAC (403, so a technician learns it at once), and
 * public.record_drug_price_update refuses them again in the database, where RLS on medications applies to the
 * write. The schedule is read through public.drug_price_schedule() and written to drug_price_schedules with the
 * caller's JWT (its policies: pharmacists and admins write). The scheduled run takes only the service role's token;
 * its pharmacy comes from the database's pg_cron job.
 */
import { pricingUpdateEndpoint, priceScheduleEndpoint, savePriceScheduleEndpoint, scheduledPriceUpdateEndpoint } from '@pharmacy/shared/api/drug-pricing.ts';
import { PRICING_MESSAGES, priceScheduleSchema } from '@pharmacy/shared/drugs/pricing.ts';
import type { ApiRouter } from '../../_shared/api-endpoints.ts';
import { isServiceRoleRequest } from '../../_shared/auth.ts';
import { findCallerStaff, type CallerStaff } from '../../_shared/caller-pharmacy.ts';
import { databaseFailure } from '../../_shared/database-failure.ts';
import { HttpError } from '../../_shared/http.ts';
import { createAdminClient, createUserClient, type DatabaseClient } from '../../_shared/supabase-clients.ts';
import { runPriceUpdate } from '../drugs/price-update.ts';
import { providerSettingsFromEnv } from '../drugs/providers/provider-config.ts';
import { createDrugProviders } from '../drugs/providers/registry.ts';

/** The catalog's permission (pharmacists and admins), the one the database checks too. */
const mayEditPrices = (staff: CallerStaff) => staff.permissions.includes('drugs:manage');

/** Read per request, so a changed environment is what counts. */
const nadac = () => createDrugProviders(providerSettingsFromEnv((name) => Deno.env.get(name))).pricing;

async function readSchedule(db: DatabaseClient) {
  const { data, error } = await db.rpc('drug_price_schedule');
  if (error) throw databaseFailure('reading the price update schedule', error);
  return priceScheduleSchema.parse(data);
}

export function addDrugPricingRoutes(router: ApiRouter): void {
  router.serve(pricingUpdateEndpoint, async ({ req, body }) => {
    const staff = await findCallerStaff(req);
    if (!staff) throw new HttpError(403, PRICING_MESSAGES.staffOnly);
    if (!mayEditPrices(staff)) throw new HttpError(403, PRICING_MESSAGES.pharmacistsOnly);
    return runPriceUpdate({ db: createUserClient(req), pharmacyId: staff.pharmacyId, ndcNumbers: body.ndcNumbers ?? null, pricing: nadac(), scheduled: false });
  });

  // public.drug_price_schedule() itself refuses anyone who is not staff (42501, PRICING_MESSAGES.scheduleStaffOnly's
  // sentence), so the read needs no lookup of the caller first.
  router.serve(priceScheduleEndpoint, ({ req }) => readSchedule(createUserClient(req)));

  router.serve(savePriceScheduleEndpoint, async ({ req, body }) => {
    const staff = await findCallerStaff(req);
    if (!staff) throw new HttpError(403, PRICING_MESSAGES.scheduleStaffOnly);
    if (!mayEditPrices(staff)) throw new HttpError(403, PRICING_MESSAGES.schedulePharmacistsOnly);
    const db = createUserClient(req);
    const { error } = await db
      .from('drug_price_schedules')
      .upsert({ pharmacy_id: staff.pharmacyId, enabled: body.enabled, weekday: body.weekday, local_time: body.time }, { onConflict: 'pharmacy_id' });
    if (error) throw databaseFailure('saving the price update schedule', error);
    return readSchedule(db);
  });

  router.serve(scheduledPriceUpdateEndpoint, async ({ req, body }) => {
    if (!isServiceRoleRequest(req)) throw new HttpError(403, PRICING_MESSAGES.serviceRoleOnly);
    return runPriceUpdate({ db: createAdminClient(), pharmacyId: body.pharmacyId, ndcNumbers: null, pricing: nadac(), scheduled: true });
  });
}

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
import * as z from 'zod';
import type { ApiRouter } from '../../_shared/api-endpoints.ts';
import { isServiceRoleRequest } from '../../_shared/auth.ts';
import { databaseFailure } from '../../_shared/database-failure.ts';
import { HttpError } from '../../_shared/http.ts';
import { createAdminClient, createUserClient, type DatabaseClient } from '../../_shared/supabase-clients.ts';
import { runPriceUpdate } from '../drugs/price-update.ts';
import { providerSettingsFromEnv } from '../drugs/providers/provider-config.ts';
import { createDrugProviders } from '../drugs/providers/registry.ts';

const staffSchema = z.object({ user: z.object({ role: z.string() }), pharmacy: z.object({ id: z.uuid() }) }).nullable();

/** The caller's pharmacy and role, as the database says (null when they are not active staff). */
async function callerStaff(db: DatabaseClient): Promise<{ pharmacyId: string; role: string } | null> {
  const { data, error } = await db.rpc('current_staff_context');
  if (error) throw databaseFailure('reading the staff context', error);
  const staff = staffSchema.parse(data ?? null);
  return staff && { pharmacyId: staff.pharmacy.id, role: staff.user.role };
}

const mayEditPrices = (role: string) => role === 'admin' || role === 'pharmacist';

/** Read per request, so a changed environment is what counts. */
const nadac = () => createDrugProviders(providerSettingsFromEnv((name) => Deno.env.get(name))).pricing;

async function readSchedule(db: DatabaseClient) {
  const { data, error } = await db.rpc('drug_price_schedule');
  if (error) throw databaseFailure('reading the price update schedule', error);
  return priceScheduleSchema.parse(data);
}

export function addDrugPricingRoutes(router: ApiRouter): void {
  router.serve(pricingUpdateEndpoint, async ({ req, body }) => {
    const db = createUserClient(req);
    const staff = await callerStaff(db);
    if (!staff) throw new HttpError(403, PRICING_MESSAGES.staffOnly);
    if (!mayEditPrices(staff.role)) throw new HttpError(403, PRICING_MESSAGES.pharmacistsOnly);
    return runPriceUpdate({ db, pharmacyId: staff.pharmacyId, ndcNumbers: body.ndcNumbers ?? null, pricing: nadac(), scheduled: false });
  });

  router.serve(priceScheduleEndpoint, async ({ req }) => {
    const db = createUserClient(req);
    if (!(await callerStaff(db))) throw new HttpError(403, PRICING_MESSAGES.scheduleStaffOnly);
    return readSchedule(db);
  });

  router.serve(savePriceScheduleEndpoint, async ({ req, body }) => {
    const db = createUserClient(req);
    const staff = await callerStaff(db);
    if (!staff) throw new HttpError(403, PRICING_MESSAGES.scheduleStaffOnly);
    if (!mayEditPrices(staff.role)) throw new HttpError(403, PRICING_MESSAGES.schedulePharmacistsOnly);
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

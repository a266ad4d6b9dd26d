/**
 * GET /api/subscription/plans (anyone) and GET /api/subscription/current (the caller's pharmacy only, admins only,
 * through public.current_subscription and RLS; the trial's days left in the pharmacy's time zone) via
 * supabase.functions.invoke.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import type { CurrentSubscription, SubscriptionPlan } from '../../shared/src/api/subscription.ts';
import { localDateIn } from '../../shared/src/common/dates.ts';
import { callApi } from '../support/api-call.ts';
import { wizardPayload } from '../support/onboarding-payloads.ts';
import { closeSql, createTestClient, signedInClient, sql } from '../support/stack-env.ts';
import { createPharmacy } from './db-fixtures.ts';

afterAll(closeSql);

const DAY_MS = 24 * 60 * 60 * 1000;

/** Onboards a pharmacy through the wizard and signs its admin in. */
async function onboardedAdmin(): Promise<{ client: SupabaseClient; pharmacyId: string }> {
  const payload = wizardPayload();
  const onboarded = await callApi<{ pharmacy: { id: string } }>(createTestClient(), 'auth/onboard', { body: payload });
  expect(onboarded.status).toBe(201);
  const client = createTestClient();
  const { error } = await client.auth.signInWithPassword({ email: payload.adminEmail, password: payload.adminPassword });
  if (error) throw error;
  return { client, pharmacyId: onboarded.body.pharmacy.id };
}

describe('GET /api/subscription/plans', () => {
  it('lists the flat plan for a signed-out visitor: $150 monthly, 30-day trial, unlimited users', async () => {
    const answer = await callApi<SubscriptionPlan[]>(createTestClient(), 'subscription/plans');
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(1);
    expect(answer.body[0]).toMatchObject({
      id: 'flat-monthly',
      price: 150,
      currency: 'USD',
      billingCycle: 'monthly',
      trialDays: 30,
      features: { maxUsers: -1, maxPrescriptions: -1 },
    });
    expect(typeof answer.body[0]!.name).toBe('string');
    expect(typeof answer.body[0]!.description).toBe('string');
  });
});

describe('GET /api/subscription/current', () => {
  it("answers a new admin's trial: trialing, ending about 30 days from now, with its plan", async () => {
    const { client } = await onboardedAdmin();
    const answer = await callApi<CurrentSubscription>(client, 'subscription/current');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      planId: 'flat-monthly',
      status: 'trialing',
      plan: { id: 'flat-monthly', price: 150, trialDays: 30, features: { maxUsers: -1 } },
      subscription: { planId: 'flat-monthly', status: 'trialing' },
    });
    const trialEndsInDays = (Date.parse(answer.body.trialEndsAt!) - Date.now()) / DAY_MS;
    expect(trialEndsInDays).toBeGreaterThan(29.9);
    expect(trialEndsInDays).toBeLessThanOrEqual(30);
    expect(answer.body.nextBillingDate).toBe(answer.body.trialEndsAt!.slice(0, 10));
    // 30 days from now is 30 calendar days away in any zone.
    expect(answer.body.trialDaysLeft).toBe(30);
  });

  it("counts the trial's days left in the pharmacy's calendar, as the database holds the trial end and zone", async () => {
    const pharmacy = await createPharmacy('Trial Days Pharmacy');
    // Noon in Honolulu (UTC-10, no daylight saving) three local days ahead: 22:00 UTC that day.
    const zone = 'Pacific/Honolulu';
    const threeDaysAhead = new Date(Date.now() + 3 * DAY_MS);
    const endDay = localDateIn(zone, threeDaysAhead);
    await sql(`update public.pharmacies set time_zone = $2 where id = $1`, [pharmacy.id, zone]);
    await sql(
      `update public.subscriptions set trial_ends_at = ($2::date + time '12:00') at time zone $3, next_billing_date = $2::date
        where pharmacy_id = $1`,
      [pharmacy.id, endDay, zone],
    );
    const answer = await callApi<CurrentSubscription>(pharmacy.admin.client, 'subscription/current');
    expect(answer.status).toBe(200);
    const [stored] = await sql<{ trial_ends_at: Date; next_billing_date: string }>(
      `select trial_ends_at, next_billing_date::text from public.subscriptions where pharmacy_id = $1`, [pharmacy.id]);
    expect(Date.parse(answer.body.trialEndsAt!)).toBe(stored!.trial_ends_at.getTime());
    expect(answer.body).toMatchObject({ status: 'trialing', timeZone: zone, trialDaysLeft: 3, nextBillingDate: stored!.next_billing_date });
  });

  it('refuses pharmacists and technicians: the subscription is the admins\' (403, and RLS shows them no row)', async () => {
    const pharmacy = await createPharmacy('Staff Subscription Pharmacy');
    for (const staff of [pharmacy.pharmacist, pharmacy.technician]) {
      expect(await callApi(staff.client, 'subscription/current'), staff.email).toEqual({
        status: 403,
        body: { error: 'Only a pharmacy admin can view the subscription' },
      });
      const { data, error } = await staff.client.from('subscriptions').select('id');
      expect(error, staff.email).toBeNull();
      expect(data, staff.email).toEqual([]);
    }
    expect((await callApi<CurrentSubscription>(pharmacy.admin.client, 'subscription/current')).status).toBe(200);
  });

  it("shows each pharmacy only its own subscription; another pharmacy's is invisible", async () => {
    const first = await onboardedAdmin();
    const second = await onboardedAdmin();
    const { data: visibleToSecond } = await second.client.from('subscriptions').select('pharmacy_id');
    expect(visibleToSecond).toEqual([{ pharmacy_id: second.pharmacyId }]);
    const { data: firstsRow } = await second.client.from('subscriptions').select('id').eq('pharmacy_id', first.pharmacyId);
    expect(firstsRow).toEqual([]);
    const secondAnswer = await callApi<CurrentSubscription>(second.client, 'subscription/current');
    expect(secondAnswer.status).toBe(200);
    // Each admin gets their own pharmacy's row: change the first's in the database, the second's answer stays.
    await sql(`update public.subscriptions set status = 'active', trial_ends_at = null where pharmacy_id = $1`, [first.pharmacyId]);
    expect((await callApi<CurrentSubscription>(first.client, 'subscription/current')).body).toMatchObject({ status: 'active', trialDaysLeft: null });
    expect((await callApi<CurrentSubscription>(second.client, 'subscription/current')).body).toEqual(secondAnswer.body);
  });

  it('answers 404 for a signed-in user without a pharmacy and 401 without a user', async () => {
    const { client } = await signedInClient('no-pharmacy');
    expect(await callApi(client, 'subscription/current')).toEqual({ status: 404, body: { error: 'No subscription found' } });
    expect(await callApi(createTestClient(), 'subscription/current')).toEqual({ status: 401, body: { error: 'Unauthorized' } });
  });
});

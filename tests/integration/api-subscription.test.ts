/**
 * GET /api/subscription/plans (anyone) and GET /api/subscription/current (the caller's pharmacy only,
 * through RLS) via supabase.functions.invoke.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import type { CurrentSubscription, SubscriptionPlan } from '../../shared/src/api/subscription.ts';
import { callApi } from '../support/api-call.ts';
import { wizardPayload } from '../support/onboarding-payloads.ts';
import { closeSql, createTestClient, signedInClient } from '../support/stack-env.ts';

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
  });

  it("shows each pharmacy only its own subscription; another pharmacy's is invisible", async () => {
    const first = await onboardedAdmin();
    const second = await onboardedAdmin();
    const { data: visibleToSecond } = await second.client.from('subscriptions').select('pharmacy_id');
    expect(visibleToSecond).toEqual([{ pharmacy_id: second.pharmacyId }]);
    const { data: firstsRow } = await second.client.from('subscriptions').select('id').eq('pharmacy_id', first.pharmacyId);
    expect(firstsRow).toEqual([]);
    expect((await callApi<CurrentSubscription>(second.client, 'subscription/current')).status).toBe(200);
  });

  it('answers 404 for a signed-in user without a pharmacy and 401 without a user', async () => {
    const { client } = await signedInClient('no-pharmacy');
    expect(await callApi(client, 'subscription/current')).toEqual({ status: 404, body: { error: 'No subscription found' } });
    expect(await callApi(createTestClient(), 'subscription/current')).toEqual({ status: 401, body: { error: 'Unauthorized' } });
  });
});

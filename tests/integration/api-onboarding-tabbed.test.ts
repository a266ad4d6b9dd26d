/**
 * The tabbed onboarding's calls through supabase.functions.invoke: POST /api/onboarding/validate answers
 * { isValid, errors } (schema messages, unknown plan, taken identifiers); POST /api/onboarding/complete
 * creates the pharmacy with its hours, admin and trial and answers pharmacy, subscription and next steps.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { OnboardingCompleteResponse, OnboardingValidationResponse } from '../../shared/src/api/onboarding.ts';
import { DEFAULT_OPERATING_HOURS } from '../../shared/src/onboarding/tabbed.ts';
import { callApi } from '../support/api-call.ts';
import { tabbedPayload } from '../support/onboarding-payloads.ts';
import { closeSql, createTestClient, sql } from '../support/stack-env.ts';

afterAll(closeSql);

function validate(body: unknown) {
  return callApi<OnboardingValidationResponse>(createTestClient(), 'onboarding/validate', { body });
}

function complete(body: unknown) {
  return callApi<OnboardingCompleteResponse & { error?: string; errors?: string[] }>(createTestClient(), 'onboarding/complete', { body });
}

async function count(query: string, value: string): Promise<number> {
  return Number((await sql<{ count: string }>(query, [value]))[0]!.count);
}

describe('POST /api/onboarding/validate', () => {
  it('passes a valid form', async () => {
    expect(await validate(tabbedPayload())).toEqual({ status: 200, body: { isValid: true, errors: [] } });
  });

  it('lists every broken rule with its message', async () => {
    const answer = await validate(tabbedPayload({
      pharmacyName: '',
      email: 'nope',
      adminEmail: 'also-nope',
      selectedPlan: '',
      termsAccepted: false,
      hipaaAgreement: false,
      privacyPolicy: false,
    }));
    expect(answer).toEqual({
      status: 200,
      body: {
        isValid: false,
        errors: [
          'Pharmacy name is required',
          'Valid email is required',
          'Valid email is required',
          'Please select a subscription plan',
          'Terms must be accepted',
          'HIPAA agreement must be accepted',
          'Privacy policy must be accepted',
        ],
      },
    });
  });

  it("refuses a DEA number whose check digit does not match, with System Settings' message", async () => {
    expect((await validate(tabbedPayload({ deaNumber: 'AB1234567' }))).body).toEqual({
      isValid: false,
      errors: ['DEA number check digit does not match'],
    });
    const payload = tabbedPayload({ deaNumber: 'AB1234567' });
    expect(await complete(payload)).toEqual({
      status: 400,
      body: {
        error: 'Validation failed',
        errors: ['DEA number check digit does not match'],
        details: { fields: [{ path: 'deaNumber', message: 'DEA number check digit does not match' }] },
      },
    });
    expect(await count('select count(*) from public.pharmacies where pharmacy_name = $1', payload.pharmacyName)).toBe(0);
  });

  it('refuses a plan that does not exist', async () => {
    expect((await validate(tabbedPayload({ selectedPlan: 'gold-yearly' }))).body).toEqual({
      isValid: false,
      errors: ['Please select a subscription plan'],
    });
  });

  it('reports a DEA number, NCPDP ID or admin email already taken', async () => {
    const taken = tabbedPayload();
    expect((await complete(taken)).status).toBe(201);
    const answer = await validate(tabbedPayload({ deaNumber: taken.deaNumber, ncpdpId: taken.ncpdpId, adminEmail: taken.adminEmail }));
    expect(answer.body).toEqual({
      isValid: false,
      errors: [
        'A pharmacy with this DEA number already exists',
        'A pharmacy with this NCPDP ID already exists',
        'An account with this email already exists',
      ],
    });
  });

  it('answers a body that is not a JSON object with 400', async () => {
    expect((await callApi(createTestClient(), 'onboarding/validate', { body: [1, 2] })).status).toBe(400);
  });
});

describe('POST /api/onboarding/complete', () => {
  it('creates the pharmacy and answers its name, the plan and the next steps', async () => {
    const payload = tabbedPayload();
    const answer = await complete(payload);
    expect(answer.status).toBe(201);
    expect(answer.body.pharmacy.pharmacyName).toBe(payload.pharmacyName);
    expect(answer.body.subscription).toMatchObject({ planId: 'flat-monthly', status: 'trialing' });
    expect(answer.body.nextSteps.length).toBeGreaterThanOrEqual(3);
    expect(answer.body.nextSteps.every((step) => typeof step === 'string' && step.length > 0)).toBe(true);

    const client = createTestClient();
    expect((await client.auth.signInWithPassword({ email: payload.adminEmail, password: payload.adminPassword })).error).toBeNull();
    const { data: context } = await client.rpc('current_staff_context');
    expect(context).toMatchObject({
      user: { firstName: 'Lena', lastName: 'Ortiz', role: 'admin', email: payload.adminEmail },
      pharmacy: { id: answer.body.pharmacy.id, pharmacyName: payload.pharmacyName, city: 'Austin', state: 'TX', stateInternationalizeNumber: payload.licenseNumber },
    });
    expect(await count('select count(*) from public.pharmacists_in_charge where pharmacy_id = $1', answer.body.pharmacy.id)).toBe(0);
  });

  it('stores the operating hours sent', async () => {
    const operatingHours = {
      ...DEFAULT_OPERATING_HOURS,
      saturday: { open: '08:30', close: '12:00', closed: false },
      sunday: { open: '10:00', close: '16:00', closed: true },
    };
    const answer = await complete(tabbedPayload({ operatingHours }));
    expect(answer.status).toBe(201);
    const rows = await sql<{ weekday: string; opens_at: string | null; closes_at: string | null; is_closed: boolean }>(
      'select weekday, opens_at::text, closes_at::text, is_closed from public.pharmacy_operating_hours where pharmacy_id = $1', [answer.body.pharmacy.id]);
    const byDay = Object.fromEntries(rows.map((row) => [row.weekday, row]));
    expect(byDay.monday).toMatchObject({ opens_at: '09:00:00', closes_at: '18:00:00', is_closed: false });
    expect(byDay.saturday).toMatchObject({ opens_at: '08:30:00', closes_at: '12:00:00', is_closed: false });
    expect(byDay.sunday).toMatchObject({ is_closed: true });
    expect(rows).toHaveLength(7);
  });

  it('answers bad input with 400 and its messages, creating nothing', async () => {
    const payload = tabbedPayload({ privacyPolicy: false, adminPassword: 'short' });
    expect(await complete(payload)).toEqual({
      status: 400,
      body: {
        error: 'Validation failed',
        errors: ['Password must be at least 8 characters', 'Privacy policy must be accepted'],
        details: { fields: [{ path: 'adminPassword', message: 'Password must be at least 8 characters' }, { path: 'privacyPolicy', message: 'Privacy policy must be accepted' }] },
      },
    });
    const badHours = tabbedPayload({ operatingHours: { ...DEFAULT_OPERATING_HOURS, monday: { open: '18:00', close: '09:00', closed: false } } });
    expect(await complete(badHours)).toEqual({
      status: 400,
      body: {
        error: 'Validation failed',
        errors: ['Closing time must be after opening time'],
        details: { fields: [{ path: 'operatingHours.monday.close', message: 'Closing time must be after opening time' }] },
      },
    });
    const unknownPlan = tabbedPayload({ selectedPlan: 'gold-yearly' });
    expect(await complete(unknownPlan)).toEqual({ status: 400, body: { error: 'Validation failed', errors: ['Please select a subscription plan'] } });
    for (const refused of [payload, badHours, unknownPlan]) {
      expect(await count('select count(*) from auth.users where email = $1', refused.adminEmail)).toBe(0);
      expect(await count('select count(*) from public.pharmacies where pharmacy_name = $1', refused.pharmacyName)).toBe(0);
    }
  });

  it('refuses a taken DEA number with 409 and creates no user or pharmacy', async () => {
    const taken = tabbedPayload();
    expect((await complete(taken)).status).toBe(201);
    const payload = tabbedPayload({ deaNumber: taken.deaNumber });
    const answer = await complete(payload);
    expect(answer.status).toBe(409);
    expect(answer.body.error).toContain('DEA number already exists');
    expect(await count('select count(*) from auth.users where email = $1', payload.adminEmail)).toBe(0);
    expect(await count('select count(*) from public.pharmacies where pharmacy_name = $1', payload.pharmacyName)).toBe(0);
  });
});

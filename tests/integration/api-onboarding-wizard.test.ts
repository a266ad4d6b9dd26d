/**
 * POST /api/auth/onboard (the six-step wizard) through supabase.functions.invoke, as the signed-out web app
 * calls it: a valid payload creates the pharmacy, its admin (who can sign in and see their pharmacy), the
 * pharmacist in charge, default hours and a trial; bad input answers 400 with the spec's messages;
 * duplicates answer 409 and create nothing; a database failure after the auth user exists removes it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { callApi } from '../support/api-call.ts';
import { wizardPayload } from '../support/onboarding-payloads.ts';
import { requestFromAddress } from '../support/request-from-address.ts';
import { closeSql, createTestClient, sql } from '../support/stack-env.ts';

afterAll(closeSql);

interface Onboarded {
  pharmacy: { id: string; pharmacyName: string };
  user: { id: string; email: string };
}

async function authUserCount(email: string): Promise<number> {
  const rows = await sql<{ count: string }>('select count(*) from auth.users where lower(email) = lower($1)', [email]);
  return Number(rows[0]!.count);
}

async function pharmacyCount(pharmacyName: string): Promise<number> {
  const rows = await sql<{ count: string }>('select count(*) from public.pharmacies where pharmacy_name = $1', [pharmacyName]);
  return Number(rows[0]!.count);
}

function onboard(body: unknown) {
  return callApi<Onboarded & { error?: string; errors?: string[] }>(createTestClient(), 'auth/onboard', { body });
}

describe('POST /api/auth/onboard', () => {
  it('creates the pharmacy and its admin, who signs in and sees their pharmacy', async () => {
    const payload = wizardPayload();
    const answer = await onboard(payload);
    expect(answer.status).toBe(201);
    expect(answer.body.pharmacy.pharmacyName).toBe(payload.pharmacyName);
    expect(answer.body.user.email).toBe(payload.adminEmail);

    const client = createTestClient();
    const signIn = await client.auth.signInWithPassword({ email: payload.adminEmail, password: payload.adminPassword });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user?.id).toBe(answer.body.user.id);

    const { data: context, error } = await client.rpc('current_staff_context');
    expect(error).toBeNull();
    expect(context).toMatchObject({
      user: { id: answer.body.user.id, email: payload.adminEmail, firstName: 'Marcus', lastName: 'Bell', role: 'admin' },
      pharmacy: {
        id: answer.body.pharmacy.id,
        pharmacyName: payload.pharmacyName,
        city: 'Albany',
        state: 'NY',
        deaNumber: payload.deaNumber,
        ncpdpId: payload.ncpdpId,
        stateInternationalizeNumber: payload.stateInternationalizeNumber,
      },
    });
    expect(context.permissions).toContain('staff:manage');
  });

  it('records the pharmacist in charge, the default hours and a trialing subscription', async () => {
    const payload = wizardPayload();
    const answer = await onboard(payload);
    expect(answer.status).toBe(201);
    const pharmacyId = answer.body.pharmacy.id;

    const pic = await sql('select first_name, last_name, license_number, license_state, license_expiration::text from public.pharmacists_in_charge where pharmacy_id = $1', [pharmacyId]);
    expect(pic).toEqual([{ first_name: 'Grace', last_name: 'Okafor', license_number: payload.picLicenseNumber, license_state: 'NY', license_expiration: '2028-06-30' }]);

    const hours = await sql<{ weekday: string; opens_at: string; closes_at: string; is_closed: boolean }>(
      'select weekday, opens_at::text, closes_at::text, is_closed from public.pharmacy_operating_hours where pharmacy_id = $1', [pharmacyId]);
    const byDay = Object.fromEntries(hours.map((row) => [row.weekday, [row.opens_at, row.closes_at, row.is_closed]]));
    expect(byDay).toEqual({
      monday: ['09:00:00', '18:00:00', false],
      tuesday: ['09:00:00', '18:00:00', false],
      wednesday: ['09:00:00', '18:00:00', false],
      thursday: ['09:00:00', '18:00:00', false],
      friday: ['09:00:00', '18:00:00', false],
      saturday: ['09:00:00', '17:00:00', false],
      sunday: ['10:00:00', '16:00:00', false],
    });

    const subscriptions = await sql('select plan_id, status from public.subscriptions where pharmacy_id = $1', [pharmacyId]);
    expect(subscriptions).toEqual([{ plan_id: 'flat-monthly', status: 'trialing' }]);
  });

  it("audits the onboarding with the caller's IP address as the gateway saw it, not the function's nor a claimed one", async () => {
    const payload = wizardPayload();
    // From 127.0.0.7, claiming another address: the gateway passes on only the one it saw.
    const answer = (await requestFromAddress('127.0.0.7', '/functions/v1/api/auth/onboard', { body: payload, headers: { 'X-Forwarded-For': '203.0.113.7' } })) as {
      status: number;
      body: Onboarded;
    };
    expect(answer.status).toBe(201);
    const audit = await sql<{ ip: string; actor_user_id: string; success: boolean }>(
      "select host(ip_address) as ip, actor_user_id, success from public.audit_log where pharmacy_id = $1 and action = 'onboarding'",
      [answer.body.pharmacy.id]);
    expect(audit).toEqual([{ ip: '127.0.0.7', actor_user_id: answer.body.user.id, success: true }]);
  });

  it('ignores a pharmacy id in the body: the database makes the id', async () => {
    const otherPharmacy = (await sql<{ id: string }>('select id from public.pharmacies order by created_at limit 1'))[0]!.id;
    const payload = { ...wizardPayload(), pharmacyId: otherPharmacy, pharmacy_id: otherPharmacy, id: otherPharmacy };
    const answer = await onboard(payload);
    expect(answer.status).toBe(201);
    expect(answer.body.pharmacy.id).not.toBe(otherPharmacy);
    const staff = await sql('select pharmacy_id from public.staff_profiles where user_id = $1', [answer.body.user.id]);
    expect(staff).toEqual([{ pharmacy_id: answer.body.pharmacy.id }]);
  });

  it('answers an empty form with 400 and every required message, creating nothing', async () => {
    const answer = await onboard({});
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('Validation failed');
    expect(answer.body.errors).toEqual(expect.arrayContaining([
      'Pharmacy name is required',
      'NCPDP ID is required',
      'NABP number is required',
      'Invalid DEA number format',
      'State must be 2 characters',
      'NPI must be 10 digits',
      'Invalid ZIP code',
      'Phone format: (555) 123-4567',
      'Invalid admin email',
      'Password must be at least 8 characters',
      'You must accept the terms and conditions to proceed',
      'You must accept the privacy policy to proceed',
      'You must acknowledge regulatory compliance requirements',
    ]));
  });

  it.each([
    [{ pharmacyName: '' }, 'Pharmacy name is required'],
    [{ ncpdpId: '123456' }, 'NCPDP ID is required'],
    [{ nabpNumber: '1234' }, 'NABP number is required'],
    [{ deaNumber: 'ab1234567' }, 'Invalid DEA number format'],
    [{ deaNumber: 'AB1234567' }, 'DEA number check digit does not match'],
    // The spec's API name of the state license number, in the body and in the problem's path.
    [{ stateInternationalizeNumber: ' ' }, 'State license number is required'],
    [{ stateLicenseState: 'NYC' }, 'State must be 2 characters'],
    [{ npiNumber: '123456789' }, 'NPI must be 10 digits'],
    [{ zipCode: '1234' }, 'Invalid ZIP code'],
    [{ phone: '518-555-0142' }, 'Phone format: (555) 123-4567'],
    [{ website: 'not a url' }, 'Website must be a valid URL (https://...)'],
    [{ adminEmail: 'admin@' }, 'Invalid admin email'],
    [{ adminPassword: 'short' }, 'Password must be at least 8 characters'],
    [{ acceptTermsAndConditions: false }, 'You must accept the terms and conditions to proceed'],
    [{ acceptPrivacyPolicy: false }, 'You must accept the privacy policy to proceed'],
    [{ acceptRegulatory: false }, 'You must acknowledge regulatory compliance requirements'],
  ])('refuses %o with 400 %s and creates no user or pharmacy', async (override, message) => {
    const payload = wizardPayload(override);
    const answer = await onboard(payload);
    expect(answer).toEqual({ status: 400, body: { error: 'Validation failed', errors: [message], details: { fields: [{ path: Object.keys(override)[0], message }] } } });
    expect(await authUserCount(payload.adminEmail)).toBe(0);
    expect(await pharmacyCount(payload.pharmacyName)).toBe(0);
  });

  it('answers a body that is not JSON with 400', async () => {
    const answer = await callApi(createTestClient(), 'auth/onboard', { body: 'not json' });
    expect(answer.status).toBe(400);
  });
});

describe('POST /api/auth/onboard with identifiers already taken', () => {
  async function existingPharmacy() {
    const payload = wizardPayload();
    expect((await onboard(payload)).status).toBe(201);
    return payload;
  }

  it.each([
    ['DEA number', (taken: ReturnType<typeof wizardPayload>) => ({ deaNumber: taken.deaNumber }), 'DEA number already exists'],
    ['NCPDP ID', (taken: ReturnType<typeof wizardPayload>) => ({ ncpdpId: taken.ncpdpId }), 'NCPDP'],
    ['NABP number', (taken: ReturnType<typeof wizardPayload>) => ({ nabpNumber: taken.nabpNumber }), 'NABP'],
    ['admin email (any case)', (taken: ReturnType<typeof wizardPayload>) => ({ adminEmail: taken.adminEmail.toUpperCase() }), 'email already exists'],
  ])('refuses a taken %s with 409 and leaves no new user or pharmacy', async (_what, reuse, phrase) => {
    const taken = await existingPharmacy();
    const payload = wizardPayload(reuse(taken));
    const answer = await onboard(payload);
    expect(answer.status).toBe(409);
    expect(answer.body.error).toContain(phrase);
    expect(await pharmacyCount(payload.pharmacyName)).toBe(0);
    expect(await authUserCount(payload.adminEmail)).toBe(payload.adminEmail.toLowerCase() === taken.adminEmail.toLowerCase() ? 1 : 0);
  });

  it('lists every conflict when several identifiers are taken', async () => {
    const taken = await existingPharmacy();
    const answer = await onboard(wizardPayload({ deaNumber: taken.deaNumber, ncpdpId: taken.ncpdpId }));
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe('A pharmacy with this DEA number already exists');
    expect(answer.body.errors).toEqual(['A pharmacy with this DEA number already exists', 'A pharmacy with this NCPDP ID already exists']);
  });
});

describe('POST /api/auth/onboard when the database step fails after the auth user exists', () => {
  it('deletes the auth user again, so nothing is left behind', async () => {
    // A fixture trigger makes onboard_pharmacy fail for one pharmacy name, after the conflicts check passed
    // and the admin's auth user was created (as a concurrent insert or any database error would).
    const payload = wizardPayload({ pharmacyName: `Doomed Pharmacy ${Date.now()}` });
    await sql(`create or replace function public.test_refuse_doomed_pharmacy() returns trigger language plpgsql as $$
      begin
        if new.pharmacy_name = '${payload.pharmacyName}' then raise exception 'refused by test fixture'; end if;
        return new;
      end $$`);
    await sql('create trigger test_refuse_doomed_pharmacy before insert on public.pharmacies for each row execute function public.test_refuse_doomed_pharmacy()');
    try {
      const answer = await onboard(payload);
      expect(answer).toEqual({ status: 500, body: { error: 'Internal server error' } });
      expect(await authUserCount(payload.adminEmail)).toBe(0);
      expect(await pharmacyCount(payload.pharmacyName)).toBe(0);
      // The identifiers stay free: the same pharmacy onboards once the failure is gone.
    } finally {
      await sql('drop trigger test_refuse_doomed_pharmacy on public.pharmacies');
      await sql('drop function public.test_refuse_doomed_pharmacy()');
    }
    expect((await onboard(payload)).status).toBe(201);
  });

  it('answers 409 and deletes the auth user when another onboarding takes the DEA number in between', async () => {
    // Simulates the race: right after this onboarding's auth user is created (the conflicts check has
    // passed), a competing pharmacy with the same DEA number is inserted, so onboard_pharmacy refuses.
    const payload = wizardPayload();
    const competingNcpdp = wizardPayload().ncpdpId;
    await sql(`create or replace function public.test_competing_onboarding() returns trigger language plpgsql security definer as $$
      begin
        if new.email = '${payload.adminEmail}' then
          insert into public.pharmacies (pharmacy_name, ncpdp_id, dea_number) values ('Competing Pharmacy', '${competingNcpdp}', '${payload.deaNumber}');
        end if;
        return new;
      end $$`);
    await sql('create trigger test_competing_onboarding after insert on auth.users for each row execute function public.test_competing_onboarding()');
    try {
      const answer = await onboard(payload);
      expect(answer.status).toBe(409);
      expect(answer.body.error).toContain('DEA number already exists');
      expect(await authUserCount(payload.adminEmail)).toBe(0);
      expect(await pharmacyCount(payload.pharmacyName)).toBe(0);
    } finally {
      await sql('drop trigger test_competing_onboarding on auth.users');
      await sql('drop function public.test_competing_onboarding()');
    }
  });
});

/**
 * Onboarding in the database: onboard_pharmacy creates everything in one transaction (and nothing when any
 * step fails, a duplicate DEA number included), onboarding_conflicts names every taken identifier with the
 * messages the web maps, and both are the service role's alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSql, createServiceClient, createTestClient, createUser, sql } from '../support/stack-env.ts';
import { createPharmacy, pharmacyPayload, uniqueIdentifiers, type TestPharmacy } from './db-fixtures.ts';

let existing: TestPharmacy;

beforeAll(async () => {
  existing = await createPharmacy('Existing Onboarded Pharmacy');
}, 60_000);

afterAll(async () => {
  await closeSql();
});

async function rowsFor(pharmacyName: string): Promise<number> {
  const [row] = await sql<{ count: string }>(
    `select (select count(*) from public.pharmacies p where p.pharmacy_name = $1)
          + (select count(*) from public.staff_profiles s join public.pharmacies p on p.id = s.pharmacy_id where p.pharmacy_name = $1) as count`,
    [pharmacyName],
  );
  return Number(row?.count);
}

describe('onboard_pharmacy', () => {
  it('creates the pharmacy, hours, admin profile, pharmacist in charge, security policy, trial subscription and audit entry', async () => {
    const admin = await createUser('onboard-admin');
    const { data, error } = await createServiceClient().rpc('onboard_pharmacy', {
      pharmacy: { ...pharmacyPayload('Fresh Start Pharmacy'), admin_license_number: 'ADM-1', admin_license_expiration: '2031-05-01' },
      admin_user_id: admin.id,
      pic: { first_name: 'Paula', last_name: 'Charge', license_number: 'PIC-77', license_state: 'IL', license_expiration: '2030-06-30' },
      operating_hours: { monday: { open: '08:00', close: '20:00', closed: false }, sunday: { open: '', close: '', closed: true } },
      plan_id: 'flat-monthly',
    });
    expect(error).toBeNull();
    const result = data as { pharmacyId: string; pharmacyName: string; subscription: { planId: string; status: string; trialEndsAt: string } };
    expect(result).toMatchObject({ pharmacyName: 'Fresh Start Pharmacy', subscription: { planId: 'flat-monthly', status: 'trialing' } });
    const trialDays = (Date.parse(result.subscription.trialEndsAt) - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(29.9);
    expect(trialDays).toBeLessThanOrEqual(30);

    const id = result.pharmacyId;
    expect(await sql(`select weekday, opens_at::text, closes_at::text, is_closed from public.pharmacy_operating_hours where pharmacy_id = $1 order by array_position(array['monday','tuesday','wednesday','thursday','friday','saturday','sunday'], weekday)`, [id])).toEqual([
      { weekday: 'monday', opens_at: '08:00:00', closes_at: '20:00:00', is_closed: false },
      { weekday: 'tuesday', opens_at: '09:00:00', closes_at: '18:00:00', is_closed: false },
      { weekday: 'wednesday', opens_at: '09:00:00', closes_at: '18:00:00', is_closed: false },
      { weekday: 'thursday', opens_at: '09:00:00', closes_at: '18:00:00', is_closed: false },
      { weekday: 'friday', opens_at: '09:00:00', closes_at: '18:00:00', is_closed: false },
      { weekday: 'saturday', opens_at: '09:00:00', closes_at: '17:00:00', is_closed: false },
      { weekday: 'sunday', opens_at: '10:00:00', closes_at: '16:00:00', is_closed: true },
    ]);
    expect(await sql(`select role, first_name, email, license_number, is_active from public.staff_profiles where user_id = $1`, [admin.id])).toEqual([
      { role: 'admin', first_name: 'Ada', email: admin.email, license_number: 'ADM-1', is_active: true },
    ]);
    expect(await sql(`select last_name, license_number from public.pharmacists_in_charge where pharmacy_id = $1`, [id])).toEqual([{ last_name: 'Charge', license_number: 'PIC-77' }]);
    expect(await sql(`select max_failed_logins, lockout_minutes, session_timeout_minutes from public.security_policies where pharmacy_id = $1`, [id])).toEqual([
      { max_failed_logins: 3, lockout_minutes: 30, session_timeout_minutes: 30 },
    ]);
    expect(await sql(`select status, next_billing_date = (trial_ends_at at time zone 'UTC')::date as bills_at_trial_end from public.subscriptions where pharmacy_id = $1`, [id])).toEqual([
      { status: 'trialing', bills_at_trial_end: true },
    ]);
    expect(await sql(`select actor_user_id, entity_id, success from public.audit_log where action = 'onboarding' and pharmacy_id = $1`, [id])).toEqual([
      { actor_user_id: admin.id, entity_id: id, success: true },
    ]);
  });

  it('refuses a duplicate DEA number, NCPDP ID or NABP number with the messages (23505) and creates nothing', async () => {
    const cases: Array<[string, Partial<ReturnType<typeof uniqueIdentifiers>>, string]> = [
      ['Duplicate DEA Pharmacy', { deaNumber: existing.deaNumber }, 'A pharmacy with this DEA number already exists'],
      ['Duplicate NCPDP Pharmacy', { ncpdpId: existing.ncpdpId }, 'A pharmacy with this NCPDP ID already exists'],
      ['Duplicate NABP Pharmacy', { nabpNumber: existing.nabpNumber }, 'A pharmacy with this NABP number already exists'],
    ];
    for (const [name, clash, message] of cases) {
      const admin = await createUser('dup-admin');
      const { data, error } = await createServiceClient().rpc('onboard_pharmacy', {
        pharmacy: pharmacyPayload(name, { ...uniqueIdentifiers(), ...clash }),
        admin_user_id: admin.id,
        pic: null,
        operating_hours: null,
        plan_id: 'flat-monthly',
      });
      expect(data).toBeNull();
      expect(error).toMatchObject({ code: '23505', message });
      expect(await rowsFor(name)).toBe(0);
      expect(await sql(`select 1 from public.staff_profiles where user_id = $1`, [admin.id])).toEqual([]);
    }
  });

  it('leaves nothing behind when a late step fails (pharmacist in charge without a license number)', async () => {
    const admin = await createUser('late-fail');
    const { error } = await createServiceClient().rpc('onboard_pharmacy', {
      pharmacy: pharmacyPayload('Late Failure Pharmacy'),
      admin_user_id: admin.id,
      pic: { first_name: 'No', last_name: 'License' },
      operating_hours: null,
      plan_id: 'flat-monthly',
    });
    expect(error?.code).toBe('23502');
    expect(await rowsFor('Late Failure Pharmacy')).toBe(0);
    expect(await sql(`select 1 from public.staff_profiles where user_id = $1`, [admin.id])).toEqual([]);
    expect(await sql(`select 1 from public.audit_log where actor_user_id = $1`, [admin.id])).toEqual([]);
  });

  it('refuses an unknown plan and an admin who already belongs to a pharmacy', async () => {
    const admin = await createUser('plan');
    const unknownPlan = await createServiceClient().rpc('onboard_pharmacy', { pharmacy: pharmacyPayload('Unknown Plan Pharmacy'), admin_user_id: admin.id, pic: null, operating_hours: null, plan_id: 'gold' });
    expect(unknownPlan.error?.message).toBe('Unknown subscription plan: gold');
    const taken = await createServiceClient().rpc('onboard_pharmacy', { pharmacy: pharmacyPayload('Second Home Pharmacy'), admin_user_id: existing.admin.id, pic: null, operating_hours: null, plan_id: null });
    expect(taken.error).toMatchObject({ code: '23505', message: 'An account with this email already exists' });
    expect(await rowsFor('Unknown Plan Pharmacy') + (await rowsFor('Second Home Pharmacy'))).toBe(0);
  });

  it('is not callable by anon or signed-in staff', async () => {
    const args = { pharmacy: pharmacyPayload('Sneaky Pharmacy'), admin_user_id: existing.pharmacist.id, pic: null, operating_hours: null, plan_id: null };
    for (const caller of [createTestClient(), existing.admin.client]) {
      const { error } = await caller.rpc('onboard_pharmacy', args);
      expect(error?.code).toBe('42501');
    }
    expect(await rowsFor('Sneaky Pharmacy')).toBe(0);
  });
});

describe('onboarding_conflicts', () => {
  it('names each identifier already taken, the email case-insensitively', async () => {
    const { data, error } = await createServiceClient().rpc('onboarding_conflicts', {
      dea_number: existing.deaNumber,
      ncpdp_id: existing.ncpdpId,
      nabp_number: existing.nabpNumber,
      email: existing.admin.email.toUpperCase(),
    });
    expect(error).toBeNull();
    expect(data).toEqual([
      'A pharmacy with this DEA number already exists',
      'A pharmacy with this NCPDP ID already exists',
      'A pharmacy with this NABP number already exists',
      'An account with this email already exists',
    ]);
  });

  it('is empty for fresh identifiers and no NABP number', async () => {
    const fresh = uniqueIdentifiers();
    const { data } = await createServiceClient().rpc('onboarding_conflicts', { dea_number: fresh.deaNumber, ncpdp_id: fresh.ncpdpId, nabp_number: null, email: 'nobody-yet@example.test' });
    expect(data).toEqual([]);
  });

  it('is not callable by anon or signed-in staff', async () => {
    for (const caller of [createTestClient(), existing.admin.client]) {
      const { error } = await caller.rpc('onboarding_conflicts', { dea_number: 'AB1234563', ncpdp_id: '1234567', nabp_number: null, email: 'x@example.test' });
      expect(error?.code).toBe('42501');
    }
  });
});

/**
 * Fixtures of the database tests: a pharmacy onboarded through the onboard_pharmacy RPC (service role) with
 * an admin, plus a pharmacist and a technician added by the service role, each signed in through
 * supabase-js as a real user.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { createServiceClient, createTestClient, createUser } from '../support/stack-env.ts';

export type StaffRole = 'admin' | 'pharmacist' | 'technician';

export interface SignedInStaff {
  id: string;
  email: string;
  password: string;
  client: SupabaseClient;
}

export interface TestPharmacy {
  id: string;
  name: string;
  deaNumber: string;
  ncpdpId: string;
  nabpNumber: string;
  admin: SignedInStaff;
  pharmacist: SignedInStaff;
  technician: SignedInStaff;
}

let sequence = 0;

/** Identifiers no other test run or pharmacy uses (the database keeps them unique); the DEA number passes its check digit. */
export function uniqueIdentifiers(): { deaNumber: string; ncpdpId: string; nabpNumber: string } {
  sequence += 1;
  const digits = `${Date.now() % 100_000}${sequence}`.padStart(7, '0').slice(-7);
  const salt = String(Math.floor(Math.random() * 90) + 10);
  // A real registration's check digit, as onboarding and System Settings take them.
  // The salt goes into the DEA number too: test files run in parallel workers, each counting from 1, so two of them
  // onboarding in the same moment made the same six digits (a CI run failed on it).
  const deaDigits = `${salt}${digits.slice(-4)}`;
  const d = [...deaDigits].map(Number);
  const checkDigit = ((d[0]! + d[2]! + d[4]!) + 2 * (d[1]! + d[3]! + d[5]!)) % 10;
  return { deaNumber: `XT${deaDigits}${checkDigit}`, ncpdpId: `${salt}${digits.slice(-5)}`, nabpNumber: `N${salt}${digits}` };
}

export function pharmacyPayload(name: string, ids = uniqueIdentifiers()): Record<string, unknown> {
  return {
    pharmacy_name: name,
    ncpdp_id: ids.ncpdpId,
    nabp_number: ids.nabpNumber,
    dea_number: ids.deaNumber,
    state_license_number: `PHY-${ids.ncpdpId}`,
    state_license_state: 'IL',
    npi_number: '1234567893',
    street_address: '1 Main St',
    city: 'Peoria',
    state: 'IL',
    zip_code: '61602',
    phone: '(309) 555-0100',
    email: 'store@example.test',
    admin_first_name: 'Ada',
    admin_last_name: `Admin of ${name}`,
    admin_phone: '(309) 555-0101',
  };
}

export async function signIn(email: string, password: string): Promise<SupabaseClient> {
  const client = createTestClient();
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`could not sign in ${email}: ${error.message}`);
  return client;
}

/** A new auth user with a staff profile (added by the service role) in the pharmacy, signed in. */
export async function addStaff(pharmacyId: string, role: StaffRole, firstName: string, lastName: string): Promise<SignedInStaff> {
  const user = await createUser(role);
  const { error } = await createServiceClient().from('staff_profiles').insert({
    user_id: user.id,
    pharmacy_id: pharmacyId,
    role,
    first_name: firstName,
    last_name: lastName,
    email: user.email,
    license_number: role === 'technician' ? null : `RPH-${user.id.slice(0, 6)}`,
    license_state: 'IL',
  });
  if (error) throw new Error(`could not add ${role}: ${error.message}`);
  return { ...user, client: await signIn(user.email, user.password) };
}

function onboard(name: string, ids: ReturnType<typeof uniqueIdentifiers>, adminUserId: string) {
  return createServiceClient().rpc('onboard_pharmacy', {
    pharmacy: pharmacyPayload(name, ids),
    admin_user_id: adminUserId,
    pic: { first_name: 'Pat', last_name: 'Incharge', license_number: 'PIC-1', license_state: 'IL', license_expiration: '2030-01-31' },
    operating_hours: null,
    plan_id: 'flat-monthly',
  });
}

/** Onboards a pharmacy with an admin, then adds a pharmacist and a technician; all three signed in. */
export async function createPharmacy(name: string): Promise<TestPharmacy> {
  const adminUser = await createUser('admin');
  let ids = uniqueIdentifiers();
  let answer = await onboard(name, ids, adminUser.id);
  // A DEA number has six digits: hundreds of test pharmacies from parallel workers can draw the same one (a CI run
  // failed on it). The database refuses the second; a fresh draw is a different registration, not a retried failure.
  for (let attempt = 1; attempt < 5 && answer.error?.message.includes('already exists'); attempt += 1) {
    ids = uniqueIdentifiers();
    answer = await onboard(name, ids, adminUser.id);
  }
  const { data, error } = answer;
  if (error) throw new Error(`could not onboard ${name}: ${error.message}`);
  const pharmacyId = (data as { pharmacyId: string }).pharmacyId;
  return {
    id: pharmacyId,
    name,
    ...ids,
    admin: { ...adminUser, client: await signIn(adminUser.email, adminUser.password) },
    pharmacist: await addStaff(pharmacyId, 'pharmacist', 'Phil', `Pharmacist of ${name}`),
    technician: await addStaff(pharmacyId, 'technician', 'Tess', `Technician of ${name}`),
  };
}

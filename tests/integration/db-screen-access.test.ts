/**
 * Role-aware navigation and the database agree (shared/src/staff/screens.ts is the one table of who opens which
 * screen): for every screen and every staff role, the data the screen reads and writes is the role's to use
 * exactly when the table lets the role open the screen. The admin screens' data is refused to pharmacists and
 * technicians by the database itself (RLS, guard triggers, admin-only functions), command by command:
 *   System Settings — pharmacy details, operating hours, pharmacist in charge (update), the settings groups
 *   (read and save; printing and labels are read by all staff for label work); email and fax (function);
 *   AI Security Manager — audit log (select), patient access history (function), staff sign-in activity
 *   (function), security policy (update), another staff member's profile (update).
 * Every screen open to all staff uses data every role may use. Changing the table without the database (or the
 * reverse) fails here. Run as real users through supabase-js, on a pharmacy of its own.
 *
 * Then the rule this migration adds (20261123000200_screen_access): the staff's sign-in activity (failed
 * sign-ins, lock, last sign-in) is the Security Manager's, so end users cannot select those columns of
 * staff_profiles and admins read them through public.staff_sign_in_activity().
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES, mayOpenScreen, screens, type ScreenPath } from '../../shared/src/staff/screens.ts';
import { closeSql, createTestClient, sql } from '../support/stack-env.ts';
import { addStaff, createPharmacy, type SignedInStaff, type StaffRole, type TestPharmacy } from './db-fixtures.ts';
import type { Database } from '../../shared/src/database/database.types.ts';
import { addMedication, addPatient, enterPrescription, insertRow } from './db-clinical-support.ts';

let a: TestPharmacy;
let colleague: SignedInStaff;
let patientId: string;
let medicationId: string;
let prescriberId: string;
let prescriptionId: string;

beforeAll(async () => {
  a = await createPharmacy('Screen Access Pharmacy');
  colleague = await addStaff(a.id, 'technician', 'Colin', 'Colleague');
  patientId = (await addPatient(a.admin.client, 'Screens')).id;
  medicationId = (await addMedication(a.admin.client)).id;
  prescriberId = await insertRow(a.admin.client, 'prescribers', { title: 'Dr.', first_name: 'Casey', last_name: 'Screens', specialty: 'Family Medicine' });
  prescriptionId = (await enterPrescription(a.admin.client, { patientId, medicationId })).id;
}, 120_000);

afterAll(async () => {
  await closeSql();
});

type Result = { data: unknown; error: unknown };

/** A use of a screen's data by one staff member; true when the database let it through. */
interface Probe {
  what: string;
  run: (staff: SignedInStaff) => Promise<boolean>;
}

const answered = ({ data, error }: Result) => error === null && data !== null;
const sawRow = (id: string) => ({ data, error }: Result) =>
  error === null && Array.isArray(data) && data.some((row: { id?: string }) => row.id === id);
const touchedOneRow = ({ data, error }: Result) => error === null && Array.isArray(data) && data.length === 1;

const readsRow = (table: string, id: () => string): Probe => ({
  what: `select ${table}`,
  run: async (staff) => sawRow(id())(await staff.client.from(table).select('id').eq('id', id())),
});

/** What each screen does with the database (the screens of later releases: the tables they will show). */
const SCREEN_DATA: Record<ScreenPath, Probe[]> = {
  '/': [{ what: 'rpc dashboard_stats', run: async (staff) => answered(await staff.client.rpc('dashboard_stats')) }],
  '/prescriptions': [
    { what: 'rpc prescription_queue_counts', run: async (staff) => answered(await staff.client.rpc('prescription_queue_counts')) },
    readsRow('prescriptions', () => prescriptionId),
  ],
  '/patients': [
    readsRow('patients', () => patientId),
    { what: 'update patients', run: async (staff) => touchedOneRow(await staff.client.from('patients').update({ phone: '(309) 555-0142' }).eq('id', patientId).select('id')) },
  ],
  '/drugs': [readsRow('medications', () => medicationId)],
  '/providers': [
    readsRow('prescribers', () => prescriberId),
    // Every role adds a prescriber (editing and verifying are pharmacists' and admins': db-prescribers.test.ts).
    { what: 'add prescribers', run: async (staff) => touchedOneRow(await staff.client.from('prescribers').insert({ first_name: 'Screen', last_name: `Probe ${staff.id}` }).select('id')) },
  ],
  '/prescription-files': [readsRow('prescriptions', () => prescriptionId)],
  '/billing': [
    readsRow('prescriptions', () => prescriptionId),
    readsRow('medications', () => medicationId),
    { what: 'rpc billing_overview', run: async (staff) => answered(await staff.client.rpc('billing_overview')) },
    { what: 'rpc claim_page', run: async (staff) => answered(await staff.client.rpc('claim_page', { search: '', status_filter: 'all', page_size: 25, page_offset: 0 })) },
    // GET /api/billing/{id} and Process Payment act as the caller through these (billing:manage, every role).
    { what: 'rpc fill_billing', run: async (staff) => answered(await staff.client.rpc('fill_billing', { prescription_id: prescriptionId })) },
  ],
  // Every role reads the catalogue; editing it is the pharmacist's and admin's within these screens (like verifying
  // in the queue), tested command by command in db-clinical-records.test.ts and db-drug-catalog.test.ts.
  '/inventory': [readsRow('medications', () => medicationId)],
  '/labels': [readsRow('prescriptions', () => prescriptionId)],
  '/reports': [
    { what: 'rpc reports_overview', run: async (staff) => answered(await staff.client.rpc('reports_overview', { from_date: '2026-11-01', to_date: '2026-11-30' })) },
    { what: 'rpc reports_weekly_activity', run: async (staff) => answered(await staff.client.rpc('reports_weekly_activity')) },
    { what: 'rpc reports_top_medications', run: async (staff) => answered(await staff.client.rpc('reports_top_medications', { from_date: '2026-11-01', to_date: '2026-11-30' })) },
    { what: 'rpc reports_system_alerts', run: async (staff) => answered(await staff.client.rpc('reports_system_alerts')) },
  ],
  '/system-settings': [
    { what: 'update pharmacies', run: async (staff) => touchedOneRow(await staff.client.from('pharmacies').update({ phone: '(309) 555-0100' }).eq('id', a.id).select('id')) },
    { what: 'update pharmacy_operating_hours', run: async (staff) => touchedOneRow(await staff.client.from('pharmacy_operating_hours').update({ is_closed: false }).eq('weekday', 'monday').select('weekday')) },
    { what: 'update pharmacists_in_charge', run: async (staff) => touchedOneRow(await staff.client.from('pharmacists_in_charge').update({ license_state: 'IL' }).eq('pharmacy_id', a.id).select('id')) },
    // The settings groups other than printing and labels (which label work reads) are the admin's, read and saved.
    { what: 'rpc settings_group transmission', run: async (staff) => answered(await staff.client.rpc('settings_group', { group_key: 'transmission' })) },
    { what: 'rpc save_settings_group', run: async (staff) => answered(await staff.client.rpc('save_settings_group', { group_key: 'reports', settings: {}, secret_changes: {} })) },
    // Email and fax: the api asks this before testing, sending or listing the queues (messaging).
    { what: 'rpc messaging_admin_pharmacy_id', run: async (staff) => answered(await staff.client.rpc('messaging_admin_pharmacy_id')) },
  ],
  '/security-manager': [
    { what: 'select audit_log', run: async (staff) => touchedOneRow(await staff.client.from('audit_log').select('id').eq('action', 'onboarding').limit(1)) },
    { what: 'rpc patient_access_history', run: async (staff) => answered(await staff.client.rpc('patient_access_history', { patient_id: patientId })) },
    { what: 'rpc staff_sign_in_activity', run: async (staff) => answered(await staff.client.rpc('staff_sign_in_activity')) },
    { what: 'rpc staff_users', run: async (staff) => answered(await staff.client.rpc('staff_users')) },
    { what: 'update security_policies', run: async (staff) => touchedOneRow(await staff.client.from('security_policies').update({ lockout_minutes: 30 }).eq('pharmacy_id', a.id).select('pharmacy_id')) },
    { what: 'update another staff member', run: async (staff) => touchedOneRow(await staff.client.from('staff_profiles').update({ phone: '(309) 555-0144' }).eq('user_id', colleague.id).select('user_id')) },
  ],
  // The import's summary and the source ids already imported (validation's references): admins with data:migrate.
  '/data-migration': [
    { what: 'rpc migration_report', run: async (staff) => answered(await staff.client.rpc('migration_report')) },
    { what: 'rpc migration_known_source_ids', run: async (staff) => answered(await staff.client.rpc('migration_known_source_ids', { entity: 'patients', source_ids: ['P1'] })) },
  ],
  // Demo cards only (spec part 2 "Loading Demo"): no data.
  '/loading-demo': [],
};

/** Screens kept from some role whose data does not exist yet: the screen's own issue adds it, admin-only. */
const NO_DATA_YET: readonly ScreenPath[] = [];

function staffOf(role: StaffRole): SignedInStaff {
  return a[role];
}

describe('screen access: the database agrees with the table of screens', () => {
  it('every role may use the data of each screen the table lets it open', async () => {
    for (const screen of screens) {
      for (const role of STAFF_ROLES.filter((r) => mayOpenScreen(r, screen))) {
        for (const probe of SCREEN_DATA[screen.path]) {
          expect(await probe.run(staffOf(role)), `${role} on ${screen.path}: ${probe.what}`).toBe(true);
        }
      }
    }
  });

  it('the database refuses a role the data of each screen the table keeps from it', async () => {
    let refusals = 0;
    for (const screen of screens) {
      for (const role of STAFF_ROLES.filter((r) => !mayOpenScreen(r, screen))) {
        for (const probe of SCREEN_DATA[screen.path]) {
          expect(await probe.run(staffOf(role)), `${role} on ${screen.path}: ${probe.what}`).toBe(false);
          refusals += 1;
        }
      }
    }
    // Pharmacists and technicians, System Settings (6), AI Security Manager (6) and Data Migration (2).
    expect(refusals).toBe(2 * (6 + 6 + 2));
  });

  it('every screen kept from some role has data the database guards, unless its data does not exist yet', () => {
    for (const screen of screens) {
      const restricted = STAFF_ROLES.some((role) => !mayOpenScreen(role, screen));
      if (!restricted) continue;
      if (NO_DATA_YET.includes(screen.path)) expect(SCREEN_DATA[screen.path], screen.path).toEqual([]);
      else expect(SCREEN_DATA[screen.path].length, screen.path).toBeGreaterThan(0);
    }
  });
});

const SIGN_IN_ACTIVITY = ['failed_login_count', 'locked_until', 'last_login_at'] as const;
type SignInActivity = Database['public']['Functions']['staff_sign_in_activity']['Returns'];

async function signInActivity(staff: SignedInStaff): Promise<{ data: SignInActivity | null; error: { message: string } | null }> {
  const { data, error } = await staff.client.rpc('staff_sign_in_activity');
  return { data: data as SignInActivity | null, error };
}

describe('staff sign-in activity is the Security Manager\'s (admins only)', () => {
  it('select: no end user, the admin included, selects a sign-in activity column of staff_profiles; the other columns stay readable', async () => {
    for (const role of STAFF_ROLES) {
      for (const column of SIGN_IN_ACTIVITY) {
        const { data, error } = await staffOf(role).client.from('staff_profiles').select(`user_id, ${column}`);
        expect(error?.message, `${role}: ${column}`).toMatch(/permission denied/);
        expect(data, `${role}: ${column}`).toBeNull();
      }
      const names = await staffOf(role).client.from('staff_profiles').select('user_id, first_name, role, is_active');
      expect(names.error, role).toBeNull();
      expect(names.data?.map((row) => row.user_id), role).toContain(colleague.id);
    }
    expect((await createTestClient().from('staff_profiles').select('user_id, last_login_at')).data ?? []).toEqual([]);
  });

  it('select: exactly the sign-in activity columns are kept from end users (a column added to staff_profiles needs its grant)', async () => {
    // The migration grants SELECT column by column, so a new column is unreadable until it is granted too.
    const columns = await sql<{ name: string; selectable: boolean }>(
      `select a.attname as name, has_column_privilege('authenticated', 'public.staff_profiles', a.attname, 'select') as selectable
         from pg_attribute a where a.attrelid = 'public.staff_profiles'::regclass and a.attnum > 0 and not a.attisdropped`);
    expect(columns.filter((column) => !column.selectable).map((column) => column.name).sort()).toEqual([...SIGN_IN_ACTIVITY].sort());
  });

  it('staff_sign_in_activity: an admin reads every staff member of their own pharmacy, as stored', async () => {
    await sql(`update public.staff_profiles set failed_login_count = 2 where user_id = $1`, [colleague.id]);
    const { data, error } = await signInActivity(a.admin);
    expect(error).toBeNull();
    const stored = await sql<{ user_id: string; failed_login_count: number; last_login_at: Date | null }>(
      `select user_id, failed_login_count, last_login_at from public.staff_profiles where pharmacy_id = $1`, [a.id]);
    expect(data?.map((row) => row.user_id).sort()).toEqual(stored.map((row) => row.user_id).sort());
    const mine = data?.find((row) => row.user_id === colleague.id);
    expect(mine).toMatchObject({ failed_login_count: 2, locked_until: null });
    // Everyone here signed in through supabase-js, so the hook recorded a last sign-in for each.
    expect(data?.every((row) => row.last_login_at !== null)).toBe(true);
  });

  it('staff_sign_in_activity: refused to pharmacists, technicians and anon; another pharmacy\'s admin sees none of this one', async () => {
    for (const role of ['pharmacist', 'technician'] as const) {
      const { data, error } = await signInActivity(staffOf(role));
      expect(error?.message, role).toBe('Only a pharmacy admin can see the staff\'s sign-in activity');
      expect(data, role).toBeNull();
    }
    expect((await createTestClient().rpc('staff_sign_in_activity')).error).not.toBeNull();
    const other = await createPharmacy('Screen Access Other Pharmacy');
    const { data, error } = await signInActivity(other.admin);
    expect(error).toBeNull();
    const ids = data?.map((row) => row.user_id) ?? [];
    expect(ids).toContain(other.technician.id);
    for (const staff of [a.admin, a.pharmacist, a.technician, colleague]) expect(ids).not.toContain(staff.id);
  }, 60_000);

  it('update: an admin still unlocks a colleague; the staff member\'s own last sign-in stays in current_staff_context', async () => {
    await sql(`update public.staff_profiles set failed_login_count = 3, locked_until = now() + interval '30 minutes' where user_id = $1`, [colleague.id]);
    const refused = await a.pharmacist.client.from('staff_profiles').update({ failed_login_count: 0, locked_until: null }).eq('user_id', colleague.id).select('user_id');
    if (refused.error === null) expect(refused.data).toEqual([]);
    const unlock = await a.admin.client.from('staff_profiles').update({ failed_login_count: 0, locked_until: null }).eq('user_id', colleague.id).select('user_id');
    expect(unlock.error).toBeNull();
    expect(unlock.data).toEqual([{ user_id: colleague.id }]);
    expect(await sql(`select failed_login_count, locked_until from public.staff_profiles where user_id = $1`, [colleague.id]))
      .toEqual([{ failed_login_count: 0, locked_until: null }]);

    const context = await colleague.client.rpc('current_staff_context');
    expect(context.error).toBeNull();
    const [own] = await sql<{ last_login: string }>(`select to_jsonb(last_login_at) #>> '{}' as last_login from public.staff_profiles where user_id = $1`, [colleague.id]);
    expect(own?.last_login).toBeTruthy();
    expect((context.data as { user: { lastLogin: string | null } }).user.lastLogin).toBe(own!.last_login);
  });
});

/**
 * Database hygiene (issue 9, migration 20261122001300_database_hygiene), tried as an attacker would:
 *   * private helpers: nothing is executable through PUBLIC (new functions included); no client can make a
 *     security-definer function act on another pharmacy (issue_rx_number, pharmacy_local_date), call the
 *     service-only ones (onboarding, audit writing), or reach private functions through PostgREST;
 *   * constraint violations come back as the shared forms' sentences, never constraint names, through
 *     PostgREST and through the api function (whose failure path logs Postgres' wording instead of answering it).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_ERROR_MESSAGES } from '../../shared/src/database/errors.ts';
import { PATIENT_MESSAGES } from '../../shared/src/patients/patient.ts';
import { callApi } from '../support/api-call.ts';
import { closeSql, createTestClient, sql, stackEnv } from '../support/stack-env.ts';
import { addMedication, addPatient, enterPrescription } from './db-clinical-support.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';

let a: TestPharmacy;
let b: TestPharmacy;
let anon: SupabaseClient;

beforeAll(async () => {
  anon = createTestClient();
  [a, b] = [await createPharmacy('Hygiene Pharmacy A'), await createPharmacy('Hygiene Pharmacy B')];
}, 120_000);

afterAll(closeSql);

type Outcome = { rows: Record<string, unknown>[]; error?: undefined } | { rows?: undefined; error: string };

/** Runs statements as an API role with a user's JWT claims, as PostgREST does (`set local role`), then rolls back. */
async function asRole(role: 'anon' | 'authenticated', userId: string | null, statement: string, params: unknown[] = []): Promise<Outcome> {
  const client = new pg.Client({ connectionString: stackEnv().dbUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: userId, role })]);
    await client.query(`set local role ${role}`);
    try {
      return { rows: (await client.query(statement, params)).rows };
    } catch (error) {
      return { error: (error as Error).message };
    }
  } finally {
    await client.query('rollback').catch(() => undefined);
    await client.end();
  }
}

async function counter(pharmacyId: string): Promise<number | null> {
  const rows = await sql<{ last_rx_number: string }>('select last_rx_number from public.rx_number_counters where pharmacy_id = $1', [pharmacyId]);
  return rows[0] ? Number(rows[0].last_rx_number) : null;
}

describe('private helpers', () => {
  it('no function of schema private is executable through PUBLIC, and anon only what is granted to anon by name', async () => {
    const throughPublic = await sql<{ fn: string }>(`
      select p.oid::regprocedure::text as fn from pg_proc p
      where p.pronamespace = 'private'::regnamespace
        and (p.proacl is null or exists (select 1 from aclexplode(p.proacl) x where x.grantee = 0 and x.privilege_type = 'EXECUTE'))`);
    expect(throughPublic.map((row) => row.fn)).toEqual([]);
    const anonByInheritance = await sql<{ fn: string }>(`
      select p.oid::regprocedure::text as fn from pg_proc p
      where p.pronamespace = 'private'::regnamespace and has_function_privilege('anon', p.oid, 'EXECUTE')
        and not exists (select 1 from aclexplode(p.proacl) x where x.grantee = 'anon'::regrole and x.privilege_type = 'EXECUTE')`);
    expect(anonByInheritance.map((row) => row.fn)).toEqual([]);
  });

  /** Functions a policy or a column default calls that a role running them may not execute. */
  const UNCALLABLE_POLICY_FUNCTIONS = `
      select format('policy %s on %s needs %s for %s', p.polname, p.polrelid::regclass, d.refobjid::regprocedure, r.rolname) as problem
      from pg_policy p
      join pg_depend d on d.classid = 'pg_policy'::regclass and d.objid = p.oid and d.refclassid = 'pg_proc'::regclass
      join pg_roles r on (p.polroles = array[0::oid] and r.rolname in ('anon', 'authenticated')) or r.oid = any (p.polroles)
      where not has_function_privilege(r.oid, d.refobjid, 'EXECUTE')
      union all
      select format('default of %s.%s needs %s for %s', ad.adrelid::regclass, a.attname, d.refobjid::regprocedure, r.rolname)
      from pg_attrdef ad
      join pg_attribute a on a.attrelid = ad.adrelid and a.attnum = ad.adnum
      join pg_depend d on d.classid = 'pg_attrdef'::regclass and d.objid = ad.oid and d.refclassid = 'pg_proc'::regclass
      join pg_roles r on r.rolname in ('anon', 'authenticated')
      where has_column_privilege(r.oid, ad.adrelid, a.attnum, 'INSERT') and not has_function_privilege(r.oid, d.refobjid, 'EXECUTE')
        and (select relnamespace from pg_class where oid = ad.adrelid) = 'public'::regnamespace`;

  it('every function a policy or a column default calls stays executable by the roles that run it', async () => {
    expect((await sql<{ problem: string }>(UNCALLABLE_POLICY_FUNCTIONS)).map((row) => row.problem)).toEqual([]);
    // The check sees a helper a policy needs taken away.
    const client = new pg.Client({ connectionString: stackEnv().dbUrl });
    await client.connect();
    try {
      await client.query('begin');
      await client.query('revoke execute on function private.current_pharmacy_id() from authenticated');
      const problems = (await client.query<{ problem: string }>(UNCALLABLE_POLICY_FUNCTIONS)).rows.map((row) => row.problem);
      expect(problems).toContain(`policy Staff can read their pharmacy's patients on patients needs private.current_pharmacy_id() for authenticated`);
      expect(problems).toContain('default of patients.pharmacy_id needs private.current_pharmacy_id() for authenticated');
    } finally {
      await client.query('rollback');
      await client.end();
    }
  });

  it('a function created in private later is not executable by PUBLIC (default privileges)', async () => {
    const client = new pg.Client({ connectionString: stackEnv().dbUrl });
    await client.connect();
    try {
      await client.query('begin');
      await client.query(`create function private.hygiene_probe() returns int language sql set search_path = '' as $$ select 1 $$`);
      const { rows } = await client.query(`
        select has_function_privilege('authenticated', 'private.hygiene_probe()', 'EXECUTE') as authenticated,
               has_function_privilege('anon', 'private.hygiene_probe()', 'EXECUTE') as anon`);
      expect(rows[0]).toEqual({ authenticated: false, anon: false });
    } finally {
      await client.query('rollback');
      await client.end();
    }
  });

  it('private functions are not reachable through PostgREST', async () => {
    for (const client of [anon, b.admin.client]) {
      const { error } = await client.schema('private').rpc('issue_rx_number', { for_pharmacy_id: a.id });
      expect(error).not.toBeNull();
      const exposed = await client.rpc('issue_rx_number', { for_pharmacy_id: a.id });
      expect(exposed.error).not.toBeNull();
    }
  });

  it('issue_rx_number: a signed-in user can burn no number, of another pharmacy or their own; the insert still numbers', async () => {
    await enterPrescription(a.technician.client, { patientId: (await addPatient(a.technician.client)).id, medicationId: (await addMedication(a.pharmacist.client)).id });
    const before = await counter(a.id);
    const foreign = await asRole('authenticated', b.admin.id, 'select private.issue_rx_number($1)', [a.id]);
    expect(foreign.error).toBe('Rx numbers are issued only when a prescription is entered');
    const own = await asRole('authenticated', a.admin.id, 'select private.issue_rx_number($1)', [a.id]);
    expect(own.error).toBe('Rx numbers are issued only when a prescription is entered');
    const fromAnon = await asRole('anon', null, 'select private.issue_rx_number($1)', [a.id]);
    expect(fromAnon.error).toMatch(/permission denied/);
    expect(await counter(a.id)).toBe(before);
    // The trusted path (service role, migrations) still issues numbers for any pharmacy.
    const entered = await enterPrescription(a.pharmacist.client, { patientId: (await addPatient(a.pharmacist.client)).id, medicationId: (await addMedication(a.pharmacist.client)).id });
    expect(entered.rx_number).toBe(before! + 1);
  });

  it('issue_rx_number inside a trigger of another table still refuses another pharmacy', async () => {
    const client = new pg.Client({ connectionString: stackEnv().dbUrl });
    await client.connect();
    const before = await counter(a.id);
    try {
      await client.query('begin');
      // A trigger an attacker cannot create, standing in for any path that reaches the function with depth > 0.
      await client.query(`create table public.hygiene_trigger_probe (id int primary key, pharmacy_id uuid)`);
      await client.query(`create function private.hygiene_issue() returns trigger language plpgsql set search_path = ''
        as $$ begin perform private.issue_rx_number(new.pharmacy_id); return new; end $$`);
      await client.query(`create trigger issue before insert on public.hygiene_trigger_probe for each row execute function private.hygiene_issue()`);
      await client.query(`grant insert on public.hygiene_trigger_probe to authenticated`);
      await client.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: b.admin.id, role: 'authenticated' })]);
      await client.query('set local role authenticated');
      await expect(client.query('insert into public.hygiene_trigger_probe values (1, $1)', [a.id]))
        .rejects.toThrow('Rx numbers can only be issued for your own pharmacy');
    } finally {
      await client.query('rollback');
      await client.end();
    }
    expect(await counter(a.id)).toBe(before);
  });

  it('pharmacy_local_date: another pharmacy\'s time zone is not revealed (row-level security applies)', async () => {
    await sql(`update public.pharmacies set time_zone = 'Pacific/Honolulu' where id = $1`, [a.id]);
    // 08:00 UTC on New Year's Day is still New Year's Eve in Honolulu, already New Year's Day in New York.
    const moment = '2026-01-01T08:00:00Z';
    const own = await asRole('authenticated', a.technician.id, 'select private.pharmacy_local_date($1, $2)::text as day', [a.id, moment]);
    expect(own.rows?.[0]?.day).toBe('2025-12-31');
    const foreign = await asRole('authenticated', b.technician.id, 'select private.pharmacy_local_date($1, $2)::text as day', [a.id, moment]);
    expect(foreign.rows?.[0]?.day).toBe('2026-01-01');
    expect((await asRole('anon', null, 'select private.pharmacy_local_date($1, now())', [a.id])).error).toMatch(/permission denied/);
  });

  it('service-only functions refuse anon and signed-in users, through PostgREST and SQL', async () => {
    for (const client of [anon, a.admin.client]) {
      const conflicts = await client.rpc('onboarding_conflicts', { dea_number: a.deaNumber, ncpdp_id: a.ncpdpId, nabp_number: a.nabpNumber, email: a.admin.email });
      expect(conflicts.error?.code).toBe('42501');
      const onboard = await client.rpc('onboard_pharmacy', { pharmacy: {}, admin_user_id: a.admin.id });
      expect(onboard.error?.code).toBe('42501');
    }
    const audit = await asRole('authenticated', a.admin.id,
      `select private.record_audit_event($1, $2, 'forged', 'pharmacy', null, 'forged entry', true)`, [b.id, b.admin.id]);
    expect(audit.error).toMatch(/permission denied for function record_audit_event/);
  });

  it('exposed functions run as the caller: the staff context is the caller\'s own; the demo panel still answers anon', async () => {
    const definers = await sql<{ fn: string }>(`
      select p.oid::regprocedure::text as fn from pg_proc p
      where p.pronamespace = 'public'::regnamespace and p.prosecdef
        and (has_function_privilege('anon', p.oid, 'EXECUTE') or has_function_privilege('authenticated', p.oid, 'EXECUTE'))`);
    expect(definers.map((row) => row.fn)).toEqual([]);
    const context = await b.technician.client.rpc('current_staff_context');
    expect(context.data?.pharmacy?.id).toBe(b.id);
    expect(context.data?.user?.id).toBe(b.technician.id);
    const panel = await anon.rpc('demo_sign_in_panel');
    expect(panel.error).toBeNull();
    const stats = await anon.rpc('dashboard_stats');
    expect(stats.error?.code).toBe('42501');
  });
});

describe('constraint violations reach clients as clear messages', () => {
  const base = { first_name: 'Clara', last_name: 'Clear', date_of_birth: '1970-03-04' };

  it('a bad patient phone, ZIP, state or date of birth through PostgREST: the shared form\'s message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ phone: '217-555-0142' }, PATIENT_MESSAGES.phoneFormat],
      [{ zip_code: '6270' }, PATIENT_MESSAGES.zipCode],
      [{ state: 'Illinois' }, PATIENT_MESSAGES.state],
      [{ date_of_birth: '1899-12-31' }, PATIENT_MESSAGES.dateOfBirthTooEarly],
      [{ last_name: '  ' }, PATIENT_MESSAGES.lastName],
    ];
    for (const [bad, message] of cases) {
      const { error } = await a.technician.client.from('patients').insert({ ...base, ...bad }).select('id');
      expect(error?.message, JSON.stringify(bad)).toBe(message);
      expect(error?.code).toBe('23514');
      expect(JSON.stringify(error)).not.toMatch(/patients_|constraint/);
    }
    const { data } = await a.technician.client.from('patients').insert(base).select('id').single();
    const update = await a.technician.client.from('patients').update({ phone: '5555' }).eq('id', data!.id).select('id');
    expect(update.error?.message).toBe(PATIENT_MESSAGES.phoneFormat);
    const missing = await a.technician.client.from('patients').insert({ first_name: 'Nolast' }).select('id');
    expect(missing.error?.message).toBe('Last name is required');
  });

  it('duplicates, references to another pharmacy\'s rows and removing a record in use: sentences, no constraint names', async () => {
    const ndc = `0${String(Date.now()).slice(-3)}-1234-56`;
    expect((await a.pharmacist.client.from('medications').insert({ name: 'First', ndc_number: ndc }).select()).error).toBeNull();
    const duplicate = await a.pharmacist.client.from('medications').insert({ name: 'Second', ndc_number: ndc }).select();
    expect(duplicate.error).toMatchObject({ code: '23505', message: 'A medication with this NDC is already in your catalogue' });

    const patientB = await addPatient(b.technician.client);
    const medicationA = await addMedication(a.pharmacist.client);
    const crossed = await a.technician.client.from('prescriptions').insert({ patient_id: patientB.id, medication_id: medicationA.id }).select();
    expect(crossed.error).toMatchObject({ code: '23503', message: 'Choose a patient of your pharmacy' });

    const patientA = await addPatient(a.technician.client);
    await enterPrescription(a.technician.client, { patientId: patientA.id, medicationId: medicationA.id });
    const removed = await a.admin.client.from('patients').delete().eq('id', patientA.id).select();
    // The prescription (the order; migration 20261128002000_refills) is what still names the patient.
    expect(removed.error).toMatchObject({ code: '23503', message: 'This patient is still used by prescription orders and cannot be removed' });
    for (const error of [duplicate.error, crossed.error, removed.error]) expect(JSON.stringify(error)).not.toMatch(/_key|_fkey|constraint/);
  });

  /** Tables API roles write whose message triggers are missing or were computed before their constraints last changed. */
  const STALE_MESSAGE_TRIGGERS = `
    with api_tables as (
      select c.oid from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
        and (has_any_column_privilege('authenticated', c.oid, 'INSERT') or has_any_column_privilege('authenticated', c.oid, 'UPDATE')
          or has_table_privilege('authenticated', c.oid, 'DELETE')
          or has_any_column_privilege('anon', c.oid, 'INSERT') or has_any_column_privilege('anon', c.oid, 'UPDATE')
          or has_table_privilege('anon', c.oid, 'DELETE'))
        and c.relname !~ '^(rest_test|realtime_|migration_test|bench_)'
    ), installed as (
      select t.tgrelid, t.tgname,
             convert_from(substring(t.tgargs from 1 for position('\\x00'::bytea in t.tgargs) - 1), 'UTF8') as query
      from pg_trigger t where t.tgname in ('zz_explain_constraint_violations', 'zz_explain_restricted_delete')
    )
    select a.oid::regclass::text || ' ' || expected.name as stale
    from api_tables a
    cross join lateral (values
      ('zz_explain_constraint_violations', private.constraint_explanation_sql(a.oid::regclass)),
      ('zz_explain_restricted_delete', private.restricted_delete_sql(a.oid::regclass))) as expected (name, query)
    left join installed i on i.tgrelid = a.oid and i.tgname = expected.name
    where i.query is distinct from expected.query`;

  it('every public table API roles write carries current message triggers (a later migration\'s table or message included)', async () => {
    expect((await sql<{ stale: string }>(STALE_MESSAGE_TRIGGERS)).map((row) => row.stale)).toEqual([]);
    // The check catches a message changed without refreshing the table's trigger, and a new table without one.
    const client = new pg.Client({ connectionString: stackEnv().dbUrl });
    await client.connect();
    try {
      await client.query('begin');
      await client.query(`comment on constraint patients_zip_code_format on public.patients is 'ZIP code: 12345 or 12345-6789'`);
      await client.query(`create table public.hygiene_new_records (id bigint primary key, code text not null check (code ~ '^[A-Z]+$'))`);
      await client.query('grant insert on public.hygiene_new_records to authenticated');
      const stale = (await client.query<{ stale: string }>(STALE_MESSAGE_TRIGGERS)).rows.map((row) => row.stale);
      expect(stale).toEqual(expect.arrayContaining(['patients zz_explain_constraint_violations', 'hygiene_new_records zz_explain_constraint_violations']));
      await client.query(`select private.install_constraint_explanations(t::regclass) from unnest(array['public.patients', 'public.hygiene_new_records']) t`);
      expect((await client.query(STALE_MESSAGE_TRIGGERS)).rows).toEqual([]);
    } finally {
      await client.query('rollback');
      await client.end();
    }
  });

  it('the api function answers a Postgres-worded refusal with a plain message and keeps the constraint name to its log', async () => {
    const patient = await addPatient(a.technician.client, 'Api failure path');
    const medication = await addMedication(a.pharmacist.client);
    // A fixture trigger that fires after the message trigger and breaks the row, so Postgres itself refuses it
    // with its own wording ("... violates check constraint \"prescriptions_quantity_check\"").
    await sql(`create function private.hygiene_break_quantity() returns trigger language plpgsql set search_path = ''
      as $$ begin new.quantity := -1; return new; end $$`);
    await sql(`create trigger zzz_hygiene_break_quantity before insert on public.prescriptions
      for each row when (new.directions = 'break me') execute function private.hygiene_break_quantity()`);
    try {
      const answer = await callApi<{ error: string }>(a.technician.client, 'prescriptions', {
        body: {
          prescriptionType: 'written', patientId: patient.id, medicationId: medication.id, directions: 'break me',
          quantity: '30', refills: '0', daysSupply: '30', status: 'pending', createdAt: new Date().toISOString(),
        },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe(DATABASE_ERROR_MESSAGES['23514']);
      expect(JSON.stringify(answer.body)).not.toMatch(/prescriptions_quantity_check|constraint|relation/);
    } finally {
      await sql('drop trigger if exists zzz_hygiene_break_quantity on public.prescriptions');
      await sql('drop function if exists private.hygiene_break_quantity()');
    }
  });
});

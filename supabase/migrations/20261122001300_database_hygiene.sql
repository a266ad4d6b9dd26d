-- =====================================================================================================
-- Database hygiene (issue 9, smaller items):
--   * functions are not executable by PUBLIC by default; every existing private helper is executable only
--     by the roles that need it (policies and triggers run as the caller, so their helpers stay executable
--     by authenticated);
--   * no security-definer function trusts a pharmacy id from a caller: issue_rx_number refuses end users
--     outside the prescription insert of their own pharmacy, pharmacy_local_date runs as the caller (RLS);
--   * no SECURITY DEFINER function in an exposed schema is executable by anon/authenticated (Supabase's
--     advisor lints 0028/0029): current_staff_context runs as the caller, the demo sign-in panel's
--     privileged part moves to private behind a security-invoker public wrapper;
--   * constraint violations reach clients as clear messages, never constraint names: each constraint's
--     message is its comment, raised by one generic BEFORE trigger before Postgres would raise its own.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- Default privileges: a new function is executable by its owner only until granted
-- -----------------------------------------------------------------------------------------------------
-- The statement the issue names. Postgres applies per-schema default privileges on top of the global ones
-- and cannot take away the built-in PUBLIC grant with them, so it changes nothing on its own ...
alter default privileges in schema private revoke execute on functions from public;
-- ... the global form does: functions the migration role creates from now on (in any schema) are not
-- executable by PUBLIC. In public, Supabase's per-schema defaults still grant anon, authenticated and
-- service_role; a new private helper must grant the roles that call it.
alter default privileges revoke execute on functions from public;

-- -----------------------------------------------------------------------------------------------------
-- Existing private helpers: nothing through PUBLIC or anon; each role that calls one is named
-- -----------------------------------------------------------------------------------------------------
revoke execute on function
  private.current_pharmacy_id(),
  private.current_staff_role(),
  private.is_pharmacy_admin(),
  private.is_end_user_request(),
  private.role_permissions(text),
  private.request_ip(),
  private.record_audit_event(uuid, uuid, text, text, text, text, boolean, jsonb),
  private.account_locked_message(timestamptz),
  private.onboarding_duplicates(text, text, text),
  private.current_staff_can(text),
  private.issue_rx_number(uuid),
  private.prescription_status_label(bigint),
  private.us_state_time_zone(text),
  private.pharmacy_local_date(uuid, timestamptz)
from public, anon;

-- Policies, column defaults and the (security invoker) guard triggers call these as the end user.
grant execute on function
  private.current_pharmacy_id(),
  private.current_staff_role(),
  private.is_pharmacy_admin(),
  private.is_end_user_request(),
  private.role_permissions(text),
  private.current_staff_can(text),
  private.issue_rx_number(uuid),
  private.prescription_status_label(bigint),
  private.us_state_time_zone(text),
  private.pharmacy_local_date(uuid, timestamptz)
to authenticated, service_role;

-- Trigger functions: Postgres checks EXECUTE only when a trigger is created, never when it fires, and a
-- trigger function cannot be called directly; nobody needs them through PUBLIC.
do $$
declare
  trigger_function regprocedure;
begin
  for trigger_function in
    select p.oid::regprocedure from pg_proc p
    where p.pronamespace = 'private'::regnamespace and p.prorettype = 'trigger'::regtype
  loop
    execute format('revoke execute on function %s from public, anon', trigger_function);
  end loop;
end
$$;

-- Not granted to authenticated or service_role on purpose (and not revoked here, so a grant an earlier
-- migration made deliberately stands): request_ip, record_audit_event, account_locked_message and
-- onboarding_duplicates run inside security-definer functions (as their owner) or for the auth service.

-- -----------------------------------------------------------------------------------------------------
-- private.issue_rx_number(): an end user gets a number only for their own pharmacy's prescription insert
-- -----------------------------------------------------------------------------------------------------
-- The prescription workflow trigger runs as the caller and calls this security-definer function with the
-- new row's pharmacy, so authenticated keeps EXECUTE; the function itself refuses anything else an end user
-- could ask of it (another pharmacy's counter, or numbers burnt outside an insert, which would leave gaps).
create or replace function private.issue_rx_number(for_pharmacy_id uuid) returns bigint
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  issued bigint;
begin
  -- Inside a security-definer function current_user is the owner; the role setting still names the API role
  -- PostgREST (or a `set role`) chose for the request.
  if current_setting('role') in ('anon', 'authenticated') or session_user in ('anon', 'authenticated') then
    if pg_trigger_depth() = 0 then
      raise exception 'Rx numbers are issued only when a prescription is entered' using errcode = '42501';
    end if;
    if for_pharmacy_id is distinct from (select private.current_pharmacy_id()) then
      raise exception 'Rx numbers can only be issued for your own pharmacy' using errcode = '42501';
    end if;
  end if;
  insert into public.rx_number_counters as c (pharmacy_id, last_rx_number)
  values (for_pharmacy_id, 1001)
  on conflict (pharmacy_id) do update set last_rx_number = c.last_rx_number + 1, updated_at = now()
  returning c.last_rx_number into issued;
  return issued;
end
$$;
comment on function private.issue_rx_number(uuid) is
  'The pharmacy''s next Rx number (1001 first); the counter row stays locked until the inserting transaction ends. '
  'An end user (anon/authenticated) gets one only from a trigger (the prescription insert) and only for their own '
  'pharmacy; trusted callers (service role, migrations) for any pharmacy.';

-- -----------------------------------------------------------------------------------------------------
-- private.pharmacy_local_date(): runs as the caller, so RLS decides whose time zone it may read
-- -----------------------------------------------------------------------------------------------------
-- Its callers (the fill-date and date-of-birth triggers) ask about the caller's own pharmacy, which staff may
-- read; asked about another pharmacy it no longer reveals that pharmacy's time zone (America/New_York instead).
alter function private.pharmacy_local_date(uuid, timestamptz) security invoker;
comment on function private.pharmacy_local_date(uuid, timestamptz) is
  'The calendar date at the pharmacy at a moment (its time_zone; America/New_York when the caller may not read the '
  'pharmacy). Security invoker: row-level security on pharmacies applies.';

-- -----------------------------------------------------------------------------------------------------
-- Exposed functions run as the caller (advisor lints 0028/0029)
-- -----------------------------------------------------------------------------------------------------
-- current_staff_context reads only the caller's own profile, pharmacy and security policy, all of which the
-- caller's policies already admit.
alter function public.current_staff_context() security invoker;

-- The sign-in page's demo panel is read before sign-in, from rows anon may not read: the privileged query
-- moves (unchanged) to private, and the exposed function only calls it.
alter function public.demo_sign_in_panel() set schema private;
comment on function private.demo_sign_in_panel() is
  'The demo pharmacy''s pharmacist and technician initials, licensee and next Rx number for the sign-in page; '
  'null when the project has no demo pharmacy (production). Security definer (anon reads no tenant rows); takes no '
  'argument and returns nothing but the demo pharmacy''s panel. Called through public.demo_sign_in_panel().';
revoke execute on function private.demo_sign_in_panel() from public;
grant execute on function private.demo_sign_in_panel() to anon, authenticated, service_role;
grant usage on schema private to anon;

create function public.demo_sign_in_panel() returns jsonb
language sql stable security invoker
set search_path = ''
as $$
  select private.demo_sign_in_panel()
$$;
comment on function public.demo_sign_in_panel() is
  'The sign-in page''s demo panel (see private.demo_sign_in_panel); null without a demo pharmacy. Security invoker.';
revoke execute on function public.demo_sign_in_panel() from public;
grant execute on function public.demo_sign_in_panel() to anon, authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- Clear messages for constraint violations
-- -----------------------------------------------------------------------------------------------------
-- Postgres names the constraint when it refuses a row ("violates check constraint patients_phone_format"),
-- and PostgREST passes that to the client. The one place a constraint's user-facing message lives is the
-- constraint's comment; a generic BEFORE trigger on every public table checks the row against the table's
-- check constraints, required columns, commented unique keys and commented foreign keys, and raises the
-- message (same SQLSTATE as Postgres would) first. The constraints stay the rule and the backstop.

create function private.readable_name(identifier text) returns text
language sql immutable
set search_path = ''
as $$
  select upper(left(words, 1)) || substr(words, 2)
  from (select replace(regexp_replace(identifier, '_id$', ''), '_', ' ') as words) w
$$;
comment on function private.readable_name(text) is 'A column or table name as words for a message: first_name -> First name.';

create function private.constraint_explanation_sql(target regclass) returns text
language sql stable
set search_path = ''
as $$
  -- One CASE over the row ($1 new, $2 old, $3 true on insert) that names the first rule it breaks as
  -- '<SQLSTATE> <message>', in the order: required columns, check constraints, unique keys, foreign keys.
  select 'select case ' || string_agg(format('when %s then %L', condition, explanation), ' ' order by position, name)
         || ' end from (select ($1).*) as checked_row'
  from (
    -- Required columns a client must send (no default).
    select 1 as position, a.attname::text as name,
           format('%I is null', a.attname) as condition,
           '23502 ' || format('%s is required', private.readable_name(a.attname)) as explanation
    from pg_attribute a
    where a.attrelid = target and a.attnum > 0 and not a.attisdropped and a.attnotnull
      and not a.atthasdef and a.attidentity = '' and a.attgenerated = ''
    union all
    -- Check constraints: false (not null) breaks one. The comment is the message, else "Invalid <columns>".
    select 2, con.conname::text,
           format('(%s) is false', pg_get_expr(con.conbin, con.conrelid)),
           '23514 ' || coalesce(obj_description(con.oid, 'pg_constraint'),
             format('Invalid %s', lower((select string_agg(private.readable_name(a.attname), ' and ' order by a.attnum)
                                          from pg_attribute a where a.attrelid = con.conrelid and a.attnum = any (con.conkey)))))
    from pg_constraint con
    where con.conrelid = target and con.contype = 'c'
      -- A check on a generated column cannot be judged before the column is computed.
      and not exists (select 1 from pg_attribute g where g.attrelid = con.conrelid and g.attnum = any (con.conkey) and g.attgenerated <> '')
    union all
    -- Unique keys and foreign keys with a message (comment), when all their columns are set and one changed.
    select 3, con.conname::text,
           format('(%s) and ($3 or %s) and %s exists (select 1 from %s as t where %s)',
             (select string_agg(format('($1).%I is not null', a.attname), ' and ')
                from unnest(con.conkey) k join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k),
             (select string_agg(format('($1).%1$I is distinct from ($2).%1$I', a.attname), ' or ')
                from unnest(con.conkey) k join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k),
             case con.contype when 'f' then 'not' else '' end,
             case con.contype when 'f' then con.confrelid::regclass else con.conrelid::regclass end,
             (select string_agg(format('t.%I = ($1).%I', target_column.attname, own_column.attname), ' and ')
                from generate_subscripts(con.conkey, 1) i
                join pg_attribute own_column on own_column.attrelid = con.conrelid and own_column.attnum = con.conkey[i]
                join pg_attribute target_column
                  on target_column.attrelid = case con.contype when 'f' then con.confrelid else con.conrelid end
                 and target_column.attnum = case con.contype when 'f' then con.confkey[i] else con.conkey[i] end)),
           case con.contype when 'f' then '23503 ' else '23505 ' end || obj_description(con.oid, 'pg_constraint')
    from pg_constraint con
    where con.conrelid = target and con.contype in ('u', 'f') and obj_description(con.oid, 'pg_constraint') is not null
  ) rules
$$;
comment on function private.constraint_explanation_sql(regclass) is
  'The query zz_explain_constraint_violations runs for a row of the table: one CASE naming the first rule the row '
  'breaks as ''<SQLSTATE> <message>'': a required column (no default) left out ("<Column> is required"), a check '
  'constraint (its comment, else "Invalid <columns>"), a unique or foreign key that has a comment (the comment).';

create function private.restricted_delete_sql(target regclass) returns text
language sql stable
set search_path = ''
as $$
  select 'select case ' || string_agg(format('when exists (select 1 from %s as t where %s) then %L',
           con.conrelid::regclass,
           (select string_agg(format('t.%I = ($1).%I', child.attname, parent.attname), ' and ')
              from generate_subscripts(con.conkey, 1) i
              join pg_attribute child on child.attrelid = con.conrelid and child.attnum = con.conkey[i]
              join pg_attribute parent on parent.attrelid = con.confrelid and parent.attnum = con.confkey[i]),
           format('This %s is still used by %s and cannot be removed',
             lower(private.readable_name(regexp_replace(regexp_replace((select c.relname from pg_class c where c.oid = target), 'ies$', 'y'), 's$', ''))),
             lower(private.readable_name((select c.relname from pg_class c where c.oid = con.conrelid))))),
           ' ' order by con.conname) || ' end'
  from pg_constraint con
  where con.confrelid = target and con.contype = 'f' and con.confdeltype in ('a', 'r')
$$;
comment on function private.restricted_delete_sql(regclass) is
  'The query zz_explain_restricted_delete runs for a row being deleted: the message "This <row> is still used by '
  '<table> and cannot be removed" when a foreign key that does not cascade still points at it.';

create function private.explain_constraint_violations() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  broken text;
begin
  -- tg_argv[0]: private.constraint_explanation_sql(<this table>), computed when the trigger was installed.
  execute tg_argv[0] into broken using new, old, tg_op = 'INSERT';
  if broken is not null then
    raise exception '%', substr(broken, 7) using errcode = left(broken, 5);
  end if;
  return new;
end
$$;
comment on function private.explain_constraint_violations() is
  'BEFORE INSERT/UPDATE trigger zz_explain_constraint_violations (zz_: fires after every other BEFORE trigger, so it '
  'sees the row as it will be stored): raises the clear message of the first rule the row breaks, before Postgres '
  'would raise its constraint error (see private.constraint_explanation_sql). Security definer so unique and foreign '
  'keys are judged on all rows, as Postgres judges them; it reveals nothing the constraint error would not.';

create function private.explain_restricted_delete() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  refusal text;
begin
  -- tg_argv[0]: private.restricted_delete_sql(<this table>), computed when the trigger was installed.
  execute tg_argv[0] into refusal using old;
  if refusal is not null then
    raise exception '%', refusal using errcode = '23503';
  end if;
  return old;
end
$$;
comment on function private.explain_restricted_delete() is
  'BEFORE DELETE trigger zz_explain_restricted_delete of a table other rows refer to without cascading: refuses with '
  '"This <row> is still used by <table> and cannot be removed" instead of Postgres'' foreign key error. Security '
  'definer: judged on all rows, as the foreign key is.';

create function private.install_constraint_explanations(target regclass) returns void
language plpgsql
set search_path = ''
as $$
declare
  explanation text := private.constraint_explanation_sql(target);
  delete_refusal text := private.restricted_delete_sql(target);
begin
  execute format('drop trigger if exists zz_explain_constraint_violations on %s', target);
  execute format('drop trigger if exists zz_explain_restricted_delete on %s', target);
  if explanation is not null then
    execute format('create trigger zz_explain_constraint_violations before insert or update on %s '
                   'for each row execute function private.explain_constraint_violations(%L)', target, explanation);
  end if;
  if delete_refusal is not null then
    execute format('create trigger zz_explain_restricted_delete before delete on %s '
                   'for each row execute function private.explain_restricted_delete(%L)', target, delete_refusal);
  end if;
end
$$;
comment on function private.install_constraint_explanations(regclass) is
  'Installs (or refreshes) the message triggers of a table with the queries for its current constraints and comments. '
  'A migration that adds a table API roles write, or changes a constraint or its message, runs it for that table '
  '(tests/integration/db-hygiene.test.ts checks every such table''s triggers are current).';

revoke execute on function private.readable_name(text), private.constraint_explanation_sql(regclass),
  private.restricted_delete_sql(regclass), private.explain_constraint_violations(), private.explain_restricted_delete(),
  private.install_constraint_explanations(regclass) from public, anon;

-- The messages: the shared forms' texts where a form asks for the value (shared/src/schemas).
comment on constraint patients_first_name_check on public.patients is 'First name is required';
comment on constraint patients_last_name_check on public.patients is 'Last name is required';
comment on constraint patients_phone_format on public.patients is 'Phone format: (555) 123-4567';
comment on constraint patients_zip_code_format on public.patients is 'Invalid ZIP code';
comment on constraint patients_state_code on public.patients is 'Choose one of the 50 US states';
comment on constraint patients_date_of_birth_from_1900 on public.patients is 'Date of birth must be on or after 01/01/1900';

comment on constraint prescribers_first_name_check on public.prescribers is 'First name is required';
comment on constraint prescribers_last_name_check on public.prescribers is 'Last name is required';
comment on constraint prescribers_npi_number_check on public.prescribers is 'NPI number must be 10 digits';
comment on constraint prescribers_dea_number_check on public.prescribers is 'DEA number must be two letters followed by 7 digits';
comment on constraint prescribers_verification_status_check on public.prescribers is 'Verification status must be pending, verified or rejected';
comment on constraint prescribers_pharmacy_id_npi_number_key on public.prescribers is 'A prescriber with this NPI number is already on file';

comment on constraint medications_name_check on public.medications is 'Medication name is required';
comment on constraint medications_ndc_number_check on public.medications is
  'NDC must be 10 digits in an FDA format: 12345-1234-12, 1234-1234-12, 12345-123-12 or 12345-1234-1';
comment on constraint medications_price_check on public.medications is 'Price cannot be negative';
comment on constraint medications_stock_check on public.medications is 'Stock cannot be negative';
comment on constraint medications_low_stock_threshold_check on public.medications is 'Low-stock threshold cannot be negative';
comment on constraint medications_dea_schedule_check on public.medications is 'DEA schedule must be II, III, IV or V';
comment on constraint medications_pharmacy_id_ndc_number_key on public.medications is 'A medication with this NDC is already in your catalogue';

comment on constraint prescriptions_quantity_check on public.prescriptions is 'Quantity must be greater than 0';
comment on constraint prescriptions_refills_check on public.prescriptions is 'Refills must be between 0 and 99';
comment on constraint prescriptions_refills_used_check on public.prescriptions is 'Refills used cannot be negative';
comment on constraint prescriptions_refills_used_within_refills on public.prescriptions is 'Refills used cannot exceed the refills prescribed';
comment on constraint prescriptions_days_supply_check on public.prescriptions is 'Days supply must be greater than 0';
comment on constraint prescriptions_prescription_type_check on public.prescriptions is 'Prescription type must be written, fax, verbal or electronic';
comment on constraint prescriptions_source_check on public.prescriptions is 'Source must be e-prescription or manual_entry';
comment on constraint prescriptions_urgency_level_check on public.prescriptions is 'Urgency must be routine, urgent or emergency';
comment on constraint prescriptions_status_check on public.prescriptions is 'Status must be pending, processing, ready or completed';
comment on constraint prescriptions_ai_flags_shape on public.prescriptions is
  'The interaction check result must be {hasInteractions, interactions[], recommendedActions[]}';
comment on constraint prescriptions_override_recorded on public.prescriptions is 'An interaction override needs a reason';
comment on constraint prescriptions_patient_fkey on public.prescriptions is 'Choose a patient of your pharmacy';
comment on constraint prescriptions_prescriber_fkey on public.prescriptions is 'Choose a prescriber of your pharmacy';
comment on constraint prescriptions_medication_fkey on public.prescriptions is 'Choose a medication of your pharmacy';

comment on constraint prescription_label_prints_kind_check on public.prescription_label_prints is 'A print is a label or a receipt';
comment on constraint prescription_label_prints_prescription_fkey on public.prescription_label_prints is 'Choose a prescription of your pharmacy';

comment on constraint pharmacies_pharmacy_name_check on public.pharmacies is 'Pharmacy name is required';
comment on constraint pharmacy_operating_hours_weekday_check on public.pharmacy_operating_hours is
  'Weekday must be monday, tuesday, wednesday, thursday, friday, saturday or sunday';
comment on constraint pharmacy_operating_hours_open_day_has_times on public.pharmacy_operating_hours is
  'An open day needs an opening and a closing time';
comment on constraint staff_profiles_role_check on public.staff_profiles is 'Role must be admin, pharmacist or technician';
comment on constraint security_policies_max_failed_logins_check on public.security_policies is
  'Maximum failed sign-ins must be between 1 and 100';
comment on constraint security_policies_lockout_minutes_check on public.security_policies is
  'Lockout must be between 1 and 10080 minutes';
comment on constraint security_policies_session_timeout_minutes_check on public.security_policies is
  'Session timeout must be between 1 and 1440 minutes';

-- The triggers, on every table of public that API roles may write or delete from (including those of
-- migrations before this one; a later migration runs private.install_constraint_explanations itself).
select private.install_constraint_explanations(c.oid::regclass)
from pg_class c
where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
  and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
  and (has_any_column_privilege('authenticated', c.oid, 'INSERT') or has_any_column_privilege('authenticated', c.oid, 'UPDATE')
    or has_table_privilege('authenticated', c.oid, 'DELETE')
    or has_any_column_privilege('anon', c.oid, 'INSERT') or has_any_column_privilege('anon', c.oid, 'UPDATE')
    or has_table_privilege('anon', c.oid, 'DELETE'));

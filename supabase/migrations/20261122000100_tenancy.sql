-- =====================================================================================================
-- Tenancy: pharmacies (the tenants), their operating hours, staff profiles (one per auth user, with the
-- role that decides what they may do), the pharmacist in charge, the security policy (lockout rules),
-- the append-only audit log, the private helpers every policy calls, the role -> permissions mapping,
-- the signed-in user's context, the sign-in page's demo panel and Supabase Auth's password
-- verification hook that enforces account lockout.
--
-- Who may do what (enforced here, never only in the UI):
--   * staff read their own pharmacy's rows; nobody reads another pharmacy's rows;
--   * only an admin changes pharmacy details, hours, the pharmacist in charge, the security policy and
--     other staff's profiles; staff may change their own first/last name and phone only;
--   * nobody changes their own role, active flag or pharmacy; pharmacy_id never changes;
--   * failed_login_count / locked_until / last_login_at are written by the sign-in hook, or reset by an
--     admin's unlock of another staff member;
--   * audit_log is written only by the database (triggers and functions here) and never changed.
-- "End user" below means a request made as the API roles anon/authenticated (PostgREST sets the role);
-- service_role, the auth service (supabase_auth_admin) and security-definer functions are trusted.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- Private schema: helpers that policies and triggers call; not exposed by PostgREST
-- -----------------------------------------------------------------------------------------------------
create schema if not exists private;
comment on schema private is 'Helpers for policies, triggers and functions; not exposed through the API.';
revoke all on schema private from public;
grant usage on schema private to authenticated, service_role, supabase_auth_admin;

-- The auth service runs the password hook as supabase_auth_admin (as hosted Supabase Auth does).
grant usage on schema public to supabase_auth_admin;

-- -----------------------------------------------------------------------------------------------------
-- Pharmacies (tenants)
-- -----------------------------------------------------------------------------------------------------
create table public.pharmacies (
  id uuid primary key default gen_random_uuid(),
  pharmacy_name text not null check (length(btrim(pharmacy_name)) > 0),
  trade_name text,
  chain_affiliation text,
  ncpdp_id text not null,
  nabp_number text,
  dea_number text not null,
  state_license_number text,
  state_license_state text,
  npi_number text,
  street_address text,
  city text,
  state text,
  zip_code text,
  county text,
  phone text,
  fax text,
  email text,
  website text,
  tax_id text,
  business_type text,
  ownership_type text,
  is_demo boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint pharmacies_ncpdp_id_key unique (ncpdp_id),
  constraint pharmacies_nabp_number_key unique (nabp_number),
  constraint pharmacies_dea_number_key unique (dea_number)
);
comment on table public.pharmacies is
  'A licensed pharmacy: the tenant every other row belongs to. Fields of both onboarding payloads (spec part 1 §3); '
  'state_license_number is the wizard''s stateInternationalizeNumber / the tabbed flow''s licenseNumber. '
  'is_demo marks the local demo seed''s pharmacy (the sign-in page''s demo panel).';

-- -----------------------------------------------------------------------------------------------------
-- Operating hours: one row per pharmacy and weekday ('monday' .. 'sunday')
-- -----------------------------------------------------------------------------------------------------
create table public.pharmacy_operating_hours (
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  weekday text not null check (weekday in ('monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday')),
  opens_at time,
  closes_at time,
  is_closed boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (pharmacy_id, weekday),
  constraint pharmacy_operating_hours_open_day_has_times check (is_closed or (opens_at is not null and closes_at is not null))
);
comment on table public.pharmacy_operating_hours is
  'Weekly opening hours (tabbed onboarding''s operatingHours): weekday is the lower-case English day name; '
  'a closed day may leave its times empty. Defaults at onboarding: Mon-Fri 09:00-18:00, Sat 09:00-17:00, Sun 10:00-16:00.';

-- -----------------------------------------------------------------------------------------------------
-- Staff profiles: one per auth user; the role decides the permissions
-- -----------------------------------------------------------------------------------------------------
create table public.staff_profiles (
  user_id uuid primary key references auth.users (id) on delete cascade,
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  role text not null check (role in ('admin', 'pharmacist', 'technician')),
  first_name text not null,
  last_name text not null,
  email text not null,
  phone text,
  license_number text,
  license_state text,
  license_expiration date,
  license_type text,
  is_active boolean not null default true,
  failed_login_count integer not null default 0 check (failed_login_count >= 0),
  locked_until timestamptz,
  last_login_at timestamptz,
  two_factor_enabled boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.staff_profiles is
  'A staff member of a pharmacy (spec part 2 "User"): role admin/pharmacist/technician, license, active flag and '
  'sign-in state (failed_login_count, locked_until, last_login_at) kept by the password verification hook.';
create index staff_profiles_pharmacy_id_idx on public.staff_profiles (pharmacy_id);

-- -----------------------------------------------------------------------------------------------------
-- Pharmacist in charge: at most one per pharmacy
-- -----------------------------------------------------------------------------------------------------
create table public.pharmacists_in_charge (
  id uuid primary key default gen_random_uuid(),
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  first_name text not null,
  last_name text not null,
  license_number text not null,
  license_state text,
  license_expiration date,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint pharmacists_in_charge_pharmacy_id_key unique (pharmacy_id)
);
comment on table public.pharmacists_in_charge is
  'The pharmacist in charge named at onboarding (wizard picFirstName .. picLicenseExpiration); one per pharmacy.';

-- -----------------------------------------------------------------------------------------------------
-- Security policy: one per pharmacy (spec part 2 defaults: 3 failed sign-ins, 30-minute sessions)
-- -----------------------------------------------------------------------------------------------------
create table public.security_policies (
  pharmacy_id uuid primary key references public.pharmacies (id) on delete cascade,
  max_failed_logins integer not null default 3 check (max_failed_logins between 1 and 100),
  lockout_minutes integer not null default 30 check (lockout_minutes between 1 and 10080),
  session_timeout_minutes integer not null default 30 check (session_timeout_minutes between 1 and 1440),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.security_policies is
  'Sign-in and session rules of a pharmacy: after max_failed_logins consecutive failed sign-ins the account is '
  'locked for lockout_minutes; the web app ends idle sessions after session_timeout_minutes.';

-- -----------------------------------------------------------------------------------------------------
-- Audit log: append-only, written only by the database
-- -----------------------------------------------------------------------------------------------------
create table public.audit_log (
  id bigint generated always as identity primary key,
  pharmacy_id uuid references public.pharmacies (id),
  actor_user_id uuid,
  action text not null,
  entity_type text not null,
  entity_id text,
  description text not null,
  ip_address inet,
  success boolean not null default true,
  details jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
comment on table public.audit_log is
  'Who did what, when, from which IP (when known) and whether it succeeded: row changes of the tenancy tables, '
  'onboarding and every password sign-in attempt. Written only by database triggers and functions; rows are '
  'never updated or deleted. actor_user_id has no foreign key so entries outlive deleted users.';
create index audit_log_pharmacy_id_created_at_idx on public.audit_log (pharmacy_id, created_at desc);
create index audit_log_actor_user_id_idx on public.audit_log (actor_user_id);

-- -----------------------------------------------------------------------------------------------------
-- Private helpers: who is asking
-- -----------------------------------------------------------------------------------------------------
create function private.current_pharmacy_id() returns uuid
language sql stable security definer
set search_path = ''
as $$
  select s.pharmacy_id from public.staff_profiles s where s.user_id = (select auth.uid()) and s.is_active
$$;
comment on function private.current_pharmacy_id() is
  'The pharmacy of the signed-in, active staff member; null for anyone else. The default of every tenant pharmacy_id.';

create function private.current_staff_role() returns text
language sql stable security definer
set search_path = ''
as $$
  select s.role from public.staff_profiles s where s.user_id = (select auth.uid()) and s.is_active
$$;
comment on function private.current_staff_role() is 'The role of the signed-in, active staff member; null for anyone else.';

create function private.is_pharmacy_admin() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce((select private.current_staff_role()) = 'admin', false)
$$;
comment on function private.is_pharmacy_admin() is 'Whether the signed-in user is an active admin of their pharmacy.';

create function private.is_end_user_request() returns boolean
language sql stable
set search_path = ''
as $$
  select current_user in ('anon', 'authenticated')
$$;
comment on function private.is_end_user_request() is
  'Whether the current statement runs as an API end-user role (anon/authenticated), as opposed to service_role, '
  'the auth service or a security-definer function of this schema. Called from (security invoker) triggers.';

create function private.role_permissions(staff_role text) returns text[]
language sql immutable
set search_path = ''
as $$
  select case staff_role
    when 'admin' then array[
      'pharmacy:manage', 'staff:manage', 'security:manage', 'audit:read', 'settings:manage', 'subscription:manage',
      'prescriptions:read', 'prescriptions:enter', 'prescriptions:verify', 'interactions:override',
      'patients:read', 'patients:write', 'prescribers:manage', 'drugs:manage', 'inventory:manage',
      'billing:manage', 'labels:print', 'reports:read', 'data:migrate']
    when 'pharmacist' then array[
      'prescriptions:read', 'prescriptions:enter', 'prescriptions:verify', 'interactions:override',
      'patients:read', 'patients:write', 'prescribers:manage', 'drugs:manage', 'inventory:manage',
      'billing:manage', 'labels:print', 'reports:read']
    when 'technician' then array[
      'prescriptions:read', 'prescriptions:enter',
      'patients:read', 'patients:write', 'prescribers:manage', 'drugs:manage', 'inventory:manage',
      'billing:manage', 'labels:print']
    else array[]::text[]
  end
$$;
comment on function private.role_permissions(text) is
  'THE mapping from a staff role to its permission names (resource:action). Every permission list the app shows '
  'comes from here (current_staff_context); policies of later features check roles through it.';

create function private.request_ip() returns inet
language plpgsql stable
set search_path = ''
as $$
declare
  forwarded text := nullif(btrim(split_part(
    coalesce(nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-forwarded-for', ''), ',', 1)), '');
begin
  return forwarded::inet;
exception when others then
  return null;
end
$$;
comment on function private.request_ip() is
  'The client IP of the current API request (first X-Forwarded-For entry PostgREST passes on), or null.';

-- -----------------------------------------------------------------------------------------------------
-- Audit writing (the only way rows enter audit_log)
-- -----------------------------------------------------------------------------------------------------
create function private.record_audit_event(
  event_pharmacy_id uuid,
  event_actor_user_id uuid,
  event_action text,
  event_entity_type text,
  event_entity_id text,
  event_description text,
  event_success boolean,
  event_details jsonb default '{}'::jsonb
) returns void
language sql volatile security definer
set search_path = ''
as $$
  insert into public.audit_log (pharmacy_id, actor_user_id, action, entity_type, entity_id, description, ip_address, success, details)
  values (event_pharmacy_id, event_actor_user_id, event_action, event_entity_type, event_entity_id, event_description,
          private.request_ip(), event_success, coalesce(event_details, '{}'::jsonb))
$$;
comment on function private.record_audit_event(uuid, uuid, text, text, text, text, boolean, jsonb) is
  'Appends one audit_log row (the request''s IP added when known). Used by the audit triggers, onboarding and the '
  'password verification hook.';

create function private.audit_row_change() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  old_row jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) end;
  new_row jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) end;
  row_data jsonb := coalesce(new_row, old_row);
  changed text[];
  entity_key text := coalesce(tg_argv[0], 'id');
  bookkeeping text[] := array['failed_login_count', 'locked_until', 'last_login_at', 'updated_at'];
  actor uuid := (select auth.uid());
begin
  if tg_op = 'UPDATE' then
    select coalesce(array_agg(n.key order by n.key), '{}') into changed
    from jsonb_each(new_row) n
    where n.value is distinct from old_row -> n.key and n.key <> 'updated_at';
    if cardinality(changed) = 0 then return null; end if;
    -- The sign-in hook writes its own audit row per attempt; its bookkeeping updates are not repeated here.
    if tg_table_name = 'staff_profiles' and actor is null and changed <@ bookkeeping then return null; end if;
  end if;
  perform private.record_audit_event(
    case when tg_table_name = 'pharmacies' then (row_data ->> 'id')::uuid else (row_data ->> 'pharmacy_id')::uuid end,
    actor,
    lower(tg_op),
    tg_table_name,
    row_data ->> entity_key,
    format('%s %s%s',
      case tg_table_name
        when 'staff_profiles' then format('Staff member %s %s (%s)', row_data ->> 'first_name', row_data ->> 'last_name', row_data ->> 'role')
        when 'pharmacies' then format('Pharmacy %s', row_data ->> 'pharmacy_name')
        when 'pharmacists_in_charge' then format('Pharmacist in charge %s %s', row_data ->> 'first_name', row_data ->> 'last_name')
        when 'security_policies' then 'Security policy'
        when 'subscriptions' then format('Subscription to %s (%s)', row_data ->> 'plan_id', row_data ->> 'status')
        else replace(tg_table_name, '_', ' ')
      end,
      case tg_op when 'INSERT' then 'added' when 'UPDATE' then 'changed' else 'removed' end,
      case when tg_op = 'UPDATE' then ': ' || array_to_string(changed, ', ') else '' end),
    true,
    case tg_op
      when 'UPDATE' then jsonb_build_object(
        'changed', to_jsonb(changed),
        'old', (select jsonb_object_agg(k, old_row -> k) from unnest(changed) k),
        'new', (select jsonb_object_agg(k, new_row -> k) from unnest(changed) k))
      when 'INSERT' then jsonb_build_object('new', new_row)
      else jsonb_build_object('old', old_row)
    end
  );
  return null;
end
$$;
comment on function private.audit_row_change() is
  'AFTER row trigger: records an insert, update (with the changed columns'' old and new values) or delete in '
  'audit_log. Argument: the key column naming the entity (default id).';

create function private.refuse_audit_log_change() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'The audit log is append-only: its entries cannot be changed or deleted' using errcode = '42501';
end
$$;
comment on function private.refuse_audit_log_change() is 'Keeps audit_log append-only for everyone, the owner included.';

create trigger refuse_update_or_delete before update or delete on public.audit_log
  for each row execute function private.refuse_audit_log_change();
create trigger refuse_truncate before truncate on public.audit_log
  for each statement execute function private.refuse_audit_log_change();

-- -----------------------------------------------------------------------------------------------------
-- Invariant guards
-- -----------------------------------------------------------------------------------------------------
create function private.touch_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;
comment on function private.touch_updated_at() is 'BEFORE UPDATE trigger: stamps updated_at.';

create function private.guard_tenant_pharmacy_id() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.pharmacy_id is distinct from old.pharmacy_id then
    raise exception 'The pharmacy of a row cannot be changed' using errcode = '42501';
  end if;
  -- Nested, not one AND: a cached generic plan of the combined expression would need EXECUTE on
  -- current_pharmacy_id() for roles (the auth service) that never reach it.
  if tg_op = 'INSERT' and private.is_end_user_request() then
    if new.pharmacy_id is distinct from (select private.current_pharmacy_id()) then
      raise exception 'Rows can only be added to your own pharmacy' using errcode = '42501';
    end if;
  end if;
  return new;
end
$$;
comment on function private.guard_tenant_pharmacy_id() is
  'BEFORE INSERT/UPDATE trigger of every tenant table: pharmacy_id never changes, and an end user may only '
  'write rows of their own pharmacy (a client-sent pharmacy_id of another pharmacy is refused).';

create function private.guard_pharmacy_columns() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.id is distinct from old.id or new.created_at is distinct from old.created_at then
    raise exception 'A pharmacy''s id and creation time cannot be changed' using errcode = '42501';
  end if;
  if private.is_end_user_request() and new.is_demo is distinct from old.is_demo then
    raise exception 'Only the project can mark a demo pharmacy' using errcode = '42501';
  end if;
  return new;
end
$$;
comment on function private.guard_pharmacy_columns() is 'BEFORE UPDATE trigger of pharmacies: id, created_at and is_demo are not the tenant''s to change.';

create function private.guard_staff_profile_changes() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  own_row boolean;
  caller_is_admin boolean;
  bookkeeping_changed boolean;
begin
  if tg_op = 'UPDATE' and (new.user_id is distinct from old.user_id or new.created_at is distinct from old.created_at) then
    raise exception 'A staff profile''s user and creation time cannot be changed' using errcode = '42501';
  end if;
  if not private.is_end_user_request() then
    return new;
  end if;
  own_row := new.user_id = (select auth.uid());
  caller_is_admin := (select private.is_pharmacy_admin());

  if tg_op = 'INSERT' then
    if not caller_is_admin then
      raise exception 'Only a pharmacy admin can add staff' using errcode = '42501';
    end if;
    if new.failed_login_count <> 0 or new.locked_until is not null or new.last_login_at is not null then
      raise exception 'Sign-in state is recorded by sign-in, not set by hand' using errcode = '42501';
    end if;
    return new;
  end if;

  if new.role is distinct from old.role then
    if own_row then
      raise exception 'You cannot change your own role' using errcode = '42501';
    elsif not caller_is_admin then
      raise exception 'Only a pharmacy admin can change a staff role' using errcode = '42501';
    end if;
  end if;

  bookkeeping_changed := new.failed_login_count is distinct from old.failed_login_count
    or new.locked_until is distinct from old.locked_until
    or new.last_login_at is distinct from old.last_login_at;
  if bookkeeping_changed then
    -- An admin may unlock someone else's account (clear the count and the lock); nothing more.
    if own_row or not caller_is_admin
       or new.failed_login_count <> 0 or new.locked_until is not null
       or new.last_login_at is distinct from old.last_login_at then
      raise exception 'Sign-in state is recorded by sign-in; an admin may only unlock another staff member' using errcode = '42501';
    end if;
  end if;

  if own_row then
    if new.is_active is distinct from old.is_active then
      raise exception 'You cannot activate or deactivate your own account' using errcode = '42501';
    end if;
    if not caller_is_admin and (
         new.email is distinct from old.email
      or new.license_number is distinct from old.license_number
      or new.license_state is distinct from old.license_state
      or new.license_expiration is distinct from old.license_expiration
      or new.license_type is distinct from old.license_type
      or new.two_factor_enabled is distinct from old.two_factor_enabled) then
      raise exception 'You can change only your own name and phone; ask a pharmacy admin for anything else' using errcode = '42501';
    end if;
  elsif not caller_is_admin then
    raise exception 'Only a pharmacy admin can change another staff member''s profile' using errcode = '42501';
  end if;
  return new;
end
$$;
comment on function private.guard_staff_profile_changes() is
  'BEFORE INSERT/UPDATE trigger of staff_profiles (end users only; RLS admits the row first): nobody changes '
  'their own role, active flag or sign-in state; only admins add staff and change other staff; non-admins change '
  'only their own names and phone; sign-in state is the hook''s, except an admin''s unlock of someone else.';

-- -----------------------------------------------------------------------------------------------------
-- Triggers
-- -----------------------------------------------------------------------------------------------------
create trigger guard_pharmacy_columns before update on public.pharmacies
  for each row execute function private.guard_pharmacy_columns();
create trigger touch_updated_at before update on public.pharmacies
  for each row execute function private.touch_updated_at();
create trigger audit_changes after update or delete on public.pharmacies
  for each row execute function private.audit_row_change('id');

create trigger guard_tenant_pharmacy_id before insert or update on public.pharmacy_operating_hours
  for each row execute function private.guard_tenant_pharmacy_id();
create trigger touch_updated_at before update on public.pharmacy_operating_hours
  for each row execute function private.touch_updated_at();

create trigger guard_staff_profile_changes before insert or update on public.staff_profiles
  for each row execute function private.guard_staff_profile_changes();
create trigger guard_tenant_pharmacy_id before insert or update on public.staff_profiles
  for each row execute function private.guard_tenant_pharmacy_id();
create trigger touch_updated_at before update on public.staff_profiles
  for each row execute function private.touch_updated_at();
create trigger audit_changes after insert or update or delete on public.staff_profiles
  for each row execute function private.audit_row_change('user_id');

create trigger guard_tenant_pharmacy_id before insert or update on public.pharmacists_in_charge
  for each row execute function private.guard_tenant_pharmacy_id();
create trigger touch_updated_at before update on public.pharmacists_in_charge
  for each row execute function private.touch_updated_at();
create trigger audit_changes after insert or update or delete on public.pharmacists_in_charge
  for each row execute function private.audit_row_change('id');

create trigger guard_tenant_pharmacy_id before insert or update on public.security_policies
  for each row execute function private.guard_tenant_pharmacy_id();
create trigger touch_updated_at before update on public.security_policies
  for each row execute function private.touch_updated_at();
create trigger audit_changes after insert or update or delete on public.security_policies
  for each row execute function private.audit_row_change('pharmacy_id');

-- -----------------------------------------------------------------------------------------------------
-- Tenant defaults: clients never send pharmacy_id
-- -----------------------------------------------------------------------------------------------------
alter table public.pharmacy_operating_hours alter column pharmacy_id set default private.current_pharmacy_id();
alter table public.staff_profiles alter column pharmacy_id set default private.current_pharmacy_id();
alter table public.pharmacists_in_charge alter column pharmacy_id set default private.current_pharmacy_id();
alter table public.security_policies alter column pharmacy_id set default private.current_pharmacy_id();
alter table public.audit_log alter column pharmacy_id set default private.current_pharmacy_id();

-- -----------------------------------------------------------------------------------------------------
-- Privileges: tenant data is for signed-in staff (anon gets nothing); the audit log is written only here
-- -----------------------------------------------------------------------------------------------------
revoke all on public.pharmacies, public.pharmacy_operating_hours, public.staff_profiles,
  public.pharmacists_in_charge, public.security_policies, public.audit_log from anon;
revoke insert, update, delete, truncate on public.audit_log from authenticated, service_role;
revoke truncate on public.pharmacies, public.pharmacy_operating_hours, public.staff_profiles,
  public.pharmacists_in_charge, public.security_policies from authenticated;

-- The password hook (run by the auth service as supabase_auth_admin) reads sign-in state and the policy
-- and writes only the sign-in bookkeeping columns.
grant select on public.staff_profiles, public.security_policies to supabase_auth_admin;
grant update (failed_login_count, locked_until, last_login_at) on public.staff_profiles to supabase_auth_admin;

-- -----------------------------------------------------------------------------------------------------
-- Row-level security
-- -----------------------------------------------------------------------------------------------------
alter table public.pharmacies enable row level security;
alter table public.pharmacy_operating_hours enable row level security;
alter table public.staff_profiles enable row level security;
alter table public.pharmacists_in_charge enable row level security;
alter table public.security_policies enable row level security;
alter table public.audit_log enable row level security;

-- pharmacies: created by onboarding (service role); never deleted through the API.
create policy "Staff can read their own pharmacy" on public.pharmacies
  for select to authenticated
  using (id = (select private.current_pharmacy_id()));
create policy "Admins can update their own pharmacy" on public.pharmacies
  for update to authenticated
  using (id = (select private.current_pharmacy_id()) and (select private.is_pharmacy_admin()))
  with check (id = (select private.current_pharmacy_id()) and (select private.is_pharmacy_admin()));

-- pharmacy_operating_hours
create policy "Staff can read their pharmacy's operating hours" on public.pharmacy_operating_hours
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
create policy "Admins can add operating hours to their pharmacy" on public.pharmacy_operating_hours
  for insert to authenticated
  with check (pharmacy_id = (select private.current_pharmacy_id()) and (select private.is_pharmacy_admin()));
create policy "Admins can change their pharmacy's operating hours" on public.pharmacy_operating_hours
  for update to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()) and (select private.is_pharmacy_admin()))
  with check (pharmacy_id = (select private.current_pharmacy_id()) and (select private.is_pharmacy_admin()));
create policy "Admins can remove their pharmacy's operating hours" on public.pharmacy_operating_hours
  for delete to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()) and (select private.is_pharmacy_admin()));

-- staff_profiles
create policy "Staff can read the profiles of their pharmacy's staff" on public.staff_profiles
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
create policy "Admins can add staff to their pharmacy" on public.staff_profiles
  for insert to authenticated
  with check (pharmacy_id = (select private.current_pharmacy_id()) and (select private.is_pharmacy_admin()));
create policy "Staff can update their own profile and admins their pharmacy's staff" on public.staff_profiles
  for update to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id())
         and (user_id = (select auth.uid()) or (select private.is_pharmacy_admin())))
  with check (pharmacy_id = (select private.current_pharmacy_id())
         and (user_id = (select auth.uid()) or (select private.is_pharmacy_admin())));
create policy "Admins can remove other staff of their pharmacy" on public.staff_profiles
  for delete to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()) and (select private.is_pharmacy_admin())
         and user_id <> (select auth.uid()));
create policy "The auth service can read staff sign-in state" on public.staff_profiles
  for select to supabase_auth_admin
  using (true);
create policy "The auth service can record sign-in attempts" on public.staff_profiles
  for update to supabase_auth_admin
  using (true)
  with check (true);

-- pharmacists_in_charge
create policy "Staff can read their pharmacy's pharmacist in charge" on public.pharmacists_in_charge
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
create policy "Admins can name their pharmacy's pharmacist in charge" on public.pharmacists_in_charge
  for insert to authenticated
  with check (pharmacy_id = (select private.current_pharmacy_id()) and (select private.is_pharmacy_admin()));
create policy "Admins can change their pharmacy's pharmacist in charge" on public.pharmacists_in_charge
  for update to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()) and (select private.is_pharmacy_admin()))
  with check (pharmacy_id = (select private.current_pharmacy_id()) and (select private.is_pharmacy_admin()));
create policy "Admins can remove their pharmacy's pharmacist in charge" on public.pharmacists_in_charge
  for delete to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()) and (select private.is_pharmacy_admin()));

-- security_policies: every pharmacy keeps one (no delete).
create policy "Staff can read their pharmacy's security policy" on public.security_policies
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
create policy "Admins can create their pharmacy's security policy" on public.security_policies
  for insert to authenticated
  with check (pharmacy_id = (select private.current_pharmacy_id()) and (select private.is_pharmacy_admin()));
create policy "Admins can change their pharmacy's security policy" on public.security_policies
  for update to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()) and (select private.is_pharmacy_admin()))
  with check (pharmacy_id = (select private.current_pharmacy_id()) and (select private.is_pharmacy_admin()));
create policy "The auth service can read security policies" on public.security_policies
  for select to supabase_auth_admin
  using (true);

-- audit_log: read by admins; written only by the database (no insert/update/delete policy, see triggers).
create policy "Admins can read their pharmacy's audit log" on public.audit_log
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()) and (select private.is_pharmacy_admin()));

-- -----------------------------------------------------------------------------------------------------
-- Helper privileges: policies run the helpers as the caller
-- -----------------------------------------------------------------------------------------------------
revoke all on all functions in schema private from public;
grant execute on function private.current_pharmacy_id(), private.current_staff_role(), private.is_pharmacy_admin(),
  private.is_end_user_request(), private.role_permissions(text) to authenticated, service_role;
grant execute on function private.is_end_user_request() to supabase_auth_admin;
grant execute on function private.record_audit_event(uuid, uuid, text, text, text, text, boolean, jsonb) to supabase_auth_admin;

-- -----------------------------------------------------------------------------------------------------
-- public.current_staff_context(): the signed-in user, their pharmacy and permissions (spec "Auth user response")
-- -----------------------------------------------------------------------------------------------------
create function public.current_staff_context() returns jsonb
language sql stable security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'user', jsonb_build_object(
      'id', s.user_id,
      'email', s.email,
      'firstName', s.first_name,
      'lastName', s.last_name,
      'role', s.role,
      'phone', s.phone,
      'licenseNumber', s.license_number,
      'licenseState', s.license_state,
      'licenseExpiration', s.license_expiration,
      'licenseType', s.license_type,
      'isActive', s.is_active,
      'twoFactorEnabled', s.two_factor_enabled,
      'lastLogin', s.last_login_at,
      'createdAt', s.created_at
    ),
    'pharmacy', jsonb_build_object(
      'id', p.id,
      'pharmacyName', p.pharmacy_name,
      'tradeName', p.trade_name,
      'city', p.city,
      'state', p.state,
      'deaNumber', p.dea_number,
      'ncpdpId', p.ncpdp_id,
      'nabpNumber', p.nabp_number,
      'npiNumber', p.npi_number,
      'stateInternationalizeNumber', p.state_license_number,
      'stateLicenseState', p.state_license_state,
      'streetAddress', p.street_address,
      'zipCode', p.zip_code,
      'phone', p.phone,
      'email', p.email,
      'isDemo', p.is_demo
    ),
    'securityPolicy', jsonb_build_object(
      'maxFailedLogins', coalesce(sp.max_failed_logins, 3),
      'lockoutMinutes', coalesce(sp.lockout_minutes, 30),
      'sessionTimeoutMinutes', coalesce(sp.session_timeout_minutes, 30)
    ),
    'permissions', to_jsonb(private.role_permissions(s.role))
  )
  from public.staff_profiles s
  join public.pharmacies p on p.id = s.pharmacy_id
  left join public.security_policies sp on sp.pharmacy_id = s.pharmacy_id
  where s.user_id = (select auth.uid()) and s.is_active
$$;
comment on function public.current_staff_context() is
  'The signed-in staff member (user), their pharmacy, its security policy and the role''s permissions, camelCase '
  'as the spec''s auth user response; null when the caller has no active staff profile. Reads only the caller''s rows.';
revoke execute on function public.current_staff_context() from public, anon;
grant execute on function public.current_staff_context() to authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- public.demo_sign_in_panel(): what the sign-in page's demo panel shows (local demo seed only)
-- -----------------------------------------------------------------------------------------------------
create function public.demo_sign_in_panel() returns jsonb
language sql stable security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'pharmacistInitials', (
      select upper(left(s.first_name, 1) || left(s.last_name, 1)) from public.staff_profiles s
      where s.pharmacy_id = p.id and s.role = 'pharmacist' and s.is_active order by s.created_at, s.user_id limit 1),
    'technicianInitials', (
      select upper(left(s.first_name, 1) || left(s.last_name, 1)) from public.staff_profiles s
      where s.pharmacy_id = p.id and s.role = 'technician' and s.is_active order by s.created_at, s.user_id limit 1),
    'licensee', jsonb_build_object('pharmacyName', p.pharmacy_name, 'city', p.city, 'state', p.state),
    -- Prescriptions and their Rx number sequence arrive with the prescriptions feature.
    'nextRxNumber', null
  )
  from public.pharmacies p
  where p.is_demo
  order by p.created_at
  limit 1
$$;
comment on function public.demo_sign_in_panel() is
  'The demo pharmacy''s pharmacist and technician initials, licensee and next Rx number for the sign-in page; '
  'null when the project has no demo pharmacy (production), which hides the panel.';
revoke execute on function public.demo_sign_in_panel() from public;
grant execute on function public.demo_sign_in_panel() to anon, authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- Password verification hook (Supabase Auth: https://supabase.com/docs/guides/auth/auth-hooks/password-verification-hook)
-- Configured in supabase/config.toml [auth.hook.password_verification_attempt]; on hosted projects it is
-- enabled under Authentication > Hooks (a Team-plan feature). Runs as supabase_auth_admin.
-- -----------------------------------------------------------------------------------------------------
create function public.hook_password_verification_attempt(event jsonb) returns jsonb
language plpgsql volatile security invoker
set search_path = ''
as $$
declare
  attempt_user_id uuid := (event ->> 'user_id')::uuid;
  password_valid boolean := coalesce((event ->> 'valid')::boolean, false);
  staff public.staff_profiles%rowtype;
  max_failed integer;
  lockout interval;
  failures integer;
  lock_ends timestamptz;
  deactivated_message constant text := 'This account has been deactivated. Contact your pharmacy administrator.';
begin
  select * into staff from public.staff_profiles where user_id = attempt_user_id for update;
  if not found then
    perform private.record_audit_event(null, attempt_user_id, 'sign_in', 'auth_user', attempt_user_id::text,
      case when password_valid then 'Signed in' else 'Failed sign-in: wrong password' end, password_valid, '{}'::jsonb);
    return jsonb_build_object('decision', 'continue');
  end if;

  select coalesce(max(sp.max_failed_logins), 3), make_interval(mins => coalesce(max(sp.lockout_minutes), 30))
    into max_failed, lockout
  from public.security_policies sp where sp.pharmacy_id = staff.pharmacy_id;

  if not staff.is_active then
    perform private.record_audit_event(staff.pharmacy_id, staff.user_id, 'sign_in', 'staff_profile', staff.user_id::text,
      'Sign-in refused: account deactivated', false, jsonb_build_object('email', staff.email, 'passwordValid', password_valid));
    return jsonb_build_object('decision', 'reject', 'message', deactivated_message, 'should_logout_user', true);
  end if;

  if staff.locked_until is not null and staff.locked_until > now() then
    perform private.record_audit_event(staff.pharmacy_id, staff.user_id, 'sign_in', 'staff_profile', staff.user_id::text,
      'Sign-in refused: account locked', false,
      jsonb_build_object('email', staff.email, 'passwordValid', password_valid, 'lockedUntil', staff.locked_until));
    return jsonb_build_object('decision', 'reject', 'message', private.account_locked_message(staff.locked_until), 'should_logout_user', false);
  end if;

  if not password_valid then
    -- A lock that has run out starts the count afresh.
    failures := case when staff.locked_until is not null then 0 else staff.failed_login_count end + 1;
    if failures >= max_failed then
      lock_ends := now() + lockout;
      update public.staff_profiles set failed_login_count = failures, locked_until = lock_ends where user_id = staff.user_id;
      perform private.record_audit_event(staff.pharmacy_id, staff.user_id, 'sign_in', 'staff_profile', staff.user_id::text,
        format('Failed sign-in: wrong password; account locked after %s failed attempts', failures), false,
        jsonb_build_object('email', staff.email, 'failedLoginCount', failures, 'lockedUntil', lock_ends));
      return jsonb_build_object('decision', 'reject', 'message', private.account_locked_message(lock_ends), 'should_logout_user', true);
    end if;
    update public.staff_profiles set failed_login_count = failures, locked_until = null where user_id = staff.user_id;
    perform private.record_audit_event(staff.pharmacy_id, staff.user_id, 'sign_in', 'staff_profile', staff.user_id::text,
      'Failed sign-in: wrong password', false, jsonb_build_object('email', staff.email, 'failedLoginCount', failures));
    -- Supabase Auth answers the wrong password itself ('Invalid login credentials').
    return jsonb_build_object('decision', 'continue');
  end if;

  update public.staff_profiles set failed_login_count = 0, locked_until = null, last_login_at = now() where user_id = staff.user_id;
  perform private.record_audit_event(staff.pharmacy_id, staff.user_id, 'sign_in', 'staff_profile', staff.user_id::text,
    'Signed in', true, jsonb_build_object('email', staff.email));
  return jsonb_build_object('decision', 'continue');
end
$$;
comment on function public.hook_password_verification_attempt(jsonb) is
  'Supabase Auth password verification hook ({user_id, valid} -> {decision, message, should_logout_user}): refuses '
  'deactivated and locked staff, counts failed sign-ins and locks the account at the pharmacy policy''s '
  'max_failed_logins for lockout_minutes, records last_login_at on success, and audits every attempt.';

create function private.account_locked_message(locked_until timestamptz) returns text
language sql stable
set search_path = ''
as $$
  select format(
    'Account locked due to too many failed sign-in attempts. Try again after %s UTC or ask your pharmacy administrator to unlock it.',
    to_char(locked_until at time zone 'UTC', 'YYYY-MM-DD HH24:MI'))
$$;
comment on function private.account_locked_message(timestamptz) is 'The sign-in refusal for a locked account, naming when the lock ends (UTC).';

revoke all on function private.account_locked_message(timestamptz) from public;
grant execute on function private.account_locked_message(timestamptz) to supabase_auth_admin;
revoke execute on function public.hook_password_verification_attempt(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.hook_password_verification_attempt(jsonb) to supabase_auth_admin;

-- -----------------------------------------------------------------------------------------------------
-- Realtime: screens that show staff (lock state, names) and the pharmacy name follow changes live
-- -----------------------------------------------------------------------------------------------------
alter publication supabase_realtime add table public.staff_profiles, public.pharmacies;

-- =====================================================================================================
-- Screen access (issue 10, role-aware navigation): the data behind the admin screens is the admins'.
--
-- Which role opens which screen is one table, shared/src/screens.ts: System Settings, AI Security Manager and
-- Data Migration for admins, every other screen for all staff. The database already keeps the admin screens'
-- writes and reads to admins (migrations 20261122000100_tenancy, …1100_account_sessions, …1200_access_audit):
-- pharmacy details, operating hours, the pharmacist in charge and the security policy are changed by admins
-- only; only admins manage other staff; only admins read the audit log and a patient's access history.
-- tests/integration/db-screen-access.test.ts checks each of them against the table, role by role.
--
-- What was missing: the AI Security Manager's user activity — failed sign-in count, lock and last sign-in of
-- every colleague — was readable by every staff member through public.staff_profiles. From here on:
--   * end users (authenticated) may select every column of staff_profiles except failed_login_count,
--     locked_until and last_login_at (column privileges; RLS still decides the rows);
--   * admins read them through public.staff_sign_in_activity() (their own pharmacy's staff; anyone else is
--     refused); a staff member's own last sign-in stays in public.current_staff_context().
-- Writes are unchanged: the sign-in hook records the state, an admin may unlock someone (the guard trigger of
-- staff_profiles). Realtime: no screen subscribes to staff_profiles changes; hosted Realtime leaves out of a
-- change the columns a subscriber may not select, while the local stack refuses end users a postgres_changes
-- subscription to a table they hold only column privileges on (README, "How the local stack differs").
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- staff_profiles: sign-in activity is not selectable by end users
-- -----------------------------------------------------------------------------------------------------
revoke select on public.staff_profiles from authenticated;
grant select (user_id, pharmacy_id, role, first_name, last_name, email, phone, license_number, license_state,
  license_expiration, license_type, is_active, two_factor_enabled, created_at, updated_at)
  on public.staff_profiles to authenticated;

comment on column public.staff_profiles.failed_login_count is
  'Consecutive failed sign-ins (the sign-in hook counts them). Not selectable by end users: admins read it through '
  'public.staff_sign_in_activity().';
comment on column public.staff_profiles.locked_until is
  'End of the sign-in lock after too many failed sign-ins, or null. Not selectable by end users: admins read it '
  'through public.staff_sign_in_activity().';
comment on column public.staff_profiles.last_login_at is
  'Last successful sign-in. Not selectable by end users: admins read it through public.staff_sign_in_activity(), '
  'the staff member their own through public.current_staff_context().';

-- -----------------------------------------------------------------------------------------------------
-- private.staff_sign_in_activity(): the privileged read, for admins of the caller's own pharmacy
-- -----------------------------------------------------------------------------------------------------
create or replace function private.staff_sign_in_activity()
returns table (user_id uuid, failed_login_count integer, locked_until timestamptz, last_login_at timestamptz)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not (select private.is_pharmacy_admin()) then
    raise exception 'Only a pharmacy admin can see the staff''s sign-in activity' using errcode = '42501';
  end if;
  return query
    select s.user_id, s.failed_login_count, s.locked_until, s.last_login_at
    from public.staff_profiles s
    where s.pharmacy_id = (select private.current_pharmacy_id())
    order by s.last_name, s.first_name, s.user_id;
end
$$;
comment on function private.staff_sign_in_activity() is
  'The privileged step of public.staff_sign_in_activity: every staff member of the caller''s pharmacy with their '
  'failed sign-in count, lock and last sign-in; refused (42501) unless the caller is an active admin. The pharmacy '
  'is the caller''s, never an argument.';
revoke execute on function private.staff_sign_in_activity() from public, anon;
grant execute on function private.staff_sign_in_activity() to authenticated;

create or replace function public.staff_sign_in_activity()
returns table (user_id uuid, failed_login_count integer, locked_until timestamptz, last_login_at timestamptz)
language sql stable security invoker
set search_path = ''
as $$
  select * from private.staff_sign_in_activity()
$$;
comment on function public.staff_sign_in_activity() is
  'The AI Security Manager''s user activity (admins only): each staff member of the caller''s pharmacy with '
  'failed_login_count, locked_until and last_login_at, which end users cannot select from staff_profiles. '
  'Anyone but an active admin is refused.';
revoke execute on function public.staff_sign_in_activity() from public, anon;
grant execute on function public.staff_sign_in_activity() to authenticated;

-- -----------------------------------------------------------------------------------------------------
-- public.current_staff_context(): the caller's own last sign-in, now that the column is not selectable
-- -----------------------------------------------------------------------------------------------------
create or replace function private.current_staff_last_login() returns timestamptz
language sql stable security definer
set search_path = ''
as $$
  select s.last_login_at from public.staff_profiles s where s.user_id = (select auth.uid()) and s.is_active
$$;
comment on function private.current_staff_last_login() is
  'The signed-in, active staff member''s own last sign-in (null for anyone else); for current_staff_context.';
revoke execute on function private.current_staff_last_login() from public, anon;
grant execute on function private.current_staff_last_login() to authenticated, service_role;

-- Unchanged but for lastLogin (migration 20261122000100_tenancy; security invoker since …1300_database_hygiene).
create or replace function public.current_staff_context() returns jsonb
language sql stable security invoker
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
      'lastLogin', (select private.current_staff_last_login()),
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
  'as the spec''s auth user response; null when the caller has no active staff profile. Reads only the caller''s rows '
  '(security invoker; the own last sign-in through private.current_staff_last_login).';

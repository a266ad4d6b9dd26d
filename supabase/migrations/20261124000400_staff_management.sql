-- =====================================================================================================
-- Staff management (issue 11, the AI Security Manager's User Management): what an admin does to the staff
-- accounts of their pharmacy, decided here for every path (the api function's /api/users routes, PostgREST,
-- SQL):
--   * public.staff_users(): every field of spec part 2 §3 "User" for each staff member of the caller's pharmacy,
--     the sign-in state end users cannot select (through private.staff_sign_in_activity) and the role's
--     permissions (private.role_permissions); admins only;
--   * a pharmacy always keeps an active admin: nobody deactivates or demotes the last one, and an admin never
--     deactivates or demotes themselves (P0001, answered 409 by the api) — on every update of staff_profiles;
--   * public.toggle_staff_status(), public.unlock_staff_account(), public.request_staff_password_reset(): the
--     account actions, admins of the staff member's pharmacy only (42501), a staff member of another pharmacy or
--     none is 'Staff member not found' (P0002, answered 404). Each is audited: the row change by the audit trigger
--     of staff_profiles (deactivation also by the trigger that bans and ends the sessions), the reset request here.
-- New staff (the invite): the api function adds the profile with the inviting admin's JWT, so the existing row-level
-- security and guards put it in the admin's pharmacy (pharmacy_id defaults to it; another is refused).
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- A pharmacy keeps an active admin
-- -----------------------------------------------------------------------------------------------------
create or replace function private.pharmacy_keeps_active_admin(target_pharmacy_id uuid, leaving_user_id uuid) returns boolean
language plpgsql volatile security definer
set search_path = ''
as $$
begin
  -- One admin change per pharmacy at a time: two admins demoting each other at once would otherwise each still
  -- see the other as active. The count below runs after the lock, with a snapshot that sees the other's commit.
  perform pg_advisory_xact_lock(hashtextextended('staff_admins:' || target_pharmacy_id::text, 0));
  return exists (
    select 1 from public.staff_profiles s
    where s.pharmacy_id = target_pharmacy_id and s.role = 'admin' and s.is_active and s.user_id <> leaving_user_id);
end
$$;
comment on function private.pharmacy_keeps_active_admin(uuid, uuid) is
  'Whether the pharmacy has an active admin besides the one leaving (deactivated or given another role); serialises '
  'such changes per pharmacy with a transaction advisory lock. For guard_admin_continuity.';
revoke all on function private.pharmacy_keeps_active_admin(uuid, uuid) from public, anon;
grant execute on function private.pharmacy_keeps_active_admin(uuid, uuid) to authenticated, service_role;

create or replace function private.guard_admin_continuity() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not (old.role = 'admin' and old.is_active) or (new.role = 'admin' and new.is_active) then
    return new;
  end if;
  -- The texts of guard_staff_profile_changes (which refuses the same for every role, 42501): for an admin the
  -- refusal is a rule of the account, not a missing permission.
  if private.is_end_user_request() and old.user_id = (select auth.uid()) then
    if new.is_active is distinct from old.is_active then
      raise exception 'You cannot activate or deactivate your own account' using errcode = 'P0001';
    end if;
    raise exception 'You cannot change your own role' using errcode = 'P0001';
  end if;
  if not private.pharmacy_keeps_active_admin(old.pharmacy_id, old.user_id) then
    raise exception 'A pharmacy needs an active admin: the last one cannot be deactivated or given another role'
      using errcode = 'P0001';
  end if;
  return new;
end
$$;
comment on function private.guard_admin_continuity() is
  'BEFORE UPDATE trigger of staff_profiles (every caller, service role and SQL included): an active admin who would '
  'stop being one (deactivated or another role) must not be the caller themselves nor the pharmacy''s last active '
  'admin. P0001 with the reason.';

-- Named to fire before guard_staff_profile_changes (triggers fire in name order), so an admin's own deactivation
-- is answered as a rule (409), not as a missing permission.
drop trigger if exists guard_admin_continuity on public.staff_profiles;
create trigger guard_admin_continuity before update on public.staff_profiles
  for each row execute function private.guard_admin_continuity();

-- -----------------------------------------------------------------------------------------------------
-- public.staff_users(): the User Management list (admins only)
-- -----------------------------------------------------------------------------------------------------
create or replace function public.staff_users()
returns table (
  user_id uuid, first_name text, last_name text, email text, role text, is_active boolean,
  license_number text, license_state text, license_expiration date, license_type text,
  failed_login_count integer, locked_until timestamptz, last_login_at timestamptz,
  two_factor_enabled boolean, created_at timestamptz, permissions text[])
language plpgsql stable security invoker
set search_path = ''
as $$
begin
  -- The staff accounts' refusal (staff_sign_in_activity below would refuse with its own words).
  if not (select private.is_pharmacy_admin()) then
    raise exception 'Only a pharmacy admin can manage staff accounts' using errcode = '42501';
  end if;
  return query
    select s.user_id, s.first_name, s.last_name, s.email, s.role, s.is_active,
           s.license_number, s.license_state, s.license_expiration, s.license_type,
           a.failed_login_count, a.locked_until, a.last_login_at,
           s.two_factor_enabled, s.created_at, private.role_permissions(s.role)
    from private.staff_sign_in_activity() a
    join public.staff_profiles s on s.user_id = a.user_id
    order by s.last_name, s.first_name, s.user_id;
end
$$;
comment on function public.staff_users() is
  'The AI Security Manager''s User Management (spec part 2 §3 "User"): each staff member of the caller''s pharmacy '
  'with license, active flag, sign-in state (failed count, lock, last sign-in), 2FA flag, creation time and the '
  'role''s permissions. Admins only (anyone else: 42501). Filter by user_id for one.';
revoke execute on function public.staff_users() from public, anon;
grant execute on function public.staff_users() to authenticated;

-- -----------------------------------------------------------------------------------------------------
-- The account actions: who may act on whom
-- -----------------------------------------------------------------------------------------------------
create or replace function private.require_staff_account_admin(staff_user_id uuid) returns void
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not (select private.is_pharmacy_admin()) then
    raise exception 'Only a pharmacy admin can manage staff accounts' using errcode = '42501';
  end if;
  if not exists (
    select 1 from public.staff_profiles s
    where s.user_id = staff_user_id and s.pharmacy_id = (select private.current_pharmacy_id())) then
    raise exception 'Staff member not found' using errcode = 'P0002';
  end if;
end
$$;
comment on function private.require_staff_account_admin(uuid) is
  'Refuses an account action unless the caller is an active admin (42501) of the staff member''s pharmacy; a user '
  'who is not staff of the caller''s pharmacy is ''Staff member not found'' (P0002), whoever they are.';
revoke all on function private.require_staff_account_admin(uuid) from public, anon;
grant execute on function private.require_staff_account_admin(uuid) to authenticated;

-- -----------------------------------------------------------------------------------------------------
-- public.toggle_staff_status(): activate or deactivate
-- -----------------------------------------------------------------------------------------------------
create or replace function public.toggle_staff_status(staff_user_id uuid) returns boolean
language plpgsql volatile security invoker
set search_path = ''
as $$
declare
  now_active boolean;
begin
  perform private.require_staff_account_admin(staff_user_id);
  -- As the caller: row-level security and the staff_profiles triggers decide (not themselves, not the last
  -- admin); deactivation bans the user and ends their sessions (sync_access_with_active_flag), both audited.
  update public.staff_profiles set is_active = not is_active where user_id = staff_user_id returning is_active into now_active;
  if not found then
    raise exception 'Staff member not found' using errcode = 'P0002';
  end if;
  return now_active;
end
$$;
comment on function public.toggle_staff_status(uuid) is
  'Activates an inactive staff member or deactivates an active one (deactivation ends every session of theirs and '
  'bars sign-in); returns the new active flag. Admins of the staff member''s pharmacy only; never themselves nor '
  'the last active admin (P0001).';
revoke execute on function public.toggle_staff_status(uuid) from public, anon;
grant execute on function public.toggle_staff_status(uuid) to authenticated;

-- -----------------------------------------------------------------------------------------------------
-- public.unlock_staff_account(): clear the sign-in lock and the failed attempts
-- -----------------------------------------------------------------------------------------------------
create or replace function public.unlock_staff_account(staff_user_id uuid) returns void
language plpgsql volatile security invoker
set search_path = ''
as $$
begin
  perform private.require_staff_account_admin(staff_user_id);
  -- As the caller: guard_staff_profile_changes lets an admin clear another staff member's count and lock (nothing
  -- else of the sign-in state); the audit trigger records the change with the admin as actor.
  update public.staff_profiles set failed_login_count = 0, locked_until = null where user_id = staff_user_id;
end
$$;
comment on function public.unlock_staff_account(uuid) is
  'Clears a staff member''s sign-in lock and failed attempt count (audited as a change of the profile). Admins of '
  'the staff member''s pharmacy only, never their own account.';
revoke execute on function public.unlock_staff_account(uuid) from public, anon;
grant execute on function public.unlock_staff_account(uuid) to authenticated;

-- -----------------------------------------------------------------------------------------------------
-- public.request_staff_password_reset(): who gets the recovery email (the api function sends it)
-- -----------------------------------------------------------------------------------------------------
create or replace function private.request_staff_password_reset(staff_user_id uuid) returns text
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  staff public.staff_profiles%rowtype;
  sign_in_email text;
begin
  perform private.require_staff_account_admin(staff_user_id);
  select * into staff from public.staff_profiles s where s.user_id = staff_user_id;
  -- The account's sign-in email, which the recovery mail goes to (the profile's copy is the admin's to edit).
  select u.email into sign_in_email from auth.users u where u.id = staff_user_id;
  if sign_in_email is null then
    raise exception 'Staff member not found' using errcode = 'P0002';
  end if;
  perform private.record_audit_event(staff.pharmacy_id, (select auth.uid()), 'password_reset', 'staff_profile',
    staff.user_id::text, format('Password reset requested for staff member %s %s', staff.first_name, staff.last_name),
    true, jsonb_build_object('email', sign_in_email));
  return sign_in_email;
end
$$;
comment on function private.request_staff_password_reset(uuid) is
  'The privileged step of public.request_staff_password_reset: checks the caller is the staff member''s admin, '
  'audits the request and returns the account''s sign-in email (auth.users).';
revoke all on function private.request_staff_password_reset(uuid) from public, anon;
grant execute on function private.request_staff_password_reset(uuid) to authenticated;

create or replace function public.request_staff_password_reset(staff_user_id uuid) returns text
language sql volatile security invoker
set search_path = ''
as $$
  select private.request_staff_password_reset(staff_user_id)
$$;
comment on function public.request_staff_password_reset(uuid) is
  'An admin asks for a staff member''s password reset: audited; returns the sign-in email the api function sends '
  'the recovery mail to. Admins of the staff member''s pharmacy only.';
revoke execute on function public.request_staff_password_reset(uuid) from public, anon;
grant execute on function public.request_staff_password_reset(uuid) to authenticated;

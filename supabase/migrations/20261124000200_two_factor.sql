-- =====================================================================================================
-- Two-factor authentication (issue 11, spec part 2 §2 "Security Policies" → "Require 2FA for admins", §4 risk
-- "+15 no 2FA"): Supabase Auth's TOTP factors (auth.mfa_factors) are the truth of a staff member's 2FA, and the
-- pharmacy's policy require_2fa_for_admins makes admin rights depend on an aal2 session.
--   * staff_profiles.two_factor_enabled follows reality: a trigger on auth.mfa_factors keeps it equal to "the user
--     has a verified factor"; nobody sets it by hand (a guard refuses any other value from anyone);
--   * private.is_pharmacy_admin(), the one place admin rights are decided (every admin-only policy, guard and
--     function calls it), now also requires the JWT's aal claim to be aal2 when the caller's pharmacy requires 2FA
--     for admins. The admin's staff rights (current_staff_role, the pharmacist permissions) stay, so an admin who
--     has not yet given their code still works the queue; only admin-only data and actions wait for aal2;
--   * the policy cannot be turned on from a session that is not aal2 itself: the admin who turns it on has enrolled
--     a factor and proved it, so at least they keep their admin rights. Other admins without a factor lose the admin
--     rights until they enrol (Supabase Auth lets any signed-in user enrol; the web app sends them there).
-- On hosted Supabase the postgres role (owner of these functions) reads auth.mfa_factors and may put triggers on
-- Auth's tables; nothing here creates or alters an object of Auth.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- Whether a user has a verified factor (Supabase Auth's own test for "MFA enabled")
-- -----------------------------------------------------------------------------------------------------
create or replace function private.has_verified_factor(for_user_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (select 1 from auth.mfa_factors f where f.user_id = for_user_id and f.status = 'verified')
$$;
comment on function private.has_verified_factor(uuid) is
  'Whether the auth user has at least one verified MFA factor (GoTrue''s User.HasMFAEnabled; only TOTP is '
  'offered): the value staff_profiles.two_factor_enabled must hold.';
revoke execute on function private.has_verified_factor(uuid) from public, anon;
-- The staff_profiles guard runs as whoever writes the row (end users through PostgREST, the service role).
grant execute on function private.has_verified_factor(uuid) to authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- staff_profiles.two_factor_enabled follows auth.mfa_factors
-- -----------------------------------------------------------------------------------------------------
create or replace function private.sync_two_factor_enabled() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  affected_user uuid := case when tg_op = 'DELETE' then old.user_id else new.user_id end;
  enabled boolean := private.has_verified_factor(affected_user);
begin
  update public.staff_profiles s
     set two_factor_enabled = enabled
   where s.user_id = affected_user
     and s.two_factor_enabled is distinct from enabled;
  return null;
end
$$;
comment on function private.sync_two_factor_enabled() is
  'AFTER INSERT/UPDATE OF status/DELETE trigger of auth.mfa_factors: sets the staff member''s two_factor_enabled '
  'to whether they now have a verified factor (a verification, an unenrolment, a removed user''s factors). The '
  'staff_profiles audit trigger records the change.';

drop trigger if exists sync_two_factor_enabled on auth.mfa_factors;
create trigger sync_two_factor_enabled after insert or update of status or delete on auth.mfa_factors
  for each row execute function private.sync_two_factor_enabled();

create or replace function private.guard_two_factor_enabled() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- Nested so that the factor lookup runs only when the flag is written (not on every sign-in's bookkeeping).
  if tg_op = 'INSERT' or new.two_factor_enabled is distinct from old.two_factor_enabled then
    if new.two_factor_enabled is distinct from private.has_verified_factor(new.user_id) then
      raise exception 'Two-factor authentication is on only when the staff member has verified an authenticator app; it cannot be set by hand'
        using errcode = '42501';
    end if;
  end if;
  return new;
end
$$;
comment on function private.guard_two_factor_enabled() is
  'BEFORE INSERT/UPDATE trigger of staff_profiles, for every writer (end users, the service role, SQL): '
  'two_factor_enabled may only be set to what auth.mfa_factors says (private.sync_two_factor_enabled does that).';

drop trigger if exists guard_two_factor_enabled on public.staff_profiles;
create trigger guard_two_factor_enabled before insert or update on public.staff_profiles
  for each row execute function private.guard_two_factor_enabled();

-- Existing profiles take the value of their factors now (the guard admits exactly that value).
update public.staff_profiles s
   set two_factor_enabled = private.has_verified_factor(s.user_id)
 where s.two_factor_enabled is distinct from private.has_verified_factor(s.user_id);

-- -----------------------------------------------------------------------------------------------------
-- Admin rights need aal2 when the pharmacy requires 2FA for admins
-- -----------------------------------------------------------------------------------------------------
create or replace function private.is_pharmacy_admin() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce((
    select s.role = 'admin'
       and (not coalesce(p.require_2fa_for_admins, false) or coalesce((select auth.jwt() ->> 'aal'), '') = 'aal2')
      from public.staff_profiles s
      left join public.security_policies p on p.pharmacy_id = s.pharmacy_id
     where s.user_id = (select auth.uid()) and s.is_active
  ), false)
$$;
comment on function private.is_pharmacy_admin() is
  'Whether the signed-in user is an active admin of their pharmacy with admin rights now: when the pharmacy''s '
  'security policy requires 2FA for admins, only from a session that verified a second factor (JWT aal = aal2). '
  'Every admin-only policy, guard and function decides through it.';

create or replace function private.admin_second_factor_missing() returns boolean
language sql stable
set search_path = ''
as $$
  -- An active admin by role whom is_pharmacy_admin() does not admit: only the missing aal2 can be the reason.
  select coalesce((select private.current_staff_role()) = 'admin' and not (select private.is_pharmacy_admin()), false)
$$;
comment on function private.admin_second_factor_missing() is
  'Whether the signed-in user is an active admin whose pharmacy requires 2FA for admins and whose session is not '
  'aal2: their admin rights wait for a verified TOTP code (enrolment first when they have no factor).';
revoke execute on function private.admin_second_factor_missing() from public, anon;
grant execute on function private.admin_second_factor_missing() to authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- The policy is turned on only from an aal2 session (the admin turning it on keeps their rights)
-- -----------------------------------------------------------------------------------------------------
create or replace function private.guard_two_factor_policy() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.require_2fa_for_admins
     and (tg_op = 'INSERT' or not old.require_2fa_for_admins)
     and private.is_end_user_request()
     and coalesce((select auth.jwt() ->> 'aal'), '') <> 'aal2' then
    raise exception 'Set up two-factor authentication for your own account and sign in with your code before requiring it for admins'
      using errcode = 'P0001';
  end if;
  return new;
end
$$;
comment on function private.guard_two_factor_policy() is
  'BEFORE INSERT/UPDATE trigger of security_policies (end users): require_2fa_for_admins is turned on only from an '
  'aal2 session, so the admin who turns it on has a verified factor and keeps their admin rights; nobody locks '
  'every admin out by turning it on from a password-only session.';

drop trigger if exists guard_two_factor_policy on public.security_policies;
create trigger guard_two_factor_policy before insert or update on public.security_policies
  for each row execute function private.guard_two_factor_policy();

comment on column public.security_policies.require_2fa_for_admins is
  'Admins must have a verified TOTP factor: admin-only data and actions require an aal2 session '
  '(private.is_pharmacy_admin); turned on only from an aal2 session.';
comment on column public.staff_profiles.two_factor_enabled is
  'Whether the staff member has a verified authenticator app (TOTP factor of Supabase Auth); kept by the database '
  'from auth.mfa_factors, never set by hand.';

-- -----------------------------------------------------------------------------------------------------
-- Step-up: whether this session verified a TOTP code recently (for re-authentication before a risky action)
-- -----------------------------------------------------------------------------------------------------
create or replace function private.session_totp_verified_at() returns timestamptz
language sql stable
set search_path = ''
as $$
  select to_timestamp(max((entry ->> 'timestamp')::double precision))
    from jsonb_array_elements(
           case when jsonb_typeof((select auth.jwt()) -> 'amr') = 'array' then (select auth.jwt()) -> 'amr' else '[]'::jsonb end
         ) as entry
   where entry ->> 'method' = 'totp' and jsonb_typeof(entry -> 'timestamp') = 'number'
$$;
comment on function private.session_totp_verified_at() is
  'When the caller''s session last verified an authenticator code: the newest totp entry of the access token''s amr '
  'claim (Supabase Auth stamps each verification; supabase-js''s mfa.challengeAndVerify refreshes the token), or '
  'null. The token is signed by Supabase Auth, so the claim cannot be forged by the client. The one reading of it '
  'for step-ups (second_factor_verified_within, private.consume_step_up_grant).';
revoke execute on function private.session_totp_verified_at() from public, anon;
grant execute on function private.session_totp_verified_at() to authenticated, service_role;

create or replace function private.second_factor_verified_within(max_age_seconds integer) returns boolean
language sql stable
set search_path = ''
as $$
  select coalesce(
    (select auth.jwt() ->> 'aal') = 'aal2'
    and private.session_totp_verified_at() >= to_timestamp(extract(epoch from now())::bigint - max_age_seconds),
    false)
$$;
comment on function private.second_factor_verified_within(integer) is
  'Whether the caller''s access token is aal2 with a totp amr entry no older than max_age_seconds: the session '
  'verified an authenticator code that recently. For a step-up before a risky action.';
revoke execute on function private.second_factor_verified_within(integer) from public, anon;
grant execute on function private.second_factor_verified_within(integer) to authenticated, service_role;

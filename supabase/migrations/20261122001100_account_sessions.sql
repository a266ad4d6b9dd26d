-- =====================================================================================================
-- Accounts and sessions (issue 9, "Sessions and accounts"):
--   * deactivating a staff member ends every session of that user at once and bars sign-in (a Supabase Auth
--     ban, as auth.admin.updateUserById(id, {ban_duration}) sets it); reactivating lifts the ban; both audited;
--   * the password verification hook no longer signs a victim out after three wrong passwords, and answers a
--     wrong password for a locked or deactivated account exactly as any wrong password (the lock and
--     deactivation messages only with the right password);
--   * Supabase Auth's own audit trail (auth.audit_log_entries) is copied into public.audit_log for the events
--     the pharmacy must see: sign-out, password and account (email) changes, the admin user API;
--   * per-client-IP rate limits kept in the database, for the onboarding routes of the api function.
-- On hosted Supabase the postgres role (owner of these functions) may update auth.users, delete auth.sessions and
-- auth.refresh_tokens and put triggers on Auth's tables; nothing here creates or alters an object of Auth.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- Deactivation ends access: ban, sessions deleted (refresh refused); RLS already ignores inactive staff
-- -----------------------------------------------------------------------------------------------------
create or replace function private.sync_staff_access_with_active_flag() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  ended_sessions integer := 0;
begin
  if tg_op = 'DELETE' then
    -- A removed staff member keeps no session either (their auth user stays, with access to nothing).
    with ended as (delete from auth.sessions where user_id = old.user_id returning 1)
    select count(*) into ended_sessions from ended;
    delete from auth.refresh_tokens where user_id = old.user_id::text;
    perform private.record_audit_event(old.pharmacy_id, (select auth.uid()), 'end_sessions', 'staff_profile', old.user_id::text,
      format('Staff member %s %s removed: signed out everywhere (%s sessions ended)', old.first_name, old.last_name, ended_sessions),
      true, jsonb_build_object('sessionsEnded', ended_sessions));
    return null;
  end if;
  if new.is_active is not distinct from old.is_active then
    return null;
  end if;
  if not new.is_active then
    -- GoTrue's ban (banned_until in the future, as ban_duration "876000h" sets it): sign-in and refresh are refused.
    update auth.users set banned_until = now() + interval '100 years', updated_at = now() where id = new.user_id;
    -- Every session ends now: its refresh tokens go with it (and explicitly, for tokens without a session).
    with ended as (delete from auth.sessions where user_id = new.user_id returning 1)
    select count(*) into ended_sessions from ended;
    delete from auth.refresh_tokens where user_id = new.user_id::text;
    perform private.record_audit_event(new.pharmacy_id, (select auth.uid()), 'deactivate', 'staff_profile', new.user_id::text,
      format('Staff member %s %s deactivated: signed out everywhere (%s sessions ended) and barred from signing in',
        new.first_name, new.last_name, ended_sessions),
      true, jsonb_build_object('sessionsEnded', ended_sessions));
  else
    update auth.users set banned_until = null, updated_at = now() where id = new.user_id;
    perform private.record_audit_event(new.pharmacy_id, (select auth.uid()), 'reactivate', 'staff_profile', new.user_id::text,
      format('Staff member %s %s reactivated: may sign in again', new.first_name, new.last_name), true, '{}'::jsonb);
  end if;
  return null;
end
$$;
comment on function private.sync_staff_access_with_active_flag() is
  'AFTER UPDATE OF is_active/DELETE trigger of staff_profiles: deactivation bans the auth user (refresh and '
  'sign-in refused) and deletes every session and refresh token at once; reactivation lifts the ban; removal ends '
  'the sessions. Audited each time. '
  'Holds for every path (PostgREST, the api function, SQL), since it is the row change itself that triggers it.';

drop trigger if exists sync_access_with_active_flag on public.staff_profiles;
-- Not on insert: an added profile bans nobody (an admin could otherwise name any auth user in a new, inactive
-- profile and lock them out); only a change of an existing staff member's flag does.
create trigger sync_access_with_active_flag after update of is_active or delete on public.staff_profiles
  for each row execute function private.sync_staff_access_with_active_flag();

-- -----------------------------------------------------------------------------------------------------
-- Password verification hook: a lockout that cannot be used as a weapon or an oracle
-- -----------------------------------------------------------------------------------------------------
create or replace function public.hook_password_verification_attempt(event jsonb) returns jsonb
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

  -- A wrong password gets Supabase Auth's own answer ('Invalid login credentials', decision continue) whatever
  -- the account's state: only someone who knows the password learns that it is deactivated or locked.
  if not staff.is_active then
    perform private.record_audit_event(staff.pharmacy_id, staff.user_id, 'sign_in', 'staff_profile', staff.user_id::text,
      'Sign-in refused: account deactivated', false, jsonb_build_object('email', staff.email, 'passwordValid', password_valid));
    if not password_valid then
      return jsonb_build_object('decision', 'continue');
    end if;
    return jsonb_build_object('decision', 'reject', 'message', deactivated_message, 'should_logout_user', true);
  end if;

  if staff.locked_until is not null and staff.locked_until > now() then
    perform private.record_audit_event(staff.pharmacy_id, staff.user_id, 'sign_in', 'staff_profile', staff.user_id::text,
      'Sign-in refused: account locked', false,
      jsonb_build_object('email', staff.email, 'passwordValid', password_valid, 'lockedUntil', staff.locked_until));
    if not password_valid then
      return jsonb_build_object('decision', 'continue');
    end if;
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
    else
      update public.staff_profiles set failed_login_count = failures, locked_until = null where user_id = staff.user_id;
      perform private.record_audit_event(staff.pharmacy_id, staff.user_id, 'sign_in', 'staff_profile', staff.user_id::text,
        'Failed sign-in: wrong password', false, jsonb_build_object('email', staff.email, 'failedLoginCount', failures));
    end if;
    -- The lock stops new sign-ins only: the account holder's open sessions go on (no should_logout_user), so
    -- three wrong guesses by someone else cannot throw a pharmacist out in the middle of work.
    return jsonb_build_object('decision', 'continue');
  end if;

  update public.staff_profiles set failed_login_count = 0, locked_until = null, last_login_at = now() where user_id = staff.user_id;
  perform private.record_audit_event(staff.pharmacy_id, staff.user_id, 'sign_in', 'staff_profile', staff.user_id::text,
    'Signed in', true, jsonb_build_object('email', staff.email));
  return jsonb_build_object('decision', 'continue');
end
$$;
comment on function public.hook_password_verification_attempt(jsonb) is
  'Supabase Auth password verification hook ({user_id, valid} -> {decision, message, should_logout_user}): counts '
  'failed sign-ins and locks the account at the pharmacy policy''s max_failed_logins for lockout_minutes without '
  'ending open sessions; refuses deactivated and locked staff with their message only when the password is right '
  '(a wrong one gets the ordinary answer); records last_login_at on success and audits every attempt.';
revoke execute on function public.hook_password_verification_attempt(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.hook_password_verification_attempt(jsonb) to supabase_auth_admin;

-- -----------------------------------------------------------------------------------------------------
-- Supabase Auth's audit trail into the pharmacy's audit log
-- -----------------------------------------------------------------------------------------------------
create or replace function private.inet_or_null(address text) returns inet
language plpgsql immutable
set search_path = ''
as $$
begin
  return nullif(btrim(address), '')::inet;
exception when others then
  return null;
end
$$;
comment on function private.inet_or_null(text) is 'The text as an inet, or null when it is empty or not an address.';

create or replace function private.record_auth_audit_event() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  payload jsonb := new.payload::jsonb;
  auth_action text := payload ->> 'action';
  traits jsonb := coalesce(payload -> 'traits', '{}'::jsonb);
  actor uuid := nullif(payload ->> 'actor_id', '00000000-0000-0000-0000-000000000000')::uuid;
  by_admin_api boolean := traits ? 'user_id';
  subject uuid := coalesce((traits ->> 'user_id')::uuid, actor);
  subject_pharmacy uuid;
  audited_action text;
  description text;
begin
  -- Sign-up and deletion of users happen only through the admin API here (open sign-up is off).
  if auth_action not in ('logout', 'user_updated_password', 'user_modified', 'user_signedup', 'user_deleted')
     or subject is null or (auth_action in ('user_signedup', 'user_deleted') and not by_admin_api) then
    return null;
  end if;
  select s.pharmacy_id into subject_pharmacy from public.staff_profiles s where s.user_id = subject;
  audited_action := case
    when auth_action = 'logout' then 'sign_out'
    when auth_action = 'user_updated_password' then 'password_change'
    when auth_action = 'user_modified' and not by_admin_api then 'account_change'
    when auth_action = 'user_modified' then 'admin_user_change'
    when auth_action = 'user_signedup' then 'admin_user_create'
    else 'admin_user_delete'
  end;
  description := case audited_action
    when 'sign_out' then 'Signed out'
    when 'password_change' then 'Changed their password'
    when 'account_change' then case when traits ? 'new_email'
      then format('Changed their sign-in email from %s to %s', traits ->> 'old_email', traits ->> 'new_email')
      else 'Changed their account details' end
    when 'admin_user_change' then format('Sign-in account %s changed through the Auth admin API', coalesce(traits ->> 'user_email', subject::text))
    when 'admin_user_create' then format('Sign-in account %s created through the Auth admin API', coalesce(traits ->> 'user_email', subject::text))
    else format('Sign-in account %s deleted through the Auth admin API', coalesce(traits ->> 'user_email', subject::text))
  end;
  insert into public.audit_log (pharmacy_id, actor_user_id, action, entity_type, entity_id, description, ip_address, success, details)
  values (subject_pharmacy, actor, audited_action, 'auth_user', subject::text, description,
          coalesce(private.inet_or_null(new.ip_address), private.request_ip()), true,
          jsonb_build_object('authAuditId', new.id, 'authAction', auth_action, 'traits', traits));
  return null;
end
$$;
comment on function private.record_auth_audit_event() is
  'AFTER INSERT trigger of auth.audit_log_entries (Supabase Auth''s own trail): copies sign-out, password change, '
  'account (email) change and the admin user API''s create/change/delete into public.audit_log, under the subject''s '
  'pharmacy, with the client IP when Auth recorded one.';

drop trigger if exists record_in_pharmacy_audit_log on auth.audit_log_entries;
create trigger record_in_pharmacy_audit_log after insert on auth.audit_log_entries
  for each row execute function private.record_auth_audit_event();

-- -----------------------------------------------------------------------------------------------------
-- Per-client-IP rate limits (the api function's onboarding routes)
-- -----------------------------------------------------------------------------------------------------
create table if not exists private.rate_limit_policies (
  bucket text primary key,
  max_hits integer not null check (max_hits > 0),
  window_seconds integer not null check (window_seconds > 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table private.rate_limit_policies is
  'How many requests one client IP may make per window in each rate-limited bucket. onboarding: submitted sign-ups '
  '(each creates an auth user and a pharmacy); onboarding_check: the registration-number and email checks, which '
  'say whether an identifier is taken.';
insert into private.rate_limit_policies (bucket, max_hits, window_seconds) values
  ('onboarding', 10, 3600),
  ('onboarding_check', 120, 3600)
on conflict (bucket) do nothing;

create table if not exists private.rate_limit_hits (
  id bigint generated always as identity primary key,
  bucket text not null references private.rate_limit_policies (bucket) on delete cascade,
  client_ip inet not null,
  hit_at timestamptz not null default now()
);
comment on table private.rate_limit_hits is 'One row per counted request of a rate-limited bucket; rows older than the window are pruned.';
create index if not exists rate_limit_hits_bucket_client_ip_hit_at_idx on private.rate_limit_hits (bucket, client_ip, hit_at);

create or replace function public.take_rate_limit_slot(bucket_name text, caller_ip inet) returns boolean
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  limit_policy private.rate_limit_policies%rowtype;
  -- Requests whose address is unknown share one bucket, so a missing address never means "unlimited".
  key_ip inet := coalesce(caller_ip, '0.0.0.0'::inet);
  recent integer;
begin
  select * into limit_policy from private.rate_limit_policies where bucket = bucket_name;
  if not found then
    raise exception 'Unknown rate limit bucket %', bucket_name using errcode = '22023';
  end if;
  -- One caller at a time per bucket and address, so concurrent requests cannot all squeeze under the limit.
  perform pg_advisory_xact_lock(hashtextextended(bucket_name || '|' || key_ip::text, 0));
  delete from private.rate_limit_hits
   where bucket = bucket_name and client_ip = key_ip and hit_at <= now() - make_interval(secs => limit_policy.window_seconds);
  select count(*) into recent from private.rate_limit_hits where bucket = bucket_name and client_ip = key_ip;
  if recent >= limit_policy.max_hits then
    return false;
  end if;
  insert into private.rate_limit_hits (bucket, client_ip) values (bucket_name, key_ip);
  return true;
end
$$;
comment on function public.take_rate_limit_slot(text, inet) is
  'Counts one request of caller_ip in a rate-limited bucket and says whether it is within the bucket''s policy '
  '(false: refuse it with 429). Only the service role calls it (the api function, which reads the client IP from '
  'the gateway''s X-Forwarded-For); never trusted from end users.';
revoke execute on function public.take_rate_limit_slot(text, inet) from public, anon, authenticated;
grant execute on function public.take_rate_limit_slot(text, inet) to service_role;

-- -----------------------------------------------------------------------------------------------------
-- Helper privileges: the helpers above run only inside triggers and security-definer functions
-- -----------------------------------------------------------------------------------------------------
revoke all on function private.sync_staff_access_with_active_flag() from public;
revoke all on function private.inet_or_null(text) from public;
revoke all on function private.record_auth_audit_event() from public;
revoke all on table private.rate_limit_policies, private.rate_limit_hits from public, anon, authenticated, service_role;

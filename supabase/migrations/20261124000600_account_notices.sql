-- =====================================================================================================
-- Account notices (issue 11, "the admin deactivates them and their open terminal is signed out"):
--   * every staff member has a private Realtime topic `pharmacy:<pharmacy_id>:account:<user_id>` that only
--     they may receive on, and nobody may send to from a client;
--   * the database broadcasts on it (Supabase's Broadcast from the database, realtime.send()) when the account
--     loses access — `account_deactivated` when is_active goes false or the staff profile is removed — and
--     `account_changed` when its role changes, so an open terminal signs out or re-reads its role at once
--     instead of at its next token refresh. Messages leave only when the transaction commits.
-- Runs unchanged on hosted Supabase: it adds policies on realtime.messages and calls realtime.send(), as
-- Supabase documents; the trigger function is owned by postgres, which bypasses RLS on realtime.messages.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- Topic helpers: the account topic's name, and whether a topic is someone's account topic
-- -----------------------------------------------------------------------------------------------------
create or replace function private.account_topic(pharmacy_id uuid, user_id uuid) returns text
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.format('pharmacy:%s:account:%s', pharmacy_id, user_id)
$$;
comment on function private.account_topic(uuid, uuid) is
  'The private Realtime topic of one staff member''s account notices: pharmacy:<pharmacy_id>:account:<user_id>.';
revoke execute on function private.account_topic(uuid, uuid) from public;
grant execute on function private.account_topic(uuid, uuid) to authenticated, service_role;

create or replace function private.is_account_topic(topic text) returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(pg_catalog.split_part(topic, ':', 1) = 'pharmacy' and pg_catalog.split_part(topic, ':', 3) = 'account', false)
$$;
comment on function private.is_account_topic(text) is
  'Whether a realtime topic is an account-notice topic `pharmacy:<id>:account:…` (whoever it names).';
revoke execute on function private.is_account_topic(text) from public;
grant execute on function private.is_account_topic(text) to authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- Receiving: a pharmacy topic of the caller's own pharmacy; an account topic only when it is their own
-- -----------------------------------------------------------------------------------------------------
create or replace function private.may_receive_pharmacy_topic(topic text) returns boolean
language sql
stable
set search_path = ''
as $$
  select (select private.is_own_pharmacy_topic(topic))
    and (
      not private.is_account_topic(topic)
      or pg_catalog.split_part(topic, ':', 4) = coalesce((select auth.uid())::text, '')
    )
$$;
comment on function private.may_receive_pharmacy_topic(text) is
  'Whether the signed-in, active staff member may receive on a realtime topic: their own pharmacy''s '
  '`pharmacy:<id>:<purpose>` topics, except other staff members'' account topics `pharmacy:<id>:account:<user_id>`.';
revoke execute on function private.may_receive_pharmacy_topic(text) from public;
grant execute on function private.may_receive_pharmacy_topic(text) to authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- Policies on realtime.messages, narrowed (replacing those of 20261122001000_realtime_authorization):
-- account topics are readable by their own user only and writable by no client (only the database sends
-- there, through realtime.send() from a trigger owned by postgres).
-- -----------------------------------------------------------------------------------------------------
drop policy if exists "Staff can receive their pharmacy's broadcasts and presence" on realtime.messages;
create policy "Staff can receive their pharmacy's broadcasts and presence" on realtime.messages
  for select to authenticated
  using (
    extension in ('broadcast', 'presence')
    and (select private.may_receive_pharmacy_topic((select realtime.topic())))
  );

drop policy if exists "Staff can send broadcasts and presence to their pharmacy" on realtime.messages;
create policy "Staff can send broadcasts and presence to their pharmacy" on realtime.messages
  for insert to authenticated
  with check (
    extension in ('broadcast', 'presence')
    and (select private.is_own_pharmacy_topic((select realtime.topic())))
    and not (select private.is_account_topic((select realtime.topic())))
  );

-- -----------------------------------------------------------------------------------------------------
-- The notices: an AFTER trigger beside sync_access_with_active_flag (which bans and ends the sessions)
-- -----------------------------------------------------------------------------------------------------
create or replace function private.broadcast_account_notice() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    perform realtime.send(
      jsonb_build_object('userId', old.user_id, 'reason', 'removed'),
      'account_deactivated', private.account_topic(old.pharmacy_id, old.user_id), true);
  elsif old.is_active and not new.is_active then
    perform realtime.send(
      jsonb_build_object('userId', new.user_id, 'reason', 'deactivated'),
      'account_deactivated', private.account_topic(new.pharmacy_id, new.user_id), true);
  elsif new.role is distinct from old.role then
    perform realtime.send(
      jsonb_build_object('userId', new.user_id, 'role', new.role),
      'account_changed', private.account_topic(new.pharmacy_id, new.user_id), true);
  end if;
  return null;
end
$$;
comment on function private.broadcast_account_notice() is
  'AFTER UPDATE OF is_active, role / DELETE trigger of staff_profiles: broadcasts `account_deactivated` (deactivated '
  'or removed; the sessions are already ended) or `account_changed` (new role) to the user''s private topic '
  'pharmacy:<pharmacy_id>:account:<user_id>, delivered when the transaction commits. Every path (PostgREST, the '
  'api function, SQL) triggers it.';
revoke all on function private.broadcast_account_notice() from public;

drop trigger if exists broadcast_account_notice on public.staff_profiles;
create trigger broadcast_account_notice after update of is_active, role or delete on public.staff_profiles
  for each row execute function private.broadcast_account_notice();

-- =====================================================================================================
-- Realtime authorization (issue 9, cross-pharmacy isolation).
-- Broadcast and presence travel on private channels named `pharmacy:<pharmacy_id>:<purpose>` (e.g.
-- `pharmacy:<id>:presence`); Supabase Realtime admits a private channel only when the joining user's RLS
-- policies on realtime.messages let them select a row of that topic (receive) and checks inserts (send).
-- Tenant tables keep their full old row in the WAL, so a DELETE can be matched to its pharmacy.
-- Runs unchanged on hosted Supabase: it only adds policies to realtime.messages, as Supabase documents.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- Topic ownership: a topic belongs to the signed-in staff member's pharmacy when it reads
-- `pharmacy:<their pharmacy id>:<purpose>` (a purpose is required; anything may follow it)
-- -----------------------------------------------------------------------------------------------------
create or replace function private.is_own_pharmacy_topic(topic text) returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(
    pg_catalog.split_part(topic, ':', 1) = 'pharmacy'
    and pg_catalog.split_part(topic, ':', 2) = (select private.current_pharmacy_id())::text
    and pg_catalog.split_part(topic, ':', 3) <> '',
    false)
$$;
comment on function private.is_own_pharmacy_topic(text) is
  'Whether a realtime topic is `pharmacy:<id>:<purpose>` for the signed-in, active staff member''s own pharmacy. '
  'The pharmacy comes from the caller''s session, never from the topic alone.';

revoke execute on function private.is_own_pharmacy_topic(text) from public;
grant execute on function private.is_own_pharmacy_topic(text) to authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- Policies on realtime.messages: staff receive and send broadcast and presence on their own pharmacy's
-- topics only. No update or delete policy: messages are never changed by clients.
-- (realtime.messages belongs to Supabase, which indexes it itself; the topic is the channel being joined,
-- not a column lookup, so the policies read no other column index.)
-- -----------------------------------------------------------------------------------------------------
drop policy if exists "Staff can receive their pharmacy's broadcasts and presence" on realtime.messages;
create policy "Staff can receive their pharmacy's broadcasts and presence" on realtime.messages
  for select to authenticated
  using (
    extension in ('broadcast', 'presence')
    and (select private.is_own_pharmacy_topic((select realtime.topic())))
  );

drop policy if exists "Staff can send broadcasts and presence to their pharmacy" on realtime.messages;
create policy "Staff can send broadcasts and presence to their pharmacy" on realtime.messages
  for insert to authenticated
  with check (
    extension in ('broadcast', 'presence')
    and (select private.is_own_pharmacy_topic((select realtime.topic())))
  );

-- -----------------------------------------------------------------------------------------------------
-- DELETE events: the published tenant tables log their whole old row, so a DELETE carries its
-- pharmacy_id. Subscribers filtered on `pharmacy_id=eq.<id>` (as the web app subscribes) then match a
-- DELETE on hosted Supabase too, and the local Realtime service evaluates the subscriber's SELECT policies
-- on the old row instead of sending every DELETE to every subscriber of the table.
-- -----------------------------------------------------------------------------------------------------
alter table public.pharmacies replica identity full;
alter table public.staff_profiles replica identity full;
alter table public.patients replica identity full;
alter table public.medications replica identity full;
alter table public.prescriptions replica identity full;
alter table public.prescription_label_prints replica identity full;

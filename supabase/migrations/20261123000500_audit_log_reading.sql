-- =====================================================================================================
-- Reading the audit log at a pharmacy's volume (spec part 2 §3 "Audit log entry", §7 GET /api/audit-logs,
-- §9 audit page size 100): the Security Manager's Audit Log tab.
--
--   * public.audit_log_page returns the caller's pharmacy's entries newest first, keyset-paged by the last
--     entry seen (before_created_at, before_id), 1..100 at a time (default 100), optionally filtered by user,
--     action, patient and a date range in the pharmacy's own days (its time zone, as private.pharmacy_local_day).
--     Each row carries the spec's fields: the user's name (null for an unknown or removed user: the UI says
--     'Unknown User'), the entry's own description, IP, timestamp and success.
--   * public.audit_log_actions lists the distinct actions of the pharmacy's log (for the action filter),
--     read by skipping through the action index, so it costs one probe per action, not one per entry.
--   * Both are security invoker: audit_log's row-level security (admins of the pharmacy only) decides, and a
--     caller who is not the pharmacy's admin is refused outright (42501) so the api can answer 403.
--   * Each filter leads its own index ending in (created_at desc, id desc), so every page (any filter, any
--     cursor, any date range) is read from an index in order, without a sort of the pharmacy's history.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- Indexes: one per filter, each in page order (newest first, id breaking ties)
-- -----------------------------------------------------------------------------------------------------
-- Replaces audit_log_pharmacy_id_created_at_idx (pharmacy_id, created_at desc): the same prefix (it still
-- covers the pharmacy_id foreign key) plus id, so the (created_at, id) cursor is an index condition.
create index audit_log_pharmacy_page_idx on public.audit_log (pharmacy_id, created_at desc, id desc);
drop index public.audit_log_pharmacy_id_created_at_idx;

-- The user filter. Replaces audit_log_actor_user_id_idx (actor_user_id): no query looks a user's entries up
-- across pharmacies (actor_user_id has no foreign key to check), and every audit entry paid for that index.
create index audit_log_actor_page_idx on public.audit_log (pharmacy_id, actor_user_id, created_at desc, id desc);
drop index public.audit_log_actor_user_id_idx;

-- The action filter, and the distinct-actions skip scan.
create index audit_log_action_page_idx on public.audit_log (pharmacy_id, action, created_at desc, id desc);

-- A user's entries of one action (e.g. one person's failed sign-ins): the two filters together, in page order,
-- instead of merging both indexes and sorting.
create index audit_log_actor_action_page_idx on public.audit_log (pharmacy_id, actor_user_id, action, created_at desc, id desc);

-- The patient filter (alone or with others: a patient's entries are few) uses audit_log_patient_access_idx (pharmacy_id, patient_id, created_at desc, id desc)
-- where patient_id is not null, from migration 20261122001200_access_audit.

-- -----------------------------------------------------------------------------------------------------
-- The pharmacy's days as instants: one definition, for a day (dashboard, dispensing) and for a date range
-- -----------------------------------------------------------------------------------------------------
create function private.pharmacy_days(for_pharmacy_id uuid, first_day date, last_day date) returns tstzrange
language sql stable security invoker
set search_path = ''
as $$
  select tstzrange(first_day::timestamp at time zone zone.name, (last_day + 1)::timestamp at time zone zone.name, '[)')
  from (select private.pharmacy_time_zone(for_pharmacy_id) as name) zone
$$;
comment on function private.pharmacy_days(uuid, date, date) is
  'The pharmacy''s calendar days first_day..last_day (inclusive) as the instants [local midnight of first_day, '
  'local midnight after last_day) in its time zone (private.pharmacy_time_zone) — 23 or 25 hours on '
  'daylight-saving days. A null end leaves that side open. Security invoker.';
revoke execute on function private.pharmacy_days(uuid, date, date) from public, anon;
grant execute on function private.pharmacy_days(uuid, date, date) to authenticated, service_role;

create or replace function private.pharmacy_local_day(for_pharmacy_id uuid, at_time timestamptz) returns tstzrange
language sql stable security invoker
set search_path = ''
as $$
  select private.pharmacy_days(for_pharmacy_id, day.local_date, day.local_date)
  from (select private.pharmacy_local_date(for_pharmacy_id, at_time) as local_date) day
$$;
comment on function private.pharmacy_local_day(uuid, timestamptz) is
  'The pharmacy''s calendar day containing a moment, as the instants [local midnight, next local midnight) '
  '(private.pharmacy_days of that one day) — 23 or 25 hours on daylight-saving days. Security invoker.';

-- -----------------------------------------------------------------------------------------------------
-- public.audit_log_page(): one page of the audit log, newest first
-- -----------------------------------------------------------------------------------------------------
create function public.audit_log_page(
  page_size integer default 100,
  before_created_at timestamptz default null,
  before_id bigint default null,
  filter_user_id uuid default null,
  filter_action text default null,
  filter_patient_id uuid default null,
  from_date date default null,
  to_date date default null
)
returns table (
  id bigint,
  created_at timestamptz,
  actor_user_id uuid,
  user_name text,
  action text,
  entity_type text,
  entity_id text,
  patient_id uuid,
  description text,
  ip_address text,
  success boolean
)
language plpgsql stable security invoker
set search_path = ''
as $$
declare
  caller_pharmacy uuid := (select private.current_pharmacy_id());
  days tstzrange;
  conditions text[] := array['a.pharmacy_id = $1'];
begin
  if caller_pharmacy is null or not (select private.is_pharmacy_admin()) then
    raise exception 'Only a pharmacy admin can read the audit log' using errcode = '42501';
  end if;
  if page_size is null or page_size not between 1 and 100 then
    raise exception 'A page holds 1 to 100 entries' using errcode = '22023';
  end if;
  if (before_created_at is null) <> (before_id is null) then
    raise exception 'A page cursor needs both before_created_at and before_id' using errcode = '22023';
  end if;
  if from_date is not null and to_date is not null and from_date > to_date then
    raise exception 'The from date must not be after the to date' using errcode = '22023';
  end if;

  -- Only the filters given become conditions (dynamic SQL, planned per call), so each combination is planned
  -- on its own index instead of one generic plan full of "or $n is null".
  if before_id is not null then conditions := array_append(conditions, '(a.created_at, a.id) < ($2, $3)'); end if;
  if filter_user_id is not null then conditions := array_append(conditions, 'a.actor_user_id = $4'); end if;
  if filter_action is not null then conditions := array_append(conditions, 'a.action = $5'); end if;
  if filter_patient_id is not null then conditions := array_append(conditions, 'a.patient_id = $6'); end if;
  -- The pharmacy's days from_date..to_date as instants (private.pharmacy_days, as the dashboard's day).
  days := private.pharmacy_days(caller_pharmacy, from_date, to_date);
  if from_date is not null then conditions := array_append(conditions, 'a.created_at >= $7'); end if;
  if to_date is not null then conditions := array_append(conditions, 'a.created_at < $8'); end if;

  return query execute format(
    'select a.id, a.created_at, a.actor_user_id,
            nullif(btrim(concat_ws('' '', s.first_name, s.last_name)), ''''),
            a.action, a.entity_type, a.entity_id, a.patient_id, a.description, host(a.ip_address), a.success
       from public.audit_log a
       left join public.staff_profiles s on s.user_id = a.actor_user_id and s.pharmacy_id = a.pharmacy_id
      where %s
      order by a.created_at desc, a.id desc
      limit $9', array_to_string(conditions, ' and '))
    using caller_pharmacy, before_created_at, before_id, filter_user_id, filter_action, filter_patient_id,
          lower(days), upper(days), page_size;
end
$$;
comment on function public.audit_log_page(integer, timestamptz, bigint, uuid, text, uuid, date, date) is
  'One page of the caller''s pharmacy''s audit log, newest first (created_at desc, id desc): page_size 1..100 '
  '(default 100, spec §9); for the next page pass the last row''s created_at and id as before_created_at and '
  'before_id. Optional filters: filter_user_id (actor), filter_action, filter_patient_id, and from_date/to_date '
  '(inclusive days in the pharmacy''s time zone). user_name is the actor''s staff name, null for an unknown or '
  'removed user. Admins only (security invoker: audit_log''s RLS applies); anyone else is refused with 42501.';
revoke execute on function public.audit_log_page(integer, timestamptz, bigint, uuid, text, uuid, date, date) from public, anon;
grant execute on function public.audit_log_page(integer, timestamptz, bigint, uuid, text, uuid, date, date) to authenticated;

-- -----------------------------------------------------------------------------------------------------
-- public.audit_log_actions(): the distinct actions of the pharmacy's log, for the action filter
-- -----------------------------------------------------------------------------------------------------
create function public.audit_log_actions()
returns setof text
language plpgsql stable security invoker
set search_path = ''
as $$
declare
  caller_pharmacy uuid := (select private.current_pharmacy_id());
begin
  if caller_pharmacy is null or not (select private.is_pharmacy_admin()) then
    raise exception 'Only a pharmacy admin can read the audit log' using errcode = '42501';
  end if;
  -- A skip scan through audit_log_action_page_idx: each step jumps to the next action after the last one.
  return query
    with recursive actions as (
      (select a.action from public.audit_log a where a.pharmacy_id = caller_pharmacy order by a.action limit 1)
      union all
      select (select a.action from public.audit_log a
               where a.pharmacy_id = caller_pharmacy and a.action > actions.action order by a.action limit 1)
      from actions where actions.action is not null
    )
    select actions.action from actions where actions.action is not null;
end
$$;
comment on function public.audit_log_actions() is
  'The distinct actions in the caller''s pharmacy''s audit log, alphabetically (the Audit Log tab''s action '
  'filter). Admins only (security invoker: audit_log''s RLS applies); anyone else is refused with 42501.';
revoke execute on function public.audit_log_actions() from public, anon;
grant execute on function public.audit_log_actions() to authenticated;

-- =====================================================================================================
-- Queue scale (issue 10): correct and fast at a real pharmacy's volume (100,000 patients, 500,000
-- prescriptions).
--
--   * Queue counters (tab counts by status, summary counters by type) are kept per pharmacy in
--     prescription_queue_counters by statement triggers on prescriptions, in the same transaction as the
--     change: exact by construction, read in microseconds. public.prescription_queue_counts() reads them
--     as the caller (RLS applies).
--   * public.queue_page() serves one queue tab a page at a time, newest first, keyset-paged on
--     (created_at, id), searchable by Rx number, patient name and fill date.
--   * Trigram indexes (pg_trgm, schema extensions) for the patient list's name/phone search, and indexes for
--     every list a screen reads (queue tabs, Rx lookups, fill dates, the labels' ready list, today's pickups).
--   * The pharmacy's day: one definition (private.pharmacy_local_day, from pharmacies.time_zone) used by
--     dispensing's fill date and by public.dashboard_stats(), which now takes no day from the terminal.
-- =====================================================================================================

create extension if not exists pg_trgm with schema extensions;

-- -----------------------------------------------------------------------------------------------------
-- Queue counters: one row per pharmacy, status and prescription type
-- -----------------------------------------------------------------------------------------------------
create table public.prescription_queue_counters (
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  status text not null check (status in ('pending', 'processing', 'ready', 'completed')),
  prescription_type text not null check (prescription_type in ('written', 'fax', 'verbal', 'electronic')),
  -- No check (prescriptions >= 0): Postgres checks an upsert's proposed row before it sees the conflict, and the
  -- triggers propose a statement's net change, which may be negative. The triggers keep it equal to a count.
  prescriptions bigint not null default 0,
  primary key (pharmacy_id, status, prescription_type)
);
comment on table public.prescription_queue_counters is
  'How many prescriptions a pharmacy has per status and prescription type. Written only by the statement triggers '
  'of public.prescriptions (private.count_queue_changes) in the changing transaction, so it always equals a count '
  'of the table; staff read their own pharmacy''s rows (through public.prescription_queue_counts).';

alter table public.prescription_queue_counters enable row level security;
revoke insert, update, delete, truncate on public.prescription_queue_counters from anon, authenticated;
revoke select on public.prescription_queue_counters from anon;

create policy "Staff can read their pharmacy's queue counters" on public.prescription_queue_counters
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));

create function private.count_queue_changes() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  -- +1 per new row, -1 per old row; each trigger declares only the transition tables its event has.
  changed_rows text := case tg_op
    when 'INSERT' then 'select pharmacy_id, status, prescription_type, 1 as change from new_rows'
    when 'DELETE' then 'select pharmacy_id, status, prescription_type, -1 as change from old_rows'
    else 'select pharmacy_id, status, prescription_type, 1 as change from new_rows
          union all select pharmacy_id, status, prescription_type, -1 from old_rows'
  end;
begin
  -- The statement's net change per (pharmacy, status, type); an update that moves nothing cancels out. Applied
  -- in key order, so concurrent statements lock counter rows in the same order and cannot deadlock. Rows of a
  -- pharmacy being deleted (cascade) have no counters left to keep.
  execute format($sql$
    insert into public.prescription_queue_counters as c (pharmacy_id, status, prescription_type, prescriptions)
    select d.pharmacy_id, d.status, d.prescription_type, d.change
    from (
      select changed.pharmacy_id, changed.status, changed.prescription_type, sum(changed.change) as change
      from (%s) changed
      group by changed.pharmacy_id, changed.status, changed.prescription_type
      having sum(changed.change) <> 0
    ) d
    where exists (select 1 from public.pharmacies p where p.id = d.pharmacy_id)
    order by d.pharmacy_id, d.status, d.prescription_type
    on conflict (pharmacy_id, status, prescription_type)
      do update set prescriptions = c.prescriptions + excluded.prescriptions
    $sql$, changed_rows);
  return null;
end
$$;
comment on function private.count_queue_changes() is
  'AFTER statement trigger of prescriptions (insert, update, delete; transition tables new_rows/old_rows): adds the '
  'statement''s net change per pharmacy, status and type to prescription_queue_counters.';
revoke execute on function private.count_queue_changes() from public, anon;

create trigger count_queue_inserts after insert on public.prescriptions
  referencing new table as new_rows
  for each statement execute function private.count_queue_changes();
create trigger count_queue_updates after update on public.prescriptions
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.count_queue_changes();
create trigger count_queue_deletes after delete on public.prescriptions
  referencing old table as old_rows
  for each statement execute function private.count_queue_changes();
-- Always, even with session_replication_role = replica (how a data migration loads history with the other
-- triggers off): the counters stay equal to the table whatever way rows arrive.
alter table public.prescriptions enable always trigger count_queue_inserts;
alter table public.prescriptions enable always trigger count_queue_updates;
alter table public.prescriptions enable always trigger count_queue_deletes;

-- Prescriptions entered before this migration.
insert into public.prescription_queue_counters (pharmacy_id, status, prescription_type, prescriptions)
select pharmacy_id, status, prescription_type, count(*) from public.prescriptions
group by pharmacy_id, status, prescription_type;

create function public.prescription_queue_counts() returns jsonb
language sql stable security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'byStatus', jsonb_build_object(
      'pending', coalesce(sum(c.prescriptions) filter (where c.status = 'pending'), 0),
      'processing', coalesce(sum(c.prescriptions) filter (where c.status = 'processing'), 0),
      'ready', coalesce(sum(c.prescriptions) filter (where c.status = 'ready'), 0),
      'completed', coalesce(sum(c.prescriptions) filter (where c.status = 'completed'), 0)),
    'byType', jsonb_build_object(
      'written', coalesce(sum(c.prescriptions) filter (where c.prescription_type = 'written'), 0),
      'fax', coalesce(sum(c.prescriptions) filter (where c.prescription_type = 'fax'), 0),
      'verbal', coalesce(sum(c.prescriptions) filter (where c.prescription_type = 'verbal'), 0),
      'electronic', coalesce(sum(c.prescriptions) filter (where c.prescription_type = 'electronic'), 0)),
    'total', coalesce(sum(c.prescriptions), 0))
  from public.prescription_queue_counters c
  where c.pharmacy_id = (select private.current_pharmacy_id())
$$;
comment on function public.prescription_queue_counts() is
  'The Prescription Management screen''s counts for the caller''s pharmacy, exact at any volume: byStatus (the queue '
  'tabs Pending/Processing/Ready/Completed), byType (the summary counters Written RX, Fax RX, Verbal Orders, '
  'E-Prescriptions: every prescription of that type, whatever its status) and total. Security invoker: RLS applies '
  '(anyone but staff reads zeros).';
revoke execute on function public.prescription_queue_counts() from public, anon;
grant execute on function public.prescription_queue_counts() to authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- Indexes for every list a screen reads
-- -----------------------------------------------------------------------------------------------------
-- Queue tabs, newest first with the id as tie-break (keyset pages seek straight to (created_at, id)); also the
-- dashboard's recent pending and its open alerts. Supersedes (pharmacy_id, status, created_at desc).
create index prescriptions_queue_page_idx on public.prescriptions (pharmacy_id, status, created_at desc, id desc);
drop index public.prescriptions_pharmacy_id_status_idx;
-- Completed searched by fill date.
create index prescriptions_pharmacy_id_date_filled_idx on public.prescriptions (pharmacy_id, date_filled);
-- The labels screen's Ready for Pickup list, oldest verification first.
create index prescriptions_ready_for_pickup_idx on public.prescriptions (pharmacy_id, verified_at) where status = 'ready';
-- The dashboard's pickups of today.
create index prescriptions_completed_at_idx on public.prescriptions (pharmacy_id, completed_at) where status = 'completed';
-- (Rx number lookups use the unique key (pharmacy_id, rx_number); low stock uses
-- medications_pharmacy_id_low_stock_idx.)

-- The patient list: name or phone contains the search (trigram), ordered by name with the id as tie-break.
create index patients_first_name_trgm_idx on public.patients using gin (first_name extensions.gin_trgm_ops);
create index patients_last_name_trgm_idx on public.patients using gin (last_name extensions.gin_trgm_ops);
create index patients_phone_trgm_idx on public.patients using gin (phone extensions.gin_trgm_ops);
create index patients_pharmacy_id_name_id_idx on public.patients (pharmacy_id, last_name, first_name, id);
drop index public.patients_pharmacy_id_name_idx;

-- -----------------------------------------------------------------------------------------------------
-- Patient search: trigram indexes need a privileged lookup
-- -----------------------------------------------------------------------------------------------------
-- Under row-level security Postgres may use an index only for leakproof conditions, and ILIKE is not leakproof
-- (a user's condition must not see rows the policies hide): a name search through RLS reads every patient of the
-- pharmacy (about 170 ms at 100,000). This helper runs as its owner, so the trigram indexes apply, and confines
-- itself to the caller's own pharmacy (never a pharmacy given by the caller); it returns only ids, which the
-- callers then read again through RLS.
create function private.patients_matching(search text, with_phone boolean) returns uuid[]
language plpgsql stable security definer
set search_path = ''
as $$
declare
  pharmacy uuid := private.current_pharmacy_id();
  word text;
  conditions text[] := array['p.pharmacy_id = $1'];
  pattern text;
  matched uuid[];
begin
  if pharmacy is null or nullif(btrim(search), '') is null then
    return '{}';
  end if;
  -- Every word of the search is contained in the first name, the last name (or the phone): 'smi', 'John Smith'.
  foreach word in array regexp_split_to_array(btrim(search), '\s+') loop
    pattern := '%' || replace(replace(replace(word, '\', '\\'), '%', '\%'), '_', '\_') || '%';
    conditions := array_append(conditions, format('(p.first_name ilike %1$L or p.last_name ilike %1$L%2$s)', pattern,
      case when with_phone then format(' or p.phone ilike %L', pattern) else '' end));
  end loop;
  execute 'select coalesce(array_agg(p.id), ''{}'') from public.patients p where ' || array_to_string(conditions, ' and ')
    into matched using pharmacy;
  return matched;
end
$$;
comment on function private.patients_matching(text, boolean) is
  'Ids of the caller''s own pharmacy''s patients whose first or last name (or phone, with_phone) contains every word of '
  'the search, case-insensitive; empty without a search or a pharmacy. Security definer so the trigram indexes apply '
  '(ILIKE is not leakproof, so RLS would forbid them); scoped to private.current_pharmacy_id(), returns ids only.';
revoke execute on function private.patients_matching(text, boolean) from public, anon;
grant execute on function private.patients_matching(text, boolean) to authenticated, service_role;

create function public.search_patients(search text) returns setof public.patients
language sql stable security invoker
set search_path = ''
as $$
  select p.* from public.patients p where p.id = any (private.patients_matching(search, true))
$$;
comment on function public.search_patients(text) is
  'The patients list''s search: the caller''s pharmacy''s patients whose first name, last name or phone contains every '
  'word of the search (case-insensitive), through the trigram indexes. Security invoker: the rows are read through RLS. '
  'PostgREST pages it: rpc(''search_patients'', {search}, {count: ''exact''}).order(''last_name'').order(''first_name'')'
  '.order(''id'').range(from, to). Without a search it returns nothing (list the table instead).';
revoke execute on function public.search_patients(text) from public, anon;
grant execute on function public.search_patients(text) to authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- One queue tab, a page at a time
-- -----------------------------------------------------------------------------------------------------
create function public.queue_page(
  queue_status text,
  search text default null,
  filled_on date default null,
  after_created_at timestamptz default null,
  after_id uuid default null,
  page_size integer default 50
) returns setof public.prescriptions
language plpgsql stable security invoker
set search_path = ''
as $$
declare
  cleaned text := nullif(btrim(search), '');
  pharmacy uuid := (select private.current_pharmacy_id());
  rx_digits text;
  patients uuid[];
  conditions text[] := array['rx.pharmacy_id = $1', 'rx.status = $2'];
begin
  if queue_status is null or queue_status not in ('pending', 'processing', 'ready', 'completed') then
    raise exception 'Unknown queue "%": choose pending, processing, ready or completed', queue_status using errcode = '22023';
  end if;
  if page_size is null or page_size not between 1 and 200 then
    raise exception 'A page holds 1 to 200 prescriptions' using errcode = '22023';
  end if;
  if (after_created_at is null) <> (after_id is null) then
    raise exception 'A page starts after a prescription: give both its created_at and its id' using errcode = '22023';
  end if;

  if after_created_at is not null then
    conditions := array_append(conditions, '(rx.created_at, rx.id) < ($3, $4)');
  end if;
  if filled_on is not null then
    conditions := array_append(conditions, 'rx.date_filled = $5');
  end if;
  if cleaned is not null then
    rx_digits := substring(cleaned from '^(?:[Rr][Xx])?\s*#?\s*([0-9]{1,18})$');
    if rx_digits is not null then
      conditions := array_append(conditions, format('rx.rx_number = %s', rx_digits::bigint));
    else
      -- The matching patients first (private.patients_matching: trigram indexes), then their prescriptions: a few
      -- patients are read through the (pharmacy, patient) index; many (a common name) are a filter while walking the
      -- tab newest first, which finds a page of them at once — `is true` keeps the planner from trading that walk
      -- for a sort of them all.
      patients := private.patients_matching(cleaned, false);
      if coalesce(cardinality(patients), 0) <= 1000 then
        conditions := array_append(conditions, 'rx.patient_id = any ($7)');
      else
        conditions := array_append(conditions, '(rx.patient_id = any ($7)) is true');
      end if;
    end if;
  end if;

  -- Built per call so each page is planned for its own filters (the keyset index for a tab, the Rx number key, the
  -- patient or fill-date index for a search).
  return query execute
    'select rx.* from public.prescriptions rx where ' || array_to_string(conditions, ' and ')
    || ' order by rx.created_at desc, rx.id desc limit $6'
  using pharmacy, queue_status, after_created_at, after_id, filled_on, page_size, coalesce(patients, '{}');
end
$$;
comment on function public.queue_page(text, text, date, timestamptz, uuid, integer) is
  'One page of a queue tab of the caller''s pharmacy, newest first by (created_at desc, id desc): the page after '
  '(after_created_at, after_id) when given; search = an Rx number (digits, optionally prefixed RX/Rx/#) or words each '
  'contained in the patient''s first or last name (case-insensitive); filled_on = date_filled; page_size 1..200. '
  'Security invoker: RLS applies. PostgREST embeds patient and medication on its rows.';
revoke execute on function public.queue_page(text, text, date, timestamptz, uuid, integer) from public, anon;
grant execute on function public.queue_page(text, text, date, timestamptz, uuid, integer) to authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- The pharmacy's day: one definition for dispensing and the dashboard
-- -----------------------------------------------------------------------------------------------------
create function private.pharmacy_time_zone(for_pharmacy_id uuid) returns text
language sql stable security invoker
set search_path = ''
as $$
  select coalesce((select p.time_zone from public.pharmacies p where p.id = for_pharmacy_id), 'America/New_York')
$$;
comment on function private.pharmacy_time_zone(uuid) is
  'The pharmacy''s time zone (pharmacies.time_zone; America/New_York when the caller may not read the pharmacy). '
  'Security invoker: row-level security on pharmacies applies.';

create or replace function private.pharmacy_local_date(for_pharmacy_id uuid, at_time timestamptz) returns date
language sql stable security invoker
set search_path = ''
as $$
  select (at_time at time zone private.pharmacy_time_zone(for_pharmacy_id))::date
$$;
comment on function private.pharmacy_local_date(uuid, timestamptz) is
  'The calendar date at the pharmacy at a moment (its time zone, private.pharmacy_time_zone): the fill date of '
  'dispensing and the "today" of the dashboard. Security invoker: row-level security on pharmacies applies.';

create function private.pharmacy_local_day(for_pharmacy_id uuid, at_time timestamptz) returns tstzrange
language sql stable security invoker
set search_path = ''
as $$
  select tstzrange(day.local_date::timestamp at time zone day.time_zone,
                   (day.local_date + 1)::timestamp at time zone day.time_zone, '[)')
  from (select private.pharmacy_local_date(for_pharmacy_id, at_time) as local_date,
               private.pharmacy_time_zone(for_pharmacy_id) as time_zone) day
$$;
comment on function private.pharmacy_local_day(uuid, timestamptz) is
  'The pharmacy''s calendar day containing a moment, as the instants [local midnight, next local midnight) — 23 or '
  '25 hours on daylight-saving days. Security invoker.';

revoke execute on function private.pharmacy_time_zone(uuid), private.pharmacy_local_day(uuid, timestamptz) from public, anon;
grant execute on function private.pharmacy_time_zone(uuid), private.pharmacy_local_day(uuid, timestamptz)
  to authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- Dashboard stats for the pharmacy's own day
-- -----------------------------------------------------------------------------------------------------
drop function public.dashboard_stats(timestamptz, timestamptz);

create function public.dashboard_stats() returns jsonb
language sql stable security invoker
set search_path = ''
as $$
  with pharmacy as (
    select private.current_pharmacy_id() as id
  ), today as (
    select private.pharmacy_local_day(pharmacy.id, now()) as day from pharmacy
  ), picked_up_today as (
    select count(*) as prescriptions, coalesce(sum(m.price), 0) as revenue
    from public.prescriptions rx
    join public.medications m on m.pharmacy_id = rx.pharmacy_id and m.id = rx.medication_id
    where rx.pharmacy_id = (select id from pharmacy) and rx.status = 'completed'
      and rx.completed_at >= (select lower(day) from today) and rx.completed_at < (select upper(day) from today)
  )
  select jsonb_build_object(
    'pendingPrescriptions', coalesce((
      select sum(c.prescriptions) from public.prescription_queue_counters c
      where c.pharmacy_id = (select id from pharmacy) and c.status = 'pending'), 0),
    'completedToday', (select prescriptions from picked_up_today),
    -- An alert needs attention until a pharmacist overrides it; once processed with an override it is resolved.
    'aiAlerts', (
      select count(*) from public.prescriptions rx
      where rx.pharmacy_id = (select id from pharmacy) and rx.status in ('pending', 'processing')
        and coalesce((rx.ai_flags ->> 'hasInteractions')::boolean, false) and rx.overridden_at is null),
    -- Each prescription picked up today earns its medication's price per fill (medications.price).
    'revenueToday', (select revenue from picked_up_today))
$$;
comment on function public.dashboard_stats() is
  'The dashboard''s stat cards for the caller''s pharmacy (RLS applies: security invoker): pendingPrescriptions; '
  'completedToday (completed_at within the pharmacy''s own day, private.pharmacy_local_day in its time zone); aiAlerts '
  '(pending or processing prescriptions whose interaction check flagged them and that no pharmacist has overridden); '
  'revenueToday (the sum of medications.price, the price per fill, over the prescriptions completed that day, as a '
  'number of dollars).';
revoke execute on function public.dashboard_stats() from public, anon;
grant execute on function public.dashboard_stats() to authenticated, service_role;

-- =====================================================================================================
-- Controlled substances follow System Settings → Controlled (issue 12 "Settings that act"; spec part 2 §3
-- "controlled"). The group is stored by 20261125000100_system_settings (pharmacy_settings row 'controlled'; the
-- DEA number is the pharmacy record's). Enforced here, for every path a prescription takes (the api, PostgREST,
-- SQL), at the two moments that matter: entry (a new prescription) and the fill (processing → ready, which is
-- the fill: see 20261122000700_dispensing).
--
--   scheduleIIEnabled … scheduleVEnabled   a schedule switched off refuses new prescriptions of a medication of
--                        that schedule, and the fill of one entered before it was switched off. Every caller.
--   deaExpirationDate    a registration that expired before the pharmacy's local date refuses new controlled
--                        prescriptions and controlled fills. It is still valid on its expiration day. '' (not
--                        entered) blocks nothing; the status function below reports it. Every caller.
--   maxDailyDispensing   controlled fills (any schedule) per pharmacy local day: the fill beyond the cap is
--                        refused with the numbers. Fills are counted from prescriptions whose date_filled is
--                        that day and whose medication is controlled now (ready or completed). Controlled
--                        fills of a pharmacy take turns (a transaction advisory lock), so two terminals cannot
--                        both take the last one. Every caller (a history import fills on the day it names).
--   requireDoubleCount   a Schedule II fill needs, before it becomes ready, a count recorded in
--                        public.controlled_substance_counts by a staff member other than the one verifying, of
--                        exactly the prescription's quantity. Counts are recorded by any staff member of the
--                        pharmacy (technicians count too) while the prescription is processing; a count of
--                        another quantity is kept (a discrepancy is a fact) but does not satisfy the rule; the
--                        verifier's own count never does. Counts never change and are never removed.
--
-- Refusals are raised with SQLSTATE 23514, so public.move_prescription answers them as {ok: false, message}
-- and records them in audit_log, and PostgREST answers an insert with the sentence. Messages name the setting
-- (System Settings → Controlled) so staff know where it is changed; shared/src/prescriptions/
-- controlled-substance-rules.ts holds the same sentences for the web and the tests.
--
-- A stored value of the wrong type (an admin may write the jsonb row directly) reads as the §9 default
-- (CONTROLLED_SETTINGS_DEFAULTS in shared/src/settings/controlled.ts), never as an error that would stop every
-- prescription.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- Reading the Controlled group
-- -----------------------------------------------------------------------------------------------------
create or replace function private.calendar_date_or_null(value text) returns date
language plpgsql immutable
set search_path = ''
as $$
begin
  if value is null or value !~ '^\d{4}-\d{2}-\d{2}$' then
    return null;
  end if;
  return make_date(substr(value, 1, 4)::int, substr(value, 6, 2)::int, substr(value, 9, 2)::int);
exception
  when datetime_field_overflow or invalid_datetime_format or numeric_value_out_of_range then
    return null;
end
$$;
comment on function private.calendar_date_or_null(text) is
  'A YYYY-MM-DD calendar date as a date; null for an empty, malformed or impossible one (2026-02-30).';

create or replace function private.controlled_substance_settings(for_pharmacy_id uuid) returns jsonb
language sql stable
set search_path = ''
as $$
  with stored as (select private.pharmacy_settings_values(for_pharmacy_id, 'controlled') as v)
  select jsonb_build_object(
    'deaNumber', coalesce(btrim(s.v ->> 'deaNumber'), ''),
    'deaExpirationDate', private.calendar_date_or_null(s.v ->> 'deaExpirationDate'),
    'maxDailyDispensing',
      case when jsonb_typeof(s.v -> 'maxDailyDispensing') = 'number'
                and (s.v ->> 'maxDailyDispensing')::numeric between 1 and 10000
                and (s.v ->> 'maxDailyDispensing')::numeric = trunc((s.v ->> 'maxDailyDispensing')::numeric)
           then (s.v ->> 'maxDailyDispensing')::numeric::int else 500 end,
    'scheduleIIEnabled', case when jsonb_typeof(s.v -> 'scheduleIIEnabled') = 'boolean' then (s.v -> 'scheduleIIEnabled')::boolean else true end,
    'scheduleIIIEnabled', case when jsonb_typeof(s.v -> 'scheduleIIIEnabled') = 'boolean' then (s.v -> 'scheduleIIIEnabled')::boolean else true end,
    'scheduleIVEnabled', case when jsonb_typeof(s.v -> 'scheduleIVEnabled') = 'boolean' then (s.v -> 'scheduleIVEnabled')::boolean else true end,
    'scheduleVEnabled', case when jsonb_typeof(s.v -> 'scheduleVEnabled') = 'boolean' then (s.v -> 'scheduleVEnabled')::boolean else true end,
    'requireDoubleCount', case when jsonb_typeof(s.v -> 'requireDoubleCount') = 'boolean' then (s.v -> 'requireDoubleCount')::boolean else false end)
  from stored s
$$;
comment on function private.controlled_substance_settings(uuid) is
  'The Controlled settings the database enforces, for one pharmacy, with the §9 defaults for what was never saved '
  '(or is of the wrong type): {deaNumber (the pharmacy record''s, '''' when none), deaExpirationDate (date or null), '
  'maxDailyDispensing (500), scheduleIIEnabled … scheduleVEnabled (true), requireDoubleCount (false)}. The group '
  'as its tab shows it, DEA number included, through private.pharmacy_settings_values.';

create or replace function private.controlled_fills_on(for_pharmacy_id uuid, fill_day date) returns integer
language sql stable
set search_path = ''
as $$
  select count(*)::integer
  from public.prescriptions p
  join public.medications m on m.pharmacy_id = p.pharmacy_id and m.id = p.medication_id
  where p.pharmacy_id = for_pharmacy_id
    and p.date_filled = fill_day
    and p.status in ('ready', 'completed')
    and m.dea_schedule is not null
$$;
comment on function private.controlled_fills_on(uuid, date) is
  'How many controlled prescriptions (medication with a DEA schedule) a pharmacy filled on one of its local days '
  '(date_filled; ready or completed). As the caller; served by prescriptions_pharmacy_id_date_filled_idx.';

-- -----------------------------------------------------------------------------------------------------
-- Double counts of Schedule II fills
-- -----------------------------------------------------------------------------------------------------
create table public.controlled_substance_counts (
  id uuid primary key default gen_random_uuid(),
  pharmacy_id uuid not null default private.current_pharmacy_id() references public.pharmacies (id) on delete cascade,
  prescription_id uuid not null,
  counted_by uuid not null default auth.uid() references auth.users (id),
  quantity_counted numeric(10, 2) not null,
  counted_at timestamptz not null default now(),
  constraint controlled_substance_counts_prescription_fkey foreign key (pharmacy_id, prescription_id)
    references public.prescriptions (pharmacy_id, id) on delete cascade,
  constraint controlled_substance_counts_quantity_check check (quantity_counted > 0)
);
comment on table public.controlled_substance_counts is
  'A staff member''s count of a controlled prescription''s quantity while it is processing (System Settings → '
  'Controlled → requireDoubleCount: a Schedule II fill needs a count of its exact quantity by someone other than '
  'the verifying pharmacist). counted_by and counted_at are set by the database; counts never change and are never '
  'removed; each is audited (controlled_substance_counted). Staff read and record their own pharmacy''s.';
comment on column public.controlled_substance_counts.counted_by is 'Who counted: the signed-in user, set by the database.';
comment on column public.controlled_substance_counts.quantity_counted is 'The units counted (the prescription''s quantity unit).';
comment on column public.controlled_substance_counts.counted_at is 'When it was counted, set by the database.';
comment on constraint controlled_substance_counts_prescription_fkey on public.controlled_substance_counts is
  'The prescription is not in this pharmacy';
comment on constraint controlled_substance_counts_quantity_check on public.controlled_substance_counts is
  'The quantity counted must be greater than 0';

create index controlled_substance_counts_pharmacy_id_prescription_id_idx
  on public.controlled_substance_counts (pharmacy_id, prescription_id, counted_at);
create index controlled_substance_counts_counted_by_idx on public.controlled_substance_counts (counted_by);

create or replace function private.guard_controlled_substance_count() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  counted record;
begin
  if tg_op = 'UPDATE' then
    raise exception 'A recorded count cannot be changed; record a new count instead' using errcode = '42501';
  end if;
  if private.is_end_user_request() then
    new.counted_by := (select auth.uid());
    new.counted_at := now();
  else
    new.counted_by := coalesce(new.counted_by, (select auth.uid()));
    new.counted_at := coalesce(new.counted_at, now());
  end if;
  -- The share lock waits for a verification in flight and then sees its outcome, so no count lands on a
  -- prescription that has just been filled.
  select p.rx_number, p.status, m.dea_schedule into counted
  from public.prescriptions p
  join public.medications m on m.pharmacy_id = p.pharmacy_id and m.id = p.medication_id
  where p.pharmacy_id = new.pharmacy_id and p.id = new.prescription_id
  for share of p;
  if not found then
    raise exception 'The prescription is not in this pharmacy' using errcode = '23503';
  end if;
  if counted.dea_schedule is null then
    raise exception '% is not a controlled substance; only controlled substances are double counted',
      private.prescription_status_label(counted.rx_number) using errcode = '23514';
  end if;
  if counted.status <> 'processing' then
    raise exception '% is %; a count is recorded while it is being processed',
      private.prescription_status_label(counted.rx_number), counted.status using errcode = '23514';
  end if;
  return new;
end
$$;
comment on function private.guard_controlled_substance_count() is
  'BEFORE INSERT/UPDATE trigger of controlled_substance_counts: counts never change; counted_by/at are the signed-in '
  'user and now for end users; only a controlled prescription of the pharmacy that is processing is counted.';

create or replace function private.audit_controlled_substance_count() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  rx public.prescriptions;
begin
  select * into rx from public.prescriptions p where p.pharmacy_id = new.pharmacy_id and p.id = new.prescription_id;
  perform private.record_audit_event(new.pharmacy_id, new.counted_by, 'controlled_substance_counted',
    'prescription', new.prescription_id::text,
    format('%s: counted %s (quantity %s)', private.prescription_status_label(rx.rx_number),
      trim_scale(new.quantity_counted), coalesce(trim_scale(rx.quantity)::text, 'not given')),
    true,
    jsonb_build_object('countId', new.id, 'rxNumber', rx.rx_number, 'quantityCounted', new.quantity_counted,
      'quantity', rx.quantity));
  return null;
end
$$;
comment on function private.audit_controlled_substance_count() is
  'AFTER INSERT trigger of controlled_substance_counts: one audit_log row (controlled_substance_counted) per count, '
  'with the quantity counted and the prescription''s quantity. Security definer: audit_log is written only here.';

create trigger guard_what_is_counted before insert or update on public.controlled_substance_counts
  for each row execute function private.guard_controlled_substance_count();
create trigger guard_tenant_pharmacy_id before insert or update on public.controlled_substance_counts
  for each row execute function private.guard_tenant_pharmacy_id();
create trigger audit_count after insert on public.controlled_substance_counts
  for each row execute function private.audit_controlled_substance_count();

alter table public.controlled_substance_counts enable row level security;
revoke all on public.controlled_substance_counts from anon, authenticated;
grant select, insert on public.controlled_substance_counts to authenticated;
grant all on public.controlled_substance_counts to service_role;

create policy "Staff read their pharmacy's controlled substance counts" on public.controlled_substance_counts
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
create policy "Staff record counts of their pharmacy's controlled prescriptions as themselves" on public.controlled_substance_counts
  for insert to authenticated
  with check (pharmacy_id = (select private.current_pharmacy_id()) and counted_by = (select auth.uid()));
-- No update or delete policy (and no privilege): a count is a record.

select private.install_constraint_explanations('public.controlled_substance_counts');

-- Live: the verifying pharmacist's queue shows a colleague's count as it is recorded (RLS decides who receives it;
-- replica identity full as the other tenant tables, see 20261122001000_realtime_authorization).
alter table public.controlled_substance_counts replica identity full;
alter publication supabase_realtime add table public.controlled_substance_counts;

-- -----------------------------------------------------------------------------------------------------
-- The rules, at entry and at the fill
-- -----------------------------------------------------------------------------------------------------
create or replace function private.apply_controlled_substance_settings() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  schedule text;
  settings jsonb;
  today date;
  expires date;
  rx text;
  fill_day date;
  cap integer;
  filled integer;
  other_count numeric;
begin
  select m.dea_schedule into schedule
  from public.medications m where m.pharmacy_id = new.pharmacy_id and m.id = new.medication_id;
  if schedule is null then
    return new;
  end if;
  settings := private.controlled_substance_settings(new.pharmacy_id);
  today := private.pharmacy_local_date(new.pharmacy_id, now());
  rx := private.prescription_status_label(new.rx_number);

  if not (settings ->> ('schedule' || schedule || 'Enabled'))::boolean then
    raise exception 'This pharmacy does not dispense Schedule % controlled substances (System Settings → Controlled)', schedule
      using errcode = '23514';
  end if;

  expires := (settings ->> 'deaExpirationDate')::date;
  if expires is not null and expires < today then
    raise exception 'The pharmacy''s DEA registration expired on %: controlled substances cannot be entered or filled until it is renewed (System Settings → Controlled)',
      to_char(expires, 'YYYY-MM-DD') using errcode = '23514';
  end if;

  if tg_op = 'INSERT' then
    return new;
  end if;

  -- The fill (the trigger's WHEN clause: processing → ready). verified_by is the verifying user here: the workflow
  -- trigger, which fires first (name order), set it.
  if schedule = 'II' and (settings ->> 'requireDoubleCount')::boolean then
    if new.quantity is null then
      raise exception '% has no quantity to count: enter the quantity, then have it double counted before verifying', rx
        using errcode = '23514';
    end if;
    if not exists (select 1 from public.controlled_substance_counts c
                   where c.pharmacy_id = new.pharmacy_id and c.prescription_id = new.id
                     and c.counted_by is distinct from new.verified_by) then
      raise exception '% is Schedule II: a second staff member (not the verifying pharmacist) must record a double count of its quantity before it is verified (System Settings → Controlled)',
        rx using errcode = '23514';
    end if;
    if not exists (select 1 from public.controlled_substance_counts c
                   where c.pharmacy_id = new.pharmacy_id and c.prescription_id = new.id
                     and c.counted_by is distinct from new.verified_by and c.quantity_counted = new.quantity) then
      select c.quantity_counted into other_count from public.controlled_substance_counts c
      where c.pharmacy_id = new.pharmacy_id and c.prescription_id = new.id and c.counted_by is distinct from new.verified_by
      order by c.counted_at desc, c.id desc limit 1;
      raise exception '%: the double count (%) does not match the quantity (%); count it again before verifying',
        rx, trim_scale(other_count), trim_scale(new.quantity) using errcode = '23514';
    end if;
  end if;

  -- The daily cap: controlled fills of the pharmacy take turns, and each counts after the one before committed
  -- (every statement of this volatile function reads a fresh snapshot).
  fill_day := coalesce(new.date_filled, today);
  cap := (settings ->> 'maxDailyDispensing')::integer;
  perform pg_advisory_xact_lock(hashtextextended('controlled_fills:' || new.pharmacy_id::text, 0));
  filled := private.controlled_fills_on(new.pharmacy_id, fill_day);
  if filled >= cap then
    raise exception 'The daily maximum of controlled substance fills is reached: % of % filled on %; % cannot be filled that day (System Settings → Controlled)',
      filled, cap, to_char(fill_day, 'YYYY-MM-DD'), rx using errcode = '23514';
  end if;
  return new;
end
$$;
comment on function private.apply_controlled_substance_settings() is
  'BEFORE INSERT and BEFORE UPDATE OF status (processing → ready) trigger of prescriptions for controlled drugs: '
  'the pharmacy''s Controlled settings — schedule switched off, DEA registration expired (entry and fill), Schedule '
  'II double count by someone other than the verifier of the exact quantity, and the daily cap of controlled fills '
  '(fill). See this migration''s header.';

-- Name order: after guard_workflow_transitions (the Rx number, the role rules and verified_by come first) and before
-- screen_interactions_* (no interaction check for a prescription the pharmacy may not take).
create trigger screen_controlled_substance_settings before insert on public.prescriptions
  for each row execute function private.apply_controlled_substance_settings();
create trigger screen_controlled_substance_settings_at_fill before update of status on public.prescriptions
  for each row when (old.status = 'processing' and new.status = 'ready')
  execute function private.apply_controlled_substance_settings();

-- -----------------------------------------------------------------------------------------------------
-- What the web shows: the DEA registration banner and the double count action
-- -----------------------------------------------------------------------------------------------------
create or replace function public.controlled_substance_status() returns jsonb
language plpgsql stable security invoker
set search_path = ''
as $$
declare
  pharmacy uuid := private.current_pharmacy_id();
  settings jsonb;
  today date;
  expires date;
begin
  if pharmacy is null then
    raise exception 'Only staff of a pharmacy can read its controlled substance status' using errcode = '42501';
  end if;
  settings := private.controlled_substance_settings(pharmacy);
  today := private.pharmacy_local_date(pharmacy, now());
  expires := (settings ->> 'deaExpirationDate')::date;
  return jsonb_build_object(
    'deaNumberPresent', settings ->> 'deaNumber' <> '',
    'deaExpirationDate', to_char(expires, 'YYYY-MM-DD'),
    'expired', coalesce(expires < today, false),
    'daysLeft', expires - today,
    'today', to_char(today, 'YYYY-MM-DD'),
    'schedules', jsonb_build_object(
      'II', settings -> 'scheduleIIEnabled', 'III', settings -> 'scheduleIIIEnabled',
      'IV', settings -> 'scheduleIVEnabled', 'V', settings -> 'scheduleVEnabled'),
    'requireDoubleCount', settings -> 'requireDoubleCount',
    'controlledFillsToday', private.controlled_fills_on(pharmacy, today),
    'maxDailyDispensing', settings -> 'maxDailyDispensing');
end
$$;
comment on function public.controlled_substance_status() is
  'The caller''s pharmacy''s controlled substance status for the queue and dashboard: {deaNumberPresent, '
  'deaExpirationDate (YYYY-MM-DD or null), expired (before the pharmacy''s local date), daysLeft (null without a '
  'date; negative once expired), today, schedules {II, III, IV, V: enabled}, requireDoubleCount, '
  'controlledFillsToday, maxDailyDispensing}. Any staff member (the Controlled group itself is admins''); as the caller.';

-- -----------------------------------------------------------------------------------------------------
-- Privileges
-- -----------------------------------------------------------------------------------------------------
revoke all on function private.calendar_date_or_null(text), private.controlled_substance_settings(uuid),
  private.controlled_fills_on(uuid, date), private.guard_controlled_substance_count(),
  private.audit_controlled_substance_count(), private.apply_controlled_substance_settings()
  from public;
-- The prescription and count triggers and the status function run as the caller and call these.
grant execute on function private.calendar_date_or_null(text), private.controlled_substance_settings(uuid),
  private.controlled_fills_on(uuid, date)
  to authenticated, service_role;
revoke all on function public.controlled_substance_status() from public, anon;
grant execute on function public.controlled_substance_status() to authenticated, service_role;

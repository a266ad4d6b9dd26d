-- =====================================================================================================
-- Drug pricing (issue 13): the price history of every medication, the NADAC price update and its record, and
-- the weekly scheduled update (Supabase Cron).
--
-- * public.medication_price_history: one append-only row per change of a medication's AWP, WAC (per package)
--   or NADAC (per unit; with the package price NADAC × package_size where the size is known), written by a
--   trigger on medications on every path (a manual edit, a sync, a price update); the same trigger keeps
--   medications.prices_updated_at. Staff read their pharmacy's rows.
-- * public.record_drug_price_update: the api function's one transaction of a price update (POST
--   /api/drugs/pricing-update as the caller, or the scheduled run as the service role): writes the NADAC prices
--   it found and records the run in public.drug_price_update_runs (staff read; the "Last Price Update" card).
-- * public.drug_price_schedules: each pharmacy's weekly update (weekday and local time; pharmacists and admins
--   write, staff read). One pg_cron job, request-due-drug-price-updates, every 15 minutes asks the api function
--   (pg_net, project_url and service_role_key from Vault) to run the update of each pharmacy whose weekly time
--   has come in its own time zone (pharmacies.time_zone, so DST is the zone's) and has not been asked for yet.
-- * private.request_api_function: the one way database code asks the api function (pg_net, Vault's secrets); the
--   outbox's delivery request (20261125000400_message_outbox) is redefined here on it, with the same behaviour.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- The price history
-- -----------------------------------------------------------------------------------------------------
create table public.medication_price_history (
  id uuid primary key default gen_random_uuid(),
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  medication_id uuid not null,
  price_kind text not null check (price_kind in ('awp', 'wac', 'nadac')),
  new_value numeric(14, 5) check (new_value >= 0),
  previous_value numeric(14, 5) check (previous_value >= 0),
  package_price numeric(14, 2) check (package_price >= 0),
  effective_date date not null,
  source text not null check (source in ('nadac', 'manual', 'sync')),
  recorded_at timestamptz not null default now(),
  recorded_by uuid references auth.users (id) on delete set null,
  constraint medication_price_history_medication_fkey foreign key (pharmacy_id, medication_id)
    references public.medications (pharmacy_id, id) on delete cascade
);
comment on table public.medication_price_history is
  'Every change of a medication''s AWP, WAC (dollars per package) or NADAC (dollars per unit), written by the '
  'trigger record_price_change on medications whatever made the change; append-only. Staff read their pharmacy''s.';
comment on column public.medication_price_history.price_kind is 'Which price changed: awp, wac (per package) or nadac (per package_unit).';
comment on column public.medication_price_history.new_value is 'The price after the change (null: cleared); per package for AWP/WAC, per unit for NADAC.';
comment on column public.medication_price_history.previous_value is 'The price before the change (null: none was set).';
comment on column public.medication_price_history.package_price is
  'The price of one package: the value itself for AWP/WAC, NADAC per unit × package_size for NADAC (null when the size is unknown).';
comment on column public.medication_price_history.effective_date is
  'The date the price took effect: NADAC''s effective date, otherwise the pharmacy''s local date of the change.';
comment on column public.medication_price_history.source is
  'What made the change, as the writing path says it: a NADAC price update (public.record_drug_price_update), a '
  'sync from a drug-data provider (synced_at moved, or a provider''s new record), otherwise a manual edit. Both paths '
  'are open to a signed-in writer (a pharmacist or admin may call record_drug_price_update, any staff member may '
  'move synced_at), so the label describes the write; recorded_by says who made it.';
comment on column public.medication_price_history.recorded_by is 'The signed-in user whose change it was; null for the scheduled update (service role).';

-- A drug's history, newest first, and the last change of each price of each drug (distinct on).
create index medication_price_history_medication_idx
  on public.medication_price_history (pharmacy_id, medication_id, price_kind, recorded_at desc);
create index medication_price_history_recorded_by_idx on public.medication_price_history (recorded_by);

create function private.refuse_record_change() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- Only the removal of the row's medication or pharmacy takes it with it: the foreign key's cascade, a delete
  -- issued by a trigger.
  if tg_op = 'DELETE' and pg_trigger_depth() > 1 then
    return old;
  end if;
  raise exception '%', tg_argv[0] using errcode = '42501';
end
$$;
comment on function private.refuse_record_change() is
  'BEFORE UPDATE OR DELETE trigger of a record that is final (medication_price_history, drug_price_update_runs): '
  'rows are never changed or removed, except by the cascade of their medication''s or pharmacy''s deletion. '
  'Argument: the refusal''s message.';
revoke all on function private.refuse_record_change() from public;
create trigger refuse_price_history_change before update or delete on public.medication_price_history
  for each row execute function private.refuse_record_change('The price history cannot be changed');

alter table public.medication_price_history enable row level security;
revoke all on public.medication_price_history from anon, authenticated;
grant select on public.medication_price_history to authenticated;
grant select, insert on public.medication_price_history to service_role;

create policy "Staff can read their pharmacy's price history" on public.medication_price_history
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));

-- -----------------------------------------------------------------------------------------------------
-- Medications: every price change is recorded, and prices_updated_at follows it
-- -----------------------------------------------------------------------------------------------------
create function private.stamp_prices_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.prices_updated_at := case when coalesce(new.awp_price, new.wac_price, new.nadac_per_unit) is not null then now() end;
  elsif new.awp_price is distinct from old.awp_price or new.wac_price is distinct from old.wac_price
        or new.nadac_per_unit is distinct from old.nadac_per_unit then
    new.prices_updated_at := now();
  else
    new.prices_updated_at := old.prices_updated_at;
  end if;
  return new;
end
$$;
comment on function private.stamp_prices_updated_at() is
  'BEFORE INSERT OR UPDATE trigger of medications: prices_updated_at is when AWP, WAC or NADAC last changed, never '
  'a value a client sends.';
revoke all on function private.stamp_prices_updated_at() from public;
create trigger stamp_prices_updated_at before insert or update on public.medications
  for each row execute function private.stamp_prices_updated_at();

create function private.record_price_change() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  change_source text;
  local_day date := (now() at time zone coalesce((select p.time_zone from public.pharmacies p where p.id = new.pharmacy_id), 'America/New_York'))::date;
  old_awp numeric := case when tg_op = 'UPDATE' then old.awp_price end;
  old_wac numeric := case when tg_op = 'UPDATE' then old.wac_price end;
  old_nadac numeric := case when tg_op = 'UPDATE' then old.nadac_per_unit end;
begin
  -- record_drug_price_update names its writes 'nadac' for this transaction; a write that syncs the record from a
  -- provider (synced_at moves, or a provider's new record) is a sync; anything else is a manual edit.
  change_source := coalesce(
    nullif(current_setting('pharmacy.price_source', true), ''),
    case
      when tg_op = 'UPDATE' and new.synced_at is distinct from old.synced_at then 'sync'
      when tg_op = 'INSERT' and new.source <> 'manual' then 'sync'
      else 'manual'
    end);
  insert into public.medication_price_history
    (pharmacy_id, medication_id, price_kind, new_value, previous_value, package_price, effective_date, source, recorded_by)
  select new.pharmacy_id, new.id, c.kind, c.new_value, c.old_value, c.package_price, c.effective_date, change_source, (select auth.uid())
  from (values
    ('awp', new.awp_price::numeric, old_awp, new.awp_price::numeric, local_day),
    ('wac', new.wac_price::numeric, old_wac, new.wac_price::numeric, local_day),
    ('nadac', new.nadac_per_unit::numeric, old_nadac, round(new.nadac_per_unit * new.package_size, 2), coalesce(new.nadac_effective_date, local_day))
  ) as c (kind, new_value, old_value, package_price, effective_date)
  where c.new_value is distinct from c.old_value;
  return null;
end
$$;
comment on function private.record_price_change() is
  'AFTER INSERT OR UPDATE trigger of medications: one medication_price_history row per price (AWP, WAC, NADAC) '
  'that changed, with the source of the change (nadac, sync or manual) and who made it. Security definer: clients '
  'never write the history.';
revoke all on function private.record_price_change() from public;
create trigger record_price_change after insert or update of awp_price, wac_price, nadac_per_unit on public.medications
  for each row execute function private.record_price_change();

-- -----------------------------------------------------------------------------------------------------
-- The runs of the price update
-- -----------------------------------------------------------------------------------------------------
create table public.drug_price_update_runs (
  id uuid primary key default gen_random_uuid(),
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  trigger text not null check (trigger in ('manual', 'scheduled')),
  requested_by uuid references auth.users (id) on delete set null,
  started_at timestamptz not null,
  finished_at timestamptz not null default now(),
  status text not null check (status in ('succeeded', 'failed')),
  local_updates_applied integer not null default 0 check (local_updates_applied >= 0),
  prices_changed integer not null default 0 check (prices_changed >= 0),
  failed_count integer not null default 0 check (failed_count >= 0),
  detail text check (length(detail) <= 4000),
  check (started_at <= finished_at)
);
comment on table public.drug_price_update_runs is
  'One row per NADAC price update of a pharmacy (Update All Pricing, a list of NDCs, or the weekly schedule), '
  'written by public.record_drug_price_update only. local_updates_applied counts the medications NADAC priced '
  '(price changed or confirmed unchanged), prices_changed those whose price changed. Staff read their pharmacy''s; '
  'the last succeeded one is the "Last Price Update".';
comment on column public.drug_price_update_runs.trigger is 'manual: a staff member asked (requested_by); scheduled: the weekly schedule.';
comment on column public.drug_price_update_runs.detail is 'What went wrong: the provider''s failure, or one line per NDC that failed.';

create index drug_price_update_runs_pharmacy_idx on public.drug_price_update_runs (pharmacy_id, finished_at desc);
create index drug_price_update_runs_succeeded_idx on public.drug_price_update_runs (pharmacy_id, finished_at desc) where status = 'succeeded';
create index drug_price_update_runs_requested_by_idx on public.drug_price_update_runs (requested_by);

create trigger refuse_price_update_run_change before update or delete on public.drug_price_update_runs
  for each row execute function private.refuse_record_change('A price update''s record cannot be changed');

alter table public.drug_price_update_runs enable row level security;
revoke all on public.drug_price_update_runs from anon, authenticated;
grant select on public.drug_price_update_runs to authenticated;
grant select, insert on public.drug_price_update_runs to service_role;

create policy "Staff can read their pharmacy's price update runs" on public.drug_price_update_runs
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));

-- -----------------------------------------------------------------------------------------------------
-- Applying a price update (the api function's one transaction)
-- -----------------------------------------------------------------------------------------------------
create function private.insert_drug_price_update_run(
  run_pharmacy_id uuid, run_trigger text, run_started_at timestamptz, outcome text,
  applied integer, changed integer, failed_count integer, run_detail text
) returns uuid
language plpgsql security definer
set search_path = ''
as $$
declare
  run_id uuid;
begin
  -- A signed-in caller records only their own pharmacy's manual runs, as a pharmacist or admin.
  if (select auth.uid()) is not null then
    if run_pharmacy_id is distinct from (select private.current_pharmacy_id())
       or not coalesce((select private.current_staff_can('drugs:manage')), false) or run_trigger <> 'manual' then
      raise exception 'Only pharmacists and administrators can update drug prices' using errcode = '42501';
    end if;
  end if;
  insert into public.drug_price_update_runs
    (pharmacy_id, trigger, requested_by, started_at, status, local_updates_applied, prices_changed, failed_count, detail)
  values (run_pharmacy_id, run_trigger, (select auth.uid()), least(coalesce(run_started_at, now()), now()), outcome,
          applied, changed, greatest(failed_count, 0), left(nullif(run_detail, ''), 4000))
  returning id into run_id;
  return run_id;
end
$$;
comment on function private.insert_drug_price_update_run(uuid, text, timestamptz, text, integer, integer, integer, text) is
  'Records a price update run (drug_price_update_runs has no client writes). A signed-in caller may record only a '
  'manual run of their own pharmacy as its pharmacist or admin; called by public.record_drug_price_update.';
revoke all on function private.insert_drug_price_update_run(uuid, text, timestamptz, text, integer, integer, integer, text) from public;
grant execute on function private.insert_drug_price_update_run(uuid, text, timestamptz, text, integer, integer, integer, text) to authenticated, service_role;

create function public.record_drug_price_update(
  prices jsonb,
  failed_count integer default 0,
  detail text default null,
  run_started_at timestamptz default null,
  outcome text default 'succeeded',
  for_pharmacy_id uuid default null
) returns jsonb
language plpgsql security invoker
set search_path = ''
as $$
declare
  run_pharmacy_id uuid;
  run_trigger text;
  applied integer := 0;
  changed integer := 0;
  run_id uuid;
begin
  if current_user = 'service_role' then
    -- The scheduled run: the pharmacy comes from the database's own job, through the api function.
    if for_pharmacy_id is null then
      raise exception 'A scheduled price update names its pharmacy' using errcode = '22023';
    end if;
    run_pharmacy_id := for_pharmacy_id;
    run_trigger := 'scheduled';
  else
    run_pharmacy_id := (select private.current_pharmacy_id());
    if run_pharmacy_id is null or (for_pharmacy_id is not null and for_pharmacy_id <> run_pharmacy_id) then
      raise exception 'Only staff of this pharmacy can update its drug prices' using errcode = '42501';
    end if;
    if not coalesce((select private.current_staff_can('drugs:manage')), false) then
      raise exception 'Only pharmacists and administrators can update drug prices' using errcode = '42501';
    end if;
    run_trigger := 'manual';
  end if;
  if outcome not in ('succeeded', 'failed') then
    raise exception 'A price update either succeeded or failed' using errcode = '22023';
  end if;
  if jsonb_typeof(coalesce(prices, '[]'::jsonb)) <> 'array' or (outcome = 'failed' and jsonb_array_length(coalesce(prices, '[]'::jsonb)) > 0) then
    raise exception 'Prices are a list, and a failed update writes none' using errcode = '22023';
  end if;

  perform set_config('pharmacy.price_source', 'nadac', true);
  with wanted as (
    select p.medication_id, p.nadac_per_unit, p.effective_date
    from jsonb_to_recordset(coalesce(prices, '[]'::jsonb)) as p (medication_id uuid, nadac_per_unit numeric, effective_date date)
  ),
  before as (
    select m.id, m.nadac_per_unit from public.medications m
    join wanted w on w.medication_id = m.id
    where m.pharmacy_id = run_pharmacy_id
  ),
  written as (
    update public.medications m
       set nadac_per_unit = w.nadac_per_unit,
           nadac_effective_date = coalesce(w.effective_date, m.nadac_effective_date)
      from wanted w
     where m.id = w.medication_id and m.pharmacy_id = run_pharmacy_id
    returning m.id, m.nadac_per_unit
  )
  select count(*), count(*) filter (where b.nadac_per_unit is distinct from w.nadac_per_unit)
    into applied, changed
  from written w join before b on b.id = w.id;
  perform set_config('pharmacy.price_source', '', true);

  run_id := private.insert_drug_price_update_run(run_pharmacy_id, run_trigger, run_started_at, outcome, applied, changed, failed_count, detail);
  return jsonb_build_object('runId', run_id, 'localUpdatesApplied', applied, 'pricesChanged', changed);
end
$$;
comment on function public.record_drug_price_update(jsonb, integer, text, timestamptz, text, uuid) is
  'One price update in one transaction: writes NADAC per unit and its effective date to each listed medication '
  '(prices: [{medication_id, nadac_per_unit, effective_date}]) of the caller''s pharmacy — pharmacists and admins '
  'only; the service role names the pharmacy of a scheduled run — and records the run. The history rows come from '
  'the medications trigger (source nadac). localUpdatesApplied counts the medications written (changed or '
  'confirmed), pricesChanged those whose price changed. Security invoker: RLS on medications applies.';
revoke all on function public.record_drug_price_update(jsonb, integer, text, timestamptz, text, uuid) from public, anon;
grant execute on function public.record_drug_price_update(jsonb, integer, text, timestamptz, text, uuid) to authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- The weekly schedule
-- -----------------------------------------------------------------------------------------------------
create table public.drug_price_schedules (
  pharmacy_id uuid primary key default private.current_pharmacy_id() references public.pharmacies (id) on delete cascade,
  enabled boolean not null default false,
  weekday smallint not null check (weekday between 0 and 6),
  local_time time not null check (local_time = date_trunc('minute', local_time)),
  schedule_changed_at timestamptz not null default now(),
  last_requested_slot timestamptz,
  updated_at timestamptz not null default now(),
  updated_by uuid references auth.users (id) on delete set null
);
comment on table public.drug_price_schedules is
  'Each pharmacy''s weekly NADAC price update (Schedule Updates): on or off, the weekday (0 Sunday) and the time in '
  'the pharmacy''s own time zone. Pharmacists and admins write, staff read; pg_cron''s request-due-drug-price-updates '
  'runs it.';
comment on column public.drug_price_schedules.weekday is 'Day of the week, 0 Sunday … 6 Saturday, in the pharmacy''s time zone.';
comment on column public.drug_price_schedules.local_time is 'The time of day (whole minutes) in the pharmacy''s time zone.';
comment on column public.drug_price_schedules.schedule_changed_at is
  'When the schedule was last turned on or moved: a weekly time that passed before it is not run.';
comment on column public.drug_price_schedules.last_requested_slot is
  'The weekly time (an instant) whose update was last asked for: each time runs once. Written by the database only.';
create index drug_price_schedules_updated_by_idx on public.drug_price_schedules (updated_by);
create index drug_price_schedules_enabled_idx on public.drug_price_schedules (pharmacy_id) where enabled;

create function private.guard_drug_price_schedule() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' or new.enabled is distinct from old.enabled or new.weekday is distinct from old.weekday
     or new.local_time is distinct from old.local_time then
    new.schedule_changed_at := now();
  else
    new.schedule_changed_at := old.schedule_changed_at;
  end if;
  -- Only the database's own job moves the last requested time.
  if private.is_end_user_request() then
    new.last_requested_slot := case when tg_op = 'UPDATE' then old.last_requested_slot end;
    new.updated_by := (select auth.uid());
  end if;
  new.updated_at := now();
  return new;
end
$$;
comment on function private.guard_drug_price_schedule() is
  'BEFORE INSERT OR UPDATE trigger of drug_price_schedules: stamps when the schedule changed and who changed it; '
  'a client never sets last_requested_slot.';
revoke all on function private.guard_drug_price_schedule() from public;
create trigger guard_drug_price_schedule before insert or update on public.drug_price_schedules
  for each row execute function private.guard_drug_price_schedule();
create trigger guard_tenant_pharmacy_id before insert or update on public.drug_price_schedules
  for each row execute function private.guard_tenant_pharmacy_id();

alter table public.drug_price_schedules enable row level security;
revoke all on public.drug_price_schedules from anon, authenticated;
grant select, insert, update on public.drug_price_schedules to authenticated;
grant select, insert, update on public.drug_price_schedules to service_role;

create policy "Staff can read their pharmacy's price update schedule" on public.drug_price_schedules
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
create policy "Pharmacists and admins can set their pharmacy's price update schedule" on public.drug_price_schedules
  for insert to authenticated
  with check (pharmacy_id = (select private.current_pharmacy_id())
              and (select private.current_staff_can('drugs:manage')));
create policy "Pharmacists and admins can change their pharmacy's price update schedule" on public.drug_price_schedules
  for update to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()) and (select private.current_staff_can('drugs:manage')))
  with check (pharmacy_id = (select private.current_pharmacy_id()));

comment on constraint drug_price_schedules_weekday_check on public.drug_price_schedules is 'Choose a day of the week';
comment on constraint drug_price_schedules_local_time_check on public.drug_price_schedules is 'Enter the time as HH:MM';
select private.install_constraint_explanations('public.drug_price_schedules');

-- -----------------------------------------------------------------------------------------------------
-- When the weekly time comes (in the pharmacy's time zone, so DST is the zone's)
-- -----------------------------------------------------------------------------------------------------
create function private.weekly_local_slot(weekday smallint, local_time time, time_zone text, at_time timestamptz) returns timestamp
language sql stable
set search_path = ''
as $$
  -- The latest wall-clock time "weekday at local_time" in the zone at or before at_time.
  select case when slot <= local_now then slot else slot - interval '7 days' end
  from (select local_now,
               (local_now::date - ((extract(dow from local_now)::int - weekday + 7) % 7)) + local_time as slot
        from (select at_time at time zone time_zone as local_now) as n) as s
$$;
comment on function private.weekly_local_slot(smallint, time, text, timestamptz) is
  'The latest local date-time (wall clock in the time zone) that is the weekday at local_time, at or before at_time. '
  'Weeks are counted in local days, so the time stays on the wall clock across DST changes.';
revoke all on function private.weekly_local_slot(smallint, time, text, timestamptz) from public;

create function private.drug_price_update_timing(schedule public.drug_price_schedules, time_zone text, at_time timestamptz)
returns table (due_slot timestamptz, next_run_at timestamptz)
language sql stable
set search_path = ''
as $$
  -- due_slot: the weekly time that has come and not been asked for (null when none); next_run_at: when the update
  -- runs next (the due time, asked within 15 minutes, or the next weekly time).
  select case when due then slot end,
         case when not schedule.enabled then null when due then slot else (local_slot + interval '7 days') at time zone time_zone end
  from (select local_slot, slot,
               schedule.enabled and slot > coalesce(schedule.last_requested_slot, '-infinity'::timestamptz)
                 and slot >= schedule.schedule_changed_at as due
        from (select local_slot, local_slot at time zone time_zone as slot
              from (select private.weekly_local_slot(schedule.weekday, schedule.local_time, time_zone, at_time) as local_slot) as l) as i) as t
$$;
comment on function private.drug_price_update_timing(public.drug_price_schedules, text, timestamptz) is
  'For a schedule at a moment: the weekly time due now (it has come, was not asked for, and is not older than the '
  'schedule''s last change) and the next run time. The one rule of the job and of nextRunAt.';
revoke all on function private.drug_price_update_timing(public.drug_price_schedules, text, timestamptz) from public;
grant execute on function private.drug_price_update_timing(public.drug_price_schedules, text, timestamptz) to authenticated, service_role;
grant execute on function private.weekly_local_slot(smallint, time, text, timestamptz) to authenticated, service_role;

create function private.due_drug_price_updates(at_time timestamptz) returns table (pharmacy_id uuid, slot timestamptz)
language sql stable security definer
set search_path = ''
as $$
  select s.pharmacy_id, t.due_slot
  from public.drug_price_schedules s
  join public.pharmacies p on p.id = s.pharmacy_id
  cross join lateral private.drug_price_update_timing(s, coalesce(p.time_zone, 'America/New_York'), at_time) t
  where s.enabled and t.due_slot is not null
$$;
comment on function private.due_drug_price_updates(timestamptz) is
  'The pharmacies whose weekly price update is due at at_time, with the weekly time (instant) that is due.';
revoke all on function private.due_drug_price_updates(timestamptz) from public;

create function private.request_api_function(request_path text, request_body jsonb, timeout_ms integer, warning_prefix text)
returns bigint
language plpgsql security definer
set search_path = ''
as $$
declare
  project_url text;
  service_role_key text;
  request_id bigint;
begin
  if to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null then
    return null;
  end if;
  -- Reading Vault is inside the guard too: a secret that cannot be decrypted leaves the work waiting, it never
  -- undoes the caller's.
  begin
    select s.decrypted_secret into project_url from vault.decrypted_secrets s where s.name = 'project_url';
    select s.decrypted_secret into service_role_key from vault.decrypted_secrets s where s.name = 'service_role_key';
    if project_url is null or service_role_key is null then
      return null;
    end if;
    select net.http_post(
      url := rtrim(project_url, '/') || '/functions/v1/api/' || request_path,
      body := request_body,
      headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || service_role_key),
      timeout_milliseconds := timeout_ms
    ) into request_id;
  exception when others then
    raise warning '%: %', warning_prefix, sqlerrm;
    return null;
  end;
  return request_id;
end
$$;
comment on function private.request_api_function(text, jsonb, integer, text) is
  'Asks the api function, as the service role, POST /api/<request_path> with the body, through pg_net (sent after '
  'commit) with project_url and service_role_key from Vault. Returns the pg_net request id, or null when pg_net or '
  'the secrets are missing or the request could not be queued (then a warning "<warning_prefix>: <reason>"; the '
  'caller''s transaction goes on). The one way database code calls the api.';
revoke all on function private.request_api_function(text, jsonb, integer, text) from public;

-- The outbox's delivery request (20261125000400_message_outbox), unchanged in what it does, now through the helper.
create or replace function private.request_outbox_delivery(delivery_pharmacy_id uuid) returns bigint
language sql
security definer
set search_path = ''
as $$
  select private.request_api_function('internal/outbox/deliver', jsonb_build_object('pharmacyId', delivery_pharmacy_id),
                                      10000, 'outbox: could not ask for delivery')
$$;

create function private.request_drug_price_update(update_pharmacy_id uuid) returns bigint
language sql security definer
set search_path = ''
as $$
  select private.request_api_function('internal/drugs/price-update', jsonb_build_object('pharmacyId', update_pharmacy_id),
                                      120000, 'drug pricing: could not ask for the scheduled update')
$$;
comment on function private.request_drug_price_update(uuid) is
  'Asks the api function (POST /api/internal/drugs/price-update, service role) to run a pharmacy''s scheduled price '
  'update, through pg_net with project_url and service_role_key from Vault. The pg_net request id, or null when '
  'pg_net or the secrets are missing.';
revoke all on function private.request_drug_price_update(uuid) from public;

create function private.request_due_drug_price_updates(at_time timestamptz default now()) returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  due record;
  asked integer := 0;
begin
  for due in select d.pharmacy_id, d.slot from private.due_drug_price_updates(at_time) d loop
    -- Marked only when asked: without pg_net or the secrets the next quarter hour tries again.
    if private.request_drug_price_update(due.pharmacy_id) is not null then
      update public.drug_price_schedules set last_requested_slot = due.slot where pharmacy_id = due.pharmacy_id;
      asked := asked + 1;
    end if;
  end loop;
  return asked;
end
$$;
comment on function private.request_due_drug_price_updates(timestamptz) is
  'Run by pg_cron every 15 minutes (job request-due-drug-price-updates): asks for the update of every pharmacy '
  'whose weekly time has come (private.due_drug_price_updates at at_time) and marks that time asked. Returns how '
  'many were asked. Tests pass a moment instead of waiting for the clock.';
revoke all on function private.request_due_drug_price_updates(timestamptz) from public;

do $$
begin
  if to_regnamespace('cron') is not null then
    perform cron.schedule('request-due-drug-price-updates', '*/15 * * * *', 'select private.request_due_drug_price_updates()');
  end if;
end
$$;

-- -----------------------------------------------------------------------------------------------------
-- Reading the schedule (GET/PUT /api/drugs/pricing-schedule)
-- -----------------------------------------------------------------------------------------------------
create function public.drug_price_schedule() returns jsonb
language plpgsql stable security invoker
set search_path = ''
as $$
declare
  own_pharmacy_id uuid := (select private.current_pharmacy_id());
  schedule public.drug_price_schedules;
  zone text;
  next_run timestamptz;
  last_run jsonb;
begin
  if own_pharmacy_id is null then
    raise exception 'Only staff of a pharmacy can read its price update schedule' using errcode = '42501';
  end if;
  select coalesce(p.time_zone, 'America/New_York') into zone from public.pharmacies p where p.id = own_pharmacy_id;
  select * into schedule from public.drug_price_schedules s where s.pharmacy_id = own_pharmacy_id;
  if schedule.pharmacy_id is null then
    -- No schedule saved: off, Monday 06:00 (what the form offers first).
    schedule := row(own_pharmacy_id, false, 1, '06:00'::time, now(), null, now(), null)::public.drug_price_schedules;
  end if;
  select t.next_run_at into next_run from private.drug_price_update_timing(schedule, zone, now()) t;
  select jsonb_build_object('startedAt', r.started_at, 'finishedAt', r.finished_at, 'status', r.status,
                            'localUpdatesApplied', r.local_updates_applied, 'detail', r.detail, 'trigger', r.trigger)
    into last_run
  from public.drug_price_update_runs r
  where r.pharmacy_id = own_pharmacy_id
  order by r.finished_at desc
  limit 1;
  return jsonb_build_object(
    'enabled', schedule.enabled,
    'weekday', schedule.weekday,
    'time', to_char(schedule.local_time, 'HH24:MI'),
    'timezone', zone,
    'nextRunAt', next_run,
    'lastRun', last_run);
end
$$;
comment on function public.drug_price_schedule() is
  'The caller''s pharmacy''s weekly price update: enabled, weekday (0 Sunday), time (HH:MM local), its time zone, '
  'the next run (null when off) and the last run (manual or scheduled). Staff only; security invoker.';
revoke all on function public.drug_price_schedule() from public, anon;
grant execute on function public.drug_price_schedule() to authenticated, service_role;

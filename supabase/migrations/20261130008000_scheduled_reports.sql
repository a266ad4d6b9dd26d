-- =====================================================================================================
-- Scheduled reports (issue 26): the Reports settings' daily, weekly and monthly schedules run (pg_cron), their
-- files are kept in Storage and mailed to the pharmacy's report address through the outbox.
--
-- * The database decides WHEN and the PERIOD; the api function decides WHICH reports, from one table in shared code
--   (shared/src/reports/schedules.ts): daily → the previous pharmacy day's Daily Dispensing Log and Sales; weekly →
--   the previous 7 days' Sales and Inventory; monthly → the previous calendar month's Sales, Inventory, Patients and
--   Controlled Substance Log.
-- * A schedule is due at a moment when, in the pharmacy's time zone, it is its day (every day; the weekday; the
--   month's day 1–28) and the local time has reached its time, and that slot has no run yet. Only the slot of the
--   current local day is due: a quarter hour the job missed is caught up the same day, a day it missed is not.
-- * public.scheduled_report_runs: one row per schedule per slot (unique), written only by the database and the
--   service role; staff with reports:read read their pharmacy's (the Reports screen's "Scheduled reports").
-- * pg_cron's request-due-scheduled-reports (every 15 minutes) queues each due run and asks the api function
--   (POST /api/internal/reports/scheduled-run {runId}) through private.request_api_function.
-- * The api function builds each report for the run's pharmacy through public.run_report_for_pharmacy (service role
--   only: it names the pharmacy for private.reports_caller_pharmacy in a transaction-local setting honoured only for
--   the service role), stores the files in the private bucket scheduled-reports at <pharmacy_id>/<run_id>/<file>,
--   and records the outcome with public.finish_scheduled_report_run, which queues the one email (kind
--   scheduled_report, the files as attachment_paths) in the same transaction and asks for its delivery.
-- * The outbox gains attachments: outbound_messages.attachment_paths (objects of the scheduled-reports bucket under
--   the message's pharmacy); delivery attaches them up to the Email settings' attachmentMaxSizeMb.
-- * A failed run is a system alert on the Reports screen (public.reports_system_alerts).
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- The bucket: private; staff with reports:read read their pharmacy's folder; only the service role writes
-- -----------------------------------------------------------------------------------------------------
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('scheduled-reports', 'scheduled-reports', false, 104857600,
        array['text/csv', 'application/pdf', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'])
on conflict (id) do nothing;

create function private.may_read_scheduled_report_file(object_name text) returns boolean
language sql stable security definer
set search_path = ''
as $$
  -- <pharmacy_id>/<run_id>/<file>: the first folder is the caller's pharmacy, and they may read reports.
  select coalesce(split_part(object_name, '/', 1) = (select private.current_pharmacy_id())::text
                  and (select private.current_staff_can('reports:read')), false)
$$;
comment on function private.may_read_scheduled_report_file(text) is
  'Whether the caller may read (download, sign) a scheduled report''s file (<pharmacy_id>/<run_id>/<file> in the '
  'scheduled-reports bucket): staff of that pharmacy with reports:read.';
revoke all on function private.may_read_scheduled_report_file(text) from public, anon;
grant execute on function private.may_read_scheduled_report_file(text) to authenticated;

drop policy if exists "Staff who read reports read their pharmacy's scheduled report files" on storage.objects;
create policy "Staff who read reports read their pharmacy's scheduled report files" on storage.objects
  for select to authenticated
  using (bucket_id = 'scheduled-reports' and private.may_read_scheduled_report_file(name));

-- -----------------------------------------------------------------------------------------------------
-- The runs
-- -----------------------------------------------------------------------------------------------------
create table public.scheduled_report_runs (
  id uuid primary key default gen_random_uuid(),
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  schedule text not null,
  period_from date not null,
  period_to date not null,
  slot timestamptz not null,
  status text not null default 'queued',
  queued_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  files jsonb not null default '[]'::jsonb,
  recipient text,
  outbound_message_id uuid references public.outbound_messages (id) on delete set null,
  detail text,
  constraint scheduled_report_runs_schedule_check check (schedule in ('daily', 'weekly', 'monthly')),
  constraint scheduled_report_runs_status_check check (status in ('queued', 'running', 'succeeded', 'failed')),
  constraint scheduled_report_runs_period_check check (period_from <= period_to),
  constraint scheduled_report_runs_files_check check (jsonb_typeof(files) = 'array'),
  constraint scheduled_report_runs_finished_check check ((status in ('succeeded', 'failed')) = (finished_at is not null)),
  constraint scheduled_report_runs_detail_check check (length(detail) <= 4000),
  -- A schedule's slot runs once.
  constraint scheduled_report_runs_once_per_slot unique (pharmacy_id, schedule, slot)
);
comment on table public.scheduled_report_runs is
  'Each run of a pharmacy''s scheduled reports (Reports settings: daily, weekly, monthly): the period it covers, its '
  'status, the files it stored (bucket scheduled-reports) and the email it queued. Queued by pg_cron''s '
  'request-due-scheduled-reports, run by the api function; written by the database and the service role only. '
  'Staff with reports:read read their pharmacy''s.';
comment on column public.scheduled_report_runs.schedule is 'Which schedule ran: daily, weekly or monthly.';
comment on column public.scheduled_report_runs.period_from is 'The first pharmacy day the reports cover.';
comment on column public.scheduled_report_runs.period_to is 'The last pharmacy day the reports cover.';
comment on column public.scheduled_report_runs.slot is
  'The instant the schedule was due (its day and time in the pharmacy''s time zone): each slot runs once.';
comment on column public.scheduled_report_runs.status is 'queued (asked for), running, succeeded, failed (detail says why).';
comment on column public.scheduled_report_runs.queued_at is 'When the job queued the run.';
comment on column public.scheduled_report_runs.started_at is 'When the api function started it.';
comment on column public.scheduled_report_runs.finished_at is 'When it succeeded or failed.';
comment on column public.scheduled_report_runs.files is
  'The files stored: [{report, name, path, sizeBytes, contentType}], path in the scheduled-reports bucket '
  '(<pharmacy_id>/<run_id>/<name>).';
comment on column public.scheduled_report_runs.recipient is 'The report address mailed (Email settings'' mainEmailAddress); null when none was set.';
comment on column public.scheduled_report_runs.outbound_message_id is 'The email queued with the files (outbound_messages), if any.';
comment on column public.scheduled_report_runs.detail is 'Why a run failed, or a note on a succeeded one (no report address set).';
comment on constraint scheduled_report_runs_once_per_slot on public.scheduled_report_runs is 'This schedule already ran for this time';

-- The screen's page (newest first), the alerts' failed runs, the message's run.
create index scheduled_report_runs_page_idx on public.scheduled_report_runs (pharmacy_id, queued_at desc, id desc);
create index scheduled_report_runs_failed_idx on public.scheduled_report_runs (pharmacy_id, finished_at) where status = 'failed';
create index scheduled_report_runs_outbound_message_idx on public.scheduled_report_runs (outbound_message_id);

create function private.guard_scheduled_report_run() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (new.pharmacy_id, new.schedule, new.period_from, new.period_to, new.slot, new.queued_at)
     is distinct from (old.pharmacy_id, old.schedule, old.period_from, old.period_to, old.slot, old.queued_at) then
    raise exception 'A scheduled report run''s schedule and period cannot be changed' using errcode = '42501';
  end if;
  if old.status in ('succeeded', 'failed') and new.status is distinct from old.status then
    raise exception 'A finished run stays finished' using errcode = '23514';
  end if;
  if old.status = 'queued' and new.status = 'succeeded' then
    raise exception 'A run starts before it succeeds' using errcode = '23514';
  end if;
  return new;
end
$$;
comment on function private.guard_scheduled_report_run() is
  'BEFORE UPDATE trigger of scheduled_report_runs: the schedule, period and slot never change; queued → running → '
  'succeeded or failed (a queued run may also fail); a finished run is final.';
revoke all on function private.guard_scheduled_report_run() from public;
create trigger guard_scheduled_report_run before update on public.scheduled_report_runs
  for each row execute function private.guard_scheduled_report_run();

alter table public.scheduled_report_runs enable row level security;
revoke all on public.scheduled_report_runs from anon, authenticated;
grant select on public.scheduled_report_runs to authenticated;
grant select, insert, update, delete on public.scheduled_report_runs to service_role;

create policy "Staff who read reports read their pharmacy's scheduled report runs" on public.scheduled_report_runs
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()) and (select private.current_staff_can('reports:read')));

select private.install_constraint_explanations('public.scheduled_report_runs');

-- -----------------------------------------------------------------------------------------------------
-- When a schedule is due (the pharmacy's time zone)
-- -----------------------------------------------------------------------------------------------------
create function private.reports_setting_time(stored jsonb) returns time
language sql immutable
set search_path = ''
as $$
  select case when jsonb_typeof(stored) = 'string' and stored #>> '{}' ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
              then (stored #>> '{}')::time else '08:00'::time end
$$;
comment on function private.reports_setting_time(jsonb) is
  'A stored Reports settings time ("HH:MM"), or 08:00 (the §9 default) when missing or of another shape.';
revoke all on function private.reports_setting_time(jsonb) from public;

create function private.due_scheduled_reports(at_time timestamptz)
returns table (pharmacy_id uuid, schedule text, slot timestamptz, period_from date, period_to date)
language sql stable security definer
set search_path = ''
as $$
  with settings as (
    -- Only pharmacies that turned a schedule on (the defaults are off).
    select s.pharmacy_id, s.settings as v, coalesce(p.time_zone, 'America/New_York') as zone
    from public.pharmacy_settings s
    join public.pharmacies p on p.id = s.pharmacy_id
    where s.group_key = 'reports'
      and (s.settings -> 'dailyReportsEnabled' = 'true'::jsonb or s.settings -> 'weeklyReportsEnabled' = 'true'::jsonb
           or s.settings -> 'monthlyReportsEnabled' = 'true'::jsonb)
  ), local as (
    select st.pharmacy_id, st.v, st.zone, (at_time at time zone st.zone) as local_now,
           (at_time at time zone st.zone)::date as today
    from settings st
  ), candidates as (
    select l.pharmacy_id, l.zone, l.local_now, 'daily' as schedule, l.today + private.reports_setting_time(l.v -> 'dailyReportTime') as local_slot,
           l.today - 1 as period_from, l.today - 1 as period_to
    from local l
    where l.v -> 'dailyReportsEnabled' = 'true'::jsonb
    union all
    select l.pharmacy_id, l.zone, l.local_now, 'weekly', l.today + private.reports_setting_time(l.v -> 'weeklyReportTime'),
           l.today - 7, l.today - 1
    from local l
    where l.v -> 'weeklyReportsEnabled' = 'true'::jsonb
      and extract(dow from l.today)::int = coalesce(array_position(
            array['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'], l.v ->> 'weeklyReportDay') - 1, 1)
    union all
    select l.pharmacy_id, l.zone, l.local_now, 'monthly', l.today + private.reports_setting_time(l.v -> 'monthlyReportTime'),
           (date_trunc('month', l.today) - interval '1 month')::date, (date_trunc('month', l.today) - interval '1 day')::date
    from local l
    where l.v -> 'monthlyReportsEnabled' = 'true'::jsonb
      and extract(day from l.today)::int = least(greatest(private.settings_whole_number(l.v -> 'monthlyReportDay', 1), 1), 28)
  )
  select c.pharmacy_id, c.schedule, c.local_slot at time zone c.zone, c.period_from, c.period_to
  from candidates c
  where c.local_slot <= c.local_now
    and not exists (select 1 from public.scheduled_report_runs r
                    where r.pharmacy_id = c.pharmacy_id and r.schedule = c.schedule and r.slot = c.local_slot at time zone c.zone)
$$;
comment on function private.due_scheduled_reports(timestamptz) is
  'The scheduled reports due at at_time: for each pharmacy whose Reports settings turn a schedule on, the schedule '
  'whose day it is in the pharmacy''s time zone (daily: every day; weekly: weeklyReportDay; monthly: '
  'monthlyReportDay 1–28) once the local time has reached its time, and whose slot (that day''s time, an instant) has '
  'no run yet; with the period it covers (daily: the day before; weekly: the 7 days before; monthly: the calendar '
  'month before). Tests pass a moment.';
revoke all on function private.due_scheduled_reports(timestamptz) from public;

create function private.request_due_scheduled_reports(at_time timestamptz default now()) returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  due record;
  run_id uuid;
  asked integer := 0;
begin
  -- A run never started (its request was lost) or never finished (its function stopped) within 30 minutes failed:
  -- said on the screen and in the alerts rather than waiting for ever. (The request's own timeout is 5 minutes.)
  update public.scheduled_report_runs r
     set status = 'failed', finished_at = greatest(at_time, r.queued_at, coalesce(r.started_at, r.queued_at)),
         detail = case r.status when 'queued' then 'The run was never started' else 'The run stopped before it finished' end
   where (r.status = 'queued' and r.queued_at < at_time - interval '30 minutes')
      or (r.status = 'running' and r.started_at < at_time - interval '30 minutes');
  for due in select * from private.due_scheduled_reports(at_time) loop
    insert into public.scheduled_report_runs (pharmacy_id, schedule, slot, period_from, period_to)
    values (due.pharmacy_id, due.schedule, due.slot, due.period_from, due.period_to)
    on conflict (pharmacy_id, schedule, slot) do nothing
    returning id into run_id;
    continue when run_id is null;
    -- Kept only when asked: without pg_net or the secrets the next quarter hour tries the slot again.
    if private.request_api_function('internal/reports/scheduled-run', jsonb_build_object('runId', run_id),
                                    300000, 'scheduled reports: could not ask for the run') is null then
      delete from public.scheduled_report_runs r where r.id = run_id;
    else
      asked := asked + 1;
    end if;
  end loop;
  return asked;
end
$$;
comment on function private.request_due_scheduled_reports(timestamptz) is
  'Run by pg_cron every 15 minutes (job request-due-scheduled-reports): fails the runs not started or not finished '
  'within 30 minutes, then queues a run of each scheduled report due at at_time (private.due_scheduled_reports) and '
  'asks the api function to run it (POST /api/internal/reports/scheduled-run {runId}, 5 minutes). Returns how many '
  'were asked.';
revoke all on function private.request_due_scheduled_reports(timestamptz) from public;

do $$
begin
  if to_regnamespace('cron') is not null then
    perform cron.schedule('request-due-scheduled-reports', '*/15 * * * *', 'select private.request_due_scheduled_reports()');
  end if;
end
$$;

-- -----------------------------------------------------------------------------------------------------
-- The reports for a pharmacy the service role names (a scheduled run)
-- -----------------------------------------------------------------------------------------------------
create or replace function private.reports_caller_pharmacy(refusal text) returns uuid
language plpgsql stable security definer
set search_path = ''
as $$
declare
  pharmacy uuid := private.current_pharmacy_id();
  named text := nullif(current_setting('pharmacy.report_for_pharmacy', true), '');
begin
  -- The service role's scheduled run names its pharmacy (public.run_report_for_pharmacy); nobody else is heard.
  if named is not null and (select auth.role()) = 'service_role' then
    return named::uuid;
  end if;
  if pharmacy is null or not private.current_staff_can('reports:read') then
    raise exception '%', refusal using errcode = '42501';
  end if;
  return pharmacy;
end
$$;
comment on function private.reports_caller_pharmacy(text) is
  'The caller''s pharmacy when they may read reports and report to the PMP (reports:read: pharmacists and admins), '
  'else 42501 with the refusal given. For the service role only, the pharmacy named by public.run_report_for_pharmacy '
  '(transaction-local setting pharmacy.report_for_pharmacy): the scheduled reports.';

create function public.run_report_for_pharmacy(report_pharmacy_id uuid, report text, from_date date, to_date date) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  result jsonb;
begin
  if (select auth.role()) is distinct from 'service_role' or current_user <> 'service_role' then
    raise exception 'Only the service role can run a report for a pharmacy' using errcode = '42501';
  end if;
  if not exists (select 1 from public.pharmacies p where p.id = report_pharmacy_id) then
    raise exception 'Pharmacy not found' using errcode = 'P0002';
  end if;
  perform set_config('pharmacy.report_for_pharmacy', report_pharmacy_id::text, true);
  result := case report
    when 'sales' then private.sales_report(from_date, to_date)
    when 'inventory' then private.inventory_report(from_date, to_date)
    when 'patients' then private.patients_report(from_date, to_date)
    when 'dispensing-log' then private.dispensing_log_report(from_date, to_date)
    when 'controlled-substances' then private.controlled_substances_report(from_date, to_date)
  end;
  perform set_config('pharmacy.report_for_pharmacy', '', true);
  if result is null then
    raise exception 'Unknown report %', report using errcode = '22023';
  end if;
  return result;
end
$$;
comment on function public.run_report_for_pharmacy(uuid, text, date, date) is
  'Service role only (the scheduled reports): one report (sales, inventory, patients, dispensing-log, '
  'controlled-substances) of the pharmacy named, for its days from_date..to_date, as GET /api/reports answers it. '
  'Names the pharmacy for private.reports_caller_pharmacy for the call only.';
revoke all on function public.run_report_for_pharmacy(uuid, text, date, date) from public, anon, authenticated;
grant execute on function public.run_report_for_pharmacy(uuid, text, date, date) to service_role;
grant execute on function private.sales_report(date, date), private.inventory_report(date, date), private.patients_report(date, date),
  private.dispensing_log_report(date, date), private.controlled_substances_report(date, date) to service_role;

create function public.report_layout_for_pharmacy(report_pharmacy_id uuid) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  result jsonb;
begin
  if (select auth.role()) is distinct from 'service_role' or current_user <> 'service_role' then
    raise exception 'Only the service role can read a pharmacy''s report layout' using errcode = '42501';
  end if;
  if not exists (select 1 from public.pharmacies p where p.id = report_pharmacy_id) then
    raise exception 'Pharmacy not found' using errcode = 'P0002';
  end if;
  perform set_config('pharmacy.report_for_pharmacy', report_pharmacy_id::text, true);
  result := private.report_layout();
  perform set_config('pharmacy.report_for_pharmacy', '', true);
  return result;
end
$$;
comment on function public.report_layout_for_pharmacy(uuid) is
  'Service role only (the scheduled reports'' PDF and Excel files): private.report_layout of the pharmacy named, as '
  'public.report_layout answers its staff. Names the pharmacy for private.reports_caller_pharmacy for the call only.';
revoke all on function public.report_layout_for_pharmacy(uuid) from public, anon, authenticated;
grant execute on function public.report_layout_for_pharmacy(uuid) to service_role;
grant execute on function private.report_layout() to service_role;

-- -----------------------------------------------------------------------------------------------------
-- The outbox: attachments from the scheduled-reports bucket, and the scheduled_report kind
-- -----------------------------------------------------------------------------------------------------
create function private.paths_under(paths text[], prefix text) returns boolean
language sql immutable
set search_path = ''
as $$
  select coalesce(bool_and(starts_with(p, prefix) and p !~ '(^|/)\.\.(/|$)' and length(p) <= 1024), true)
  from unnest(paths) as p
$$;
comment on function private.paths_under(text[], text) is
  'Whether every path starts with prefix (no .. segment, at most 1024 characters): a message attaches only its own '
  'pharmacy''s files.';
revoke all on function private.paths_under(text[], text) from public;
-- The check constraint runs it as the writer: the service role (test emails) and the database's definers.
grant execute on function private.paths_under(text[], text) to service_role;

alter table public.outbound_messages
  add column attachment_paths text[] not null default '{}',
  add constraint outbound_messages_attachments_check
    check (cardinality(attachment_paths) <= 20 and private.paths_under(attachment_paths, pharmacy_id::text || '/'));
comment on column public.outbound_messages.attachment_paths is
  'Files attached to the email: object names in the private scheduled-reports bucket, under the message''s pharmacy '
  '(<pharmacy_id>/...). Delivery attaches them up to the Email settings'' attachmentMaxSizeMb; a file too large is '
  'named in the mail as stored, not attached.';
comment on constraint outbound_messages_attachments_check on public.outbound_messages is
  'A message attaches at most 20 of its own pharmacy''s files';

alter table public.outbound_messages drop constraint outbound_messages_kind_check;
alter table public.outbound_messages
  add constraint outbound_messages_kind_check check (kind in ('ready_notification', 'test_email', 'scheduled_report'));
comment on constraint outbound_messages_kind_check on public.outbound_messages is
  'Message kind must be ready_notification, test_email or scheduled_report';
comment on column public.outbound_messages.kind is
  'What the message is: ready_notification (a prescription is ready), test_email, scheduled_report (a scheduled run''s files).';
select private.install_constraint_explanations('public.outbound_messages');

create or replace function private.guard_outbound_message() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (new.pharmacy_id, new.channel, new.kind, new.recipient, new.subject, new.body, new.created_at, new.attachment_paths)
     is distinct from (old.pharmacy_id, old.channel, old.kind, old.recipient, old.subject, old.body, old.created_at, old.attachment_paths)
     or (new.prescription_id is not null and new.prescription_id is distinct from old.prescription_id) then
    raise exception 'A message cannot be changed once queued; only its delivery status moves' using errcode = '42501';
  end if;
  if old.status = 'sent' and new.status <> 'sent' then
    raise exception 'A sent message stays sent' using errcode = '23514';
  end if;
  return new;
end
$$;
comment on function private.guard_outbound_message() is
  'BEFORE UPDATE trigger of outbound_messages: pharmacy, channel, kind, recipient, subject, body, attachments, created '
  'time and prescription never change (the prescription may only be cleared by its deletion); a sent message stays sent.';

-- -----------------------------------------------------------------------------------------------------
-- A run's steps, as the service role (the api function's /api/internal/reports/scheduled-run)
-- -----------------------------------------------------------------------------------------------------
create function public.start_scheduled_report_run(run_id uuid) returns public.scheduled_report_runs
language plpgsql
set search_path = ''
as $$
declare
  run public.scheduled_report_runs;
begin
  if current_user <> 'service_role' then
    raise exception 'Only the service role runs scheduled reports' using errcode = '42501';
  end if;
  -- A run is started once; a run whose function died mid-way (running for 15 minutes) may be started again.
  update public.scheduled_report_runs r
     set status = 'running', started_at = now()
   where r.id = run_id
     and (r.status = 'queued' or (r.status = 'running' and r.started_at < now() - interval '15 minutes'))
  returning * into run;
  if run.id is null then
    if not exists (select 1 from public.scheduled_report_runs r where r.id = run_id) then
      raise exception 'Scheduled report run not found' using errcode = 'P0002';
    end if;
    raise exception 'This scheduled report run has already started' using errcode = 'P0001';
  end if;
  return run;
end
$$;
comment on function public.start_scheduled_report_run(uuid) is
  'Service role only: marks a queued scheduled report run running (or one whose run died 15 minutes ago) and returns '
  'it; P0002 when there is no such run, P0001 when it already started or finished.';
revoke all on function public.start_scheduled_report_run(uuid) from public, anon, authenticated;
grant execute on function public.start_scheduled_report_run(uuid) to service_role;

create function public.finish_scheduled_report_run(
  run_id uuid, run_files jsonb, failure text default null,
  mail_recipient text default null, mail_subject text default null, mail_body text default null
) returns public.scheduled_report_runs
language plpgsql
set search_path = ''
as $$
declare
  run public.scheduled_report_runs;
  message_id uuid;
  paths text[];
begin
  if current_user <> 'service_role' then
    raise exception 'Only the service role runs scheduled reports' using errcode = '42501';
  end if;
  select * into run from public.scheduled_report_runs r where r.id = run_id for update;
  if not found then
    raise exception 'Scheduled report run not found' using errcode = 'P0002';
  end if;
  if run.status <> 'running' then
    raise exception 'The scheduled report run is not running (it is %)', run.status using errcode = 'P0001';
  end if;
  if jsonb_typeof(coalesce(run_files, '[]'::jsonb)) <> 'array' then
    raise exception 'A run''s files are a list' using errcode = '22023';
  end if;
  if failure is not null then
    update public.scheduled_report_runs r
       set status = 'failed', finished_at = now(), files = coalesce(run_files, '[]'::jsonb), detail = left(failure, 4000)
     where r.id = run_id returning * into run;
    return run;
  end if;
  if nullif(btrim(mail_recipient), '') is not null then
    select coalesce(array_agg(f ->> 'path' order by ordinality), '{}') into paths
      from jsonb_array_elements(run_files) with ordinality as e (f, ordinality);
    insert into public.outbound_messages (pharmacy_id, channel, kind, recipient, subject, body, attachment_paths)
    values (run.pharmacy_id, 'email', 'scheduled_report', btrim(mail_recipient), coalesce(mail_subject, 'Scheduled reports'),
            coalesce(mail_body, ''), paths)
    returning id into message_id;
    perform private.request_outbox_delivery(run.pharmacy_id);
  end if;
  update public.scheduled_report_runs r
     set status = 'succeeded', finished_at = now(), files = run_files, recipient = nullif(btrim(mail_recipient), ''),
         outbound_message_id = message_id,
         detail = case when message_id is null then 'No report address set: the files are stored, not mailed' end
   where r.id = run_id returning * into run;
  return run;
end
$$;
comment on function public.finish_scheduled_report_run(uuid, jsonb, text, text, text, text) is
  'Service role only: records a running scheduled report run''s outcome in one transaction. With a failure: failed '
  'with it (and any files stored before). Otherwise succeeded with its files ([{report, name, path, sizeBytes, '
  'contentType}]); with a recipient, one email (kind scheduled_report) attaching the files is queued and its delivery '
  'asked for; without one the run says no report address was set.';
revoke all on function public.finish_scheduled_report_run(uuid, jsonb, text, text, text, text) from public, anon, authenticated;
grant execute on function public.finish_scheduled_report_run(uuid, jsonb, text, text, text, text) to service_role;

-- -----------------------------------------------------------------------------------------------------
-- A failed run is a system alert
-- -----------------------------------------------------------------------------------------------------
create function private.scheduled_report_alerts() returns jsonb
language sql stable security definer
set search_path = ''
as $$
  select case when failed > 0 then jsonb_build_array(jsonb_build_object(
    'kind', 'scheduled_reports_failed', 'severity', 'error', 'title', 'Scheduled reports failed',
    'detail', case when failed = 1 then '1 scheduled report run' else failed || ' scheduled report runs' end || ' failed in the last 7 days.',
    'count', failed, 'link', '/reports#scheduled-reports'))
  else '[]'::jsonb end
  from (select count(*) as failed from public.scheduled_report_runs r
        where r.pharmacy_id = (select private.current_pharmacy_id()) and r.status = 'failed'
          and r.finished_at >= now() - interval '7 days'
          -- Only those who can see the runs (reports:read) are told; a technician could not act on it.
          and (select private.current_staff_can('reports:read'))) f
$$;
comment on function private.scheduled_report_alerts() is
  'The system alert of the caller''s pharmacy''s scheduled report runs failed in the last 7 days (none when none '
  'failed, or when the caller has no reports:read), in private.reports_system_alerts'' shape.';
revoke all on function private.scheduled_report_alerts() from public, anon;
grant execute on function private.scheduled_report_alerts() to authenticated, service_role;

create or replace function public.reports_system_alerts() returns jsonb
language sql stable
set search_path = ''
as $$
  select private.reports_system_alerts() || private.scheduled_report_alerts()
$$;
comment on function public.reports_system_alerts() is
  'The Reports and Analytics screen''s system alerts for the caller''s pharmacy (private.reports_system_alerts), and '
  'the scheduled report runs failed in the last 7 days (private.scheduled_report_alerts).';

-- -----------------------------------------------------------------------------------------------------
-- Which schedules are on (the Reports screen's Scheduled reports card; the settings group itself is admins')
-- -----------------------------------------------------------------------------------------------------
create function private.report_schedules() returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  pharmacy uuid := private.reports_caller_pharmacy('Only pharmacists and admins of the pharmacy can read reports');
  v jsonb := private.pharmacy_settings_values(pharmacy, 'reports');
begin
  -- The same reading of each field as private.due_scheduled_reports (a value of another type is its default).
  return jsonb_build_object(
    'daily', jsonb_build_object('enabled', coalesce(v -> 'dailyReportsEnabled' = 'true'::jsonb, false),
                                'time', to_char(private.reports_setting_time(v -> 'dailyReportTime'), 'HH24:MI')),
    'weekly', jsonb_build_object('enabled', coalesce(v -> 'weeklyReportsEnabled' = 'true'::jsonb, false),
                                 'day', case when v ->> 'weeklyReportDay' in ('sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday')
                                             then v ->> 'weeklyReportDay' else 'monday' end,
                                 'time', to_char(private.reports_setting_time(v -> 'weeklyReportTime'), 'HH24:MI')),
    'monthly', jsonb_build_object('enabled', coalesce(v -> 'monthlyReportsEnabled' = 'true'::jsonb, false),
                                  'day', least(greatest(private.settings_whole_number(v -> 'monthlyReportDay', 1), 1), 28),
                                  'time', to_char(private.reports_setting_time(v -> 'monthlyReportTime'), 'HH24:MI')),
    'format', case when v ->> 'defaultReportFormat' in ('pdf', 'excel', 'csv') then v ->> 'defaultReportFormat' else 'pdf' end,
    'timeZone', coalesce((select p.time_zone from public.pharmacies p where p.id = pharmacy), 'America/New_York'));
end
$$;
comment on function private.report_schedules() is
  'The caller''s pharmacy''s report schedules as the job reads them: daily, weekly, monthly {enabled, day, time '
  '(HH:MM local)}, the file format and the time zone. Staff with reports:read (the Reports settings group is '
  'admins'' to read, hence security definer).';
revoke all on function private.report_schedules() from public, anon;
grant execute on function private.report_schedules() to authenticated;

create function public.report_schedules() returns jsonb
language sql stable
set search_path = ''
as $$ select private.report_schedules() $$;
comment on function public.report_schedules() is
  'The Scheduled reports card''s line: which report schedules of the caller''s pharmacy are on (private.report_schedules).';
revoke all on function public.report_schedules() from public, anon;
grant execute on function public.report_schedules() to authenticated;

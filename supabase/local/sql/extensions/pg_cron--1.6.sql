-- =====================================================================================================
-- pg_cron for the local stack: hosted Supabase's `cron` interface (citusdata/pg_cron 1.6: cron.schedule in both
-- forms, cron.unschedule by id and by name, cron.job, cron.job_run_details, their owner-only RLS and grants,
-- cron.alter_job and cron.schedule_in_database revoked from PUBLIC), written for this stack, not copied. Hosted
-- runs jobs from a C background worker; here the stack's `cron` part (supabase/local/src/cron/) reads cron.job,
-- runs each due job as its username in its database and records the run in cron.job_run_details. Schedules:
-- 5-field Vixie cron (with `$` = last day of the month, names, ranges, steps, @hourly…@reboot) or
-- 'N seconds' (1–59), in GMT unless cron.timezone is set.
--
-- What a C function knows and SQL does not: the caller's role. The functions below are security definer (they
-- write cron.job, which the caller may only read) and take the caller as the session's current role
-- (`set role`, as PostgREST does) or else the session user. A definer function of another owner calling
-- cron.schedule therefore schedules for the session's role, not for that owner (pg_cron would use the owner).
--
-- Not checked here (hosted checks them): that the job's database is cron.database_name (migrations of the
-- `supabase db push` test run in other databases), the CONNECT privilege, cron.enable_superuser_jobs.
-- =====================================================================================================

\echo Use "CREATE EXTENSION pg_cron" to load this file. \quit

create schema cron;
comment on schema cron is 'pg_cron: jobs the database runs on a schedule (local stack: run by the stack''s cron part).';

-- -----------------------------------------------------------------------------------------------------
-- cron.job and cron.job_run_details
-- -----------------------------------------------------------------------------------------------------
create sequence cron.jobid_seq;
create sequence cron.runid_seq;

create table cron.job (
  jobid bigint primary key default pg_catalog.nextval('cron.jobid_seq'),
  schedule text not null,
  command text not null,
  nodename text not null default 'localhost',
  nodeport int not null default pg_catalog.inet_server_port(),
  database text not null default pg_catalog.current_database(),
  username text not null default current_user,
  active boolean not null default true,
  jobname text,
  constraint jobname_username_uniq unique (jobname, username)
);
comment on table cron.job is 'Scheduled jobs: each runs command as username in database when schedule is due. Each role sees its own.';
alter table cron.job enable row level security;
create policy cron_job_policy on cron.job using (username operator(pg_catalog.=) current_user);

create table cron.job_run_details (
  jobid bigint,
  runid bigint primary key default pg_catalog.nextval('cron.runid_seq'),
  job_pid integer,
  database text,
  username text,
  command text,
  status text,
  return_message text,
  start_time timestamptz,
  end_time timestamptz
);
comment on table cron.job_run_details is
  'One row per run: status starting → running → succeeded or failed, with the command''s result or error message.';
alter table cron.job_run_details enable row level security;
create policy cron_job_run_details_policy on cron.job_run_details using (username operator(pg_catalog.=) current_user);

select pg_catalog.pg_extension_config_dump('cron.job', '');
select pg_catalog.pg_extension_config_dump('cron.jobid_seq', '');
select pg_catalog.pg_extension_config_dump('cron.job_run_details', '');
select pg_catalog.pg_extension_config_dump('cron.runid_seq', '');

create function cron.job_cache_invalidate()
returns trigger
language plpgsql
as $$
begin
  -- The scheduler re-reads cron.job at once (it also re-reads it every second).
  perform pg_catalog.pg_notify('cron_job_changed', '');
  return null;
end
$$;
comment on function cron.job_cache_invalidate() is 'Tells the scheduler that cron.job changed.';
create trigger cron_job_cache_invalidate
  after insert or update or delete or truncate on cron.job
  for each statement execute function cron.job_cache_invalidate();

-- -----------------------------------------------------------------------------------------------------
-- Schedules (the scheduler parses them too: supabase/local/src/cron/schedule.ts, the same rules and result)
-- -----------------------------------------------------------------------------------------------------
create function cron._local_parse_field(field text, low int, high int, names text[], names_base int)
returns int[]
language plpgsql
immutable
set search_path = ''
as $$
declare
  element text;
  parts text[];
  first_value int;
  last_value int;
  step int;
  result int[] := '{}';
  token text;
  bounds int[];
  i int;
begin
  if field is null or field = '' then return null; end if;
  foreach element in array pg_catalog.string_to_array(field, ',') loop
    -- range = "*" | value | value "-" value, optionally "/" step (a single value takes no step).
    parts := pg_catalog.regexp_match(element, '^(\*|[A-Za-z0-9]+(?:-[A-Za-z0-9]+)?)(?:/([A-Za-z0-9]+))?$');
    if parts is null then return null; end if;
    if parts[1] = '*' then
      first_value := low;
      last_value := high;
    else
      bounds := '{}';
      foreach token in array pg_catalog.string_to_array(parts[1], '-') loop
        if token ~ '^[0-9]+$' then
          if pg_catalog.length(token) > 9 then return null; end if;
          bounds := bounds || token::int;
        else
          i := pg_catalog.array_position(
            (select pg_catalog.array_agg(pg_catalog.lower(n)) from pg_catalog.unnest(names) as n), pg_catalog.lower(token));
          if i is null then return null; end if;
          bounds := bounds || (names_base + i - 1);
        end if;
      end loop;
      first_value := bounds[1];
      last_value := bounds[pg_catalog.cardinality(bounds)];
      if pg_catalog.cardinality(bounds) = 1 and parts[2] is not null then return null; end if;
    end if;
    if parts[2] is null then
      step := 1;
    elsif parts[2] ~ '^[0-9]{1,9}$' then
      step := parts[2]::int;
    else
      return null;
    end if;
    if first_value < low or first_value > high or last_value < low or last_value > high or step <= 0 or step > high then
      return null;
    end if;
    -- A reversed range sets nothing, as in Vixie cron.
    result := result || array(select pg_catalog.generate_series(first_value, last_value, step));
  end loop;
  return array(select distinct v from pg_catalog.unnest(result) as v order by v);
end
$$;
comment on function cron._local_parse_field(text, int, int, text[], int) is
  'Local stack: the values one cron field selects (sorted), or null when the field is invalid.';

create function cron._local_parse_schedule(schedule text)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  trimmed constant text := pg_catalog.btrim(schedule, E' \t\r\n');
  fields text[];
  minutes int[];
  hours int[];
  days_of_month int[];
  months int[];
  days_of_week int[];
  seconds text;
  all_dom constant int[] := array(select pg_catalog.generate_series(1, 31));
  all_month constant int[] := array(select pg_catalog.generate_series(1, 12));
  all_dow constant int[] := array(select pg_catalog.generate_series(0, 6));
  all_hour constant int[] := array(select pg_catalog.generate_series(0, 23));
begin
  if schedule is null then return null; end if;
  if pg_catalog.left(trimmed, 1) = '@' then
    return case trimmed
      when '@reboot' then '{"kind": "reboot"}'::jsonb
      when '@restart' then '{"kind": "reboot"}'::jsonb
      when '@yearly' then pg_catalog.jsonb_build_object('kind', 'cron', 'minutes', '[0]'::jsonb, 'hours', '[0]'::jsonb, 'daysOfMonth', '[1]'::jsonb, 'months', '[1]'::jsonb, 'daysOfWeek', pg_catalog.to_jsonb(all_dow), 'lastDayOfMonth', false, 'domStar', false, 'dowStar', true)
      when '@annually' then pg_catalog.jsonb_build_object('kind', 'cron', 'minutes', '[0]'::jsonb, 'hours', '[0]'::jsonb, 'daysOfMonth', '[1]'::jsonb, 'months', '[1]'::jsonb, 'daysOfWeek', pg_catalog.to_jsonb(all_dow), 'lastDayOfMonth', false, 'domStar', false, 'dowStar', true)
      when '@monthly' then pg_catalog.jsonb_build_object('kind', 'cron', 'minutes', '[0]'::jsonb, 'hours', '[0]'::jsonb, 'daysOfMonth', '[1]'::jsonb, 'months', pg_catalog.to_jsonb(all_month), 'daysOfWeek', pg_catalog.to_jsonb(all_dow), 'lastDayOfMonth', false, 'domStar', false, 'dowStar', true)
      when '@weekly' then pg_catalog.jsonb_build_object('kind', 'cron', 'minutes', '[0]'::jsonb, 'hours', '[0]'::jsonb, 'daysOfMonth', pg_catalog.to_jsonb(all_dom), 'months', pg_catalog.to_jsonb(all_month), 'daysOfWeek', '[0]'::jsonb, 'lastDayOfMonth', false, 'domStar', false, 'dowStar', true)
      when '@daily' then pg_catalog.jsonb_build_object('kind', 'cron', 'minutes', '[0]'::jsonb, 'hours', '[0]'::jsonb, 'daysOfMonth', pg_catalog.to_jsonb(all_dom), 'months', pg_catalog.to_jsonb(all_month), 'daysOfWeek', pg_catalog.to_jsonb(all_dow), 'lastDayOfMonth', false, 'domStar', false, 'dowStar', false)
      when '@midnight' then pg_catalog.jsonb_build_object('kind', 'cron', 'minutes', '[0]'::jsonb, 'hours', '[0]'::jsonb, 'daysOfMonth', pg_catalog.to_jsonb(all_dom), 'months', pg_catalog.to_jsonb(all_month), 'daysOfWeek', pg_catalog.to_jsonb(all_dow), 'lastDayOfMonth', false, 'domStar', false, 'dowStar', false)
      when '@hourly' then pg_catalog.jsonb_build_object('kind', 'cron', 'minutes', '[0]'::jsonb, 'hours', pg_catalog.to_jsonb(all_hour), 'daysOfMonth', pg_catalog.to_jsonb(all_dom), 'months', pg_catalog.to_jsonb(all_month), 'daysOfWeek', pg_catalog.to_jsonb(all_dow), 'lastDayOfMonth', false, 'domStar', false, 'dowStar', false)
      else null
    end;
  end if;

  fields := pg_catalog.regexp_split_to_array(trimmed, '[ \t]+');
  if pg_catalog.cardinality(fields) = 5 then
    minutes := cron._local_parse_field(fields[1], 0, 59, null, 0);
    hours := cron._local_parse_field(fields[2], 0, 23, null, 0);
    if fields[3] <> '$' then
      days_of_month := cron._local_parse_field(fields[3], 1, 31, null, 0);
    end if;
    months := cron._local_parse_field(fields[4], 1, 12, array['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'], 1);
    days_of_week := cron._local_parse_field(fields[5], 0, 7, array['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'], 0);
    if minutes is not null and hours is not null and (fields[3] = '$' or days_of_month is not null) and months is not null and days_of_week is not null then
      return pg_catalog.jsonb_build_object(
        'kind', 'cron',
        'minutes', pg_catalog.to_jsonb(minutes),
        'hours', pg_catalog.to_jsonb(hours),
        'daysOfMonth', pg_catalog.to_jsonb(coalesce(days_of_month, '{}')),
        'months', pg_catalog.to_jsonb(months),
        -- 7 is Sunday too.
        'daysOfWeek', pg_catalog.to_jsonb(array(select distinct (d % 7) from pg_catalog.unnest(days_of_week) as d order by 1)),
        'lastDayOfMonth', fields[3] = '$',
        'domStar', pg_catalog.left(fields[3], 1) = '*',
        'dowStar', pg_catalog.left(fields[5], 1) = '*');
    end if;
  end if;

  -- 'N seconds' / 'N second', N from 1 to 59, any case.
  seconds := (pg_catalog.regexp_match(pg_catalog.lower(schedule), '^\s*\+?([0-9]{1,9})\s*second(?:s\s*)?$'))[1];
  if seconds is not null and seconds::int between 1 and 59 then
    return pg_catalog.jsonb_build_object('kind', 'interval', 'seconds', seconds::int);
  end if;
  return null;
end
$$;
comment on function cron._local_parse_schedule(text) is
  'Local stack: a schedule''s meaning (cron fields, an interval in seconds, or @reboot) as JSON, or null when invalid.';

create function cron._local_check_schedule(schedule text)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if cron._local_parse_schedule(schedule) is null then
    raise exception 'invalid schedule: %', schedule
      using errcode = '22023', hint = 'Use cron format (e.g. 5 4 * * *), or interval format ''[1-59] seconds''';
  end if;
end
$$;
comment on function cron._local_check_schedule(text) is 'Raises pg_cron''s "invalid schedule" error unless the schedule parses.';

create function cron._local_caller()
returns text
language sql
stable
set search_path = ''
as $$
  -- Inside a security-definer function current_user is the owner; the caller is the session's role.
  select case when pg_catalog.current_setting('role') = 'none' then session_user::text else pg_catalog.current_setting('role') end
$$;
comment on function cron._local_caller() is 'Local stack: the role calling a cron function (the session''s current role, else its user).';

-- -----------------------------------------------------------------------------------------------------
-- Scheduling
-- -----------------------------------------------------------------------------------------------------
create function cron._local_upsert_job(job_name text, schedule text, command text, database text, username text, active boolean)
returns bigint
language plpgsql
set search_path = ''
as $$
declare
  new_jobid bigint;
begin
  if schedule is null then raise exception 'schedule can not be NULL'; end if;
  if command is null then raise exception 'command can not be NULL'; end if;
  perform cron._local_check_schedule(schedule);
  if job_name is null then
    insert into cron.job (schedule, command, database, username, active)
    values (schedule, command, database, username, active)
    returning jobid into new_jobid;
  else
    -- An existing name of this role keeps its id and takes the new schedule, command and database.
    insert into cron.job (schedule, command, database, username, active, jobname)
    values (schedule, command, database, username, active, job_name)
    on conflict on constraint jobname_username_uniq
    do update set schedule = excluded.schedule, command = excluded.command, database = excluded.database
    returning jobid into new_jobid;
  end if;
  return new_jobid;
end
$$;
comment on function cron._local_upsert_job(text, text, text, text, text, boolean) is
  'Local stack: validates and writes a job (upsert on name and username), the one writer behind the schedule functions.';

create function cron.schedule(schedule text, command text)
returns bigint
language plpgsql
strict
security definer
set search_path = ''
as $$
begin
  return cron._local_upsert_job(null, schedule, command, pg_catalog.current_database(), cron._local_caller(), true);
end
$$;
comment on function cron.schedule(text, text) is 'schedule a pg_cron job';

create function cron.schedule(job_name text, schedule text, command text)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
begin
  if job_name is null then raise exception 'job_name can not be NULL'; end if;
  return cron._local_upsert_job(job_name, schedule, command, pg_catalog.current_database(), cron._local_caller(), true);
end
$$;
comment on function cron.schedule(text, text, text) is 'schedule a pg_cron job';

create function cron.schedule_in_database(job_name text, schedule text, command text, database text, username text default null, active boolean default 'true')
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller constant text := cron._local_caller();
begin
  if job_name is null then raise exception 'job_name can not be NULL'; end if;
  if username is not null and username <> caller then
    if not (select rolsuper from pg_catalog.pg_roles where rolname = caller) then
      raise exception 'must be superuser to create a job for another role';
    end if;
    if not exists (select from pg_catalog.pg_roles where rolname = username) then
      raise exception 'role "%" does not exist', username;
    end if;
    if not (select rolcanlogin from pg_catalog.pg_roles where rolname = username) then
      raise exception 'role "%" can not log in', username using detail = 'Jobs may only be run by roles that have the LOGIN attribute.';
    end if;
  end if;
  if not exists (select from pg_catalog.pg_database d where d.datname = database) then
    raise exception 'database "%" does not exist', database using errcode = '3D000';
  end if;
  return cron._local_upsert_job(job_name, schedule, command, database, coalesce(username, caller), coalesce(active, true));
end
$$;
comment on function cron.schedule_in_database(text, text, text, text, text, boolean) is 'schedule a pg_cron job';

create function cron.alter_job(job_id bigint, schedule text default null, command text default null, database text default null, username text default null, active boolean default null)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller constant text := cron._local_caller();
  job cron.job;
begin
  if job_id is null then raise exception 'job_id can not be NULL'; end if;
  select * into job from cron.job j where j.jobid = job_id and (j.username = caller or (select rolsuper from pg_catalog.pg_roles where rolname = caller));
  if not found then raise exception 'Job % does not exist or you don''t own it', job_id; end if;
  if schedule is null and command is null and database is null and username is null and active is null then
    raise exception 'no updates specified' using hint = 'You must specify at least one job attribute to change when calling alter_job';
  end if;
  if username is not null and username <> job.username and not (select rolsuper from pg_catalog.pg_roles where rolname = caller) then
    raise exception 'must be superuser to alter username';
  end if;
  if schedule is not null then perform cron._local_check_schedule(schedule); end if;
  update cron.job j
  set schedule = coalesce(alter_job.schedule, j.schedule),
      command = coalesce(alter_job.command, j.command),
      database = coalesce(alter_job.database, j.database),
      username = coalesce(alter_job.username, j.username),
      active = coalesce(alter_job.active, j.active)
  where j.jobid = job_id;
end
$$;
comment on function cron.alter_job(bigint, text, text, text, text, boolean) is
  'Alter the job identified by job_id. Any option left as NULL will not be modified.';

create function cron.unschedule(job_id bigint)
returns bool
language plpgsql
strict
security definer
set search_path = ''
as $$
declare
  caller constant text := cron._local_caller();
  owner_name text;
begin
  select j.username into owner_name from cron.job j where j.jobid = job_id;
  if not found then
    raise exception 'could not find valid entry for job %', job_id;
  end if;
  -- Another role's job only with DELETE on cron.job, as pg_cron checks.
  if owner_name <> caller and not pg_catalog.has_table_privilege(caller, 'cron.job', 'DELETE') then
    raise exception 'permission denied for table job' using errcode = '42501';
  end if;
  delete from cron.job j where j.jobid = job_id;
  return true;
end
$$;
comment on function cron.unschedule(bigint) is 'unschedule a pg_cron job';

create function cron.unschedule(job_name text)
returns bool
language plpgsql
strict
security definer
set search_path = ''
as $$
declare
  caller constant text := cron._local_caller();
begin
  delete from cron.job j where j.jobname = job_name and j.username = caller;
  if not found then
    raise exception 'could not find valid entry for job ''%''', job_name;
  end if;
  return true;
end
$$;
comment on function cron.unschedule(text) is 'unschedule a pg_cron job';

-- -----------------------------------------------------------------------------------------------------
-- Privileges, as hosted: pg_cron grants SELECT on cron.job and SELECT, DELETE on cron.job_run_details to PUBLIC
-- (RLS shows each role its own rows) and revokes alter_job and schedule_in_database from PUBLIC; Supabase's
-- grant_pg_cron_access() gives postgres the schema and everything in it, with grant option. The schema itself is
-- not granted to PUBLIC.
-- -----------------------------------------------------------------------------------------------------
grant select on cron.job to public;
grant select, delete on cron.job_run_details to public;
grant select on sequence cron.jobid_seq, cron.runid_seq to public;
-- Hosted runs extension scripts as supabase_admin, so the functions keep PUBLIC's execute; here the script runs
-- as postgres, whose default privileges (migration 20261122001300_database_hygiene) would withhold it.
grant execute on function
  cron.schedule(text, text),
  cron.schedule(text, text, text),
  cron.unschedule(bigint),
  cron.unschedule(text),
  cron.job_cache_invalidate()
to public;
revoke all on function cron.alter_job(bigint, text, text, text, text, boolean) from public;
revoke all on function cron.schedule_in_database(text, text, text, text, text, boolean) from public;
revoke all on function
  cron._local_parse_field(text, int, int, text[], int),
  cron._local_parse_schedule(text),
  cron._local_check_schedule(text),
  cron._local_caller(),
  cron._local_upsert_job(text, text, text, text, text, boolean)
from public;

grant usage on schema cron to postgres with grant option;
grant all on all tables in schema cron to postgres with grant option;
grant all on all sequences in schema cron to postgres with grant option;
grant all on all functions in schema cron to postgres with grant option;

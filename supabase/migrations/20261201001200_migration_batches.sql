-- =====================================================================================================
-- Data migration: batches in flight (issue 27)
-- =====================================================================================================
-- The import sends two batches of an entity at once (shared/src/migration/run-migration-import.ts), each holding
-- its run FOR KEY SHARE: a new run now takes the run it ends FOR UPDATE, so it waits for that run's batches in
-- flight and none of them commits into a run already ended. And the index of who discontinued an order holds only
-- discontinued orders (the rest have none), one index entry fewer for each order written.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- Who discontinued an order: only discontinued orders have one
-- -----------------------------------------------------------------------------------------------------
drop index public.prescription_orders_discontinued_by_idx;
create index prescription_orders_discontinued_by_idx on public.prescription_orders (discontinued_by) where discontinued_by is not null;
comment on index public.prescription_orders_discontinued_by_idx is
  'The foreign key to auth.users of who discontinued an order (only discontinued orders have one).';

-- -----------------------------------------------------------------------------------------------------
-- A new run waits for the batches in flight of the run it ends
-- -----------------------------------------------------------------------------------------------------
create or replace function private.begin_migration_run(file_sha256 text, totals jsonb, source_system text default 'primerx') returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  pharmacy uuid := private.current_pharmacy_id();
  run public.migration_runs;
begin
  if pharmacy is null or not private.can_migrate_data() then
    raise exception 'Only an admin can import data' using errcode = '42501';
  end if;
  if jsonb_typeof(totals) is distinct from 'object' or length(totals::text) > 1000 then
    raise exception 'The run''s totals must be an object of counts per entity' using errcode = '22023';
  end if;
  -- A run the api never finished (a crash, a closed connection) is over once another begins: the new one continues it.
  -- FOR UPDATE waits for the batches of that run still in flight (each holds it FOR KEY SHARE), so none of them
  -- commits into a run already ended; its later batches find it ended.
  perform 1 from public.migration_runs r where r.pharmacy_id = pharmacy and r.status = 'running' for update;
  update public.migration_runs r
     set status = 'failed', finished_at = now(),
         errors = r.errors || jsonb_build_array(jsonb_build_object('message', 'Interrupted; a later run continued it'))
   where r.pharmacy_id = pharmacy and r.status = 'running';
  insert into public.migration_runs (pharmacy_id, started_by, source_system, file_sha256, totals)
  values (pharmacy, (select auth.uid()), coalesce(source_system, 'primerx'), lower(file_sha256), totals)
  returning * into run;
  perform private.record_audit_event(pharmacy, (select auth.uid()), 'import', 'migration_runs', run.id::text,
    format('Data migration from %s started (file SHA-256 %s)', run.source_system, run.file_sha256), true,
    jsonb_build_object('fileSha256', run.file_sha256, 'totals', run.totals));
  return jsonb_build_object('id', run.id, 'startedAt', run.started_at);
end
$$;
comment on function private.begin_migration_run(text, jsonb, text) is
  'Starts the caller''s pharmacy''s import of a migration file (admins with data:migrate; 42501 otherwise): records '
  'the run with the file''s SHA-256 and the rows per entity, ends a run left running as failed, audits the start. '
  'Answers {id, startedAt}. Waits for the batches of the run it ends that are still in flight.';

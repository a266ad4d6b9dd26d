-- =====================================================================================================
-- Data migration: the importer (issue 27)
-- =====================================================================================================
-- A pharmacy comes over from a PrimeRx-style export (shared/src/migration/): the api validates the file with the
-- one validator, then calls these functions with the validator's NORMALISED rows, in batches, entity by entity
-- (prescribers, medications, patients, prescriptions). Each batch is one set-based statement per step inside the
-- caller's request transaction: a failure leaves nothing of the batch, and a rerun continues because rows already
-- mapped with the same content are skipped.
--
-- Idempotence: every imported row keeps its source (migration_source_rows: source system and source id → the row
-- it became, with an MD5 of the normalised row). The same row again changes nothing; a changed row updates its
-- target. Prescribers already on file are matched by NPI and medications by their 11-digit NDC (linked, not
-- overwritten, the first time); patients and prescriptions only by their source id.
--
-- Prescriptions become prescription_orders only (on file, refillable per their refills), never fills: the live
-- queue is never flooded, and fills would run the queue's interactive triggers (interaction engine, counters) per
-- row. session_replication_role is not available to these functions on hosted Supabase (their owner is not a
-- superuser), so the per-row triggers of patients, prescribers and medications (audit, guards, a product's opening
-- stock through the ledger) still run; prescription_orders has only cheap ones.
--
-- Every run is recorded (migration_runs: who, when, the file's SHA-256, per-entity counts, errors) and audited.
-- Admins with data:migrate only; the pharmacy is always the caller's.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- Runs
-- -----------------------------------------------------------------------------------------------------
create table public.migration_runs (
  id uuid primary key default gen_random_uuid(),
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  started_by uuid references auth.users (id) on delete set null,
  source_system text not null default 'primerx',
  file_sha256 text not null,
  status text not null default 'running',
  totals jsonb not null default '{}'::jsonb,
  counts jsonb not null default '{}'::jsonb,
  errors jsonb not null default '[]'::jsonb,
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  constraint migration_runs_source_system_check check (source_system ~ '^[a-z0-9_-]{1,40}$'),
  constraint migration_runs_file_sha256_check check (file_sha256 ~ '^[0-9a-f]{64}$'),
  constraint migration_runs_status_check check (status in ('running', 'succeeded', 'failed')),
  constraint migration_runs_finished_check check ((status = 'running') = (finished_at is null)),
  constraint migration_runs_errors_check check (jsonb_typeof(errors) = 'array')
);
comment on table public.migration_runs is
  'One import of a migration file into a pharmacy: who started it and when, the file''s SHA-256, the source system, '
  'the rows per entity the file holds (totals), what each entity''s batches did (counts: {total, inserted, updated, '
  'unchanged}), the errors and how it ended. Written only by begin_migration_run, the import functions and '
  'finish_migration_run; admins with data:migrate read their pharmacy''s.';
comment on column public.migration_runs.totals is 'Rows per entity in the file, as the api counted them: {prescribers, medications, patients, prescriptions}.';
comment on column public.migration_runs.counts is 'Per entity, summed over the batches imported: {total, inserted, updated, unchanged}.';
comment on column public.migration_runs.errors is 'What went wrong, as the api reported it (at most 1,000 entries).';
comment on constraint migration_runs_source_system_check on public.migration_runs is 'A source system is a short lower-case name (primerx)';
comment on constraint migration_runs_file_sha256_check on public.migration_runs is 'The file''s SHA-256 is 64 lowercase hex digits';
comment on constraint migration_runs_status_check on public.migration_runs is 'A run is running, succeeded or failed';
comment on constraint migration_runs_finished_check on public.migration_runs is 'A run that has ended records when';
comment on constraint migration_runs_errors_check on public.migration_runs is 'A run''s errors are a list';
create index migration_runs_pharmacy_started_idx on public.migration_runs (pharmacy_id, started_at desc);
create index migration_runs_started_by_idx on public.migration_runs (started_by);

-- -----------------------------------------------------------------------------------------------------
-- Where each imported row came from
-- -----------------------------------------------------------------------------------------------------
create table public.migration_source_rows (
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  entity text not null,
  source_system text not null default 'primerx',
  source_id text not null,
  target_id uuid not null,
  row_hash text not null,
  source_row jsonb,
  last_run_id uuid references public.migration_runs (id) on delete set null,
  imported_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint migration_source_rows_pkey primary key (pharmacy_id, entity, source_system, source_id),
  constraint migration_source_rows_entity_check check (entity in ('patients', 'medications', 'prescribers', 'prescriptions')),
  constraint migration_source_rows_source_id_check check (length(source_id) between 1 and 64),
  constraint migration_source_rows_row_hash_check check (row_hash ~ '^[0-9a-f]{32}$')
);
comment on table public.migration_source_rows is
  'Each row a migration imported: its entity, source system and source id, the row it became (target_id: a '
  'patient, medication, prescriber or prescription order of the pharmacy), the MD5 of the normalised row last '
  'imported (row_hash: the same hash again is skipped, another updates the target) and, for a prescription, that row '
  '(source_row: its quantity, days supply and directions, which an order does not hold). Written only by the import '
  'functions; admins with data:migrate read their pharmacy''s.';
comment on column public.migration_source_rows.source_row is 'A prescription''s normalised row as last imported; null for the other entities, whose rows their target holds whole (no second copy of a patient''s details).';
comment on column public.migration_source_rows.target_id is 'The row it became, in the table its entity names (no foreign key: four tables).';
comment on column public.migration_source_rows.row_hash is 'md5 of the normalised row''s jsonb text (jsonb orders keys, so the same row hashes the same).';
comment on constraint migration_source_rows_entity_check on public.migration_source_rows is 'An entity is patients, medications, prescribers or prescriptions';
comment on constraint migration_source_rows_source_id_check on public.migration_source_rows is 'A source id is 1 to 64 characters';
comment on constraint migration_source_rows_row_hash_check on public.migration_source_rows is 'A row hash is an MD5 in hex';
-- A prescription's references are looked up by target (which source row became this patient).
create index migration_source_rows_target_idx on public.migration_source_rows (pharmacy_id, entity, target_id);
create index migration_source_rows_last_run_idx on public.migration_source_rows (last_run_id);

-- -----------------------------------------------------------------------------------------------------
-- Who may migrate, and the policies
-- -----------------------------------------------------------------------------------------------------
create function private.can_migrate_data() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce(private.current_staff_can('data:migrate') and private.is_pharmacy_admin(), false)
$$;
comment on function private.can_migrate_data() is
  'Whether the signed-in staff member may import a migration: data:migrate (admins) with admin rights now (aal2 '
  'when the security policy requires two-factor for admins).';
revoke all on function private.can_migrate_data() from public;
grant execute on function private.can_migrate_data() to authenticated, service_role;

alter table public.migration_runs enable row level security;
alter table public.migration_source_rows enable row level security;
revoke insert, update, delete, truncate on public.migration_runs, public.migration_source_rows from anon, authenticated;
revoke select on public.migration_runs, public.migration_source_rows from anon;
create policy "Admins can read their pharmacy's migration runs" on public.migration_runs
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()) and (select private.can_migrate_data()));
create policy "Admins can read their pharmacy's migrated source rows" on public.migration_source_rows
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()) and (select private.can_migrate_data()));
grant all on public.migration_runs, public.migration_source_rows to service_role;

-- -----------------------------------------------------------------------------------------------------
-- Beginning and finishing a run
-- -----------------------------------------------------------------------------------------------------
create function private.begin_migration_run(file_sha256 text, totals jsonb, source_system text default 'primerx') returns jsonb
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
  'Answers {id, startedAt}.';
revoke all on function private.begin_migration_run(text, jsonb, text) from public;
grant execute on function private.begin_migration_run(text, jsonb, text) to authenticated;

create function private.finish_migration_run(run_id uuid, run_status text, run_errors jsonb) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  pharmacy uuid := private.current_pharmacy_id();
  run public.migration_runs;
  kept jsonb;
begin
  if pharmacy is null or not private.can_migrate_data() then
    raise exception 'Only an admin can import data' using errcode = '42501';
  end if;
  if run_status not in ('succeeded', 'failed') then
    raise exception 'A run ends succeeded or failed' using errcode = '22023';
  end if;
  -- The first 1,000 errors: a run's record stays small whatever the api sends.
  select coalesce(jsonb_agg(e.value order by e.ordinality), '[]'::jsonb) into kept
  from jsonb_array_elements(case when jsonb_typeof(run_errors) = 'array' then run_errors else '[]'::jsonb end)
       with ordinality e
  where e.ordinality <= 1000;
  update public.migration_runs r
     set status = run_status, errors = r.errors || kept, finished_at = now()
   where r.id = run_id and r.pharmacy_id = pharmacy and r.status = 'running'
  returning * into run;
  if run.id is null then
    raise exception 'No migration run in progress with this id' using errcode = 'P0002';
  end if;
  perform private.record_audit_event(pharmacy, (select auth.uid()), 'import', 'migration_runs', run.id::text,
    format('Data migration from %s %s', run.source_system, run.status), run.status = 'succeeded',
    jsonb_build_object('fileSha256', run.file_sha256, 'counts', run.counts, 'errors', jsonb_array_length(run.errors)));
  return jsonb_build_object('id', run.id, 'status', run.status, 'counts', run.counts, 'finishedAt', run.finished_at);
end
$$;
comment on function private.finish_migration_run(uuid, text, jsonb) is
  'Ends the caller''s pharmacy''s running migration run as succeeded or failed with the api''s errors (the first '
  '1,000), and audits it with its counts (admins with data:migrate). Answers {id, status, counts, finishedAt}.';
revoke all on function private.finish_migration_run(uuid, text, jsonb) from public;
grant execute on function private.finish_migration_run(uuid, text, jsonb) to authenticated;

-- -----------------------------------------------------------------------------------------------------
-- The constraint explanations skip a migration batch
-- -----------------------------------------------------------------------------------------------------
-- zz_explain_constraint_violations runs a dynamic query per row (about 0.7 ms a prescription order): most of a
-- batch's time. A batch's rows were checked by the validator and the constraints, keys and other triggers still
-- judge every row; only the per-row sentence is left out (a refused batch answers the constraint's plain message).
-- The flag is transaction-local and set only by private.migration_batch_run (clients cannot set settings).
create or replace function private.explain_constraint_violations() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  broken text;
begin
  if current_setting('pharmacy.migration_batch', true) = 'on' then
    return new;
  end if;
  -- tg_argv[0]: private.constraint_explanation_sql(<this table>), computed when the trigger was installed.
  execute tg_argv[0] into broken using new, old, tg_op = 'INSERT';
  if broken is not null then
    raise exception '%', substr(broken, 7) using errcode = left(broken, 5);
  end if;
  return new;
end
$$;
comment on function private.explain_constraint_violations() is 'BEFORE INSERT/UPDATE trigger zz_explain_constraint_violations (zz_: fires after every other BEFORE trigger, so it sees the row as it will be stored): raises the clear message of the first rule the row breaks, before Postgres would raise its constraint error (see private.constraint_explanation_sql). Security definer so unique and foreign keys are judged on all rows, as Postgres judges them; it reveals nothing the constraint error would not. Skipped inside a data migration batch (pharmacy.migration_batch, set by private.migration_batch_run): those rows were validated, and the constraints still hold.';

-- -----------------------------------------------------------------------------------------------------
-- Shared steps of the four import functions
-- -----------------------------------------------------------------------------------------------------
create function private.migration_batch_run(run_id uuid, batch jsonb) returns public.migration_runs
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
  if jsonb_typeof(batch) is distinct from 'array' then
    raise exception 'A batch is a list of rows' using errcode = '22023';
  end if;
  if jsonb_array_length(batch) > 10000 then
    raise exception 'A batch holds at most 10,000 rows' using errcode = '22023';
  end if;
  -- The run's lock: one batch of a run at a time, so its counts add up.
  select * into run from public.migration_runs r where r.id = run_id and r.pharmacy_id = pharmacy for update;
  if run.id is null or run.status <> 'running' then
    raise exception 'No migration run in progress with this id' using errcode = 'P0002';
  end if;
  -- Until count_migration_batch ends the batch (or the transaction ends): see explain_constraint_violations.
  perform set_config('pharmacy.migration_batch', 'on', true);
  return run;
end
$$;
comment on function private.migration_batch_run(uuid, jsonb) is
  'The checks every import batch starts with: the caller may migrate, the batch is a list of at most 10,000 rows, '
  'the run is the caller''s pharmacy''s and still running (locked for the batch); marks the transaction as a '
  'migration batch (pharmacy.migration_batch) until count_migration_batch. Answers the run.';
revoke all on function private.migration_batch_run(uuid, jsonb) from public;

create function private.count_migration_batch(run_id uuid, entity text, batch_counts jsonb) returns jsonb
language sql security definer
set search_path = ''
as $$
  select set_config('pharmacy.migration_batch', '', true);
  update public.migration_runs r
     set counts = r.counts || jsonb_build_object(entity, (
       select jsonb_object_agg(k.key, coalesce((r.counts -> entity ->> k.key)::bigint, 0) + (k.value)::bigint)
       from jsonb_each_text(batch_counts) k))
   where r.id = run_id
  returning batch_counts
$$;
comment on function private.count_migration_batch(uuid, text, jsonb) is
  'Ends a batch: clears pharmacy.migration_batch and adds the batch''s counts ({total, inserted, updated, unchanged}) '
  'to its run''s counts of the entity; answers the batch''s.';
revoke all on function private.count_migration_batch(uuid, text, jsonb) from public;

-- -----------------------------------------------------------------------------------------------------
-- Prescribers: matched by source id, else by NPI
-- -----------------------------------------------------------------------------------------------------
create function private.import_migration_prescribers(run_id uuid, rows jsonb) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  run public.migration_runs := private.migration_batch_run(run_id, rows);
  result jsonb;
begin
  with src as materialized (
    select r.value as row, r.value ->> 'prescriberId' as source_id, md5(r.value::text) as row_hash,
           m.row_hash as mapped_hash, coalesce(mapped.id, by_npi.id) as target_id, mapped.id is not null as was_mapped,
           gen_random_uuid() as new_id
    from jsonb_array_elements(rows) r
    left join public.migration_source_rows m
      on m.pharmacy_id = run.pharmacy_id and m.entity = 'prescribers' and m.source_system = run.source_system
     and m.source_id = r.value ->> 'prescriberId'
    left join public.prescribers mapped on mapped.pharmacy_id = run.pharmacy_id and mapped.id = m.target_id
    left join public.prescribers by_npi
      on mapped.id is null and by_npi.pharmacy_id = run.pharmacy_id and by_npi.npi_number = r.value ->> 'npiNumber'
  ),
  inserted as (
    insert into public.prescribers (id, pharmacy_id, first_name, last_name, npi_number, dea_number, license_number,
      license_state, phone, practice_address, practice_city, practice_state, practice_zip_code,
      verification_status, verification_reason)
    select s.new_id, run.pharmacy_id, s.row ->> 'firstName', s.row ->> 'lastName', s.row ->> 'npiNumber',
           s.row ->> 'deaNumber', s.row ->> 'licenseNumber', s.row ->> 'licenseState', s.row ->> 'phone',
           s.row ->> 'address', s.row ->> 'city', s.row ->> 'state', s.row ->> 'zipCode',
           'pending', format('Imported from %s; not verified yet', run.source_system)
    from src s where s.target_id is null
    returning id
  ),
  updated as (
    -- A verified prescriber whose credentials change is pending again, as for an edit.
    update public.prescribers p
       set first_name = s.row ->> 'firstName', last_name = s.row ->> 'lastName', npi_number = s.row ->> 'npiNumber',
           dea_number = s.row ->> 'deaNumber', license_number = s.row ->> 'licenseNumber',
           license_state = s.row ->> 'licenseState', phone = s.row ->> 'phone', practice_address = s.row ->> 'address',
           practice_city = s.row ->> 'city', practice_state = s.row ->> 'state', practice_zip_code = s.row ->> 'zipCode',
           verification_status = case when p.verification_status = 'verified'
             and (p.npi_number, p.first_name, p.last_name, p.license_number, p.license_state, p.dea_number)
                 is distinct from (s.row ->> 'npiNumber', s.row ->> 'firstName', s.row ->> 'lastName',
                                   s.row ->> 'licenseNumber', s.row ->> 'licenseState', s.row ->> 'deaNumber')
             then 'pending' else p.verification_status end,
           verification_reason = case when p.verification_status = 'verified'
             and (p.npi_number, p.first_name, p.last_name, p.license_number, p.license_state, p.dea_number)
                 is distinct from (s.row ->> 'npiNumber', s.row ->> 'firstName', s.row ->> 'lastName',
                                   s.row ->> 'licenseNumber', s.row ->> 'licenseState', s.row ->> 'deaNumber')
             then 'Credentials changed since the last verification; verify again' else p.verification_reason end
      from src s
     where s.was_mapped and s.mapped_hash is distinct from s.row_hash
       and p.pharmacy_id = run.pharmacy_id and p.id = s.target_id
    returning p.id
  ),
  mapped as (
    insert into public.migration_source_rows as m (pharmacy_id, entity, source_system, source_id, target_id, row_hash, source_row, last_run_id)
    select run.pharmacy_id, 'prescribers', run.source_system, s.source_id, coalesce(s.target_id, s.new_id), s.row_hash, null, run.id
    from src s
    on conflict (pharmacy_id, entity, source_system, source_id) do update
      set target_id = excluded.target_id, row_hash = excluded.row_hash, source_row = excluded.source_row,
          last_run_id = excluded.last_run_id, updated_at = now()
      where (m.target_id, m.row_hash) is distinct from (excluded.target_id, excluded.row_hash)
    returning 1
  )
  select jsonb_build_object(
    'total', (select count(*) from src),
    'inserted', (select count(*) from inserted),
    'updated', (select count(*) from updated),
    'unchanged', (select count(*) from src) - (select count(*) from inserted) - (select count(*) from updated),
    'mapped', (select count(*) from mapped))
  into result;
  return private.count_migration_batch(run.id, 'prescribers', result - 'mapped');
end
$$;
comment on function private.import_migration_prescribers(uuid, jsonb) is
  'Imports a batch of normalised migration prescribers (shared/src/migration) into the caller''s pharmacy in one '
  'statement: a row already imported with the same hash is skipped, with another hash updates its prescriber '
  '(verified again when credentials change); a new row is linked to the prescriber of the same NPI on file (not '
  'overwritten) or inserted as pending verification; every row''s source is recorded. Answers the batch''s '
  '{total, inserted, updated, unchanged}, also added to the run.';
revoke all on function private.import_migration_prescribers(uuid, jsonb) from public;
grant execute on function private.import_migration_prescribers(uuid, jsonb) to authenticated;

-- -----------------------------------------------------------------------------------------------------
-- Medications: matched by source id, else by the 11-digit NDC
-- -----------------------------------------------------------------------------------------------------
create function private.import_migration_medications(run_id uuid, rows jsonb) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  run public.migration_runs := private.migration_batch_run(run_id, rows);
  result jsonb;
begin
  with src as materialized (
    select r.value as row, r.value ->> 'drugId' as source_id, md5(r.value::text) as row_hash,
           m.row_hash as mapped_hash, coalesce(mapped.id, by_ndc.id) as target_id, mapped.id is not null as was_mapped,
           gen_random_uuid() as new_id,
           -- medications.ndc_number is written 5-4-2; the validator gives the 11 digits.
           substr(r.value ->> 'ndc', 1, 5) || '-' || substr(r.value ->> 'ndc', 6, 4) || '-' || substr(r.value ->> 'ndc', 10, 2) as ndc_number
    from jsonb_array_elements(rows) r
    left join public.migration_source_rows m
      on m.pharmacy_id = run.pharmacy_id and m.entity = 'medications' and m.source_system = run.source_system
     and m.source_id = r.value ->> 'drugId'
    left join public.medications mapped on mapped.pharmacy_id = run.pharmacy_id and mapped.id = m.target_id
    left join public.medications by_ndc
      on mapped.id is null and by_ndc.pharmacy_id = run.pharmacy_id and by_ndc.ndc11 = r.value ->> 'ndc'
  ),
  inserted as (
    -- The stock on hand becomes the product's opening balance in the ledger (the open_stock_ledger trigger).
    insert into public.medications (id, pharmacy_id, name, generic_name, strength, dosage_form, manufacturer,
      ndc_number, awp_price, wac_price, stock, low_stock_threshold, dea_schedule)
    select s.new_id, run.pharmacy_id, s.row ->> 'name', s.row ->> 'genericName', s.row ->> 'strength',
           s.row ->> 'dosageForm', s.row ->> 'manufacturer', s.ndc_number,
           (s.row ->> 'awpPrice')::numeric / 100, (s.row ->> 'wholesaleCost')::numeric / 100,
           coalesce((s.row ->> 'quantityOnHand')::integer, 0), coalesce((s.row ->> 'reorderLevel')::integer, 0),
           s.row ->> 'deaSchedule'
    from src s where s.target_id is null
    returning id
  ),
  updated as (
    -- Stock is the ledger's once the product exists: a corrected file changes the catalogue, not the stock.
    update public.medications d
       set name = s.row ->> 'name', generic_name = s.row ->> 'genericName', strength = s.row ->> 'strength',
           dosage_form = s.row ->> 'dosageForm', manufacturer = s.row ->> 'manufacturer', ndc_number = s.ndc_number,
           awp_price = (s.row ->> 'awpPrice')::numeric / 100, wac_price = (s.row ->> 'wholesaleCost')::numeric / 100,
           low_stock_threshold = coalesce((s.row ->> 'reorderLevel')::integer, 0), dea_schedule = s.row ->> 'deaSchedule'
      from src s
     where s.was_mapped and s.mapped_hash is distinct from s.row_hash
       and d.pharmacy_id = run.pharmacy_id and d.id = s.target_id
    returning d.id
  ),
  mapped as (
    insert into public.migration_source_rows as m (pharmacy_id, entity, source_system, source_id, target_id, row_hash, source_row, last_run_id)
    select run.pharmacy_id, 'medications', run.source_system, s.source_id, coalesce(s.target_id, s.new_id), s.row_hash, null, run.id
    from src s
    on conflict (pharmacy_id, entity, source_system, source_id) do update
      set target_id = excluded.target_id, row_hash = excluded.row_hash, source_row = excluded.source_row,
          last_run_id = excluded.last_run_id, updated_at = now()
      where (m.target_id, m.row_hash) is distinct from (excluded.target_id, excluded.row_hash)
    returning 1
  )
  select jsonb_build_object(
    'total', (select count(*) from src),
    'inserted', (select count(*) from inserted),
    'updated', (select count(*) from updated),
    'unchanged', (select count(*) from src) - (select count(*) from inserted) - (select count(*) from updated),
    'mapped', (select count(*) from mapped))
  into result;
  return private.count_migration_batch(run.id, 'medications', result - 'mapped');
end
$$;
comment on function private.import_migration_medications(uuid, jsonb) is
  'Imports a batch of normalised migration medications into the caller''s pharmacy in one statement: a row already '
  'imported with the same hash is skipped, with another hash updates its product''s catalogue fields (not its stock, '
  'which is the ledger''s); a new row is linked to the product of the same 11-digit NDC on file (not overwritten) or '
  'inserted with quantityOnHand as its opening balance in the stock ledger; every row''s source is recorded. '
  'Answers the batch''s {total, inserted, updated, unchanged}, also added to the run.';
revoke all on function private.import_migration_medications(uuid, jsonb) from public;
grant execute on function private.import_migration_medications(uuid, jsonb) to authenticated;

-- -----------------------------------------------------------------------------------------------------
-- Patients: matched by source id only (a name and birth date are not an identity)
-- -----------------------------------------------------------------------------------------------------
create function private.import_migration_patients(run_id uuid, rows jsonb) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  run public.migration_runs := private.migration_batch_run(run_id, rows);
  result jsonb;
begin
  with src as materialized (
    select r.value as row, r.value ->> 'patientId' as source_id, md5(r.value::text) as row_hash,
           m.row_hash as mapped_hash, mapped.id as target_id, gen_random_uuid() as new_id,
           array(select jsonb_array_elements_text(coalesce(r.value -> 'allergies', '[]'::jsonb))) as allergies
    from jsonb_array_elements(rows) r
    left join public.migration_source_rows m
      on m.pharmacy_id = run.pharmacy_id and m.entity = 'patients' and m.source_system = run.source_system
     and m.source_id = r.value ->> 'patientId'
    left join public.patients mapped on mapped.pharmacy_id = run.pharmacy_id and mapped.id = m.target_id
  ),
  inserted as (
    insert into public.patients (id, pharmacy_id, first_name, last_name, date_of_birth, phone, street_address, city,
      state, zip_code, allergies, insurance_provider, insurance_member_id)
    select s.new_id, run.pharmacy_id, s.row ->> 'firstName', s.row ->> 'lastName', (s.row ->> 'dateOfBirth')::date,
           s.row ->> 'phone', s.row ->> 'address', s.row ->> 'city', s.row ->> 'state', s.row ->> 'zipCode',
           s.allergies, s.row ->> 'insuranceProvider', s.row ->> 'insurancePolicyNumber'
    from src s where s.target_id is null
    returning id
  ),
  updated as (
    -- Once a patient has insurance plans, the insurance columns mirror the primary plan: the file leaves them.
    update public.patients p
       set first_name = s.row ->> 'firstName', last_name = s.row ->> 'lastName',
           date_of_birth = (s.row ->> 'dateOfBirth')::date, phone = s.row ->> 'phone',
           street_address = s.row ->> 'address', city = s.row ->> 'city', state = s.row ->> 'state',
           zip_code = s.row ->> 'zipCode', allergies = s.allergies,
           insurance_provider = case when plans.patient_id is null then s.row ->> 'insuranceProvider' else p.insurance_provider end,
           insurance_member_id = case when plans.patient_id is null then s.row ->> 'insurancePolicyNumber' else p.insurance_member_id end
      from src s
      left join lateral (
        select i.patient_id from public.patient_insurance_plans i
        where i.pharmacy_id = run.pharmacy_id and i.patient_id = s.target_id limit 1
      ) plans on true
     where s.target_id is not null and s.mapped_hash is distinct from s.row_hash
       and p.pharmacy_id = run.pharmacy_id and p.id = s.target_id
    returning p.id
  ),
  mapped as (
    insert into public.migration_source_rows as m (pharmacy_id, entity, source_system, source_id, target_id, row_hash, source_row, last_run_id)
    select run.pharmacy_id, 'patients', run.source_system, s.source_id, coalesce(s.target_id, s.new_id), s.row_hash, null, run.id
    from src s
    on conflict (pharmacy_id, entity, source_system, source_id) do update
      set target_id = excluded.target_id, row_hash = excluded.row_hash, source_row = excluded.source_row,
          last_run_id = excluded.last_run_id, updated_at = now()
      where (m.target_id, m.row_hash) is distinct from (excluded.target_id, excluded.row_hash)
    returning 1
  )
  select jsonb_build_object(
    'total', (select count(*) from src),
    'inserted', (select count(*) from inserted),
    'updated', (select count(*) from updated),
    'unchanged', (select count(*) from src) - (select count(*) from inserted) - (select count(*) from updated),
    'mapped', (select count(*) from mapped))
  into result;
  return private.count_migration_batch(run.id, 'patients', result - 'mapped');
end
$$;
comment on function private.import_migration_patients(uuid, jsonb) is
  'Imports a batch of normalised migration patients into the caller''s pharmacy in one statement: a row already '
  'imported with the same hash is skipped, with another hash updates its patient (insurance text only while the '
  'patient has no insurance plans); a new row is inserted; every row''s source is recorded. Answers the batch''s '
  '{total, inserted, updated, unchanged}, also added to the run.';
revoke all on function private.import_migration_patients(uuid, jsonb) from public;
grant execute on function private.import_migration_patients(uuid, jsonb) to authenticated;

-- -----------------------------------------------------------------------------------------------------
-- Prescriptions: orders on file (never fills), matched by source id only
-- -----------------------------------------------------------------------------------------------------
create function private.import_migration_prescriptions(run_id uuid, rows jsonb) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  run public.migration_runs := private.migration_batch_run(run_id, rows);
  problem record;
  result jsonb;
  next_rx bigint;
begin
  drop table if exists pg_temp.migration_prescription_batch;
  create temporary table migration_prescription_batch on commit drop as
  select r.ordinality as position, r.value as row, r.value ->> 'prescriptionId' as source_id,
         md5(r.value::text) as row_hash, m.row_hash as mapped_hash, o.id as target_id, gen_random_uuid() as new_id,
         (r.value ->> 'rpNumber')::bigint as rp_number, null::bigint as rx_number,
         pat.target_id as patient_id, med.target_id as medication_id, pre.target_id as prescriber_id,
         d.dea_schedule,
         (r.value ->> 'originalRefills')::integer as refills,
         (r.value ->> 'originalRefills')::integer - (r.value ->> 'refillsRemaining')::integer as refills_used,
         (r.value ->> 'datePrescribed')::date as written_on,
         -- MIGRATION_PRESCRIPTION_STATUSES (shared/src/migration/migration-data.ts).
         case r.value ->> 'status' when 'active' then 'active' when 'discontinued' then 'discontinued'
           when 'inactive' then 'inactive' when 'on_hold' then 'inactive' when 'completed' then 'inactive'
           when 'expired' then 'inactive' end as status
  from jsonb_array_elements(rows) with ordinality r
  left join public.migration_source_rows m
    on m.pharmacy_id = run.pharmacy_id and m.entity = 'prescriptions' and m.source_system = run.source_system
   and m.source_id = r.value ->> 'prescriptionId'
  left join public.prescription_orders o on o.pharmacy_id = run.pharmacy_id and o.id = m.target_id
  left join public.migration_source_rows pat
    on pat.pharmacy_id = run.pharmacy_id and pat.entity = 'patients' and pat.source_system = run.source_system
   and pat.source_id = r.value ->> 'patientId'
  left join public.migration_source_rows med
    on med.pharmacy_id = run.pharmacy_id and med.entity = 'medications' and med.source_system = run.source_system
   and med.source_id = r.value ->> 'drugId'
  left join public.migration_source_rows pre
    on pre.pharmacy_id = run.pharmacy_id and pre.entity = 'prescribers' and pre.source_system = run.source_system
   and pre.source_id = r.value ->> 'prescriberId'
  left join public.medications d on d.pharmacy_id = run.pharmacy_id and d.id = med.target_id;

  -- The references and the rules the validator could not check (a drug imported by an earlier file).
  select b.source_id, b.row, b.status, b.dea_schedule, b.refills,
         b.patient_id is null as no_patient, b.medication_id is null as no_drug,
         b.row ->> 'prescriberId' is not null and b.prescriber_id is null as no_prescriber
    into problem
  from migration_prescription_batch b
  where b.patient_id is null or b.medication_id is null or b.status is null
     or (b.row ->> 'prescriberId' is not null and b.prescriber_id is null)
     or (b.dea_schedule = 'II' and b.refills > 0) or (b.dea_schedule is not null and b.refills > 5)
  order by b.position limit 1;
  if found then
    raise exception '%', format('Prescription %s: %s', problem.source_id, case
      when problem.no_patient then format('no patient %s has been imported', problem.row ->> 'patientId')
      when problem.no_drug then format('no medication %s has been imported', problem.row ->> 'drugId')
      when problem.no_prescriber then format('no prescriber %s has been imported', problem.row ->> 'prescriberId')
      when problem.status is null then format('status %s is not one of the migration statuses', problem.row ->> 'status')
      when problem.dea_schedule = 'II' then 'a Schedule II prescription cannot have refills'
      else 'a Schedule III–V prescription may have at most 5 refills' end) using errcode = '23514';
  end if;

  -- Rx numbers of new orders: the source's when no other order of the pharmacy has it, else the next ones.
  update migration_prescription_batch b set rx_number = b.rp_number
  where b.target_id is null
    and not exists (select 1 from public.prescription_orders o where o.pharmacy_id = run.pharmacy_id and o.rx_number = b.rp_number);
  if exists (select 1 from migration_prescription_batch b where b.target_id is null and b.rx_number is null) then
    -- The counter's row lock also orders this against prescriptions entered meanwhile.
    insert into public.rx_number_counters as c (pharmacy_id, last_rx_number) values (run.pharmacy_id, 1000)
    on conflict (pharmacy_id) do update set last_rx_number = c.last_rx_number
    returning c.last_rx_number into next_rx;
    next_rx := greatest(next_rx,
      coalesce((select max(o.rx_number) from public.prescription_orders o where o.pharmacy_id = run.pharmacy_id), 0),
      coalesce((select max(b.rx_number) from migration_prescription_batch b), 0));
    update migration_prescription_batch b set rx_number = next_rx + n.number
    from (select x.position, row_number() over (order by x.position) as number
          from migration_prescription_batch x where x.target_id is null and x.rx_number is null) n
    where b.position = n.position;
  end if;

  with inserted as (
    insert into public.prescription_orders (id, pharmacy_id, rx_number, patient_id, medication_id, prescriber_id,
      refills, refills_used_before, written_on, status, discontinued_at, discontinued_reason)
    select b.new_id, run.pharmacy_id, b.rx_number, b.patient_id, b.medication_id, b.prescriber_id, b.refills,
           b.refills_used, b.written_on, b.status,
           case when b.status = 'discontinued' then now() end,
           case when b.status = 'discontinued' then format('Discontinued in %s before the migration', run.source_system) end
    from migration_prescription_batch b where b.target_id is null
    returning id
  ),
  updated as (
    update public.prescription_orders o
       set patient_id = b.patient_id, medication_id = b.medication_id, prescriber_id = b.prescriber_id,
           refills = b.refills, refills_used_before = b.refills_used, written_on = b.written_on, status = b.status,
           discontinued_at = case when b.status <> 'discontinued' then null
                                  when o.status = 'discontinued' then o.discontinued_at else now() end,
           discontinued_reason = case when b.status <> 'discontinued' then null
                                      when o.status = 'discontinued' then o.discontinued_reason
                                      else format('Discontinued in %s before the migration', run.source_system) end,
           discontinued_by = case when b.status = 'discontinued' and o.status = 'discontinued' then o.discontinued_by end
      from migration_prescription_batch b
     where b.target_id is not null and b.mapped_hash is distinct from b.row_hash
       and o.pharmacy_id = run.pharmacy_id and o.id = b.target_id
    returning o.id
  ),
  mapped as (
    insert into public.migration_source_rows as m (pharmacy_id, entity, source_system, source_id, target_id, row_hash, source_row, last_run_id)
    select run.pharmacy_id, 'prescriptions', run.source_system, b.source_id, coalesce(b.target_id, b.new_id), b.row_hash, b.row, run.id
    from migration_prescription_batch b
    on conflict (pharmacy_id, entity, source_system, source_id) do update
      set target_id = excluded.target_id, row_hash = excluded.row_hash, source_row = excluded.source_row,
          last_run_id = excluded.last_run_id, updated_at = now()
      where (m.target_id, m.row_hash) is distinct from (excluded.target_id, excluded.row_hash)
    returning 1
  )
  select jsonb_build_object(
    'total', (select count(*) from migration_prescription_batch),
    'inserted', (select count(*) from inserted),
    'updated', (select count(*) from updated),
    'unchanged', (select count(*) from migration_prescription_batch) - (select count(*) from inserted) - (select count(*) from updated),
    'mapped', (select count(*) from mapped))
  into result;

  -- Prescriptions entered from now on are numbered after every Rx number on file, imported ones included.
  insert into public.rx_number_counters as c (pharmacy_id, last_rx_number)
  select run.pharmacy_id, greatest(1000, max(o.rx_number)) from public.prescription_orders o where o.pharmacy_id = run.pharmacy_id
  on conflict (pharmacy_id) do update set last_rx_number = greatest(c.last_rx_number, excluded.last_rx_number), updated_at = now()
  where excluded.last_rx_number > c.last_rx_number;

  drop table pg_temp.migration_prescription_batch;
  return private.count_migration_batch(run.id, 'prescriptions', result - 'mapped');
end
$$;
comment on function private.import_migration_prescriptions(uuid, jsonb) is
  'Imports a batch of normalised migration prescriptions into the caller''s pharmacy as prescription orders on file '
  '(no fills: nothing enters the queue): patient, drug and prescriber are the rows their source ids were imported '
  'as (a missing one refuses the batch with the prescription''s id, as do a controlled drug''s refill limits); Rx '
  'number the source''s rpNumber when free, else the next; refills authorised = originalRefills, used = original − '
  'remaining; status by MIGRATION_PRESCRIPTION_STATUSES. Same hash skipped, another updates the order; the Rx '
  'counter is moved past every number on file. Answers the batch''s {total, inserted, updated, unchanged}, also '
  'added to the run.';
revoke all on function private.import_migration_prescriptions(uuid, jsonb) from public;
grant execute on function private.import_migration_prescriptions(uuid, jsonb) to authenticated;

-- -----------------------------------------------------------------------------------------------------
-- The summary counts
-- -----------------------------------------------------------------------------------------------------
create function private.migration_report() returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  pharmacy uuid := private.current_pharmacy_id();
begin
  if pharmacy is null or not private.can_migrate_data() then
    raise exception 'Only an admin can see the data migration' using errcode = '42501';
  end if;
  -- count(*) over each table's pharmacy index (no counters exist for these four).
  return jsonb_build_object(
    'totalPatients', (select count(*) from public.patients p where p.pharmacy_id = pharmacy),
    'totalMedications', (select count(*) from public.medications m where m.pharmacy_id = pharmacy),
    'totalPrescriptions', (select count(*) from public.prescription_orders o where o.pharmacy_id = pharmacy),
    'totalPrescribers', (select count(*) from public.prescribers p where p.pharmacy_id = pharmacy));
end
$$;
comment on function private.migration_report() is
  'The Data Migration screen''s summary of the caller''s pharmacy (admins with data:migrate): how many patients, '
  'medications, prescriptions (orders, not fills) and prescribers are on file.';
revoke all on function private.migration_report() from public;
grant execute on function private.migration_report() to authenticated;

-- -----------------------------------------------------------------------------------------------------
-- Source ids already imported (validation's references)
-- -----------------------------------------------------------------------------------------------------
create function public.migration_known_source_ids(entity text, source_ids text[]) returns setof text
language plpgsql stable security invoker
set search_path = ''
as $$
begin
  -- The permission as a sentence, not RLS's silent nothing: validation refuses a caller who may not migrate.
  if private.current_pharmacy_id() is null or not private.can_migrate_data() then
    raise exception 'Only an admin can import data' using errcode = '42501';
  end if;
  if cardinality(source_ids) > 100000 then
    raise exception 'Ask for at most 100,000 source ids at once' using errcode = '22023';
  end if;
  -- Read through RLS: the caller's pharmacy's rows only.
  return query
  select m.source_id from public.migration_source_rows m
  where m.pharmacy_id = private.current_pharmacy_id() and m.entity = migration_known_source_ids.entity
    and m.source_system = 'primerx' and m.source_id = any (source_ids);
end
$$;
comment on function public.migration_known_source_ids(text, text[]) is
  'Which of source_ids of entity (patients, medications, prescribers) the caller''s pharmacy has imported from '
  'PrimeRx: the references a file may make to rows of an earlier file (admins with data:migrate; 42501 otherwise).';
revoke all on function public.migration_known_source_ids(text, text[]) from public, anon;
grant execute on function public.migration_known_source_ids(text, text[]) to authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- The API's wrappers
-- -----------------------------------------------------------------------------------------------------
create function public.begin_migration_run(file_sha256 text, totals jsonb) returns jsonb
language sql volatile security invoker
set search_path = ''
as $$ select private.begin_migration_run(file_sha256, totals) $$;
comment on function public.begin_migration_run(text, jsonb) is 'Starts an import of a PrimeRx migration file: see private.begin_migration_run.';

create function public.finish_migration_run(run_id uuid, run_status text, run_errors jsonb) returns jsonb
language sql volatile security invoker
set search_path = ''
as $$ select private.finish_migration_run(run_id, run_status, run_errors) $$;
comment on function public.finish_migration_run(uuid, text, jsonb) is 'Ends an import: see private.finish_migration_run.';

create function public.import_migration_prescribers(run_id uuid, rows jsonb) returns jsonb
language sql volatile security invoker
set search_path = ''
as $$ select private.import_migration_prescribers(run_id, rows) $$;
comment on function public.import_migration_prescribers(uuid, jsonb) is 'A batch of a run''s prescribers: see private.import_migration_prescribers.';

create function public.import_migration_medications(run_id uuid, rows jsonb) returns jsonb
language sql volatile security invoker
set search_path = ''
as $$ select private.import_migration_medications(run_id, rows) $$;
comment on function public.import_migration_medications(uuid, jsonb) is 'A batch of a run''s medications: see private.import_migration_medications.';

create function public.import_migration_patients(run_id uuid, rows jsonb) returns jsonb
language sql volatile security invoker
set search_path = ''
as $$ select private.import_migration_patients(run_id, rows) $$;
comment on function public.import_migration_patients(uuid, jsonb) is 'A batch of a run''s patients: see private.import_migration_patients.';

create function public.import_migration_prescriptions(run_id uuid, rows jsonb) returns jsonb
language sql volatile security invoker
set search_path = ''
as $$ select private.import_migration_prescriptions(run_id, rows) $$;
comment on function public.import_migration_prescriptions(uuid, jsonb) is 'A batch of a run''s prescriptions: see private.import_migration_prescriptions.';

create function public.migration_report() returns jsonb
language sql stable security invoker
set search_path = ''
as $$ select private.migration_report() $$;
comment on function public.migration_report() is 'GET /api/migration/report: see private.migration_report.';

revoke all on function public.begin_migration_run(text, jsonb), public.finish_migration_run(uuid, text, jsonb),
  public.import_migration_prescribers(uuid, jsonb), public.import_migration_medications(uuid, jsonb),
  public.import_migration_patients(uuid, jsonb), public.import_migration_prescriptions(uuid, jsonb),
  public.migration_report() from public, anon;
grant execute on function public.begin_migration_run(text, jsonb), public.finish_migration_run(uuid, text, jsonb),
  public.import_migration_prescribers(uuid, jsonb), public.import_migration_medications(uuid, jsonb),
  public.import_migration_patients(uuid, jsonb), public.import_migration_prescriptions(uuid, jsonb),
  public.migration_report() to authenticated, service_role;

-- =====================================================================================================
-- Data migration: import speed (issue 27, "Speed": 100,000 patients and 500,000 prescriptions in under a minute)
-- =====================================================================================================
-- Measured on the bench (`npm run bench -- migration`) before this change, per database function:
-- - medications: refuse_duplicate_ndc looked a product's NDC up as `ndc11 = private.ndc11_of(new.ndc_number)`;
--   with a new pharmacy's statistics (no rows) the planner scanned the pharmacy's products and called ndc11_of on
--   each, for every insert: quadratic (800 products, 320,000 calls; a batch of 2,000 passed the 8 s statement
--   timeout). The opening balance went through post_stock_movement per product (a lot, a movement, an update of
--   the product and their triggers), and record_price_change looked the pharmacy's time zone up per product.
-- - patients: the per-row audit (to_jsonb of the row, an audit_log row with five indexes) and the date-of-birth
--   guard (the pharmacy's local date, per row) were two thirds of a batch.
-- - every entity: the lookups of rows already imported joined migration_source_rows and the targets by the
--   pharmacy alone; with statistics taken before the import the planner hashed every row of the pharmacy already
--   imported for each batch (a re-import of 500,000 prescriptions read 500,000 rows per batch of 2,000).
--
-- What changes, all only inside a migration batch (pharmacy.migration_batch, set by private.migration_batch_run,
-- transaction-local, not settable by clients); the same rules hold, checked once per batch instead of per row:
-- - The import functions read the batch once into a typed temporary table (jsonb_to_recordset), look each row's
--   earlier import and references up by primary key (one index probe a row, whatever the statistics), skip the
--   lookups when the pharmacy has nothing of the entity imported yet, and write the source map only for rows that
--   are new or changed (a re-import writes nothing).
-- - Audit: the INSERT of an imported patient, prescriber or product is not audited row by row; each batch writes one
--   audit event (run, entity, counts, first and last source id) beside the run's start and end events, and
--   migration_source_rows names every row imported with its run. Updates of existing rows (a corrected file) are
--   still audited row by row with their old and new values.
-- - A patient's date of birth is checked against the pharmacy's local date once for the batch (same message).
-- - A product's duplicate NDC is the unique index's to refuse (the import links a product of the same NDC first);
--   outside a batch refuse_duplicate_ndc now computes the 11 digits once, so it probes the index.
-- - Products' opening balances are posted set-based: one lot and one 'opening' movement per product with stock, as
--   post_stock_movement would write them; the price history rows are written set-based as record_price_change
--   would; the stock rollups (inventory_totals, inventory_daily_rollups) of the new products, lots and movements are
--   moved once for the batch: the deferred rollup triggers skip the inserts of a medications batch
--   (pharmacy.migration_rollups, set for its transaction; they fire at commit) and move every other change as
--   before. Each of them moved one shared row per inserted row, thousands of versions of one row in a transaction.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- The source map's lookups
-- -----------------------------------------------------------------------------------------------------
-- A batch finds each row's earlier import by the primary key (pharmacy, entity, source system, source id). With
-- statistics taken before a pharmacy's import (the pharmacy "has no rows") the planner rated the target index
-- (pharmacy, entity, target) as good and scanned all of the pharmacy's rows of the entity for every row looked up.
-- The target index leads with the target instead (one uuid is one row): lookups by target are as quick, and the
-- primary key is the one index a lookup by pharmacy can take.
drop index public.migration_source_rows_target_idx;
create index migration_source_rows_target_idx on public.migration_source_rows (target_id, entity);

-- -----------------------------------------------------------------------------------------------------
-- Triggers that step aside inside a migration batch (the batch does their work set-based)
-- -----------------------------------------------------------------------------------------------------
create or replace function private.in_migration_batch() returns boolean
language sql stable
set search_path = ''
as $$
  select coalesce(current_setting('pharmacy.migration_batch', true) = 'on', false)
$$;
comment on function private.in_migration_batch() is
  'Whether this transaction is inside a data migration batch (pharmacy.migration_batch, set by '
  'private.migration_batch_run and cleared by count_migration_batch): the triggers whose work the batch does '
  'set-based step aside.';
revoke all on function private.in_migration_batch() from public;
-- guard_patient_date_of_birth runs as the writer (security invoker): whoever may write a patient may ask.
grant execute on function private.in_migration_batch() to anon, authenticated, service_role;

create or replace function private.has_migrated(for_pharmacy_id uuid, for_entity text, for_source_system text) returns boolean
language sql stable security definer
set search_path = ''
as $$
  -- In the primary key's order, so it is read from the primary key's first entry (a filter over the table would
  -- read every other pharmacy's rows first).
  select exists (
    select 1 from public.migration_source_rows m
    where m.pharmacy_id = for_pharmacy_id and m.entity = for_entity and m.source_system = for_source_system
    order by m.pharmacy_id, m.entity, m.source_system, m.source_id limit 1)
$$;
comment on function private.has_migrated(uuid, text, text) is
  'Whether the pharmacy imported any row of the entity from the source system: a batch with nothing imported before '
  'skips looking its rows up.';
revoke all on function private.has_migrated(uuid, text, text) from public;

create or replace function private.audit_row_change() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  old_row jsonb;
  new_row jsonb;
  row_data jsonb;
  changed text[];
  entity_key text := coalesce(tg_argv[0], 'id');
  bookkeeping text[] := array['failed_login_count', 'locked_until', 'last_login_at', 'updated_at'];
  actor uuid;
begin
  -- A migration batch audits its new patients, prescribers and products once per batch (count_migration_batch);
  -- checked before the row is turned into jsonb, which is most of this trigger's cost.
  if tg_op = 'INSERT' and tg_table_name in ('patients', 'prescribers', 'medications') and private.in_migration_batch() then
    return null;
  end if;
  old_row := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) end;
  new_row := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) end;
  row_data := coalesce(new_row, old_row);
  actor := (select auth.uid());
  if tg_op = 'UPDATE' then
    select coalesce(array_agg(n.key order by n.key), '{}') into changed
    from jsonb_each(new_row) n
    where n.value is distinct from old_row -> n.key and n.key <> 'updated_at';
    if cardinality(changed) = 0 then return null; end if;
    -- The sign-in hook writes its own audit row per attempt; its bookkeeping updates are not repeated here.
    if tg_table_name = 'staff_profiles' and actor is null and changed <@ bookkeeping then return null; end if;
  end if;
  perform private.record_audit_event(
    case when tg_table_name = 'pharmacies' then (row_data ->> 'id')::uuid else (row_data ->> 'pharmacy_id')::uuid end,
    actor,
    lower(tg_op),
    tg_table_name,
    row_data ->> entity_key,
    format('%s %s%s',
      case tg_table_name
        when 'staff_profiles' then format('Staff member %s %s (%s)', row_data ->> 'first_name', row_data ->> 'last_name', row_data ->> 'role')
        when 'pharmacies' then format('Pharmacy %s', row_data ->> 'pharmacy_name')
        when 'pharmacists_in_charge' then format('Pharmacist in charge %s %s', row_data ->> 'first_name', row_data ->> 'last_name')
        when 'security_policies' then 'Security policy'
        when 'subscriptions' then format('Subscription to %s (%s)', row_data ->> 'plan_id', row_data ->> 'status')
        else replace(tg_table_name, '_', ' ')
      end,
      case tg_op when 'INSERT' then 'added' when 'UPDATE' then 'changed' else 'removed' end,
      case when tg_op = 'UPDATE' then ': ' || array_to_string(changed, ', ') else '' end),
    true,
    case tg_op
      when 'UPDATE' then jsonb_build_object(
        'changed', to_jsonb(changed),
        'old', (select jsonb_object_agg(k, old_row -> k) from unnest(changed) k),
        'new', (select jsonb_object_agg(k, new_row -> k) from unnest(changed) k))
      when 'INSERT' then jsonb_build_object('new', new_row)
      else jsonb_build_object('old', old_row)
    end
  );
  return null;
end
$$;
comment on function private.audit_row_change() is
  'AFTER row trigger: records an insert, update (with the changed columns'' old and new values) or delete in '
  'audit_log. Argument: the key column naming the entity (default id). Inside a data migration batch the INSERT of '
  'a patient, prescriber or product is left to the batch''s one audit event (count_migration_batch; '
  'migration_source_rows names each row and its run); updates and deletes are always recorded here.';

create or replace function private.guard_patient_date_of_birth() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- A migration batch checks its dates of birth against the pharmacy's local date once (import_migration_patients).
  if private.in_migration_batch() then
    return new;
  end if;
  if new.date_of_birth is not null
     and new.date_of_birth >= private.pharmacy_local_date(new.pharmacy_id, now()) then
    raise exception 'Date of birth must be in the past' using errcode = '23514';
  end if;
  return new;
end
$$;
comment on function private.guard_patient_date_of_birth() is
  'BEFORE INSERT/UPDATE OF date_of_birth trigger of patients: the date of birth is before today at the pharmacy. '
  'A data migration batch checks its rows at once instead (import_migration_patients, same message).';

create or replace function private.refuse_duplicate_ndc() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  wanted text;
begin
  -- A migration batch links a product of the same NDC instead of inserting it; the unique index holds the rest.
  if new.ndc_number is null or private.in_migration_batch() then
    return new;
  end if;
  if tg_op = 'INSERT' or new.ndc_number is distinct from old.ndc_number or new.pharmacy_id is distinct from old.pharmacy_id then
    -- The 11 digits once, so the lookup probes medications_pharmacy_id_ndc11_key rather than converting every row.
    wanted := private.ndc11_of(new.ndc_number);
    if exists (select 1 from public.medications m where m.pharmacy_id = new.pharmacy_id and m.ndc11 = wanted and m.id <> new.id) then
      raise exception 'A medication with this NDC is already in your catalogue' using errcode = '23505';
    end if;
  end if;
  return new;
end
$$;
comment on function private.refuse_duplicate_ndc() is
  'BEFORE INSERT OR UPDATE trigger of medications: refuses a second product with the same 11-digit NDC in a '
  'pharmacy (in any of its formats) with a sentence. Security definer so the check sees every row of the pharmacy. '
  'Inside a data migration batch the unique index medications_pharmacy_id_ndc11_key alone refuses it.';

create or replace function private.post_direct_stock_change() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  change integer;
  why text;
begin
  if tg_op = 'INSERT' then
    -- A migration batch posts its products' opening balances together (import_migration_medications).
    if new.stock > 0 and not private.in_migration_batch() then
      perform private.post_stock_movement(
        private.inventory_lot_for(new.pharmacy_id, new.id, '', null), 'opening', new.stock, null, null, null, null, false);
    end if;
    return null;
  end if;
  change := new.stock - old.stock;
  if change = 0 or current_setting('pharmacy.stock_from_ledger', true) is not distinct from new.id::text then
    return new;
  end if;
  why := coalesce(nullif(btrim(new.change_reason), ''), 'Stock on hand corrected in the Drug Database');
  if change > 0 then
    perform private.post_stock_movement(
      private.inventory_lot_for(new.pharmacy_id, new.id, '', null), 'adjustment', change, why, null, null, null, false);
  elsif private.take_from_lots(new.pharmacy_id, new.id, -change, 'adjustment', why, null, null, false, false) < -change then
    raise exception 'Stock cannot be negative' using errcode = '23514';
  end if;
  return new;
end
$$;
comment on function private.post_direct_stock_change() is
  'Triggers of medications: a product created with stock gets its opening balance (no lot recorded); a write of '
  'stock other than the ledger''s own is posted as an adjustment of the difference (increase into the no-lot lot, '
  'decrease first-expiry-first-out), with change_reason as its reason. Fires before the catalog guards '
  '(adjust_* < guard_*), which still refuse whoever may not change stock. Products inserted by a data migration '
  'batch get the same opening balances from the batch, set-based (import_migration_medications).';

create or replace function private.record_price_change() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  change_source text;
  local_day date;
  old_awp numeric := case when tg_op = 'UPDATE' then old.awp_price end;
  old_wac numeric := case when tg_op = 'UPDATE' then old.wac_price end;
  old_nadac numeric := case when tg_op = 'UPDATE' then old.nadac_per_unit end;
begin
  -- A migration batch records its new products' prices together (import_migration_medications).
  if tg_op = 'INSERT' and private.in_migration_batch() then
    return null;
  end if;
  local_day := (now() at time zone coalesce((select p.time_zone from public.pharmacies p where p.id = new.pharmacy_id), 'America/New_York'))::date;
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
  'never write the history. Products inserted by a data migration batch get the same rows from the batch, '
  'set-based (import_migration_medications).';

-- -----------------------------------------------------------------------------------------------------
-- Two batches of a run at once
-- -----------------------------------------------------------------------------------------------------
-- A batch held the run's row FOR UPDATE for its whole transaction, so a run's batches took turns. The api may now
-- send two batches of one entity at once (the file's rows of an entity are distinct: source ids, NPIs, NDCs and Rx
-- numbers are unique in a valid file): a batch holds the run FOR KEY SHARE (the run cannot be deleted under it),
-- and adding its counts (count_migration_batch, an update of the run) waits for the other batch's commit and adds
-- to the counts as committed, so they still add up.
create or replace function private.migration_batch_run(run_id uuid, batch jsonb) returns public.migration_runs
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
  select * into run from public.migration_runs r where r.id = run_id and r.pharmacy_id = pharmacy for key share;
  if run.id is null or run.status <> 'running' then
    raise exception 'No migration run in progress with this id' using errcode = 'P0002';
  end if;
  -- Until count_migration_batch ends the batch (or the transaction ends): see private.in_migration_batch.
  perform set_config('pharmacy.migration_batch', 'on', true);
  return run;
end
$$;
comment on function private.migration_batch_run(uuid, jsonb) is
  'The checks every import batch starts with: the caller may migrate, the batch is a list of at most 10,000 rows, '
  'the run is the caller''s pharmacy''s and still running (held FOR KEY SHARE: two batches of a run may run at once, '
  'count_migration_batch adds their counts one after the other); marks the transaction as a migration batch '
  '(pharmacy.migration_batch) until count_migration_batch. Answers the run.';

-- -----------------------------------------------------------------------------------------------------
-- A batch ends with its audit event
-- -----------------------------------------------------------------------------------------------------
create or replace function private.count_migration_batch(run_id uuid, entity text, batch_counts jsonb) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  run public.migration_runs;
begin
  perform set_config('pharmacy.migration_batch', '', true);
  update public.migration_runs r
     set counts = r.counts || jsonb_build_object(entity, (
       select jsonb_object_agg(k.key, coalesce((r.counts -> entity ->> k.key)::bigint, 0) + (k.value)::bigint)
       from jsonb_each_text(batch_counts - 'first' - 'last') k))
   where r.id = run_id
  returning * into run;
  -- What the batch imported, in the audit trail: its rows' own inserts are not audited one by one (audit_row_change).
  perform private.record_audit_event(run.pharmacy_id, (select auth.uid()), 'import', 'migration_runs', run.id::text,
    format('Data migration from %s: %s %s imported (%s new, %s updated, %s unchanged)', run.source_system,
      batch_counts ->> 'total', entity, batch_counts ->> 'inserted', batch_counts ->> 'updated', batch_counts ->> 'unchanged'),
    true,
    jsonb_build_object('entity', entity, 'counts', batch_counts - 'first' - 'last',
      'firstSourceId', batch_counts ->> 'first', 'lastSourceId', batch_counts ->> 'last'));
  return batch_counts - 'first' - 'last';
end
$$;
comment on function private.count_migration_batch(uuid, text, jsonb) is
  'Ends a batch: clears pharmacy.migration_batch, adds the batch''s counts ({total, inserted, updated, unchanged}) '
  'to its run''s counts of the entity and audits the batch (entity, counts, its first and last source id: '
  'batch_counts'' first and last); answers the batch''s counts.';
revoke all on function private.count_migration_batch(uuid, text, jsonb) from public;

-- -----------------------------------------------------------------------------------------------------
-- Prescribers: matched by source id, else by NPI
-- -----------------------------------------------------------------------------------------------------
create or replace function private.import_migration_prescribers(run_id uuid, rows jsonb) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  run public.migration_runs := private.migration_batch_run(run_id, rows);
  result jsonb;
begin
  drop table if exists pg_temp.migration_prescriber_batch;
  create temporary table migration_prescriber_batch on commit drop as
  select r.ordinality as position, md5(r.value::text) as row_hash, x.*,
         null::text as mapped_hash, null::uuid as target_id, false as was_mapped, gen_random_uuid() as new_id
  from jsonb_array_elements(rows) with ordinality r
  cross join lateral jsonb_to_record(r.value) as x ("prescriberId" text, "npiNumber" text, "firstName" text,
    "lastName" text, phone text, address text, city text, state text, "zipCode" text, "licenseNumber" text,
    "licenseState" text, "deaNumber" text);
  -- One index probe a row as scalar subqueries, which the planner cannot turn into a hash of every row the pharmacy
  -- imported, whatever the statistics say: the source map's primary key, then the target's (by id alone: `is true`
  -- keeps the pharmacy a filter, so no index leading with the pharmacy competes with the primary key).
  if private.has_migrated(run.pharmacy_id, 'prescribers', run.source_system) then
    update migration_prescriber_batch b set (mapped_hash, target_id) = (
      select m.row_hash, p.id from public.migration_source_rows m
      join public.prescribers p on p.id = m.target_id and (p.pharmacy_id = run.pharmacy_id) is true
      where m.pharmacy_id = run.pharmacy_id and m.entity = 'prescribers' and m.source_system = run.source_system
        and m.source_id = b."prescriberId");
    update migration_prescriber_batch b set was_mapped = true where b.target_id is not null;
  end if;
  -- Prescribers on file with the batch's NPIs, read once for the batch (materialized: never once per row).
  with on_file as materialized (
    select p.id, p.npi_number from public.prescribers p
    where p.pharmacy_id = run.pharmacy_id
      and p.npi_number = any (array(select x."npiNumber" from migration_prescriber_batch x where x.target_id is null))
  )
  update migration_prescriber_batch b set target_id = f.id
  from on_file f
  where b.target_id is null and f.npi_number = b."npiNumber";

  with inserted as (
    insert into public.prescribers (id, pharmacy_id, first_name, last_name, npi_number, dea_number, license_number,
      license_state, phone, practice_address, practice_city, practice_state, practice_zip_code,
      verification_status, verification_reason)
    select s.new_id, run.pharmacy_id, s."firstName", s."lastName", s."npiNumber", s."deaNumber", s."licenseNumber",
           s."licenseState", s.phone, s.address, s.city, s.state, s."zipCode",
           'pending', format('Imported from %s; not verified yet', run.source_system)
    from migration_prescriber_batch s where s.target_id is null
    returning id
  ),
  updated as (
    -- A verified prescriber whose credentials change is pending again, as for an edit.
    update public.prescribers p
       set first_name = s."firstName", last_name = s."lastName", npi_number = s."npiNumber",
           dea_number = s."deaNumber", license_number = s."licenseNumber", license_state = s."licenseState",
           phone = s.phone, practice_address = s.address, practice_city = s.city, practice_state = s.state,
           practice_zip_code = s."zipCode",
           verification_status = case when p.verification_status = 'verified'
             and (p.npi_number, p.first_name, p.last_name, p.license_number, p.license_state, p.dea_number)
                 is distinct from (s."npiNumber", s."firstName", s."lastName", s."licenseNumber", s."licenseState", s."deaNumber")
             then 'pending' else p.verification_status end,
           verification_reason = case when p.verification_status = 'verified'
             and (p.npi_number, p.first_name, p.last_name, p.license_number, p.license_state, p.dea_number)
                 is distinct from (s."npiNumber", s."firstName", s."lastName", s."licenseNumber", s."licenseState", s."deaNumber")
             then 'Credentials changed since the last verification; verify again' else p.verification_reason end
      from migration_prescriber_batch s
     where s.was_mapped and s.mapped_hash is distinct from s.row_hash
       and p.id = s.target_id and (p.pharmacy_id = run.pharmacy_id) is true
       and p.id = any (array(select x.target_id from migration_prescriber_batch x where x.was_mapped and x.mapped_hash is distinct from x.row_hash))
    returning p.id
  ),
  mapped as (
    -- Only rows new to the map or changed: a re-import writes nothing here.
    insert into public.migration_source_rows as m (pharmacy_id, entity, source_system, source_id, target_id, row_hash, source_row, last_run_id)
    select run.pharmacy_id, 'prescribers', run.source_system, s."prescriberId", coalesce(s.target_id, s.new_id), s.row_hash, null, run.id
    from migration_prescriber_batch s
    where not s.was_mapped or s.mapped_hash is distinct from s.row_hash
    on conflict (pharmacy_id, entity, source_system, source_id) do update
      set target_id = excluded.target_id, row_hash = excluded.row_hash, source_row = excluded.source_row,
          last_run_id = excluded.last_run_id, updated_at = now()
      where (m.target_id, m.row_hash) is distinct from (excluded.target_id, excluded.row_hash)
    returning 1
  )
  select jsonb_build_object(
    'total', (select count(*) from migration_prescriber_batch),
    'inserted', (select count(*) from inserted),
    'updated', (select count(*) from updated),
    'unchanged', (select count(*) from migration_prescriber_batch) - (select count(*) from inserted) - (select count(*) from updated),
    'mapped', (select count(*) from mapped),
    'first', (select s."prescriberId" from migration_prescriber_batch s order by s.position limit 1),
    'last', (select s."prescriberId" from migration_prescriber_batch s order by s.position desc limit 1))
  into result;
  drop table pg_temp.migration_prescriber_batch;
  return private.count_migration_batch(run.id, 'prescribers', result - 'mapped');
end
$$;
comment on function private.import_migration_prescribers(uuid, jsonb) is
  'Imports a batch of normalised migration prescribers (shared/src/migration) into the caller''s pharmacy, '
  'set-based: a row already imported with the same hash is skipped, with another hash updates its prescriber '
  '(verified again when credentials change); a new row is linked to the prescriber of the same NPI on file (not '
  'overwritten) or inserted as pending verification; the source of every new or changed row is recorded; the batch '
  'is audited once. Answers the batch''s {total, inserted, updated, unchanged}, also added to the run.';

-- -----------------------------------------------------------------------------------------------------
-- Medications: matched by source id, else by the 11-digit NDC
-- -----------------------------------------------------------------------------------------------------
-- The rollup triggers skip a medications batch's inserts
-- -----------------------------------------------------------------------------------------------------
create or replace function private.roll_up_product_counts()
returns trigger
language plpgsql security definer
set search_path = ''
as $function$
declare
  active_change integer := 0;
  low_change integer := 0;
  out_change integer := 0;
  in_change integer := 0;
begin
  -- A data migration batch adds its new rows' figures once (private.import_migration_medications).
  if tg_op = 'INSERT' and current_setting('pharmacy.migration_rollups', true) = 'batch' then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') and old.active then
    active_change := -1;
    low_change := -(old.is_low_stock and old.stock > 0)::integer;
    out_change := -(old.stock = 0)::integer;
    in_change := -(old.stock > 0)::integer;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.active then
    active_change := active_change + 1;
    low_change := low_change + (new.is_low_stock and new.stock > 0)::integer;
    out_change := out_change + (new.stock = 0)::integer;
    in_change := in_change + (new.stock > 0)::integer;
  end if;
  -- Most changes (a fill that leaves stock on the shelf, a renamed product) move no count: nothing to write.
  if (active_change, low_change, out_change, in_change) = (0, 0, 0, 0) then
    return null;
  end if;
  insert into public.inventory_totals as t (pharmacy_id, active_products, low_stock_products, out_of_stock_products, in_stock_products)
  select coalesce(new.pharmacy_id, old.pharmacy_id), active_change, low_change, out_change, in_change
  where exists (select 1 from public.pharmacies p where p.id = coalesce(new.pharmacy_id, old.pharmacy_id))
  on conflict (pharmacy_id) do update
    set active_products = t.active_products + excluded.active_products,
        low_stock_products = t.low_stock_products + excluded.low_stock_products,
        out_of_stock_products = t.out_of_stock_products + excluded.out_of_stock_products,
        in_stock_products = t.in_stock_products + excluded.in_stock_products;
  return null;
end
$function$;
comment on function private.roll_up_product_counts() is
  'Deferred AFTER INSERT/UPDATE/DELETE constraint trigger of medications: moves the pharmacy''s counts of active products, low (stock at or below the threshold, not 0), out of stock and in stock (inventory_totals) at commit, when a product''s change moves one. Not for the inserts of a data migration batch of medications (pharmacy.migration_rollups), which adds them once.';


create or replace function private.roll_up_lot_value()
returns trigger
language plpgsql security definer
set search_path = ''
as $function$
declare
  change bigint := 0;
begin
  -- A data migration batch adds its new rows' figures once (private.import_migration_medications).
  if tg_op = 'INSERT' and current_setting('pharmacy.migration_rollups', true) = 'batch' then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    change := change - old.on_hand::bigint * coalesce(old.unit_cost_cents, 0);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    change := change + new.on_hand::bigint * coalesce(new.unit_cost_cents, 0);
  end if;
  -- Written even when the change is 0: this row is the first shared row every committing stock change takes.
  insert into public.inventory_totals as t (pharmacy_id, costed_value_cents)
  select coalesce(new.pharmacy_id, old.pharmacy_id), change
  where exists (select 1 from public.pharmacies p where p.id = coalesce(new.pharmacy_id, old.pharmacy_id))
  on conflict (pharmacy_id) do update set costed_value_cents = t.costed_value_cents + excluded.costed_value_cents;
  return null;
end
$function$;
comment on function private.roll_up_lot_value() is
  'Deferred AFTER INSERT/UPDATE/DELETE constraint trigger of inventory_lots: moves the pharmacy''s costed stock value (inventory_totals) by the lot''s change of on_hand × unit cost, at commit. Not for the inserts of a data migration batch of medications (pharmacy.migration_rollups), which adds them once.';


create or replace function private.roll_up_stock_movement()
returns trigger
language plpgsql security definer
set search_path = ''
as $function$
begin
  -- A data migration batch adds its new rows' figures once (private.import_migration_medications).
  if tg_op = 'INSERT' and current_setting('pharmacy.migration_rollups', true) = 'batch' then
    return null;
  end if;
  if tg_op = 'INSERT' then
    -- A pharmacy removed later in the same transaction has nothing left to count.
    insert into public.inventory_daily_rollups as r (pharmacy_id, day, kind, movements, units, cost_cents)
    select new.pharmacy_id, (new.occurred_at at time zone 'UTC')::date, new.kind, 1, new.quantity,
           new.quantity::bigint * coalesce(new.unit_cost_cents, 0)
    where exists (select 1 from public.pharmacies p where p.id = new.pharmacy_id)
    on conflict (pharmacy_id, day, kind) do update
      set movements = r.movements + 1, units = r.units + excluded.units, cost_cents = r.cost_cents + excluded.cost_cents;
  else
    -- A removed product takes its ledger rows (private.refuse_ledger_change allows nothing else).
    update public.inventory_daily_rollups r
    set movements = r.movements - 1, units = r.units - old.quantity,
        cost_cents = r.cost_cents - old.quantity::bigint * coalesce(old.unit_cost_cents, 0)
    where r.pharmacy_id = old.pharmacy_id and r.day = (old.occurred_at at time zone 'UTC')::date and r.kind = old.kind;
    delete from public.inventory_daily_rollups r
    where r.pharmacy_id = old.pharmacy_id and r.day = (old.occurred_at at time zone 'UTC')::date and r.kind = old.kind
      and r.movements = 0;
  end if;
  return null;
end
$function$;
comment on function private.roll_up_stock_movement() is
  'Deferred AFTER INSERT/DELETE constraint trigger of inventory_movements: adds (or, when a removed product takes its rows, subtracts) the row to its pharmacy''s UTC day and kind in inventory_daily_rollups at commit. Not for the inserts of a data migration batch of medications (pharmacy.migration_rollups), which adds them once.';


-- -----------------------------------------------------------------------------------------------------
create or replace function private.import_migration_medications(run_id uuid, rows jsonb) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  run public.migration_runs := private.migration_batch_run(run_id, rows);
  result jsonb;
  local_day date;
begin
  -- The stock rollups of the batch's new products, lots and movements are added once below, not row by row at
  -- commit (until the transaction ends: the deferred rollup triggers fire at commit).
  perform set_config('pharmacy.migration_rollups', 'batch', true);
  drop table if exists pg_temp.migration_medication_batch;
  create temporary table migration_medication_batch on commit drop as
  select r.ordinality as position, md5(r.value::text) as row_hash, x.*,
         -- medications.ndc_number is written 5-4-2; the validator gives the 11 digits.
         substr(x.ndc, 1, 5) || '-' || substr(x.ndc, 6, 4) || '-' || substr(x.ndc, 10, 2) as ndc_number,
         null::text as mapped_hash, null::uuid as target_id, false as was_mapped, gen_random_uuid() as new_id
  from jsonb_array_elements(rows) with ordinality r
  cross join lateral jsonb_to_record(r.value) as x ("drugId" text, name text, "genericName" text, strength text,
    "dosageForm" text, manufacturer text, ndc text, "awpPrice" bigint, "wholesaleCost" bigint, "quantityOnHand" integer,
    "reorderLevel" integer, "deaSchedule" text);
  if private.has_migrated(run.pharmacy_id, 'medications', run.source_system) then
    update migration_medication_batch b set (mapped_hash, target_id) = (
      select m.row_hash, d.id from public.migration_source_rows m
      join public.medications d on d.id = m.target_id and (d.pharmacy_id = run.pharmacy_id) is true
      where m.pharmacy_id = run.pharmacy_id and m.entity = 'medications' and m.source_system = run.source_system
        and m.source_id = b."drugId");
    update migration_medication_batch b set was_mapped = true where b.target_id is not null;
  end if;
  -- Products on file with the batch's NDCs, read once for the batch (materialized: never once per row).
  with on_file as materialized (
    select d.id, d.ndc11 from public.medications d
    where d.pharmacy_id = run.pharmacy_id
      and d.ndc11 = any (array(select x.ndc from migration_medication_batch x where x.target_id is null))
  )
  update migration_medication_batch b set target_id = f.id
  from on_file f
  where b.target_id is null and f.ndc11 = b.ndc;

  with inserted as (
    insert into public.medications (id, pharmacy_id, name, generic_name, strength, dosage_form, manufacturer,
      ndc_number, awp_price, wac_price, stock, low_stock_threshold, dea_schedule)
    select s.new_id, run.pharmacy_id, s.name, s."genericName", s.strength, s."dosageForm", s.manufacturer, s.ndc_number,
           s."awpPrice"::numeric / 100, s."wholesaleCost"::numeric / 100,
           coalesce(s."quantityOnHand", 0), coalesce(s."reorderLevel", 0), s."deaSchedule"
    from migration_medication_batch s where s.target_id is null
    returning id
  ),
  updated as (
    -- Stock is the ledger's once the product exists: a corrected file changes the catalogue, not the stock.
    update public.medications d
       set name = s.name, generic_name = s."genericName", strength = s.strength, dosage_form = s."dosageForm",
           manufacturer = s.manufacturer, ndc_number = s.ndc_number,
           awp_price = s."awpPrice"::numeric / 100, wac_price = s."wholesaleCost"::numeric / 100,
           low_stock_threshold = coalesce(s."reorderLevel", 0), dea_schedule = s."deaSchedule"
      from migration_medication_batch s
     where s.was_mapped and s.mapped_hash is distinct from s.row_hash
       and d.id = s.target_id and (d.pharmacy_id = run.pharmacy_id) is true
       and d.id = any (array(select x.target_id from migration_medication_batch x where x.was_mapped and x.mapped_hash is distinct from x.row_hash))
    returning d.id
  ),
  mapped as (
    insert into public.migration_source_rows as m (pharmacy_id, entity, source_system, source_id, target_id, row_hash, source_row, last_run_id)
    select run.pharmacy_id, 'medications', run.source_system, s."drugId", coalesce(s.target_id, s.new_id), s.row_hash, null, run.id
    from migration_medication_batch s
    where not s.was_mapped or s.mapped_hash is distinct from s.row_hash
    on conflict (pharmacy_id, entity, source_system, source_id) do update
      set target_id = excluded.target_id, row_hash = excluded.row_hash, source_row = excluded.source_row,
          last_run_id = excluded.last_run_id, updated_at = now()
      where (m.target_id, m.row_hash) is distinct from (excluded.target_id, excluded.row_hash)
    returning 1
  )
  select jsonb_build_object(
    'total', (select count(*) from migration_medication_batch),
    'inserted', (select count(*) from inserted),
    'updated', (select count(*) from updated),
    'unchanged', (select count(*) from migration_medication_batch) - (select count(*) from inserted) - (select count(*) from updated),
    'mapped', (select count(*) from mapped),
    'first', (select s."drugId" from migration_medication_batch s order by s.position limit 1),
    'last', (select s."drugId" from migration_medication_batch s order by s.position desc limit 1))
  into result;

  -- The new products' opening balances, as post_direct_stock_change posts one: the no-lot lot holding the stock
  -- and its 'opening' movement (unit cost as movement_unit_cost gives it: the catalogue's WAC per unit).
  with lots as (
    insert into public.inventory_lots (pharmacy_id, medication_id, lot_number, expiration_date, on_hand, unit_cost_cents)
    select run.pharmacy_id, s.new_id, '', null, s."quantityOnHand", null
    from migration_medication_batch s where s.target_id is null and s."quantityOnHand" > 0
    returning id, medication_id, on_hand
  )
  insert into public.inventory_movements (pharmacy_id, medication_id, lot_id, kind, quantity, lot_on_hand_after,
    product_on_hand_after, reason, prescription_id, reference, unit_cost_cents, recorded_by)
  select run.pharmacy_id, l.medication_id, l.id, 'opening', l.on_hand, l.on_hand, l.on_hand, null, null, null,
         round(d.wac_price * 100 / nullif(d.package_size, 0))::integer, (select auth.uid())
  from lots l join public.medications d on d.id = l.medication_id and (d.pharmacy_id = run.pharmacy_id) is true;

  -- The rollups the deferred triggers would have moved row by row (roll_up_product_counts, roll_up_lot_value,
  -- roll_up_stock_movement), once for the batch: the same figures, one write each.
  insert into public.inventory_totals as t (pharmacy_id, costed_value_cents, active_products, low_stock_products,
    out_of_stock_products, in_stock_products)
  select run.pharmacy_id,
         coalesce((select sum(l.on_hand::bigint * coalesce(l.unit_cost_cents, 0)) from public.inventory_lots l
                   where l.medication_id in (select s.new_id from migration_medication_batch s where s.target_id is null)
                     and (l.pharmacy_id = run.pharmacy_id) is true), 0),
         count(*) filter (where d.active),
         count(*) filter (where d.active and d.is_low_stock and d.stock > 0),
         count(*) filter (where d.active and d.stock = 0),
         count(*) filter (where d.active and d.stock > 0)
  from public.medications d
  where d.id in (select s.new_id from migration_medication_batch s where s.target_id is null) and (d.pharmacy_id = run.pharmacy_id) is true
  on conflict (pharmacy_id) do update
    set costed_value_cents = t.costed_value_cents + excluded.costed_value_cents,
        active_products = t.active_products + excluded.active_products,
        low_stock_products = t.low_stock_products + excluded.low_stock_products,
        out_of_stock_products = t.out_of_stock_products + excluded.out_of_stock_products,
        in_stock_products = t.in_stock_products + excluded.in_stock_products;
  insert into public.inventory_daily_rollups as r (pharmacy_id, day, kind, movements, units, cost_cents)
  select run.pharmacy_id, (mv.occurred_at at time zone 'UTC')::date, mv.kind, count(*), sum(mv.quantity),
         sum(mv.quantity::bigint * coalesce(mv.unit_cost_cents, 0))
  from public.inventory_movements mv
  where mv.medication_id in (select s.new_id from migration_medication_batch s where s.target_id is null)
    and (mv.pharmacy_id = run.pharmacy_id) is true
  group by 1, 2, 3
  on conflict (pharmacy_id, day, kind) do update
    set movements = r.movements + excluded.movements, units = r.units + excluded.units, cost_cents = r.cost_cents + excluded.cost_cents;

  -- Their prices' first history rows, as record_price_change writes them for an insert.
  local_day := (now() at time zone coalesce((select p.time_zone from public.pharmacies p where p.id = run.pharmacy_id), 'America/New_York'))::date;
  insert into public.medication_price_history
    (pharmacy_id, medication_id, price_kind, new_value, previous_value, package_price, effective_date, source, recorded_by)
  select run.pharmacy_id, d.id, c.kind, c.new_value, null, c.package_price, c.effective_date,
         case when d.source <> 'manual' then 'sync' else 'manual' end, (select auth.uid())
  from migration_medication_batch s
  join public.medications d on d.id = s.new_id and (d.pharmacy_id = run.pharmacy_id) is true
  cross join lateral (values
    ('awp', d.awp_price::numeric, d.awp_price::numeric, local_day),
    ('wac', d.wac_price::numeric, d.wac_price::numeric, local_day),
    ('nadac', d.nadac_per_unit::numeric, round(d.nadac_per_unit * d.package_size, 2), coalesce(d.nadac_effective_date, local_day))
  ) as c (kind, new_value, package_price, effective_date)
  where s.target_id is null and c.new_value is not null;

  drop table pg_temp.migration_medication_batch;
  return private.count_migration_batch(run.id, 'medications', result - 'mapped');
end
$$;
comment on function private.import_migration_medications(uuid, jsonb) is
  'Imports a batch of normalised migration medications into the caller''s pharmacy, set-based: a row already '
  'imported with the same hash is skipped, with another hash updates its product''s catalogue fields (not its stock, '
  'which is the ledger''s); a new row is linked to the product of the same 11-digit NDC on file (not overwritten) or '
  'inserted with quantityOnHand as its opening balance in the stock ledger and its prices'' first history rows (the '
  'stock rollups of the new rows moved once for the batch); the '
  'source of every new or changed row is recorded; the batch is audited once. Answers the batch''s {total, '
  'inserted, updated, unchanged}, also added to the run.';

-- -----------------------------------------------------------------------------------------------------
-- Patients: matched by source id only (a name and birth date are not an identity)
-- -----------------------------------------------------------------------------------------------------
create or replace function private.import_migration_patients(run_id uuid, rows jsonb) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  run public.migration_runs := private.migration_batch_run(run_id, rows);
  result jsonb;
  today date;
begin
  drop table if exists pg_temp.migration_patient_batch;
  create temporary table migration_patient_batch on commit drop as
  select r.ordinality as position, md5(r.value::text) as row_hash, x.*,
         null::text as mapped_hash, null::uuid as target_id, gen_random_uuid() as new_id
  from jsonb_array_elements(rows) with ordinality r
  cross join lateral jsonb_to_record(r.value) as x ("patientId" text, "firstName" text, "lastName" text,
    "dateOfBirth" date, phone text, address text, city text, state text, "zipCode" text, allergies text[],
    "insuranceProvider" text, "insurancePolicyNumber" text);
  -- guard_date_of_birth's rule for the whole batch (it steps aside inside one).
  today := private.pharmacy_local_date(run.pharmacy_id, now());
  if exists (select 1 from migration_patient_batch b where b."dateOfBirth" >= today) then
    raise exception 'Date of birth must be in the past' using errcode = '23514';
  end if;
  if private.has_migrated(run.pharmacy_id, 'patients', run.source_system) then
    -- One index probe a row (see import_migration_prescribers).
    update migration_patient_batch b set (mapped_hash, target_id) = (
      select m.row_hash, p.id from public.migration_source_rows m
      join public.patients p on p.id = m.target_id and (p.pharmacy_id = run.pharmacy_id) is true
      where m.pharmacy_id = run.pharmacy_id and m.entity = 'patients' and m.source_system = run.source_system
        and m.source_id = b."patientId");
  end if;

  with inserted as (
    insert into public.patients (id, pharmacy_id, first_name, last_name, date_of_birth, phone, street_address, city,
      state, zip_code, allergies, insurance_provider, insurance_member_id)
    select s.new_id, run.pharmacy_id, s."firstName", s."lastName", s."dateOfBirth", s.phone, s.address, s.city,
           s.state, s."zipCode", coalesce(s.allergies, '{}'), s."insuranceProvider", s."insurancePolicyNumber"
    from migration_patient_batch s where s.target_id is null
    returning id
  ),
  updated as (
    -- Once a patient has insurance plans, the insurance columns mirror the primary plan: the file leaves them.
    update public.patients p
       set first_name = s."firstName", last_name = s."lastName", date_of_birth = s."dateOfBirth", phone = s.phone,
           street_address = s.address, city = s.city, state = s.state, zip_code = s."zipCode",
           allergies = coalesce(s.allergies, '{}'),
           insurance_provider = case when plans.patient_id is null then s."insuranceProvider" else p.insurance_provider end,
           insurance_member_id = case when plans.patient_id is null then s."insurancePolicyNumber" else p.insurance_member_id end
      from migration_patient_batch s
      left join lateral (
        select i.patient_id from public.patient_insurance_plans i
        where i.pharmacy_id = run.pharmacy_id and i.patient_id = s.target_id limit 1
      ) plans on true
     where s.target_id is not null and s.mapped_hash is distinct from s.row_hash
       and p.id = s.target_id and (p.pharmacy_id = run.pharmacy_id) is true
       and p.id = any (array(select x.target_id from migration_patient_batch x
                             where x.target_id is not null and x.mapped_hash is distinct from x.row_hash))
    returning p.id
  ),
  mapped as (
    insert into public.migration_source_rows as m (pharmacy_id, entity, source_system, source_id, target_id, row_hash, source_row, last_run_id)
    select run.pharmacy_id, 'patients', run.source_system, s."patientId", coalesce(s.target_id, s.new_id), s.row_hash, null, run.id
    from migration_patient_batch s
    where s.target_id is null or s.mapped_hash is distinct from s.row_hash
    on conflict (pharmacy_id, entity, source_system, source_id) do update
      set target_id = excluded.target_id, row_hash = excluded.row_hash, source_row = excluded.source_row,
          last_run_id = excluded.last_run_id, updated_at = now()
      where (m.target_id, m.row_hash) is distinct from (excluded.target_id, excluded.row_hash)
    returning 1
  )
  select jsonb_build_object(
    'total', (select count(*) from migration_patient_batch),
    'inserted', (select count(*) from inserted),
    'updated', (select count(*) from updated),
    'unchanged', (select count(*) from migration_patient_batch) - (select count(*) from inserted) - (select count(*) from updated),
    'mapped', (select count(*) from mapped),
    'first', (select s."patientId" from migration_patient_batch s order by s.position limit 1),
    'last', (select s."patientId" from migration_patient_batch s order by s.position desc limit 1))
  into result;
  drop table pg_temp.migration_patient_batch;
  return private.count_migration_batch(run.id, 'patients', result - 'mapped');
end
$$;
comment on function private.import_migration_patients(uuid, jsonb) is
  'Imports a batch of normalised migration patients into the caller''s pharmacy, set-based: a row already '
  'imported with the same hash is skipped, with another hash updates its patient (insurance text only while the '
  'patient has no insurance plans); a new row is inserted; dates of birth are checked against the pharmacy''s day '
  'once for the batch; the source of every new or changed row is recorded; the batch is audited once. Answers the '
  'batch''s {total, inserted, updated, unchanged}, also added to the run.';

-- -----------------------------------------------------------------------------------------------------
-- Prescriptions: orders on file (never fills), matched by source id only
-- -----------------------------------------------------------------------------------------------------
create or replace function private.import_migration_prescriptions(run_id uuid, rows jsonb) returns jsonb
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
  select r.ordinality as position, r.value as row, x."prescriptionId" as source_id,
         md5(r.value::text) as row_hash, null::text as mapped_hash, null::uuid as target_id, gen_random_uuid() as new_id,
         x."rpNumber"::bigint as rp_number, null::bigint as rx_number,
         x."patientId" as patient_source_id, x."drugId" as drug_source_id, x."prescriberId" as prescriber_source_id,
         null::uuid as patient_id, null::uuid as medication_id, null::uuid as prescriber_id, null::text as dea_schedule,
         false as renumbered,
         x."originalRefills" as refills, x."originalRefills" - x."refillsRemaining" as refills_used,
         x."datePrescribed" as written_on,
         -- MIGRATION_PRESCRIPTION_STATUSES (shared/src/migration/migration-data.ts).
         case x.status when 'active' then 'active' when 'discontinued' then 'discontinued'
           when 'inactive' then 'inactive' when 'on_hold' then 'inactive' when 'completed' then 'inactive'
           when 'expired' then 'inactive' end as status
  from jsonb_array_elements(rows) with ordinality r
  cross join lateral jsonb_to_record(r.value) as x ("prescriptionId" text, "patientId" text, "prescriberId" text,
    "drugId" text, "datePrescribed" date, "refillsRemaining" integer, "originalRefills" integer, status text,
    "rpNumber" text);

  -- Earlier imports of these rows, then their patient, drug and prescriber: each by the source map's primary key
  -- (a hash of every row the pharmacy imported would be read again for every batch).
  if private.has_migrated(run.pharmacy_id, 'prescriptions', run.source_system) then
    update migration_prescription_batch b set (mapped_hash, target_id) = (
      select m.row_hash, o.id from public.migration_source_rows m
      join public.prescription_orders o on o.id = m.target_id and (o.pharmacy_id = run.pharmacy_id) is true
      where m.pharmacy_id = run.pharmacy_id and m.entity = 'prescriptions' and m.source_system = run.source_system
        and m.source_id = b.source_id);
  end if;
  update migration_prescription_batch b
     set patient_id = (select m.target_id from public.migration_source_rows m
                       where m.pharmacy_id = run.pharmacy_id and m.entity = 'patients'
                         and m.source_system = run.source_system and m.source_id = b.patient_source_id),
         medication_id = (select m.target_id from public.migration_source_rows m
                          where m.pharmacy_id = run.pharmacy_id and m.entity = 'medications'
                            and m.source_system = run.source_system and m.source_id = b.drug_source_id),
         prescriber_id = (select m.target_id from public.migration_source_rows m
                          where m.pharmacy_id = run.pharmacy_id and m.entity = 'prescribers'
                            and m.source_system = run.source_system and m.source_id = b.prescriber_source_id)
   where b.target_id is null or b.mapped_hash is distinct from b.row_hash;
  update migration_prescription_batch b
     set dea_schedule = (select d.dea_schedule from public.medications d where d.id = b.medication_id and (d.pharmacy_id = run.pharmacy_id) is true)
   where b.medication_id is not null;

  -- The references and the rules the validator could not check (a drug imported by an earlier file); rows
  -- unchanged since their import were checked then.
  select b.source_id, b.row, b.status, b.dea_schedule, b.refills,
         b.patient_id is null as no_patient, b.medication_id is null as no_drug,
         b.prescriber_source_id is not null and b.prescriber_id is null as no_prescriber
    into problem
  from migration_prescription_batch b
  where (b.target_id is null or b.mapped_hash is distinct from b.row_hash)
    and (b.patient_id is null or b.medication_id is null or b.status is null
     or (b.prescriber_source_id is not null and b.prescriber_id is null)
     or (b.dea_schedule = 'II' and b.refills > 0) or (b.dea_schedule is not null and b.refills > 5))
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

  -- New orders under the source's Rx number where no order of the pharmacy has it: the unique key judges, as the
  -- insert's arbiter (one probe of prescription_orders_pharmacy_id_rx_number_key a row, whatever the statistics).
  with inserted as (
    insert into public.prescription_orders (id, pharmacy_id, rx_number, patient_id, medication_id, prescriber_id,
      refills, refills_used_before, written_on, status, discontinued_at, discontinued_reason)
    select b.new_id, run.pharmacy_id, b.rp_number, b.patient_id, b.medication_id, b.prescriber_id, b.refills,
           b.refills_used, b.written_on, b.status,
           case when b.status = 'discontinued' then now() end,
           case when b.status = 'discontinued' then format('Discontinued in %s before the migration', run.source_system) end
    from migration_prescription_batch b where b.target_id is null
    on conflict (pharmacy_id, rx_number) do nothing
    returning id, rx_number
  )
  update migration_prescription_batch b set rx_number = i.rx_number
  from inserted i where i.id = b.new_id;
  -- The others take the next numbers after every one on file.
  if exists (select 1 from migration_prescription_batch b where b.target_id is null and b.rx_number is null) then
    -- The counter's row lock also orders this against prescriptions entered meanwhile.
    insert into public.rx_number_counters as c (pharmacy_id, last_rx_number) values (run.pharmacy_id, 1000)
    on conflict (pharmacy_id) do update set last_rx_number = c.last_rx_number
    returning c.last_rx_number into next_rx;
    next_rx := greatest(next_rx,
      coalesce((select max(o.rx_number) from public.prescription_orders o where o.pharmacy_id = run.pharmacy_id), 0));
    update migration_prescription_batch b set rx_number = next_rx + n.number, renumbered = true
    from (select x.position, row_number() over (order by x.position) as number
          from migration_prescription_batch x where x.target_id is null and x.rx_number is null) n
    where b.position = n.position;
    insert into public.prescription_orders (id, pharmacy_id, rx_number, patient_id, medication_id, prescriber_id,
      refills, refills_used_before, written_on, status, discontinued_at, discontinued_reason)
    select b.new_id, run.pharmacy_id, b.rx_number, b.patient_id, b.medication_id, b.prescriber_id, b.refills,
           b.refills_used, b.written_on, b.status,
           case when b.status = 'discontinued' then now() end,
           case when b.status = 'discontinued' then format('Discontinued in %s before the migration', run.source_system) end
    from migration_prescription_batch b where b.renumbered;
  end if;

  with updated as (
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
       and o.id = b.target_id and (o.pharmacy_id = run.pharmacy_id) is true
       and o.id = any (array(select x.target_id from migration_prescription_batch x
                             where x.target_id is not null and x.mapped_hash is distinct from x.row_hash))
    returning o.id
  ),
  mapped as (
    insert into public.migration_source_rows as m (pharmacy_id, entity, source_system, source_id, target_id, row_hash, source_row, last_run_id)
    select run.pharmacy_id, 'prescriptions', run.source_system, b.source_id, coalesce(b.target_id, b.new_id), b.row_hash, b.row, run.id
    from migration_prescription_batch b
    where b.target_id is null or b.mapped_hash is distinct from b.row_hash
    on conflict (pharmacy_id, entity, source_system, source_id) do update
      set target_id = excluded.target_id, row_hash = excluded.row_hash, source_row = excluded.source_row,
          last_run_id = excluded.last_run_id, updated_at = now()
      where (m.target_id, m.row_hash) is distinct from (excluded.target_id, excluded.row_hash)
    returning 1
  )
  select jsonb_build_object(
    'total', (select count(*) from migration_prescription_batch),
    'inserted', (select count(*) from migration_prescription_batch b where b.target_id is null),
    'updated', (select count(*) from updated),
    'unchanged', (select count(*) from migration_prescription_batch b where b.target_id is not null) - (select count(*) from updated),
    'mapped', (select count(*) from mapped),
    'first', (select b.source_id from migration_prescription_batch b order by b.position limit 1),
    'last', (select b.source_id from migration_prescription_batch b order by b.position desc limit 1))
  into result;

  -- Prescriptions entered from now on are numbered after every Rx number on file, imported ones included.
  -- Every other writer of an Rx number takes it from the counter or moves the counter past it (as earlier batches
  -- did), so the batch's own numbers are all it must pass: no read of every order of the pharmacy per batch.
  if (result ->> 'inserted')::bigint > 0 then
    insert into public.rx_number_counters as c (pharmacy_id, last_rx_number)
    select run.pharmacy_id, greatest(1000, max(b.rx_number)) from migration_prescription_batch b where b.target_id is null
    on conflict (pharmacy_id) do update set last_rx_number = greatest(c.last_rx_number, excluded.last_rx_number), updated_at = now()
    where excluded.last_rx_number > c.last_rx_number;
  end if;

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
  'counter is moved past every number on file; the source of every new or changed row is recorded (with the row: '
  'source_row); the batch is audited once. Answers the batch''s {total, inserted, updated, unchanged}, also added '
  'to the run.';

-- =====================================================================================================
-- Data migration speed, continued (issue 27)
-- =====================================================================================================
-- Measured with `npm run bench -- migration` (two batches in flight): a medications batch spent most of its time in
-- the stock rollups' deferred triggers, each new product, lot and opening movement moving the pharmacy's one
-- inventory_totals row and its day's inventory_daily_rollups row again (thousands of versions of one row in one
-- transaction). A medications batch now adds its new rows' figures once; the triggers skip the inserts of such a
-- batch (pharmacy.migration_rollups, set by the batch for its transaction) and move every other change as before.
-- And the index of who discontinued an order holds only discontinued orders (the rest have none), one index
-- entry fewer for each order written. With two batches of a run in flight (each holding the run FOR KEY SHARE), a
-- new run waits for them before it ends the old one.
-- =====================================================================================================

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
-- Medications: the batch moves the rollups once
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

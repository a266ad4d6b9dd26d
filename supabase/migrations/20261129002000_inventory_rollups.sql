-- =====================================================================================================
-- Inventory rollups (issue 24, speed): the Overview and Analytics tabs read totals kept beside the stock ledger
-- instead of summing up to 90 days of it and valuing every lot on each call (at 50,000 products and three years of
-- ledger they took ~100 ms and ~250 ms; the goal is p95 ≤ 50 ms). The answers are the same as the ledger's.
--
-- * inventory_daily_rollups: per pharmacy, day and movement kind, the movements, units and cost (cents, each row's
--   quantity × its recorded unit cost). Days are UTC days, so a pharmacy's change of time zone never re-buckets
--   history. A window "the last N days" starts at an instant (now() − N days): whole days after its first day come
--   from the rollups, the part of the first day from the ledger itself (one index range of at most a day), so the
--   sums equal the ledger's exactly (private.inventory_movement_totals).
-- * inventory_totals: per pharmacy, the value of the lots whose unit cost is known (on_hand × unit_cost_cents,
--   summed), and the active products, low, out of stock and in stock (the Overview's cards, counted over the whole
--   catalogue before). Lots without a cost are valued live at the product's cost (invoice, WAC, NADAC: catalog
--   prices change outside the ledger); they are the stock from before lots were kept, dispensed first (no expiry =
--   oldest), so that set empties as a pharmacy works (partial index inventory_lots_uncosted_idx).
-- * inventory_product_activity: per product, when it last moved (the utilisation rate's "kept" products).
--
-- Kept in the transaction of each ledger row, without touching the writer (private.post_stock_movement):
-- the daily rollups and the totals are DEFERRED constraint triggers, so the pharmacy's shared rows are taken only at
-- commit, after every product row lock the transaction needed (taken mid-transaction, a receipt of many products
-- and a fill of one could deadlock on them). Every stock movement first changes a lot, so the totals row is each
-- committing transaction's first shared row: the pharmacy's commits of stock take turns on it briefly and cannot
-- deadlock on the daily rows (a catalogue change takes only the totals row, and only when a count changes). Inside a transaction that moved stock, these totals show the change only once it
-- commits. Product activity is an immediate trigger: its row is the product's, written under the product's lock.
-- A history loaded with triggers off (session_replication_role = replica) is counted by
-- private.rebuild_inventory_rollups afterwards, as this migration counts the existing ledger.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- Tables
-- -----------------------------------------------------------------------------------------------------
create table public.inventory_daily_rollups (
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  day date not null,
  kind text not null,
  movements integer not null,
  units bigint not null,
  cost_cents bigint not null,
  primary key (pharmacy_id, day, kind)
);
comment on table public.inventory_daily_rollups is
  'The stock ledger summed per pharmacy, UTC day and movement kind: how many movements, their units (signed, as the '
  'ledger''s) and cost in cents (quantity × the row''s unit cost, 0 when unknown). Kept at commit by a deferred '
  'trigger of inventory_movements; read by inventory_overview and inventory_analytics. Staff read; nobody writes.';
comment on column public.inventory_daily_rollups.day is 'The UTC day of the movements'' occurred_at.';

create table public.inventory_totals (
  pharmacy_id uuid primary key references public.pharmacies (id) on delete cascade,
  costed_value_cents bigint not null default 0,
  active_products integer not null default 0,
  low_stock_products integer not null default 0,
  out_of_stock_products integer not null default 0,
  in_stock_products integer not null default 0
);
comment on table public.inventory_totals is
  'Per pharmacy: the value in cents of its lots with a known unit cost (the sum of on_hand × unit_cost_cents; lots '
  'without a cost are valued live by private.inventory_value_cents), kept at commit by a deferred trigger of '
  'inventory_lots; and its active products, those low (at or below the threshold, not out), out of stock and in '
  'stock, kept at commit by a deferred trigger of medications. Staff read; nobody writes.';

create table public.inventory_product_activity (
  pharmacy_id uuid not null,
  medication_id uuid not null,
  last_moved_at timestamptz not null,
  primary key (pharmacy_id, medication_id),
  constraint inventory_product_activity_medication_fkey foreign key (pharmacy_id, medication_id)
    references public.medications (pharmacy_id, id) on delete cascade
);
comment on table public.inventory_product_activity is
  'When each product last moved in the stock ledger (its newest occurred_at), kept by a trigger of '
  'inventory_movements: the products a pharmacy keeps are those on hand or moved lately. Staff read; nobody writes.';
create index inventory_product_activity_moved_idx on public.inventory_product_activity (pharmacy_id, last_moved_at desc);

-- The lots valued live: on hand without a recorded cost.
create index inventory_lots_uncosted_idx on public.inventory_lots (pharmacy_id, medication_id) include (on_hand)
  where on_hand > 0 and unit_cost_cents is null;
-- The Overview's "predictions last updated" (max computed_at) without reading every forecast.
create index inventory_forecasts_computed_idx on public.inventory_forecasts (pharmacy_id, computed_at desc);

alter table public.inventory_daily_rollups enable row level security;
alter table public.inventory_totals enable row level security;
alter table public.inventory_product_activity enable row level security;
revoke insert, update, delete, truncate on public.inventory_daily_rollups, public.inventory_totals,
  public.inventory_product_activity from anon, authenticated;
revoke select on public.inventory_daily_rollups, public.inventory_totals, public.inventory_product_activity from anon;
create policy "Staff can read their pharmacy's daily stock totals" on public.inventory_daily_rollups
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
create policy "Staff can read their pharmacy's inventory totals" on public.inventory_totals
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
create policy "Staff can read when their pharmacy's products last moved" on public.inventory_product_activity
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
grant select on public.inventory_daily_rollups, public.inventory_totals, public.inventory_product_activity to service_role;

-- -----------------------------------------------------------------------------------------------------
-- Keeping them
-- -----------------------------------------------------------------------------------------------------
create function private.roll_up_stock_movement() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
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
$$;
comment on function private.roll_up_stock_movement() is
  'Deferred AFTER INSERT/DELETE constraint trigger of inventory_movements: adds (or, when a removed product takes its '
  'rows, subtracts) the row to its pharmacy''s UTC day and kind in inventory_daily_rollups at commit.';
create constraint trigger roll_up_stock_movement after insert or delete on public.inventory_movements
  deferrable initially deferred
  for each row execute function private.roll_up_stock_movement();

create function private.roll_up_lot_value() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  change bigint := 0;
begin
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
$$;
comment on function private.roll_up_lot_value() is
  'Deferred AFTER INSERT/UPDATE/DELETE constraint trigger of inventory_lots: moves the pharmacy''s costed stock value '
  '(inventory_totals) by the lot''s change of on_hand × unit cost, at commit.';
create constraint trigger roll_up_lot_value after insert or update of on_hand, unit_cost_cents or delete on public.inventory_lots
  deferrable initially deferred
  for each row execute function private.roll_up_lot_value();

create function private.roll_up_product_counts() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  active_change integer := 0;
  low_change integer := 0;
  out_change integer := 0;
  in_change integer := 0;
begin
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
$$;
comment on function private.roll_up_product_counts() is
  'Deferred AFTER INSERT/UPDATE/DELETE constraint trigger of medications: moves the pharmacy''s counts of active '
  'products, low (stock at or below the threshold, not 0), out of stock and in stock (inventory_totals) at commit, '
  'when a product''s change moves one.';
create constraint trigger roll_up_product_counts after insert or update of active, stock, low_stock_threshold or delete on public.medications
  deferrable initially deferred
  for each row execute function private.roll_up_product_counts();

create function private.note_product_movement() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into public.inventory_product_activity as a (pharmacy_id, medication_id, last_moved_at)
  values (new.pharmacy_id, new.medication_id, new.occurred_at)
  on conflict (pharmacy_id, medication_id) do update set last_moved_at = greatest(a.last_moved_at, excluded.last_moved_at);
  return null;
end
$$;
comment on function private.note_product_movement() is
  'AFTER INSERT trigger of inventory_movements: the product''s last movement time (its row is written under the '
  'product''s row lock, which the ledger''s writer holds).';
create trigger note_product_movement after insert on public.inventory_movements
  for each row execute function private.note_product_movement();

create function private.rebuild_inventory_rollups(for_pharmacy_id uuid) returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  delete from public.inventory_daily_rollups r where r.pharmacy_id = for_pharmacy_id;
  insert into public.inventory_daily_rollups (pharmacy_id, day, kind, movements, units, cost_cents)
  select mv.pharmacy_id, (mv.occurred_at at time zone 'UTC')::date, mv.kind, count(*), sum(mv.quantity),
         sum(mv.quantity::bigint * coalesce(mv.unit_cost_cents, 0))
  from public.inventory_movements mv where mv.pharmacy_id = for_pharmacy_id
  group by 1, 2, 3;
  insert into public.inventory_totals as t (pharmacy_id, costed_value_cents, active_products, low_stock_products,
    out_of_stock_products, in_stock_products)
  select for_pharmacy_id,
         (select coalesce(sum(l.on_hand::bigint * l.unit_cost_cents), 0) from public.inventory_lots l
          where l.pharmacy_id = for_pharmacy_id and l.unit_cost_cents is not null),
         count(*), count(*) filter (where m.is_low_stock and m.stock > 0), count(*) filter (where m.stock = 0),
         count(*) filter (where m.stock > 0)
  from public.medications m where m.pharmacy_id = for_pharmacy_id and m.active
  on conflict (pharmacy_id) do update
    set costed_value_cents = excluded.costed_value_cents, active_products = excluded.active_products,
        low_stock_products = excluded.low_stock_products, out_of_stock_products = excluded.out_of_stock_products,
        in_stock_products = excluded.in_stock_products;
  delete from public.inventory_product_activity a where a.pharmacy_id = for_pharmacy_id;
  insert into public.inventory_product_activity (pharmacy_id, medication_id, last_moved_at)
  select mv.pharmacy_id, mv.medication_id, max(mv.occurred_at)
  from public.inventory_movements mv where mv.pharmacy_id = for_pharmacy_id
  group by 1, 2;
end
$$;
comment on function private.rebuild_inventory_rollups(uuid) is
  'Recounts a pharmacy''s daily rollups, totals and product activity from its ledger, lots and catalogue: for this '
  'migration''s backfill and after a history load with triggers off. Not for staff.';

-- -----------------------------------------------------------------------------------------------------
-- Reading them
-- -----------------------------------------------------------------------------------------------------
create function private.inventory_value_cents(for_pharmacy_id uuid) returns bigint
language sql stable
set search_path = ''
as $$
  select coalesce((select t.costed_value_cents from public.inventory_totals t where t.pharmacy_id = for_pharmacy_id), 0)
       + coalesce((select sum(l.on_hand::bigint * private.unit_cost_cents(m, ip))
                   from public.inventory_lots l
                   join public.medications m on m.pharmacy_id = l.pharmacy_id and m.id = l.medication_id
                   left join public.inventory_products ip on ip.pharmacy_id = l.pharmacy_id and ip.medication_id = l.medication_id
                   where l.pharmacy_id = for_pharmacy_id and l.on_hand > 0 and l.unit_cost_cents is null), 0)::bigint
$$;
comment on function private.inventory_value_cents(uuid) is
  'A pharmacy''s stock value in cents, each lot on hand at its own cost, else the product''s (private.unit_cost_cents; '
  'nothing when unknown): the kept costed value plus the uncosted lots valued now. Security invoker (RLS).';

create function private.inventory_movement_totals(for_pharmacy_id uuid, since timestamptz)
returns table (dispensed bigint, returned bigint, waste bigint, dispensed_cents bigint, net_cents bigint)
language sql stable
set search_path = ''
as $$
  with by_kind as (
    -- The rest of the window's first day, from the ledger (inventory_movements_occurred_idx carries kind, quantity, cost;
    -- both bounds are scalars, so both bound the index range).
    select mv.kind, sum(mv.quantity)::bigint as units, sum(mv.quantity::bigint * coalesce(mv.unit_cost_cents, 0))::bigint as cents
    from public.inventory_movements mv
    where mv.pharmacy_id = for_pharmacy_id and mv.occurred_at >= since
      and mv.occurred_at < ((since at time zone 'UTC')::date + 1)::timestamp at time zone 'UTC'
    group by mv.kind
    union all
    -- Every later day (later ones too, as the ledger's window has no end), from the rollups.
    select r.kind, sum(r.units)::bigint, sum(r.cost_cents)::bigint
    from public.inventory_daily_rollups r
    where r.pharmacy_id = for_pharmacy_id and r.day > (since at time zone 'UTC')::date
    group by r.kind
  )
  select coalesce(-sum(b.units) filter (where b.kind in ('dispense', 'return_to_stock')), 0)::bigint,
         coalesce(-sum(b.units) filter (where b.kind = 'return_to_wholesaler'), 0)::bigint,
         coalesce(-sum(b.units) filter (where b.kind = 'destruction'), 0)::bigint,
         coalesce(-sum(b.cents) filter (where b.kind in ('dispense', 'return_to_stock')), 0)::bigint,
         coalesce(sum(b.cents), 0)::bigint
  from by_kind b
$$;
comment on function private.inventory_movement_totals(uuid, timestamptz) is
  'A pharmacy''s ledger from an instant on, summed: units dispensed (less returned to stock), returned to wholesalers '
  'and destroyed (positive), the cost of goods dispensed and the net value moved (cents). Whole UTC days from '
  'inventory_daily_rollups, the first day''s remainder from the ledger: equal to summing the ledger. Security invoker.';

-- -----------------------------------------------------------------------------------------------------
-- Overview and analytics, from the rollups (the same figures as 20261128007000_inventory_reorder)
-- -----------------------------------------------------------------------------------------------------
create or replace function public.inventory_overview() returns jsonb
language sql stable
set search_path = ''
as $$
  with pharmacy as (
    select private.current_pharmacy_id() as id
  ), settings as (
    select s.* from pharmacy, private.inventory_settings_of(pharmacy.id) s
  ), counts as (
    select coalesce(max(t.active_products), 0) as products, coalesce(max(t.low_stock_products), 0) as low,
           coalesce(max(t.out_of_stock_products), 0) as out_of_stock, coalesce(max(t.in_stock_products), 0) as in_stock
    from public.inventory_totals t where t.pharmacy_id = (select id from pharmacy)
  ), moved_out_of_stock as (
    -- Kept products not on the shelf: out of stock now, moved in the last 90 days.
    select count(*) as products
    from public.inventory_product_activity a
    join public.medications m on m.pharmacy_id = a.pharmacy_id and m.id = a.medication_id
    where a.pharmacy_id = (select id from pharmacy) and a.last_moved_at >= now() - interval '90 days'
      and m.active and m.stock = 0
  ), value as materialized (
    -- Materialized: computed once, however many figures use it.
    select private.inventory_value_cents((select id from pharmacy)) as cents
  ), last_30_days as materialized (
    select t.* from private.inventory_movement_totals((select id from pharmacy), now() - interval '30 days') t
  )
  select jsonb_build_object(
    'totalProducts', counts.products,
    'lowStockItems', counts.low,
    'outOfStockItems', counts.out_of_stock,
    'totalValueCents', value.cents,
    'autoOrderItems', (select count(*) from public.inventory_products ip
                       where ip.pharmacy_id = (select id from pharmacy) and ip.auto_order),
    'predictedStockouts7Days', (select count(*) from public.inventory_forecasts f
                                join public.medications m on m.pharmacy_id = f.pharmacy_id and m.id = f.medication_id
                                where f.pharmacy_id = (select id from pharmacy) and m.active and m.stock > 0
                                  -- Written with the function itself, not the CTE: the planner then estimates the
                                  -- few rows from the stockout index instead of a third of the forecasts.
                                  and f.predicted_stockout_on <= private.pharmacy_local_date(private.current_pharmacy_id(), now()) + 7),
    -- Turnover over the last 30 days: cost of goods dispensed over the average inventory value (now and 30 days ago).
    'monthlyTurnover', case when value.cents + (value.cents - last_30_days.net_cents) > 0
                            then round(last_30_days.dispensed_cents * 2.0 / (value.cents + (value.cents - last_30_days.net_cents)), 2) end,
    -- Utilisation: the share of the products the pharmacy keeps (on hand, or moved in 90 days) that are on the shelf now.
    'utilizationRate', case when counts.in_stock + moved_out_of_stock.products > 0
                            then round(counts.in_stock * 100.0 / (counts.in_stock + moved_out_of_stock.products), 1) end,
    'utilizationThreshold', settings.utilization_threshold_percent,
    'predictionWindowDays', settings.prediction_window_days,
    'forecastAt', (select max(f.computed_at) from public.inventory_forecasts f where f.pharmacy_id = (select id from pharmacy)))
  from counts, moved_out_of_stock, value, last_30_days, settings
$$;
comment on function public.inventory_overview() is
  'The Overview tab''s figures for the caller''s pharmacy, each from the database: active products, low and out of '
  'stock, total value in cents (each lot on hand at its cost), auto-order items, predicted stockouts within 7 days, '
  '30-day turnover (cost of goods dispensed / average of today''s and the reconstructed value 30 days ago), the '
  'utilisation rate (products kept — on hand or moved in 90 days — that are on the shelf, %) with the threshold, '
  'the prediction window and when predictions were last updated. Ledger sums and value come from the rollups '
  '(20261129002000_inventory_rollups). Security invoker (RLS).';

create or replace function public.inventory_analytics() returns jsonb
language sql stable
set search_path = ''
as $$
  with pharmacy as (
    select private.current_pharmacy_id() as id
  ), value_now as materialized (
    -- Materialized: computed once for the three periods.
    select private.inventory_value_cents((select id from pharmacy)) as cents
  )
  select jsonb_agg(jsonb_build_object(
    'period', p.days || ' days', 'days', p.days,
    'dispensed', t.dispensed, 'returned', t.returned, 'waste', t.waste,
    'turnover', case when v.cents + (v.cents - t.net_cents) > 0
                     then round(t.dispensed_cents * 2.0 / (v.cents + (v.cents - t.net_cents)), 2) end)
    order by p.days)
  from unnest(array[7, 30, 90]) as p (days)
  cross join lateral private.inventory_movement_totals((select id from pharmacy), now() - make_interval(days => p.days)) t
  cross join value_now v
$$;
comment on function public.inventory_analytics() is
  'The Analytics tab''s 7, 30 and 90-day summaries (spec §3 Analytics period) from the ledger''s rollups: units '
  'dispensed (less returned to stock), returned to wholesalers, destroyed (waste), and turnover (cost of goods '
  'dispensed over the average of today''s value and the value at the period''s start, reconstructed from the '
  'ledger). Security invoker.';

-- -----------------------------------------------------------------------------------------------------
-- The existing ledger, counted (the triggers above already hold the tables: nothing is posted meanwhile)
-- -----------------------------------------------------------------------------------------------------
select private.rebuild_inventory_rollups(p.id) from public.pharmacies p;

revoke all on function private.roll_up_stock_movement() from public;
revoke all on function private.roll_up_lot_value() from public;
revoke all on function private.roll_up_product_counts() from public;
revoke all on function private.note_product_movement() from public;
revoke all on function private.rebuild_inventory_rollups(uuid) from public;
revoke all on function private.inventory_value_cents(uuid) from public;
revoke all on function private.inventory_movement_totals(uuid, timestamptz) from public;
grant execute on function private.inventory_value_cents(uuid) to authenticated;
grant execute on function private.inventory_movement_totals(uuid, timestamptz) to authenticated;

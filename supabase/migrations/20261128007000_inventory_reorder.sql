-- =====================================================================================================
-- Inventory: reorder settings, usage forecasts, the Inventory tab's page and the overview (spec part 2
-- "Inventory Management & Wholesale Integration" §3 Inventory item, Analytics period, §5; issue 24). Every figure is
-- SQL over the stock ledger (20261128006000_inventory_ledger).
--
-- * inventory_settings (one row per pharmacy, defaults until saved): the prediction window (7–90 days, default 30),
--   the utilisation threshold (50–100 %, default 80), safety stock in days of demand and the default lead time.
-- * inventory_products (one row per product once set): auto-order, preferred wholesaler, lead time, safety stock,
--   maximum stock, acquisition cost per unit.
-- * inventory_forecasts, written by refresh_inventory_forecasts (Update Predictions; the daily job): usage over 7,
--   30 and 90 days and over the window, averaged over the days the product was in stock (read from each ledger
--   row's product balance: an out-of-stock week does not lower demand), refills falling due in the window as known
--   demand, the reorder point (daily demand × lead time + safety stock), the order quantity up to the maximum in
--   whole packages, the predicted stockout date and the trend. An auto-order product's reorder point becomes its
--   low-stock threshold, so the Drug Database's low-stock alert and the Inventory status agree.
-- * Status: out_of_stock (nothing on hand), low (at or below the reorder point, the low-stock threshold),
--   adequate. inventory_items pages the products by name with the status filter (cut by private.medication_id_page,
--   which the catalog's search now shares); inventory_overview and inventory_analytics are one aggregate each.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- Settings per pharmacy
-- -----------------------------------------------------------------------------------------------------
create table public.inventory_settings (
  pharmacy_id uuid primary key default private.current_pharmacy_id() references public.pharmacies (id) on delete cascade,
  prediction_window_days integer not null default 30,
  utilization_threshold_percent integer not null default 80,
  safety_stock_days integer not null default 3,
  default_lead_time_days integer not null default 1,
  updated_at timestamptz not null default now(),
  updated_by uuid references auth.users (id) default auth.uid(),
  constraint inventory_settings_window_check check (prediction_window_days between 7 and 90),
  constraint inventory_settings_utilization_check check (utilization_threshold_percent between 50 and 100),
  constraint inventory_settings_safety_check check (safety_stock_days between 0 and 60),
  constraint inventory_settings_lead_time_check check (default_lead_time_days between 1 and 60)
);
comment on table public.inventory_settings is
  'A pharmacy''s inventory prediction settings (spec §5: prediction window 7–90 days, default 30; utilisation '
  'threshold 50–100 %, default 80), the safety stock in days of demand and the default wholesaler lead time. No row '
  'means the defaults (private.inventory_settings_of). Staff read; pharmacists and admins save.';
comment on constraint inventory_settings_window_check on public.inventory_settings is 'The prediction window is 7 to 90 days';
comment on constraint inventory_settings_utilization_check on public.inventory_settings is 'The utilization threshold is 50 to 100 percent';
comment on constraint inventory_settings_safety_check on public.inventory_settings is 'Safety stock is 0 to 60 days of demand';
comment on constraint inventory_settings_lead_time_check on public.inventory_settings is 'The lead time is 1 to 60 days';
create index inventory_settings_updated_by_idx on public.inventory_settings (updated_by);

alter table public.inventory_settings enable row level security;
revoke delete, truncate on public.inventory_settings from anon, authenticated;
revoke all on public.inventory_settings from anon;
create policy "Staff can read their pharmacy's inventory settings" on public.inventory_settings
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
create policy "Pharmacists and admins can create their pharmacy's inventory settings" on public.inventory_settings
  for insert to authenticated
  with check (pharmacy_id = (select private.current_pharmacy_id()) and (select private.current_staff_can('inventory:adjust')));
create policy "Pharmacists and admins can change their pharmacy's inventory settings" on public.inventory_settings
  for update to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()) and (select private.current_staff_can('inventory:adjust')))
  with check (pharmacy_id = (select private.current_pharmacy_id()));
create trigger guard_tenant_pharmacy_id before insert or update on public.inventory_settings
  for each row execute function private.guard_tenant_pharmacy_id();

create function private.stamp_inventory_settings() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  new.updated_by := (select auth.uid());
  return new;
end
$$;
comment on function private.stamp_inventory_settings() is 'BEFORE INSERT/UPDATE trigger of inventory_settings: who saved them and when.';
create trigger stamp_inventory_settings before insert or update on public.inventory_settings
  for each row execute function private.stamp_inventory_settings();

create function private.inventory_settings_of(for_pharmacy_id uuid) returns public.inventory_settings
language sql stable security definer
set search_path = ''
as $$
  select coalesce(
    (select s from public.inventory_settings s where s.pharmacy_id = for_pharmacy_id),
    row(for_pharmacy_id, 30, 80, 3, 1, now(), null)::public.inventory_settings)
$$;
comment on function private.inventory_settings_of(uuid) is 'A pharmacy''s inventory settings, the defaults when never saved.';

-- -----------------------------------------------------------------------------------------------------
-- Reorder settings per product
-- -----------------------------------------------------------------------------------------------------
create table public.inventory_products (
  pharmacy_id uuid not null default private.current_pharmacy_id() references public.pharmacies (id) on delete cascade,
  medication_id uuid not null,
  auto_order boolean not null default false,
  preferred_wholesaler_id uuid,
  lead_time_days integer,
  safety_stock integer,
  max_stock integer,
  acquisition_cost_cents integer,
  updated_at timestamptz not null default now(),
  primary key (pharmacy_id, medication_id),
  constraint inventory_products_medication_fkey foreign key (pharmacy_id, medication_id)
    references public.medications (pharmacy_id, id) on delete cascade,
  constraint inventory_products_lead_time_check check (lead_time_days between 1 and 60),
  constraint inventory_products_safety_stock_check check (safety_stock >= 0),
  constraint inventory_products_max_stock_check check (max_stock > 0),
  constraint inventory_products_cost_check check (acquisition_cost_cents >= 0)
);
comment on table public.inventory_products is
  'How a product is reordered: the auto-order switch, preferred wholesaler, lead time (days; the pharmacy''s default '
  'when null), safety stock and maximum stock (units; computed from demand when null), and the acquisition cost per '
  'unit in cents (from invoices; the catalog''s WAC per unit when null). Staff read; pharmacists and admins write.';
comment on constraint inventory_products_lead_time_check on public.inventory_products is 'The lead time is 1 to 60 days';
comment on constraint inventory_products_safety_stock_check on public.inventory_products is 'Safety stock cannot be negative';
comment on constraint inventory_products_max_stock_check on public.inventory_products is 'The maximum stock must be greater than 0';
comment on constraint inventory_products_cost_check on public.inventory_products is 'A cost cannot be negative';
create index inventory_products_auto_order_idx on public.inventory_products (pharmacy_id) where auto_order;

alter table public.inventory_products enable row level security;
revoke delete, truncate on public.inventory_products from anon, authenticated;
revoke all on public.inventory_products from anon;
create policy "Staff can read their pharmacy's reorder settings" on public.inventory_products
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
create policy "Pharmacists and admins can add reorder settings" on public.inventory_products
  for insert to authenticated
  with check (pharmacy_id = (select private.current_pharmacy_id()) and (select private.current_staff_can('inventory:adjust')));
create policy "Pharmacists and admins can change reorder settings" on public.inventory_products
  for update to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()) and (select private.current_staff_can('inventory:adjust')))
  with check (pharmacy_id = (select private.current_pharmacy_id()));
create trigger guard_tenant_pharmacy_id before insert or update on public.inventory_products
  for each row execute function private.guard_tenant_pharmacy_id();
create trigger touch_updated_at before update on public.inventory_products
  for each row execute function private.touch_updated_at();
create trigger audit_changes after insert or update on public.inventory_products
  for each row execute function private.audit_row_change('medication_id');

-- The acquisition cost of one unit, cents: the invoice's, else the catalog's WAC per package over its size.
create function private.unit_cost_cents(product public.medications, settings public.inventory_products) returns integer
language sql immutable
set search_path = ''
as $$
  select coalesce(settings.acquisition_cost_cents,
                  round(product.wac_price * 100 / nullif(product.package_size, 0))::integer,
                  round(product.nadac_per_unit * 100)::integer)
$$;
comment on function private.unit_cost_cents(public.medications, public.inventory_products) is
  'What one unit of a product costs the pharmacy, in cents: the acquisition cost from its invoices, else the '
  'catalog''s WAC per package divided by the package size, else NADAC per unit; null when none is known.';

create or replace function private.movement_unit_cost(lot_cost integer, for_medication_id uuid) returns integer
language sql stable security definer
set search_path = ''
as $$
  select coalesce(lot_cost, (select private.unit_cost_cents(m, ip) from public.medications m
                             left join public.inventory_products ip on ip.pharmacy_id = m.pharmacy_id and ip.medication_id = m.id
                             where m.id = for_medication_id))
$$;
comment on function private.movement_unit_cost(integer, uuid) is
  'The unit cost (cents) a ledger row records: the lot''s, else private.unit_cost_cents (invoice acquisition cost, '
  'WAC per unit, NADAC); null when unknown.';

-- -----------------------------------------------------------------------------------------------------
-- Forecasts
-- -----------------------------------------------------------------------------------------------------
create table public.inventory_forecasts (
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  medication_id uuid not null,
  computed_at timestamptz not null default now(),
  window_days integer not null,
  used_7_days integer not null,
  used_30_days integer not null,
  used_90_days integer not null,
  used_in_window integer not null,
  in_stock_days numeric(6, 2) not null,
  daily_usage numeric(12, 3) not null,
  refills_due_units integer not null,
  reorder_point integer not null,
  max_stock integer not null,
  order_quantity integer not null,
  predicted_stockout_on date,
  trend text not null,
  primary key (pharmacy_id, medication_id),
  constraint inventory_forecasts_medication_fkey foreign key (pharmacy_id, medication_id)
    references public.medications (pharmacy_id, id) on delete cascade,
  constraint inventory_forecasts_trend_check check (trend in ('increasing', 'decreasing', 'stable'))
);
comment on table public.inventory_forecasts is
  'Each product''s latest forecast (refresh_inventory_forecasts): units used over 7/30/90 days and the prediction '
  'window, the days in stock within the window, daily usage while in stock, refills due in the window, the reorder '
  'point, maximum and suggested order quantity (whole packages), the predicted stockout date and the usage trend. '
  'Written only by the database; staff read.';
create index inventory_forecasts_stockout_idx on public.inventory_forecasts (pharmacy_id, predicted_stockout_on)
  where predicted_stockout_on is not null;

alter table public.inventory_forecasts enable row level security;
revoke insert, update, delete, truncate on public.inventory_forecasts from anon, authenticated;
revoke select on public.inventory_forecasts from anon;
create policy "Staff can read their pharmacy's forecasts" on public.inventory_forecasts
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));

create function private.compute_inventory_forecasts(for_pharmacy_id uuid) returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  settings public.inventory_settings := private.inventory_settings_of(for_pharmacy_id);
  window_days integer := settings.prediction_window_days;
  window_start timestamptz := now() - make_interval(days => settings.prediction_window_days);
  today date := private.pharmacy_local_date(for_pharmacy_id, now());
  written integer;
begin
  with products as (
    select m.id, m.stock, m.low_stock_threshold,
           greatest(coalesce(case when m.package_unit = 'EA' and m.package_size = trunc(m.package_size) then m.package_size::integer end, 1), 1) as package_units,
           coalesce(ip.auto_order, false) as auto_order,
           coalesce(ip.lead_time_days, settings.default_lead_time_days) as lead_days,
           ip.safety_stock, ip.max_stock
    from public.medications m
    left join public.inventory_products ip on ip.pharmacy_id = m.pharmacy_id and ip.medication_id = m.id
    where m.pharmacy_id = for_pharmacy_id and m.active
  ), usage as (
    -- Units dispensed less units returned to stock (a fill not picked up was not used).
    select p.id,
      coalesce(-sum(mv.quantity) filter (where mv.occurred_at >= now() - interval '7 days'), 0)::integer as used_7,
      coalesce(-sum(mv.quantity) filter (where mv.occurred_at >= now() - interval '30 days'), 0)::integer as used_30,
      coalesce(-sum(mv.quantity), 0)::integer as used_90,
      coalesce(-sum(mv.quantity) filter (where mv.occurred_at >= window_start), 0)::integer as used_window
    from products p
    left join public.inventory_movements mv
      on mv.pharmacy_id = for_pharmacy_id and mv.medication_id = p.id
     and mv.occurred_at >= now() - interval '90 days' and mv.kind in ('dispense', 'return_to_stock')
    group by p.id
  ), out_of_stock as (
    -- Time at zero within the window, from the balance at its start and each movement's product balance.
    select p.id, coalesce(sum(extract(epoch from (t.next_at - t.at_time))) filter (where t.balance = 0), 0) / 86400.0 as out_days
    from products p
    cross join lateral (
      select e.at_time, e.balance, coalesce(lead(e.at_time) over (order by e.at_time, e.seq), now()) as next_at
      from (
        select window_start as at_time, 0::bigint as seq,
               coalesce((select mv.product_on_hand_after from public.inventory_movements mv
                         where mv.pharmacy_id = for_pharmacy_id and mv.medication_id = p.id and mv.occurred_at < window_start
                         order by mv.occurred_at desc limit 1), 0) as balance
        union all
        select mv.occurred_at, mv.id, mv.product_on_hand_after from public.inventory_movements mv
        where mv.pharmacy_id = for_pharmacy_id and mv.medication_id = p.id and mv.occurred_at >= window_start
      ) e
    ) t
    group by p.id
  ), refills_due as (
    -- Known demand: the last fill of each active order with refills left runs out within the window.
    select o.medication_id as id, sum(ceil(last_fill.quantity))::integer as units
    from public.prescription_orders o
    cross join lateral (
      select rx.quantity, rx.date_filled, rx.days_supply from public.prescriptions rx
      where rx.pharmacy_id = o.pharmacy_id and rx.order_id = o.id and rx.status <> 'cancelled'
      order by rx.fill_number desc, rx.created_at desc limit 1
    ) last_fill
    where o.pharmacy_id = for_pharmacy_id and o.status = 'active'
      and o.refills > greatest(o.last_fill_number, o.refills_used_before)
      and last_fill.date_filled + last_fill.days_supply between today and today + window_days
    group by o.medication_id
  ), demand as (
    select p.*, u.used_7, u.used_30, u.used_90, u.used_window,
           greatest(window_days - o.out_days, 0) as in_stock_days,
           u.used_window / greatest(window_days - o.out_days, 1.0) as daily_usage,
           coalesce(r.units, 0) as refills_due_units
    from products p join usage u using (id) join out_of_stock o using (id) left join refills_due r using (id)
  ), planned as (
    select d.*,
           -- The window's demand: usage while in stock projected over the window, or the refills due if more.
           greatest(d.daily_usage * window_days, d.refills_due_units) / window_days as daily_demand
    from demand d
  ), points as (
    select pl.*,
           coalesce(pl.safety_stock, ceil(pl.daily_demand * settings.safety_stock_days)::integer) as safety,
           ceil(pl.daily_demand * pl.lead_days)::integer + coalesce(pl.safety_stock, ceil(pl.daily_demand * settings.safety_stock_days)::integer) as reorder_point
    from planned pl
  ), sized as (
    select pt.*,
           greatest(coalesce(pt.max_stock, pt.reorder_point + ceil(pt.daily_demand * window_days)::integer), pt.reorder_point, 1) as ceiling_units
    from points pt
  )
  insert into public.inventory_forecasts as f (
    pharmacy_id, medication_id, computed_at, window_days, used_7_days, used_30_days, used_90_days, used_in_window,
    in_stock_days, daily_usage, refills_due_units, reorder_point, max_stock, order_quantity, predicted_stockout_on, trend)
  select for_pharmacy_id, s.id, now(), window_days, s.used_7, s.used_30, s.used_90, s.used_window,
         round(s.in_stock_days, 2), round(s.daily_usage, 3), s.refills_due_units, s.reorder_point, s.ceiling_units,
         case when s.stock <= s.reorder_point and s.ceiling_units > s.stock
              then (ceil((s.ceiling_units - s.stock)::numeric / s.package_units) * s.package_units)::integer else 0 end,
         case when s.daily_demand > 0 then today + floor(s.stock / s.daily_demand)::integer end,
         case when s.used_7 * 30 > s.used_30 * 7 * 1.15 then 'increasing'
              when s.used_7 * 30 < s.used_30 * 7 * 0.85 then 'decreasing'
              else 'stable' end
  from sized s
  on conflict (pharmacy_id, medication_id) do update set
    computed_at = excluded.computed_at, window_days = excluded.window_days, used_7_days = excluded.used_7_days,
    used_30_days = excluded.used_30_days, used_90_days = excluded.used_90_days, used_in_window = excluded.used_in_window,
    in_stock_days = excluded.in_stock_days, daily_usage = excluded.daily_usage,
    refills_due_units = excluded.refills_due_units, reorder_point = excluded.reorder_point,
    max_stock = excluded.max_stock, order_quantity = excluded.order_quantity,
    predicted_stockout_on = excluded.predicted_stockout_on, trend = excluded.trend;
  get diagnostics written = row_count;

  -- An auto-order product is reordered at its computed point: its low-stock threshold follows.
  update public.medications m set low_stock_threshold = f.reorder_point
  from public.inventory_forecasts f, public.inventory_products ip
  where m.pharmacy_id = for_pharmacy_id and f.pharmacy_id = m.pharmacy_id and f.medication_id = m.id
    and ip.pharmacy_id = m.pharmacy_id and ip.medication_id = m.id and ip.auto_order
    and m.low_stock_threshold is distinct from f.reorder_point;
  return written;
end
$$;
comment on function private.compute_inventory_forecasts(uuid) is
  'Recomputes every active product''s forecast of a pharmacy in one statement (see the table''s comment and the '
  'migration header) and sets each auto-order product''s low-stock threshold to its reorder point. Answers the '
  'number of products forecast.';

create function private.refresh_inventory_forecasts() returns integer
language plpgsql security definer
set search_path = ''
as $$
begin
  if private.current_pharmacy_id() is null or not private.current_staff_can('inventory:manage') then
    raise exception 'Only staff of the pharmacy can update predictions' using errcode = '42501';
  end if;
  return private.compute_inventory_forecasts(private.current_pharmacy_id());
end
$$;
comment on function private.refresh_inventory_forecasts() is 'Update Predictions for the caller''s pharmacy (any staff member).';

create function public.refresh_inventory_forecasts() returns integer
language sql
set search_path = ''
as $$
  select private.refresh_inventory_forecasts()
$$;
comment on function public.refresh_inventory_forecasts() is 'Update Predictions: see private.compute_inventory_forecasts.';

-- The daily job: every pharmacy's predictions are current each morning.
create function private.compute_all_inventory_forecasts() returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  pharmacy record;
  done integer := 0;
begin
  for pharmacy in select p.id from public.pharmacies p order by p.id loop
    perform private.compute_inventory_forecasts(pharmacy.id);
    done := done + 1;
  end loop;
  return done;
end
$$;
comment on function private.compute_all_inventory_forecasts() is
  'Run by pg_cron daily (job refresh-inventory-forecasts): recomputes every pharmacy''s inventory forecasts. '
  'Answers how many pharmacies were done.';
revoke all on function private.compute_all_inventory_forecasts() from public;

do $$
begin
  if to_regnamespace('cron') is not null then
    perform cron.schedule('refresh-inventory-forecasts', '30 9 * * *', 'select private.compute_all_inventory_forecasts()');
  end if;
end
$$;

-- -----------------------------------------------------------------------------------------------------
-- The Inventory tab: one page of products with their stock, lots, usage, forecast and status
-- -----------------------------------------------------------------------------------------------------
create index medications_out_of_stock_idx on public.medications (pharmacy_id, name, strength, id) where stock = 0 and active;

create function private.inventory_status(product public.medications) returns text
language sql immutable
set search_path = ''
as $$
  select case when product.stock = 0 then 'out_of_stock' when product.is_low_stock then 'low' else 'adequate' end
$$;
comment on function private.inventory_status(public.medications) is
  'A product''s inventory status: out_of_stock (nothing on hand), low (at or below its reorder point, the '
  'low-stock threshold) or adequate.';

-- One page of a pharmacy's medication ids under SQL conditions: the catalog's search (medication_search_page) and the
-- Inventory page (inventory_item_page) both cut their pages here. whole_list: no search narrows the products, so the
-- page comes straight from the name index and the count apart; otherwise the matches once, counted and cut.
create function private.medication_id_page(
  pharmacy uuid, conditions text[], whole_list boolean, page_size integer, page_offset integer
) returns table (medication_ids uuid[], total bigint)
language plpgsql stable
set search_path = ''
as $$
begin
  if whole_list then
    return query execute format($sql$
      select array(select m.id from public.medications m where %1$s order by m.name, m.strength, m.id limit $2 offset $3),
             (select count(*) from public.medications m where %1$s)
      $sql$, array_to_string(conditions, ' and '))
    using pharmacy, page_size, page_offset;
    return;
  end if;
  return query execute format($sql$
    with matched as materialized (
      select m.id, m.name, m.strength from public.medications m where %s
    )
    select array(select x.id from matched x order by x.name, x.strength, x.id limit $2 offset $3),
           (select count(*) from matched)
    $sql$, array_to_string(conditions, ' and '))
  using pharmacy, page_size, page_offset;
end
$$;
comment on function private.medication_id_page(uuid, text[], boolean, integer, integer) is
  'One page (ids in name, strength, id order) of medications under the given SQL conditions ($1 is the pharmacy), '
  'and how many match. Only for the page functions that build the conditions (never from a request).';

create or replace function private.medication_search_page(
  search text, low_stock_only boolean, include_inactive boolean, page_size integer, page_offset integer
) returns table (medication_ids uuid[], total bigint)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  pharmacy uuid := private.current_pharmacy_id();
  conditions text[] := array['m.pharmacy_id = $1', private.medication_search_condition(search)];
begin
  if page_size is null or page_size not between 1 and 100 then
    raise exception 'A page holds 1 to 100 medications' using errcode = '22023';
  end if;
  if page_offset is null or page_offset < 0 then
    raise exception 'A page starts at medication 0 or later' using errcode = '22023';
  end if;
  if pharmacy is null then
    return query select '{}'::uuid[], 0::bigint;
    return;
  end if;
  if coalesce(low_stock_only, false) then
    conditions := array_append(conditions, 'm.is_low_stock');
  end if;
  if not coalesce(include_inactive, false) then
    conditions := array_append(conditions, 'm.active');
  end if;
  return query select * from private.medication_id_page(pharmacy, conditions,
    conditions[2] = 'true' and not coalesce(low_stock_only, false), page_size, page_offset);
end
$$;
comment on function private.medication_search_page(text, boolean, boolean, integer, integer) is
  'One page (ids in name, strength, id order) of the caller''s own pharmacy''s medications matching the search '
  '(private.medication_search_condition), low-stock only and/or active only when asked, and how many match in all '
  '(cut by private.medication_id_page). Security definer so the trigram and pattern indexes apply; scoped to '
  'private.current_pharmacy_id(); returns ids and a count only.';

create function private.inventory_item_page(search text, status text, page_size integer, page_offset integer)
returns table (medication_ids uuid[], total bigint)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  pharmacy uuid := private.current_pharmacy_id();
  conditions text[] := array['m.pharmacy_id = $1', 'm.active', private.medication_search_condition(search)];
begin
  if page_size is null or page_size not between 1 and 100 then
    raise exception 'A page holds 1 to 100 products' using errcode = '22023';
  end if;
  if page_offset is null or page_offset < 0 then
    raise exception 'A page starts at product 0 or later' using errcode = '22023';
  end if;
  if pharmacy is null then
    return query select '{}'::uuid[], 0::bigint;
    return;
  end if;
  if coalesce(status, 'all') not in ('all', 'low', 'out_of_stock', 'adequate') then
    raise exception 'Status must be all, low, out_of_stock or adequate' using errcode = '22023';
  end if;
  conditions := conditions || case coalesce(status, 'all')
    when 'out_of_stock' then array['m.stock = 0']
    when 'low' then array['m.is_low_stock', 'm.stock > 0']
    when 'adequate' then array['not m.is_low_stock']
    else array[]::text[] end;
  -- No search: the page straight from the name index (a status filter keeps to its index or the name order).
  return query select * from private.medication_id_page(pharmacy, conditions, conditions[3] = 'true', page_size, page_offset);
end
$$;
comment on function private.inventory_item_page(text, text, integer, integer) is
  'One page (ids in name, strength, id order) of the caller''s pharmacy''s active products matching the search '
  '(the catalog''s rule, private.medication_search_condition) and status, and how many match. Security definer so '
  'the search indexes apply; scoped to private.current_pharmacy_id(); ids and a count only.';

create function public.inventory_items(
  search text default '', status text default 'all', page_size integer default 25, page_offset integer default 0
) returns table (
  id uuid, name text, generic_name text, strength text, ndc_number text, ndc11 text, dea_schedule text,
  stock integer, reorder_point integer, max_stock integer, unit_cost_cents integer, total_value_cents bigint,
  supplier text, next_expiration_date date, status text, used_30_days integer, trend text, predicted_stockout_on date,
  order_quantity integer, auto_order boolean, last_receipt_at timestamptz, last_receipt_quantity integer,
  forecast_at timestamptz, lots jsonb, total_count bigint
)
language sql stable
set search_path = ''
as $$
  select m.id, m.name, m.generic_name, m.strength, m.ndc_number, m.ndc11, m.dea_schedule,
         m.stock, m.low_stock_threshold, f.max_stock, private.unit_cost_cents(m, ip),
         (select sum(l.on_hand::bigint * coalesce(l.unit_cost_cents, private.unit_cost_cents(m, ip)))
          from public.inventory_lots l where l.pharmacy_id = m.pharmacy_id and l.medication_id = m.id and l.on_hand > 0),
         null::text,
         (select min(l.expiration_date) from public.inventory_lots l
          where l.pharmacy_id = m.pharmacy_id and l.medication_id = m.id and l.on_hand > 0),
         private.inventory_status(m),
         coalesce((select -sum(mv.quantity)::integer from public.inventory_movements mv
                   where mv.pharmacy_id = m.pharmacy_id and mv.medication_id = m.id
                     and mv.occurred_at >= now() - interval '30 days' and mv.kind in ('dispense', 'return_to_stock')), 0),
         f.trend, f.predicted_stockout_on, f.order_quantity, coalesce(ip.auto_order, false),
         receipt.occurred_at, receipt.quantity, f.computed_at,
         coalesce((select jsonb_agg(jsonb_build_object('lotId', l.id, 'lotNumber', l.lot_number,
                     'expirationDate', l.expiration_date, 'onHand', l.on_hand)
                     order by l.expiration_date nulls first, l.received_at)
                   from public.inventory_lots l
                   where l.pharmacy_id = m.pharmacy_id and l.medication_id = m.id and l.on_hand > 0), '[]'::jsonb),
         page.total
  from private.inventory_item_page(search, status, page_size, page_offset) page
  cross join lateral unnest(page.medication_ids) with ordinality as ids (medication_id, position)
  join public.medications m on m.id = ids.medication_id
  left join public.inventory_products ip on ip.pharmacy_id = m.pharmacy_id and ip.medication_id = m.id
  left join public.inventory_forecasts f on f.pharmacy_id = m.pharmacy_id and f.medication_id = m.id
  left join lateral (
    select mv.occurred_at, mv.quantity from public.inventory_movements mv
    where mv.pharmacy_id = m.pharmacy_id and mv.medication_id = m.id and mv.kind = 'receipt'
    order by mv.occurred_at desc limit 1
  ) receipt on true
  order by ids.position
$$;
comment on function public.inventory_items(text, text, integer, integer) is
  'GET /api/inventory/items: one page of the caller''s pharmacy''s active products (search as the catalog''s; '
  'status all, low, out_of_stock or adequate) with on-hand, reorder point (the low-stock threshold), unit cost and '
  'value (each lot at its own cost, else the product''s), the soonest expiry on hand, status, units used in 30 days, '
  'the latest forecast, the auto-order switch, the last receipt, the lots on hand, and the total. Security invoker: '
  'rows are read through RLS. supplier is the preferred wholesaler once wholesalers exist.';

-- -----------------------------------------------------------------------------------------------------
-- Overview and analytics
-- -----------------------------------------------------------------------------------------------------
create function public.inventory_overview() returns jsonb
language sql stable
set search_path = ''
as $$
  with pharmacy as (
    select private.current_pharmacy_id() as id
  ), settings as (
    select s.* from pharmacy, private.inventory_settings_of(pharmacy.id) s
  ), counts as (
    select count(*) as products,
           count(*) filter (where m.is_low_stock and m.stock > 0) as low,
           count(*) filter (where m.stock = 0) as out_of_stock
    from public.medications m where m.pharmacy_id = (select id from pharmacy) and m.active
  ), moved as (
    -- The ledger's last 90 days in one index range: the products that moved, and 30 days' costs (each row's own).
    select mv.medication_id, mv.kind, mv.quantity, mv.unit_cost_cents, mv.occurred_at
    from public.inventory_movements mv
    where mv.pharmacy_id = (select id from pharmacy) and mv.occurred_at >= now() - interval '90 days'
  ), stocked as (
    -- The products the pharmacy keeps: on hand now or moved in the last 90 days.
    select count(*) filter (where m.stock > 0) as in_stock, count(*) as kept
    from public.medications m
    where m.pharmacy_id = (select id from pharmacy) and m.active
      and (m.stock > 0 or m.id in (select moved.medication_id from moved))
  ), value as (
    select coalesce(sum(l.on_hand::bigint * coalesce(l.unit_cost_cents, private.movement_unit_cost(null, l.medication_id))), 0) as cents
    from public.inventory_lots l
    where l.pharmacy_id = (select id from pharmacy) and l.on_hand > 0
  ), dispensed_cost as (
    select coalesce(-sum(moved.quantity::bigint * moved.unit_cost_cents), 0) as cents
    from moved where moved.occurred_at >= now() - interval '30 days' and moved.kind in ('dispense', 'return_to_stock')
  ), net_change as (
    -- Value that came in less value that went out over 30 days: the value 30 days ago is today's less this.
    select coalesce(sum(moved.quantity::bigint * moved.unit_cost_cents), 0) as cents
    from moved where moved.occurred_at >= now() - interval '30 days'
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
                                  and f.predicted_stockout_on <= private.pharmacy_local_date((select id from pharmacy), now()) + 7),
    -- Turnover over the last 30 days: cost of goods dispensed over the average inventory value (now and 30 days ago).
    'monthlyTurnover', case when value.cents + (value.cents - net_change.cents) > 0
                            then round(dispensed_cost.cents * 2.0 / (value.cents + (value.cents - net_change.cents)), 2) end,
    -- Utilisation: the share of the products the pharmacy keeps that are on the shelf now.
    'utilizationRate', case when stocked.kept > 0 then round(stocked.in_stock * 100.0 / stocked.kept, 1) end,
    'utilizationThreshold', settings.utilization_threshold_percent,
    'predictionWindowDays', settings.prediction_window_days,
    'forecastAt', (select max(f.computed_at) from public.inventory_forecasts f where f.pharmacy_id = (select id from pharmacy)))
  from counts, stocked, value, dispensed_cost, net_change, settings
$$;
comment on function public.inventory_overview() is
  'The Overview tab''s figures for the caller''s pharmacy, each from the database: active products, low and out of '
  'stock, total value in cents (each lot on hand at its cost), auto-order items, predicted stockouts within 7 days, '
  '30-day turnover (cost of goods dispensed / average of today''s and the reconstructed value 30 days ago), the '
  'utilisation rate (products kept — on hand or moved in 90 days — that are on the shelf, %) with the threshold, '
  'the prediction window and when predictions were last updated. Security invoker (RLS).';

create function public.inventory_analytics() returns jsonb
language sql stable
set search_path = ''
as $$
  with pharmacy as (
    select private.current_pharmacy_id() as id
  ), moved as (
    -- One index range of the ledger (inventory_movements_occurred_idx carries kind, quantity and cost).
    select mv.kind, mv.quantity, mv.occurred_at, mv.quantity::bigint * coalesce(mv.unit_cost_cents, 0) as cents
    from public.inventory_movements mv
    where mv.pharmacy_id = (select id from pharmacy) and mv.occurred_at >= now() - interval '90 days'
  ), value_now as (
    select coalesce(sum(l.on_hand::bigint * coalesce(l.unit_cost_cents, private.movement_unit_cost(null, l.medication_id))), 0) as cents
    from public.inventory_lots l
    where l.pharmacy_id = (select id from pharmacy) and l.on_hand > 0
  ), summed as (
    select p.days,
      coalesce(-sum(c.quantity) filter (where c.occurred_at >= now() - make_interval(days => p.days) and c.kind in ('dispense', 'return_to_stock')), 0)::integer as dispensed,
      coalesce(-sum(c.quantity) filter (where c.occurred_at >= now() - make_interval(days => p.days) and c.kind = 'return_to_wholesaler'), 0)::integer as returned,
      coalesce(-sum(c.quantity) filter (where c.occurred_at >= now() - make_interval(days => p.days) and c.kind = 'destruction'), 0)::integer as waste,
      coalesce(-sum(c.cents) filter (where c.occurred_at >= now() - make_interval(days => p.days) and c.kind in ('dispense', 'return_to_stock')), 0) as dispensed_cents,
      coalesce(sum(c.cents) filter (where c.occurred_at >= now() - make_interval(days => p.days)), 0) as net_cents
    from unnest(array[7, 30, 90]) as p (days) cross join moved c
    group by p.days
  )
  select coalesce(jsonb_agg(jsonb_build_object(
    'period', p.days || ' days', 'days', p.days,
    'dispensed', coalesce(s.dispensed, 0), 'returned', coalesce(s.returned, 0), 'waste', coalesce(s.waste, 0),
    'turnover', case when v.cents + (v.cents - coalesce(s.net_cents, 0)) > 0
                     then round(coalesce(s.dispensed_cents, 0) * 2.0 / (v.cents + (v.cents - coalesce(s.net_cents, 0))), 2) end)
    order by p.days), '[]'::jsonb)
  from unnest(array[7, 30, 90]) as p (days)
  left join summed s on s.days = p.days
  cross join value_now v
$$;
comment on function public.inventory_analytics() is
  'The Analytics tab''s 7, 30 and 90-day summaries (spec §3 Analytics period) from the ledger: units dispensed (less '
  'returned to stock), returned to wholesalers, destroyed (waste), and turnover (cost of goods dispensed over the '
  'average of today''s value and the value at the period''s start, reconstructed from the ledger). Security invoker.';

-- -----------------------------------------------------------------------------------------------------
-- Grants and messages
-- -----------------------------------------------------------------------------------------------------
revoke all on function private.stamp_inventory_settings() from public;
revoke all on function private.inventory_settings_of(uuid) from public;
revoke all on function private.unit_cost_cents(public.medications, public.inventory_products) from public;
revoke all on function private.compute_inventory_forecasts(uuid) from public;
revoke all on function private.movement_unit_cost(integer, uuid) from public;
grant execute on function private.movement_unit_cost(integer, uuid) to authenticated;
revoke all on function private.refresh_inventory_forecasts() from public;
revoke all on function private.inventory_status(public.medications) from public;
revoke all on function private.inventory_item_page(text, text, integer, integer) from public;
revoke all on function private.medication_id_page(uuid, text[], boolean, integer, integer) from public;
grant execute on function private.inventory_settings_of(uuid) to authenticated;
grant execute on function private.unit_cost_cents(public.medications, public.inventory_products) to authenticated;
grant execute on function private.refresh_inventory_forecasts() to authenticated;
grant execute on function private.inventory_status(public.medications) to authenticated;
grant execute on function private.inventory_item_page(text, text, integer, integer) to authenticated;
revoke all on function public.refresh_inventory_forecasts() from public, anon;
revoke all on function public.inventory_items(text, text, integer, integer) from public, anon;
revoke all on function public.inventory_overview() from public, anon;
revoke all on function public.inventory_analytics() from public, anon;
grant execute on function public.refresh_inventory_forecasts() to authenticated;
grant execute on function public.inventory_items(text, text, integer, integer) to authenticated;
grant execute on function public.inventory_overview() to authenticated;
grant execute on function public.inventory_analytics() to authenticated;
grant select on public.inventory_settings, public.inventory_products, public.inventory_forecasts to service_role;

select private.install_constraint_explanations('public.inventory_settings');
select private.install_constraint_explanations('public.inventory_products');

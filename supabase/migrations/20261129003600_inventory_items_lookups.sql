-- =====================================================================================================
-- Inventory list: a page's forecast and settings read by the product's key (follows 20261129001000_wholesale)
-- =====================================================================================================
-- public.inventory_items joined inventory_forecasts and inventory_products to the page of 25 products. The page
-- comes from a function, so the planner cannot know how few rows it holds and guessed many: it hashed every
-- forecast of the pharmacy (50,000 at the scale bench, about 27 ms of a 50 ms page). Each row now reads its
-- forecast and settings by the product's key. The result is unchanged.

create or replace function public.inventory_items(
  search text default '', status text default 'all', page_size integer default 25, page_offset integer default 0
) returns table (
  id uuid, name text, generic_name text, strength text, ndc_number text, ndc11 text, dea_schedule text,
  stock integer, reorder_point integer, max_stock integer, unit_cost_cents integer, total_value_cents bigint,
  supplier text, next_expiration_date date, status text, used_30_days integer, trend text, predicted_stockout_on date,
  order_quantity integer, auto_order boolean, last_receipt_at timestamptz, last_receipt_quantity integer,
  forecast_at timestamptz, lots jsonb, preferred_wholesaler_id uuid, total_count bigint
)
language sql stable
set search_path = ''
as $$
  select m.id, m.name, m.generic_name, m.strength, m.ndc_number, m.ndc11, m.dea_schedule,
         m.stock, m.low_stock_threshold, f.max_stock, private.unit_cost_cents(m, ip),
         (select sum(l.on_hand::bigint * coalesce(l.unit_cost_cents, private.unit_cost_cents(m, ip)))
          from public.inventory_lots l where l.pharmacy_id = m.pharmacy_id and l.medication_id = m.id and l.on_hand > 0),
         coalesce((select w.name from public.wholesalers w where w.id = ip.preferred_wholesaler_id),
                  (select min(w.name) from public.wholesalers w where w.pharmacy_id = m.pharmacy_id and w.active
                   having count(*) = 1)),
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
         ip.preferred_wholesaler_id,
         page.total
  from private.inventory_item_page(search, status, page_size, page_offset) page
  cross join lateral unnest(page.medication_ids) with ordinality as ids (medication_id, position)
  join public.medications m on m.id = ids.medication_id
  -- By the product's key, one lookup per row ("limit 1" keeps the planner from turning it back into a join that
  -- hashes every forecast of the pharmacy: it cannot know the page holds 25 products).
  left join lateral (
    select ip.* from public.inventory_products ip
    where ip.pharmacy_id = m.pharmacy_id and ip.medication_id = m.id limit 1
  ) ip on true
  left join lateral (
    select f.* from public.inventory_forecasts f
    where f.pharmacy_id = m.pharmacy_id and f.medication_id = m.id limit 1
  ) f on true
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
  'rows are read through RLS. The supplier is the preferred wholesaler (preferred_wholesaler_id), else the pharmacy''s only one.';
revoke all on function public.inventory_items(text, text, integer, integer) from public, anon;

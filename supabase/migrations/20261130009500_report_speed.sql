-- =====================================================================================================
-- Reports at scale (issue 26): top medications over a long range, and the Inventory report at 50,000 products
-- =====================================================================================================
-- * report_medication_fill_prefixes: per pharmacy and medication, its filled fills counted month by month as running
--   totals (prefix sums: cum[k] = fills up to the end of the k-th month from first_month), kept by
--   private.refresh_report_fills in the same statement as report_daily_medication_fills and rebuilt with it. Whole
--   months of a range are then two array reads per medication (the total at the last whole month less the total
--   before the first), and only the partial months at the range's edges come from the daily rows. A year was ~665,000
--   daily rows with a wide catalogue (~1.1 s); per-month rows were still ~480,000 (~300 ms); this reads one row per
--   medication plus the edge days.
-- * The Inventory report answered 500 at 50,000 products in earlier bench runs and 5.3–6.4 s (an 11.7 MB answer)
--   when it made it, close to the 8 s statement timeout of `authenticated` on a busy server: it looked up each
--   product's dispensing twice (two index probes × 50,000) and listed every product, and every dead one, whole. Now the dispensing of the range and of the last 90 days are each one range of
--   inventory_movements_occurred_idx grouped by product, and each table (products, dead stock, expiring lots) lists
--   at most private.inventory_report_row_limit() rows, most valuable (soonest expiring) first, with `truncated`;
--   totals stay over every product and lot. Only the listed dead products look up their last dispensing, and their
--   local date is taken in the time zone read once (private.pharmacy_local_date per row reads the pharmacy each
--   time: ~0.3 ms × 41,000 dead products was most of the old report's time).
-- =====================================================================================================

create table public.report_medication_fill_prefixes (
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  medication_id uuid not null,
  first_month integer not null,
  cum integer[] not null,
  primary key (pharmacy_id, medication_id)
);
comment on table public.report_medication_fill_prefixes is
  'The filled fills (ready or completed, by date_filled) of a pharmacy''s medication as running totals by calendar '
  'month: cum[k] is the fills of months first_month .. first_month + k - 1 (months numbered by '
  'private.report_month_number); before first_month the total is 0, after the last element it stays the last. Most '
  'Prescribed Medications reads a range''s whole months as two totals (private.report_fills_through). Written only '
  'by private.refresh_report_fills and private.rebuild_report_rollups.';
alter table public.report_medication_fill_prefixes enable row level security;
revoke all on public.report_medication_fill_prefixes from anon, authenticated;
grant select on public.report_medication_fill_prefixes to authenticated;
grant all on public.report_medication_fill_prefixes to service_role;
create policy "Staff can read their pharmacy's running fills per medication" on public.report_medication_fill_prefixes
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));

create function private.report_month_number(day date) returns integer
language sql immutable
set search_path = ''
as $$ select (extract(year from day) * 12 + extract(month from day) - 1)::integer $$;
comment on function private.report_month_number(date) is
  'The calendar month of a day as a number (year × 12 + month − 1): consecutive months are consecutive numbers.';

create function private.report_fills_through(first_month integer, cum integer[], month integer) returns integer
language sql immutable
set search_path = ''
as $$ select case when month < first_month then 0 else cum[least(month - first_month + 1, cardinality(cum))] end $$;
comment on function private.report_fills_through(integer, integer[], integer) is
  'A medication''s filled fills up to the end of a month (private.report_month_number) from its running totals in '
  'report_medication_fill_prefixes: 0 before its first month, the last total after its last.';

create function private.report_add_fill_prefixes(first_a integer, cum_a integer[], first_b integer, cum_b integer[])
returns integer[]
language sql immutable
set search_path = ''
as $$
  select array_agg(private.report_fills_through(first_a, cum_a, k) + private.report_fills_through(first_b, cum_b, k) order by k)
  from generate_series(least(first_a, first_b), greatest(first_a + cardinality(cum_a), first_b + cardinality(cum_b)) - 1) k
$$;
comment on function private.report_add_fill_prefixes(integer, integer[], integer, integer[]) is
  'The sum of two running totals by month (report_medication_fill_prefixes), starting at the earlier first month '
  '(least(first_a, first_b)) and running to the later end: how private.refresh_report_fills adds a statement''s '
  'differences to a medication''s row.';

create or replace function private.refresh_report_fills(fill_ids uuid[]) returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  if coalesce(cardinality(fill_ids), 0) = 0 then
    return;
  end if;
  -- Take turns per fill: a transaction paying a claim and one verifying the same fill each recompute after the
  -- other committed (read committed: the next statement's snapshot sees it). Id order, so no deadlock between two.
  perform 1 from public.prescriptions rx where rx.id = any (fill_ids) order by rx.id for no key update;
  with fresh as (
    select rx.id as prescription_id, rx.pharmacy_id, rx.date_filled as day, rx.medication_id, rx.fill_number = 0 as new_fill,
           coalesce(b.pay_with = 'cash', false) as cash, coalesce(paid.cents, 0) as payers_cents,
           coalesce(payments.cents, 0) as patients_cents, coalesce(stock.cents, 0) as cost_cents,
           paid.bin as payer_bin, paid.payer_name
    from public.prescriptions rx
    left join public.prescription_billing b on b.pharmacy_id = rx.pharmacy_id and b.prescription_id = rx.id
    left join lateral (
      select sum(c.total_paid_cents)::bigint as cents, (array_agg(c.bin order by c.coverage))[1] as bin,
             (array_agg(c.payer_name order by c.coverage))[1] as payer_name
      from public.claims c
      where c.pharmacy_id = rx.pharmacy_id and c.prescription_id = rx.id and c.status = 'paid'
    ) paid on true
    left join lateral (
      select sum(pp.amount_cents)::bigint as cents from public.patient_payments pp
      where pp.pharmacy_id = rx.pharmacy_id and pp.prescription_id = rx.id
    ) payments on true
    left join lateral (
      select -sum(mv.quantity::bigint * coalesce(mv.unit_cost_cents, 0))::bigint as cents from public.inventory_movements mv
      where mv.pharmacy_id = rx.pharmacy_id and mv.prescription_id = rx.id
    ) stock on true
    where rx.id = any (fill_ids) and rx.status in ('ready', 'completed') and rx.date_filled is not null
      and exists (select 1 from public.pharmacies p where p.id = rx.pharmacy_id)
  ), old as (
    select c.* from public.report_fill_contributions c where c.prescription_id = any (fill_ids)
  ), changed as (
    select f.pharmacy_id, f.day, f.medication_id, 1 as fills, f.new_fill, f.cash, f.payers_cents, f.patients_cents, f.cost_cents
    from fresh f
    union all
    select o.pharmacy_id, o.day, o.medication_id, -1, o.new_fill, o.cash, -o.payers_cents, -o.patients_cents, -o.cost_cents
    from old o
  ), stored as (
    insert into public.report_fill_contributions as c
    select f.* from fresh f
    order by f.prescription_id
    on conflict (prescription_id) do update
      set pharmacy_id = excluded.pharmacy_id, day = excluded.day, medication_id = excluded.medication_id,
          new_fill = excluded.new_fill, cash = excluded.cash, payers_cents = excluded.payers_cents,
          patients_cents = excluded.patients_cents, cost_cents = excluded.cost_cents,
          payer_bin = excluded.payer_bin, payer_name = excluded.payer_name
  ), dropped as (
    delete from public.report_fill_contributions c
    where c.prescription_id = any (fill_ids) and not exists (select 1 from fresh f where f.prescription_id = c.prescription_id)
  ), per_medication as (
    insert into public.report_daily_medication_fills as m (pharmacy_id, day, medication_id, fills)
    select d.pharmacy_id, d.day, d.medication_id, d.fills
    from (select pharmacy_id, day, medication_id, sum(fills) as fills from changed group by pharmacy_id, day, medication_id
          having sum(fills) <> 0) d
    where exists (select 1 from public.pharmacies p where p.id = d.pharmacy_id)
    order by d.pharmacy_id, d.day, d.medication_id
    on conflict (pharmacy_id, day, medication_id) do update set fills = m.fills + excluded.fills
  ), month_deltas as (
    select pharmacy_id, medication_id, private.report_month_number(day) as month, sum(fills)::integer as fills
    from changed group by 1, 2, 3 having sum(fills) <> 0
  ), delta_prefixes as (
    -- Each medication's differences as running totals over its months first..last (months between at 0).
    select r.pharmacy_id, r.medication_id, min(r.month) as first_month, array_agg(r.running order by r.month) as cum
    from (
      select b.pharmacy_id, b.medication_id, k.month,
             (sum(coalesce(d.fills, 0)) over (partition by b.pharmacy_id, b.medication_id order by k.month))::integer as running
      from (select pharmacy_id, medication_id, min(month) as lo, max(month) as hi from month_deltas group by 1, 2) b
      cross join lateral generate_series(b.lo, b.hi) k(month)
      left join month_deltas d on d.pharmacy_id = b.pharmacy_id and d.medication_id = b.medication_id and d.month = k.month
    ) r
    group by r.pharmacy_id, r.medication_id
  ), per_prefix as (
    -- Added to the stored row in the update itself (on conflict sees the latest committed row: no lost update).
    insert into public.report_medication_fill_prefixes as p (pharmacy_id, medication_id, first_month, cum)
    select d.pharmacy_id, d.medication_id, d.first_month, d.cum
    from delta_prefixes d
    where exists (select 1 from public.pharmacies ph where ph.id = d.pharmacy_id)
    order by d.pharmacy_id, d.medication_id
    on conflict (pharmacy_id, medication_id) do update
      set first_month = least(p.first_month, excluded.first_month),
          cum = private.report_add_fill_prefixes(p.first_month, p.cum, excluded.first_month, excluded.cum)
  )
  -- stored, dropped, per_medication and per_prefix run whether read or not (a data-modifying WITH always does).
  insert into public.report_daily_totals as t (pharmacy_id, day, fills, new_fills, refills, cash_fills, payers_cents,
    patients_cents, cash_patients_cents, cost_cents)
  select d.*
  from (
    select pharmacy_id, day, sum(fills) as fills, coalesce(sum(fills) filter (where new_fill), 0) as new_fills,
           coalesce(sum(fills) filter (where not new_fill), 0) as refills, coalesce(sum(fills) filter (where cash), 0) as cash_fills,
           sum(payers_cents) as payers_cents, sum(patients_cents) as patients_cents,
           coalesce(sum(patients_cents) filter (where cash), 0) as cash_patients_cents, sum(cost_cents) as cost_cents
    from changed group by pharmacy_id, day
  ) d
  where exists (select 1 from public.pharmacies p where p.id = d.pharmacy_id)
    and (d.fills <> 0 or d.new_fills <> 0 or d.cash_fills <> 0 or d.payers_cents <> 0 or d.patients_cents <> 0
         or d.cash_patients_cents <> 0 or d.cost_cents <> 0)
  order by d.pharmacy_id, d.day
  on conflict (pharmacy_id, day) do update
    set fills = t.fills + excluded.fills,
        new_fills = t.new_fills + excluded.new_fills,
        refills = t.refills + excluded.refills,
        cash_fills = t.cash_fills + excluded.cash_fills,
        payers_cents = t.payers_cents + excluded.payers_cents,
        patients_cents = t.patients_cents + excluded.patients_cents,
        cash_patients_cents = t.cash_patients_cents + excluded.cash_patients_cents,
        cost_cents = t.cost_cents + excluded.cost_cents;
end
$$;

comment on function private.refresh_report_fills(uuid[]) is
  'Brings the report rollups up to date for the given fills: locks them, recomputes each one''s contribution (filled '
  'fills only: ready or completed, by date_filled; paid claims, patient payments, cost of units, cash or not) and adds '
  'the difference from report_fill_contributions to report_daily_totals, report_daily_medication_fills and '
  'report_medication_fill_prefixes. Idempotent: called again with nothing changed, it writes nothing. Called by the '
  'statement triggers of the tables a fill''s contribution reads.';

create or replace function private.rebuild_report_rollups(for_pharmacy_id uuid) returns void
language plpgsql security definer
set search_path = ''
set enable_nestloop = off
as $$
begin
  -- No refresh runs meanwhile (they wait, then add their difference to the rebuilt rows); readers are not blocked.
  lock table public.report_fill_contributions, public.report_daily_totals, public.report_daily_medication_fills,
    public.report_medication_fill_prefixes in exclusive mode;
  delete from public.report_fill_contributions c where c.pharmacy_id = for_pharmacy_id;
  delete from public.report_daily_totals t where t.pharmacy_id = for_pharmacy_id;
  delete from public.report_daily_medication_fills m where m.pharmacy_id = for_pharmacy_id;
  delete from public.report_medication_fill_prefixes p where p.pharmacy_id = for_pharmacy_id;
  -- Set-based: each table read once for the pharmacy and grouped by fill (hash joins), not a lookup per fill.
  insert into public.report_fill_contributions (prescription_id, pharmacy_id, day, medication_id, new_fill, cash,
    payers_cents, patients_cents, cost_cents, payer_bin, payer_name)
  select rx.id, rx.pharmacy_id, rx.date_filled, rx.medication_id, rx.fill_number = 0, coalesce(b.pay_with = 'cash', false),
         coalesce(paid.cents, 0), coalesce(payments.cents, 0), coalesce(stock.cents, 0), paid.bin, paid.payer_name
  from public.prescriptions rx
  left join public.prescription_billing b on b.pharmacy_id = rx.pharmacy_id and b.prescription_id = rx.id
  left join (
    select c.prescription_id, sum(c.total_paid_cents)::bigint as cents, (array_agg(c.bin order by c.coverage))[1] as bin,
           (array_agg(c.payer_name order by c.coverage))[1] as payer_name
    from public.claims c
    where c.pharmacy_id = for_pharmacy_id and c.status = 'paid' group by c.prescription_id
  ) paid on paid.prescription_id = rx.id
  left join (
    select pp.prescription_id, sum(pp.amount_cents)::bigint as cents from public.patient_payments pp
    where pp.pharmacy_id = for_pharmacy_id group by pp.prescription_id
  ) payments on payments.prescription_id = rx.id
  left join (
    select mv.prescription_id, -sum(mv.quantity::bigint * coalesce(mv.unit_cost_cents, 0))::bigint as cents
    from public.inventory_movements mv
    where mv.pharmacy_id = for_pharmacy_id and mv.prescription_id is not null group by mv.prescription_id
  ) stock on stock.prescription_id = rx.id
  where rx.pharmacy_id = for_pharmacy_id and rx.status in ('ready', 'completed') and rx.date_filled is not null;
  insert into public.report_daily_totals (pharmacy_id, day, fills, new_fills, refills, cash_fills, payers_cents,
    patients_cents, cash_patients_cents, cost_cents)
  select c.pharmacy_id, c.day, count(*), count(*) filter (where c.new_fill), count(*) filter (where not c.new_fill),
         count(*) filter (where c.cash), sum(c.payers_cents), sum(c.patients_cents),
         coalesce(sum(c.patients_cents) filter (where c.cash), 0), sum(c.cost_cents)
  from public.report_fill_contributions c where c.pharmacy_id = for_pharmacy_id
  group by c.pharmacy_id, c.day;
  insert into public.report_daily_medication_fills (pharmacy_id, day, medication_id, fills)
  select c.pharmacy_id, c.day, c.medication_id, count(*)
  from public.report_fill_contributions c where c.pharmacy_id = for_pharmacy_id
  group by c.pharmacy_id, c.day, c.medication_id;
  with months as (
    select d.pharmacy_id, d.medication_id, private.report_month_number(d.day) as month, sum(d.fills)::integer as fills
    from public.report_daily_medication_fills d where d.pharmacy_id = for_pharmacy_id
    group by 1, 2, 3
  )
  insert into public.report_medication_fill_prefixes (pharmacy_id, medication_id, first_month, cum)
  select r.pharmacy_id, r.medication_id, min(r.month), array_agg(r.running order by r.month)
  from (
    select b.pharmacy_id, b.medication_id, k.month,
           (sum(coalesce(m.fills, 0)) over (partition by b.pharmacy_id, b.medication_id order by k.month))::integer as running
    from (select pharmacy_id, medication_id, min(month) as lo, max(month) as hi from months group by 1, 2) b
    cross join lateral generate_series(b.lo, b.hi) k(month)
    left join months m on m.pharmacy_id = b.pharmacy_id and m.medication_id = b.medication_id and m.month = k.month
  ) r
  group by r.pharmacy_id, r.medication_id;
end
$$;

comment on function private.rebuild_report_rollups(uuid) is
  'Recomputes a pharmacy''s report rollups (report_fill_contributions, report_daily_totals, '
  'report_daily_medication_fills, report_medication_fill_prefixes) from its fills, claims, patient payments and stock '
  'movements: after a load made with triggers off (data migration, the bench) and for the rows that existed before '
  'the rollups. Locks the rollup tables against concurrent refreshes while it runs.';

-- The running totals of the fills already counted.
with months as (
  select d.pharmacy_id, d.medication_id, private.report_month_number(d.day) as month, sum(d.fills)::integer as fills
  from public.report_daily_medication_fills d
  group by 1, 2, 3
)
insert into public.report_medication_fill_prefixes (pharmacy_id, medication_id, first_month, cum)
select r.pharmacy_id, r.medication_id, min(r.month), array_agg(r.running order by r.month)
from (
  select b.pharmacy_id, b.medication_id, k.month,
         (sum(coalesce(m.fills, 0)) over (partition by b.pharmacy_id, b.medication_id order by k.month))::integer as running
  from (select pharmacy_id, medication_id, min(month) as lo, max(month) as hi from months group by 1, 2) b
  cross join lateral generate_series(b.lo, b.hi) k(month)
  left join months m on m.pharmacy_id = b.pharmacy_id and m.medication_id = b.medication_id and m.month = k.month
) r
group by r.pharmacy_id, r.medication_id;

-- work_mem: a year groups ~50,000 medications (their running totals and the edge days); at the default 4 MB the hash
-- spilled to disk.
create or replace function public.reports_top_medications(from_date date, to_date date, top integer default 5) returns jsonb
language plpgsql stable
set search_path = ''
set work_mem = '32MB'
as $$
declare
  pharmacy uuid := private.current_pharmacy_id();
  whole_from date;
  whole_after date;
  last_number integer;
  before_number integer;
begin
  if pharmacy is null then
    raise exception 'Only staff of a pharmacy can read its reports' using errcode = '42501';
  end if;
  perform private.billing_report_range(from_date, to_date);
  if top is null or top < 1 or top > 50 then
    raise exception 'Ask for 1 to 50 medications' using errcode = '22023';
  end if;
  -- The whole months inside the range are whole_from..whole_after (exclusive); the days before and after them
  -- come from the daily rows. A range without a whole month is days only.
  whole_from := case when from_date = date_trunc('month', from_date::timestamp)::date then from_date
                      else (date_trunc('month', from_date::timestamp) + interval '1 month')::date end;
  whole_after := date_trunc('month', (to_date + 1)::timestamp)::date;
  if whole_after <= whole_from then
    whole_from := to_date + 1;
    whole_after := to_date + 1;
  end if;
  last_number := private.report_month_number(whole_after - 1);
  before_number := private.report_month_number(whole_from) - 1;
  return (
    select coalesce(jsonb_agg(jsonb_build_object('medicationId', m.id, 'name', m.name, 'strength', m.strength,
                                                 'fills', c.fills) order by c.fills desc, m.name, m.id), '[]'::jsonb)
    from (
      select r.medication_id, sum(r.fills) as fills
      from (
        select d.medication_id, d.fills::integer as fills from public.report_daily_medication_fills d
        where d.pharmacy_id = pharmacy and d.day >= from_date and d.day < whole_from
        union all
        -- The whole months: the running total at the last less the one before the first. Written out as
        -- private.report_fills_through is: a function with its own search_path is not inlined, and 100,000 calls
        -- were most of the time.
        select p.medication_id,
               (case when last_number < p.first_month then 0
                     else p.cum[least(last_number - p.first_month + 1, cardinality(p.cum))] end)
               - (case when before_number < p.first_month then 0
                       else p.cum[least(before_number - p.first_month + 1, cardinality(p.cum))] end)
        from public.report_medication_fill_prefixes p
        where whole_from < whole_after and p.pharmacy_id = pharmacy and p.first_month <= last_number
        union all
        select d.medication_id, d.fills::integer from public.report_daily_medication_fills d
        where d.pharmacy_id = pharmacy and d.day >= whole_after and d.day <= to_date
      ) r
      group by r.medication_id
      having sum(r.fills) > 0
      order by sum(r.fills) desc, r.medication_id
      limit top
    ) c
    join public.medications m on m.pharmacy_id = pharmacy and m.id = c.medication_id);
end
$$;
comment on function public.reports_top_medications(date, date, integer) is
  'The Reports screen''s Most Prescribed Medications: the caller''s pharmacy''s medications with the most filled '
  'fills (ready or completed by date_filled) in from_date..to_date (at most 366 days), the top `top` (1–50, default '
  '5), as [{medicationId, name, strength, fills}] most first (ties by name, then id), whole months from '
  'report_medication_fill_prefixes and the partial months at the edges from report_daily_medication_fills. Security '
  'invoker: RLS applies.';

-- -----------------------------------------------------------------------------------------------------
-- inventory
-- -----------------------------------------------------------------------------------------------------
create function private.inventory_report_row_limit() returns integer
language sql immutable
set search_path = ''
as $$ select 5000 $$;
comment on function private.inventory_report_row_limit() is
  'The most rows each table of the Inventory report lists (products, dead stock, expiring lots): the most valuable '
  '(soonest expiring) first; the totals count every one and `truncated` says when rows were left out. A catalogue of '
  '50,000 products listed whole was an 11.7 MB answer.';

create or replace function private.inventory_report(from_date date, to_date date) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  pharmacy uuid := private.report_pharmacy(from_date, to_date);
  days tstzrange := private.pharmacy_days(pharmacy, from_date, to_date);
  today date := private.pharmacy_local_date(pharmacy, now());
  zone text := private.pharmacy_time_zone(pharmacy);
  dead_since timestamptz := now() - interval '90 days';
  row_limit integer := private.inventory_report_row_limit();
  result jsonb;
begin
  with on_hand as materialized (
    -- Each product's lots on hand, each at its own cost, else the product's (as private.inventory_value_cents).
    select m.id, concat_ws(' ', m.name, m.strength) as drug, m.ndc_number as ndc, m.dea_schedule,
           sum(l.on_hand)::bigint as units,
           sum(l.on_hand::bigint * coalesce(l.unit_cost_cents, private.unit_cost_cents(m, ip), 0))::bigint as value,
           bool_or(l.unit_cost_cents is null and private.unit_cost_cents(m, ip) is null) as uncosted
    from public.inventory_lots l
    join public.medications m on m.pharmacy_id = l.pharmacy_id and m.id = l.medication_id
    left join public.inventory_products ip on ip.pharmacy_id = l.pharmacy_id and ip.medication_id = l.medication_id
    where l.pharmacy_id = pharmacy and l.on_hand > 0
    group by m.id
  ), dispensed as materialized (
    -- Units dispensed in the range per product, net of fills returned to stock: one range of
    -- inventory_movements_occurred_idx (index-only), not a lookup per product.
    select mv.medication_id, -sum(mv.quantity)::bigint as units
    from public.inventory_movements mv
    where mv.pharmacy_id = pharmacy and mv.occurred_at >= lower(days) and mv.occurred_at < upper(days)
      and mv.kind in ('dispense', 'return_to_stock')
    group by mv.medication_id
  ), recent as materialized (
    -- The products dispensed in the last 90 days (not dead stock): one range of the same index.
    select mv.medication_id
    from public.inventory_movements mv
    where mv.pharmacy_id = pharmacy and mv.occurred_at >= dead_since and mv.kind = 'dispense'
    group by mv.medication_id
  ), products as materialized (
    select o.*, coalesce(d.units, 0) as dispensed, r.medication_id is null as dead
    from on_hand o
    left join dispensed d on d.medication_id = o.id
    left join recent r on r.medication_id = o.id
  ), listed as materialized (
    select p.* from products p order by p.value desc, p.drug, p.id limit row_limit
  ), dead_listed as materialized (
    -- Only the listed dead products look up when they were last dispensed (inventory_movements_product_idx).
    select p.*, last.dispensed_at as last_dispensed
    from (select p.* from products p where p.dead order by p.value desc, p.drug, p.id limit row_limit) p
    left join lateral (
      select max(mv.occurred_at) as dispensed_at from public.inventory_movements mv
      where mv.pharmacy_id = pharmacy and mv.medication_id = p.id and mv.kind = 'dispense'
    ) last on true
  ), expiring as materialized (
    select l.id, concat_ws(' ', m.name, m.strength) as drug, m.ndc_number as ndc, l.lot_number, l.expiration_date, l.on_hand,
           l.on_hand::bigint * coalesce(l.unit_cost_cents, private.unit_cost_cents(m, ip), 0) as value
    from public.inventory_lots l
    join public.medications m on m.pharmacy_id = l.pharmacy_id and m.id = l.medication_id
    left join public.inventory_products ip on ip.pharmacy_id = l.pharmacy_id and ip.medication_id = l.medication_id
    where l.pharmacy_id = pharmacy and l.on_hand > 0 and l.expiration_date <= today + 90
  ), expiring_listed as materialized (
    select e.* from expiring e order by e.expiration_date, e.drug, e.lot_number, e.id limit row_limit
  ), counts as materialized (
    select (select count(*) from products) as products, (select count(*) from products p where p.dead) as dead,
           (select count(*) from expiring) as lots
  )
  select jsonb_build_object(
    'title', 'Inventory',
    'columns', jsonb_build_array(
      jsonb_build_object('key', 'drug', 'label', 'Drug', 'kind', 'text'),
      jsonb_build_object('key', 'ndc', 'label', 'NDC', 'kind', 'text'),
      jsonb_build_object('key', 'schedule', 'label', 'Schedule', 'kind', 'text'),
      jsonb_build_object('key', 'onHand', 'label', 'On hand', 'kind', 'quantity'),
      jsonb_build_object('key', 'valueCents', 'label', 'Value', 'kind', 'cents'),
      jsonb_build_object('key', 'dispensed', 'label', 'Dispensed in range', 'kind', 'quantity')),
    'rows', (select coalesce(jsonb_agg(jsonb_build_object('drug', p.drug, 'ndc', p.ndc, 'schedule', p.dea_schedule, 'onHand', p.units,
              'valueCents', p.value, 'dispensed', p.dispensed) order by p.value desc, p.drug, p.id), '[]'::jsonb) from listed p),
    'totals', (select jsonb_build_object('products', count(*), 'onHand', coalesce(sum(p.units), 0), 'valueCents', coalesce(sum(p.value), 0),
              'dispensed', coalesce(sum(p.dispensed), 0), 'productsWithoutCost', count(*) filter (where p.uncosted)) from products p),
    'sections', jsonb_build_array(
      jsonb_build_object('key', 'deadStock', 'title', 'Dead stock (nothing dispensed in 90 days)',
        'columns', jsonb_build_array(
          jsonb_build_object('key', 'drug', 'label', 'Drug', 'kind', 'text'),
          jsonb_build_object('key', 'ndc', 'label', 'NDC', 'kind', 'text'),
          jsonb_build_object('key', 'onHand', 'label', 'On hand', 'kind', 'quantity'),
          jsonb_build_object('key', 'valueCents', 'label', 'Value', 'kind', 'cents'),
          jsonb_build_object('key', 'lastDispensed', 'label', 'Last dispensed', 'kind', 'date')),
        'rows', (select coalesce(jsonb_agg(jsonb_build_object('drug', p.drug, 'ndc', p.ndc, 'onHand', p.units, 'valueCents', p.value,
                  'lastDispensed', (p.last_dispensed at time zone zone)::date) order by p.value desc, p.drug, p.id), '[]'::jsonb)
                 from dead_listed p),
        'totals', (select jsonb_build_object('products', count(*), 'valueCents', coalesce(sum(p.value), 0))
                   from products p where p.dead)),
      jsonb_build_object('key', 'expiring', 'title', 'Lots expiring within 90 days',
        'columns', jsonb_build_array(
          jsonb_build_object('key', 'drug', 'label', 'Drug', 'kind', 'text'),
          jsonb_build_object('key', 'ndc', 'label', 'NDC', 'kind', 'text'),
          jsonb_build_object('key', 'lot', 'label', 'Lot', 'kind', 'text'),
          jsonb_build_object('key', 'expires', 'label', 'Expires', 'kind', 'date'),
          jsonb_build_object('key', 'onHand', 'label', 'On hand', 'kind', 'quantity'),
          jsonb_build_object('key', 'valueCents', 'label', 'Value', 'kind', 'cents')),
        'rows', (select coalesce(jsonb_agg(jsonb_build_object('drug', e.drug, 'ndc', e.ndc, 'lot', e.lot_number, 'expires', e.expiration_date,
                  'onHand', e.on_hand, 'valueCents', e.value) order by e.expiration_date, e.drug, e.lot_number, e.id), '[]'::jsonb)
                 from expiring_listed e),
        'totals', (select jsonb_build_object('lots', count(*), 'onHand', coalesce(sum(e.on_hand), 0), 'valueCents', coalesce(sum(e.value), 0))
                   from expiring e))),
    'asOf', today,
    'truncated', (select c.products > row_limit or c.dead > row_limit or c.lots > row_limit from counts c))
  into result;
  return result;
end
$$;
comment on function private.inventory_report(date, date) is
  'The Inventory report of the caller''s pharmacy (reports:read): per product on hand its units, value (on hand × '
  'cost: each lot''s own, else the product''s) and units dispensed in from_date..to_date; sections: dead stock (on '
  'hand, no dispensing in the last 90 days) and lots expiring within 90 days of today (expired included). Each table '
  'lists at most private.inventory_report_row_limit() rows (most valuable, soonest expiring first; truncated says '
  'when more matched); the totals are over every product and lot. Stock and value are as of now (asOf).';

revoke all on function private.inventory_report_row_limit() from public, anon;
-- reports_top_medications runs as the caller and numbers months; the tests read the totals through report_fills_through.
revoke all on function private.report_month_number(date), private.report_fills_through(integer, integer[], integer),
  private.report_add_fill_prefixes(integer, integer[], integer, integer[]) from public, anon;
grant execute on function private.report_month_number(date), private.report_fills_through(integer, integer[], integer)
  to authenticated, service_role;

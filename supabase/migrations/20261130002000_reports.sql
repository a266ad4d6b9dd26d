-- =====================================================================================================
-- Reports (issue 26): GET /api/reports/{report}, one SQL function per report
-- =====================================================================================================
-- Each report answers the caller's pharmacy (pharmacists and admins: reports:read) as {report, title, from, to,
-- columns: [{key, label, kind}], rows, totals, notes, sections}, money in cents, the shape of the Billing reports
-- (20261129005500_billing_reports). The range is the pharmacy's days from..to, at most 366
-- (private.billing_report_range). A fill belongs to the day it was filled: date_filled, the pharmacy's local date of
-- verification (20261122000700_dispensing), so a fill verified at 23:30 there is that day's whatever UTC says. A
-- fill returned to stock is cancelled: it was never dispensed and counts nowhere.
--   sales                 per day of the range (days without fills too): fills, cash and insurance fills, cash
--                         sales (what the patient owes for a cash fill: private.fill_patient_share), paid by payers
--                         (claims paid now; reversed ones are not), paid by patients on insurance fills, revenue,
--                         cost (the stock ledger's dispensed units × their recorded unit cost), margin
--                         sections: by payer (BIN) and by drug
--   inventory             per product on hand: units, value (each lot at its own cost, else the product's, as
--                         private.inventory_value_cents), units dispensed in the range; sections: dead stock (on
--                         hand, nothing dispensed in the last 90 days) and lots expiring within 90 days
--   patients              per age band (age on the last day): patients, new in the range, active (a fill in the
--                         range), without an active plan
--   dispensing-log        every fill of the range in the order it was verified, with the reports settings'
--                         dailyLogPharmacist as the sign-off
--   controlled-substances the fills of Schedules II–V with the prescriber's DEA number and the patient's address,
--                         and the reports settings' controlledDrugDisclaimer
-- Indexes: fills by prescriptions_pharmacy_id_date_filled_idx (pharmacy_id, date_filled); a fill's claims, payments
-- and stock movements by claims_fill_idx, patient_payments_fill_idx, inventory_movements_prescription_idx; a
-- product's dispensing by inventory_movements_product_idx; lots by inventory_lots_medication_idx and
-- inventory_lots_expiring_idx. New here: patients by the moment they were added (patients_created_idx). The
-- controlled log reads the range's fills by date_filled and keeps those of scheduled products (the schedule is the
-- product's, not the fill's, so no fill index can hold it).
-- Scale: every figure is one statement over the range's fills; the sales report looks up each fill's claims,
-- payments and movements by index (a year of a 1,500,000-fill pharmacy is ~500,000 lookups of each: seconds, not
-- the dashboard's 100 ms; a per-day rollup kept by those tables' triggers is the way if it must be faster).
create index patients_created_idx on public.patients (pharmacy_id, created_at);
comment on index public.patients_created_idx is 'The patients report''s "new in the range" (created_at within the pharmacy''s days).';

-- The most rows a log answers: a year of a busy pharmacy's fills is one download, not one answer.
create function private.report_row_limit() returns integer
language sql immutable
set search_path = ''
as $$ select 50000 $$;
comment on function private.report_row_limit() is
  'The most rows a listing report (dispensing-log, controlled-substances) answers; a longer range says it was cut.';

create function private.report_pharmacy(from_date date, to_date date) returns uuid
language plpgsql stable security definer
set search_path = ''
as $$
declare
  pharmacy uuid := private.reports_caller_pharmacy('Only pharmacists and admins of the pharmacy can read reports');
begin
  perform private.billing_report_range(from_date, to_date);
  return pharmacy;
end
$$;
comment on function private.report_pharmacy(date, date) is
  'The caller''s pharmacy for a report (staff with reports:read, else 42501), once the range is checked '
  '(private.billing_report_range: both days, in order, at most 366).';

create function private.report_setting(pharmacy uuid, field text) returns text
language sql stable security definer
set search_path = ''
as $$
  select coalesce(nullif(btrim(private.pharmacy_settings_values(pharmacy, 'reports') ->> field), ''), '')
$$;
comment on function private.report_setting(uuid, text) is
  'One text field of the pharmacy''s Reports settings (dailyLogPharmacist, controlledDrugDisclaimer), '''' when never set.';

-- -----------------------------------------------------------------------------------------------------
-- The reports' fills: one row per fill of the range with what it earned and cost
-- -----------------------------------------------------------------------------------------------------
create function private.report_fill_money(pharmacy uuid, from_date date, to_date date)
returns table (prescription_id uuid, day date, medication_id uuid, cash boolean, cash_cents bigint,
               payers_cents bigint, patients_cents bigint, cost_cents bigint, payer_bins text[])
language sql stable security definer
set search_path = ''
as $$
  select rx.id, rx.date_filled, rx.medication_id, coalesce(b.pay_with = 'cash', false),
         case when b.pay_with = 'cash' then (private.fill_patient_share(rx) ->> 'patientShareCents')::bigint else 0 end,
         case when b.pay_with = 'cash' then 0 else coalesce(paid.cents, 0) end,
         case when b.pay_with = 'cash' then 0 else coalesce(payments.cents, 0) end,
         coalesce(stock.cents, 0),
         case when b.pay_with = 'cash' then '{}'::text[] else coalesce(paid.bins, '{}') end
  from public.prescriptions rx
  left join public.prescription_billing b on b.pharmacy_id = rx.pharmacy_id and b.prescription_id = rx.id
  -- What payers paid: claims paid now (a reversed claim paid nothing).
  left join lateral (
    select sum(c.total_paid_cents)::bigint as cents, array_agg(c.bin order by c.coverage) as bins from public.claims c
    where c.pharmacy_id = rx.pharmacy_id and c.prescription_id = rx.id and c.status = 'paid'
  ) paid on true
  left join lateral (
    select sum(pp.amount_cents)::bigint as cents from public.patient_payments pp
    where pp.pharmacy_id = rx.pharmacy_id and pp.prescription_id = rx.id
  ) payments on true
  -- The acquisition cost of what left the shelf: the ledger's units × the unit cost each movement recorded.
  left join lateral (
    select -sum(mv.quantity::bigint * coalesce(mv.unit_cost_cents, 0))::bigint as cents from public.inventory_movements mv
    where mv.pharmacy_id = rx.pharmacy_id and mv.prescription_id = rx.id
  ) stock on true
  where rx.pharmacy_id = pharmacy and rx.date_filled between from_date and to_date and rx.status <> 'cancelled'
$$;
comment on function private.report_fill_money(uuid, date, date) is
  'The fills of a pharmacy filled on from_date..to_date (date_filled, not cancelled) with their money in cents: a '
  'cash fill''s price (what the patient owes, private.fill_patient_share), an insurance fill''s paid claims and '
  'patient payments, the cost of the units dispensed (inventory_movements), and the BINs that paid. For the sales report.';

-- -----------------------------------------------------------------------------------------------------
-- sales
-- -----------------------------------------------------------------------------------------------------
create function private.sales_report(from_date date, to_date date) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  pharmacy uuid := private.report_pharmacy(from_date, to_date);
  result jsonb;
begin
  with f as materialized (
    select * from private.report_fill_money(pharmacy, from_date, to_date)
  ), by_day as (
    select days.day::date as day, count(f.prescription_id) as fills, count(*) filter (where f.cash) as cash_fills,
           coalesce(sum(f.cash_cents), 0) as cash, coalesce(sum(f.payers_cents), 0) as payers,
           coalesce(sum(f.patients_cents), 0) as patients, coalesce(sum(f.cost_cents), 0) as cost
    from generate_series(from_date, to_date, interval '1 day') as days(day)
    left join f on f.day = days.day::date
    group by days.day
  ), by_payer as (
    -- Each insurance fill under the first payer that paid it (primary before secondary); cash fills as Cash.
    select case when f.cash then 'Cash' when f.payer_bins[1] is null then 'Not paid by a payer'
                else (select max(c.payer_name) from public.claims c where c.pharmacy_id = pharmacy
                      and c.prescription_id = f.prescription_id and c.bin = f.payer_bins[1]) end as payer,
           case when f.cash then null else f.payer_bins[1] end as bin,
           count(*) as fills, sum(f.cash_cents + f.payers_cents + f.patients_cents) as revenue, sum(f.cost_cents) as cost
    from f group by 1, 2
  ), by_drug as (
    select concat_ws(' ', m.name, m.strength) as drug, m.ndc_number as ndc, g.fills, g.revenue, g.cost
    from (
      select f.medication_id, count(*) as fills, sum(f.cash_cents + f.payers_cents + f.patients_cents) as revenue, sum(f.cost_cents) as cost
      from f group by f.medication_id
    ) g
    join public.medications m on m.pharmacy_id = pharmacy and m.id = g.medication_id
  )
  select jsonb_build_object(
    'title', 'Sales',
    'columns', jsonb_build_array(
      jsonb_build_object('key', 'day', 'label', 'Day', 'kind', 'date'),
      jsonb_build_object('key', 'fills', 'label', 'Fills', 'kind', 'count'),
      jsonb_build_object('key', 'cashFills', 'label', 'Cash fills', 'kind', 'count'),
      jsonb_build_object('key', 'insuranceFills', 'label', 'Insurance fills', 'kind', 'count'),
      jsonb_build_object('key', 'cashCents', 'label', 'Cash sales', 'kind', 'cents'),
      jsonb_build_object('key', 'payersCents', 'label', 'Paid by payers', 'kind', 'cents'),
      jsonb_build_object('key', 'patientsCents', 'label', 'Paid by patients', 'kind', 'cents'),
      jsonb_build_object('key', 'revenueCents', 'label', 'Revenue', 'kind', 'cents'),
      jsonb_build_object('key', 'costCents', 'label', 'Cost', 'kind', 'cents'),
      jsonb_build_object('key', 'marginCents', 'label', 'Margin', 'kind', 'cents'),
      jsonb_build_object('key', 'marginPercent', 'label', 'Margin', 'kind', 'percent')),
    'rows', (select coalesce(jsonb_agg(jsonb_build_object('day', d.day, 'fills', d.fills, 'cashFills', d.cash_fills,
              'insuranceFills', d.fills - d.cash_fills, 'cashCents', d.cash, 'payersCents', d.payers, 'patientsCents', d.patients,
              'revenueCents', d.cash + d.payers + d.patients, 'costCents', d.cost,
              'marginCents', d.cash + d.payers + d.patients - d.cost,
              'marginPercent', round(100.0 * (d.cash + d.payers + d.patients - d.cost) / nullif(d.cash + d.payers + d.patients, 0), 1))
              order by d.day), '[]'::jsonb) from by_day d),
    'totals', (select jsonb_build_object('fills', coalesce(sum(d.fills), 0), 'cashFills', coalesce(sum(d.cash_fills), 0),
              'insuranceFills', coalesce(sum(d.fills - d.cash_fills), 0), 'cashCents', coalesce(sum(d.cash), 0),
              'payersCents', coalesce(sum(d.payers), 0), 'patientsCents', coalesce(sum(d.patients), 0),
              'revenueCents', coalesce(sum(d.cash + d.payers + d.patients), 0), 'costCents', coalesce(sum(d.cost), 0),
              'marginCents', coalesce(sum(d.cash + d.payers + d.patients - d.cost), 0)) from by_day d),
    'sections', jsonb_build_array(
      jsonb_build_object('key', 'byPayer', 'title', 'By payer',
        'columns', jsonb_build_array(
          jsonb_build_object('key', 'payer', 'label', 'Payer', 'kind', 'text'),
          jsonb_build_object('key', 'bin', 'label', 'BIN', 'kind', 'text'),
          jsonb_build_object('key', 'fills', 'label', 'Fills', 'kind', 'count'),
          jsonb_build_object('key', 'revenueCents', 'label', 'Revenue', 'kind', 'cents'),
          jsonb_build_object('key', 'costCents', 'label', 'Cost', 'kind', 'cents'),
          jsonb_build_object('key', 'marginCents', 'label', 'Margin', 'kind', 'cents')),
        'rows', (select coalesce(jsonb_agg(jsonb_build_object('payer', p.payer, 'bin', p.bin, 'fills', p.fills, 'revenueCents', p.revenue,
                  'costCents', p.cost, 'marginCents', p.revenue - p.cost) order by p.revenue desc, p.payer), '[]'::jsonb) from by_payer p),
        'totals', (select jsonb_build_object('fills', coalesce(sum(p.fills), 0), 'revenueCents', coalesce(sum(p.revenue), 0)) from by_payer p)),
      jsonb_build_object('key', 'byDrug', 'title', 'By drug',
        'columns', jsonb_build_array(
          jsonb_build_object('key', 'drug', 'label', 'Drug', 'kind', 'text'),
          jsonb_build_object('key', 'ndc', 'label', 'NDC', 'kind', 'text'),
          jsonb_build_object('key', 'fills', 'label', 'Fills', 'kind', 'count'),
          jsonb_build_object('key', 'revenueCents', 'label', 'Revenue', 'kind', 'cents'),
          jsonb_build_object('key', 'costCents', 'label', 'Cost', 'kind', 'cents'),
          jsonb_build_object('key', 'marginCents', 'label', 'Margin', 'kind', 'cents')),
        'rows', (select coalesce(jsonb_agg(jsonb_build_object('drug', g.drug, 'ndc', g.ndc, 'fills', g.fills, 'revenueCents', g.revenue,
                  'costCents', g.cost, 'marginCents', g.revenue - g.cost) order by g.revenue desc, g.drug), '[]'::jsonb) from by_drug g),
        'totals', (select jsonb_build_object('fills', coalesce(sum(g.fills), 0), 'revenueCents', coalesce(sum(g.revenue), 0)) from by_drug g))))
  into result;
  return result;
end
$$;
comment on function private.sales_report(date, date) is
  'The Sales report of the caller''s pharmacy (reports:read) over its days from_date..to_date: per day fills (cash, '
  'insurance), cash sales, paid by payers, paid by patients, revenue, cost, margin, with totals; sections by payer '
  'and by drug. See this migration''s header.';

-- -----------------------------------------------------------------------------------------------------
-- inventory
-- -----------------------------------------------------------------------------------------------------
create function private.inventory_report(from_date date, to_date date) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  pharmacy uuid := private.report_pharmacy(from_date, to_date);
  days tstzrange := private.pharmacy_days(pharmacy, from_date, to_date);
  today date := private.pharmacy_local_date(pharmacy, now());
  dead_since timestamptz := now() - interval '90 days';
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
  ), products as (
    select o.*, coalesce(moved.dispensed, 0) as dispensed, recent.last_dispensed
    from on_hand o
    -- Units dispensed in the range, net of fills returned to stock (inventory_movements_product_idx).
    left join lateral (
      select -sum(mv.quantity)::bigint as dispensed from public.inventory_movements mv
      where mv.pharmacy_id = pharmacy and mv.medication_id = o.id and mv.occurred_at >= lower(days) and mv.occurred_at < upper(days)
        and mv.kind in ('dispense', 'return_to_stock')
    ) moved on true
    left join lateral (
      select max(mv.occurred_at) as last_dispensed from public.inventory_movements mv
      where mv.pharmacy_id = pharmacy and mv.medication_id = o.id and mv.kind = 'dispense'
    ) recent on true
  ), expiring as (
    select concat_ws(' ', m.name, m.strength) as drug, m.ndc_number as ndc, l.lot_number, l.expiration_date, l.on_hand,
           l.on_hand::bigint * coalesce(l.unit_cost_cents, private.unit_cost_cents(m, ip), 0) as value
    from public.inventory_lots l
    join public.medications m on m.pharmacy_id = l.pharmacy_id and m.id = l.medication_id
    left join public.inventory_products ip on ip.pharmacy_id = l.pharmacy_id and ip.medication_id = l.medication_id
    where l.pharmacy_id = pharmacy and l.on_hand > 0 and l.expiration_date <= today + 90
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
              'valueCents', p.value, 'dispensed', p.dispensed) order by p.value desc, p.drug), '[]'::jsonb) from products p),
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
                  'lastDispensed', private.pharmacy_local_date(pharmacy, p.last_dispensed)) order by p.value desc, p.drug), '[]'::jsonb)
                 from products p where p.last_dispensed is null or p.last_dispensed < dead_since),
        'totals', (select jsonb_build_object('products', count(*), 'valueCents', coalesce(sum(p.value), 0))
                   from products p where p.last_dispensed is null or p.last_dispensed < dead_since)),
      jsonb_build_object('key', 'expiring', 'title', 'Lots expiring within 90 days',
        'columns', jsonb_build_array(
          jsonb_build_object('key', 'drug', 'label', 'Drug', 'kind', 'text'),
          jsonb_build_object('key', 'ndc', 'label', 'NDC', 'kind', 'text'),
          jsonb_build_object('key', 'lot', 'label', 'Lot', 'kind', 'text'),
          jsonb_build_object('key', 'expires', 'label', 'Expires', 'kind', 'date'),
          jsonb_build_object('key', 'onHand', 'label', 'On hand', 'kind', 'quantity'),
          jsonb_build_object('key', 'valueCents', 'label', 'Value', 'kind', 'cents')),
        'rows', (select coalesce(jsonb_agg(jsonb_build_object('drug', e.drug, 'ndc', e.ndc, 'lot', e.lot_number, 'expires', e.expiration_date,
                  'onHand', e.on_hand, 'valueCents', e.value) order by e.expiration_date, e.drug, e.lot_number), '[]'::jsonb) from expiring e),
        'totals', (select jsonb_build_object('lots', count(*), 'onHand', coalesce(sum(e.on_hand), 0), 'valueCents', coalesce(sum(e.value), 0))
                   from expiring e))),
    'asOf', today)
  into result;
  return result;
end
$$;
comment on function private.inventory_report(date, date) is
  'The Inventory report of the caller''s pharmacy (reports:read): per product on hand its units, value (on hand × '
  'cost: each lot''s own, else the product''s) and units dispensed in from_date..to_date; sections: dead stock (on '
  'hand, no dispensing in the last 90 days) and lots expiring within 90 days of today (expired included). Stock and '
  'value are as of now (asOf).';

-- -----------------------------------------------------------------------------------------------------
-- patients
-- -----------------------------------------------------------------------------------------------------
create function private.patients_report(from_date date, to_date date) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  pharmacy uuid := private.report_pharmacy(from_date, to_date);
  days tstzrange := private.pharmacy_days(pharmacy, from_date, to_date);
  result jsonb;
begin
  with active as (
    select distinct rx.patient_id from public.prescriptions rx
    where rx.pharmacy_id = pharmacy and rx.date_filled between from_date and to_date and rx.status <> 'cancelled'
  ), banded as (
    select case when p.date_of_birth is null then 6
                when extract(year from age(to_date, p.date_of_birth)) < 18 then 1
                when extract(year from age(to_date, p.date_of_birth)) < 35 then 2
                when extract(year from age(to_date, p.date_of_birth)) < 50 then 3
                when extract(year from age(to_date, p.date_of_birth)) < 65 then 4
                else 5 end as band,
           p.created_at >= lower(days) and p.created_at < upper(days) as is_new,
           a.patient_id is not null as is_active,
           not exists (
             select 1 from public.patient_insurance_plans pl
             where pl.pharmacy_id = p.pharmacy_id and pl.patient_id = p.id and pl.active
               and (pl.effective_date is null or pl.effective_date <= to_date)
               and (pl.termination_date is null or pl.termination_date >= to_date)) as no_plan
    from public.patients p
    left join active a on a.patient_id = p.id
    -- Patients added after the range did not exist yet.
    where p.pharmacy_id = pharmacy and p.created_at < upper(days)
  ), counted as (
    select b.band, count(*) as patients, count(*) filter (where b.is_new) as new_patients,
           count(*) filter (where b.is_active) as active_patients, count(*) filter (where b.no_plan) as without_plan
    from banded b group by b.band
  )
  select jsonb_build_object(
    'title', 'Patients',
    'columns', jsonb_build_array(
      jsonb_build_object('key', 'ageBand', 'label', 'Age', 'kind', 'text'),
      jsonb_build_object('key', 'patients', 'label', 'Patients', 'kind', 'count'),
      jsonb_build_object('key', 'newPatients', 'label', 'New', 'kind', 'count'),
      jsonb_build_object('key', 'activePatients', 'label', 'Active (filled in range)', 'kind', 'count'),
      jsonb_build_object('key', 'withoutPlan', 'label', 'Without an active plan', 'kind', 'count')),
    'rows', (select jsonb_agg(jsonb_build_object('ageBand', bands.label, 'patients', coalesce(c.patients, 0),
              'newPatients', coalesce(c.new_patients, 0), 'activePatients', coalesce(c.active_patients, 0),
              'withoutPlan', coalesce(c.without_plan, 0)) order by bands.band)
             from (values (1, '0–17'), (2, '18–34'), (3, '35–49'), (4, '50–64'), (5, '65 and over'), (6, 'Date of birth unknown')) as bands(band, label)
             left join counted c on c.band = bands.band),
    'totals', (select jsonb_build_object('patients', coalesce(sum(c.patients), 0), 'newPatients', coalesce(sum(c.new_patients), 0),
              'activePatients', coalesce(sum(c.active_patients), 0), 'withoutPlan', coalesce(sum(c.without_plan), 0)) from counted c))
  into result;
  return result;
end
$$;
comment on function private.patients_report(date, date) is
  'The Patients report of the caller''s pharmacy (reports:read): per age band (age on to_date) the patients on file '
  'by the end of the range, those added in it, those with a fill in it (active) and those without an active plan in '
  'effect on to_date, with totals.';

-- -----------------------------------------------------------------------------------------------------
-- dispensing-log and controlled-substances: the fills of the range, in the order they were verified
-- -----------------------------------------------------------------------------------------------------
create function private.dispensing_log_report(from_date date, to_date date) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  pharmacy uuid := private.report_pharmacy(from_date, to_date);
  result jsonb;
begin
  with fills as (
    select rx.*, count(*) over () as matched from public.prescriptions rx
    where rx.pharmacy_id = pharmacy and rx.date_filled between from_date and to_date and rx.status <> 'cancelled'
    order by rx.date_filled, rx.verified_at, rx.rx_number, rx.fill_number
    limit private.report_row_limit()
  )
  select jsonb_build_object(
    'title', 'Daily Dispensing Log',
    'columns', jsonb_build_array(
      jsonb_build_object('key', 'dateFilled', 'label', 'Date filled', 'kind', 'date'),
      jsonb_build_object('key', 'verifiedAt', 'label', 'Verified at', 'kind', 'text'),
      jsonb_build_object('key', 'rx', 'label', 'Rx', 'kind', 'text'),
      jsonb_build_object('key', 'fillNumber', 'label', 'Fill', 'kind', 'count'),
      jsonb_build_object('key', 'patientName', 'label', 'Patient', 'kind', 'text'),
      jsonb_build_object('key', 'drug', 'label', 'Drug', 'kind', 'text'),
      jsonb_build_object('key', 'ndc', 'label', 'NDC', 'kind', 'text'),
      jsonb_build_object('key', 'quantity', 'label', 'Quantity', 'kind', 'quantity'),
      jsonb_build_object('key', 'prescriber', 'label', 'Prescriber', 'kind', 'text'),
      jsonb_build_object('key', 'pharmacist', 'label', 'Pharmacist', 'kind', 'text')),
    'rows', coalesce(jsonb_agg(jsonb_build_object('dateFilled', f.date_filled,
              'verifiedAt', to_char(f.verified_at at time zone private.pharmacy_time_zone(pharmacy), 'YYYY-MM-DD HH24:MI'),
              'rx', f.rx_number::text, 'fillNumber', f.fill_number, 'patientName', pt.last_name || ', ' || pt.first_name,
              'drug', concat_ws(' ', m.name, m.strength), 'ndc', m.ndc_number, 'quantity', f.quantity,
              'prescriber', coalesce(nullif(concat_ws(' ', pr.first_name, pr.last_name), ''), f.prescriber_name),
              'pharmacist', nullif(concat_ws(' ', s.first_name, s.last_name), ''))
              order by f.date_filled, f.verified_at, f.rx_number, f.fill_number), '[]'::jsonb),
    'totals', jsonb_build_object('fills', count(f.id), 'quantity', coalesce(sum(f.quantity), 0), 'matched', coalesce(max(f.matched), 0)),
    'notes', jsonb_build_array(jsonb_build_object('key', 'signOff', 'label', 'Pharmacist sign-off',
              'text', private.report_setting(pharmacy, 'dailyLogPharmacist'))),
    'truncated', coalesce(max(f.matched), 0) > count(f.id))
  into result
  from fills f
  join public.patients pt on pt.pharmacy_id = f.pharmacy_id and pt.id = f.patient_id
  join public.medications m on m.pharmacy_id = f.pharmacy_id and m.id = f.medication_id
  left join public.prescribers pr on pr.pharmacy_id = f.pharmacy_id and pr.id = f.prescriber_id
  left join public.staff_profiles s on s.user_id = f.verified_by;
  return result;
end
$$;
comment on function private.dispensing_log_report(date, date) is
  'The daily dispensing log of the caller''s pharmacy (reports:read): every fill filled on from_date..to_date (not '
  'cancelled) in the order it was verified, with Rx and fill number, patient, drug and NDC, quantity, prescriber and '
  'the verifying pharmacist; the Reports settings'' dailyLogPharmacist as the sign-off note; at most '
  'private.report_row_limit() rows (truncated says when more matched).';

create function private.controlled_substances_report(from_date date, to_date date) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  pharmacy uuid := private.report_pharmacy(from_date, to_date);
  result jsonb;
begin
  with fills as (
    select rx.*, m.dea_schedule, concat_ws(' ', m.name, m.strength) as drug, m.ndc_number, count(*) over () as matched
    from public.prescriptions rx
    join public.medications m on m.pharmacy_id = rx.pharmacy_id and m.id = rx.medication_id
    where rx.pharmacy_id = pharmacy and rx.date_filled between from_date and to_date and rx.status <> 'cancelled'
      and m.dea_schedule in ('II', 'III', 'IV', 'V')
    order by rx.date_filled, rx.verified_at, rx.rx_number, rx.fill_number
    limit private.report_row_limit()
  )
  select jsonb_build_object(
    'title', 'Controlled Substance Log',
    'columns', jsonb_build_array(
      jsonb_build_object('key', 'dateFilled', 'label', 'Date filled', 'kind', 'date'),
      jsonb_build_object('key', 'rx', 'label', 'Rx', 'kind', 'text'),
      jsonb_build_object('key', 'fillNumber', 'label', 'Fill', 'kind', 'count'),
      jsonb_build_object('key', 'schedule', 'label', 'Schedule', 'kind', 'text'),
      jsonb_build_object('key', 'drug', 'label', 'Drug', 'kind', 'text'),
      jsonb_build_object('key', 'ndc', 'label', 'NDC', 'kind', 'text'),
      jsonb_build_object('key', 'quantity', 'label', 'Quantity', 'kind', 'quantity'),
      jsonb_build_object('key', 'daysSupply', 'label', 'Days supply', 'kind', 'count'),
      jsonb_build_object('key', 'patientName', 'label', 'Patient', 'kind', 'text'),
      jsonb_build_object('key', 'patientAddress', 'label', 'Patient address', 'kind', 'text'),
      jsonb_build_object('key', 'prescriber', 'label', 'Prescriber', 'kind', 'text'),
      jsonb_build_object('key', 'prescriberDea', 'label', 'Prescriber DEA', 'kind', 'text'),
      jsonb_build_object('key', 'pharmacist', 'label', 'Pharmacist', 'kind', 'text')),
    'rows', coalesce(jsonb_agg(jsonb_build_object('dateFilled', f.date_filled, 'rx', f.rx_number::text, 'fillNumber', f.fill_number,
              'schedule', f.dea_schedule, 'drug', f.drug, 'ndc', f.ndc_number, 'quantity', f.quantity, 'daysSupply', f.days_supply,
              'patientName', pt.last_name || ', ' || pt.first_name,
              'patientAddress', nullif(concat_ws(', ', nullif(btrim(pt.street_address), ''), nullif(btrim(pt.city), ''),
                                  nullif(btrim(concat_ws(' ', pt.state, pt.zip_code)), '')), ''),
              'prescriber', coalesce(nullif(concat_ws(' ', pr.first_name, pr.last_name), ''), f.prescriber_name),
              'prescriberDea', pr.dea_number,
              'pharmacist', nullif(concat_ws(' ', s.first_name, s.last_name), ''))
              order by f.date_filled, f.verified_at, f.rx_number, f.fill_number), '[]'::jsonb),
    'totals', jsonb_build_object('fills', count(f.id), 'quantity', coalesce(sum(f.quantity), 0),
              'scheduleII', count(f.id) filter (where f.dea_schedule = 'II'), 'matched', coalesce(max(f.matched), 0)),
    'notes', jsonb_build_array(jsonb_build_object('key', 'disclaimer', 'label', 'Controlled drug disclaimer',
              'text', private.report_setting(pharmacy, 'controlledDrugDisclaimer'))),
    'truncated', coalesce(max(f.matched), 0) > count(f.id))
  into result
  from fills f
  join public.patients pt on pt.pharmacy_id = f.pharmacy_id and pt.id = f.patient_id
  left join public.prescribers pr on pr.pharmacy_id = f.pharmacy_id and pr.id = f.prescriber_id
  left join public.staff_profiles s on s.user_id = f.verified_by;
  return result;
end
$$;
comment on function private.controlled_substances_report(date, date) is
  'The controlled-substance log of the caller''s pharmacy (reports:read): the fills of Schedule II–V drugs filled on '
  'from_date..to_date (not cancelled) in the order they were verified, with the prescriber''s DEA number and the '
  'patient''s address; the Reports settings'' controlledDrugDisclaimer as a note; at most private.report_row_limit() rows.';

-- -----------------------------------------------------------------------------------------------------
-- The callable faces (security invoker; the work is the private definers')
-- -----------------------------------------------------------------------------------------------------
create function public.sales_report(from_date date, to_date date) returns jsonb
language sql stable set search_path = '' as $$ select private.sales_report(from_date, to_date) $$;
comment on function public.sales_report(date, date) is 'GET /api/reports/sales: see private.sales_report.';
create function public.inventory_report(from_date date, to_date date) returns jsonb
language sql stable set search_path = '' as $$ select private.inventory_report(from_date, to_date) $$;
comment on function public.inventory_report(date, date) is 'GET /api/reports/inventory: see private.inventory_report.';
create function public.patients_report(from_date date, to_date date) returns jsonb
language sql stable set search_path = '' as $$ select private.patients_report(from_date, to_date) $$;
comment on function public.patients_report(date, date) is 'GET /api/reports/patients: see private.patients_report.';
create function public.dispensing_log_report(from_date date, to_date date) returns jsonb
language sql stable set search_path = '' as $$ select private.dispensing_log_report(from_date, to_date) $$;
comment on function public.dispensing_log_report(date, date) is 'GET /api/reports/dispensing-log: see private.dispensing_log_report.';
create function public.controlled_substances_report(from_date date, to_date date) returns jsonb
language sql stable set search_path = '' as $$ select private.controlled_substances_report(from_date, to_date) $$;
comment on function public.controlled_substances_report(date, date) is
  'GET /api/reports/controlled-substances: see private.controlled_substances_report.';

revoke all on function private.report_row_limit(), private.report_pharmacy(date, date), private.report_setting(uuid, text),
  private.report_fill_money(uuid, date, date), private.sales_report(date, date), private.inventory_report(date, date),
  private.patients_report(date, date), private.dispensing_log_report(date, date), private.controlled_substances_report(date, date)
  from public, anon;
-- The definers call the helpers as their owner; staff reach only the reports, which check reports:read first.
grant execute on function private.sales_report(date, date), private.inventory_report(date, date), private.patients_report(date, date),
  private.dispensing_log_report(date, date), private.controlled_substances_report(date, date) to authenticated;
revoke all on function public.sales_report(date, date), public.inventory_report(date, date), public.patients_report(date, date),
  public.dispensing_log_report(date, date), public.controlled_substances_report(date, date) from public, anon;
grant execute on function public.sales_report(date, date), public.inventory_report(date, date), public.patients_report(date, date),
  public.dispensing_log_report(date, date), public.controlled_substances_report(date, date) to authenticated;

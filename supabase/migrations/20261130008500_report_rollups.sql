-- =====================================================================================================
-- Reports (issue 26): one revenue rule, and per-day rollups of the filled fills kept by triggers
-- =====================================================================================================
-- One revenue rule for the Reports screen's cards and the Sales report (until now the cards counted money received
-- by the day it came in, the Sales report a cash fill at its current price, which drifted with the price list):
--   A fill is filled when it is ready or completed (verified, not returned to stock), on its date_filled (the
--   pharmacy's local date of verification). Its revenue is what payers paid on its paid claims (a reversed claim paid
--   nothing) plus what the patient paid for it (patient_payments, copays and cash sales at the counter alike), all on
--   its date_filled, whenever the money came in. A cash fill not paid yet earns nothing yet. Its cost is the stock
--   ledger's cost of the units dispensed for it (-quantity × unit_cost_cents of its inventory_movements).
--
-- The rollups, kept in the writing transaction:
--   report_fill_contributions       one row per filled fill: what it adds to the rollups now (day, medication, new
--                                   fill or refill, cash, payers, patients, cost) and the first payer that paid it;
--                                   the Sales report's sections by payer and by drug read it by day
--   report_daily_totals             per pharmacy and day: filled fills, new fills, refills, cash fills, payers cents,
--                                   patients cents (cash fills' share of it apart), cost cents
--   report_daily_medication_fills   per pharmacy, day and medication: filled fills
-- Every write that can change a fill's contribution (prescriptions: status, date_filled, medication, fill number;
-- prescription_billing: pay_with; claims: paid in or out, amount; patient_payments; inventory_movements of a fill)
-- ends in private.refresh_report_fills(ids) from a statement trigger. It locks the fills (so two transactions touching
-- one fill take turns and the second sees the first's committed rows), recomputes their contribution from the base
-- tables in one snapshot, and adds the difference to the day rollups with insert … on conflict do update set x =
-- x + excluded.x (no read-modify-write of a shared day row). Recomputing, rather than adding each event's own delta,
-- makes the order of triggers inside one transaction irrelevant: verification posts the fill's stock movements from
-- another trigger of the same statement, a claim may be paid before or after verification, a payment days later —
-- whichever refresh runs last sees everything, and one that finds nothing changed writes nothing.
-- private.rebuild_report_rollups(pharmacy) recomputes a pharmacy's rows from scratch (loads made with triggers off,
-- and this migration for the rows already there).
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- Tables
-- -----------------------------------------------------------------------------------------------------
create table public.report_fill_contributions (
  prescription_id uuid primary key,
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  day date not null,
  medication_id uuid not null,
  new_fill boolean not null,
  cash boolean not null,
  payers_cents bigint not null,
  patients_cents bigint not null,
  cost_cents bigint not null,
  payer_bin text,
  payer_name text
);
comment on table public.report_fill_contributions is
  'What each filled fill (ready or completed) adds to report_daily_totals and report_daily_medication_fills right '
  'now: its day (date_filled), medication, new fill (fill_number 0) or refill, cash or not, what payers paid on its '
  'paid claims, what the patient paid for it, the cost of its units, and the first payer that paid it (BIN and name, '
  'primary before secondary). Written only by private.refresh_report_fills and private.rebuild_report_rollups, which '
  'add the difference to the rollups; the Sales report''s sections by payer and by drug read it by day.';
create index report_fill_contributions_day_idx on public.report_fill_contributions (pharmacy_id, day);
comment on index public.report_fill_contributions_day_idx is
  'A pharmacy''s filled fills by day with their money: the Sales report''s sections by payer and by drug, one range scan.';

create table public.report_daily_totals (
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  day date not null,
  -- No checks (>= 0): the triggers add net changes, as claim_daily_totals.
  fills bigint not null default 0,
  new_fills bigint not null default 0,
  refills bigint not null default 0,
  cash_fills bigint not null default 0,
  payers_cents bigint not null default 0,
  patients_cents bigint not null default 0,
  cash_patients_cents bigint not null default 0,
  cost_cents bigint not null default 0,
  primary key (pharmacy_id, day)
);
comment on table public.report_daily_totals is
  'The filled fills of a pharmacy per local day (date_filled): fills, new fills (fill_number 0), refills, cash fills, '
  'what payers paid on their paid claims, what patients paid for them (patients_cents, of which cash_patients_cents '
  'for cash fills), the cost of their units. Revenue is payers_cents + patients_cents. What the Reports screen and the '
  'Sales report add up over any range; written only by private.refresh_report_fills and private.rebuild_report_rollups.';

create table public.report_daily_medication_fills (
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  day date not null,
  medication_id uuid not null,
  fills bigint not null default 0,
  primary key (pharmacy_id, day, medication_id)
);
comment on table public.report_daily_medication_fills is
  'The filled fills of a pharmacy per local day and medication: the Reports screen''s Most Prescribed Medications. '
  'Written only by private.refresh_report_fills and private.rebuild_report_rollups.';

alter table public.report_fill_contributions enable row level security;
alter table public.report_daily_totals enable row level security;
alter table public.report_daily_medication_fills enable row level security;
revoke all on public.report_fill_contributions, public.report_daily_totals, public.report_daily_medication_fills from anon, authenticated;
grant select on public.report_fill_contributions, public.report_daily_totals, public.report_daily_medication_fills to authenticated;
grant all on public.report_fill_contributions, public.report_daily_totals, public.report_daily_medication_fills to service_role;
-- Staff read their pharmacy's claims and payments already; a fill's contribution says nothing more.
create policy "Staff can read their pharmacy's report contributions per fill" on public.report_fill_contributions
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
create policy "Staff can read their pharmacy's daily report totals" on public.report_daily_totals
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
create policy "Staff can read their pharmacy's daily fills per medication" on public.report_daily_medication_fills
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));

-- -----------------------------------------------------------------------------------------------------
-- Keeping them
-- -----------------------------------------------------------------------------------------------------
create function private.refresh_report_fills(fill_ids uuid[]) returns void
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
  )
  -- stored, dropped and per_medication run whether read or not (a data-modifying WITH always does).
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
  'the difference from report_fill_contributions to report_daily_totals and report_daily_medication_fills. Idempotent: '
  'called again with nothing changed, it writes nothing. Called by the statement triggers of the tables a fill''s '
  'contribution reads.';

-- A fill counts while it is filled: a change matters when it was or is filled and what the rollups keep moved.
create function private.refresh_report_fills_of_prescriptions() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.refresh_report_fills(array(select n.id from new_rows n
      where n.status in ('ready', 'completed') and n.date_filled is not null));
  elsif tg_op = 'DELETE' then
    perform private.refresh_report_fills(array(select o.id from old_rows o
      where exists (select 1 from public.report_fill_contributions c where c.prescription_id = o.id)));
  else
    perform private.refresh_report_fills(array(
      select n.id from new_rows n join old_rows o on o.id = n.id
      where (n.status in ('ready', 'completed') or o.status in ('ready', 'completed'))
        and (n.status is distinct from o.status or n.date_filled is distinct from o.date_filled
             or n.medication_id is distinct from o.medication_id or n.fill_number is distinct from o.fill_number
             or n.pharmacy_id is distinct from o.pharmacy_id)));
  end if;
  return null;
end
$$;
comment on function private.refresh_report_fills_of_prescriptions() is
  'AFTER statement trigger of prescriptions (insert, update, delete): refreshes the report rollups of the fills that '
  'became filled, stopped being filled (returned to stock) or moved day, medication or fill number while filled.';
create trigger refresh_report_rollups_on_insert after insert on public.prescriptions
  referencing new table as new_rows for each statement execute function private.refresh_report_fills_of_prescriptions();
create trigger refresh_report_rollups_on_update after update on public.prescriptions
  referencing old table as old_rows new table as new_rows for each statement execute function private.refresh_report_fills_of_prescriptions();
create trigger refresh_report_rollups_on_delete after delete on public.prescriptions
  referencing old table as old_rows for each statement execute function private.refresh_report_fills_of_prescriptions();

create function private.refresh_report_fills_of_billing() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.refresh_report_fills(array(select n.prescription_id from new_rows n where n.pay_with = 'cash'));
  elsif tg_op = 'DELETE' then
    perform private.refresh_report_fills(array(select o.prescription_id from old_rows o where o.pay_with = 'cash'));
  else
    perform private.refresh_report_fills(array(
      select n.prescription_id from new_rows n join old_rows o on o.pharmacy_id = n.pharmacy_id and o.prescription_id = n.prescription_id
      where n.pay_with is distinct from o.pay_with));
  end if;
  return null;
end
$$;
comment on function private.refresh_report_fills_of_billing() is
  'AFTER statement trigger of prescription_billing: a fill that became cash or insurance (pay_with) moves between the '
  'rollups'' cash and insurance figures (private.refresh_report_fills; a fill not filled adds nothing).';
create trigger refresh_report_rollups_on_insert after insert on public.prescription_billing
  referencing new table as new_rows for each statement execute function private.refresh_report_fills_of_billing();
create trigger refresh_report_rollups_on_update after update on public.prescription_billing
  referencing old table as old_rows new table as new_rows for each statement execute function private.refresh_report_fills_of_billing();
create trigger refresh_report_rollups_on_delete after delete on public.prescription_billing
  referencing old table as old_rows for each statement execute function private.refresh_report_fills_of_billing();

create function private.refresh_report_fills_of_claims() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.refresh_report_fills(array(select distinct n.prescription_id from new_rows n where n.status = 'paid'));
  elsif tg_op = 'DELETE' then
    perform private.refresh_report_fills(array(select distinct o.prescription_id from old_rows o where o.status = 'paid'));
  else
    perform private.refresh_report_fills(array(
      select n.prescription_id from new_rows n join old_rows o on o.id = n.id
      where (n.status = 'paid' or o.status = 'paid')
        and (n.status is distinct from o.status or n.total_paid_cents is distinct from o.total_paid_cents
             or n.prescription_id is distinct from o.prescription_id or n.bin is distinct from o.bin
             or n.payer_name is distinct from o.payer_name or n.coverage is distinct from o.coverage)
      union
      select o.prescription_id from new_rows n join old_rows o on o.id = n.id
      where o.status = 'paid' and n.prescription_id is distinct from o.prescription_id));
  end if;
  return null;
end
$$;
comment on function private.refresh_report_fills_of_claims() is
  'AFTER statement trigger of claims: a claim paid, no longer paid (reversed) or paid a different amount refreshes its '
  'fill''s report rollups (private.refresh_report_fills).';
create trigger refresh_report_rollups_on_insert after insert on public.claims
  referencing new table as new_rows for each statement execute function private.refresh_report_fills_of_claims();
create trigger refresh_report_rollups_on_update after update on public.claims
  referencing old table as old_rows new table as new_rows for each statement execute function private.refresh_report_fills_of_claims();
create trigger refresh_report_rollups_on_delete after delete on public.claims
  referencing old table as old_rows for each statement execute function private.refresh_report_fills_of_claims();

create function private.refresh_report_fills_of_payments() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.refresh_report_fills(array(select distinct n.prescription_id from new_rows n));
  elsif tg_op = 'DELETE' then
    perform private.refresh_report_fills(array(select distinct o.prescription_id from old_rows o));
  else
    perform private.refresh_report_fills(array(
      select n.prescription_id from new_rows n join old_rows o on o.id = n.id
      where n.amount_cents is distinct from o.amount_cents or n.prescription_id is distinct from o.prescription_id
      union
      select o.prescription_id from new_rows n join old_rows o on o.id = n.id
      where n.prescription_id is distinct from o.prescription_id));
  end if;
  return null;
end
$$;
comment on function private.refresh_report_fills_of_payments() is
  'AFTER statement trigger of patient_payments: a payment recorded, changed or removed refreshes its fill''s report '
  'rollups (private.refresh_report_fills), on the fill''s day whatever day the money came in.';
create trigger refresh_report_rollups_on_insert after insert on public.patient_payments
  referencing new table as new_rows for each statement execute function private.refresh_report_fills_of_payments();
create trigger refresh_report_rollups_on_update after update on public.patient_payments
  referencing old table as old_rows new table as new_rows for each statement execute function private.refresh_report_fills_of_payments();
create trigger refresh_report_rollups_on_delete after delete on public.patient_payments
  referencing old table as old_rows for each statement execute function private.refresh_report_fills_of_payments();

-- The ledger refuses updates and deletes (refuse_update_or_delete), save a pharmacy's cascade: inserts are what move
-- a fill's cost; deletes are followed for completeness.
create function private.refresh_report_fills_of_movements() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.refresh_report_fills(array(select distinct n.prescription_id from new_rows n where n.prescription_id is not null));
  else
    perform private.refresh_report_fills(array(select distinct o.prescription_id from old_rows o where o.prescription_id is not null));
  end if;
  return null;
end
$$;
comment on function private.refresh_report_fills_of_movements() is
  'AFTER statement trigger of inventory_movements: stock moved for a fill (dispensed at verification, returned to '
  'stock) refreshes its report rollups'' cost (private.refresh_report_fills).';
create trigger refresh_report_rollups_on_insert after insert on public.inventory_movements
  referencing new table as new_rows for each statement execute function private.refresh_report_fills_of_movements();
create trigger refresh_report_rollups_on_delete after delete on public.inventory_movements
  referencing old table as old_rows for each statement execute function private.refresh_report_fills_of_movements();

-- -----------------------------------------------------------------------------------------------------
-- Rebuilding them
-- -----------------------------------------------------------------------------------------------------
-- Hash joins only: after a load with triggers off the statistics still describe the empty tables, and a nested loop
-- over per-fill aggregates would run for hours at a million fills.
create function private.rebuild_report_rollups(for_pharmacy_id uuid) returns void
language plpgsql security definer
set search_path = ''
set enable_nestloop = off
as $$
begin
  -- No refresh runs meanwhile (they wait, then add their difference to the rebuilt rows); readers are not blocked.
  lock table public.report_fill_contributions, public.report_daily_totals, public.report_daily_medication_fills
    in exclusive mode;
  delete from public.report_fill_contributions c where c.pharmacy_id = for_pharmacy_id;
  delete from public.report_daily_totals t where t.pharmacy_id = for_pharmacy_id;
  delete from public.report_daily_medication_fills m where m.pharmacy_id = for_pharmacy_id;
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
end
$$;
comment on function private.rebuild_report_rollups(uuid) is
  'Recomputes a pharmacy''s report rollups (report_fill_contributions, report_daily_totals, '
  'report_daily_medication_fills) from its fills, claims, patient payments and stock movements: after a load made '
  'with triggers off (data migration, the bench) and for the rows that existed before the rollups. Locks the rollup '
  'tables against concurrent refreshes while it runs.';

revoke all on function private.refresh_report_fills(uuid[]), private.refresh_report_fills_of_prescriptions(),
  private.refresh_report_fills_of_billing(), private.refresh_report_fills_of_claims(),
  private.refresh_report_fills_of_payments(), private.refresh_report_fills_of_movements(),
  private.rebuild_report_rollups(uuid) from public, anon, authenticated;
grant execute on function private.rebuild_report_rollups(uuid) to service_role;

select private.rebuild_report_rollups(p.id) from public.pharmacies p;

-- =====================================================================================================
-- The readers
-- =====================================================================================================
-- Patients served stays a distinct count over the fills (no daily rollup can add distinct patients up), in its own
-- function so it can be made faster alone.
create function private.reports_patients_served(for_pharmacy_id uuid, from_date date, to_date date) returns bigint
language sql stable
set search_path = ''
as $$
  -- One scan grouped by patient (a hash aggregate), rather than count(distinct), which sorts every fill of the
  -- range: about twice as fast at 80,000 fills a month.
  select count(*)
  from (
    select rx.patient_id
    from public.prescriptions rx
    where rx.pharmacy_id = for_pharmacy_id and rx.status in ('ready', 'completed')
      and rx.date_filled between from_date and to_date
    group by rx.patient_id
  ) p
$$;
comment on function private.reports_patients_served(uuid, date, date) is
  'The distinct patients of a pharmacy''s filled fills (ready or completed) with date_filled in from_date..to_date: '
  'the Reports screen''s Patients Served (an index-only scan of prescriptions_filled_idx). Security invoker.';
revoke all on function private.reports_patients_served(uuid, date, date) from public, anon;
grant execute on function private.reports_patients_served(uuid, date, date) to authenticated, service_role;

create or replace function private.reports_period_figures(for_pharmacy_id uuid, from_date date, to_date date) returns jsonb
language sql stable
set search_path = ''
as $$
  with days as materialized (
    select private.pharmacy_days(for_pharmacy_id, from_date, to_date) as span
  ), totals as (
    select coalesce(sum(t.fills), 0)::bigint as filled, coalesce(sum(t.payers_cents), 0)::bigint as payers,
           coalesce(sum(t.patients_cents), 0)::bigint as patients
    from public.report_daily_totals t
    where t.pharmacy_id = for_pharmacy_id and t.day between from_date and to_date
  ), served as (
    select private.reports_patients_served(for_pharmacy_id, from_date, to_date) as patients
  ), moved_since_end as (
    -- The net cost the ledger moved after the period (nothing when the period ends today or later).
    select t.net_cents from days, private.inventory_movement_totals(for_pharmacy_id, least(upper(days.span), now())) t
  )
  select jsonb_build_object(
    'prescriptionsFilled', totals.filled,
    'revenueCents', totals.payers + totals.patients,
    'payersCents', totals.payers,
    'patientsCents', totals.patients,
    'patientsServed', served.patients,
    'inventoryValueCents', private.inventory_value_cents(for_pharmacy_id) - moved_since_end.net_cents)
  from totals, served, moved_since_end
$$;
comment on function private.reports_period_figures(uuid, date, date) is
  'The Reports screen''s four figures of a pharmacy for its days from_date..to_date: prescriptionsFilled (fills '
  'verified in the range and not returned to stock: ready or completed, by date_filled), revenueCents (the revenue '
  'rule of 20261130008500_report_rollups: payersCents, what payers paid on those fills'' paid claims, plus '
  'patientsCents, what patients paid for those fills, whenever it came in; the Sales report''s revenue of the same '
  'days), patientsServed (private.reports_patients_served) and inventoryValueCents (the stock value at the end of the '
  'range: today''s less the net cost moved since). Fills and money from report_daily_totals. Security invoker.';

create or replace function public.reports_weekly_activity() returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  pharmacy uuid := private.current_pharmacy_id();
  today date;
begin
  if pharmacy is null then
    raise exception 'Only staff of a pharmacy can read its reports' using errcode = '42501';
  end if;
  today := private.pharmacy_local_date(pharmacy, now());
  return (
    select jsonb_agg(jsonb_build_object('day', d.day, 'newFills', coalesce(t.new_fills, 0), 'refills', coalesce(t.refills, 0))
                     order by d.day)
    from (select (today - n)::date as day from generate_series(0, 6) n) d
    left join public.report_daily_totals t on t.pharmacy_id = pharmacy and t.day = d.day);
end
$$;
comment on function public.reports_weekly_activity() is
  'The Reports screen''s Weekly Activity: the caller''s pharmacy''s last 7 local days (today last), each with its '
  'filled fills (ready or completed by date_filled) split into new (fill_number 0) and refills (fill_number > 0), '
  'from report_daily_totals; a day without fills is 0 and 0. Security invoker: RLS applies.';

create or replace function public.reports_top_medications(from_date date, to_date date, top integer default 5) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  pharmacy uuid := private.current_pharmacy_id();
begin
  if pharmacy is null then
    raise exception 'Only staff of a pharmacy can read its reports' using errcode = '42501';
  end if;
  perform private.billing_report_range(from_date, to_date);
  if top is null or top < 1 or top > 50 then
    raise exception 'Ask for 1 to 50 medications' using errcode = '22023';
  end if;
  return (
    select coalesce(jsonb_agg(jsonb_build_object('medicationId', m.id, 'name', m.name, 'strength', m.strength,
                                                 'fills', c.fills) order by c.fills desc, m.name, m.id), '[]'::jsonb)
    from (
      select r.medication_id, sum(r.fills) as fills
      from public.report_daily_medication_fills r
      where r.pharmacy_id = pharmacy and r.day between from_date and to_date
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
  '5), as [{medicationId, name, strength, fills}] most first, from report_daily_medication_fills. Security invoker: '
  'RLS applies.';

-- The Sales report's sections read report_fill_contributions (the same fills and money as the rollups, one index
-- range instead of three lookups per fill); its per-fill function has no caller left.
drop function private.report_fill_money(uuid, date, date);

create or replace function private.sales_report(from_date date, to_date date) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  pharmacy uuid := private.report_pharmacy(from_date, to_date);
  result jsonb;
begin
  with f as materialized (
    -- The range's filled fills as the rollups count them: one range of report_fill_contributions_day_idx.
    select c.medication_id, c.cash, c.payers_cents + c.patients_cents as revenue, c.cost_cents, c.payer_bin, c.payer_name
    from public.report_fill_contributions c
    where c.pharmacy_id = pharmacy and c.day between from_date and to_date
  ), by_day as (
    -- From the rollup: the same fills and money as f, without a lookup per fill.
    select days.day::date as day, coalesce(t.fills, 0) as fills, coalesce(t.cash_fills, 0) as cash_fills,
           coalesce(t.cash_patients_cents, 0) as cash, coalesce(t.payers_cents, 0) as payers,
           coalesce(t.patients_cents - t.cash_patients_cents, 0) as patients, coalesce(t.cost_cents, 0) as cost
    from generate_series(from_date, to_date, interval '1 day') as days(day)
    left join public.report_daily_totals t on t.pharmacy_id = pharmacy and t.day = days.day::date
  ), by_payer as (
    -- Each insurance fill under the first payer that paid it (primary before secondary); cash fills as Cash.
    select case when g.cash then 'Cash' when g.bin is null then 'Not paid by a payer' else g.payer_name end as payer,
           g.bin, g.fills, g.revenue, g.cost
    from (
      select f.cash, case when f.cash then null else f.payer_bin end as bin, max(f.payer_name) as payer_name,
             count(*) as fills, sum(f.revenue) as revenue, sum(f.cost_cents) as cost
      from f group by 1, 2
    ) g
  ), by_drug as (
    select concat_ws(' ', m.name, m.strength) as drug, m.ndc_number as ndc, g.fills, g.revenue, g.cost
    from (
      select f.medication_id, count(*) as fills, sum(f.revenue) as revenue, sum(f.cost_cents) as cost
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
  'The Sales report of the caller''s pharmacy (reports:read) over its days from_date..to_date, by the revenue rule of '
  '20261130008500_report_rollups (a filled fill earns what payers paid on its paid claims and what the patient paid '
  'for it, on its date_filled): per day fills (cash, insurance), cash sales (what patients paid for cash fills), paid '
  'by payers, paid by patients (for insurance fills), revenue, cost, margin, with totals, from report_daily_totals; '
  'sections by payer (the first payer that paid each fill; cash fills as Cash) and by drug from '
  'report_fill_contributions (the same fills and money, per fill).';


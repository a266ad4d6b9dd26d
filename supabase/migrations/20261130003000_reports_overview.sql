-- =====================================================================================================
-- Reports and Analytics screen (issue 26): the stat cards, the two charts and the system alerts, as SQL
-- =====================================================================================================
-- Every figure is one aggregate of the caller's pharmacy (private.current_pharmacy_id(); the readers are security
-- invoker, so RLS applies as well), over the pharmacy's own days (its time zone):
--   reports_overview(from, to)          the four stat cards for [from, to] and the period of equal length before it
--   reports_weekly_activity()           the last 7 pharmacy days, new fills (fill 0) and refills (fill > 0) per day
--   reports_top_medications(from, to)   the medications filled most in [from, to] (top 5 unless asked)
--   reports_system_alerts()             the conditions that need someone: stock, expiry, registrations, alerts,
--                                        rejected claims, failed messages
--
-- What "filled" means: a fill is filled when a pharmacist verified it (processing → ready sets date_filled, the
-- pharmacy's local date, and takes the stock) and it was not returned to stock (ready → cancelled). So a filled
-- fill is one with status ready or completed, counted on its date_filled. Pending and processing fills are not
-- filled yet; a cancelled one was never dispensed or went back on the shelf.
--
-- Revenue is money received, the Billing screen's Weekly Revenue (billing_report 'weekly-revenue') over the same
-- days: what payers paid on paid claims by date of service (claim_daily_totals, kept by the claims' triggers; a
-- reversed claim is no longer paid, so it drops out) plus what patients paid (patient_payments by their local day:
-- copays and cash fills alike, since a cash fill is paid at the counter through Process Payment). Never a constant.
--
-- Inventory value is the Inventory Overview's (private.inventory_value_cents: each lot on hand at its own cost, else
-- the product's), as of the end of the period: today's value less the net cost the ledger moved since (the same
-- reconstruction as inventory_overview's 30-day turnover); the previous period's is as of the period's start.
--
-- Speed at 1,500,000 fills: the fills read one index range, prescriptions_filled_idx (pharmacy, date_filled)
-- carrying patient, medication and fill number, partial on the filled statuses, so the counts are index-only
-- scans; revenue reads the claims' daily rollups and patient_payments_received_idx; inventory reads its rollups.
-- A range is at most 366 days (private.billing_report_range), so every read is bounded.
-- Measured through PostgREST at 1,500,000 fills over a year (a shared 2-core machine, vacuumed): weekly activity
-- ~16 ms, top medications (30 days) ~57 ms, alerts ~22 ms, the cards of 7 days ~64 ms, of 30 days ~250 ms, of a year
-- ~0.8 s (median). The cards' cost is patients served: a distinct count over every fill of both periods, which no
-- daily rollup can give exactly; the counts alone could come from a per-day rollup if 30-day cards must be faster.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- Index: the filled fills by day
-- -----------------------------------------------------------------------------------------------------
create index prescriptions_filled_idx on public.prescriptions (pharmacy_id, date_filled)
  include (patient_id, medication_id, fill_number)
  where status in ('ready', 'completed');
comment on index public.prescriptions_filled_idx is
  'The filled fills (ready or completed, i.e. verified and not returned to stock) by pharmacy and fill date, carrying '
  'what the Reports screen counts (patient, medication, fill number): its figures are index-only scans of one range.';

-- -----------------------------------------------------------------------------------------------------
-- Figures of one period
-- -----------------------------------------------------------------------------------------------------
create function private.reports_period_figures(for_pharmacy_id uuid, from_date date, to_date date) returns jsonb
language sql stable
set search_path = ''
as $$
  with days as materialized (
    select private.pharmacy_days(for_pharmacy_id, from_date, to_date) as span
  ), fills as (
    -- One scan grouped by patient (a hash aggregate), rather than count(distinct), which sorts every fill of the
    -- range: about twice as fast at 80,000 fills a month.
    select coalesce(sum(p.fills), 0)::bigint as filled, count(*) as patients
    from (
      select rx.patient_id, count(*) as fills
      from public.prescriptions rx
      where rx.pharmacy_id = for_pharmacy_id and rx.status in ('ready', 'completed')
        and rx.date_filled between from_date and to_date
      group by rx.patient_id
    ) p
  ), payers as (
    select coalesce(sum(t.total_paid_cents), 0)::bigint as cents
    from public.claim_daily_totals t
    where t.pharmacy_id = for_pharmacy_id and t.status = 'paid' and t.service_date between from_date and to_date
  ), patients_paid as (
    select coalesce(sum(pp.amount_cents), 0)::bigint as cents
    from public.patient_payments pp, days
    where pp.pharmacy_id = for_pharmacy_id
      and pp.received_at >= lower(days.span) and pp.received_at < upper(days.span)
  ), moved_since_end as (
    -- The net cost the ledger moved after the period (nothing when the period ends today or later).
    select t.net_cents from days, private.inventory_movement_totals(for_pharmacy_id, least(upper(days.span), now())) t
  )
  select jsonb_build_object(
    'prescriptionsFilled', fills.filled,
    'revenueCents', payers.cents + patients_paid.cents,
    'payersCents', payers.cents,
    'patientsCents', patients_paid.cents,
    'patientsServed', fills.patients,
    'inventoryValueCents', private.inventory_value_cents(for_pharmacy_id) - moved_since_end.net_cents)
  from fills, payers, patients_paid, moved_since_end
$$;
comment on function private.reports_period_figures(uuid, date, date) is
  'The Reports screen''s four figures of a pharmacy for its days from_date..to_date: prescriptionsFilled (fills '
  'verified in the range and not returned to stock: ready or completed, by date_filled), revenueCents (payersCents, '
  'total paid of paid claims by date of service, plus patientsCents, patient payments received those days), '
  'patientsServed (distinct patients of those fills) and inventoryValueCents (the stock value at the end of the '
  'range: today''s less the net cost moved since). Security invoker.';
revoke all on function private.reports_period_figures(uuid, date, date) from public, anon;
grant execute on function private.reports_period_figures(uuid, date, date) to authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- The stat cards
-- -----------------------------------------------------------------------------------------------------
create function public.reports_overview(from_date date, to_date date) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  pharmacy uuid := private.current_pharmacy_id();
  period_days integer;
begin
  if pharmacy is null then
    raise exception 'Only staff of a pharmacy can read its reports' using errcode = '42501';
  end if;
  perform private.billing_report_range(from_date, to_date);
  period_days := to_date - from_date + 1;
  return jsonb_build_object(
    'from', from_date, 'to', to_date,
    'previousFrom', from_date - period_days, 'previousTo', from_date - 1,
    'current', private.reports_period_figures(pharmacy, from_date, to_date),
    'previous', private.reports_period_figures(pharmacy, from_date - period_days, from_date - 1));
end
$$;
comment on function public.reports_overview(date, date) is
  'The Reports and Analytics screen''s stat cards for the caller''s pharmacy: the figures of from_date..to_date '
  '(its local days, at most 366) and of the period of equal length just before, as {from, to, previousFrom, '
  'previousTo, current, previous} (private.reports_period_figures says what each figure counts; money in cents). '
  'Security invoker: RLS applies.';
revoke all on function public.reports_overview(date, date) from public, anon;
grant execute on function public.reports_overview(date, date) to authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- Weekly activity
-- -----------------------------------------------------------------------------------------------------
create function public.reports_weekly_activity() returns jsonb
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
    select jsonb_agg(jsonb_build_object('day', d.day, 'newFills', coalesce(f.new_fills, 0), 'refills', coalesce(f.refills, 0))
                     order by d.day)
    from (select (today - n)::date as day from generate_series(0, 6) n) d
    left join (
      select rx.date_filled as day, count(*) filter (where rx.fill_number = 0) as new_fills,
             count(*) filter (where rx.fill_number > 0) as refills
      from public.prescriptions rx
      where rx.pharmacy_id = pharmacy and rx.status in ('ready', 'completed')
        and rx.date_filled between today - 6 and today
      group by rx.date_filled
    ) f on f.day = d.day);
end
$$;
comment on function public.reports_weekly_activity() is
  'The Reports screen''s Weekly Activity: the caller''s pharmacy''s last 7 local days (today last), each with its '
  'filled fills (ready or completed by date_filled) split into new (fill_number 0) and refills (fill_number > 0); a '
  'day without fills is 0 and 0. Security invoker: RLS applies.';
revoke all on function public.reports_weekly_activity() from public, anon;
grant execute on function public.reports_weekly_activity() to authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- Most prescribed medications
-- -----------------------------------------------------------------------------------------------------
create function public.reports_top_medications(from_date date, to_date date, top integer default 5) returns jsonb
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
      select rx.medication_id, count(*) as fills
      from public.prescriptions rx
      where rx.pharmacy_id = pharmacy and rx.status in ('ready', 'completed')
        and rx.date_filled between from_date and to_date
      group by rx.medication_id
      order by count(*) desc, rx.medication_id
      limit top
    ) c
    join public.medications m on m.pharmacy_id = pharmacy and m.id = c.medication_id);
end
$$;
comment on function public.reports_top_medications(date, date, integer) is
  'The Reports screen''s Most Prescribed Medications: the caller''s pharmacy''s medications with the most filled '
  'fills (ready or completed by date_filled) in from_date..to_date (at most 366 days), the top `top` (1–50, default '
  '5), as [{medicationId, name, strength, fills}] most first. Security invoker: RLS applies.';
revoke all on function public.reports_top_medications(date, date, integer) from public, anon;
grant execute on function public.reports_top_medications(date, date, integer) to authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- System alerts
-- -----------------------------------------------------------------------------------------------------
-- Security definer for one reason: outbound_messages are readable by admins only, while every staff member sees that
-- messages failed (a count, nothing of their content). Everything is filtered to the caller's pharmacy explicitly.
-- pg_cron's job runs are not per pharmacy (and not readable by staff), so a failed job shows through what it failed
-- to do (messages, claims), not as a job.
create function private.reports_system_alerts() returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  pharmacy uuid := private.current_pharmacy_id();
  today date;
  soon date;
  totals public.inventory_totals;
  expired_lots bigint;
  expiring_lots bigint;
  dea_expires date;
  pic_expires date;
  interaction_alerts bigint;
  rejected_claims bigint;
  failed_messages bigint;
  alerts jsonb := '[]'::jsonb;
begin
  if pharmacy is null then
    raise exception 'Only staff of a pharmacy can read its reports' using errcode = '42501';
  end if;
  today := private.pharmacy_local_date(pharmacy, now());
  soon := today + 90;
  select * into totals from public.inventory_totals t where t.pharmacy_id = pharmacy;
  select count(*) filter (where l.expiration_date < today), count(*) filter (where l.expiration_date >= today)
    into expired_lots, expiring_lots
    from public.inventory_lots l
    where l.pharmacy_id = pharmacy and l.on_hand > 0 and l.expiration_date <= soon;
  dea_expires := (private.controlled_substance_settings(pharmacy) ->> 'deaExpirationDate')::date;
  select c.license_expiration into pic_expires from public.pharmacists_in_charge c where c.pharmacy_id = pharmacy;
  select count(*) into interaction_alerts from public.prescriptions rx
    where rx.pharmacy_id = pharmacy and private.is_unresolved_interaction_alert(rx.status, rx.ai_flags, rx.overridden_at);
  select coalesce(sum(c.claims), 0) into rejected_claims from public.claim_counters c
    where c.pharmacy_id = pharmacy and c.status = 'rejected';
  select count(*) into failed_messages from public.outbound_messages o
    where o.pharmacy_id = pharmacy and o.channel in ('email', 'fax') and o.status = 'failed'
      and o.last_attempt_at >= now() - interval '7 days';

  if coalesce(totals.out_of_stock_products, 0) > 0 then
    alerts := alerts || jsonb_build_object('kind', 'out_of_stock', 'severity', 'error', 'title', 'Out of stock',
      'detail', case when totals.out_of_stock_products = 1 then '1 active product has' else totals.out_of_stock_products || ' active products have' end || ' no stock on hand.',
      'count', totals.out_of_stock_products, 'link', '/inventory');
  end if;
  if coalesce(totals.low_stock_products, 0) > 0 then
    alerts := alerts || jsonb_build_object('kind', 'low_stock', 'severity', 'warning', 'title', 'Low stock',
      'detail', case when totals.low_stock_products = 1 then '1 active product is' else totals.low_stock_products || ' active products are' end || ' at or below the reorder point.',
      'count', totals.low_stock_products, 'link', '/inventory');
  end if;
  if expired_lots > 0 then
    alerts := alerts || jsonb_build_object('kind', 'lots_expired', 'severity', 'error', 'title', 'Expired lots on hand',
      'detail', case when expired_lots = 1 then '1 lot on the shelf is' else expired_lots || ' lots on the shelf are' end || ' past the expiration date.',
      'count', expired_lots, 'link', '/inventory');
  end if;
  if expiring_lots > 0 then
    alerts := alerts || jsonb_build_object('kind', 'lots_expiring', 'severity', 'warning', 'title', 'Lots expiring within 90 days',
      'detail', case when expiring_lots = 1 then '1 lot on hand expires' else expiring_lots || ' lots on hand expire' end || ' by ' || to_char(soon, 'YYYY-MM-DD') || '.',
      'count', expiring_lots, 'link', '/inventory');
  end if;
  if dea_expires is not null and dea_expires <= soon then
    alerts := alerts || jsonb_build_object('kind', 'dea_registration', 'severity',
      case when dea_expires < today then 'error' else 'warning' end,
      'title', case when dea_expires < today then 'DEA registration expired' else 'DEA registration expiring' end,
      'detail', 'The pharmacy''s DEA registration ' || case when dea_expires < today then 'expired on ' else 'expires on ' end
                || to_char(dea_expires, 'YYYY-MM-DD') || '.',
      'count', 1, 'link', '/system-settings');
  end if;
  if pic_expires is not null and pic_expires <= soon then
    alerts := alerts || jsonb_build_object('kind', 'pharmacist_licence', 'severity',
      case when pic_expires < today then 'error' else 'warning' end,
      'title', case when pic_expires < today then 'Pharmacist-in-charge licence expired' else 'Pharmacist-in-charge licence expiring' end,
      'detail', 'The pharmacist in charge''s licence ' || case when pic_expires < today then 'expired on ' else 'expires on ' end
                || to_char(pic_expires, 'YYYY-MM-DD') || '.',
      'count', 1, 'link', '/system-settings');
  end if;
  if interaction_alerts > 0 then
    alerts := alerts || jsonb_build_object('kind', 'interaction_alerts', 'severity', 'warning', 'title', 'Unresolved interaction alerts',
      'detail', case when interaction_alerts = 1 then '1 prescription in the queue has' else interaction_alerts || ' prescriptions in the queue have' end || ' an interaction alert no pharmacist has resolved.',
      'count', interaction_alerts, 'link', '/prescriptions');
  end if;
  if rejected_claims > 0 then
    alerts := alerts || jsonb_build_object('kind', 'rejected_claims', 'severity', 'error', 'title', 'Rejected claims waiting',
      'detail', case when rejected_claims = 1 then '1 claim was rejected and waits' else rejected_claims || ' claims were rejected and wait' end || ' to be fixed or resubmitted.',
      'count', rejected_claims, 'link', '/billing');
  end if;
  if failed_messages > 0 then
    alerts := alerts || jsonb_build_object('kind', 'failed_messages', 'severity', 'warning', 'title', 'Messages not delivered',
      'detail', case when failed_messages = 1 then '1 email or fax message' else failed_messages || ' email or fax messages' end || ' failed in the last 7 days.',
      'count', failed_messages, 'link', '/system-settings');
  end if;
  return alerts;
end
$$;
comment on function private.reports_system_alerts() is
  'The Reports screen''s system alerts of the caller''s pharmacy, each a real condition as {kind, severity (error or '
  'warning), title, detail, count, link (the screen to act on it)}: out of stock and low stock (inventory_totals), '
  'lots on hand expired or expiring within 90 days, the DEA registration (Controlled settings) and the pharmacist in '
  'charge''s licence expired or expiring within 90 days, unresolved interaction alerts, rejected claims, email or fax '
  'messages failed in the last 7 days. Only conditions that hold are listed. Security definer (failed messages are '
  'counted for every staff member); the caller''s pharmacy only.';
revoke all on function private.reports_system_alerts() from public, anon;
grant execute on function private.reports_system_alerts() to authenticated, service_role;

create function public.reports_system_alerts() returns jsonb
language sql stable
set search_path = ''
as $$
  select private.reports_system_alerts()
$$;
comment on function public.reports_system_alerts() is
  'The Reports and Analytics screen''s system alerts for the caller''s pharmacy (private.reports_system_alerts).';
revoke all on function public.reports_system_alerts() from public, anon;
grant execute on function public.reports_system_alerts() to authenticated, service_role;

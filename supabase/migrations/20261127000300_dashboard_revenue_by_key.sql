-- =====================================================================================================
-- Dashboard revenue by the medication's key (follows 20261126000300_formulary)
-- =====================================================================================================
-- dashboard_stats() joined today's pickups to public.medications. The day's bounds come from a CTE, so the
-- planner cannot know how few rows a day holds and guesses thousands; against a full catalogue (50,000 products)
-- it then hashed the whole medications table on every dashboard load (about 30 ms in the scale bench, where it
-- had been 10). Each pickup now reads its price by (pharmacy_id, id), a few index lookups per pickup. The result
-- is unchanged.

create or replace function public.dashboard_stats() returns jsonb
language sql stable security invoker
set search_path = ''
as $$
  with pharmacy as (
    select private.current_pharmacy_id() as id
  ), today as (
    select private.pharmacy_local_day(pharmacy.id, now()) as day from pharmacy
  ), picked_up_today as (
    select count(*) as prescriptions, coalesce(sum(price.per_fill), 0) as revenue
    from public.prescriptions rx
    -- The price per fill of the prescription's medication, by the catalogue's key (one index lookup per pickup).
    cross join lateral (
      select m.price as per_fill from public.medications m
      where m.pharmacy_id = rx.pharmacy_id and m.id = rx.medication_id
      limit 1
    ) price
    where rx.pharmacy_id = (select id from pharmacy) and rx.status = 'completed'
      and rx.completed_at >= (select lower(day) from today) and rx.completed_at < (select upper(day) from today)
  )
  select jsonb_build_object(
    'pendingPrescriptions', coalesce((
      select sum(c.prescriptions) from public.prescription_queue_counters c
      where c.pharmacy_id = (select id from pharmacy) and c.status = 'pending'), 0),
    'completedToday', (select prescriptions from picked_up_today),
    'aiAlerts', (
      select count(*) from public.prescriptions rx
      where rx.pharmacy_id = (select id from pharmacy)
        and private.is_unresolved_interaction_alert(rx.status, rx.ai_flags, rx.overridden_at)),
    -- Each prescription picked up today earns its medication's price per fill (medications.price).
    'revenueToday', (select revenue from picked_up_today))
$$;
comment on function public.dashboard_stats() is
  'The dashboard''s stat cards for the caller''s pharmacy (RLS applies: security invoker): pendingPrescriptions; '
  'completedToday (completed_at within the pharmacy''s own day, private.pharmacy_local_day in its time zone); aiAlerts '
  '(private.is_unresolved_interaction_alert: pending or processing prescriptions whose interaction check flagged them '
  'and that no pharmacist has overridden — the same count as dur_alert_count()); revenueToday (the sum of '
  'medications.price, the price per fill, over the prescriptions completed that day, as a number of dollars, each '
  'price read by the medication''s key).';

-- =====================================================================================================
-- Dashboard: the four stat cards (spec part 1 §2 "Dashboard", §3 "Dashboard stats") computed in one
-- round trip from the signed-in staff member's own pharmacy.
--
-- The function runs as the caller (security invoker), so row-level security decides what it counts: a
-- staff member sees their pharmacy's numbers, anyone else sees zeros. "Today" is given by the caller as
-- [day_start, day_end), because the pharmacy's day is the terminal's local day, which the database does
-- not know.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- Stats
-- -----------------------------------------------------------------------------------------------------
create function public.dashboard_stats(day_start timestamptz, day_end timestamptz) returns jsonb
language sql stable security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'pendingPrescriptions', count(*) filter (where rx.status = 'pending'),
    'completedToday', count(*) filter (
      where rx.status = 'completed' and rx.completed_at >= day_start and rx.completed_at < day_end),
    -- An alert needs attention until a pharmacist overrides it; once processed with an override it is resolved.
    'aiAlerts', count(*) filter (
      where rx.status in ('pending', 'processing')
        and coalesce((rx.ai_flags ->> 'hasInteractions')::boolean, false)
        and rx.overridden_at is null),
    -- Each prescription picked up today earns its medication's price per fill (medications.price).
    'revenueToday', coalesce(sum(m.price) filter (
      where rx.status = 'completed' and rx.completed_at >= day_start and rx.completed_at < day_end), 0)
  )
  from public.prescriptions rx
  join public.medications m on m.pharmacy_id = rx.pharmacy_id and m.id = rx.medication_id
  where rx.pharmacy_id = (select private.current_pharmacy_id())
$$;
comment on function public.dashboard_stats(timestamptz, timestamptz) is
  'The dashboard''s stat cards for the caller''s pharmacy (RLS applies: security invoker): pendingPrescriptions; '
  'completedToday (completed_at in [day_start, day_end), the terminal''s local day); aiAlerts (pending or processing '
  'prescriptions whose interaction check flagged them and that no pharmacist has overridden); revenueToday (the sum '
  'of medications.price, the price per fill, over the prescriptions completed that day, as a number of dollars).';

-- -----------------------------------------------------------------------------------------------------
-- Privileges: staff only
-- -----------------------------------------------------------------------------------------------------
revoke all on function public.dashboard_stats(timestamptz, timestamptz) from public, anon;
grant execute on function public.dashboard_stats(timestamptz, timestamptz) to authenticated, service_role;

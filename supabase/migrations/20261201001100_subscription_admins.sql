-- =====================================================================================================
-- A signed-in pharmacy sees its subscription (issue 28): admins only. The subscription is the pharmacy's contract
-- with us (plan, trial, billing date); pharmacists and technicians can neither change it nor act on it, and, like
-- System Settings, what the pharmacy pays is the owner's business. So the row is read by the pharmacy's admins only
-- (RLS, replacing the all-staff policy of 20261122000200_subscriptions), and public.current_subscription() — what
-- GET /api/subscription/current reads — refuses anyone else with 42501 (answered 403) instead of an empty answer.
-- It also gives the pharmacy's time zone: the trial's days left are counted in the pharmacy's calendar
-- (shared/src/subscription/trial.ts).
-- =====================================================================================================

drop policy "Staff can read their pharmacy's subscription" on public.subscriptions;

create policy "Admins can read their pharmacy's subscription" on public.subscriptions
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()) and (select private.is_pharmacy_admin()));

comment on table public.subscriptions is
  'A pharmacy''s subscription to a plan: starts trialing (trial_ends_at = start + the plan''s trial_days, first '
  'billing on the trial''s last day); at most one that is not canceled per pharmacy. Written by onboarding and '
  'billing (service role); read by the pharmacy''s admins only.';

create function public.current_subscription()
returns table (plan_id text, status text, trial_ends_at timestamptz, next_billing_date date, time_zone text)
language plpgsql stable security invoker
set search_path = ''
as $$
begin
  -- No pharmacy means no subscription (404), before the role question, as before this migration.
  if (select private.current_pharmacy_id()) is null then
    raise exception 'No subscription found' using errcode = 'P0002';
  end if;
  if not (select private.is_pharmacy_admin()) then
    raise exception 'Only a pharmacy admin can view the subscription' using errcode = '42501';
  end if;
  return query
    select s.plan_id, s.status, s.trial_ends_at, s.next_billing_date, p.time_zone
      from public.subscriptions s
      join public.pharmacies p on p.id = s.pharmacy_id
     where s.pharmacy_id = (select private.current_pharmacy_id())
     order by (s.status = 'canceled'), s.created_at desc
     limit 1;
end
$$;
comment on function public.current_subscription() is
  'The caller''s pharmacy''s current subscription (the one not canceled, else the latest) with the pharmacy''s time '
  'zone: no row when it has none. Admins only (security invoker: the subscriptions RLS applies); a caller without a '
  'pharmacy is refused with P0002 ''No subscription found'', any other staff member with 42501.';
revoke execute on function public.current_subscription() from public, anon;
grant execute on function public.current_subscription() to authenticated;

-- =====================================================================================================
-- Onboarding: creating a pharmacy with its admin in one transaction, and the duplicate checks both
-- onboarding flows run first. Called only by the `api` edge function with the service role, after it has
-- validated the payload (shared zod schemas) and created the admin's auth user; if these functions fail,
-- the function deletes that user again, so a failed onboarding leaves nothing behind.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- Duplicate messages (the web maps them to the spec's long texts by the phrases they contain)
-- -----------------------------------------------------------------------------------------------------
create function private.onboarding_duplicates(dea text, ncpdp text, nabp text) returns text[]
language sql stable
set search_path = ''
as $$
  select array_remove(array[
    case when exists (select 1 from public.pharmacies p where upper(p.dea_number) = upper(btrim(dea)))
      then 'A pharmacy with this DEA number already exists' end,
    case when exists (select 1 from public.pharmacies p where p.ncpdp_id = btrim(ncpdp))
      then 'A pharmacy with this NCPDP ID already exists' end,
    case when nullif(btrim(nabp), '') is not null
           and exists (select 1 from public.pharmacies p where upper(p.nabp_number) = upper(btrim(nabp)))
      then 'A pharmacy with this NABP number already exists' end
  ], null)
$$;
comment on function private.onboarding_duplicates(text, text, text) is
  'The messages for a DEA number, NCPDP ID or NABP number already registered to a pharmacy (empty when none).';

-- -----------------------------------------------------------------------------------------------------
-- public.onboarding_conflicts(): what would refuse an onboarding, before anything is created
-- -----------------------------------------------------------------------------------------------------
create function public.onboarding_conflicts(dea_number text, ncpdp_id text, nabp_number text, email text) returns text[]
language sql stable security definer
set search_path = ''
as $$
  select private.onboarding_duplicates($1, $2, $3)
    || case when exists (select 1 from auth.users u where lower(u.email) = lower(btrim($4)))
         then array['An account with this email already exists'] else array[]::text[] end
$$;
comment on function public.onboarding_conflicts(text, text, text, text) is
  'Messages for each identifier already taken: DEA number, NCPDP ID, NABP number (of a pharmacy) and the admin '
  'email (of any auth user, case-insensitive). Empty array when onboarding may proceed. Service role only.';
revoke execute on function public.onboarding_conflicts(text, text, text, text) from public, anon, authenticated;
grant execute on function public.onboarding_conflicts(text, text, text, text) to service_role;

-- -----------------------------------------------------------------------------------------------------
-- public.onboard_pharmacy(): pharmacy, hours, admin staff profile, pharmacist in charge, security policy,
-- trial subscription and audit entries, all or nothing
-- -----------------------------------------------------------------------------------------------------
create function public.onboard_pharmacy(
  pharmacy jsonb,
  admin_user_id uuid,
  pic jsonb default null,
  operating_hours jsonb default null,
  plan_id text default null
) returns jsonb
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  duplicates text[];
  admin_user auth.users%rowtype;
  chosen_plan public.subscription_plans%rowtype;
  new_pharmacy_id uuid;
  new_pharmacy_name text;
  trial_end timestamptz;
  week_day record;
  day_hours jsonb;
  violated_constraint text;
begin
  if pharmacy is null or jsonb_typeof(pharmacy) <> 'object' then
    raise exception 'pharmacy must be a JSON object' using errcode = '22023';
  end if;

  duplicates := private.onboarding_duplicates(pharmacy ->> 'dea_number', pharmacy ->> 'ncpdp_id', pharmacy ->> 'nabp_number');
  if cardinality(duplicates) > 0 then
    raise exception '%', array_to_string(duplicates, '; ') using errcode = '23505';
  end if;

  select * into admin_user from auth.users u where u.id = admin_user_id;
  if not found then
    raise exception 'The admin user does not exist' using errcode = '23503';
  end if;
  if exists (select 1 from public.staff_profiles s where s.user_id = admin_user_id) then
    raise exception 'An account with this email already exists' using errcode = '23505';
  end if;

  select * into chosen_plan from public.subscription_plans sp
  where sp.id = coalesce(onboard_pharmacy.plan_id, 'flat-monthly') and sp.is_active;
  if not found then
    raise exception 'Unknown subscription plan: %', coalesce(onboard_pharmacy.plan_id, 'flat-monthly') using errcode = '22023';
  end if;

  begin
    insert into public.pharmacies (
      pharmacy_name, trade_name, chain_affiliation, ncpdp_id, nabp_number, dea_number, state_license_number,
      state_license_state, npi_number, street_address, city, state, zip_code, county, phone, fax, email, website,
      tax_id, business_type, ownership_type
    ) values (
      btrim(pharmacy ->> 'pharmacy_name'),
      nullif(btrim(pharmacy ->> 'trade_name'), ''),
      nullif(btrim(pharmacy ->> 'chain_affiliation'), ''),
      btrim(pharmacy ->> 'ncpdp_id'),
      nullif(btrim(pharmacy ->> 'nabp_number'), ''),
      btrim(pharmacy ->> 'dea_number'),
      nullif(btrim(pharmacy ->> 'state_license_number'), ''),
      nullif(btrim(pharmacy ->> 'state_license_state'), ''),
      nullif(btrim(pharmacy ->> 'npi_number'), ''),
      nullif(btrim(pharmacy ->> 'street_address'), ''),
      nullif(btrim(pharmacy ->> 'city'), ''),
      nullif(btrim(pharmacy ->> 'state'), ''),
      nullif(btrim(pharmacy ->> 'zip_code'), ''),
      nullif(btrim(pharmacy ->> 'county'), ''),
      nullif(btrim(pharmacy ->> 'phone'), ''),
      nullif(btrim(pharmacy ->> 'fax'), ''),
      nullif(btrim(pharmacy ->> 'email'), ''),
      nullif(btrim(pharmacy ->> 'website'), ''),
      nullif(btrim(pharmacy ->> 'tax_id'), ''),
      nullif(btrim(pharmacy ->> 'business_type'), ''),
      nullif(btrim(pharmacy ->> 'ownership_type'), '')
    )
    returning id, pharmacy_name into new_pharmacy_id, new_pharmacy_name;
  exception when unique_violation then
    -- A concurrent onboarding took the identifier between the check above and this insert.
    get stacked diagnostics violated_constraint = constraint_name;
    raise exception '%', case violated_constraint
      when 'pharmacies_dea_number_key' then 'A pharmacy with this DEA number already exists'
      when 'pharmacies_ncpdp_id_key' then 'A pharmacy with this NCPDP ID already exists'
      when 'pharmacies_nabp_number_key' then 'A pharmacy with this NABP number already exists'
      else sqlerrm end using errcode = '23505';
  end;

  -- Operating hours: an object keyed by weekday, each {open, close, closed} (the tabbed flow's
  -- operatingHours; opens_at/closes_at/is_closed accepted too); days not given get the defaults.
  if operating_hours is not null and jsonb_typeof(operating_hours) <> 'object' then
    raise exception 'operating_hours must be a JSON object keyed by weekday' using errcode = '22023';
  end if;
  for week_day in
    select * from (values
      ('monday', '09:00', '18:00'), ('tuesday', '09:00', '18:00'), ('wednesday', '09:00', '18:00'),
      ('thursday', '09:00', '18:00'), ('friday', '09:00', '18:00'), ('saturday', '09:00', '17:00'),
      ('sunday', '10:00', '16:00')
    ) as d (weekday, default_open, default_close)
  loop
    day_hours := coalesce(operating_hours -> week_day.weekday, '{}'::jsonb);
    insert into public.pharmacy_operating_hours (pharmacy_id, weekday, opens_at, closes_at, is_closed)
    values (
      new_pharmacy_id,
      week_day.weekday,
      coalesce(nullif(coalesce(day_hours ->> 'open', day_hours ->> 'opens_at'), ''), week_day.default_open)::time,
      coalesce(nullif(coalesce(day_hours ->> 'close', day_hours ->> 'closes_at'), ''), week_day.default_close)::time,
      coalesce((day_hours ->> 'closed')::boolean, (day_hours ->> 'is_closed')::boolean, false)
    );
  end loop;

  -- The admin's profile: names, phone and license from the payload's admin_* keys, else the auth user's
  -- metadata; the email is always the auth user's.
  insert into public.staff_profiles (
    user_id, pharmacy_id, role, first_name, last_name, email, phone,
    license_number, license_state, license_expiration, license_type
  ) values (
    admin_user_id,
    new_pharmacy_id,
    'admin',
    coalesce(nullif(btrim(pharmacy ->> 'admin_first_name'), ''), admin_user.raw_user_meta_data ->> 'first_name', ''),
    coalesce(nullif(btrim(pharmacy ->> 'admin_last_name'), ''), admin_user.raw_user_meta_data ->> 'last_name', ''),
    admin_user.email,
    nullif(btrim(pharmacy ->> 'admin_phone'), ''),
    nullif(btrim(pharmacy ->> 'admin_license_number'), ''),
    nullif(btrim(pharmacy ->> 'admin_license_state'), ''),
    nullif(btrim(pharmacy ->> 'admin_license_expiration'), '')::date,
    nullif(btrim(pharmacy ->> 'admin_license_type'), '')
  );

  -- The pharmacist in charge (the wizard names one; the tabbed flow does not).
  if pic is not null and jsonb_typeof(pic) = 'object' then
    insert into public.pharmacists_in_charge (pharmacy_id, first_name, last_name, license_number, license_state, license_expiration)
    values (
      new_pharmacy_id,
      btrim(coalesce(pic ->> 'first_name', pic ->> 'pic_first_name')),
      btrim(coalesce(pic ->> 'last_name', pic ->> 'pic_last_name')),
      btrim(coalesce(pic ->> 'license_number', pic ->> 'pic_license_number')),
      nullif(btrim(coalesce(pic ->> 'license_state', pic ->> 'pic_license_state')), ''),
      nullif(btrim(coalesce(pic ->> 'license_expiration', pic ->> 'pic_license_expiration')), '')::date
    );
  end if;

  insert into public.security_policies (pharmacy_id) values (new_pharmacy_id);

  trial_end := now() + make_interval(days => chosen_plan.trial_days);
  insert into public.subscriptions (pharmacy_id, plan_id, status, trial_ends_at, next_billing_date)
  values (new_pharmacy_id, chosen_plan.id, 'trialing', trial_end, (trial_end at time zone 'UTC')::date);

  perform private.record_audit_event(new_pharmacy_id, admin_user_id, 'onboarding', 'pharmacy', new_pharmacy_id::text,
    format('Pharmacy %s onboarded with admin %s on plan %s (trial until %s)', new_pharmacy_name, admin_user.email,
      chosen_plan.id, to_char(trial_end at time zone 'UTC', 'YYYY-MM-DD')),
    true, jsonb_build_object('planId', chosen_plan.id, 'adminEmail', admin_user.email));

  return jsonb_build_object(
    'pharmacyId', new_pharmacy_id,
    'pharmacyName', new_pharmacy_name,
    'subscription', jsonb_build_object('planId', chosen_plan.id, 'status', 'trialing', 'trialEndsAt', trial_end)
  );
end
$$;
comment on function public.onboard_pharmacy(jsonb, uuid, jsonb, jsonb, text) is
  'Creates a pharmacy in one transaction: the pharmacy (pharmacy: its snake_case columns, plus admin_first_name, '
  'admin_last_name, admin_phone, admin_license_number/state/expiration/type for the admin), operating hours '
  '(object keyed by weekday of {open, close, closed}; defaults for missing days), the admin staff profile of the '
  'existing auth user admin_user_id, the pharmacist in charge (pic: first_name, last_name, license_number, '
  'license_state, license_expiration; optional), the default security policy and a trialing subscription to plan_id '
  '(default flat-monthly), with audit entries. Duplicates raise 23505 with the onboarding_conflicts messages. '
  'Returns {pharmacyId, pharmacyName, subscription:{planId, status, trialEndsAt}}. Service role only.';
revoke execute on function public.onboard_pharmacy(jsonb, uuid, jsonb, jsonb, text) from public, anon, authenticated;
grant execute on function public.onboard_pharmacy(jsonb, uuid, jsonb, jsonb, text) to service_role;

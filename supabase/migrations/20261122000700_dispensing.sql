-- =====================================================================================================
-- Dispensing: filling a prescription in the pharmacy's own day and out of its own stock.
--
-- * Each pharmacy keeps its local time zone (pharmacies.time_zone, an IANA name). A new pharmacy gets the
--   main time zone of its state; an admin can change it. The fill date a label prints is the pharmacy's
--   local date of verification, not the server's (UTC) date.
-- * Verification (processing → ready) is the fill: the product is counted into the vial, so the
--   medication's stock goes down by the prescription's quantity in the same transaction. A fill the stock
--   on record cannot cover is refused with the numbers, and nothing changes.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- Pharmacy time zone
-- -----------------------------------------------------------------------------------------------------
create function private.us_state_time_zone(state_code text) returns text
language sql immutable
set search_path = ''
as $$
  select case upper(btrim(coalesce(state_code, '')))
    when 'AK' then 'America/Anchorage'
    when 'HI' then 'Pacific/Honolulu'
    when 'AZ' then 'America/Phoenix'
    when 'CA' then 'America/Los_Angeles' when 'NV' then 'America/Los_Angeles'
    when 'OR' then 'America/Los_Angeles' when 'WA' then 'America/Los_Angeles'
    when 'ID' then 'America/Boise'
    when 'CO' then 'America/Denver' when 'MT' then 'America/Denver' when 'NM' then 'America/Denver'
    when 'UT' then 'America/Denver' when 'WY' then 'America/Denver'
    when 'AL' then 'America/Chicago' when 'AR' then 'America/Chicago' when 'IL' then 'America/Chicago'
    when 'IA' then 'America/Chicago' when 'KS' then 'America/Chicago' when 'LA' then 'America/Chicago'
    when 'MN' then 'America/Chicago' when 'MS' then 'America/Chicago' when 'MO' then 'America/Chicago'
    when 'NE' then 'America/Chicago' when 'ND' then 'America/Chicago' when 'OK' then 'America/Chicago'
    when 'SD' then 'America/Chicago' when 'TN' then 'America/Chicago' when 'TX' then 'America/Chicago'
    when 'WI' then 'America/Chicago'
    when 'IN' then 'America/Indiana/Indianapolis'
    when 'MI' then 'America/Detroit'
    when 'KY' then 'America/New_York'
    when 'PR' then 'America/Puerto_Rico' when 'VI' then 'America/St_Thomas'
    when 'GU' then 'Pacific/Guam' when 'MP' then 'Pacific/Saipan' when 'AS' then 'Pacific/Pago_Pago'
    else 'America/New_York'
  end
$$;
comment on function private.us_state_time_zone(text) is
  'The time zone most of a US state (or territory) keeps, by its two-letter code; America/New_York when unknown. '
  'Only a default: a pharmacy in a split state (e.g. western Kentucky, the Florida panhandle) sets its own.';

alter table public.pharmacies add column time_zone text;
update public.pharmacies set time_zone = private.us_state_time_zone(state);
alter table public.pharmacies alter column time_zone set not null;
comment on column public.pharmacies.time_zone is
  'The pharmacy''s local time zone (IANA name, e.g. America/Chicago): its business day, the fill date on labels. '
  'Defaults to the main time zone of its state.';

create function private.set_pharmacy_time_zone() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.time_zone is null or btrim(new.time_zone) = '' then
    new.time_zone := private.us_state_time_zone(new.state);
  end if;
  -- An unknown name fails here, with the name in the message, rather than at the first fill.
  begin
    perform now() at time zone new.time_zone;
  exception when invalid_parameter_value then
    raise exception 'Unknown time zone "%": use an IANA name such as America/Chicago', new.time_zone
      using errcode = '22023';
  end;
  return new;
end
$$;
comment on function private.set_pharmacy_time_zone() is
  'BEFORE INSERT/UPDATE trigger of pharmacies: a missing time zone becomes its state''s; an unknown one is refused.';

create trigger set_time_zone before insert or update of time_zone, state on public.pharmacies
  for each row execute function private.set_pharmacy_time_zone();

create function private.pharmacy_local_date(for_pharmacy_id uuid, at_time timestamptz) returns date
language sql stable security definer
set search_path = ''
as $$
  select (at_time at time zone coalesce(
    (select p.time_zone from public.pharmacies p where p.id = for_pharmacy_id), 'America/New_York'))::date
$$;
comment on function private.pharmacy_local_date(uuid, timestamptz) is
  'The calendar date at the pharmacy at a moment (its time_zone).';

-- -----------------------------------------------------------------------------------------------------
-- Fill date: the pharmacy's local date of verification
-- -----------------------------------------------------------------------------------------------------
create function private.set_prescription_fill_date() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- Runs before guard_workflow_transitions (triggers fire in name order), whose UTC fallback then keeps it; that
  -- guard still decides whether the step is allowed at all.
  if old.status = 'processing' and new.status = 'ready' and new.date_filled is null then
    new.date_filled := private.pharmacy_local_date(new.pharmacy_id,
      case when private.is_end_user_request() then now() else coalesce(new.verified_at, now()) end);
  end if;
  return new;
end
$$;
comment on function private.set_prescription_fill_date() is
  'BEFORE UPDATE OF status trigger of prescriptions: on verification (processing → ready) the fill date is the '
  'pharmacy''s local date.';

create trigger dispense_fill_date before update of status on public.prescriptions
  for each row execute function private.set_prescription_fill_date();

-- -----------------------------------------------------------------------------------------------------
-- Stock: verification takes the quantity out of the medication's stock
-- -----------------------------------------------------------------------------------------------------
create function private.take_filled_quantity_from_stock() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  units integer := ceil(coalesce(new.quantity, 0))::integer;
  medication record;
begin
  if not (old.status = 'processing' and new.status = 'ready') or units = 0 then
    return null;
  end if;
  -- The row lock makes concurrent fills of one product take their turns.
  select m.name, m.strength, m.stock into medication
  from public.medications m
  where m.pharmacy_id = new.pharmacy_id and m.id = new.medication_id
  for update;
  if medication.stock < units then
    raise exception 'Not enough % in stock to fill %: % on hand, % needed',
      concat_ws(' ', medication.name, medication.strength), private.prescription_status_label(new.rx_number),
      medication.stock, units
      using errcode = '23514', hint = 'Correct the stock count or receive the order, then verify again.';
  end if;
  update public.medications m
  set stock = m.stock - units
  where m.pharmacy_id = new.pharmacy_id and m.id = new.medication_id;
  return null;
end
$$;
comment on function private.take_filled_quantity_from_stock() is
  'AFTER UPDATE OF status trigger of prescriptions: verification (processing → ready) takes the quantity (whole '
  'units, rounded up) from the medication''s stock in the same transaction; refused when the stock cannot cover it. '
  'Security definer: a pharmacist verifying need not be allowed to edit the catalogue.';

create trigger dispense_from_stock after update of status on public.prescriptions
  for each row execute function private.take_filled_quantity_from_stock();

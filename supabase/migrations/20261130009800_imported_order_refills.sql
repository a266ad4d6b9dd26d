-- =====================================================================================================
-- Refilling an imported prescription (issue 27)
-- =====================================================================================================
-- The data migration imports a prescription as an order on file with no fill (20261130009000_data_migration): the
-- export has no fill dates, so no history fill is invented. Its first refill here used to be refused ("Rx N has no
-- fill to refill"). Now, when an order has no fill that counts and it was imported, its refill takes what a previous
-- fill would have given it from the imported source row (migration_source_rows.source_row, normalised by
-- shared/src/migration/migration-data.ts): quantity, daysSupply and directions; the prescriber's name from the
-- order's prescriber; fill number refills_used_before + 1. With no fill date known nothing is too soon. Every other
-- rule of private.fill_from_order is unchanged.
--
-- Its prescription_type is 'written' and its source 'manual_entry': the export does not say how the original came
-- in, and these are what the table gives a prescription entered without saying (its column defaults); claiming
-- 'electronic'/'e-prescription', 'fax' or 'verbal' would state an origin nobody recorded (the PMP report sends it as
-- the Rx's origin).
-- =====================================================================================================

create function private.imported_order_fill(for_pharmacy_id uuid, imported_order_id uuid) returns public.prescriptions
language plpgsql stable security definer
set search_path = ''
as $$
declare
  source jsonb;
  fill public.prescriptions;
begin
  -- Security definer: source rows are admins' to read, and any staff member refills. An end user (the role setting
  -- names the API role inside this function) reads only their own pharmacy's.
  select m.source_row into source from public.migration_source_rows m
  where m.pharmacy_id = for_pharmacy_id and m.entity = 'prescriptions' and m.target_id = imported_order_id
    and m.source_row is not null
    and (current_setting('role') not in ('anon', 'authenticated')
         or for_pharmacy_id = (select private.current_pharmacy_id()))
  order by m.updated_at desc limit 1;
  if source is null then
    return null;
  end if;
  fill.pharmacy_id := for_pharmacy_id;
  fill.order_id := imported_order_id;
  fill.quantity := (source ->> 'quantity')::numeric;
  fill.days_supply := (source ->> 'daysSupply')::integer;
  fill.directions := source ->> 'directions';
  fill.prescription_type := 'written';
  fill.source := 'manual_entry';
  -- As the app and the seed name a prescriber: "Dr. Elena Marquez, MD" (shared prescriberDisplayName).
  select concat_ws(' ', nullif(btrim(p.title), ''), p.first_name, p.last_name) || coalesce(', ' || nullif(btrim(p.degree), ''), '')
    into fill.prescriber_name
  from public.prescription_orders o
  join public.prescribers p on p.pharmacy_id = o.pharmacy_id and p.id = o.prescriber_id
  where o.pharmacy_id = for_pharmacy_id and o.id = imported_order_id;
  return fill;
end
$$;
comment on function private.imported_order_fill(uuid, uuid) is
  'What a refill of an order imported by the data migration takes when the order has no fill to copy: a fill '
  '(only pharmacy_id, order_id, quantity, days_supply, directions, prescriber_name, prescription_type ''written'' and '
  'source ''manual_entry'' set) from its prescription source row (migration_source_rows) and its prescriber; null '
  'when the order was not imported. Security definer (source rows are admins'' to read; any staff member refills); an '
  'end user reads only their own pharmacy''s. Used by private.fill_from_order.';
revoke all on function private.imported_order_fill(uuid, uuid) from public;
grant execute on function private.imported_order_fill(uuid, uuid) to authenticated, service_role;

create or replace function private.fill_from_order() returns trigger
language plpgsql
set search_path = ''
as $function$
declare
  end_user boolean := private.is_end_user_request();
  actor uuid := (select auth.uid());
  ord public.prescription_orders;
  previous public.prescriptions;
  schedule text;
  rx text;
  today date;
  settings jsonb;
  due date;
  expires date;
  used integer;
begin
  if end_user and new.pharmacy_id is distinct from (select private.current_pharmacy_id()) then
    raise exception 'Rows can only be added to your own pharmacy' using errcode = '42501';
  end if;
  new.cancelled_by := null; new.cancelled_at := null;

  if new.order_id is null then
    -- A new prescription: fill 0 of a new order with the pharmacy's next Rx number.
    if new.pharmacy_id is null then
      raise exception 'Only staff of a pharmacy can enter prescriptions' using errcode = '42501';
    end if;
    new.fill_number := 0;
    new.too_soon_reason := null; new.too_soon_allowed_by := null; new.too_soon_allowed_at := null;
    new.rx_number := private.issue_rx_number(new.pharmacy_id);
    perform private.open_prescription_order(new);
    new.order_id := new.id;
    return new;
  end if;

  -- A refill. The lock makes a concurrent refill of the same order wait for this one, then see its fill.
  ord := private.lock_prescription_order(new.pharmacy_id, new.order_id);
  if ord.id is null then
    raise exception 'Prescription not found' using errcode = 'P0002';
  end if;
  rx := format('Rx %s', ord.rx_number);
  if ord.status = 'discontinued' then
    raise exception '% was discontinued on % (%); it cannot be refilled', rx,
      private.pharmacy_local_date(ord.pharmacy_id, ord.discontinued_at), ord.discontinued_reason using errcode = 'P0001';
  end if;
  if ord.status = 'inactive' then
    raise exception '% is inactive; it cannot be refilled', rx using errcode = 'P0001';
  end if;

  select m.dea_schedule into schedule from public.medications m where m.pharmacy_id = ord.pharmacy_id and m.id = ord.medication_id;
  if schedule = 'II' then
    raise exception 'Schedule II controlled substances cannot be refilled (21 CFR 1306.12): % needs a new prescription', rx
      using errcode = 'P0001';
  end if;

  select p.* into previous from public.prescriptions p
  where p.pharmacy_id = ord.pharmacy_id and p.order_id = ord.id and p.status <> 'cancelled'
  order by p.fill_number desc limit 1;
  if previous.id is null then
    -- The original went back to stock before pickup: it is filled again as the original (no refill used).
    select p.* into previous from public.prescriptions p
    where p.pharmacy_id = ord.pharmacy_id and p.order_id = ord.id and p.fill_number = 0 and p.status = 'cancelled'
      and exists (select 1 from public.inventory_movements mv
                  where mv.pharmacy_id = p.pharmacy_id and mv.prescription_id = p.id and mv.kind = 'return_to_stock')
    limit 1;
    if previous.id is not null then
      previous.fill_number := -1;
      previous.date_filled := null;
    else
      -- An order imported without fills (or whose refills here all went back to stock): the imported row's contents,
      -- refills used as the export said, no fill date (nothing is too soon).
      previous := private.imported_order_fill(ord.pharmacy_id, ord.id);
      if previous.order_id is null then
        raise exception '% has no fill to refill', rx using errcode = 'P0001';
      end if;
      previous.fill_number := ord.refills_used_before;
    end if;
  end if;
  if previous.status in ('pending', 'processing') then
    raise exception '% already has a fill in the queue (%, %); finish it before refilling again', rx,
      case previous.fill_number when 0 then 'the original' else format('refill %s', previous.fill_number) end,
      previous.status using errcode = 'P0001';
  end if;
  -- An original filled again (previous.fill_number -1) uses no refill.
  used := case when previous.fill_number < 0 then -1 else greatest(previous.fill_number, ord.refills_used_before) end;
  if used >= ord.refills then
    raise exception '% has no refills left (% of % used); ask the prescriber for a new prescription', rx,
      used, ord.refills using errcode = 'P0001';
  end if;

  today := private.pharmacy_local_date(ord.pharmacy_id, now());
  settings := private.refill_settings(ord.pharmacy_id);
  expires := private.order_expires_on(ord.written_on, schedule, (settings ->> 'nonControlledExpiryMonths')::int);
  if schedule is not null then
    if used + 1 > 5 then
      raise exception 'Schedule % controlled substances allow at most 5 refills (21 CFR 1306.22): % needs a new prescription',
        schedule, rx using errcode = 'P0001';
    end if;
    if today >= expires then
      raise exception 'A schedule % prescription cannot be refilled more than 6 months after the date written (%) (21 CFR 1306.22): % needs a new prescription',
        schedule, ord.written_on, rx using errcode = 'P0001';
    end if;
  else
    if today >= expires then
      raise exception '% expired on %, % after it was written; ask the prescriber for a new prescription', rx, expires,
        case settings ->> 'nonControlledExpiryMonths' when '1' then '1 month' else (settings ->> 'nonControlledExpiryMonths') || ' months' end
        using errcode = 'P0001';
    end if;
  end if;

  new.too_soon_reason := nullif(btrim(coalesce(new.too_soon_reason, '')), '');
  new.too_soon_allowed_by := null; new.too_soon_allowed_at := null;
  due := private.refill_due_on(previous.date_filled, previous.days_supply, (settings ->> 'refillTooSoonPercent')::int);
  if previous.date_filled is not null and today < due then
    if new.too_soon_reason is null then
      raise exception 'Refill too soon: % was filled on % for % days; it can be refilled from % (% of the days supply). A pharmacist can allow it with a reason',
        rx, previous.date_filled, previous.days_supply, due, (settings ->> 'refillTooSoonPercent') || '%'
        using errcode = 'P0001', hint = 'refill_too_soon';
    end if;
    if end_user and not private.current_staff_can('prescriptions:verify') then
      raise exception 'Only a pharmacist or admin can allow a refill too soon' using errcode = '42501';
    end if;
    new.too_soon_allowed_by := actor;
    new.too_soon_allowed_at := now();
  else
    -- Not early: there is nothing to allow.
    new.too_soon_reason := null;
  end if;

  -- The refill is the order's, filled as last time.
  new.fill_number := used + 1;
  new.rx_number := ord.rx_number;
  new.patient_id := ord.patient_id;
  new.medication_id := ord.medication_id;
  new.prescriber_id := ord.prescriber_id;
  new.refills := ord.refills;
  new.original_date := ord.written_on;
  new.prescriber_name := previous.prescriber_name;
  new.prescription_type := previous.prescription_type;
  new.source := previous.source;
  -- Whatever was sent: a refill repeats the order's directions and the previous fill's quantity and days supply
  -- (a larger quantity or shorter supply would dispense more than prescribed, or make the next refill due early).
  new.directions := previous.directions;
  new.quantity := previous.quantity;
  new.days_supply := previous.days_supply;
  new.fax_number := null; new.caller_info := null; new.callback_number := null; new.verification_notes := null;
  return new;
end
$function$;

comment on function private.fill_from_order() is
  'BEFORE INSERT trigger of prescriptions, first of all (name order): a row without order_id is a new prescription — '
  'fill 0 of a new order (private.open_prescription_order) with the next Rx number; a row naming an order is its next '
  'refill — the order locked, then refused with a sentence when discontinued or inactive, Schedule II, with a fill '
  'still pending or processing, out of refills, Schedule III–V past 5 refills or 6 months from the date written, '
  'non-controlled past the pharmacy''s expiry, or too soon without a pharmacist''s or admin''s reason; otherwise the '
  'order''s Rx number, patient, drug, prescriber, refills and date written and the previous fill''s contents. The '
  'entry triggers that follow (controlled rules and settings, interaction check) apply to it as to a new '
  'prescription. Cancelled fills do not count: a fill returned to stock frees its number and its refill, and an '
  'original returned to stock is filled again as the original. An order imported by the data migration with no fill '
  'that counts is refilled from its imported row (private.imported_order_fill): fill refills_used_before + 1, never '
  'too soon (no fill date is known).';

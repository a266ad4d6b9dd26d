-- =====================================================================================================
-- Perpetual inventory (spec part 2 "Inventory Management & Wholesale Integration"; issue 24): the stock ledger
-- is the authority on what is on the shelf.
--
-- * inventory_lots: each product's stock by lot and expiry. Lot '' is "no lot recorded" (stock from before lots
--   were kept, or a receipt typed without one); its expiry may be unknown (null).
-- * inventory_movements: every change of stock, append-only: opening balance, receipt, dispense (each fill at
--   verification), return to stock (a ready fill not picked up), adjustment (with a reason), count variance,
--   return to wholesaler, destruction. Each row records the lot's and the product's on-hand after it, so history
--   (usage while in stock, what was on the shelf on any day) is read from the ledger alone.
-- * private.post_stock_movement is the one writer: it locks the product, moves the lot's on_hand, appends the row
--   and moves medications.stock, all in the caller's transaction. medications.stock stays the product's on-hand
--   (every screen and message reads it) and always equals the sum of its lots, which equals the ledger's sum.
--   A direct write of medications.stock (the Drug Database, an older client, the service role) is posted as an
--   adjustment of the difference (an opening balance on insert), so no path can bypass the ledger.
-- * Dispensing takes the fill's quantity first-expiry-first-out from lots that have not expired (a lot without an
--   expiry first: it is the oldest stock); two terminals taking the last units wait on the product's row lock and
--   the second is refused. return_fill_to_stock puts a ready fill back into the very lots it came from.
-- * Roles: inventory:manage (every role) receives and counts; inventory:adjust (pharmacists, admins) adjusts,
--   returns and destroys. Any movement of a controlled substance other than dispensing needs a pharmacist or admin
--   and a reason, and receiving Schedule II (a DEA Form 222 or CSOS order) needs a pharmacist or admin.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- Permissions: inventory:adjust for pharmacists and admins
-- -----------------------------------------------------------------------------------------------------
create or replace function private.role_permissions(staff_role text) returns text[]
language sql immutable
set search_path = ''
as $$
  select case staff_role
    when 'admin' then array[
      'pharmacy:manage', 'staff:manage', 'security:manage', 'audit:read', 'settings:manage', 'subscription:manage',
      'prescriptions:read', 'prescriptions:enter', 'prescriptions:verify', 'interactions:override',
      'patients:read', 'patients:write', 'prescribers:manage', 'prescribers:verify', 'drugs:read', 'drugs:manage',
      'inventory:manage', 'inventory:adjust', 'billing:manage', 'labels:print', 'reports:read', 'data:migrate']
    when 'pharmacist' then array[
      'prescriptions:read', 'prescriptions:enter', 'prescriptions:verify', 'interactions:override',
      'patients:read', 'patients:write', 'prescribers:manage', 'prescribers:verify', 'drugs:read', 'drugs:manage',
      'inventory:manage', 'inventory:adjust', 'billing:manage', 'labels:print', 'reports:read']
    when 'technician' then array[
      'prescriptions:read', 'prescriptions:enter',
      'patients:read', 'patients:write', 'prescribers:manage', 'drugs:read', 'inventory:manage',
      'billing:manage', 'labels:print']
    else array[]::text[]
  end
$$;
comment on function private.role_permissions(text) is
  'THE mapping from a staff role to its permission names (resource:action). Every permission list the app shows '
  'comes from here (current_staff_context); policies of later features check roles through it. drugs:read is reading '
  'the catalog (every role), drugs:manage adding and editing it (pharmacists and admins). prescribers:manage is '
  'adding prescribers (every role), prescribers:verify editing and verifying them (pharmacists and admins). '
  'inventory:manage is receiving and counting stock (every role), inventory:adjust adjusting it, returns and '
  'destruction (pharmacists and admins).';

-- -----------------------------------------------------------------------------------------------------
-- Lots
-- -----------------------------------------------------------------------------------------------------
create table public.inventory_lots (
  id uuid primary key default gen_random_uuid(),
  pharmacy_id uuid not null default private.current_pharmacy_id() references public.pharmacies (id) on delete cascade,
  medication_id uuid not null,
  lot_number text not null default '',
  expiration_date date,
  on_hand integer not null default 0,
  unit_cost_cents integer,
  received_at timestamptz not null default now(),
  constraint inventory_lots_pharmacy_id_id_key unique (pharmacy_id, id),
  constraint inventory_lots_medication_fkey foreign key (pharmacy_id, medication_id)
    references public.medications (pharmacy_id, id) on delete cascade,
  constraint inventory_lots_lot_key unique nulls not distinct (pharmacy_id, medication_id, lot_number, expiration_date),
  constraint inventory_lots_on_hand_check check (on_hand >= 0),
  constraint inventory_lots_lot_number_check check (
    lot_number = btrim(lot_number) and length(lot_number) <= 20 and lot_number !~ '[[:cntrl:]]'),
  constraint inventory_lots_unit_cost_check check (unit_cost_cents >= 0)
);
comment on table public.inventory_lots is
  'A product''s stock by lot and expiry: on_hand is the sum of the lot''s ledger rows (inventory_movements), moved '
  'only by private.post_stock_movement. Lot '''' is "no lot recorded"; a null expiry is unknown. Staff read their '
  'pharmacy''s lots; nobody writes them directly.';
comment on column public.inventory_lots.unit_cost_cents is 'What one unit of this lot cost (acquisition cost, cents), when known.';
comment on constraint inventory_lots_on_hand_check on public.inventory_lots is 'A lot''s stock cannot go below zero';
comment on constraint inventory_lots_lot_number_check on public.inventory_lots is 'A lot number is at most 20 characters on one line';
comment on constraint inventory_lots_unit_cost_check on public.inventory_lots is 'A unit cost cannot be negative';

create index inventory_lots_medication_idx on public.inventory_lots (pharmacy_id, medication_id, expiration_date nulls first, received_at);
create index inventory_lots_expiring_idx on public.inventory_lots (pharmacy_id, expiration_date) where on_hand > 0;

alter table public.inventory_lots enable row level security;
revoke insert, update, delete, truncate on public.inventory_lots from anon, authenticated;
revoke select on public.inventory_lots from anon;
create policy "Staff can read their pharmacy's inventory lots" on public.inventory_lots
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));

-- -----------------------------------------------------------------------------------------------------
-- The ledger
-- -----------------------------------------------------------------------------------------------------
create table public.inventory_movements (
  id bigint generated always as identity primary key,
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  medication_id uuid not null,
  lot_id uuid not null,
  kind text not null,
  quantity integer not null,
  lot_on_hand_after integer not null,
  product_on_hand_after integer not null,
  reason text,
  prescription_id uuid,
  reference text,
  unit_cost_cents integer,
  occurred_at timestamptz not null default now(),
  recorded_by uuid references auth.users (id),
  constraint inventory_movements_medication_fkey foreign key (pharmacy_id, medication_id)
    references public.medications (pharmacy_id, id) on delete cascade,
  constraint inventory_movements_lot_fkey foreign key (pharmacy_id, lot_id)
    references public.inventory_lots (pharmacy_id, id) on delete cascade,
  constraint inventory_movements_prescription_fkey foreign key (pharmacy_id, prescription_id)
    references public.prescriptions (pharmacy_id, id),
  constraint inventory_movements_kind_check check (kind in (
    'opening', 'receipt', 'dispense', 'return_to_stock', 'adjustment', 'count_variance', 'return_to_wholesaler', 'destruction')),
  constraint inventory_movements_sign_check check (
    case when kind in ('opening', 'receipt', 'return_to_stock') then quantity > 0
         when kind in ('dispense', 'return_to_wholesaler', 'destruction') then quantity < 0
         else quantity <> 0 end),
  constraint inventory_movements_reason_check check (
    (reason is null or length(btrim(reason)) between 1 and 500)
    and (kind not in ('adjustment', 'count_variance', 'destruction', 'return_to_stock') or reason is not null)),
  constraint inventory_movements_fill_check check ((kind in ('dispense', 'return_to_stock')) = (prescription_id is not null)),
  constraint inventory_movements_on_hand_check check (lot_on_hand_after >= 0 and product_on_hand_after >= 0),
  constraint inventory_movements_reference_check check (length(reference) <= 100),
  constraint inventory_movements_unit_cost_check check (unit_cost_cents >= 0)
);
comment on table public.inventory_movements is
  'The stock ledger (append-only): every change of a product''s stock, by lot, signed (in > 0, out < 0), with the '
  'lot''s and the product''s on-hand after it, why (a reason for adjustments, count variances, destruction and '
  'returns to stock), the fill it dispensed or returned, a reference (order, return, count session) and who. The sum '
  'of a lot''s rows is its on_hand; of a product''s, medications.stock. Written only by private.post_stock_movement.';
comment on column public.inventory_movements.unit_cost_cents is
  'What one unit cost when it moved (cents; private.movement_unit_cost), null when unknown: cost of goods and turnover.';
comment on column public.inventory_movements.product_on_hand_after is
  'The product''s on-hand (all lots) just after this movement: the days a product was out of stock are read from it.';

create index inventory_movements_product_idx on public.inventory_movements (pharmacy_id, medication_id, occurred_at desc)
  include (kind, quantity, product_on_hand_after);
create index inventory_movements_occurred_idx on public.inventory_movements (pharmacy_id, occurred_at desc)
  include (kind, quantity, unit_cost_cents, medication_id);
create index inventory_movements_lot_idx on public.inventory_movements (pharmacy_id, lot_id);
create index inventory_movements_prescription_idx on public.inventory_movements (pharmacy_id, prescription_id)
  where prescription_id is not null;
create index inventory_movements_recorded_by_idx on public.inventory_movements (recorded_by);

alter table public.inventory_movements enable row level security;
revoke insert, update, delete, truncate on public.inventory_movements from anon, authenticated;
revoke select on public.inventory_movements from anon;
create policy "Staff can read their pharmacy's stock ledger" on public.inventory_movements
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));

create function private.refuse_ledger_change() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- A product (or pharmacy) removed takes its ledger with it; nothing else changes or removes a row.
  if tg_op = 'DELETE' and not exists (
       select 1 from public.medications m where m.pharmacy_id = old.pharmacy_id and m.id = old.medication_id) then
    return old;
  end if;
  raise exception 'The stock ledger is append-only: post a correcting movement instead' using errcode = '42501';
end
$$;
comment on function private.refuse_ledger_change() is
  'BEFORE UPDATE/DELETE trigger of inventory_movements: the ledger is append-only for everyone, the owner included; '
  'only the removal of the product itself (cascade) takes its rows.';
create trigger refuse_update_or_delete before update or delete on public.inventory_movements
  for each row execute function private.refuse_ledger_change();

-- A product with stock history beyond its opening balance is kept (deactivate it instead).
create function private.refuse_removing_stocked_product() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if exists (select 1 from public.inventory_movements mv
             where mv.pharmacy_id = old.pharmacy_id and mv.medication_id = old.id
               and mv.kind not in ('opening', 'adjustment')) then
    raise exception '% has inventory history (receipts, dispensing, returns) and cannot be removed: mark it inactive instead',
      concat_ws(' ', old.name, old.strength) using errcode = '23503';
  end if;
  return old;
end
$$;
comment on function private.refuse_removing_stocked_product() is
  'BEFORE DELETE trigger of medications: a product received, dispensed, counted or returned keeps its ledger, so it '
  'cannot be removed (security definer: the ledger is checked whatever the caller may read).';
create trigger refuse_removing_stocked_product before delete on public.medications
  for each row execute function private.refuse_removing_stocked_product();

-- -----------------------------------------------------------------------------------------------------
-- The one writer
-- -----------------------------------------------------------------------------------------------------
create function private.inventory_lot_for(
  for_pharmacy_id uuid, for_medication_id uuid, lot text, expires date, cost_cents integer default null
) returns uuid
language plpgsql security definer
set search_path = ''
as $$
declare
  found_id uuid;
begin
  insert into public.inventory_lots as l (pharmacy_id, medication_id, lot_number, expiration_date, unit_cost_cents)
  values (for_pharmacy_id, for_medication_id, coalesce(btrim(lot), ''), expires, cost_cents)
  on conflict (pharmacy_id, medication_id, lot_number, expiration_date)
    do update set unit_cost_cents = coalesce(excluded.unit_cost_cents, l.unit_cost_cents)
  returning l.id into found_id;
  return found_id;
end
$$;
comment on function private.inventory_lot_for(uuid, uuid, text, date, integer) is
  'The lot of a product with this lot number and expiry, created if new (a newer known unit cost replaces the old).';

-- What one unit moved costs: the lot's own cost, else the catalog's WAC per unit (20261128007000 adds invoices).
create function private.movement_unit_cost(lot_cost integer, for_medication_id uuid) returns integer
language sql stable security definer
set search_path = ''
as $$
  select coalesce(lot_cost, (select round(m.wac_price * 100 / nullif(m.package_size, 0))::integer
                             from public.medications m where m.id = for_medication_id))
$$;
comment on function private.movement_unit_cost(integer, uuid) is
  'The unit cost (cents) a movement records: the lot''s, else the product''s known acquisition cost; null when unknown. '
  'Recorded on every ledger row, so cost of goods and turnover are sums over the ledger alone.';

create function private.post_stock_movement(
  target_lot uuid, movement_kind text, units integer,
  why text default null, fill_id uuid default null, ref text default null, cost_cents integer default null,
  move_product_stock boolean default true
) returns public.inventory_movements
language plpgsql security definer
set search_path = ''
as $$
declare
  lot public.inventory_lots;
  product_stock integer;
  product_name text;
  posted public.inventory_movements;
begin
  select * into lot from public.inventory_lots l where l.id = target_lot;
  if lot.id is null then
    raise exception 'Lot not found' using errcode = 'P0002';
  end if;
  -- The product's row lock orders every movement of one product: concurrent fills take turns, the balances agree.
  select concat_ws(' ', m.name, m.strength) into product_name
  from public.medications m where m.pharmacy_id = lot.pharmacy_id and m.id = lot.medication_id
  for update;
  if lot.on_hand + units < 0 then
    raise exception 'Not enough % in lot %: % on hand, % to take', product_name,
      coalesce(nullif(lot.lot_number, ''), '(no lot recorded)'), lot.on_hand, -units using errcode = '23514';
  end if;
  update public.inventory_lots l set on_hand = l.on_hand + units where l.id = lot.id;
  -- The product's on-hand is its lots' (medications.stock may be mid-write in a medications trigger).
  select sum(l.on_hand)::integer into product_stock from public.inventory_lots l
  where l.pharmacy_id = lot.pharmacy_id and l.medication_id = lot.medication_id;
  insert into public.inventory_movements (
    pharmacy_id, medication_id, lot_id, kind, quantity, lot_on_hand_after, product_on_hand_after,
    reason, prescription_id, reference, unit_cost_cents, recorded_by)
  values (lot.pharmacy_id, lot.medication_id, lot.id, movement_kind, units, lot.on_hand + units, product_stock,
    nullif(btrim(why), ''), fill_id, nullif(btrim(ref), ''),
    coalesce(cost_cents, private.movement_unit_cost(lot.unit_cost_cents, lot.medication_id)), (select auth.uid()))
  returning * into posted;
  if move_product_stock then
    perform set_config('pharmacy.stock_from_ledger', lot.medication_id::text, true);
    update public.medications m set stock = m.stock + units where m.pharmacy_id = lot.pharmacy_id and m.id = lot.medication_id;
    perform set_config('pharmacy.stock_from_ledger', '', true);
  end if;
  return posted;
end
$$;
comment on function private.post_stock_movement(uuid, text, integer, text, uuid, text, integer, boolean) is
  'THE writer of the stock ledger: under the product''s row lock, moves the lot''s on_hand by units (refusing to go '
  'below zero), appends the movement with both balances, and moves medications.stock by the same units (unless '
  'called from a write of medications.stock itself). Callers check who may post.';

-- Takes units out of a product's lots in the given order, as one movement per lot touched.
create function private.take_from_lots(
  for_pharmacy_id uuid, for_medication_id uuid, units integer, movement_kind text,
  why text, fill_id uuid, ref text, dispensable_only boolean, move_product_stock boolean default true
) returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  today date := private.pharmacy_local_date(for_pharmacy_id, now());
  remaining integer := units;
  lot record;
  taken integer;
begin
  for lot in
    select l.id, l.on_hand from public.inventory_lots l
    where l.pharmacy_id = for_pharmacy_id and l.medication_id = for_medication_id and l.on_hand > 0
      and (not dispensable_only or l.expiration_date is null or l.expiration_date >= today)
    order by l.expiration_date nulls first, l.received_at, l.id
    for update
  loop
    exit when remaining = 0;
    taken := least(remaining, lot.on_hand);
    perform private.post_stock_movement(lot.id, movement_kind, -taken, why, fill_id, ref, null, move_product_stock);
    remaining := remaining - taken;
  end loop;
  return units - remaining;
end
$$;
comment on function private.take_from_lots(uuid, uuid, integer, text, text, uuid, text, boolean, boolean) is
  'Takes units from a product''s lots first-expiry-first-out (a lot without an expiry first: the oldest stock), '
  'only unexpired lots when dispensable_only; one movement per lot; returns the units taken.';

-- -----------------------------------------------------------------------------------------------------
-- A direct write of medications.stock is an adjustment (an opening balance on insert)
-- -----------------------------------------------------------------------------------------------------
create function private.post_direct_stock_change() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  change integer;
  why text;
begin
  if tg_op = 'INSERT' then
    if new.stock > 0 then
      perform private.post_stock_movement(
        private.inventory_lot_for(new.pharmacy_id, new.id, '', null), 'opening', new.stock, null, null, null, null, false);
    end if;
    return null;
  end if;
  change := new.stock - old.stock;
  if change = 0 or current_setting('pharmacy.stock_from_ledger', true) is not distinct from new.id::text then
    return new;
  end if;
  why := coalesce(nullif(btrim(new.change_reason), ''), 'Stock on hand corrected in the Drug Database');
  if change > 0 then
    perform private.post_stock_movement(
      private.inventory_lot_for(new.pharmacy_id, new.id, '', null), 'adjustment', change, why, null, null, null, false);
  elsif private.take_from_lots(new.pharmacy_id, new.id, -change, 'adjustment', why, null, null, false, false) < -change then
    raise exception 'Stock cannot be negative' using errcode = '23514';
  end if;
  return new;
end
$$;
comment on function private.post_direct_stock_change() is
  'Triggers of medications: a product created with stock gets its opening balance (no lot recorded); a write of '
  'stock other than the ledger''s own is posted as an adjustment of the difference (increase into the no-lot lot, '
  'decrease first-expiry-first-out), with change_reason as its reason. Fires before the catalog guards '
  '(adjust_* < guard_*), which still refuse whoever may not change stock.';
create trigger adjust_stock_through_ledger before update of stock on public.medications
  for each row execute function private.post_direct_stock_change();
create trigger open_stock_ledger after insert on public.medications
  for each row execute function private.post_direct_stock_change();

-- What the catalog held before lots existed is each product's opening balance.
select private.post_stock_movement(private.inventory_lot_for(m.pharmacy_id, m.id, '', null), 'opening', m.stock,
  null, null, null, null, false)
from public.medications m where m.stock > 0;

-- -----------------------------------------------------------------------------------------------------
-- Dispensing: verification takes the quantity from unexpired lots, first-expiry-first-out
-- -----------------------------------------------------------------------------------------------------
create or replace function private.take_filled_quantity_from_stock() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  units integer := ceil(coalesce(new.quantity, 0))::integer;
  medication record;
  dispensable integer;
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
  select coalesce(sum(l.on_hand), 0) into dispensable from public.inventory_lots l
  where l.pharmacy_id = new.pharmacy_id and l.medication_id = new.medication_id and l.on_hand > 0
    and (l.expiration_date is null or l.expiration_date >= private.pharmacy_local_date(new.pharmacy_id, now()));
  if dispensable < units then
    raise exception 'Not enough unexpired % to fill %: % on hand, % of it expired, % needed',
      concat_ws(' ', medication.name, medication.strength), private.prescription_status_label(new.rx_number),
      medication.stock, medication.stock - dispensable, units
      using errcode = '23514', hint = 'Take the expired lots off the shelf, receive new stock, then verify again.';
  end if;
  perform private.take_from_lots(new.pharmacy_id, new.medication_id, units, 'dispense', null, new.id, null, true);
  return null;
end
$$;
comment on function private.take_filled_quantity_from_stock() is
  'AFTER UPDATE OF status trigger of prescriptions: verification (processing → ready) takes the quantity (whole '
  'units, rounded up) from the product''s unexpired lots first-expiry-first-out, posting a dispense movement per '
  'lot in the same transaction; refused, with the numbers, when the stock (or its unexpired part) cannot cover it. '
  'Security definer: a pharmacist verifying need not be allowed to edit the catalogue.';

-- -----------------------------------------------------------------------------------------------------
-- Return to stock: a ready fill not picked up goes back into the lots it came from
-- -----------------------------------------------------------------------------------------------------
create or replace function private.guard_prescription_workflow() returns trigger
language plpgsql
set search_path = ''
as $function$
declare
  rx text;
  end_user boolean := private.is_end_user_request();
  actor uuid := (select auth.uid());
  changed text[];
  has_open_alert boolean;
  override_given boolean;
  next_status text;
  policy jsonb;
  refusal text;
begin
  if tg_op = 'INSERT' then
    if new.status is distinct from 'pending' then
      raise exception 'A new prescription is always entered as pending, not %', coalesce(new.status, 'null')
        using errcode = '23514';
    end if;
    if new.pharmacy_id is null then
      raise exception 'Only staff of a pharmacy can enter prescriptions' using errcode = '42501';
    end if;
    -- The Rx number and fill number were set by private.fill_from_order.
    -- Nothing has happened to it yet but its entry.
    new.processed_by := null; new.processed_at := null;
    new.verified_by := null; new.verified_at := null;
    new.completed_by := null; new.completed_at := null;
    new.override_reason := null; new.overridden_by := null; new.overridden_at := null;
    if end_user then
      new.entered_by := actor;
      new.entered_at := now();
      new.created_at := now();
      new.date_filled := null;
    else
      new.entered_by := coalesce(new.entered_by, actor);
    end if;
    return new;
  end if;

  rx := private.prescription_status_label(old.rx_number);
  select coalesce(array_agg(n.key order by n.key), '{}') into changed
  from jsonb_each(to_jsonb(new)) n
  where n.value is distinct from to_jsonb(old) -> n.key and n.key <> 'updated_at';

  if changed && array['id', 'rx_number', 'created_at', 'entered_by', 'entered_at', 'order_id', 'fill_number'] then
    raise exception '%: its id, Rx number, fill number and entry (who and when) cannot be changed', rx using errcode = '42501';
  end if;
  if changed && array['too_soon_reason', 'too_soon_allowed_by', 'too_soon_allowed_at'] then
    raise exception '%: a refill allowed too soon keeps its recorded reason', rx using errcode = '42501';
  end if;

  if end_user then
    -- The fill date is set by the database at verification (dispense_fill_date), and never otherwise.
    if changed && array['processed_by', 'processed_at', 'verified_by', 'verified_at', 'completed_by', 'completed_at',
                        'overridden_by', 'overridden_at', 'cancelled_by', 'cancelled_at']
       or ('date_filled' = any (changed) and not (old.status = 'processing' and new.status = 'ready')) then
      raise exception '%: who processed, verified, completed or overrode it, and when (the fill date too), is recorded by the database; leave those columns out', rx
        using errcode = '42501';
    end if;
    if changed && array['patient_id', 'medication_id', 'ai_flags'] then
      raise exception '%: the patient, medication and interaction check are fixed at entry; enter a new prescription instead', rx
        using errcode = '42501';
    end if;
    if old.fill_number > 0
       and changed && array['prescription_type', 'source', 'prescriber_id', 'prescriber_name', 'refills', 'original_date',
                            'directions', 'quantity', 'days_supply'] then
      raise exception '%: a refill keeps its prescription''s prescriber, refills, date written, directions, quantity and days supply; enter a new prescription instead', rx
        using errcode = '42501';
    end if;
    if old.status in ('ready', 'completed', 'cancelled')
       and changed && array['prescription_type', 'source', 'prescriber_id', 'prescriber_name', 'directions', 'quantity',
                            'refills', 'days_supply', 'original_date', 'fax_number', 'verification_notes',
                            'caller_info', 'callback_number', 'urgency_level', 'date_filled'] then
      raise exception '% has been verified; its contents can no longer be changed', rx using errcode = '42501';
    end if;
    if 'verification_notes' = any (changed) and not private.current_staff_can('prescriptions:verify') then
      raise exception 'Only a pharmacist or admin can write verification notes' using errcode = '42501';
    end if;
  end if;

  if new.status = old.status then
    if 'override_reason' = any (changed) then
      raise exception '%: an override reason is given only when processing a prescription with an interaction alert', rx
        using errcode = 'P0001';
    end if;
    return new;
  end if;

  -- Cancelled: only an unverified fill of a discontinued order, by public.discontinue_prescription; for good.
  if old.status = 'cancelled' then
    if exists (select 1 from public.inventory_movements mv
               where mv.pharmacy_id = old.pharmacy_id and mv.prescription_id = old.id and mv.kind = 'return_to_stock') then
      raise exception '% was returned to stock; it cannot move', rx using errcode = 'P0001';
    end if;
    raise exception '% was cancelled when its prescription was discontinued; it cannot move', rx using errcode = 'P0001';
  end if;
  -- A ready fill not picked up goes back on the shelf: only public.return_fill_to_stock, which posts the ledger.
  if new.status = 'cancelled' and old.status = 'ready'
     and current_setting('pharmacy.returning_to_stock', true) is not distinct from old.id::text then
    new.cancelled_by := coalesce(new.cancelled_by, actor);
    new.cancelled_at := coalesce(new.cancelled_at, now());
    return new;
  end if;
  if new.status = 'cancelled' then
    if old.status not in ('pending', 'processing')
       or not exists (select 1 from public.prescription_orders o
                      where o.pharmacy_id = old.pharmacy_id and o.id = old.order_id and o.status = 'discontinued') then
      raise exception '% is %; only a pending or processing fill of a discontinued prescription is cancelled', rx, old.status
        using errcode = 'P0001';
    end if;
    new.cancelled_by := case when end_user then actor else coalesce(new.cancelled_by, actor) end;
    new.cancelled_at := case when end_user then now() else coalesce(new.cancelled_at, now()) end;
    return new;
  end if;

  next_status := case old.status when 'pending' then 'processing' when 'processing' then 'ready' when 'ready' then 'completed' end;
  if new.status is distinct from next_status then
    raise exception '% is %; it cannot move to % (the order is pending → processing → ready → completed)',
      rx, old.status, new.status using errcode = 'P0001';
  end if;

  override_given := 'override_reason' = any (changed);
  if override_given and new.status <> 'processing' then
    raise exception '%: an override reason is given only when processing a prescription with an interaction alert', rx
      using errcode = 'P0001';
  end if;

  case new.status
    when 'processing' then
      has_open_alert := coalesce((old.ai_flags ->> 'hasInteractions')::boolean, false) and old.overridden_at is null;
      policy := private.pharmacy_override_policy(old.pharmacy_id);
      if override_given then
        if end_user then
          refusal := private.override_authority_refusal(policy ->> 'overrideAuthority', private.current_staff_role());
          if refusal is not null then
            raise exception '%', refusal using errcode = '42501';
          end if;
        end if;
        if not has_open_alert then
          raise exception '% has no interaction alert to override', rx using errcode = 'P0001';
        end if;
        if length(btrim(coalesce(new.override_reason, ''))) = 0 then
          raise exception 'Give a reason for overriding the interaction alert of %', rx using errcode = '23514';
        end if;
        if end_user then
          -- Dual approval: move_prescription recorded the first approval; this move is the second, by someone else.
          if policy ->> 'overrideAuthority' = 'dual_approval'
             and not exists (select 1 from public.override_approvals a where a.prescription_id = old.id and a.approved_by <> actor) then
            raise exception '%: under dual approval a second pharmacist or admin must approve the override before it is processed', rx
              using errcode = '42501';
          end if;
          perform private.require_step_up(old.ai_flags, policy, rx);
        end if;
        new.override_reason := btrim(new.override_reason);
        new.overridden_by := case when end_user then actor else coalesce(new.overridden_by, actor) end;
        new.overridden_at := case when end_user then now() else coalesce(new.overridden_at, now()) end;
      elsif has_open_alert and private.alert_blocks(old.ai_flags, policy ->> 'aiRiskAssessment') then
        if end_user and not private.current_staff_can('interactions:override') then
          raise exception '% has an unresolved interaction alert: a pharmacist must review it and override it with a reason', rx
            using errcode = '42501';
        end if;
        raise exception '% has an interaction alert: give an override reason to process it', rx using errcode = '23514';
      end if;
      new.processed_by := case when end_user then actor else coalesce(new.processed_by, actor) end;
      new.processed_at := case when end_user then now() else coalesce(new.processed_at, now()) end;
    when 'ready' then
      if end_user and not private.current_staff_can('prescriptions:verify') then
        raise exception 'Only a pharmacist or admin can verify a prescription (processing → ready)' using errcode = '42501';
      end if;
      new.verified_by := case when end_user then actor else coalesce(new.verified_by, actor) end;
      new.verified_at := case when end_user then now() else coalesce(new.verified_at, now()) end;
      new.date_filled := coalesce(new.date_filled, (new.verified_at at time zone 'UTC')::date);
    when 'completed' then
      new.completed_by := case when end_user then actor else coalesce(new.completed_by, actor) end;
      new.completed_at := case when end_user then now() else coalesce(new.completed_at, now()) end;
  end case;
  return new;
end
$function$;
comment on function private.guard_prescription_workflow() is 'BEFORE INSERT/UPDATE trigger of prescriptions (fills): a new fill is pending (its Rx and fill number set by private.fill_from_order); the status moves one step forward only, or to cancelled for a pending or processing fill of a discontinued order or for a ready fill returned to stock (public.return_fill_to_stock only); at processing the pharmacy''s security policy decides whether the entry alert blocks (ai_risk_assessment), who may override it (override_authority; under dual approval a first approval by someone else must be recorded) and whether a severe alert needs a step-up grant; verification by a pharmacist or admin; who/when columns written here for end users; immutable, post-verification and (on a refill) order columns refused.';


-- A fill returned to stock is cancelled and its number is free again: the order's next fill (refill or, for the
-- original, the original again) takes it. Fill numbers are unique among the fills that are not cancelled.
alter table public.prescriptions drop constraint prescriptions_order_fill_key;
alter table public.prescriptions drop constraint prescriptions_pharmacy_id_rx_number_fill_number_key;
create unique index prescriptions_order_fill_key on public.prescriptions (pharmacy_id, order_id, fill_number)
  where status <> 'cancelled';
create unique index prescriptions_pharmacy_id_rx_number_fill_number_key on public.prescriptions (pharmacy_id, rx_number, fill_number)
  where status <> 'cancelled';
-- An Rx number's fills whatever their status, newest first (the refill-by-Rx lookup).
create index prescriptions_rx_number_fills_idx on public.prescriptions (pharmacy_id, rx_number, fill_number desc, created_at desc);

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
    if previous.id is null then
      raise exception '% has no fill to refill', rx using errcode = 'P0001';
    end if;
    previous.fill_number := -1;
    previous.date_filled := null;
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
  'original returned to stock is filled again as the original.';

create function private.return_fill_to_stock(fill_id uuid, reason text) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  pharmacy uuid := private.current_pharmacy_id();
  fill public.prescriptions;
  taken record;
  units integer := 0;
begin
  if pharmacy is null or not private.current_staff_can('inventory:adjust') then
    raise exception 'Only a pharmacist or admin can return a fill to stock' using errcode = '42501';
  end if;
  if length(btrim(coalesce(reason, ''))) = 0 then
    raise exception 'Give a reason for returning the fill to stock' using errcode = '23514';
  end if;
  select * into fill from public.prescriptions p where p.pharmacy_id = pharmacy and p.id = fill_id for update;
  if fill.id is null then
    raise exception 'Prescription not found' using errcode = 'P0002';
  end if;
  if fill.status <> 'ready' then
    raise exception '% is %; only a ready fill that was not picked up goes back to stock',
      private.prescription_status_label(fill.rx_number), fill.status using errcode = 'P0001';
  end if;
  -- Back into the very lots the fill was taken from (a lot expired since stays off the dispensable shelf).
  for taken in
    select mv.lot_id, -sum(mv.quantity)::integer as quantity from public.inventory_movements mv
    where mv.pharmacy_id = pharmacy and mv.prescription_id = fill.id
    group by mv.lot_id having sum(mv.quantity) < 0
    order by mv.lot_id
  loop
    perform private.post_stock_movement(taken.lot_id, 'return_to_stock', taken.quantity, reason, fill.id);
    units := units + taken.quantity;
  end loop;
  perform set_config('pharmacy.returning_to_stock', fill.id::text, true);
  update public.prescriptions p set status = 'cancelled' where p.id = fill.id;
  perform set_config('pharmacy.returning_to_stock', '', true);
  -- The refill it used is available again.
  update public.prescription_orders o
  set last_fill_number = coalesce((select max(p.fill_number) from public.prescriptions p
                                   where p.pharmacy_id = o.pharmacy_id and p.order_id = o.id and p.status <> 'cancelled'), 0)
  where o.pharmacy_id = fill.pharmacy_id and o.id = fill.order_id;
  return jsonb_build_object('ok', true, 'prescriptionId', fill.id, 'unitsReturned', units);
end
$$;
comment on function private.return_fill_to_stock(uuid, text) is
  'A ready fill not picked up goes back on the shelf (pharmacist or admin, with a reason): its units return to the '
  'lots they were dispensed from (return_to_stock movements) and the fill is cancelled, so the prescription''s refill '
  'is available again. Answers {ok, prescriptionId, unitsReturned}.';

-- -----------------------------------------------------------------------------------------------------
-- Receiving by hand and adjusting
-- -----------------------------------------------------------------------------------------------------
create function private.stocked_product(product_id uuid) returns public.medications
language plpgsql stable security definer
set search_path = ''
as $$
declare
  product public.medications;
begin
  select * into product from public.medications m
  where m.pharmacy_id = private.current_pharmacy_id() and m.id = product_id;
  if product.id is null then
    raise exception 'Medication not found' using errcode = 'P0002';
  end if;
  return product;
end
$$;
comment on function private.stocked_product(uuid) is 'The caller''s pharmacy''s product, or "Medication not found".';

create function private.receive_inventory(
  medication_id uuid, quantity integer, lot_number text default '', expiration_date date default null,
  unit_cost_cents integer default null, reference text default null
) returns public.inventory_movements
language plpgsql security definer
set search_path = ''
as $$
declare
  product public.medications := private.stocked_product(medication_id);
begin
  if not private.current_staff_can('inventory:manage') then
    raise exception 'Only staff of the pharmacy can receive stock' using errcode = '42501';
  end if;
  if product.dea_schedule = 'II' and not private.current_staff_can('inventory:adjust') then
    raise exception 'Only a pharmacist or admin can receive Schedule II stock (DEA Form 222 or CSOS)' using errcode = '42501';
  end if;
  if quantity is null or quantity <= 0 then
    raise exception 'The quantity received must be a whole number greater than 0' using errcode = '23514';
  end if;
  -- A package carries its lot and expiry (DSCSA); stock without them exists only from before lots were kept.
  if length(btrim(coalesce(lot_number, ''))) = 0 then
    raise exception 'Enter the lot number printed on the package (at most 20 characters)' using errcode = '23514';
  end if;
  if expiration_date is null then
    raise exception 'Enter the expiry date printed on the package' using errcode = '23514';
  end if;
  if expiration_date is not null and expiration_date < private.pharmacy_local_date(product.pharmacy_id, now()) then
    raise exception 'Lot % expired on %: do not receive it; return it to the wholesaler',
      coalesce(nullif(btrim(lot_number), ''), '(no lot)'), to_char(expiration_date, 'MM/DD/YYYY') using errcode = '23514';
  end if;
  return private.post_stock_movement(
    private.inventory_lot_for(product.pharmacy_id, product.id, lot_number, expiration_date, unit_cost_cents),
    'receipt', quantity, null, null, reference, unit_cost_cents);
end
$$;
comment on function private.receive_inventory(uuid, integer, text, date, integer, text) is
  'Receives units of a product into a lot (created if new) as a receipt movement: any staff member (inventory:manage), '
  'Schedule II only a pharmacist or admin; the lot number and expiry are required and an expired lot is refused. '
  'Answers the movement.';

create function private.adjust_inventory(medication_id uuid, quantity_change integer, reason text, lot_id uuid default null)
returns setof public.inventory_movements
language plpgsql security definer
set search_path = ''
as $$
declare
  product public.medications := private.stocked_product(medication_id);
  target uuid := lot_id;
  before_id bigint;
begin
  if not private.current_staff_can('inventory:adjust') then
    raise exception 'Only a pharmacist or admin can adjust stock' using errcode = '42501';
  end if;
  if quantity_change is null or quantity_change = 0 then
    raise exception 'An adjustment changes the stock by a whole number of units other than 0' using errcode = '23514';
  end if;
  if length(btrim(coalesce(reason, ''))) = 0 then
    raise exception 'Give a reason for adjusting the stock of %', concat_ws(' ', product.name, product.strength) using errcode = '23514';
  end if;
  if target is not null and not exists (select 1 from public.inventory_lots l
      where l.id = target and l.pharmacy_id = product.pharmacy_id and l.medication_id = product.id) then
    raise exception 'Lot not found' using errcode = 'P0002';
  end if;
  select coalesce(max(mv.id), 0) into before_id from public.inventory_movements mv where mv.pharmacy_id = product.pharmacy_id;
  if target is not null or quantity_change > 0 then
    perform private.post_stock_movement(coalesce(target, private.inventory_lot_for(product.pharmacy_id, product.id, '', null)),
      'adjustment', quantity_change, reason);
  elsif private.take_from_lots(product.pharmacy_id, product.id, -quantity_change, 'adjustment', reason, null, null, false)
        < -quantity_change then
    raise exception 'Not enough % in stock: % on hand, % to take away', concat_ws(' ', product.name, product.strength),
      product.stock, -quantity_change using errcode = '23514';
  end if;
  if product.dea_schedule is not null then
    perform private.record_controlled_substance_change(product.id, product.stock, product.stock + quantity_change,
      product.dea_schedule, product.dea_schedule, reason);
  end if;
  return query select * from public.inventory_movements mv
    where mv.pharmacy_id = product.pharmacy_id and mv.medication_id = product.id and mv.id > before_id order by mv.id;
end
$$;
comment on function private.adjust_inventory(uuid, integer, text, uuid) is
  'Adjusts a product''s stock by quantity_change units with a reason (pharmacist or admin): into or out of the given '
  'lot, else an increase into the no-lot lot and a decrease first-expiry-first-out. A controlled substance''s '
  'adjustment is also audited. Answers the movements posted.';

-- -----------------------------------------------------------------------------------------------------
-- Expiring lots
-- -----------------------------------------------------------------------------------------------------
create function public.expiring_inventory_lots(within_days integer default 90)
returns table (
  lot_id uuid, medication_id uuid, medication_name text, strength text, ndc_number text, dea_schedule text,
  lot_number text, expiration_date date, on_hand integer, expired boolean
)
language sql stable
set search_path = ''
as $$
  select l.id, m.id, m.name, m.strength, m.ndc_number, m.dea_schedule, l.lot_number, l.expiration_date, l.on_hand,
         l.expiration_date < private.pharmacy_local_date(l.pharmacy_id, now())
  from public.inventory_lots l
  join public.medications m on m.pharmacy_id = l.pharmacy_id and m.id = l.medication_id
  where l.pharmacy_id = (select private.current_pharmacy_id()) and l.on_hand > 0
    and l.expiration_date <= private.pharmacy_local_date(l.pharmacy_id, now()) + least(greatest(coalesce(within_days, 90), 0), 3650)
  order by l.expiration_date, m.name, l.lot_number
$$;
comment on function public.expiring_inventory_lots(integer) is
  'The caller''s pharmacy''s lots on hand that expire within the given days (0–3650, default 90), expired ones '
  'included and flagged, soonest first (index inventory_lots_expiring_idx). Security invoker: RLS applies.';

-- -----------------------------------------------------------------------------------------------------
-- The callable faces (security invoker; the work is the private definers')
-- -----------------------------------------------------------------------------------------------------
create function public.return_fill_to_stock(fill_id uuid, reason text)
returns jsonb
language sql
set search_path = ''
as $$
  select private.return_fill_to_stock(fill_id, reason)
$$;
comment on function public.return_fill_to_stock(uuid, text) is 'See private.return_fill_to_stock (security definer: it posts to the ledger nobody writes directly).';

create function public.receive_inventory(
  medication_id uuid, quantity integer, lot_number text default '', expiration_date date default null,
  unit_cost_cents integer default null, reference text default null
)
returns public.inventory_movements
language sql
set search_path = ''
as $$
  select * from private.receive_inventory(medication_id, quantity, lot_number, expiration_date, unit_cost_cents, reference)
$$;
comment on function public.receive_inventory(uuid, integer, text, date, integer, text) is 'See private.receive_inventory (security definer: it posts to the ledger nobody writes directly).';

create function public.adjust_inventory(medication_id uuid, quantity_change integer, reason text, lot_id uuid default null)
returns setof public.inventory_movements
language sql
set search_path = ''
as $$
  select * from private.adjust_inventory(medication_id, quantity_change, reason, lot_id)
$$;
comment on function public.adjust_inventory(uuid, integer, text, uuid) is 'See private.adjust_inventory (security definer: it posts to the ledger nobody writes directly).';

-- -----------------------------------------------------------------------------------------------------
-- Grants
-- -----------------------------------------------------------------------------------------------------
revoke all on function private.refuse_ledger_change() from public;
revoke all on function private.refuse_removing_stocked_product() from public;
revoke all on function private.inventory_lot_for(uuid, uuid, text, date, integer) from public;
revoke all on function private.movement_unit_cost(integer, uuid) from public;
revoke all on function private.post_stock_movement(uuid, text, integer, text, uuid, text, integer, boolean) from public;
revoke all on function private.take_from_lots(uuid, uuid, integer, text, text, uuid, text, boolean, boolean) from public;
revoke all on function private.post_direct_stock_change() from public;
revoke all on function private.stocked_product(uuid) from public;
revoke all on function public.return_fill_to_stock(uuid, text) from public, anon;
revoke all on function private.return_fill_to_stock(uuid, text) from public;
grant execute on function private.return_fill_to_stock(uuid, text) to authenticated;
revoke all on function public.receive_inventory(uuid, integer, text, date, integer, text) from public, anon;
revoke all on function private.receive_inventory(uuid, integer, text, date, integer, text) from public;
grant execute on function private.receive_inventory(uuid, integer, text, date, integer, text) to authenticated;
revoke all on function public.adjust_inventory(uuid, integer, text, uuid) from public, anon;
revoke all on function private.adjust_inventory(uuid, integer, text, uuid) from public;
grant execute on function private.adjust_inventory(uuid, integer, text, uuid) to authenticated;
revoke all on function public.expiring_inventory_lots(integer) from public, anon;
grant execute on function public.return_fill_to_stock(uuid, text) to authenticated;
grant execute on function public.receive_inventory(uuid, integer, text, date, integer, text) to authenticated;
grant execute on function public.adjust_inventory(uuid, integer, text, uuid) to authenticated;
grant execute on function public.expiring_inventory_lots(integer) to authenticated;
grant select on public.inventory_lots, public.inventory_movements to service_role;

select private.install_constraint_explanations('public.inventory_lots');
select private.install_constraint_explanations('public.inventory_movements');
comment on constraint inventory_movements_prescription_fkey on public.inventory_movements is
  'This prescription has stock movements (dispensed or returned) and cannot be removed';
-- A fill with stock movements is kept: prescriptions' delete message learns the new reference.
select private.install_constraint_explanations('public.prescriptions');

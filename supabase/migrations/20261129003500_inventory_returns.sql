-- =====================================================================================================
-- Returns (spec part 2 "Inventory Management & Wholesale Integration" §3 Return, Return status; issue 24): stock
-- sent back to a wholesaler for credit, to a reverse distributor, or destroyed.
--
-- * inventory_returns: product, lot, quantity, reason (expired, damaged, recalled, overstock, other with a
--   description), destination (wholesaler — FK to public.wholesalers —, reverse distributor by name, destruction),
--   the unit cost the ledger recorded (the lot's, else the product's) and the total value, the RMA / authorisation
--   number, the DEA Form 222 number of a Schedule II return, status pending → processed (with the credit received,
--   cents) or pending → cancelled (with a reason), and who and when for each step.
-- * Stock leaves when the return is created: the units are taken from the lot as a return_to_wholesaler movement
--   (destruction for a destruction) at once, so they can never be dispensed while they wait on the returns shelf.
--   Cancelling a pending return puts them back into the same lot as a movement of the same kind with a positive
--   quantity, so each kind's sum in the ledger is what actually left (Analytics' "returned" and "waste"). The
--   ledger's sign rule is relaxed for these two kinds accordingly (dispensing keeps its own reversal kind,
--   return_to_stock). Processing moves no stock: it records that the wholesaler took the units and what it credited.
-- * Pharmacists and admins only (inventory:adjust); every staff member reads. A controlled substance's return and
--   its cancellation are audited like an adjustment. A Schedule II return needs the DEA Form 222 number the
--   receiving registrant issued; Schedule II stock is not destroyed here (that is DEA Form 41 with witnesses, or a
--   reverse distributor).
-- * "Process Pending Returns": private.process_inventory_returns processes the chosen returns, or all pending ones,
--   in one transaction under row locks; a return that is no longer pending refuses the whole batch.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- The ledger: a cancelled return's units come back as the same kind
-- -----------------------------------------------------------------------------------------------------
alter table public.inventory_movements drop constraint inventory_movements_sign_check;
alter table public.inventory_movements add constraint inventory_movements_sign_check check (
  case when kind in ('opening', 'receipt', 'return_to_stock') then quantity > 0
       when kind = 'dispense' then quantity < 0
       else quantity <> 0 end);
comment on constraint inventory_movements_sign_check on public.inventory_movements is
  'Receipts and returns to stock add units, dispensing takes them; other movements change the stock by a number other than 0';

-- -----------------------------------------------------------------------------------------------------
-- Returns
-- -----------------------------------------------------------------------------------------------------
create table public.inventory_returns (
  id uuid primary key default gen_random_uuid(),
  pharmacy_id uuid not null default private.current_pharmacy_id() references public.pharmacies (id) on delete cascade,
  medication_id uuid not null,
  lot_id uuid not null,
  quantity integer not null,
  reason text not null,
  reason_detail text,
  destination text not null,
  wholesaler_id uuid,
  reverse_distributor text,
  unit_cost_cents integer,
  total_value_cents bigint generated always as (quantity::bigint * unit_cost_cents) stored,
  rma_number text,
  dea_form_222_number text,
  status text not null default 'pending',
  credit_cents bigint,
  movement_id bigint not null,
  cancel_movement_id bigint,
  cancel_reason text,
  created_at timestamptz not null default now(),
  created_by uuid references auth.users (id),
  processed_at timestamptz,
  processed_by uuid references auth.users (id),
  cancelled_at timestamptz,
  cancelled_by uuid references auth.users (id),
  constraint inventory_returns_pharmacy_id_id_key unique (pharmacy_id, id),
  constraint inventory_returns_medication_fkey foreign key (pharmacy_id, medication_id)
    references public.medications (pharmacy_id, id),
  constraint inventory_returns_lot_fkey foreign key (pharmacy_id, lot_id)
    references public.inventory_lots (pharmacy_id, id),
  constraint inventory_returns_wholesaler_fkey foreign key (pharmacy_id, wholesaler_id)
    references public.wholesalers (pharmacy_id, id),
  constraint inventory_returns_movement_fkey foreign key (movement_id) references public.inventory_movements (id),
  constraint inventory_returns_cancel_movement_fkey foreign key (cancel_movement_id) references public.inventory_movements (id),
  constraint inventory_returns_quantity_check check (quantity > 0),
  constraint inventory_returns_reason_check check (reason in ('expired', 'damaged', 'recalled', 'overstock', 'other')),
  constraint inventory_returns_reason_detail_check check (
    (reason_detail is null or (reason_detail = btrim(reason_detail) and length(reason_detail) between 1 and 500))
    and (reason <> 'other' or reason_detail is not null)),
  constraint inventory_returns_destination_check check (
    destination in ('wholesaler', 'reverse_distributor', 'destruction')
    and (destination = 'wholesaler') = (wholesaler_id is not null)
    and (destination = 'reverse_distributor') = (reverse_distributor is not null)),
  constraint inventory_returns_reverse_distributor_check check (
    reverse_distributor = btrim(reverse_distributor) and length(reverse_distributor) between 1 and 80),
  constraint inventory_returns_rma_check check (rma_number ~ '^[A-Za-z0-9-]{1,30}$'),
  constraint inventory_returns_dea_form_check check (dea_form_222_number ~ '^[A-Za-z0-9-]{1,20}$'),
  constraint inventory_returns_unit_cost_check check (unit_cost_cents >= 0),
  constraint inventory_returns_credit_check check (credit_cents between 0 and 100000000000),
  constraint inventory_returns_status_check check (
    status in ('pending', 'processed', 'cancelled')
    and (status = 'processed') = (processed_at is not null and credit_cents is not null)
    and (status = 'cancelled') = (cancelled_at is not null and cancel_movement_id is not null and cancel_reason is not null)),
  constraint inventory_returns_cancel_reason_check check (
    cancel_reason = btrim(cancel_reason) and length(cancel_reason) between 1 and 500)
);
comment on table public.inventory_returns is
  'Stock returned to a wholesaler (for credit), to a reverse distributor, or destroyed (spec §3 Return): the lot and '
  'quantity, why, where to, the unit cost and total value in cents, the RMA number, a Schedule II return''s DEA Form '
  '222 number, and pending → processed (credit in cents) or cancelled. The units left the lot when it was created '
  '(movement_id); a cancellation put them back (cancel_movement_id). Staff read; pharmacists and admins write, '
  'only through create_inventory_return, process_inventory_returns and cancel_inventory_return.';
comment on column public.inventory_returns.unit_cost_cents is 'What one unit cost, as the ledger recorded it when the units left (the lot''s cost, else the product''s); null when unknown.';
comment on column public.inventory_returns.credit_cents is 'The credit the wholesaler or reverse distributor gave, in cents, recorded when processed (0 for a destruction).';
comment on column public.inventory_returns.dea_form_222_number is 'A Schedule II return''s DEA Form 222 number, issued by the registrant receiving it.';
comment on constraint inventory_returns_quantity_check on public.inventory_returns is 'The quantity returned must be a whole number greater than 0';
comment on constraint inventory_returns_reason_check on public.inventory_returns is 'Choose why the stock is returned: expired, damaged, recalled, overstock or other';
comment on constraint inventory_returns_reason_detail_check on public.inventory_returns is 'Describe the reason (at most 500 characters); it is required when the reason is other';
comment on constraint inventory_returns_destination_check on public.inventory_returns is 'A return goes to a wholesaler (choose it), a reverse distributor (name it) or destruction';
comment on constraint inventory_returns_reverse_distributor_check on public.inventory_returns is 'The reverse distributor''s name is 1 to 80 characters';
comment on constraint inventory_returns_rma_check on public.inventory_returns is 'The RMA or authorization number is 1 to 30 letters, digits or hyphens';
comment on constraint inventory_returns_dea_form_check on public.inventory_returns is 'The DEA Form 222 number is 1 to 20 letters, digits or hyphens';
comment on constraint inventory_returns_unit_cost_check on public.inventory_returns is 'A unit cost cannot be negative';
comment on constraint inventory_returns_credit_check on public.inventory_returns is 'The credit is an amount of at least $0.00';
comment on constraint inventory_returns_status_check on public.inventory_returns is 'A return is pending, processed with its credit, or cancelled with its reason';
comment on constraint inventory_returns_cancel_reason_check on public.inventory_returns is 'Give the reason for cancelling the return (at most 500 characters)';
comment on constraint inventory_returns_wholesaler_fkey on public.inventory_returns is 'This wholesaler has returns and cannot be removed';
comment on constraint inventory_returns_medication_fkey on public.inventory_returns is 'This product has returns and cannot be removed';

create index inventory_returns_page_idx on public.inventory_returns (pharmacy_id, created_at desc, id desc);
create index inventory_returns_status_page_idx on public.inventory_returns (pharmacy_id, status, created_at desc, id desc);
create index inventory_returns_medication_idx on public.inventory_returns (pharmacy_id, medication_id);
create index inventory_returns_lot_idx on public.inventory_returns (pharmacy_id, lot_id);
create index inventory_returns_wholesaler_idx on public.inventory_returns (pharmacy_id, wholesaler_id) where wholesaler_id is not null;
create index inventory_returns_movement_idx on public.inventory_returns (movement_id);
create index inventory_returns_cancel_movement_idx on public.inventory_returns (cancel_movement_id) where cancel_movement_id is not null;
create index inventory_returns_created_by_idx on public.inventory_returns (created_by);
create index inventory_returns_processed_by_idx on public.inventory_returns (processed_by) where processed_by is not null;
create index inventory_returns_cancelled_by_idx on public.inventory_returns (cancelled_by) where cancelled_by is not null;

alter table public.inventory_returns enable row level security;
revoke insert, update, delete, truncate on public.inventory_returns from anon, authenticated;
revoke select on public.inventory_returns from anon;
create policy "Staff can read their pharmacy's returns" on public.inventory_returns
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
create trigger audit_changes after insert or update on public.inventory_returns
  for each row execute function private.audit_row_change();
grant select on public.inventory_returns to service_role;

-- -----------------------------------------------------------------------------------------------------
-- Creating, processing, cancelling
-- -----------------------------------------------------------------------------------------------------
create function private.return_reason_label(reason text, detail text) returns text
language sql immutable
set search_path = ''
as $$
  select concat_ws(': ', case reason when 'expired' then 'Expired' when 'damaged' then 'Damaged' when 'recalled' then 'Recalled'
                                     when 'overstock' then 'Overstock' else 'Other' end, detail)
$$;
comment on function private.return_reason_label(text, text) is 'A return''s reason as the ledger and the audit trail word it ("Expired: …").';

create function private.create_inventory_return(
  lot_id uuid, quantity integer, reason text, destination text, reason_detail text default null,
  wholesaler_id uuid default null, reverse_distributor text default null, rma_number text default null,
  dea_form_222_number text default null
) returns public.inventory_returns
language plpgsql security definer
set search_path = ''
as $$
declare
  pharmacy uuid := private.current_pharmacy_id();
  lot public.inventory_lots;
  product public.medications;
  detail text := nullif(btrim(coalesce(reason_detail, '')), '');
  distributor text := nullif(btrim(coalesce(reverse_distributor, '')), '');
  rma text := nullif(btrim(coalesce(rma_number, '')), '');
  form_222 text := nullif(btrim(coalesce(dea_form_222_number, '')), '');
  why text;
  moved public.inventory_movements;
  created public.inventory_returns;
begin
  if pharmacy is null or not private.current_staff_can('inventory:adjust') then
    raise exception 'Only a pharmacist or admin can return stock' using errcode = '42501';
  end if;
  select * into lot from public.inventory_lots l where l.pharmacy_id = pharmacy and l.id = create_inventory_return.lot_id;
  if lot.id is null then
    raise exception 'Lot not found' using errcode = 'P0002';
  end if;
  product := private.stocked_product(lot.medication_id);
  if quantity is null or quantity <= 0 then
    raise exception 'The quantity returned must be a whole number greater than 0' using errcode = '23514';
  end if;
  if reason is null or reason not in ('expired', 'damaged', 'recalled', 'overstock', 'other') then
    raise exception 'Choose why the stock is returned: expired, damaged, recalled, overstock or other' using errcode = '23514';
  end if;
  if reason = 'other' and detail is null then
    raise exception 'Describe the reason for returning %', concat_ws(' ', product.name, product.strength) using errcode = '23514';
  end if;
  if destination is null or destination not in ('wholesaler', 'reverse_distributor', 'destruction') then
    raise exception 'Choose where the stock goes: a wholesaler, a reverse distributor or destruction' using errcode = '23514';
  end if;
  if destination = 'wholesaler' and not exists (select 1 from public.wholesalers w
      where w.pharmacy_id = pharmacy and w.id = create_inventory_return.wholesaler_id) then
    raise exception 'Choose the wholesaler that takes the return' using errcode = '23514';
  end if;
  if destination <> 'wholesaler' and create_inventory_return.wholesaler_id is not null then
    raise exception 'A wholesaler is chosen only for a return to a wholesaler' using errcode = '23514';
  end if;
  if destination = 'reverse_distributor' and distributor is null then
    raise exception 'Enter the reverse distributor''s name' using errcode = '23514';
  end if;
  if destination <> 'reverse_distributor' then
    distributor := null;
  end if;
  if product.dea_schedule = 'II' then
    if destination = 'destruction' then
      raise exception 'Schedule II stock is not destroyed here: send it to a reverse distributor, or record its destruction on DEA Form 41 with two witnesses'
        using errcode = '23514';
    end if;
    if form_222 is null then
      raise exception 'A Schedule II return needs the DEA Form 222 number issued by the wholesaler or reverse distributor receiving it'
        using errcode = '23514';
    end if;
  elsif form_222 is not null then
    raise exception 'A DEA Form 222 number is only for a Schedule II return' using errcode = '23514';
  end if;

  why := private.return_reason_label(reason, detail);
  -- The units leave the lot now (refused, with the numbers, when the lot holds fewer): never dispensed while they wait.
  moved := private.post_stock_movement(lot.id,
    case when destination = 'destruction' then 'destruction' else 'return_to_wholesaler' end, -quantity, why, null,
    left(concat_ws(' ', 'Return', case when rma is not null then 'RMA ' || rma end), 100));
  if product.dea_schedule is not null then
    perform private.record_controlled_substance_change(product.id, product.stock, product.stock - quantity,
      product.dea_schedule, product.dea_schedule,
      format('%s to %s: %s', case when destination = 'destruction' then 'Destroyed' else 'Returned' end,
             case destination when 'wholesaler' then 'wholesaler' when 'reverse_distributor' then distributor else 'destruction' end, why));
  end if;
  insert into public.inventory_returns (pharmacy_id, medication_id, lot_id, quantity, reason, reason_detail, destination,
    wholesaler_id, reverse_distributor, unit_cost_cents, rma_number, dea_form_222_number, movement_id, created_by)
  values (pharmacy, product.id, lot.id, quantity, reason, detail, destination,
    case when destination = 'wholesaler' then create_inventory_return.wholesaler_id end, distributor,
    moved.unit_cost_cents, rma, form_222, moved.id, (select auth.uid()))
  returning * into created;
  return created;
end
$$;
comment on function private.create_inventory_return(uuid, integer, text, text, text, uuid, text, text, text) is
  'Creates a pending return of units of a lot (pharmacist or admin): reason (other needs a description), destination '
  '(a wholesaler of the pharmacy, a reverse distributor by name, destruction), the RMA number, and for Schedule II '
  'the DEA Form 222 number (Schedule II is not destroyed here). The units leave the lot at once as a '
  'return_to_wholesaler (or destruction) movement at the ledger''s unit cost; a controlled substance''s return is '
  'audited. Answers the return.';

create function private.process_inventory_returns(return_ids uuid[] default null, credits jsonb default '{}'::jsonb)
returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  pharmacy uuid := private.current_pharmacy_id();
  item record;
  credit jsonb;
  credit_value bigint;
  processed integer := 0;
  credited bigint := 0;
begin
  if pharmacy is null or not private.current_staff_can('inventory:adjust') then
    raise exception 'Only a pharmacist or admin can process returns' using errcode = '42501';
  end if;
  if jsonb_typeof(coalesce(credits, '{}'::jsonb)) <> 'object' then
    raise exception 'Credits are given per return, in cents' using errcode = '22023';
  end if;
  if cardinality(return_ids) > 500 then
    raise exception 'Process at most 500 returns at a time' using errcode = '22023';
  end if;
  if return_ids is not null and exists (select 1 from unnest(return_ids) as chosen (id)
      where not exists (select 1 from public.inventory_returns r where r.pharmacy_id = pharmacy and r.id = chosen.id)) then
    raise exception 'Return not found' using errcode = 'P0002';
  end if;
  for item in
    select r.id, r.status, r.destination, r.quantity, r.rma_number, r.created_at,
           concat_ws(' ', m.name, m.strength) as product_name
    from public.inventory_returns r
    join public.medications m on m.pharmacy_id = r.pharmacy_id and m.id = r.medication_id
    where r.pharmacy_id = pharmacy
      and (case when return_ids is null then r.status = 'pending' else r.id = any (return_ids) end)
    order by r.created_at, r.id
    limit 501
    for update of r
  loop
    if processed = 500 then
      raise exception 'Process at most 500 returns at a time: choose the returns to process' using errcode = '22023';
    end if;
    if item.status <> 'pending' then
      raise exception 'The return of % % on % is already %: nothing was processed', item.quantity, item.product_name,
        to_char(item.created_at, 'MM/DD/YYYY'), item.status using errcode = 'P0001';
    end if;
    credit := coalesce(credits, '{}'::jsonb) -> item.id::text;
    if credit is null or jsonb_typeof(credit) = 'null' then
      if item.destination <> 'destruction' then
        raise exception 'Enter the credit received for the return of % %', item.quantity,
          item.product_name || coalesce(' (RMA ' || item.rma_number || ')', '') using errcode = '23514';
      end if;
      credit_value := 0;
    elsif jsonb_typeof(credit) <> 'number' or (credit #>> '{}')::numeric <> trunc((credit #>> '{}')::numeric)
          or (credit #>> '{}')::numeric not between 0 and 100000000000 then
      raise exception 'The credit for the return of % % must be a whole number of cents of at least 0', item.quantity, item.product_name
        using errcode = '23514';
    else
      credit_value := (credit #>> '{}')::bigint;
    end if;
    update public.inventory_returns r
    set status = 'processed', processed_at = now(), processed_by = (select auth.uid()), credit_cents = credit_value
    where r.id = item.id;
    processed := processed + 1;
    credited := credited + credit_value;
  end loop;
  if processed = 0 then
    raise exception 'There are no pending returns to process' using errcode = 'P0002';
  end if;
  return jsonb_build_object('processed', processed, 'creditCents', credited);
end
$$;
comment on function private.process_inventory_returns(uuid[], jsonb) is
  'Process Pending Returns (pharmacist or admin): the chosen returns, or every pending one when none are chosen (at '
  'most 500), become processed in one transaction, each with its credit in cents from credits ({returnId: cents}; '
  'required except for a destruction, 0 then). A return not pending refuses the batch. Answers {processed, creditCents}.';

create function private.cancel_inventory_return(return_id uuid, reason text) returns public.inventory_returns
language plpgsql security definer
set search_path = ''
as $$
declare
  pharmacy uuid := private.current_pharmacy_id();
  found public.inventory_returns;
  product public.medications;
  why text := nullif(btrim(coalesce(reason, '')), '');
  moved public.inventory_movements;
begin
  if pharmacy is null or not private.current_staff_can('inventory:adjust') then
    raise exception 'Only a pharmacist or admin can cancel a return' using errcode = '42501';
  end if;
  if why is null then
    raise exception 'Give the reason for cancelling the return' using errcode = '23514';
  end if;
  select * into found from public.inventory_returns r where r.pharmacy_id = pharmacy and r.id = return_id for update;
  if found.id is null then
    raise exception 'Return not found' using errcode = 'P0002';
  end if;
  product := private.stocked_product(found.medication_id);
  if found.status <> 'pending' then
    raise exception 'The return of % % is already %; only a pending return is cancelled', found.quantity,
      concat_ws(' ', product.name, product.strength), found.status using errcode = 'P0001';
  end if;
  -- Back into the lot it left, as the same kind (positive): the kind's sum stays what actually left.
  moved := private.post_stock_movement(found.lot_id,
    case when found.destination = 'destruction' then 'destruction' else 'return_to_wholesaler' end, found.quantity,
    'Return cancelled: ' || why, null,
    left(concat_ws(' ', 'Return cancelled', case when found.rma_number is not null then 'RMA ' || found.rma_number end), 100));
  if product.dea_schedule is not null then
    perform private.record_controlled_substance_change(product.id, product.stock, product.stock + found.quantity,
      product.dea_schedule, product.dea_schedule, 'Return cancelled: ' || why);
  end if;
  update public.inventory_returns r
  set status = 'cancelled', cancelled_at = now(), cancelled_by = (select auth.uid()), cancel_reason = why,
      cancel_movement_id = moved.id
  where r.id = found.id
  returning * into found;
  return found;
end
$$;
comment on function private.cancel_inventory_return(uuid, text) is
  'Cancels a pending return (pharmacist or admin, with a reason): its units go back into the lot they left, as a '
  'positive movement of the same kind; a controlled substance''s is audited. Answers the return.';

-- -----------------------------------------------------------------------------------------------------
-- The Returns tab's list
-- -----------------------------------------------------------------------------------------------------
create function public.inventory_return_page(status_filter text default 'all', page_size integer default 25, page_offset integer default 0)
returns table (
  id uuid, medication_id uuid, product_name text, strength text, ndc_number text, dea_schedule text,
  lot_id uuid, lot_number text, expiration_date date, quantity integer, reason text, reason_detail text,
  destination text, wholesaler_id uuid, wholesaler_name text, reverse_distributor text,
  unit_cost_cents integer, total_value_cents bigint, rma_number text, dea_form_222_number text,
  status text, credit_cents bigint, cancel_reason text, created_at timestamptz, created_by_name text,
  processed_at timestamptz, processed_by_name text, cancelled_at timestamptz, total_count bigint
)
language plpgsql stable
set search_path = ''
as $$
begin
  if page_size is null or page_size not between 1 and 100 then
    raise exception 'A page holds 1 to 100 returns' using errcode = '22023';
  end if;
  if page_offset is null or page_offset < 0 then
    raise exception 'A page starts at return 0 or later' using errcode = '22023';
  end if;
  if coalesce(status_filter, 'all') not in ('all', 'pending', 'processed', 'cancelled') then
    raise exception 'Status must be all, pending, processed or cancelled' using errcode = '22023';
  end if;
  return query
  with matching as (
    select r.* from public.inventory_returns r
    where r.pharmacy_id = (select private.current_pharmacy_id())
      and (coalesce(status_filter, 'all') = 'all' or r.status = status_filter)
  ), page as (
    select mr.* from matching mr order by mr.created_at desc, mr.id desc limit page_size offset page_offset
  )
  select p.id, p.medication_id, m.name, m.strength, m.ndc_number, m.dea_schedule,
         p.lot_id, l.lot_number, l.expiration_date, p.quantity, p.reason, p.reason_detail,
         p.destination, p.wholesaler_id, w.name, p.reverse_distributor,
         p.unit_cost_cents, p.total_value_cents, p.rma_number, p.dea_form_222_number,
         p.status, p.credit_cents, p.cancel_reason, p.created_at, concat_ws(' ', creator.first_name, creator.last_name),
         p.processed_at, nullif(concat_ws(' ', processor.first_name, processor.last_name), ''), p.cancelled_at,
         (select count(*) from matching)
  from page p
  join public.medications m on m.pharmacy_id = p.pharmacy_id and m.id = p.medication_id
  join public.inventory_lots l on l.pharmacy_id = p.pharmacy_id and l.id = p.lot_id
  left join public.wholesalers w on w.pharmacy_id = p.pharmacy_id and w.id = p.wholesaler_id
  left join public.staff_profiles creator on creator.user_id = p.created_by
  left join public.staff_profiles processor on processor.user_id = p.processed_by
  order by p.created_at desc, p.id desc;
end
$$;
comment on function public.inventory_return_page(text, integer, integer) is
  'One page (newest first, 1–100) of the caller''s pharmacy''s returns, all or by status (pending, processed, '
  'cancelled), with the product, lot, wholesaler, values in cents, who created and processed each, and the number '
  'matching (total_count on every row). Security invoker: rows are read through RLS.';

-- -----------------------------------------------------------------------------------------------------
-- The callable faces (security invoker; the work is the private definers')
-- -----------------------------------------------------------------------------------------------------
create function public.create_inventory_return(
  lot_id uuid, quantity integer, reason text, destination text, reason_detail text default null,
  wholesaler_id uuid default null, reverse_distributor text default null, rma_number text default null,
  dea_form_222_number text default null
) returns public.inventory_returns
language sql
set search_path = ''
as $$
  select * from private.create_inventory_return(lot_id, quantity, reason, destination, reason_detail, wholesaler_id,
    reverse_distributor, rma_number, dea_form_222_number)
$$;
comment on function public.create_inventory_return(uuid, integer, text, text, text, uuid, text, text, text) is
  'See private.create_inventory_return (security definer: it posts to the ledger nobody writes directly).';

create function public.process_inventory_returns(return_ids uuid[] default null, credits jsonb default '{}'::jsonb)
returns jsonb
language sql
set search_path = ''
as $$
  select private.process_inventory_returns(return_ids, credits)
$$;
comment on function public.process_inventory_returns(uuid[], jsonb) is 'See private.process_inventory_returns.';

create function public.cancel_inventory_return(return_id uuid, reason text) returns public.inventory_returns
language sql
set search_path = ''
as $$
  select * from private.cancel_inventory_return(return_id, reason)
$$;
comment on function public.cancel_inventory_return(uuid, text) is
  'See private.cancel_inventory_return (security definer: it posts to the ledger nobody writes directly).';

-- -----------------------------------------------------------------------------------------------------
-- Grants and messages
-- -----------------------------------------------------------------------------------------------------
revoke all on function private.return_reason_label(text, text) from public;
revoke all on function private.create_inventory_return(uuid, integer, text, text, text, uuid, text, text, text) from public;
revoke all on function private.process_inventory_returns(uuid[], jsonb) from public;
revoke all on function private.cancel_inventory_return(uuid, text) from public;
grant execute on function private.create_inventory_return(uuid, integer, text, text, text, uuid, text, text, text) to authenticated;
grant execute on function private.process_inventory_returns(uuid[], jsonb) to authenticated;
grant execute on function private.cancel_inventory_return(uuid, text) to authenticated;
revoke all on function public.create_inventory_return(uuid, integer, text, text, text, uuid, text, text, text) from public, anon;
revoke all on function public.process_inventory_returns(uuid[], jsonb) from public, anon;
revoke all on function public.cancel_inventory_return(uuid, text) from public, anon;
revoke all on function public.inventory_return_page(text, integer, integer) from public, anon;
grant execute on function public.create_inventory_return(uuid, integer, text, text, text, uuid, text, text, text) to authenticated;
grant execute on function public.process_inventory_returns(uuid[], jsonb) to authenticated;
grant execute on function public.cancel_inventory_return(uuid, text) to authenticated;
grant execute on function public.inventory_return_page(text, integer, integer) to authenticated;

select private.install_constraint_explanations('public.inventory_returns');
select private.install_constraint_explanations('public.inventory_movements');
-- A product named by a return is kept: medications' delete message learns the new reference.
select private.install_constraint_explanations('public.medications');

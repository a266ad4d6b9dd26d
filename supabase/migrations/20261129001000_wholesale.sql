-- =====================================================================================================
-- Wholesale: connections, purchase orders over X12 EDI, ship notices, invoices and receiving (issue 24)
-- =====================================================================================================
-- * wholesalers: a pharmacy's trading partners (spec §3 Wholesaler connection). The API key is in Vault under
--   'wholesaler:<id>:api_key' and never read back by staff; the row keeps its last four characters to show masked.
--   Status is what the last real exchange said (pending until one happens, then connected or error).
-- * wholesale_orders / wholesale_order_lines: orders by NDC and package quantity. A technician may draft one; a
--   pharmacist or admin submits it (the api function sends the X12 850 and records what came back). Schedule II
--   lines are never sent by EDI: they go on their own order with the DEA Form 222 or CSOS order number.
-- * wholesale_exchanges: every HTTP exchange with a wholesaler, raw both ways (what was sent, what answered).
-- * wholesale_documents: each X12 transaction set received or sent, raw and as data, once (the same document
--   twice changes nothing: unique per wholesaler, direction, interchange and set control numbers).
-- * wholesale_shipment_items: the 856's items per order (NDC, lot, expiry, serials): the DSCSA transaction
--   information kept with the order. wholesale_receipts: what was received against an order, package by package
--   or line by line, each with its ledger movement.
-- * Recording an exchange (public.record_wholesale_exchange) is the api function's, as the service role, with the
--   acting staff member's id: only the function that really talked to the wholesaler can write documents. The
--   caller is authorised first with their own JWT (public.wholesaler_for_exchange).
-- Package quantities: an order line, an 855/856/810 line and a scan count packages of the NDC (unit EA); the ledger
-- counts units, package × private.package_units.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- Package units (one rule for forecasts, orders and receiving)
-- -----------------------------------------------------------------------------------------------------
create function private.package_units(product public.medications) returns integer
language sql immutable
set search_path = ''
as $$
  select greatest(coalesce(case when product.package_unit = 'EA' and product.package_size = trunc(product.package_size)
                                then product.package_size::integer end, 1), 1)
$$;
comment on function private.package_units(public.medications) is
  'The stock units in one package of a product: its package size when counted in each (EA) and whole, else 1 (a '
  'bottle of liquid is stocked, ordered and received as one). The forecasts'' whole packages use the same rule.';

-- -----------------------------------------------------------------------------------------------------
-- Wholesalers
-- -----------------------------------------------------------------------------------------------------
create table public.wholesalers (
  id uuid primary key default gen_random_uuid(),
  pharmacy_id uuid not null default private.current_pharmacy_id() references public.pharmacies (id) on delete cascade,
  name text not null,
  api_endpoint text not null,
  account_number text not null,
  daily_order_cutoff time not null,
  partner_id text not null,
  api_key_last4 text,
  status text not null default 'pending',
  status_detail text,
  documents_seen text[] not null default '{}',
  next_control_number integer not null default 1,
  last_received_control_number integer not null default 0,
  last_exchange_at timestamptz,
  last_sync_at timestamptz,
  suggested_order_built_on date,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid references auth.users (id),
  constraint wholesalers_pharmacy_id_id_key unique (pharmacy_id, id),
  constraint wholesalers_name_check check (name = btrim(name) and length(name) between 1 and 80),
  constraint wholesalers_api_endpoint_check check (api_endpoint ~* '^https?://[^\s/?#]+[^\s]*$' and length(api_endpoint) <= 500),
  constraint wholesalers_account_number_check check (account_number ~ '^[A-Za-z0-9-]{1,15}$'),
  constraint wholesalers_partner_id_check check (partner_id ~ '^[A-Z0-9]{2,15}$'),
  constraint wholesalers_status_check check (status in ('connected', 'pending', 'error')),
  constraint wholesalers_status_detail_check check (length(status_detail) <= 500),
  constraint wholesalers_control_number_check check (next_control_number between 1 and 999999999
    and last_received_control_number between 0 and 999999999)
);
comment on table public.wholesalers is
  'A pharmacy''s wholesaler connections (spec §3): name, apiEndpoint (X12 over HTTP: POST {endpoint}/x12, GET '
  '{endpoint}/x12?after=), account number (the 850''s bill-to and the ISA sender), the daily order cut-off (pharmacy '
  'local time), the partner''s interchange id (ISA08), the key''s last four characters (the key is in Vault), status '
  'from the last real exchange, the document kinds it has sent (its features), our next ISA control number and the '
  'last one received from it. Staff read; pharmacists and admins write through public.save_wholesaler.';
comment on column public.wholesalers.next_control_number is 'The ISA13 of our next interchange to this wholesaler: unique and increasing.';
comment on column public.wholesalers.last_received_control_number is 'The highest ISA13 received from it: the sync asks for later ones (?after=).';
comment on column public.wholesalers.suggested_order_built_on is 'The pharmacy-local day the daily job last built its suggested order (once a day, before the cut-off).';
comment on constraint wholesalers_name_check on public.wholesalers is 'A wholesaler''s name is 1 to 80 characters';
comment on constraint wholesalers_api_endpoint_check on public.wholesalers is 'The API endpoint must be an http(s) URL of at most 500 characters';
comment on constraint wholesalers_account_number_check on public.wholesalers is 'The account number is 1 to 15 letters, digits or hyphens';
create unique index wholesalers_name_key on public.wholesalers (pharmacy_id, lower(name));
create index wholesalers_created_by_idx on public.wholesalers (created_by);

alter table public.wholesalers enable row level security;
revoke insert, update, delete, truncate on public.wholesalers from anon, authenticated;
revoke select on public.wholesalers from anon;
create policy "Staff can read their pharmacy's wholesalers" on public.wholesalers
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
create trigger touch_updated_at before update on public.wholesalers
  for each row execute function private.touch_updated_at();
grant all on public.wholesalers to service_role;

alter table public.inventory_products
  add constraint inventory_products_wholesaler_fkey foreign key (pharmacy_id, preferred_wholesaler_id)
    references public.wholesalers (pharmacy_id, id) on delete set null (preferred_wholesaler_id);
create index inventory_products_wholesaler_idx on public.inventory_products (pharmacy_id, preferred_wholesaler_id)
  where preferred_wholesaler_id is not null;

create function private.wholesaler_secret_name(for_wholesaler_id uuid) returns text
language sql immutable
set search_path = ''
as $$
  select 'wholesaler:' || for_wholesaler_id::text || ':api_key'
$$;
comment on function private.wholesaler_secret_name(uuid) is 'The Vault name of a wholesaler''s API key.';

create function private.save_wholesaler(
  wholesaler_id uuid, name text, api_endpoint text, account_number text, daily_order_cutoff time,
  api_key text default null, partner_id text default null
) returns public.wholesalers
language plpgsql security definer
set search_path = ''
as $$
declare
  pharmacy uuid := private.current_pharmacy_id();
  saved public.wholesalers;
  key_id uuid;
  clean_key text := nullif(btrim(coalesce(api_key, '')), '');
  partner text := upper(coalesce(nullif(btrim(partner_id), ''),
                                 left(nullif(regexp_replace(name, '[^A-Za-z0-9]', '', 'g'), ''), 15), 'WHOLESALER'));
begin
  if pharmacy is null or not private.current_staff_can('inventory:adjust') then
    raise exception 'Only a pharmacist or admin can configure wholesalers' using errcode = '42501';
  end if;
  if length(partner) < 2 then partner := partner || 'WS'; end if;
  if wholesaler_id is null then
    if clean_key is null then
      raise exception 'Enter the API key the wholesaler gave the pharmacy' using errcode = '23514';
    end if;
    insert into public.wholesalers as w (pharmacy_id, name, api_endpoint, account_number, daily_order_cutoff, partner_id, created_by)
    values (pharmacy, btrim(name), btrim(api_endpoint), btrim(account_number), daily_order_cutoff, partner, (select auth.uid()))
    returning * into saved;
  else
    -- The key goes only to the endpoint it was entered for: a new endpoint needs the key typed again.
    if clean_key is null and exists (select 1 from public.wholesalers w where w.id = wholesaler_id and w.pharmacy_id = pharmacy
                                       and w.api_endpoint is distinct from btrim(save_wholesaler.api_endpoint)) then
      raise exception 'Enter the API key again: a saved key is only sent to the endpoint it was entered for' using errcode = '23514';
    end if;
    update public.wholesalers w
    set name = btrim(save_wholesaler.name), api_endpoint = btrim(save_wholesaler.api_endpoint),
        account_number = btrim(save_wholesaler.account_number), daily_order_cutoff = save_wholesaler.daily_order_cutoff,
        partner_id = case when nullif(btrim(save_wholesaler.partner_id), '') is null then w.partner_id else partner end,
        -- A new endpoint or key has not been tried yet.
        status = case when w.api_endpoint is distinct from btrim(save_wholesaler.api_endpoint) or clean_key is not null
                      then 'pending' else w.status end
    where w.id = wholesaler_id and w.pharmacy_id = pharmacy
    returning * into saved;
    if saved.id is null then
      raise exception 'Wholesaler not found' using errcode = 'P0002';
    end if;
  end if;
  if clean_key is not null then
    if length(clean_key) > 200 or clean_key ~ '[[:space:][:cntrl:]]' then
      raise exception 'The API key is at most 200 characters without spaces' using errcode = '23514';
    end if;
    select s.id into key_id from vault.secrets s where s.name = private.wholesaler_secret_name(saved.id);
    if key_id is null then
      perform vault.create_secret(clean_key, private.wholesaler_secret_name(saved.id), 'Wholesaler API key: ' || saved.name);
    else
      perform vault.update_secret(key_id, clean_key);
    end if;
    update public.wholesalers w set api_key_last4 = right(clean_key, 4) where w.id = saved.id returning * into saved;
  end if;
  perform private.record_audit_event(pharmacy, (select auth.uid()), case when wholesaler_id is null then 'insert' else 'update' end,
    'wholesalers', saved.id::text, 'Wholesaler connection ' || saved.name || ' saved', true,
    jsonb_build_object('apiEndpoint', saved.api_endpoint, 'keyChanged', clean_key is not null));
  return saved;
end
$$;
comment on function private.save_wholesaler(uuid, text, text, text, time, text, text) is
  'Adds (wholesaler_id null) or changes a wholesaler connection of the caller''s pharmacy (pharmacist or admin): the '
  'API key goes to Vault (required when adding or changing the endpoint, so a saved key never goes to a new address; '
  'otherwise null or blank keeps it) and only its last four characters stay on the row; the partner id (ISA08) is '
  'derived from the name when adding and kept unless given; a new endpoint or key makes the status pending until '
  'the next exchange. Audited.';

create function public.save_wholesaler(
  wholesaler_id uuid, name text, api_endpoint text, account_number text, daily_order_cutoff time,
  api_key text default null, partner_id text default null
) returns public.wholesalers
language sql
set search_path = ''
as $$ select private.save_wholesaler(wholesaler_id, name, api_endpoint, account_number, daily_order_cutoff, api_key, partner_id) $$;
comment on function public.save_wholesaler(uuid, text, text, text, time, text, text) is
  'POST /api/wholesalers and Configure: see private.save_wholesaler.';

-- -----------------------------------------------------------------------------------------------------
-- Orders
-- -----------------------------------------------------------------------------------------------------
create table public.wholesale_orders (
  id uuid primary key default gen_random_uuid(),
  pharmacy_id uuid not null default private.current_pharmacy_id() references public.pharmacies (id) on delete cascade,
  wholesaler_id uuid not null,
  order_number bigint generated always as identity,
  po_number text generated always as ('PO' || lpad(order_number::text, 8, '0')) stored,
  status text not null default 'draft',
  source text not null default 'manual',
  controlled_order_form text,
  controlled_order_number text,
  order_date date not null,
  submitted_at timestamptz,
  submitted_by uuid references auth.users (id),
  submission_started_at timestamptz,
  interchange_control_number integer,
  acknowledged_at timestamptz,
  api_order_id text,
  shipped_at timestamptz,
  expected_delivery_date date,
  delivered_at timestamptz,
  invoice_number text,
  invoice_total_cents bigint,
  status_detail text,
  created_at timestamptz not null default now(),
  created_by uuid references auth.users (id),
  updated_at timestamptz not null default now(),
  constraint wholesale_orders_pharmacy_id_id_key unique (pharmacy_id, id),
  constraint wholesale_orders_po_number_key unique (po_number),
  constraint wholesale_orders_wholesaler_fkey foreign key (pharmacy_id, wholesaler_id)
    references public.wholesalers (pharmacy_id, id),
  constraint wholesale_orders_status_check check (status in (
    'draft', 'submitting', 'submitted', 'acknowledged', 'backordered', 'rejected', 'shipped', 'partially_received',
    'delivered', 'cancelled')),
  constraint wholesale_orders_source_check check (source in ('manual', 'auto_reorder')),
  constraint wholesale_orders_controlled_form_check check (
    (controlled_order_form is null and controlled_order_number is null)
    or (controlled_order_form in ('dea_222', 'csos') and controlled_order_number ~ '^[A-Za-z0-9-]{1,20}$')),
  constraint wholesale_orders_status_detail_check check (length(status_detail) <= 500),
  constraint wholesale_orders_invoice_check check (length(invoice_number) <= 30 and invoice_total_cents >= 0)
);
comment on table public.wholesale_orders is
  'Wholesale purchase orders (spec §3 Wholesale order): status draft → submitting → submitted → acknowledged | '
  'backordered | rejected → shipped → partially_received → delivered, or cancelled (the spec''s pending is every '
  'open status); source manual or auto_reorder (the suggested order); a Schedule II order carries its DEA Form 222 '
  'or CSOS number instead of being sent by EDI; the 850''s interchange control number, the wholesaler''s order id '
  '(855 BAK08), the 856''s dates and the 810''s invoice number and total (cents).';
comment on column public.wholesale_orders.po_number is 'The purchase order number sent as BEG03 and matched in every 855/856/810.';
comment on constraint wholesale_orders_controlled_form_check on public.wholesale_orders is
  'A Schedule II order records a DEA Form 222 or CSOS order number of at most 20 letters, digits or hyphens';
create index wholesale_orders_list_idx on public.wholesale_orders (pharmacy_id, order_date desc, order_number desc);
create index wholesale_orders_open_idx on public.wholesale_orders (pharmacy_id, status) where status not in ('delivered', 'cancelled');
create index wholesale_orders_wholesaler_idx on public.wholesale_orders (pharmacy_id, wholesaler_id, status);
create index wholesale_orders_submitted_by_idx on public.wholesale_orders (submitted_by);
create index wholesale_orders_created_by_idx on public.wholesale_orders (created_by);

create table public.wholesale_order_lines (
  id uuid primary key default gen_random_uuid(),
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  order_id uuid not null,
  line_number integer not null,
  medication_id uuid not null,
  ndc text not null,
  quantity integer not null,
  unit_cost_cents integer,
  ack_status text,
  ack_quantity integer,
  substitute_ndc text,
  expected_ship_date date,
  shipped_quantity integer not null default 0,
  received_quantity integer not null default 0,
  invoiced_quantity integer,
  invoiced_unit_cents integer,
  constraint wholesale_order_lines_order_fkey foreign key (pharmacy_id, order_id)
    references public.wholesale_orders (pharmacy_id, id) on delete cascade,
  constraint wholesale_order_lines_medication_fkey foreign key (pharmacy_id, medication_id)
    references public.medications (pharmacy_id, id),
  constraint wholesale_order_lines_line_key unique (order_id, line_number),
  constraint wholesale_order_lines_ndc_key unique (order_id, ndc),
  constraint wholesale_order_lines_ndc_check check (ndc ~ '^[0-9]{11}$' and (substitute_ndc is null or substitute_ndc ~ '^[0-9]{11}$')),
  constraint wholesale_order_lines_quantity_check check (quantity between 1 and 9999 and line_number between 1 and 9999),
  constraint wholesale_order_lines_ack_check check (ack_status in ('IA', 'IB', 'IQ', 'IR', 'IS') and ack_quantity >= 0),
  constraint wholesale_order_lines_counts_check check (shipped_quantity >= 0 and received_quantity >= 0 and invoiced_quantity >= 0),
  constraint wholesale_order_lines_cost_check check (unit_cost_cents >= 0 and invoiced_unit_cents >= 0)
);
comment on table public.wholesale_order_lines is
  'An order''s lines: the product and its 11-digit NDC, packages ordered and the expected price per package (cents), '
  'then what the 855 said (IA accepted, IB back-ordered, IQ quantity changed, IR rejected, IS substituted, with the '
  'quantity and substitute NDC), packages shipped (856), received and invoiced (810, with the invoiced price).';
comment on constraint wholesale_order_lines_ndc_key on public.wholesale_order_lines is 'An order has one line per NDC';
comment on constraint wholesale_order_lines_quantity_check on public.wholesale_order_lines is 'An order line is 1 to 9,999 packages';
create index wholesale_order_lines_medication_idx on public.wholesale_order_lines (pharmacy_id, medication_id);
create index wholesale_order_lines_order_idx on public.wholesale_order_lines (pharmacy_id, order_id);

alter table public.wholesale_orders enable row level security;
alter table public.wholesale_order_lines enable row level security;
revoke insert, update, delete, truncate on public.wholesale_orders, public.wholesale_order_lines from anon, authenticated;
revoke select on public.wholesale_orders, public.wholesale_order_lines from anon;
create policy "Staff can read their pharmacy's wholesale orders" on public.wholesale_orders
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
create policy "Staff can read their pharmacy's wholesale order lines" on public.wholesale_order_lines
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
create trigger touch_updated_at before update on public.wholesale_orders
  for each row execute function private.touch_updated_at();
grant all on public.wholesale_orders, public.wholesale_order_lines to service_role;

-- -----------------------------------------------------------------------------------------------------
-- Exchanges and documents
-- -----------------------------------------------------------------------------------------------------
create table public.wholesale_exchanges (
  id bigint generated always as identity primary key,
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  wholesaler_id uuid not null,
  order_id uuid,
  purpose text not null,
  request_method text not null,
  request_url text not null,
  request_body text,
  response_status integer,
  response_body text,
  outcome text not null,
  detail text,
  occurred_at timestamptz not null default now(),
  performed_by uuid references auth.users (id),
  constraint wholesale_exchanges_wholesaler_fkey foreign key (pharmacy_id, wholesaler_id)
    references public.wholesalers (pharmacy_id, id) on delete cascade,
  constraint wholesale_exchanges_order_fkey foreign key (pharmacy_id, order_id)
    references public.wholesale_orders (pharmacy_id, id) on delete cascade,
  constraint wholesale_exchanges_purpose_check check (purpose in ('test', 'submit', 'sync')),
  constraint wholesale_exchanges_method_check check (request_method in ('GET', 'POST')),
  constraint wholesale_exchanges_outcome_check check (outcome in ('ok', 'error')),
  constraint wholesale_exchanges_size_check check (
    length(request_body) <= 2097152 and length(response_body) <= 2097152 and length(detail) <= 500 and length(request_url) <= 600)
);
comment on table public.wholesale_exchanges is
  'Every HTTP exchange with a wholesaler (Test Connection, an order''s submission, a sync): the request and the '
  'answer as sent and received (X12 text, at most 2 MB each), the outcome and what went wrong, who and when.';
create index wholesale_exchanges_wholesaler_idx on public.wholesale_exchanges (pharmacy_id, wholesaler_id, occurred_at desc);
create index wholesale_exchanges_order_idx on public.wholesale_exchanges (pharmacy_id, order_id) where order_id is not null;
create index wholesale_exchanges_performed_by_idx on public.wholesale_exchanges (performed_by);

create table public.wholesale_documents (
  id bigint generated always as identity primary key,
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  wholesaler_id uuid not null,
  exchange_id bigint references public.wholesale_exchanges (id) on delete set null,
  order_id uuid,
  direction text not null,
  transaction_set text not null,
  interchange_control_number integer not null,
  group_control_number integer not null,
  set_control_number text not null,
  raw text not null,
  parsed jsonb not null,
  apply_error text,
  received_at timestamptz not null default now(),
  constraint wholesale_documents_wholesaler_fkey foreign key (pharmacy_id, wholesaler_id)
    references public.wholesalers (pharmacy_id, id) on delete cascade,
  constraint wholesale_documents_order_fkey foreign key (pharmacy_id, order_id)
    references public.wholesale_orders (pharmacy_id, id) on delete cascade,
  constraint wholesale_documents_once_key unique (wholesaler_id, direction, interchange_control_number, group_control_number, set_control_number),
  constraint wholesale_documents_direction_check check (direction in ('in', 'out')),
  constraint wholesale_documents_set_check check (transaction_set in ('850', '855', '856', '810', '997')),
  constraint wholesale_documents_raw_check check (length(raw) <= 2097152)
);
comment on table public.wholesale_documents is
  'Each X12 transaction set exchanged with a wholesaler, raw and as read (shared/src/inventory/x12), with the order '
  'it concerns: recorded once (the same interchange, group and set again changes nothing); apply_error says why one '
  'that was received could not be applied (a value out of bounds), so it is kept and the feed goes on.';
create index wholesale_documents_order_idx on public.wholesale_documents (pharmacy_id, order_id, received_at) where order_id is not null;
create index wholesale_documents_wholesaler_idx on public.wholesale_documents (pharmacy_id, wholesaler_id, received_at desc);
create index wholesale_documents_exchange_idx on public.wholesale_documents (exchange_id);

create table public.wholesale_shipment_items (
  id bigint generated always as identity primary key,
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  order_id uuid not null,
  document_id bigint not null references public.wholesale_documents (id) on delete cascade,
  shipment_id text not null,
  ndc text not null,
  lot_number text not null default '',
  expiration_date date,
  quantity integer not null,
  serial_numbers text[] not null default '{}',
  constraint wholesale_shipment_items_order_fkey foreign key (pharmacy_id, order_id)
    references public.wholesale_orders (pharmacy_id, id) on delete cascade,
  constraint wholesale_shipment_items_check check (ndc ~ '^[0-9]{11}$' and quantity > 0 and length(lot_number) <= 20
    and length(shipment_id) <= 30 and cardinality(serial_numbers) <= 10000)
);
comment on table public.wholesale_shipment_items is
  'What a ship notice (856) says was shipped on an order: NDC, lot, expiry, packages and their serial numbers — the '
  'DSCSA transaction information, kept with the order; receiving is checked against it.';
create index wholesale_shipment_items_order_idx on public.wholesale_shipment_items (pharmacy_id, order_id, ndc);
create index wholesale_shipment_items_document_idx on public.wholesale_shipment_items (document_id);

create table public.wholesale_receipts (
  id bigint generated always as identity primary key,
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  order_id uuid not null,
  medication_id uuid not null,
  ndc text not null,
  lot_number text not null,
  expiration_date date not null,
  serial_number text,
  packages integer not null,
  movement_id bigint not null references public.inventory_movements (id),
  received_at timestamptz not null default now(),
  received_by uuid references auth.users (id),
  constraint wholesale_receipts_order_fkey foreign key (pharmacy_id, order_id)
    references public.wholesale_orders (pharmacy_id, id),
  constraint wholesale_receipts_medication_fkey foreign key (pharmacy_id, medication_id)
    references public.medications (pharmacy_id, id) on delete cascade,
  constraint wholesale_receipts_check check (ndc ~ '^[0-9]{11}$' and packages > 0 and length(serial_number) between 1 and 20)
);
comment on table public.wholesale_receipts is
  'What was received against an order: a package scanned (with its serial) or a line typed, its lot, expiry and '
  'the receipt movement it posted. A serial number is received once per pharmacy and NDC.';
create unique index wholesale_receipts_serial_key on public.wholesale_receipts (pharmacy_id, ndc, serial_number)
  where serial_number is not null;
create index wholesale_receipts_order_idx on public.wholesale_receipts (pharmacy_id, order_id, ndc);
create index wholesale_receipts_medication_idx on public.wholesale_receipts (pharmacy_id, medication_id);
create index wholesale_receipts_movement_idx on public.wholesale_receipts (movement_id);
create index wholesale_receipts_received_by_idx on public.wholesale_receipts (received_by);

alter table public.wholesale_exchanges enable row level security;
alter table public.wholesale_documents enable row level security;
alter table public.wholesale_shipment_items enable row level security;
alter table public.wholesale_receipts enable row level security;
revoke insert, update, delete, truncate on public.wholesale_exchanges, public.wholesale_documents,
  public.wholesale_shipment_items, public.wholesale_receipts from anon, authenticated;
revoke select on public.wholesale_exchanges, public.wholesale_documents, public.wholesale_shipment_items,
  public.wholesale_receipts from anon;
create policy "Staff can read their pharmacy's wholesale exchanges" on public.wholesale_exchanges
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
create policy "Staff can read their pharmacy's wholesale documents" on public.wholesale_documents
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
create policy "Staff can read their pharmacy's shipment items" on public.wholesale_shipment_items
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
create policy "Staff can read their pharmacy's wholesale receipts" on public.wholesale_receipts
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
grant all on public.wholesale_exchanges, public.wholesale_documents, public.wholesale_shipment_items,
  public.wholesale_receipts to service_role;

-- -----------------------------------------------------------------------------------------------------
-- Who may exchange with a wholesaler (the caller's JWT) and what the api function needs to do it (service role)
-- -----------------------------------------------------------------------------------------------------
create function private.caller_wholesaler(for_wholesaler_id uuid) returns public.wholesalers
language plpgsql stable security definer
set search_path = ''
as $$
declare
  found public.wholesalers;
begin
  select * into found from public.wholesalers w
  where w.id = for_wholesaler_id and w.pharmacy_id = private.current_pharmacy_id();
  if found.id is null then
    raise exception 'Wholesaler not found' using errcode = 'P0002';
  end if;
  return found;
end
$$;
comment on function private.caller_wholesaler(uuid) is 'The caller''s pharmacy''s wholesaler, or "Wholesaler not found".';

create function private.authorize_wholesaler_exchange(wholesaler_id uuid, purpose text) returns uuid
language plpgsql stable security definer
set search_path = ''
as $$
declare
  found public.wholesalers := private.caller_wholesaler(wholesaler_id);
begin
  if purpose not in ('test', 'sync') then
    raise exception 'Unknown exchange %', purpose using errcode = '22023';
  end if;
  if not private.current_staff_can('inventory:manage') then
    raise exception 'Only staff of the pharmacy can exchange documents with a wholesaler' using errcode = '42501';
  end if;
  if purpose = 'test' and not private.current_staff_can('inventory:adjust') then
    raise exception 'Only a pharmacist or admin can test a wholesaler connection' using errcode = '42501';
  end if;
  return found.id;
end
$$;
comment on function private.authorize_wholesaler_exchange(uuid, text) is
  'Checks, as the caller, that a Test Connection (pharmacist or admin) or a sync (any staff) of this wholesaler of '
  'their pharmacy is allowed; answers its id. The api function asks this before it uses the service role.';

create function public.wholesaler_exchange_setup(wholesaler_id uuid, take_control_number boolean) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  found public.wholesalers;
  pharmacy public.pharmacies;
  api_key text;
  control_number integer;
begin
  select * into found from public.wholesalers w where w.id = wholesaler_id for update;
  if found.id is null then
    raise exception 'Wholesaler not found' using errcode = 'P0002';
  end if;
  select * into pharmacy from public.pharmacies p where p.id = found.pharmacy_id;
  select d.decrypted_secret into api_key from vault.decrypted_secrets d where d.name = private.wholesaler_secret_name(found.id);
  if take_control_number then
    control_number := found.next_control_number;
    update public.wholesalers w
    set next_control_number = case when w.next_control_number >= 999999999 then 1 else w.next_control_number + 1 end
    where w.id = found.id;
  end if;
  return jsonb_build_object(
    'wholesalerId', found.id, 'pharmacyId', found.pharmacy_id, 'name', found.name, 'apiEndpoint', found.api_endpoint,
    'apiKey', api_key, 'accountNumber', found.account_number, 'partnerId', found.partner_id,
    'pharmacyName', coalesce(pharmacy.trade_name, pharmacy.pharmacy_name), 'pharmacyNcpdpId', pharmacy.ncpdp_id, 'pharmacyDeaNumber', pharmacy.dea_number,
    'timeZone', coalesce(pharmacy.time_zone, 'America/New_York'),
    'lastReceivedControlNumber', found.last_received_control_number, 'controlNumber', control_number);
end
$$;
comment on function public.wholesaler_exchange_setup(uuid, boolean) is
  'Service role only (the api function, after authorising the caller): what an exchange needs — the endpoint, the '
  'API key from Vault, the account and partner ids, the pharmacy''s name, NCPDP id, DEA number and time zone, the last control '
  'number received, and, when asked, our next interchange control number (taken under the row lock: unique and '
  'increasing).';
revoke all on function public.wholesaler_exchange_setup(uuid, boolean) from public, anon, authenticated;
grant execute on function public.wholesaler_exchange_setup(uuid, boolean) to service_role;

-- -----------------------------------------------------------------------------------------------------
-- Orders: create, submit, cancel
-- -----------------------------------------------------------------------------------------------------
create function private.create_wholesale_order(
  wholesaler_id uuid, lines jsonb, controlled_order_form text default null, controlled_order_number text default null,
  order_source text default 'manual'
) returns public.wholesale_orders
language plpgsql security definer
set search_path = ''
as $$
declare
  found public.wholesalers := private.caller_wholesaler(wholesaler_id);
  created public.wholesale_orders;
  line jsonb;
  product public.medications;
  position integer := 0;
  schedule_ii integer := 0;
begin
  if not private.current_staff_can('inventory:manage') then
    raise exception 'Only staff of the pharmacy can order stock' using errcode = '42501';
  end if;
  if jsonb_typeof(lines) <> 'array' or jsonb_array_length(lines) = 0 then
    raise exception 'Add at least one line: an NDC and a number of packages' using errcode = '23514';
  end if;
  if jsonb_array_length(lines) > 9999 then
    raise exception 'An order has at most 9,999 lines' using errcode = '23514';
  end if;
  insert into public.wholesale_orders (pharmacy_id, wholesaler_id, source, controlled_order_form, controlled_order_number,
    order_date, created_by)
  values (found.pharmacy_id, found.id, order_source, nullif(btrim(controlled_order_form), ''),
    nullif(btrim(controlled_order_number), ''), private.pharmacy_local_date(found.pharmacy_id, now()), (select auth.uid()))
  returning * into created;
  for line in select value from jsonb_array_elements(lines) loop
    position := position + 1;
    select * into product from public.medications m
    where m.pharmacy_id = found.pharmacy_id and m.ndc11 = line ->> 'ndc';
    if product.id is null then
      raise exception 'Line %: NDC % is not in the Drug Database; add the product first', position,
        coalesce(line ->> 'ndc', '(none)') using errcode = '23514';
    end if;
    if product.dea_schedule = 'II' then schedule_ii := schedule_ii + 1; end if;
    insert into public.wholesale_order_lines (pharmacy_id, order_id, line_number, medication_id, ndc, quantity, unit_cost_cents)
    values (found.pharmacy_id, created.id, position, product.id, product.ndc11, (line ->> 'quantity')::integer,
      (select ip.acquisition_cost_cents * private.package_units(product) from public.inventory_products ip
       where ip.pharmacy_id = product.pharmacy_id and ip.medication_id = product.id));
  end loop;
  if schedule_ii > 0 and schedule_ii < position then
    raise exception 'Schedule II lines go on their own order, with its DEA Form 222 or CSOS number' using errcode = '23514';
  end if;
  if schedule_ii > 0 and created.controlled_order_form is null then
    raise exception 'Schedule II products are not ordered by EDI: record the DEA Form 222 or CSOS order number' using errcode = '23514';
  end if;
  if schedule_ii = 0 and created.controlled_order_form is not null then
    raise exception 'A DEA Form 222 or CSOS number is only for an order of Schedule II products' using errcode = '23514';
  end if;
  if schedule_ii > 0 and not private.current_staff_can('inventory:adjust') then
    raise exception 'Only a pharmacist or admin can order Schedule II stock' using errcode = '42501';
  end if;
  return created;
exception
  when unique_violation then
    raise exception 'An order has one line per NDC: add the packages up on one line' using errcode = '23505';
  when invalid_text_representation or numeric_value_out_of_range then
    raise exception 'Line %: the number of packages must be a whole number from 1 to 9,999', position using errcode = '23514';
  when not_null_violation then
    raise exception 'Line %: enter the number of packages', position using errcode = '23514';
end
$$;
comment on function private.create_wholesale_order(uuid, jsonb, text, text, text) is
  'Drafts an order to a wholesaler of the caller''s pharmacy (any staff; Schedule II a pharmacist or admin): lines '
  '[{ndc (11 digits, a product in the Drug Database), quantity (packages)}] priced from the product''s acquisition '
  'cost; a Schedule II order holds only Schedule II lines and carries its DEA Form 222 or CSOS number.';

create function public.create_wholesale_order(
  wholesaler_id uuid, lines jsonb, controlled_order_form text default null, controlled_order_number text default null
) returns public.wholesale_orders
language sql
set search_path = ''
as $$ select private.create_wholesale_order(wholesaler_id, lines, controlled_order_form, controlled_order_number, 'manual') $$;
comment on function public.create_wholesale_order(uuid, jsonb, text, text) is
  'POST /api/inventory/orders and Create New Order: see private.create_wholesale_order.';

create function private.caller_order(for_order_id uuid) returns public.wholesale_orders
language plpgsql stable security definer
set search_path = ''
as $$
declare
  found public.wholesale_orders;
begin
  select * into found from public.wholesale_orders o
  where o.id = for_order_id and o.pharmacy_id = private.current_pharmacy_id();
  if found.id is null then
    raise exception 'Order not found' using errcode = 'P0002';
  end if;
  return found;
end
$$;
comment on function private.caller_order(uuid) is 'The caller''s pharmacy''s wholesale order, or "Order not found".';

create function private.begin_wholesale_order_submission(order_id uuid) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  found public.wholesale_orders := private.caller_order(order_id);
begin
  if not private.current_staff_can('inventory:adjust') then
    raise exception 'Only a pharmacist or admin can submit an order' using errcode = '42501';
  end if;
  select * into found from public.wholesale_orders o where o.id = found.id for update;
  -- A submission that never came back (the function stopped) may be tried again after two minutes.
  if found.status = 'submitting' and found.submission_started_at > now() - interval '2 minutes' then
    raise exception 'Order % is being submitted from another terminal', found.po_number using errcode = 'P0001';
  end if;
  if found.status not in ('draft', 'submitting') then
    raise exception 'Order % was already submitted (%)', found.po_number, replace(found.status, '_', ' ') using errcode = 'P0001';
  end if;
  if found.controlled_order_form is not null then
    -- Schedule II: the DEA Form 222 or CSOS order is the order; nothing goes by EDI.
    update public.wholesale_orders o
    set status = 'submitted', submitted_at = now(), submitted_by = (select auth.uid()), status_detail =
      case found.controlled_order_form when 'dea_222' then 'Ordered on DEA Form 222 ' else 'Ordered by CSOS order ' end
      || found.controlled_order_number
    where o.id = found.id;
    perform private.record_audit_event(found.pharmacy_id, (select auth.uid()), 'submit', 'wholesale_orders', found.id::text,
      'Schedule II order ' || found.po_number || ' recorded with ' || found.controlled_order_form || ' ' || found.controlled_order_number, true);
    return jsonb_build_object('sendByEdi', false, 'orderId', found.id);
  end if;
  update public.wholesale_orders o set status = 'submitting', submission_started_at = now() where o.id = found.id;
  return jsonb_build_object(
    'sendByEdi', true, 'orderId', found.id, 'wholesalerId', found.wholesaler_id, 'poNumber', found.po_number,
    'orderDate', found.order_date,
    'lines', (select jsonb_agg(jsonb_build_object('ndc11', l.ndc, 'quantity', l.quantity, 'unitCostCents', l.unit_cost_cents)
                               order by l.line_number)
              from public.wholesale_order_lines l where l.order_id = found.id));
end
$$;
comment on function private.begin_wholesale_order_submission(uuid) is
  'Submit, as the caller (pharmacist or admin): a Schedule II order is recorded as submitted with its DEA Form 222 '
  'or CSOS number; any other draft is marked submitting (one terminal at a time) and its PO number, date and lines '
  'are answered for the api function to send as an X12 850. record_wholesale_exchange settles it.';

create function private.cancel_wholesale_order(order_id uuid) returns public.wholesale_orders
language plpgsql security definer
set search_path = ''
as $$
declare
  found public.wholesale_orders := private.caller_order(order_id);
begin
  if not private.current_staff_can('inventory:manage') then
    raise exception 'Only staff of the pharmacy can cancel orders' using errcode = '42501';
  end if;
  -- Under the row lock: a submission that began meanwhile wins.
  select * into found from public.wholesale_orders o where o.id = found.id for update;
  if found.status not in ('draft', 'rejected', 'backordered') then
    raise exception 'Order % was sent to the wholesaler (%): call them to cancel it', found.po_number,
      replace(found.status, '_', ' ') using errcode = 'P0001';
  end if;
  update public.wholesale_orders o set status = 'cancelled' where o.id = found.id returning * into found;
  return found;
end
$$;
comment on function private.cancel_wholesale_order(uuid) is
  'Cancels a draft order, or one the wholesaler rejected or back-ordered (any staff); a sent order is cancelled by '
  'the wholesaler.';

-- -----------------------------------------------------------------------------------------------------
-- Recording an exchange and applying what the wholesaler sent (service role: the api function)
-- -----------------------------------------------------------------------------------------------------
create function private.wholesale_order_by_po(for_wholesaler public.wholesalers, po text) returns public.wholesale_orders
language sql stable security definer
set search_path = ''
as $$
  select o.* from public.wholesale_orders o
  where o.pharmacy_id = for_wholesaler.pharmacy_id and o.wholesaler_id = for_wholesaler.id and o.po_number = po
$$;
comment on function private.wholesale_order_by_po(public.wholesalers, text) is 'An order to this wholesaler by its PO number (null when none).';

create function private.apply_po_ack(for_wholesaler public.wholesalers, ack jsonb) returns uuid
language plpgsql security definer
set search_path = ''
as $$
declare
  target public.wholesale_orders := private.wholesale_order_by_po(for_wholesaler, ack ->> 'poNumber');
  line jsonb;
  first_ack jsonb;
  statuses text[];
begin
  if target.id is null then return null; end if;
  for line in select value from jsonb_array_elements(coalesce(ack -> 'lines', '[]')) loop
    first_ack := line -> 'acks' -> 0;
    -- A line may carry several ACKs (6 accepted, 4 back-ordered): what ships is the sum of the accepted ones.
    update public.wholesale_order_lines l
    set ack_status = first_ack ->> 'status',
        ack_quantity = (select coalesce(sum((a ->> 'quantity')::integer), 0) from jsonb_array_elements(line -> 'acks') a
                        where a ->> 'status' in ('IA', 'IQ', 'IS')),
        substitute_ndc = (select min(a ->> 'substituteNdc11') from jsonb_array_elements(line -> 'acks') a),
        expected_ship_date = (select min((a ->> 'expectedShipDate')::date) from jsonb_array_elements(line -> 'acks') a),
        unit_cost_cents = coalesce((line ->> 'unitPriceCents')::integer, l.unit_cost_cents)
    where l.order_id = target.id and (l.line_number::text = line ->> 'lineNumber' or l.ndc = line ->> 'ndc11')
      and first_ack is not null;
  end loop;
  select array_agg(case when l.ack_status is null then 'IA' when l.ack_quantity = 0 and l.ack_status not in ('IR') then 'IB'
                        else l.ack_status end)
  into statuses from public.wholesale_order_lines l where l.order_id = target.id;
  update public.wholesale_orders o
  set api_order_id = coalesce(ack ->> 'sellerOrderNumber', o.api_order_id), acknowledged_at = now(),
      status = case
        when o.status not in ('submitting', 'submitted', 'acknowledged', 'backordered') then o.status
        when ack ->> 'ackType' in ('RJ', 'RD') or statuses <@ array['IR'] then 'rejected'
        when statuses <@ array['IB', 'IR'] then 'backordered'
        else 'acknowledged' end,
      status_detail = case ack ->> 'ackType'
        when 'AD' then 'Accepted as ordered'
        when 'AC' then 'Accepted with changes: see the lines'
        when 'AK' then 'Acknowledged, no detail or change'
        when 'RD' then 'Rejected with detail: see the lines'
        when 'RJ' then 'Rejected by the wholesaler'
        else o.status_detail end
  where o.id = target.id;
  return target.id;
end
$$;
comment on function private.apply_po_ack(public.wholesalers, jsonb) is
  'Applies an 855 to its order: each line''s status (IA, IB, IQ, IR, IS), quantity, substitute and ship date, the '
  'wholesaler''s price and order number; the order becomes acknowledged, back-ordered or rejected (never moved back '
  'once shipped). Answers the order id, null when the PO is not ours.';

create function private.apply_ship_notice(for_wholesaler public.wholesalers, notice jsonb, document_id bigint) returns uuid
language plpgsql security definer
set search_path = ''
as $$
declare
  shipped_order jsonb;
  item jsonb;
  target public.wholesale_orders;
  first_order uuid;
begin
  for shipped_order in select value from jsonb_array_elements(coalesce(notice -> 'orders', '[]')) loop
    target := private.wholesale_order_by_po(for_wholesaler, shipped_order ->> 'poNumber');
    continue when target.id is null;
    -- The same shipment sent again (a new interchange) is not shipped twice.
    continue when exists (select 1 from public.wholesale_shipment_items s
                          where s.order_id = target.id and s.shipment_id = notice ->> 'shipmentId');
    first_order := coalesce(first_order, target.id);
    for item in select value from jsonb_array_elements(coalesce(shipped_order -> 'items', '[]')) loop
      insert into public.wholesale_shipment_items (pharmacy_id, order_id, document_id, shipment_id, ndc, lot_number,
        expiration_date, quantity, serial_numbers)
      values (target.pharmacy_id, target.id, document_id, notice ->> 'shipmentId', item ->> 'ndc11',
        coalesce(item ->> 'lot', ''), (item ->> 'expiry')::date, (item ->> 'quantity')::integer,
        coalesce((select array_agg(s) from jsonb_array_elements_text(item -> 'serialNumbers') s), '{}'));
      update public.wholesale_order_lines l set shipped_quantity = l.shipped_quantity + (item ->> 'quantity')::integer
      where l.id = (select l2.id from public.wholesale_order_lines l2
                    where l2.order_id = target.id and (l2.ndc = item ->> 'ndc11' or l2.substitute_ndc = item ->> 'ndc11')
                    order by (l2.ndc = item ->> 'ndc11') desc, l2.line_number limit 1);
    end loop;
    update public.wholesale_orders o
    set status = case when o.status in ('partially_received', 'delivered', 'cancelled') then o.status else 'shipped' end,
        shipped_at = coalesce((notice ->> 'shipDate')::date, (notice ->> 'noticeDate')::date)::timestamptz,
        expected_delivery_date = coalesce((notice ->> 'shipDate')::date, (notice ->> 'noticeDate')::date) + 1,
        status_detail = concat_ws(' ', 'Shipped', 'by ' || (notice -> 'carrier' ->> 'name'), 'tracking ' || (notice ->> 'trackingNumber'))
    where o.id = target.id;
  end loop;
  return first_order;
end
$$;
comment on function private.apply_ship_notice(public.wholesalers, jsonb, bigint) is
  'Applies an 856 to the orders it names: its items (NDC, lot, expiry, packages, serials) are kept with each order '
  'as shipment items, each line''s shipped packages grow (a substitute counts on the line it replaced), and the '
  'order is shipped (expected the day after the ship date). Answers the first order id.';

create function private.apply_invoice(for_wholesaler public.wholesalers, invoice jsonb) returns uuid
language plpgsql security definer
set search_path = ''
as $$
declare
  target public.wholesale_orders := private.wholesale_order_by_po(for_wholesaler, invoice ->> 'poNumber');
  item jsonb;
  matched public.wholesale_order_lines;
  product public.medications;
  unit_cents integer;
begin
  -- The same invoice sent again (a new interchange) is not counted twice.
  if target.id is null or target.invoice_number = invoice ->> 'invoiceNumber' then return target.id; end if;
  update public.wholesale_orders o
  set invoice_number = invoice ->> 'invoiceNumber', invoice_total_cents = (invoice ->> 'totalCents')::bigint
  where o.id = target.id;
  for item in select value from jsonb_array_elements(coalesce(invoice -> 'lines', '[]')) loop
    select * into matched from public.wholesale_order_lines l
    where l.order_id = target.id and (l.ndc = item ->> 'ndc11' or l.substitute_ndc = item ->> 'ndc11')
    order by (l.ndc = item ->> 'ndc11') desc, l.line_number limit 1;
    continue when matched.id is null;
    update public.wholesale_order_lines l
    set invoiced_quantity = coalesce(l.invoiced_quantity, 0) + (item ->> 'quantity')::integer,
        invoiced_unit_cents = (item ->> 'unitPriceCents')::integer
    where l.id = matched.id;
    -- The invoiced price per package is the product's acquisition cost per unit from now on.
    select * into product from public.medications m
    where m.pharmacy_id = target.pharmacy_id and m.ndc11 = item ->> 'ndc11';
    continue when product.id is null;
    unit_cents := round((item ->> 'unitPriceCents')::numeric / private.package_units(product))::integer;
    insert into public.inventory_products as ip (pharmacy_id, medication_id, acquisition_cost_cents)
    values (product.pharmacy_id, product.id, unit_cents)
    on conflict (pharmacy_id, medication_id) do update set acquisition_cost_cents = excluded.acquisition_cost_cents;
    -- Lots already received on this order without a cost take the invoiced one.
    update public.inventory_lots lot set unit_cost_cents = unit_cents
    where lot.unit_cost_cents is null and lot.id in (
      select mv.lot_id from public.wholesale_receipts r join public.inventory_movements mv on mv.id = r.movement_id
      where r.pharmacy_id = target.pharmacy_id and r.order_id = target.id and r.medication_id = product.id);
  end loop;
  return target.id;
end
$$;
comment on function private.apply_invoice(public.wholesalers, jsonb) is
  'Applies an 810 to its order: the invoice number and total, each line''s invoiced packages and price (matched by '
  'NDC, a substitute on the line it replaced); the price per package over the package''s units becomes the '
  'product''s acquisition cost, and lots already received on the order without a cost take it.';

create function private.apply_functional_ack(for_wholesaler public.wholesalers, ack jsonb) returns uuid
language plpgsql security definer
set search_path = ''
as $$
declare
  -- Our 850's group control number is its interchange control number (wholesale-exchange.ts).
  target public.wholesale_orders;
begin
  if ack -> 'acknowledgedGroup' ->> 'functionalId' <> 'PO' then return null; end if;
  select * into target from public.wholesale_orders o
  where o.pharmacy_id = for_wholesaler.pharmacy_id and o.wholesaler_id = for_wholesaler.id
    and o.interchange_control_number = (ack -> 'acknowledgedGroup' ->> 'controlNumber')::integer
  order by o.submitted_at desc nulls last limit 1;
  if target.id is not null and ack ->> 'groupStatus' = 'R' then
    update public.wholesale_orders o set status = 'rejected',
      status_detail = 'The wholesaler''s 997 rejected the purchase order (the EDI could not be accepted)'
    where o.id = target.id and o.status in ('submitting', 'submitted');
  end if;
  return target.id;
end
$$;
comment on function private.apply_functional_ack(public.wholesalers, jsonb) is
  'Applies a 997 to the purchase order whose group it acknowledges (AK1: PO and our group control number, which is '
  'the 850''s interchange control number): a rejected group rejects the order. Answers the order id, null when none.';

create function public.record_wholesale_exchange(
  wholesaler_id uuid, actor_user_id uuid, purpose text, order_id uuid,
  request_method text, request_url text, request_body text, response_status integer, response_body text,
  outcome text, detail text, documents jsonb, received_interchange integer default null, order_sent boolean default false
) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  found public.wholesalers;
  exchange_id bigint;
  entry jsonb;
  doc jsonb;
  document_id bigint;
  concerned uuid;
  recorded integer := 0;
  repeated integer := 0;
  refused text[] := '{}';
  sets text[] := '{}';
  sent_order public.wholesale_orders;
  sent boolean := outcome = 'ok' or coalesce(order_sent, false);
begin
  select * into found from public.wholesalers w where w.id = wholesaler_id for update;
  if found.id is null then
    raise exception 'Wholesaler not found' using errcode = 'P0002';
  end if;
  if order_id is not null then
    select * into sent_order from public.wholesale_orders o where o.id = order_id and o.pharmacy_id = found.pharmacy_id for update;
    if sent_order.id is null then
      raise exception 'Order not found' using errcode = 'P0002';
    end if;
  end if;
  insert into public.wholesale_exchanges (pharmacy_id, wholesaler_id, order_id, purpose, request_method, request_url,
    request_body, response_status, response_body, outcome, detail, performed_by)
  values (found.pharmacy_id, found.id, order_id, purpose, request_method, left(request_url, 600), request_body, response_status,
    response_body, outcome, left(detail, 500), actor_user_id)
  returning id into exchange_id;

  for entry in select value from jsonb_array_elements(coalesce(documents, '[]')) loop
    doc := entry -> 'document';
    insert into public.wholesale_documents (pharmacy_id, wholesaler_id, exchange_id, order_id, direction, transaction_set,
      interchange_control_number, group_control_number, set_control_number, raw, parsed)
    values (found.pharmacy_id, found.id, exchange_id, case when entry ->> 'direction' = 'out' then order_id end,
      entry ->> 'direction', doc ->> 'kind', (entry ->> 'interchangeControlNumber')::integer,
      (entry ->> 'groupControlNumber')::integer, doc ->> 'controlNumber', doc ->> 'raw', doc - 'raw')
    on conflict on constraint wholesale_documents_once_key do nothing
    returning id into document_id;
    if document_id is null then
      repeated := repeated + 1;
      continue;
    end if;
    recorded := recorded + 1;
    continue when entry ->> 'direction' = 'out';
    sets := array_append(sets, doc ->> 'kind');
    -- Each document applies on its own: one that breaks a rule (a value out of bounds) is kept, marked refused, and
    -- the rest of the feed goes on.
    begin
      concerned := case doc ->> 'kind'
        when '855' then private.apply_po_ack(found, doc)
        when '856' then private.apply_ship_notice(found, doc, document_id)
        when '810' then private.apply_invoice(found, doc)
        when '997' then private.apply_functional_ack(found, doc)
      end;
      update public.wholesale_documents d set order_id = concerned where d.id = document_id and concerned is not null;
    exception when others then
      update public.wholesale_documents d set apply_error = left(sqlerrm, 500) where d.id = document_id;
      refused := array_append(refused, (doc ->> 'kind') || ' ' || (doc ->> 'controlNumber') || ': ' || sqlerrm);
    end;
  end loop;

  if purpose = 'submit' and sent_order.id is not null and sent_order.status = 'submitting' then
    -- Only a submission still in flight moves: what the documents said (acknowledged, rejected) stands. A request
    -- that may have reached the wholesaler (a timeout, a server error, an answer we could not read) is submitted,
    -- never back to draft, so the same PO is not ordered twice; the sync shows what the wholesaler did with it.
    update public.wholesale_orders o
    set status = case when o.status <> 'submitting' then o.status when sent then 'submitted' else 'draft' end,
        submitted_at = case when sent then now() end,
        submitted_by = case when sent then actor_user_id end,
        interchange_control_number = case when sent then
          (select (e ->> 'interchangeControlNumber')::integer from jsonb_array_elements(documents) e
           where e ->> 'direction' = 'out' limit 1) end,
        status_detail = case when outcome = 'ok' then o.status_detail else left(detail, 500) end,
        submission_started_at = null
    where o.id = sent_order.id;
  end if;

  update public.wholesalers w
  set status = case when outcome = 'ok' and cardinality(refused) = 0 then 'connected' else 'error' end,
      status_detail = left(concat_ws('; ', detail, case when cardinality(refused) > 0 then 'refused ' || array_to_string(refused, '; ') end), 500),
      last_exchange_at = now(),
      last_sync_at = case when purpose = 'sync' and outcome = 'ok' then now() else w.last_sync_at end,
      -- Only the sync's stream moves the mark (an answer to a POST is numbered in the same sequence); an interchange
      -- read is passed, whatever it held, so an unreadable one is not fetched forever.
      last_received_control_number = case when purpose = 'sync' and received_interchange is not null
                                           then greatest(w.last_received_control_number, received_interchange)
                                           else w.last_received_control_number end,
      documents_seen = (select coalesce(array_agg(distinct x order by x), '{}') from unnest(w.documents_seen || sets) x)
  where w.id = found.id;
  return jsonb_build_object('exchangeId', exchange_id, 'recorded', recorded, 'repeated', repeated, 'newSets', to_jsonb(sets),
    'refused', to_jsonb(refused));
end
$$;
comment on function public.record_wholesale_exchange(uuid, uuid, text, uuid, text, text, text, integer, text, text, text, jsonb, integer, boolean) is
  'Service role only (the api function, after the real HTTP exchange; actor_user_id is the staff member who asked, '
  'null for the scheduled sync): stores the exchange raw, each document once ([{direction, interchangeControlNumber, '
  'groupControlNumber, document}] as read by shared/src/inventory/x12) and applies what came in (855, 856, 810, 997), '
  'each on its own (one that breaks a rule is kept with apply_error and the rest goes on); a submission still in '
  'flight becomes submitted when it may have reached the wholesaler (order_sent), else returns to draft with the '
  'reason; the wholesaler''s status, features and sync mark (received_interchange) follow. One transaction. Answers '
  '{exchangeId, recorded, repeated, newSets: the sets received for the first time, refused}.';
revoke all on function public.record_wholesale_exchange(uuid, uuid, text, uuid, text, text, text, integer, text, text, text, jsonb, integer, boolean)
  from public, anon, authenticated;
grant execute on function public.record_wholesale_exchange(uuid, uuid, text, uuid, text, text, text, integer, text, text, text, jsonb, integer, boolean)
  to service_role;

-- -----------------------------------------------------------------------------------------------------
-- Receiving against an order
-- -----------------------------------------------------------------------------------------------------
create function private.wholesale_order_discrepancies(for_order_id uuid) returns jsonb
language sql stable security definer
set search_path = ''
as $$
  with shipped as (
    -- The caller's pharmacy's order only (it is read with the owner's rights).
    select s.ndc, s.lot_number, sum(s.quantity)::integer as packages
    from public.wholesale_shipment_items s
    where s.order_id = for_order_id and s.pharmacy_id = (select private.current_pharmacy_id())
    group by s.ndc, s.lot_number
  ), received as (
    select r.ndc, r.lot_number, sum(r.packages)::integer as packages
    from public.wholesale_receipts r
    where r.order_id = for_order_id and r.pharmacy_id = (select private.current_pharmacy_id())
    group by r.ndc, r.lot_number
  ), by_lot as (
    select coalesce(s.ndc, r.ndc) as ndc, coalesce(s.lot_number, r.lot_number) as lot,
           coalesce(s.packages, 0) as shipped, coalesce(r.packages, 0) as received
    from shipped s full join received r on r.ndc = s.ndc and r.lot_number = s.lot_number
  ), invoiced as (
    select l.ndc, l.invoiced_quantity, l.received_quantity, l.unit_cost_cents, l.invoiced_unit_cents
    from public.wholesale_order_lines l
    where l.order_id = for_order_id and l.pharmacy_id = (select private.current_pharmacy_id()) and l.invoiced_quantity is not null
  )
  select coalesce(jsonb_agg(d order by d ->> 'ndc', d ->> 'lot'), '[]') from (
    select jsonb_build_object('ndc', b.ndc, 'lot', b.lot, 'shipped', b.shipped, 'received', b.received,
      'issue', case when b.shipped = 0 then 'not on the ship notice' when b.received < b.shipped then 'short'
                    else 'over' end) as d
    from by_lot b
    where b.shipped <> b.received
      and (b.received > 0 or exists (select 1 from received))
      and exists (select 1 from shipped)
    union all
    select jsonb_build_object('ndc', i.ndc, 'lot', null, 'invoiced', i.invoiced_quantity, 'received', i.received_quantity,
      'issue', 'invoiced ' || i.invoiced_quantity || ', received ' || i.received_quantity)
    from invoiced i where i.invoiced_quantity <> i.received_quantity and exists (select 1 from received)
    union all
    select jsonb_build_object('ndc', i.ndc, 'lot', null, 'orderedCents', i.unit_cost_cents, 'invoicedCents', i.invoiced_unit_cents,
      'issue', 'invoiced price differs from the order')
    from invoiced i where i.unit_cost_cents is not null and i.invoiced_unit_cents <> i.unit_cost_cents
  ) found
$$;
comment on function private.wholesale_order_discrepancies(uuid) is
  'What does not match on an order: per NDC and lot, packages shipped (856) against received — short, over, or not '
  'on the ship notice (listed once receiving has begun) — and per line, packages invoiced (810) against received '
  'and an invoiced price that differs from the order''s.';

create function private.receive_wholesale_order(order_id uuid, items jsonb) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  found public.wholesale_orders := private.caller_order(order_id);
  item jsonb;
  line public.wholesale_order_lines;
  product public.medications;
  packages integer;
  movement public.inventory_movements;
  position integer := 0;
  received jsonb := '[]';
  unit_cents integer;
  complete boolean;
begin
  if not private.current_staff_can('inventory:manage') then
    raise exception 'Only staff of the pharmacy can receive stock' using errcode = '42501';
  end if;
  select * into found from public.wholesale_orders o where o.id = found.id for update;
  if found.status in ('draft', 'submitting', 'cancelled', 'rejected') then
    raise exception 'Order % is % : nothing can be received on it', found.po_number, replace(found.status, '_', ' ') using errcode = 'P0001';
  end if;
  if found.status = 'delivered' then
    raise exception 'Order % was received in full on %', found.po_number,
      to_char(private.pharmacy_local_date(found.pharmacy_id, found.delivered_at), 'MM/DD/YYYY') using errcode = 'P0001';
  end if;
  if jsonb_typeof(items) <> 'array' or jsonb_array_length(items) = 0 then
    raise exception 'Scan each package or enter the NDC, lot, expiry and quantity received' using errcode = '23514';
  end if;
  if jsonb_array_length(items) > 5000 then
    raise exception 'Receive at most 5,000 packages or lines at a time' using errcode = '23514';
  end if;
  for item in select value from jsonb_array_elements(items) loop
    position := position + 1;
    select * into line from public.wholesale_order_lines l
    where l.order_id = found.id and (l.ndc = item ->> 'ndc11' or l.substitute_ndc = item ->> 'ndc11')
    order by (l.ndc = item ->> 'ndc11') desc, l.line_number limit 1;
    if line.id is null then
      raise exception 'NDC % is not on order %: set the package aside and call the wholesaler',
        coalesce(item ->> 'ndc11', '(none)'), found.po_number using errcode = '23514';
    end if;
    select * into product from public.medications m
    where m.pharmacy_id = found.pharmacy_id and m.ndc11 = item ->> 'ndc11';
    if product.id is null then
      raise exception 'NDC % (a substitute) is not in the Drug Database: add the product, then receive it', item ->> 'ndc11'
        using errcode = '23514';
    end if;
    packages := (item ->> 'packages')::integer;
    if packages is null or packages < 1 or packages > 9999 then
      raise exception 'Item %: the number of packages must be a whole number from 1 to 9,999', position using errcode = '23514';
    end if;
    unit_cents := round(coalesce(line.invoiced_unit_cents, line.unit_cost_cents)::numeric / private.package_units(product))::integer;
    if nullif(btrim(item ->> 'serial'), '') is not null and exists (
         select 1 from public.wholesale_receipts r
         where r.pharmacy_id = found.pharmacy_id and r.ndc = product.ndc11 and r.serial_number = btrim(item ->> 'serial')) then
      raise exception 'Serial number % of NDC % was already received: the same package cannot be received twice',
        item ->> 'serial', product.ndc11 using errcode = '23505';
    end if;
    movement := private.receive_inventory(product.id, packages * private.package_units(product), item ->> 'lot',
      (item ->> 'expiry')::date, unit_cents, found.po_number);
    insert into public.wholesale_receipts (pharmacy_id, order_id, medication_id, ndc, lot_number, expiration_date,
      serial_number, packages, movement_id, received_by)
    values (found.pharmacy_id, found.id, product.id, product.ndc11, btrim(item ->> 'lot'), (item ->> 'expiry')::date,
      nullif(btrim(item ->> 'serial'), ''), packages, movement.id, (select auth.uid()));
    update public.wholesale_order_lines l set received_quantity = l.received_quantity + packages where l.id = line.id;
    received := received || jsonb_build_object('ndc', product.ndc11, 'lot', btrim(item ->> 'lot'), 'expiry', item ->> 'expiry',
      'packages', packages, 'units', packages * private.package_units(product), 'serial', nullif(btrim(item ->> 'serial'), ''));
  end loop;
  -- In full when every line has what was shipped (or, before a ship notice, what was acknowledged or ordered).
  select bool_and(l.received_quantity >= case when l.shipped_quantity > 0 then l.shipped_quantity
                                             when l.ack_status = 'IR' then 0
                                             else coalesce(l.ack_quantity, l.quantity) end)
  into complete from public.wholesale_order_lines l where l.order_id = found.id;
  update public.wholesale_orders o
  set status = case when complete then 'delivered' else 'partially_received' end,
      delivered_at = case when complete then now() end
  where o.id = found.id returning * into found;
  return jsonb_build_object('orderId', found.id, 'status', found.status, 'received', received,
    'discrepancies', private.wholesale_order_discrepancies(found.id));
exception
  when invalid_text_representation or datetime_field_overflow or invalid_datetime_format then
    raise exception 'Item %: the expiry must be a date (YYYY-MM-DD) and the packages a whole number', position using errcode = '23514';
end
$$;
comment on function private.receive_wholesale_order(uuid, jsonb) is
  'Receives packages against an order (any staff; Schedule II a pharmacist or admin): items [{ndc11, lot, expiry, '
  'packages, serial}] — a scanned package (GS1: one package, its serial) or a typed line. Each must be on the order '
  '(a substitute counts on the line it replaced); it posts a receipt of packages × package units into its lot at '
  'the invoiced (else ordered) cost, with the PO number; a serial is received once. The order becomes delivered or '
  'partially received; answers what was received and the discrepancies against the ship notice and the invoice.';

create function public.receive_wholesale_order(order_id uuid, items jsonb) returns jsonb
language sql
set search_path = ''
as $$ select private.receive_wholesale_order(order_id, items) $$;
comment on function public.receive_wholesale_order(uuid, jsonb) is
  'POST /api/inventory/orders/{id}/receive and the Receive dialog: see private.receive_wholesale_order.';

-- -----------------------------------------------------------------------------------------------------
-- Suggested orders: Auto-Reorder All and the daily job before each wholesaler's cut-off
-- -----------------------------------------------------------------------------------------------------
create function private.build_suggested_orders(for_pharmacy_id uuid, only_wholesaler_id uuid default null,
  actor uuid default null)
returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  wholesaler public.wholesalers;
  draft public.wholesale_orders;
  only_one uuid;
  built jsonb := '[]';
  line_count integer;
  schedule_ii integer := 0;
  no_wholesaler integer := 0;
begin
  -- A pharmacy with a single wholesaler orders everything from it; otherwise a product needs its preferred one.
  select case when count(*) = 1 then min(w.id::text)::uuid end into only_one
  from public.wholesalers w where w.pharmacy_id = for_pharmacy_id and w.active;

  create temporary table if not exists suggested_lines (
    wholesaler_id uuid, medication_id uuid, ndc text, packages integer, unit_cost_cents integer, schedule text
  ) on commit drop;
  truncate suggested_lines;
  insert into suggested_lines
  select coalesce(ip.preferred_wholesaler_id, only_one), m.id, m.ndc11,
         (f.order_quantity / private.package_units(m))::integer,
         ip.acquisition_cost_cents * private.package_units(m), m.dea_schedule
  from public.inventory_products ip
  join public.medications m on m.pharmacy_id = ip.pharmacy_id and m.id = ip.medication_id and m.active
  join public.inventory_forecasts f on f.pharmacy_id = ip.pharmacy_id and f.medication_id = ip.medication_id
  where ip.pharmacy_id = for_pharmacy_id and ip.auto_order and f.order_quantity > 0 and m.ndc11 is not null
    -- Not what is already on its way.
    and not exists (select 1 from public.wholesale_order_lines l join public.wholesale_orders o on o.id = l.order_id
                    where l.pharmacy_id = for_pharmacy_id and l.medication_id = m.id
                      and o.status in ('submitting', 'submitted', 'acknowledged', 'shipped', 'partially_received'));
  select count(*) filter (where s.schedule = 'II'), count(*) filter (where s.wholesaler_id is null and coalesce(s.schedule, '') <> 'II')
  into schedule_ii, no_wholesaler from suggested_lines s;

  -- The wholesaler's row lock: two terminals (or a terminal and the daily job) build one draft, not two.
  for wholesaler in
    select * from public.wholesalers w
    where w.pharmacy_id = for_pharmacy_id and w.active and (only_wholesaler_id is null or w.id = only_wholesaler_id)
    order by w.name
    for update
  loop
    -- A draft that was ever sent (its submission failed) is left as it is for the pharmacist.
    select * into draft from public.wholesale_orders o
    where o.pharmacy_id = for_pharmacy_id and o.wholesaler_id = wholesaler.id and o.source = 'auto_reorder' and o.status = 'draft'
      and not exists (select 1 from public.wholesale_exchanges e where e.pharmacy_id = o.pharmacy_id and e.order_id = o.id)
    order by o.created_at desc limit 1 for update;
    if draft.id is null then
      insert into public.wholesale_orders (pharmacy_id, wholesaler_id, source, order_date, created_by)
      values (for_pharmacy_id, wholesaler.id, 'auto_reorder', private.pharmacy_local_date(for_pharmacy_id, now()), actor)
      returning * into draft;
    else
      delete from public.wholesale_order_lines l where l.order_id = draft.id;
      update public.wholesale_orders o set order_date = private.pharmacy_local_date(for_pharmacy_id, now())
      where o.id = draft.id;
    end if;
    insert into public.wholesale_order_lines (pharmacy_id, order_id, line_number, medication_id, ndc, quantity, unit_cost_cents)
    select for_pharmacy_id, draft.id, row_number() over (order by s.ndc), s.medication_id, s.ndc, least(s.packages, 9999), s.unit_cost_cents
    from suggested_lines s
    where s.wholesaler_id = wholesaler.id and coalesce(s.schedule, '') <> 'II' and s.packages > 0;
    get diagnostics line_count = row_count;
    if line_count = 0 then
      delete from public.wholesale_orders o where o.id = draft.id;
    else
      built := built || jsonb_build_object('orderId', draft.id, 'poNumber', draft.po_number, 'wholesaler', wholesaler.name,
        'lines', line_count);
    end if;
  end loop;
  return jsonb_build_object('orders', built, 'scheduleIiSkipped', schedule_ii, 'withoutWholesaler', no_wholesaler);
end
$$;
comment on function private.build_suggested_orders(uuid, uuid, uuid) is
  'Builds the suggested order per wholesaler from the auto-order products whose forecast asks for stock (whole '
  'packages, up to the maximum), leaving out what is already on an open order: one draft per wholesaler, rebuilt '
  'in place. A product orders from its preferred wholesaler, or the only one. Schedule II products are never '
  'suggested (a DEA Form 222 or CSOS order is made by hand). Answers the orders and what was left out.';

create function private.build_caller_suggested_orders() returns jsonb
language plpgsql security definer
set search_path = ''
as $$
begin
  if private.current_pharmacy_id() is null or not private.current_staff_can('inventory:manage') then
    raise exception 'Only staff of the pharmacy can build orders' using errcode = '42501';
  end if;
  return private.build_suggested_orders(private.current_pharmacy_id(), null, (select auth.uid()));
end
$$;
comment on function private.build_caller_suggested_orders() is
  'Auto-Reorder All (any staff): rebuilds the caller''s pharmacy''s suggested orders; a pharmacist reviews and submits.';

create function private.build_due_suggested_orders() returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  due record;
  done integer := 0;
begin
  -- Each wholesaler once a pharmacy-local day, in the two hours before its cut-off.
  for due in
    select w.id, w.pharmacy_id, (now() at time zone p.time_zone)::date as local_day
    from public.wholesalers w join public.pharmacies p on p.id = w.pharmacy_id
    where w.active
      -- Seconds until the cut-off, around the clock (a 00:30 cut-off is due from 22:30).
      and mod((extract(epoch from w.daily_order_cutoff - (now() at time zone p.time_zone)::time))::integer + 86400, 86400) <= 7200
      and w.suggested_order_built_on is distinct from (now() at time zone p.time_zone)::date
  loop
    perform private.compute_inventory_forecasts(due.pharmacy_id);
    perform private.build_suggested_orders(due.pharmacy_id, due.id, null);
    update public.wholesalers w set suggested_order_built_on = due.local_day where w.id = due.id;
    done := done + 1;
  end loop;
  return done;
end
$$;
comment on function private.build_due_suggested_orders() is
  'Run by pg_cron every 15 minutes (job build-suggested-wholesale-orders): for each wholesaler within two hours of '
  'its daily cut-off (pharmacy local time) and not yet done today, refreshes the forecasts and builds its suggested '
  'order for a pharmacist to review and submit. Answers how many were built.';

create function private.request_wholesaler_sync() returns bigint
language sql security definer
set search_path = ''
as $$
  select private.request_api_function('internal/wholesalers/sync-due', '{}'::jsonb, 120000, 'The scheduled wholesaler sync was not requested')
  where exists (select 1 from public.wholesalers w where w.active)
$$;
comment on function private.request_wholesaler_sync() is
  'Run by pg_cron every 30 minutes (job sync-wholesalers): asks the api function (POST /api/internal/wholesalers/sync-due, '
  'service role) to fetch every active wholesaler''s new documents.';

do $$
begin
  if to_regnamespace('cron') is not null then
    perform cron.schedule('build-suggested-wholesale-orders', '*/15 * * * *', 'select private.build_due_suggested_orders()');
    perform cron.schedule('sync-wholesalers', '*/30 * * * *', 'select private.request_wholesaler_sync()');
  end if;
end
$$;

-- -----------------------------------------------------------------------------------------------------
-- The Orders tab: one page of orders, and one order in full
-- -----------------------------------------------------------------------------------------------------
create function public.wholesale_order_page(search text default '', status_filter text default 'all',
  page_size integer default 25, page_offset integer default 0)
returns table (
  id uuid, po_number text, wholesaler_id uuid, wholesaler_name text, status text, source text, order_date date,
  submitted_at timestamptz, expected_delivery_date date, delivered_at timestamptz, item_count integer,
  total_cents bigint, invoice_number text, api_order_id text, controlled_order_form text, controlled_order_number text,
  status_detail text, total_count bigint
)
language sql stable
set search_path = ''
as $$
  with matching as (
    select o.*, w.name as wholesaler_name
    from public.wholesale_orders o join public.wholesalers w on w.id = o.wholesaler_id
    where o.pharmacy_id = (select private.current_pharmacy_id())
      and case coalesce(status_filter, 'all')
            when 'pending' then o.status not in ('delivered', 'cancelled')
            when 'delivered' then o.status = 'delivered'
            when 'cancelled' then o.status = 'cancelled'
            else true end
      and (coalesce(btrim(search), '') = ''
           or o.po_number ilike '%' || btrim(search) || '%' or w.name ilike '%' || btrim(search) || '%'
           or o.invoice_number ilike '%' || btrim(search) || '%' or o.api_order_id ilike '%' || btrim(search) || '%')
  ), counted as (select count(*) as n from matching)
  select m.id, m.po_number, m.wholesaler_id, m.wholesaler_name, m.status, m.source, m.order_date, m.submitted_at,
         m.expected_delivery_date, m.delivered_at,
         (select count(*)::integer from public.wholesale_order_lines l where l.order_id = m.id),
         coalesce(m.invoice_total_cents, (select sum(l.quantity::bigint * l.unit_cost_cents) from public.wholesale_order_lines l
                                          where l.order_id = m.id)),
         m.invoice_number, m.api_order_id, m.controlled_order_form, m.controlled_order_number, m.status_detail, counted.n
  from matching m, counted
  order by m.order_date desc, m.order_number desc
  limit least(greatest(coalesce(page_size, 25), 1), 100) offset greatest(coalesce(page_offset, 0), 0)
$$;
comment on function public.wholesale_order_page(text, text, integer, integer) is
  'The Orders tab: one page (at most 100) of the caller''s pharmacy''s orders, newest first, filtered by status (all, '
  'pending = every open status, delivered, cancelled) and a search of PO number, wholesaler, invoice number and the '
  'wholesaler''s order id; total is the invoice''s when invoiced, else the lines at their expected prices; with '
  'the exact count.';

create function public.wholesale_order_detail(order_id uuid) returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object(
    'lines', coalesce((select jsonb_agg(jsonb_build_object(
        'lineNumber', l.line_number, 'ndc', l.ndc, 'medicationId', l.medication_id,
        'productName', concat_ws(' ', m.name, m.strength), 'quantity', l.quantity, 'unitCostCents', l.unit_cost_cents,
        'ackStatus', l.ack_status, 'ackQuantity', l.ack_quantity, 'substituteNdc', l.substitute_ndc,
        'expectedShipDate', l.expected_ship_date, 'shipped', l.shipped_quantity, 'received', l.received_quantity,
        'invoiced', l.invoiced_quantity, 'invoicedUnitCents', l.invoiced_unit_cents) order by l.line_number)
      from public.wholesale_order_lines l join public.medications m on m.id = l.medication_id
      where l.order_id = o.id), '[]'),
    'shipment', coalesce((select jsonb_agg(jsonb_build_object('ndc', s.ndc, 'lot', s.lot_number, 'expiry', s.expiration_date,
        'packages', s.quantity, 'serials', to_jsonb(s.serial_numbers), 'shipmentId', s.shipment_id) order by s.id)
      from public.wholesale_shipment_items s where s.order_id = o.id), '[]'),
    'receipts', coalesce((select jsonb_agg(jsonb_build_object('ndc', r.ndc, 'lot', r.lot_number, 'expiry', r.expiration_date,
        'packages', r.packages, 'serial', r.serial_number, 'receivedAt', r.received_at) order by r.id)
      from public.wholesale_receipts r where r.order_id = o.id), '[]'),
    'documents', coalesce((select jsonb_agg(jsonb_build_object('set', d.transaction_set, 'direction', d.direction,
        'controlNumber', d.interchange_control_number, 'receivedAt', d.received_at) order by d.id)
      from public.wholesale_documents d where d.pharmacy_id = o.pharmacy_id and d.order_id = o.id), '[]'),
    'discrepancies', private.wholesale_order_discrepancies(o.id))
  from public.wholesale_orders o
  where o.id = order_id and o.pharmacy_id = (select private.current_pharmacy_id())
$$;
comment on function public.wholesale_order_detail(uuid) is
  'One order of the caller''s pharmacy in full: its lines (ordered, acknowledged, shipped, received, invoiced), the '
  'ship notice''s items (lots, expiry, serials: the DSCSA transaction information), the receipts, the documents '
  'exchanged and the discrepancies; null when not theirs.';

-- -----------------------------------------------------------------------------------------------------
-- Grants
-- -----------------------------------------------------------------------------------------------------
revoke all on function private.package_units(public.medications) from public;
revoke all on function private.wholesaler_secret_name(uuid) from public;
revoke all on function private.save_wholesaler(uuid, text, text, text, time, text, text) from public;
revoke all on function private.caller_wholesaler(uuid) from public;
revoke all on function private.create_wholesale_order(uuid, jsonb, text, text, text) from public;
revoke all on function private.caller_order(uuid) from public;
revoke all on function private.wholesale_order_by_po(public.wholesalers, text) from public;
revoke all on function private.apply_po_ack(public.wholesalers, jsonb) from public;
revoke all on function private.apply_ship_notice(public.wholesalers, jsonb, bigint) from public;
revoke all on function private.apply_invoice(public.wholesalers, jsonb) from public;
revoke all on function private.apply_functional_ack(public.wholesalers, jsonb) from public;
revoke all on function private.wholesale_order_discrepancies(uuid) from public;
revoke all on function private.receive_wholesale_order(uuid, jsonb) from public;
revoke all on function private.build_suggested_orders(uuid, uuid, uuid) from public;
revoke all on function private.build_due_suggested_orders() from public;
revoke all on function private.request_wholesaler_sync() from public;
grant execute on function private.package_units(public.medications) to authenticated, service_role;
grant execute on function private.save_wholesaler(uuid, text, text, text, time, text, text) to authenticated;
grant execute on function private.create_wholesale_order(uuid, jsonb, text, text, text) to authenticated;
grant execute on function private.receive_wholesale_order(uuid, jsonb) to authenticated;
grant execute on function private.wholesale_order_discrepancies(uuid) to authenticated;

-- -----------------------------------------------------------------------------------------------------
-- The Inventory tab's supplier: the preferred wholesaler, else the only one
-- -----------------------------------------------------------------------------------------------------
-- The answer gains the preferred wholesaler's id (the Supplier column chooses it), so the function is made anew.
drop function public.inventory_items(text, text, integer, integer);
create function public.inventory_items(
  search text default '', status text default 'all', page_size integer default 25, page_offset integer default 0
) returns table (
  id uuid, name text, generic_name text, strength text, ndc_number text, ndc11 text, dea_schedule text,
  stock integer, reorder_point integer, max_stock integer, unit_cost_cents integer, total_value_cents bigint,
  supplier text, next_expiration_date date, status text, used_30_days integer, trend text, predicted_stockout_on date,
  order_quantity integer, auto_order boolean, last_receipt_at timestamptz, last_receipt_quantity integer,
  forecast_at timestamptz, lots jsonb, preferred_wholesaler_id uuid, total_count bigint
)
language sql stable
set search_path = ''
as $$
  select m.id, m.name, m.generic_name, m.strength, m.ndc_number, m.ndc11, m.dea_schedule,
         m.stock, m.low_stock_threshold, f.max_stock, private.unit_cost_cents(m, ip),
         (select sum(l.on_hand::bigint * coalesce(l.unit_cost_cents, private.unit_cost_cents(m, ip)))
          from public.inventory_lots l where l.pharmacy_id = m.pharmacy_id and l.medication_id = m.id and l.on_hand > 0),
         coalesce((select w.name from public.wholesalers w where w.id = ip.preferred_wholesaler_id),
                  (select min(w.name) from public.wholesalers w where w.pharmacy_id = m.pharmacy_id and w.active
                   having count(*) = 1)),
         (select min(l.expiration_date) from public.inventory_lots l
          where l.pharmacy_id = m.pharmacy_id and l.medication_id = m.id and l.on_hand > 0),
         private.inventory_status(m),
         coalesce((select -sum(mv.quantity)::integer from public.inventory_movements mv
                   where mv.pharmacy_id = m.pharmacy_id and mv.medication_id = m.id
                     and mv.occurred_at >= now() - interval '30 days' and mv.kind in ('dispense', 'return_to_stock')), 0),
         f.trend, f.predicted_stockout_on, f.order_quantity, coalesce(ip.auto_order, false),
         receipt.occurred_at, receipt.quantity, f.computed_at,
         coalesce((select jsonb_agg(jsonb_build_object('lotId', l.id, 'lotNumber', l.lot_number,
                     'expirationDate', l.expiration_date, 'onHand', l.on_hand)
                     order by l.expiration_date nulls first, l.received_at)
                   from public.inventory_lots l
                   where l.pharmacy_id = m.pharmacy_id and l.medication_id = m.id and l.on_hand > 0), '[]'::jsonb),
         ip.preferred_wholesaler_id,
         page.total
  from private.inventory_item_page(search, status, page_size, page_offset) page
  cross join lateral unnest(page.medication_ids) with ordinality as ids (medication_id, position)
  join public.medications m on m.id = ids.medication_id
  left join public.inventory_products ip on ip.pharmacy_id = m.pharmacy_id and ip.medication_id = m.id
  left join public.inventory_forecasts f on f.pharmacy_id = m.pharmacy_id and f.medication_id = m.id
  left join lateral (
    select mv.occurred_at, mv.quantity from public.inventory_movements mv
    where mv.pharmacy_id = m.pharmacy_id and mv.medication_id = m.id and mv.kind = 'receipt'
    order by mv.occurred_at desc limit 1
  ) receipt on true
  order by ids.position
$$;
comment on function public.inventory_items(text, text, integer, integer) is
  'GET /api/inventory/items: one page of the caller''s pharmacy''s active products (search as the catalog''s; '
  'status all, low, out_of_stock or adequate) with on-hand, reorder point (the low-stock threshold), unit cost and '
  'value (each lot at its own cost, else the product''s), the soonest expiry on hand, status, units used in 30 days, '
  'the latest forecast, the auto-order switch, the last receipt, the lots on hand, and the total. Security invoker: '
  'rows are read through RLS. The supplier is the preferred wholesaler (preferred_wholesaler_id), else the pharmacy''s only one.';
revoke all on function public.inventory_items(text, text, integer, integer) from public, anon;
grant execute on function public.inventory_items(text, text, integer, integer) to authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- The api's wrappers (each runs as the caller; the private function decides)
-- -----------------------------------------------------------------------------------------------------
create function public.authorize_wholesaler_exchange(wholesaler_id uuid, purpose text) returns uuid
language sql
set search_path = ''
as $$ select private.authorize_wholesaler_exchange(wholesaler_id, purpose) $$;
comment on function public.authorize_wholesaler_exchange(uuid, text) is 'Test Connection and Sync Now: see private.authorize_wholesaler_exchange.';
revoke all on function private.authorize_wholesaler_exchange(uuid, text) from public;
grant execute on function private.authorize_wholesaler_exchange(uuid, text) to authenticated;

create function public.begin_wholesale_order_submission(order_id uuid) returns jsonb
language sql
set search_path = ''
as $$ select private.begin_wholesale_order_submission(order_id) $$;
comment on function public.begin_wholesale_order_submission(uuid) is 'Submit: see private.begin_wholesale_order_submission.';
revoke all on function private.begin_wholesale_order_submission(uuid) from public;
grant execute on function private.begin_wholesale_order_submission(uuid) to authenticated;

create function public.cancel_wholesale_order(order_id uuid) returns public.wholesale_orders
language sql
set search_path = ''
as $$ select private.cancel_wholesale_order(order_id) $$;
comment on function public.cancel_wholesale_order(uuid) is 'Cancel an order: see private.cancel_wholesale_order.';
revoke all on function private.cancel_wholesale_order(uuid) from public;
grant execute on function private.cancel_wholesale_order(uuid) to authenticated;

create function public.build_suggested_orders() returns jsonb
language sql
set search_path = ''
as $$ select private.build_caller_suggested_orders() $$;
comment on function public.build_suggested_orders() is 'Auto-Reorder All: see private.build_caller_suggested_orders.';
revoke all on function private.build_caller_suggested_orders() from public;
grant execute on function private.build_caller_suggested_orders() to authenticated;

-- -----------------------------------------------------------------------------------------------------
-- Live: another terminal's submission and the scheduled sync change orders and connections
-- -----------------------------------------------------------------------------------------------------
alter table public.wholesalers replica identity full;
alter table public.wholesale_orders replica identity full;
alter publication supabase_realtime add table public.wholesalers, public.wholesale_orders;

-- -----------------------------------------------------------------------------------------------------
-- Clear messages for the rules above (and inventory_products' new foreign key)
-- -----------------------------------------------------------------------------------------------------
comment on constraint inventory_products_wholesaler_fkey on public.inventory_products is 'Choose one of the pharmacy''s wholesalers';
select private.install_constraint_explanations('public.wholesalers');
select private.install_constraint_explanations('public.wholesale_orders');
select private.install_constraint_explanations('public.wholesale_order_lines');
select private.install_constraint_explanations('public.inventory_products');
select private.install_constraint_explanations('public.medications');

-- =====================================================================================================
-- Inventory counts (issue 24 "Cycle counts"; spec part 2 Inventory, Controlled settings): cycle counts of a shelf,
-- of chosen products or of all Schedule II, blind or not, and the biennial controlled-substance inventory as a
-- dated, signed record. Counts correct the perpetual inventory (20261128006000_inventory_ledger) only through
-- 'count_variance' movements posted by private.post_stock_movement.
--
-- * inventory_products.shelf_location: where a product sits (pharmacists and admins set it, like the other
--   reorder settings), so a count can cover one shelf.
-- * inventory_count_sessions: one count. kind cycle | biennial_controlled; scope shelf | products | schedule_ii |
--   controlled (the biennial inventory always covers every controlled product); blind or not; status open →
--   submitted → posted, or cancelled; who and when for each step. A biennial inventory also carries its as-of date
--   and whether it was taken at the opening or the close of business, a witness and the signature.
-- * inventory_count_lines: one line per product and lot in scope, frozen at the start (products with nothing on
--   hand get their no-lot lot, so stock found on the shelf has a line). The counter records the quantity; a
--   biennial inventory may ESTIMATE an opened container of a Schedule III–V substance holding at most 1,000 units
--   (21 CFR 1304.11(e)(3)); Schedule II and larger containers are counted exactly (a check constraint).
-- * inventory_count_expectations: the on-hand each line's lot had at the start. A separate table so RLS can hide
--   it: while a blind session is open nobody reads it, afterwards every staff member of the pharmacy does. (The
--   perpetual stock itself stays readable elsewhere, e.g. the Inventory tab: the queue needs it. A blind count
--   keeps the expected figure out of the count screen and out of every answer of these functions.)
-- * Posting (pharmacists and admins, once, one transaction): for every counted line the book quantity at the
--   moment it was counted is the start snapshot plus the lot's ledger movements recorded after the snapshot and
--   no later than the count (dispensing and receiving go on during a count); the variance is counted − book and is
--   posted as one count_variance movement with its reason (required for every variance, controlled or not;
--   controlled ones are also audited as controlled_substance_changed). Movements after the count are not part of
--   the variance: the shelf and the ledger both saw them. An ESTIMATED line is recorded, never posted: an estimate
--   does not overwrite the exact perpetual figure.
-- * Double count (System Settings → Controlled → requireDoubleCount): every Schedule II line needs a second count
--   by another staff member that agrees with the first before the count is submitted. A second count that differs
--   is kept (a discrepancy is a fact); changing the first count clears the second.
-- * Products cannot be in two open or submitted counts at once (their variances would be posted twice); starts
--   take turns per pharmacy (advisory lock) and lock the products in scope, so the snapshot and the ledger agree.
-- * The biennial record: after posting, a witness (another staff member) signs when System Settings → Controlled
--   → requireWitnessSignature is on, then a pharmacist or admin signs; a signed record never changes again (a
--   trigger refuses every update and delete, the owner's included). biennial_inventory_status() tells the screen
--   when the next one is due (biannualInventoryRequired; every two years, 21 CFR 1304.11(c)).
-- * Writes only through the functions below (security definer, private; public invoker wrappers), reads through
--   RLS. Permissions: inventory:manage (every role) starts cycle counts, counts and submits; inventory:adjust
--   (pharmacists, admins) starts the biennial inventory, posts, cancels anyone's count and signs.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- Shelf locations
-- -----------------------------------------------------------------------------------------------------
alter table public.inventory_products add column shelf_location text;
alter table public.inventory_products add constraint inventory_products_shelf_location_check check (
  shelf_location = btrim(shelf_location) and length(shelf_location) between 1 and 40 and shelf_location !~ '[[:cntrl:]]');
comment on column public.inventory_products.shelf_location is
  'Where the product is kept (shelf, bay, safe), as the pharmacy names it: a cycle count can cover one location.';
comment on constraint inventory_products_shelf_location_check on public.inventory_products is
  'A shelf location is 1 to 40 characters on one line';
create index inventory_products_shelf_location_idx on public.inventory_products (pharmacy_id, shelf_location)
  where shelf_location is not null;
select private.install_constraint_explanations('public.inventory_products');

-- -----------------------------------------------------------------------------------------------------
-- Count sessions
-- -----------------------------------------------------------------------------------------------------
create table public.inventory_count_sessions (
  id uuid primary key default gen_random_uuid(),
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  kind text not null default 'cycle',
  scope text not null,
  shelf_location text,
  blind boolean not null default true,
  status text not null default 'open',
  note text,
  as_of_date date,
  business_time text,
  snapshot_movement_id bigint not null,
  line_count integer not null default 0,
  started_by uuid not null references auth.users (id),
  started_at timestamptz not null default now(),
  submitted_by uuid references auth.users (id),
  submitted_at timestamptz,
  posted_by uuid references auth.users (id),
  posted_at timestamptz,
  cancelled_by uuid references auth.users (id),
  cancelled_at timestamptz,
  cancel_reason text,
  witnessed_by uuid references auth.users (id),
  witnessed_at timestamptz,
  signed_by uuid references auth.users (id),
  signed_at timestamptz,
  constraint inventory_count_sessions_pharmacy_id_id_key unique (pharmacy_id, id),
  constraint inventory_count_sessions_kind_check check (kind in ('cycle', 'biennial_controlled')),
  constraint inventory_count_sessions_scope_check check (scope in ('shelf', 'products', 'schedule_ii', 'controlled')),
  constraint inventory_count_sessions_status_check check (status in ('open', 'submitted', 'posted', 'cancelled')),
  constraint inventory_count_sessions_shelf_check check ((scope = 'shelf') = (shelf_location is not null)),
  constraint inventory_count_sessions_biennial_check check (
    case when kind = 'biennial_controlled'
         then scope = 'controlled' and as_of_date is not null and business_time in ('opening', 'close')
         else as_of_date is null and business_time is null end),
  constraint inventory_count_sessions_note_check check (length(note) <= 500),
  constraint inventory_count_sessions_steps_check check (
    (submitted_at is null) = (submitted_by is null) and (posted_at is null) = (posted_by is null)
    and (cancelled_at is null) = (cancelled_by is null) and (witnessed_at is null) = (witnessed_by is null)
    and (signed_at is null) = (signed_by is null)
    and (status <> 'posted' or posted_at is not null) and (status <> 'cancelled' or cancelled_at is not null)),
  constraint inventory_count_sessions_signature_check check (
    (signed_at is null and witnessed_at is null) or (kind = 'biennial_controlled' and status = 'posted'))
);
comment on table public.inventory_count_sessions is
  'One inventory count: a cycle count (a shelf, chosen products, all Schedule II) or the biennial controlled-'
  'substance inventory (every controlled product; as-of date, opening or close of business, witness, signature). '
  'Blind or not; open → submitted → posted (variances in the ledger) or cancelled; who and when for each step. '
  'snapshot_movement_id is the ledger''s position when the expected quantities were taken. Written only by the '
  'count functions; a signed record never changes. Staff read their pharmacy''s.';
comment on column public.inventory_count_sessions.blind is
  'A blind count hides the expected quantities (inventory_count_expectations) while it is open.';
comment on column public.inventory_count_sessions.snapshot_movement_id is
  'The highest ledger id (inventory_movements.id) of the pharmacy when the count started: later movements of a lot are '
  'added to its expected quantity when the variance is posted.';
comment on column public.inventory_count_sessions.as_of_date is 'Biennial inventory: the date it was taken (the pharmacy''s local date).';
comment on column public.inventory_count_sessions.business_time is 'Biennial inventory: taken at the opening or the close of business.';
comment on column public.inventory_count_sessions.line_count is 'How many product lots the count covers.';
comment on constraint inventory_count_sessions_kind_check on public.inventory_count_sessions is 'A count is a cycle count or the biennial controlled-substance inventory';
comment on constraint inventory_count_sessions_scope_check on public.inventory_count_sessions is 'Count a shelf, chosen products, all Schedule II or all controlled substances';
comment on constraint inventory_count_sessions_status_check on public.inventory_count_sessions is 'A count is open, submitted, posted or cancelled';
comment on constraint inventory_count_sessions_shelf_check on public.inventory_count_sessions is 'A shelf count names its shelf location';
comment on constraint inventory_count_sessions_biennial_check on public.inventory_count_sessions is
  'The biennial inventory covers every controlled substance and is dated, taken at the opening or the close of business';
comment on constraint inventory_count_sessions_note_check on public.inventory_count_sessions is 'A note is at most 500 characters';
comment on constraint inventory_count_sessions_steps_check on public.inventory_count_sessions is 'Each step of a count records who and when';
comment on constraint inventory_count_sessions_signature_check on public.inventory_count_sessions is
  'Only a posted biennial inventory is witnessed and signed';

create index inventory_count_sessions_started_idx on public.inventory_count_sessions (pharmacy_id, started_at desc, id desc);
create index inventory_count_sessions_biennial_idx on public.inventory_count_sessions (pharmacy_id, as_of_date desc)
  where kind = 'biennial_controlled' and signed_at is not null;
create index inventory_count_sessions_started_by_idx on public.inventory_count_sessions (started_by);
create index inventory_count_sessions_submitted_by_idx on public.inventory_count_sessions (submitted_by);
create index inventory_count_sessions_posted_by_idx on public.inventory_count_sessions (posted_by);
create index inventory_count_sessions_cancelled_by_idx on public.inventory_count_sessions (cancelled_by);
create index inventory_count_sessions_witnessed_by_idx on public.inventory_count_sessions (witnessed_by);
create index inventory_count_sessions_signed_by_idx on public.inventory_count_sessions (signed_by);

alter table public.inventory_count_sessions enable row level security;
revoke insert, update, delete, truncate on public.inventory_count_sessions from anon, authenticated;
revoke select on public.inventory_count_sessions from anon;
create policy "Staff can read their pharmacy's inventory counts" on public.inventory_count_sessions
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));

-- -----------------------------------------------------------------------------------------------------
-- Count lines
-- -----------------------------------------------------------------------------------------------------
create table public.inventory_count_lines (
  id uuid primary key default gen_random_uuid(),
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  session_id uuid not null,
  position integer not null,
  medication_id uuid not null,
  lot_id uuid not null,
  dea_schedule text,
  counted_quantity integer,
  estimated boolean not null default false,
  opened_container boolean not null default false,
  container_units integer,
  counted_by uuid references auth.users (id),
  counted_at timestamptz,
  second_count_quantity integer,
  second_counted_by uuid references auth.users (id),
  second_counted_at timestamptz,
  book_quantity integer,
  variance_quantity integer,
  variance_reason text,
  movement_id bigint references public.inventory_movements (id),
  constraint inventory_count_lines_pharmacy_id_id_key unique (pharmacy_id, id),
  constraint inventory_count_lines_lot_key unique (session_id, lot_id),
  constraint inventory_count_lines_session_fkey foreign key (pharmacy_id, session_id)
    references public.inventory_count_sessions (pharmacy_id, id) on delete cascade,
  constraint inventory_count_lines_medication_fkey foreign key (pharmacy_id, medication_id)
    references public.medications (pharmacy_id, id) on delete cascade,
  constraint inventory_count_lines_lot_fkey foreign key (pharmacy_id, lot_id)
    references public.inventory_lots (pharmacy_id, id) on delete cascade,
  constraint inventory_count_lines_quantity_check check (counted_quantity between 0 and 10000000),
  constraint inventory_count_lines_counted_check check (
    (counted_quantity is null) = (counted_by is null) and (counted_quantity is null) = (counted_at is null)),
  constraint inventory_count_lines_second_count_check check (
    second_count_quantity between 0 and 10000000
    and (second_count_quantity is null) = (second_counted_by is null) and (second_count_quantity is null) = (second_counted_at is null)
    and (second_count_quantity is null or counted_quantity is not null)),
  constraint inventory_count_lines_container_check check (
    container_units is null or (opened_container and container_units between 1 and 10000000)),
  constraint inventory_count_lines_estimate_check check (
    not estimated or (dea_schedule in ('III', 'IV', 'V') and opened_container and container_units <= 1000)),
  constraint inventory_count_lines_variance_check check (
    (variance_reason is null or length(btrim(variance_reason)) between 1 and 500)
    and (variance_quantity is null or variance_quantity = 0 or estimated or variance_reason is not null))
);
comment on table public.inventory_count_lines is
  'One product lot of a count: the product''s DEA schedule when the count started, the quantity counted (who, when), '
  'for the biennial inventory whether it was estimated from an opened container and how many units that container '
  'holds; at posting, the book quantity when it was counted, the variance, its reason and the count_variance '
  'movement posted. The expected quantity is in inventory_count_expectations (hidden while a blind count is open). '
  'Written only by the count functions; staff read their pharmacy''s.';
comment on column public.inventory_count_lines.position is 'The order of the count sheet: shelf, product name, strength, expiry, lot.';
comment on column public.inventory_count_lines.dea_schedule is 'The product''s DEA schedule when the count started (II–V), null when not controlled.';
comment on column public.inventory_count_lines.estimated is
  'Biennial inventory: the quantity of an opened Schedule III–V container of at most 1,000 units was estimated; never posted to the ledger.';
comment on column public.inventory_count_lines.opened_container is 'The quantity comes from an opened commercial container.';
comment on column public.inventory_count_lines.container_units is 'An opened container''s full size in units (tablets, capsules, mL).';
comment on column public.inventory_count_lines.second_count_quantity is
  'A second count of the line by another staff member (double count; required for Schedule II when the Controlled settings say so).';
comment on constraint inventory_count_lines_second_count_check on public.inventory_count_lines is
  'A second count follows the first, as a whole number of units, and records who counted and when';
comment on column public.inventory_count_lines.book_quantity is
  'At posting: the lot''s on-hand by the ledger when the line was counted (expected at start + movements after the snapshot, up to the count).';
comment on column public.inventory_count_lines.variance_quantity is 'At posting: counted − book (an estimate''s variance is recorded, not posted).';
comment on column public.inventory_count_lines.movement_id is 'The count_variance movement posted for this line, when there was a variance.';
comment on constraint inventory_count_lines_lot_key on public.inventory_count_lines is 'The lot is already on this count';
comment on constraint inventory_count_lines_quantity_check on public.inventory_count_lines is
  'A counted quantity is a whole number of units from 0 to 10,000,000';
comment on constraint inventory_count_lines_counted_check on public.inventory_count_lines is 'A count records who counted and when';
comment on constraint inventory_count_lines_container_check on public.inventory_count_lines is
  'A container size is given only for an opened container, as a whole number of units';
comment on constraint inventory_count_lines_estimate_check on public.inventory_count_lines is
  'Only an opened Schedule III–V container holding at most 1,000 units may be estimated: count Schedule II and larger containers exactly';
comment on constraint inventory_count_lines_variance_check on public.inventory_count_lines is
  'Each variance needs a reason of at most 500 characters';

create index inventory_count_lines_session_idx on public.inventory_count_lines (pharmacy_id, session_id, position);
create index inventory_count_lines_medication_idx on public.inventory_count_lines (pharmacy_id, medication_id);
create index inventory_count_lines_lot_idx on public.inventory_count_lines (pharmacy_id, lot_id);
create index inventory_count_lines_counted_by_idx on public.inventory_count_lines (counted_by);
create index inventory_count_lines_second_counted_by_idx on public.inventory_count_lines (second_counted_by);
create index inventory_count_lines_movement_idx on public.inventory_count_lines (movement_id) where movement_id is not null;

alter table public.inventory_count_lines enable row level security;
revoke insert, update, delete, truncate on public.inventory_count_lines from anon, authenticated;
revoke select on public.inventory_count_lines from anon;
create policy "Staff can read their pharmacy's inventory count lines" on public.inventory_count_lines
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));

-- -----------------------------------------------------------------------------------------------------
-- Expected quantities (hidden during a blind count)
-- -----------------------------------------------------------------------------------------------------
create table public.inventory_count_expectations (
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  line_id uuid not null,
  session_id uuid not null,
  expected_on_hand integer not null,
  primary key (pharmacy_id, line_id),
  constraint inventory_count_expectations_line_fkey foreign key (pharmacy_id, line_id)
    references public.inventory_count_lines (pharmacy_id, id) on delete cascade,
  constraint inventory_count_expectations_session_fkey foreign key (pharmacy_id, session_id)
    references public.inventory_count_sessions (pharmacy_id, id) on delete cascade
);
comment on table public.inventory_count_expectations is
  'The on-hand a count line''s lot had when the count started (by the ledger). Staff of the pharmacy read it, except '
  'while its count is blind and open: then nobody does (the counter must not see what to find). Written only by '
  'private.start_inventory_count.';
create index inventory_count_expectations_session_idx on public.inventory_count_expectations (pharmacy_id, session_id);

create function private.count_expectations_visible(count_session_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (select 1 from public.inventory_count_sessions s
                 where s.id = count_session_id and s.pharmacy_id = (select private.current_pharmacy_id())
                   and (not s.blind or s.status <> 'open'))
$$;
comment on function private.count_expectations_visible(uuid) is
  'Whether the caller may read a count''s expected quantities: their own pharmacy''s count that is not blind, or no '
  'longer open (submitted, posted, cancelled).';

alter table public.inventory_count_expectations enable row level security;
revoke insert, update, delete, truncate on public.inventory_count_expectations from anon, authenticated;
revoke select on public.inventory_count_expectations from anon;
create policy "Staff can read expected quantities unless a blind count is open" on public.inventory_count_expectations
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()) and private.count_expectations_visible(session_id));

-- -----------------------------------------------------------------------------------------------------
-- A count is a record: posted and cancelled counts keep their lines, a signed inventory never changes
-- -----------------------------------------------------------------------------------------------------
create function private.guard_inventory_count_record() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  session public.inventory_count_sessions;
begin
  -- The pharmacy (or a product) removed takes its counts with it (the parent row is already gone in a cascade).
  if tg_op = 'DELETE' then
    if not exists (select 1 from public.pharmacies p where p.id = old.pharmacy_id) then
      return old;
    end if;
    if tg_table_name = 'inventory_count_lines' then
      if not exists (select 1 from public.medications m where m.pharmacy_id = old.pharmacy_id and m.id = old.medication_id) then
        return old;
      end if;
    elsif tg_table_name = 'inventory_count_expectations' then
      if not exists (select 1 from public.inventory_count_lines cl where cl.pharmacy_id = old.pharmacy_id and cl.id = old.line_id) then
        return old;
      end if;
    end if;
  end if;
  if tg_table_name = 'inventory_count_sessions' then
    if old.signed_at is not null then
      raise exception 'This biennial inventory was signed on %: a signed record never changes',
        to_char(old.signed_at, 'MM/DD/YYYY') using errcode = '42501';
    end if;
    if tg_op = 'DELETE' then
      raise exception 'A count is a record: cancel it instead of removing it' using errcode = '42501';
    end if;
    if old.status in ('posted', 'cancelled')
       and (to_jsonb(new) - array['witnessed_by', 'witnessed_at', 'signed_by', 'signed_at'])
           is distinct from (to_jsonb(old) - array['witnessed_by', 'witnessed_at', 'signed_by', 'signed_at']) then
      raise exception 'This count is % and no longer changes', old.status using errcode = '42501';
    end if;
    return new;
  end if;
  select * into session from public.inventory_count_sessions s where s.id = old.session_id;
  if session.signed_at is not null then
    raise exception 'This biennial inventory was signed on %: a signed record never changes',
      to_char(session.signed_at, 'MM/DD/YYYY') using errcode = '42501';
  end if;
  if tg_op = 'DELETE' or session.status not in ('open', 'submitted') then
    raise exception 'This count is % and its lines no longer change', session.status using errcode = '42501';
  end if;
  return new;
end
$$;
comment on function private.guard_inventory_count_record() is
  'BEFORE UPDATE/DELETE trigger of the count tables, for every caller (the owner too): a signed biennial inventory '
  'never changes; a posted or cancelled count changes only by its witness and signature; lines change only while '
  'their count is open or submitted, and are never removed except with their pharmacy or product.';
create trigger guard_inventory_count_record before update or delete on public.inventory_count_sessions
  for each row execute function private.guard_inventory_count_record();
create trigger guard_inventory_count_record before update or delete on public.inventory_count_lines
  for each row execute function private.guard_inventory_count_record();
create trigger guard_inventory_count_record before update or delete on public.inventory_count_expectations
  for each row execute function private.guard_inventory_count_record();

-- -----------------------------------------------------------------------------------------------------
-- Helpers
-- -----------------------------------------------------------------------------------------------------
create function private.inventory_count_session_for_update(count_session_id uuid) returns public.inventory_count_sessions
language plpgsql security definer
set search_path = ''
as $$
declare
  session public.inventory_count_sessions;
begin
  select * into session from public.inventory_count_sessions s
  where s.id = count_session_id and s.pharmacy_id = private.current_pharmacy_id()
  for update;
  if session.id is null then
    raise exception 'Count not found' using errcode = 'P0002';
  end if;
  return session;
end
$$;
comment on function private.inventory_count_session_for_update(uuid) is
  'The caller''s pharmacy''s count, locked for the step being taken (two terminals posting take turns), or "Count not found".';

create function private.inventory_count_label(session public.inventory_count_sessions) returns text
language sql immutable
set search_path = ''
as $$
  select case when session.kind = 'biennial_controlled'
              then format('Biennial inventory of %s (%s of business)', to_char(session.as_of_date, 'MM/DD/YYYY'), session.business_time)
              else format('Count %s', upper(left(session.id::text, 8))) end
$$;
comment on function private.inventory_count_label(public.inventory_count_sessions) is
  'How messages, the audit log and ledger references name a count: "Count 1A2B3C4D" or the biennial inventory''s date.';

create function private.count_book_quantity(
  for_pharmacy_id uuid, count_lot_id uuid, snapshot_movement_id bigint, expected_on_hand integer, counted_at timestamptz
) returns integer
language sql stable
set search_path = ''
as $$
  select expected_on_hand + coalesce(sum(mv.quantity), 0)::integer
  from public.inventory_movements mv
  where mv.pharmacy_id = for_pharmacy_id and mv.lot_id = count_lot_id
    and mv.id > snapshot_movement_id and mv.occurred_at <= counted_at
$$;
comment on function private.count_book_quantity(uuid, uuid, bigint, integer, timestamptz) is
  'A counted lot''s on-hand by the ledger when it was counted: the expected quantity at the start plus the lot''s '
  'movements after the count''s ledger position and no later than the count. As the caller (RLS applies).';

-- -----------------------------------------------------------------------------------------------------
-- Starting a count
-- -----------------------------------------------------------------------------------------------------
create function private.start_inventory_count(
  count_kind text, count_scope text default null, shelf text default null, product_ids uuid[] default null,
  is_blind boolean default true, business_time text default null, note text default null
) returns public.inventory_count_sessions
language plpgsql security definer
set search_path = ''
as $$
declare
  pharmacy uuid := private.current_pharmacy_id();
  biennial boolean := count_kind = 'biennial_controlled';
  today date;
  session public.inventory_count_sessions;
  products uuid[];
  busy text;
  snapshot bigint;
  lines integer;
begin
  if pharmacy is null or not private.current_staff_can('inventory:manage') then
    raise exception 'Only staff of the pharmacy can count stock' using errcode = '42501';
  end if;
  if count_kind is null or count_kind not in ('cycle', 'biennial_controlled') then
    raise exception 'Choose a cycle count or the biennial controlled-substance inventory' using errcode = '23514';
  end if;
  if biennial and not private.current_staff_can('inventory:adjust') then
    raise exception 'Only a pharmacist or admin can start the biennial controlled-substance inventory' using errcode = '42501';
  end if;
  if biennial then
    count_scope := 'controlled';
    if business_time is null or business_time not in ('opening', 'close') then
      raise exception 'Say whether the inventory is taken at the opening or the close of business' using errcode = '23514';
    end if;
  elsif count_scope is null or count_scope not in ('shelf', 'products', 'schedule_ii') then
    raise exception 'Count a shelf, chosen products or all Schedule II' using errcode = '23514';
  end if;
  shelf := nullif(btrim(shelf), '');
  if count_scope = 'shelf' and shelf is null then
    raise exception 'Enter the shelf location to count' using errcode = '23514';
  end if;
  if count_scope = 'products' and coalesce(cardinality(product_ids), 0) = 0 then
    raise exception 'Choose the products to count' using errcode = '23514';
  end if;
  if cardinality(product_ids) > 500 then
    raise exception 'A count of chosen products covers at most 500 products: count by shelf instead' using errcode = '23514';
  end if;
  if length(note) > 500 then
    raise exception 'A note is at most 500 characters' using errcode = '23514';
  end if;

  -- Starts take turns, so two counts cannot both take a product.
  perform pg_advisory_xact_lock(hashtextextended('inventory_count:' || pharmacy::text, 0));
  select coalesce(array_agg(m.id order by m.id), '{}') into products
  from public.medications m
  left join public.inventory_products ip on ip.pharmacy_id = m.pharmacy_id and ip.medication_id = m.id
  where m.pharmacy_id = pharmacy
    and (m.active or m.stock > 0 or count_scope = 'products')
    and case count_scope
          when 'shelf' then ip.shelf_location = shelf
          when 'products' then m.id = any (product_ids)
          when 'schedule_ii' then m.dea_schedule = 'II'
          else m.dea_schedule is not null end;
  if count_scope = 'products' and cardinality(products) < (select count(distinct p) from unnest(product_ids) p) then
    raise exception 'Medication not found' using errcode = 'P0002';
  end if;
  if cardinality(products) = 0 then
    raise exception '%', case count_scope
      when 'shelf' then format('No product is kept at %s: set the shelf location of the products first', shelf)
      when 'schedule_ii' then 'There is no Schedule II product to count'
      else 'There is no controlled substance to count' end using errcode = '23514';
  end if;
  select string_agg(distinct concat_ws(' ', m.name, m.strength), ', ') into busy
  from public.inventory_count_lines cl
  join public.inventory_count_sessions s on s.pharmacy_id = cl.pharmacy_id and s.id = cl.session_id
  join public.medications m on m.pharmacy_id = cl.pharmacy_id and m.id = cl.medication_id
  where cl.pharmacy_id = pharmacy and cl.medication_id = any (products) and s.status in ('open', 'submitted');
  if busy is not null then
    raise exception 'Already in a count that is not posted yet: %. Post or cancel that count first', busy using errcode = '23514';
  end if;

  -- The products' row locks wait for movements under way and hold new ones until this commits, so the lots'
  -- on-hand read next and the ledger position agree.
  perform 1 from public.medications m where m.pharmacy_id = pharmacy and m.id = any (products) order by m.id for share;
  -- A product with nothing on hand still gets a line (its no-lot lot), for stock found on the shelf.
  perform private.inventory_lot_for(pharmacy, m.id, '', null)
  from public.medications m
  where m.pharmacy_id = pharmacy and m.id = any (products)
    and not exists (select 1 from public.inventory_lots l where l.pharmacy_id = pharmacy and l.medication_id = m.id and l.on_hand > 0);
  select coalesce(max(mv.id), 0) into snapshot from public.inventory_movements mv where mv.pharmacy_id = pharmacy;

  today := private.pharmacy_local_date(pharmacy, now());
  insert into public.inventory_count_sessions (
    pharmacy_id, kind, scope, shelf_location, blind, note, as_of_date, business_time, snapshot_movement_id, started_by)
  values (pharmacy, count_kind, count_scope, case when count_scope = 'shelf' then shelf end, coalesce(is_blind, true),
    nullif(btrim(note), ''), case when biennial then today end, case when biennial then business_time end, snapshot,
    (select auth.uid()))
  returning * into session;

  with chosen as (
    select l.id as lot_id, l.medication_id, l.on_hand, m.dea_schedule,
           row_number() over (order by ip.shelf_location nulls last, m.name, m.strength, l.expiration_date nulls first, l.lot_number, l.id) as position
    from public.inventory_lots l
    join public.medications m on m.pharmacy_id = l.pharmacy_id and m.id = l.medication_id
    left join public.inventory_products ip on ip.pharmacy_id = m.pharmacy_id and ip.medication_id = m.id
    where l.pharmacy_id = pharmacy and l.medication_id = any (products)
      and (l.on_hand > 0 or (l.lot_number = '' and l.expiration_date is null
           and not exists (select 1 from public.inventory_lots other
                           where other.pharmacy_id = pharmacy and other.medication_id = l.medication_id and other.on_hand > 0)))
  ), inserted as (
    insert into public.inventory_count_lines (pharmacy_id, session_id, position, medication_id, lot_id, dea_schedule)
    select pharmacy, session.id, c.position, c.medication_id, c.lot_id, c.dea_schedule from chosen c
    returning id, lot_id
  )
  insert into public.inventory_count_expectations (pharmacy_id, line_id, session_id, expected_on_hand)
  select pharmacy, i.id, session.id, c.on_hand from inserted i join chosen c on c.lot_id = i.lot_id;
  get diagnostics lines = row_count;
  if lines > 10000 then
    raise exception 'A count covers at most 10,000 lots: count by shelf instead' using errcode = '23514';
  end if;
  update public.inventory_count_sessions s set line_count = lines where s.id = session.id returning * into session;
  perform private.record_audit_event(pharmacy, (select auth.uid()), 'inventory_count_started', 'inventory_count_sessions',
    session.id::text, format('%s started: %s lots%s', private.inventory_count_label(session), lines,
      case when session.blind then ', blind' else '' end), true,
    jsonb_build_object('kind', session.kind, 'scope', session.scope, 'shelfLocation', session.shelf_location, 'blind', session.blind));
  return session;
end
$$;
comment on function private.start_inventory_count(text, text, text, uuid[], boolean, text, text) is
  'Starts a count (inventory:manage; the biennial inventory pharmacists and admins): a cycle count of a shelf '
  'location, chosen products (at most 500) or all Schedule II, or the biennial inventory of every controlled '
  'product dated today at the opening or close of business. Freezes one line per lot on hand (a product with none: '
  'its no-lot lot) with its expected quantity, under the products'' row locks, and the ledger position. A product '
  'already in a count not yet posted is refused. Blind unless said otherwise. Audited. Answers the session.';

-- -----------------------------------------------------------------------------------------------------
-- Counting and submitting
-- -----------------------------------------------------------------------------------------------------
create function private.open_count_line(count_line_id uuid) returns public.inventory_count_lines
language plpgsql security definer
set search_path = ''
as $$
declare
  line public.inventory_count_lines;
  session public.inventory_count_sessions;
begin
  if private.current_pharmacy_id() is null or not private.current_staff_can('inventory:manage') then
    raise exception 'Only staff of the pharmacy can count stock' using errcode = '42501';
  end if;
  select * into line from public.inventory_count_lines cl
  where cl.id = count_line_id and cl.pharmacy_id = private.current_pharmacy_id();
  if line.id is null then
    raise exception 'Count line not found' using errcode = 'P0002';
  end if;
  session := private.inventory_count_session_for_update(line.session_id);
  if session.status <> 'open' then
    raise exception '% is %: counts are entered only while it is open', private.inventory_count_label(session), session.status
      using errcode = 'P0001';
  end if;
  return line;
end
$$;
comment on function private.open_count_line(uuid) is
  'A line of the caller''s pharmacy''s count that may take a count now (staff with inventory:manage, its count open, '
  'locked for the entry), or the reason it may not. Shared by the first and the second count.';

create function private.record_inventory_count(
  count_line_id uuid, counted integer, is_estimated boolean default false, is_opened_container boolean default false,
  full_container_units integer default null
) returns public.inventory_count_lines
language plpgsql security definer
set search_path = ''
as $$
declare
  line public.inventory_count_lines := private.open_count_line(count_line_id);
  session public.inventory_count_sessions;
begin
  select * into session from public.inventory_count_sessions cs where cs.id = line.session_id;
  if counted is null or counted < 0 or counted > 10000000 then
    raise exception 'Enter the quantity counted as a whole number of units (0 when none is on the shelf)' using errcode = '23514';
  end if;
  is_estimated := coalesce(is_estimated, false);
  is_opened_container := coalesce(is_opened_container, false) or is_estimated;
  if is_estimated and session.kind <> 'biennial_controlled' then
    raise exception 'A cycle count is exact: only the biennial inventory estimates opened containers' using errcode = '23514';
  end if;
  if is_estimated and line.dea_schedule = 'II' then
    raise exception 'Schedule II is counted exactly, never estimated' using errcode = '23514';
  end if;
  if is_estimated and (full_container_units is null or full_container_units > 1000) then
    raise exception 'An opened container holding more than 1,000 units is counted exactly: enter the container size (1,000 or less) to estimate'
      using errcode = '23514';
  end if;
  update public.inventory_count_lines cl
  set counted_quantity = counted, estimated = is_estimated, opened_container = is_opened_container,
      container_units = case when is_opened_container then full_container_units end,
      counted_by = (select auth.uid()), counted_at = now(),
      -- A changed count needs its second count again.
      second_count_quantity = case when counted = line.counted_quantity then line.second_count_quantity end,
      second_counted_by = case when counted = line.counted_quantity then line.second_counted_by end,
      second_counted_at = case when counted = line.counted_quantity then line.second_counted_at end
  where cl.id = line.id
  returning * into line;
  return line;
end
$$;
comment on function private.record_inventory_count(uuid, integer, boolean, boolean, integer) is
  'Records (or corrects) the quantity counted on a line of an open count (inventory:manage), with who and when. The '
  'biennial inventory may estimate an opened Schedule III–V container of at most 1,000 units (its size given); '
  'Schedule II and larger containers are exact, and so is every cycle count. Answers the line, never the expected '
  'quantity.';

create function private.record_second_inventory_count(count_line_id uuid, counted integer) returns public.inventory_count_lines
language plpgsql security definer
set search_path = ''
as $$
declare
  line public.inventory_count_lines := private.open_count_line(count_line_id);
begin
  if line.counted_quantity is null then
    raise exception 'Record the first count of this line before its second count' using errcode = '23514';
  end if;
  if line.counted_by = (select auth.uid()) then
    raise exception 'The second count is by another staff member than the first' using errcode = '23514';
  end if;
  if counted is null or counted < 0 or counted > 10000000 then
    raise exception 'Enter the quantity counted as a whole number of units (0 when none is on the shelf)' using errcode = '23514';
  end if;
  update public.inventory_count_lines cl
  set second_count_quantity = counted, second_counted_by = (select auth.uid()), second_counted_at = now()
  where cl.id = line.id
  returning * into line;
  return line;
end
$$;
comment on function private.record_second_inventory_count(uuid, integer) is
  'Records a second count of a counted line of an open count, by another staff member than the first counter '
  '(double count). A second count that differs is kept; the count cannot be submitted while a Schedule II line''s '
  'counts disagree and System Settings → Controlled → requireDoubleCount is on.';

create function private.submit_inventory_count(count_session_id uuid) returns public.inventory_count_sessions
language plpgsql security definer
set search_path = ''
as $$
declare
  session public.inventory_count_sessions;
  missing integer;
begin
  if not private.current_staff_can('inventory:manage') then
    raise exception 'Only staff of the pharmacy can count stock' using errcode = '42501';
  end if;
  session := private.inventory_count_session_for_update(count_session_id);
  if session.status <> 'open' then
    raise exception '% is % and cannot be submitted', private.inventory_count_label(session), session.status using errcode = 'P0001';
  end if;
  select count(*) into missing from public.inventory_count_lines cl
  where cl.pharmacy_id = session.pharmacy_id and cl.session_id = session.id and cl.counted_quantity is null;
  if missing > 0 then
    raise exception '% of % lines are not counted yet: enter 0 where nothing is on the shelf', missing, session.line_count
      using errcode = '23514';
  end if;
  if coalesce((private.pharmacy_settings_values(session.pharmacy_id, 'controlled') -> 'requireDoubleCount') = 'true'::jsonb, false) then
    select count(*) into missing from public.inventory_count_lines cl
    where cl.pharmacy_id = session.pharmacy_id and cl.session_id = session.id and cl.dea_schedule = 'II'
      and cl.second_count_quantity is distinct from cl.counted_quantity;
    if missing > 0 then
      raise exception 'Double count (System Settings → Controlled): % Schedule II line(s) need a second count by another staff member that agrees with the first',
        missing using errcode = '23514';
    end if;
  end if;
  update public.inventory_count_sessions s set status = 'submitted', submitted_by = (select auth.uid()), submitted_at = now()
  where s.id = session.id returning * into session;
  return session;
end
$$;
comment on function private.submit_inventory_count(uuid) is
  'Submits an open count once every line is counted (inventory:manage) and, when the Controlled settings require a '
  'double count, every Schedule II line''s second count agrees: it can no longer be counted, and its '
  'expected quantities become readable (a blind count included), for a pharmacist or admin to post.';

-- -----------------------------------------------------------------------------------------------------
-- Posting the variances
-- -----------------------------------------------------------------------------------------------------
create function private.post_inventory_count(count_session_id uuid, variance_reasons jsonb default '{}'::jsonb)
returns public.inventory_count_sessions
language plpgsql security definer
set search_path = ''
as $$
declare
  session public.inventory_count_sessions;
  line record;
  book integer;
  variance integer;
  why text;
  posted public.inventory_movements;
begin
  if not private.current_staff_can('inventory:adjust') then
    raise exception 'Only a pharmacist or admin can post count variances' using errcode = '42501';
  end if;
  session := private.inventory_count_session_for_update(count_session_id);
  if session.status = 'posted' then
    raise exception '% was already posted on %: a count posts once', private.inventory_count_label(session),
      to_char(session.posted_at, 'MM/DD/YYYY') using errcode = 'P0001';
  end if;
  if session.status <> 'submitted' then
    raise exception '% is %: submit it before posting', private.inventory_count_label(session), session.status using errcode = 'P0001';
  end if;
  if variance_reasons is null then
    variance_reasons := '{}'::jsonb;
  end if;
  if jsonb_typeof(variance_reasons) <> 'object' or pg_column_size(variance_reasons) > 2000000 then
    raise exception 'The variance reasons are a list of reasons by count line' using errcode = '22023';
  end if;
  for line in
    select cl.id, cl.lot_id, cl.medication_id, cl.counted_quantity, cl.counted_at, cl.estimated, cl.dea_schedule,
           e.expected_on_hand, concat_ws(' ', m.name, m.strength) as product, l.lot_number
    from public.inventory_count_lines cl
    join public.inventory_count_expectations e on e.pharmacy_id = cl.pharmacy_id and e.line_id = cl.id
    join public.medications m on m.pharmacy_id = cl.pharmacy_id and m.id = cl.medication_id
    join public.inventory_lots l on l.pharmacy_id = cl.pharmacy_id and l.id = cl.lot_id
    where cl.pharmacy_id = session.pharmacy_id and cl.session_id = session.id
    order by cl.position
  loop
    -- The book quantity when the line was counted: the snapshot plus what moved since, up to the count.
    book := private.count_book_quantity(session.pharmacy_id, line.lot_id, session.snapshot_movement_id,
      line.expected_on_hand, line.counted_at);
    variance := line.counted_quantity - book;
    why := nullif(btrim(variance_reasons ->> line.id::text), '');
    posted := null;
    if variance <> 0 and not line.estimated then
      if why is null then
        raise exception 'Give a reason for the variance of % (lot %): counted %, % by the ledger',
          line.product, coalesce(nullif(line.lot_number, ''), 'not recorded'), line.counted_quantity, book using errcode = '23514';
      end if;
      if length(why) > 500 then
        raise exception 'A variance reason is at most 500 characters (%, lot %)', line.product,
          coalesce(nullif(line.lot_number, ''), 'not recorded') using errcode = '23514';
      end if;
      posted := private.post_stock_movement(line.lot_id, 'count_variance', variance, why, null,
        private.inventory_count_label(session));
      if line.dea_schedule is not null then
        perform private.record_controlled_substance_change(line.medication_id, posted.product_on_hand_after - variance,
          posted.product_on_hand_after, line.dea_schedule, line.dea_schedule,
          format('%s: %s', private.inventory_count_label(session), why));
      end if;
    end if;
    update public.inventory_count_lines cl
    set book_quantity = book, variance_quantity = variance,
        variance_reason = case when variance <> 0 and why is not null then left(why, 500) end, movement_id = posted.id
    where cl.id = line.id;
  end loop;
  update public.inventory_count_sessions s set status = 'posted', posted_by = (select auth.uid()), posted_at = now()
  where s.id = session.id returning * into session;
  perform private.record_audit_event(session.pharmacy_id, (select auth.uid()), 'inventory_count_posted', 'inventory_count_sessions',
    session.id::text, format('%s posted: %s variances', private.inventory_count_label(session),
      (select count(*) from public.inventory_count_lines cl where cl.pharmacy_id = session.pharmacy_id
         and cl.session_id = session.id and cl.movement_id is not null)), true, '{}'::jsonb);
  return session;
end
$$;
comment on function private.post_inventory_count(uuid, jsonb) is
  'Posts a submitted count once (pharmacists and admins), in one transaction: for each line the book quantity when '
  'it was counted (expected at start + the lot''s movements after the snapshot and up to the count), the variance '
  'counted − book, and for each variance of an exact count a count_variance movement with its reason from '
  'variance_reasons ({line id: reason}; required, at most 500 characters). Controlled variances are also audited. '
  'Estimated lines are recorded, not posted. A second post is refused. Answers the session.';

-- -----------------------------------------------------------------------------------------------------
-- Cancelling, witnessing and signing
-- -----------------------------------------------------------------------------------------------------
create function private.cancel_inventory_count(count_session_id uuid, reason text) returns public.inventory_count_sessions
language plpgsql security definer
set search_path = ''
as $$
declare
  session public.inventory_count_sessions := private.inventory_count_session_for_update(count_session_id);
begin
  if not (private.current_staff_can('inventory:adjust')
          or (session.status = 'open' and session.started_by = (select auth.uid()) and private.current_staff_can('inventory:manage'))) then
    raise exception 'Only a pharmacist or admin, or who started it while it is open, can cancel a count' using errcode = '42501';
  end if;
  if session.status not in ('open', 'submitted') then
    raise exception '% is % and cannot be cancelled', private.inventory_count_label(session), session.status using errcode = 'P0001';
  end if;
  if length(btrim(coalesce(reason, ''))) = 0 or length(btrim(reason)) > 500 then
    raise exception 'Give a reason for cancelling the count (at most 500 characters)' using errcode = '23514';
  end if;
  update public.inventory_count_sessions s
  set status = 'cancelled', cancelled_by = (select auth.uid()), cancelled_at = now(), cancel_reason = btrim(reason)
  where s.id = session.id returning * into session;
  return session;
end
$$;
comment on function private.cancel_inventory_count(uuid, text) is
  'Cancels an open or submitted count with a reason (pharmacists and admins; who started it while it is open): '
  'nothing is posted, the record stays.';

create function private.witness_inventory_count(count_session_id uuid) returns public.inventory_count_sessions
language plpgsql security definer
set search_path = ''
as $$
declare
  session public.inventory_count_sessions := private.inventory_count_session_for_update(count_session_id);
begin
  if not private.current_staff_can('inventory:manage') then
    raise exception 'Only staff of the pharmacy can witness an inventory' using errcode = '42501';
  end if;
  if session.kind <> 'biennial_controlled' or session.status <> 'posted' or session.signed_at is not null then
    raise exception 'Only a posted biennial inventory not yet signed is witnessed' using errcode = 'P0001';
  end if;
  update public.inventory_count_sessions s set witnessed_by = (select auth.uid()), witnessed_at = now()
  where s.id = session.id returning * into session;
  return session;
end
$$;
comment on function private.witness_inventory_count(uuid) is
  'A staff member signs a posted biennial inventory as its witness (before the pharmacist''s signature; signing again '
  'replaces the witness). The pharmacist who signs cannot be the witness.';

create function private.sign_inventory_count(count_session_id uuid) returns public.inventory_count_sessions
language plpgsql security definer
set search_path = ''
as $$
declare
  session public.inventory_count_sessions := private.inventory_count_session_for_update(count_session_id);
  witness_required boolean;
begin
  if not private.current_staff_can('inventory:adjust') then
    raise exception 'Only a pharmacist or admin can sign the biennial inventory' using errcode = '42501';
  end if;
  if session.kind <> 'biennial_controlled' then
    raise exception 'Only the biennial controlled-substance inventory is signed' using errcode = 'P0001';
  end if;
  if session.signed_at is not null then
    raise exception 'This biennial inventory was signed on %: a signed record never changes',
      to_char(session.signed_at, 'MM/DD/YYYY') using errcode = 'P0001';
  end if;
  if session.status <> 'posted' then
    raise exception '% is %: post its variances before signing', private.inventory_count_label(session), session.status using errcode = 'P0001';
  end if;
  witness_required := coalesce(
    (private.pharmacy_settings_values(session.pharmacy_id, 'controlled') -> 'requireWitnessSignature') = 'true'::jsonb, false);
  if witness_required and session.witnessed_by is null then
    raise exception 'A witness signs first (System Settings → Controlled → Witness signature): another staff member signs as witness'
      using errcode = '23514';
  end if;
  if session.witnessed_by = (select auth.uid()) then
    raise exception 'The witness cannot also sign as the pharmacist: another staff member witnesses' using errcode = '23514';
  end if;
  update public.inventory_count_sessions s set signed_by = (select auth.uid()), signed_at = now()
  where s.id = session.id returning * into session;
  perform private.record_audit_event(session.pharmacy_id, (select auth.uid()), 'biennial_inventory_signed', 'inventory_count_sessions',
    session.id::text, format('%s signed', private.inventory_count_label(session)), true,
    jsonb_build_object('asOfDate', session.as_of_date, 'businessTime', session.business_time, 'witnessedBy', session.witnessed_by));
  return session;
end
$$;
comment on function private.sign_inventory_count(uuid) is
  'A pharmacist or admin signs a posted biennial inventory, which then never changes: witnessed first by another '
  'staff member when System Settings → Controlled → requireWitnessSignature is on. Audited.';

create function public.biennial_inventory_status() returns jsonb
language sql stable
set search_path = ''
as $$
  with settings as (
    select coalesce((private.pharmacy_settings_values(p, 'controlled') -> 'biannualInventoryRequired') <> 'false'::jsonb, true) as required,
           private.pharmacy_local_date(p, now()) as today
    from (select private.current_pharmacy_id() as p) caller where caller.p is not null
  ), last as (
    select s.as_of_date, s.business_time, s.signed_at from public.inventory_count_sessions s
    where s.pharmacy_id = (select private.current_pharmacy_id()) and s.kind = 'biennial_controlled' and s.signed_at is not null
    order by s.as_of_date desc limit 1
  )
  select jsonb_build_object(
    'required', settings.required,
    'lastAsOfDate', last.as_of_date, 'lastBusinessTime', last.business_time, 'lastSignedAt', last.signed_at,
    'dueBy', (last.as_of_date + interval '2 years')::date,
    'overdue', settings.required and (last.as_of_date is null or (last.as_of_date + interval '2 years')::date < settings.today))
  from settings left join last on true
$$;
comment on function public.biennial_inventory_status() is
  'The caller''s pharmacy''s biennial controlled-substance inventory: required (System Settings → Controlled → '
  'biannualInventoryRequired, default on), the last signed one (as-of date, opening or close, signed at), when the '
  'next is due (two years after, 21 CFR 1304.11(c)) and whether it is overdue (or was never taken). Security invoker.';

-- -----------------------------------------------------------------------------------------------------
-- The count sheet (one page)
-- -----------------------------------------------------------------------------------------------------
create function public.inventory_count_sheet(
  count_session_id uuid, page_size integer default 50, page_offset integer default 0, only_variances boolean default false
) returns table (
  line_id uuid, sheet_position integer, medication_id uuid, medication_name text, strength text, ndc_number text,
  dea_schedule text, shelf_location text, lot_id uuid, lot_number text, expiration_date date,
  counted_quantity integer, estimated boolean, opened_container boolean, container_units integer, counted_at timestamptz,
  second_count_quantity integer, expected_on_hand integer, book_quantity integer, variance_quantity integer, variance_reason text, total_count bigint
)
language sql stable
set search_path = ''
as $$
  with figured as (
    select cl.*, e.expected_on_hand,
           coalesce(cl.book_quantity, case when cl.counted_at is not null and e.expected_on_hand is not null
             then private.count_book_quantity(cl.pharmacy_id, cl.lot_id, s.snapshot_movement_id, e.expected_on_hand, cl.counted_at) end) as book
    from public.inventory_count_lines cl
    join public.inventory_count_sessions s on s.pharmacy_id = cl.pharmacy_id and s.id = cl.session_id
    left join public.inventory_count_expectations e on e.pharmacy_id = cl.pharmacy_id and e.line_id = cl.id
    where cl.pharmacy_id = (select private.current_pharmacy_id()) and cl.session_id = count_session_id
  )
  select f.id, f.position, m.id, m.name, m.strength, m.ndc_number, f.dea_schedule, ip.shelf_location, l.id,
         l.lot_number, l.expiration_date, f.counted_quantity, f.estimated, f.opened_container, f.container_units,
         f.counted_at, f.second_count_quantity, f.expected_on_hand, f.book, coalesce(f.variance_quantity, f.counted_quantity - f.book),
         f.variance_reason, count(*) over ()
  from figured f
  join public.medications m on m.pharmacy_id = f.pharmacy_id and m.id = f.medication_id
  join public.inventory_lots l on l.pharmacy_id = f.pharmacy_id and l.id = f.lot_id
  left join public.inventory_products ip on ip.pharmacy_id = f.pharmacy_id and ip.medication_id = f.medication_id
  where not coalesce(only_variances, false) or f.counted_quantity is distinct from f.book
  order by f.position
  limit least(greatest(coalesce(page_size, 50), 1), 200) offset greatest(coalesce(page_offset, 0), 0)
$$;
comment on function public.inventory_count_sheet(uuid, integer, integer, boolean) is
  'One page (1–200 lines, in sheet order) of a count as the screen shows it: product, lot, expiry, shelf, what was '
  'counted and, once readable (not while a blind count is open), the expected quantity, the book quantity when '
  'counted and the variance posting would post (the posted ones once posted); only_variances keeps the lines whose '
  'count differs from the book. total_count on each row. Security invoker: RLS applies.';

-- -----------------------------------------------------------------------------------------------------
-- The callable faces (security invoker; the work is the private definers')
-- -----------------------------------------------------------------------------------------------------
create function public.start_inventory_count(
  count_kind text, count_scope text default null, shelf text default null, product_ids uuid[] default null,
  is_blind boolean default true, business_time text default null, note text default null
) returns public.inventory_count_sessions
language sql
set search_path = ''
as $$
  select * from private.start_inventory_count(count_kind, count_scope, shelf, product_ids, is_blind, business_time, note)
$$;
comment on function public.start_inventory_count(text, text, text, uuid[], boolean, text, text) is
  'See private.start_inventory_count (security definer: it freezes the expected quantities nobody writes directly).';

create function public.record_inventory_count(
  count_line_id uuid, counted integer, is_estimated boolean default false, is_opened_container boolean default false,
  full_container_units integer default null
) returns public.inventory_count_lines
language sql
set search_path = ''
as $$
  select * from private.record_inventory_count(count_line_id, counted, is_estimated, is_opened_container, full_container_units)
$$;
comment on function public.record_inventory_count(uuid, integer, boolean, boolean, integer) is 'See private.record_inventory_count.';

create function public.record_second_inventory_count(count_line_id uuid, counted integer) returns public.inventory_count_lines
language sql
set search_path = ''
as $$
  select * from private.record_second_inventory_count(count_line_id, counted)
$$;
comment on function public.record_second_inventory_count(uuid, integer) is 'See private.record_second_inventory_count.';

create function public.submit_inventory_count(count_session_id uuid) returns public.inventory_count_sessions
language sql
set search_path = ''
as $$
  select * from private.submit_inventory_count(count_session_id)
$$;
comment on function public.submit_inventory_count(uuid) is 'See private.submit_inventory_count.';

create function public.post_inventory_count(count_session_id uuid, variance_reasons jsonb default '{}'::jsonb)
returns public.inventory_count_sessions
language sql
set search_path = ''
as $$
  select * from private.post_inventory_count(count_session_id, variance_reasons)
$$;
comment on function public.post_inventory_count(uuid, jsonb) is 'See private.post_inventory_count (security definer: it posts to the ledger nobody writes directly).';

create function public.cancel_inventory_count(count_session_id uuid, reason text) returns public.inventory_count_sessions
language sql
set search_path = ''
as $$
  select * from private.cancel_inventory_count(count_session_id, reason)
$$;
comment on function public.cancel_inventory_count(uuid, text) is 'See private.cancel_inventory_count.';

create function public.witness_inventory_count(count_session_id uuid) returns public.inventory_count_sessions
language sql
set search_path = ''
as $$
  select * from private.witness_inventory_count(count_session_id)
$$;
comment on function public.witness_inventory_count(uuid) is 'See private.witness_inventory_count.';

create function public.sign_inventory_count(count_session_id uuid) returns public.inventory_count_sessions
language sql
set search_path = ''
as $$
  select * from private.sign_inventory_count(count_session_id)
$$;
comment on function public.sign_inventory_count(uuid) is 'See private.sign_inventory_count.';

-- -----------------------------------------------------------------------------------------------------
-- Grants
-- -----------------------------------------------------------------------------------------------------
revoke all on function private.count_expectations_visible(uuid) from public;
grant execute on function private.count_expectations_visible(uuid) to authenticated;
revoke all on function private.guard_inventory_count_record() from public;
revoke all on function private.count_book_quantity(uuid, uuid, bigint, integer, timestamptz) from public;
grant execute on function private.count_book_quantity(uuid, uuid, bigint, integer, timestamptz) to authenticated;
revoke all on function public.inventory_count_sheet(uuid, integer, integer, boolean) from public, anon;
grant execute on function public.inventory_count_sheet(uuid, integer, integer, boolean) to authenticated;
revoke all on function private.inventory_count_session_for_update(uuid) from public;
revoke all on function private.inventory_count_label(public.inventory_count_sessions) from public;
revoke all on function private.start_inventory_count(text, text, text, uuid[], boolean, text, text) from public;
revoke all on function private.open_count_line(uuid) from public;
revoke all on function private.record_inventory_count(uuid, integer, boolean, boolean, integer) from public;
revoke all on function private.submit_inventory_count(uuid) from public;
revoke all on function private.record_second_inventory_count(uuid, integer) from public;
grant execute on function private.record_second_inventory_count(uuid, integer) to authenticated;
revoke all on function public.record_second_inventory_count(uuid, integer) from public, anon;
grant execute on function public.record_second_inventory_count(uuid, integer) to authenticated;
revoke all on function private.post_inventory_count(uuid, jsonb) from public;
revoke all on function private.cancel_inventory_count(uuid, text) from public;
revoke all on function private.witness_inventory_count(uuid) from public;
revoke all on function private.sign_inventory_count(uuid) from public;
grant execute on function private.start_inventory_count(text, text, text, uuid[], boolean, text, text) to authenticated;
grant execute on function private.record_inventory_count(uuid, integer, boolean, boolean, integer) to authenticated;
grant execute on function private.submit_inventory_count(uuid) to authenticated;
grant execute on function private.post_inventory_count(uuid, jsonb) to authenticated;
grant execute on function private.cancel_inventory_count(uuid, text) to authenticated;
grant execute on function private.witness_inventory_count(uuid) to authenticated;
grant execute on function private.sign_inventory_count(uuid) to authenticated;
revoke all on function public.start_inventory_count(text, text, text, uuid[], boolean, text, text) from public, anon;
revoke all on function public.record_inventory_count(uuid, integer, boolean, boolean, integer) from public, anon;
revoke all on function public.submit_inventory_count(uuid) from public, anon;
revoke all on function public.post_inventory_count(uuid, jsonb) from public, anon;
revoke all on function public.cancel_inventory_count(uuid, text) from public, anon;
revoke all on function public.witness_inventory_count(uuid) from public, anon;
revoke all on function public.sign_inventory_count(uuid) from public, anon;
revoke all on function public.biennial_inventory_status() from public, anon;
grant execute on function public.start_inventory_count(text, text, text, uuid[], boolean, text, text) to authenticated;
grant execute on function public.record_inventory_count(uuid, integer, boolean, boolean, integer) to authenticated;
grant execute on function public.submit_inventory_count(uuid) to authenticated;
grant execute on function public.post_inventory_count(uuid, jsonb) to authenticated;
grant execute on function public.cancel_inventory_count(uuid, text) to authenticated;
grant execute on function public.witness_inventory_count(uuid) to authenticated;
grant execute on function public.sign_inventory_count(uuid) to authenticated;
grant execute on function public.biennial_inventory_status() to authenticated;
grant select on public.inventory_count_sessions, public.inventory_count_lines, public.inventory_count_expectations to service_role;

select private.install_constraint_explanations('public.inventory_count_sessions');
select private.install_constraint_explanations('public.inventory_count_lines');
select private.install_constraint_explanations('public.inventory_count_expectations');

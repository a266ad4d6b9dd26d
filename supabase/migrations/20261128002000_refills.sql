-- =====================================================================================================
-- Refills: a prescription (the prescriber's order) is filled again and again
-- =====================================================================================================
-- * public.prescription_orders is the prescriber's order: Rx number, patient, drug, prescriber, refills
--   authorised, date written, and whether it is active, inactive or discontinued. Written only by the database.
-- * A row of public.prescriptions is now one FILL of an order: fill_number 0 is the original, then refill 1, 2, …
--   It keeps the order's Rx number and records its own quantity, days supply, date filled, who verified it and
--   its label prints. The fill is the queue's unit: it moves pending → processing → ready → completed, and the
--   queue counters, tabs and dashboard count fills. refills_used is gone from the row: refills used are the
--   order's last fill number; a fill's "Refill N of M" is its fill_number of the order's refills.
-- * A refill is an INSERT into prescriptions naming the order (public.refill_prescription does it): the same
--   entry triggers as a new prescription run (interaction check of the patient's current profile, controlled
--   substance rules and settings, inactive drug), after private.fill_from_order has applied the refill rules
--   under a lock of the order, so two terminals refilling the last refill at once create exactly one fill.
-- * Refill rules (every path, each refusal a sentence): not inactive or discontinued; Schedule II never; refills
--   left; Schedule III–V at most 5 refills and not past 6 months from the date written (21 CFR 1306.22); a
--   non-controlled order expires the pharmacy's number of months after it was written (Refills settings, 12 by
--   default); no second fill while one is still pending or processing; too soon (before the pharmacy's percent,
--   75 by default, of the previous fill's days supply has passed) only by a pharmacist or admin with a reason,
--   recorded on the fill and audited.
-- * public.discontinue_prescription: a pharmacist or admin, with a reason; the order's unverified fills are
--   cancelled (status 'cancelled', out of every queue tab and count).
-- * Existing prescriptions become orders with their fill 0 (order id = the fill's id, so links keep working);
--   statuses and prints are kept. Runs on hosted unchanged.

-- -----------------------------------------------------------------------------------------------------
-- Refills settings (System Settings → Refills)
-- -----------------------------------------------------------------------------------------------------
alter table public.pharmacy_settings drop constraint pharmacy_settings_group_key_check;
alter table public.pharmacy_settings add constraint pharmacy_settings_group_key_check
  check (group_key in ('transmission', 'reports', 'profit-loss', 'printing', 'controlled', 'labels', 'fax', 'email', 'refills'));
comment on constraint pharmacy_settings_group_key_check on public.pharmacy_settings is
  'Unknown settings group: use transmission, reports, profit-loss, printing, controlled, labels, fax, email or refills';
select private.install_constraint_explanations('public.pharmacy_settings');

create function private.refill_settings(for_pharmacy_id uuid) returns jsonb
language sql stable
set search_path = ''
as $$
  with stored as (select private.pharmacy_settings_values(for_pharmacy_id, 'refills') as v)
  select jsonb_build_object(
    'refillTooSoonPercent',
      case when jsonb_typeof(s.v -> 'refillTooSoonPercent') = 'number'
                and (s.v ->> 'refillTooSoonPercent')::numeric between 50 and 100
                and (s.v ->> 'refillTooSoonPercent')::numeric = trunc((s.v ->> 'refillTooSoonPercent')::numeric)
           then (s.v ->> 'refillTooSoonPercent')::numeric::int else 75 end,
    'nonControlledExpiryMonths',
      case when jsonb_typeof(s.v -> 'nonControlledExpiryMonths') = 'number'
                and (s.v ->> 'nonControlledExpiryMonths')::numeric between 1 and 24
                and (s.v ->> 'nonControlledExpiryMonths')::numeric = trunc((s.v ->> 'nonControlledExpiryMonths')::numeric)
           then (s.v ->> 'nonControlledExpiryMonths')::numeric::int else 12 end)
  from stored s
$$;
comment on function private.refill_settings(uuid) is
  'The Refills settings the database enforces, for one pharmacy, with the defaults for what was never saved (or is '
  'out of range): {refillTooSoonPercent (75: a refill before that share of the previous fill''s days supply has '
  'passed is too soon), nonControlledExpiryMonths (12: a non-controlled prescription expires that many months after '
  'it was written)}. Shared defaults: shared/src/settings/refills.ts.';
revoke execute on function private.refill_settings(uuid) from public, anon;
grant execute on function private.refill_settings(uuid) to authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- The order
-- -----------------------------------------------------------------------------------------------------
create table public.prescription_orders (
  id uuid primary key default gen_random_uuid(),
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  rx_number bigint not null,
  patient_id uuid not null,
  medication_id uuid not null,
  prescriber_id uuid,
  refills integer not null default 0,
  refills_used_before integer not null default 0,
  written_on date not null,
  status text not null default 'active',
  discontinued_reason text,
  discontinued_by uuid references auth.users (id),
  discontinued_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint prescription_orders_pharmacy_id_id_key unique (pharmacy_id, id),
  constraint prescription_orders_pharmacy_id_rx_number_key unique (pharmacy_id, rx_number),
  constraint prescription_orders_patient_fkey foreign key (pharmacy_id, patient_id)
    references public.patients (pharmacy_id, id),
  constraint prescription_orders_medication_fkey foreign key (pharmacy_id, medication_id)
    references public.medications (pharmacy_id, id),
  constraint prescription_orders_prescriber_fkey foreign key (pharmacy_id, prescriber_id)
    references public.prescribers (pharmacy_id, id),
  constraint prescription_orders_refills_check check (refills between 0 and 99),
  constraint prescription_orders_refills_used_before_check check (refills_used_before between 0 and refills),
  constraint prescription_orders_status_check check (status in ('active', 'inactive', 'discontinued')),
  constraint prescription_orders_discontinued_recorded check (
    (status = 'discontinued') = (discontinued_at is not null)
    and (discontinued_at is null or length(btrim(coalesce(discontinued_reason, ''))) > 0))
);
comment on table public.prescription_orders is
  'A prescription as the prescriber wrote it (spec part 1 §3 Prescription; part 2 §3 originalRefills): Rx number '
  '(per pharmacy), patient, drug, prescriber, refills authorised, date written; active, inactive (e.g. transferred '
  'out) or discontinued (who, when, why). Its fills are rows of public.prescriptions (fill_number 0 is the original); '
  'refills used are its last fill number. Written only by the database (private.fill_from_order, '
  'public.discontinue_prescription); staff read their own pharmacy''s.';
comment on column public.prescription_orders.refills is 'Refills authorised by the prescriber (spec "refills", migration''s originalRefills).';
comment on column public.prescription_orders.refills_used_before is
  'Refills used before this system kept each fill (a prescription''s refills_used before this migration; an imported '
  'order''s refills used elsewhere): the next refill''s number follows them.';
comment on constraint prescription_orders_refills_used_before_check on public.prescription_orders is
  'Refills used cannot exceed the refills prescribed';
comment on column public.prescription_orders.written_on is 'The date written: the fill''s original_date as entered, else the pharmacy''s date of entry.';
comment on constraint prescription_orders_refills_check on public.prescription_orders is 'Refills must be between 0 and 99';
comment on constraint prescription_orders_status_check on public.prescription_orders is 'Status must be active, inactive or discontinued';
comment on constraint prescription_orders_discontinued_recorded on public.prescription_orders is
  'A discontinued prescription records when and why it was discontinued';
comment on constraint prescription_orders_pharmacy_id_rx_number_key on public.prescription_orders is
  'This Rx number is already on file';
comment on constraint prescription_orders_patient_fkey on public.prescription_orders is 'Choose a patient of your pharmacy';
comment on constraint prescription_orders_medication_fkey on public.prescription_orders is 'Choose a medication of your pharmacy';
comment on constraint prescription_orders_prescriber_fkey on public.prescription_orders is 'Choose a prescriber of your pharmacy';

create index prescription_orders_patient_idx on public.prescription_orders (pharmacy_id, patient_id, created_at desc, id desc);
create index prescription_orders_medication_idx on public.prescription_orders (pharmacy_id, medication_id);
create index prescription_orders_prescriber_idx on public.prescription_orders (pharmacy_id, prescriber_id);
create index prescription_orders_discontinued_by_idx on public.prescription_orders (discontinued_by);

alter table public.prescription_orders enable row level security;
revoke insert, update, delete, truncate on public.prescription_orders from anon, authenticated;
revoke select on public.prescription_orders from anon;
create policy "Staff can read their pharmacy's prescription orders" on public.prescription_orders
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));

create trigger guard_tenant_pharmacy_id before insert or update on public.prescription_orders
  for each row execute function private.guard_tenant_pharmacy_id();
create trigger touch_updated_at before update on public.prescription_orders
  for each row execute function private.touch_updated_at();

-- Live on every terminal (a discontinuation, a refill's new count), like the queue.
alter table public.prescription_orders replica identity full;
alter publication supabase_realtime add table public.prescription_orders;

-- -----------------------------------------------------------------------------------------------------
-- Fills: the new columns, existing prescriptions as orders with their fill 0
-- -----------------------------------------------------------------------------------------------------
alter table public.prescriptions
  add column order_id uuid,
  add column fill_number integer not null default 0,
  add column too_soon_reason text,
  add column too_soon_allowed_by uuid references auth.users (id),
  add column too_soon_allowed_at timestamptz,
  add column cancelled_by uuid references auth.users (id),
  add column cancelled_at timestamptz;

-- refills_used was writable before verification (and by imports): what a row says was used is kept on its order.
insert into public.prescription_orders (id, pharmacy_id, rx_number, patient_id, medication_id, prescriber_id, refills,
                                        refills_used_before, written_on, created_at, updated_at)
select p.id, p.pharmacy_id, p.rx_number, p.patient_id, p.medication_id, p.prescriber_id, p.refills, p.refills_used,
       coalesce(p.original_date, private.pharmacy_local_date(p.pharmacy_id, p.entered_at)), p.created_at, p.updated_at
from public.prescriptions p;

-- Only the new column changes: the row triggers that would record it as an edit (audit, updated_at, the clearing
-- of a pending prescription's override approvals) stay out of it.
alter table public.prescriptions
  disable trigger audit_changes, disable trigger touch_updated_at, disable trigger clear_override_approvals;
update public.prescriptions set order_id = id;
alter table public.prescriptions
  enable trigger audit_changes, enable trigger touch_updated_at, enable trigger clear_override_approvals;

alter table public.prescriptions
  alter column order_id set not null,
  drop column refills_used,
  drop constraint prescriptions_pharmacy_id_rx_number_key,
  drop constraint prescriptions_status_check,
  add constraint prescriptions_status_check check (status in ('pending', 'processing', 'ready', 'completed', 'cancelled')),
  add constraint prescriptions_order_fkey foreign key (pharmacy_id, order_id)
    references public.prescription_orders (pharmacy_id, id),
  add constraint prescriptions_order_fill_key unique (pharmacy_id, order_id, fill_number),
  add constraint prescriptions_pharmacy_id_rx_number_fill_number_key unique (pharmacy_id, rx_number, fill_number),
  add constraint prescriptions_fill_number_check check (fill_number between 0 and 99),
  add constraint prescriptions_fill_within_refills check (fill_number <= refills),
  add constraint prescriptions_too_soon_recorded check (
    (too_soon_reason is null and too_soon_allowed_by is null and too_soon_allowed_at is null)
    or (length(btrim(too_soon_reason)) > 0 and too_soon_allowed_at is not null)),
  add constraint prescriptions_cancelled_recorded check ((status = 'cancelled') = (cancelled_at is not null));
comment on column public.prescriptions.order_id is 'The order (public.prescription_orders) this row fills; the order''s id is its fill 0''s id.';
comment on column public.prescriptions.fill_number is 'Which fill of the order this is: 0 the original, N refill N ("Refill N of refills").';
comment on column public.prescriptions.too_soon_reason is 'Why a pharmacist or admin allowed this refill before it was due (refill too soon); audited.';
comment on column public.prescriptions.cancelled_at is 'When the fill left the queue unfilled because its prescription was discontinued.';
comment on constraint prescriptions_status_check on public.prescriptions is
  'Status must be pending, processing, ready, completed or cancelled';
comment on constraint prescriptions_order_fkey on public.prescriptions is 'The prescription is not in this pharmacy';
comment on constraint prescriptions_order_fill_key on public.prescriptions is 'This fill of the prescription already exists';
comment on constraint prescriptions_pharmacy_id_rx_number_fill_number_key on public.prescriptions is 'This fill of the Rx number already exists';
comment on constraint prescriptions_fill_number_check on public.prescriptions is 'A fill number is between 0 and 99';
comment on constraint prescriptions_fill_within_refills on public.prescriptions is 'No refills left: every refill authorised has been used';
comment on constraint prescriptions_too_soon_recorded on public.prescriptions is 'A refill allowed too soon needs a reason';
comment on constraint prescriptions_cancelled_recorded on public.prescriptions is 'A cancelled fill records when it was cancelled';
comment on table public.prescriptions is
  'One fill of a prescription (public.prescription_orders) — the queue''s unit (spec part 1 §3 Prescription): '
  'fill_number 0 the original, N refill N; the order''s Rx number, patient, drug, prescriber, refills and date written '
  'copied and fixed; its own quantity, days supply, directions, status, fill date, who entered/processed/verified/'
  'completed it and when, its interaction check (ai_flags, at entry of each fill, against the patient''s profile then), '
  'overrides and, for a refill allowed early, the too-soon reason. Cancelled: an unverified fill of a discontinued order.';
create index prescriptions_too_soon_allowed_by_idx on public.prescriptions (too_soon_allowed_by);
create index prescriptions_cancelled_by_idx on public.prescriptions (cancelled_by);

alter table public.prescription_queue_counters drop constraint prescription_queue_counters_status_check;
alter table public.prescription_queue_counters add constraint prescription_queue_counters_status_check
  check (status in ('pending', 'processing', 'ready', 'completed', 'cancelled'));

-- -----------------------------------------------------------------------------------------------------
-- The order's lock and the too-soon date (security definer: orders are written only by the database)
-- -----------------------------------------------------------------------------------------------------
create function private.lock_prescription_order(for_pharmacy_id uuid, locked_order_id uuid)
returns public.prescription_orders
language sql volatile security definer
set search_path = ''
as $$
  -- An end user (the role setting names the API role inside this security-definer function) locks only their own
  -- pharmacy's orders.
  select o.* from public.prescription_orders o
  where o.pharmacy_id = for_pharmacy_id and o.id = locked_order_id
    and (current_setting('role') not in ('anon', 'authenticated')
         or for_pharmacy_id = (select private.current_pharmacy_id()))
  for update
$$;
comment on function private.lock_prescription_order(uuid, uuid) is
  'The order of a pharmacy, locked until the calling transaction ends: a refill waits for a concurrent refill of the '
  'same order and then sees its fill. Callers pass a pharmacy they have checked is the caller''s own.';
revoke execute on function private.lock_prescription_order(uuid, uuid) from public, anon;
grant execute on function private.lock_prescription_order(uuid, uuid) to authenticated, service_role;

create function private.open_prescription_order(new_fill public.prescriptions) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
begin
  -- As private.issue_rx_number: an end user opens an order only by entering a prescription of their own pharmacy.
  if current_setting('role') in ('anon', 'authenticated') or session_user in ('anon', 'authenticated') then
    if pg_trigger_depth() = 0 then
      raise exception 'An order is opened only when a prescription is entered' using errcode = '42501';
    end if;
    if new_fill.pharmacy_id is distinct from (select private.current_pharmacy_id()) then
      raise exception 'Rows can only be added to your own pharmacy' using errcode = '42501';
    end if;
  end if;
  insert into public.prescription_orders (id, pharmacy_id, rx_number, patient_id, medication_id, prescriber_id, refills, written_on)
  values (new_fill.id, new_fill.pharmacy_id, new_fill.rx_number, new_fill.patient_id, new_fill.medication_id,
          new_fill.prescriber_id, coalesce(new_fill.refills, 0),
          coalesce(new_fill.original_date, private.pharmacy_local_date(new_fill.pharmacy_id, coalesce(new_fill.entered_at, now()))));
end
$$;
comment on function private.open_prescription_order(public.prescriptions) is
  'Records the order of a new prescription (its fill 0): same id, Rx number, patient, drug, prescriber, refills and '
  'date written (original_date, else the pharmacy''s date of entry).';
revoke execute on function private.open_prescription_order(public.prescriptions) from public, anon;
grant execute on function private.open_prescription_order(public.prescriptions) to authenticated, service_role;

create function private.refill_due_on(date_filled date, days_supply integer, too_soon_percent integer) returns date
language sql immutable
set search_path = ''
as $$
  select date_filled + ceil(coalesce(days_supply, 0) * too_soon_percent / 100.0)::integer
$$;
comment on function private.refill_due_on(date, integer, integer) is
  'The first day a refill is not too soon: the previous fill''s date plus the given percent of its days supply, '
  'rounded up to whole days (30 days at 75% → 23 days later).';
revoke execute on function private.refill_due_on(date, integer, integer) from public, anon;
grant execute on function private.refill_due_on(date, integer, integer) to authenticated, service_role;

create function private.order_expires_on(written_on date, dea_schedule text, non_controlled_expiry_months integer) returns date
language sql immutable
set search_path = ''
as $$
  select case when dea_schedule is null
              then (written_on + make_interval(months => non_controlled_expiry_months))::date
              -- 21 CFR 1306.22: refillable through 6 months after the date written.
              else (written_on + interval '6 months')::date + 1 end
$$;
comment on function private.order_expires_on(date, text, integer) is
  'The first day an order can no longer be refilled: 6 months and a day after the date written for Schedule III–V '
  '(21 CFR 1306.22), else the pharmacy''s number of months (Refills settings).';
revoke execute on function private.order_expires_on(date, text, integer) from public, anon;
grant execute on function private.order_expires_on(date, text, integer) to authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- Every fill goes through here first: a new prescription opens its order, a refill follows the rules
-- -----------------------------------------------------------------------------------------------------
create function private.fill_from_order() returns trigger
language plpgsql
set search_path = ''
as $$
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
    raise exception '% has no fill to refill', rx using errcode = 'P0001';
  end if;
  if previous.status in ('pending', 'processing') then
    raise exception '% already has a fill in the queue (%, %); finish it before refilling again', rx,
      case previous.fill_number when 0 then 'the original' else format('refill %s', previous.fill_number) end,
      previous.status using errcode = 'P0001';
  end if;
  used := greatest(previous.fill_number, ord.refills_used_before);
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
$$;
comment on function private.fill_from_order() is
  'BEFORE INSERT trigger of prescriptions, first of all (name order): a row without order_id is a new prescription — '
  'fill 0 of a new order (private.open_prescription_order) with the next Rx number; a row naming an order is its next '
  'refill — the order locked, then refused with a sentence when discontinued or inactive, Schedule II, with a fill '
  'still pending or processing, out of refills, Schedule III–V past 5 refills or 6 months from the date written, '
  'non-controlled past the pharmacy''s expiry, or too soon without a pharmacist''s or admin''s reason; otherwise the '
  'order''s Rx number, patient, drug, prescriber, refills and date written and the previous fill''s contents. The '
  'entry triggers that follow (controlled rules and settings, interaction check) apply to it as to a new prescription.';
create trigger fill_from_order before insert on public.prescriptions
  for each row execute function private.fill_from_order();

-- -----------------------------------------------------------------------------------------------------
-- The workflow guard: the Rx number comes from the order; order columns fixed on a refill; cancellation
-- -----------------------------------------------------------------------------------------------------
create or replace function private.guard_prescription_workflow() returns trigger
language plpgsql
set search_path = ''
as $$
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
    raise exception '% was cancelled when its prescription was discontinued; it cannot move', rx using errcode = 'P0001';
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
$$;
comment on function private.guard_prescription_workflow() is
  'BEFORE INSERT/UPDATE trigger of prescriptions (fills): a new fill is pending (its Rx and fill number set by '
  'private.fill_from_order); the status moves one step forward only, or to cancelled for a pending or processing fill '
  'of a discontinued order; at processing the pharmacy''s security policy decides whether the entry alert blocks '
  '(ai_risk_assessment), who may override it (override_authority; under dual approval a first approval by someone '
  'else must be recorded) and whether a severe alert needs a step-up grant; verification by a pharmacist or admin; '
  'who/when columns written here for end users; immutable, post-verification and (on a refill) order columns refused.';

-- Fill 0 may still be corrected while unverified (prescriber, refills, date written): the order follows it.
create function private.follow_original_fill() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.prescription_orders o
  set prescriber_id = new.prescriber_id,
      refills = new.refills,
      written_on = coalesce(new.original_date, private.pharmacy_local_date(new.pharmacy_id, new.entered_at))
  where o.pharmacy_id = new.pharmacy_id and o.id = new.order_id;
  return null;
end
$$;
comment on function private.follow_original_fill() is
  'AFTER UPDATE trigger of prescriptions, for fill 0 only: a change of its prescriber, refills or date written '
  '(allowed before verification) is the order''s too.';
create trigger follow_original_fill after update of prescriber_id, refills, original_date on public.prescriptions
  for each row when (old.fill_number = 0
    and (new.prescriber_id, new.refills, new.original_date) is distinct from (old.prescriber_id, old.refills, old.original_date))
  execute function private.follow_original_fill();

-- A refill entered before its prescription expired is not filled after: verification asks again (the controlled
-- 6 months are asked again by guard_controlled_prescription, the date written being the fill's original_date).
create function private.recheck_refill_expiry() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  written date;
  schedule text;
  expires date;
begin
  select o.written_on, m.dea_schedule into written, schedule
  from public.prescription_orders o
  left join public.medications m on m.pharmacy_id = o.pharmacy_id and m.id = o.medication_id
  where o.pharmacy_id = new.pharmacy_id and o.id = new.order_id;
  if schedule is null then
    expires := private.order_expires_on(written, null, (private.refill_settings(new.pharmacy_id) ->> 'nonControlledExpiryMonths')::int);
    if private.pharmacy_local_date(new.pharmacy_id, now()) >= expires then
      raise exception 'Rx % expired on % while its refill waited; it cannot be filled. Ask the prescriber for a new prescription',
        new.rx_number, expires using errcode = 'P0001';
    end if;
  end if;
  return new;
end
$$;
comment on function private.recheck_refill_expiry() is
  'BEFORE UPDATE OF status trigger of prescriptions, refills only, at verification (processing → ready): a '
  'non-controlled prescription that expired since its refill was entered is not filled.';
create trigger recheck_refill_expiry before update of status on public.prescriptions
  for each row when (old.fill_number > 0 and old.status = 'processing' and new.status = 'ready')
  execute function private.recheck_refill_expiry();

-- -----------------------------------------------------------------------------------------------------
-- Audit: a fill names its fill number; a refill allowed too soon is its own event
-- -----------------------------------------------------------------------------------------------------
create or replace function private.audit_prescription_change() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  rx text := private.prescription_status_label(new.rx_number);
  changed text[];
  step_actor uuid;
begin
  if tg_op = 'INSERT' then
    perform private.record_audit_event(new.pharmacy_id, coalesce((select auth.uid()), new.entered_by),
      case when new.fill_number = 0 then 'prescription_entered' else 'prescription_refilled' end,
      'prescription', new.id::text,
      case when new.fill_number = 0 then format('%s entered (%s, %s)', rx, new.prescription_type, new.status)
           else format('%s refill %s of %s entered (%s)', rx, new.fill_number, new.refills, new.status) end,
      true,
      jsonb_build_object('rxNumber', new.rx_number, 'fillNumber', new.fill_number, 'orderId', new.order_id,
        'status', new.status, 'hasInteractions', new.ai_flags -> 'hasInteractions'));
    if new.too_soon_reason is not null then
      perform private.record_audit_event(new.pharmacy_id, coalesce(new.too_soon_allowed_by, (select auth.uid())),
        'refill_too_soon_allowed', 'prescription', new.id::text,
        format('%s refill %s allowed too soon: %s', rx, new.fill_number, new.too_soon_reason), true,
        jsonb_build_object('rxNumber', new.rx_number, 'fillNumber', new.fill_number, 'reason', new.too_soon_reason));
    end if;
    return null;
  end if;

  if new.status is distinct from old.status then
    step_actor := case new.status when 'processing' then new.processed_by when 'ready' then new.verified_by
                                  when 'completed' then new.completed_by when 'cancelled' then new.cancelled_by end;
    perform private.record_audit_event(new.pharmacy_id, coalesce((select auth.uid()), step_actor), 'prescription_status_changed',
      'prescription', new.id::text,
      format('%s: %s → %s%s', rx, old.status, new.status,
        case when new.overridden_at is distinct from old.overridden_at
          then format(' (interaction alert overridden: %s)', new.override_reason) else '' end),
      true,
      jsonb_build_object('rxNumber', new.rx_number, 'fillNumber', new.fill_number, 'from', old.status, 'to', new.status,
        'overrideReason', case when new.overridden_at is distinct from old.overridden_at then new.override_reason end));
    return null;
  end if;

  select coalesce(array_agg(n.key order by n.key), '{}') into changed
  from jsonb_each(to_jsonb(new)) n
  where n.value is distinct from to_jsonb(old) -> n.key and n.key <> 'updated_at';
  if cardinality(changed) = 0 then return null; end if;
  perform private.record_audit_event(new.pharmacy_id, (select auth.uid()), 'update', 'prescription', new.id::text,
    format('%s changed: %s', rx, array_to_string(changed, ', ')), true,
    jsonb_build_object('changed', to_jsonb(changed),
      'old', (select jsonb_object_agg(k, to_jsonb(old) -> k) from unnest(changed) k),
      'new', (select jsonb_object_agg(k, to_jsonb(new) -> k) from unnest(changed) k)));
  return null;
end
$$;
comment on function private.audit_prescription_change() is
  'AFTER INSERT/UPDATE trigger of prescriptions: one audit_log row per entry (prescription_entered for fill 0, '
  'prescription_refilled for a refill, plus refill_too_soon_allowed with the reason when one was allowed early), per '
  'status transition (prescription_status_changed, with the override reason when one was given) and per other change.';

-- -----------------------------------------------------------------------------------------------------
-- Queue counts: cancelled fills are in no tab and no count
-- -----------------------------------------------------------------------------------------------------
create or replace function public.prescription_queue_counts() returns jsonb
language sql stable security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'byStatus', jsonb_build_object(
      'pending', coalesce(sum(c.prescriptions) filter (where c.status = 'pending'), 0),
      'processing', coalesce(sum(c.prescriptions) filter (where c.status = 'processing'), 0),
      'ready', coalesce(sum(c.prescriptions) filter (where c.status = 'ready'), 0),
      'completed', coalesce(sum(c.prescriptions) filter (where c.status = 'completed'), 0)),
    'byType', jsonb_build_object(
      'written', coalesce(sum(c.prescriptions) filter (where c.prescription_type = 'written'), 0),
      'fax', coalesce(sum(c.prescriptions) filter (where c.prescription_type = 'fax'), 0),
      'verbal', coalesce(sum(c.prescriptions) filter (where c.prescription_type = 'verbal'), 0),
      'electronic', coalesce(sum(c.prescriptions) filter (where c.prescription_type = 'electronic'), 0)),
    'total', coalesce(sum(c.prescriptions), 0))
  from public.prescription_queue_counters c
  where c.pharmacy_id = (select private.current_pharmacy_id()) and c.status <> 'cancelled'
$$;
comment on function public.prescription_queue_counts() is
  'The Prescription Management screen''s counts for the caller''s pharmacy, in fills, exact at any volume: byStatus '
  '(the queue tabs Pending/Processing/Ready/Completed), byType (the summary counters Written RX, Fax RX, Verbal '
  'Orders, E-Prescriptions: every fill of that type, whatever its status, cancelled ones aside) and total. Security '
  'invoker: RLS applies (anyone but staff reads zeros).';

-- -----------------------------------------------------------------------------------------------------
-- Refill and discontinue: the calls staff make
-- -----------------------------------------------------------------------------------------------------
create function private.order_of_prescription(prescription_id uuid) returns uuid
language sql stable security invoker
set search_path = ''
as $$
  -- Any fill's id names its order; so does the order's own id (which is its fill 0's).
  select coalesce(
    (select p.order_id from public.prescriptions p where p.id = order_of_prescription.prescription_id),
    (select o.id from public.prescription_orders o where o.id = order_of_prescription.prescription_id))
$$;
comment on function private.order_of_prescription(uuid) is
  'The order a prescription id names (the id of any of its fills, or of the order), as the caller: null when the '
  'caller cannot see it. Used by refill_prescription and discontinue_prescription.';
revoke execute on function private.order_of_prescription(uuid) from public, anon;
grant execute on function private.order_of_prescription(uuid) to authenticated, service_role;

create function public.refill_prescription(prescription_id uuid, too_soon_reason text default null)
returns public.prescriptions
language plpgsql volatile security invoker
set search_path = ''
as $$
declare
  refilled_order uuid;
  created public.prescriptions;
begin
  refilled_order := private.order_of_prescription(refill_prescription.prescription_id);
  if refilled_order is null then
    raise exception 'Prescription not found' using errcode = 'P0002';
  end if;
  -- The entry triggers set everything else: Rx number, patient, drug and contents from the order and its last
  -- fill (private.fill_from_order), the interaction check, who entered it.
  insert into public.prescriptions (order_id, too_soon_reason)
  values (refilled_order, refill_prescription.too_soon_reason)
  returning * into created;
  return created;
end
$$;
comment on function public.refill_prescription(uuid, text) is
  'Refills a prescription — given its id or any of its fills'' — as the caller (RLS and every entry trigger apply): '
  'the next fill, pending, live on every terminal; refused with the rule''s sentence (private.fill_from_order). '
  'too_soon_reason: a pharmacist''s or admin''s reason to allow a refill too soon. Returns the new fill.';
revoke execute on function public.refill_prescription(uuid, text) from public, anon;
grant execute on function public.refill_prescription(uuid, text) to authenticated, service_role;

create function private.discontinue_order(discontinued_order_id uuid, reason text)
returns public.prescription_orders
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  pharmacy uuid := (select private.current_pharmacy_id());
  ord public.prescription_orders;
begin
  if pharmacy is null or not private.current_staff_can('prescriptions:verify') then
    raise exception 'Only a pharmacist or admin can discontinue a prescription' using errcode = '42501';
  end if;
  ord := private.lock_prescription_order(pharmacy, discontinued_order_id);
  if ord.id is null then
    raise exception 'Prescription not found' using errcode = 'P0002';
  end if;
  if ord.status = 'discontinued' then
    raise exception 'Rx % is already discontinued', ord.rx_number using errcode = 'P0001';
  end if;
  update public.prescription_orders o
  set status = 'discontinued', discontinued_reason = btrim(reason), discontinued_by = (select auth.uid()), discontinued_at = now()
  where o.id = ord.id returning * into ord;
  perform private.record_audit_event(pharmacy, (select auth.uid()), 'prescription_discontinued', 'prescription', ord.id::text,
    format('Rx %s discontinued: %s', ord.rx_number, ord.discontinued_reason), true,
    jsonb_build_object('rxNumber', ord.rx_number, 'reason', ord.discontinued_reason));
  return ord;
end
$$;
comment on function private.discontinue_order(uuid, text) is
  'Marks an order of the caller''s own pharmacy discontinued (pharmacist or admin; orders are written only by the '
  'database) and audits it (prescription_discontinued). Used by public.discontinue_prescription.';
revoke execute on function private.discontinue_order(uuid, text) from public, anon;
grant execute on function private.discontinue_order(uuid, text) to authenticated, service_role;

create function public.discontinue_prescription(prescription_id uuid, reason text)
returns public.prescription_orders
language plpgsql volatile security invoker
set search_path = ''
as $$
declare
  target_order uuid;
  ord public.prescription_orders;
  unverified uuid;
begin
  if not private.current_staff_can('prescriptions:verify') then
    raise exception 'Only a pharmacist or admin can discontinue a prescription' using errcode = '42501';
  end if;
  target_order := private.order_of_prescription(discontinue_prescription.prescription_id);
  if target_order is null then
    raise exception 'Prescription not found' using errcode = 'P0002';
  end if;
  if length(btrim(coalesce(reason, ''))) = 0 then
    raise exception 'Give a reason for discontinuing the prescription' using errcode = '23514';
  end if;
  ord := private.discontinue_order(target_order, reason);
  -- Its unverified fill (one at most) leaves the queue, as the caller: the workflow guard records who and when.
  for unverified in
    select p.id from public.prescriptions p
    where p.pharmacy_id = ord.pharmacy_id and p.order_id = ord.id and p.status in ('pending', 'processing')
  loop
    perform set_config('pharmacy.moving_prescription', unverified::text, true);
    update public.prescriptions p set status = 'cancelled' where p.id = unverified;
  end loop;
  perform set_config('pharmacy.moving_prescription', '', true);
  return ord;
end
$$;
comment on function public.discontinue_prescription(uuid, text) is
  'Discontinues a prescription (its id or any fill''s), by a pharmacist or admin with a reason, as the caller: the '
  'order is discontinued (no more refills; private.discontinue_order) and its pending or processing fill is '
  'cancelled (it leaves the queue; audited as its status change).';
revoke execute on function public.discontinue_prescription(uuid, text) from public, anon;
grant execute on function public.discontinue_prescription(uuid, text) to authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- A patient's prescriptions on file, with refills used and remaining
-- -----------------------------------------------------------------------------------------------------
create function public.patient_prescription_orders(
  for_patient_id uuid,
  after_created_at timestamptz default null,
  after_id uuid default null,
  page_size integer default 50
) returns table (
  order_id uuid, rx_number bigint, status text, medication_id uuid, prescriber_id uuid, refills integer,
  written_on date, discontinued_reason text, discontinued_at timestamptz, created_at timestamptz,
  refills_used integer, refills_remaining integer, last_fill_id uuid, last_fill_status text, last_filled_on date,
  last_days_supply integer, last_quantity numeric, refill_due_on date, expires_on date
)
language sql stable security invoker
set search_path = ''
as $$
  -- The settings once per call (materialized: reading them takes milliseconds, and once per row made a page slow).
  with settings as materialized (
    select private.refill_settings((select private.current_pharmacy_id())) as v
  )
  select o.id, o.rx_number, o.status, o.medication_id, o.prescriber_id, o.refills, o.written_on,
         o.discontinued_reason, o.discontinued_at, o.created_at,
         greatest(coalesce(last.fill_number, 0), o.refills_used_before),
         greatest(o.refills - greatest(coalesce(last.fill_number, 0), o.refills_used_before), 0), last.id, last.status,
         last.date_filled, last.days_supply, last.quantity,
         case when last.date_filled is not null
              then private.refill_due_on(last.date_filled, last.days_supply, (settings.v ->> 'refillTooSoonPercent')::int) end,
         private.order_expires_on(o.written_on, m.dea_schedule, (settings.v ->> 'nonControlledExpiryMonths')::int)
  from settings
  cross join public.prescription_orders o
  -- Its last fill; none when the only one was cancelled (discontinued before it was filled), still listed.
  left join lateral (
    select p.id, p.fill_number, p.status, p.date_filled, p.days_supply, p.quantity
    from public.prescriptions p
    where p.pharmacy_id = o.pharmacy_id and p.order_id = o.id and p.status <> 'cancelled'
    order by p.fill_number desc limit 1
  ) last on true
  left join public.medications m on m.pharmacy_id = o.pharmacy_id and m.id = o.medication_id
  where o.pharmacy_id = (select private.current_pharmacy_id())
    and o.patient_id = for_patient_id
    and (after_created_at is null or (o.created_at, o.id) < (after_created_at, after_id))
  order by o.created_at desc, o.id desc
  limit least(greatest(coalesce(page_size, 50), 1), 200)
$$;
comment on function public.patient_prescription_orders(uuid, timestamptz, uuid, integer) is
  'A page of a patient''s prescriptions (orders) for the profile, newest first (keyset: created_at, id): each with '
  'refills authorised, used (its last fill number) and remaining, the last fill (status, fill date, days supply), the '
  'first day a refill is not too soon and the first day it can no longer be refilled (private.order_expires_on). '
  'Security invoker: RLS applies.';
revoke execute on function public.patient_prescription_orders(uuid, timestamptz, uuid, integer) from public, anon;
grant execute on function public.patient_prescription_orders(uuid, timestamptz, uuid, integer) to authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- Constraint messages of the changed tables
-- -----------------------------------------------------------------------------------------------------
select private.install_constraint_explanations('public.prescriptions');
select private.install_constraint_explanations('public.prescription_orders');
select private.install_constraint_explanations('public.patients');
select private.install_constraint_explanations('public.medications');
select private.install_constraint_explanations('public.prescribers');

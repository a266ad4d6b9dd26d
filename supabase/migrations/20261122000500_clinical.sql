-- =====================================================================================================
-- Clinical data: patients, prescribers, the medication catalogue with stock, prescriptions (the live
-- queue) with their per-pharmacy Rx numbers, and the label/receipt print history. Spec part 1 §2–§4,
-- part 2 "Medication" and "Prescriber".
--
-- Who may do what (enforced here, whatever the client sends):
--   * staff read and write their own pharmacy's patients, prescribers and medications; only an admin
--     deletes one (and never one a prescription refers to: the foreign keys restrict);
--   * a prescription is entered by any staff member and is always pending at first; it moves
--     pending -> processing -> ready -> completed, one step at a time, never back;
--       - pending -> processing: anyone, unless the interaction check flagged it (ai_flags.hasInteractions)
--         and no override is recorded; then only a pharmacist or admin, giving a non-empty override_reason
--         (recorded with overridden_by/at). A technician's override_reason is refused;
--       - processing -> ready (verification): pharmacist or admin only;
--       - ready -> completed (pickup): anyone;
--   * who/when columns (entered, processed, verified, completed, overridden) are written by the database
--     from the signed-in user, never taken from an end user; rx_number, pharmacy_id, entered_by/at,
--     created_at, patient, medication and ai_flags never change once entered; the contents are locked
--     once the prescription is verified (ready);
--   * two terminals moving the same prescription at once: the first wins, the second is refused with
--     "Prescription RX <n> is already <status>; refresh to see its current status" (row lock + trigger
--     on the committed status);
--   * prescriptions and print history are records: nobody deletes them through the API;
--   * every entry, transition and change is written to audit_log.
-- Trusted callers (service role, migrations, the seed) skip the role checks and may supply who/when
-- values (data migration keeps history); the status machine applies to them too.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- Patients
-- -----------------------------------------------------------------------------------------------------
create table public.patients (
  id uuid primary key default gen_random_uuid(),
  pharmacy_id uuid not null default private.current_pharmacy_id() references public.pharmacies (id) on delete cascade,
  first_name text not null check (length(btrim(first_name)) > 0),
  last_name text not null check (length(btrim(last_name)) > 0),
  date_of_birth date,
  phone text,
  email text,
  street_address text,
  city text,
  state text,
  zip_code text,
  insurance_provider text,
  insurance_member_id text,
  insurance_group_number text,
  current_medications text[] not null default '{}',
  allergies text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint patients_pharmacy_id_id_key unique (pharmacy_id, id)
);
comment on table public.patients is
  'A patient of a pharmacy (spec part 1 §3 Patient plus address and insurance). current_medications and allergies '
  'are free-text drug names the interaction check reads (e.g. ''Warfarin 5mg'', ''Penicillin'').';
create index patients_pharmacy_id_name_idx on public.patients (pharmacy_id, last_name, first_name);

-- -----------------------------------------------------------------------------------------------------
-- Prescribers
-- -----------------------------------------------------------------------------------------------------
create table public.prescribers (
  id uuid primary key default gen_random_uuid(),
  pharmacy_id uuid not null default private.current_pharmacy_id() references public.pharmacies (id) on delete cascade,
  title text,
  first_name text not null check (length(btrim(first_name)) > 0),
  last_name text not null check (length(btrim(last_name)) > 0),
  degree text,
  specialty text,
  npi_number text check (npi_number ~ '^[0-9]{10}$'),
  dea_number text check (dea_number ~ '^[A-Z]{2}[0-9]{7}$'),
  license_number text,
  license_state text,
  phone text,
  fax text,
  email text,
  practice_address text,
  practice_city text,
  practice_state text,
  practice_zip_code text,
  verification_status text not null default 'pending' check (verification_status in ('pending', 'verified', 'rejected')),
  board_certifications text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint prescribers_pharmacy_id_id_key unique (pharmacy_id, id),
  constraint prescribers_pharmacy_id_npi_number_key unique (pharmacy_id, npi_number)
);
comment on table public.prescribers is
  'A prescriber a pharmacy fills for (spec part 2 Prescriber): title, names, degree and board certifications '
  '(credentials), specialty, NPI, DEA, license, contact and practice location, verification status. '
  'activeCount and lastPrescription are derived from prescriptions, not stored.';
create index prescribers_pharmacy_id_name_idx on public.prescribers (pharmacy_id, last_name, first_name);

-- -----------------------------------------------------------------------------------------------------
-- Medications (the pharmacy's catalogue and stock)
-- -----------------------------------------------------------------------------------------------------
create table public.medications (
  id uuid primary key default gen_random_uuid(),
  pharmacy_id uuid not null default private.current_pharmacy_id() references public.pharmacies (id) on delete cascade,
  name text not null check (length(btrim(name)) > 0),
  generic_name text,
  strength text,
  dosage_form text,
  ndc_number text check (ndc_number ~ '^([0-9]{5}-[0-9]{4}-[0-9]{2}|[0-9]{4}-[0-9]{4}-[0-9]{2}|[0-9]{5}-[0-9]{3}-[0-9]{2}|[0-9]{5}-[0-9]{4}-[0-9]{1})$'),
  manufacturer text,
  price numeric(10, 2) not null default 0 check (price >= 0),
  stock integer not null default 0 check (stock >= 0),
  low_stock_threshold integer not null default 10 check (low_stock_threshold >= 0),
  -- Stored so clients can filter on it (PostgREST cannot compare two columns): the low-stock alerts.
  is_low_stock boolean generated always as (stock <= low_stock_threshold) stored,
  dea_schedule text check (dea_schedule in ('II', 'III', 'IV', 'V')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint medications_pharmacy_id_id_key unique (pharmacy_id, id),
  constraint medications_pharmacy_id_ndc_number_key unique (pharmacy_id, ndc_number)
);
comment on table public.medications is
  'A product a pharmacy stocks (spec part 2 Medication): name, generic name, strength, dosage form, NDC in one of '
  'the FDA''s 10-digit hyphenated shapes (5-4-2, 4-4-2, 5-3-2, 5-4-1), manufacturer, price per fill, units in stock, '
  'the low-stock threshold (is_low_stock: stock <= threshold) and the DEA schedule of controlled substances (II..V).';
create index medications_pharmacy_id_name_idx on public.medications (pharmacy_id, name);
create index medications_pharmacy_id_low_stock_idx on public.medications (pharmacy_id) where is_low_stock;

-- -----------------------------------------------------------------------------------------------------
-- Rx number counters: one row per pharmacy, locked by each prescription insert
-- -----------------------------------------------------------------------------------------------------
create table public.rx_number_counters (
  pharmacy_id uuid primary key references public.pharmacies (id) on delete cascade,
  last_rx_number bigint not null check (last_rx_number > 0),
  updated_at timestamptz not null default now()
);
comment on table public.rx_number_counters is
  'The last Rx number issued per pharmacy (the first is 1001). Each prescription insert takes the row lock, so '
  'numbers are sequential per pharmacy with no gaps (a rolled-back insert gives its number back). Written only by '
  'private.issue_rx_number(); staff read it for the dashboard''s next Rx number.';

-- -----------------------------------------------------------------------------------------------------
-- Prescriptions
-- -----------------------------------------------------------------------------------------------------
create table public.prescriptions (
  id uuid primary key default gen_random_uuid(),
  pharmacy_id uuid not null default private.current_pharmacy_id() references public.pharmacies (id) on delete cascade,
  rx_number bigint not null,
  status text not null default 'pending' check (status in ('pending', 'processing', 'ready', 'completed')),
  prescription_type text not null default 'written' check (prescription_type in ('written', 'fax', 'verbal', 'electronic')),
  source text not null default 'manual_entry' check (source in ('e-prescription', 'manual_entry')),
  patient_id uuid not null,
  prescriber_id uuid,
  prescriber_name text,
  medication_id uuid not null,
  directions text,
  quantity numeric(10, 2) check (quantity > 0),
  refills integer not null default 0 check (refills between 0 and 99),
  refills_used integer not null default 0 check (refills_used >= 0),
  days_supply integer check (days_supply > 0),
  original_date date,
  fax_number text,
  verification_notes text,
  caller_info text,
  callback_number text,
  urgency_level text check (urgency_level in ('routine', 'urgent', 'emergency')),
  date_filled date,
  ai_flags jsonb not null default '{"hasInteractions":false,"interactions":[],"recommendedActions":[]}'::jsonb,
  override_reason text,
  overridden_by uuid references auth.users (id),
  overridden_at timestamptz,
  entered_by uuid references auth.users (id),
  entered_at timestamptz not null default now(),
  processed_by uuid references auth.users (id),
  processed_at timestamptz,
  verified_by uuid references auth.users (id),
  verified_at timestamptz,
  completed_by uuid references auth.users (id),
  completed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint prescriptions_pharmacy_id_id_key unique (pharmacy_id, id),
  constraint prescriptions_pharmacy_id_rx_number_key unique (pharmacy_id, rx_number),
  constraint prescriptions_patient_fkey foreign key (pharmacy_id, patient_id)
    references public.patients (pharmacy_id, id),
  constraint prescriptions_prescriber_fkey foreign key (pharmacy_id, prescriber_id)
    references public.prescribers (pharmacy_id, id),
  constraint prescriptions_medication_fkey foreign key (pharmacy_id, medication_id)
    references public.medications (pharmacy_id, id),
  constraint prescriptions_refills_used_within_refills check (refills_used <= refills),
  constraint prescriptions_ai_flags_shape check (
    jsonb_typeof(ai_flags) = 'object'
    and jsonb_typeof(ai_flags -> 'hasInteractions') = 'boolean'
    and jsonb_typeof(ai_flags -> 'interactions') = 'array'
    and jsonb_typeof(ai_flags -> 'recommendedActions') = 'array'),
  constraint prescriptions_override_recorded check (
    (override_reason is null and overridden_by is null and overridden_at is null)
    or (length(btrim(override_reason)) > 0 and overridden_at is not null))
);
comment on table public.prescriptions is
  'A prescription in a pharmacy''s queue (spec part 1 §3 Prescription): type written/fax/verbal/electronic, source '
  'e-prescription/manual_entry, patient, prescriber (or the name as written), medication, directions, quantity, '
  'refills, days supply, the fax/verbal fields, urgency; rx_number issued per pharmacy from rx_number_counters; '
  'ai_flags as the interaction check returned it at entry ({hasInteractions, interactions[{severity, '
  'interactingDrugs, description, recommendations}], recommendedActions}); who/when of each step and of an '
  'interaction override, written by the database. Status rules: see this migration''s header.';
create index prescriptions_pharmacy_id_status_idx on public.prescriptions (pharmacy_id, status, created_at desc);
create index prescriptions_pharmacy_id_patient_id_idx on public.prescriptions (pharmacy_id, patient_id);
create index prescriptions_pharmacy_id_prescriber_id_idx on public.prescriptions (pharmacy_id, prescriber_id);
create index prescriptions_pharmacy_id_medication_id_idx on public.prescriptions (pharmacy_id, medication_id);
create index prescriptions_entered_by_idx on public.prescriptions (entered_by);
create index prescriptions_processed_by_idx on public.prescriptions (processed_by);
create index prescriptions_verified_by_idx on public.prescriptions (verified_by);
create index prescriptions_completed_by_idx on public.prescriptions (completed_by);
create index prescriptions_overridden_by_idx on public.prescriptions (overridden_by);

-- -----------------------------------------------------------------------------------------------------
-- Label and receipt print history
-- -----------------------------------------------------------------------------------------------------
create table public.prescription_label_prints (
  id uuid primary key default gen_random_uuid(),
  pharmacy_id uuid not null default private.current_pharmacy_id() references public.pharmacies (id) on delete cascade,
  prescription_id uuid not null,
  kind text not null default 'label' check (kind in ('label', 'receipt')),
  printed_by uuid references auth.users (id),
  printed_at timestamptz not null default now(),
  constraint prescription_label_prints_prescription_fkey foreign key (pharmacy_id, prescription_id)
    references public.prescriptions (pharmacy_id, id) on delete cascade
);
comment on table public.prescription_label_prints is
  'Each label or receipt printed for a prescription (the labels page''s "Recently Printed"): who and when, written '
  'by the database. Only verified prescriptions (ready or completed) print. Append-only through the API.';
create index prescription_label_prints_pharmacy_id_prescription_id_idx
  on public.prescription_label_prints (pharmacy_id, prescription_id, printed_at desc);
create index prescription_label_prints_pharmacy_id_printed_at_idx on public.prescription_label_prints (pharmacy_id, printed_at desc);
create index prescription_label_prints_printed_by_idx on public.prescription_label_prints (printed_by);

-- -----------------------------------------------------------------------------------------------------
-- Private helpers
-- -----------------------------------------------------------------------------------------------------
create function private.current_staff_can(permission text) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce(permission = any (private.role_permissions(private.current_staff_role())), false)
$$;
comment on function private.current_staff_can(text) is
  'Whether the signed-in staff member''s role grants the permission (private.role_permissions is the mapping).';

create function private.issue_rx_number(for_pharmacy_id uuid) returns bigint
language sql volatile security definer
set search_path = ''
as $$
  insert into public.rx_number_counters as c (pharmacy_id, last_rx_number)
  values (for_pharmacy_id, 1001)
  on conflict (pharmacy_id) do update set last_rx_number = c.last_rx_number + 1, updated_at = now()
  returning c.last_rx_number
$$;
comment on function private.issue_rx_number(uuid) is
  'The pharmacy''s next Rx number (1001 first); the counter row stays locked until the inserting transaction ends.';

create function private.prescription_status_label(rx_number bigint) returns text
language sql immutable
set search_path = ''
as $$
  select format('Prescription RX %s', rx_number)
$$;
comment on function private.prescription_status_label(bigint) is 'How errors and audit entries name a prescription.';

-- -----------------------------------------------------------------------------------------------------
-- Prescription workflow triggers
-- -----------------------------------------------------------------------------------------------------
create function private.refuse_unchanged_prescription_status() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- Fires only when the UPDATE names status: re-sending the current status is a lost race (or a stale screen).
  if new.status = old.status then
    raise exception '% is already %; refresh to see its current status',
      private.prescription_status_label(old.rx_number), old.status
      using errcode = 'P0001', hint = 'Another terminal changed it first.';
  end if;
  return new;
end
$$;
comment on function private.refuse_unchanged_prescription_status() is
  'BEFORE UPDATE OF status trigger: an update that sets status to the status it already has is refused. After a '
  'concurrent transition commits, the waiting UPDATE sees the new status here, so exactly one of two racers wins.';

create function private.guard_prescription_workflow() returns trigger
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
begin
  if tg_op = 'INSERT' then
    if new.status is distinct from 'pending' then
      raise exception 'A new prescription is always entered as pending, not %', coalesce(new.status, 'null')
        using errcode = '23514';
    end if;
    if new.pharmacy_id is null then
      raise exception 'Only staff of a pharmacy can enter prescriptions' using errcode = '42501';
    end if;
    new.rx_number := private.issue_rx_number(new.pharmacy_id);
    -- Nothing has happened to it yet but its entry.
    new.processed_by := null; new.processed_at := null;
    new.verified_by := null; new.verified_at := null;
    new.completed_by := null; new.completed_at := null;
    new.override_reason := null; new.overridden_by := null; new.overridden_at := null;
    if end_user then
      new.entered_by := actor;
      new.entered_at := now();
      new.created_at := now();
      new.refills_used := 0;
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

  if changed && array['id', 'rx_number', 'created_at', 'entered_by', 'entered_at'] then
    raise exception '%: its id, Rx number and entry (who and when) cannot be changed', rx using errcode = '42501';
  end if;

  if end_user then
    if changed && array['processed_by', 'processed_at', 'verified_by', 'verified_at', 'completed_by', 'completed_at',
                        'overridden_by', 'overridden_at'] then
      raise exception '%: who processed, verified, completed or overrode it, and when, is recorded by the database; leave those columns out', rx
        using errcode = '42501';
    end if;
    if changed && array['patient_id', 'medication_id', 'ai_flags'] then
      raise exception '%: the patient, medication and interaction check are fixed at entry; enter a new prescription instead', rx
        using errcode = '42501';
    end if;
    if old.status in ('ready', 'completed')
       and changed && array['prescription_type', 'source', 'prescriber_id', 'prescriber_name', 'directions', 'quantity',
                            'refills', 'refills_used', 'days_supply', 'original_date', 'fax_number', 'verification_notes',
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
      if override_given then
        if end_user and not private.current_staff_can('interactions:override') then
          raise exception 'Only a pharmacist or admin can override an interaction alert' using errcode = '42501';
        end if;
        if not has_open_alert then
          raise exception '% has no interaction alert to override', rx using errcode = 'P0001';
        end if;
        if length(btrim(coalesce(new.override_reason, ''))) = 0 then
          raise exception 'Give a reason for overriding the interaction alert of %', rx using errcode = '23514';
        end if;
        new.override_reason := btrim(new.override_reason);
        new.overridden_by := case when end_user then actor else coalesce(new.overridden_by, actor) end;
        new.overridden_at := case when end_user then now() else coalesce(new.overridden_at, now()) end;
      elsif has_open_alert then
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
  'BEFORE INSERT/UPDATE trigger of prescriptions: a new prescription is pending and gets the next Rx number; the '
  'status moves one step forward only; role rules for processing an alerted prescription (override), verification; '
  'who/when columns written here for end users; immutable and post-verification columns refused. See the header.';

create function private.audit_prescription_change() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  rx text := private.prescription_status_label(new.rx_number);
  changed text[];
  step_actor uuid;
begin
  if tg_op = 'INSERT' then
    perform private.record_audit_event(new.pharmacy_id, coalesce((select auth.uid()), new.entered_by), 'prescription_entered',
      'prescription', new.id::text, format('%s entered (%s, %s)', rx, new.prescription_type, new.status), true,
      jsonb_build_object('rxNumber', new.rx_number, 'status', new.status, 'hasInteractions', new.ai_flags -> 'hasInteractions'));
    return null;
  end if;

  if new.status is distinct from old.status then
    step_actor := case new.status when 'processing' then new.processed_by when 'ready' then new.verified_by
                                  when 'completed' then new.completed_by end;
    perform private.record_audit_event(new.pharmacy_id, coalesce((select auth.uid()), step_actor), 'prescription_status_changed',
      'prescription', new.id::text,
      format('%s: %s → %s%s', rx, old.status, new.status,
        case when new.overridden_at is distinct from old.overridden_at
          then format(' (interaction alert overridden: %s)', new.override_reason) else '' end),
      true,
      jsonb_build_object('rxNumber', new.rx_number, 'from', old.status, 'to', new.status,
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
  'AFTER INSERT/UPDATE trigger of prescriptions: one audit_log row per entry (prescription_entered), per status '
  'transition (prescription_status_changed, with the override reason when one was given) and per other change.';

create function private.guard_label_print() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  prescription_status text;
  prescription_rx bigint;
begin
  if tg_op = 'UPDATE' then
    raise exception 'Print history cannot be changed' using errcode = '42501';
  end if;
  select p.status, p.rx_number into prescription_status, prescription_rx
  from public.prescriptions p where p.id = new.prescription_id and p.pharmacy_id = new.pharmacy_id;
  if found and prescription_status not in ('ready', 'completed') then
    raise exception '% is not verified yet; its label prints once it is ready', private.prescription_status_label(prescription_rx)
      using errcode = 'P0001';
  end if;
  if private.is_end_user_request() then
    new.printed_by := (select auth.uid());
    new.printed_at := now();
  else
    new.printed_by := coalesce(new.printed_by, (select auth.uid()));
  end if;
  return new;
end
$$;
comment on function private.guard_label_print() is
  'BEFORE INSERT/UPDATE trigger of prescription_label_prints: only ready or completed prescriptions print; printed_by/at '
  'are the signed-in user and now for end users; rows never change.';

-- -----------------------------------------------------------------------------------------------------
-- Triggers (same-timing triggers fire in name order)
-- -----------------------------------------------------------------------------------------------------
create trigger guard_tenant_pharmacy_id before insert or update on public.patients
  for each row execute function private.guard_tenant_pharmacy_id();
create trigger touch_updated_at before update on public.patients
  for each row execute function private.touch_updated_at();
create trigger audit_changes after insert or update or delete on public.patients
  for each row execute function private.audit_row_change('id');

create trigger guard_tenant_pharmacy_id before insert or update on public.prescribers
  for each row execute function private.guard_tenant_pharmacy_id();
create trigger touch_updated_at before update on public.prescribers
  for each row execute function private.touch_updated_at();
create trigger audit_changes after insert or update or delete on public.prescribers
  for each row execute function private.audit_row_change('id');

create trigger guard_tenant_pharmacy_id before insert or update on public.medications
  for each row execute function private.guard_tenant_pharmacy_id();
create trigger touch_updated_at before update on public.medications
  for each row execute function private.touch_updated_at();
create trigger audit_changes after insert or update or delete on public.medications
  for each row execute function private.audit_row_change('id');

-- Name order: the tenant guard first (before an Rx number is issued), then the status checks.
create trigger guard_tenant_pharmacy_id before insert or update on public.prescriptions
  for each row execute function private.guard_tenant_pharmacy_id();
create trigger guard_workflow_status_is_new before update of status on public.prescriptions
  for each row execute function private.refuse_unchanged_prescription_status();
create trigger guard_workflow_transitions before insert or update on public.prescriptions
  for each row execute function private.guard_prescription_workflow();
create trigger touch_updated_at before update on public.prescriptions
  for each row execute function private.touch_updated_at();
create trigger audit_changes after insert or update on public.prescriptions
  for each row execute function private.audit_prescription_change();

create trigger guard_label_print before insert or update on public.prescription_label_prints
  for each row execute function private.guard_label_print();
create trigger guard_tenant_pharmacy_id before insert or update on public.prescription_label_prints
  for each row execute function private.guard_tenant_pharmacy_id();
create trigger audit_changes after insert on public.prescription_label_prints
  for each row execute function private.audit_row_change('id');

-- -----------------------------------------------------------------------------------------------------
-- Privileges: staff only (anon gets nothing); counters are written only by issue_rx_number()
-- -----------------------------------------------------------------------------------------------------
revoke all on public.patients, public.prescribers, public.medications, public.rx_number_counters,
  public.prescriptions, public.prescription_label_prints from anon;
revoke truncate on public.patients, public.prescribers, public.medications, public.prescriptions,
  public.prescription_label_prints from authenticated;
revoke insert, update, delete, truncate on public.rx_number_counters from authenticated;
revoke delete on public.prescriptions from authenticated;
revoke update, delete on public.prescription_label_prints from authenticated;

revoke all on function private.current_staff_can(text), private.issue_rx_number(uuid),
  private.prescription_status_label(bigint) from public;
-- The workflow trigger runs as the caller and issues numbers through the security-definer counter function.
grant execute on function private.current_staff_can(text), private.issue_rx_number(uuid),
  private.prescription_status_label(bigint) to authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- Row-level security
-- -----------------------------------------------------------------------------------------------------
alter table public.patients enable row level security;
alter table public.prescribers enable row level security;
alter table public.medications enable row level security;
alter table public.rx_number_counters enable row level security;
alter table public.prescriptions enable row level security;
alter table public.prescription_label_prints enable row level security;

-- patients
create policy "Staff can read their pharmacy's patients" on public.patients
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
create policy "Staff can add patients to their pharmacy" on public.patients
  for insert to authenticated
  with check (pharmacy_id = (select private.current_pharmacy_id()));
create policy "Staff can update their pharmacy's patients" on public.patients
  for update to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()))
  with check (pharmacy_id = (select private.current_pharmacy_id()));
create policy "Admins can remove their pharmacy's patients" on public.patients
  for delete to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()) and (select private.is_pharmacy_admin()));

-- prescribers
create policy "Staff can read their pharmacy's prescribers" on public.prescribers
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
create policy "Staff can add prescribers to their pharmacy" on public.prescribers
  for insert to authenticated
  with check (pharmacy_id = (select private.current_pharmacy_id()));
create policy "Staff can update their pharmacy's prescribers" on public.prescribers
  for update to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()))
  with check (pharmacy_id = (select private.current_pharmacy_id()));
create policy "Admins can remove their pharmacy's prescribers" on public.prescribers
  for delete to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()) and (select private.is_pharmacy_admin()));

-- medications
create policy "Staff can read their pharmacy's medications" on public.medications
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
create policy "Staff can add medications to their pharmacy" on public.medications
  for insert to authenticated
  with check (pharmacy_id = (select private.current_pharmacy_id()));
create policy "Staff can update their pharmacy's medications" on public.medications
  for update to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()))
  with check (pharmacy_id = (select private.current_pharmacy_id()));
create policy "Admins can remove their pharmacy's medications" on public.medications
  for delete to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()) and (select private.is_pharmacy_admin()));

-- rx_number_counters: read-only for staff.
create policy "Staff can read their pharmacy's Rx number counter" on public.rx_number_counters
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));

-- prescriptions: no delete policy (a prescription is a record); transitions are checked by the triggers.
create policy "Staff can read their pharmacy's prescriptions" on public.prescriptions
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
create policy "Staff can enter prescriptions for their pharmacy" on public.prescriptions
  for insert to authenticated
  with check (pharmacy_id = (select private.current_pharmacy_id()));
create policy "Staff can work their pharmacy's prescriptions" on public.prescriptions
  for update to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()))
  with check (pharmacy_id = (select private.current_pharmacy_id()));

-- prescription_label_prints: append-only history.
create policy "Staff can read their pharmacy's print history" on public.prescription_label_prints
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
create policy "Staff can record prints for their pharmacy" on public.prescription_label_prints
  for insert to authenticated
  with check (pharmacy_id = (select private.current_pharmacy_id()));

-- -----------------------------------------------------------------------------------------------------
-- Realtime: the queue, the patient list, stock and print history follow changes live on every terminal
-- -----------------------------------------------------------------------------------------------------
alter publication supabase_realtime add table public.prescriptions, public.patients, public.medications, public.prescription_label_prints;

-- -----------------------------------------------------------------------------------------------------
-- The sign-in page's demo panel: with prescriptions in place it shows the demo pharmacy's real next Rx number
-- (defined first in the tenancy migration, before the Rx counter existed).
-- -----------------------------------------------------------------------------------------------------
create or replace function public.demo_sign_in_panel() returns jsonb
language sql stable security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'pharmacistInitials', (
      select upper(left(s.first_name, 1) || left(s.last_name, 1)) from public.staff_profiles s
      where s.pharmacy_id = p.id and s.role = 'pharmacist' and s.is_active order by s.created_at, s.user_id limit 1),
    'technicianInitials', (
      select upper(left(s.first_name, 1) || left(s.last_name, 1)) from public.staff_profiles s
      where s.pharmacy_id = p.id and s.role = 'technician' and s.is_active order by s.created_at, s.user_id limit 1),
    'licensee', jsonb_build_object('pharmacyName', p.pharmacy_name, 'city', p.city, 'state', p.state),
    'nextRxNumber', coalesce((select c.last_rx_number + 1 from public.rx_number_counters c where c.pharmacy_id = p.id), 1001)
  )
  from public.pharmacies p
  where p.is_demo
  order by p.created_at
  limit 1
$$;
comment on function public.demo_sign_in_panel() is
  'The demo pharmacy''s pharmacist and technician initials, licensee and next Rx number for the sign-in page; '
  'null when the project has no demo pharmacy (production), which hides the panel.';

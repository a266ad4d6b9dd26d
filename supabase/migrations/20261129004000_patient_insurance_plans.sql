-- =====================================================================================================
-- Patients' third-party plans (billing, NCPDP D.0): what a claim is sent with.
--
-- * patient_insurance_plans: one row per plan a patient is covered by — the payer's name, the routing numbers
--   a claim travels by (BIN 101-A1, PCN 104-A4), the member's identifiers (group 301-C1, cardholder id 302-C2,
--   person code 303-C3, patient relationship 306-C6), the plan's order of payment (primary, secondary,
--   tertiary), its payer type (the formulary's insurance types), its dates and whether it is active. Claims
--   (a later migration) reference a plan by id, so plans are never removed: a plan that ends is deactivated.
--   At most one ACTIVE plan per patient and priority.
-- * Staff of the pharmacy read; pharmacists, admins and technicians add and change plans (technicians type
--   insurance at intake: patients:write); nobody deletes one (deactivate instead; the patient's removal, which
--   only admins may do and only for a patient without prescriptions, takes their plans with it). Every write is
--   audited the way patient writes are (private.audit_row_change).
-- * patients.insurance_provider / insurance_member_id / insurance_group_number, the free text from before
--   plans, are kept as the mirror of the patient's active primary plan (payer name, cardholder id, group id),
--   written by the database after every plan change, so the Patients table's badge, search_patients and
--   whatever else reads them stay right. Legacy text is kept as it is until the patient's first plan is added;
--   from then on the mirror is the active primary plan, or nothing ('No insurance') when there is none, and an
--   end user can no longer write those columns directly.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- The table
-- -----------------------------------------------------------------------------------------------------
create table public.patient_insurance_plans (
  id uuid primary key default gen_random_uuid(),
  pharmacy_id uuid not null default private.current_pharmacy_id() references public.pharmacies (id) on delete cascade,
  patient_id uuid not null,
  payer_name text not null,
  bin text not null,
  pcn text,
  group_id text,
  cardholder_id text not null,
  person_code text,
  relationship_code text,
  priority text not null,
  insurance_type text,
  effective_date date,
  termination_date date,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  constraint patient_insurance_plans_pharmacy_id_id_key unique (pharmacy_id, id),
  constraint patient_insurance_plans_patient_fkey foreign key (pharmacy_id, patient_id)
    references public.patients (pharmacy_id, id) on delete cascade,
  constraint patient_insurance_plans_payer_name_check check (payer_name = btrim(payer_name) and length(payer_name) between 1 and 100),
  constraint patient_insurance_plans_bin_check check (bin ~ '^[0-9]{6}$'),
  -- NCPDP alphanumeric fields: printable ASCII (the claim's field and segment separators are control characters).
  constraint patient_insurance_plans_pcn_check check (pcn = btrim(pcn) and pcn ~ '^[ -~]{1,10}$'),
  constraint patient_insurance_plans_group_id_check check (group_id = btrim(group_id) and group_id ~ '^[ -~]{1,15}$'),
  constraint patient_insurance_plans_cardholder_id_check check (cardholder_id = btrim(cardholder_id) and cardholder_id ~ '^[ -~]{1,20}$'),
  constraint patient_insurance_plans_person_code_check check (person_code ~ '^[A-Za-z0-9]{1,3}$'),
  constraint patient_insurance_plans_relationship_code_check check (relationship_code in ('0', '1', '2', '3', '4')),
  constraint patient_insurance_plans_priority_check check (priority in ('primary', 'secondary', 'tertiary')),
  constraint patient_insurance_plans_insurance_type_check check (
    insurance_type in ('commercial', 'medicare_part_d', 'medicaid', 'tricare', 'workers_compensation')),
  constraint patient_insurance_plans_dates_check check (termination_date >= effective_date)
);
comment on table public.patient_insurance_plans is
  'A patient''s third-party prescription plan, as an NCPDP D.0 claim needs it: payer name, BIN, PCN, group, '
  'cardholder id, person code, relationship, priority (primary / secondary / tertiary: the order the plans pay in), '
  'payer type, dates, active. At most one active plan per patient and priority. Never deleted (claims reference it): '
  'deactivated instead. Staff read; pharmacists, admins and technicians add and change (patients:write). The active '
  'primary plan is mirrored into the patient''s insurance_provider / insurance_member_id / insurance_group_number. '
  'Every write is audited.';
comment on column public.patient_insurance_plans.pharmacy_id is
  'The pharmacy: the signed-in staff member''s (the default; a client-sent pharmacy_id of another pharmacy is refused).';
comment on column public.patient_insurance_plans.patient_id is 'The patient covered; a patient of the same pharmacy. Never changes.';
comment on column public.patient_insurance_plans.payer_name is 'The plan or payer as staff know it (e.g. "Demo Part D"), 1 to 100 characters.';
comment on column public.patient_insurance_plans.bin is 'NCPDP 101-A1 BIN (IIN): the 6 digits that route the claim to its processor.';
comment on column public.patient_insurance_plans.pcn is 'NCPDP 104-A4 Processor Control Number: up to 10 characters, when the processor uses one.';
comment on column public.patient_insurance_plans.group_id is 'NCPDP 301-C1 Group ID: up to 15 characters.';
comment on column public.patient_insurance_plans.cardholder_id is 'NCPDP 302-C2 Cardholder ID (member id on the card): up to 20 characters.';
comment on column public.patient_insurance_plans.person_code is
  'NCPDP 303-C3 Person Code: which person on the card the patient is (e.g. 001 the cardholder, 002 a spouse), up to 3 letters or digits.';
comment on column public.patient_insurance_plans.relationship_code is
  'NCPDP 306-C6 Patient Relationship Code: 0 not specified, 1 cardholder, 2 spouse, 3 child, 4 other.';
comment on column public.patient_insurance_plans.priority is
  'The order the plans pay in: primary, secondary or tertiary (a write may say 1, 2 or 3; the word is stored).';
comment on column public.patient_insurance_plans.insurance_type is
  'The payer type, as the formulary keeps coverage (shared/src/drugs/formulary.ts INSURANCE_TYPES): commercial, '
  'medicare_part_d, medicaid, tricare, workers_compensation; null when not recorded.';
comment on column public.patient_insurance_plans.effective_date is 'The first day of coverage, when known.';
comment on column public.patient_insurance_plans.termination_date is 'The last day of coverage, when known; not before the effective date.';
comment on column public.patient_insurance_plans.active is
  'Whether the plan is in use. A plan that ends is deactivated, never removed: claims keep referring to it.';
comment on column public.patient_insurance_plans.created_by is 'Who added the plan: the signed-in user, set by the database.';

comment on constraint patient_insurance_plans_patient_fkey on public.patient_insurance_plans is 'Choose a patient of your pharmacy';
comment on constraint patient_insurance_plans_payer_name_check on public.patient_insurance_plans is
  'Payer name must be 1 to 100 characters';
comment on constraint patient_insurance_plans_bin_check on public.patient_insurance_plans is 'BIN must be 6 digits';
comment on constraint patient_insurance_plans_pcn_check on public.patient_insurance_plans is
  'PCN must be at most 10 letters, digits or symbols';
comment on constraint patient_insurance_plans_group_id_check on public.patient_insurance_plans is
  'Group ID must be at most 15 letters, digits or symbols';
comment on constraint patient_insurance_plans_cardholder_id_check on public.patient_insurance_plans is
  'Cardholder ID must be at most 20 letters, digits or symbols';
comment on constraint patient_insurance_plans_person_code_check on public.patient_insurance_plans is
  'Person code must be 1 to 3 letters or digits (e.g. 001)';
comment on constraint patient_insurance_plans_relationship_code_check on public.patient_insurance_plans is
  'Relationship must be 0 (not specified), 1 (cardholder), 2 (spouse), 3 (child) or 4 (other)';
comment on constraint patient_insurance_plans_priority_check on public.patient_insurance_plans is
  'Priority must be primary, secondary or tertiary';
comment on constraint patient_insurance_plans_insurance_type_check on public.patient_insurance_plans is
  'Insurance type must be Commercial, Medicare Part D, Medicaid, TRICARE or Workers'' compensation';
comment on constraint patient_insurance_plans_dates_check on public.patient_insurance_plans is
  'The termination date cannot be before the effective date';

-- A patient's plans in priority order (the record's list), the foreign key to patients and the policies' column.
create index patient_insurance_plans_patient_idx on public.patient_insurance_plans (pharmacy_id, patient_id, priority);
-- The one active plan per patient and priority (zz_one_active_plan_per_priority words the refusal).
create unique index patient_insurance_plans_one_active_key on public.patient_insurance_plans (pharmacy_id, patient_id, priority)
  where active;
comment on index public.patient_insurance_plans_one_active_key is
  'At most one active plan per patient and priority; private.guard_one_active_insurance_plan says so in a sentence first.';
create index patient_insurance_plans_created_by_idx on public.patient_insurance_plans (created_by);

-- -----------------------------------------------------------------------------------------------------
-- Who may write; what the database sets
-- -----------------------------------------------------------------------------------------------------
create function private.may_edit_insurance_plans() returns boolean
language sql stable
set search_path = ''
as $$
  select private.current_staff_can('patients:write')
$$;
comment on function private.may_edit_insurance_plans() is
  'Whether the signed-in staff member may add or change patients'' insurance plans: patients:write (admins, '
  'pharmacists and technicians — technicians type insurance at intake).';
revoke execute on function private.may_edit_insurance_plans() from public;
grant execute on function private.may_edit_insurance_plans() to authenticated, service_role;

create function private.prepare_insurance_plan() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.patient_id is distinct from old.patient_id then
    raise exception 'The patient of an insurance plan cannot be changed; add the plan to the other patient instead'
      using errcode = '42501';
  end if;

  -- Text as typed, without surrounding spaces; an optional field left blank is none.
  new.payer_name := nullif(btrim(new.payer_name), '');
  new.bin := nullif(btrim(new.bin), '');
  new.pcn := nullif(btrim(new.pcn), '');
  new.group_id := nullif(btrim(new.group_id), '');
  new.cardholder_id := nullif(btrim(new.cardholder_id), '');
  new.person_code := nullif(btrim(new.person_code), '');
  new.relationship_code := nullif(btrim(new.relationship_code), '');
  new.insurance_type := nullif(btrim(new.insurance_type), '');
  -- Priority may be sent as its number (NCPDP's coordination of benefits counts plans 1, 2, 3).
  new.priority := case lower(btrim(new.priority))
    when '1' then 'primary' when '2' then 'secondary' when '3' then 'tertiary'
    else nullif(lower(btrim(new.priority)), '') end;

  if new.patient_id is null then
    raise exception 'Patient is required' using errcode = '23502';
  elsif new.payer_name is null then
    raise exception 'Payer name is required' using errcode = '23502';
  elsif new.bin is null then
    raise exception 'BIN is required' using errcode = '23502';
  elsif new.cardholder_id is null then
    raise exception 'Cardholder ID is required' using errcode = '23502';
  elsif new.priority is null then
    raise exception 'Priority is required' using errcode = '23502';
  elsif new.active is null then
    raise exception 'Say whether the plan is active' using errcode = '23502';
  end if;

  if tg_op = 'UPDATE' then
    new.created_at := old.created_at;
    new.created_by := old.created_by;
    new.updated_at := now();
  elsif private.is_end_user_request() then
    new.created_by := (select auth.uid());
    new.created_at := now();
    new.updated_at := now();
  else
    new.created_by := coalesce((select auth.uid()), new.created_by);
  end if;
  return new;
end
$$;
comment on function private.prepare_insurance_plan() is
  'BEFORE INSERT/UPDATE trigger of patient_insurance_plans (before the constraint messages): the patient of a plan '
  'never changes; text is trimmed and blank optional fields stored as none; priority 1/2/3 is stored as '
  'primary/secondary/tertiary; a missing patient, payer name, BIN, cardholder id or priority is refused in a '
  'sentence; created_by/created_at are the signed-in user and now for end users and never change.';

-- Named zz_o… so it runs after zz_explain_constraint_violations: a malformed row is told what is wrong with it
-- before it is told it clashes with another plan.
create function private.guard_one_active_insurance_plan() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not new.active then
    return new;
  end if;
  -- The patient's row lock serialises plan writes per patient, so two terminals cannot both add an active primary.
  perform 1 from public.patients p where p.pharmacy_id = new.pharmacy_id and p.id = new.patient_id for no key update;
  if exists (select 1 from public.patient_insurance_plans other
             where other.pharmacy_id = new.pharmacy_id and other.patient_id = new.patient_id
               and other.priority = new.priority and other.active and other.id <> new.id) then
    raise exception 'This patient already has an active % plan; deactivate it first', new.priority using errcode = '23505';
  end if;
  return new;
end
$$;
comment on function private.guard_one_active_insurance_plan() is
  'BEFORE INSERT/UPDATE trigger of patient_insurance_plans, last of them: an active plan whose patient already has '
  'another active plan of the same priority is refused in a sentence (the partial unique index '
  'patient_insurance_plans_one_active_key holds the rule). Takes the patient''s row lock first.';

create trigger guard_tenant_pharmacy_id before insert or update on public.patient_insurance_plans
  for each row execute function private.guard_tenant_pharmacy_id();
create trigger prepare_insurance_plan before insert or update on public.patient_insurance_plans
  for each row execute function private.prepare_insurance_plan();
create trigger zz_one_active_plan_per_priority before insert or update on public.patient_insurance_plans
  for each row execute function private.guard_one_active_insurance_plan();
create trigger audit_changes after insert or update or delete on public.patient_insurance_plans
  for each row execute function private.audit_row_change('id');

-- -----------------------------------------------------------------------------------------------------
-- The patient's legacy insurance columns: the mirror of the active primary plan
-- -----------------------------------------------------------------------------------------------------
comment on column public.patients.insurance_provider is
  'The payer name of the patient''s active primary insurance plan (patient_insurance_plans), kept by the database; '
  'null when the patient has plans but no active primary one. A patient who never had a plan keeps the free text '
  'recorded before plans existed.';
comment on column public.patients.insurance_member_id is
  'The cardholder id of the active primary plan (see insurance_provider for when it is kept).';
comment on column public.patients.insurance_group_number is
  'The group id of the active primary plan (see insurance_provider for when it is kept).';

create function private.mirror_primary_insurance_plan() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  changed public.patient_insurance_plans := case when tg_op = 'DELETE' then old else new end;
begin
  -- Security definer: the update is the database's own (an end user may not write these columns once plans
  -- exist); the patient's audit row still names the signed-in user who changed the plan.
  update public.patients p
     set insurance_provider = mirror.payer_name,
         insurance_member_id = mirror.cardholder_id,
         insurance_group_number = mirror.group_id
    from (select primary_plan.payer_name, primary_plan.cardholder_id, primary_plan.group_id
            from (select 1) as one
            left join public.patient_insurance_plans primary_plan
              on primary_plan.pharmacy_id = changed.pharmacy_id and primary_plan.patient_id = changed.patient_id
             and primary_plan.priority = 'primary' and primary_plan.active) as mirror
   where p.pharmacy_id = changed.pharmacy_id and p.id = changed.patient_id
     and (p.insurance_provider, p.insurance_member_id, p.insurance_group_number)
         is distinct from (mirror.payer_name, mirror.cardholder_id, mirror.group_id);
  return null;
end
$$;
comment on function private.mirror_primary_insurance_plan() is
  'AFTER INSERT/UPDATE/DELETE trigger of patient_insurance_plans: writes the patient''s active primary plan (payer '
  'name, cardholder id, group id) into patients.insurance_provider / insurance_member_id / insurance_group_number, '
  'or nulls when there is none; nothing when they already say so. Security definer (the columns are the '
  'database''s once a patient has plans).';
revoke execute on function private.mirror_primary_insurance_plan() from public;

create trigger mirror_primary_plan after insert or update or delete on public.patient_insurance_plans
  for each row execute function private.mirror_primary_insurance_plan();

create function private.guard_patient_insurance_mirror() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if private.is_end_user_request()
     and (new.insurance_provider, new.insurance_member_id, new.insurance_group_number)
         is distinct from (old.insurance_provider, old.insurance_member_id, old.insurance_group_number)
     and exists (select 1 from public.patient_insurance_plans plan
                 where plan.pharmacy_id = new.pharmacy_id and plan.patient_id = new.id) then
    raise exception 'This patient''s insurance comes from their insurance plans: add, edit or deactivate a plan instead'
      using errcode = '42501';
  end if;
  return new;
end
$$;
comment on function private.guard_patient_insurance_mirror() is
  'BEFORE UPDATE OF the insurance columns trigger of patients: once a patient has insurance plans, those columns '
  'are the mirror of the active primary plan and an end user may not write them (the legacy text of a patient '
  'without plans may still be changed).';

create trigger guard_insurance_mirror
  before update of insurance_provider, insurance_member_id, insurance_group_number on public.patients
  for each row execute function private.guard_patient_insurance_mirror();

-- -----------------------------------------------------------------------------------------------------
-- Privileges and row-level security
-- -----------------------------------------------------------------------------------------------------
alter table public.patient_insurance_plans enable row level security;
revoke all on public.patient_insurance_plans from anon, authenticated;
-- No delete: a plan that ends is deactivated (claims keep referring to it).
grant select, insert, update on public.patient_insurance_plans to authenticated;
grant all on public.patient_insurance_plans to service_role;

create policy "Staff can read their pharmacy's patients' insurance plans" on public.patient_insurance_plans
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
create policy "Staff can add insurance plans to their pharmacy's patients" on public.patient_insurance_plans
  for insert to authenticated
  with check (pharmacy_id = (select private.current_pharmacy_id()) and (select private.may_edit_insurance_plans()));
create policy "Staff can change their pharmacy's patients' insurance plans" on public.patient_insurance_plans
  for update to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()) and (select private.may_edit_insurance_plans()))
  with check (pharmacy_id = (select private.current_pharmacy_id()) and (select private.may_edit_insurance_plans()));

select private.install_constraint_explanations('public.patient_insurance_plans');

-- -----------------------------------------------------------------------------------------------------
-- Live: a plan added or deactivated on one terminal shows on every terminal of the pharmacy
-- -----------------------------------------------------------------------------------------------------
alter table public.patient_insurance_plans replica identity full;
alter publication supabase_realtime add table public.patient_insurance_plans;

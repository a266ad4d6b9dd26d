-- =====================================================================================================
-- Drug Database, clinical part (issue 13): DUR check, formulary entries, DUR alert count.
--
-- * DUR check: what entering a medication for a profile would flag. The findings that involve a new drug are
--   chosen by ONE helper, private.new_drug_findings, which the prescription's ai_flags
--   (private.prescription_interaction_flags, redefined here with an identical result) and public.dur_check
--   (POST /api/drugs/dur-check) both call — the engine stays private.interaction_check.
-- * Formulary entries: the pharmacy's record of how each payer type covers a medication (tier, prior
--   authorisation, quantity limit), maintained on the Drug Database screen and read by billing.
-- * DUR alert count: the pharmacy's prescriptions with an unresolved interaction alert. The rule is one
--   function, private.is_unresolved_interaction_alert, used by dashboard_stats() (redefined here with an
--   identical result), public.dur_alert_count() and the partial index that serves both.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- DUR: the findings that involve a new drug (shared by prescription entry and dur_check)
-- -----------------------------------------------------------------------------------------------------
create function private.new_drug_findings(new_drug_names text[], profile_medications text[], allergies text[])
returns jsonb
language plpgsql stable
set search_path = ''
as $$
begin
  -- PL/pgSQL so the plan is cached per session.
  return (
    with checked as (
      select private.medication_generics(coalesce(new_drug_names, '{}')) as new_generics,
             private.interaction_check(coalesce(new_drug_names, '{}') || coalesce(profile_medications, '{}'),
                                       coalesce(allergies, '{}')) as result
    ), involving_new as (
      -- What the profile already had was reviewed when those drugs were entered.
      select coalesce(jsonb_agg(f order by position), '[]') as findings
      from checked, jsonb_array_elements(checked.result -> 'interactions') with ordinality as e (f, position)
      where exists (select 1 from jsonb_array_elements_text(f -> 'interactingDrugs') d where d = any (checked.new_generics))
    )
    select jsonb_build_object(
      'hasInteractions', jsonb_array_length(findings) > 0,
      'interactions', findings,
      'recommendedActions', private.recommended_actions(findings))
    from involving_new
  );
end
$$;
comment on function private.new_drug_findings(text[], text[], text[]) is
  'Prospective DUR of one new drug: the interaction engine (private.interaction_check) over the new drug''s names '
  'followed by the profile''s medications, with the allergies, keeping only the findings that involve the new drug, '
  'in the engine''s shape {hasInteractions, interactions[{kind, severity, interactingDrugs, description, '
  'recommendations, source}], recommendedActions}. Used by prescription entry and by public.dur_check.';

create or replace function private.prescription_interaction_flags(
  for_pharmacy_id uuid, for_patient_id uuid, for_medication_id uuid, excluded_prescription_id uuid default null
) returns jsonb
language plpgsql stable
set search_path = ''
as $$
begin
  -- PL/pgSQL so the plan is cached per session.
  return (
    with new_drug as (
      -- Both names of the catalogue entry: a generic name that contradicts the drug's name cannot hide it.
      select array_remove(array[nullif(btrim(m.generic_name), ''), m.name], null) as names
      from public.medications m where m.pharmacy_id = for_pharmacy_id and m.id = for_medication_id
    ), patient as (
      select p.current_medications, p.allergies
      from public.patients p where p.pharmacy_id = for_pharmacy_id and p.id = for_patient_id
    ), active_drugs as (
      -- The drugs of the patient's other open prescriptions (each catalogue drug once).
      select coalesce(array_agg(d.name order by d.name collate "C"), '{}') as names
      from (
        select distinct n.name
        from public.prescriptions rx
        join public.medications m on m.pharmacy_id = rx.pharmacy_id and m.id = rx.medication_id
        cross join lateral unnest(array_remove(array[nullif(btrim(m.generic_name), ''), m.name], null)) as n (name)
        where rx.pharmacy_id = for_pharmacy_id and rx.patient_id = for_patient_id
          and rx.status in ('pending', 'processing', 'ready')
          and rx.id is distinct from excluded_prescription_id
      ) d
    ), checked as (
      select private.new_drug_findings(
        coalesce((select names from new_drug), '{}'),
        coalesce((select current_medications from patient), '{}') || (select names from active_drugs),
        coalesce((select allergies from patient), '{}')) as result
    )
    -- The stored flags carry no kind or source (the shape prescriptions have always stored).
    select jsonb_build_object(
      'hasInteractions', checked.result -> 'hasInteractions',
      'interactions', coalesce((
        select jsonb_agg(jsonb_build_object('severity', f -> 'severity', 'interactingDrugs', f -> 'interactingDrugs',
          'description', f -> 'description', 'recommendations', f -> 'recommendations') order by position)
        from jsonb_array_elements(checked.result -> 'interactions') with ordinality as e (f, position)), '[]'),
      'recommendedActions', checked.result -> 'recommendedActions')
    from checked
  );
end
$$;
comment on function private.prescription_interaction_flags(uuid, uuid, uuid, uuid) is
  'A prescription''s ai_flags: private.new_drug_findings over its drug (both its name and generic name), the '
  'patient''s current medications and the drugs of their other open prescriptions, and their allergies: '
  '{hasInteractions, interactions[{severity, interactingDrugs, description, recommendations}], recommendedActions}. '
  'Runs as the caller (RLS applies).';

-- A typed medication is looked up in the caller's catalogue by name (case-insensitive), as the picker shows it.
create index medications_pharmacy_id_lower_name_idx on public.medications (pharmacy_id, lower(name));

create function public.dur_check(medication text, current_medications text[] default '{}', allergies text[] default '{}')
returns jsonb
language sql stable security invoker
set search_path = ''
as $$
  with catalogue as (
    -- The generic names the caller's catalogue gives this medication name (RLS applies).
    select coalesce(array_agg(distinct btrim(m.generic_name) order by btrim(m.generic_name)), '{}') as generic_names
    from public.medications m
    where m.pharmacy_id = (select private.current_pharmacy_id())
      and lower(m.name) = lower(btrim(medication))
      and nullif(btrim(m.generic_name), '') is not null
  )
  -- As at entry: the generic name first, then the name as written.
  select private.new_drug_findings(catalogue.generic_names || btrim(medication), current_medications, allergies)
  from catalogue
$$;
comment on function public.dur_check(text, text[], text[]) is
  'POST /api/drugs/dur-check as an RPC: what entering this medication for a patient with these current medications '
  'and allergies would flag — the findings involving the new drug (private.new_drug_findings, the same selection '
  'prescription entry stores as ai_flags), in the engine''s shape with kind and source. A name found in the caller''s '
  'catalogue is checked with its generic name too, as entry checks both. Security invoker.';

revoke execute on function private.new_drug_findings(text[], text[], text[]) from public;
grant execute on function private.new_drug_findings(text[], text[], text[]) to authenticated, service_role;
revoke execute on function public.dur_check(text, text[], text[]) from public, anon;
grant execute on function public.dur_check(text, text[], text[]) to authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- Formulary entries: the table
-- -----------------------------------------------------------------------------------------------------
-- Quantity limit: payers state it as units per period ("30 tablets per 30 days"), and a claim is judged on its
-- quantity dispensed and days supply against it (NCPDP reject 76, plan limitations exceeded), so it is stored as
-- two numbers billing can compare; anything a payer adds in words goes to notes.
create table public.formulary_entries (
  id uuid primary key default gen_random_uuid(),
  pharmacy_id uuid not null default private.current_pharmacy_id() references public.pharmacies (id) on delete cascade,
  medication_id uuid not null,
  insurance_type text not null,
  tier smallint not null,
  prior_authorization boolean not null default false,
  quantity_limit numeric(10, 2),
  quantity_limit_days smallint,
  notes text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  updated_by uuid default auth.uid() references auth.users (id) on delete set null,
  constraint formulary_entries_medication_fkey foreign key (pharmacy_id, medication_id)
    references public.medications (pharmacy_id, id) on delete cascade,
  constraint formulary_entries_insurance_type_check check (
    insurance_type in ('commercial', 'medicare_part_d', 'medicaid', 'tricare', 'workers_compensation')),
  constraint formulary_entries_tier_check check (tier between 1 and 6),
  constraint formulary_entries_quantity_limit_check check (quantity_limit > 0),
  constraint formulary_entries_quantity_limit_days_check check (quantity_limit_days between 1 and 365),
  constraint formulary_entries_quantity_limit_complete check ((quantity_limit is null) = (quantity_limit_days is null)),
  constraint formulary_entries_notes_check check (length(notes) <= 500),
  constraint formulary_entries_pharmacy_medication_insurance_key unique (pharmacy_id, medication_id, insurance_type)
);
comment on table public.formulary_entries is
  'How a payer type covers one of the pharmacy''s medications (GET /api/drugs/formulary/{id}?insuranceType=): tier '
  '(1 preferred generic … 6), prior authorisation, quantity limit (units per days). One entry per medication and '
  'insurance type. Staff read; pharmacists and admins write (Drug Database screen); billing reads the same rows. '
  'updated_at/updated_by are set by the database; every change is audited.';
comment on column public.formulary_entries.insurance_type is
  'The payer type (shared/src/drugs/formulary.ts INSURANCE_TYPES): commercial, medicare_part_d, medicaid, tricare, '
  'workers_compensation.';
comment on column public.formulary_entries.tier is 'The formulary tier, 1 (preferred generic, lowest copay) to 6.';
comment on column public.formulary_entries.prior_authorization is 'Whether the payer requires prior authorisation.';
comment on column public.formulary_entries.quantity_limit is
  'The most units (the medication''s dispensing unit) covered per quantity_limit_days; null with it when no limit.';
comment on column public.formulary_entries.quantity_limit_days is 'The period of the quantity limit in days (1–365).';
comment on column public.formulary_entries.notes is 'Free text (step therapy, age limits…), at most 500 characters.';
comment on column public.formulary_entries.updated_by is 'Who last wrote the entry: the signed-in user, set by the database.';

comment on constraint formulary_entries_medication_fkey on public.formulary_entries is
  'The medication is not in your pharmacy''s catalogue';
comment on constraint formulary_entries_insurance_type_check on public.formulary_entries is
  'Insurance type must be Commercial, Medicare Part D, Medicaid, TRICARE or Workers'' compensation';
comment on constraint formulary_entries_tier_check on public.formulary_entries is 'Tier must be between 1 and 6';
comment on constraint formulary_entries_quantity_limit_check on public.formulary_entries is
  'Quantity limit must be greater than 0';
comment on constraint formulary_entries_quantity_limit_days_check on public.formulary_entries is
  'Quantity limit days must be between 1 and 365';
comment on constraint formulary_entries_quantity_limit_complete on public.formulary_entries is
  'A quantity limit needs both a quantity and a number of days';
comment on constraint formulary_entries_notes_check on public.formulary_entries is 'Notes are at most 500 characters';
comment on constraint formulary_entries_pharmacy_medication_insurance_key on public.formulary_entries is
  'This medication already has a formulary entry for this insurance type';

-- The unique key leads with (pharmacy_id, medication_id): it serves the foreign key, the policies and the lookups.
create index formulary_entries_updated_by_idx on public.formulary_entries (updated_by);

-- -----------------------------------------------------------------------------------------------------
-- Formulary entries: who may write, invariant columns, audit
-- -----------------------------------------------------------------------------------------------------
create function private.may_edit_formulary() returns boolean
language sql stable
set search_path = ''
as $$
  select private.current_staff_can('drugs:manage')
$$;
comment on function private.may_edit_formulary() is
  'Whether the signed-in staff member may add, change or remove formulary entries: the catalog''s permission '
  'drugs:manage (pharmacists and admins), the one that decides catalog edits, sync and price updates too.';
revoke execute on function private.may_edit_formulary() from public;
grant execute on function private.may_edit_formulary() to authenticated, service_role;

create function private.stamp_formulary_entry() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.medication_id is distinct from old.medication_id then
    raise exception 'The medication of a formulary entry cannot be changed; add an entry for the other medication instead'
      using errcode = '42501';
  end if;
  if tg_op = 'UPDATE' then
    new.created_at := old.created_at;
  end if;
  new.notes := nullif(btrim(new.notes), '');
  if private.is_end_user_request() then
    new.updated_by := (select auth.uid());
    new.updated_at := now();
    if tg_op = 'INSERT' then new.created_at := now(); end if;
  else
    new.updated_by := coalesce((select auth.uid()), new.updated_by);
    new.updated_at := case when tg_op = 'UPDATE' then now() else coalesce(new.updated_at, now()) end;
  end if;
  return new;
end
$$;
comment on function private.stamp_formulary_entry() is
  'BEFORE INSERT/UPDATE trigger of formulary_entries: the medication of an entry never changes; updated_by/updated_at '
  '(and created_at) are the signed-in user and now for end users; blank notes are stored as none.';

create trigger guard_tenant_pharmacy_id before insert or update on public.formulary_entries
  for each row execute function private.guard_tenant_pharmacy_id();
create trigger stamp_formulary_entry before insert or update on public.formulary_entries
  for each row execute function private.stamp_formulary_entry();
create trigger audit_changes after insert or update or delete on public.formulary_entries
  for each row execute function private.audit_row_change('id');

-- -----------------------------------------------------------------------------------------------------
-- Formulary entries: privileges and row-level security
-- -----------------------------------------------------------------------------------------------------
alter table public.formulary_entries enable row level security;
revoke all on public.formulary_entries from anon, authenticated;
grant select, insert, update, delete on public.formulary_entries to authenticated;
grant all on public.formulary_entries to service_role;

create policy "Staff can read their pharmacy's formulary entries" on public.formulary_entries
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
create policy "Pharmacists and admins can add formulary entries to their pharmacy" on public.formulary_entries
  for insert to authenticated
  with check (pharmacy_id = (select private.current_pharmacy_id()) and (select private.may_edit_formulary()));
create policy "Pharmacists and admins can change their pharmacy's formulary entries" on public.formulary_entries
  for update to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()) and (select private.may_edit_formulary()))
  with check (pharmacy_id = (select private.current_pharmacy_id()) and (select private.may_edit_formulary()));
create policy "Pharmacists and admins can remove their pharmacy's formulary entries" on public.formulary_entries
  for delete to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()) and (select private.may_edit_formulary()));

select private.install_constraint_explanations('public.formulary_entries');

-- -----------------------------------------------------------------------------------------------------
-- DUR alerts: one rule for the dashboard card and the Drug Database card
-- -----------------------------------------------------------------------------------------------------
create function private.is_unresolved_interaction_alert(status text, ai_flags jsonb, overridden_at timestamptz)
returns boolean
language sql immutable parallel safe
set search_path = ''
as $$
  select status in ('pending', 'processing')
     and coalesce((ai_flags ->> 'hasInteractions')::boolean, false)
     and overridden_at is null
$$;
comment on function private.is_unresolved_interaction_alert(text, jsonb, timestamptz) is
  'Whether a prescription has an interaction alert that needs attention: pending or processing, flagged by its '
  'interaction check at entry, and not overridden by a pharmacist (once processed with an override it is resolved). '
  'The one rule behind dashboard_stats().aiAlerts, dur_alert_count() and prescriptions_unresolved_alert_idx.';
revoke execute on function private.is_unresolved_interaction_alert(text, jsonb, timestamptz) from public;
grant execute on function private.is_unresolved_interaction_alert(text, jsonb, timestamptz) to authenticated, service_role;

-- The predicate is the function call itself: a function with its own search_path is never inlined, so queries
-- that call it match this index's predicate as written.
create index prescriptions_unresolved_alert_idx on public.prescriptions (pharmacy_id)
  where private.is_unresolved_interaction_alert(status, ai_flags, overridden_at);
comment on index public.prescriptions_unresolved_alert_idx is
  'The prescriptions private.is_unresolved_interaction_alert holds for, per pharmacy: dur_alert_count() and '
  'dashboard_stats().aiAlerts read only these.';

create function public.dur_alert_count() returns bigint
language sql stable security invoker
set search_path = ''
as $$
  select count(*)
  from public.prescriptions rx
  where rx.pharmacy_id = (select private.current_pharmacy_id())
    and private.is_unresolved_interaction_alert(rx.status, rx.ai_flags, rx.overridden_at)
$$;
comment on function public.dur_alert_count() is
  'The Drug Database''s DUR Alerts card: how many of the caller''s pharmacy''s prescriptions have an unresolved '
  'interaction alert (private.is_unresolved_interaction_alert, the dashboard''s aiAlerts rule). Security invoker: '
  'RLS applies; 0 for anyone without a pharmacy.';
revoke execute on function public.dur_alert_count() from public, anon;
grant execute on function public.dur_alert_count() to authenticated, service_role;

create or replace function public.dashboard_stats() returns jsonb
language sql stable security invoker
set search_path = ''
as $$
  with pharmacy as (
    select private.current_pharmacy_id() as id
  ), today as (
    select private.pharmacy_local_day(pharmacy.id, now()) as day from pharmacy
  ), picked_up_today as (
    select count(*) as prescriptions, coalesce(sum(m.price), 0) as revenue
    from public.prescriptions rx
    join public.medications m on m.pharmacy_id = rx.pharmacy_id and m.id = rx.medication_id
    where rx.pharmacy_id = (select id from pharmacy) and rx.status = 'completed'
      and rx.completed_at >= (select lower(day) from today) and rx.completed_at < (select upper(day) from today)
  )
  select jsonb_build_object(
    'pendingPrescriptions', coalesce((
      select sum(c.prescriptions) from public.prescription_queue_counters c
      where c.pharmacy_id = (select id from pharmacy) and c.status = 'pending'), 0),
    'completedToday', (select prescriptions from picked_up_today),
    'aiAlerts', (
      select count(*) from public.prescriptions rx
      where rx.pharmacy_id = (select id from pharmacy)
        and private.is_unresolved_interaction_alert(rx.status, rx.ai_flags, rx.overridden_at)),
    -- Each prescription picked up today earns its medication's price per fill (medications.price).
    'revenueToday', (select revenue from picked_up_today))
$$;
comment on function public.dashboard_stats() is
  'The dashboard''s stat cards for the caller''s pharmacy (RLS applies: security invoker): pendingPrescriptions; '
  'completedToday (completed_at within the pharmacy''s own day, private.pharmacy_local_day in its time zone); aiAlerts '
  '(private.is_unresolved_interaction_alert: pending or processing prescriptions whose interaction check flagged them '
  'and that no pharmacist has overridden — the same count as dur_alert_count()); revenueToday (the sum of '
  'medications.price, the price per fill, over the prescriptions completed that day, as a number of dollars).';

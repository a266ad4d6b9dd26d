-- =====================================================================================================
-- Prescriber credentials: the provider directory and what "verified" means (spec part 2 Provider Management)
-- =====================================================================================================
-- * public.prescribers gains the licence's and the DEA registration's expiration, and the verification outcome:
--   verified, pending or expired (shown 'Needs Review'; the old 'rejected' becomes 'expired'), with its reason,
--   when and by whom. The outcome is the database's: staff cannot write it. Any staff member adds a prescriber;
--   pharmacists and admins (permission prescribers:verify) edit and verify. Changing a credential (NPI, names,
--   licence, DEA) of a verified prescriber makes it pending again.
-- * An NPI carries a check digit (Luhn over 80840 + the first nine digits), checked on every write like the DEA
--   number's. A duplicate NPI in a pharmacy is refused with a sentence (existing unique key).
-- * public.record_prescriber_verification (service role only: the api function calls the NPPES NPI Registry and
--   hands in what it answered) decides the outcome from four sources — NPPES, the state licence on file (attested by
--   the pharmacist who verifies), the DEA registration, and the pharmacy's OIG exclusion list — and keeps every
--   attempt in public.prescriber_verifications, audited.
-- * The OIG LEIE exclusion list (UPDATED.csv) is uploaded by an admin: public.replace_oig_exclusion_list swaps the
--   pharmacy's list in one transaction and marks every prescriber it names Needs Review. A new prescription from an
--   excluded prescriber is refused until a pharmacist or admin overrides with a reason (recorded and audited).
-- * Reading: public.prescriber_directory (keyset pages, search, tabs, activeCount and lastPrescription derived),
--   public.prescriber_directory_counts, public.prescriber_credential_alerts (licence/DEA expiring within 90 days).
-- * Jobs: daily, credentials past their expiration make a verified prescriber Needs Review; monthly, verified
--   prescribers are checked again (the api function asked through pg_net, as the drug price update is).

-- -----------------------------------------------------------------------------------------------------
-- Permissions: prescribers:verify (edit and verify) for pharmacists and admins
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
      'inventory:manage', 'billing:manage', 'labels:print', 'reports:read', 'data:migrate']
    when 'pharmacist' then array[
      'prescriptions:read', 'prescriptions:enter', 'prescriptions:verify', 'interactions:override',
      'patients:read', 'patients:write', 'prescribers:manage', 'prescribers:verify', 'drugs:read', 'drugs:manage',
      'inventory:manage', 'billing:manage', 'labels:print', 'reports:read']
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
  'adding prescribers (every role), prescribers:verify editing and verifying them (pharmacists and admins).';

-- -----------------------------------------------------------------------------------------------------
-- NPI check digit
-- -----------------------------------------------------------------------------------------------------
create function private.is_valid_npi(npi text) returns boolean
language sql immutable
set search_path = ''
as $$
  -- Luhn over '80840' || the first nine digits (CMS, "Requirements for National Provider Identifier check digit");
  -- the constant 24 is the prefix's share, so only the nine digits are summed here.
  select npi ~ '^[0-9]{10}$' and (
    (24 + (select sum(case when i % 2 = 1
                           then (substr(npi, i, 1)::int * 2) / 10 + (substr(npi, i, 1)::int * 2) % 10
                           else substr(npi, i, 1)::int end)
           from generate_series(1, 9) as i)
     + substr(npi, 10, 1)::int) % 10 = 0)
$$;
comment on function private.is_valid_npi(text) is
  'Whether an NPI is ten digits with a valid check digit (Luhn over the 80840 prefix and the first nine digits). '
  'The same rule as shared/src/prescribers/npi.ts.';
grant execute on function private.is_valid_npi(text) to authenticated, service_role;

create function private.guard_prescriber_npi() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.npi_number is not null and new.npi_number ~ '^[0-9]{10}$' and not private.is_valid_npi(new.npi_number) then
    raise exception 'NPI % is not valid: its check digit does not match', new.npi_number using errcode = '23514';
  end if;
  return new;
end
$$;
comment on function private.guard_prescriber_npi() is
  'BEFORE INSERT/UPDATE OF npi_number trigger of prescribers: an NPI passes its check digit (the ten-digit shape is '
  'the table''s check).';
create trigger guard_npi_number before insert or update of npi_number on public.prescribers
  for each row execute function private.guard_prescriber_npi();

-- -----------------------------------------------------------------------------------------------------
-- Prescribers: expirations and the verification outcome
-- -----------------------------------------------------------------------------------------------------
alter table public.prescribers drop constraint prescribers_verification_status_check;
update public.prescribers set verification_status = 'expired' where verification_status = 'rejected';
-- A status staff could set until now proves nothing: every prescriber is verified again under the new rules.
update public.prescribers set verification_status = 'pending' where verification_status = 'verified';
alter table public.prescribers
  add column license_expiration date,
  add column dea_expiration date,
  add column verification_reason text,
  add column verification_checked_at timestamptz,
  add column verification_checked_by uuid references auth.users (id) on delete set null,
  add constraint prescribers_verification_status_check check (verification_status in ('pending', 'verified', 'expired')),
  add constraint prescribers_license_state_check check (license_state is null or license_state ~ '^[A-Z]{2}$'),
  add constraint prescribers_email_check check (email is null or email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$');
update public.prescribers
   set verification_reason = case verification_status when 'expired' then 'Needs review (marked before verification was checked by the database); verify again'
                                                      else 'Not verified by the database yet; verify again' end;
comment on column public.prescribers.verification_status is
  'verified, pending or expired (shown ''Needs Review''): set only by the database (record_prescriber_verification, '
  'the exclusion list, the expiry job, a credential change).';
comment on column public.prescribers.verification_reason is 'Why the prescriber has its verification status, in a sentence.';
comment on column public.prescribers.license_expiration is 'The state licence''s expiration (on file, attested at verification).';
comment on column public.prescribers.dea_expiration is 'The DEA registration''s expiration.';
comment on constraint prescribers_verification_status_check on public.prescribers is 'Verification status must be pending, verified or expired';
comment on constraint prescribers_license_state_check on public.prescribers is 'Licence state must be a two-letter state code';
comment on constraint prescribers_email_check on public.prescribers is 'Enter a valid email address';
create index prescribers_verification_checked_by_idx on public.prescribers (verification_checked_by);
create index prescribers_pharmacy_id_status_name_idx on public.prescribers (pharmacy_id, verification_status, last_name, first_name, id);
create index prescribers_pharmacy_id_license_expiration_idx on public.prescribers (pharmacy_id, license_expiration) where license_expiration is not null;
create index prescribers_pharmacy_id_dea_expiration_idx on public.prescribers (pharmacy_id, dea_expiration) where dea_expiration is not null;
-- Search: first name, last name, specialty or NPI, any part, case-insensitive (pharmacy first: btree_gin).

create function private.guard_prescriber_verification() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not private.is_end_user_request() then
    return new;
  end if;
  if tg_op = 'INSERT' then
    new.verification_status := 'pending';
    new.verification_reason := 'Not verified yet';
    new.verification_checked_at := null;
    new.verification_checked_by := null;
    return new;
  end if;
  if (new.verification_status, new.verification_reason, new.verification_checked_at, new.verification_checked_by)
     is distinct from (old.verification_status, old.verification_reason, old.verification_checked_at, old.verification_checked_by) then
    raise exception 'A prescriber''s verification status is set by verifying the prescriber' using errcode = '42501';
  end if;
  -- A sentence rather than RLS's silent nothing: the policy lets staff reach the row, the role decides here.
  if not private.current_staff_can('prescribers:verify') then
    raise exception 'Only a pharmacist or admin can edit a prescriber' using errcode = '42501';
  end if;
  -- What was verified is no longer what is on file: verify again.
  if old.verification_status = 'verified'
     and (new.npi_number, new.first_name, new.last_name, new.license_number, new.license_state, new.license_expiration,
          new.dea_number, new.dea_expiration)
         is distinct from (old.npi_number, old.first_name, old.last_name, old.license_number, old.license_state,
                           old.license_expiration, old.dea_number, old.dea_expiration) then
    new.verification_status := 'pending';
    new.verification_reason := 'Credentials changed since the last verification; verify again';
  end if;
  return new;
end
$$;
comment on function private.guard_prescriber_verification() is
  'BEFORE INSERT/UPDATE trigger of prescribers for end users: a new prescriber is pending; the verification columns '
  'are the database''s; only pharmacists and admins (prescribers:verify) edit; a verified prescriber whose NPI, name, '
  'licence or DEA changes is pending again.';
create trigger guard_verification before insert or update on public.prescribers
  for each row execute function private.guard_prescriber_verification();

drop policy "Staff can update their pharmacy's prescribers" on public.prescribers;
create policy "Pharmacists and admins can update their pharmacy's prescribers" on public.prescribers
  for update to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()))
  with check (pharmacy_id = (select private.current_pharmacy_id()) and (select private.current_staff_can('prescribers:verify')));

-- -----------------------------------------------------------------------------------------------------
-- Verification history
-- -----------------------------------------------------------------------------------------------------
create table public.prescriber_verifications (
  id uuid primary key default gen_random_uuid(),
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  prescriber_id uuid not null,
  outcome text not null check (outcome in ('pending', 'verified', 'expired')),
  reason text not null,
  checks jsonb not null check (jsonb_typeof(checks) = 'array'),
  registry_record jsonb,
  run_kind text not null check (run_kind in ('manual', 'monthly', 'exclusion-list', 'expiry')),
  checked_by uuid references auth.users (id) on delete set null,
  checked_at timestamptz not null default now(),
  constraint prescriber_verifications_prescriber_fkey foreign key (pharmacy_id, prescriber_id)
    references public.prescribers (pharmacy_id, id) on delete cascade
);
comment on table public.prescriber_verifications is
  'Every verification of a prescriber, newest last (append-only; written by the database only): the outcome '
  '(verified, pending, expired = Needs Review), its reason, the sources checked ([{source: nppes|license|dea|oig, '
  'result: passed|failed|unavailable|not-applicable, detail}]), what the NPPES registry answered, how it ran '
  '(manual, monthly, exclusion-list, expiry), by whom and when.';
comment on constraint prescriber_verifications_prescriber_fkey on public.prescriber_verifications is 'The prescriber is not in this pharmacy';
create index prescriber_verifications_prescriber_idx on public.prescriber_verifications (pharmacy_id, prescriber_id, checked_at desc);
create index prescriber_verifications_checked_by_idx on public.prescriber_verifications (checked_by);
alter table public.prescriber_verifications enable row level security;
create policy "Staff can read their pharmacy's prescriber verifications" on public.prescriber_verifications
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
grant select on public.prescriber_verifications to authenticated;
grant all on public.prescriber_verifications to service_role;
alter table public.prescriber_verifications replica identity full;
alter publication supabase_realtime add table public.prescriber_verifications;

-- -----------------------------------------------------------------------------------------------------
-- The OIG exclusion list (LEIE UPDATED.csv), one per pharmacy
-- -----------------------------------------------------------------------------------------------------
create table public.oig_exclusion_lists (
  id uuid primary key default gen_random_uuid(),
  pharmacy_id uuid not null unique references public.pharmacies (id) on delete cascade,
  file_name text not null check (length(btrim(file_name)) > 0),
  entry_count integer not null check (entry_count >= 0),
  newest_exclusion_date date,
  uploaded_by uuid references auth.users (id) on delete set null,
  uploaded_at timestamptz not null default now()
);
comment on table public.oig_exclusion_lists is
  'The pharmacy''s current OIG List of Excluded Individuals/Entities (the official UPDATED.csv an admin uploaded): '
  'file name, entries, the newest exclusion date in it (how current it is), who uploaded it and when. Written only '
  'by public.replace_oig_exclusion_list.';
create index oig_exclusion_lists_uploaded_by_idx on public.oig_exclusion_lists (uploaded_by);
alter table public.oig_exclusion_lists enable row level security;
create policy "Staff can read their pharmacy's exclusion list" on public.oig_exclusion_lists
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
grant select on public.oig_exclusion_lists to authenticated;
grant all on public.oig_exclusion_lists to service_role;
alter table public.oig_exclusion_lists replica identity full;
alter publication supabase_realtime add table public.oig_exclusion_lists;

create table public.oig_exclusions (
  id bigint generated always as identity primary key,
  pharmacy_id uuid not null,
  list_id uuid not null references public.oig_exclusion_lists (id) on delete cascade,
  last_name text,
  first_name text,
  middle_name text,
  business_name text,
  general text,
  specialty text,
  npi text check (npi is null or npi ~ '^[0-9]{10}$'),
  state text,
  exclusion_type text not null,
  exclusion_date date not null,
  reinstatement_date date,
  waiver_date date
);
comment on table public.oig_exclusions is
  'The entries of the pharmacy''s OIG exclusion list (LEIE UPDATED.csv): names or business name, general and '
  'specialty, NPI (null where the list has none), state, exclusion type (e.g. 1128a1), exclusion, reinstatement and '
  'waiver dates. Date of birth, address and UPIN are not kept. Matched by NPI, or by name and state where the list '
  'has no NPI (private.prescriber_exclusion).';
create index oig_exclusions_list_idx on public.oig_exclusions (list_id);
create index oig_exclusions_npi_idx on public.oig_exclusions (pharmacy_id, npi) where npi is not null;
create index oig_exclusions_name_idx on public.oig_exclusions (pharmacy_id, last_name, first_name, state) where npi is null;
alter table public.oig_exclusions enable row level security;
create policy "Staff can read their pharmacy's exclusion entries" on public.oig_exclusions
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
grant select on public.oig_exclusions to authenticated;
grant all on public.oig_exclusions to service_role;

create function private.prescriber_exclusion(for_pharmacy_id uuid, match_npi text, match_first_name text,
                                            match_last_name text, match_state text)
returns public.oig_exclusions
language sql stable security definer
set search_path = ''
as $$
  select e.* from public.oig_exclusions e
  where e.pharmacy_id = for_pharmacy_id
    and ((match_npi is not null and e.npi = match_npi)
         or (e.npi is null and e.last_name = upper(btrim(match_last_name)) and e.first_name = upper(btrim(match_first_name))
             and e.state = upper(btrim(match_state))))
    and e.waiver_date is null
    and (e.reinstatement_date is null or e.reinstatement_date > current_date)
    -- Only the caller's own pharmacy's list for an end user (the triggers and jobs that call it pass the row's).
    and (auth.uid() is null or for_pharmacy_id = private.current_pharmacy_id())
  order by (e.npi is not null) desc, e.exclusion_date desc
  limit 1
$$;
comment on function private.prescriber_exclusion(uuid, text, text, text, text) is
  'The pharmacy''s OIG exclusion entry naming a prescriber — by NPI, or by last and first name and state where the '
  'list has no NPI (the list''s own advice: confirm such a match with the date of birth before acting) — or null. '
  'Entries with a waiver, or reinstated, do not count. An end user reads only their own pharmacy''s list.';
revoke all on function private.prescriber_exclusion(uuid, text, text, text, text) from public;
grant execute on function private.prescriber_exclusion(uuid, text, text, text, text) to authenticated, service_role;

create function private.exclusion_sentence(entry public.oig_exclusions) returns text
language sql immutable
set search_path = ''
as $$
  select format('On the OIG exclusion list (LEIE) since %s, exclusion type %s%s', to_char(entry.exclusion_date, 'YYYY-MM-DD'),
                entry.exclusion_type,
                case when entry.npi is null then ', matched by name and state (confirm with the date of birth)' else ', matched by NPI' end)
$$;
comment on function private.exclusion_sentence(public.oig_exclusions) is 'How an exclusion entry is told to staff, in one sentence.';
grant execute on function private.exclusion_sentence(public.oig_exclusions) to authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- Deciding the outcome
-- -----------------------------------------------------------------------------------------------------
create function private.prescribes_controlled_substances(for_pharmacy_id uuid, for_prescriber_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (select 1 from public.prescription_orders o
                 join public.medications m on m.pharmacy_id = o.pharmacy_id and m.id = o.medication_id
                 where o.pharmacy_id = for_pharmacy_id and o.prescriber_id = for_prescriber_id and m.dea_schedule is not null)
$$;
comment on function private.prescribes_controlled_substances(uuid, uuid) is
  'Whether any prescription of the prescriber in the pharmacy is for a controlled substance (then a DEA registration is required).';
revoke all on function private.prescribes_controlled_substances(uuid, uuid) from public;

create function private.verification_check(source text, result text, detail text) returns jsonb
language sql immutable
set search_path = ''
as $$
  select jsonb_build_array(jsonb_build_object('source', source, 'result', result, 'detail', detail))
$$;
comment on function private.verification_check(text, text, text) is
  'One source''s check of a verification as prescriber_verifications.checks holds it (a one-element array, to append): '
  '{source: nppes|license|dea|oig, result: passed|failed|unavailable|not-applicable, detail}.';
revoke all on function private.verification_check(text, text, text) from public;

create function private.apply_prescriber_verification(
  target public.prescribers, nppes jsonb, actor_user_id uuid, kind text
) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  today date := private.pharmacy_local_date(target.pharmacy_id, now());
  checks jsonb := '[]'::jsonb;
  exclusion public.oig_exclusions;
  list public.oig_exclusion_lists;
  actor_name text;
  finding text := nppes ->> 'finding';
  outcome text;
  reason text;
  failures text[];
  unavailable text[];
  history_id uuid;
begin
  select coalesce(nullif(btrim(concat_ws(' ', s.first_name, s.last_name)), ''), 'a pharmacist') into actor_name
  from public.staff_profiles s where s.user_id = actor_user_id;

  -- NPPES NPI Registry (what the api function asked; the service role hands it in).
  if target.npi_number is null then
    checks := checks || private.verification_check('nppes', 'failed', 'No NPI on file');
  else
    checks := checks || private.verification_check('nppes',
      case when finding = 'match' then 'passed'
           when finding in ('unavailable', 'not-configured', 'registry-error') then 'unavailable'
           else 'failed' end,
      coalesce(nppes ->> 'reason', 'The NPPES NPI Registry was not asked'));
  end if;

  -- State licence: on file and not expired; the pharmacist who verifies attests it; NPPES's licences compared.
  if target.license_number is null or target.license_state is null or target.license_expiration is null then
    checks := checks || private.verification_check('license', 'failed', 'The state licence number, state and expiration must be on file');
  elsif target.license_expiration < today then
    checks := checks || private.verification_check('license', 'failed',
      format('State licence %s %s expired on %s', target.license_state, target.license_number, target.license_expiration));
  elsif nppes ->> 'licenseComparison' = 'mismatch' then
    checks := checks || private.verification_check('license', 'failed',
      coalesce(nppes ->> 'licenseNote', 'The licence on file is not among the licences NPPES lists'));
  else
    checks := checks || private.verification_check('license', 'passed',
      format('State licence %s %s valid until %s%s%s', target.license_state, target.license_number, target.license_expiration,
             case when kind = 'manual' then format(', attested by %s', actor_name) else '' end,
             case when nppes ->> 'licenseComparison' = 'match' then '; NPPES lists the same licence' else '' end));
  end if;

  -- DEA registration: required for prescribers of controlled substances.
  if target.dea_number is null then
    checks := checks || case when private.prescribes_controlled_substances(target.pharmacy_id, target.id)
      then private.verification_check('dea', 'failed', 'A DEA registration is required for a prescriber of controlled substances')
      else private.verification_check('dea', 'not-applicable', 'No DEA registration on file (not needed without controlled substances)') end;
  elsif target.dea_expiration is null then
    checks := checks || private.verification_check('dea', 'failed', format('DEA %s: its expiration must be on file', target.dea_number));
  elsif target.dea_expiration < today then
    checks := checks || private.verification_check('dea', 'failed',
      format('DEA registration %s expired on %s', target.dea_number, target.dea_expiration));
  else
    checks := checks || private.verification_check('dea', 'passed',
      format('DEA registration %s valid until %s', target.dea_number, target.dea_expiration));
  end if;

  -- OIG exclusion list.
  select * into list from public.oig_exclusion_lists l where l.pharmacy_id = target.pharmacy_id;
  exclusion := private.prescriber_exclusion(target.pharmacy_id, target.npi_number, target.first_name, target.last_name,
                                            coalesce(target.practice_state, target.license_state));
  checks := checks || case
    when exclusion.id is not null then private.verification_check('oig', 'failed', private.exclusion_sentence(exclusion))
    when list.id is null then private.verification_check('oig', 'unavailable', 'No OIG exclusion list uploaded: an admin uploads the LEIE UPDATED.csv')
    else private.verification_check('oig', 'passed', format('Not on the OIG exclusion list uploaded %s',
      to_char(list.uploaded_at at time zone private.pharmacy_time_zone(target.pharmacy_id), 'YYYY-MM-DD'))) end;

  select array_agg(c ->> 'detail') filter (where c ->> 'result' = 'failed'),
         array_agg(c ->> 'detail') filter (where c ->> 'result' = 'unavailable')
  into failures, unavailable
  from jsonb_array_elements(checks) c;
  if failures is not null then
    outcome := 'expired';
    reason := array_to_string(failures, '; ');
  elsif unavailable is not null then
    outcome := 'pending';
    reason := array_to_string(unavailable, '; ');
  else
    outcome := 'verified';
    reason := 'NPI, state licence, DEA registration and OIG exclusion list checked';
  end if;

  -- A monthly check that could not reach a source keeps a verified prescriber verified (the attempt is kept in the
  -- history); it is asked again the next day. Anything a source found still counts at once.
  if not (kind = 'monthly' and outcome = 'pending') then
    update public.prescribers
       set verification_status = outcome, verification_reason = reason,
           verification_checked_at = now(), verification_checked_by = actor_user_id
     where pharmacy_id = target.pharmacy_id and id = target.id;
  end if;
  insert into public.prescriber_verifications (pharmacy_id, prescriber_id, outcome, reason, checks, registry_record, run_kind, checked_by)
  values (target.pharmacy_id, target.id, outcome, reason, checks, nppes -> 'record', kind, actor_user_id)
  returning id into history_id;
  perform private.record_audit_event(target.pharmacy_id, actor_user_id,
    case when outcome = 'verified' then 'prescriber_verified' else 'prescriber_verification_failed' end,
    'prescriber', target.id::text,
    format('%s %s %s: %s (%s)', case when outcome = 'verified' then 'Verified' else 'Verification of' end,
           target.first_name, target.last_name,
           case outcome when 'verified' then 'verified' when 'pending' then 'pending' else 'Needs Review' end, reason),
    outcome = 'verified', jsonb_build_object('outcome', outcome, 'runKind', kind, 'verificationId', history_id));
  return jsonb_build_object('id', history_id, 'outcome', outcome, 'reason', reason, 'checks', checks,
                            'registryRecord', nppes -> 'record', 'runKind', kind, 'checkedBy', actor_user_id,
                            'checkedAt', now());
end
$$;
comment on function private.apply_prescriber_verification(public.prescribers, jsonb, uuid, text) is
  'THE rule of what "verified" means. From the NPPES answer the api function checked ({finding: match | not-found | '
  'inactive | organization | name-mismatch | registry-error | unavailable | not-configured, reason, record, '
  'licenseComparison, licenseNote}) and what is on file: NPPES (a match), the state licence (number, state and '
  'expiration on file, not expired, not contradicted by NPPES), the DEA registration (on file and current; required '
  'for prescribers of controlled substances) and the OIG exclusion list (uploaded, no entry). Any failed source → '
  'expired (Needs Review), else any source that could not be checked → pending, else verified; the reason lists them. '
  'Updates the prescriber, appends prescriber_verifications, audits.';
revoke all on function private.apply_prescriber_verification(public.prescribers, jsonb, uuid, text) from public;

create function public.record_prescriber_verification(
  verify_prescriber_id uuid, actor_user_id uuid, nppes jsonb, run_kind text default 'manual'
) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  target public.prescribers;
  actor public.staff_profiles;
begin
  if jsonb_typeof(nppes) is distinct from 'object' or nppes ->> 'finding' is null then
    raise exception 'The registry answer must be an object with a finding' using errcode = '22023';
  end if;
  if run_kind not in ('manual', 'monthly') then
    raise exception 'Unknown verification kind %', run_kind using errcode = '22023';
  end if;
  select * into target from public.prescribers p where p.id = verify_prescriber_id for update;
  if target.id is null then
    raise exception 'Prescriber not found' using errcode = 'P0002';
  end if;
  -- NPPES was asked about what was on file then; an edit since makes that answer about someone else.
  if nppes ? 'checked' and (nppes -> 'checked' ->> 'npi', nppes -> 'checked' ->> 'firstName', nppes -> 'checked' ->> 'lastName')
       is distinct from (target.npi_number, target.first_name, target.last_name) then
    raise exception 'The prescriber''s NPI or name changed while it was being verified; verify again' using errcode = 'P0001';
  end if;
  if run_kind = 'manual' then
    select * into actor from public.staff_profiles s where s.user_id = actor_user_id;
    if actor.user_id is null or actor.pharmacy_id is distinct from target.pharmacy_id or not actor.is_active then
      raise exception 'Prescriber not found' using errcode = 'P0002';
    end if;
    if not ('prescribers:verify' = any (private.role_permissions(actor.role))) then
      raise exception 'Only a pharmacist or admin can verify a prescriber''s credentials' using errcode = '42501';
    end if;
  end if;
  return private.apply_prescriber_verification(target, nppes, case when run_kind = 'manual' then actor_user_id end, run_kind);
end
$$;
comment on function public.record_prescriber_verification(uuid, uuid, jsonb, text) is
  'Records a verification of a prescriber (service role only: POST /api/prescribers/{id}/verify and the monthly '
  're-verification call it after asking the NPPES NPI Registry, handing in its checked answer). A manual run needs '
  'an active pharmacist or admin of the prescriber''s pharmacy as actor. Returns the history row as the api answers it '
  '{id, outcome, reason, checks, registryRecord, runKind, checkedBy, checkedAt}; see private.apply_prescriber_verification. nppes.checked {npi, firstName, lastName}: '
  'what NPPES was asked about; a prescriber changed since is refused (verify again).';
revoke all on function public.record_prescriber_verification(uuid, uuid, jsonb, text) from public, anon, authenticated;
grant execute on function public.record_prescriber_verification(uuid, uuid, jsonb, text) to service_role;

-- -----------------------------------------------------------------------------------------------------
-- Uploading the exclusion list
-- -----------------------------------------------------------------------------------------------------
create function private.replace_oig_exclusion_list(list_file_name text, entries jsonb) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  own_pharmacy_id uuid := private.current_pharmacy_id();
  new_list_id uuid;
  inserted integer;
  flagged jsonb := '[]'::jsonb;
begin
  if own_pharmacy_id is null or not private.is_pharmacy_admin() then
    raise exception 'Only an admin can upload the OIG exclusion list' using errcode = '42501';
  end if;
  if jsonb_typeof(entries) is distinct from 'array' or jsonb_array_length(entries) = 0 then
    raise exception 'The exclusion list has no entries' using errcode = '22023';
  end if;
  if jsonb_array_length(entries) > 200000 then
    raise exception 'The exclusion list has more than 200000 entries' using errcode = '22023';
  end if;

  delete from public.oig_exclusion_lists where pharmacy_id = own_pharmacy_id;
  insert into public.oig_exclusion_lists (pharmacy_id, file_name, entry_count, uploaded_by)
  values (own_pharmacy_id, left(btrim(list_file_name), 255), 0, auth.uid())
  returning id into new_list_id;
  insert into public.oig_exclusions (pharmacy_id, list_id, last_name, first_name, middle_name, business_name, general,
                                     specialty, npi, state, exclusion_type, exclusion_date, reinstatement_date, waiver_date)
  select own_pharmacy_id, new_list_id, upper(btrim(e."lastName")), upper(btrim(e."firstName")), upper(btrim(e."middleName")),
         upper(btrim(e."businessName")), e.general, e.specialty, nullif(btrim(e.npi), ''), upper(btrim(e.state)),
         e."exclusionType", e."exclusionDate", e."reinstatementDate", e."waiverDate"
  from jsonb_to_recordset(entries) as e ("lastName" text, "firstName" text, "middleName" text, "businessName" text,
       general text, specialty text, npi text, state text, "exclusionType" text, "exclusionDate" date,
       "reinstatementDate" date, "waiverDate" date);
  get diagnostics inserted = row_count;
  update public.oig_exclusion_lists
     set entry_count = inserted,
         newest_exclusion_date = (select max(x.exclusion_date) from public.oig_exclusions x where x.list_id = new_list_id)
   where id = new_list_id;

  -- Every prescriber the list names is Needs Review now, with the reason, in one statement (a real list has some
  -- 80,000 entries); the history says the list did it. One already flagged for the same reason is left as it is.
  with named as (
    select p.id, private.exclusion_sentence(x) as sentence
    from public.prescribers p
    cross join lateral private.prescriber_exclusion(own_pharmacy_id, p.npi_number, p.first_name, p.last_name,
                                                    coalesce(p.practice_state, p.license_state)) x
    where p.pharmacy_id = own_pharmacy_id and x.id is not null
  ), changed as (
    update public.prescribers p
       set verification_status = 'expired', verification_reason = named.sentence,
           verification_checked_at = now(), verification_checked_by = auth.uid()
      from named
     where p.id = named.id
       and (p.verification_status, p.verification_reason) is distinct from ('expired', named.sentence)
    returning p.id, concat_ws(' ', p.title, p.first_name, p.last_name) as name, named.sentence
  ), history as (
    insert into public.prescriber_verifications (pharmacy_id, prescriber_id, outcome, reason, checks, run_kind, checked_by)
    select own_pharmacy_id, c.id, 'expired', c.sentence,
           private.verification_check('oig', 'failed', c.sentence), 'exclusion-list', auth.uid()
    from changed c
  )
  select coalesce(jsonb_agg(jsonb_build_object('id', n.id, 'name', concat_ws(' ', p.title, p.first_name, p.last_name), 'reason', n.sentence)), '[]'::jsonb)
  into flagged
  from named n join public.prescribers p on p.id = n.id;

  perform private.record_audit_event(own_pharmacy_id, auth.uid(), 'oig_exclusion_list_uploaded', 'oig_exclusion_list',
    new_list_id::text, format('Uploaded the OIG exclusion list %s (%s entries); %s prescribers on it', btrim(list_file_name),
    inserted, jsonb_array_length(flagged)), true, jsonb_build_object('entries', inserted, 'flagged', flagged));
  return jsonb_build_object('listId', new_list_id, 'entryCount', inserted, 'flagged', flagged);
end
$$;
comment on function private.replace_oig_exclusion_list(text, jsonb) is
  'The work of public.replace_oig_exclusion_list, with raised rights (it writes the list and the prescribers'' '
  'verification, which staff cannot): checks the caller is an admin and takes the pharmacy from the caller.';
revoke all on function private.replace_oig_exclusion_list(text, jsonb) from public, anon;
grant execute on function private.replace_oig_exclusion_list(text, jsonb) to authenticated;

create function public.replace_oig_exclusion_list(list_file_name text, entries jsonb) returns jsonb
language sql volatile security invoker
set search_path = ''
as $$
  select private.replace_oig_exclusion_list(list_file_name, entries)
$$;
comment on function public.replace_oig_exclusion_list(text, jsonb) is
  'An admin replaces the pharmacy''s OIG exclusion list with the entries parsed from the official UPDATED.csv '
  '(shared/src/prescribers/leie.ts; camelCase objects). One transaction: the old list goes, the new one is stored, '
  'every prescriber it names becomes Needs Review with the reason (and a history row). Returns {listId, entryCount, '
  'flagged: [{id, name, reason}]}. Audited. Security invoker; the work is private.replace_oig_exclusion_list''s.';
revoke all on function public.replace_oig_exclusion_list(text, jsonb) from public, anon;
grant execute on function public.replace_oig_exclusion_list(text, jsonb) to authenticated;

-- -----------------------------------------------------------------------------------------------------
-- New prescriptions from an excluded prescriber
-- -----------------------------------------------------------------------------------------------------
alter table public.prescriptions
  add column exclusion_override_reason text,
  add column exclusion_overridden_by uuid references auth.users (id) on delete set null,
  add column exclusion_overridden_at timestamptz,
  add constraint prescriptions_exclusion_override_check check (
    (exclusion_override_reason is null and exclusion_overridden_by is null and exclusion_overridden_at is null)
    or (length(btrim(exclusion_override_reason)) > 0 and exclusion_overridden_at is not null));
comment on column public.prescriptions.exclusion_override_reason is
  'Why a pharmacist or admin entered a prescription from a prescriber on the OIG exclusion list (null otherwise).';
comment on constraint prescriptions_exclusion_override_check on public.prescriptions is
  'Overriding the OIG exclusion of a prescriber needs a reason';
create index prescriptions_exclusion_overridden_by_idx on public.prescriptions (exclusion_overridden_by);

create function private.guard_excluded_prescriber() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  prescriber public.prescribers;
  exclusion public.oig_exclusions;
  reason text := nullif(btrim(coalesce(new.exclusion_override_reason, '')), '');
begin
  new.exclusion_override_reason := reason;
  new.exclusion_overridden_by := null;
  new.exclusion_overridden_at := null;
  -- Another pharmacy's row is refused by guard_tenant_pharmacy_id; say nothing about its prescribers here.
  if auth.uid() is not null and new.pharmacy_id is distinct from private.current_pharmacy_id() then
    return new;
  end if;
  if new.fill_number <> 0 or new.prescriber_id is null then
    -- A refill keeps its order's prescriber: the exclusion was decided when the prescription was entered.
    new.exclusion_override_reason := null;
    return new;
  end if;
  select * into prescriber from public.prescribers p where p.pharmacy_id = new.pharmacy_id and p.id = new.prescriber_id;
  exclusion := private.prescriber_exclusion(new.pharmacy_id, prescriber.npi_number, prescriber.first_name,
                                            prescriber.last_name, coalesce(prescriber.practice_state, prescriber.license_state));
  if exclusion.id is null then
    new.exclusion_override_reason := null;
    return new;
  end if;
  if reason is null then
    raise exception '% % is o%. A pharmacist or admin must override with a reason to enter this prescription',
      prescriber.first_name, prescriber.last_name, substr(private.exclusion_sentence(exclusion), 2) using errcode = '23514';
  end if;
  -- Security definer (it audits): the staff member is the request's user; the seed and service calls have none.
  if auth.uid() is not null and not private.current_staff_can('prescribers:verify') then
    raise exception 'Only a pharmacist or admin can override the OIG exclusion of % %', prescriber.first_name, prescriber.last_name
      using errcode = '42501';
  end if;
  new.exclusion_overridden_by := auth.uid();
  new.exclusion_overridden_at := now();
  perform private.record_audit_event(new.pharmacy_id, auth.uid(), 'excluded_prescriber_override', 'prescription', new.id::text,
    format('Entered a prescription from %s %s despite the OIG exclusion: %s', prescriber.first_name, prescriber.last_name, reason),
    true, jsonb_build_object('prescriberId', prescriber.id, 'exclusion', private.exclusion_sentence(exclusion)));
  return new;
end
$$;
comment on function private.guard_excluded_prescriber() is
  'BEFORE INSERT trigger of prescriptions (after fill_from_order by name): a new prescription (fill 0) from a '
  'prescriber on the pharmacy''s OIG exclusion list is refused with a sentence unless a pharmacist or admin gives an '
  'override reason (recorded with who and when, audited). Refills keep their order''s decision. Security definer '
  'to write the audit; reads only the inserted row''s pharmacy.';
create trigger guard_excluded_prescriber before insert on public.prescriptions
  for each row execute function private.guard_excluded_prescriber();

create function private.guard_exclusion_override_columns() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (new.exclusion_override_reason, new.exclusion_overridden_by, new.exclusion_overridden_at)
     is distinct from (old.exclusion_override_reason, old.exclusion_overridden_by, old.exclusion_overridden_at) then
    raise exception 'An OIG exclusion override is recorded when the prescription is entered and cannot be changed'
      using errcode = '42501';
  end if;
  return new;
end
$$;
comment on function private.guard_exclusion_override_columns() is
  'BEFORE UPDATE trigger of prescriptions: the OIG exclusion override stays as it was recorded at entry.';
create trigger guard_exclusion_override before update of exclusion_override_reason, exclusion_overridden_by, exclusion_overridden_at
  on public.prescriptions for each row execute function private.guard_exclusion_override_columns();

-- -----------------------------------------------------------------------------------------------------
-- Reading the directory
-- -----------------------------------------------------------------------------------------------------
-- Search: any part of first name, last name, specialty or NPI, case-insensitive, with the pharmacy first in the
-- same GIN index (btree_gin). The expression is spelled here and in private.prescriber_search_condition, the same
-- text (a function would not be inlined: helpers set search_path).
create index prescribers_pharmacy_id_search_key_trgm_idx on public.prescribers
  using gin (pharmacy_id, (lower(first_name || ' ' || last_name || ' ' || coalesce(specialty, '') || ' ' || coalesce(npi_number, ''))) extensions.gin_trgm_ops);

create function private.prescriber_search_condition(search text) returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  cleaned text := regexp_replace(btrim(coalesce(search, '')), '\s+', ' ', 'g');
  parts text[] := '{}';
  word text;
begin
  if length(cleaned) > 100 then
    raise exception 'A search is at most 100 characters' using errcode = '22023';
  end if;
  if cleaned = '' then
    return 'true';
  end if;
  -- Each word in any part of the key, case-insensitive; LIKE's wildcards in the search are taken literally.
  foreach word in array regexp_split_to_array(lower(cleaned), ' ') loop
    -- The trigram index's expression (prescribers_pharmacy_id_search_key_trgm_idx), word for word.
    parts := parts || format('lower(p.first_name || '' '' || p.last_name || '' '' || coalesce(p.specialty, '''') || '' '' || coalesce(p.npi_number, '''')) like %L',
                             '%' || replace(replace(replace(word, '\', '\\'), '%', '\%'), '_', '\_') || '%');
  end loop;
  return array_to_string(parts, ' and ');
end
$$;
comment on function private.prescriber_search_condition(text) is
  'A directory search as the SQL condition on prescribers p (constants quoted with %L): each word in the search key '
  '(first name, last name, specialty, NPI); ''true'' for a blank search; more than 100 characters refused.';
revoke all on function private.prescriber_search_condition(text) from public;

create function private.prescriber_search_page(
  search text, status text, after_last_name text, after_first_name text, after_id uuid, page_size integer, only_id uuid
) returns uuid[]
language plpgsql stable security definer
set search_path = ''
as $$
declare
  pharmacy uuid := private.current_pharmacy_id();
  condition text := private.prescriber_search_condition(search);
  ids uuid[];
begin
  if pharmacy is null then
    return '{}';
  end if;
  -- Constants in the statement; a search's matches first (the trigram index), then ordered and cut, so the planner
  -- does not walk the name index filtering every prescriber; without a search, the name index straight.
  execute format($sql$
    with matched as %s (
      select p.id, p.last_name, p.first_name from public.prescribers p
      where p.pharmacy_id = $1 and %s
        and ($2::text is null or p.verification_status = $2)
        and ($6::uuid is null or p.id = $6)
        and ($5::uuid is null or (p.last_name, p.first_name, p.id) > ($3, $4, $5))
    )
    select array(select m.id from matched m order by m.last_name, m.first_name, m.id limit $7)
    $sql$,
    -- A word of fewer than three characters has no trigram: then the name index, filtered, finds a page soonest.
    case when condition = 'true' or exists (select 1 from regexp_split_to_table(btrim(coalesce(search, '')), '\s+') as w
                                           where length(w) < 3)
         then 'not materialized' else 'materialized' end,
    condition)
  into ids
  using pharmacy, status, after_last_name, after_first_name, after_id, only_id, least(greatest(coalesce(page_size, 24), 1), 100);
  return ids;
end
$$;
comment on function private.prescriber_search_page(text, text, text, text, uuid, integer, uuid) is
  'The ids of one directory page (last name, first name, id order; keyset after the given row; at most 100) of the '
  'caller''s own pharmacy''s prescribers matching the search and status. Security definer so the trigram index '
  'applies (RLS would keep it off); scoped to private.current_pharmacy_id(); returns ids only, read again through RLS.';
revoke all on function private.prescriber_search_page(text, text, text, text, uuid, integer, uuid) from public, anon;
grant execute on function private.prescriber_search_page(text, text, text, text, uuid, integer, uuid) to authenticated, service_role;

-- The directory's activeCount and lastPrescription read a prescriber's recent orders (and their last fill number,
-- kept on the order) from one covering index, and its fills in the queue from a small partial one.
alter table public.prescription_orders add column last_fill_number integer not null default 0;
comment on column public.prescription_orders.last_fill_number is
  'The number of the order''s newest fill (0: the original only), kept by private.record_last_fill: refills used are '
  'greatest(last_fill_number, refills_used_before).';
update public.prescription_orders o set last_fill_number = f.newest
  from (select p.order_id, max(p.fill_number) as newest from public.prescriptions p group by p.order_id) f
 where f.order_id = o.id and f.newest > 0;

create function private.record_last_fill() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.prescription_orders set last_fill_number = new.fill_number
   where pharmacy_id = new.pharmacy_id and id = new.order_id and last_fill_number < new.fill_number;
  return null;
end
$$;
comment on function private.record_last_fill() is
  'AFTER INSERT trigger of prescriptions (refills): the order records its newest fill number (its row is already '
  'locked by private.fill_from_order). Security definer: orders are written only by the database.';
create trigger record_last_fill after insert on public.prescriptions
  for each row when (new.fill_number > 0) execute function private.record_last_fill();

drop index public.prescription_orders_prescriber_idx;
create index prescription_orders_prescriber_idx on public.prescription_orders (pharmacy_id, prescriber_id, written_on)
  include (status, refills, refills_used_before, last_fill_number, medication_id);
create index prescriptions_prescriber_in_queue_idx on public.prescriptions (pharmacy_id, prescriber_id, order_id)
  where status in ('pending', 'processing', 'ready');

create function public.prescriber_directory(
  search text default null, status text default null,
  after_last_name text default null, after_first_name text default null, after_id uuid default null,
  page_size integer default 24, only_id uuid default null, with_activity boolean default true
) returns table (
  id uuid, title text, first_name text, last_name text, degree text, specialty text, npi_number text, dea_number text,
  dea_expiration date, license_number text, license_state text, license_expiration date, phone text, fax text,
  email text, practice_address text, practice_city text, practice_state text, practice_zip_code text,
  board_certifications text[], verification_status text, verification_reason text, verification_checked_at timestamptz,
  active_count integer, last_prescription date, excluded boolean
)
language sql stable security invoker
set search_path = ''
as $$
  with settings as materialized (
    select private.pharmacy_local_date(private.current_pharmacy_id(), now()) as today,
           (private.refill_settings(private.current_pharmacy_id()) ->> 'nonControlledExpiryMonths')::int as months
  )
  select p.id, p.title, p.first_name, p.last_name, p.degree, p.specialty, p.npi_number, p.dea_number, p.dea_expiration,
         p.license_number, p.license_state, p.license_expiration, p.phone, p.fax, p.email, p.practice_address,
         p.practice_city, p.practice_state, p.practice_zip_code, p.board_certifications, p.verification_status,
         p.verification_reason, p.verification_checked_at,
         case when prescriber_directory.with_activity then (select count(*)::int from (
            -- activeCount: the prescriber's active prescriptions with fills still to come — a fill in the queue, or
            -- refills left before the prescription expires (Schedule II never refills). The orders are read from
            -- their covering index (written within the longest expiry); the drug is probed for those with refills left.
            select f.order_id from public.prescriptions f
            join public.prescription_orders o on o.pharmacy_id = f.pharmacy_id and o.id = f.order_id and o.status = 'active'
            where f.pharmacy_id = p.pharmacy_id and f.prescriber_id = p.id and f.status in ('pending', 'processing', 'ready')
            union
            select o.id from public.prescription_orders o
            where o.pharmacy_id = p.pharmacy_id and o.prescriber_id = p.id and o.status = 'active'
              -- No prescription expires later than this after it was written (settings allow 24 months at most).
              and o.written_on > s.today - make_interval(months => greatest(s.months, 6))
              and o.refills > greatest(o.refills_used_before, o.last_fill_number)
              -- private.order_expires_on's rule, spelled out: a call per order (helpers pin search_path, so none is
              -- inlined) cost more than the rest of the count at a busy prescriber's thousands of orders.
              -- tests/integration/db-prescribers.test.ts checks the two agree.
              -- Written well inside both expiries (a week's margin for month arithmetic): not expired, whatever the
              -- drug, and no drug needs reading (a Schedule II order never has refills: refused at entry). Older
              -- orders: the drug decides which expiry applies.
              and (o.written_on > (s.today - make_interval(months => least(s.months, 6)))::date + 7
                   or (select m.dea_schedule is distinct from 'II'
                              and case when m.dea_schedule is null
                                       then (o.written_on + make_interval(months => s.months))::date
                                       else (o.written_on + interval '6 months')::date + 1 end > s.today
                       from public.medications m where m.pharmacy_id = o.pharmacy_id and m.id = o.medication_id))) active) end,
         case when prescriber_directory.with_activity then
           (select max(o.written_on) from public.prescription_orders o where o.pharmacy_id = p.pharmacy_id and o.prescriber_id = p.id) end,
         (private.prescriber_exclusion(p.pharmacy_id, p.npi_number, p.first_name, p.last_name,
                                       coalesce(p.practice_state, p.license_state))).id is not null
  from unnest(private.prescriber_search_page(prescriber_directory.search, prescriber_directory.status,
                                             prescriber_directory.after_last_name, prescriber_directory.after_first_name,
                                             prescriber_directory.after_id, prescriber_directory.page_size,
                                             prescriber_directory.only_id)) with ordinality as hit (prescriber_id, position)
  join public.prescribers p on p.id = hit.prescriber_id
  cross join settings s
  order by hit.position
$$;
comment on function public.prescriber_directory(text, text, text, text, uuid, integer, uuid, boolean) is
  'One page (keyset on last name, first name, id; at most 100) of the caller''s pharmacy''s prescribers, optionally '
  'of one verification status and matching a search (each word in first name, last name, specialty or NPI), with '
  'activeCount and lastPrescription derived from the prescriptions and whether the OIG exclusion list names them; '
  'only_id reads one prescriber the same way; with_activity false leaves activeCount and lastPrescription null (the '
  'prescription form''s picker). Rows read through RLS (security invoker); the page''s ids come from '
  'private.prescriber_search_page.';
grant execute on function public.prescriber_directory(text, text, text, text, uuid, integer, uuid, boolean) to authenticated;

create function private.prescriber_directory_counts(search text) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  pharmacy uuid := private.current_pharmacy_id();
  counts jsonb;
begin
  if pharmacy is null then
    return jsonb_build_object('all', 0, 'verified', 0, 'pending', 0, 'expired', 0);
  end if;
  execute format($sql$
    select jsonb_build_object('all', count(*),
                              'verified', count(*) filter (where p.verification_status = 'verified'),
                              'pending', count(*) filter (where p.verification_status = 'pending'),
                              'expired', count(*) filter (where p.verification_status = 'expired'))
    from public.prescribers p where p.pharmacy_id = $1 and %s
    $sql$, private.prescriber_search_condition(search))
  into counts
  using pharmacy;
  return counts;
end
$$;
comment on function private.prescriber_directory_counts(text) is
  'The directory tabs'' counts of the caller''s own pharmacy (and search), with raised rights so the indexes apply; '
  'counts only.';
revoke all on function private.prescriber_directory_counts(text) from public, anon;
grant execute on function private.prescriber_directory_counts(text) to authenticated, service_role;

create function public.prescriber_directory_counts(search text default null) returns jsonb
language sql stable security invoker
set search_path = ''
as $$
  select private.prescriber_directory_counts(search)
$$;
comment on function public.prescriber_directory_counts(text) is
  'The directory tabs'' counts for the caller''s pharmacy (and search): {all, verified, pending, expired}.';
grant execute on function public.prescriber_directory_counts(text) to authenticated;

create function public.prescriber_credential_alerts(within_days integer default 90) returns table (
  prescriber_id uuid, prescriber_name text, credential text, credential_number text, expires_on date, expired boolean
)
language sql stable security invoker
set search_path = ''
as $$
  with today as materialized (select private.pharmacy_local_date(private.current_pharmacy_id(), now()) as d)
  select p.id, concat_ws(' ', p.title, p.first_name, p.last_name), 'license',
         concat_ws(' ', p.license_state, p.license_number), p.license_expiration, p.license_expiration < t.d
  from public.prescribers p, today t
  where p.pharmacy_id = (select private.current_pharmacy_id())
    and p.license_expiration is not null and p.license_expiration < t.d + greatest(coalesce(within_days, 90), 0)
  union all
  select p.id, concat_ws(' ', p.title, p.first_name, p.last_name), 'dea', p.dea_number, p.dea_expiration, p.dea_expiration < t.d
  from public.prescribers p, today t
  where p.pharmacy_id = (select private.current_pharmacy_id())
    and p.dea_expiration is not null and p.dea_expiration < t.d + greatest(coalesce(within_days, 90), 0)
  order by 5, 2
$$;
comment on function public.prescriber_credential_alerts(integer) is
  'The caller''s pharmacy''s prescriber licences and DEA registrations expired or expiring within within_days (90, '
  'spec §9) of the pharmacy''s today, soonest first. Security invoker.';
grant execute on function public.prescriber_credential_alerts(integer) to authenticated;

-- -----------------------------------------------------------------------------------------------------
-- Jobs: expired credentials (daily) and the monthly re-verification
-- -----------------------------------------------------------------------------------------------------
create function private.flag_expired_prescriber_credentials() returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  flagged integer := 0;
  p record;
  sentence text;
begin
  for p in
    select x.*, private.pharmacy_local_date(x.pharmacy_id, now()) as today
    from public.prescribers x
    where x.verification_status = 'verified'
      and ((x.license_expiration is not null and x.license_expiration < private.pharmacy_local_date(x.pharmacy_id, now()))
           or (x.dea_expiration is not null and x.dea_expiration < private.pharmacy_local_date(x.pharmacy_id, now())))
    for update
  loop
    sentence := array_to_string(array_remove(array[
      case when p.license_expiration < p.today then format('State licence %s %s expired on %s', p.license_state, p.license_number, p.license_expiration) end,
      case when p.dea_expiration < p.today then format('DEA registration %s expired on %s', p.dea_number, p.dea_expiration) end], null), '; ');
    update public.prescribers set verification_status = 'expired', verification_reason = sentence,
                                  verification_checked_at = now(), verification_checked_by = null
     where id = p.id;
    insert into public.prescriber_verifications (pharmacy_id, prescriber_id, outcome, reason, checks, run_kind)
    values (p.pharmacy_id, p.id, 'expired', sentence,
            private.verification_check(case when p.license_expiration < p.today then 'license' else 'dea' end, 'failed', sentence),
            'expiry');
    perform private.record_audit_event(p.pharmacy_id, null, 'prescriber_verification_failed', 'prescriber', p.id::text,
      format('%s %s needs review: %s', p.first_name, p.last_name, sentence), false, jsonb_build_object('runKind', 'expiry'));
    flagged := flagged + 1;
  end loop;
  return flagged;
end
$$;
comment on function private.flag_expired_prescriber_credentials() is
  'Run by pg_cron daily (job flag-expired-prescriber-credentials): a verified prescriber whose state licence or DEA '
  'registration has expired (the pharmacy''s date) becomes Needs Review with the reason, a history row and an audit '
  'event. Returns how many.';
revoke all on function private.flag_expired_prescriber_credentials() from public;

create function public.prescribers_due_for_reverification(for_pharmacy_id uuid, batch_size integer default 200)
returns setof public.prescribers
language sql stable security definer
set search_path = ''
as $$
  select p.* from public.prescribers p
  where p.pharmacy_id = for_pharmacy_id and p.verification_status = 'verified' and p.npi_number is not null
    and (p.verification_checked_at is null or p.verification_checked_at < now() - interval '1 month')
  order by p.verification_checked_at nulls first, p.id
  limit least(greatest(coalesce(batch_size, 200), 1), 1000)
$$;
comment on function public.prescribers_due_for_reverification(uuid, integer) is
  'Service role only: a batch of a pharmacy''s verified prescribers last checked more than a month ago (oldest first), '
  'for the monthly re-verification (POST /api/internal/prescribers/reverify).';
revoke all on function public.prescribers_due_for_reverification(uuid, integer) from public, anon, authenticated;
grant execute on function public.prescribers_due_for_reverification(uuid, integer) to service_role;

create index prescribers_reverification_idx on public.prescribers (pharmacy_id, verification_checked_at)
  where verification_status = 'verified';

create function private.request_due_prescriber_reverifications() returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  due record;
  asked integer := 0;
begin
  for due in
    select distinct p.pharmacy_id from public.prescribers p
    where p.verification_status = 'verified' and p.npi_number is not null
      and (p.verification_checked_at is null or p.verification_checked_at < now() - interval '1 month')
  loop
    if private.request_api_function('internal/prescribers/reverify', jsonb_build_object('pharmacyId', due.pharmacy_id),
                                    120000, 'prescribers: could not ask for the monthly re-verification') is not null then
      asked := asked + 1;
    end if;
  end loop;
  return asked;
end
$$;
comment on function private.request_due_prescriber_reverifications() is
  'Run by pg_cron daily (job request-due-prescriber-reverifications): asks the api function to re-verify, against '
  'NPPES and what is on file, each pharmacy''s verified prescribers last checked more than a month ago (a batch per '
  'pharmacy per day). Returns how many pharmacies were asked.';
revoke all on function private.request_due_prescriber_reverifications() from public;

do $$
begin
  if to_regnamespace('cron') is not null then
    perform cron.schedule('flag-expired-prescriber-credentials', '15 6 * * *', 'select private.flag_expired_prescriber_credentials()');
    perform cron.schedule('request-due-prescriber-reverifications', '45 6 * * *', 'select private.request_due_prescriber_reverifications()');
  end if;
end
$$;

select private.install_constraint_explanations('public.prescribers');
select private.install_constraint_explanations('public.prescriptions');
select private.install_constraint_explanations('public.prescriber_verifications');
select private.install_constraint_explanations('public.oig_exclusion_lists');
select private.install_constraint_explanations('public.oig_exclusions');

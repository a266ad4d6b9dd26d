-- =====================================================================================================
-- The local drug catalog (issue 13, "The local catalog"): who edits it, how it is searched at 50,000 products,
-- and how a provider's records are written into it.
--
-- * Roles: pharmacists and admins add and edit medications; technicians read them. The permission is
--   'drugs:manage' of private.role_permissions (technicians now hold 'drugs:read' instead), and the insert and
--   update policies ask for it, so the permissions list the app shows and the database agree. Dispensing is not
--   affected: verification takes stock through a security-definer trigger (20261122000700_dispensing.sql).
-- * Search: public.search_medications(search, low_stock_only, include_inactive, page_size, page_offset) finds
--   by brand, generic name or NDC in any format, one page in name order with the exact total. The index lookup
--   runs in private.medication_search_page (raised rights, the caller's pharmacy only, ids only), as patient
--   search does: under RLS, LIKE (not leakproof) would keep the trigram index out.
-- * Sync: public.sync_medications(records) writes the records a provider gave (POST /api/drugs/sync-external)
--   in one transaction as the caller, creating or updating by (pharmacy, 11-digit NDC).
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- Permissions: technicians read the catalog, pharmacists and admins manage it
-- -----------------------------------------------------------------------------------------------------
create or replace function private.role_permissions(staff_role text) returns text[]
language sql immutable
set search_path = ''
as $$
  select case staff_role
    when 'admin' then array[
      'pharmacy:manage', 'staff:manage', 'security:manage', 'audit:read', 'settings:manage', 'subscription:manage',
      'prescriptions:read', 'prescriptions:enter', 'prescriptions:verify', 'interactions:override',
      'patients:read', 'patients:write', 'prescribers:manage', 'drugs:read', 'drugs:manage', 'inventory:manage',
      'billing:manage', 'labels:print', 'reports:read', 'data:migrate']
    when 'pharmacist' then array[
      'prescriptions:read', 'prescriptions:enter', 'prescriptions:verify', 'interactions:override',
      'patients:read', 'patients:write', 'prescribers:manage', 'drugs:read', 'drugs:manage', 'inventory:manage',
      'billing:manage', 'labels:print', 'reports:read']
    when 'technician' then array[
      'prescriptions:read', 'prescriptions:enter',
      'patients:read', 'patients:write', 'prescribers:manage', 'drugs:read', 'inventory:manage',
      'billing:manage', 'labels:print']
    else array[]::text[]
  end
$$;
comment on function private.role_permissions(text) is
  'THE mapping from a staff role to its permission names (resource:action). Every permission list the app shows '
  'comes from here (current_staff_context); policies of later features check roles through it. drugs:read is '
  'reading the catalog (every role), drugs:manage adding and editing it (pharmacists and admins: the medications '
  'insert and update policies ask for it).';

drop policy "Staff can add medications to their pharmacy" on public.medications;
drop policy "Staff can update their pharmacy's medications" on public.medications;

create policy "Pharmacists and admins can add medications to their pharmacy" on public.medications
  for insert to authenticated
  with check (pharmacy_id = (select private.current_pharmacy_id()) and (select private.current_staff_can('drugs:manage')));
-- USING admits the pharmacy's rows so a technician's update reaches guard_catalog_role's sentence instead of
-- silently changing nothing; WITH CHECK refuses it whatever the triggers do.
create policy "Pharmacists and admins can update their pharmacy's medications" on public.medications
  for update to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()))
  with check (pharmacy_id = (select private.current_pharmacy_id()) and (select private.current_staff_can('drugs:manage')));

-- The refusal as a sentence (RLS would answer in Postgres' words). Named to fire before the other guards.
create function private.guard_catalog_role() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if private.is_end_user_request() and not coalesce(private.current_staff_can('drugs:manage'), false) then
    raise exception 'Only a pharmacist or admin can add or change medications' using errcode = '42501';
  end if;
  return new;
end
$$;
comment on function private.guard_catalog_role() is
  'BEFORE INSERT/UPDATE trigger of medications: an end user without drugs:manage (technicians) is refused with a '
  'sentence; the insert and update policies refuse them too. Dispensing (security definer), the service role and '
  'migrations are not end users.';
revoke all on function private.guard_catalog_role() from public;
create trigger guard_catalog_role before insert or update on public.medications
  for each row execute function private.guard_catalog_role();

-- The role checks of the earlier guards (20261122000900_clinical_safety: a controlled drug added or its stock or
-- schedule changed, a drug renamed — pharmacist or admin) can no longer be reached: guard_catalog_role refuses
-- every other end user first. The controlled guard keeps its reason and audit; the identity guard goes.
create or replace function private.guard_controlled_medication() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  reason text := nullif(btrim(coalesce(new.change_reason, '')), '');
begin
  new.change_reason := null;
  if tg_op = 'INSERT'
     or not (old.dea_schedule is not null or new.dea_schedule is not null)
     or (new.stock = old.stock and new.dea_schedule is not distinct from old.dea_schedule)
     or not private.is_end_user_request() then
    return new; -- not a controlled change, or dispensing (security definer), the service role and migrations
  end if;
  if reason is null then
    raise exception 'Give a reason for changing the stock or DEA schedule of controlled substance %', old.name using errcode = '23514';
  end if;
  perform private.record_controlled_substance_change(new.id, old.stock, new.stock, old.dea_schedule, new.dea_schedule, reason);
  return new;
end
$$;
comment on function private.guard_controlled_medication() is
  'BEFORE INSERT/UPDATE trigger of medications: a change by an end user to the stock or dea_schedule of a '
  'controlled drug needs change_reason, which is audited (controlled_substance_changed) and cleared. Who may make '
  'it at all is guard_catalog_role''s (pharmacists and admins).';

drop trigger guard_identity on public.medications;
drop function private.guard_medication_identity();

-- -----------------------------------------------------------------------------------------------------
-- Search indexes
-- -----------------------------------------------------------------------------------------------------
-- The name key: brand and generic name in one lowered string; a typed word (no spaces) is contained in it exactly
-- when it is contained in the brand or the generic name.
create index medications_name_key_trgm_idx on public.medications
  using gin ((lower(name || ' ' || coalesce(generic_name, ''))) extensions.gin_trgm_ops);
-- NDC prefixes (a product code, the first digits typed): LIKE 'prefix%' needs the pattern operator class. The
-- 11 digits' is the unique key itself (medications_pharmacy_id_ndc11_key, 20261126000100); the code as written:
create index medications_pharmacy_id_ndc_number_pattern_idx on public.medications (pharmacy_id, ndc_number text_pattern_ops);
-- The list's order (name, strength, id): a page is read from the index without a sort.
create index medications_pharmacy_id_name_strength_id_idx on public.medications (pharmacy_id, name, strength, id) include (active);
-- Superseded by the index above (same leading columns).
drop index public.medications_pharmacy_id_name_idx;

-- -----------------------------------------------------------------------------------------------------
-- The search rule
-- -----------------------------------------------------------------------------------------------------
-- Every word of a search contained in a search key, the rule of the name part of patient search
-- (20261123000300_patient_search), which now reads it from here too.
create function private.words_contained_condition(search_key text, search text) returns text
language sql immutable
set search_path = ''
as $$
  select '(' || string_agg(format('%s like %L', search_key,
           '%' || replace(replace(replace(word, '\', '\\'), '%', '\%'), '_', '\_') || '%'), ' and ') || ')'
  from unnest(string_to_array(lower(private.patient_search_text(search)), ' ')) as word
  where word <> ''
$$;
comment on function private.words_contained_condition(text, text) is
  'An SQL condition: every word of the search (lowered) contained in search_key, an SQL expression of lowered text '
  '(a name key with a trigram index), LIKE wildcards taken literally; null for a blank search. Shared by the '
  'patient and medication searches.';
revoke execute on function private.words_contained_condition(text, text) from public, anon;

create or replace function private.patient_name_condition(search text) returns text
language sql immutable
set search_path = ''
as $$
  select private.words_contained_condition('lower(p.first_name || '' '' || p.last_name)', search)
$$;

create function private.medication_search_condition(search text) returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  cleaned text := private.patient_search_text(search);
  digits text := replace(cleaned, '-', '');
  full_ndc text := private.ndc11_of(cleaned);
  product text[];
  alternatives text[] := '{}';
begin
  if cleaned = '' then
    return 'true';
  end if;
  if cleaned ~ '^[0-9-]+$' and digits <> '' then
    if full_ndc is not null then
      -- A whole NDC in any format (4-4-2, 5-3-2, 5-4-1, 5-4-2, 11 digits): its 11 digits.
      alternatives := array_append(alternatives, format('m.ndc11 = %L', full_ndc));
    elsif cleaned ~ '^[0-9]{10}$' then
      -- Ten digits without hyphens: each of the three places its zero can go.
      alternatives := array_append(alternatives, format('m.ndc11 in (%L, %L, %L)', '0' || cleaned,
        substr(cleaned, 1, 5) || '0' || substr(cleaned, 6), substr(cleaned, 1, 9) || '0' || substr(cleaned, 10)));
    else
      -- A product NDC (labeler-product: 4-4, 5-3, 5-4) is the first nine of the 11 digits.
      product := regexp_match(cleaned, '^([0-9]{4,5})-([0-9]{3,4})$');
      if product is not null and not (length(product[1]) = 4 and length(product[2]) <> 4) then
        alternatives := array_append(alternatives, format('m.ndc11 like %L', lpad(product[1], 5, '0') || lpad(product[2], 4, '0') || '%'));
      end if;
      -- The first digits of the 11-digit form, or the code as it is written.
      if cleaned !~ '-' and length(digits) <= 11 then
        alternatives := array_append(alternatives, format('m.ndc11 like %L', digits || '%'));
      end if;
      alternatives := array_append(alternatives, format('m.ndc_number like %L', cleaned || '%'));
    end if;
    return '(' || array_to_string(alternatives, ' or ') || ')';
  end if;
  -- A name: every word contained in the brand or generic name (the name key).
  return private.words_contained_condition('lower(m.name || '' '' || coalesce(m.generic_name, ''''))', cleaned);
end
$$;
comment on function private.medication_search_condition(text) is
  'THE catalog search rule, as an SQL condition on medications m: blank = every product; digits and hyphens = an '
  'NDC (a whole one in any format by its 11 digits through private.ndc11_of, ten bare digits in each of its three '
  'readings, a product NDC labeler-product by the first nine digits, fewer digits as the start of the 11 digits or '
  'of the code as written); anything else = every word contained in the brand or generic name, case-insensitive, '
  'LIKE wildcards taken literally; at most 100 characters. Written for the name key''s trigram index and the NDC '
  'pattern indexes. Values are quoted with format(%L).';
revoke execute on function private.medication_search_condition(text) from public, anon;

-- -----------------------------------------------------------------------------------------------------
-- One page of matches and their total, found once
-- -----------------------------------------------------------------------------------------------------
-- Security definer: under RLS Postgres may use an index only for leakproof conditions, and LIKE is not leakproof,
-- so the lookup runs as the owner, confined to the caller's own pharmacy (never one given by the caller), and
-- returns ids only, which public.search_medications reads again through RLS.
create function private.medication_search_page(
  search text, low_stock_only boolean, include_inactive boolean, page_size integer, page_offset integer
) returns table (medication_ids uuid[], total bigint)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  pharmacy uuid := private.current_pharmacy_id();
  conditions text[] := array['m.pharmacy_id = $1', private.medication_search_condition(search)];
begin
  if page_size is null or page_size not between 1 and 100 then
    raise exception 'A page holds 1 to 100 medications' using errcode = '22023';
  end if;
  if page_offset is null or page_offset < 0 then
    raise exception 'A page starts at medication 0 or later' using errcode = '22023';
  end if;
  if pharmacy is null then
    return query select '{}'::uuid[], 0::bigint;
    return;
  end if;
  if coalesce(low_stock_only, false) then
    conditions := array_append(conditions, 'm.is_low_stock');
  end if;
  if not coalesce(include_inactive, false) then
    conditions := array_append(conditions, 'm.active');
  end if;
  if conditions[2] = 'true' and not coalesce(low_stock_only, false) then
    -- The whole list (active or not): the page straight from the order's index, the count from an index-only scan.
    return query execute format($sql$
      select array(select m.id from public.medications m where %1$s order by m.name, m.strength, m.id limit $2 offset $3),
             (select count(*) from public.medications m where %1$s)
      $sql$, array_to_string(conditions, ' and '))
    using pharmacy, page_size, page_offset;
    return;
  end if;
  -- The matches once (only the columns of the order), then counted and the page cut from them.
  return query execute format($sql$
    with matched as materialized (
      select m.id, m.name, m.strength from public.medications m where %s
    )
    select array(select x.id from matched x order by x.name, x.strength, x.id limit $2 offset $3),
           (select count(*) from matched)
    $sql$, array_to_string(conditions, ' and '))
  using pharmacy, page_size, page_offset;
end
$$;
comment on function private.medication_search_page(text, boolean, boolean, integer, integer) is
  'One page (ids in name, strength, id order) of the caller''s own pharmacy''s medications matching the search '
  '(private.medication_search_condition), low-stock only and/or active only when asked, and how many match in all. '
  'Security definer so the trigram and pattern indexes apply; scoped to private.current_pharmacy_id(); returns ids '
  'and a count only.';
revoke execute on function private.medication_search_page(text, boolean, boolean, integer, integer) from public, anon;
grant execute on function private.medication_search_page(text, boolean, boolean, integer, integer) to authenticated, service_role;

create function public.search_medications(
  search text default '',
  low_stock_only boolean default false,
  include_inactive boolean default false,
  page_size integer default 25,
  page_offset integer default 0
)
returns table (
  id uuid,
  name text,
  generic_name text,
  strength text,
  dosage_form text,
  ndc_number text,
  ndc11 text,
  manufacturer text,
  price numeric,
  stock integer,
  low_stock_threshold integer,
  is_low_stock boolean,
  dea_schedule text,
  package_size numeric,
  package_unit text,
  package_description text,
  active boolean,
  awp_price numeric,
  wac_price numeric,
  nadac_per_unit numeric,
  nadac_effective_date date,
  prices_updated_at timestamptz,
  source text,
  synced_at timestamptz,
  total_count bigint
)
language sql stable security invoker
set search_path = ''
as $$
  select m.id, m.name, m.generic_name, m.strength, m.dosage_form, m.ndc_number, m.ndc11, m.manufacturer, m.price,
         m.stock, m.low_stock_threshold, m.is_low_stock, m.dea_schedule, m.package_size, m.package_unit,
         m.package_description, m.active, m.awp_price, m.wac_price, m.nadac_per_unit, m.nadac_effective_date,
         m.prices_updated_at, m.source, m.synced_at, page.total
  from private.medication_search_page(search, low_stock_only, include_inactive, page_size, page_offset) page
  cross join lateral unnest(page.medication_ids) with ordinality as hit (medication_id, position)
  join public.medications m on m.id = hit.medication_id
  order by hit.position
$$;
comment on function public.search_medications(text, boolean, boolean, integer, integer) is
  'The Drug Database''s local search and the prescription form''s medication picker: one page of the caller''s '
  'pharmacy''s medications matching the search (private.medication_search_condition: brand or generic name words, '
  'or an NDC in any format; blank = all), only low-stock ones (stock <= threshold) when low_stock_only, inactive '
  'ones only when include_inactive, ordered by name, strength, id, each row carrying total_count, the exact number '
  'of matches on all pages. page_size 1..100, page_offset >= 0. Security invoker: the rows are read through RLS.';
revoke execute on function public.search_medications(text, boolean, boolean, integer, integer) from public, anon;
grant execute on function public.search_medications(text, boolean, boolean, integer, integer) to authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- Sync: a provider's records into the catalog, in one transaction, as the caller
-- -----------------------------------------------------------------------------------------------------
create function public.sync_medications(records jsonb) returns integer
language plpgsql volatile security invoker
set search_path = ''
as $$
declare
  entry jsonb;
  code text;
  existing public.medications%rowtype;
  schedule text;
  provider_name text;
  written integer := 0;
begin
  -- RLS refuses the writes too; this says so in a sentence before anything is written.
  if not coalesce(private.current_staff_can('drugs:manage'), false) then
    raise exception 'Only a pharmacist or admin can sync medications into the catalogue' using errcode = '42501';
  end if;
  if records is null or jsonb_typeof(records) <> 'array' then
    raise exception 'The records to sync must be a list' using errcode = '22023';
  end if;
  for entry in select r.value from jsonb_array_elements(records) as r loop
    code := private.ndc11_of(entry ->> 'ndcNumber');
    if code is null then
      raise exception 'NDC % is not in an NDC format', coalesce(entry ->> 'ndcNumber', '(none)') using errcode = '22023';
    end if;
    if coalesce(entry ->> 'source', '') not in ('openfda', 'rxnorm') then
      raise exception 'A synced record comes from openfda or rxnorm' using errcode = '22023';
    end if;
    provider_name := case entry ->> 'source' when 'openfda' then 'openFDA' else 'RxNorm' end;
    schedule := nullif(entry ->> 'deaSchedule', '');
    select m.* into existing from public.medications m
    where m.pharmacy_id = (select private.current_pharmacy_id()) and m.ndc11 = code
    for update;
    if existing.id is null then
      insert into public.medications (name, generic_name, strength, dosage_form, ndc_number, manufacturer, package_size,
        package_unit, package_description, dea_schedule, source, synced_at)
      values (entry ->> 'name', entry ->> 'genericName', entry ->> 'strength', entry ->> 'dosageForm', entry ->> 'ndcNumber',
        entry ->> 'manufacturer', (entry ->> 'packageSize')::numeric, entry ->> 'packageUnit', entry ->> 'packageDescription',
        schedule, entry ->> 'source', now());
    else
      -- Price, stock, threshold and the active flag are the pharmacy's: kept.
      update public.medications m
      set name = entry ->> 'name', generic_name = entry ->> 'genericName', strength = entry ->> 'strength',
          dosage_form = entry ->> 'dosageForm', ndc_number = entry ->> 'ndcNumber', manufacturer = entry ->> 'manufacturer',
          package_size = (entry ->> 'packageSize')::numeric, package_unit = entry ->> 'packageUnit',
          package_description = entry ->> 'packageDescription', dea_schedule = schedule, source = entry ->> 'source',
          synced_at = now(),
          -- A schedule change of a controlled drug needs its reason (guard_controlled_substance audits it).
          change_reason = case when schedule is distinct from existing.dea_schedule then 'Synced from ' || provider_name end
      where m.id = existing.id;
    end if;
    existing := null;
    written := written + 1;
  end loop;
  return written;
end
$$;
comment on function public.sync_medications(jsonb) is
  'Writes a drug-data provider''s records into the caller''s catalogue in one transaction (POST '
  '/api/drugs/sync-external): each record {ndcNumber (labeler format), name, genericName, strength, dosageForm, '
  'manufacturer, packageSize, packageUnit, packageDescription, deaSchedule (II..V or null), source (openfda, rxnorm)} '
  'creates the medication or updates the one with the same 11-digit NDC, keeping its price, stock, threshold and '
  'active flag; a schedule change is given the reason ''Synced from <provider>''. Returns how many were written. '
  'Security invoker: RLS decides (pharmacists and admins; anyone else is refused with a sentence, nothing written).';
revoke execute on function public.sync_medications(jsonb) from public, anon;
grant execute on function public.sync_medications(jsonb) to authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- Inactive products: kept for history, never on a new prescription
-- -----------------------------------------------------------------------------------------------------
create function private.refuse_inactive_medication() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  product record;
begin
  if not private.is_end_user_request() then
    return new; -- the service role and migrations (an import of history) may name a product no longer stocked
  end if;
  select m.name, m.strength, m.active into product
  from public.medications m where m.pharmacy_id = new.pharmacy_id and m.id = new.medication_id;
  if found and not product.active then
    raise exception '% is no longer stocked (inactive): choose an active product', concat_ws(' ', product.name, product.strength)
      using errcode = '23514', hint = 'A pharmacist or admin can mark the product active again in the Drug Database.';
  end if;
  return new;
end
$$;
comment on function private.refuse_inactive_medication() is
  'BEFORE INSERT trigger of prescriptions: a staff member cannot enter a prescription for a product marked inactive '
  '(the picker offers active products only; this holds for every client). The service role and migrations may.';
revoke all on function private.refuse_inactive_medication() from public;
create trigger refuse_inactive_medication before insert on public.prescriptions
  for each row execute function private.refuse_inactive_medication();

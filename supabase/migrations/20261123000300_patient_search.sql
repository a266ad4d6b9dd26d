-- =====================================================================================================
-- Patient search (issue 10): the rule of "Search patients by name, phone, or DOB" in one place, fast at a
-- pharmacy of 100,000 patients.
--
--   * One search key per patient, lower(first_name || ' ' || last_name), with a trigram index: a word (no
--     spaces) is contained in the key exactly when it is contained in the first or the last name, so every word
--     costs one LIKE on one pre-lowered string instead of ILIKEs on two columns.
--   * The phone's digits (regexp_replace(phone, '\D', '', 'g')): a btree for ten typed digits (exact) and a
--     trigram index for fewer (contained), whatever formatting the user or the record used.
--   * (pharmacy_id, date_of_birth) for a date of birth (YYYY-MM-DD or MM/DD/YYYY) or a birth year (YYYY).
--   * public.search_patients(search, page_size, page_offset, name_descending) returns one page in name order WITH the exact
--     total: the matches are found once (through the indexes) and counted and paged in the same statement,
--     instead of PostgREST materialising every matching row to count and sort it.
--   * private.patients_matching (queue_page's patient-name search) uses the same search key.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- Indexes
-- -----------------------------------------------------------------------------------------------------
create index patients_name_key_trgm_idx on public.patients
  using gin ((lower(first_name || ' ' || last_name)) extensions.gin_trgm_ops);
create index patients_phone_digits_trgm_idx on public.patients
  using gin ((regexp_replace(coalesce(phone, ''), '\D', '', 'g')) extensions.gin_trgm_ops);
create index patients_pharmacy_id_phone_digits_idx on public.patients
  (pharmacy_id, (regexp_replace(coalesce(phone, ''), '\D', '', 'g')));
create index patients_pharmacy_id_date_of_birth_idx on public.patients (pharmacy_id, date_of_birth);
-- Superseded by the name key and the phone digits.
drop index public.patients_first_name_trgm_idx;
drop index public.patients_last_name_trgm_idx;
drop index public.patients_phone_trgm_idx;

-- -----------------------------------------------------------------------------------------------------
-- The search rule
-- -----------------------------------------------------------------------------------------------------
create function private.patient_search_text(search text) returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  cleaned text := regexp_replace(btrim(coalesce(search, '')), '\s+', ' ', 'g');
begin
  if length(cleaned) > 100 then
    raise exception 'A search is at most 100 characters' using errcode = '22023';
  end if;
  return cleaned;
end
$$;
comment on function private.patient_search_text(text) is
  'The search as typed, trimmed with runs of spaces made one; refuses more than 100 characters (every word becomes '
  'a condition of the statement, so the length is bounded).';
revoke execute on function private.patient_search_text(text) from public, anon;

create function private.patient_name_condition(search text) returns text
language sql immutable
set search_path = ''
as $$
  select '(' || string_agg(format('lower(p.first_name || %L || p.last_name) like %L', ' ',
           '%' || replace(replace(replace(word, '\', '\\'), '%', '\%'), '_', '\_') || '%'), ' and ') || ')'
  from unnest(string_to_array(lower(private.patient_search_text(search)), ' ')) as word
  where word <> ''
$$;
comment on function private.patient_name_condition(text) is
  'The name part of the patient search, as an SQL condition on patients p: every word of the search contained in '
  'the first or the last name (the name key, lower(first_name || '' '' || last_name), which has a trigram index), '
  'case-insensitive, LIKE wildcards taken literally; null for a blank search. Shared by search_patients and '
  'queue_page''s patient search.';
revoke execute on function private.patient_name_condition(text) from public, anon;

create function private.patient_search_condition(search text) returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  cleaned text := private.patient_search_text(search);
  digits text := regexp_replace(cleaned, '\D', '', 'g');
  parts text[];
  born_on date;
  alternatives text[] := '{}';
begin
  if cleaned = '' then
    return 'true';
  end if;

  -- A date of birth: YYYY-MM-DD or MM/DD/YYYY (one-digit month and day allowed); a four-digit year is that year.
  parts := coalesce(regexp_match(cleaned, '^(\d{4})-(\d{1,2})-(\d{1,2})$'), regexp_match(cleaned, '^(\d{1,2})/(\d{1,2})/(\d{4})$'));
  if parts is not null then
    begin
      born_on := case when cleaned like '%/%' then make_date(parts[3]::int, parts[1]::int, parts[2]::int)
                      else make_date(parts[1]::int, parts[2]::int, parts[3]::int) end;
      alternatives := array_append(alternatives, format('p.date_of_birth = %L::date', to_char(born_on, 'YYYY-MM-DD')));
    exception when datetime_field_overflow or invalid_datetime_format or numeric_value_out_of_range then
      null; -- not a calendar date (02/30/1990): nothing is born on it
    end;
  elsif cleaned ~ '^\d{4}$' and cleaned::int between 1900 and 2100 then
    alternatives := array_append(alternatives, format('p.date_of_birth between %L::date and %L::date',
      cleaned || '-01-01', cleaned || '-12-31'));
  end if;

  -- A phone number as digits with any formatting ('(217) 555-0301', '217.555', '5550301'): ten digits are the
  -- whole number; fewer are contained in it. A date (even an impossible one) is not a phone number.
  if parts is null and cleaned ~ '^[0-9 ().+-]+$' and digits <> '' then
    alternatives := array_append(alternatives, case when length(digits) = 10
      then format('regexp_replace(coalesce(p.phone, %L), %L, %L, %L) = %L', '', '\D', '', 'g', digits)
      else format('regexp_replace(coalesce(p.phone, %L), %L, %L, %L) like %L', '', '\D', '', 'g', '%' || digits || '%') end);
  end if;

  -- Anything else is a name: every word contained in the first or the last name, case-insensitive.
  if cardinality(alternatives) = 0 and parts is null then
    alternatives := array_append(alternatives, private.patient_name_condition(cleaned));
  end if;

  if cardinality(alternatives) = 0 then
    return 'false';
  end if;
  return '(' || array_to_string(alternatives, ' or ') || ')';
end
$$;
comment on function private.patient_search_condition(text) is
  'THE patient search rule (spec: "Search patients by name, phone, or DOB"), as an SQL condition on patients p: '
  'blank = every patient; YYYY-MM-DD or MM/DD/YYYY = born that day (an impossible date finds nobody); YYYY = born '
  'that year, or the phone''s digits contain it; digits with phone formatting = the phone''s digits (ten digits: '
  'the whole number, fewer: contained); anything else = every word contained in the first or last name, '
  'case-insensitive, LIKE wildcards taken literally (private.patient_name_condition); at most 100 characters. '
  'Written to use the indexes on the name key, the phone digits '
  'and (pharmacy_id, date_of_birth). Values are quoted with format(%L).';
revoke execute on function private.patient_search_condition(text) from public, anon;

-- -----------------------------------------------------------------------------------------------------
-- One page of matches and their total, found once
-- -----------------------------------------------------------------------------------------------------
-- Security definer: under RLS Postgres may use an index only for leakproof conditions, and LIKE is not leakproof,
-- so the search runs as the owner, confined to the caller's own pharmacy (never one given by the caller), and
-- returns ids only, which public.search_patients reads again through RLS.
create function private.patient_search_page(search text, page_size integer, page_offset integer, name_descending boolean)
returns table (patient_ids uuid[], total bigint)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  pharmacy uuid := private.current_pharmacy_id();
  condition text := private.patient_search_condition(search);
  -- Both directions read the name index (forwards or backwards); only the direction is spliced into the SQL.
  direction text := case when name_descending then 'desc' else 'asc' end;
begin
  if page_size is null or page_size not between 1 and 100 then
    raise exception 'A page holds 1 to 100 patients' using errcode = '22023';
  end if;
  if page_offset is null or page_offset < 0 then
    raise exception 'A page starts at patient 0 or later' using errcode = '22023';
  end if;
  if pharmacy is null then
    return query select '{}'::uuid[], 0::bigint;
    return;
  end if;
  if condition = 'true' then
    -- Every patient: the page straight from the name index, the count from an index-only scan of it.
    return query execute format($sql$
      select array(select p.id from public.patients p where p.pharmacy_id = $1
                   order by p.last_name %1$s, p.first_name %1$s, p.id %1$s limit $2 offset $3),
             (select count(*) from public.patients p where p.pharmacy_id = $1)
      $sql$, direction)
    using pharmacy, page_size, page_offset;
    return;
  end if;
  -- The matches once (only the columns of the order), then counted and the page cut from them.
  return query execute format($sql$
    with matched as materialized (
      select p.id, p.last_name, p.first_name from public.patients p where p.pharmacy_id = $1 and %s
    )
    select array(select m.id from matched m order by m.last_name %2$s, m.first_name %2$s, m.id %2$s limit $2 offset $3),
           (select count(*) from matched)
    $sql$, condition, direction)
  using pharmacy, page_size, page_offset;
end
$$;
comment on function private.patient_search_page(text, integer, integer, boolean) is
  'One page (ids in last name, first name, id order, ascending or descending) of the caller''s own pharmacy''s patients matching the search '
  '(private.patient_search_condition) and how many match in all. Security definer so the trigram and expression '
  'indexes apply; scoped to private.current_pharmacy_id(); returns ids and a count only.';
revoke execute on function private.patient_search_page(text, integer, integer, boolean) from public, anon;
grant execute on function private.patient_search_page(text, integer, integer, boolean) to authenticated, service_role;

drop function public.search_patients(text);

create function public.search_patients(
  search text default null, page_size integer default 25, page_offset integer default 0, name_descending boolean default false
)
returns table (
  id uuid,
  first_name text,
  last_name text,
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
  allergies text[],
  current_medications text[],
  created_at timestamptz,
  updated_at timestamptz,
  total_count bigint
)
language sql stable security invoker
set search_path = ''
as $$
  select p.id, p.first_name, p.last_name, p.date_of_birth, p.phone, p.email, p.street_address, p.city, p.state,
         p.zip_code, p.insurance_provider, p.insurance_member_id, p.insurance_group_number, p.allergies,
         p.current_medications, p.created_at, p.updated_at, page.total
  from private.patient_search_page(search, page_size, page_offset, name_descending) page
  cross join lateral unnest(page.patient_ids) with ordinality as hit (patient_id, position)
  join public.patients p on p.id = hit.patient_id
  order by hit.position
$$;
comment on function public.search_patients(text, integer, integer, boolean) is
  'The Patient Database list and the prescription form''s patient picker: one page of the caller''s pharmacy''s '
  'patients matching the search (private.patient_search_condition: name words, phone digits, date of birth or '
  'birth year; blank = all), ordered by last name, first name, id (Z–A when name_descending), each row carrying total_count, the exact number '
  'of matches on all pages (no row past the last page). page_size 1..100, page_offset >= 0. Security invoker: the '
  'rows are read through RLS.';
revoke execute on function public.search_patients(text, integer, integer, boolean) from public, anon;
grant execute on function public.search_patients(text, integer, integer, boolean) to authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- queue_page's patient-name search: the same search key
-- -----------------------------------------------------------------------------------------------------
-- Migration 20261122001400_queue_scale's patients_matching(search, with_phone) searched phones too when asked;
-- phone search is search_patients' now, so the option goes with it (queue_page, its one caller, never asked).
drop function private.patients_matching(text, boolean);

create function private.patients_matching(search text) returns uuid[]
language plpgsql stable security definer
set search_path = ''
as $$
declare
  pharmacy uuid := private.current_pharmacy_id();
  condition text := private.patient_name_condition(search);
  matched uuid[];
begin
  if pharmacy is null or condition is null then
    return '{}';
  end if;
  execute 'select coalesce(array_agg(p.id), ''{}'') from public.patients p where p.pharmacy_id = $1 and ' || condition
    into matched using pharmacy;
  return matched;
end
$$;
comment on function private.patients_matching(text) is
  'Ids of the caller''s own pharmacy''s patients whose first or last name contains every word of the search '
  '(private.patient_name_condition, the same name rule as search_patients); empty without a search or a pharmacy. '
  'Used by queue_page. Security definer so the name key''s trigram index applies (LIKE is not leakproof, so RLS '
  'would forbid it); scoped to private.current_pharmacy_id(), returns ids only.';
revoke execute on function private.patients_matching(text) from public, anon;
grant execute on function private.patients_matching(text) to authenticated, service_role;

-- Unchanged but for the call of private.patients_matching (migration 20261122001400_queue_scale).
create or replace function public.queue_page(
  queue_status text,
  search text default null,
  filled_on date default null,
  after_created_at timestamptz default null,
  after_id uuid default null,
  page_size integer default 50
) returns setof public.prescriptions
language plpgsql stable security invoker
set search_path = ''
as $$
declare
  cleaned text := nullif(btrim(search), '');
  pharmacy uuid := (select private.current_pharmacy_id());
  rx_digits text;
  patients uuid[];
  conditions text[] := array['rx.pharmacy_id = $1', 'rx.status = $2'];
begin
  if queue_status is null or queue_status not in ('pending', 'processing', 'ready', 'completed') then
    raise exception 'Unknown queue "%": choose pending, processing, ready or completed', queue_status using errcode = '22023';
  end if;
  if page_size is null or page_size not between 1 and 200 then
    raise exception 'A page holds 1 to 200 prescriptions' using errcode = '22023';
  end if;
  if (after_created_at is null) <> (after_id is null) then
    raise exception 'A page starts after a prescription: give both its created_at and its id' using errcode = '22023';
  end if;

  if after_created_at is not null then
    conditions := array_append(conditions, '(rx.created_at, rx.id) < ($3, $4)');
  end if;
  if filled_on is not null then
    conditions := array_append(conditions, 'rx.date_filled = $5');
  end if;
  if cleaned is not null then
    rx_digits := substring(cleaned from '^(?:[Rr][Xx])?\s*#?\s*([0-9]{1,18})$');
    if rx_digits is not null then
      conditions := array_append(conditions, format('rx.rx_number = %s', rx_digits::bigint));
    else
      -- The matching patients first (private.patients_matching: trigram indexes), then their prescriptions: a few
      -- patients are read through the (pharmacy, patient) index; many (a common name) are a filter while walking the
      -- tab newest first, which finds a page of them at once — `is true` keeps the planner from trading that walk
      -- for a sort of them all.
      patients := private.patients_matching(cleaned);
      if coalesce(cardinality(patients), 0) <= 1000 then
        conditions := array_append(conditions, 'rx.patient_id = any ($7)');
      else
        conditions := array_append(conditions, '(rx.patient_id = any ($7)) is true');
      end if;
    end if;
  end if;

  -- Built per call so each page is planned for its own filters (the keyset index for a tab, the Rx number key, the
  -- patient or fill-date index for a search).
  return query execute
    'select rx.* from public.prescriptions rx where ' || array_to_string(conditions, ' and ')
    || ' order by rx.created_at desc, rx.id desc limit $6'
  using pharmacy, queue_status, after_created_at, after_id, filled_on, page_size, coalesce(patients, '{}');
end
$$;

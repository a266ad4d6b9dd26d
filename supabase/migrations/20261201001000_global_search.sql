-- =====================================================================================================
-- The header's global search (issue 28)
-- =====================================================================================================
-- One box on every signed-in screen searching patients, medications, prescriptions by Rx number and prescribers at
-- once. No new search rule over the tables: each kind is the condition its own screen uses
-- (private.patient_search_condition, private.medication_search_condition, private.prescriber_search_condition, the
-- queue's Rx number lookup on prescription_orders' (pharmacy_id, rx_number) key), so the same indexes serve it.
--
-- What a typed string means (a date of birth in common US forms, an Rx number, an NPI, a strength typed without a
-- space) is private.global_search_terms, and shared/src/search/global-search-terms.ts is the same rule in
-- TypeScript for the web (which result Enter opens). tests/integration/db-global-search.test.ts runs one table of
-- typed strings (tests/support/global-search-cases.ts) through both; the unit test runs it through the TypeScript.
--
-- Reading: private.global_search_ids looks the ids up with raised rights in the caller's own pharmacy only (LIKE
-- is not leakproof: under RLS the trigram indexes would not apply, as for the screens' searches), and
-- public.global_search (security invoker) reads the rows again through RLS.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- What a typed string means
-- -----------------------------------------------------------------------------------------------------
create function private.global_search_terms(query text, today date) returns jsonb
language plpgsql immutable
set search_path = ''
as $$
declare
  cleaned text := private.patient_search_text(query);
  parts text[];
  born_on date;
  year_number integer;
  rx_digits text;
begin
  if length(cleaned) < 2 then
    return jsonb_build_object('searchable', false);
  end if;

  -- A date of birth: YYYY-MM-DD; M/D/YYYY, M-D-YYYY or M.D.YYYY (one separator throughout); the same with a
  -- two-digit year (the latest such year not after today: 12/31/99 is 1999, 01/02/05 is 2005); MMDDYYYY.
  parts := regexp_match(cleaned, '^(\d{4})-(\d{1,2})-(\d{1,2})$');
  if parts is not null then
    parts := array[parts[2], parts[3], parts[1]];
  else
    parts := regexp_match(cleaned, '^(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})$');
    if parts is not null then
      parts := array[parts[1], parts[3], parts[4]];
    else
      parts := regexp_match(cleaned, '^(\d{2})(\d{2})(\d{4})$');
      if parts is not null and parts[3]::integer not between 1900 and extract(year from today)::integer then
        parts := null; -- eight digits that cannot be a birth date: an Rx number or a phone fragment only
      end if;
    end if;
  end if;
  if parts is not null then
    year_number := parts[3]::integer;
    if length(parts[3]) = 2 then
      year_number := extract(year from today)::integer / 100 * 100 + year_number;
      if year_number > extract(year from today)::integer then
        year_number := year_number - 100;
      end if;
    end if;
    begin
      born_on := make_date(year_number, parts[1]::integer, parts[2]::integer);
    exception when datetime_field_overflow or invalid_datetime_format or numeric_value_out_of_range then
      born_on := null; -- not a calendar date (02/30/1990)
    end;
  end if;

  -- An Rx number as the queue reads it: digits, optionally after RX or #; with the prefix it is nothing else.
  rx_digits := substring(cleaned from '^(?:[Rr][Xx])?\s*#?\s*([0-9]{1,18})$');

  return jsonb_build_object(
    'searchable', true,
    'text', cleaned,
    'bornOn', born_on,
    'rxNumber', rx_digits::bigint,
    'rxOnly', rx_digits is not null and cleaned !~ '^[0-9]+$',
    -- An NPI: ten digits whose last is the check digit (shared/src/prescribers/npi.ts is the same rule).
    'npi', case when cleaned ~ '^[0-9]{10}$' and private.is_valid_npi(cleaned) then cleaned end,
    -- A strength typed against its unit ('10mg', '5mg/5ml') is read as the catalog writes it ('10 mg').
    'medicationText', regexp_replace(cleaned, '([0-9])(mg|mcg|g|ml|meq|iu|units?|%)(?=[ /]|$)', '\1 \2', 'gi'));
end
$$;
comment on function private.global_search_terms(text, date) is
  'THE global search''s reading of a typed string (shared/src/search/global-search-terms.ts is the same rule): '
  '{searchable: false} under 2 characters; else {searchable, text (trimmed, spaces made one; at most 100 characters), '
  'bornOn (a date of birth: YYYY-MM-DD, M/D/YYYY, M-D-YYYY, M.D.YYYY, the same with a two-digit year taken as the '
  'latest not after today, or MMDDYYYY with a year from 1900 to today''s; an impossible date is none), rxNumber '
  '(digits, optionally after RX or #), rxOnly (it had that prefix), npi (ten digits with a valid NPI check digit, private.is_valid_npi), medicationText '
  '(a strength''s unit set apart from its number: 10mg -> 10 mg)}. today decides two-digit years.';
revoke all on function private.global_search_terms(text, date) from public;

-- -----------------------------------------------------------------------------------------------------
-- The lookup: ids per kind, best first
-- -----------------------------------------------------------------------------------------------------
create function private.global_search_ids(query text, per_kind integer)
returns table (kind text, ids uuid[])
language plpgsql stable security definer
set search_path = ''
as $$
declare
  pharmacy uuid := private.current_pharmacy_id();
  terms jsonb := private.global_search_terms(query, current_date);
  first_word text;
  born_on text;
  found uuid[];
begin
  if per_kind is null or per_kind not between 1 and 10 then
    raise exception 'A search answers 1 to 10 results of each kind' using errcode = '22023';
  end if;
  if pharmacy is null or not (terms ->> 'searchable')::boolean then
    return;
  end if;
  -- The first word, LIKE's wildcards taken literally: a match starting with it ranks first.
  first_word := replace(replace(replace(lower(split_part(terms ->> 'text', ' ', 1)), '\', '\\'), '%', '\%'), '_', '\_');
  born_on := terms ->> 'bornOn';

  -- Prescriptions: the Rx number's order on the (pharmacy_id, rx_number) key.
  if terms ->> 'rxNumber' is not null then
    select coalesce(array_agg(o.id), '{}') into found from public.prescription_orders o
    where o.pharmacy_id = pharmacy and o.rx_number = (terms ->> 'rxNumber')::bigint;
    kind := 'prescriptions'; ids := found;
    return next;
  end if;
  if (terms ->> 'rxOnly')::boolean then
    return;
  end if;

  -- Patients: the Patients screen's rule (a date of birth given in its YYYY-MM-DD form); the matches once, then
  -- those whose first or last name starts with the first word before the rest, by name.
  execute format($sql$
    with matched as materialized (
      select p.id, p.last_name, p.first_name from public.patients p where p.pharmacy_id = $1 and %s
    )
    select coalesce(array_agg(m.id order by m.rank, m.last_name, m.first_name, m.id), '{}')
    from (select matched.*, case when lower(matched.last_name) like $2 || '%%' or lower(matched.first_name) like $2 || '%%'
                                 then 0 else 1 end as rank
          from matched order by rank, last_name, first_name, id limit $3) m
    $sql$, private.patient_search_condition(coalesce(born_on, terms ->> 'text')))
  into found using pharmacy, first_word, per_kind;
  kind := 'patients'; ids := found;
  return next;
  if born_on is not null then
    return; -- a date of birth is no medication and no prescriber
  end if;

  -- Medications: the Drug Database's rule, active products; a whole NDC or a brand starting with the first word first.
  execute format($sql$
    with matched as materialized (
      select m.id, m.name, m.strength, m.ndc11 from public.medications m where m.pharmacy_id = $1 and m.active and %s
    )
    select coalesce(array_agg(r.id order by r.rank, r.name, r.strength, r.id), '{}')
    from (select matched.*, case when matched.ndc11 = $4 then 0 when lower(matched.name) like $2 || '%%' then 1 else 2 end as rank
          from matched order by rank, name, strength, id limit $3) r
    $sql$, private.medication_search_condition(terms ->> 'medicationText'))
  into found using pharmacy, first_word, per_kind, private.ndc11_of(terms ->> 'text');
  kind := 'medications'; ids := found;
  return next;

  -- Prescribers: an NPI on its unique key; anything else the Providers directory's rule, a last name starting with
  -- the first word first.
  execute format($sql$
    with matched as materialized (
      select p.id, p.last_name, p.first_name from public.prescribers p where p.pharmacy_id = $1 and %s
    )
    select coalesce(array_agg(r.id order by r.rank, r.last_name, r.first_name, r.id), '{}')
    from (select matched.*, case when lower(matched.last_name) like $2 || '%%' then 0 else 1 end as rank
          from matched order by rank, last_name, first_name, id limit $3) r
    $sql$, case when terms ->> 'npi' is not null then format('p.npi_number = %L', terms ->> 'npi')
                else private.prescriber_search_condition(terms ->> 'text') end)
  into found using pharmacy, first_word, per_kind;
  kind := 'prescribers'; ids := found;
  return next;
end
$$;
comment on function private.global_search_ids(text, integer) is
  'The global search''s lookup: per kind (prescriptions, patients, medications, prescribers) the ids of at most '
  'per_kind (1..10) of the caller''s own pharmacy''s rows matching the typed string as private.global_search_terms '
  'reads it, best first, each kind by its screen''s own condition and indexes. An Rx number with its RX/# prefix '
  'searches prescriptions only, a date of birth patients (and prescriptions when it is eight digits). Security '
  'definer so the trigram and pattern indexes apply; scoped to private.current_pharmacy_id(); returns ids only.';
revoke all on function private.global_search_ids(text, integer) from public;
grant execute on function private.global_search_ids(text, integer) to authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- The answer, read through RLS
-- -----------------------------------------------------------------------------------------------------
create function public.global_search(query text, per_kind integer default 5) returns jsonb
language sql stable
set search_path = ''
as $$
  with found as (select * from private.global_search_ids(query, per_kind))
  select jsonb_build_object(
    'patients', coalesce((
      select jsonb_agg(jsonb_build_object('id', p.id, 'firstName', p.first_name, 'lastName', p.last_name,
               'dateOfBirth', p.date_of_birth, 'phone', p.phone) order by hit.position)
      from found f cross join lateral unnest(f.ids) with ordinality as hit (id, position)
      join public.patients p on p.id = hit.id
      where f.kind = 'patients'), '[]'::jsonb),
    'medications', coalesce((
      select jsonb_agg(jsonb_build_object('id', m.id, 'name', m.name, 'genericName', m.generic_name,
               'strength', m.strength, 'dosageForm', m.dosage_form, 'ndc', m.ndc_number, 'ndc11', m.ndc11) order by hit.position)
      from found f cross join lateral unnest(f.ids) with ordinality as hit (id, position)
      join public.medications m on m.id = hit.id
      where f.kind = 'medications'), '[]'::jsonb),
    'prescriptions', coalesce((
      select jsonb_agg(jsonb_build_object('orderId', o.id, 'rxNumber', o.rx_number, 'status', o.status,
               'patientId', pt.id, 'patientName', pt.first_name || ' ' || pt.last_name,
               'medication', concat_ws(' ', m.name, m.strength), 'refills', o.refills,
               'refillsUsed', greatest(o.last_fill_number, o.refills_used_before),
               'refillsRemaining', greatest(o.refills - greatest(o.last_fill_number, o.refills_used_before), 0),
               -- As the queue's Refill dialog offers it; the database still decides (schedules, too soon, expiry).
               'refillable', o.status = 'active' and o.refills > greatest(o.last_fill_number, o.refills_used_before))
             order by hit.position)
      from found f cross join lateral unnest(f.ids) with ordinality as hit (id, position)
      join public.prescription_orders o on o.id = hit.id
      join public.patients pt on pt.pharmacy_id = o.pharmacy_id and pt.id = o.patient_id
      join public.medications m on m.pharmacy_id = o.pharmacy_id and m.id = o.medication_id
      where f.kind = 'prescriptions'), '[]'::jsonb),
    'prescribers', coalesce((
      select jsonb_agg(jsonb_build_object('id', r.id, 'title', r.title, 'firstName', r.first_name, 'lastName', r.last_name,
               'degree', r.degree, 'specialty', r.specialty, 'npiNumber', r.npi_number) order by hit.position)
      from found f cross join lateral unnest(f.ids) with ordinality as hit (id, position)
      join public.prescribers r on r.id = hit.id
      where f.kind = 'prescribers'), '[]'::jsonb))
$$;
comment on function public.global_search(text, integer) is
  'The header''s global search (issue 28): {patients, medications, prescriptions, prescribers}, each at most per_kind '
  '(1..10) rows best first, of the caller''s pharmacy matching the typed string (private.global_search_terms: names, '
  'phone, date of birth in common US forms, brand, generic, NDC in any format, strength as typed, Rx number, NPI). A '
  'prescription is its order: Rx number, status, patient, drug, refills, refills used and remaining, and whether '
  'Refill is offered. Under 2 characters every list is empty; more than 100 refused. Security invoker: the ids come '
  'from private.global_search_ids, the rows are read through RLS.';
revoke all on function public.global_search(text, integer) from public;
grant execute on function public.global_search(text, integer) to authenticated, service_role;

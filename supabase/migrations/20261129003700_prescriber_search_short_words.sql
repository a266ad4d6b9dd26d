-- =====================================================================================================
-- Provider directory search: a word of one or two letters matches the start of a word (follows
-- 20261128004000_prescriber_credentials)
-- =====================================================================================================
-- A search word of fewer than three characters has no trigram, so "contained anywhere" could not use the search
-- key's trigram index: the directory walked the name index filtering every prescriber until a page was found
-- (about 30 ms at 20,000 prescribers for "pa", whose matches sit mid-alphabet). Such a word now matches where a
-- word of the key starts ("pa" finds Patel and Parker, not Spain) — what someone typing two letters means — as a
-- regular expression the trigram index answers (its padded word-start trigrams). Longer words are unchanged:
-- contained anywhere. The matches are then always gathered through the index, ordered and cut.
-- And activeCount's window of orders (written within the longest expiry) is compared as a date: date minus an
-- interval is a timestamp, which kept the covering index from bounding the scan by written_on, so every order of a
-- busy prescriber was read from the table (about 1.5 ms a card at the scale bench).

create or replace function private.prescriber_search_condition(search text) returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  cleaned text := regexp_replace(btrim(coalesce(search, '')), '\s+', ' ', 'g');
  parts text[] := '{}';
  word text;
  key constant text := 'lower(p.first_name || '' '' || p.last_name || '' '' || coalesce(p.specialty, '''') || '' '' || coalesce(p.npi_number, ''''))';
begin
  if length(cleaned) > 100 then
    raise exception 'A search is at most 100 characters' using errcode = '22023';
  end if;
  if cleaned = '' then
    return 'true';
  end if;
  foreach word in array regexp_split_to_array(lower(cleaned), ' ') loop
    -- The trigram index's expression (prescribers_pharmacy_id_search_key_trgm_idx), word for word.
    if length(word) < 3 and word ~ '^[[:alnum:]]+$' then
      -- At the start of a word of the key (letters and digits only, so nothing in it is a pattern).
      parts := parts || format('%s ~ %L', key, '(^| )' || word);
    else
      -- Anywhere in the key; LIKE's wildcards in the search taken literally.
      parts := parts || format('%s like %L', key, '%' || replace(replace(replace(word, '\', '\\'), '%', '\%'), '_', '\_') || '%');
    end if;
  end loop;
  return array_to_string(parts, ' and ');
end
$$;
comment on function private.prescriber_search_condition(text) is
  'A directory search as the SQL condition on prescribers p (constants quoted with %L): each word of three or more '
  'characters anywhere in the search key (first name, last name, specialty, NPI), a shorter word of letters or '
  'digits at the start of a word of the key; ''true'' for a blank search; more than 100 characters refused.';

create or replace function private.prescriber_search_page(
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
    case when condition = 'true' then 'not materialized' else 'materialized' end,
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

create or replace function public.prescriber_directory(
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
              and o.written_on > (s.today - make_interval(months => greatest(s.months, 6)))::date
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

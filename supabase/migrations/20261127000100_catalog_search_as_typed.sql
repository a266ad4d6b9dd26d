-- =====================================================================================================
-- Catalog search as it is typed (follows 20261126000200_drug_catalog)
-- =====================================================================================================
-- Two gaps of the catalog search, closed where the rule lives (private.medication_search_condition):
--   * the strength is part of what a name search reads, so 'lipitor 10' finds Lipitor 10 mg, and the search key's
--     trigram index is per pharmacy (pharmacy_id first, through btree_gin): a common word reads the caller's own
--     products' matches only, not those of every pharmacy holding the same catalogue;
--   * an 11-digit NDC being typed keeps its matches on the way: ten bare digits are also the start of the 11
--     digits, and 5-4-1 with hyphens is also the start of the 5-4-2 form (both were read only as whole codes).

-- -----------------------------------------------------------------------------------------------------
-- The search key: brand, generic name and strength
-- -----------------------------------------------------------------------------------------------------
-- A typed word (no spaces) is contained in the key exactly when it is contained in the brand, the generic name or
-- the strength. Replaces the brand-and-generic key of 20261126000200, which held every pharmacy's names in one
-- list per trigram. btree_gin gives GIN the equality on pharmacy_id, so both conditions are one index lookup.
create extension if not exists btree_gin with schema extensions;
create index medications_pharmacy_id_search_key_trgm_idx on public.medications
  using gin (pharmacy_id, (lower(name || ' ' || coalesce(generic_name, '') || ' ' || coalesce(strength, ''))) extensions.gin_trgm_ops);
drop index public.medications_name_key_trgm_idx;

-- -----------------------------------------------------------------------------------------------------
-- The search rule
-- -----------------------------------------------------------------------------------------------------
create or replace function private.medication_search_condition(search text) returns text
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
      if cleaned ~ '^[0-9]{5}-[0-9]{4}-[0-9]$' then
        -- 5-4-1 is also the 5-4-2 form with its last digit still to come.
        alternatives := array_append(alternatives, format('m.ndc11 like %L', digits || '%'));
      end if;
    elsif cleaned ~ '^[0-9]{10}$' then
      -- Ten digits without hyphens: each of the three places its zero can go, or 11 digits with one to come.
      alternatives := array_append(alternatives, format('m.ndc11 in (%L, %L, %L)', '0' || cleaned,
        substr(cleaned, 1, 5) || '0' || substr(cleaned, 6), substr(cleaned, 1, 9) || '0' || substr(cleaned, 10)));
      alternatives := array_append(alternatives, format('m.ndc11 like %L', digits || '%'));
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
  -- A name: every word contained in the brand, the generic name or the strength (the search key).
  return private.words_contained_condition(
    'lower(m.name || '' '' || coalesce(m.generic_name, '''') || '' '' || coalesce(m.strength, ''''))', cleaned);
end
$$;
comment on function private.medication_search_condition(text) is
  'THE catalog search rule, as an SQL condition on medications m: blank = every product; digits and hyphens = an '
  'NDC (a whole one in any format by its 11 digits through private.ndc11_of, 5-4-1 also as the start of 5-4-2, ten '
  'bare digits in each of its three readings or as the start of 11, a product NDC labeler-product by the first '
  'nine digits, fewer digits as the start of the 11 digits or of the code as written); anything else = every word '
  'contained in the brand name, the generic name or the strength, case-insensitive, LIKE wildcards taken '
  'literally; at most 100 characters. Written for the search key''s trigram index and the NDC pattern indexes. '
  'Values are quoted with format(%L).';

-- =====================================================================================================
-- Drug catalog columns (issue 13): what a stocked product needs beyond the spec's Medication for dispensing,
-- billing and price updates. The catalog's rules (who edits, search, sync, price history, formulary) are in
-- the migrations that follow; this one only shapes public.medications so they can be built side by side.
--
-- * The NDC: ndc_number stays as the labeler wrote it (4-4-2, 5-3-2, 5-4-1, or 5-4-2), which is how it is
--   shown; ndc11 is derived from it — the 11-digit 5-4-2 billing form — and is what the catalog is keyed,
--   searched and priced by. One product per pharmacy per 11 digits, whatever format it was entered in.
-- * The package: size and NCPDP billing unit (EA, ML, GM: the units NADAC prices in) and the description.
-- * Prices: AWP and WAC per package (dollars, 2 decimals), NADAC per unit with its effective date, and when
--   any of them last changed. price stays the price per fill the queue, labels and revenue use.
-- * active: a product no longer stocked stays for history but is not offered for new prescriptions.
-- * Where the record came from (manual entry or a provider's sync) and when it was last synced.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- NDC normalisation (the SQL twin of shared/src/drugs/ndc.ts parseNdc for the stored, hyphenated shapes)
-- -----------------------------------------------------------------------------------------------------
create function private.ndc11_of(ndc text) returns text
language sql immutable parallel safe
set search_path = ''
as $$
  select case
    when ndc ~ '^[0-9]{4}-[0-9]{4}-[0-9]{2}$' then '0' || replace(ndc, '-', '')
    when ndc ~ '^[0-9]{5}-[0-9]{3}-[0-9]{2}$' then substr(ndc, 1, 5) || '0' || substr(ndc, 7, 3) || substr(ndc, 11, 2)
    when ndc ~ '^[0-9]{5}-[0-9]{4}-[0-9]{1}$' then substr(ndc, 1, 5) || substr(ndc, 7, 4) || '0' || substr(ndc, 12, 1)
    when ndc ~ '^[0-9]{5}-[0-9]{4}-[0-9]{2}$' then replace(ndc, '-', '')
    when ndc ~ '^[0-9]{11}$' then ndc
  end
$$;
comment on function private.ndc11_of(text) is
  'The 11-digit (5-4-2) form of an NDC written 4-4-2, 5-3-2, 5-4-1 or 5-4-2 with hyphens, or already 11 digits: '
  'the leading zero goes on the short segment. Null for anything else (a 10-digit code without hyphens is '
  'ambiguous). Kept equal to shared/src/drugs/ndc.ts by a test.';
revoke all on function private.ndc11_of(text) from public;
grant execute on function private.ndc11_of(text) to authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- public.medications: the catalog's columns
-- -----------------------------------------------------------------------------------------------------
alter table public.medications
  add column ndc11 text generated always as (private.ndc11_of(ndc_number)) stored,
  add column package_size numeric(12, 3) check (package_size > 0),
  add column package_unit text check (package_unit in ('EA', 'ML', 'GM')),
  add column package_description text check (length(package_description) <= 500),
  add column active boolean not null default true,
  add column awp_price numeric(12, 2) check (awp_price >= 0),
  add column wac_price numeric(12, 2) check (wac_price >= 0),
  add column nadac_per_unit numeric(14, 5) check (nadac_per_unit >= 0),
  add column nadac_effective_date date,
  add column prices_updated_at timestamptz,
  add column source text not null default 'manual' check (source in ('manual', 'openfda', 'rxnorm')),
  add column synced_at timestamptz;

comment on column public.medications.ndc_number is
  'The NDC as the labeler writes it (4-4-2, 5-3-2, 5-4-1) or 5-4-2 with hyphens: how it is shown.';
comment on column public.medications.ndc11 is
  'The NDC''s 11-digit billing form (5-4-2 without hyphens), derived from ndc_number: the catalog''s key for '
  'search, sync and pricing (unique per pharmacy).';
comment on column public.medications.package_size is 'Units in one package (e.g. 100 tablets, 473 mL), in package_unit.';
comment on column public.medications.package_unit is 'The NCPDP billing unit of package_size: EA (each), ML or GM.';
comment on column public.medications.package_description is 'The package as the labeler describes it (e.g. "100 TABLET in 1 BOTTLE").';
comment on column public.medications.active is 'False for a product no longer stocked: kept for history, not offered for new prescriptions.';
comment on column public.medications.awp_price is 'Average Wholesale Price of one package, dollars.';
comment on column public.medications.wac_price is 'Wholesale Acquisition Cost of one package, dollars.';
comment on column public.medications.nadac_per_unit is 'CMS National Average Drug Acquisition Cost per package_unit, dollars.';
comment on column public.medications.nadac_effective_date is 'The date CMS gives the NADAC price effect from.';
comment on column public.medications.prices_updated_at is 'When AWP, WAC or NADAC last changed (the price history has each change).';
comment on column public.medications.source is 'Where the record came from: entered by hand (manual) or synced from a drug-data provider.';
comment on column public.medications.synced_at is 'When the record was last synced from its provider; null for one entered by hand.';

-- One product per pharmacy per 11 digits (the same code in two formats is one product). It replaces the
-- per-format key, which let 0002-3227-30 and 00002-3227-30 be two products. The pattern operator class lets the
-- one index answer both an exact code (=) and the first digits of one (LIKE 'prefix%', the catalog search).
create unique index medications_pharmacy_id_ndc11_key on public.medications (pharmacy_id, ndc11 text_pattern_ops);
alter table public.medications drop constraint medications_pharmacy_id_ndc_number_key;

-- The duplicate's sentence: the constraint explanations judge a row before its generated columns are computed,
-- so the 11-digit key gets its own check (the unique index still decides a race between two terminals).
create function private.refuse_duplicate_ndc() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new.ndc_number is not null
     and (tg_op = 'INSERT' or new.ndc_number is distinct from old.ndc_number or new.pharmacy_id is distinct from old.pharmacy_id)
     and exists (select 1 from public.medications m
                 where m.pharmacy_id = new.pharmacy_id and m.ndc11 = private.ndc11_of(new.ndc_number) and m.id <> new.id) then
    raise exception 'A medication with this NDC is already in your catalogue' using errcode = '23505';
  end if;
  return new;
end
$$;
comment on function private.refuse_duplicate_ndc() is
  'BEFORE INSERT OR UPDATE trigger of medications: refuses a second product with the same 11-digit NDC in a '
  'pharmacy (in any of its formats) with a sentence. Security definer so the check sees every row of the pharmacy.';
revoke all on function private.refuse_duplicate_ndc() from public;
create trigger refuse_duplicate_ndc before insert or update of ndc_number, pharmacy_id on public.medications
  for each row execute function private.refuse_duplicate_ndc();

select private.install_constraint_explanations('public.medications');

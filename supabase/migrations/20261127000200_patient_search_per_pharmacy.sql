-- =====================================================================================================
-- Patient search per pharmacy (follows 20261123000300_patient_search)
-- =====================================================================================================
-- The name key's and the phone digits' trigram indexes held every pharmacy's patients in one list per trigram,
-- so a common part of a name ('ley') read the matches of every pharmacy in the database before keeping the
-- caller's own. With pharmacy_id first in the same GIN index (btree_gin), the lookup reads the caller's
-- pharmacy's matches only. The search rule (private.patient_search_condition) is unchanged; its conditions always
-- come with p.pharmacy_id = the caller's pharmacy.

create extension if not exists btree_gin with schema extensions;

-- -----------------------------------------------------------------------------------------------------
-- Indexes
-- -----------------------------------------------------------------------------------------------------
create index patients_pharmacy_id_name_key_trgm_idx on public.patients
  using gin (pharmacy_id, (lower(first_name || ' ' || last_name)) extensions.gin_trgm_ops);
create index patients_pharmacy_id_phone_digits_trgm_idx on public.patients
  using gin (pharmacy_id, (regexp_replace(coalesce(phone, ''), '\D', '', 'g')) extensions.gin_trgm_ops);
-- Superseded by the two above (same keys, pharmacy first).
drop index public.patients_name_key_trgm_idx;
drop index public.patients_phone_digits_trgm_idx;

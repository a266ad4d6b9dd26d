-- =====================================================================================================
-- Live tables (issue 20, "data that stays true across screens and terminals").
-- Every terminal of a pharmacy follows one realtime channel with a postgres_changes binding per published
-- table (web/src/lib/live-tables.ts), and a change refreshes every cached query that reads the table. The
-- tables staff change at run time and other terminals show are published here: the security policy (override
-- authority, session timeout, 2FA requirement), the settings groups and the pharmacy record's hours and
-- pharmacist in charge, dual-approval approvals, prescribers (the prescription form's choices), formulary entries,
-- and the drug price update runs and schedule (scheduled runs happen on the server). Delivery is decided per
-- subscriber by the tables' SELECT policies, as for the tables published before.
-- The audit log and the outbox are left out on purpose: they grow with every action (each patient record opened
-- is an audit row) and are shown to admins only, who refresh them by their own actions.
-- Runs unchanged on hosted Supabase (it only adds tables to the supabase_realtime publication).
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- DELETE events carry the whole old row (so its pharmacy_id), as for the tenant tables published before
-- (20261122001000_realtime_authorization): a subscriber filtered on pharmacy_id matches its own deletions only.
-- -----------------------------------------------------------------------------------------------------
alter table public.security_policies replica identity full;
alter table public.pharmacy_settings replica identity full;
alter table public.pharmacy_operating_hours replica identity full;
alter table public.pharmacists_in_charge replica identity full;
alter table public.override_approvals replica identity full;
alter table public.prescribers replica identity full;
alter table public.formulary_entries replica identity full;
alter table public.drug_price_update_runs replica identity full;
alter table public.drug_price_schedules replica identity full;

-- -----------------------------------------------------------------------------------------------------
-- Published: what a terminal must see changed by another terminal or by the server
-- -----------------------------------------------------------------------------------------------------
alter publication supabase_realtime add table
  public.security_policies,
  public.pharmacy_settings,
  public.pharmacy_operating_hours,
  public.pharmacists_in_charge,
  public.override_approvals,
  public.prescribers,
  public.formulary_entries,
  public.drug_price_update_runs,
  public.drug_price_schedules;

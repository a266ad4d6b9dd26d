-- =====================================================================================================
-- System settings (spec part 2 "System Settings" §3, §5, §7, §9; issue 12)
--
-- Eight of the nine groups (transmission, reports, profit-loss, printing, controlled, labels, fax, email) are
-- one jsonb row per pharmacy and group in pharmacy_settings, in the spec's camelCase field names, validated by
-- the group's shared zod schema (shared/src/settings) before they reach here; secrets are never in this table
-- (Vault, see below). The ninth group, pharmacy, is the pharmacy's own record (pharmacies, its operating hours
-- and its pharmacist in charge). A group never saved has no row: readers lay the stored values over the §9
-- defaults (settingsWithDefaults in shared/src/settings/groups.ts; in SQL each reader's coalesce names its
-- default, and a test keeps those equal to the shared ones).
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- Table
-- -----------------------------------------------------------------------------------------------------
create table public.pharmacy_settings (
  pharmacy_id uuid not null default private.current_pharmacy_id() references public.pharmacies (id) on delete cascade,
  group_key text not null,
  settings jsonb not null default '{}'::jsonb,
  updated_at timestamptz not null default now(),
  updated_by uuid references auth.users (id) on delete set null,
  primary key (pharmacy_id, group_key),
  constraint pharmacy_settings_group_key_check
    check (group_key in ('transmission', 'reports', 'profit-loss', 'printing', 'controlled', 'labels', 'fax', 'email')),
  constraint pharmacy_settings_settings_object_check check (jsonb_typeof(settings) = 'object')
);
comment on table public.pharmacy_settings is
  'One saved System Settings group of a pharmacy (spec part 2 §3): the non-secret values in the spec''s camelCase '
  'names, as the group''s shared zod schema accepted them. No row: the group was never saved and reads as the §9 '
  'defaults. Secrets live in Vault. Admins write; staff read the groups their work needs (printing, labels).';
comment on column public.pharmacy_settings.group_key is
  'The group, as in /api/system-settings/{key}; the pharmacy group is the pharmacies record, not a row here.';
comment on column public.pharmacy_settings.settings is 'The group''s values without its secrets (a JSON object).';
comment on column public.pharmacy_settings.updated_by is 'Who saved the group last; set by the database.';
comment on constraint pharmacy_settings_group_key_check on public.pharmacy_settings is
  'Unknown settings group: use transmission, reports, profit-loss, printing, controlled, labels, fax or email';
comment on constraint pharmacy_settings_settings_object_check on public.pharmacy_settings is
  'Settings must be a JSON object';

create index pharmacy_settings_updated_by_idx on public.pharmacy_settings (updated_by);

create trigger guard_tenant_pharmacy_id before insert or update on public.pharmacy_settings
  for each row execute function private.guard_tenant_pharmacy_id();
create trigger touch_updated_at before update on public.pharmacy_settings
  for each row execute function private.touch_updated_at();

-- -----------------------------------------------------------------------------------------------------
-- Who saved it: the database says, never the client
-- -----------------------------------------------------------------------------------------------------
create function private.stamp_settings_author() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_by := (select auth.uid());
  return new;
end
$$;
comment on function private.stamp_settings_author() is
  'BEFORE INSERT/UPDATE trigger of pharmacy_settings: updated_by is the signed-in user (null for service work).';

create trigger stamp_settings_author before insert or update on public.pharmacy_settings
  for each row execute function private.stamp_settings_author();

-- -----------------------------------------------------------------------------------------------------
-- Reading a group from database code (triggers that enforce a setting)
-- -----------------------------------------------------------------------------------------------------
create function private.pharmacy_settings_values(settings_pharmacy_id uuid, settings_group_key text) returns jsonb
language sql stable security definer
set search_path = ''
as $$
  select coalesce(
    (select s.settings from public.pharmacy_settings s
      where s.pharmacy_id = settings_pharmacy_id and s.group_key = settings_group_key),
    '{}'::jsonb)
$$;
comment on function private.pharmacy_settings_values(uuid, text) is
  'The stored values of one settings group of a pharmacy, or {} when never saved; the caller supplies each '
  'field''s §9 default with coalesce. For database rules that act on a setting, whoever the caller is.';
revoke all on function private.pharmacy_settings_values(uuid, text) from public;
grant execute on function private.pharmacy_settings_values(uuid, text) to authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- Privileges and policies: admins save every group; staff read printing and labels (label work)
-- -----------------------------------------------------------------------------------------------------
revoke all on public.pharmacy_settings from anon;
revoke update on public.pharmacy_settings from authenticated;
grant update (settings) on public.pharmacy_settings to authenticated;

alter table public.pharmacy_settings enable row level security;

create policy "Admins read every settings group of their pharmacy; staff read printing and labels"
  on public.pharmacy_settings
  for select to authenticated
  using (
    pharmacy_id = (select private.current_pharmacy_id())
    and (group_key in ('printing', 'labels') or (select private.is_pharmacy_admin()))
  );

create policy "Admins save their pharmacy's settings groups" on public.pharmacy_settings
  for insert to authenticated
  with check (pharmacy_id = (select private.current_pharmacy_id()) and (select private.is_pharmacy_admin()));

create policy "Admins change their pharmacy's settings groups" on public.pharmacy_settings
  for update to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()) and (select private.is_pharmacy_admin()))
  with check (pharmacy_id = (select private.current_pharmacy_id()) and (select private.is_pharmacy_admin()));

select private.install_constraint_explanations('public.pharmacy_settings');

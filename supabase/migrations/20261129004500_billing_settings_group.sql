-- =====================================================================================================
-- Billing settings group: System Settings → Billing is read and saved like the other pharmacy_settings groups
-- =====================================================================================================
-- Claims (NCPDP D.0) bill each fill with the pharmacy's dispensing fee, estimate a price with its default coverage
-- and return paid fills not picked up to stock after its return-to-stock days. Those three live in a 'billing'
-- pharmacy_settings row, which the claims migration (after this one) reads through private.billing_settings with
-- the defaults (1250 cents, 80 percent, 14 days). Here the group becomes a known one: the table's key check takes
-- 'billing', and public.settings_group / public.save_settings_group are redefined unchanged except that 'billing'
-- is a known group (saved as a pharmacy_settings row like refills; admins only read it, as every group but printing
-- and labels). No secrets. Shared schema and defaults: shared/src/settings/billing.ts.

alter table public.pharmacy_settings drop constraint pharmacy_settings_group_key_check;
alter table public.pharmacy_settings add constraint pharmacy_settings_group_key_check
  check (group_key in ('transmission', 'reports', 'profit-loss', 'printing', 'controlled', 'labels', 'fax', 'email', 'refills', 'billing'));
comment on constraint pharmacy_settings_group_key_check on public.pharmacy_settings is
  'Unknown settings group: use transmission, reports, profit-loss, printing, controlled, labels, fax, email, refills or billing';
select private.install_constraint_explanations('public.pharmacy_settings');

create or replace function public.settings_group(group_key text)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  pharmacy uuid := private.current_pharmacy_id();
  key text := settings_group.group_key;
begin
  if key is null or key not in ('pharmacy', 'transmission', 'reports', 'profit-loss', 'printing', 'controlled', 'labels', 'fax', 'email', 'refills', 'billing') then
    raise exception 'Unknown settings group: use pharmacy, transmission, reports, profit-loss, printing, controlled, labels, fax, email, refills or billing'
      using errcode = '22023';
  end if;
  if pharmacy is null or (key not in ('printing', 'labels') and not private.is_pharmacy_admin()) then
    raise exception 'Only an admin can view these settings' using errcode = '42501';
  end if;
  return jsonb_build_object('values', private.settings_group_values(pharmacy, key), 'secretsSet', to_jsonb(private.settings_secret_paths(key)));
end
$$;
comment on function public.settings_group(text) is 'One System Settings group of the caller''s pharmacy, read as the caller (row-level security applies): {values: the stored values as the tab shows them, without defaults or secrets; secretsSet: the dotted paths of the secrets stored}. Admins read every group; pharmacists and technicians printing and labels (42501 otherwise).';
grant execute on function public.settings_group(text) to authenticated, service_role;

create or replace function public.save_settings_group(group_key text, settings jsonb, secret_changes jsonb DEFAULT '{}'::jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  pharmacy uuid := private.current_pharmacy_id();
  key text := save_settings_group.group_key;
  group_values jsonb := save_settings_group.settings;
  before_values jsonb;
  after_values jsonb;
  secrets_changed text[];
  secret_path text;
begin
  if pharmacy is null or not private.is_pharmacy_admin() then
    raise exception 'Only an admin can change system settings' using errcode = '42501';
  end if;
  if key is null or key not in ('pharmacy', 'transmission', 'reports', 'profit-loss', 'printing', 'controlled', 'labels', 'fax', 'email', 'refills', 'billing') then
    raise exception 'Unknown settings group: use pharmacy, transmission, reports, profit-loss, printing, controlled, labels, fax, email, refills or billing'
      using errcode = '22023';
  end if;
  if group_values is null or jsonb_typeof(group_values) <> 'object' then
    raise exception 'Settings must be a JSON object' using errcode = '22023';
  end if;
  -- Secrets go to Vault only, never into the table, whatever the caller sent.
  foreach secret_path in array private.settings_secret_fields(key) loop
    group_values := group_values #- string_to_array(secret_path, '.');
  end loop;

  before_values := private.settings_group_values(pharmacy, key);
  perform set_config('pharmacy.settings_save', 'on', true);
  case key
    when 'pharmacy' then perform private.save_pharmacy_group(pharmacy, group_values);
    when 'controlled' then perform private.save_controlled_group(pharmacy, group_values);
    when 'labels' then perform private.save_labels_group(pharmacy, group_values);
    else perform private.put_settings_row(pharmacy, key, group_values, false);
  end case;
  perform set_config('pharmacy.settings_save', '', true);
  secrets_changed := private.write_settings_secrets(key, secret_changes);
  after_values := private.settings_group_values(pharmacy, key);
  perform private.audit_settings_save(key, private.settings_changes(before_values, after_values), secrets_changed);
  return jsonb_build_object('values', after_values, 'secretsSet', to_jsonb(private.settings_secret_paths(key)));
end
$$;
comment on function public.save_settings_group(text,jsonb,jsonb) is 'Saves one System Settings group of the caller''s pharmacy in one transaction, as the caller (row-level security applies): settings are the group''s values as its shared zod schema accepted them (secret fields are ignored here), secret_changes {dotted path: new text | null to clear}. Each value goes where it is kept (see the section comment), secrets to Vault, and one audit_log row lists the changed fields. Admins only (42501). Returns {values, secretsSet} as public.settings_group does.';
grant execute on function public.save_settings_group(text,jsonb,jsonb) to authenticated, service_role;

-- =====================================================================================================
-- Refills settings group: System Settings → Refills is read and saved like the other pharmacy_settings groups
-- =====================================================================================================
-- 20261128002000_refills let pharmacy_settings hold group_key 'refills' (read by private.refill_settings), but
-- public.settings_group and public.save_settings_group still knew only the nine groups, so GET and PUT
-- /api/system-settings/refills were refused as an unknown group. Both are redefined unchanged except that 'refills'
-- is a known group (saved as a pharmacy_settings row like reports or fax; admins only read it, as every group but
-- printing and labels). Shared schema and defaults: shared/src/settings/refills.ts.

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
  if key is null or key not in ('pharmacy', 'transmission', 'reports', 'profit-loss', 'printing', 'controlled', 'labels', 'fax', 'email', 'refills') then
    raise exception 'Unknown settings group: use pharmacy, transmission, reports, profit-loss, printing, controlled, labels, fax, email or refills'
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
  if key is null or key not in ('pharmacy', 'transmission', 'reports', 'profit-loss', 'printing', 'controlled', 'labels', 'fax', 'email', 'refills') then
    raise exception 'Unknown settings group: use pharmacy, transmission, reports, profit-loss, printing, controlled, labels, fax, email or refills'
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

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
-- Privileges and policies: admins save every group; staff read printing and labels (label work)
-- -----------------------------------------------------------------------------------------------------
revoke all on public.pharmacy_settings from anon;
revoke update on public.pharmacy_settings from authenticated;
-- A group goes back to its defaults by saving them (audited field by field), never by deleting its row.
revoke delete on public.pharmacy_settings from authenticated;
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

-- =====================================================================================================
-- Reading and saving a group (GET and PUT /api/system-settings/{key})
--
-- One setting, two tabs, stored once: the controlled group's deaNumber IS pharmacies.dea_number (the pharmacy
-- group's DEA number); the labels group's enableMonographPrinting, defaultMonographFormat and
-- monographIntegration ARE the printing group's enableMonographPrinting, monographFormat and
-- monographIntegration (kept in the printing row). Readers see each group as its tab shows it
-- (private.settings_group_values); saves write each value where it is kept, in one transaction
-- (public.save_settings_group). Secrets are in Vault under 'pharmacy:<id>:<group>.<dotted path>'.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- The group as its tab shows it (no defaults: the api lays these over the §9 defaults)
-- -----------------------------------------------------------------------------------------------------
create function private.stored_settings(settings_pharmacy_id uuid, settings_group_key text) returns jsonb
language sql stable
set search_path = ''
as $$
  select coalesce(
    (select s.settings from public.pharmacy_settings s
      where s.pharmacy_id = settings_pharmacy_id and s.group_key = settings_group_key),
    '{}'::jsonb)
$$;
comment on function private.stored_settings(uuid, text) is
  'The pharmacy_settings row of one pharmacy and group as the caller may read it (row-level security applies), '
  'or {} when there is none (never saved, or not the caller''s to read).';

create function private.pharmacy_group_values(settings_pharmacy_id uuid) returns jsonb
language sql stable
set search_path = ''
as $$
  select coalesce((
    select jsonb_build_object(
      'pharmacyName', p.pharmacy_name,
      'licenseNumber', coalesce(p.state_license_number, ''),
      'deaNumber', p.dea_number,
      'npiNumber', coalesce(p.npi_number, ''),
      'address', coalesce(p.street_address, ''),
      'city', coalesce(p.city, ''),
      'state', coalesce(p.state, ''),
      'zipCode', coalesce(p.zip_code, ''),
      'phone', coalesce(p.phone, ''),
      'pharmacistInCharge', coalesce(btrim(c.first_name || ' ' || c.last_name), ''),
      'pharmacistLicense', coalesce(c.license_number, ''),
      -- A closed day may have no times: the day's keys are left out, so the reader's default hours fill them.
      'operatingHours', (
        select coalesce(jsonb_object_agg(h.weekday, jsonb_strip_nulls(jsonb_build_object(
          'open', to_char(h.opens_at, 'HH24:MI'), 'close', to_char(h.closes_at, 'HH24:MI'), 'closed', h.is_closed))), '{}'::jsonb)
        from public.pharmacy_operating_hours h where h.pharmacy_id = p.id))
    from public.pharmacies p
    left join public.pharmacists_in_charge c on c.pharmacy_id = p.id
    where p.id = settings_pharmacy_id), '{}'::jsonb)
$$;
comment on function private.pharmacy_group_values(uuid) is
  'The pharmacy group (System Settings → Pharmacy) from the pharmacy''s own record: pharmacies, its operating hours '
  'and its pharmacist in charge ("first last"), in the spec''s camelCase names; {} when the caller cannot read it.';

-- The labels fields kept in the printing row, as (labels name, printing name).
create function private.shared_monograph_fields() returns table (labels_field text, printing_field text)
language sql immutable
set search_path = ''
as $$
  values ('enableMonographPrinting', 'enableMonographPrinting'),
         ('defaultMonographFormat', 'monographFormat'),
         ('monographIntegration', 'monographIntegration')
$$;
comment on function private.shared_monograph_fields() is
  'The monograph settings the labels tab shows and the printing group keeps: labels field name, printing field name.';

create function private.settings_group_values(settings_pharmacy_id uuid, settings_group_key text) returns jsonb
language sql stable
set search_path = ''
as $$
  select case settings_group_key
    when 'pharmacy' then private.pharmacy_group_values(settings_pharmacy_id)
    when 'controlled' then private.stored_settings(settings_pharmacy_id, 'controlled')
      || coalesce((select jsonb_build_object('deaNumber', p.dea_number) from public.pharmacies p where p.id = settings_pharmacy_id), '{}'::jsonb)
    when 'labels' then (
      select (private.stored_settings(settings_pharmacy_id, 'labels') - array(select f.labels_field from private.shared_monograph_fields() f))
        || coalesce(jsonb_object_agg(f.labels_field, printing.settings -> f.printing_field)
                      filter (where printing.settings ? f.printing_field), '{}'::jsonb)
      from private.shared_monograph_fields() f
      cross join (select private.stored_settings(settings_pharmacy_id, 'printing') as settings) printing)
    else private.stored_settings(settings_pharmacy_id, settings_group_key)
  end
$$;
comment on function private.settings_group_values(uuid, text) is
  'One settings group of a pharmacy as its tab shows it, without defaults and without secrets: controlled''s '
  'deaNumber from pharmacies, labels'' monograph switch, format and integration from the printing row. Runs as its '
  'caller: through row-level security for the api, unrestricted inside private.pharmacy_settings_values.';

-- Reading a group from database code (triggers that enforce a setting): the same way (one setting, two tabs),
-- whoever the caller is.
create function private.pharmacy_settings_values(settings_pharmacy_id uuid, settings_group_key text) returns jsonb
language sql stable security definer
set search_path = ''
as $$
  select private.settings_group_values(settings_pharmacy_id, settings_group_key)
$$;
comment on function private.pharmacy_settings_values(uuid, text) is
  'The stored values of one settings group of a pharmacy as its tab shows them (controlled.deaNumber is the '
  'pharmacy''s DEA number; labels'' monograph fields come from the printing row), or {} when never saved; the '
  'caller supplies each field''s §9 default with coalesce. For database rules that act on a setting, whoever the '
  'caller is.';
revoke all on function private.pharmacy_settings_values(uuid, text) from public;
grant execute on function private.pharmacy_settings_values(uuid, text) to authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- Secrets in Vault: 'pharmacy:<id>:<group>.<dotted path>'
-- -----------------------------------------------------------------------------------------------------
create function private.settings_secret_fields(settings_group_key text) returns text[]
language sql immutable
set search_path = ''
as $$
  select case settings_group_key
    when 'transmission' then array['surescriptsPassword', 'relayHealthConfig.clientSecret', 'changeHealthConfig.memberPassword', 'rxlincConfig.apiKey']
    when 'profit-loss' then array['accountingSystemConfig.apiKey']
    when 'fax' then array['providerApiKey']
    when 'email' then array['smtpPassword']
    else array[]::text[]
  end
$$;
comment on function private.settings_secret_fields(text) is
  'The secret fields of a settings group as dotted paths (the SECRET_FIELDS of shared/src/settings; a test keeps '
  'them equal). Only these are written to Vault, and they are never stored in pharmacy_settings.';

create function private.settings_secret_name(settings_pharmacy_id uuid, settings_group_key text, secret_path text) returns text
language sql immutable
set search_path = ''
as $$
  select format('pharmacy:%s:%s.%s', settings_pharmacy_id, settings_group_key, secret_path)
$$;
comment on function private.settings_secret_name(uuid, text, text) is
  'The Vault name of a pharmacy''s settings secret: pharmacy:<id>:<group>.<dotted path>.';

create function private.write_settings_secrets(settings_group_key text, secret_changes jsonb) returns text[]
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  pharmacy uuid := private.current_pharmacy_id();
  change record;
  secret_name text;
  existing_id uuid;
  existing_value text;
  changed text[] := array[]::text[];
begin
  if pharmacy is null or not private.is_pharmacy_admin() then
    raise exception 'Only an admin can change system settings' using errcode = '42501';
  end if;
  if secret_changes is null or secret_changes = '{}'::jsonb then
    return changed;
  end if;
  if jsonb_typeof(secret_changes) <> 'object' then
    raise exception 'Secret changes must be a JSON object' using errcode = '22023';
  end if;
  for change in select e.key, e.value from jsonb_each(secret_changes) e order by e.key loop
    if not change.key = any (private.settings_secret_fields(settings_group_key)) then
      raise exception 'Unknown secret setting: %', change.key using errcode = '22023';
    end if;
    secret_name := private.settings_secret_name(pharmacy, settings_group_key, change.key);
    select d.id, d.decrypted_secret into existing_id, existing_value from vault.decrypted_secrets d where d.name = secret_name;
    if jsonb_typeof(change.value) = 'null' then
      if existing_id is not null then
        delete from vault.secrets s where s.id = existing_id;
        changed := changed || change.key;
      end if;
    elsif jsonb_typeof(change.value) = 'string' then
      -- '' keeps the stored secret, as an untouched masked field does.
      continue when btrim(change.value #>> '{}') = '';
      if length(change.value #>> '{}') > 4096 then
        raise exception 'A secret must be at most 4096 characters' using errcode = '22023';
      end if;
      if existing_id is null then
        perform vault.create_secret(change.value #>> '{}', secret_name, format('System settings secret %s.%s', settings_group_key, change.key));
        changed := changed || change.key;
      elsif existing_value is distinct from change.value #>> '{}' then
        perform vault.update_secret(existing_id, change.value #>> '{}');
        changed := changed || change.key;
      end if;
    else
      raise exception 'A secret setting must be text, or null to clear it' using errcode = '22023';
    end if;
  end loop;
  return changed;
end
$$;
comment on function private.write_settings_secrets(text, jsonb) is
  'Writes the caller''s pharmacy''s secrets of a settings group to Vault (create_secret / update_secret; null '
  'deletes it; '''' keeps it) after checking the caller is its admin. Only the group''s secret fields. Returns the '
  'dotted paths that changed (never values). The pharmacy is always the caller''s.';

create function private.settings_secret_paths(settings_group_key text) returns text[]
language sql stable security definer
set search_path = ''
as $$
  select coalesce(array_agg(f.path order by f.path), array[]::text[])
  from unnest(private.settings_secret_fields(settings_group_key)) as f (path)
  where private.is_pharmacy_admin()
    and exists (select 1 from vault.secrets s
                where s.name = private.settings_secret_name(private.current_pharmacy_id(), settings_group_key, f.path))
$$;
comment on function private.settings_secret_paths(text) is
  'Which secrets of a settings group the caller''s pharmacy has stored (dotted paths; never values); empty for '
  'anyone but its admin.';

-- A secret never sits in the table, whoever writes the row (PostgREST included).
create function private.keep_secrets_out_of_settings() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  secret_path text;
begin
  foreach secret_path in array private.settings_secret_fields(new.group_key) loop
    if new.settings #> string_to_array(secret_path, '.') is not null then
      raise exception 'Secrets are kept in Vault: save % through the settings api', secret_path using errcode = '22023';
    end if;
  end loop;
  return new;
end
$$;
comment on function private.keep_secrets_out_of_settings() is
  'BEFORE INSERT/UPDATE trigger of pharmacy_settings: refuses a row holding a secret field (those live in Vault).';
revoke all on function private.keep_secrets_out_of_settings() from public, anon, authenticated;
grant execute on function private.keep_secrets_out_of_settings() to authenticated;

create trigger keep_secrets_out_of_settings before insert or update on public.pharmacy_settings
  for each row execute function private.keep_secrets_out_of_settings();

-- -----------------------------------------------------------------------------------------------------
-- Audit: one row per save, the fields changed as dotted paths; secrets by name only
-- -----------------------------------------------------------------------------------------------------
create function private.settings_changes(before_values jsonb, after_values jsonb, path_prefix text default '') returns jsonb
language plpgsql immutable
set search_path = ''
as $$
declare
  field text;
  old_value jsonb;
  new_value jsonb;
  changes jsonb := '{}'::jsonb;
begin
  for field in
    select k from jsonb_object_keys(coalesce(before_values, '{}'::jsonb)) k
    union
    select k from jsonb_object_keys(coalesce(after_values, '{}'::jsonb)) k
    order by 1
  loop
    old_value := before_values -> field;
    new_value := after_values -> field;
    if (jsonb_typeof(old_value) = 'object' or old_value is null) and (jsonb_typeof(new_value) = 'object' or new_value is null)
       and (old_value is not null or new_value is not null) then
      changes := changes || private.settings_changes(old_value, new_value, path_prefix || field || '.');
    elsif old_value is distinct from new_value then
      changes := changes || jsonb_build_object(path_prefix || field, jsonb_build_object('old', old_value, 'new', new_value));
    end if;
  end loop;
  return changes;
end
$$;
comment on function private.settings_changes(jsonb, jsonb, text) is
  'The fields that differ between two versions of a settings group: {"dotted.path": {"old": …, "new": …}}; nested '
  'objects are compared field by field, lists as a whole. A field never saved before has old null.';

create function private.record_settings_audit(
  settings_pharmacy_id uuid, settings_group_key text, changes jsonb, secrets_changed text[]
) returns void
language sql volatile security definer
set search_path = ''
as $$
  select private.record_audit_event(
    settings_pharmacy_id,
    (select auth.uid()),
    'update',
    'system_settings',
    settings_group_key,
    format('Saved the %s settings: %s', settings_group_key,
      coalesce(nullif(array_to_string(array(select k from jsonb_object_keys(changes) k order by k) || secrets_changed, ', '), ''), 'no changes')),
    true,
    jsonb_build_object(
      'group', settings_group_key,
      'changedFields', to_jsonb(array(select k from jsonb_object_keys(changes) k order by k) || secrets_changed),
      'changes', changes,
      'secretsChanged', to_jsonb(secrets_changed)))
$$;
comment on function private.record_settings_audit(uuid, text, jsonb, text[]) is
  'Appends the audit_log row of a settings save: changedFields (dotted paths, secrets included by name), changes '
  '(old/new of the non-secret fields) and secretsChanged (names only; a secret value is never written here).';

create function private.audit_settings_save(settings_group_key text, changes jsonb, secrets_changed text[]) returns void
language sql volatile security definer
set search_path = ''
as $$
  select private.record_settings_audit(private.current_pharmacy_id(), settings_group_key, changes, secrets_changed)
  where private.is_pharmacy_admin()
$$;
comment on function private.audit_settings_save(text, jsonb, text[]) is
  'The audit row of a save by public.save_settings_group, in the caller''s pharmacy; nothing for anyone but its admin.';

-- A row written without save_settings_group (PostgREST by an admin) is audited by this trigger instead; a save
-- marks its transaction so its one row covers the whole group (secrets and the shared fields included).
create function private.audit_settings_row_change() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if coalesce(current_setting('pharmacy.settings_save', true), '') = 'on' then
    return null;
  end if;
  perform private.record_settings_audit(new.pharmacy_id, new.group_key,
    private.settings_changes(case when tg_op = 'UPDATE' then old.settings end, new.settings), array[]::text[]);
  return null;
end
$$;
comment on function private.audit_settings_row_change() is
  'AFTER INSERT/UPDATE trigger of pharmacy_settings: audits a write made outside save_settings_group (which audits '
  'its own saves) with the changed fields as dotted paths.';

create trigger audit_settings_change after insert or update on public.pharmacy_settings
  for each row execute function private.audit_settings_row_change();

-- -----------------------------------------------------------------------------------------------------
-- Saving: each value where it is kept, as the caller (row-level security applies)
-- -----------------------------------------------------------------------------------------------------
create function private.put_settings_row(settings_pharmacy_id uuid, settings_group_key text, group_values jsonb, merge boolean)
returns void
language sql volatile
set search_path = ''
as $$
  insert into public.pharmacy_settings as s (pharmacy_id, group_key, settings)
  values (settings_pharmacy_id, settings_group_key, group_values)
  on conflict (pharmacy_id, group_key) do update
    set settings = case when merge then s.settings || excluded.settings else excluded.settings end
$$;
comment on function private.put_settings_row(uuid, text, jsonb, boolean) is
  'Inserts or replaces (merge: adds to) a pharmacy_settings row, as the caller.';

create function private.save_pharmacy_group(settings_pharmacy_id uuid, group_values jsonb) returns void
language plpgsql volatile
set search_path = ''
as $$
declare
  day record;
  pic_name text := btrim(group_values ->> 'pharmacistInCharge');
  pic_last text := substring(btrim(group_values ->> 'pharmacistInCharge') from '(\S+)$');
begin
  begin
    update public.pharmacies p set
      pharmacy_name = coalesce(btrim(group_values ->> 'pharmacyName'), p.pharmacy_name),
      state_license_number = coalesce(btrim(group_values ->> 'licenseNumber'), p.state_license_number),
      dea_number = coalesce(btrim(group_values ->> 'deaNumber'), p.dea_number),
      npi_number = coalesce(btrim(group_values ->> 'npiNumber'), p.npi_number),
      street_address = coalesce(btrim(group_values ->> 'address'), p.street_address),
      city = coalesce(btrim(group_values ->> 'city'), p.city),
      state = coalesce(btrim(group_values ->> 'state'), p.state),
      zip_code = coalesce(btrim(group_values ->> 'zipCode'), p.zip_code),
      phone = coalesce(btrim(group_values ->> 'phone'), p.phone)
    where p.id = settings_pharmacy_id;
  exception when unique_violation then
    raise exception 'A pharmacy with this DEA number already exists' using errcode = '23505';
  end;

  for day in select e.key, e.value from jsonb_each(coalesce(group_values -> 'operatingHours', '{}'::jsonb)) e loop
    insert into public.pharmacy_operating_hours as h (pharmacy_id, weekday, opens_at, closes_at, is_closed)
    values (settings_pharmacy_id, day.key, nullif(day.value ->> 'open', '')::time, nullif(day.value ->> 'close', '')::time,
            coalesce((day.value ->> 'closed')::boolean, false))
    on conflict (pharmacy_id, weekday) do update
      set opens_at = excluded.opens_at, closes_at = excluded.closes_at, is_closed = excluded.is_closed;
  end loop;

  -- "Pat Q Incharge" is kept as first name "Pat Q" and last name "Incharge"; read back as the same text.
  if pic_name is not null then
    insert into public.pharmacists_in_charge as c (pharmacy_id, first_name, last_name, license_number)
    values (settings_pharmacy_id, btrim(left(pic_name, length(pic_name) - length(coalesce(pic_last, '')))), coalesce(pic_last, ''),
            btrim(group_values ->> 'pharmacistLicense'))
    on conflict (pharmacy_id) do update
      set first_name = excluded.first_name, last_name = excluded.last_name,
          license_number = coalesce(excluded.license_number, c.license_number);
  elsif group_values ? 'pharmacistLicense' then
    update public.pharmacists_in_charge c set license_number = btrim(group_values ->> 'pharmacistLicense')
    where c.pharmacy_id = settings_pharmacy_id;
  end if;
end
$$;
comment on function private.save_pharmacy_group(uuid, jsonb) is
  'Writes the pharmacy group to the pharmacy''s own record (pharmacies, operating hours, pharmacist in charge) as '
  'the caller; fields left out keep their values. A DEA number another pharmacy has is refused (23505).';

create function private.save_controlled_group(settings_pharmacy_id uuid, group_values jsonb) returns void
language plpgsql volatile
set search_path = ''
as $$
begin
  if group_values ? 'deaNumber' then
    if coalesce(btrim(group_values ->> 'deaNumber'), '') = '' then
      raise exception 'DEA number is required' using errcode = '22023';
    end if;
    begin
      update public.pharmacies p set dea_number = btrim(group_values ->> 'deaNumber') where p.id = settings_pharmacy_id;
    exception when unique_violation then
      raise exception 'A pharmacy with this DEA number already exists' using errcode = '23505';
    end;
  end if;
  perform private.put_settings_row(settings_pharmacy_id, 'controlled', group_values - 'deaNumber', false);
end
$$;
comment on function private.save_controlled_group(uuid, jsonb) is
  'Writes the controlled group: its DEA number to pharmacies.dea_number (the pharmacy''s registration; required '
  'there), the rest to its pharmacy_settings row, as the caller.';

create function private.save_labels_group(settings_pharmacy_id uuid, group_values jsonb) returns void
language plpgsql volatile
set search_path = ''
as $$
declare
  printing_values jsonb;
begin
  select coalesce(jsonb_object_agg(f.printing_field, group_values -> f.labels_field) filter (where group_values ? f.labels_field), '{}'::jsonb)
    into printing_values
  from private.shared_monograph_fields() f;
  if printing_values <> '{}'::jsonb then
    perform private.put_settings_row(settings_pharmacy_id, 'printing', printing_values, true);
  end if;
  perform private.put_settings_row(settings_pharmacy_id, 'labels',
    group_values - array(select f.labels_field from private.shared_monograph_fields() f), false);
end
$$;
comment on function private.save_labels_group(uuid, jsonb) is
  'Writes the labels group: its monograph switch, format and integration into the printing row (where they are '
  'kept), the rest to its own row, as the caller.';

create function public.save_settings_group(group_key text, settings jsonb, secret_changes jsonb default '{}'::jsonb)
returns jsonb
language plpgsql volatile
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
  if key is null or key not in ('pharmacy', 'transmission', 'reports', 'profit-loss', 'printing', 'controlled', 'labels', 'fax', 'email') then
    raise exception 'Unknown settings group: use pharmacy, transmission, reports, profit-loss, printing, controlled, labels, fax or email'
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
comment on function public.save_settings_group(text, jsonb, jsonb) is
  'Saves one System Settings group of the caller''s pharmacy in one transaction, as the caller (row-level security '
  'applies): settings are the group''s values as its shared zod schema accepted them (secret fields are ignored '
  'here), secret_changes {dotted path: new text | null to clear}. Each value goes where it is kept (see the section '
  'comment), secrets to Vault, and one audit_log row lists the changed fields. Admins only (42501). Returns '
  '{values, secretsSet} as public.settings_group does.';

-- -----------------------------------------------------------------------------------------------------
-- Reading (GET): admins every group, staff printing and labels
-- -----------------------------------------------------------------------------------------------------
create function public.settings_group(group_key text) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  pharmacy uuid := private.current_pharmacy_id();
  key text := settings_group.group_key;
begin
  if key is null or key not in ('pharmacy', 'transmission', 'reports', 'profit-loss', 'printing', 'controlled', 'labels', 'fax', 'email') then
    raise exception 'Unknown settings group: use pharmacy, transmission, reports, profit-loss, printing, controlled, labels, fax or email'
      using errcode = '22023';
  end if;
  if pharmacy is null or (key not in ('printing', 'labels') and not private.is_pharmacy_admin()) then
    raise exception 'Only an admin can view these settings' using errcode = '42501';
  end if;
  return jsonb_build_object('values', private.settings_group_values(pharmacy, key), 'secretsSet', to_jsonb(private.settings_secret_paths(key)));
end
$$;
comment on function public.settings_group(text) is
  'One System Settings group of the caller''s pharmacy, read as the caller (row-level security applies): '
  '{values: the stored values as the tab shows them, without defaults or secrets; secretsSet: the dotted paths of '
  'the secrets stored}. Admins read every group; pharmacists and technicians printing and labels (42501 otherwise).';

-- -----------------------------------------------------------------------------------------------------
-- Secret values for the api function (service role only): SMTP password, provider keys, …
-- -----------------------------------------------------------------------------------------------------
create function public.settings_group_secrets(settings_pharmacy_id uuid, settings_group_key text) returns jsonb
language sql stable
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(f.path, d.decrypted_secret), '{}'::jsonb)
  from unnest(private.settings_secret_fields(settings_group_key)) as f (path)
  join vault.decrypted_secrets d on d.name = private.settings_secret_name(settings_pharmacy_id, settings_group_key, f.path)
$$;
comment on function public.settings_group_secrets(uuid, text) is
  'The stored secret values of one settings group of a pharmacy, {dotted path: value}, read from '
  'vault.decrypted_secrets. Service role only: the api function calls it (edge-functions/_shared/settings-secrets.ts) '
  'with a pharmacy taken from the caller''s verified staff context or from a database row, never from a request.';

-- -----------------------------------------------------------------------------------------------------
-- Privileges of the functions above
-- -----------------------------------------------------------------------------------------------------
revoke all on function
  private.stored_settings(uuid, text),
  private.pharmacy_group_values(uuid),
  private.shared_monograph_fields(),
  private.settings_group_values(uuid, text),
  private.settings_secret_fields(text),
  private.settings_secret_name(uuid, text, text),
  private.write_settings_secrets(text, jsonb),
  private.settings_secret_paths(text),
  private.settings_changes(jsonb, jsonb, text),
  private.record_settings_audit(uuid, text, jsonb, text[]),
  private.audit_settings_save(text, jsonb, text[]),
  private.audit_settings_row_change(),
  private.put_settings_row(uuid, text, jsonb, boolean),
  private.save_pharmacy_group(uuid, jsonb),
  private.save_controlled_group(uuid, jsonb),
  private.save_labels_group(uuid, jsonb),
  public.save_settings_group(text, jsonb, jsonb),
  public.settings_group(text),
  public.settings_group_secrets(uuid, text)
from public, anon, authenticated;
grant execute on function
  private.stored_settings(uuid, text),
  private.pharmacy_group_values(uuid),
  private.shared_monograph_fields(),
  private.settings_group_values(uuid, text),
  private.settings_secret_fields(text),
  private.settings_secret_name(uuid, text, text),
  private.write_settings_secrets(text, jsonb),
  private.settings_secret_paths(text),
  private.settings_changes(jsonb, jsonb, text),
  private.audit_settings_save(text, jsonb, text[]),
  private.put_settings_row(uuid, text, jsonb, boolean),
  private.save_pharmacy_group(uuid, jsonb),
  private.save_controlled_group(uuid, jsonb),
  private.save_labels_group(uuid, jsonb),
  public.save_settings_group(text, jsonb, jsonb),
  public.settings_group(text)
to authenticated;
grant execute on function
  private.settings_secret_fields(text),
  private.settings_secret_name(uuid, text, text),
  public.settings_group_secrets(uuid, text)
to service_role;

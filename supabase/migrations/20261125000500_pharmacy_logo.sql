-- =====================================================================================================
-- Pharmacy logo (spec part 2 "System Settings", Pharmacy tab: PNG, JPG, SVG, max 2 MB; issue 12): one object per
-- pharmacy in Supabase Storage, bucket `pharmacy-logos`, object name `<pharmacy_id>/logo`. The pharmacy's staff
-- read it (labels and reports print it); only its admins upload, replace or remove it; nobody of another pharmacy
-- sees or touches it. Storage runs every request as the caller, so these RLS policies decide. The api function
-- (POST /api/system-settings/pharmacy/logo) checks the file's content and sanitises SVG before it stores the file
-- with the caller's JWT, so the same policies apply to it.
-- Runs unchanged on hosted Supabase: the storage schema is Supabase's; this adds a bucket row and policies only.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- The bucket: private, 2 MB, PNG/JPEG/SVG (shared/src/settings/pharmacy.ts PHARMACY_LOGO_MAX_BYTES and
-- PHARMACY_LOGO_MIME_TYPES hold the same limits for the api function and the browser; a test keeps them equal)
-- -----------------------------------------------------------------------------------------------------
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('pharmacy-logos', 'pharmacy-logos', false, 2097152, array['image/png', 'image/jpeg', 'image/svg+xml'])
on conflict (id) do nothing;

-- -----------------------------------------------------------------------------------------------------
-- Helpers: whose logo an object name is, and what the caller may do with it
-- -----------------------------------------------------------------------------------------------------
create or replace function private.pharmacy_logo_pharmacy(object_name text) returns uuid
language sql stable security definer
set search_path = ''
as $$
  -- Exactly <pharmacy_id>/logo, the pharmacy being the caller's (an active staff member's).
  select p.id
  from public.pharmacies p
  where object_name = p.id::text || '/logo'
    and p.id = (select private.current_pharmacy_id())
$$;
comment on function private.pharmacy_logo_pharmacy(text) is
  'The pharmacy whose logo an object name (<pharmacy_id>/logo) is, when that is the caller''s pharmacy; null for any '
  'other name or caller.';

create or replace function private.may_read_pharmacy_logo(object_name text) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select private.pharmacy_logo_pharmacy(object_name) is not null
$$;
comment on function private.may_read_pharmacy_logo(text) is
  'Whether the caller may read (download, list, sign) a pharmacy logo: any active staff member of its pharmacy.';

create or replace function private.may_manage_pharmacy_logo(object_name text) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce((select private.is_pharmacy_admin()) and private.pharmacy_logo_pharmacy(object_name) is not null, false)
$$;
comment on function private.may_manage_pharmacy_logo(text) is
  'Whether the caller may upload, replace or remove a pharmacy logo: an admin of that pharmacy.';

revoke all on function private.pharmacy_logo_pharmacy(text) from public;
revoke all on function private.may_read_pharmacy_logo(text) from public;
revoke all on function private.may_manage_pharmacy_logo(text) from public;
grant execute on function private.pharmacy_logo_pharmacy(text) to authenticated;
grant execute on function private.may_read_pharmacy_logo(text) to authenticated;
grant execute on function private.may_manage_pharmacy_logo(text) to authenticated;

-- -----------------------------------------------------------------------------------------------------
-- Policies on storage.objects, one per command, for this bucket only
-- -----------------------------------------------------------------------------------------------------
drop policy if exists "Pharmacy staff read their pharmacy's logo" on storage.objects;
create policy "Pharmacy staff read their pharmacy's logo" on storage.objects
  for select to authenticated
  using (bucket_id = 'pharmacy-logos' and private.may_read_pharmacy_logo(name));

drop policy if exists "Pharmacy admins upload the pharmacy logo" on storage.objects;
create policy "Pharmacy admins upload the pharmacy logo" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'pharmacy-logos' and private.may_manage_pharmacy_logo(name));

drop policy if exists "Pharmacy admins replace the pharmacy logo" on storage.objects;
create policy "Pharmacy admins replace the pharmacy logo" on storage.objects
  for update to authenticated
  using (bucket_id = 'pharmacy-logos' and private.may_manage_pharmacy_logo(name))
  with check (bucket_id = 'pharmacy-logos' and private.may_manage_pharmacy_logo(name));

drop policy if exists "Pharmacy admins remove the pharmacy logo" on storage.objects;
create policy "Pharmacy admins remove the pharmacy logo" on storage.objects
  for delete to authenticated
  using (bucket_id = 'pharmacy-logos' and private.may_manage_pharmacy_logo(name));

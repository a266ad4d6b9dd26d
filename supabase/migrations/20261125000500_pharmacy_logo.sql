-- =====================================================================================================
-- Pharmacy logo (spec part 2 "System Settings", Pharmacy tab: PNG, JPG, SVG, max 2 MB; issue 12): one object per
-- pharmacy in Supabase Storage, bucket `pharmacy-logos`, object name `<pharmacy_id>/logo`. The pharmacy's staff
-- read it (labels and reports print it); only its admins upload, replace or remove it; nobody of another pharmacy
-- sees or touches it. Storage runs every request as the caller, so these RLS policies decide. The api function
-- (POST /api/system-settings/pharmacy/logo) checks the file's content and sanitises SVG before it stores the file
-- with the caller's JWT, so the same policies apply to it.
-- Each upload or removal is audited (public.record_pharmacy_logo_change, below).
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

revoke all on function private.pharmacy_logo_pharmacy(text) from public, anon;
revoke all on function private.may_read_pharmacy_logo(text) from public, anon;
revoke all on function private.may_manage_pharmacy_logo(text) from public, anon;
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

-- -----------------------------------------------------------------------------------------------------
-- Audit: after a logo upload or removal the api function asks the database to record the logo's state. The
-- exposed function reads what is stored with the caller's own rights (the admin's read policy above), so the entry
-- says what is actually there, not what a caller claims; the private step (not reachable through the API) checks
-- the admin and appends the entry. Calling it directly can only record the truth again.
-- -----------------------------------------------------------------------------------------------------
create or replace function private.record_pharmacy_logo_change(logo_stored boolean, logo_type text, logo_size bigint) returns text
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  caller_pharmacy uuid := (select private.current_pharmacy_id());
begin
  if caller_pharmacy is null or not (select private.is_pharmacy_admin()) then
    raise exception 'Only an admin can change the pharmacy logo' using errcode = '42501';
  end if;
  if logo_stored then
    perform private.record_audit_event(caller_pharmacy, (select auth.uid()), 'pharmacy_logo_uploaded', 'pharmacy',
      caller_pharmacy::text, 'Uploaded the pharmacy logo', true, jsonb_build_object('contentType', logo_type, 'size', logo_size));
    return 'pharmacy_logo_uploaded';
  end if;
  perform private.record_audit_event(caller_pharmacy, (select auth.uid()), 'pharmacy_logo_removed', 'pharmacy',
    caller_pharmacy::text, 'Removed the pharmacy logo', true, '{}'::jsonb);
  return 'pharmacy_logo_removed';
end
$$;
comment on function private.record_pharmacy_logo_change(boolean, text, bigint) is
  'The privileged step of public.record_pharmacy_logo_change: for an admin of the caller''s pharmacy, appends '
  'pharmacy_logo_uploaded (with the stored type and size) or pharmacy_logo_removed to audit_log.';
revoke all on function private.record_pharmacy_logo_change(boolean, text, bigint) from public, anon;
grant execute on function private.record_pharmacy_logo_change(boolean, text, bigint) to authenticated;

create or replace function public.record_pharmacy_logo_change() returns text
language sql volatile security invoker
set search_path = ''
as $$
  select private.record_pharmacy_logo_change(stored.name is not null, stored.metadata->>'mimetype', (stored.metadata->>'size')::bigint)
  from (select 1) as one
  left join storage.objects stored
    on stored.bucket_id = 'pharmacy-logos' and stored.name = (select private.current_pharmacy_id())::text || '/logo'
$$;
comment on function public.record_pharmacy_logo_change() is
  'Records the pharmacy logo''s current state (uploaded with its type and size, or removed) in the audit log after '
  'an upload or removal; admins only (42501 otherwise); answers the action recorded. Called by the api function '
  'with the admin''s JWT.';
revoke all on function public.record_pharmacy_logo_change() from public, anon;
grant execute on function public.record_pharmacy_logo_change() to authenticated;

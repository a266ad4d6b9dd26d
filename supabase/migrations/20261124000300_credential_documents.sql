-- =====================================================================================================
-- Credential documents: a staff member's license copy in Supabase Storage, bucket `credential-documents`,
-- object names `<pharmacy_id>/<staff user_id>/<file>` (the web stores `license.<pdf|png|jpg>`).
-- The pharmacy's admins read, upload, replace and remove them; the staff member reads their own; nobody of
-- another pharmacy ever sees one. Storage runs every request as the caller, so these RLS policies decide.
-- Runs unchanged on hosted Supabase: the storage schema is Supabase's; this adds a bucket row and policies only.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- The bucket: private, 10 MB, PDF/PNG/JPEG (shared/src/security/credential-documents.ts holds the same limits
-- for the browser's check)
-- -----------------------------------------------------------------------------------------------------
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('credential-documents', 'credential-documents', false, 10485760, array['application/pdf', 'image/png', 'image/jpeg'])
on conflict (id) do nothing;

-- -----------------------------------------------------------------------------------------------------
-- Helpers: whose folder an object is in, and what the caller may do there
-- -----------------------------------------------------------------------------------------------------
create or replace function private.credential_document_staff_member(object_name text) returns uuid
language sql stable security definer
set search_path = ''
as $$
  -- Exactly <pharmacy_id>/<user_id>/<file>, the pharmacy being the caller's and the user one of its staff.
  select s.user_id
  from public.staff_profiles s
  where array_length(string_to_array(object_name, '/'), 1) = 3
    and split_part(object_name, '/', 3) <> ''
    and s.pharmacy_id = (select private.current_pharmacy_id())
    and s.pharmacy_id::text = split_part(object_name, '/', 1)
    and s.user_id::text = split_part(object_name, '/', 2)
$$;
comment on function private.credential_document_staff_member(text) is
  'The staff member whose credential folder an object name (<pharmacy_id>/<user_id>/<file>) is in, when that folder '
  'belongs to the caller''s pharmacy; null for any other name or caller.';

create or replace function private.may_read_credential_document(object_name text) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce(member is not null and ((select private.is_pharmacy_admin()) or member = (select auth.uid())), false)
  from (select private.credential_document_staff_member(object_name) as member) folder
$$;
comment on function private.may_read_credential_document(text) is
  'Whether the caller may read (download, list, sign) a credential document: an admin of its pharmacy, or the staff '
  'member it belongs to.';

create or replace function private.may_manage_credential_document(object_name text) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce((select private.is_pharmacy_admin()) and private.credential_document_staff_member(object_name) is not null, false)
$$;
comment on function private.may_manage_credential_document(text) is
  'Whether the caller may upload, replace or remove a credential document: an admin of the pharmacy whose staff '
  'member''s folder it is in.';

revoke all on function private.credential_document_staff_member(text) from public;
revoke all on function private.may_read_credential_document(text) from public;
revoke all on function private.may_manage_credential_document(text) from public;
grant execute on function private.credential_document_staff_member(text) to authenticated;
grant execute on function private.may_read_credential_document(text) to authenticated;
grant execute on function private.may_manage_credential_document(text) to authenticated;

-- -----------------------------------------------------------------------------------------------------
-- Policies on storage.objects, one per command, for this bucket only
-- -----------------------------------------------------------------------------------------------------
drop policy if exists "Pharmacy admins and the staff member read credential documents" on storage.objects;
create policy "Pharmacy admins and the staff member read credential documents" on storage.objects
  for select to authenticated
  using (bucket_id = 'credential-documents' and private.may_read_credential_document(name));

drop policy if exists "Pharmacy admins upload credential documents" on storage.objects;
create policy "Pharmacy admins upload credential documents" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'credential-documents' and private.may_manage_credential_document(name));

drop policy if exists "Pharmacy admins replace credential documents" on storage.objects;
create policy "Pharmacy admins replace credential documents" on storage.objects
  for update to authenticated
  using (bucket_id = 'credential-documents' and private.may_manage_credential_document(name))
  with check (bucket_id = 'credential-documents' and private.may_manage_credential_document(name));

drop policy if exists "Pharmacy admins remove credential documents" on storage.objects;
create policy "Pharmacy admins remove credential documents" on storage.objects
  for delete to authenticated
  using (bucket_id = 'credential-documents' and private.may_manage_credential_document(name));

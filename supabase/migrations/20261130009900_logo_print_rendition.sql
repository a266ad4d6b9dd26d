-- =====================================================================================================
-- The SVG pharmacy logo's print rendition (issue 26): PDF reports embed JPEG and PNG only and the api function has
-- no SVG renderer, so when an admin uploads an SVG logo the browser draws it on a canvas and stores the PNG beside
-- it as `<pharmacy_id>/logo-print.png` (shared/src/settings/pharmacy-logo-print.ts). The policies of migration
-- 20261125000500_pharmacy_logo name exactly `<pharmacy_id>/logo`; this widens the one helper they all go through to
-- that second name, so the same rules hold for both objects: the pharmacy's active staff read it (reports print it,
-- read with the caller's JWT), only its admins write or remove it, nobody of another pharmacy sees or touches it.
-- The api removes the rendition whenever the logo is stored or removed, so one that exists belongs to the current
-- logo. The audit function (public.record_pharmacy_logo_change) still reads `<pharmacy_id>/logo` only.
-- Runs unchanged on hosted Supabase: the bucket already allows image/png; only the helper changes.
-- =====================================================================================================

create or replace function private.pharmacy_logo_pharmacy(object_name text) returns uuid
language sql stable security definer
set search_path = ''
as $$
  -- Exactly <pharmacy_id>/logo or <pharmacy_id>/logo-print.png, the pharmacy being the caller's (an active staff member's).
  select p.id
  from public.pharmacies p
  where object_name in (p.id::text || '/logo', p.id::text || '/logo-print.png')
    and p.id = (select private.current_pharmacy_id())
$$;
comment on function private.pharmacy_logo_pharmacy(text) is
  'The pharmacy whose logo an object name (<pharmacy_id>/logo, or its print rendition <pharmacy_id>/logo-print.png) '
  'is, when that is the caller''s pharmacy; null for any other name or caller.';

comment on function private.may_read_pharmacy_logo(text) is
  'Whether the caller may read (download, list, sign) a pharmacy logo or its print rendition: any active staff '
  'member of its pharmacy.';
comment on function private.may_manage_pharmacy_logo(text) is
  'Whether the caller may upload, replace or remove a pharmacy logo or its print rendition: an admin of that pharmacy.';

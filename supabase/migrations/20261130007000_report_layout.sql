-- Report files (PDF and Excel exports of GET /api/reports/{report}, issue 26): what the page prints besides the
-- report — the pharmacy's name and time zone, its Reports settings (timestamp, page numbers, footer, disclaimer,
-- logo, patient names) and its id (where its logo is stored). The settings row is admins' under RLS, but every
-- caller who may read reports (reports:read: pharmacists and admins) prints with it, so this definer reads it for
-- them, the caller's own pharmacy only.

create function private.report_layout() returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  pharmacy uuid := private.reports_caller_pharmacy('Only pharmacists and admins of the pharmacy can read reports');
begin
  return (
    select jsonb_build_object(
      'pharmacyId', p.id,
      'pharmacyName', coalesce(nullif(btrim(p.trade_name), ''), p.pharmacy_name),
      'timeZone', private.pharmacy_time_zone(p.id),
      'settings', private.pharmacy_settings_values(p.id, 'reports'))
    from public.pharmacies p
    where p.id = pharmacy);
end
$$;
comment on function private.report_layout() is
  'For a report file: the caller''s pharmacy (reports:read, else 42501) as {pharmacyId, pharmacyName (trade name, '
  'else the legal name), timeZone, settings (the stored Reports settings group, {} when never saved; the api lays '
  'them over the defaults)}.';

create function public.report_layout() returns jsonb
language sql stable set search_path = '' as $$ select private.report_layout() $$;
comment on function public.report_layout() is 'GET /api/reports/{report}?format=pdf|xlsx: see private.report_layout.';

revoke all on function private.report_layout() from public, anon;
grant execute on function private.report_layout() to authenticated;
revoke all on function public.report_layout() from public, anon;
grant execute on function public.report_layout() to authenticated;

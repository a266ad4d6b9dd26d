-- =====================================================================================================
-- The daily dispensing log's pharmacist sign-off (issue 26)
-- =====================================================================================================
-- A pharmacist signs the day's dispensing log once the day's fills are checked: public.sign_dispensing_log(day)
-- records who signed, when, the pharmacist in charge the Reports settings name (dailyLogPharmacist) and what the
-- log held then (its fill count and a digest of its fills), so a log that changes afterwards (a fill returned to
-- stock, a late verification dated that day) is seen to have changed since it was signed. The log may be signed
-- again; every sign-off is kept (append-only). The Daily Dispensing Log report prints each day's latest sign-off.
-- Only staff who may verify fills (prescriptions:verify: pharmacists and admins) sign; pharmacists and admins read.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- The sign-offs
-- -----------------------------------------------------------------------------------------------------
create table public.dispensing_log_sign_offs (
  id uuid primary key default gen_random_uuid(),
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  log_date date not null,
  signed_by uuid references auth.users (id) on delete set null,
  signed_by_name text not null,
  pharmacist_in_charge text not null default '',
  fills integer not null,
  fills_digest text not null,
  signed_at timestamptz not null default now(),
  constraint dispensing_log_sign_offs_fills_check check (fills >= 0),
  constraint dispensing_log_sign_offs_digest_check check (fills_digest ~ '^[0-9a-f]{32}$'),
  constraint dispensing_log_sign_offs_name_check check (length(btrim(signed_by_name)) between 1 and 200)
);
comment on table public.dispensing_log_sign_offs is
  'A pharmacist''s sign-off of a day''s dispensing log: the day, who signed and when, the Reports settings'' '
  'pharmacist in charge at the time, and the log as signed (fill count and private.dispensing_log_digest). Written '
  'only by sign_dispensing_log; append-only; pharmacists and admins read their pharmacy''s.';
comment on column public.dispensing_log_sign_offs.signed_by_name is 'The signer''s name as it was when they signed.';
comment on column public.dispensing_log_sign_offs.pharmacist_in_charge is 'The Reports settings'' dailyLogPharmacist when signed ('''' when not set).';
comment on column public.dispensing_log_sign_offs.fills_digest is 'MD5 of the day''s fills as signed (private.dispensing_log_digest): a different digest now means the log changed.';
comment on constraint dispensing_log_sign_offs_fills_check on public.dispensing_log_sign_offs is 'A log cannot hold a negative number of fills';
comment on constraint dispensing_log_sign_offs_digest_check on public.dispensing_log_sign_offs is 'The log''s digest is 32 lowercase hex digits';
comment on constraint dispensing_log_sign_offs_name_check on public.dispensing_log_sign_offs is 'A sign-off carries the signer''s name';
-- The report reads a range of days' latest sign-offs.
create index dispensing_log_sign_offs_day_idx on public.dispensing_log_sign_offs (pharmacy_id, log_date, signed_at desc);
create index dispensing_log_sign_offs_signed_by_idx on public.dispensing_log_sign_offs (signed_by);

alter table public.dispensing_log_sign_offs enable row level security;
revoke insert, update, delete, truncate on public.dispensing_log_sign_offs from anon, authenticated;
revoke select on public.dispensing_log_sign_offs from anon;
create policy "Pharmacists and admins can read their pharmacy's dispensing log sign-offs" on public.dispensing_log_sign_offs
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()) and (select private.current_staff_can('reports:read')));
grant all on public.dispensing_log_sign_offs to service_role;

create function private.refuse_sign_off_change() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- The pharmacy's removal takes its sign-offs with it; nothing else changes or removes one.
  if tg_op = 'DELETE' and not exists (select 1 from public.pharmacies p where p.id = old.pharmacy_id) then
    return old;
  end if;
  raise exception 'A sign-off of the dispensing log cannot be changed: sign the log again instead' using errcode = '42501';
end
$$;
comment on function private.refuse_sign_off_change() is
  'BEFORE UPDATE/DELETE trigger of dispensing_log_sign_offs: append-only for everyone, the owner included; only the '
  'pharmacy''s removal (cascade) takes its rows.';
create trigger refuse_update_or_delete before update or delete on public.dispensing_log_sign_offs
  for each row execute function private.refuse_sign_off_change();
create trigger audit_change after insert on public.dispensing_log_sign_offs
  for each row execute function private.audit_row_change('id');

-- -----------------------------------------------------------------------------------------------------
-- What the log of a day holds
-- -----------------------------------------------------------------------------------------------------
create function private.dispensing_log_digest(for_pharmacy_id uuid, log_date date, out fills integer, out digest text)
language sql stable
set search_path = ''
as $$
  -- The fills the log lists (dispensing_log_report: filled that day, not cancelled), each with what the log shows of it.
  select count(*)::integer,
         md5(coalesce(string_agg(concat_ws(':', rx.id, rx.medication_id, rx.quantity, rx.verified_by, rx.patient_id), ',' order by rx.id), ''))
  from public.prescriptions rx
  where rx.pharmacy_id = for_pharmacy_id and rx.date_filled = log_date and rx.status <> 'cancelled'
$$;
comment on function private.dispensing_log_digest(uuid, date) is
  'The dispensing log of a pharmacy''s day as it stands: how many fills and an MD5 of each fill''s id, drug, quantity, '
  'pharmacist and patient. A sign-off records both; the report compares them with today''s.';
revoke all on function private.dispensing_log_digest(uuid, date) from public;

-- -----------------------------------------------------------------------------------------------------
-- Signing
-- -----------------------------------------------------------------------------------------------------
create function private.sign_dispensing_log(log_date date) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  pharmacy uuid := private.current_pharmacy_id();
  signer text;
  today date;
  log record;
  signed public.dispensing_log_sign_offs;
begin
  if pharmacy is null or not private.current_staff_can('prescriptions:verify') then
    raise exception 'Only a pharmacist can sign off the daily dispensing log' using errcode = '42501';
  end if;
  if log_date is null then
    raise exception 'Choose the day of the log to sign off' using errcode = 'P0001';
  end if;
  today := private.pharmacy_local_date(pharmacy, now());
  if log_date > today then
    raise exception 'The log of a day that has not begun cannot be signed off' using errcode = 'P0001';
  end if;
  select nullif(btrim(concat_ws(' ', s.first_name, s.last_name)), '') into signer
  from public.staff_profiles s where s.user_id = (select auth.uid());
  select * into log from private.dispensing_log_digest(pharmacy, log_date);
  insert into public.dispensing_log_sign_offs (pharmacy_id, log_date, signed_by, signed_by_name, pharmacist_in_charge, fills, fills_digest)
  values (pharmacy, log_date, (select auth.uid()), coalesce(signer, 'Unnamed pharmacist'),
          private.report_setting(pharmacy, 'dailyLogPharmacist'), log.fills, log.digest)
  returning * into signed;
  return jsonb_build_object('id', signed.id, 'logDate', signed.log_date, 'signedAt', signed.signed_at,
                            'signedByName', signed.signed_by_name, 'fills', signed.fills);
end
$$;
comment on function private.sign_dispensing_log(date) is
  'Records the caller''s sign-off of their pharmacy''s dispensing log of log_date (a day that has begun, in the '
  'pharmacy''s time zone): prescriptions:verify only (42501 otherwise), with the log''s fill count and digest now. '
  'Answers {id, logDate, signedAt, signedByName, fills}.';
revoke all on function private.sign_dispensing_log(date) from public;
grant execute on function private.sign_dispensing_log(date) to authenticated;

create function public.sign_dispensing_log(log_date date) returns jsonb
language sql volatile security invoker
set search_path = ''
as $$
  select private.sign_dispensing_log(log_date)
$$;
comment on function public.sign_dispensing_log(date) is 'The Reports screen''s "Sign off": see private.sign_dispensing_log.';
revoke all on function public.sign_dispensing_log(date) from public, anon;
grant execute on function public.sign_dispensing_log(date) to authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- The days' sign-offs, for the report
-- -----------------------------------------------------------------------------------------------------
create function private.dispensing_log_sign_off_rows(for_pharmacy_id uuid, from_date date, to_date date) returns jsonb
language sql stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
           'day', d.day::date,
           'fills', now_log.fills,
           'status', case when last.id is null and now_log.fills = 0 then 'No fills'
                          when last.id is null then 'Not signed'
                          when last.fills_digest = now_log.digest then 'Signed'
                          else 'Changed since signed' end,
           'signedBy', last.signed_by_name,
           'signedAt', to_char(last.signed_at at time zone private.pharmacy_time_zone(for_pharmacy_id), 'YYYY-MM-DD HH24:MI'),
           'signedFills', last.fills,
           'pharmacistInCharge', nullif(last.pharmacist_in_charge, ''))
         order by d.day), '[]'::jsonb)
  from generate_series(from_date, to_date, interval '1 day') as d(day)
  cross join lateral private.dispensing_log_digest(for_pharmacy_id, d.day::date) now_log
  left join lateral (
    select o.* from public.dispensing_log_sign_offs o
    where o.pharmacy_id = for_pharmacy_id and o.log_date = d.day::date
    order by o.signed_at desc, o.id desc limit 1
  ) last on true
$$;
comment on function private.dispensing_log_sign_off_rows(uuid, date, date) is
  'One row per day of from_date..to_date: the log''s fills now, its latest sign-off (who, when, how many fills, the '
  'pharmacist in charge then) and status Signed, Changed since signed (the log''s digest differs now), Not signed, or '
  'No fills (a day with nothing dispensed and no sign-off).';
revoke all on function private.dispensing_log_sign_off_rows(uuid, date, date) from public;

-- -----------------------------------------------------------------------------------------------------
-- The Daily Dispensing Log with its sign-offs
-- -----------------------------------------------------------------------------------------------------
create or replace function private.dispensing_log_report(from_date date, to_date date) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  pharmacy uuid := private.report_pharmacy(from_date, to_date);
  result jsonb;
begin
  with fills as (
    select rx.*, count(*) over () as matched from public.prescriptions rx
    where rx.pharmacy_id = pharmacy and rx.date_filled between from_date and to_date and rx.status <> 'cancelled'
    order by rx.date_filled, rx.verified_at, rx.rx_number, rx.fill_number
    limit private.report_row_limit()
  )
  select jsonb_build_object(
    'title', 'Daily Dispensing Log',
    'columns', jsonb_build_array(
      jsonb_build_object('key', 'dateFilled', 'label', 'Date filled', 'kind', 'date'),
      jsonb_build_object('key', 'verifiedAt', 'label', 'Verified at', 'kind', 'text'),
      jsonb_build_object('key', 'rx', 'label', 'Rx', 'kind', 'text'),
      jsonb_build_object('key', 'fillNumber', 'label', 'Fill', 'kind', 'count'),
      jsonb_build_object('key', 'patientName', 'label', 'Patient', 'kind', 'text'),
      jsonb_build_object('key', 'drug', 'label', 'Drug', 'kind', 'text'),
      jsonb_build_object('key', 'ndc', 'label', 'NDC', 'kind', 'text'),
      jsonb_build_object('key', 'quantity', 'label', 'Quantity', 'kind', 'quantity'),
      jsonb_build_object('key', 'prescriber', 'label', 'Prescriber', 'kind', 'text'),
      jsonb_build_object('key', 'pharmacist', 'label', 'Pharmacist', 'kind', 'text')),
    'rows', coalesce(jsonb_agg(jsonb_build_object('dateFilled', f.date_filled,
              'verifiedAt', to_char(f.verified_at at time zone private.pharmacy_time_zone(pharmacy), 'YYYY-MM-DD HH24:MI'),
              'rx', f.rx_number::text, 'fillNumber', f.fill_number, 'patientName', pt.last_name || ', ' || pt.first_name,
              'drug', concat_ws(' ', m.name, m.strength), 'ndc', m.ndc_number, 'quantity', f.quantity,
              'prescriber', coalesce(nullif(concat_ws(' ', pr.first_name, pr.last_name), ''), f.prescriber_name),
              'pharmacist', nullif(concat_ws(' ', s.first_name, s.last_name), ''))
              order by f.date_filled, f.verified_at, f.rx_number, f.fill_number), '[]'::jsonb),
    'totals', jsonb_build_object('fills', count(f.id), 'quantity', coalesce(sum(f.quantity), 0), 'matched', coalesce(max(f.matched), 0)),
    'notes', jsonb_build_array(jsonb_build_object('key', 'pharmacistInCharge', 'label', 'Pharmacist in charge',
              'text', private.report_setting(pharmacy, 'dailyLogPharmacist'))),
    'sections', jsonb_build_array(jsonb_build_object('key', 'signOffs', 'title', 'Pharmacist sign-off',
      'columns', jsonb_build_array(
        jsonb_build_object('key', 'day', 'label', 'Day', 'kind', 'date'),
        jsonb_build_object('key', 'fills', 'label', 'Fills', 'kind', 'count'),
        jsonb_build_object('key', 'status', 'label', 'Sign-off', 'kind', 'text'),
        jsonb_build_object('key', 'signedBy', 'label', 'Signed by', 'kind', 'text'),
        jsonb_build_object('key', 'signedAt', 'label', 'Signed at', 'kind', 'text'),
        jsonb_build_object('key', 'signedFills', 'label', 'Fills when signed', 'kind', 'count'),
        jsonb_build_object('key', 'pharmacistInCharge', 'label', 'Pharmacist in charge', 'kind', 'text')),
      'rows', private.dispensing_log_sign_off_rows(pharmacy, from_date, to_date),
      'totals', '{}'::jsonb)),
    'truncated', coalesce(max(f.matched), 0) > count(f.id))
  into result
  from fills f
  join public.patients pt on pt.pharmacy_id = f.pharmacy_id and pt.id = f.patient_id
  join public.medications m on m.pharmacy_id = f.pharmacy_id and m.id = f.medication_id
  left join public.prescribers pr on pr.pharmacy_id = f.pharmacy_id and pr.id = f.prescriber_id
  left join public.staff_profiles s on s.user_id = f.verified_by;
  return result;
end
$$;
comment on function private.dispensing_log_report(date, date) is
  'The daily dispensing log of the caller''s pharmacy (reports:read): every fill filled on from_date..to_date (not '
  'cancelled) in the order it was verified, with Rx and fill number, patient, drug and NDC, quantity, prescriber and '
  'the verifying pharmacist; the Reports settings'' dailyLogPharmacist as the pharmacist in charge; a section with '
  'each day''s latest pharmacist sign-off (private.dispensing_log_sign_off_rows); at most private.report_row_limit() '
  'rows (truncated says when more matched).';

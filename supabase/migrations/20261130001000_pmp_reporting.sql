-- =====================================================================================================
-- PMP reporting (issue 26): the controlled fills a state prescription monitoring program is sent, and what was sent
-- =====================================================================================================
-- * public.pmp_fills(from_date, to_date): the caller's pharmacy (identifiers, address, time zone) and its controlled
--   fills (the medication has a DEA schedule, II–V) dispensed on its days from_date..to_date (date_filled is the
--   pharmacy's local date), with everything an ASAP 4.2 file needs (shared/src/reports/asap-pmp.ts writes it):
--   Rx, dates, refills, NDC, quantity, unit, days supply, origin, payment type, patient, prescriber. Each is marked
--   whether already reported and how it is to be reported: new (never sent), revise (sent before; sent again it
--   replaces the record), void (sent before, then returned to stock: the program must drop it).
-- * public.pmp_submissions / pmp_reported_fills: each file the pharmacy produced (range, who, when, its SHA-256, its
--   fill and segment counts) and the fills it carried with the status they were sent as. Written only by
--   public.record_pmp_submission, which checks each fill against the same rules as pmp_fills.
-- * Pharmacists and admins only (reports:read): the file is patients' controlled-substance history; technicians do
--   not read reports.

create table public.pmp_submissions (
  id uuid primary key default gen_random_uuid(),
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  period_from date not null,
  period_to date not null,
  file_sha256 text not null,
  fill_count integer not null,
  segment_count integer not null,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint pmp_submissions_pharmacy_id_id_key unique (pharmacy_id, id),
  constraint pmp_submissions_period_check check (period_to >= period_from and period_to - period_from <= 365),
  constraint pmp_submissions_file_sha256_check check (file_sha256 ~ '^[0-9a-f]{64}$'),
  -- The smallest file is one fill: TH, IS, PHA, PAT, DSP, PRE, TP, TT (the zero report has 10).
  constraint pmp_submissions_counts_check check (fill_count >= 0 and segment_count between 8 and 10000000)
);
comment on table public.pmp_submissions is
  'A PMP report (ASAP 4.2 file) the pharmacy produced for its days period_from..period_to: who and when, the file''s '
  'SHA-256 (lowercase hex), how many fills and segments (TT02) it holds. Written only by record_pmp_submission; '
  'pharmacists and admins read their pharmacy''s.';
comment on constraint pmp_submissions_period_check on public.pmp_submissions is 'A PMP report covers 1 to 366 days, the last not before the first';
comment on constraint pmp_submissions_file_sha256_check on public.pmp_submissions is 'The file''s SHA-256 is 64 lowercase hex digits';
comment on constraint pmp_submissions_counts_check on public.pmp_submissions is 'An ASAP file has at least 8 segments and no negative fill count';
create index pmp_submissions_created_idx on public.pmp_submissions (pharmacy_id, created_at desc);
create index pmp_submissions_created_by_idx on public.pmp_submissions (created_by);

create table public.pmp_reported_fills (
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  submission_id uuid not null,
  prescription_id uuid not null,
  reporting_status text not null,
  primary key (pharmacy_id, submission_id, prescription_id),
  constraint pmp_reported_fills_submission_fkey foreign key (pharmacy_id, submission_id)
    references public.pmp_submissions (pharmacy_id, id) on delete cascade,
  constraint pmp_reported_fills_prescription_fkey foreign key (pharmacy_id, prescription_id)
    references public.prescriptions (pharmacy_id, id),
  constraint pmp_reported_fills_status_check check (reporting_status in ('new', 'revise', 'void'))
);
comment on table public.pmp_reported_fills is
  'A fill a PMP submission carried, once per submission, and how it was sent (DSP01: new, revise or void). A fill''s '
  'latest row says whether the program has it as it stands. Written only by record_pmp_submission.';
comment on constraint pmp_reported_fills_status_check on public.pmp_reported_fills is 'A fill is reported as new, revise or void';
-- pmp_fills asks, per fill of the range, how it was last reported.
create index pmp_reported_fills_prescription_idx on public.pmp_reported_fills (pharmacy_id, prescription_id);
-- A reported fill now holds back deleting its prescription: the refusal names it in a sentence.
select private.install_constraint_explanations('public.prescriptions');

alter table public.pmp_submissions enable row level security;
alter table public.pmp_reported_fills enable row level security;
revoke insert, update, delete, truncate on public.pmp_submissions, public.pmp_reported_fills from anon, authenticated;
revoke select on public.pmp_submissions, public.pmp_reported_fills from anon;
create policy "Pharmacists and admins can read their pharmacy's PMP submissions" on public.pmp_submissions
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()) and (select private.current_staff_can('reports:read')));
create policy "Pharmacists and admins can read which fills their pharmacy reported to the PMP" on public.pmp_reported_fills
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()) and (select private.current_staff_can('reports:read')));
grant all on public.pmp_submissions, public.pmp_reported_fills to service_role;

-- -----------------------------------------------------------------------------------------------------
-- The fills of a range
-- -----------------------------------------------------------------------------------------------------

create function private.reports_caller_pharmacy(refusal text) returns uuid
language plpgsql stable security definer
set search_path = ''
as $$
declare
  pharmacy uuid := private.current_pharmacy_id();
begin
  if pharmacy is null or not private.current_staff_can('reports:read') then
    raise exception '%', refusal using errcode = '42501';
  end if;
  return pharmacy;
end
$$;
comment on function private.reports_caller_pharmacy(text) is 'The caller''s pharmacy when they may read reports and report to the PMP (reports:read: pharmacists and admins), else 42501 with the refusal given.';

-- One row per controlled fill of the range that is to be in a PMP file, with its status. Shared by pmp_fills (what
-- to write) and record_pmp_submission (what may be recorded), so the two cannot disagree.
create function private.pmp_range_fills(for_pharmacy_id uuid, from_date date, to_date date)
returns table (prescription_id uuid, reporting_status text, already_reported boolean)
language sql stable
set search_path = ''
as $$
  select rx.id,
         case when rx.status = 'cancelled' then 'void' when last.reporting_status is null then 'new' else 'revise' end,
         -- As it stands: dispensed and sent (new or revise), or returned to stock and its void sent.
         last.reporting_status is not null and (rx.status = 'cancelled') = (last.reporting_status = 'void')
  from public.prescriptions rx
  join public.medications m on m.pharmacy_id = rx.pharmacy_id and m.id = rx.medication_id
  left join lateral (
    select r.reporting_status
    from public.pmp_reported_fills r
    join public.pmp_submissions s on s.pharmacy_id = r.pharmacy_id and s.id = r.submission_id
    where r.pharmacy_id = rx.pharmacy_id and r.prescription_id = rx.id
    order by s.created_at desc, s.id desc
    limit 1
  ) last on true
  where rx.pharmacy_id = for_pharmacy_id
    and rx.date_filled between from_date and to_date
    and m.dea_schedule is not null
    -- Dispensed (verified, then picked up or waiting), or returned to stock after it was reported.
    and (rx.status in ('ready', 'completed') or (rx.status = 'cancelled' and last.reporting_status is not null))
$$;
comment on function private.pmp_range_fills(uuid, date, date) is
  'The pharmacy''s controlled fills (medication with a DEA schedule) dated for_pharmacy_id''s days from_date..to_date '
  '(date_filled) that belong in a PMP file: ready or completed (new, or revise when reported before), or cancelled '
  'after being reported (void); already_reported when the latest report sent it as it stands. Served by '
  'prescriptions_pharmacy_id_date_filled_idx and pmp_reported_fills_prescription_idx. For pmp_fills and '
  'record_pmp_submission, which check the caller.';

create function private.pmp_fills(from_date date, to_date date) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  pharmacy uuid := private.reports_caller_pharmacy('Only pharmacists and admins of the pharmacy can report to the PMP');
  result jsonb;
begin
  perform private.billing_report_range(from_date, to_date);
  select jsonb_build_object(
    'from', from_date, 'to', to_date, 'timeZone', private.pharmacy_time_zone(p.id),
    'pharmacy', jsonb_build_object(
      'name', p.pharmacy_name, 'npi', p.npi_number, 'ncpdpId', p.ncpdp_id, 'deaNumber', p.dea_number,
      'address', p.street_address, 'city', p.city, 'state', p.state, 'zipCode', p.zip_code, 'phone', p.phone),
    'fills', coalesce((
      select jsonb_agg(jsonb_build_object(
        'fillId', rx.id, 'reportingStatus', f.reporting_status, 'alreadyReported', f.already_reported,
        'rxNumber', rx.rx_number, 'dateWritten', coalesce(rx.original_date, o.written_on),
        'refillsAuthorized', rx.refills, 'dateFilled', rx.date_filled, 'fillNumber', rx.fill_number,
        'ndc11', m.ndc11, 'deaSchedule', m.dea_schedule, 'drugName', concat_ws(' ', m.name, m.strength),
        'quantity', rx.quantity, 'daysSupply', rx.days_supply, 'dosageUnit', coalesce(m.package_unit, 'EA'),
        'origin', rx.prescription_type,
        'paymentType', case
          when b.pay_with = 'cash' then 'cash'
          when plan.id is null then 'cash'
          else case plan.insurance_type
            when 'medicaid' then 'medicaid' when 'medicare_part_d' then 'medicare' when 'tricare' then 'military'
            when 'workers_compensation' then 'workers_compensation' when 'commercial' then 'commercial' else 'other' end
        end,
        'dateSold', case when rx.status = 'completed' then private.pharmacy_local_date(p.id, rx.completed_at) end,
        'patient', jsonb_build_object(
          'id', pt.id, 'firstName', pt.first_name, 'lastName', pt.last_name, 'dateOfBirth', pt.date_of_birth,
          'address', pt.street_address, 'city', pt.city, 'state', pt.state, 'zipCode', pt.zip_code, 'phone', pt.phone),
        'prescriber', jsonb_build_object(
          'npi', pr.npi_number, 'deaNumber', pr.dea_number, 'stateLicense', pr.license_number,
          'firstName', pr.first_name, 'lastName', coalesce(pr.last_name, rx.prescriber_name), 'phone', pr.phone))
        order by pt.last_name, pt.first_name, pt.id, rx.date_filled, rx.rx_number, rx.fill_number, rx.id)
      from private.pmp_range_fills(p.id, from_date, to_date) f
      join public.prescriptions rx on rx.pharmacy_id = p.id and rx.id = f.prescription_id
      join public.prescription_orders o on o.pharmacy_id = p.id and o.id = rx.order_id
      join public.medications m on m.pharmacy_id = p.id and m.id = rx.medication_id
      join public.patients pt on pt.pharmacy_id = p.id and pt.id = rx.patient_id
      left join public.prescribers pr on pr.pharmacy_id = p.id and pr.id = rx.prescriber_id
      left join public.prescription_billing b on b.pharmacy_id = p.id and b.prescription_id = rx.id
      -- The plan billed: the one chosen for the fill, else the patient's active primary plan (as billing does).
      left join lateral (
        select pl.id, pl.insurance_type
        from public.patient_insurance_plans pl
        where pl.pharmacy_id = p.id and pl.patient_id = rx.patient_id
          and (pl.id = b.plan_id or (b.plan_id is null and pl.priority = 'primary' and pl.active))
        order by (pl.id = b.plan_id) desc nulls last
        limit 1
      ) plan on true
    ), '[]'::jsonb))
  into result
  from public.pharmacies p
  where p.id = pharmacy;
  return result;
end
$$;
comment on function private.pmp_fills(date, date) is
  'The PMP report''s data for the caller''s pharmacy (pharmacists and admins) over its days from_date..to_date (at '
  'most 366): {from, to, timeZone, pharmacy {name, npi, ncpdpId, deaNumber, address, city, state, zipCode, phone}, '
  'fills [{fillId, reportingStatus new|revise|void, alreadyReported, rxNumber, dateWritten, refillsAuthorized, '
  'dateFilled, fillNumber, ndc11, deaSchedule, drugName, quantity, daysSupply, dosageUnit EA|ML|GM, origin, '
  'paymentType, dateSold, patient {...}, prescriber {...}}]} ordered by patient, day, Rx and fill. The shape is '
  'shared/src/reports/asap-pmp.ts pmpFillsAnswerSchema. See private.pmp_range_fills for which fills.';

create function public.pmp_fills(from_date date, to_date date) returns jsonb
language sql stable
set search_path = ''
as $$ select private.pmp_fills(from_date, to_date) $$;
comment on function public.pmp_fills(date, date) is 'GET /api/reports/pmp: the controlled fills of a range for the ASAP file; see private.pmp_fills.';

-- -----------------------------------------------------------------------------------------------------
-- Recording a file
-- -----------------------------------------------------------------------------------------------------

create function private.record_pmp_submission(from_date date, to_date date, fill_ids uuid[], file_sha256 text, segment_count integer)
returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  pharmacy uuid := private.reports_caller_pharmacy('Only pharmacists and admins of the pharmacy can report to the PMP');
  submission uuid;
  wanted integer := coalesce(cardinality(fill_ids), 0);
  ids uuid[];
  statuses text[];
  sha text := lower(btrim(coalesce(record_pmp_submission.file_sha256, '')));
begin
  perform private.billing_report_range(from_date, to_date);
  if wanted > 200000 then
    raise exception 'A PMP file carries at most 200,000 fills: report a shorter range' using errcode = '22023';
  end if;
  if sha !~ '^[0-9a-f]{64}$' then
    raise exception 'The file''s SHA-256 is 64 lowercase hex digits' using errcode = '22023';
  end if;
  if record_pmp_submission.segment_count is null or record_pmp_submission.segment_count < 8 then
    raise exception 'An ASAP file has at least 8 segments' using errcode = '22023';
  end if;
  if array_position(fill_ids, null) is not null or wanted <> (select count(distinct id) from unnest(fill_ids) as id) then
    raise exception 'Each fill is reported once per file' using errcode = '22023';
  end if;
  -- One recording at a time per pharmacy: a fill's status (new or revise) depends on the recordings before it.
  perform pg_advisory_xact_lock(hashtextextended('pmp_submissions:' || pharmacy::text, 0));
  select coalesce(array_agg(f.prescription_id), '{}'), coalesce(array_agg(f.reporting_status), '{}')
  into ids, statuses
  from private.pmp_range_fills(pharmacy, from_date, to_date) f
  where f.prescription_id = any (fill_ids);
  if cardinality(ids) <> wanted then
    raise exception 'Only controlled fills of your pharmacy dispensed in the report''s days can be recorded as reported'
      using errcode = '22023';
  end if;
  insert into public.pmp_submissions (pharmacy_id, period_from, period_to, file_sha256, fill_count, segment_count, created_by)
  values (pharmacy, from_date, to_date, sha, wanted, record_pmp_submission.segment_count, (select auth.uid()))
  returning id into submission;
  insert into public.pmp_reported_fills (pharmacy_id, submission_id, prescription_id, reporting_status)
  select pharmacy, submission, r.id, r.status from unnest(ids, statuses) as r (id, status);
  perform private.record_audit_event(pharmacy, (select auth.uid()), 'report', 'pmp_submissions', submission::text,
    'PMP report of ' || from_date || ' to ' || to_date || ': ' || wanted || ' controlled fills, '
      || record_pmp_submission.segment_count || ' segments', true,
    jsonb_build_object('from', from_date, 'to', to_date, 'fills', wanted, 'segments', record_pmp_submission.segment_count, 'sha256', sha));
  return jsonb_build_object('submissionId', submission, 'fills', wanted);
end
$$;
comment on function private.record_pmp_submission(date, date, uuid[], text, integer) is
  'Records a PMP file the caller (a pharmacist or admin) produced for their pharmacy''s days from_date..to_date: the '
  'submission (SHA-256, segment count) and each fill it carried with the status it was sent as. Every fill must be '
  'one pmp_fills answers for that range (controlled, dispensed in it, or voided after a report), each once; '
  'otherwise nothing is recorded. One at a time per pharmacy; audited. Answers {submissionId, fills}.';

create function public.record_pmp_submission(from_date date, to_date date, fill_ids uuid[], file_sha256 text, segment_count integer)
returns jsonb
language sql
set search_path = ''
as $$ select private.record_pmp_submission(from_date, to_date, fill_ids, file_sha256, segment_count) $$;
comment on function public.record_pmp_submission(date, date, uuid[], text, integer) is
  'GET /api/reports/pmp after writing the file: records it and the fills it reported; see private.record_pmp_submission.';

revoke all on function private.reports_caller_pharmacy(text), private.pmp_range_fills(uuid, date, date), private.pmp_fills(date, date),
  private.record_pmp_submission(date, date, uuid[], text, integer) from public, anon;
-- The public wrappers run as the caller; the helpers run only inside the security-definer functions.
grant execute on function private.pmp_fills(date, date), private.record_pmp_submission(date, date, uuid[], text, integer) to authenticated;
revoke all on function public.pmp_fills(date, date), public.record_pmp_submission(date, date, uuid[], text, integer) from public, anon;
grant execute on function public.pmp_fills(date, date), public.record_pmp_submission(date, date, uuid[], text, integer) to authenticated, service_role;

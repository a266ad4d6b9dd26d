-- =====================================================================================================
-- Billing reports (issue 25): the Billing screen's Reports tab, as SQL over the claims
-- =====================================================================================================
-- public.billing_report(report, from_date, to_date, payer_bin) answers one of the six reports for the caller's
-- pharmacy as {report, title, from, to, payerBin, columns: [{key, label, kind}], rows: [...], totals: {...}}, money
-- in cents; the api serves it as JSON or CSV (GET /api/claims/reports/{report}). Days are the pharmacy's: a claim's
-- date of service (already a local date), a payment's local day (private.pharmacy_days bounds the range). The counts
-- and sums come from the triggers' rollups (claim_daily_totals, claim_answer_times: a few rows a day per payer), so
-- a year costs what a week does; rejections from claim_events, aging from the claims not paid.
--   daily-claims        per day: claims billed, paid, rejected, reversed, gross amount due, paid by payers
--   weekly-revenue      per week (Monday first): paid by payers, paid by patients, revenue
--   rejection-analysis  per reject code: rejections in the range (claim_events), claims rejected, share, last seen
--   payer-performance   per payer (BIN): claims, paid, rejected, rejection rate, paid by payers, average paid,
--                       average time the switch took to answer its claims
--   aging               claims not paid (pending, submitted, rejected) by age of the date of service: 0–30, 31–60,
--                       61–90 and over 90 days, claims and gross amount due per status (the range is ignored: aging
--                       is as of today)
--   custom              every claim in the range (and of the payer when given), at most 10,000 rows
-- The range is at most 366 days (a year of claims stays a bounded read at any volume).

create function private.billing_report_range(from_date date, to_date date) returns void
language plpgsql immutable
set search_path = ''
as $$
begin
  if from_date is null or to_date is null then
    raise exception 'Choose the first and last day of the report' using errcode = '22023';
  end if;
  if to_date < from_date then
    raise exception 'The last day of the report is before its first day' using errcode = '22023';
  end if;
  if to_date - from_date > 365 then
    raise exception 'A report covers at most 366 days' using errcode = '22023';
  end if;
end
$$;
comment on function private.billing_report_range(date, date) is 'Refuses a report range that is missing, reversed or longer than 366 days.';

create function private.billing_report(report text, from_date date, to_date date, payer_bin text) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  pharmacy uuid := private.current_pharmacy_id();
  days tstzrange;
  result jsonb;
  payer text := nullif(btrim(coalesce(payer_bin, '')), '');
  today date;
begin
  if pharmacy is null or not private.current_staff_can('billing:manage') then
    raise exception 'Only staff of the pharmacy can read billing reports' using errcode = '42501';
  end if;
  if payer is not null and payer !~ '^[0-9]{6}$' then
    raise exception 'A payer is chosen by its 6-digit BIN' using errcode = '22023';
  end if;
  if report <> 'aging' then
    perform private.billing_report_range(from_date, to_date);
  end if;
  days := private.pharmacy_days(pharmacy, from_date, to_date);
  -- Once, not per row: the planner would call the helper for every claim it ages.
  today := private.pharmacy_local_date(pharmacy, now());

  case report
  when 'daily-claims' then
    select jsonb_build_object(
      'title', 'Daily Claims',
      'columns', jsonb_build_array(
        jsonb_build_object('key', 'day', 'label', 'Date of service', 'kind', 'date'),
        jsonb_build_object('key', 'claims', 'label', 'Claims', 'kind', 'count'),
        jsonb_build_object('key', 'paid', 'label', 'Paid', 'kind', 'count'),
        jsonb_build_object('key', 'rejected', 'label', 'Rejected', 'kind', 'count'),
        jsonb_build_object('key', 'reversed', 'label', 'Reversed', 'kind', 'count'),
        jsonb_build_object('key', 'grossCents', 'label', 'Billed', 'kind', 'cents'),
        jsonb_build_object('key', 'paidCents', 'label', 'Paid by payers', 'kind', 'cents')),
      'rows', coalesce(jsonb_agg(jsonb_build_object('day', d.day, 'claims', d.claims, 'paid', d.paid, 'rejected', d.rejected,
                'reversed', d.reversed, 'grossCents', d.gross, 'paidCents', d.paid_cents) order by d.day), '[]'::jsonb),
      'totals', jsonb_build_object('claims', coalesce(sum(d.claims), 0), 'paid', coalesce(sum(d.paid), 0),
                'rejected', coalesce(sum(d.rejected), 0), 'reversed', coalesce(sum(d.reversed), 0),
                'grossCents', coalesce(sum(d.gross), 0), 'paidCents', coalesce(sum(d.paid_cents), 0)))
    into result
    from (
      select t.service_date as day, sum(t.claims) as claims, coalesce(sum(t.claims) filter (where t.status = 'paid'), 0) as paid,
             coalesce(sum(t.claims) filter (where t.status = 'rejected'), 0) as rejected,
             coalesce(sum(t.claims) filter (where t.status = 'reversed'), 0) as reversed,
             sum(t.gross_amount_due_cents) as gross,
             coalesce(sum(t.total_paid_cents) filter (where t.status = 'paid'), 0) as paid_cents
      from public.claim_daily_totals t
      where t.pharmacy_id = pharmacy and t.service_date between from_date and to_date and (payer is null or t.bin = payer)
      group by t.service_date
      having sum(t.claims) <> 0
    ) d;

  when 'weekly-revenue' then
    select jsonb_build_object(
      'title', 'Weekly Revenue',
      'columns', jsonb_build_array(
        jsonb_build_object('key', 'weekOf', 'label', 'Week of', 'kind', 'date'),
        jsonb_build_object('key', 'payersCents', 'label', 'Paid by payers', 'kind', 'cents'),
        jsonb_build_object('key', 'patientsCents', 'label', 'Paid by patients', 'kind', 'cents'),
        jsonb_build_object('key', 'revenueCents', 'label', 'Revenue', 'kind', 'cents')),
      'rows', coalesce(jsonb_agg(jsonb_build_object('weekOf', w.week_of, 'payersCents', w.payers, 'patientsCents', w.patients,
                'revenueCents', w.payers + w.patients) order by w.week_of), '[]'::jsonb),
      'totals', jsonb_build_object('payersCents', coalesce(sum(w.payers), 0), 'patientsCents', coalesce(sum(w.patients), 0),
                'revenueCents', coalesce(sum(w.payers + w.patients), 0)))
    into result
    from (
      select week_of, sum(payers) as payers, sum(patients) as patients
      from (
        select date_trunc('week', t.service_date)::date as week_of, t.total_paid_cents as payers, 0::bigint as patients
        from public.claim_daily_totals t
        where t.pharmacy_id = pharmacy and t.status = 'paid' and t.service_date between from_date and to_date
          and (payer is null or t.bin = payer) and t.claims <> 0
        union all
        select date_trunc('week', private.pharmacy_local_date(pharmacy, pp.received_at))::date, 0, pp.amount_cents
        from public.patient_payments pp
        where pp.pharmacy_id = pharmacy and pp.received_at >= lower(days) and pp.received_at < upper(days) and payer is null
      ) money
      group by week_of
    ) w;

  when 'rejection-analysis' then
    select jsonb_build_object(
      'title', 'Rejection Analysis',
      'columns', jsonb_build_array(
        jsonb_build_object('key', 'code', 'label', 'Reject code', 'kind', 'text'),
        jsonb_build_object('key', 'rejections', 'label', 'Rejections', 'kind', 'count'),
        jsonb_build_object('key', 'claims', 'label', 'Claims', 'kind', 'count'),
        jsonb_build_object('key', 'sharePercent', 'label', 'Share of rejections', 'kind', 'percent'),
        jsonb_build_object('key', 'lastSeen', 'label', 'Last seen', 'kind', 'date')),
      'rows', coalesce(jsonb_agg(jsonb_build_object('code', r.code, 'rejections', r.rejections, 'claims', r.claims,
                'sharePercent', r.share,
                'lastSeen', r.last_seen) order by r.rejections desc, r.code), '[]'::jsonb),
      'totals', jsonb_build_object('rejections', coalesce(sum(r.rejections), 0)))
    into result
    from (
      select counted.*, round(100.0 * counted.rejections / nullif(sum(counted.rejections) over (), 0), 1) as share
      from (
        select code, count(*) as rejections, count(distinct e.claim_id) as claims,
               private.pharmacy_local_date(pharmacy, max(e.occurred_at)) as last_seen
        from public.claim_events e cross join lateral unnest(e.reject_codes) as code
        where e.pharmacy_id = pharmacy and e.status = 'rejected' and e.occurred_at >= lower(days) and e.occurred_at < upper(days)
          and (payer is null or e.bin = payer)
        group by code
      ) counted
    ) r;

  when 'payer-performance' then
    select jsonb_build_object(
      'title', 'Payer Performance',
      'columns', jsonb_build_array(
        jsonb_build_object('key', 'payerName', 'label', 'Payer', 'kind', 'text'),
        jsonb_build_object('key', 'bin', 'label', 'BIN', 'kind', 'text'),
        jsonb_build_object('key', 'claims', 'label', 'Claims', 'kind', 'count'),
        jsonb_build_object('key', 'paid', 'label', 'Paid', 'kind', 'count'),
        jsonb_build_object('key', 'rejected', 'label', 'Rejected', 'kind', 'count'),
        jsonb_build_object('key', 'rejectionRatePercent', 'label', 'Rejection rate', 'kind', 'percent'),
        jsonb_build_object('key', 'paidCents', 'label', 'Paid by payer', 'kind', 'cents'),
        jsonb_build_object('key', 'averagePaidCents', 'label', 'Average paid', 'kind', 'cents'),
        jsonb_build_object('key', 'averageAnswerMs', 'label', 'Average answer time', 'kind', 'ms')),
      'rows', coalesce(jsonb_agg(jsonb_build_object('payerName', p.payer_name, 'bin', p.bin, 'claims', p.claims, 'paid', p.paid,
                'rejected', p.rejected, 'rejectionRatePercent', round(100.0 * p.rejected / nullif(p.claims, 0), 1),
                'paidCents', p.paid_cents, 'averagePaidCents', case when p.paid > 0 then round(p.paid_cents::numeric / p.paid)::bigint end,
                'averageAnswerMs', p.answer_ms) order by p.claims desc, p.bin), '[]'::jsonb),
      'totals', jsonb_build_object('claims', coalesce(sum(p.claims), 0), 'paidCents', coalesce(sum(p.paid_cents), 0)))
    into result
    from (
      select t.bin, max(t.payer_name) as payer_name, sum(t.claims) as claims,
             coalesce(sum(t.claims) filter (where t.status = 'paid'), 0) as paid,
             coalesce(sum(t.claims) filter (where t.status = 'rejected'), 0) as rejected,
             coalesce(sum(t.total_paid_cents) filter (where t.status = 'paid'), 0) as paid_cents,
             (select round(sum(a.total_ms)::numeric / nullif(sum(a.answered), 0))::int from public.claim_answer_times a
              where a.pharmacy_id = pharmacy and a.bin = t.bin and a.day between from_date and to_date) as answer_ms
      from public.claim_daily_totals t
      where t.pharmacy_id = pharmacy and t.service_date between from_date and to_date and (payer is null or t.bin = payer)
      group by t.bin
      having sum(t.claims) <> 0
    ) p;

  when 'aging' then
    select jsonb_build_object(
      'title', 'Aging',
      'columns', jsonb_build_array(
        jsonb_build_object('key', 'status', 'label', 'Status', 'kind', 'text'),
        jsonb_build_object('key', 'days0to30', 'label', '0–30 days', 'kind', 'count'),
        jsonb_build_object('key', 'days31to60', 'label', '31–60 days', 'kind', 'count'),
        jsonb_build_object('key', 'days61to90', 'label', '61–90 days', 'kind', 'count'),
        jsonb_build_object('key', 'over90', 'label', 'Over 90 days', 'kind', 'count'),
        jsonb_build_object('key', 'grossCents', 'label', 'Billed, not paid', 'kind', 'cents')),
      'rows', coalesce(jsonb_agg(jsonb_build_object('status', a.status, 'days0to30', a.d30, 'days31to60', a.d60, 'days61to90', a.d90,
                'over90', a.over, 'grossCents', a.gross) order by array_position(array['pending', 'submitted', 'rejected'], a.status)), '[]'::jsonb),
      'totals', jsonb_build_object('claims', coalesce(sum(a.d30 + a.d60 + a.d90 + a.over), 0), 'grossCents', coalesce(sum(a.gross), 0)),
      'asOf', today)
    into result
    from (
      select c.status,
             count(*) filter (where today - c.service_date <= 30) as d30,
             count(*) filter (where today - c.service_date between 31 and 60) as d60,
             count(*) filter (where today - c.service_date between 61 and 90) as d90,
             count(*) filter (where today - c.service_date > 90) as over,
             sum(c.gross_amount_due_cents) as gross
      from public.claims c
      where c.pharmacy_id = pharmacy and c.status in ('pending', 'submitted', 'rejected') and (payer is null or c.bin = payer)
      group by c.status
    ) a;

  when 'custom' then
    select jsonb_build_object(
      'title', 'Claims',
      'columns', jsonb_build_array(
        jsonb_build_object('key', 'serviceDate', 'label', 'Date of service', 'kind', 'date'),
        jsonb_build_object('key', 'rx', 'label', 'Rx', 'kind', 'text'),
        jsonb_build_object('key', 'patientName', 'label', 'Patient', 'kind', 'text'),
        jsonb_build_object('key', 'payerName', 'label', 'Payer', 'kind', 'text'),
        jsonb_build_object('key', 'bin', 'label', 'BIN', 'kind', 'text'),
        jsonb_build_object('key', 'ndc', 'label', 'NDC', 'kind', 'text'),
        jsonb_build_object('key', 'status', 'label', 'Status', 'kind', 'text'),
        jsonb_build_object('key', 'rejectCodes', 'label', 'Reject codes', 'kind', 'text'),
        jsonb_build_object('key', 'grossCents', 'label', 'Billed', 'kind', 'cents'),
        jsonb_build_object('key', 'paidCents', 'label', 'Paid by payer', 'kind', 'cents'),
        jsonb_build_object('key', 'patientPayCents', 'label', 'Patient pays', 'kind', 'cents')),
      'rows', coalesce(jsonb_agg(jsonb_build_object('serviceDate', x.service_date, 'rx', x.rx_number || '-' || lpad(x.fill_number::text, 2, '0'),
                'patientName', x.patient_name, 'payerName', x.payer_name, 'bin', x.bin, 'ndc', x.ndc, 'status', x.status,
                'rejectCodes', array_to_string(x.reject_codes, ' '), 'grossCents', x.gross_amount_due_cents,
                'paidCents', x.total_paid_cents, 'patientPayCents', x.patient_pay_cents)
                order by x.service_date, x.rx_number, x.fill_number), '[]'::jsonb),
      'totals', jsonb_build_object('claims', count(*), 'grossCents', coalesce(sum(x.gross_amount_due_cents), 0),
                'paidCents', coalesce(sum(x.total_paid_cents) filter (where x.status = 'paid'), 0)))
    into result
    from (
      select c.*, p.last_name || ', ' || p.first_name as patient_name
      from public.claims c join public.patients p on p.pharmacy_id = c.pharmacy_id and p.id = c.patient_id
      where c.pharmacy_id = pharmacy and c.service_date between from_date and to_date and (payer is null or c.bin = payer)
      order by c.service_date, c.rx_number, c.fill_number
      limit 10000
    ) x;

  else
    raise exception 'Unknown report %: use daily-claims, weekly-revenue, rejection-analysis, payer-performance, aging or custom', report
      using errcode = '22023';
  end case;
  return result || jsonb_build_object('report', report, 'from', from_date, 'to', to_date, 'payerBin', payer);
end
$$;
comment on function private.billing_report(text, date, date, text) is
  'One Billing report of the caller''s pharmacy (billing staff): daily-claims, weekly-revenue, rejection-analysis, '
  'payer-performance, aging or custom, over the pharmacy''s days from_date..to_date (at most 366; aging is as of '
  'today) and one payer when payer_bin is given, as {report, title, from, to, payerBin, columns, rows, totals}. See '
  'this migration''s header for each report.';

create function public.billing_report(report text, from_date date default null, to_date date default null, payer_bin text default null)
returns jsonb
language sql stable
set search_path = ''
as $$ select private.billing_report(report, from_date, to_date, payer_bin) $$;
comment on function public.billing_report(text, date, date, text) is 'GET /api/claims/reports/{report}: see private.billing_report.';

revoke all on function private.billing_report_range(date, date), private.billing_report(text, date, date, text) from public, anon;
grant execute on function private.billing_report_range(date, date), private.billing_report(text, date, date, text) to authenticated;
revoke all on function public.billing_report(text, date, date, text) from public, anon;
grant execute on function public.billing_report(text, date, date, text) to authenticated, service_role;

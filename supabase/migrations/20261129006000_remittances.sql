-- =====================================================================================================
-- Remittances (issue 25): a payer's X12 835 imported and matched to the claims it pays
-- =====================================================================================================
-- * public.remittances: one 835 transaction set as imported (payer, the check or EFT trace number, payment date
--   and amount in cents, method, the raw text, the guide's balancing problems found), once per payer and trace
--   number: the same remittance again is refused with a sentence, nothing changes.
-- * public.remittance_claims: each CLP (the claim reference we sent, "{Rx}-{fill}", its status code, charge, paid,
--   patient responsibility, the payer's claim number, the CAS adjustments) and the claim it matched: the fill's
--   claim whose Rx and fill numbers it names — of the payer's coverage when the amounts say which (the one whose
--   total paid equals what is paid), else the primary; a reversal (CLP02 22) matches a reversed claim, else a
--   rebilled one (a B3 is the old payment reversed and a new one).
-- * public.remittance_adjustments: the PLB provider-level adjustments (reason, reference, cents).
-- * public.reconciliation_page: the paid claims of a range as paid in full (remitted = what the switch said it
--   would pay), short-paid (less), unpaid (nothing remitted yet), and the remittance claims that matched nothing.
-- * Writes only through import_remittance (billing staff, as the caller; the api parsed the file with
--   shared/src/billing/remittance-835.ts). One transaction; audited.

create table public.remittances (
  id uuid primary key default gen_random_uuid(),
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  payer_name text not null,
  payer_id text,
  trace_number text not null,
  payment_date date not null,
  payment_cents bigint not null,
  credit_debit text not null,
  method text not null,
  interchange_control_number integer,
  set_control_number text,
  raw text not null,
  balance_problems text[] not null default '{}',
  claims_count integer not null default 0,
  matched_count integer not null default 0,
  imported_by uuid references auth.users (id),
  imported_at timestamptz not null default now(),
  constraint remittances_pharmacy_id_id_key unique (pharmacy_id, id),
  constraint remittances_once_key unique (pharmacy_id, payer_name, trace_number),
  constraint remittances_values_check check (
    length(payer_name) between 1 and 60 and length(trace_number) between 1 and 50 and credit_debit in ('C', 'D')
    and length(method) <= 3 and length(raw) <= 2097152 and payment_cents >= 0)
);
comment on table public.remittances is
  'A payer''s 835 (Health Care Claim Payment/Advice) as imported: payer, check/EFT trace number, payment date and '
  'amount (cents, C credit or D debit), method, the raw transaction set, the guide''s balancing problems found, how '
  'many claims it holds and matched, who imported it and when. Once per payer and trace number.';
comment on constraint remittances_once_key on public.remittances is 'This remittance (the same payer and trace number) was already imported';
create index remittances_imported_idx on public.remittances (pharmacy_id, imported_at desc);
create index remittances_imported_by_idx on public.remittances (imported_by);

create table public.remittance_claims (
  id bigint generated always as identity primary key,
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  remittance_id uuid not null,
  claim_id uuid,
  patient_control_number text not null,
  rx_number bigint,
  fill_number integer,
  status_code text not null,
  charge_cents bigint not null,
  paid_cents bigint not null,
  patient_responsibility_cents bigint,
  payer_claim_control_number text,
  adjustments jsonb not null default '[]',
  constraint remittance_claims_remittance_fkey foreign key (pharmacy_id, remittance_id)
    references public.remittances (pharmacy_id, id) on delete cascade,
  constraint remittance_claims_claim_fkey foreign key (pharmacy_id, claim_id)
    references public.claims (pharmacy_id, id) on delete set null (claim_id),
  constraint remittance_claims_values_check check (
    length(patient_control_number) between 1 and 38 and length(status_code) <= 2 and length(payer_claim_control_number) <= 50
    and jsonb_typeof(adjustments) = 'array')
);
comment on table public.remittance_claims is
  'Each claim payment (CLP) of a remittance: the reference we sent ("{Rx}-{fill}") and the Rx and fill numbers read '
  'from it, the payer''s status code (1 processed as primary, 2 secondary, 4 denied, 22 reversal…), charge, paid and '
  'patient responsibility in cents, the payer''s claim number, the CAS adjustments ([{group, reasonCode, '
  'amountCents}]), and the claim it matched (null: none).';
create index remittance_claims_remittance_idx on public.remittance_claims (pharmacy_id, remittance_id);
create index remittance_claims_claim_idx on public.remittance_claims (pharmacy_id, claim_id) where claim_id is not null;
create index remittance_claims_unmatched_idx on public.remittance_claims (pharmacy_id, remittance_id) where claim_id is null;

create table public.remittance_adjustments (
  id bigint generated always as identity primary key,
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  remittance_id uuid not null,
  reason_code text not null,
  reference text,
  amount_cents bigint not null,
  fiscal_period_date date,
  constraint remittance_adjustments_remittance_fkey foreign key (pharmacy_id, remittance_id)
    references public.remittances (pharmacy_id, id) on delete cascade,
  constraint remittance_adjustments_values_check check (length(reason_code) <= 2 and length(reference) <= 50)
);
comment on table public.remittance_adjustments is
  'A remittance''s provider-level adjustments (PLB): reason (WO overpayment recovery, FB forwarding balance, L6 '
  'interest, 72 authorized return…), reference, cents (positive is taken from the payment).';
create index remittance_adjustments_remittance_idx on public.remittance_adjustments (pharmacy_id, remittance_id);

-- What a claim has been remitted, kept with the claim so the reconciliation reads one row per claim.
alter table public.claims add column remitted_cents bigint not null default 0;
alter table public.claims add column remitted_at timestamptz;
comment on column public.claims.remitted_cents is
  'What the payer''s remittances (835) paid on this claim in all, in cents (a reversal''s CLP takes it back); with '
  'total_paid_cents it says paid in full, short-paid or unpaid. Written only by import_remittance.';
-- The reconciliation reads a range's paid claims from this index alone (count, sums, the remittance state).
create index claims_paid_service_idx on public.claims (pharmacy_id, service_date)
  include (remitted_at, remitted_cents, total_paid_cents, rx_number, fill_number) where status = 'paid';

alter table public.remittances enable row level security;
alter table public.remittance_claims enable row level security;
alter table public.remittance_adjustments enable row level security;
revoke insert, update, delete, truncate on public.remittances, public.remittance_claims, public.remittance_adjustments from anon, authenticated;
revoke select on public.remittances, public.remittance_claims, public.remittance_adjustments from anon;
create policy "Staff can read their pharmacy's remittances" on public.remittances
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
create policy "Staff can read their pharmacy's remittance claims" on public.remittance_claims
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
create policy "Staff can read their pharmacy's remittance adjustments" on public.remittance_adjustments
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
grant all on public.remittances, public.remittance_claims, public.remittance_adjustments to service_role;

-- -----------------------------------------------------------------------------------------------------
-- Importing a remittance
-- -----------------------------------------------------------------------------------------------------
create function private.matching_claim(for_pharmacy_id uuid, rx bigint, fill integer, status_code text, paid bigint)
returns public.claims
language sql stable security definer
set search_path = ''
as $$
  select c.* from public.claims c
  where c.pharmacy_id = for_pharmacy_id and c.rx_number = rx and c.fill_number = fill
    and c.status in ('paid', 'reversed')
  -- A reversal (22) takes back from a reversed claim first, else from a claim rebilled (B3: the payer reversed the
  -- old payment and paid anew); then the payer's coverage when the amounts say which, else the primary.
  order by (status_code = '22' and c.status = 'reversed') desc, (c.total_paid_cents = abs(paid)) desc, c.coverage, c.created_at
  limit 1
$$;
comment on function private.matching_claim(uuid, bigint, integer, text, bigint) is
  'The claim a remittance''s CLP pays: the fill''s (Rx and fill number) paid or reversed claim — a reversal (status '
  'code 22) a reversed one first (else a rebilled one) — whose total paid equals the amount when one does, else the '
  'primary.';

create function private.import_remittance(remittance jsonb, interchange_control_number integer default null) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  pharmacy uuid := private.current_pharmacy_id();
  saved public.remittances;
  entry jsonb;
  matched public.claims;
  rx bigint;
  fill integer;
  paid bigint;
  matched_total integer := 0;
  claims_total integer := 0;
begin
  if pharmacy is null or not private.current_staff_can('billing:manage') then
    raise exception 'Only staff of the pharmacy can import remittances' using errcode = '42501';
  end if;
  if jsonb_typeof(remittance) is distinct from 'object' or remittance ->> 'kind' is distinct from '835' then
    raise exception 'Not a remittance (835) the api read' using errcode = '22023';
  end if;
  if jsonb_array_length(coalesce(remittance -> 'claims', '[]')) > 10000 then
    raise exception 'A remittance holds at most 10,000 claims' using errcode = '22023';
  end if;
  insert into public.remittances (pharmacy_id, payer_name, payer_id, trace_number, payment_date, payment_cents, credit_debit,
    method, interchange_control_number, set_control_number, raw, balance_problems, imported_by)
  values (pharmacy, left(remittance #>> '{payer,name}', 60), left(remittance #>> '{payer,payerId}', 50),
    remittance #>> '{trace,traceNumber}', (remittance #>> '{payment,date}')::date, (remittance #>> '{payment,amountCents}')::bigint,
    remittance #>> '{payment,creditDebit}', remittance #>> '{payment,method}', interchange_control_number,
    remittance ->> 'controlNumber', remittance ->> 'raw',
    coalesce(array(select jsonb_array_elements_text(remittance -> 'balanceProblems')), '{}'), (select auth.uid()))
  returning * into saved;

  for entry in select value from jsonb_array_elements(coalesce(remittance -> 'claims', '[]')) loop
    claims_total := claims_total + 1;
    rx := (entry ->> 'rxNumber')::bigint;
    fill := (entry ->> 'fillNumber')::integer;
    paid := (entry ->> 'paidCents')::bigint;
    matched := null;
    if rx is not null and fill is not null then
      matched := private.matching_claim(pharmacy, rx, fill, entry ->> 'statusCode', paid);
    end if;
    insert into public.remittance_claims (pharmacy_id, remittance_id, claim_id, patient_control_number, rx_number, fill_number,
      status_code, charge_cents, paid_cents, patient_responsibility_cents, payer_claim_control_number, adjustments)
    values (pharmacy, saved.id, matched.id, left(entry ->> 'patientControlNumber', 38), rx, fill, entry ->> 'statusCode',
      (entry ->> 'chargeCents')::bigint, paid, (entry ->> 'patientResponsibilityCents')::bigint,
      left(entry ->> 'payerClaimControlNumber', 50), coalesce(entry -> 'adjustments', '[]'));
    if matched.id is not null then
      matched_total := matched_total + 1;
      update public.claims c set remitted_cents = c.remitted_cents + paid, remitted_at = now() where c.id = matched.id;
    end if;
  end loop;
  insert into public.remittance_adjustments (pharmacy_id, remittance_id, reason_code, reference, amount_cents, fiscal_period_date)
  select pharmacy, saved.id, a ->> 'reasonCode', left(a ->> 'reference', 50), (a ->> 'amountCents')::bigint, (a ->> 'fiscalPeriodDate')::date
  from jsonb_array_elements(coalesce(remittance -> 'providerAdjustments', '[]')) a;
  update public.remittances r set claims_count = claims_total, matched_count = matched_total
  where r.id = saved.id returning * into saved;
  perform private.record_audit_event(pharmacy, (select auth.uid()), 'import', 'remittances', saved.id::text,
    'Remittance from ' || saved.payer_name || ', trace ' || saved.trace_number || ': ' || claims_total || ' claims, '
      || matched_total || ' matched', true);
  return jsonb_build_object('remittanceId', saved.id, 'payerName', saved.payer_name, 'traceNumber', saved.trace_number,
    'paymentCents', saved.payment_cents, 'claims', claims_total, 'matched', matched_total,
    'balanceProblems', to_jsonb(saved.balance_problems));
end
$$;
comment on function private.import_remittance(jsonb, integer) is
  'Imports one remittance (835) as shared/src/billing/remittance-835.ts read it (RemittanceAdvice), as the caller '
  '(billing staff): the remittance once per payer and trace number, each CLP matched to its claim '
  '(private.matching_claim) whose remitted amount grows by what is paid, the PLB adjustments; audited; one '
  'transaction. Answers {remittanceId, payerName, traceNumber, paymentCents, claims, matched, balanceProblems}.';

create function public.import_remittance(remittance jsonb, interchange_control_number integer default null) returns jsonb
language sql
set search_path = ''
as $$ select private.import_remittance(remittance, interchange_control_number) $$;
comment on function public.import_remittance(jsonb, integer) is 'POST /api/claims/remittances: see private.import_remittance.';

-- -----------------------------------------------------------------------------------------------------
-- Reconciliation
-- -----------------------------------------------------------------------------------------------------
create function public.reconciliation_page(
  outcome text default 'short_paid', from_date date default null, to_date date default null,
  page_size integer default 25, page_offset integer default 0
) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  pharmacy uuid := private.current_pharmacy_id();
  limit_rows integer := least(greatest(coalesce(page_size, 25), 1), 100);
  skip_rows integer := greatest(coalesce(page_offset, 0), 0);
  result jsonb;
begin
  if pharmacy is null or not private.current_staff_can('billing:manage') then
    raise exception 'Only staff of the pharmacy can reconcile remittances' using errcode = '42501';
  end if;
  if outcome not in ('paid_in_full', 'short_paid', 'unpaid', 'unmatched') then
    raise exception 'Outcome must be paid_in_full, short_paid, unpaid or unmatched' using errcode = '22023';
  end if;
  if outcome = 'unmatched' then
    select jsonb_build_object('total', (select count(*) from public.remittance_claims rc
                                        where rc.pharmacy_id = pharmacy and rc.claim_id is null),
      'rows', coalesce(jsonb_agg(jsonb_build_object('patientControlNumber', u.patient_control_number, 'statusCode', u.status_code,
                'chargeCents', u.charge_cents, 'paidCents', u.paid_cents, 'payerName', u.payer_name, 'traceNumber', u.trace_number,
                'paymentDate', u.payment_date) order by u.payment_date desc, u.id), '[]'::jsonb))
    into result
    from (
      select rc.*, r.payer_name, r.trace_number, r.payment_date
      from public.remittance_claims rc join public.remittances r on r.id = rc.remittance_id
      where rc.pharmacy_id = pharmacy and rc.claim_id is null
      order by r.payment_date desc, rc.id
      limit limit_rows offset skip_rows
    ) u;
    return result;
  end if;
  if from_date is null or to_date is null then
    raise exception 'Choose the first and last day of the claims to reconcile' using errcode = '22023';
  end if;
  perform private.billing_report_range(from_date, to_date);
  -- The count and sums from the covering index (no table rows), then one page of rows.
  select jsonb_build_object('total', count(*), 'expectedCents', coalesce(sum(c.total_paid_cents), 0),
                            'remittedCents', coalesce(sum(c.remitted_cents), 0))
  into result
  from public.claims c
  where c.pharmacy_id = pharmacy and c.status = 'paid' and c.service_date between from_date and to_date
    and case outcome
          when 'paid_in_full' then c.remitted_at is not null and c.remitted_cents >= coalesce(c.total_paid_cents, 0)
          when 'short_paid' then c.remitted_at is not null and c.remitted_cents < coalesce(c.total_paid_cents, 0)
          else c.remitted_at is null end;
  select result || jsonb_build_object('rows', coalesce(jsonb_agg(jsonb_build_object('claimId', p.id, 'prescriptionId', p.prescription_id,
            'rxNumber', p.rx_number, 'fillNumber', p.fill_number, 'serviceDate', p.service_date, 'payerName', p.payer_name, 'bin', p.bin,
            'patientName', (select pt.last_name || ', ' || pt.first_name from public.patients pt
                            where pt.pharmacy_id = p.pharmacy_id and pt.id = p.patient_id),
            'expectedCents', p.total_paid_cents, 'remittedCents', p.remitted_cents,
            'differenceCents', coalesce(p.total_paid_cents, 0) - p.remitted_cents, 'remittedAt', p.remitted_at)
            order by p.service_date, p.rx_number, p.fill_number), '[]'::jsonb))
  into result
  from (
    select c.* from public.claims c
    where c.pharmacy_id = pharmacy and c.status = 'paid' and c.service_date between from_date and to_date
      and case outcome
            when 'paid_in_full' then c.remitted_at is not null and c.remitted_cents >= coalesce(c.total_paid_cents, 0)
            when 'short_paid' then c.remitted_at is not null and c.remitted_cents < coalesce(c.total_paid_cents, 0)
            else c.remitted_at is null end
    order by c.service_date, c.rx_number, c.fill_number
    limit limit_rows offset skip_rows
  ) p;
  return result;
end
$$;
comment on function public.reconciliation_page(text, date, date, integer, integer) is
  'Reconciliation, as the caller (RLS applies): the paid claims with a date of service in the range (at most 366 '
  'days) that were paid in full (remitted at least what the switch said), short-paid (remitted less) or are unpaid '
  '(nothing remitted yet), a page at a time (at most 100) with the count and the expected and remitted sums; or the '
  'remittance claims that matched no claim (unmatched, newest first).';

revoke all on function private.matching_claim(uuid, bigint, integer, text, bigint), private.import_remittance(jsonb, integer) from public, anon;
grant execute on function private.import_remittance(jsonb, integer) to authenticated;
revoke all on function public.import_remittance(jsonb, integer), public.reconciliation_page(text, date, date, integer, integer) from public, anon;
grant execute on function public.import_remittance(jsonb, integer), public.reconciliation_page(text, date, date, integer, integer)
  to authenticated, service_role;

select private.install_constraint_explanations('public.remittances');
select private.install_constraint_explanations('public.remittance_claims');
select private.install_constraint_explanations('public.claims');

-- =====================================================================================================
-- Claims (issue 25): third-party billing of each fill by NCPDP D.0 through a claims switch
-- =====================================================================================================
-- * public.prescription_billing: how a fill is paid — by its plan (the patient's primary, or the plan chosen) or
--   as cash — with the custom copay and a pharmacist's override of a rejected claim. GET/PUT /api/billing/{id}.
-- * public.claims: one per fill and plan (primary, then secondary for coordination of benefits), what was billed
--   (a snapshot of the plan, the NDC, quantity, days supply and the submitted prices in cents) and what the payer
--   answered (status, authorisation, amounts, reject codes, DUR, the previous fill date of a refill too soon).
--   Status: pending (created when a fill with a plan moves to processing) → submitted → paid | rejected; paid →
--   reversed; a rejected or reversed claim is billed again (B1) with what fixes the reject (submission
--   clarification codes, prior authorisation number, DUR/PPS codes); B3 rebills a paid claim. Only the database
--   writes claims: the api function opens a transaction (begin_claim_transaction, as the caller) and records what
--   the switch answered (record_claim_response, service role, after the real exchange).
-- * public.claim_transmissions: the raw D.0 request and response of every attempt (PHI: the pharmacy's staff read
--   them; each is audited), with where it went, how long it took and what happened.
-- * public.claim_events: each claim's history, written by a trigger on claims.
-- * public.claim_counters: claims and their amounts per pharmacy and status, kept by statement triggers (the
--   Billing overview reads counts from here at any volume).
-- * public.patient_payments: what the patient paid for a fill (cash, card, check), who took it and when.
-- * Rules in the database: a fill whose primary claim is rejected cannot move to ready until the claim is paid, the
--   fill is billed as cash, or a pharmacist overrides with a reason; a ready fill with a paid claim goes back to
--   stock only after its reversal; the daily job (reverse-unclaimed-fills) reverses and returns to stock the fills
--   not picked up within the Billing settings' return-to-stock days.
-- * Billing settings (group 'billing', System Settings → Billing): dispensing fee (cents, default 1250), default
--   coverage percent (80), return-to-stock days (14); private.billing_settings applies the defaults.

-- -----------------------------------------------------------------------------------------------------
-- Billing settings
-- -----------------------------------------------------------------------------------------------------
-- The group itself (System Settings → Billing) is 20261129004500_billing_settings_group's.
create function private.billing_settings(for_pharmacy_id uuid) returns jsonb
language sql stable
set search_path = ''
as $$
  with stored as (select private.pharmacy_settings_values(for_pharmacy_id, 'billing') as v)
  select jsonb_build_object(
    'dispensingFeeCents',
      case when jsonb_typeof(s.v -> 'dispensingFeeCents') = 'number'
                and (s.v ->> 'dispensingFeeCents')::numeric between 0 and 100000
                and (s.v ->> 'dispensingFeeCents')::numeric = trunc((s.v ->> 'dispensingFeeCents')::numeric)
           then (s.v ->> 'dispensingFeeCents')::numeric::int else 1250 end,
    'defaultCoveragePercent',
      case when jsonb_typeof(s.v -> 'defaultCoveragePercent') = 'number'
                and (s.v ->> 'defaultCoveragePercent')::numeric between 0 and 100
                and (s.v ->> 'defaultCoveragePercent')::numeric = trunc((s.v ->> 'defaultCoveragePercent')::numeric)
           then (s.v ->> 'defaultCoveragePercent')::numeric::int else 80 end,
    'returnToStockDays',
      case when jsonb_typeof(s.v -> 'returnToStockDays') = 'number'
                and (s.v ->> 'returnToStockDays')::numeric between 1 and 60
                and (s.v ->> 'returnToStockDays')::numeric = trunc((s.v ->> 'returnToStockDays')::numeric)
           then (s.v ->> 'returnToStockDays')::numeric::int else 14 end)
  from stored s
$$;
comment on function private.billing_settings(uuid) is
  'The Billing settings the database applies, for one pharmacy, with the defaults for what was never saved (or is '
  'out of range): {dispensingFeeCents (1250: the fee billed per fill and used by the calculator), '
  'defaultCoveragePercent (80: the calculator''s estimate when no claim was paid), returnToStockDays (14: a paid fill '
  'not picked up after that many days is reversed and returned to stock)}. Shared: shared/src/settings/billing.ts.';
revoke execute on function private.billing_settings(uuid) from public, anon;
grant execute on function private.billing_settings(uuid) to authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- How a fill is paid
-- -----------------------------------------------------------------------------------------------------
create table public.prescription_billing (
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  prescription_id uuid not null,
  pay_with text not null default 'insurance',
  plan_id uuid,
  custom_copay_cents integer,
  reject_override_reason text,
  reject_overridden_by uuid references auth.users (id),
  reject_overridden_at timestamptz,
  updated_by uuid references auth.users (id),
  updated_at timestamptz not null default now(),
  primary key (pharmacy_id, prescription_id),
  constraint prescription_billing_fill_fkey foreign key (pharmacy_id, prescription_id)
    references public.prescriptions (pharmacy_id, id) on delete cascade,
  constraint prescription_billing_plan_fkey foreign key (pharmacy_id, plan_id)
    references public.patient_insurance_plans (pharmacy_id, id),
  constraint prescription_billing_pay_with_check check (pay_with in ('insurance', 'cash')),
  constraint prescription_billing_copay_check check (custom_copay_cents between 0 and 10000000),
  constraint prescription_billing_override_check check (
    (reject_override_reason is null and reject_overridden_at is null)
    or (length(btrim(reject_override_reason)) between 1 and 500 and reject_overridden_at is not null))
);
comment on table public.prescription_billing is
  'How a fill is paid (GET/PUT /api/billing/{id}): by insurance — the plan chosen (plan_id) or, when none was chosen, '
  'the patient''s active primary plan — or as cash; the custom copay in cents (null: the copay is what the payer '
  'answered, or the estimate); a pharmacist''s override that lets a fill with a rejected claim go to ready, with its '
  'reason. A fill without a row is paid by insurance through the primary plan. Written only by the database.';
comment on constraint prescription_billing_copay_check on public.prescription_billing is
  'The custom copay must be from $0.00 to $100,000.00';
comment on constraint prescription_billing_override_check on public.prescription_billing is
  'An override of a rejected claim needs a reason of at most 500 characters';
create index prescription_billing_plan_idx on public.prescription_billing (pharmacy_id, plan_id) where plan_id is not null;
create index prescription_billing_reject_overridden_by_idx on public.prescription_billing (reject_overridden_by);
create index prescription_billing_updated_by_idx on public.prescription_billing (updated_by);

-- -----------------------------------------------------------------------------------------------------
-- Claims
-- -----------------------------------------------------------------------------------------------------
create table public.claims (
  id uuid primary key default gen_random_uuid(),
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  prescription_id uuid not null,
  plan_id uuid not null,
  patient_id uuid not null,
  coverage text not null,
  status text not null default 'pending',
  -- What was billed (a snapshot: later edits of the plan or the catalogue do not rewrite a claim).
  payer_name text not null,
  bin text not null,
  pcn text,
  group_id text,
  cardholder_id text not null,
  person_code text,
  relationship_code text,
  rx_number bigint not null,
  fill_number integer not null,
  service_date date not null,
  ndc text not null,
  quantity_thousandths bigint not null,
  days_supply integer not null,
  ingredient_cost_submitted_cents bigint not null,
  dispensing_fee_submitted_cents bigint not null,
  usual_customary_cents bigint not null,
  gross_amount_due_cents bigint not null,
  -- What fixes a reject, sent with the next B1/B3.
  submission_clarification_codes text[] not null default '{}',
  prior_authorization_number text,
  dur_pps jsonb not null default '[]',
  -- What the payer answered.
  authorization_number text,
  reject_codes text[] not null default '{}',
  payer_message text,
  previous_fill_date date,
  dur_responses jsonb not null default '[]',
  patient_pay_cents bigint,
  ingredient_cost_paid_cents bigint,
  dispensing_fee_paid_cents bigint,
  total_paid_cents bigint,
  other_payer_paid_cents bigint,
  last_transaction_code text,
  last_error text,
  transmission_started_at timestamptz,
  submitted_at timestamptz,
  submitted_by uuid references auth.users (id),
  adjudicated_at timestamptz,
  reversed_at timestamptz,
  reversed_by uuid references auth.users (id),
  reversal_reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint claims_pharmacy_id_id_key unique (pharmacy_id, id),
  constraint claims_fill_plan_key unique (pharmacy_id, prescription_id, plan_id),
  constraint claims_fill_fkey foreign key (pharmacy_id, prescription_id)
    references public.prescriptions (pharmacy_id, id) on delete cascade,
  constraint claims_plan_fkey foreign key (pharmacy_id, plan_id)
    references public.patient_insurance_plans (pharmacy_id, id),
  constraint claims_patient_fkey foreign key (pharmacy_id, patient_id)
    references public.patients (pharmacy_id, id),
  constraint claims_status_check check (status in ('pending', 'submitted', 'paid', 'rejected', 'reversed')),
  constraint claims_coverage_check check (coverage in ('primary', 'secondary', 'tertiary')),
  constraint claims_billed_check check (
    bin ~ '^[0-9]{6}$' and ndc ~ '^[0-9]{11}$' and quantity_thousandths > 0 and days_supply between 1 and 999
    and fill_number between 0 and 99),
  constraint claims_amounts_check check (
    ingredient_cost_submitted_cents >= 0 and dispensing_fee_submitted_cents >= 0 and usual_customary_cents >= 0
    and gross_amount_due_cents >= 0),
  constraint claims_fix_check check (
    cardinality(submission_clarification_codes) <= 3
    and array_to_string(submission_clarification_codes, '') ~ '^[0-9]*$'
    and (prior_authorization_number is null or prior_authorization_number ~ '^[0-9]{1,11}$')
    and jsonb_typeof(dur_pps) = 'array' and jsonb_array_length(dur_pps) <= 9),
  constraint claims_transaction_code_check check (last_transaction_code in ('B1', 'B2', 'B3')),
  constraint claims_text_check check (
    length(payer_message) <= 1000 and length(last_error) <= 500 and length(reversal_reason) <= 500
    and length(authorization_number) <= 20)
);
comment on table public.claims is
  'A fill billed to one of the patient''s plans (NCPDP D.0; one per fill and plan): coverage primary or secondary, '
  'status pending → submitted → paid | rejected, paid → reversed; what was billed (plan snapshot, Rx and fill '
  'number, date of service, NDC, quantity in thousandths, days supply, submitted ingredient cost, fee, U&C and gross '
  'amount due in cents), what fixes a reject (submission clarification codes, prior authorisation number, DUR/PPS '
  'codes), and what the payer answered (authorisation, reject codes, message, previous fill date, DUR, patient pay, '
  'ingredient cost and fee paid, total paid). transmission_started_at marks a transaction in flight (one terminal '
  'at a time). Written only by the database (begin_claim_transaction, record_claim_response).';
comment on constraint claims_fill_plan_key on public.claims is 'This fill already has a claim to that plan';
comment on constraint claims_fix_check on public.claims is
  'A claim takes at most 3 submission clarification codes, a prior authorisation number of at most 11 digits, and '
  'at most 9 DUR/PPS entries';
create index claims_page_idx on public.claims (pharmacy_id, created_at desc, id desc);
create index claims_status_page_idx on public.claims (pharmacy_id, status, created_at desc, id desc);
create index claims_fill_idx on public.claims (pharmacy_id, prescription_id);
create index claims_plan_idx on public.claims (pharmacy_id, plan_id);
create index claims_patient_idx on public.claims (pharmacy_id, patient_id, created_at desc) include (id, status);
create index claims_rx_idx on public.claims (pharmacy_id, rx_number, fill_number) include (id, status, created_at);
create index claims_service_date_idx on public.claims (pharmacy_id, service_date);
create index claims_submitted_by_idx on public.claims (submitted_by);
create index claims_reversed_by_idx on public.claims (reversed_by);

create table public.claim_events (
  id bigint generated always as identity primary key,
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  claim_id uuid not null,
  status text not null,
  transaction_code text,
  bin text not null,
  reject_codes text[] not null default '{}',
  detail text,
  actor_id uuid references auth.users (id),
  occurred_at timestamptz not null default now(),
  constraint claim_events_claim_fkey foreign key (pharmacy_id, claim_id)
    references public.claims (pharmacy_id, id) on delete cascade
);
comment on table public.claim_events is
  'A claim''s history (the View dialog): each status it took, by which transaction (B1, B2, B3), the payer''s BIN, '
  'the reject codes of a rejection, a line for the screen, who and when. Written by the claims trigger '
  '(private.record_claim_event); the Rejection Analysis report counts its rejections.';
create index claim_events_claim_idx on public.claim_events (pharmacy_id, claim_id, occurred_at);
create index claim_events_rejections_idx on public.claim_events (pharmacy_id, occurred_at) where status = 'rejected';
create index claim_events_actor_idx on public.claim_events (actor_id);

create table public.claim_transmissions (
  id bigint generated always as identity primary key,
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  claim_id uuid,
  plan_id uuid,
  bin text,
  purpose text not null,
  transaction_code text not null,
  attempt integer not null,
  destination text not null,
  request_url text not null,
  request text not null,
  response text,
  http_status integer,
  outcome text not null,
  detail text,
  duration_ms integer not null,
  sent_by uuid references auth.users (id),
  sent_at timestamptz not null default now(),
  constraint claim_transmissions_claim_fkey foreign key (pharmacy_id, claim_id)
    references public.claims (pharmacy_id, id) on delete cascade,
  constraint claim_transmissions_plan_fkey foreign key (pharmacy_id, plan_id)
    references public.patient_insurance_plans (pharmacy_id, id),
  constraint claim_transmissions_purpose_check check (purpose in ('claim', 'reversal', 'eligibility', 'test')),
  constraint claim_transmissions_code_check check (transaction_code in ('B1', 'B2', 'B3', 'E1')),
  constraint claim_transmissions_outcome_check check (outcome in ('answered', 'unreadable', 'http_error', 'timeout', 'unreachable')),
  constraint claim_transmissions_size_check check (
    length(request) <= 16384 and length(response) <= 16384 and length(detail) <= 500 and length(request_url) <= 600
    and length(destination) <= 60 and attempt between 1 and 50 and duration_ms >= 0)
);
comment on table public.claim_transmissions is
  'Every D.0 transmission to a claims switch, each attempt on its own (retries, failover): the request and response '
  'exactly as sent and received (PHI: the pharmacy''s staff read them, nobody writes them but record_claim_response), '
  'the destination (the claims processor or the provider failed over to) and URL, the HTTP status, the outcome '
  '(answered, unreadable, http_error, timeout, unreachable), how long it took, who sent it and when.';
create index claim_transmissions_claim_idx on public.claim_transmissions (pharmacy_id, claim_id, sent_at) where claim_id is not null;
create index claim_transmissions_plan_idx on public.claim_transmissions (pharmacy_id, plan_id, sent_at) where plan_id is not null;
create index claim_transmissions_sent_idx on public.claim_transmissions (pharmacy_id, sent_at desc);
create index claim_transmissions_sent_by_idx on public.claim_transmissions (sent_by);

create table public.patient_payments (
  id uuid primary key default gen_random_uuid(),
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  prescription_id uuid not null,
  receipt_number bigint generated always as identity,
  amount_cents bigint not null,
  method text not null,
  reference text,
  received_by uuid references auth.users (id),
  received_at timestamptz not null default now(),
  constraint patient_payments_pharmacy_id_id_key unique (pharmacy_id, id),
  constraint patient_payments_fill_fkey foreign key (pharmacy_id, prescription_id)
    references public.prescriptions (pharmacy_id, id) on delete cascade,
  constraint patient_payments_amount_check check (amount_cents between 1 and 10000000),
  constraint patient_payments_method_check check (method in ('cash', 'card', 'check')),
  constraint patient_payments_reference_check check (length(reference) <= 40)
);
comment on table public.patient_payments is
  'What a patient paid for a fill (Process Payment): amount in cents, cash, card or check with its reference (check '
  'number, card''s last four), the receipt number, who took it and when. Written only by record_patient_payment.';
comment on constraint patient_payments_amount_check on public.patient_payments is
  'A payment must be from $0.01 to $100,000.00';
comment on constraint patient_payments_method_check on public.patient_payments is 'Payment method must be cash, card or check';
comment on constraint patient_payments_reference_check on public.patient_payments is 'A payment reference is at most 40 characters';
create index patient_payments_fill_idx on public.patient_payments (pharmacy_id, prescription_id);
create index patient_payments_received_idx on public.patient_payments (pharmacy_id, received_at);
create index patient_payments_received_by_idx on public.patient_payments (received_by);

create table public.claim_counters (
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  status text not null,
  -- No checks (>= 0): the triggers propose a statement's net change, which may be negative (see queue counters).
  claims bigint not null default 0,
  gross_amount_due_cents bigint not null default 0,
  total_paid_cents bigint not null default 0,
  primary key (pharmacy_id, status)
);
comment on table public.claim_counters is
  'Claims per pharmacy and status with their gross amount due and total paid (cents). Written only by the statement '
  'triggers of public.claims (private.count_claim_changes) in the changing transaction, so it always equals a sum '
  'over the table; read by billing_overview.';

create table public.claim_daily_totals (
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  service_date date not null,
  bin text not null,
  status text not null,
  payer_name text not null,
  -- No checks (>= 0): as claim_counters, the triggers add a statement's net change.
  claims bigint not null default 0,
  gross_amount_due_cents bigint not null default 0,
  total_paid_cents bigint not null default 0,
  primary key (pharmacy_id, service_date, bin, status)
);
comment on table public.claim_daily_totals is
  'Claims per pharmacy, date of service, payer (BIN, with the payer''s name as last billed) and status, with their '
  'gross amount due and total paid (cents): what the Billing reports add up over any range at any volume. Written '
  'only by the statement triggers of public.claims (private.count_claim_changes), so it always equals a sum over the '
  'table.';

create table public.claim_patient_counts (
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  patient_id uuid not null,
  status text not null,
  -- No check (>= 0): as claim_counters, the triggers add a statement's net change.
  claims bigint not null default 0,
  primary key (pharmacy_id, patient_id, status)
);
comment on table public.claim_patient_counts is
  'Claims per pharmacy, patient and status: the Claims tab''s exact total for a search by name (the matching '
  'patients'' counts added up, whatever thousands of claims they hold). Written only by the statement triggers of '
  'public.claims (private.count_claim_changes), so it always equals a count of the table.';

create table public.claim_answer_times (
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  day date not null,
  bin text not null,
  answered bigint not null default 0,
  total_ms bigint not null default 0,
  primary key (pharmacy_id, day, bin)
);
comment on table public.claim_answer_times is
  'How many transmissions to a payer (BIN) the switch answered on a pharmacy''s day and how long they took in all '
  '(ms): the Payer Performance report''s average answer time over any range. Written only by '
  'private.record_transmissions with the transmissions themselves.';

alter table public.prescription_billing enable row level security;
alter table public.claims enable row level security;
alter table public.claim_events enable row level security;
alter table public.claim_transmissions enable row level security;
alter table public.patient_payments enable row level security;
alter table public.claim_counters enable row level security;
alter table public.claim_daily_totals enable row level security;
alter table public.claim_answer_times enable row level security;
alter table public.claim_patient_counts enable row level security;
revoke insert, update, delete, truncate on public.prescription_billing, public.claims, public.claim_events,
  public.claim_transmissions, public.patient_payments, public.claim_counters, public.claim_daily_totals, public.claim_answer_times, public.claim_patient_counts from anon, authenticated;
revoke select on public.prescription_billing, public.claims, public.claim_events, public.claim_transmissions,
  public.patient_payments, public.claim_counters, public.claim_daily_totals, public.claim_answer_times, public.claim_patient_counts from anon;
create policy "Staff can read their pharmacy's fill billing" on public.prescription_billing
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
create policy "Staff can read their pharmacy's claims" on public.claims
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
create policy "Staff can read their pharmacy's claim history" on public.claim_events
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
create policy "Staff can read their pharmacy's claim transmissions" on public.claim_transmissions
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
create policy "Staff can read their pharmacy's patient payments" on public.patient_payments
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
create policy "Staff can read their pharmacy's claim counters" on public.claim_counters
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
create policy "Staff can read their pharmacy's daily claim totals" on public.claim_daily_totals
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
create policy "Staff can read their pharmacy's claim answer times" on public.claim_answer_times
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
create policy "Staff can read their pharmacy's claim counts per patient" on public.claim_patient_counts
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
create trigger touch_updated_at before update on public.claims
  for each row execute function private.touch_updated_at();
grant all on public.prescription_billing, public.claims, public.claim_events, public.claim_transmissions,
  public.patient_payments, public.claim_counters, public.claim_daily_totals, public.claim_answer_times, public.claim_patient_counts to service_role;

-- -----------------------------------------------------------------------------------------------------
-- Triggers of claims: history and counters
-- -----------------------------------------------------------------------------------------------------
create function private.record_claim_event() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.status is not distinct from old.status
     and new.reject_codes is not distinct from old.reject_codes and new.last_error is not distinct from old.last_error
     and new.adjudicated_at is not distinct from old.adjudicated_at then
    return null;
  end if;
  insert into public.claim_events (pharmacy_id, claim_id, status, transaction_code, bin, reject_codes, detail, actor_id)
  values (new.pharmacy_id, new.id, new.status, new.last_transaction_code, new.bin,
    case when new.status = 'rejected' then new.reject_codes else '{}' end,
    left(case
      when tg_op = 'INSERT' then 'Claim opened for ' || new.payer_name
      when new.status = 'rejected' then 'Rejected ' || array_to_string(new.reject_codes, ', ')
        || coalesce(': ' || new.payer_message, '')
      when new.status = 'reversed' then 'Reversed' || coalesce(': ' || new.reversal_reason, '')
      when new.status = 'paid' then 'Paid ' || to_char(coalesce(new.total_paid_cents, 0) / 100.0, 'FM999G999G990D00')
        || coalesce(', authorisation ' || new.authorization_number, '')
      else new.last_error end, 500),
    (select auth.uid()));
  return null;
end
$$;
comment on function private.record_claim_event() is
  'AFTER INSERT/UPDATE row trigger of claims: one claim_events row each time a claim is opened or answered (its '
  'status, reject codes, error or transaction changed), with a line for the history.';
create trigger record_event after insert or update on public.claims
  for each row execute function private.record_claim_event();

create function private.count_claim_changes() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  columns constant text := 'pharmacy_id, status, service_date, bin, payer_name, patient_id';
  changed_rows text := case tg_op
    when 'INSERT' then format('select %s, 1 as change, gross_amount_due_cents as gross, coalesce(total_paid_cents, 0) as paid from new_rows', columns)
    when 'DELETE' then format('select %s, -1 as change, -gross_amount_due_cents as gross, -coalesce(total_paid_cents, 0) as paid from old_rows', columns)
    else format('select %1$s, 1 as change, gross_amount_due_cents as gross, coalesce(total_paid_cents, 0) as paid from new_rows
                 union all select %1$s, -1, -gross_amount_due_cents, -coalesce(total_paid_cents, 0) from old_rows', columns)
  end;
begin
  -- The statement's net change per (pharmacy, status) and per (pharmacy, day, payer, status), in key order so
  -- concurrent statements cannot deadlock. A statement that moves nothing (a claim marked in flight) adds nothing.
  execute format($sql$
    with changed as (%s),
    per_status as (
      insert into public.claim_counters as c (pharmacy_id, status, claims, gross_amount_due_cents, total_paid_cents)
      select d.pharmacy_id, d.status, d.change, d.gross, d.paid
      from (
        select pharmacy_id, status, sum(change) as change, sum(gross) as gross, sum(paid) as paid
        from changed group by pharmacy_id, status
        having sum(change) <> 0 or sum(gross) <> 0 or sum(paid) <> 0
      ) d
      where exists (select 1 from public.pharmacies p where p.id = d.pharmacy_id)
      order by d.pharmacy_id, d.status
      on conflict (pharmacy_id, status) do update
        set claims = c.claims + excluded.claims,
            gross_amount_due_cents = c.gross_amount_due_cents + excluded.gross_amount_due_cents,
            total_paid_cents = c.total_paid_cents + excluded.total_paid_cents
    ),
    per_patient as (
      insert into public.claim_patient_counts as pc (pharmacy_id, patient_id, status, claims)
      select d.pharmacy_id, d.patient_id, d.status, d.change
      from (
        select pharmacy_id, patient_id, status, sum(change) as change
        from changed group by pharmacy_id, patient_id, status
        having sum(change) <> 0
      ) d
      where exists (select 1 from public.pharmacies p where p.id = d.pharmacy_id)
      order by d.pharmacy_id, d.patient_id, d.status
      on conflict (pharmacy_id, patient_id, status) do update set claims = pc.claims + excluded.claims
    )
    insert into public.claim_daily_totals as t (pharmacy_id, service_date, bin, status, payer_name, claims, gross_amount_due_cents, total_paid_cents)
    select d.pharmacy_id, d.service_date, d.bin, d.status, d.payer_name, d.change, d.gross, d.paid
    from (
      select pharmacy_id, service_date, bin, status, max(payer_name) as payer_name, sum(change) as change, sum(gross) as gross,
             sum(paid) as paid
      from changed group by pharmacy_id, service_date, bin, status
      having sum(change) <> 0 or sum(gross) <> 0 or sum(paid) <> 0
    ) d
    -- per_status and per_patient run whether read or not (a data-modifying WITH always does).
    where exists (select 1 from public.pharmacies p where p.id = d.pharmacy_id)
    order by d.pharmacy_id, d.service_date, d.bin, d.status
    on conflict (pharmacy_id, service_date, bin, status) do update
      set claims = t.claims + excluded.claims,
          gross_amount_due_cents = t.gross_amount_due_cents + excluded.gross_amount_due_cents,
          total_paid_cents = t.total_paid_cents + excluded.total_paid_cents,
          payer_name = excluded.payer_name
    $sql$, changed_rows);
  return null;
end
$$;
comment on function private.count_claim_changes() is
  'AFTER statement trigger of claims (insert, update, delete): adds the statement''s net change of claims, gross '
  'amount due and total paid per pharmacy and status to claim_counters, per pharmacy, date of service, payer and '
  'status to claim_daily_totals, and the claims per patient and status to claim_patient_counts.';
create trigger count_claim_inserts after insert on public.claims
  referencing new table as new_rows for each statement execute function private.count_claim_changes();
create trigger count_claim_updates after update on public.claims
  referencing old table as old_rows new table as new_rows for each statement execute function private.count_claim_changes();
create trigger count_claim_deletes after delete on public.claims
  referencing old table as old_rows for each statement execute function private.count_claim_changes();
revoke execute on function private.record_claim_event(), private.count_claim_changes() from public, anon;

-- -----------------------------------------------------------------------------------------------------
-- What a fill bills: its plan, its prices, its claim
-- -----------------------------------------------------------------------------------------------------
create function private.fill_billing_row(fill public.prescriptions) returns public.prescription_billing
language sql stable security definer
set search_path = ''
as $$
  select coalesce(
    (select b from public.prescription_billing b where b.pharmacy_id = fill.pharmacy_id and b.prescription_id = fill.id),
    row(fill.pharmacy_id, fill.id, 'insurance', null, null, null, null, null, null, now())::public.prescription_billing)
$$;
comment on function private.fill_billing_row(public.prescriptions) is
  'The fill''s prescription_billing row, or the default (insurance through the primary plan, no copay, no override).';

create function private.fill_plan(fill public.prescriptions, wanted_coverage text default 'primary')
returns public.patient_insurance_plans
language plpgsql stable security definer
set search_path = ''
as $$
declare
  billing public.prescription_billing := private.fill_billing_row(fill);
  found public.patient_insurance_plans;
begin
  if billing.pay_with = 'cash' then
    return null;
  end if;
  if wanted_coverage = 'primary' and billing.plan_id is not null then
    select * into found from public.patient_insurance_plans pl
    where pl.pharmacy_id = fill.pharmacy_id and pl.id = billing.plan_id and pl.patient_id = fill.patient_id and pl.active;
    return found;
  end if;
  select * into found from public.patient_insurance_plans pl
  where pl.pharmacy_id = fill.pharmacy_id and pl.patient_id = fill.patient_id and pl.active and pl.priority = wanted_coverage
    and (pl.effective_date is null or pl.effective_date <= fill.date_filled or fill.date_filled is null)
    and (pl.termination_date is null or pl.termination_date >= coalesce(fill.date_filled, current_date))
  limit 1;
  return found;
end
$$;
comment on function private.fill_plan(public.prescriptions, text) is
  'The plan a fill bills at a coverage level: for primary, the plan chosen on the fill, else the patient''s active '
  'primary plan in effect; for secondary or tertiary, the patient''s active plan of that priority. Null when the fill '
  'is paid as cash or there is no such plan.';

create function private.fill_prices(fill public.prescriptions) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  product public.medications;
  fee_cents bigint := (private.billing_settings(fill.pharmacy_id) ->> 'dispensingFeeCents')::bigint;
  quantity numeric := coalesce(fill.quantity, 0);
  ingredient_cents bigint;
  basis text;
  usual_cents bigint;
begin
  select * into product from public.medications m where m.pharmacy_id = fill.pharmacy_id and m.id = fill.medication_id;
  -- Ingredient cost as payers price it: AWP per unit (the package's AWP over its units), else NADAC per unit, else
  -- the pharmacy's price less the fee. Rounded half up to the cent once, at the end.
  if product.awp_price is not null and coalesce(product.package_size, 0) > 0 then
    ingredient_cents := round(product.awp_price * 100 * quantity / product.package_size);
    basis := '01';
  elsif product.nadac_per_unit is not null then
    ingredient_cents := round(product.nadac_per_unit * 100 * quantity);
    basis := '09';
  else
    ingredient_cents := greatest(round(coalesce(product.price, 0) * 100) - fee_cents, 0);
    basis := '07';
  end if;
  -- The usual and customary price: the pharmacy's own price per fill (the catalogue's price), at least its cost.
  usual_cents := greatest(round(coalesce(product.price, 0) * 100)::bigint, 0);
  return jsonb_build_object(
    'ndc', product.ndc11, 'ingredientCostCents', ingredient_cents, 'dispensingFeeCents', fee_cents,
    'usualAndCustomaryCents', case when usual_cents > 0 then usual_cents else ingredient_cents + fee_cents end,
    'grossAmountDueCents', ingredient_cents + fee_cents, 'basisOfCost', basis,
    'quantityThousandths', round(quantity * 1000)::bigint);
end
$$;
comment on function private.fill_prices(public.prescriptions) is
  'What a fill is billed at, in cents: ingredient cost (AWP per unit × quantity, NCPDP basis of cost 01 AWP; else '
  'NADAC per unit, 09 other; else the price less the fee, 07 usual & customary), the Billing settings'' dispensing fee, usual & customary (the '
  'catalogue''s price per fill), gross amount due (ingredient cost + fee), the quantity in thousandths and the NDC.';

create function private.open_claim(fill public.prescriptions, plan public.patient_insurance_plans)
returns public.claims
language plpgsql security definer
set search_path = ''
as $$
declare
  prices jsonb := private.fill_prices(fill);
  found public.claims;
  patient public.patients;
begin
  select * into found from public.claims c
  where c.pharmacy_id = fill.pharmacy_id and c.prescription_id = fill.id and c.plan_id = plan.id;
  if found.id is not null then
    return found;
  end if;
  if prices ->> 'ndc' is null then
    raise exception 'The fill''s medication has no NDC in the catalogue, so it cannot be billed: add its NDC first'
      using errcode = 'P0001';
  end if;
  if coalesce(fill.days_supply, 0) < 1 or coalesce(fill.quantity, 0) <= 0 then
    raise exception '% has no quantity or days supply, so it cannot be billed', private.prescription_status_label(fill.rx_number)
      using errcode = 'P0001';
  end if;
  select * into patient from public.patients p where p.pharmacy_id = fill.pharmacy_id and p.id = fill.patient_id;
  insert into public.claims (pharmacy_id, prescription_id, plan_id, patient_id, coverage, payer_name, bin, pcn, group_id,
    cardholder_id, person_code, relationship_code, rx_number, fill_number, service_date, ndc, quantity_thousandths,
    days_supply, ingredient_cost_submitted_cents, dispensing_fee_submitted_cents, usual_customary_cents,
    gross_amount_due_cents)
  values (fill.pharmacy_id, fill.id, plan.id, fill.patient_id, plan.priority, plan.payer_name, plan.bin, plan.pcn,
    plan.group_id, plan.cardholder_id, plan.person_code, plan.relationship_code, fill.rx_number, fill.fill_number,
    coalesce(fill.date_filled, private.pharmacy_local_date(fill.pharmacy_id, now())), prices ->> 'ndc',
    (prices ->> 'quantityThousandths')::bigint, fill.days_supply, (prices ->> 'ingredientCostCents')::bigint,
    (prices ->> 'dispensingFeeCents')::bigint, (prices ->> 'usualAndCustomaryCents')::bigint,
    (prices ->> 'grossAmountDueCents')::bigint)
  on conflict on constraint claims_fill_plan_key do nothing
  returning * into found;
  if found.id is null then
    select * into found from public.claims c
    where c.pharmacy_id = fill.pharmacy_id and c.prescription_id = fill.id and c.plan_id = plan.id;
  end if;
  return found;
end
$$;
comment on function private.open_claim(public.prescriptions, public.patient_insurance_plans) is
  'The fill''s claim to the plan, opened (pending, with the plan and prices as they are now) when there is none yet; '
  'refused with a sentence when the fill cannot be billed (no NDC, no quantity or days supply).';

create function private.open_claim_at_processing() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  plan public.patient_insurance_plans := private.fill_plan(new, 'primary');
begin
  if plan.id is null then
    return null;
  end if;
  -- A fill that cannot be billed yet (no NDC) still moves: the claim is opened when someone submits it.
  begin
    perform private.open_claim(new, plan);
  exception when sqlstate 'P0001' then
    null;
  end;
  return null;
end
$$;
comment on function private.open_claim_at_processing() is
  'AFTER UPDATE OF status trigger of prescriptions (to processing): opens the pending claim of a fill whose patient '
  'has a plan (the chosen or primary one) unless the fill is paid as cash.';
create trigger open_claim_at_processing after update of status on public.prescriptions
  for each row when (new.status = 'processing' and old.status is distinct from new.status)
  execute function private.open_claim_at_processing();

create function private.guard_rejected_claim_at_ready() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  billing public.prescription_billing := private.fill_billing_row(new);
  rejected public.claims;
begin
  if billing.pay_with = 'cash' or billing.reject_overridden_at is not null then
    return new;
  end if;
  -- Any rejected primary claim holds the fill unless a primary claim was paid since (to the same plan or another):
  -- a plan deactivated after its reject does not let the fill through.
  select * into rejected from public.claims c
  where c.pharmacy_id = new.pharmacy_id and c.prescription_id = new.id and c.coverage = 'primary' and c.status = 'rejected'
  order by c.updated_at desc limit 1;
  if rejected.id is not null and not exists (
    select 1 from public.claims c
    where c.pharmacy_id = new.pharmacy_id and c.prescription_id = new.id and c.coverage = 'primary' and c.status = 'paid') then
    raise exception '%''s claim to % was rejected (%): resubmit it until it is paid, bill the fill as cash, or have a pharmacist override with a reason',
      private.prescription_status_label(new.rx_number), rejected.payer_name, array_to_string(rejected.reject_codes, ', ')
      using errcode = 'P0001';
  end if;
  return new;
end
$$;
comment on function private.guard_rejected_claim_at_ready() is
  'BEFORE UPDATE OF status trigger of prescriptions (processing → ready): a fill paid by insurance with a rejected '
  'primary claim (to whichever plan) and no paid one is refused until a primary claim is paid, the fill is billed as '
  'cash, or a pharmacist overrode it.';
create trigger guard_rejected_claim_at_ready before update of status on public.prescriptions
  for each row when (old.status = 'processing' and new.status = 'ready')
  execute function private.guard_rejected_claim_at_ready();

-- A ready fill with a paid claim goes back to stock only after the payer's money is returned (B2).
create function private.guard_paid_claim_at_return() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  paid public.claims;
begin
  select * into paid from public.claims c
  where c.pharmacy_id = new.pharmacy_id and c.prescription_id = new.id and c.status in ('paid', 'submitted')
  order by c.coverage limit 1;
  if paid.id is not null then
    raise exception '%''s claim to % is %: reverse it before the fill goes back to stock',
      private.prescription_status_label(new.rx_number), paid.payer_name, paid.status using errcode = 'P0001';
  end if;
  return new;
end
$$;
comment on function private.guard_paid_claim_at_return() is
  'BEFORE UPDATE OF status trigger of prescriptions (ready → cancelled, a return to stock): refused while a claim of '
  'the fill is paid or awaiting its answer; the reversal (B2) comes first.';
create trigger guard_paid_claim_at_return before update of status on public.prescriptions
  for each row when (old.status = 'ready' and new.status = 'cancelled')
  execute function private.guard_paid_claim_at_return();

revoke execute on function private.fill_billing_row(public.prescriptions), private.fill_plan(public.prescriptions, text),
  private.fill_prices(public.prescriptions), private.open_claim(public.prescriptions, public.patient_insurance_plans),
  private.open_claim_at_processing(), private.guard_rejected_claim_at_ready(), private.guard_paid_claim_at_return()
  from public, anon;

-- -----------------------------------------------------------------------------------------------------
-- A claim as the api and the screens show it
-- -----------------------------------------------------------------------------------------------------
create function private.claim_json(claim public.claims) returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', claim.id, 'prescriptionId', claim.prescription_id, 'planId', claim.plan_id, 'patientId', claim.patient_id,
    'coverage', claim.coverage, 'status', claim.status, 'payerName', claim.payer_name, 'bin', claim.bin,
    'pcn', claim.pcn, 'groupId', claim.group_id, 'cardholderId', claim.cardholder_id, 'rxNumber', claim.rx_number,
    'fillNumber', claim.fill_number, 'serviceDate', claim.service_date, 'ndc', claim.ndc,
    'quantityThousandths', claim.quantity_thousandths, 'daysSupply', claim.days_supply,
    'ingredientCostSubmittedCents', claim.ingredient_cost_submitted_cents,
    'dispensingFeeSubmittedCents', claim.dispensing_fee_submitted_cents,
    'usualAndCustomaryCents', claim.usual_customary_cents, 'grossAmountDueCents', claim.gross_amount_due_cents,
    'submissionClarificationCodes', to_jsonb(claim.submission_clarification_codes),
    'priorAuthorizationNumber', claim.prior_authorization_number, 'durPps', claim.dur_pps,
    'authorizationNumber', claim.authorization_number, 'rejectCodes', to_jsonb(claim.reject_codes),
    'payerMessage', claim.payer_message, 'previousFillDate', claim.previous_fill_date,
    'durResponses', claim.dur_responses, 'patientPayCents', claim.patient_pay_cents,
    'ingredientCostPaidCents', claim.ingredient_cost_paid_cents, 'dispensingFeePaidCents', claim.dispensing_fee_paid_cents,
    'totalPaidCents', claim.total_paid_cents, 'otherPayerPaidCents', claim.other_payer_paid_cents,
    'lastTransactionCode', claim.last_transaction_code, 'lastError', claim.last_error,
    'inFlight', claim.transmission_started_at > now() - interval '2 minutes',
    'submittedAt', claim.submitted_at, 'adjudicatedAt', claim.adjudicated_at, 'reversedAt', claim.reversed_at,
    'reversalReason', claim.reversal_reason, 'createdAt', claim.created_at)
$$;
comment on function private.claim_json(public.claims) is 'A claim as the api answers it (camelCase, money in cents).';

create function private.caller_fill(fill_id uuid) returns public.prescriptions
language plpgsql stable security definer
set search_path = ''
as $$
declare
  found public.prescriptions;
begin
  if private.current_pharmacy_id() is null or not private.current_staff_can('billing:manage') then
    raise exception 'Only staff of the pharmacy can bill prescriptions' using errcode = '42501';
  end if;
  select * into found from public.prescriptions p where p.pharmacy_id = private.current_pharmacy_id() and p.id = fill_id;
  if found.id is null then
    raise exception 'Prescription not found' using errcode = 'P0002';
  end if;
  return found;
end
$$;
comment on function private.caller_fill(uuid) is
  'The caller''s pharmacy''s fill, for billing (staff with billing:manage), or "Prescription not found".';

-- -----------------------------------------------------------------------------------------------------
-- Beginning a transaction: what the api function sends (as the caller; service role for the daily job)
-- -----------------------------------------------------------------------------------------------------
create function private.claim_request(claim public.claims, fill public.prescriptions, transaction_code text) returns jsonb
language sql stable security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'claimId', claim.id, 'transactionCode', transaction_code, 'coverage', claim.coverage,
    'pharmacy', jsonb_build_object('id', ph.id, 'name', coalesce(ph.trade_name, ph.pharmacy_name), 'ncpdpId', ph.ncpdp_id,
      'npi', ph.npi_number, 'timeZone', ph.time_zone),
    'patient', jsonb_build_object('id', pt.id, 'firstName', pt.first_name, 'lastName', pt.last_name,
      'dateOfBirth', pt.date_of_birth, 'streetAddress', pt.street_address, 'city', pt.city, 'state', pt.state,
      'zipCode', pt.zip_code, 'phone', pt.phone),
    'plan', jsonb_build_object('id', claim.plan_id, 'payerName', claim.payer_name, 'bin', claim.bin, 'pcn', claim.pcn,
      'groupId', claim.group_id, 'cardholderId', claim.cardholder_id, 'personCode', claim.person_code,
      'relationshipCode', claim.relationship_code),
    'prescriber', jsonb_build_object('npi', pr.npi_number, 'lastName', coalesce(pr.last_name, fill.prescriber_name),
      'firstName', pr.first_name, 'phone', pr.phone),
    'fill', jsonb_build_object('prescriptionId', fill.id, 'rxNumber', claim.rx_number, 'fillNumber', claim.fill_number,
      'serviceDate', claim.service_date, 'ndc', claim.ndc, 'quantityThousandths', claim.quantity_thousandths,
      'daysSupply', claim.days_supply, 'dateWritten', o.written_on, 'refillsAuthorized', o.refills,
      'prescriptionType', fill.prescription_type),
    'pricing', jsonb_build_object('ingredientCostCents', claim.ingredient_cost_submitted_cents,
      'dispensingFeeCents', claim.dispensing_fee_submitted_cents, 'usualAndCustomaryCents', claim.usual_customary_cents,
      'grossAmountDueCents', claim.gross_amount_due_cents, 'basisOfCost', (private.fill_prices(fill) ->> 'basisOfCost')),
    'fixes', jsonb_build_object('submissionClarificationCodes', to_jsonb(claim.submission_clarification_codes),
      'priorAuthorizationNumber', claim.prior_authorization_number, 'durPps', claim.dur_pps),
    'otherPayers', coalesce((
      select jsonb_agg(jsonb_build_object('coverage', prior.coverage, 'bin', prior.bin, 'payerName', prior.payer_name,
               'adjudicatedOn', private.pharmacy_local_date(prior.pharmacy_id, prior.adjudicated_at),
               'paidCents', prior.total_paid_cents, 'patientResponsibilityCents', prior.patient_pay_cents)
             order by prior.coverage)
      from public.claims prior
      where claim.coverage <> 'primary' and prior.pharmacy_id = claim.pharmacy_id and prior.prescription_id = claim.prescription_id
        and prior.status = 'paid' and prior.coverage < claim.coverage), '[]'::jsonb),
    'transmission', private.pharmacy_settings_values(claim.pharmacy_id, 'transmission'))
  from public.pharmacies ph
  join public.patients pt on pt.pharmacy_id = ph.id and pt.id = fill.patient_id
  left join public.prescribers pr on pr.pharmacy_id = ph.id and pr.id = fill.prescriber_id
  left join public.prescription_orders o on o.pharmacy_id = ph.id and o.id = fill.order_id
  where ph.id = claim.pharmacy_id
$$;
comment on function private.claim_request(public.claims, public.prescriptions, text) is
  'What the api function builds the D.0 transaction from: the claim, the pharmacy (NCPDP id, NPI), the patient, the '
  'plan as billed, the prescriber''s NPI, the fill (Rx and fill number, date of service, NDC, quantity, days supply, '
  'date written, refills authorised), the prices, the fixes, what earlier payers paid (coordination of benefits: '
  '''primary'' < ''secondary'' < ''tertiary'' alphabetically too) and the stored Transmission settings (no secrets).';

create function private.begin_claim_transaction(
  fill_id uuid, transaction_code text, coverage text default 'primary', fixes jsonb default null, reason text default null
) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  fill public.prescriptions := private.caller_fill(fill_id);
  plan public.patient_insurance_plans;
  claim public.claims;
  prices jsonb;
  primary_claim public.claims;
begin
  if transaction_code is null or transaction_code not in ('B1', 'B2', 'B3') then
    raise exception 'Unknown claim transaction %: use B1, B2 or B3', transaction_code using errcode = '22023';
  end if;
  if coverage is null or coverage not in ('primary', 'secondary', 'tertiary') then
    raise exception 'Coverage must be primary, secondary or tertiary' using errcode = '22023';
  end if;
  if transaction_code = 'B2' then
    if length(btrim(coalesce(reason, ''))) = 0 then
      raise exception 'Give a reason for reversing the claim' using errcode = '23514';
    end if;
    select * into claim from public.claims c
    where c.pharmacy_id = fill.pharmacy_id and c.prescription_id = fill.id and c.coverage = begin_claim_transaction.coverage
      and c.status in ('paid', 'submitted')
    order by c.created_at desc limit 1
    for update;
    if claim.id is null then
      raise exception '% has no paid % claim to reverse', private.prescription_status_label(fill.rx_number), coverage
        using errcode = 'P0001';
    end if;
  else
    if fill.status = 'cancelled' then
      raise exception '% was cancelled; it cannot be billed', private.prescription_status_label(fill.rx_number)
        using errcode = 'P0001';
    end if;
    if (private.fill_billing_row(fill)).pay_with = 'cash' then
      raise exception '% is billed as cash: choose a plan on the Billing tab first', private.prescription_status_label(fill.rx_number)
        using errcode = 'P0001';
    end if;
    plan := private.fill_plan(fill, coverage);
    if plan.id is null then
      raise exception 'The patient has no active % plan to bill', coverage using errcode = 'P0001';
    end if;
    if coverage <> 'primary' then
      select * into primary_claim from public.claims c
      where c.pharmacy_id = fill.pharmacy_id and c.prescription_id = fill.id and c.coverage = 'primary' and c.status = 'paid';
      if primary_claim.id is null then
        raise exception 'Bill the primary plan first: a secondary claim needs the primary''s payment' using errcode = 'P0001';
      end if;
    end if;
    perform private.open_claim(fill, plan);
    select * into claim from public.claims c
    where c.pharmacy_id = fill.pharmacy_id and c.prescription_id = fill.id and c.plan_id = plan.id
    for update;
    if transaction_code = 'B1' and claim.status = 'paid' then
      raise exception '%''s claim to % is already paid: rebill it (B3) or reverse it (B2) to change it',
        private.prescription_status_label(fill.rx_number), claim.payer_name using errcode = 'P0001';
    end if;
    if transaction_code = 'B3' and claim.status <> 'paid' then
      raise exception 'Only a paid claim is rebilled (B3); submit this one (B1)' using errcode = 'P0001';
    end if;
  end if;
  if claim.transmission_started_at > now() - interval '2 minutes' then
    raise exception '%''s claim is being transmitted from another terminal', private.prescription_status_label(fill.rx_number)
      using errcode = 'P0001';
  end if;

  if transaction_code = 'B2' then
    update public.claims c set transmission_started_at = now(), reversal_reason = left(btrim(reason), 500)
    where c.id = claim.id returning * into claim;
  else
    -- Billed as things are now: a plan corrected after a reject (a cardholder id), a new price, the fixes given.
    prices := private.fill_prices(fill);
    update public.claims c
    set payer_name = plan.payer_name, bin = plan.bin, pcn = plan.pcn, group_id = plan.group_id,
        cardholder_id = plan.cardholder_id, person_code = plan.person_code, relationship_code = plan.relationship_code,
        service_date = case when c.status = 'pending' then coalesce(fill.date_filled, c.service_date) else c.service_date end,
        ndc = coalesce(prices ->> 'ndc', c.ndc),
        quantity_thousandths = greatest((prices ->> 'quantityThousandths')::bigint, 1),
        days_supply = coalesce(fill.days_supply, c.days_supply),
        ingredient_cost_submitted_cents = (prices ->> 'ingredientCostCents')::bigint,
        dispensing_fee_submitted_cents = (prices ->> 'dispensingFeeCents')::bigint,
        usual_customary_cents = (prices ->> 'usualAndCustomaryCents')::bigint,
        gross_amount_due_cents = (prices ->> 'grossAmountDueCents')::bigint,
        submission_clarification_codes = case when fixes ? 'submissionClarificationCodes'
          then array(select jsonb_array_elements_text(fixes -> 'submissionClarificationCodes')) else c.submission_clarification_codes end,
        prior_authorization_number = case when fixes ? 'priorAuthorizationNumber'
          then nullif(btrim(fixes ->> 'priorAuthorizationNumber'), '') else c.prior_authorization_number end,
        dur_pps = case when fixes ? 'durPps' then coalesce(fixes -> 'durPps', '[]') else c.dur_pps end,
        transmission_started_at = now()
    where c.id = claim.id returning * into claim;
  end if;
  return private.claim_request(claim, fill, transaction_code);
end
$$;
comment on function private.begin_claim_transaction(uuid, text, text, jsonb, text) is
  'Begins a claim transaction for a fill, as the caller (billing staff): B1 bills the plan at the coverage level '
  '(opening the claim when there is none; refused when the fill is cancelled or paid as cash, when the patient has no '
  'such plan, for a secondary before the primary is paid, and for a claim already paid), B3 rebills a paid claim, B2 '
  'reverses a paid (or unanswered) claim with a reason. A B1/B3 bills the plan and prices as they are now, with the '
  'fixes given ({submissionClarificationCodes, priorAuthorizationNumber, durPps}). The claim is marked in flight (one '
  'terminal at a time, two minutes) and private.claim_request is answered; record_claim_response settles it.';

-- -----------------------------------------------------------------------------------------------------
-- Recording what the switch answered (service role: the api function, after the real exchange)
-- -----------------------------------------------------------------------------------------------------
create function private.record_transmissions(
  for_pharmacy_id uuid, for_claim_id uuid, for_plan_id uuid, purpose text, transaction_code text, actor_id uuid, attempts jsonb
) returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  attempt jsonb;
  attempt_number integer := 0;
  payer_bin text := coalesce(
    (select c.bin from public.claims c where c.id = for_claim_id),
    (select pl.bin from public.patient_insurance_plans pl where pl.id = for_plan_id));
begin
  if jsonb_typeof(attempts) is distinct from 'array' or jsonb_array_length(attempts) = 0 or jsonb_array_length(attempts) > 50 then
    raise exception 'A transaction is recorded with 1 to 50 attempts' using errcode = '22023';
  end if;
  for attempt in select value from jsonb_array_elements(attempts) loop
    attempt_number := attempt_number + 1;
    insert into public.claim_transmissions (pharmacy_id, claim_id, plan_id, bin, purpose, transaction_code, attempt, destination,
      request_url, request, response, http_status, outcome, detail, duration_ms, sent_by)
    values (for_pharmacy_id, for_claim_id, for_plan_id, payer_bin, purpose, transaction_code, attempt_number,
      left(attempt ->> 'destination', 60), left(attempt ->> 'url', 600), attempt ->> 'request', attempt ->> 'response',
      (attempt ->> 'httpStatus')::integer, attempt ->> 'outcome', left(attempt ->> 'detail', 500),
      greatest(coalesce((attempt ->> 'durationMs')::integer, 0), 0), actor_id);
  end loop;
  if payer_bin is not null then
    insert into public.claim_answer_times as t (pharmacy_id, day, bin, answered, total_ms)
    select for_pharmacy_id, private.pharmacy_local_date(for_pharmacy_id, now()), payer_bin, count(*),
           sum(greatest(coalesce((a ->> 'durationMs')::integer, 0), 0))
    from jsonb_array_elements(attempts) a where a ->> 'outcome' = 'answered'
    having count(*) > 0
    on conflict (pharmacy_id, day, bin) do update
      set answered = t.answered + excluded.answered, total_ms = t.total_ms + excluded.total_ms;
  end if;
  perform private.record_audit_event(for_pharmacy_id, actor_id, 'transmit', 'claim_transmissions',
    coalesce(for_claim_id, for_plan_id)::text,
    transaction_code || ' ' || purpose || ' sent to the claims switch (' || attempt_number || ' attempt'
      || case when attempt_number > 1 then 's' else '' end || ', last ' || (attempts -> -1 ->> 'outcome') || ')',
    attempts -> -1 ->> 'outcome' = 'answered',
    jsonb_build_object('transactionCode', transaction_code, 'purpose', purpose,
      'destinations', (select jsonb_agg(a ->> 'destination') from jsonb_array_elements(attempts) a)));
end
$$;
comment on function private.record_transmissions(uuid, uuid, uuid, text, text, uuid, jsonb) is
  'Stores each attempt of one D.0 transaction ([{destination, url, request, response, httpStatus, outcome, detail, '
  'durationMs}]) in claim_transmissions with the payer''s BIN, adds the answered ones to claim_answer_times, and '
  'audits the transmission (who, what, where, the last outcome).';

create function private.put_fill_back_on_shelf(fill public.prescriptions, reason text) returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  taken record;
  units integer := 0;
begin
  -- Back into the very lots the fill was taken from (a lot expired since stays off the dispensable shelf).
  for taken in
    select mv.lot_id, -sum(mv.quantity)::integer as quantity from public.inventory_movements mv
    where mv.pharmacy_id = fill.pharmacy_id and mv.prescription_id = fill.id
    group by mv.lot_id having sum(mv.quantity) < 0
    order by mv.lot_id
  loop
    perform private.post_stock_movement(taken.lot_id, 'return_to_stock', taken.quantity, reason, fill.id);
    units := units + taken.quantity;
  end loop;
  perform set_config('pharmacy.returning_to_stock', fill.id::text, true);
  update public.prescriptions p set status = 'cancelled' where p.id = fill.id;
  perform set_config('pharmacy.returning_to_stock', '', true);
  -- The refill it used is available again.
  update public.prescription_orders o
  set last_fill_number = coalesce((select max(p.fill_number) from public.prescriptions p
                                   where p.pharmacy_id = o.pharmacy_id and p.order_id = o.id and p.status <> 'cancelled'), 0)
  where o.pharmacy_id = fill.pharmacy_id and o.id = fill.order_id;
  return units;
end
$$;
comment on function private.put_fill_back_on_shelf(public.prescriptions, text) is
  'The mechanism of a return to stock (the caller checks who may): the fill''s units go back to the lots they came '
  'from (return_to_stock movements), the fill is cancelled and its refill is available again. Answers the units.';

create or replace function private.return_fill_to_stock(fill_id uuid, reason text) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  pharmacy uuid := private.current_pharmacy_id();
  fill public.prescriptions;
  units integer;
begin
  if pharmacy is null or not private.current_staff_can('inventory:adjust') then
    raise exception 'Only a pharmacist or admin can return a fill to stock' using errcode = '42501';
  end if;
  if length(btrim(coalesce(reason, ''))) = 0 then
    raise exception 'Give a reason for returning the fill to stock' using errcode = '23514';
  end if;
  select * into fill from public.prescriptions p where p.pharmacy_id = pharmacy and p.id = fill_id for update;
  if fill.id is null then
    raise exception 'Prescription not found' using errcode = 'P0002';
  end if;
  if fill.status <> 'ready' then
    raise exception '% is %; only a ready fill that was not picked up goes back to stock',
      private.prescription_status_label(fill.rx_number), fill.status using errcode = 'P0001';
  end if;
  units := private.put_fill_back_on_shelf(fill, reason);
  return jsonb_build_object('ok', true, 'prescriptionId', fill.id, 'unitsReturned', units);
end
$$;
comment on function private.return_fill_to_stock(uuid, text) is
  'A ready fill not picked up goes back on the shelf (pharmacist or admin, with a reason): its units return to the '
  'lots they were dispensed from (return_to_stock movements) and the fill is cancelled, so the prescription''s refill '
  'is available again (private.put_fill_back_on_shelf). A fill with a paid claim is reversed first '
  '(guard_paid_claim_at_return). Answers {ok, prescriptionId, unitsReturned}.';

create function public.record_claim_response(
  claim_id uuid, actor_id uuid, transaction_code text, attempts jsonb, answer jsonb, return_to_stock boolean default false
) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  claim public.claims;
  fill public.prescriptions;
  status_code text := answer ->> 'responseStatus';
  codes text[] := coalesce(array(select jsonb_array_elements_text(answer -> 'rejectCodes')), '{}');
  message text := left(nullif(btrim(concat_ws(' ', answer ->> 'message',
                    (select string_agg(m, ' ') from jsonb_array_elements_text(coalesce(answer -> 'additionalMessages', '[]')) m))), ''), 1000);
  pricing jsonb := coalesce(answer -> 'pricing', '{}');
  last_outcome text := attempts -> -1 ->> 'outcome';
  maybe_sent boolean;
  units integer;
begin
  select * into claim from public.claims c where c.id = record_claim_response.claim_id for update;
  if claim.id is null then
    raise exception 'Claim not found' using errcode = 'P0002';
  end if;
  if transaction_code not in ('B1', 'B2', 'B3') then
    raise exception 'Unknown claim transaction %', transaction_code using errcode = '22023';
  end if;
  perform private.record_transmissions(claim.pharmacy_id, claim.id, null,
    case when transaction_code = 'B2' then 'reversal' else 'claim' end, transaction_code, actor_id, attempts);
  -- No longer in flight; the transaction code first, so the history line of the answer names it.
  update public.claims c set transmission_started_at = null, last_transaction_code = transaction_code
  where c.id = claim.id returning * into claim;
  -- Whether the payer may have the transaction although we have no answer: anything but "never connected".
  -- A switch that refused the request (HTTP 4xx) did not take it either.
  maybe_sent := exists (select 1 from jsonb_array_elements(attempts) a
                        where a ->> 'outcome' <> 'unreachable'
                          and not (a ->> 'outcome' = 'http_error' and coalesce((a ->> 'httpStatus')::integer, 500) between 400 and 499));

  if transaction_code in ('B1', 'B3') then
    if status_code in ('P', 'D') then
      update public.claims c
      set status = 'paid', authorization_number = left(answer ->> 'authorizationNumber', 20), reject_codes = '{}',
          payer_message = message, previous_fill_date = null,
          dur_responses = coalesce(answer -> 'dur', '[]'),
          patient_pay_cents = (pricing ->> 'patientPayCents')::bigint,
          ingredient_cost_paid_cents = (pricing ->> 'ingredientCostPaidCents')::bigint,
          dispensing_fee_paid_cents = (pricing ->> 'dispensingFeePaidCents')::bigint,
          total_paid_cents = coalesce((pricing ->> 'totalPaidCents')::bigint, c.total_paid_cents),
          other_payer_paid_cents = (pricing ->> 'otherPayerPaidCents')::bigint,
          last_error = null, submitted_at = now(), submitted_by = actor_id, adjudicated_at = now(),
          reversed_at = null, reversed_by = null, reversal_reason = null
      where c.id = claim.id returning * into claim;
    elsif status_code = 'R' then
      update public.claims c
      set status = case when c.status = 'paid' and transaction_code = 'B3' then 'paid' else 'rejected' end,
          reject_codes = codes, payer_message = message,
          previous_fill_date = (select (d ->> 'previousFillDate')::date from jsonb_array_elements(coalesce(answer -> 'dur', '[]')) d
                                where d ->> 'previousFillDate' is not null limit 1),
          dur_responses = coalesce(answer -> 'dur', '[]'),
          last_error = case when c.status = 'paid' and transaction_code = 'B3'
                            then left('Rebill rejected: ' || array_to_string(codes, ', '), 500) end,
          submitted_at = now(), submitted_by = actor_id, adjudicated_at = now()
      where c.id = claim.id returning * into claim;
    elsif status_code in ('C', 'Q') then
      update public.claims c
      set status = 'submitted', authorization_number = left(answer ->> 'authorizationNumber', 20), payer_message = message,
          reject_codes = '{}', last_error = null, submitted_at = now(), submitted_by = actor_id
      where c.id = claim.id returning * into claim;
    else
      -- No answer we could read. When it may have reached the payer the claim is submitted (sending it again
      -- learns its fate: a duplicate answer shows the payment); when nothing connected it stays as it was.
      update public.claims c
      set status = case when maybe_sent and c.status in ('pending', 'rejected', 'reversed') then 'submitted' else c.status end,
          submitted_at = case when maybe_sent then now() else c.submitted_at end,
          submitted_by = case when maybe_sent then actor_id else c.submitted_by end,
          last_error = left(coalesce(attempts -> -1 ->> 'detail', 'The claims switch did not answer') ||
            case when maybe_sent then ' — submit again to learn the claim''s status' else '' end, 500)
      where c.id = claim.id returning * into claim;
    end if;
  else
    if status_code in ('A', 'S') then
      update public.claims c
      set status = 'reversed', reversed_at = now(), reversed_by = actor_id, last_error = null,
          payer_message = coalesce(message, c.payer_message)
      where c.id = claim.id returning * into claim;
    elsif status_code = 'R' then
      update public.claims c
      set last_error = left('Reversal rejected: ' || array_to_string(codes, ', ') || coalesce(' — ' || message, ''), 500)
      where c.id = claim.id returning * into claim;
    else
      update public.claims c
      set last_error = left('Reversal not answered: ' || coalesce(attempts -> -1 ->> 'detail', 'the claims switch did not answer'), 500)
      where c.id = claim.id returning * into claim;
    end if;
  end if;
  if return_to_stock and claim.status = 'reversed' then
    select * into fill from public.prescriptions p where p.pharmacy_id = claim.pharmacy_id and p.id = claim.prescription_id for update;
    -- Back on the shelf once every claim of the fill is reversed (a secondary's B2 may still be on its way); and a
    -- failure there never takes the payer's answer with it.
    if fill.status = 'ready' and not exists (
      select 1 from public.claims c where c.pharmacy_id = fill.pharmacy_id and c.prescription_id = fill.id and c.status in ('paid', 'submitted')) then
      begin
        units := private.put_fill_back_on_shelf(fill, 'Not picked up within the return-to-stock days: claim reversed');
        perform private.record_audit_event(claim.pharmacy_id, actor_id, 'return_to_stock', 'prescriptions', fill.id::text,
          private.prescription_status_label(fill.rx_number) || ' not picked up: claim reversed and ' || units || ' units returned to stock', true);
      exception when others then
        units := null;
        perform private.record_audit_event(claim.pharmacy_id, actor_id, 'return_to_stock', 'prescriptions', fill.id::text,
          private.prescription_status_label(fill.rx_number) || ' was reversed but not returned to stock: ' || sqlerrm, false);
      end;
    end if;
  end if;
  return private.claim_json(claim) || jsonb_build_object('unitsReturned', units, 'lastOutcome', last_outcome);
end
$$;
comment on function public.record_claim_response(uuid, uuid, text, jsonb, jsonb, boolean) is
  'Service role only (the api function, after the real exchange; actor_id is the staff member who asked, null for '
  'the daily job): stores every attempt raw (claim_transmissions, audited) and applies the payer''s answer as read by '
  'shared/src/billing/ncpdp ({responseStatus P/D paid, C/Q captured, R rejected, A/S reversal approved; '
  'authorizationNumber, rejectCodes, message, additionalMessages, pricing {patientPayCents, ingredientCostPaidCents, '
  'dispensingFeePaidCents, totalPaidCents, otherPayerPaidCents}, dur [{…, previousFillDate}]}, null when none was '
  'read). B1/B3: paid, rejected (a rejected rebill leaves the paid claim paid), captured = submitted; without an '
  'answer the claim is submitted when it may have reached the payer. B2: approved = reversed; a reversed ready fill '
  'goes back to stock when return_to_stock. The claim is no longer in flight. One transaction. Answers the claim.';
revoke all on function public.record_claim_response(uuid, uuid, text, jsonb, jsonb, boolean) from public, anon, authenticated;
grant execute on function public.record_claim_response(uuid, uuid, text, jsonb, jsonb, boolean) to service_role;

-- -----------------------------------------------------------------------------------------------------
-- Eligibility (E1) and Test Transmission Connection
-- -----------------------------------------------------------------------------------------------------
create function private.begin_eligibility_check(plan_id uuid) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  plan public.patient_insurance_plans;
begin
  if private.current_pharmacy_id() is null or not private.current_staff_can('billing:manage') then
    raise exception 'Only staff of the pharmacy can check eligibility' using errcode = '42501';
  end if;
  select * into plan from public.patient_insurance_plans pl
  where pl.pharmacy_id = private.current_pharmacy_id() and pl.id = begin_eligibility_check.plan_id;
  if plan.id is null then
    raise exception 'Plan not found' using errcode = 'P0002';
  end if;
  return (
    select jsonb_build_object('transactionCode', 'E1', 'planId', plan.id,
      'pharmacy', jsonb_build_object('id', ph.id, 'name', coalesce(ph.trade_name, ph.pharmacy_name), 'ncpdpId', ph.ncpdp_id,
        'npi', ph.npi_number, 'timeZone', ph.time_zone),
      'patient', jsonb_build_object('id', pt.id, 'firstName', pt.first_name, 'lastName', pt.last_name,
        'dateOfBirth', pt.date_of_birth, 'streetAddress', pt.street_address, 'city', pt.city, 'state', pt.state,
        'zipCode', pt.zip_code, 'phone', pt.phone),
      'plan', jsonb_build_object('id', plan.id, 'payerName', plan.payer_name, 'bin', plan.bin, 'pcn', plan.pcn,
        'groupId', plan.group_id, 'cardholderId', plan.cardholder_id, 'personCode', plan.person_code,
        'relationshipCode', plan.relationship_code),
      'serviceDate', private.pharmacy_local_date(ph.id, now()),
      'transmission', private.pharmacy_settings_values(ph.id, 'transmission'))
    from public.pharmacies ph join public.patients pt on pt.pharmacy_id = ph.id and pt.id = plan.patient_id
    where ph.id = plan.pharmacy_id);
end
$$;
comment on function private.begin_eligibility_check(uuid) is
  'Check Insurance Eligibility, as the caller (billing staff): what an E1 for one of the pharmacy''s plans is built '
  'from (pharmacy, patient, plan, today, the stored Transmission settings). record_claim_check stores it.';

create function private.begin_transmission_test() returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if private.current_pharmacy_id() is null or not private.current_staff_can('billing:manage') then
    raise exception 'Only staff of the pharmacy can test the claims connection' using errcode = '42501';
  end if;
  return (
    select jsonb_build_object('transactionCode', 'E1',
      'pharmacy', jsonb_build_object('id', ph.id, 'name', coalesce(ph.trade_name, ph.pharmacy_name), 'ncpdpId', ph.ncpdp_id,
        'npi', ph.npi_number, 'timeZone', ph.time_zone),
      'serviceDate', private.pharmacy_local_date(ph.id, now()),
      'transmission', private.pharmacy_settings_values(ph.id, 'transmission'))
    from public.pharmacies ph where ph.id = private.current_pharmacy_id());
end
$$;
comment on function private.begin_transmission_test() is
  'Test Transmission Connection / POST /api/claims/test-providers, as the caller (billing staff): the pharmacy''s '
  'ids and stored Transmission settings, for a test E1 to each configured switch.';

create function public.record_claim_check(
  pharmacy_id uuid, plan_id uuid, actor_id uuid, purpose text, attempts jsonb
) returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  if purpose not in ('eligibility', 'test') then
    raise exception 'Unknown check %', purpose using errcode = '22023';
  end if;
  if plan_id is not null and not exists (
    select 1 from public.patient_insurance_plans pl where pl.id = record_claim_check.plan_id and pl.pharmacy_id = record_claim_check.pharmacy_id) then
    raise exception 'Plan not found' using errcode = 'P0002';
  end if;
  perform private.record_transmissions(pharmacy_id, null, plan_id, purpose, 'E1', actor_id, attempts);
end
$$;
comment on function public.record_claim_check(uuid, uuid, uuid, text, jsonb) is
  'Service role only (the api function, after an E1; the pharmacy comes from the caller''s verified staff context): '
  'stores the attempts of an eligibility check of a plan or a connection test, audited.';
revoke all on function public.record_claim_check(uuid, uuid, uuid, text, jsonb) from public, anon, authenticated;
grant execute on function public.record_claim_check(uuid, uuid, uuid, text, jsonb) to service_role;

-- -----------------------------------------------------------------------------------------------------
-- A fill's billing: read, choose plan or cash, custom copay, override a reject, take the patient's payment
-- -----------------------------------------------------------------------------------------------------
create function private.fill_patient_share(fill public.prescriptions) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  billing public.prescription_billing := private.fill_billing_row(fill);
  prices jsonb := private.fill_prices(fill);
  settings jsonb := private.billing_settings(fill.pharmacy_id);
  last_paid public.claims;
  insurer_cents bigint := 0;
  share_cents bigint;
  basis text;
  paid_cents bigint;
  subtotal_cents bigint := (prices ->> 'usualAndCustomaryCents')::bigint;
begin
  select * into last_paid from public.claims c
  where c.pharmacy_id = fill.pharmacy_id and c.prescription_id = fill.id and c.status = 'paid'
  order by c.coverage desc limit 1;
  select coalesce(sum(c.total_paid_cents), 0) into insurer_cents from public.claims c
  where c.pharmacy_id = fill.pharmacy_id and c.prescription_id = fill.id and c.status = 'paid';
  if billing.custom_copay_cents is not null then
    share_cents := billing.custom_copay_cents;
    basis := 'custom';
  elsif billing.pay_with = 'cash' then
    share_cents := subtotal_cents;
    insurer_cents := 0;
    basis := 'cash';
  elsif last_paid.id is not null then
    share_cents := coalesce(last_paid.patient_pay_cents, 0);
    basis := 'payer';
  else
    -- No payer has answered: the estimate the calculator shows (subtotal less the default coverage).
    insurer_cents := round(subtotal_cents * (settings ->> 'defaultCoveragePercent')::numeric / 100);
    share_cents := subtotal_cents - insurer_cents;
    basis := 'estimate';
  end if;
  select coalesce(sum(pp.amount_cents), 0) into paid_cents from public.patient_payments pp
  where pp.pharmacy_id = fill.pharmacy_id and pp.prescription_id = fill.id;
  return jsonb_build_object('subtotalCents', subtotal_cents, 'insurerCents', insurer_cents, 'patientShareCents', share_cents,
    'basis', basis, 'paidCents', paid_cents, 'balanceCents', greatest(share_cents - paid_cents, 0),
    'coveragePercent', (settings ->> 'defaultCoveragePercent')::int, 'dispensingFeeCents', (settings ->> 'dispensingFeeCents')::int);
end
$$;
comment on function private.fill_patient_share(public.prescriptions) is
  'What the patient owes for a fill, in cents: the custom copay when one is set; as cash, the usual & customary '
  'price; else the patient pay of the last payer that paid; else an estimate (the price less the Billing settings'' '
  'default coverage). With what the insurers paid, what the patient paid so far and the balance.';

create function private.fill_billing(prescription_id uuid) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  fill public.prescriptions := private.caller_fill(prescription_id);
  billing public.prescription_billing := private.fill_billing_row(fill);
  plan public.patient_insurance_plans := private.fill_plan(fill, 'primary');
begin
  return jsonb_build_object(
    'prescriptionId', fill.id, 'rxNumber', fill.rx_number, 'fillNumber', fill.fill_number, 'status', fill.status,
    'dateFilled', fill.date_filled, 'quantity', fill.quantity, 'daysSupply', fill.days_supply,
    'patient', (select jsonb_build_object('id', p.id, 'firstName', p.first_name, 'lastName', p.last_name,
                  'dateOfBirth', p.date_of_birth)
                from public.patients p where p.pharmacy_id = fill.pharmacy_id and p.id = fill.patient_id),
    'medication', (select jsonb_build_object('id', m.id, 'name', m.name, 'strength', m.strength, 'ndc', m.ndc11,
                     'priceCents', round(m.price * 100)::bigint)
                   from public.medications m where m.pharmacy_id = fill.pharmacy_id and m.id = fill.medication_id),
    'payWith', billing.pay_with, 'chosenPlanId', billing.plan_id, 'planId', plan.id,
    'customCopayCents', billing.custom_copay_cents,
    'rejectOverride', case when billing.reject_overridden_at is not null then jsonb_build_object(
      'reason', billing.reject_override_reason, 'by', billing.reject_overridden_by, 'at', billing.reject_overridden_at) end,
    'plans', coalesce((select jsonb_agg(jsonb_build_object('id', pl.id, 'payerName', pl.payer_name, 'bin', pl.bin,
                         'pcn', pl.pcn, 'groupId', pl.group_id, 'cardholderId', pl.cardholder_id, 'priority', pl.priority)
                       order by pl.priority)
                       from public.patient_insurance_plans pl
                       where pl.pharmacy_id = fill.pharmacy_id and pl.patient_id = fill.patient_id and pl.active), '[]'::jsonb),
    'claims', coalesce((select jsonb_agg(private.claim_json(c) order by c.coverage, c.created_at)
                        from public.claims c where c.pharmacy_id = fill.pharmacy_id and c.prescription_id = fill.id), '[]'::jsonb),
    'prices', private.fill_prices(fill),
    'share', private.fill_patient_share(fill),
    'payments', coalesce((select jsonb_agg(jsonb_build_object('id', pp.id, 'receiptNumber', pp.receipt_number,
                            'amountCents', pp.amount_cents, 'method', pp.method, 'reference', pp.reference,
                            'receivedBy', pp.received_by, 'receivedAt', pp.received_at) order by pp.received_at)
                          from public.patient_payments pp
                          where pp.pharmacy_id = fill.pharmacy_id and pp.prescription_id = fill.id), '[]'::jsonb));
end
$$;
comment on function private.fill_billing(uuid) is
  'GET /api/billing/{prescriptionId}, as the caller (billing staff): the fill, its patient and medication, how it is '
  'paid (insurance or cash, the plan chosen and the plan billed, the custom copay, an override of a reject), the '
  'patient''s active plans, its claims, its prices, what the patient owes (private.fill_patient_share) and the '
  'payments taken.';

create function private.save_fill_billing(
  prescription_id uuid, pay_with text, plan_id uuid default null, custom_copay_cents integer default null
) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  fill public.prescriptions := private.caller_fill(prescription_id);
  open_claim public.claims;
begin
  if pay_with is null or pay_with not in ('insurance', 'cash') then
    raise exception 'Pay with must be insurance or cash' using errcode = '22023';
  end if;
  if pay_with = 'cash' then
    select * into open_claim from public.claims c
    where c.pharmacy_id = fill.pharmacy_id and c.prescription_id = fill.id and c.status in ('paid', 'submitted')
    order by c.coverage limit 1;
    if open_claim.id is not null then
      raise exception 'The claim to % is %: reverse it before billing the fill as cash', open_claim.payer_name, open_claim.status
        using errcode = 'P0001';
    end if;
  end if;
  if plan_id is not null and not exists (
    select 1 from public.patient_insurance_plans pl
    where pl.pharmacy_id = fill.pharmacy_id and pl.id = save_fill_billing.plan_id and pl.patient_id = fill.patient_id and pl.active) then
    raise exception 'Choose one of the patient''s active plans' using errcode = 'P0001';
  end if;
  insert into public.prescription_billing as b (pharmacy_id, prescription_id, pay_with, plan_id, custom_copay_cents, updated_by, updated_at)
  values (fill.pharmacy_id, fill.id, pay_with, case when pay_with = 'insurance' then plan_id end, custom_copay_cents,
    (select auth.uid()), now())
  on conflict on constraint prescription_billing_pkey do update
    set pay_with = excluded.pay_with, plan_id = excluded.plan_id, custom_copay_cents = excluded.custom_copay_cents,
        updated_by = excluded.updated_by, updated_at = excluded.updated_at;
  perform private.record_audit_event(fill.pharmacy_id, (select auth.uid()), 'update', 'prescription_billing', fill.id::text,
    private.prescription_status_label(fill.rx_number) || ' billed ' || case when pay_with = 'cash' then 'as cash' else 'to insurance' end
      || case when custom_copay_cents is not null then ', custom copay ' || to_char(custom_copay_cents / 100.0, 'FM999G999G990D00') else '' end,
    true);
  return private.fill_billing(fill.id);
end
$$;
comment on function private.save_fill_billing(uuid, text, uuid, integer) is
  'PUT /api/billing/{prescriptionId}, as the caller (billing staff): pay with insurance (through the plan chosen, one '
  'of the patient''s active plans, or the primary when none) or as cash (refused while a claim is paid or unanswered: '
  'reverse it first), and the custom copay in cents (null: the payer''s). Audited. Answers private.fill_billing.';

create function private.override_claim_reject(prescription_id uuid, reason text) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  fill public.prescriptions := private.caller_fill(prescription_id);
begin
  if not private.current_staff_can('prescriptions:verify') then
    raise exception 'Only a pharmacist or admin can override a rejected claim' using errcode = '42501';
  end if;
  if length(btrim(coalesce(reason, ''))) = 0 then
    raise exception 'Give a reason for overriding the rejected claim' using errcode = '23514';
  end if;
  if not exists (select 1 from public.claims c where c.pharmacy_id = fill.pharmacy_id and c.prescription_id = fill.id
                 and c.status = 'rejected') then
    raise exception '% has no rejected claim to override', private.prescription_status_label(fill.rx_number) using errcode = 'P0001';
  end if;
  insert into public.prescription_billing as b (pharmacy_id, prescription_id, reject_override_reason, reject_overridden_by,
    reject_overridden_at, updated_by, updated_at)
  values (fill.pharmacy_id, fill.id, left(btrim(reason), 500), (select auth.uid()), now(), (select auth.uid()), now())
  on conflict on constraint prescription_billing_pkey do update
    set reject_override_reason = excluded.reject_override_reason, reject_overridden_by = excluded.reject_overridden_by,
        reject_overridden_at = excluded.reject_overridden_at, updated_by = excluded.updated_by, updated_at = excluded.updated_at;
  perform private.record_audit_event(fill.pharmacy_id, (select auth.uid()), 'override', 'prescription_billing', fill.id::text,
    private.prescription_status_label(fill.rx_number) || ': rejected claim overridden — ' || left(btrim(reason), 500), true);
  return private.fill_billing(fill.id);
end
$$;
comment on function private.override_claim_reject(uuid, text) is
  'A pharmacist or admin lets a fill whose claim was rejected go on to ready, with a reason (recorded on the fill''s '
  'billing and audited).';

create function private.record_patient_payment(
  prescription_id uuid, amount_cents bigint, method text, reference text default null
) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  fill public.prescriptions := private.caller_fill(prescription_id);
  share jsonb;
  payment public.patient_payments;
begin
  -- One payment at a time per fill, so two terminals cannot both take the last balance.
  perform 1 from public.prescriptions p where p.id = fill.id for update;
  if fill.status = 'cancelled' then
    raise exception '% was cancelled; nothing is due', private.prescription_status_label(fill.rx_number) using errcode = 'P0001';
  end if;
  share := private.fill_patient_share(fill);
  if amount_cents > (share ->> 'balanceCents')::bigint then
    raise exception 'The balance due is %: a payment cannot be more', to_char((share ->> 'balanceCents')::bigint / 100.0, 'FM$999G999G990D00')
      using errcode = 'P0001';
  end if;
  insert into public.patient_payments (pharmacy_id, prescription_id, amount_cents, method, reference, received_by)
  values (fill.pharmacy_id, fill.id, amount_cents, method, nullif(btrim(reference), ''), (select auth.uid()))
  returning * into payment;
  perform private.record_audit_event(fill.pharmacy_id, (select auth.uid()), 'create', 'patient_payments', payment.id::text,
    'Payment of ' || to_char(amount_cents / 100.0, 'FM999G999G990D00') || ' by ' || method || ' for '
      || private.prescription_status_label(fill.rx_number) || ' (receipt ' || payment.receipt_number || ')', true);
  return jsonb_build_object('paymentId', payment.id, 'receiptNumber', payment.receipt_number, 'billing', private.fill_billing(fill.id));
end
$$;
comment on function private.record_patient_payment(uuid, bigint, text, text) is
  'Process Payment, as the caller (billing staff): records what the patient paid for a fill (cents; cash, card or '
  'check with its reference), at most the balance due, under the fill''s lock; audited. Answers the payment''s id and '
  'receipt number and the fill''s billing.';

-- -----------------------------------------------------------------------------------------------------
-- The Billing screen: overview, the Claims tab's page, one claim in full
-- -----------------------------------------------------------------------------------------------------
create function public.billing_overview() returns jsonb
language sql stable
set search_path = ''
as $$
  with pharmacy as (
    select private.current_pharmacy_id() as id
  ), month as (
    select private.pharmacy_days(pharmacy.id, date_trunc('month', private.pharmacy_local_date(pharmacy.id, now()))::date, null) as days
    from pharmacy
  ), counters as (
    select c.status, c.claims, c.gross_amount_due_cents, c.total_paid_cents
    from public.claim_counters c where c.pharmacy_id = (select id from pharmacy)
  )
  select jsonb_build_object(
    'pending', coalesce((select claims from counters where status = 'pending'), 0),
    'submitted', coalesce((select claims from counters where status = 'submitted'), 0),
    'paid', coalesce((select claims from counters where status = 'paid'), 0),
    'rejected', coalesce((select claims from counters where status = 'rejected'), 0),
    'reversed', coalesce((select claims from counters where status = 'reversed'), 0),
    'pendingRevenueCents', coalesce((select sum(gross_amount_due_cents) from counters where status in ('pending', 'submitted')), 0),
    -- What payers paid on this month's fills (by date of service), from the daily rollup: a month is a few hundred rows.
    'monthPaidByPayersCents', coalesce((
      select sum(t.total_paid_cents) from public.claim_daily_totals t
      where t.pharmacy_id = (select id from pharmacy) and t.status = 'paid'
        and t.service_date >= date_trunc('month', private.pharmacy_local_date((select id from pharmacy), now()))::date), 0),
    'monthPaidByPatientsCents', coalesce((
      select sum(pp.amount_cents) from public.patient_payments pp
      where pp.pharmacy_id = (select id from pharmacy) and pp.received_at >= (select lower(days) from month)), 0),
    'monthStart', (select lower(days) from month))
$$;
comment on function public.billing_overview() is
  'The Billing overview''s cards, as the caller (RLS applies): claims pending, submitted, paid, rejected and reversed '
  '(claim_counters, exact at any volume), pending revenue (gross amount due of pending and submitted claims, cents), '
  'and this month''s revenue in the pharmacy''s time zone: what payers paid on this month''s fills (claim_daily_totals) '
  'and what patients paid.';
revoke all on function public.billing_overview() from public, anon;
grant execute on function public.billing_overview() to authenticated, service_role;

create function public.claim_page(search text default '', status_filter text default 'all',
  page_size integer default 25, page_offset integer default 0)
returns table (
  id uuid, prescription_id uuid, rx_number bigint, fill_number integer, patient_id uuid, patient_name text,
  payer_name text, coverage text, status text, service_date date, gross_amount_due_cents bigint,
  total_paid_cents bigint, patient_pay_cents bigint, reject_codes text[], submitted_at timestamptz,
  created_at timestamptz, total_count bigint
)
language plpgsql stable
set search_path = ''
as $$
declare
  pharmacy uuid := private.current_pharmacy_id();
  cleaned text := nullif(btrim(coalesce(search, '')), '');
  wanted text := coalesce(nullif(status_filter, ''), 'all');
  rx bigint;
  patient_ids uuid[];
  statuses text[];
  ids uuid[];
  total bigint;
  limit_rows integer := least(greatest(coalesce(page_size, 25), 1), 100);
  skip_rows integer := greatest(coalesce(page_offset, 0), 0);
begin
  if wanted not in ('all', 'pending', 'submitted', 'paid', 'rejected', 'reversed') then
    raise exception 'Status filter must be all, pending, submitted, paid, rejected or reversed' using errcode = '22023';
  end if;
  if cleaned is null then
    -- Without a search the count is the counters' (exact, any volume); the page walks the status index.
    select coalesce(sum(c.claims), 0) into total from public.claim_counters c
    where c.pharmacy_id = pharmacy and (wanted = 'all' or c.status = wanted);
    return query
      select c.id, c.prescription_id, c.rx_number, c.fill_number, c.patient_id, p.last_name || ', ' || p.first_name,
             c.payer_name, c.coverage, c.status, c.service_date, c.gross_amount_due_cents, c.total_paid_cents,
             c.patient_pay_cents, c.reject_codes, c.submitted_at, c.created_at, total
      from public.claims c
      join public.patients p on p.pharmacy_id = c.pharmacy_id and p.id = c.patient_id
      where c.pharmacy_id = pharmacy and (wanted = 'all' or c.status = wanted)
      order by c.created_at desc, c.id desc
      limit limit_rows offset skip_rows;
    return;
  end if;
  -- A search is an Rx number (digits, optionally RX/#) or words of the patient's name.
  if cleaned ~* '^(rx\s*|#)?[0-9]{1,15}$' then
    rx := regexp_replace(cleaned, '[^0-9]', '', 'g')::bigint;
  else
    patient_ids := private.patients_matching(cleaned);
  end if;
  -- The count and the page's ids from the index alone (a common name matches thousands of claims), then the page's
  -- 25 rows with their patients. One statement per kind of search: an OR of both would keep either index unused.
  statuses := case when wanted = 'all' then array['pending', 'submitted', 'paid', 'rejected', 'reversed'] else array[wanted] end;
  if rx is not null then
    select count(*) into total from public.claims c
    where c.pharmacy_id = pharmacy and c.rx_number = rx and c.status = any (statuses);
    ids := array(select c.id from public.claims c
                 where c.pharmacy_id = pharmacy and c.rx_number = rx and c.status = any (statuses)
                 order by c.created_at desc, c.id desc limit limit_rows offset skip_rows);
  else
    select coalesce(sum(pc.claims), 0) into total from public.claim_patient_counts pc
    where pc.pharmacy_id = pharmacy and pc.patient_id = any (patient_ids) and pc.status = any (statuses);
    ids := array(select c.id from public.claims c
                 where c.pharmacy_id = pharmacy and c.patient_id = any (patient_ids) and c.status = any (statuses)
                 order by c.created_at desc, c.id desc limit limit_rows offset skip_rows);
  end if;
  return query
    select m.id, m.prescription_id, m.rx_number, m.fill_number, m.patient_id, p.last_name || ', ' || p.first_name,
           m.payer_name, m.coverage, m.status, m.service_date, m.gross_amount_due_cents, m.total_paid_cents,
           m.patient_pay_cents, m.reject_codes, m.submitted_at, m.created_at, total
    from unnest(ids) with ordinality as page (id, position)
    join public.claims m on m.id = page.id
    join public.patients p on p.pharmacy_id = m.pharmacy_id and p.id = m.patient_id
    order by page.position;
end
$$;
comment on function public.claim_page(text, text, integer, integer) is
  'The Claims tab, as the caller (RLS applies): one page (at most 100) of the pharmacy''s claims, newest first, '
  'filtered by status (all, pending, submitted, paid, rejected, reversed) and searched by Rx number or the patient''s '
  'name (private.patients_matching), with the exact total (from claim_counters without a search).';
revoke all on function public.claim_page(text, text, integer, integer) from public, anon;
grant execute on function public.claim_page(text, text, integer, integer) to authenticated, service_role;

create function public.claim_detail(claim_id uuid) returns jsonb
language sql stable
set search_path = ''
as $$
  select private.claim_json(c) || jsonb_build_object(
    'patientName', (select p.last_name || ', ' || p.first_name from public.patients p
                    where p.pharmacy_id = c.pharmacy_id and p.id = c.patient_id),
    'transmissions', coalesce((select jsonb_agg(jsonb_build_object('id', t.id, 'transactionCode', t.transaction_code,
        'purpose', t.purpose, 'attempt', t.attempt, 'destination', t.destination, 'url', t.request_url,
        'request', t.request, 'response', t.response, 'httpStatus', t.http_status, 'outcome', t.outcome,
        'detail', t.detail, 'durationMs', t.duration_ms, 'sentBy', t.sent_by, 'sentAt', t.sent_at)
        order by t.sent_at, t.id)
      from public.claim_transmissions t where t.pharmacy_id = c.pharmacy_id and t.claim_id = c.id), '[]'::jsonb),
    'history', coalesce((select jsonb_agg(jsonb_build_object('status', e.status, 'transactionCode', e.transaction_code,
        'detail', e.detail, 'actorId', e.actor_id, 'occurredAt', e.occurred_at) order by e.occurred_at, e.id)
      from public.claim_events e where e.pharmacy_id = c.pharmacy_id and e.claim_id = c.id), '[]'::jsonb))
  from public.claims c
  where c.id = claim_detail.claim_id and c.pharmacy_id = (select private.current_pharmacy_id())
$$;
comment on function public.claim_detail(uuid) is
  'View on the Claims tab, as the caller (RLS applies): the claim, every transmission''s request and response as '
  'sent and received, and its history; null when not the caller''s pharmacy''s.';
revoke all on function public.claim_detail(uuid) from public, anon;
grant execute on function public.claim_detail(uuid) to authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- The daily reversal of fills not picked up (service role: the api function, asked by pg_cron)
-- -----------------------------------------------------------------------------------------------------
create function public.claims_due_for_reversal(max_claims integer default 50) returns jsonb
language sql stable security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(due.request), '[]'::jsonb)
  from (
    select private.claim_request(c, p, 'B2') || jsonb_build_object('readySince', p.verified_at) as request
    from public.pharmacies ph
    cross join lateral (
      select p.* from public.prescriptions p
      where p.pharmacy_id = ph.id and p.status = 'ready'
        and p.verified_at < now() - make_interval(days => (private.billing_settings(ph.id) ->> 'returnToStockDays')::int)
    ) p
    join public.claims c on c.pharmacy_id = p.pharmacy_id and c.prescription_id = p.id and c.status = 'paid'
      and (c.transmission_started_at is null or c.transmission_started_at < now() - interval '2 minutes')
    order by p.verified_at
    limit least(greatest(coalesce(max_claims, 50), 1), 500)
  ) due
$$;
comment on function public.claims_due_for_reversal(integer) is
  'Service role only (the daily job reverse-unclaimed-fills through POST /api/internal/claims/reverse-due): the paid '
  'claims of ready fills not picked up within their pharmacy''s return-to-stock days (Billing settings, 14 by '
  'default), oldest first, each as private.claim_request for a B2. begin_due_claim_reversal marks one in flight.';
revoke all on function public.claims_due_for_reversal(integer) from public, anon, authenticated;
grant execute on function public.claims_due_for_reversal(integer) to service_role;

create function public.begin_due_claim_reversal(claim_id uuid) returns boolean
language plpgsql security definer
set search_path = ''
as $$
declare
  claim public.claims;
begin
  select * into claim from public.claims c where c.id = begin_due_claim_reversal.claim_id for update;
  if claim.id is null or claim.status <> 'paid' or claim.transmission_started_at > now() - interval '2 minutes' then
    return false;
  end if;
  -- Still due now (the list was read at the job's start): the fill not picked up since, past its days.
  if not exists (
    select 1 from public.prescriptions p
    where p.pharmacy_id = claim.pharmacy_id and p.id = claim.prescription_id and p.status = 'ready'
      and p.verified_at < now() - make_interval(days => (private.billing_settings(p.pharmacy_id) ->> 'returnToStockDays')::int)
    for update of p) then
    return false;
  end if;
  update public.claims c set transmission_started_at = now(),
    reversal_reason = 'Not picked up within the return-to-stock days'
  where c.id = claim.id;
  return true;
end
$$;
comment on function public.begin_due_claim_reversal(uuid) is
  'Service role only (the daily job): marks a due claim''s reversal in flight; false when it is no longer paid, a '
  'terminal is transmitting it, or its fill is no longer ready past its return-to-stock days (picked up meanwhile).';
revoke all on function public.begin_due_claim_reversal(uuid) from public, anon, authenticated;
grant execute on function public.begin_due_claim_reversal(uuid) to service_role;

create function private.request_claim_reversals() returns bigint
language sql security definer
set search_path = ''
as $$
  select private.request_api_function('internal/claims/reverse-due', '{}'::jsonb, 300000, 'The daily claim reversal was not requested')
  where exists (select 1 from public.claims c where c.status = 'paid' limit 1)
$$;
comment on function private.request_claim_reversals() is
  'Run by pg_cron daily at 06:15 UTC (job reverse-unclaimed-fills): asks the api function (POST '
  '/api/internal/claims/reverse-due, service role) to reverse and return to stock the fills not picked up.';

do $$
begin
  if to_regnamespace('cron') is not null then
    perform cron.schedule('reverse-unclaimed-fills', '15 6 * * *', 'select private.request_claim_reversals()');
  end if;
end
$$;

-- -----------------------------------------------------------------------------------------------------
-- The api's wrappers (each runs as the caller; the private function decides)
-- -----------------------------------------------------------------------------------------------------
create function public.begin_claim_transaction(
  fill_id uuid, transaction_code text, coverage text default 'primary', fixes jsonb default null, reason text default null
) returns jsonb
language sql
set search_path = ''
as $$ select private.begin_claim_transaction(fill_id, transaction_code, coverage, fixes, reason) $$;
comment on function public.begin_claim_transaction(uuid, text, text, jsonb, text) is 'See private.begin_claim_transaction.';

create function public.begin_eligibility_check(plan_id uuid) returns jsonb
language sql stable
set search_path = ''
as $$ select private.begin_eligibility_check(plan_id) $$;
comment on function public.begin_eligibility_check(uuid) is 'See private.begin_eligibility_check.';

create function public.begin_transmission_test() returns jsonb
language sql stable
set search_path = ''
as $$ select private.begin_transmission_test() $$;
comment on function public.begin_transmission_test() is 'See private.begin_transmission_test.';

create function public.fill_billing(prescription_id uuid) returns jsonb
language sql stable
set search_path = ''
as $$ select private.fill_billing(prescription_id) $$;
comment on function public.fill_billing(uuid) is 'GET /api/billing/{prescriptionId}: see private.fill_billing.';

create function public.save_fill_billing(
  prescription_id uuid, pay_with text, plan_id uuid default null, custom_copay_cents integer default null
) returns jsonb
language sql
set search_path = ''
as $$ select private.save_fill_billing(prescription_id, pay_with, plan_id, custom_copay_cents) $$;
comment on function public.save_fill_billing(uuid, text, uuid, integer) is 'PUT /api/billing/{prescriptionId}: see private.save_fill_billing.';

create function public.override_claim_reject(prescription_id uuid, reason text) returns jsonb
language sql
set search_path = ''
as $$ select private.override_claim_reject(prescription_id, reason) $$;
comment on function public.override_claim_reject(uuid, text) is 'See private.override_claim_reject.';

create function public.record_patient_payment(
  prescription_id uuid, amount_cents bigint, method text, reference text default null
) returns jsonb
language sql
set search_path = ''
as $$ select private.record_patient_payment(prescription_id, amount_cents, method, reference) $$;
comment on function public.record_patient_payment(uuid, bigint, text, text) is 'Process Payment: see private.record_patient_payment.';

revoke all on function
  private.claim_json(public.claims), private.caller_fill(uuid), private.claim_request(public.claims, public.prescriptions, text),
  private.begin_claim_transaction(uuid, text, text, jsonb, text),
  private.record_transmissions(uuid, uuid, uuid, text, text, uuid, jsonb),
  private.put_fill_back_on_shelf(public.prescriptions, text),
  private.begin_eligibility_check(uuid), private.begin_transmission_test(), private.fill_patient_share(public.prescriptions),
  private.fill_billing(uuid), private.save_fill_billing(uuid, text, uuid, integer), private.override_claim_reject(uuid, text),
  private.record_patient_payment(uuid, bigint, text, text), private.request_claim_reversals()
  from public, anon;
grant execute on function
  private.claim_json(public.claims), private.caller_fill(uuid),
  private.begin_claim_transaction(uuid, text, text, jsonb, text),
  private.begin_eligibility_check(uuid), private.begin_transmission_test(),
  private.fill_billing(uuid), private.save_fill_billing(uuid, text, uuid, integer), private.override_claim_reject(uuid, text),
  private.record_patient_payment(uuid, bigint, text, text)
  to authenticated;
revoke all on function
  public.begin_claim_transaction(uuid, text, text, jsonb, text), public.begin_eligibility_check(uuid),
  public.begin_transmission_test(), public.fill_billing(uuid), public.save_fill_billing(uuid, text, uuid, integer),
  public.override_claim_reject(uuid, text), public.record_patient_payment(uuid, bigint, text, text)
  from public, anon;
grant execute on function
  public.begin_claim_transaction(uuid, text, text, jsonb, text), public.begin_eligibility_check(uuid),
  public.begin_transmission_test(), public.fill_billing(uuid), public.save_fill_billing(uuid, text, uuid, integer),
  public.override_claim_reject(uuid, text), public.record_patient_payment(uuid, bigint, text, text)
  to authenticated, service_role;

select private.install_constraint_explanations('public.prescription_billing');
select private.install_constraint_explanations('public.claims');
select private.install_constraint_explanations('public.patient_payments');
-- A plan or patient that claims name cannot be removed: their delete messages now say so.
select private.install_constraint_explanations('public.patient_insurance_plans');
select private.install_constraint_explanations('public.patients');

-- Live tables: the Billing screen and the queue follow claims as other terminals bill them.
alter table public.claims replica identity full;
alter publication supabase_realtime add table public.claims;

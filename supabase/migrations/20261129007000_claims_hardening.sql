-- =====================================================================================================
-- Claims and remittances hardened (issue 25, a second reading)
-- =====================================================================================================
-- * A transmission in flight: begin_claim_transaction and begin_due_claim_reversal now mark the claim in flight
--   until `in_flight_until`, as long as the whole transmission may take (the Transmission settings' operation
--   timeout, which claims-routing.ts holds every attempt, retry and failover to, plus a margin for the address checks
--   and the recording; at least the two minutes it was), with a transmission token (`transmission_id`) and the
--   transaction code begun. private.claim_lock_seconds decides how long, private.claim_in_flight answers whether,
--   for every check (begin, the daily job's list and take, the claim's `inFlight`).
-- * record_claim_response takes the token back: an answer for a claim not in flight, or for another transmission
--   (an older attempt that timed out while a newer one was begun) or another transaction code, is refused.
-- * begin_claim_transaction checks the fixes as shared/src/billing/claim.ts claimFixesSchema does (submission
--   clarification codes 1–2 digits, at most 3; a prior authorisation number of 1–11 digits; at most 9 DUR/PPS
--   entries of two-character codes and a 1–2 digit level of effort; nothing else), so a hand-written call cannot
--   put what D.0 cannot carry into a claim.
-- * A claim is reversed after the claims that followed it: a B2 of the primary while the secondary (or tertiary)
--   is paid, awaiting its answer or in flight is refused; the daily job lists a fill's secondaries before its
--   primary and takes a primary only once they are reversed.
-- * Remittances: imported by the service role only (import_remittance(pharmacy_id, actor_id, …)), after the api
--   asked begin_remittance_import as the caller (billing staff; the pharmacy comes from the caller's membership);
--   refused when the 835's payee is not this pharmacy (NPI, or NCPDP number); once per payer id (REF*2U, else N104,
--   else TRN03) and trace number, with a sentence; a CLP matches only a claim billed to the remittance's payer (its
--   BIN when the 835 gives one, else its name) and also a claim still submitted (the payer paid a claim whose answer
--   never reached us).

-- -----------------------------------------------------------------------------------------------------
-- In flight: until when, which transmission, which transaction
-- -----------------------------------------------------------------------------------------------------
alter table public.claims
  add column in_flight_until timestamptz,
  add column transmission_id uuid,
  add column in_flight_transaction_code text,
  add constraint claims_in_flight_check check (
    in_flight_transaction_code in ('B1', 'B2', 'B3')
    and (transmission_id is null) = (in_flight_until is null)
    and (transmission_id is null) = (in_flight_transaction_code is null));
comment on column public.claims.in_flight_until is
  'Until when the transmission begun is in flight (one terminal at a time): begin time plus private.claim_lock_seconds. '
  'Null when none is; cleared by record_claim_response.';
comment on column public.claims.transmission_id is
  'The token of the transmission begun (answered by begin_claim_transaction and begin_due_claim_reversal): '
  'record_claim_response records only the answer that carries it back.';
comment on column public.claims.in_flight_transaction_code is 'The transaction (B1, B2, B3) of the transmission begun.';
comment on constraint claims_in_flight_check on public.claims is
  'A transmission in flight has its token, its end and its transaction code together';
-- A transmission begun before this migration has no token to bring back: it ends as it would have, two minutes on.
update public.claims set in_flight_until = transmission_started_at + interval '2 minutes', transmission_id = gen_random_uuid(),
  in_flight_transaction_code = coalesce(last_transaction_code, 'B1')
where transmission_started_at > now() - interval '2 minutes';

create function private.claim_lock_seconds(for_pharmacy_id uuid) returns integer
language sql stable security definer
set search_path = ''
as $$
  -- claims-routing.ts ends every attempt, retry and failover by one deadline, the operation timeout (5–300 s, 30 by
  -- default); a minute more covers the address checks, the credentials and recording the answer.
  select greatest(120, coalesce(
    case when jsonb_typeof(s.v -> 'operationTimeoutSeconds') = 'number'
              and (s.v ->> 'operationTimeoutSeconds')::numeric between 5 and 300
         then ceil((s.v ->> 'operationTimeoutSeconds')::numeric)::int end, 30) + 60)
  from (select private.pharmacy_settings_values(for_pharmacy_id, 'transmission') as v) s
$$;
comment on function private.claim_lock_seconds(uuid) is
  'How long a claim transmission of the pharmacy may take, in seconds, so a claim stays in flight that long: the '
  'Transmission settings'' operation timeout (the deadline claims-routing.ts holds all attempts, retries and failover '
  'to; 30 s by default) plus 60 s for address checks and recording, at least 120.';

create function private.claim_in_flight(claim public.claims) returns boolean
language sql stable
set search_path = ''
as $$ select claim.transmission_id is not null and claim.in_flight_until > now() $$;
comment on function private.claim_in_flight(public.claims) is
  'Whether a transmission of the claim is in flight (begun, not recorded, within private.claim_lock_seconds): the one '
  'check begin_claim_transaction, the daily job and the claim''s inFlight all use.';

create function private.mark_claim_in_flight(for_claim_id uuid, transaction_code text) returns uuid
language sql security definer
set search_path = ''
as $$
  update public.claims c
  set transmission_started_at = now(),
      in_flight_until = now() + make_interval(secs => private.claim_lock_seconds(c.pharmacy_id)),
      transmission_id = gen_random_uuid(),
      in_flight_transaction_code = mark_claim_in_flight.transaction_code
  where c.id = for_claim_id
  returning c.transmission_id
$$;
comment on function private.mark_claim_in_flight(uuid, text) is
  'Marks a claim''s transaction (B1, B2, B3) in flight for private.claim_lock_seconds and answers the new '
  'transmission token record_claim_response must be given back. The caller checked the claim is not in flight.';

revoke all on function private.claim_lock_seconds(uuid), private.claim_in_flight(public.claims),
  private.mark_claim_in_flight(uuid, text) from public, anon;
grant execute on function private.claim_in_flight(public.claims) to authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- The fixes a claim carries, checked as the shared schema does
-- -----------------------------------------------------------------------------------------------------
create function private.check_claim_fixes(fixes jsonb) returns void
language plpgsql immutable
set search_path = ''
as $$
declare
  entry jsonb;
  code jsonb;
begin
  if fixes is null or jsonb_typeof(fixes) = 'null' then
    return;
  end if;
  if jsonb_typeof(fixes) <> 'object'
     or exists (select 1 from jsonb_object_keys(fixes) k where k not in ('submissionClarificationCodes', 'priorAuthorizationNumber', 'durPps')) then
    raise exception 'The fixes are submissionClarificationCodes, priorAuthorizationNumber and durPps, nothing else' using errcode = '22023';
  end if;
  if fixes ? 'submissionClarificationCodes' then
    if jsonb_typeof(fixes -> 'submissionClarificationCodes') <> 'array' or jsonb_array_length(fixes -> 'submissionClarificationCodes') > 3 then
      raise exception 'Submission clarification codes are 1 or 2 digits, at most 3 of them' using errcode = '22023';
    end if;
    for code in select value from jsonb_array_elements(fixes -> 'submissionClarificationCodes') loop
      if jsonb_typeof(code) <> 'string' or code #>> '{}' !~ '^[0-9]{1,2}$' then
        raise exception 'Submission clarification codes are 1 or 2 digits, at most 3 of them' using errcode = '22023';
      end if;
    end loop;
  end if;
  if fixes ? 'priorAuthorizationNumber' and jsonb_typeof(fixes -> 'priorAuthorizationNumber') <> 'null'
     and (jsonb_typeof(fixes -> 'priorAuthorizationNumber') <> 'string' or btrim(fixes ->> 'priorAuthorizationNumber') !~ '^([0-9]{1,11})?$') then
    raise exception 'The prior authorisation number is 1 to 11 digits (NCPDP 462-EV)' using errcode = '22023';
  end if;
  if fixes ? 'durPps' then
    if jsonb_typeof(fixes -> 'durPps') <> 'array' or jsonb_array_length(fixes -> 'durPps') > 9 then
      raise exception 'DUR/PPS codes are two letters or digits each, at most 9 entries' using errcode = '22023';
    end if;
    for entry in select value from jsonb_array_elements(fixes -> 'durPps') loop
      if jsonb_typeof(entry) <> 'object'
         or exists (select 1 from jsonb_each(entry) e
                    where e.key not in ('reasonForService', 'professionalService', 'result', 'levelOfEffort')
                       or jsonb_typeof(e.value) <> 'string'
                       or e.value #>> '{}' !~ case when e.key = 'levelOfEffort' then '^[0-9]{1,2}$' else '^[A-Z0-9]{2}$' end) then
        raise exception 'DUR/PPS codes are two letters or digits each, at most 9 entries' using errcode = '22023';
      end if;
    end loop;
  end if;
end
$$;
comment on function private.check_claim_fixes(jsonb) is
  'Refuses, with shared/src/billing/claim.ts''s sentences, fixes that claimFixesSchema would refuse: only '
  'submissionClarificationCodes (at most 3, each 1–2 digits), priorAuthorizationNumber (1–11 digits, blank clears it) '
  'and durPps (at most 9 objects of reasonForService, professionalService, result — two capital letters or digits — '
  'and levelOfEffort, 1–2 digits). The values a D.0 request can carry, whoever wrote the call.';
revoke all on function private.check_claim_fixes(jsonb) from public, anon;
grant execute on function private.check_claim_fixes(jsonb) to authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- The claim's inFlight, begin (fixes checked, the later coverage reversed first, the token), record (the token),
-- the daily job (secondaries first)
-- -----------------------------------------------------------------------------------------------------
create or replace function private.claim_json(claim public.claims) returns jsonb
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
    'inFlight', private.claim_in_flight(claim),
    'submittedAt', claim.submitted_at, 'adjudicatedAt', claim.adjudicated_at, 'reversedAt', claim.reversed_at,
    'reversalReason', claim.reversal_reason, 'createdAt', claim.created_at)
$$;
comment on function private.claim_json(public.claims) is 'A claim as the api answers it (camelCase, money in cents).';

create or replace function private.begin_claim_transaction(
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
  later_claim public.claims;
  token uuid;
begin
  if transaction_code is null or transaction_code not in ('B1', 'B2', 'B3') then
    raise exception 'Unknown claim transaction %: use B1, B2 or B3', transaction_code using errcode = '22023';
  end if;
  if coverage is null or coverage not in ('primary', 'secondary', 'tertiary') then
    raise exception 'Coverage must be primary, secondary or tertiary' using errcode = '22023';
  end if;
  perform private.check_claim_fixes(fixes);
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
    -- The claims that followed this one were paid on its payment (coordination of benefits): they go first.
    select * into later_claim from public.claims c
    where c.pharmacy_id = fill.pharmacy_id and c.prescription_id = fill.id and c.coverage > claim.coverage
      and (c.status in ('paid', 'submitted') or private.claim_in_flight(c))
    order by c.coverage desc limit 1;
    if later_claim.id is not null then
      raise exception 'Reverse the % claim to % first: a % claim is reversed after the claims billed on its payment',
        later_claim.coverage, later_claim.payer_name, claim.coverage using errcode = 'P0001';
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
  if private.claim_in_flight(claim) then
    raise exception '%''s claim is being transmitted from another terminal', private.prescription_status_label(fill.rx_number)
      using errcode = 'P0001';
  end if;

  if transaction_code = 'B2' then
    update public.claims c set reversal_reason = left(btrim(reason), 500) where c.id = claim.id;
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
        dur_pps = case when fixes ? 'durPps' then coalesce(fixes -> 'durPps', '[]') else c.dur_pps end
    where c.id = claim.id;
  end if;
  token := private.mark_claim_in_flight(claim.id, transaction_code);
  select * into claim from public.claims c where c.id = claim.id;
  return private.claim_request(claim, fill, transaction_code) || jsonb_build_object('transmissionId', token);
end
$$;
comment on function private.begin_claim_transaction(uuid, text, text, jsonb, text) is
  'Begins a claim transaction for a fill, as the caller (billing staff): B1 bills the plan at the coverage level '
  '(opening the claim when there is none; refused when the fill is cancelled or paid as cash, when the patient has no '
  'such plan, for a secondary before the primary is paid, and for a claim already paid), B3 rebills a paid claim, B2 '
  'reverses a paid (or unanswered) claim with a reason, after the claims of a later coverage (secondary, tertiary) are '
  'reversed. A B1/B3 bills the plan and prices as they are now, with the '
  'fixes given ({submissionClarificationCodes, priorAuthorizationNumber, durPps}, checked by private.check_claim_fixes). '
  'The claim is marked in flight (one terminal at a time, for as long as the transmission may take: '
  'private.claim_lock_seconds) and private.claim_request is answered with the transmission token (transmissionId) '
  'record_claim_response needs back to settle it.';

drop function public.record_claim_response(uuid, uuid, text, jsonb, jsonb, boolean);
create function public.record_claim_response(
  claim_id uuid, actor_id uuid, transaction_code text, transmission_id uuid, attempts jsonb, answer jsonb,
  return_to_stock boolean default false
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
  -- Only the answer to the transmission begun: a late answer of an attempt given up on must not overwrite the
  -- answer of a newer transmission (nor settle one it is not).
  if claim.transmission_id is null then
    raise exception 'The claim has no transmission in flight (its answer was recorded already): this answer is not recorded'
      using errcode = 'P0001';
  end if;
  if record_claim_response.transmission_id is distinct from claim.transmission_id
     or transaction_code is distinct from claim.in_flight_transaction_code then
    raise exception 'This answer is for an earlier transmission of the claim (a % was begun since): it is not recorded',
      claim.in_flight_transaction_code using errcode = 'P0001';
  end if;
  perform private.record_transmissions(claim.pharmacy_id, claim.id, null,
    case when transaction_code = 'B2' then 'reversal' else 'claim' end, transaction_code, actor_id, attempts);
  -- No longer in flight; the transaction code first, so the history line of the answer names it.
  update public.claims c set transmission_started_at = null, in_flight_until = null, transmission_id = null,
    in_flight_transaction_code = null, last_transaction_code = transaction_code
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
comment on function public.record_claim_response(uuid, uuid, text, uuid, jsonb, jsonb, boolean) is
  'Service role only (the api function, after the real exchange; actor_id is the staff member who asked, null for '
  'the daily job; transmission_id the token begin_claim_transaction or begin_due_claim_reversal answered — an answer '
  'for a claim not in flight, or for another transmission or transaction code than the one begun, is refused): stores every '
  'attempt raw (claim_transmissions, audited) and applies the payer''s answer as read by '
  'shared/src/billing/ncpdp ({responseStatus P/D paid, C/Q captured, R rejected, A/S reversal approved; '
  'authorizationNumber, rejectCodes, message, additionalMessages, pricing {patientPayCents, ingredientCostPaidCents, '
  'dispensingFeePaidCents, totalPaidCents, otherPayerPaidCents}, dur [{…, previousFillDate}]}, null when none was '
  'read). B1/B3: paid, rejected (a rejected rebill leaves the paid claim paid), captured = submitted; without an '
  'answer the claim is submitted when it may have reached the payer. B2: approved = reversed; a reversed ready fill '
  'goes back to stock when return_to_stock. The claim is no longer in flight. One transaction. Answers the claim.';
revoke all on function public.record_claim_response(uuid, uuid, text, uuid, jsonb, jsonb, boolean) from public, anon, authenticated;
grant execute on function public.record_claim_response(uuid, uuid, text, uuid, jsonb, jsonb, boolean) to service_role;

create or replace function public.claims_due_for_reversal(max_claims integer default 50) returns jsonb
language sql stable security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(due.request order by due.verified_at, due.fill_id, due.coverage desc), '[]'::jsonb)
  from (
    select private.claim_request(c, p, 'B2') || jsonb_build_object('readySince', p.verified_at) as request,
           p.verified_at, p.id as fill_id, c.coverage
    from public.pharmacies ph
    cross join lateral (
      select p.* from public.prescriptions p
      where p.pharmacy_id = ph.id and p.status = 'ready'
        and p.verified_at < now() - make_interval(days => (private.billing_settings(ph.id) ->> 'returnToStockDays')::int)
    ) p
    join public.claims c on c.pharmacy_id = p.pharmacy_id and c.prescription_id = p.id and c.status = 'paid'
      and not private.claim_in_flight(c)
    -- A fill's claims together, the later coverage first: a primary is reversed after its secondary.
    order by p.verified_at, p.id, c.coverage desc
    limit least(greatest(coalesce(max_claims, 50), 1), 500)
  ) due
$$;
comment on function public.claims_due_for_reversal(integer) is
  'Service role only (the daily job reverse-unclaimed-fills through POST /api/internal/claims/reverse-due): the paid '
  'claims of ready fills not picked up within their pharmacy''s return-to-stock days (Billing settings, 14 by '
  'default), oldest first, a fill''s claims together with the later coverage first (secondary before primary), each as '
  'private.claim_request for a B2. begin_due_claim_reversal marks one in flight.';
revoke all on function public.claims_due_for_reversal(integer) from public, anon, authenticated;
grant execute on function public.claims_due_for_reversal(integer) to service_role;

drop function public.begin_due_claim_reversal(uuid);
create function public.begin_due_claim_reversal(claim_id uuid) returns uuid
language plpgsql security definer
set search_path = ''
as $$
declare
  claim public.claims;
begin
  select * into claim from public.claims c where c.id = begin_due_claim_reversal.claim_id for update;
  if claim.id is null or claim.status <> 'paid' or private.claim_in_flight(claim) then
    return null;
  end if;
  -- The fill's later coverage is reversed first (the job lists it first; it may still be on its way).
  if exists (
    select 1 from public.claims c
    where c.pharmacy_id = claim.pharmacy_id and c.prescription_id = claim.prescription_id and c.coverage > claim.coverage
      and (c.status in ('paid', 'submitted') or private.claim_in_flight(c))) then
    return null;
  end if;
  -- Still due now (the list was read at the job's start): the fill not picked up since, past its days.
  if not exists (
    select 1 from public.prescriptions p
    where p.pharmacy_id = claim.pharmacy_id and p.id = claim.prescription_id and p.status = 'ready'
      and p.verified_at < now() - make_interval(days => (private.billing_settings(p.pharmacy_id) ->> 'returnToStockDays')::int)
    for update of p) then
    return null;
  end if;
  update public.claims c set reversal_reason = 'Not picked up within the return-to-stock days' where c.id = claim.id;
  return private.mark_claim_in_flight(claim.id, 'B2');
end
$$;
comment on function public.begin_due_claim_reversal(uuid) is
  'Service role only (the daily job): marks a due claim''s reversal in flight and answers its transmission token for '
  'record_claim_response; null when it is no longer paid, a terminal is transmitting it, a later coverage of its fill '
  '(the secondary of a primary) is not reversed yet, or its fill is no longer ready past its return-to-stock days '
  '(picked up meanwhile).';
revoke all on function public.begin_due_claim_reversal(uuid) from public, anon, authenticated;
grant execute on function public.begin_due_claim_reversal(uuid) to service_role;

-- -----------------------------------------------------------------------------------------------------
-- Remittances: the payer's id, the payee, the payer's claims, the service role
-- -----------------------------------------------------------------------------------------------------
alter table public.remittances add column payer_key text;
comment on column public.remittances.payer_key is
  'Who the payer is, to tell remittances apart (a payer may rename itself, two may share a name): the payer '
  'identification number (REF*2U), else the N1*PR identifier (N104), else the originating company id (TRN03); '
  'the payer''s name for remittances imported before it was kept.';
update public.remittances set payer_key = coalesce(payer_id, payer_name);
alter table public.remittances alter column payer_key set not null;
alter table public.remittances drop constraint remittances_once_key;
alter table public.remittances add constraint remittances_once_key unique (pharmacy_id, payer_key, trace_number);
alter table public.remittances add constraint remittances_payer_key_check check (length(payer_key) between 1 and 80);
comment on constraint remittances_once_key on public.remittances is 'This remittance (the same payer and trace number) was already imported';
comment on constraint remittances_payer_key_check on public.remittances is 'A payer id is at most 80 characters';

drop function public.import_remittance(jsonb, integer);
drop function private.import_remittance(jsonb, integer);
drop function private.matching_claim(uuid, bigint, integer, text, bigint);

create function private.matching_claim(
  for_pharmacy_id uuid, rx bigint, fill integer, status_code text, paid bigint, payer_bin text, payer_name text
) returns public.claims
language sql stable security definer
set search_path = ''
as $$
  select c.* from public.claims c
  where c.pharmacy_id = for_pharmacy_id and c.rx_number = rx and c.fill_number = fill
    and c.status in ('paid', 'reversed', 'submitted')
    -- The remittance's payer's claims only: by BIN when the 835 gives one, else by the payer's name.
    and case when payer_bin is not null then c.bin = payer_bin
             else upper(regexp_replace(btrim(c.payer_name), '\s+', ' ', 'g')) = upper(regexp_replace(btrim(matching_claim.payer_name), '\s+', ' ', 'g')) end
  -- A reversal (22) takes back from a reversed claim first, else from a claim rebilled (B3: the payer reversed the
  -- old payment and paid anew); then the payer's coverage when the amounts say which; a paid claim before one whose
  -- answer never reached us; else the primary.
  order by (status_code = '22' and c.status = 'reversed') desc, (c.total_paid_cents = abs(paid)) desc,
    (c.status = 'submitted'), c.coverage, c.created_at
  limit 1
$$;
comment on function private.matching_claim(uuid, bigint, integer, text, bigint, text, text) is
  'The claim a remittance''s CLP pays: the fill''s (Rx and fill number) paid, reversed or still submitted (the payer '
  'paid a claim whose answer never reached us) claim billed to the remittance''s payer (its BIN when the 835 gives '
  'one, else its name, case and spacing aside) — a reversal (status code 22) a reversed one first (else a rebilled '
  'one) — whose total paid equals the amount when one does, else a paid one, else the primary.';

create function private.begin_remittance_import() returns uuid
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if private.current_pharmacy_id() is null or not private.current_staff_can('billing:manage') then
    raise exception 'Only staff of the pharmacy can import remittances' using errcode = '42501';
  end if;
  return private.current_pharmacy_id();
end
$$;
comment on function private.begin_remittance_import() is
  'POST /api/claims/remittances, as the caller: refused unless billing staff of a pharmacy; answers the caller''s '
  'pharmacy, the one the api then imports the file''s remittances into (public.import_remittance, service role).';

create function public.begin_remittance_import() returns uuid
language sql stable
set search_path = ''
as $$ select private.begin_remittance_import() $$;
comment on function public.begin_remittance_import() is 'See private.begin_remittance_import.';

create function public.import_remittance(
  pharmacy_id uuid, actor_id uuid, remittance jsonb, interchange_control_number integer default null
) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  pharmacy public.pharmacies;
  saved public.remittances;
  entry jsonb;
  matched public.claims;
  rx bigint;
  fill integer;
  paid bigint;
  matched_total integer := 0;
  claims_total integer := 0;
  payee_npi text := remittance #>> '{payee,npi}';
  payee_ncpdp text := remittance #>> '{payee,ncpdpId}';
  payer_identity text := coalesce(remittance #>> '{payer,payerId}', remittance #>> '{payer,identifier}', remittance #>> '{trace,originatorId}');
  payer_bin text;
  earlier public.remittances;
begin
  select * into pharmacy from public.pharmacies ph where ph.id = import_remittance.pharmacy_id;
  if pharmacy.id is null then
    raise exception 'Pharmacy not found' using errcode = 'P0002';
  end if;
  if jsonb_typeof(remittance) is distinct from 'object' or remittance ->> 'kind' is distinct from '835' then
    raise exception 'Not a remittance (835) the api read' using errcode = '22023';
  end if;
  if jsonb_array_length(coalesce(remittance -> 'claims', '[]')) > 10000 then
    raise exception 'A remittance holds at most 10,000 claims' using errcode = '22023';
  end if;
  -- The payee must be this pharmacy, named by an identifier it holds (a name proves nothing).
  if payee_npi is null and payee_ncpdp is null then
    raise exception 'The remittance names its payee (%) by neither NPI nor NCPDP number, so it cannot be told to be this pharmacy''s',
      coalesce(remittance #>> '{payee,name}', 'N1*PE') using errcode = 'P0001';
  end if;
  if (payee_npi is not null and payee_npi is distinct from pharmacy.npi_number)
     or (payee_ncpdp is not null and payee_ncpdp is distinct from pharmacy.ncpdp_id) then
    raise exception 'The remittance is for another pharmacy (payee %, %), not this one',
      coalesce(remittance #>> '{payee,name}', 'unnamed'), concat_ws(', ', 'NPI ' || payee_npi, 'NCPDP ' || payee_ncpdp) using errcode = 'P0001';
  end if;
  if payer_identity is null then
    raise exception 'The remittance does not identify its payer (REF*2U, N1*PR N104 or TRN03)' using errcode = '22023';
  end if;
  -- Once per payer and trace number: the same money is never counted twice.
  select * into earlier from public.remittances r
  where r.pharmacy_id = pharmacy.id and r.payer_key = payer_identity and r.trace_number = remittance #>> '{trace,traceNumber}';
  if earlier.id is not null then
    raise exception 'This remittance (the same payer and trace number) was already imported' using errcode = '23505';
  end if;
  -- A payer named by a BIN-shaped identifier matches claims billed to that BIN; else by the payer's name.
  payer_bin := case when remittance #>> '{payer,payerId}' ~ '^[0-9]{6}$' then remittance #>> '{payer,payerId}'
                    when remittance #>> '{payer,identifier}' ~ '^[0-9]{6}$' then remittance #>> '{payer,identifier}' end;
  insert into public.remittances (pharmacy_id, payer_name, payer_id, payer_key, trace_number, payment_date, payment_cents,
    credit_debit, method, interchange_control_number, set_control_number, raw, balance_problems, imported_by)
  values (pharmacy.id, remittance #>> '{payer,name}', remittance #>> '{payer,payerId}', payer_identity,
    remittance #>> '{trace,traceNumber}', (remittance #>> '{payment,date}')::date, (remittance #>> '{payment,amountCents}')::bigint,
    remittance #>> '{payment,creditDebit}', remittance #>> '{payment,method}', interchange_control_number,
    remittance ->> 'controlNumber', remittance ->> 'raw',
    coalesce(array(select jsonb_array_elements_text(remittance -> 'balanceProblems')), '{}'), actor_id)
  returning * into saved;

  for entry in select value from jsonb_array_elements(coalesce(remittance -> 'claims', '[]')) loop
    claims_total := claims_total + 1;
    rx := (entry ->> 'rxNumber')::bigint;
    fill := (entry ->> 'fillNumber')::integer;
    paid := (entry ->> 'paidCents')::bigint;
    matched := null;
    if rx is not null and fill is not null then
      matched := private.matching_claim(pharmacy.id, rx, fill, entry ->> 'statusCode', paid, payer_bin, saved.payer_name);
    end if;
    insert into public.remittance_claims (pharmacy_id, remittance_id, claim_id, patient_control_number, rx_number, fill_number,
      status_code, charge_cents, paid_cents, patient_responsibility_cents, payer_claim_control_number, adjustments)
    values (pharmacy.id, saved.id, matched.id, entry ->> 'patientControlNumber', rx, fill, entry ->> 'statusCode',
      (entry ->> 'chargeCents')::bigint, paid, (entry ->> 'patientResponsibilityCents')::bigint,
      entry ->> 'payerClaimControlNumber', coalesce(entry -> 'adjustments', '[]'));
    if matched.id is not null then
      matched_total := matched_total + 1;
      update public.claims c set remitted_cents = c.remitted_cents + paid, remitted_at = now() where c.id = matched.id;
    end if;
  end loop;
  insert into public.remittance_adjustments (pharmacy_id, remittance_id, reason_code, reference, amount_cents, fiscal_period_date)
  select pharmacy.id, saved.id, a ->> 'reasonCode', a ->> 'reference', (a ->> 'amountCents')::bigint, (a ->> 'fiscalPeriodDate')::date
  from jsonb_array_elements(coalesce(remittance -> 'providerAdjustments', '[]')) a;
  update public.remittances r set claims_count = claims_total, matched_count = matched_total
  where r.id = saved.id returning * into saved;
  perform private.record_audit_event(pharmacy.id, actor_id, 'import', 'remittances', saved.id::text,
    'Remittance from ' || saved.payer_name || ', trace ' || saved.trace_number || ': ' || claims_total || ' claims, '
      || matched_total || ' matched', true);
  return jsonb_build_object('remittanceId', saved.id, 'payerName', saved.payer_name, 'traceNumber', saved.trace_number,
    'paymentCents', saved.payment_cents, 'claims', claims_total, 'matched', matched_total,
    'balanceProblems', to_jsonb(saved.balance_problems));
end
$$;
comment on function public.import_remittance(uuid, uuid, jsonb, integer) is
  'Service role only (POST /api/claims/remittances, after begin_remittance_import answered the caller''s pharmacy; '
  'actor_id is the staff member): imports one remittance (835) as shared/src/billing/remittance-835.ts read it '
  '(RemittanceAdvice, every value bounded there). Refused with a sentence when its payee (NPI, NCPDP number) is not '
  'the pharmacy or when the same payer (REF*2U, else N104, else TRN03) and trace number were imported before; each CLP '
  'matched to its claim of that payer (private.matching_claim) whose remitted amount grows by what is paid; the PLB '
  'adjustments; audited; one transaction (a value the tables refuse refuses the whole set). Answers {remittanceId, '
  'payerName, traceNumber, paymentCents, claims, matched, balanceProblems}.';

revoke all on function private.matching_claim(uuid, bigint, integer, text, bigint, text, text),
  private.begin_remittance_import() from public, anon;
grant execute on function private.begin_remittance_import() to authenticated;
revoke all on function public.begin_remittance_import() from public, anon;
grant execute on function public.begin_remittance_import() to authenticated, service_role;
revoke all on function public.import_remittance(uuid, uuid, jsonb, integer) from public, anon, authenticated;
grant execute on function public.import_remittance(uuid, uuid, jsonb, integer) to service_role;

select private.install_constraint_explanations('public.remittances');
select private.install_constraint_explanations('public.claims');

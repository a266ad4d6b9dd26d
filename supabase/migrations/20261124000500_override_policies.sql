-- =====================================================================================================
-- The security policy enforced at the override (issue 11 "Security Policies"; spec part 2 §2, §3)
--
-- The policy fields of 20261123000400_security_policies now decide, in the database, at the one place a
-- prescription moves (public.move_prescription and the workflow triggers of prescriptions):
--   override_authority   pharmacist_only: a pharmacist or an admin overrides alone (as before);
--                        admin_only: only an admin overrides (pharmacists are refused);
--                        dual_approval: an override is the same call as before (pending → processing with a
--                        reason); the first authorised approval (a pharmacist's or an admin's) is recorded in
--                        public.override_approvals and the prescription stays pending (the call answers
--                        {ok: true, approvalRecorded: true}); the second approval, by a different pharmacist or
--                        admin, moves it. The same person twice is refused. Any change to the prescription
--                        clears its approvals.
--   ai_risk_assessment   enabled: an interaction alert blocks processing (and a new verification finding blocks
--                        verification) until overridden, as before; advisory: alerts are shown but only one with
--                        a severe finding blocks; disabled: nothing blocks. The check itself always runs and is
--                        recorded on the prescription (ai_flags at entry, verification_flags at verification).
--   step_up_for_high_risk_overrides
--                        overriding (or approving an override of) an alert with a severe finding consumes a
--                        fresh single-use step-up of the overriding person: a password grant
--                        (private.step_up_grants, five minutes), recorded by the api function's POST /api/step-up
--                        after it checked the person's password with the auth service, or a TOTP code verified in
--                        the session within five minutes (the JWT's amr, as Supabase Auth MFA sets it; each
--                        verification spent once, private.step_up_totp_uses); without one the move is refused
--                        with the hint 'step_up_required' (move_prescription answers stepUpRequired: true).
--   log_all_override_attempts
--                        on: a refused override attempt is recorded in audit_log (success = false,
--                        interaction_override_denied); off: only refused moves without an override are. The
--                        refusal survives because move_prescription catches it in a subtransaction and answers
--                        {ok: false, …} instead of raising, so the log row written after the rollback commits
--                        with the call. Successful overrides are always recorded (prescription_status_changed
--                        with the reason, interaction_override_approved for a first approval).
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- Policy helpers
-- -----------------------------------------------------------------------------------------------------
create or replace function private.pharmacy_override_policy(for_pharmacy_id uuid) returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object(
    'overrideAuthority', coalesce(p.override_authority, 'pharmacist_only'),
    'aiRiskAssessment', coalesce(p.ai_risk_assessment, 'enabled'),
    'stepUp', coalesce(p.step_up_for_high_risk_overrides, false),
    'logAllOverrideAttempts', coalesce(p.log_all_override_attempts, true))
  from (select 1) one
  left join public.security_policies p on p.pharmacy_id = for_pharmacy_id
$$;
comment on function private.pharmacy_override_policy(uuid) is
  'The override rules of a pharmacy''s security policy as {overrideAuthority, aiRiskAssessment, stepUp, '
  'logAllOverrideAttempts}, with today''s behaviour when it has no policy row. As the caller: staff read their own '
  'pharmacy''s policy (the only one whose prescriptions they move), the service role and SQL read any; a pharmacy '
  'id the caller may not read gives the defaults, never another pharmacy''s rules.';

create or replace function private.has_severe_finding(flags jsonb) returns boolean
language sql immutable
set search_path = ''
as $$
  select coalesce(jsonb_path_exists(flags, '$.interactions[*] ? (@.severity == "severe")'), false)
$$;
comment on function private.has_severe_finding(jsonb) is
  'Whether interaction flags (the ai_flags shape) hold a finding of severity severe.';

create or replace function private.alert_blocks(flags jsonb, ai_risk_assessment text) returns boolean
language sql immutable
set search_path = ''
as $$
  select coalesce((flags ->> 'hasInteractions')::boolean, false) and case ai_risk_assessment
    when 'disabled' then false
    when 'advisory' then private.has_severe_finding(flags)
    else true
  end
$$;
comment on function private.alert_blocks(jsonb, text) is
  'Whether an interaction alert stops the next step until overridden under the AI risk assessment mode: enabled, '
  'any alert; advisory, only one with a severe finding; disabled, none.';

create or replace function private.override_authority_refusal(override_authority text, staff_role text) returns text
language sql stable
set search_path = ''
as $$
  select case
    when override_authority = 'admin_only' and staff_role is distinct from 'admin' then
      'Only an admin can override an interaction alert (this pharmacy''s override authority is admin only)'
    -- An admin-only action: under "2FA for admins" only an aal2 session holds admin rights (is_pharmacy_admin).
    when override_authority = 'admin_only' and not private.is_pharmacy_admin() then
      'Sign in with your two-factor code to override: this pharmacy requires two-factor authentication for admins'
    -- Who overrides at all is the role's interactions:override permission (private.role_permissions).
    when coalesce('interactions:override' = any (private.role_permissions(staff_role)), false) then null
    when override_authority = 'dual_approval' then
      'Only a pharmacist or admin can approve overriding an interaction alert'
    else
      'Only a pharmacist or admin can override an interaction alert'
  end
$$;
comment on function private.override_authority_refusal(text, text) is
  'Why a staff role may not override an interaction alert under the override authority, or null when it may: '
  'pharmacist_only and dual_approval admit the roles holding interactions:override in private.role_permissions '
  '(pharmacists and admins; dual approval needs two of them), admin_only admins (staff_role is the caller''s), and '
  'only while they hold admin rights: an aal2 session when the pharmacy requires 2FA for admins.';

-- -----------------------------------------------------------------------------------------------------
-- Step-up grants (spec "biometric verification for high-risk overrides")
-- -----------------------------------------------------------------------------------------------------
create table private.step_up_grants (
  user_id uuid primary key references auth.users (id) on delete cascade,
  granted_at timestamptz not null default now(),
  expires_at timestamptz not null
);
comment on table private.step_up_grants is
  'A fresh re-authentication of a staff member (their password checked again by the api function''s '
  'POST /api/step-up): one per person, valid five minutes, consumed by the next override of a severe alert.';
revoke all on table private.step_up_grants from public, anon, authenticated, service_role;

create or replace function public.record_step_up_grant(for_user_id uuid) returns timestamptz
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  expires timestamptz := now() + interval '5 minutes';
begin
  if for_user_id is null or not exists (select 1 from public.staff_profiles s where s.user_id = for_user_id and s.is_active) then
    raise exception 'Only active staff confirm an override' using errcode = '42501';
  end if;
  insert into private.step_up_grants (user_id, granted_at, expires_at) values (for_user_id, now(), expires)
  on conflict (user_id) do update set granted_at = excluded.granted_at, expires_at = excluded.expires_at;
  perform private.record_audit_event(
    (select s.pharmacy_id from public.staff_profiles s where s.user_id = for_user_id), for_user_id, 'step_up_verified',
    'staff_profiles', for_user_id::text, 'Password confirmed for a high-risk override', true, jsonb_build_object('expiresAt', expires));
  return expires;
end
$$;
comment on function public.record_step_up_grant(uuid) is
  'Records that a staff member just confirmed their password (the api function checked it with the auth service): '
  'a single-use step-up grant valid five minutes, replacing an earlier one; audited as step_up_verified. Returns '
  'when it expires. Only the service role calls it, never end users.';
revoke all on function public.record_step_up_grant(uuid) from public, anon, authenticated;
grant execute on function public.record_step_up_grant(uuid) to service_role;

create table private.step_up_totp_uses (
  user_id uuid not null references auth.users (id) on delete cascade,
  verified_at timestamptz not null,
  used_at timestamptz not null default now(),
  primary key (user_id, verified_at)
);
comment on table private.step_up_totp_uses is
  'The TOTP verifications (the totp entry of the session''s amr claim, by its timestamp) already spent on a step-up, '
  'so one verification confirms one override only. Rows older than a day are pruned.';
revoke all on table private.step_up_totp_uses from public, anon, authenticated, service_role;

create or replace function private.consume_step_up_grant() returns boolean
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  actor uuid := (select auth.uid());
  consumed uuid;
  totp_verified_at timestamptz;
begin
  if actor is null then
    return false;
  end if;
  -- A password confirmed through POST /api/step-up.
  delete from private.step_up_grants g where g.user_id = actor returning
    case when g.expires_at > now() then g.user_id end into consumed;
  if consumed is not null then
    return true;
  end if;
  -- Or a TOTP code verified in this session within five minutes (auth.mfa.challengeAndVerify raises the session's
  -- amr totp timestamp, as Supabase Auth does), not spent on an override yet.
  totp_verified_at := private.session_totp_verified_at();
  if totp_verified_at is null or totp_verified_at <= now() - interval '5 minutes' then
    return false;
  end if;
  delete from private.step_up_totp_uses u where u.used_at < now() - interval '1 day';
  insert into private.step_up_totp_uses (user_id, verified_at) values (actor, totp_verified_at)
  on conflict do nothing returning user_id into consumed;
  return consumed is not null;
end
$$;
comment on function private.consume_step_up_grant() is
  'Takes the caller''s step-up: their password grant (an expired one is removed too), else a TOTP verification of '
  'their session (the JWT''s amr totp timestamp) within five minutes not spent before. True when one was there. '
  'Runs inside the move, so a move refused later gives it back with its rollback.';

create or replace function private.require_step_up(flags jsonb, policy jsonb, rx_label text) returns void
language plpgsql volatile
set search_path = ''
as $$
begin
  if coalesce((policy ->> 'stepUp')::boolean, false) and private.has_severe_finding(flags)
     and not private.consume_step_up_grant() then
    raise exception '%: overriding a severe interaction alert needs you to confirm your password (or a code from your authenticator app) first', rx_label
      using errcode = '42501', hint = 'step_up_required';
  end if;
end
$$;
comment on function private.require_step_up(jsonb, jsonb, text) is
  'When the policy asks for step-up and the alert has a severe finding, consumes the caller''s fresh step-up grant '
  'or refuses with hint step_up_required (the client then asks for the password).';

-- -----------------------------------------------------------------------------------------------------
-- Override approvals (dual approval)
-- -----------------------------------------------------------------------------------------------------
create table public.override_approvals (
  id uuid primary key default gen_random_uuid(),
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  prescription_id uuid not null,
  approved_by uuid not null references auth.users (id) on delete cascade,
  reason text not null,
  approved_at timestamptz not null default now(),
  constraint override_approvals_prescription_fkey foreign key (pharmacy_id, prescription_id)
    references public.prescriptions (pharmacy_id, id) on delete cascade,
  constraint override_approvals_prescription_id_approved_by_key unique (prescription_id, approved_by),
  constraint override_approvals_reason_check check (length(btrim(reason)) > 0)
);
comment on table public.override_approvals is
  'Under dual approval, the first approval of overriding a prescription''s interaction alert (who, why, when) while '
  'it waits for a second pharmacist or admin. Written only by public.move_prescription (through '
  'private.take_override_approval); cleared when the prescription changes in any way (its move included). Staff '
  'read their pharmacy''s.';
comment on constraint override_approvals_prescription_id_approved_by_key on public.override_approvals is
  'You have already approved overriding this alert; a second pharmacist or admin must approve it';
comment on constraint override_approvals_reason_check on public.override_approvals is
  'Give a reason for overriding the interaction alert';
comment on constraint override_approvals_prescription_fkey on public.override_approvals is
  'The prescription is not in this pharmacy';
create index override_approvals_pharmacy_id_prescription_id_idx on public.override_approvals (pharmacy_id, prescription_id);
create index override_approvals_approved_by_idx on public.override_approvals (approved_by);

alter table public.override_approvals enable row level security;
revoke all on public.override_approvals from anon, authenticated;
grant select on public.override_approvals to authenticated;
grant all on public.override_approvals to service_role;
create policy "Staff read their pharmacy's override approvals" on public.override_approvals
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));

select private.install_constraint_explanations('public.override_approvals');

create or replace function private.take_override_approval(rx_id uuid, reason text) returns boolean
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  actor uuid := (select auth.uid());
  rx public.prescriptions;
  policy jsonb;
  label text;
begin
  select * into rx from public.prescriptions p
  where p.id = rx_id and p.pharmacy_id = (select private.current_pharmacy_id())
  for update;
  if not found then
    return true; -- the move itself answers (not in the caller's queue)
  end if;
  policy := private.pharmacy_override_policy(rx.pharmacy_id);
  -- Only dual approval records approvals; anything the workflow refuses anyway (no open alert, a blank reason,
  -- a role without the right, a prescription past pending) is left to the workflow trigger's messages.
  if policy ->> 'overrideAuthority' is distinct from 'dual_approval' or rx.status <> 'pending'
     or not coalesce((rx.ai_flags ->> 'hasInteractions')::boolean, false) or rx.overridden_at is not null
     or length(btrim(coalesce(reason, ''))) = 0
     or private.override_authority_refusal('dual_approval', private.current_staff_role()) is not null then
    return true;
  end if;
  label := private.prescription_status_label(rx.rx_number);
  if exists (select 1 from public.override_approvals a where a.prescription_id = rx.id and a.approved_by = actor) then
    raise exception '%: you have already approved overriding this alert; a second pharmacist or admin must approve it', label
      using errcode = 'P0001';
  end if;
  if exists (select 1 from public.override_approvals a where a.prescription_id = rx.id and a.approved_by <> actor) then
    return true; -- the second approval: the move goes ahead (the workflow trigger checks the first is there)
  end if;
  perform private.require_step_up(rx.ai_flags, policy, label);
  insert into public.override_approvals (pharmacy_id, prescription_id, approved_by, reason)
  values (rx.pharmacy_id, rx.id, actor, btrim(reason));
  perform private.record_audit_event(rx.pharmacy_id, actor, 'interaction_override_approved', 'prescription', rx.id::text,
    format('%s: override of the interaction alert approved (first of two): %s', label, btrim(reason)), true,
    jsonb_build_object('rxNumber', rx.rx_number, 'overrideReason', btrim(reason), 'approvalsNeeded', 2));
  return false;
end
$$;
comment on function private.take_override_approval(uuid, text) is
  'Called by public.move_prescription before an override (pending → processing with a reason): under dual '
  'approval, records the caller''s approval and answers false (the prescription stays pending) unless another '
  'pharmacist or admin approved first (true: the move goes ahead); the same person twice is refused. Under the '
  'other authorities, and for anything the workflow refuses anyway, answers true.';

create or replace function private.clear_override_approvals() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  delete from public.override_approvals a where a.prescription_id = new.id;
  return null;
end
$$;
comment on function private.clear_override_approvals() is
  'AFTER UPDATE trigger of prescriptions: any change of a pending prescription (an edit, or the move the second '
  'approval makes) clears its override approvals, so an approval never covers a prescription other than the one '
  'approved.';
-- Approvals are taken only while a prescription is pending (take_override_approval) and its move out of pending
-- clears them, so only updates of pending rows can find any; the years of processed and completed prescriptions
-- are not probed on every update.
create trigger clear_override_approvals after update on public.prescriptions
  for each row when (old.status = 'pending') execute function private.clear_override_approvals();

-- -----------------------------------------------------------------------------------------------------
-- The workflow trigger: the policy decides at processing
-- -----------------------------------------------------------------------------------------------------
create or replace function private.guard_prescription_workflow() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  rx text;
  end_user boolean := private.is_end_user_request();
  actor uuid := (select auth.uid());
  changed text[];
  has_open_alert boolean;
  override_given boolean;
  next_status text;
  policy jsonb;
  refusal text;
begin
  if tg_op = 'INSERT' then
    if new.status is distinct from 'pending' then
      raise exception 'A new prescription is always entered as pending, not %', coalesce(new.status, 'null')
        using errcode = '23514';
    end if;
    if new.pharmacy_id is null then
      raise exception 'Only staff of a pharmacy can enter prescriptions' using errcode = '42501';
    end if;
    new.rx_number := private.issue_rx_number(new.pharmacy_id);
    -- Nothing has happened to it yet but its entry.
    new.processed_by := null; new.processed_at := null;
    new.verified_by := null; new.verified_at := null;
    new.completed_by := null; new.completed_at := null;
    new.override_reason := null; new.overridden_by := null; new.overridden_at := null;
    if end_user then
      new.entered_by := actor;
      new.entered_at := now();
      new.created_at := now();
      new.refills_used := 0;
      new.date_filled := null;
    else
      new.entered_by := coalesce(new.entered_by, actor);
    end if;
    return new;
  end if;

  rx := private.prescription_status_label(old.rx_number);
  select coalesce(array_agg(n.key order by n.key), '{}') into changed
  from jsonb_each(to_jsonb(new)) n
  where n.value is distinct from to_jsonb(old) -> n.key and n.key <> 'updated_at';

  if changed && array['id', 'rx_number', 'created_at', 'entered_by', 'entered_at'] then
    raise exception '%: its id, Rx number and entry (who and when) cannot be changed', rx using errcode = '42501';
  end if;

  if end_user then
    if changed && array['processed_by', 'processed_at', 'verified_by', 'verified_at', 'completed_by', 'completed_at',
                        'overridden_by', 'overridden_at'] then
      raise exception '%: who processed, verified, completed or overrode it, and when, is recorded by the database; leave those columns out', rx
        using errcode = '42501';
    end if;
    if changed && array['patient_id', 'medication_id', 'ai_flags'] then
      raise exception '%: the patient, medication and interaction check are fixed at entry; enter a new prescription instead', rx
        using errcode = '42501';
    end if;
    if old.status in ('ready', 'completed')
       and changed && array['prescription_type', 'source', 'prescriber_id', 'prescriber_name', 'directions', 'quantity',
                            'refills', 'refills_used', 'days_supply', 'original_date', 'fax_number', 'verification_notes',
                            'caller_info', 'callback_number', 'urgency_level', 'date_filled'] then
      raise exception '% has been verified; its contents can no longer be changed', rx using errcode = '42501';
    end if;
    if 'verification_notes' = any (changed) and not private.current_staff_can('prescriptions:verify') then
      raise exception 'Only a pharmacist or admin can write verification notes' using errcode = '42501';
    end if;
  end if;

  if new.status = old.status then
    if 'override_reason' = any (changed) then
      raise exception '%: an override reason is given only when processing a prescription with an interaction alert', rx
        using errcode = 'P0001';
    end if;
    return new;
  end if;

  next_status := case old.status when 'pending' then 'processing' when 'processing' then 'ready' when 'ready' then 'completed' end;
  if new.status is distinct from next_status then
    raise exception '% is %; it cannot move to % (the order is pending → processing → ready → completed)',
      rx, old.status, new.status using errcode = 'P0001';
  end if;

  override_given := 'override_reason' = any (changed);
  if override_given and new.status <> 'processing' then
    raise exception '%: an override reason is given only when processing a prescription with an interaction alert', rx
      using errcode = 'P0001';
  end if;

  case new.status
    when 'processing' then
      has_open_alert := coalesce((old.ai_flags ->> 'hasInteractions')::boolean, false) and old.overridden_at is null;
      policy := private.pharmacy_override_policy(old.pharmacy_id);
      if override_given then
        if end_user then
          refusal := private.override_authority_refusal(policy ->> 'overrideAuthority', private.current_staff_role());
          if refusal is not null then
            raise exception '%', refusal using errcode = '42501';
          end if;
        end if;
        if not has_open_alert then
          raise exception '% has no interaction alert to override', rx using errcode = 'P0001';
        end if;
        if length(btrim(coalesce(new.override_reason, ''))) = 0 then
          raise exception 'Give a reason for overriding the interaction alert of %', rx using errcode = '23514';
        end if;
        if end_user then
          -- Dual approval: move_prescription recorded the first approval; this move is the second, by someone else.
          if policy ->> 'overrideAuthority' = 'dual_approval'
             and not exists (select 1 from public.override_approvals a where a.prescription_id = old.id and a.approved_by <> actor) then
            raise exception '%: under dual approval a second pharmacist or admin must approve the override before it is processed', rx
              using errcode = '42501';
          end if;
          perform private.require_step_up(old.ai_flags, policy, rx);
        end if;
        new.override_reason := btrim(new.override_reason);
        new.overridden_by := case when end_user then actor else coalesce(new.overridden_by, actor) end;
        new.overridden_at := case when end_user then now() else coalesce(new.overridden_at, now()) end;
      elsif has_open_alert and private.alert_blocks(old.ai_flags, policy ->> 'aiRiskAssessment') then
        if end_user and not private.current_staff_can('interactions:override') then
          raise exception '% has an unresolved interaction alert: a pharmacist must review it and override it with a reason', rx
            using errcode = '42501';
        end if;
        raise exception '% has an interaction alert: give an override reason to process it', rx using errcode = '23514';
      end if;
      new.processed_by := case when end_user then actor else coalesce(new.processed_by, actor) end;
      new.processed_at := case when end_user then now() else coalesce(new.processed_at, now()) end;
    when 'ready' then
      if end_user and not private.current_staff_can('prescriptions:verify') then
        raise exception 'Only a pharmacist or admin can verify a prescription (processing → ready)' using errcode = '42501';
      end if;
      new.verified_by := case when end_user then actor else coalesce(new.verified_by, actor) end;
      new.verified_at := case when end_user then now() else coalesce(new.verified_at, now()) end;
      new.date_filled := coalesce(new.date_filled, (new.verified_at at time zone 'UTC')::date);
    when 'completed' then
      new.completed_by := case when end_user then actor else coalesce(new.completed_by, actor) end;
      new.completed_at := case when end_user then now() else coalesce(new.completed_at, now()) end;
  end case;
  return new;
end
$$;
comment on function private.guard_prescription_workflow() is
  'BEFORE INSERT/UPDATE trigger of prescriptions: a new prescription is pending and gets the next Rx number; the '
  'status moves one step forward only; at processing the pharmacy''s security policy decides whether the entry '
  'alert blocks (ai_risk_assessment), who may override it (override_authority; under dual approval a first '
  'approval by someone else must be recorded) and whether a severe alert needs a step-up grant; verification by '
  'a pharmacist or admin; who/when columns written here for end users; immutable and post-verification columns '
  'refused.';

-- -----------------------------------------------------------------------------------------------------
-- Verification (prospective DUR): the AI risk assessment mode and the override authority apply too
-- -----------------------------------------------------------------------------------------------------
create or replace function private.screen_prescription_at_verification() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  rx text := private.prescription_status_label(old.rx_number);
  end_user boolean := private.is_end_user_request();
  fresh jsonb;
  policy jsonb;
  refusal text;
begin
  -- Every caller, trusted ones too: the flags stay the check of the patient and drug they were computed for.
  if new.ai_flags is distinct from old.ai_flags or new.patient_id is distinct from old.patient_id
     or new.medication_id is distinct from old.medication_id then
    raise exception '%: the patient, medication and interaction check are fixed at entry; enter a new prescription instead', rx
      using errcode = '42501';
  end if;
  if end_user and (new.verification_flags is distinct from old.verification_flags
                   or new.verification_overridden_by is distinct from old.verification_overridden_by
                   or new.verification_overridden_at is distinct from old.verification_overridden_at) then
    raise exception '%: the verification check and who overrode it are recorded by the database; leave those columns out', rx
      using errcode = '42501';
  end if;
  if new.verification_override_reason is distinct from old.verification_override_reason
     and not (old.status = 'processing' and new.status = 'ready') then
    raise exception '%: a verification override reason is given only when verifying a prescription with a new interaction alert', rx
      using errcode = 'P0001';
  end if;
  if not (old.status = 'processing' and new.status = 'ready') then
    return new;
  end if;

  fresh := private.new_verification_findings(new);
  if fresh is null then
    if new.verification_override_reason is not null then
      raise exception '% has no new interaction alert to override', rx using errcode = 'P0001';
    end if;
    return new;
  end if;
  policy := private.pharmacy_override_policy(old.pharmacy_id);
  if length(btrim(coalesce(new.verification_override_reason, ''))) = 0 then
    if private.alert_blocks(fresh, policy ->> 'aiRiskAssessment') then
      raise exception '%: the patient''s profile changed since entry and the interaction check found something new; review the alert and override it with a reason to verify', rx
        using errcode = 'P0001', detail = fresh::text, hint = 'dur_new_finding';
    end if;
    -- Advisory (not severe) or disabled: recorded, not blocking.
    new.verification_flags := fresh;
    new.verification_override_reason := null;
    return new;
  end if;
  if end_user then
    -- Verification has no approvals table: under dual approval the verifying pharmacist or admin overrides alone.
    refusal := private.override_authority_refusal(
      case when policy ->> 'overrideAuthority' = 'admin_only' then 'admin_only' else 'pharmacist_only' end, private.current_staff_role());
    if refusal is not null then
      raise exception '%', refusal using errcode = '42501';
    end if;
    perform private.require_step_up(fresh, policy, rx);
  end if;
  new.verification_flags := fresh;
  new.verification_override_reason := btrim(new.verification_override_reason);
  new.verification_overridden_by := case when end_user then (select auth.uid()) else coalesce(new.verification_overridden_by, (select auth.uid())) end;
  new.verification_overridden_at := case when end_user then now() else coalesce(new.verification_overridden_at, now()) end;
  return new;
end
$$;
comment on function private.screen_prescription_at_verification() is
  'BEFORE UPDATE trigger of prescriptions (after the workflow guard): ai_flags, patient and medication never change '
  '(for any caller); at processing → ready the interaction check runs again; a finding new since entry is stored in '
  'verification_flags and, when the AI risk assessment mode says it blocks, refuses verification until a '
  'verification override reason is given (by an admin under admin_only; with a step-up grant for a severe finding '
  'when the policy asks). End users never write the recorded columns.';

-- -----------------------------------------------------------------------------------------------------
-- move_prescription: approvals, step-up, and the policy on logging refused override attempts
-- -----------------------------------------------------------------------------------------------------
create or replace function public.move_prescription(
  prescription_id uuid, to_status text, override_reason text default null
) returns jsonb
language plpgsql volatile
set search_path = ''
as $$
declare
  moved public.prescriptions;
  refusal_code text;
  refusal_message text;
  refusal_hint text;
  override_given boolean := override_reason is not null;
begin
  -- Not a status at all: refused before anything is tried, so no caller-chosen text reaches the audit log (a move
  -- to a real status the workflow refuses, back to pending say, is tried and recorded below).
  if to_status is null or to_status not in ('pending', 'processing', 'ready', 'completed') then
    raise exception 'A prescription moves to processing, ready or completed' using errcode = '22023';
  end if;
  perform set_config('pharmacy.moving_prescription', prescription_id::text, true);
  begin
    if to_status = 'processing' then
      if override_given and not private.take_override_approval(prescription_id, override_reason) then
        -- Dual approval, first of two: recorded; the prescription stays pending.
        perform set_config('pharmacy.moving_prescription', '', true);
        select * into moved from public.prescriptions p where p.id = prescription_id;
        return jsonb_build_object('ok', true, 'approvalRecorded', true, 'prescription', to_jsonb(moved),
          'message', 'Approval recorded: a second pharmacist or admin must also approve this override before the prescription is processed');
      end if;
      update public.prescriptions p set status = 'processing',
        override_reason = case when move_prescription.override_reason is null then p.override_reason else move_prescription.override_reason end
      where p.id = prescription_id returning * into moved;
    elsif to_status = 'ready' then
      update public.prescriptions p set status = 'ready',
        verification_override_reason = case when move_prescription.override_reason is null then p.verification_override_reason
                                            else move_prescription.override_reason end
      where p.id = prescription_id returning * into moved;
    else
      if override_reason is not null then
        raise exception 'An override reason is given only when processing or verifying a prescription with an interaction alert'
          using errcode = 'P0001';
      end if;
      update public.prescriptions p set status = to_status where p.id = prescription_id returning * into moved;
    end if;
    if moved.id is null then
      raise exception 'This prescription is no longer in your queue; refresh to see the current queue' using errcode = 'P0002';
    end if;
  exception
    when others then
      get stacked diagnostics refusal_code = returned_sqlstate, refusal_message = message_text, refusal_hint = pg_exception_hint;
      -- Only the database's own refusals are told to the caller; anything else is a fault and is raised.
      if refusal_code not in ('42501', 'P0001', 'P0002', '23514', '23502', '22P02', '22023', '23503', '23505') then
        raise;
      end if;
      perform set_config('pharmacy.moving_prescription', '', true);
      if refusal_hint = 'dur_new_finding' then
        perform private.store_verification_findings(prescription_id);
      end if;
      -- A refused override attempt is recorded when the pharmacy's policy says so; other refused moves always are.
      if not override_given or coalesce((private.pharmacy_override_policy((select private.current_pharmacy_id())) ->> 'logAllOverrideAttempts')::boolean, true) then
        perform private.record_refused_prescription_move(prescription_id, to_status, refusal_code, refusal_message, override_given);
      end if;
      return jsonb_build_object('ok', false, 'code', refusal_code, 'message', refusal_message,
        'newFindings', coalesce(refusal_hint = 'dur_new_finding', false),
        'stepUpRequired', coalesce(refusal_hint = 'step_up_required', false));
  end;
  perform set_config('pharmacy.moving_prescription', '', true);
  return jsonb_build_object('ok', true, 'prescription', to_jsonb(moved));
end
$$;
comment on function public.move_prescription(uuid, text, text) is
  'The one way staff move a prescription (pending → processing → ready → completed), as the caller (RLS and the '
  'workflow triggers apply). override_reason: the reason when processing past the entry alert or verifying past a '
  'new verification alert. Returns {ok: true, prescription}; under dual approval a first approval returns {ok: '
  'true, approvalRecorded: true, message, prescription} with the prescription still pending; a refusal returns '
  '{ok: false, code, message, newFindings, stepUpRequired} and is recorded in audit_log (prescription_move_refused, '
  'or interaction_override_denied when the policy logs all override attempts) though the refused write rolled back.';

-- -----------------------------------------------------------------------------------------------------
-- Privileges
-- -----------------------------------------------------------------------------------------------------
revoke all on function private.pharmacy_override_policy(uuid), private.has_severe_finding(jsonb), private.alert_blocks(jsonb, text),
  private.override_authority_refusal(text, text), private.consume_step_up_grant(), private.require_step_up(jsonb, jsonb, text),
  private.take_override_approval(uuid, text), private.clear_override_approvals()
  from public;
-- The workflow triggers and move_prescription run as the caller and call these.
grant execute on function private.pharmacy_override_policy(uuid), private.has_severe_finding(jsonb), private.alert_blocks(jsonb, text),
  private.override_authority_refusal(text, text), private.consume_step_up_grant(), private.require_step_up(jsonb, jsonb, text),
  private.take_override_approval(uuid, text)
  to authenticated, service_role;

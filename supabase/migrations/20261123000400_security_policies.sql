-- =====================================================================================================
-- Security policies of the AI Security Manager (spec part 2 §2 "Security Policies", §3, §6, §7, §9)
--
-- The one security_policies row per pharmacy gains the spec's policy fields. This migration only stores
-- them (admins edit them through PUT /api/security-policies/{id}); their enforcement at the override, the
-- interaction check, the admin's sign-in and the step-up comes with later migrations. Defaults keep today's
-- behaviour where the spec names none:
--   override_authority 'pharmacist_only'  a pharmacist (or an admin, who holds every pharmacist right) overrides
--                                         an interaction alert alone: private.enforce_prescription_workflow
--                                         today admits pharmacists and admins;
--   ai_risk_assessment 'enabled'          an alert blocks processing until overridden, as today;
--   require_2fa_for_admins false          no factor is required today;
--   step_up_for_high_risk_overrides false no re-authentication today;
--   log_all_override_attempts true        refused overrides are recorded today (interaction_override_denied).
-- session_timeout_minutes and max_failed_logins keep the spec's defaults 30 and 3 (§9) and their bounds.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- Columns
-- -----------------------------------------------------------------------------------------------------
alter table public.security_policies
  add column id uuid not null default gen_random_uuid(),
  add column override_authority text not null default 'pharmacist_only',
  add column ai_risk_assessment text not null default 'enabled',
  add column require_2fa_for_admins boolean not null default false,
  add column step_up_for_high_risk_overrides boolean not null default false,
  add column log_all_override_attempts boolean not null default true,
  add constraint security_policies_id_key unique (id),
  add constraint security_policies_override_authority_check
    check (override_authority in ('pharmacist_only', 'admin_only', 'dual_approval')),
  add constraint security_policies_ai_risk_assessment_check
    check (ai_risk_assessment in ('enabled', 'advisory', 'disabled'));

comment on column public.security_policies.id is
  'The policy''s own id (spec §3 "Security policy: has id"), the {id} of PUT /api/security-policies/{id}; never changes.';
comment on column public.security_policies.override_authority is
  'Who may override an interaction alert: pharmacist_only (a pharmacist or an admin, alone), admin_only (an admin), '
  'dual_approval (two different authorised staff approve before the prescription moves). Enforcement: a later migration.';
comment on column public.security_policies.ai_risk_assessment is
  'What an interaction alert does: enabled (blocks processing until overridden), advisory (shown, does not block; '
  'severe alerts still block), disabled (no block; the check still runs and is recorded). Enforcement: a later migration.';
comment on column public.security_policies.require_2fa_for_admins is
  'Admins must have a verified TOTP factor (aal2) for admin-only data and actions. Enforcement: a later migration.';
comment on column public.security_policies.step_up_for_high_risk_overrides is
  'Overriding a severe alert asks for the password or a TOTP code again (the spec''s "biometric verification"). '
  'Enforcement: a later migration.';
comment on column public.security_policies.log_all_override_attempts is
  'Record every override attempt in audit_log, refused ones included.';

comment on constraint security_policies_override_authority_check on public.security_policies is
  'Override authority must be pharmacist only, admin only or dual approval';
comment on constraint security_policies_ai_risk_assessment_check on public.security_policies is
  'AI risk assessment must be enabled, advisory or disabled';
comment on constraint security_policies_id_key on public.security_policies is
  'Another security policy already has this id';

comment on table public.security_policies is
  'Security policy of a pharmacy, one row each (spec part 2 §3, defaults §9): after max_failed_logins consecutive '
  'failed sign-ins the account is locked for lockout_minutes; the web app ends idle sessions after '
  'session_timeout_minutes; override authority, AI risk assessment, 2FA for admins, step-up for high-risk overrides '
  'and logging of override attempts. Staff read their pharmacy''s; only its admins change it; every change is audited.';

-- -----------------------------------------------------------------------------------------------------
-- Privileges: admins change the policy's settings, never its id or its pharmacy
-- -----------------------------------------------------------------------------------------------------
revoke update on public.security_policies from authenticated;
grant update (max_failed_logins, lockout_minutes, session_timeout_minutes, override_authority, ai_risk_assessment,
  require_2fa_for_admins, step_up_for_high_risk_overrides, log_all_override_attempts)
  on public.security_policies to authenticated;

-- -----------------------------------------------------------------------------------------------------
-- Constraint messages (the new checks answer in sentences)
-- -----------------------------------------------------------------------------------------------------
select private.install_constraint_explanations('public.security_policies');

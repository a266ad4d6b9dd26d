-- =====================================================================================================
-- Subscriptions: the plans on offer (reference data shared by every tenant, readable by anyone) and each
-- pharmacy's subscription to one of them (trial first). Plan terms are those of shared/src/subscription.ts
-- (spec part 1 §1/§9, part 2 "Subscription Plans"): $150 per month, 30-day trial, unlimited users (-1).
-- Subscriptions are created by onboarding and changed by billing (service role), never by end users.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- Plans (reference data)
-- -----------------------------------------------------------------------------------------------------
create table public.subscription_plans (
  id text primary key,
  name text not null,
  description text not null,
  price numeric(10, 2) not null check (price >= 0),
  currency text not null default 'USD',
  billing_cycle text not null check (billing_cycle in ('monthly', 'yearly')),
  trial_days integer not null default 0 check (trial_days >= 0),
  features jsonb not null default '{}'::jsonb,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.subscription_plans is
  'Plans a pharmacy can subscribe to. features: maxUsers / maxPrescriptions (-1 = unlimited), locations, the '
  'spec''s feature flags and list (the feature texts the plans page shows). Reference data: read-only through the API.';

insert into public.subscription_plans (id, name, description, price, currency, billing_cycle, trial_days, features)
values (
  'flat-monthly',
  'Pharmacy Pro',
  'Everything your pharmacy needs at one flat monthly price: unlimited users and prescriptions, no credit card needed for the trial.',
  150.00,
  'USD',
  'monthly',
  30,
  jsonb_build_object(
    'maxUsers', -1,
    'maxPrescriptions', -1,
    'locations', 1,
    'aiAnalysis', true,
    'claimsTransmission', true,
    'reportingAdvanced', true,
    'multiLocation', false,
    'prioritySupport', true,
    'list', jsonb_build_array(
      'Unlimited users',
      'Unlimited prescriptions',
      'AI drug interaction checking',
      'E-prescriptions and prescription queue',
      'Patient and prescriber management',
      'Drug database and inventory management',
      'Billing and claims transmission',
      'Prescription labels',
      'Reports and analytics',
      'Security management and audit log',
      'Data migration from your current system',
      'Single-location service'
    )
  )
);

create trigger touch_updated_at before update on public.subscription_plans
  for each row execute function private.touch_updated_at();

alter table public.subscription_plans enable row level security;
revoke insert, update, delete, truncate on public.subscription_plans from anon, authenticated;

create policy "Anyone can read the subscription plans" on public.subscription_plans
  for select to anon, authenticated
  using (true);

-- -----------------------------------------------------------------------------------------------------
-- Subscriptions (tenant data)
-- -----------------------------------------------------------------------------------------------------
create table public.subscriptions (
  id uuid primary key default gen_random_uuid(),
  pharmacy_id uuid not null default private.current_pharmacy_id() references public.pharmacies (id) on delete cascade,
  plan_id text not null references public.subscription_plans (id),
  status text not null check (status in ('trialing', 'active', 'past_due', 'canceled')),
  trial_ends_at timestamptz,
  next_billing_date date,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.subscriptions is
  'A pharmacy''s subscription to a plan: starts trialing (trial_ends_at = start + the plan''s trial_days, first '
  'billing on the trial''s last day); at most one that is not canceled per pharmacy. Written by onboarding and '
  'billing (service role); staff read their own.';
create index subscriptions_pharmacy_id_idx on public.subscriptions (pharmacy_id);
create index subscriptions_plan_id_idx on public.subscriptions (plan_id);
create unique index subscriptions_one_current_per_pharmacy on public.subscriptions (pharmacy_id) where status <> 'canceled';

create trigger guard_tenant_pharmacy_id before insert or update on public.subscriptions
  for each row execute function private.guard_tenant_pharmacy_id();
create trigger touch_updated_at before update on public.subscriptions
  for each row execute function private.touch_updated_at();
create trigger audit_changes after insert or update or delete on public.subscriptions
  for each row execute function private.audit_row_change('id');

alter table public.subscriptions enable row level security;
revoke all on public.subscriptions from anon;
revoke insert, update, delete, truncate on public.subscriptions from authenticated;

create policy "Staff can read their pharmacy's subscription" on public.subscriptions
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));

-- =====================================================================================================
-- Local demo data (never deployed): the demo staff sign-ins of the architecture brief.
-- Passwords are bcrypt hashes made by pgcrypto, which Supabase Auth accepts.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- Demo auth users: admin, pharmacist and technician of the Demo Pharmacy (password: demo-password)
-- -----------------------------------------------------------------------------------------------------
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at
)
select
  '00000000-0000-0000-0000-000000000000', demo.id, 'authenticated', 'authenticated', demo.email,
  extensions.crypt('demo-password', extensions.gen_salt('bf', 10)), now(),
  '{"provider": "email", "providers": ["email"]}'::jsonb,
  jsonb_build_object('first_name', demo.first_name, 'last_name', demo.last_name),
  now(), now()
from (values
  ('00000000-0000-4000-8000-00000000a001'::uuid, 'admin@demo.pharmacy', 'Avery', 'Admin'),
  ('00000000-0000-4000-8000-00000000a002'::uuid, 'rph@demo.pharmacy', 'Riley', 'Pharmacist'),
  ('00000000-0000-4000-8000-00000000a003'::uuid, 'tech@demo.pharmacy', 'Taylor', 'Technician')
) as demo (id, email, first_name, last_name);

insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
select u.id::text, u.id, jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true), 'email', now(), now()
from auth.users u
where u.email like '%@demo.pharmacy';

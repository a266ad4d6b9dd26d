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

-- -----------------------------------------------------------------------------------------------------
-- Demo Pharmacy, created the way onboarding creates every pharmacy (pharmacy, default hours, admin profile,
-- pharmacist in charge, security policy, trial subscription), then marked as the demo pharmacy whose
-- pharmacist and technician the sign-in page's demo panel shows.
-- -----------------------------------------------------------------------------------------------------
select public.onboard_pharmacy(
  pharmacy => jsonb_build_object(
    'pharmacy_name', 'Demo Pharmacy',
    'trade_name', 'Demo Pharmacy & Wellness',
    'chain_affiliation', 'Independent',
    'ncpdp_id', '1412345',
    'nabp_number', 'IL12345',
    'dea_number', 'BD4726189',
    'state_license_number', '054.012345',
    'state_license_state', 'IL',
    'npi_number', '1538291745',
    'street_address', '401 E Adams St',
    'city', 'Springfield',
    'state', 'IL',
    'zip_code', '62701',
    'county', 'Sangamon',
    'phone', '(217) 555-0142',
    'fax', '(217) 555-0143',
    'email', 'contact@demo.pharmacy',
    'website', 'https://demo.pharmacy',
    'tax_id', '37-1234567',
    'business_type', 'Retail Pharmacy',
    'ownership_type', 'LLC',
    'admin_first_name', 'Avery',
    'admin_last_name', 'Admin',
    'admin_phone', '(217) 555-0150'
  ),
  admin_user_id => '00000000-0000-4000-8000-00000000a001',
  pic => jsonb_build_object(
    'first_name', 'Riley',
    'last_name', 'Pharmacist',
    'license_number', '051.298765',
    'license_state', 'IL',
    'license_expiration', '2027-03-31'
  ),
  operating_hours => null,
  plan_id => 'flat-monthly'
);

update public.pharmacies set is_demo = true where dea_number = 'BD4726189';

insert into public.staff_profiles (
  user_id, pharmacy_id, role, first_name, last_name, email, phone,
  license_number, license_state, license_expiration, license_type
)
select staff.user_id, p.id, staff.role, staff.first_name, staff.last_name, staff.email, staff.phone,
       staff.license_number, staff.license_state, staff.license_expiration, staff.license_type
from public.pharmacies p
cross join (values
  ('00000000-0000-4000-8000-00000000a002'::uuid, 'pharmacist', 'Riley', 'Pharmacist', 'rph@demo.pharmacy', '(217) 555-0151',
   '051.298765', 'IL', date '2027-03-31', 'Registered Pharmacist'),
  ('00000000-0000-4000-8000-00000000a003'::uuid, 'technician', 'Taylor', 'Technician', 'tech@demo.pharmacy', '(217) 555-0152',
   '049.187654', 'IL', date '2026-12-31', 'Certified Pharmacy Technician')
) as staff (user_id, role, first_name, last_name, email, phone, license_number, license_state, license_expiration, license_type)
where p.dea_number = 'BD4726189';

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

-- =====================================================================================================
-- Clinical demo data of the Demo Pharmacy: medication catalogue, prescribers, patients and a queue of
-- prescriptions in every status (entered by the technician, verified by the pharmacist). Runs as the
-- superuser, so the prescription triggers accept the seed's who/when values; statuses still advance one
-- step at a time through the same status machine the app uses.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- Medications. NDCs: every number has one of the FDA's 10-digit hyphenated shapes (4-4-2, 5-3-2, 5-4-2, 5-4-1)
-- and starts with the real labeler code of the manufacturer named beside it (e.g. 0093 Teva, 0378 Mylan,
-- 0781 Sandoz, 65862 Aurobindo, 68180 Lupin, 0069/0071 Pfizer). The product and package segments are
-- plausible, NOT checked against the FDA NDC Directory (no network here): demo data only, never dispense
-- from them. Prices are per fill (cash, USD); stock in units (tablets, capsules, inhalers, bottles) before the
-- seeded fills: verifying the ready and completed prescriptions below takes their quantities out.
-- Rows with stock at or below their threshold are the dashboard's low-stock alerts.
-- -----------------------------------------------------------------------------------------------------
insert into public.medications (
  pharmacy_id, name, generic_name, strength, dosage_form, ndc_number, manufacturer, price, stock, low_stock_threshold, dea_schedule
)
select p.id, m.name, m.generic_name, m.strength, m.dosage_form, m.ndc_number, m.manufacturer, m.price, m.stock, m.low_stock_threshold, m.dea_schedule
from public.pharmacies p
cross join (values
  -- Anticoagulants and antiplatelets
  ('Warfarin', 'warfarin sodium', '5 mg', 'tablet', '0093-1721-01', 'Teva Pharmaceuticals', 12.99, 480, 100, null),
  ('Warfarin', 'warfarin sodium', '2 mg', 'tablet', '0093-1718-01', 'Teva Pharmaceuticals', 12.99, 300, 100, null),
  ('Eliquis', 'apixaban', '5 mg', 'tablet', '0003-0894-21', 'Bristol-Myers Squibb', 589.99, 24, 60, null),
  ('Clopidogrel', 'clopidogrel bisulfate', '75 mg', 'tablet', '65862-357-90', 'Aurobindo Pharma', 14.50, 540, 90, null),
  -- Pain, NSAIDs and muscle relaxants
  ('Ibuprofen', 'ibuprofen', '800 mg', 'tablet', '65162-466-50', 'Amneal Pharmaceuticals', 9.99, 900, 150, null),
  ('Ibuprofen', 'ibuprofen', '600 mg', 'tablet', '65162-465-50', 'Amneal Pharmaceuticals', 8.99, 700, 150, null),
  ('Naproxen', 'naproxen', '500 mg', 'tablet', '68462-190-01', 'Glenmark Pharmaceuticals', 10.49, 600, 100, null),
  ('Meloxicam', 'meloxicam', '15 mg', 'tablet', '68382-051-01', 'Zydus Pharmaceuticals', 7.99, 420, 90, null),
  ('Celecoxib', 'celecoxib', '200 mg', 'capsule', '31722-536-01', 'Camber Pharmaceuticals', 18.99, 240, 60, null),
  ('Tizanidine', 'tizanidine hydrochloride', '4 mg', 'tablet', '29300-169-01', 'Unichem Pharmaceuticals', 11.99, 360, 90, null),
  ('Cyclobenzaprine', 'cyclobenzaprine hydrochloride', '10 mg', 'tablet', '29300-415-01', 'Unichem Pharmaceuticals', 8.49, 500, 100, null),
  ('Gabapentin', 'gabapentin', '300 mg', 'capsule', '68180-202-01', 'Lupin Pharmaceuticals', 13.99, 840, 150, null),
  ('Pregabalin', 'pregabalin', '75 mg', 'capsule', '68180-542-06', 'Lupin Pharmaceuticals', 24.99, 180, 60, 'V'),
  ('Tramadol', 'tramadol hydrochloride', '50 mg', 'tablet', '65162-627-10', 'Amneal Pharmaceuticals', 11.49, 400, 100, 'IV'),
  ('Oxycodone', 'oxycodone hydrochloride', '5 mg', 'tablet', '42858-001-01', 'Rhodes Pharmaceuticals', 21.99, 40, 50, 'II'),
  ('Oxycodone and Acetaminophen', 'oxycodone hydrochloride and acetaminophen', '5 mg/325 mg', 'tablet', '0406-0512-01', 'SpecGx', 24.99, 200, 60, 'II'),
  ('Hydrocodone and Acetaminophen', 'hydrocodone bitartrate and acetaminophen', '5 mg/325 mg', 'tablet', '0406-0123-01', 'SpecGx', 19.99, 260, 60, 'II'),
  ('Acetaminophen and Codeine', 'acetaminophen and codeine phosphate', '300 mg/30 mg', 'tablet', '0093-0150-01', 'Teva Pharmaceuticals', 12.99, 300, 60, 'III'),
  ('Methotrexate', 'methotrexate sodium', '2.5 mg', 'tablet', '0054-4550-25', 'Hikma Pharmaceuticals', 16.99, 42, 25, null),
  ('Allopurinol', 'allopurinol', '300 mg', 'tablet', '16729-020-01', 'Accord Healthcare', 8.99, 450, 90, null),
  ('Colchicine', 'colchicine', '0.6 mg', 'tablet', '64764-119-07', 'Takeda Pharmaceuticals', 34.99, 120, 30, null),
  -- Antibiotics and antifungals
  ('Amoxicillin', 'amoxicillin', '500 mg', 'capsule', '65862-017-01', 'Aurobindo Pharma', 8.99, 1200, 200, null),
  ('Amoxicillin', 'amoxicillin', '875 mg', 'tablet', '65862-015-20', 'Aurobindo Pharma', 10.99, 600, 100, null),
  ('Amoxicillin and Clavulanate Potassium', 'amoxicillin and clavulanate potassium', '875 mg/125 mg', 'tablet', '0781-1852-20', 'Sandoz', 21.99, 280, 60, null),
  ('Azithromycin', 'azithromycin', '250 mg', 'tablet', '0093-7146-56', 'Teva Pharmaceuticals', 13.99, 360, 60, null),
  ('Cephalexin', 'cephalexin', '500 mg', 'capsule', '67877-219-01', 'Ascend Laboratories', 9.99, 500, 100, null),
  ('Ciprofloxacin', 'ciprofloxacin hydrochloride', '500 mg', 'tablet', '55111-127-01', 'Dr. Reddy''s Laboratories', 11.99, 320, 60, null),
  ('Levofloxacin', 'levofloxacin', '500 mg', 'tablet', '65862-537-50', 'Aurobindo Pharma', 14.99, 150, 40, null),
  ('Doxycycline Hyclate', 'doxycycline hyclate', '100 mg', 'capsule', '0143-3142-01', 'Hikma Pharmaceuticals', 15.99, 260, 60, null),
  ('Clarithromycin', 'clarithromycin', '500 mg', 'tablet', '62756-137-01', 'Sun Pharmaceutical', 29.99, 140, 40, null),
  ('Sulfamethoxazole and Trimethoprim DS', 'sulfamethoxazole and trimethoprim', '800 mg/160 mg', 'tablet', '53746-272-01', 'Amneal Pharmaceuticals', 9.49, 400, 100, null),
  ('Nitrofurantoin Monohydrate/Macrocrystals', 'nitrofurantoin', '100 mg', 'capsule', '47781-303-01', 'Alvogen', 19.99, 200, 60, null),
  ('Metronidazole', 'metronidazole', '500 mg', 'tablet', '50111-334-01', 'Teva Pharmaceuticals', 9.99, 300, 60, null),
  ('Fluconazole', 'fluconazole', '150 mg', 'tablet', '68462-102-11', 'Glenmark Pharmaceuticals', 7.99, 120, 30, null),
  ('Ketoconazole', 'ketoconazole', '200 mg', 'tablet', '51672-4026-06', 'Taro Pharmaceutical', 32.99, 60, 20, null),
  -- Cardiovascular
  ('Lisinopril', 'lisinopril', '10 mg', 'tablet', '68180-513-01', 'Lupin Pharmaceuticals', 6.99, 1500, 200, null),
  ('Lisinopril', 'lisinopril', '20 mg', 'tablet', '68180-514-01', 'Lupin Pharmaceuticals', 7.99, 1200, 200, null),
  ('Losartan Potassium', 'losartan potassium', '50 mg', 'tablet', '13668-115-90', 'Torrent Pharmaceuticals', 9.99, 900, 150, null),
  ('Amlodipine Besylate', 'amlodipine besylate', '5 mg', 'tablet', '69097-127-05', 'Cipla USA', 6.99, 1400, 200, null),
  ('Metoprolol Succinate ER', 'metoprolol succinate', '50 mg', 'extended-release tablet', '62037-831-01', 'Actavis Pharma', 14.99, 600, 120, null),
  ('Metoprolol Tartrate', 'metoprolol tartrate', '25 mg', 'tablet', '57664-506-88', 'Caraco Pharmaceutical', 6.99, 800, 150, null),
  ('Carvedilol', 'carvedilol', '12.5 mg', 'tablet', '0093-7296-01', 'Teva Pharmaceuticals', 8.99, 500, 100, null),
  ('Hydrochlorothiazide', 'hydrochlorothiazide', '25 mg', 'tablet', '16729-182-01', 'Accord Healthcare', 4.99, 1000, 150, null),
  ('Furosemide', 'furosemide', '40 mg', 'tablet', '0054-4299-31', 'Hikma Pharmaceuticals', 5.99, 700, 150, null),
  ('Spironolactone', 'spironolactone', '25 mg', 'tablet', '0378-2146-01', 'Mylan Pharmaceuticals', 8.99, 450, 90, null),
  ('Amiodarone', 'amiodarone hydrochloride', '200 mg', 'tablet', '0093-9133-06', 'Teva Pharmaceuticals', 22.99, 150, 40, null),
  ('Digoxin', 'digoxin', '125 mcg', 'tablet', '0143-1240-01', 'Hikma Pharmaceuticals', 18.99, 200, 60, null),
  ('Nitroglycerin', 'nitroglycerin', '0.4 mg', 'sublingual tablet', '59762-3304-1', 'Greenstone', 29.99, 8, 10, null),
  ('Isosorbide Mononitrate ER', 'isosorbide mononitrate', '30 mg', 'extended-release tablet', '62175-128-37', 'Kremers Urban', 12.99, 300, 60, null),
  ('Atorvastatin Calcium', 'atorvastatin calcium', '40 mg', 'tablet', '0378-2123-77', 'Mylan Pharmaceuticals', 11.99, 1100, 200, null),
  ('Lipitor', 'atorvastatin calcium', '10 mg', 'tablet', '0071-0155-23', 'Pfizer (Parke-Davis)', 389.99, 90, 30, null),
  ('Simvastatin', 'simvastatin', '20 mg', 'tablet', '16714-682-01', 'NorthStar Rx', 6.99, 800, 150, null),
  ('Rosuvastatin Calcium', 'rosuvastatin calcium', '10 mg', 'tablet', '60505-2664-3', 'Apotex Corp', 12.99, 600, 120, null),
  ('Pravastatin Sodium', 'pravastatin sodium', '40 mg', 'tablet', '0093-7202-98', 'Teva Pharmaceuticals', 9.99, 500, 100, null),
  ('Potassium Chloride ER', 'potassium chloride', '20 mEq', 'extended-release tablet', '0245-0058-01', 'Upsher-Smith', 15.99, 400, 90, null),
  -- Diabetes, thyroid, steroids
  ('Metformin Hydrochloride', 'metformin hydrochloride', '500 mg', 'tablet', '65862-008-01', 'Aurobindo Pharma', 5.99, 1600, 250, null),
  ('Metformin Hydrochloride ER', 'metformin hydrochloride', '500 mg', 'extended-release tablet', '68382-028-01', 'Zydus Pharmaceuticals', 8.99, 900, 150, null),
  ('Glipizide', 'glipizide', '5 mg', 'tablet', '60505-0141-1', 'Apotex Corp', 6.99, 500, 100, null),
  ('Levothyroxine Sodium', 'levothyroxine sodium', '50 mcg', 'tablet', '0378-1803-01', 'Mylan Pharmaceuticals', 11.99, 900, 150, null),
  ('Prednisone', 'prednisone', '20 mg', 'tablet', '0054-4728-25', 'Hikma Pharmaceuticals', 6.99, 400, 100, null),
  -- Mental health and sleep
  ('Fluoxetine', 'fluoxetine hydrochloride', '20 mg', 'capsule', '50111-647-01', 'Teva Pharmaceuticals', 7.99, 700, 120, null),
  ('Sertraline', 'sertraline hydrochloride', '50 mg', 'tablet', '16729-214-01', 'Accord Healthcare', 7.99, 900, 150, null),
  ('Citalopram', 'citalopram hydrobromide', '20 mg', 'tablet', '13668-010-01', 'Torrent Pharmaceuticals', 6.99, 600, 120, null),
  ('Escitalopram', 'escitalopram oxalate', '10 mg', 'tablet', '16729-168-01', 'Accord Healthcare', 8.99, 600, 120, null),
  ('Fluvoxamine Maleate', 'fluvoxamine maleate', '100 mg', 'tablet', '60505-0164-1', 'Apotex Corp', 24.99, 90, 30, null),
  ('Nardil', 'phenelzine sulfate', '15 mg', 'tablet', '0071-0270-24', 'Pfizer (Parke-Davis)', 149.99, 12, 30, null),
  ('Bupropion XL', 'bupropion hydrochloride', '150 mg', 'extended-release tablet', '0591-3331-30', 'Actavis Pharma', 19.99, 300, 60, null),
  ('Trazodone', 'trazodone hydrochloride', '50 mg', 'tablet', '50111-560-01', 'Teva Pharmaceuticals', 6.99, 800, 150, null),
  ('Quetiapine Fumarate', 'quetiapine fumarate', '25 mg', 'tablet', '47335-902-88', 'Sun Pharmaceutical', 9.99, 400, 90, null),
  ('Alprazolam', 'alprazolam', '0.5 mg', 'tablet', '59762-3720-1', 'Greenstone', 9.99, 300, 60, 'IV'),
  ('Lorazepam', 'lorazepam', '1 mg', 'tablet', '0591-0241-01', 'Actavis Pharma', 9.99, 250, 60, 'IV'),
  ('Clonazepam', 'clonazepam', '0.5 mg', 'tablet', '0093-0832-01', 'Teva Pharmaceuticals', 8.99, 280, 60, 'IV'),
  ('Zolpidem Tartrate', 'zolpidem tartrate', '10 mg', 'tablet', '0378-5310-01', 'Mylan Pharmaceuticals', 10.99, 200, 60, 'IV'),
  ('Rozerem', 'ramelteon', '8 mg', 'tablet', '64764-805-30', 'Takeda Pharmaceuticals', 179.99, 30, 15, null),
  ('Methylphenidate', 'methylphenidate hydrochloride', '10 mg', 'tablet', '0406-1121-01', 'SpecGx', 34.99, 120, 40, 'II'),
  ('Amphetamine Mixed Salts', 'dextroamphetamine saccharate, amphetamine aspartate, dextroamphetamine sulfate, amphetamine sulfate', '20 mg', 'tablet', '0555-0775-02', 'Teva Pharmaceuticals', 44.99, 100, 40, 'II'),
  -- Erectile dysfunction / pulmonary hypertension (PDE5 inhibitors)
  ('Viagra', 'sildenafil citrate', '50 mg', 'tablet', '0069-4210-30', 'Pfizer', 489.99, 30, 10, null),
  ('Sildenafil', 'sildenafil citrate', '20 mg', 'tablet', '59762-0033-1', 'Greenstone', 19.99, 270, 90, null),
  -- Stomach, allergy, respiratory, urology
  ('Omeprazole', 'omeprazole', '20 mg', 'delayed-release capsule', '55111-158-01', 'Dr. Reddy''s Laboratories', 9.99, 1000, 150, null),
  ('Pantoprazole Sodium', 'pantoprazole sodium', '40 mg', 'delayed-release tablet', '62175-617-37', 'Kremers Urban', 10.99, 700, 120, null),
  ('Ondansetron ODT', 'ondansetron', '4 mg', 'orally disintegrating tablet', '0781-5238-64', 'Sandoz', 12.99, 150, 40, null),
  ('Montelukast Sodium', 'montelukast sodium', '10 mg', 'tablet', '68462-393-30', 'Glenmark Pharmaceuticals', 11.99, 450, 90, null),
  ('Cetirizine', 'cetirizine hydrochloride', '10 mg', 'tablet', '45802-919-78', 'Perrigo', 5.99, 500, 100, null),
  ('Albuterol Sulfate HFA', 'albuterol sulfate', '90 mcg/actuation', 'inhalation aerosol', '0093-3174-31', 'Teva Pharmaceuticals', 34.99, 6, 12, null),
  ('Tamsulosin', 'tamsulosin hydrochloride', '0.4 mg', 'capsule', '65862-591-99', 'Aurobindo Pharma', 9.99, 600, 120, null),
  ('Promethazine with Codeine', 'promethazine hydrochloride and codeine phosphate', '6.25 mg/10 mg per 5 mL', 'oral solution', '50383-804-16', 'Hi-Tech Pharmacal', 22.99, 14, 6, 'V')
) as m (name, generic_name, strength, dosage_form, ndc_number, manufacturer, price, stock, low_stock_threshold, dea_schedule)
where p.dea_number = 'BD4726189';

-- What the demo pharmacy pays per unit (invented, like every figure of the demo): 45% of the cash price of a fill of
-- 30 units (of one inhaler or bottle), set before the seeded fills take their units, so the stock value, the Sales
-- report's cost and margin, and the Reports screen's inventory value have figures.
insert into public.inventory_products (pharmacy_id, medication_id, acquisition_cost_cents)
select m.pharmacy_id, m.id,
       round(m.price * 100 * 0.45 / case when m.dosage_form in ('inhalation aerosol', 'oral solution') then 1 else 30 end)::integer
from public.medications m
join public.pharmacies p on p.id = m.pharmacy_id
where p.dea_number = 'BD4726189'
on conflict (pharmacy_id, medication_id) do update set acquisition_cost_cents = excluded.acquisition_cost_cents;

-- -----------------------------------------------------------------------------------------------------
-- Prescribers (fictional people; NPI and DEA numbers carry valid check digits but belong to nobody). None is
-- verified: verifying asks the NPPES NPI Registry (NPPES_API_URL) and needs the OIG exclusion list uploaded.
-- Licence and DEA expirations are relative to today so the 90-day alerts have something to say.
-- -----------------------------------------------------------------------------------------------------
insert into public.prescribers (
  id, pharmacy_id, title, first_name, last_name, degree, specialty, npi_number, dea_number, license_number, license_state,
  license_expiration, dea_expiration,
  phone, fax, email, practice_address, practice_city, practice_state, practice_zip_code, verification_status,
  verification_reason, board_certifications
)
select d.id, p.id, d.title, d.first_name, d.last_name, d.degree, d.specialty, d.npi_number, d.dea_number, d.license_number, 'IL',
       current_date + d.license_days, current_date + d.dea_days,
       d.phone, d.fax, d.email, d.practice_address, 'Springfield', 'IL', d.zip, 'pending', 'Not verified yet', d.board_certifications
from public.pharmacies p
cross join (values
  ('00000000-0000-4000-8000-0000000bb001'::uuid, 'Dr.', 'Elena', 'Marquez', 'MD', 'Internal Medicine', '1598765430', 'BM3825417', '036.118204',
   '(217) 555-0210', '(217) 555-0211', 'emarquez@springfieldim.example', '800 N Rutledge St', '62702', 700, 900, array['American Board of Internal Medicine']),
  ('00000000-0000-4000-8000-0000000bb002'::uuid, 'Dr.', 'James', 'Whitaker', 'MD', 'Cardiology', '1487654323', 'BW4918275', '036.120557',
   '(217) 555-0220', '(217) 555-0221', 'jwhitaker@prairieheart.example', '701 N First St', '62781', 45, 600, array['American Board of Internal Medicine', 'Cardiovascular Disease']),
  ('00000000-0000-4000-8000-0000000bb003'::uuid, 'Dr.', 'Priya', 'Natarajan', 'DO', 'Family Medicine', '1376543215', 'FN2736455', '036.131902',
   '(217) 555-0230', '(217) 555-0231', 'pnatarajan@capitolfamily.example', '1025 S 6th St', '62703', 400, 20, array['American Board of Family Medicine']),
  ('00000000-0000-4000-8000-0000000bb004'::uuid, 'Dr.', 'Marcus', 'Oyelaran', 'MD', 'Psychiatry', '1265432108', 'BO5647384', '036.127743',
   '(217) 555-0240', '(217) 555-0241', 'moyelaran@lincolnlandbh.example', '2200 Wabash Ave', '62704', 800, 1000, array['American Board of Psychiatry and Neurology']),
  ('00000000-0000-4000-8000-0000000bb005'::uuid, 'Dr.', 'Hannah', 'Kowalski', 'MD', 'Rheumatology', '1154321099', 'BK6372813', '036.133408',
   '(217) 555-0250', '(217) 555-0251', 'hkowalski@memorialrheum.example', '1 Memorial Plaza', '62781', 300, 500, array['American Board of Internal Medicine', 'Rheumatology']),
  ('00000000-0000-4000-8000-0000000bb006'::uuid, null, 'Samuel', 'Greene', 'PA-C', 'Urgent Care', '1043210982', 'MG1928374', '085.004512',
   '(217) 555-0260', '(217) 555-0261', 'sgreene@springfieldurgent.example', '3101 Chatham Rd', '62704', -10, 200, array['NCCPA']),
  ('00000000-0000-4000-8000-0000000bb007'::uuid, 'Dr.', 'Aisha', 'Bello', 'MD', 'Urology', '1932109873', 'BB7263546', '036.140291',
   '(217) 555-0270', '(217) 555-0271', 'abello@centralilurology.example', '751 N Rutledge St', '62702', 650, 75, array['American Board of Urology'])
) as d (id, title, first_name, last_name, degree, specialty, npi_number, dea_number, license_number, phone, fax, email,
        practice_address, zip, license_days, dea_days, board_certifications)
where p.dea_number = 'BD4726189';

-- -----------------------------------------------------------------------------------------------------
-- Patients (fictional)
-- -----------------------------------------------------------------------------------------------------
insert into public.patients (
  id, pharmacy_id, first_name, last_name, date_of_birth, phone, email, street_address, city, state, zip_code,
  current_medications, allergies
)
select d.id, p.id, d.first_name, d.last_name, d.date_of_birth, d.phone, d.email, d.street_address, 'Springfield', 'IL', d.zip,
       d.current_medications, d.allergies
from public.pharmacies p
cross join (values
  ('00000000-0000-4000-8000-0000000cc001'::uuid, 'Margaret', 'Holloway', date '1948-03-14', '(217) 555-0301', 'mholloway@example.com', '1212 S Grand Ave W', '62704',
   array['Warfarin 5mg', 'Metoprolol Succinate ER 50mg', 'Atorvastatin 40mg'], array['Penicillin', 'Sulfa drugs']),
  ('00000000-0000-4000-8000-0000000cc002'::uuid, 'Robert', 'Chen', date '1961-09-02', '(217) 555-0302', 'rchen@example.com', '45 Lake Shore Dr', '62712',
   array['Phenelzine 15mg', 'Levothyroxine 50mcg'], array[]::text[]),
  ('00000000-0000-4000-8000-0000000cc003'::uuid, 'Dolores', 'Fairbanks', date '1955-12-28', '(217) 555-0303', null, '908 W Lawrence Ave', '62704',
   array['Simvastatin 20mg', 'Lisinopril 10mg', 'Metformin 500mg'], array['Codeine']),
  ('00000000-0000-4000-8000-0000000cc004'::uuid, 'Tyrone', 'Jackson', date '1979-06-11', '(217) 555-0304', 'tjackson@example.com', '2715 E Cook St', '62703',
   array['Tizanidine 4mg', 'Gabapentin 300mg'], array['Latex']),
  ('00000000-0000-4000-8000-0000000cc005'::uuid, 'Sofia', 'Ramirez', date '1992-01-19', '(217) 555-0305', 'sramirez@example.com', '1600 W Washington St', '62702',
   array['Sertraline 50mg'], array['Amoxicillin']),
  ('00000000-0000-4000-8000-0000000cc006'::uuid, 'Harold', 'Benson', date '1944-07-04', '(217) 555-0306', null, '522 S Walnut St', '62704',
   array['Isosorbide Mononitrate ER 30mg', 'Amlodipine 5mg', 'Clopidogrel 75mg'], array['Aspirin']),
  ('00000000-0000-4000-8000-0000000cc007'::uuid, 'Linda', 'Okafor', date '1968-04-23', '(217) 555-0307', 'lokafor@example.com', '3344 Old Jacksonville Rd', '62704',
   array['Methotrexate 2.5mg', 'Folic Acid 1mg', 'Prednisone 5mg'], array['Sulfonamides']),
  ('00000000-0000-4000-8000-0000000cc008'::uuid, 'Kevin', 'Doyle', date '1985-10-30', '(217) 555-0308', 'kdoyle@example.com', '77 Hazel Dell Rd', '62712',
   array[]::text[], array[]::text[]),
  ('00000000-0000-4000-8000-0000000cc009'::uuid, 'Evelyn', 'Park', date '1952-02-17', '(217) 555-0309', 'epark@example.com', '1408 N 5th St', '62702',
   array['Amiodarone 200mg', 'Furosemide 40mg', 'Digoxin 125mcg', 'Potassium Chloride ER 20mEq'], array['Iodine']),
  ('00000000-0000-4000-8000-0000000cc010'::uuid, 'Marcus', 'Bell', date '1990-08-08', '(217) 555-0310', 'mbell@example.com', '219 E Edwards St', '62701',
   array['Fluvoxamine 100mg'], array['Peanuts', 'Erythromycin']),
  ('00000000-0000-4000-8000-0000000cc011'::uuid, 'Grace', 'Whitfield', date '2001-05-05', '(217) 555-0311', 'gwhitfield@example.com', '1900 S 11th St', '62703',
   array['Albuterol HFA 90mcg', 'Montelukast 10mg'], array[]::text[]),
  ('00000000-0000-4000-8000-0000000cc012'::uuid, 'Walter', 'Nguyen', date '1958-11-21', '(217) 555-0312', null, '615 W Monroe St', '62704',
   array['Spironolactone 25mg', 'Lisinopril 20mg', 'Carvedilol 12.5mg'], array['ACE inhibitor cough (lisinopril tolerated)']),
  ('00000000-0000-4000-8000-0000000cc013'::uuid, 'Beatrice', 'Lindqvist', date '1973-03-09', '(217) 555-0313', 'blindqvist@example.com', '2420 Whittier Ave', '62704',
   array['Citalopram 20mg', 'Alprazolam 0.5mg'], array['Cephalosporins']),
  ('00000000-0000-4000-8000-0000000cc014'::uuid, 'Owen', 'McAllister', date '1996-12-12', '(217) 555-0314', 'omcallister@example.com', '88 Fox Bridge Rd', '62711',
   array[]::text[], array['Penicillin'])
) as d (id, first_name, last_name, date_of_birth, phone, email, street_address, zip, current_medications, allergies)
where p.dea_number = 'BD4726189';

-- -----------------------------------------------------------------------------------------------------
-- Insurance plans (fictional, on the test BINs 999001–999003 that the test claims switch answers; nothing here
-- routes to a real processor). Cardholder ids are DEMO000 + the BIN's last digit + the patient's number; a spouse
-- or child is on the cardholder's card under their own person code. Kevin Doyle and Owen McAllister have no plan
-- ('No insurance'). The patients' insurance columns follow from these (the primary plan's mirror).
-- -----------------------------------------------------------------------------------------------------
insert into public.patient_insurance_plans (
  id, pharmacy_id, patient_id, payer_name, bin, pcn, group_id, cardholder_id, person_code, relationship_code, priority,
  insurance_type, effective_date
)
select d.id, p.id, d.patient_id, payer.name, payer.bin, payer.pcn, payer.group_id, d.cardholder_id, d.person_code,
       d.relationship_code, d.priority, payer.insurance_type, date '2026-01-01'
from public.pharmacies p
cross join (values
  ('00000000-0000-4000-8000-0000000ee101'::uuid, '00000000-0000-4000-8000-0000000cc001'::uuid, '999002', 'DEMO000201', '001', '1', 'primary'),
  ('00000000-0000-4000-8000-0000000ee102'::uuid, '00000000-0000-4000-8000-0000000cc002'::uuid, '999001', 'DEMO000102', '001', '1', 'primary'),
  ('00000000-0000-4000-8000-0000000ee103'::uuid, '00000000-0000-4000-8000-0000000cc003'::uuid, '999002', 'DEMO000203', '001', '1', 'primary'),
  ('00000000-0000-4000-8000-0000000ee203'::uuid, '00000000-0000-4000-8000-0000000cc003'::uuid, '999003', 'DEMO000303', '001', '1', 'secondary'),
  ('00000000-0000-4000-8000-0000000ee104'::uuid, '00000000-0000-4000-8000-0000000cc004'::uuid, '999001', 'DEMO000104', '001', '1', 'primary'),
  ('00000000-0000-4000-8000-0000000ee105'::uuid, '00000000-0000-4000-8000-0000000cc005'::uuid, '999003', 'DEMO000305', '001', '1', 'primary'),
  ('00000000-0000-4000-8000-0000000ee106'::uuid, '00000000-0000-4000-8000-0000000cc006'::uuid, '999002', 'DEMO000206', '001', '1', 'primary'),
  ('00000000-0000-4000-8000-0000000ee206'::uuid, '00000000-0000-4000-8000-0000000cc006'::uuid, '999003', 'DEMO000306', '001', '1', 'secondary'),
  ('00000000-0000-4000-8000-0000000ee107'::uuid, '00000000-0000-4000-8000-0000000cc007'::uuid, '999001', 'DEMO000107', '001', '1', 'primary'),
  ('00000000-0000-4000-8000-0000000ee109'::uuid, '00000000-0000-4000-8000-0000000cc009'::uuid, '999002', 'DEMO000209', '001', '1', 'primary'),
  ('00000000-0000-4000-8000-0000000ee110'::uuid, '00000000-0000-4000-8000-0000000cc010'::uuid, '999001', 'DEMO000110', '001', '1', 'primary'),
  -- Grace Whitfield (24) on her mother Linda Okafor's card, with Medicaid paying last.
  ('00000000-0000-4000-8000-0000000ee111'::uuid, '00000000-0000-4000-8000-0000000cc011'::uuid, '999001', 'DEMO000107', '003', '3', 'primary'),
  ('00000000-0000-4000-8000-0000000ee211'::uuid, '00000000-0000-4000-8000-0000000cc011'::uuid, '999003', 'DEMO000311', '001', '1', 'secondary'),
  ('00000000-0000-4000-8000-0000000ee112'::uuid, '00000000-0000-4000-8000-0000000cc012'::uuid, '999002', 'DEMO000212', '001', '1', 'primary'),
  -- Beatrice Lindqvist on her spouse Tyrone Jackson's card.
  ('00000000-0000-4000-8000-0000000ee113'::uuid, '00000000-0000-4000-8000-0000000cc013'::uuid, '999001', 'DEMO000104', '002', '2', 'primary')
) as d (id, patient_id, bin, cardholder_id, person_code, relationship_code, priority)
join (values
  ('999001', 'Demo Commercial Rx', 'DEMOCOM', 'DEMOGRP01', 'commercial'),
  ('999002', 'Demo Part D', 'DEMOPDP', 'DEMOPD01', 'medicare_part_d'),
  ('999003', 'Demo Medicaid', 'DEMOMCD', null, 'medicaid')
) as payer (bin, name, pcn, group_id, insurance_type) on payer.bin = d.bin
where p.dea_number = 'BD4726189'
order by d.id;

-- -----------------------------------------------------------------------------------------------------
-- Prescriptions: a queue in every status. Each is entered (pending) by the technician, then moved one step
-- at a time through the status machine: processed by the technician (or, past an interaction alert, by the
-- pharmacist's override), verified by the pharmacist, picked up at the technician's counter. ai_flags are
-- the database's own interaction check at entry (20261122000900_clinical_safety); override_reason is the
-- pharmacist's note where that check raises an alert.
-- -----------------------------------------------------------------------------------------------------
create temporary table demo_prescription_plan (
  id uuid primary key,
  patient_id uuid not null,
  prescriber_id uuid not null,
  medication_name text not null,
  medication_strength text not null,
  prescription_type text not null,
  source text not null,
  directions text not null,
  quantity numeric not null,
  refills integer not null,
  days_supply integer not null,
  fax_number text,
  caller_info text,
  callback_number text,
  urgency_level text,
  entered_ago interval not null,
  target_status text not null,
  override_reason text
) on commit drop;

insert into demo_prescription_plan values
  ('00000000-0000-4000-8000-0000000dd001', '00000000-0000-4000-8000-0000000cc001', '00000000-0000-4000-8000-0000000bb006',
   'Ibuprofen', '800 mg', 'written', 'manual_entry', 'Take 1 tablet by mouth every 8 hours as needed for pain with food', 30, 0, 10,
   null, null, null, 'routine', interval '35 minutes', 'pending', null),
  ('00000000-0000-4000-8000-0000000dd002', '00000000-0000-4000-8000-0000000cc002', '00000000-0000-4000-8000-0000000bb004',
   'Fluoxetine', '20 mg', 'electronic', 'e-prescription', 'Take 1 capsule by mouth every morning', 30, 2, 30,
   null, null, null, 'routine', interval '20 minutes', 'pending', null),
  ('00000000-0000-4000-8000-0000000dd003', '00000000-0000-4000-8000-0000000cc003', '00000000-0000-4000-8000-0000000bb003',
   'Clarithromycin', '500 mg', 'fax', 'manual_entry', 'Take 1 tablet by mouth twice daily for 7 days', 14, 0, 7,
   '(217) 555-0231', null, null, 'routine', interval '2 hours', 'processing',
   'Called Dr. Natarajan''s office: simvastatin is held for the 7-day course and 2 days after; patient counselled on muscle symptoms.'),
  ('00000000-0000-4000-8000-0000000dd004', '00000000-0000-4000-8000-0000000cc008', '00000000-0000-4000-8000-0000000bb003',
   'Amoxicillin', '500 mg', 'electronic', 'e-prescription', 'Take 1 capsule by mouth three times daily for 10 days', 30, 0, 10,
   null, null, null, 'routine', interval '15 minutes', 'pending', null),
  ('00000000-0000-4000-8000-0000000dd005', '00000000-0000-4000-8000-0000000cc005', '00000000-0000-4000-8000-0000000bb006',
   'Azithromycin', '250 mg', 'verbal', 'manual_entry', 'Take 2 tablets by mouth on day 1, then 1 tablet daily on days 2 to 5', 6, 0, 5,
   null, 'Nurse Karen Ellis for Samuel Greene, PA-C', '(217) 555-0260', 'urgent', interval '10 minutes', 'pending', null),
  ('00000000-0000-4000-8000-0000000dd006', '00000000-0000-4000-8000-0000000cc014', '00000000-0000-4000-8000-0000000bb006',
   'Ibuprofen', '600 mg', 'written', 'manual_entry', 'Take 1 tablet by mouth every 6 hours as needed for pain with food', 20, 0, 5,
   null, null, null, 'routine', interval '90 minutes', 'processing', null),
  ('00000000-0000-4000-8000-0000000dd007', '00000000-0000-4000-8000-0000000cc006', '00000000-0000-4000-8000-0000000bb002',
   'Metoprolol Tartrate', '25 mg', 'electronic', 'e-prescription', 'Take 1 tablet by mouth twice daily', 60, 5, 30,
   null, null, null, 'routine', interval '70 minutes', 'processing', null),
  ('00000000-0000-4000-8000-0000000dd008', '00000000-0000-4000-8000-0000000cc009', '00000000-0000-4000-8000-0000000bb002',
   'Furosemide', '40 mg', 'electronic', 'e-prescription', 'Take 1 tablet by mouth every morning', 30, 3, 30,
   null, null, null, 'routine', interval '4 hours', 'ready', null),
  ('00000000-0000-4000-8000-0000000dd009', '00000000-0000-4000-8000-0000000cc011', '00000000-0000-4000-8000-0000000bb001',
   'Albuterol Sulfate HFA', '90 mcg/actuation', 'electronic', 'e-prescription', 'Inhale 2 puffs by mouth every 4 to 6 hours as needed for wheezing', 1, 1, 25,
   null, null, null, 'routine', interval '3 hours', 'ready', null),
  ('00000000-0000-4000-8000-0000000dd010', '00000000-0000-4000-8000-0000000cc012', '00000000-0000-4000-8000-0000000bb002',
   'Lisinopril', '20 mg', 'written', 'manual_entry', 'Take 1 tablet by mouth once daily', 90, 3, 90,
   null, null, null, 'routine', interval '5 hours', 'ready',
   'Potassium 4.3 mmol/L last week; Dr. Whitaker continues lisinopril with spironolactone, potassium recheck in 2 weeks.'),
  ('00000000-0000-4000-8000-0000000dd011', '00000000-0000-4000-8000-0000000cc013', '00000000-0000-4000-8000-0000000bb004',
   'Alprazolam', '0.5 mg', 'written', 'manual_entry', 'Take 1 tablet by mouth twice daily as needed for anxiety', 60, 2, 30,
   null, null, null, 'routine', interval '6 hours', 'completed', null),
  ('00000000-0000-4000-8000-0000000dd012', '00000000-0000-4000-8000-0000000cc007', '00000000-0000-4000-8000-0000000bb005',
   'Methotrexate', '2.5 mg', 'electronic', 'e-prescription', 'Take 6 tablets (15 mg) by mouth once weekly on Mondays', 24, 2, 28,
   null, null, null, 'routine', interval '7 hours', 'completed', null),
  ('00000000-0000-4000-8000-0000000dd013', '00000000-0000-4000-8000-0000000cc010', '00000000-0000-4000-8000-0000000bb001',
   'Omeprazole', '20 mg', 'fax', 'manual_entry', 'Take 1 capsule by mouth 30 minutes before breakfast', 30, 5, 30,
   '(217) 555-0211', null, null, 'routine', interval '8 hours', 'completed', null),
  ('00000000-0000-4000-8000-0000000dd014', '00000000-0000-4000-8000-0000000cc004', '00000000-0000-4000-8000-0000000bb006',
   'Meloxicam', '15 mg', 'fax', 'manual_entry', 'Take 1 tablet by mouth once daily with food', 30, 1, 30,
   '(217) 555-0261', null, null, 'routine', interval '1 day 3 hours', 'completed', null),
  ('00000000-0000-4000-8000-0000000dd015', '00000000-0000-4000-8000-0000000cc001', '00000000-0000-4000-8000-0000000bb001',
   'Atorvastatin Calcium', '40 mg', 'electronic', 'e-prescription', 'Take 1 tablet by mouth at bedtime', 90, 3, 90,
   null, null, null, 'routine', interval '2 days 4 hours', 'completed', null);

-- Entered by the technician (Rx numbers in entry order).
insert into public.prescriptions (
  id, pharmacy_id, status, prescription_type, source, patient_id, prescriber_id, prescriber_name, medication_id, directions,
  quantity, refills, days_supply, original_date, fax_number, caller_info, callback_number, urgency_level,
  entered_by, entered_at, created_at
)
select plan.id, p.id, 'pending', plan.prescription_type, plan.source, plan.patient_id, plan.prescriber_id,
       concat_ws(' ', d.title, d.first_name, d.last_name) || coalesce(', ' || d.degree, ''), m.id, plan.directions,
       plan.quantity, plan.refills, plan.days_supply, (now() - plan.entered_ago)::date, plan.fax_number, plan.caller_info,
       plan.callback_number, plan.urgency_level,
       '00000000-0000-4000-8000-00000000a003', now() - plan.entered_ago, now() - plan.entered_ago
from demo_prescription_plan plan
join public.pharmacies p on p.dea_number = 'BD4726189'
join public.prescribers d on d.id = plan.prescriber_id
join public.medications m on m.pharmacy_id = p.id and m.name = plan.medication_name and m.strength = plan.medication_strength
order by plan.entered_ago desc;

-- pending -> processing: the technician, or the pharmacist overriding an interaction alert (the database's check
-- at entry decides which: ai_flags).
update public.prescriptions rx
set status = 'processing',
    override_reason = case when (rx.ai_flags ->> 'hasInteractions')::boolean
      then coalesce(plan.override_reason, 'Reviewed with the prescriber; the patient was counselled and will be monitored.') end,
    overridden_by = case when (rx.ai_flags ->> 'hasInteractions')::boolean then '00000000-0000-4000-8000-00000000a002'::uuid end,
    overridden_at = case when (rx.ai_flags ->> 'hasInteractions')::boolean then rx.entered_at + interval '12 minutes' end,
    processed_by = case when (rx.ai_flags ->> 'hasInteractions')::boolean then '00000000-0000-4000-8000-00000000a002'::uuid
                        else '00000000-0000-4000-8000-00000000a003'::uuid end,
    processed_at = rx.entered_at + interval '12 minutes'
from demo_prescription_plan plan
where rx.id = plan.id and plan.target_status in ('processing', 'ready', 'completed');

-- processing -> ready: verified by the pharmacist.
update public.prescriptions rx
set status = 'ready',
    verified_by = '00000000-0000-4000-8000-00000000a002',
    verified_at = rx.entered_at + interval '30 minutes',
    verification_notes = 'Verified against the original prescription; directions and quantity confirmed.'
from demo_prescription_plan plan
where rx.id = plan.id and plan.target_status in ('ready', 'completed');

-- ready -> completed: picked up at the technician's counter.
update public.prescriptions rx
set status = 'completed',
    completed_by = '00000000-0000-4000-8000-00000000a003',
    completed_at = rx.entered_at + interval '2 hours'
from demo_prescription_plan plan
where rx.id = plan.id and plan.target_status = 'completed';

-- Labels printed for what was picked up (the labels page's Recently Printed).
insert into public.prescription_label_prints (pharmacy_id, prescription_id, kind, printed_by, printed_at)
select rx.pharmacy_id, rx.id, 'label', '00000000-0000-4000-8000-00000000a003', rx.verified_at + interval '5 minutes'
from public.prescriptions rx
join demo_prescription_plan plan on plan.id = rx.id
where plan.target_status = 'completed';

-- -----------------------------------------------------------------------------------------------------
-- Refill history (issue 21): three maintenance prescriptions entered 60 to 75 days ago, the original filled
-- then and refill 1 filled about a month ago, both picked up. Each fill goes through the same entry triggers and
-- status machine as above; a refill is an insert naming its order (private.fill_from_order numbers it and
-- applies the refill rules, so the original is completed and dated before its refill is entered). Dates filled
-- are the pharmacy's local days. With 30 and 60 days supply and the default 75% rule: Holloway's metoprolol is
-- overdue, Fairbanks's metformin is due today (refill 1 filled 23 days ago, 23 = 75% of 30) and Nguyen's
-- carvedilol is not due yet (refill 1 filled 28 days ago for 60 days). Entered after the queue above, so its
-- Rx numbers and interaction alerts are unchanged.
-- -----------------------------------------------------------------------------------------------------
create temporary table demo_refill_plan (
  id uuid primary key,
  refill_id uuid not null,
  patient_id uuid not null,
  prescriber_id uuid not null,
  medication_name text not null,
  medication_strength text not null,
  directions text not null,
  quantity numeric not null,
  refills integer not null,
  days_supply integer not null,
  original_filled_days_ago integer not null,
  refill_filled_days_ago integer not null
) on commit drop;

insert into demo_refill_plan values
  ('00000000-0000-4000-8000-0000000de001', '00000000-0000-4000-8000-0000000df001', '00000000-0000-4000-8000-0000000cc001',
   '00000000-0000-4000-8000-0000000bb002', 'Metoprolol Succinate ER', '50 mg', 'Take 1 tablet by mouth once daily', 30, 5, 30, 62, 31),
  ('00000000-0000-4000-8000-0000000de002', '00000000-0000-4000-8000-0000000df002', '00000000-0000-4000-8000-0000000cc003',
   '00000000-0000-4000-8000-0000000bb001', 'Metformin Hydrochloride', '500 mg', 'Take 1 tablet by mouth twice daily with meals', 60, 3, 30, 60, 23),
  ('00000000-0000-4000-8000-0000000de003', '00000000-0000-4000-8000-0000000df003', '00000000-0000-4000-8000-0000000cc012',
   '00000000-0000-4000-8000-0000000bb002', 'Carvedilol', '12.5 mg', 'Take 1 tablet by mouth twice daily with food', 120, 3, 60, 75, 28);

-- The fills, with the day each was filled (fill 0 the original, 1 the refill).
create temporary table demo_refill_fill (
  id uuid primary key,
  fill_number integer not null,
  filled_days_ago integer not null
) on commit drop;

insert into demo_refill_fill
select plan.id, 0, plan.original_filled_days_ago from demo_refill_plan plan
union all
select plan.refill_id, 1, plan.refill_filled_days_ago from demo_refill_plan plan;

-- The originals, entered by the technician on the day they were filled.
insert into public.prescriptions (
  id, pharmacy_id, status, prescription_type, source, patient_id, prescriber_id, prescriber_name, medication_id, directions,
  quantity, refills, days_supply, original_date, urgency_level, entered_by, entered_at, created_at
)
select plan.id, p.id, 'pending', 'electronic', 'e-prescription', plan.patient_id, plan.prescriber_id,
       concat_ws(' ', d.title, d.first_name, d.last_name) || coalesce(', ' || d.degree, ''), m.id, plan.directions,
       plan.quantity, plan.refills, plan.days_supply,
       private.pharmacy_local_date(p.id, now()) - plan.original_filled_days_ago, 'routine',
       '00000000-0000-4000-8000-00000000a003', now() - make_interval(days => plan.original_filled_days_ago, hours => 1),
       now() - make_interval(days => plan.original_filled_days_ago, hours => 1)
from demo_refill_plan plan
join public.pharmacies p on p.dea_number = 'BD4726189'
join public.prescribers d on d.id = plan.prescriber_id
join public.medications m on m.pharmacy_id = p.id and m.name = plan.medication_name and m.strength = plan.medication_strength
order by plan.original_filled_days_ago desc;

-- Each fill is moved pending -> processing -> ready -> completed as above, filled on its day; the originals
-- first (fill_number 0), then the refills once entered.
-- Moves the demo fills of one fill number pending -> processing -> ready -> completed, filled on their day (one
-- step per statement, as the workflow allows), the interaction alerts overridden by the pharmacist.
create function pg_temp.complete_demo_fills(which_fill integer, notes text) returns void
language sql
as $fn$
update public.prescriptions rx
set status = 'processing',
    override_reason = case when (rx.ai_flags ->> 'hasInteractions')::boolean
      then 'Reviewed with the prescriber; the patient was counselled and will be monitored.' end,
    overridden_by = case when (rx.ai_flags ->> 'hasInteractions')::boolean then '00000000-0000-4000-8000-00000000a002'::uuid end,
    overridden_at = case when (rx.ai_flags ->> 'hasInteractions')::boolean then rx.entered_at + interval '12 minutes' end,
    processed_by = case when (rx.ai_flags ->> 'hasInteractions')::boolean then '00000000-0000-4000-8000-00000000a002'::uuid
                        else '00000000-0000-4000-8000-00000000a003'::uuid end,
    processed_at = rx.entered_at + interval '12 minutes'
from demo_refill_fill fill
where rx.id = fill.id and fill.fill_number = which_fill;

update public.prescriptions rx
set status = 'ready',
    verified_by = '00000000-0000-4000-8000-00000000a002',
    verified_at = rx.entered_at + interval '30 minutes',
    date_filled = private.pharmacy_local_date(rx.pharmacy_id, now()) - fill.filled_days_ago,
    verification_notes = notes
from demo_refill_fill fill
where rx.id = fill.id and fill.fill_number = which_fill;

update public.prescriptions rx
set status = 'completed',
    completed_by = '00000000-0000-4000-8000-00000000a003',
    completed_at = rx.entered_at + interval '2 hours'
from demo_refill_fill fill
where rx.id = fill.id and fill.fill_number = which_fill;
$fn$;

select pg_temp.complete_demo_fills(0, 'Verified against the original prescription; directions and quantity confirmed.');

-- Refill 1 of each, entered by the technician on the day it was filled.
insert into public.prescriptions (id, pharmacy_id, order_id, entered_by, entered_at, created_at)
select plan.refill_id, rx.pharmacy_id, plan.id, '00000000-0000-4000-8000-00000000a003',
       now() - make_interval(days => plan.refill_filled_days_ago, hours => 1),
       now() - make_interval(days => plan.refill_filled_days_ago, hours => 1)
from demo_refill_plan plan
join public.prescriptions rx on rx.id = plan.id
order by plan.refill_filled_days_ago desc;

select pg_temp.complete_demo_fills(1, 'Refill verified against the prescription on file; directions and quantity unchanged.');

-- Their labels, printed when each fill was verified.
insert into public.prescription_label_prints (pharmacy_id, prescription_id, kind, printed_by, printed_at)
select rx.pharmacy_id, rx.id, 'label', '00000000-0000-4000-8000-00000000a003', rx.verified_at + interval '5 minutes'
from public.prescriptions rx
join demo_refill_fill fill on fill.id = rx.id;

-- Local stacks (development and the test suites) onboard many pharmacies from one address (127.0.0.1): the
-- per-IP onboarding limits are relaxed here; deployed projects keep the migration's policies.
update private.rate_limit_policies set max_hits = 100000 where bucket in ('onboarding', 'onboarding_check');

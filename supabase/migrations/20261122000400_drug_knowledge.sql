-- =====================================================================================================
-- Drug knowledge base: the reference data the interaction engine (shared/src/interactions) works from.
-- Drug classes and their members (lower-case generic names), brand and other names that resolve to
-- generics, interacting pairs by drug or by class with severity, description and recommendations, and
-- allergy cross-sensitivity groups. Classes flagged duplicate_therapy report two of their members taken
-- together. Shared by every tenant, readable by signed-in users, written only by migrations.
-- Sources: 'ONC high-priority' marks the 15 high-severity pairs of Phansalkar et al., JAMIA 2012;19:735
-- (with the class memberships the panel suggested); 'Common retail interaction' marks well-known pairs
-- of community practice (product labeling, FDA safety communications). Wording is our own.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- Tables
-- -----------------------------------------------------------------------------------------------------
create table public.drug_classes (
  id text primary key check (id ~ '^[a-z0-9_]+$'),
  name text not null,
  description text not null,
  duplicate_therapy boolean not null default false
);
comment on table public.drug_classes is
  'Groups of drugs that interact alike (NSAIDs, SSRIs, QT-prolonging agents...). duplicate_therapy: two '
  'different members taken together are reported as duplicate therapy. Reference data.';

create table public.drug_class_members (
  class_id text not null references public.drug_classes (id) on delete cascade,
  drug_name text not null check (drug_name = lower(btrim(drug_name)) and drug_name <> ''),
  primary key (class_id, drug_name)
);
comment on table public.drug_class_members is 'Membership of a generic drug (lower-case generic name) in a drug class.';
create index drug_class_members_drug_name_idx on public.drug_class_members (drug_name);

create table public.drug_synonyms (
  synonym text not null check (synonym = lower(btrim(synonym)) and synonym <> ''),
  drug_name text not null check (drug_name = lower(btrim(drug_name)) and drug_name <> ''),
  primary key (synonym, drug_name)
);
comment on table public.drug_synonyms is
  'Names that resolve to generics: brands, abbreviations, other spellings. A combination product has one row '
  'per ingredient (bactrim -> sulfamethoxazole and trimethoprim).';
create index drug_synonyms_drug_name_idx on public.drug_synonyms (drug_name);

create table public.drug_interactions (
  id text primary key check (id ~ '^[a-z0-9-]+$'),
  subject_kind text not null check (subject_kind in ('drug', 'class')),
  subject text not null check (subject = lower(btrim(subject)) and subject <> ''),
  object_kind text not null check (object_kind in ('drug', 'class')),
  object text not null check (object = lower(btrim(object)) and object <> ''),
  severity text not null check (severity in ('severe', 'moderate', 'mild')),
  description text not null check (description <> ''),
  recommendations text[] not null check (cardinality(recommendations) > 0),
  source text not null check (source <> ''),
  unique (subject_kind, subject, object_kind, object)
);
comment on table public.drug_interactions is
  'An interacting pair: a drug or every member of a class (subject) with a drug or every member of a class '
  '(object); the pair is symmetric. A class paired with itself means two different members of it. source '
  'names where the pair comes from (''ONC high-priority'', ''Common retail interaction'').';
create index drug_interactions_subject_idx on public.drug_interactions (subject_kind, subject);
create index drug_interactions_object_idx on public.drug_interactions (object_kind, object);

create table public.allergy_groups (
  id text primary key check (id ~ '^[a-z0-9_]+$'),
  name text not null,
  description text not null,
  aliases text[] not null default '{}'
);
comment on table public.allergy_groups is
  'Drugs a patient allergic to one of them should be assumed allergic to (penicillins, sulfonamide '
  'antibiotics...). aliases: lower-case words an allergy list uses for the whole group (''sulfa'', ''pcn'').';

create table public.allergy_group_members (
  group_id text not null references public.allergy_groups (id) on delete cascade,
  drug_name text not null check (drug_name = lower(btrim(drug_name)) and drug_name <> ''),
  primary key (group_id, drug_name)
);
comment on table public.allergy_group_members is 'Membership of a generic drug in an allergy group.';
create index allergy_group_members_drug_name_idx on public.allergy_group_members (drug_name);

create table public.allergy_cross_sensitivities (
  group_id text not null references public.allergy_groups (id) on delete cascade,
  related_group_id text not null references public.allergy_groups (id) on delete cascade,
  severity text not null check (severity in ('severe', 'moderate', 'mild')),
  description text not null check (description <> ''),
  recommendations text[] not null check (cardinality(recommendations) > 0),
  primary key (group_id, related_group_id),
  check (group_id <> related_group_id)
);
comment on table public.allergy_cross_sensitivities is
  'A patient allergic to a member of group_id may also react to members of related_group_id (one direction): '
  'how likely (severity) and what to do.';
create index allergy_cross_sensitivities_related_group_id_idx on public.allergy_cross_sensitivities (related_group_id);

-- A class named by an interaction must exist (a plain foreign key cannot say "when the kind is class").
create function private.check_interaction_classes() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.subject_kind = 'class' and not exists (select 1 from public.drug_classes where id = new.subject) then
    raise exception 'Unknown drug class % in interaction %', new.subject, new.id using errcode = '23503';
  end if;
  if new.object_kind = 'class' and not exists (select 1 from public.drug_classes where id = new.object) then
    raise exception 'Unknown drug class % in interaction %', new.object, new.id using errcode = '23503';
  end if;
  return new;
end
$$;
comment on function private.check_interaction_classes() is
  'BEFORE INSERT/UPDATE trigger of drug_interactions: a subject or object of kind class names an existing class.';
create trigger check_interaction_classes before insert or update on public.drug_interactions
  for each row execute function private.check_interaction_classes();

-- -----------------------------------------------------------------------------------------------------
-- Privileges and row-level security: signed-in users read; nobody writes through the API
-- -----------------------------------------------------------------------------------------------------
revoke all on public.drug_classes, public.drug_class_members, public.drug_synonyms, public.drug_interactions,
  public.allergy_groups, public.allergy_group_members, public.allergy_cross_sensitivities from anon;
revoke insert, update, delete, truncate on public.drug_classes, public.drug_class_members, public.drug_synonyms,
  public.drug_interactions, public.allergy_groups, public.allergy_group_members,
  public.allergy_cross_sensitivities from authenticated;

alter table public.drug_classes enable row level security;
alter table public.drug_class_members enable row level security;
alter table public.drug_synonyms enable row level security;
alter table public.drug_interactions enable row level security;
alter table public.allergy_groups enable row level security;
alter table public.allergy_group_members enable row level security;
alter table public.allergy_cross_sensitivities enable row level security;

create policy "Signed-in users can read drug classes" on public.drug_classes
  for select to authenticated using (true);
create policy "Signed-in users can read drug class members" on public.drug_class_members
  for select to authenticated using (true);
create policy "Signed-in users can read drug synonyms" on public.drug_synonyms
  for select to authenticated using (true);
create policy "Signed-in users can read drug interactions" on public.drug_interactions
  for select to authenticated using (true);
create policy "Signed-in users can read allergy groups" on public.allergy_groups
  for select to authenticated using (true);
create policy "Signed-in users can read allergy group members" on public.allergy_group_members
  for select to authenticated using (true);
create policy "Signed-in users can read allergy cross-sensitivities" on public.allergy_cross_sensitivities
  for select to authenticated using (true);

-- -----------------------------------------------------------------------------------------------------
-- Data: drug classes
-- -----------------------------------------------------------------------------------------------------
insert into public.drug_classes (id, name, description, duplicate_therapy) values
  ('nsaids', 'NSAIDs', 'Nonsteroidal anti-inflammatory drugs (aspirin is listed with the antiplatelets).', true),
  ('anticoagulants', 'Anticoagulants', 'Warfarin, direct oral anticoagulants and heparins.', true),
  ('antiplatelets', 'Antiplatelet agents', 'Aspirin, P2Y12 inhibitors and other platelet inhibitors.', false),
  ('p2y12_inhibitors', 'P2Y12 inhibitors', 'Clopidogrel and related platelet P2Y12 receptor blockers.', true),
  ('ssris', 'SSRIs', 'Selective serotonin reuptake inhibitors.', true),
  ('snris', 'SNRIs', 'Serotonin-norepinephrine reuptake inhibitors.', true),
  ('tcas', 'Tricyclic antidepressants', 'Tricyclic and related antidepressants.', true),
  ('maois', 'MAO inhibitors', 'Monoamine oxidase inhibitors, including procarbazine and selegiline (ONC membership).', false),
  ('serotonergic_agents', 'Other serotonergic agents', 'Drugs besides SSRIs, SNRIs and tricyclics that add serotonin activity.', false),
  ('triptans', 'Triptans', 'Serotonin 5-HT1B/1D agonists for migraine.', true),
  ('mao_metabolized_triptans', 'Triptans cleared by MAO-A', 'Triptans whose clearance depends on monoamine oxidase A.', false),
  ('amphetamines_sympathomimetics', 'Amphetamines and related sympathomimetics', 'Amphetamine derivatives, stimulants and decongestant sympathomimetics (ONC membership plus phenylephrine).', false),
  ('opioids', 'Opioid analgesics', 'Opioid agonists and partial agonists used for pain or opioid use disorder.', true),
  ('serotonergic_opioids', 'Serotonergic opioids', 'Opioids with serotonin reuptake or release activity.', false),
  ('benzodiazepines', 'Benzodiazepines', 'Benzodiazepine sedatives, anxiolytics and hypnotics.', true),
  ('cns_depressants', 'Other CNS depressants', 'Sedating drugs besides opioids and benzodiazepines: hypnotics, gabapentinoids, muscle relaxants, sedating antihistamines and antipsychotics, barbiturates.', false),
  ('qt_prolonging', 'QT-prolonging agents', 'Drugs with a known risk of QT prolongation and torsades de pointes.', false),
  ('cyp3a4_sensitive_qt_agents', 'QT-prolonging drugs raised by CYP3A4 inhibitors', 'QT-prolonging drugs whose levels climb to dangerous values when CYP3A4 is blocked.', false),
  ('macrolides', 'Macrolide antibiotics', 'Erythromycin, clarithromycin and azithromycin.', false),
  ('azole_antifungals', 'Azole antifungals', 'Systemic azole antifungals.', false),
  ('strong_cyp3a4_inhibitors', 'Strong CYP3A4 inhibitors', 'Drugs that strongly block CYP3A4 (erythromycin, a moderate inhibitor, is listed because statin labels treat it alike).', false),
  ('protease_inhibitors', 'HIV/COVID-19 protease inhibitors', 'Protease inhibitors, all of them CYP3A4 inhibitors and substrates.', false),
  ('strong_cyp3a4_inducers', 'Strong CYP3A4 inducers', 'Drugs that strongly speed up CYP3A4 metabolism.', false),
  ('strong_cyp1a2_inhibitors', 'Strong CYP1A2 inhibitors', 'Drugs that strongly block CYP1A2.', false),
  ('statins', 'Statins', 'HMG-CoA reductase inhibitors.', true),
  ('cyp3a4_statins', 'Statins cleared mainly by CYP3A4', 'Statins whose levels rise many-fold when CYP3A4 is blocked (simvastatin, lovastatin).', false),
  ('ace_inhibitors', 'ACE inhibitors', 'Angiotensin-converting enzyme inhibitors.', true),
  ('arbs', 'ARBs', 'Angiotensin II receptor blockers.', true),
  ('potassium_sparing_diuretics', 'Potassium-sparing diuretics', 'Aldosterone antagonists and epithelial sodium channel blockers.', false),
  ('potassium_supplements', 'Potassium supplements', 'Oral potassium salts.', false),
  ('nitrates', 'Nitrates', 'Organic nitrates and nitrites.', false),
  ('pde5_inhibitors', 'PDE5 inhibitors', 'Phosphodiesterase type 5 inhibitors.', true),
  ('alpha_blockers', 'Alpha-1 blockers', 'Alpha-1 adrenergic blockers.', true),
  ('ppis', 'Proton pump inhibitors', 'Proton pump inhibitors.', true),
  ('thiopurines', 'Thiopurines', 'Azathioprine and mercaptopurine.', false),
  ('ergot_alkaloids', 'Ergot alkaloids', 'Ergotamine and related ergot derivatives.', false),
  ('fluoroquinolones', 'Fluoroquinolones', 'Fluoroquinolone antibiotics.', false),
  ('tetracyclines', 'Tetracyclines', 'Tetracycline antibiotics.', false),
  ('polyvalent_cations', 'Calcium, iron, magnesium, aluminum and zinc products', 'Mineral supplements, antacids and binders that bind other drugs in the gut.', false),
  ('thiazide_diuretics', 'Thiazide diuretics', 'Thiazide and thiazide-like diuretics.', true),
  ('nondihydropyridine_ccbs', 'Non-dihydropyridine calcium channel blockers', 'Diltiazem and verapamil.', true),
  ('beta_blockers', 'Beta blockers', 'Beta-adrenergic blockers.', true),
  ('sulfonylureas', 'Sulfonylureas', 'Sulfonylurea antidiabetics.', true),
  ('iodinated_contrast', 'Iodinated contrast media', 'Iodinated contrast agents given for imaging.', false);

-- -----------------------------------------------------------------------------------------------------
-- Data: class members (lower-case generic names)
-- -----------------------------------------------------------------------------------------------------
insert into public.drug_class_members (class_id, drug_name)
select class_id, unnest(members)
from (values
  ('nsaids', array['ibuprofen', 'naproxen', 'diclofenac', 'meloxicam', 'celecoxib', 'indomethacin', 'ketorolac', 'etodolac',
    'nabumetone', 'piroxicam', 'ketoprofen', 'sulindac', 'oxaprozin', 'flurbiprofen', 'diflunisal', 'mefenamic acid',
    'fenoprofen', 'tolmetin']),
  ('anticoagulants', array['warfarin', 'apixaban', 'rivaroxaban', 'dabigatran', 'edoxaban', 'enoxaparin', 'dalteparin',
    'heparin', 'fondaparinux']),
  ('antiplatelets', array['aspirin', 'clopidogrel', 'prasugrel', 'ticagrelor', 'ticlopidine', 'dipyridamole', 'cilostazol']),
  ('p2y12_inhibitors', array['clopidogrel', 'prasugrel', 'ticagrelor', 'ticlopidine']),
  ('ssris', array['fluoxetine', 'sertraline', 'paroxetine', 'citalopram', 'escitalopram', 'fluvoxamine', 'vilazodone']),
  ('snris', array['venlafaxine', 'desvenlafaxine', 'duloxetine', 'levomilnacipran', 'milnacipran']),
  ('tcas', array['amitriptyline', 'nortriptyline', 'imipramine', 'desipramine', 'doxepin', 'clomipramine', 'protriptyline',
    'trimipramine', 'amoxapine']),
  ('maois', array['phenelzine', 'tranylcypromine', 'isocarboxazid', 'selegiline', 'rasagiline', 'procarbazine']),
  ('serotonergic_agents', array['trazodone', 'nefazodone', 'mirtazapine', 'vortioxetine', 'buspirone', 'st johns wort',
    'dextromethorphan', 'lithium', 'tryptophan', 'cyclobenzaprine', 'linezolid', 'methylene blue']),
  ('triptans', array['sumatriptan', 'rizatriptan', 'zolmitriptan', 'naratriptan', 'eletriptan', 'almotriptan', 'frovatriptan']),
  ('mao_metabolized_triptans', array['sumatriptan', 'rizatriptan', 'zolmitriptan']),
  ('amphetamines_sympathomimetics', array['amphetamine', 'dextroamphetamine', 'lisdexamfetamine', 'methamphetamine',
    'methylphenidate', 'dexmethylphenidate', 'phendimetrazine', 'benzphetamine', 'diethylpropion', 'phentermine',
    'atomoxetine', 'pseudoephedrine', 'phenylephrine']),
  ('opioids', array['morphine', 'codeine', 'hydrocodone', 'oxycodone', 'hydromorphone', 'oxymorphone', 'tramadol',
    'tapentadol', 'fentanyl', 'methadone', 'meperidine', 'buprenorphine', 'levorphanol', 'butorphanol', 'pentazocine']),
  ('serotonergic_opioids', array['tramadol', 'tapentadol', 'meperidine', 'methadone', 'fentanyl']),
  ('benzodiazepines', array['alprazolam', 'lorazepam', 'clonazepam', 'diazepam', 'temazepam', 'chlordiazepoxide',
    'clorazepate', 'oxazepam', 'triazolam', 'midazolam', 'estazolam', 'flurazepam', 'quazepam', 'clobazam']),
  ('cns_depressants', array['zolpidem', 'eszopiclone', 'zaleplon', 'gabapentin', 'pregabalin', 'cyclobenzaprine',
    'carisoprodol', 'methocarbamol', 'metaxalone', 'baclofen', 'tizanidine', 'hydroxyzine', 'promethazine',
    'diphenhydramine', 'quetiapine', 'olanzapine', 'phenobarbital', 'butalbital', 'sodium oxybate']),
  ('qt_prolonging', array['amiodarone', 'dronedarone', 'dofetilide', 'sotalol', 'quinidine', 'procainamide', 'disopyramide',
    'flecainide', 'ibutilide', 'thioridazine', 'pimozide', 'haloperidol', 'chlorpromazine', 'droperidol', 'citalopram',
    'escitalopram', 'methadone', 'erythromycin', 'clarithromycin', 'azithromycin', 'levofloxacin', 'moxifloxacin',
    'ciprofloxacin', 'ondansetron', 'fluconazole', 'pentamidine', 'arsenic trioxide', 'donepezil', 'hydroxychloroquine',
    'chloroquine', 'anagrelide', 'cilostazol']),
  ('cyp3a4_sensitive_qt_agents', array['pimozide', 'quinidine', 'dronedarone', 'dofetilide']),
  ('macrolides', array['erythromycin', 'clarithromycin', 'azithromycin']),
  ('azole_antifungals', array['fluconazole', 'ketoconazole', 'itraconazole', 'voriconazole', 'posaconazole',
    'isavuconazonium', 'miconazole']),
  ('strong_cyp3a4_inhibitors', array['clarithromycin', 'erythromycin', 'telithromycin', 'ketoconazole', 'itraconazole',
    'posaconazole', 'voriconazole', 'nefazodone', 'ritonavir', 'cobicistat', 'idelalisib']),
  ('protease_inhibitors', array['atazanavir', 'darunavir', 'fosamprenavir', 'indinavir', 'lopinavir', 'nelfinavir',
    'ritonavir', 'saquinavir', 'tipranavir', 'nirmatrelvir']),
  ('strong_cyp3a4_inducers', array['rifampin', 'rifapentine', 'carbamazepine', 'phenytoin', 'fosphenytoin', 'phenobarbital',
    'primidone', 'st johns wort', 'enzalutamide', 'apalutamide', 'mitotane']),
  ('strong_cyp1a2_inhibitors', array['fluvoxamine', 'ciprofloxacin']),
  ('statins', array['atorvastatin', 'simvastatin', 'lovastatin', 'rosuvastatin', 'pravastatin', 'pitavastatin', 'fluvastatin']),
  ('cyp3a4_statins', array['simvastatin', 'lovastatin']),
  ('ace_inhibitors', array['lisinopril', 'enalapril', 'ramipril', 'benazepril', 'quinapril', 'fosinopril', 'captopril',
    'perindopril', 'trandolapril', 'moexipril']),
  ('arbs', array['losartan', 'valsartan', 'irbesartan', 'olmesartan', 'telmisartan', 'candesartan', 'azilsartan', 'eprosartan']),
  ('potassium_sparing_diuretics', array['spironolactone', 'eplerenone', 'amiloride', 'triamterene', 'finerenone']),
  ('potassium_supplements', array['potassium chloride', 'potassium citrate', 'potassium bicarbonate', 'potassium gluconate']),
  ('nitrates', array['nitroglycerin', 'isosorbide mononitrate', 'isosorbide dinitrate', 'amyl nitrite']),
  ('pde5_inhibitors', array['sildenafil', 'tadalafil', 'vardenafil', 'avanafil']),
  ('alpha_blockers', array['doxazosin', 'terazosin', 'prazosin', 'tamsulosin', 'alfuzosin', 'silodosin']),
  ('ppis', array['omeprazole', 'esomeprazole', 'lansoprazole', 'dexlansoprazole', 'pantoprazole', 'rabeprazole']),
  ('thiopurines', array['azathioprine', 'mercaptopurine']),
  ('ergot_alkaloids', array['ergotamine', 'dihydroergotamine', 'methylergonovine', 'ergonovine']),
  ('fluoroquinolones', array['ciprofloxacin', 'levofloxacin', 'moxifloxacin', 'ofloxacin', 'gemifloxacin', 'delafloxacin']),
  ('tetracyclines', array['doxycycline', 'minocycline', 'tetracycline', 'demeclocycline', 'omadacycline', 'sarecycline']),
  ('polyvalent_cations', array['calcium carbonate', 'calcium citrate', 'calcium acetate', 'ferrous sulfate',
    'ferrous gluconate', 'ferrous fumarate', 'magnesium hydroxide', 'magnesium oxide', 'magnesium citrate',
    'aluminum hydroxide', 'sucralfate', 'sevelamer', 'zinc sulfate']),
  ('thiazide_diuretics', array['hydrochlorothiazide', 'chlorthalidone', 'chlorothiazide', 'indapamide', 'metolazone']),
  ('nondihydropyridine_ccbs', array['diltiazem', 'verapamil']),
  ('beta_blockers', array['metoprolol', 'atenolol', 'carvedilol', 'propranolol', 'bisoprolol', 'nadolol', 'nebivolol',
    'labetalol']),
  ('sulfonylureas', array['glipizide', 'glyburide', 'glimepiride']),
  ('iodinated_contrast', array['iodinated contrast', 'iohexol', 'iopamidol', 'iodixanol', 'ioversol', 'iopromide'])
) as classes (class_id, members);

-- -----------------------------------------------------------------------------------------------------
-- Data: names that resolve to generics (brands, abbreviations; combination products name each ingredient)
-- -----------------------------------------------------------------------------------------------------
insert into public.drug_synonyms (synonym, drug_name)
select synonym, unnest(drug_names)
from (values
  ('coumadin', array['warfarin']), ('jantoven', array['warfarin']), ('eliquis', array['apixaban']),
  ('xarelto', array['rivaroxaban']), ('pradaxa', array['dabigatran']), ('savaysa', array['edoxaban']),
  ('lovenox', array['enoxaparin']), ('fragmin', array['dalteparin']), ('arixtra', array['fondaparinux']),
  ('plavix', array['clopidogrel']), ('effient', array['prasugrel']), ('brilinta', array['ticagrelor']),
  ('pletal', array['cilostazol']), ('aggrenox', array['aspirin', 'dipyridamole']),
  ('bayer', array['aspirin']), ('ecotrin', array['aspirin']), ('asa', array['aspirin']),
  ('acetylsalicylic acid', array['aspirin']), ('baby aspirin', array['aspirin']),
  ('advil', array['ibuprofen']), ('motrin', array['ibuprofen']), ('aleve', array['naproxen']),
  ('naprosyn', array['naproxen']), ('anaprox', array['naproxen']), ('voltaren', array['diclofenac']),
  ('cambia', array['diclofenac']), ('arthrotec', array['diclofenac', 'misoprostol']), ('mobic', array['meloxicam']),
  ('celebrex', array['celecoxib']), ('toradol', array['ketorolac']), ('indocin', array['indomethacin']),
  ('relafen', array['nabumetone']), ('feldene', array['piroxicam']), ('daypro', array['oxaprozin']),
  ('tylenol', array['acetaminophen']), ('apap', array['acetaminophen']), ('paracetamol', array['acetaminophen']),
  ('prozac', array['fluoxetine']), ('sarafem', array['fluoxetine']), ('zoloft', array['sertraline']),
  ('paxil', array['paroxetine']), ('celexa', array['citalopram']), ('lexapro', array['escitalopram']),
  ('luvox', array['fluvoxamine']), ('viibryd', array['vilazodone']), ('trintellix', array['vortioxetine']),
  ('effexor', array['venlafaxine']), ('pristiq', array['desvenlafaxine']), ('cymbalta', array['duloxetine']),
  ('fetzima', array['levomilnacipran']), ('savella', array['milnacipran']),
  ('elavil', array['amitriptyline']), ('pamelor', array['nortriptyline']), ('tofranil', array['imipramine']),
  ('norpramin', array['desipramine']), ('anafranil', array['clomipramine']), ('sinequan', array['doxepin']),
  ('nardil', array['phenelzine']), ('parnate', array['tranylcypromine']), ('marplan', array['isocarboxazid']),
  ('emsam', array['selegiline']), ('eldepryl', array['selegiline']), ('zelapar', array['selegiline']),
  ('azilect', array['rasagiline']), ('matulane', array['procarbazine']),
  ('desyrel', array['trazodone']), ('remeron', array['mirtazapine']), ('buspar', array['buspirone']),
  ('wellbutrin', array['bupropion']), ('zyban', array['bupropion']), ('zyvox', array['linezolid']),
  ('st john''s wort', array['st johns wort']), ('st. john''s wort', array['st johns wort']),
  ('saint johns wort', array['st johns wort']), ('hypericum', array['st johns wort']),
  ('delsym', array['dextromethorphan']), ('robitussin dm', array['dextromethorphan', 'guaifenesin']),
  ('dxm', array['dextromethorphan']), ('lithobid', array['lithium']), ('lithium carbonate', array['lithium']),
  ('imitrex', array['sumatriptan']), ('maxalt', array['rizatriptan']), ('zomig', array['zolmitriptan']),
  ('amerge', array['naratriptan']), ('relpax', array['eletriptan']), ('axert', array['almotriptan']),
  ('frova', array['frovatriptan']), ('treximet', array['sumatriptan', 'naproxen']),
  ('adderall', array['amphetamine', 'dextroamphetamine']), ('vyvanse', array['lisdexamfetamine']),
  ('ritalin', array['methylphenidate']), ('concerta', array['methylphenidate']), ('focalin', array['dexmethylphenidate']),
  ('dexedrine', array['dextroamphetamine']), ('desoxyn', array['methamphetamine']), ('adipex-p', array['phentermine']),
  ('adipex', array['phentermine']), ('strattera', array['atomoxetine']), ('sudafed', array['pseudoephedrine']),
  ('sudafed pe', array['phenylephrine']),
  ('oxycontin', array['oxycodone']), ('roxicodone', array['oxycodone']), ('percocet', array['oxycodone', 'acetaminophen']),
  ('endocet', array['oxycodone', 'acetaminophen']), ('norco', array['hydrocodone', 'acetaminophen']),
  ('vicodin', array['hydrocodone', 'acetaminophen']), ('lortab', array['hydrocodone', 'acetaminophen']),
  ('hysingla', array['hydrocodone']), ('dilaudid', array['hydromorphone']), ('ms contin', array['morphine']),
  ('opana', array['oxymorphone']), ('ultram', array['tramadol']), ('ultracet', array['tramadol', 'acetaminophen']),
  ('nucynta', array['tapentadol']), ('duragesic', array['fentanyl']), ('dolophine', array['methadone']),
  ('methadose', array['methadone']), ('demerol', array['meperidine']),
  ('tylenol with codeine', array['acetaminophen', 'codeine']), ('tylenol 3', array['acetaminophen', 'codeine']),
  ('tylenol 4', array['acetaminophen', 'codeine']), ('suboxone', array['buprenorphine', 'naloxone']),
  ('subutex', array['buprenorphine']), ('zubsolv', array['buprenorphine', 'naloxone']), ('butrans', array['buprenorphine']),
  ('xanax', array['alprazolam']), ('ativan', array['lorazepam']), ('klonopin', array['clonazepam']),
  ('valium', array['diazepam']), ('restoril', array['temazepam']), ('halcion', array['triazolam']),
  ('librium', array['chlordiazepoxide']), ('tranxene', array['clorazepate']), ('onfi', array['clobazam']),
  ('ambien', array['zolpidem']), ('lunesta', array['eszopiclone']), ('sonata', array['zaleplon']),
  ('neurontin', array['gabapentin']), ('gralise', array['gabapentin']), ('lyrica', array['pregabalin']),
  ('flexeril', array['cyclobenzaprine']), ('soma', array['carisoprodol']), ('robaxin', array['methocarbamol']),
  ('skelaxin', array['metaxalone']), ('zanaflex', array['tizanidine']), ('lioresal', array['baclofen']),
  ('atarax', array['hydroxyzine']), ('vistaril', array['hydroxyzine']), ('phenergan', array['promethazine']),
  ('benadryl', array['diphenhydramine']), ('seroquel', array['quetiapine']), ('zyprexa', array['olanzapine']),
  ('fioricet', array['butalbital', 'acetaminophen', 'caffeine']), ('xyrem', array['sodium oxybate']),
  ('cordarone', array['amiodarone']), ('pacerone', array['amiodarone']), ('multaq', array['dronedarone']),
  ('tikosyn', array['dofetilide']), ('betapace', array['sotalol']), ('haldol', array['haloperidol']),
  ('orap', array['pimozide']), ('zofran', array['ondansetron']), ('aricept', array['donepezil']),
  ('plaquenil', array['hydroxychloroquine']), ('tambocor', array['flecainide']),
  ('biaxin', array['clarithromycin']), ('zithromax', array['azithromycin']), ('z-pak', array['azithromycin']),
  ('zpak', array['azithromycin']), ('ery-tab', array['erythromycin']), ('eryped', array['erythromycin']),
  ('diflucan', array['fluconazole']), ('nizoral', array['ketoconazole']), ('sporanox', array['itraconazole']),
  ('vfend', array['voriconazole']), ('noxafil', array['posaconazole']), ('cresemba', array['isavuconazonium']),
  ('norvir', array['ritonavir']), ('tybost', array['cobicistat']), ('reyataz', array['atazanavir']),
  ('evotaz', array['atazanavir', 'cobicistat']), ('prezista', array['darunavir']),
  ('prezcobix', array['darunavir', 'cobicistat']), ('kaletra', array['lopinavir', 'ritonavir']),
  ('paxlovid', array['nirmatrelvir', 'ritonavir']),
  ('rifadin', array['rifampin']), ('rifampicin', array['rifampin']), ('priftin', array['rifapentine']),
  ('tegretol', array['carbamazepine']), ('carbatrol', array['carbamazepine']), ('dilantin', array['phenytoin']),
  ('mysoline', array['primidone']), ('xtandi', array['enzalutamide']),
  ('cipro', array['ciprofloxacin']), ('levaquin', array['levofloxacin']), ('avelox', array['moxifloxacin']),
  ('rozerem', array['ramelteon']),
  ('zocor', array['simvastatin']), ('mevacor', array['lovastatin']), ('altoprev', array['lovastatin']),
  ('lipitor', array['atorvastatin']), ('crestor', array['rosuvastatin']), ('pravachol', array['pravastatin']),
  ('livalo', array['pitavastatin']), ('lescol', array['fluvastatin']), ('vytorin', array['ezetimibe', 'simvastatin']),
  ('zetia', array['ezetimibe']), ('lopid', array['gemfibrozil']),
  ('prinivil', array['lisinopril']), ('zestril', array['lisinopril']), ('qbrelis', array['lisinopril']),
  ('zestoretic', array['lisinopril', 'hydrochlorothiazide']), ('vasotec', array['enalapril']),
  ('altace', array['ramipril']), ('lotensin', array['benazepril']), ('lotrel', array['amlodipine', 'benazepril']),
  ('accupril', array['quinapril']), ('capoten', array['captopril']),
  ('cozaar', array['losartan']), ('hyzaar', array['losartan', 'hydrochlorothiazide']), ('diovan', array['valsartan']),
  ('exforge', array['amlodipine', 'valsartan']), ('avapro', array['irbesartan']), ('benicar', array['olmesartan']),
  ('micardis', array['telmisartan']), ('atacand', array['candesartan']), ('edarbi', array['azilsartan']),
  ('entresto', array['sacubitril', 'valsartan']),
  ('aldactone', array['spironolactone']), ('carospir', array['spironolactone']), ('inspra', array['eplerenone']),
  ('midamor', array['amiloride']), ('dyrenium', array['triamterene']), ('kerendia', array['finerenone']),
  ('maxzide', array['triamterene', 'hydrochlorothiazide']), ('dyazide', array['triamterene', 'hydrochlorothiazide']),
  ('aldactazide', array['spironolactone', 'hydrochlorothiazide']),
  ('k-dur', array['potassium chloride']), ('klor-con', array['potassium chloride']), ('kcl', array['potassium chloride']),
  ('micro-k', array['potassium chloride']), ('urocit-k', array['potassium citrate']),
  ('nitrostat', array['nitroglycerin']), ('nitro-dur', array['nitroglycerin']), ('nitrolingual', array['nitroglycerin']),
  ('ntg', array['nitroglycerin']), ('imdur', array['isosorbide mononitrate']), ('ismo', array['isosorbide mononitrate']),
  ('isordil', array['isosorbide dinitrate']), ('bidil', array['isosorbide dinitrate', 'hydralazine']),
  ('viagra', array['sildenafil']), ('revatio', array['sildenafil']), ('cialis', array['tadalafil']),
  ('adcirca', array['tadalafil']), ('levitra', array['vardenafil']), ('staxyn', array['vardenafil']),
  ('stendra', array['avanafil']), ('adempas', array['riociguat']),
  ('cardura', array['doxazosin']), ('hytrin', array['terazosin']), ('minipress', array['prazosin']),
  ('flomax', array['tamsulosin']), ('uroxatral', array['alfuzosin']), ('rapaflo', array['silodosin']),
  ('prilosec', array['omeprazole']), ('nexium', array['esomeprazole']), ('prevacid', array['lansoprazole']),
  ('dexilant', array['dexlansoprazole']), ('protonix', array['pantoprazole']), ('aciphex', array['rabeprazole']),
  ('uloric', array['febuxostat']), ('imuran', array['azathioprine']), ('azasan', array['azathioprine']),
  ('purixan', array['mercaptopurine']), ('6-mp', array['mercaptopurine']), ('zyloprim', array['allopurinol']),
  ('camptosar', array['irinotecan']),
  ('cafergot', array['ergotamine', 'caffeine']), ('migranal', array['dihydroergotamine']),
  ('d.h.e. 45', array['dihydroergotamine']), ('dhe', array['dihydroergotamine']), ('methergine', array['methylergonovine']),
  ('vibramycin', array['doxycycline']), ('doryx', array['doxycycline']), ('minocin', array['minocycline']),
  ('solodyn', array['minocycline']),
  ('tums', array['calcium carbonate']), ('os-cal', array['calcium carbonate']), ('caltrate', array['calcium carbonate']),
  ('citracal', array['calcium citrate']), ('phoslo', array['calcium acetate']), ('feosol', array['ferrous sulfate']),
  ('slow fe', array['ferrous sulfate']), ('milk of magnesia', array['magnesium hydroxide']),
  ('mag-ox', array['magnesium oxide']), ('carafate', array['sucralfate']), ('renvela', array['sevelamer']),
  ('renagel', array['sevelamer']),
  ('synthroid', array['levothyroxine']), ('levoxyl', array['levothyroxine']), ('unithroid', array['levothyroxine']),
  ('euthyrox', array['levothyroxine']), ('tirosint', array['levothyroxine']), ('l-thyroxine', array['levothyroxine']),
  ('glucophage', array['metformin']), ('janumet', array['sitagliptin', 'metformin']),
  ('synjardy', array['empagliflozin', 'metformin']), ('glucotrol', array['glipizide']),
  ('glynase', array['glyburide']), ('amaryl', array['glimepiride']),
  ('omnipaque', array['iohexol']), ('isovue', array['iopamidol']), ('visipaque', array['iodixanol']),
  ('optiray', array['ioversol']), ('ultravist', array['iopromide']), ('contrast dye', array['iodinated contrast']),
  ('iv contrast', array['iodinated contrast']), ('contrast media', array['iodinated contrast']),
  ('iodinated contrast media', array['iodinated contrast']), ('ct contrast', array['iodinated contrast']),
  ('trexall', array['methotrexate']), ('otrexup', array['methotrexate']), ('rasuvo', array['methotrexate']),
  ('bactrim', array['sulfamethoxazole', 'trimethoprim']), ('septra', array['sulfamethoxazole', 'trimethoprim']),
  ('smx-tmp', array['sulfamethoxazole', 'trimethoprim']), ('tmp-smx', array['sulfamethoxazole', 'trimethoprim']),
  ('co-trimoxazole', array['sulfamethoxazole', 'trimethoprim']), ('cotrimoxazole', array['sulfamethoxazole', 'trimethoprim']),
  ('primsol', array['trimethoprim']), ('azulfidine', array['sulfasalazine']),
  ('lanoxin', array['digoxin']), ('digitek', array['digoxin']), ('flagyl', array['metronidazole']),
  ('colcrys', array['colchicine']), ('mitigare', array['colchicine']),
  ('microzide', array['hydrochlorothiazide']), ('hctz', array['hydrochlorothiazide']), ('lasix', array['furosemide']),
  ('norvasc', array['amlodipine']), ('cardizem', array['diltiazem']), ('tiazac', array['diltiazem']),
  ('calan', array['verapamil']), ('verelan', array['verapamil']),
  ('lopressor', array['metoprolol']), ('toprol', array['metoprolol']), ('toprol xl', array['metoprolol']),
  ('tenormin', array['atenolol']), ('coreg', array['carvedilol']), ('inderal', array['propranolol']),
  ('bystolic', array['nebivolol']),
  ('amoxil', array['amoxicillin']), ('augmentin', array['amoxicillin', 'clavulanate']),
  ('penicillin vk', array['penicillin v']), ('pen vk', array['penicillin v']), ('veetids', array['penicillin v']),
  ('bicillin', array['penicillin g']), ('zosyn', array['piperacillin', 'tazobactam']),
  ('unasyn', array['ampicillin', 'sulbactam']), ('dycill', array['dicloxacillin']),
  ('keflex', array['cephalexin']), ('duricef', array['cefadroxil']), ('ceftin', array['cefuroxime']),
  ('omnicef', array['cefdinir']), ('rocephin', array['ceftriaxone']), ('vantin', array['cefpodoxime']),
  ('suprax', array['cefixime']), ('cefzil', array['cefprozil']), ('ancef', array['cefazolin']),
  ('maxipime', array['cefepime']), ('merrem', array['meropenem']), ('invanz', array['ertapenem']),
  ('primaxin', array['imipenem', 'cilastatin']),
  ('yaz', array['drospirenone', 'ethinyl estradiol']), ('yasmin', array['drospirenone', 'ethinyl estradiol']),
  ('loestrin', array['norethindrone', 'ethinyl estradiol']), ('ortho tri-cyclen', array['norgestimate', 'ethinyl estradiol']),
  ('sprintec', array['norgestimate', 'ethinyl estradiol']), ('nuvaring', array['etonogestrel', 'ethinyl estradiol'])
) as synonyms (synonym, drug_names);

-- -----------------------------------------------------------------------------------------------------
-- Data: interacting pairs
-- -----------------------------------------------------------------------------------------------------
insert into public.drug_interactions (id, subject_kind, subject, object_kind, object, severity, source, description, recommendations) values
  -- The 15 ONC high-priority pairs (Phansalkar et al. 2012) with the panel's class memberships.
  ('onc-amphetamines-maois', 'class', 'amphetamines_sympathomimetics', 'class', 'maois', 'severe', 'ONC high-priority',
   'An amphetamine-type stimulant or sympathomimetic taken with an MAO inhibitor can release large amounts of norepinephrine and cause a hypertensive crisis, stroke or death.',
   array['Do not dispense together: the combination is contraindicated', 'Allow at least 14 days between stopping the MAO inhibitor and starting the stimulant']),
  ('onc-atazanavir-ppis', 'drug', 'atazanavir', 'class', 'ppis', 'severe', 'ONC high-priority',
   'Proton pump inhibitors raise stomach pH, and atazanavir needs acid to be absorbed; its levels can fall enough for HIV treatment to fail and resistance to develop.',
   array['Avoid the combination, especially in treatment-experienced patients', 'Ask the prescriber about an alternative for acid suppression or a different antiretroviral']),
  ('onc-febuxostat-thiopurines', 'drug', 'febuxostat', 'class', 'thiopurines', 'severe', 'ONC high-priority',
   'Febuxostat blocks xanthine oxidase, the enzyme that clears azathioprine and mercaptopurine; thiopurine levels can climb to toxic values and suppress the bone marrow.',
   array['Do not dispense together: the combination is contraindicated', 'Ask the prescriber for a different urate-lowering or immunosuppressive plan']),
  ('onc-ssris-maois', 'class', 'ssris', 'class', 'maois', 'severe', 'ONC high-priority',
   'An SSRI with an MAO inhibitor can cause serotonin syndrome: agitation, fever, rigidity, seizures and potentially death.',
   array['Do not dispense together: the combination is contraindicated', 'Observe the washout: 14 days after an MAO inhibitor, 5 weeks after fluoxetine']),
  ('onc-snris-maois', 'class', 'snris', 'class', 'maois', 'severe', 'ONC high-priority',
   'An SNRI with an MAO inhibitor can cause serotonin syndrome (the ONC panel extended the SSRI pair to other serotonergic antidepressants).',
   array['Do not dispense together: the combination is contraindicated', 'Allow at least 14 days after stopping the MAO inhibitor (7 days after stopping venlafaxine or desvenlafaxine before starting one)']),
  ('onc-serotonergic-maois', 'class', 'serotonergic_agents', 'class', 'maois', 'severe', 'ONC high-priority',
   'Serotonergic drugs (trazodone, mirtazapine, dextromethorphan, linezolid, St John''s wort and others) with an MAO inhibitor risk serotonin syndrome.',
   array['Avoid the combination', 'Contact the prescriber to choose a non-serotonergic alternative']),
  ('onc-irinotecan-strong-cyp3a4-inhibitors', 'drug', 'irinotecan', 'class', 'strong_cyp3a4_inhibitors', 'severe', 'ONC high-priority',
   'Strong CYP3A4 inhibitors raise exposure to irinotecan''s active metabolite, increasing the risk of severe diarrhea and neutropenia.',
   array['Stop the strong CYP3A4 inhibitor at least one week before irinotecan starts', 'Contact the prescriber or oncology team before dispensing']),
  ('onc-opioids-maois', 'class', 'opioids', 'class', 'maois', 'severe', 'ONC high-priority',
   'Opioid analgesics with an MAO inhibitor can cause serotonin syndrome (meperidine, tramadol, methadone, fentanyl, tapentadol) or unpredictable opioid toxicity with breathing problems and blood pressure swings.',
   array['Avoid the combination and within 14 days of stopping an MAO inhibitor', 'If pain control is needed, ask the prescriber for a non-serotonergic option at a reduced, monitored dose']),
  ('onc-tcas-maois', 'class', 'tcas', 'class', 'maois', 'severe', 'ONC high-priority',
   'A tricyclic antidepressant with an MAO inhibitor can cause serotonin syndrome or a hypertensive crisis, with seizures and high fever.',
   array['Do not dispense together: the combination is contraindicated', 'Allow at least 14 days between the two therapies']),
  ('onc-qt-qt', 'class', 'qt_prolonging', 'class', 'qt_prolonging', 'severe', 'ONC high-priority',
   'Two drugs that each prolong the QT interval add their effects and raise the risk of torsades de pointes, a life-threatening ventricular arrhythmia.',
   array['Avoid the combination when an alternative exists', 'If both are needed, get a baseline ECG and electrolytes (potassium, magnesium) and monitor the QT interval']),
  ('onc-ramelteon-cyp1a2-inhibitors', 'drug', 'ramelteon', 'class', 'strong_cyp1a2_inhibitors', 'severe', 'ONC high-priority',
   'Fluvoxamine and other strong CYP1A2 inhibitors raise ramelteon levels many times over, causing excessive sedation.',
   array['Do not dispense together: the combination is contraindicated with fluvoxamine', 'Ask the prescriber for a different hypnotic']),
  ('onc-protease-inhibitors-cyp3a4-inducers', 'class', 'protease_inhibitors', 'class', 'strong_cyp3a4_inducers', 'severe', 'ONC high-priority',
   'Strong CYP3A4 inducers such as rifampin, carbamazepine, phenytoin or St John''s wort sharply lower protease inhibitor levels, leading to treatment failure and resistance.',
   array['Do not dispense together: the combination is contraindicated', 'Contact the prescriber (for tuberculosis, rifabutin with an adjusted regimen is the usual alternative)']),
  ('onc-cyp3a4-statins-strong-inhibitors', 'class', 'cyp3a4_statins', 'class', 'strong_cyp3a4_inhibitors', 'severe', 'ONC high-priority',
   'Strong CYP3A4 inhibitors (clarithromycin, erythromycin, azole antifungals, nefazodone) multiply simvastatin or lovastatin levels, risking myopathy and rhabdomyolysis.',
   array['Do not dispense together: the combination is contraindicated', 'Hold the statin for the course of the antibiotic or antifungal, or use an alternative such as azithromycin, pravastatin or rosuvastatin']),
  ('onc-cyp3a4-statins-protease-inhibitors', 'class', 'cyp3a4_statins', 'class', 'protease_inhibitors', 'severe', 'ONC high-priority',
   'Protease inhibitors block CYP3A4 and multiply simvastatin or lovastatin levels, risking myopathy and rhabdomyolysis.',
   array['Do not dispense together: the combination is contraindicated', 'Ask the prescriber about a statin less dependent on CYP3A4 (pravastatin, rosuvastatin, pitavastatin)']),
  ('onc-ergots-strong-cyp3a4-inhibitors', 'class', 'ergot_alkaloids', 'class', 'strong_cyp3a4_inhibitors', 'severe', 'ONC high-priority',
   'Strong CYP3A4 inhibitors raise ergot alkaloid levels and can cause ergotism: severe vasospasm with limb or organ ischemia.',
   array['Do not dispense together: the combination is contraindicated', 'Ask the prescriber for a different migraine treatment or anti-infective']),
  ('onc-ergots-protease-inhibitors', 'class', 'ergot_alkaloids', 'class', 'protease_inhibitors', 'severe', 'ONC high-priority',
   'Protease inhibitors raise ergot alkaloid levels and can cause ergotism: severe vasospasm with limb or organ ischemia.',
   array['Do not dispense together: the combination is contraindicated', 'Ask the prescriber for a different migraine treatment']),
  ('onc-tizanidine-cyp1a2-inhibitors', 'drug', 'tizanidine', 'class', 'strong_cyp1a2_inhibitors', 'severe', 'ONC high-priority',
   'Fluvoxamine and ciprofloxacin block CYP1A2 and raise tizanidine levels many-fold, causing severe low blood pressure, slow heart rate and sedation.',
   array['Do not dispense together: the combination is contraindicated', 'Ask the prescriber for another muscle relaxant or another antibiotic']),
  ('onc-tranylcypromine-procarbazine', 'drug', 'tranylcypromine', 'drug', 'procarbazine', 'severe', 'ONC high-priority',
   'Procarbazine inhibits MAO too; with tranylcypromine the combined MAO inhibition risks hypertensive crisis and serotonin toxicity.',
   array['Do not dispense together: the combination is contraindicated', 'Contact the prescriber and oncology team']),
  ('onc-triptans-maois', 'class', 'mao_metabolized_triptans', 'class', 'maois', 'severe', 'ONC high-priority',
   'MAO inhibitors block the breakdown of sumatriptan, rizatriptan and zolmitriptan, raising their levels and the risk of vasospasm and serotonin toxicity.',
   array['Do not dispense together, nor within 14 days of stopping the MAO inhibitor', 'A triptan not cleared by MAO (naratriptan, eletriptan, frovatriptan) may be an option: ask the prescriber']),

  -- Common retail interactions
  ('warfarin-nsaids', 'drug', 'warfarin', 'class', 'nsaids', 'severe', 'Common retail interaction',
   'NSAIDs damage the stomach lining and impair platelets; with warfarin the risk of serious gastrointestinal and other bleeding rises several-fold.',
   array['Avoid the NSAID; acetaminophen is the usual alternative for pain', 'If an NSAID is unavoidable, use the lowest dose for the shortest time, consider a PPI and monitor INR and signs of bleeding']),
  ('anticoagulants-nsaids', 'class', 'anticoagulants', 'class', 'nsaids', 'severe', 'Common retail interaction',
   'An NSAID with an anticoagulant greatly raises the risk of major bleeding, especially gastrointestinal.',
   array['Avoid the NSAID; acetaminophen is the usual alternative', 'If unavoidable, shortest course with gastroprotection and bleeding monitoring']),
  ('anticoagulants-antiplatelets', 'class', 'anticoagulants', 'class', 'antiplatelets', 'moderate', 'Common retail interaction',
   'An antiplatelet agent with an anticoagulant adds to the risk of bleeding; the combination is sometimes intended (recent stent, valve disease).',
   array['Confirm with the prescriber that both are intended and for how long', 'Counsel the patient on signs of bleeding; avoid over-the-counter aspirin unless prescribed']),
  ('anticoagulants-anticoagulants', 'class', 'anticoagulants', 'class', 'anticoagulants', 'severe', 'Common retail interaction',
   'Two anticoagulants together (outside a planned switch or bridging) sharply raise the risk of major bleeding.',
   array['Contact the prescriber to confirm whether this is a planned transition', 'Make sure the patient knows which anticoagulant to stop and when']),
  ('warfarin-azoles', 'drug', 'warfarin', 'class', 'azole_antifungals', 'severe', 'Common retail interaction',
   'Azole antifungals (even a single fluconazole dose course) inhibit warfarin metabolism and can raise the INR sharply, with bleeding.',
   array['Contact the prescriber: a warfarin dose reduction and an INR check within 3-5 days are usually needed', 'Topical or short courses still need INR monitoring']),
  ('warfarin-sulfamethoxazole', 'drug', 'warfarin', 'drug', 'sulfamethoxazole', 'severe', 'Common retail interaction',
   'Sulfamethoxazole-trimethoprim inhibits warfarin metabolism and displaces it from proteins; INR often rises steeply within days.',
   array['Prefer another antibiotic when possible', 'If used, contact the prescriber about a warfarin dose reduction and check the INR within 3-5 days']),
  ('warfarin-metronidazole', 'drug', 'warfarin', 'drug', 'metronidazole', 'severe', 'Common retail interaction',
   'Metronidazole inhibits warfarin metabolism and can raise the INR markedly.',
   array['Contact the prescriber: consider an alternative or an empiric warfarin dose reduction', 'Check the INR within 3-5 days of starting']),
  ('warfarin-amiodarone', 'drug', 'warfarin', 'drug', 'amiodarone', 'severe', 'Common retail interaction',
   'Amiodarone inhibits warfarin metabolism; the INR rises over weeks and the effect lasts months after amiodarone stops.',
   array['Contact the prescriber: warfarin doses usually need a 30-50% reduction', 'Monitor the INR weekly for at least the first 6-8 weeks']),
  ('anticoagulants-ssris', 'class', 'anticoagulants', 'class', 'ssris', 'moderate', 'Common retail interaction',
   'SSRIs deplete platelet serotonin and impair clotting; with an anticoagulant the risk of bleeding rises.',
   array['Monitor for signs of bleeding and check the INR when warfarin is involved', 'Counsel the patient to report unusual bruising or black stools']),
  ('anticoagulants-snris', 'class', 'anticoagulants', 'class', 'snris', 'moderate', 'Common retail interaction',
   'SNRIs impair platelet function; with an anticoagulant the risk of bleeding rises.',
   array['Monitor for signs of bleeding and check the INR when warfarin is involved', 'Counsel the patient to report unusual bruising or black stools']),
  ('ssris-nsaids', 'class', 'ssris', 'class', 'nsaids', 'moderate', 'Common retail interaction',
   'SSRIs with NSAIDs raise the risk of upper gastrointestinal bleeding well beyond either drug alone.',
   array['Prefer acetaminophen for pain', 'If an NSAID is needed, consider a proton pump inhibitor and counsel on bleeding signs']),
  ('snris-nsaids', 'class', 'snris', 'class', 'nsaids', 'moderate', 'Common retail interaction',
   'SNRIs with NSAIDs raise the risk of gastrointestinal bleeding.',
   array['Prefer acetaminophen for pain', 'If an NSAID is needed, consider a proton pump inhibitor and counsel on bleeding signs']),
  ('aspirin-nsaids', 'drug', 'aspirin', 'class', 'nsaids', 'moderate', 'Common retail interaction',
   'NSAIDs such as ibuprofen can block low-dose aspirin from reaching platelets, reducing its heart protection, and the pair adds to stomach bleeding risk.',
   array['Take immediate-release aspirin at least 30 minutes before (or 8 hours after) ibuprofen', 'Prefer acetaminophen for occasional pain; consider gastroprotection']),
  ('ace-inhibitors-potassium-sparing', 'class', 'ace_inhibitors', 'class', 'potassium_sparing_diuretics', 'moderate', 'Common retail interaction',
   'ACE inhibitors reduce potassium excretion; with a potassium-sparing diuretic, potassium can rise to dangerous levels, especially with kidney impairment.',
   array['Check potassium and kidney function within 1 week of starting and periodically', 'Counsel the patient to avoid potassium-based salt substitutes']),
  ('ace-inhibitors-potassium-supplements', 'class', 'ace_inhibitors', 'class', 'potassium_supplements', 'moderate', 'Common retail interaction',
   'Potassium supplements with an ACE inhibitor can cause hyperkalemia.',
   array['Confirm the supplement is still needed', 'Monitor serum potassium and kidney function']),
  ('arbs-potassium-sparing', 'class', 'arbs', 'class', 'potassium_sparing_diuretics', 'moderate', 'Common retail interaction',
   'ARBs reduce potassium excretion; with a potassium-sparing diuretic, potassium can rise to dangerous levels.',
   array['Check potassium and kidney function within 1 week of starting and periodically', 'Counsel the patient to avoid potassium-based salt substitutes']),
  ('arbs-potassium-supplements', 'class', 'arbs', 'class', 'potassium_supplements', 'moderate', 'Common retail interaction',
   'Potassium supplements with an ARB can cause hyperkalemia.',
   array['Confirm the supplement is still needed', 'Monitor serum potassium and kidney function']),
  ('potassium-sparing-potassium-supplements', 'class', 'potassium_sparing_diuretics', 'class', 'potassium_supplements', 'severe', 'Common retail interaction',
   'A potassium-sparing diuretic with a potassium supplement can cause severe, sometimes fatal hyperkalemia.',
   array['Contact the prescriber: the supplement is usually not appropriate', 'If both are intended, monitor potassium closely']),
  ('ace-inhibitors-arbs', 'class', 'ace_inhibitors', 'class', 'arbs', 'moderate', 'Common retail interaction',
   'Combining an ACE inhibitor with an ARB (dual renin-angiotensin blockade) raises the risk of hyperkalemia, low blood pressure and kidney injury without added benefit for most patients.',
   array['Confirm with the prescriber that dual blockade is intended', 'Monitor potassium, kidney function and blood pressure']),
  ('ace-inhibitors-sacubitril', 'class', 'ace_inhibitors', 'drug', 'sacubitril', 'severe', 'Common retail interaction',
   'Sacubitril with an ACE inhibitor greatly raises the risk of angioedema.',
   array['Do not dispense together: the combination is contraindicated', 'Allow 36 hours between the last ACE inhibitor dose and the first sacubitril/valsartan dose']),
  ('ace-inhibitors-nsaids', 'class', 'ace_inhibitors', 'class', 'nsaids', 'moderate', 'Common retail interaction',
   'NSAIDs blunt the blood-pressure effect of ACE inhibitors and, together, can reduce kidney function, especially with a diuretic or dehydration.',
   array['Prefer acetaminophen for pain', 'If an NSAID is needed, keep the course short and monitor blood pressure and kidney function']),
  ('arbs-nsaids', 'class', 'arbs', 'class', 'nsaids', 'moderate', 'Common retail interaction',
   'NSAIDs blunt the blood-pressure effect of ARBs and, together, can reduce kidney function.',
   array['Prefer acetaminophen for pain', 'If an NSAID is needed, keep the course short and monitor blood pressure and kidney function']),
  ('lithium-nsaids', 'drug', 'lithium', 'class', 'nsaids', 'moderate', 'Common retail interaction',
   'NSAIDs reduce lithium excretion by the kidneys; lithium levels can rise into the toxic range.',
   array['Prefer acetaminophen or aspirin for pain', 'If an NSAID is needed, check lithium levels within 5-7 days']),
  ('lithium-ace-inhibitors', 'drug', 'lithium', 'class', 'ace_inhibitors', 'moderate', 'Common retail interaction',
   'ACE inhibitors reduce lithium excretion; lithium toxicity can develop over weeks.',
   array['Monitor lithium levels when starting or changing the dose', 'Counsel on toxicity signs: tremor, confusion, vomiting, unsteadiness']),
  ('lithium-arbs', 'drug', 'lithium', 'class', 'arbs', 'moderate', 'Common retail interaction',
   'ARBs reduce lithium excretion; lithium toxicity can develop over weeks.',
   array['Monitor lithium levels when starting or changing the dose', 'Counsel on toxicity signs: tremor, confusion, vomiting, unsteadiness']),
  ('lithium-thiazides', 'drug', 'lithium', 'class', 'thiazide_diuretics', 'moderate', 'Common retail interaction',
   'Thiazide diuretics reduce lithium clearance by about a quarter or more; lithium levels can become toxic.',
   array['Contact the prescriber: a lithium dose reduction is often needed', 'Check lithium levels within a week of starting']),
  ('opioids-benzodiazepines', 'class', 'opioids', 'class', 'benzodiazepines', 'severe', 'Common retail interaction',
   'Opioids with benzodiazepines can cause profound sedation, respiratory depression, coma and death (FDA boxed warning).',
   array['Confirm with the prescriber that both are necessary, at the lowest doses and shortest duration', 'Offer naloxone and counsel the patient and family on signs of overdose']),
  ('opioids-cns-depressants', 'class', 'opioids', 'class', 'cns_depressants', 'moderate', 'Common retail interaction',
   'Opioids with other sedating drugs (sleep medicines, gabapentinoids, muscle relaxants, sedating antihistamines) add to drowsiness and breathing suppression.',
   array['Use the lowest effective doses; consider naloxone', 'Counsel the patient to avoid alcohol, driving and other sedatives']),
  ('benzodiazepines-cns-depressants', 'class', 'benzodiazepines', 'class', 'cns_depressants', 'moderate', 'Common retail interaction',
   'Benzodiazepines with other sedating drugs add to drowsiness, falls and breathing suppression.',
   array['Use the lowest effective doses; review the need for both', 'Counsel the patient to avoid alcohol and driving until the effect is known']),
  ('serotonergic-opioids-ssris', 'class', 'serotonergic_opioids', 'class', 'ssris', 'moderate', 'Common retail interaction',
   'Tramadol and other serotonergic opioids with an SSRI can cause serotonin syndrome; tramadol also lowers the seizure threshold, and fluoxetine or paroxetine reduce its pain relief.',
   array['Consider a non-serotonergic opioid or a non-opioid analgesic', 'Counsel on serotonin syndrome signs: agitation, tremor, sweating, fever, diarrhea']),
  ('serotonergic-opioids-snris', 'class', 'serotonergic_opioids', 'class', 'snris', 'moderate', 'Common retail interaction',
   'Tramadol and other serotonergic opioids with an SNRI can cause serotonin syndrome and seizures.',
   array['Consider a non-serotonergic opioid or a non-opioid analgesic', 'Counsel on serotonin syndrome signs: agitation, tremor, sweating, fever, diarrhea']),
  ('ssris-snris', 'class', 'ssris', 'class', 'snris', 'moderate', 'Common retail interaction',
   'An SSRI with an SNRI doubles up on serotonin reuptake inhibition and raises the risk of serotonin syndrome; usually only intended during a cross-taper.',
   array['Confirm with the prescriber whether this is a planned switch', 'Counsel on serotonin syndrome signs']),
  ('triptans-ssris', 'class', 'triptans', 'class', 'ssris', 'mild', 'Common retail interaction',
   'Triptans with SSRIs carry a small, mostly theoretical risk of serotonin syndrome; the combination is widely used.',
   array['Counsel the patient on serotonin syndrome signs', 'No change is usually needed']),
  ('triptans-snris', 'class', 'triptans', 'class', 'snris', 'mild', 'Common retail interaction',
   'Triptans with SNRIs carry a small, mostly theoretical risk of serotonin syndrome; the combination is widely used.',
   array['Counsel the patient on serotonin syndrome signs', 'No change is usually needed']),
  ('linezolid-ssris', 'drug', 'linezolid', 'class', 'ssris', 'severe', 'Common retail interaction',
   'Linezolid is a reversible MAO inhibitor; with an SSRI it can cause serotonin syndrome.',
   array['Contact the prescriber: the SSRI is usually held during linezolid therapy', 'If both are essential, monitor closely for serotonin toxicity']),
  ('linezolid-snris', 'drug', 'linezolid', 'class', 'snris', 'severe', 'Common retail interaction',
   'Linezolid is a reversible MAO inhibitor; with an SNRI it can cause serotonin syndrome.',
   array['Contact the prescriber: the SNRI is usually held during linezolid therapy', 'If both are essential, monitor closely for serotonin toxicity']),
  ('bupropion-maois', 'drug', 'bupropion', 'class', 'maois', 'severe', 'Common retail interaction',
   'Bupropion with an MAO inhibitor risks a hypertensive reaction.',
   array['Do not dispense together: the combination is contraindicated', 'Allow at least 14 days after stopping the MAO inhibitor']),
  ('cyp3a4-sensitive-qt-agents-strong-inhibitors', 'class', 'cyp3a4_sensitive_qt_agents', 'class', 'strong_cyp3a4_inhibitors', 'severe', 'Common retail interaction',
   'Ketoconazole, itraconazole, clarithromycin and other strong CYP3A4 inhibitors raise levels of pimozide, quinidine, dronedarone or dofetilide, with a high risk of QT prolongation and torsades de pointes.',
   array['Do not dispense together: the combination is contraindicated', 'Contact the prescriber for an alternative anti-infective']),
  ('atorvastatin-strong-cyp3a4-inhibitors', 'drug', 'atorvastatin', 'class', 'strong_cyp3a4_inhibitors', 'moderate', 'Common retail interaction',
   'Strong CYP3A4 inhibitors raise atorvastatin levels and the risk of muscle toxicity.',
   array['Limit atorvastatin to 20 mg a day with clarithromycin or itraconazole, or hold it for a short antibiotic course', 'Counsel the patient to report unexplained muscle pain or weakness']),
  ('cyp3a4-statins-nondihydropyridine-ccbs', 'class', 'cyp3a4_statins', 'class', 'nondihydropyridine_ccbs', 'moderate', 'Common retail interaction',
   'Diltiazem and verapamil inhibit CYP3A4 and raise simvastatin or lovastatin levels, increasing the risk of myopathy.',
   array['Limit simvastatin to 10 mg a day (lovastatin 20 mg) with diltiazem or verapamil', 'Counsel the patient to report muscle pain or weakness']),
  ('simvastatin-amlodipine', 'drug', 'simvastatin', 'drug', 'amlodipine', 'moderate', 'Common retail interaction',
   'Amlodipine raises simvastatin levels modestly, increasing the risk of myopathy at higher doses.',
   array['Limit simvastatin to 20 mg a day with amlodipine', 'Counsel the patient to report muscle pain or weakness']),
  ('simvastatin-amiodarone', 'drug', 'simvastatin', 'drug', 'amiodarone', 'moderate', 'Common retail interaction',
   'Amiodarone raises simvastatin levels, increasing the risk of myopathy and rhabdomyolysis.',
   array['Limit simvastatin to 20 mg a day with amiodarone', 'Counsel the patient to report muscle pain or weakness']),
  ('cyp3a4-statins-gemfibrozil', 'class', 'cyp3a4_statins', 'drug', 'gemfibrozil', 'severe', 'Common retail interaction',
   'Gemfibrozil with simvastatin or lovastatin markedly raises the risk of myopathy and rhabdomyolysis.',
   array['Do not dispense together with simvastatin: the combination is contraindicated', 'Ask the prescriber about fenofibrate or another statin strategy']),
  ('statins-gemfibrozil', 'class', 'statins', 'drug', 'gemfibrozil', 'moderate', 'Common retail interaction',
   'Gemfibrozil raises statin levels and adds its own muscle toxicity.',
   array['Ask the prescriber whether fenofibrate would do', 'Counsel the patient to report muscle pain or weakness']),
  ('pde5-inhibitors-nitrates', 'class', 'pde5_inhibitors', 'class', 'nitrates', 'severe', 'Common retail interaction',
   'PDE5 inhibitors with nitrates can cause a sudden, severe and prolonged drop in blood pressure, leading to fainting, heart attack or stroke.',
   array['Do not dispense together: the combination is contraindicated', 'Tell the patient not to take a nitrate within 24 hours of sildenafil or vardenafil, or 48 hours of tadalafil']),
  ('pde5-inhibitors-riociguat', 'class', 'pde5_inhibitors', 'drug', 'riociguat', 'severe', 'Common retail interaction',
   'Riociguat with a PDE5 inhibitor can cause severe low blood pressure.',
   array['Do not dispense together: the combination is contraindicated', 'Contact the prescriber']),
  ('pde5-inhibitors-alpha-blockers', 'class', 'pde5_inhibitors', 'class', 'alpha_blockers', 'moderate', 'Common retail interaction',
   'PDE5 inhibitors with alpha-blockers add their blood-pressure-lowering effects; dizziness and fainting can occur.',
   array['Start the PDE5 inhibitor at the lowest dose once the alpha-blocker dose is stable', 'Counsel the patient to rise slowly and sit if dizzy']),
  ('levothyroxine-polyvalent-cations', 'drug', 'levothyroxine', 'class', 'polyvalent_cations', 'moderate', 'Common retail interaction',
   'Calcium, iron, magnesium and aluminum products bind levothyroxine in the gut and reduce its absorption, which can leave the thyroid undertreated.',
   array['Take levothyroxine at least 4 hours apart from these products', 'Recheck TSH if the products are started or stopped']),
  ('fluoroquinolones-polyvalent-cations', 'class', 'fluoroquinolones', 'class', 'polyvalent_cations', 'moderate', 'Common retail interaction',
   'Calcium, iron, magnesium, aluminum and zinc products bind fluoroquinolones and can cut their absorption drastically, risking treatment failure.',
   array['Take the fluoroquinolone 2 hours before or 6 hours after these products', 'Counsel the patient about antacids and dairy-only meals too']),
  ('tetracyclines-polyvalent-cations', 'class', 'tetracyclines', 'class', 'polyvalent_cations', 'moderate', 'Common retail interaction',
   'Calcium, iron, magnesium and aluminum products bind tetracyclines and reduce their absorption.',
   array['Separate the doses by at least 2-3 hours (tetracycline first)', 'Counsel the patient about antacids and supplements']),
  ('metformin-iodinated-contrast', 'drug', 'metformin', 'class', 'iodinated_contrast', 'moderate', 'Common retail interaction',
   'Iodinated contrast can impair kidney function; metformin can then accumulate and cause lactic acidosis.',
   array['Hold metformin at the time of the contrast study and for 48 hours after in patients with reduced kidney function', 'Restart only after kidney function is rechecked and stable']),
  ('clopidogrel-omeprazole', 'drug', 'clopidogrel', 'drug', 'omeprazole', 'moderate', 'Common retail interaction',
   'Omeprazole inhibits CYP2C19, the enzyme that activates clopidogrel, reducing its antiplatelet effect.',
   array['Prefer pantoprazole if a PPI is needed', 'Contact the prescriber about switching the PPI']),
  ('clopidogrel-esomeprazole', 'drug', 'clopidogrel', 'drug', 'esomeprazole', 'moderate', 'Common retail interaction',
   'Esomeprazole inhibits CYP2C19, the enzyme that activates clopidogrel, reducing its antiplatelet effect.',
   array['Prefer pantoprazole if a PPI is needed', 'Contact the prescriber about switching the PPI']),
  ('methotrexate-trimethoprim', 'drug', 'methotrexate', 'drug', 'trimethoprim', 'severe', 'Common retail interaction',
   'Trimethoprim (including sulfamethoxazole-trimethoprim) adds to methotrexate''s antifolate effect and reduces its excretion, causing bone-marrow suppression even at low weekly doses.',
   array['Avoid the combination: ask the prescriber for another antibiotic', 'If unavoidable, monitor blood counts closely']),
  ('methotrexate-nsaids', 'drug', 'methotrexate', 'class', 'nsaids', 'moderate', 'Common retail interaction',
   'NSAIDs reduce methotrexate clearance; toxicity is a concern with high doses and with kidney impairment.',
   array['With low weekly doses, monitor blood counts and kidney function', 'With high-dose methotrexate, avoid NSAIDs']),
  ('allopurinol-thiopurines', 'drug', 'allopurinol', 'class', 'thiopurines', 'severe', 'Common retail interaction',
   'Allopurinol blocks the breakdown of azathioprine and mercaptopurine; unadjusted doses can cause life-threatening bone-marrow suppression.',
   array['Contact the prescriber: the thiopurine dose is usually cut to a quarter or a third', 'Monitor blood counts closely']),
  ('digoxin-amiodarone', 'drug', 'digoxin', 'drug', 'amiodarone', 'moderate', 'Common retail interaction',
   'Amiodarone raises digoxin levels, often doubling them, risking digoxin toxicity.',
   array['Contact the prescriber: the digoxin dose is usually halved', 'Monitor digoxin levels and heart rate']),
  ('digoxin-clarithromycin', 'drug', 'digoxin', 'drug', 'clarithromycin', 'moderate', 'Common retail interaction',
   'Clarithromycin raises digoxin levels by blocking its elimination, risking toxicity.',
   array['Prefer another antibiotic', 'If used, monitor digoxin levels and for nausea, visual changes or slow heart rate']),
  ('colchicine-strong-cyp3a4-inhibitors', 'drug', 'colchicine', 'class', 'strong_cyp3a4_inhibitors', 'severe', 'Common retail interaction',
   'Strong CYP3A4 inhibitors raise colchicine levels; fatal colchicine toxicity has occurred, especially with kidney or liver impairment.',
   array['Avoid the combination with kidney or liver impairment; otherwise the colchicine dose must be reduced', 'Contact the prescriber before dispensing']),
  ('ethinyl-estradiol-cyp3a4-inducers', 'drug', 'ethinyl estradiol', 'class', 'strong_cyp3a4_inducers', 'moderate', 'Common retail interaction',
   'Strong CYP3A4 inducers speed up the metabolism of hormonal contraceptives and can cause contraceptive failure.',
   array['Advise a non-hormonal or additional barrier method during use and for 28 days after', 'Contact the prescriber about a more suitable contraceptive']),
  ('sulfonylureas-sulfamethoxazole', 'class', 'sulfonylureas', 'drug', 'sulfamethoxazole', 'moderate', 'Common retail interaction',
   'Sulfamethoxazole-trimethoprim raises sulfonylurea levels and can cause severe low blood sugar, especially in older adults.',
   array['Counsel the patient to monitor blood glucose more often during the course', 'Consider another antibiotic in frail or older patients']),
  ('sulfonylureas-fluconazole', 'class', 'sulfonylureas', 'drug', 'fluconazole', 'moderate', 'Common retail interaction',
   'Fluconazole inhibits sulfonylurea metabolism and can cause low blood sugar.',
   array['Counsel the patient to monitor blood glucose more often during the course', 'Contact the prescriber if glucose drops']);

-- -----------------------------------------------------------------------------------------------------
-- Data: allergy groups, members and cross-sensitivities
-- -----------------------------------------------------------------------------------------------------
insert into public.allergy_groups (id, name, description, aliases) values
  ('penicillins', 'Penicillins', 'Penicillin antibiotics share the beta-lactam ring and side chains that cause most penicillin allergies.',
   array['penicillin', 'penicillins', 'pcn', 'pen', 'penicillin antibiotics']),
  ('cephalosporins', 'Cephalosporins', 'Cephalosporin antibiotics; allergy to one often extends to others with similar side chains.',
   array['cephalosporin', 'cephalosporins']),
  ('carbapenems', 'Carbapenems', 'Carbapenem antibiotics.', array['carbapenem', 'carbapenems']),
  ('sulfonamide_antibiotics', 'Sulfonamide antibiotics', 'Arylamine sulfonamide antibacterials ("sulfa drugs").',
   array['sulfa', 'sulfa drugs', 'sulfas', 'sulfonamide', 'sulfonamides', 'sulfonamide antibiotics', 'sulpha']),
  ('sulfonamide_nonantibiotics', 'Non-antibiotic sulfonamides', 'Diuretics, sulfonylureas and other drugs with a sulfonamide group but without the arylamine that drives sulfa antibiotic allergy.',
   array['non-antibiotic sulfonamides']),
  ('nsaids', 'NSAIDs and aspirin', 'Aspirin and non-selective NSAIDs: a reaction to one (hives, asthma attack) commonly recurs with the others through COX-1 inhibition.',
   array['nsaid', 'nsaids', 'nonsteroidal anti-inflammatory drugs', 'non-steroidal anti-inflammatory drugs', 'salicylates']),
  ('cox2_inhibitors', 'COX-2 selective inhibitors', 'Celecoxib; usually tolerated by people who react to aspirin and non-selective NSAIDs.',
   array['cox-2 inhibitors', 'cox2 inhibitors']),
  ('macrolides', 'Macrolides', 'Macrolide antibiotics.', array['macrolide', 'macrolides']),
  ('fluoroquinolones', 'Fluoroquinolones', 'Fluoroquinolone antibiotics.', array['fluoroquinolone', 'fluoroquinolones', 'quinolone', 'quinolones']),
  ('tetracyclines', 'Tetracyclines', 'Tetracycline antibiotics.', array['tetracyclines']),
  ('opioids_morphine_type', 'Opioids (morphine type: codeine, morphine and relatives)', 'Phenanthrene opioids, chemically close to morphine and codeine; a true allergy to one is assumed for the others.',
   array['opioid', 'opioids', 'opiate', 'opiates', 'narcotic', 'narcotics']),
  ('opioids_synthetic', 'Synthetic opioids', 'Opioids structurally distant from morphine (fentanyl, methadone, meperidine, tramadol, tapentadol).',
   array['synthetic opioids']),
  ('ace_inhibitors', 'ACE inhibitors', 'ACE inhibitors; angioedema or cough with one recurs with the others.',
   array['ace inhibitor', 'ace inhibitors', 'ace-inhibitors']),
  ('arbs', 'ARBs', 'Angiotensin II receptor blockers.', array['arb', 'arbs', 'angiotensin receptor blockers']);

insert into public.allergy_group_members (group_id, drug_name)
select group_id, unnest(members)
from (values
  ('penicillins', array['penicillin g', 'penicillin v', 'amoxicillin', 'ampicillin', 'dicloxacillin', 'nafcillin', 'oxacillin',
    'piperacillin', 'ticarcillin']),
  ('cephalosporins', array['cephalexin', 'cefadroxil', 'cefazolin', 'cefaclor', 'cefprozil', 'cefuroxime', 'cefoxitin',
    'cefotetan', 'cefdinir', 'cefpodoxime', 'cefixime', 'cefditoren', 'ceftriaxone', 'cefotaxime', 'ceftazidime',
    'cefepime', 'ceftaroline']),
  ('carbapenems', array['imipenem', 'meropenem', 'ertapenem', 'doripenem']),
  ('sulfonamide_antibiotics', array['sulfamethoxazole', 'sulfadiazine', 'sulfisoxazole', 'sulfacetamide', 'sulfasalazine']),
  ('sulfonamide_nonantibiotics', array['furosemide', 'bumetanide', 'torsemide', 'hydrochlorothiazide', 'chlorthalidone',
    'indapamide', 'metolazone', 'acetazolamide', 'glipizide', 'glyburide', 'glimepiride', 'celecoxib', 'zonisamide']),
  ('nsaids', array['aspirin', 'ibuprofen', 'naproxen', 'diclofenac', 'meloxicam', 'indomethacin', 'ketorolac', 'etodolac',
    'nabumetone', 'piroxicam', 'ketoprofen', 'sulindac', 'oxaprozin', 'flurbiprofen', 'diflunisal', 'mefenamic acid',
    'fenoprofen', 'tolmetin']),
  ('cox2_inhibitors', array['celecoxib']),
  ('macrolides', array['erythromycin', 'clarithromycin', 'azithromycin']),
  ('fluoroquinolones', array['ciprofloxacin', 'levofloxacin', 'moxifloxacin', 'ofloxacin', 'gemifloxacin', 'delafloxacin']),
  ('tetracyclines', array['doxycycline', 'minocycline', 'tetracycline', 'demeclocycline', 'omadacycline', 'sarecycline']),
  ('opioids_morphine_type', array['morphine', 'codeine', 'hydrocodone', 'oxycodone', 'hydromorphone', 'oxymorphone',
    'levorphanol', 'dihydrocodeine', 'buprenorphine']),
  ('opioids_synthetic', array['fentanyl', 'methadone', 'meperidine', 'tramadol', 'tapentadol']),
  ('ace_inhibitors', array['lisinopril', 'enalapril', 'ramipril', 'benazepril', 'quinapril', 'fosinopril', 'captopril',
    'perindopril', 'trandolapril', 'moexipril']),
  ('arbs', array['losartan', 'valsartan', 'irbesartan', 'olmesartan', 'telmisartan', 'candesartan', 'azilsartan', 'eprosartan'])
) as groups (group_id, members);

insert into public.allergy_cross_sensitivities (group_id, related_group_id, severity, description, recommendations) values
  ('penicillins', 'cephalosporins', 'moderate',
   'Cross-reactivity between penicillins and cephalosporins is low overall (about 1-2%) but higher for first-generation cephalosporins that share side chains with amoxicillin and ampicillin (cephalexin, cefadroxil).',
   array['Ask the patient what the penicillin reaction was (rash, hives, anaphylaxis)', 'After anaphylaxis, contact the prescriber before dispensing; otherwise a dissimilar later-generation cephalosporin is usually acceptable']),
  ('penicillins', 'carbapenems', 'mild',
   'Cross-reactivity between penicillins and carbapenems is under 1%.',
   array['Confirm the nature of the penicillin reaction', 'Observe for reactions with the first dose']),
  ('cephalosporins', 'penicillins', 'moderate',
   'A cephalosporin allergy carries a small risk of reacting to penicillins, mainly when side chains are shared.',
   array['Ask the patient what the reaction was and to which cephalosporin', 'Contact the prescriber after a severe reaction']),
  ('sulfonamide_antibiotics', 'sulfonamide_nonantibiotics', 'mild',
   'Patients allergic to sulfa antibiotics rarely react to non-antibiotic sulfonamides; the chemical groups that cause sulfa allergy are absent.',
   array['Usually safe to dispense; confirm the nature of the sulfa reaction', 'Counsel the patient to report any rash']),
  ('nsaids', 'cox2_inhibitors', 'mild',
   'Most people who react to aspirin or non-selective NSAIDs tolerate celecoxib, but a few do not.',
   array['Confirm the nature of the NSAID reaction', 'After a severe reaction, contact the prescriber before dispensing']),
  ('opioids_morphine_type', 'opioids_synthetic', 'mild',
   'Synthetic opioids are structurally distant from morphine and codeine; cross-reactivity is unlikely, and many codeine reactions are intolerance (itching, nausea) rather than allergy.',
   array['Ask the patient what the reaction was', 'A synthetic opioid is usually an acceptable alternative']),
  ('ace_inhibitors', 'arbs', 'mild',
   'Patients who had angioedema with an ACE inhibitor have a small risk of it with an ARB.',
   array['Confirm whether the ACE inhibitor reaction was angioedema', 'Counsel the patient to seek care for any facial or throat swelling']);

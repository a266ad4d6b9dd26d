-- =====================================================================================================
-- Clinical safety (issue 9): the interaction check is the database's own, DEA rules, audited status moves.
--
-- * ONE interaction engine, here: drug-name normalisation, drug–drug (by drug or class, most severe then most
--   specific rule), drug–allergy (same drug, allergy group, cross-sensitive group) and duplicate therapy,
--   read from the knowledge base of 20261122000400_drug_knowledge. public.check_interactions() exposes it
--   (POST /api/ai/check-interactions); a BEFORE INSERT trigger on prescriptions computes ai_flags from the
--   patient's profile at that moment, whatever path the insert takes. Client-sent flags that differ from the
--   check are refused.
-- * Prospective DUR at verification: processing → ready runs the check again; a finding that was not there at
--   entry (the profile changed) is stored in verification_flags and must be overridden with a reason by the
--   pharmacist before the prescription becomes ready.
-- * DEA (21 CFR 1306): schedule II no refills; III–V at most 5 refills and not past 6 months from the date
--   written; a controlled prescription needs a prescriber with a valid DEA number (format and check digit);
--   stock and dea_schedule of controlled drugs change only by a pharmacist or admin, with a reason (audited).
-- * Status moves go through public.move_prescription(), which tries the move in a subtransaction and records
--   a refusal in audit_log (the refused write itself rolls back); end users cannot change status otherwise.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- Interaction engine: drug-name normalisation
-- -----------------------------------------------------------------------------------------------------
create function private.clean_drug_text(input text) returns text
language sql immutable parallel safe
set search_path = ''
as $$
  select btrim(regexp_replace(
    regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
      lower(regexp_replace(normalize(coalesce(input, ''), nfkd), '[\u0300-\u036f]', '', 'g')),
      '[®™©]', '', 'g'),
      '\([^)]*\)', ' ', 'g'),                 -- "(rash)", "(generic)"
      '[''’`]', '', 'g'),
      '(?<![0-9])\.|\.(?![0-9])', ' ', 'g'),   -- periods, but not decimal points
      '#', ' ', 'g'),
      '[^a-z0-9%/+.,&\s-]', ' ', 'g'),
    '\s+', ' ', 'g'))
$$;
comment on function private.clean_drug_text(text) is
  'Interaction engine: lower case, marks and punctuation gone, single spaces; keeps the characters that carry '
  'meaning in drug names (digits, %, /, +, decimal points, commas, &, hyphens).';

create function private.strip_strength_and_form(cleaned text) returns text
language plpgsql immutable parallel safe
set search_path = ''
as $$
declare
  word text;
  kept text[] := '{}';
begin
  -- Strengths with units (longer units first), then bare numbers and ratios; then dosage-form words.
  foreach word in array regexp_split_to_array(
    regexp_replace(
      regexp_replace(cleaned,
        '\y\d+(?:[.,]\d+)?(?:\s*[/-]\s*\d+(?:[.,]\d+)?)*\s*(?:mg/\d*\s*ml|mcg/hr?|mg/hr?|mcg/actuation|mcg|mg|µg|ug|gm?|kg|ml|l|%|units?|iu|meq|mmol)(?![a-z])',
        ' ', 'g'),
      '(^|\s)\d+(?:[.,]\d+)?(?:\s*[/-]\s*\d+(?:[.,]\d+)?)*(?=\s|$)', ' ', 'g'),
    '\s+') loop
    if word <> '' and word <> all ('{tablet,tablets,tab,tabs,capsule,capsules,cap,caps,oral,solution,suspension,injection,injectable,inj,cream,ointment,gel,patch,patches,er,xr,xl,sr,cr,la,dr,ec,ir,odt,chewable,extended,delayed,immediate,release,sustained,controlled,sublingual,sl,syrup,drops,inhaler,ophthalmic,topical,transdermal,film,vial,pen,liquid,elixir,powder,spray,nasal,suppository,lozenge,packet,daily,po,iv,im,prn,once,twice,bid,tid,qid,qd,qhs,generic,brand,ds,ss,hfa}'::text[]) then
      kept := kept || word;
    end if;
  end loop;
  return btrim(regexp_replace(array_to_string(kept, ' '), '^[\s,/+&-]+|[\s,/+&-]+$', '', 'g'));
end
$$;
comment on function private.strip_strength_and_form(text) is
  'Interaction engine: a cleaned drug name without strengths, bare numbers and dosage-form words.';

create function private.without_salt_words(name text) returns text
language plpgsql immutable parallel safe
set search_path = ''
as $$
declare
  word text;
  kept text[] := '{}';
begin
  foreach word in array string_to_array(name, ' ') loop
    if word <> all ('{hydrochloride,hcl,hydrobromide,hbr,sodium,potassium,calcium,magnesium,sulfate,sulphate,succinate,tartrate,bitartrate,maleate,mesylate,besylate,citrate,acetate,phosphate,fumarate,bromide,chloride,dihydrate,monohydrate,trihydrate,anhydrous,hyclate,medoxomil,disodium,dipropionate,propionate,valerate,benzathine,procaine,pamoate,lactate,gluconate,carbonate,axetil,proxetil,pivoxil}'::text[]) then
      kept := kept || word;
    end if;
  end loop;
  return array_to_string(kept, ' ');
end
$$;
comment on function private.without_salt_words(text) is 'Interaction engine: a drug name without salt words (sodium, hydrochloride...).';

-- Synonyms are looked up by their cleaned form; stored so each lookup is an index probe.
alter table public.drug_synonyms
  add column lookup_name text generated always as (private.clean_drug_text(synonym)) stored;
comment on column public.drug_synonyms.lookup_name is
  'The synonym as the interaction engine cleans names (private.clean_drug_text): what lookups compare with.';
create index drug_synonyms_lookup_name_idx on public.drug_synonyms (lookup_name);

create function private.allergy_group_lookup_names(group_id text, group_name text, aliases text[]) returns text[]
language sql immutable parallel safe
set search_path = ''
as $$
  select array(select distinct private.clean_drug_text(alias)
               from unnest(array[replace(group_id, '_', ' '), group_name] || aliases) alias)
$$;
comment on function private.allergy_group_lookup_names(text, text, text[]) is
  'Interaction engine: the cleaned words an allergy list may use for an allergy group: its id (underscores as '
  'spaces), its name and its aliases.';

alter table public.allergy_groups
  add column lookup_names text[] generated always as (private.allergy_group_lookup_names(id, name, aliases)) stored;
comment on column public.allergy_groups.lookup_names is
  'The group''s id, name and aliases as the interaction engine cleans allergy text: what allergy lookups compare with.';

-- A check resolves every name it may need in one set-based query (private.resolve_drug_names); the decisions
-- are then made in memory (private.normalize_with), so a 20-drug profile costs one lookup, not hundreds.
create function private.drug_name_candidates(written text) returns text[]
language plpgsql immutable parallel safe
set search_path = ''
as $$
declare
  cleaned text := private.clean_drug_text(written);
  stripped text;
  part text;
  candidates text[];
begin
  if cleaned = '' then return '{}'; end if;
  stripped := private.strip_strength_and_form(cleaned);
  candidates := array[cleaned, private.without_salt_words(cleaned), stripped, private.without_salt_words(stripped)];
  foreach part in array regexp_split_to_array(stripped, '\s*(?:/|\+|,|&|\yand\y|\ywith\y|\s-\s|-)\s*') loop
    part := btrim(part);
    if part <> '' then candidates := candidates || part || private.without_salt_words(part); end if;
  end loop;
  return candidates;
end
$$;
comment on function private.drug_name_candidates(text) is
  'Interaction engine: every name normalising a written medication may look up (cleaned, stripped of strength and '
  'form, without salt words, each part of a combination).';

create function private.resolve_drug_names(names text[]) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  resolved jsonb;
begin
  -- PL/pgSQL so the plan is cached per session (a SQL function would be planned on every call).
  select coalesce(jsonb_object_agg(r.name, r.generics), '{}') into resolved
  from (
    select c.name, coalesce(
      (select jsonb_agg(d.drug_name order by d.drug_name collate "C")
       from (select distinct s.drug_name from public.drug_synonyms s where s.lookup_name = c.name) d),
      case when exists (select 1 from public.drug_class_members m where m.drug_name = c.name)
             or exists (select 1 from public.allergy_group_members m where m.drug_name = c.name)
             or exists (select 1 from public.drug_synonyms s where s.drug_name = c.name)
             or exists (select 1 from public.drug_interactions i where i.subject_kind = 'drug' and i.subject = c.name)
             or exists (select 1 from public.drug_interactions i where i.object_kind = 'drug' and i.object = c.name)
        then jsonb_build_array(c.name) end) as generics
    from (select distinct n.name from unnest(names) as n (name) where n.name <> '') c
  ) r
  where r.generics is not null;
  return resolved;
end
$$;
comment on function private.resolve_drug_names(text[]) is
  'Interaction engine: {cleaned name: generics} for the names that resolve — a synonym (brand, abbreviation; a '
  'combination gives each ingredient, sorted) or a generic the knowledge base knows. One set-based query.';

create function private.resolve_with(name text, resolved jsonb) returns text[]
language plpgsql immutable
set search_path = ''
as $$
declare
  saltless text;
begin
  if name = '' then return null; end if;
  if resolved ? name then return array(select jsonb_array_elements_text(resolved -> name)); end if;
  -- Salt words are dropped only when that yields a known drug ("potassium chloride" stays itself).
  saltless := private.without_salt_words(name);
  if saltless <> name and saltless <> '' and resolved ? saltless then
    return array(select jsonb_array_elements_text(resolved -> saltless));
  end if;
  return null;
end
$$;
comment on function private.resolve_with(text, jsonb) is
  'Interaction engine: the generics of a cleaned name (or of it without salt words) in a resolve_drug_names map, or null.';

create function private.normalize_with(written text, resolved jsonb) returns text[]
language plpgsql immutable
set search_path = ''
as $$
declare
  cleaned text := private.clean_drug_text(written);
  stripped text;
  known text[];
  parts text[];
  part text;
  generic text;
  generics text[] := '{}';
begin
  if cleaned = '' then return '{}'; end if;
  known := private.resolve_with(cleaned, resolved);
  if known is not null then return known; end if;
  stripped := private.strip_strength_and_form(cleaned);
  known := private.resolve_with(stripped, resolved);
  if known is not null then return known; end if;
  parts := array_remove(array(select btrim(p) from unnest(
    regexp_split_to_array(stripped, '\s*(?:/|\+|,|&|\yand\y|\ywith\y|\s-\s|-)\s*')) as p), '');
  if cardinality(parts) > 1 then
    foreach part in array parts loop
      foreach generic in array coalesce(private.resolve_with(part, resolved), array[part]) loop
        if not generic = any (generics) then generics := generics || generic; end if;
      end loop;
    end loop;
    return generics;
  end if;
  return case when stripped = '' then '{}' else array[stripped] end;
end
$$;
comment on function private.normalize_with(text, jsonb) is
  'Interaction engine: the generic names a written medication stands for ("Norco 5/325" → hydrocodone, '
  'acetaminophen), given the resolved names: clean, drop strength and form, resolve synonyms, drop salt words only '
  'when that gives a known drug, split unknown combinations. An unknown name comes back cleaned; empty text gives none.';

create function private.normalize_medication_name(written text) returns text[]
language plpgsql stable
set search_path = ''
as $$
begin
  return private.normalize_with(written, private.resolve_drug_names(private.drug_name_candidates(written)));
end
$$;
comment on function private.normalize_medication_name(text) is
  'Interaction engine: the generic names one written medication stands for (private.normalize_with).';

create function private.generics_with(medications text[], resolved jsonb) returns text[]
language plpgsql immutable
set search_path = ''
as $$
declare
  medication text;
  generic text;
  generics text[] := '{}';
begin
  foreach medication in array coalesce(medications, '{}') loop
    foreach generic in array private.normalize_with(medication, resolved) loop
      if not generic = any (generics) then generics := generics || generic; end if;
    end loop;
  end loop;
  return generics;
end
$$;
comment on function private.generics_with(text[], jsonb) is
  'Interaction engine: the distinct generics of a medication list, in the order first written, given the resolved names.';

create function private.medication_generics(medications text[]) returns text[]
language plpgsql stable
set search_path = ''
as $$
begin
  return private.generics_with(medications, private.resolve_drug_names(array(
    select unnest(private.drug_name_candidates(m)) from unnest(coalesce(medications, '{}')) as m)));
end
$$;
comment on function private.medication_generics(text[]) is
  'Interaction engine: the distinct generics of a medication list, in the order first written.';

-- -----------------------------------------------------------------------------------------------------
-- Interaction engine: findings
-- -----------------------------------------------------------------------------------------------------
create function private.recommended_actions(findings jsonb) returns jsonb
language sql immutable
set search_path = ''
as $$
  select case when jsonb_array_length(findings) = 0 then '[]'::jsonb else (
    select coalesce(jsonb_agg(action order by position), '[]'::jsonb)
    from (values
      (1, 'Contact prescriber before dispensing', exists (select 1 from jsonb_array_elements(findings) f where f ->> 'severity' = 'severe')),
      (2, 'Verify the allergy and reaction history with the patient before dispensing', exists (select 1 from jsonb_array_elements(findings) f where f ->> 'kind' = 'drug-allergy')),
      (3, 'Confirm with the prescriber that duplicate therapy is intended', exists (select 1 from jsonb_array_elements(findings) f where f ->> 'kind' = 'duplicate-therapy')),
      (4, 'Pharmacist review required before processing', exists (select 1 from jsonb_array_elements(findings) f where f ->> 'severity' <> 'mild')),
      (5, 'Counsel the patient on the interaction and what to watch for', exists (select 1 from jsonb_array_elements(findings) f where f ->> 'kind' = 'drug-drug')),
      (6, 'Document the review or the override reason on the prescription', true)
    ) as a (position, action, applies)
    where applies) end
$$;
comment on function private.recommended_actions(jsonb) is
  'Interaction engine: what the pharmacy should do before the prescription moves on, derived from the findings '
  '(each with kind and severity), most urgent first, each once; none for no findings.';

create function private.interaction_check(medications text[], allergies text[] default '{}') returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  generics text[];
  resolved jsonb;
  cleaned_allergies text[];
  allergy text;
  allergy_index integer;
  label text;
  cleaned text;
  allergy_drugs text[];
  allergy_groups text[];
  rule record;
  drug_class record;
  members text[];
  seen_sets text[] := '{}';
  reported_pairs text[] := '{}';
  every_pair_reported boolean;
  allergy_findings jsonb := '[]';
  drug_findings jsonb := '[]';
  duplicate_findings jsonb := '[]';
  findings jsonb;
begin
  -- The allergies as drug text ("Allergic to amoxicillin (hives)" → "amoxicillin"); every name the check may
  -- need, medications and allergies, is resolved in one lookup.
  cleaned_allergies := array(
    select btrim(regexp_replace(regexp_replace(private.clean_drug_text(btrim(regexp_replace(a, '\s+', ' ', 'g'))),
      '\y(?:allergy|allergies|allergic|to|intolerance|reaction|sensitivity)\y', ' ', 'g'), '\s+', ' ', 'g'))
    from unnest(coalesce(allergies, '{}')) with ordinality as x (a, position) order by position);
  resolved := private.resolve_drug_names(array(
    select unnest(private.drug_name_candidates(n)) from unnest(coalesce(medications, '{}') || cleaned_allergies) as n));
  generics := private.generics_with(medications, resolved);

  -- Drug–allergy: each drug against each recorded allergy (kept in drug order, then allergy order).
  for allergy_index in 1 .. coalesce(array_length(allergies, 1), 0) loop
    allergy := allergies[allergy_index];
    label := btrim(regexp_replace(allergy, '\s+', ' ', 'g'));
    cleaned := cleaned_allergies[allergy_index];
    continue when cleaned = '';
    label := case when label ~* 'allerg' then label else label || ' allergy' end;
    allergy_drugs := private.normalize_with(cleaned, resolved);
    select coalesce(array_agg(distinct g.id), '{}') into allergy_groups
    from public.allergy_groups g
    where cleaned = any (g.lookup_names)
       or g.id in (select m.group_id from public.allergy_group_members m where m.drug_name = any (allergy_drugs));
    -- Each drug: the allergy itself, else its allergy group (first by id), else the most severe cross-sensitive group.
    select allergy_findings || coalesce(jsonb_agg(jsonb_build_object('drug', position, 'allergy', allergy_index, 'finding', finding)), '[]')
    into allergy_findings
    from (
      select u.position, case
        when u.generic = any (allergy_drugs) then jsonb_build_object('kind', 'drug-allergy', 'severity', 'severe',
          'interactingDrugs', jsonb_build_array(u.generic, label), 'source', null,
          'description', format('The patient has a recorded allergy to %s.', u.generic),
          'recommendations', jsonb_build_array('Do not dispense: contact the prescriber for an alternative',
            'Confirm the allergy and the reaction with the patient'))
        when same_group.name is not null then jsonb_build_object('kind', 'drug-allergy', 'severity', 'severe',
          'interactingDrugs', jsonb_build_array(u.generic, label), 'source', null,
          'description', format('%s belongs to the %s; the patient''s %s covers the whole group. %s',
            u.generic, same_group.name, lower(label), same_group.description),
          'recommendations', jsonb_build_array('Do not dispense: contact the prescriber for an alternative',
            'Confirm the allergy and the reaction with the patient'))
        when cross_group.severity is not null then jsonb_build_object('kind', 'drug-allergy', 'severity', cross_group.severity,
          'interactingDrugs', jsonb_build_array(u.generic, label), 'source', null,
          'description', format('%s belongs to the %s, which can cross-react with the patient''s %s. %s',
            u.generic, cross_group.name, lower(label), cross_group.description),
          'recommendations', to_jsonb(cross_group.recommendations))
      end as finding
      from unnest(generics) with ordinality as u (generic, position)
      left join lateral (
        select g.name, g.description
        from public.allergy_group_members m join public.allergy_groups g on g.id = m.group_id
        where m.drug_name = u.generic and g.id = any (allergy_groups)
        order by g.id collate "C" limit 1
      ) same_group on true
      left join lateral (
        select c.severity, c.description, c.recommendations, g.name
        from public.allergy_cross_sensitivities c
        join public.allergy_group_members m on m.group_id = c.related_group_id and m.drug_name = u.generic
        join public.allergy_groups g on g.id = c.related_group_id
        where c.group_id = any (allergy_groups)
        order by array_position('{severe,moderate,mild}'::text[], c.severity), c.group_id collate "C", c.related_group_id collate "C"
        limit 1
      ) cross_group on true
    ) per_drug
    where finding is not null;
  end loop;

  -- Drug–drug: one finding per pair, the most severe rule, then the most specific, then the lowest id.
  for rule in
    with listed as (
      select g.generic, g.position from unnest(generics) with ordinality as g (generic, position)
    ), sides as (
      select l.position, 'drug'::text as kind, l.generic as name from listed l
      union all
      select l.position, 'class', m.class_id from listed l join public.drug_class_members m on m.drug_name = l.generic
    ), matched as (
      select a.position as first_position, b.position as second_position, r.*
      from sides a join sides b on a.position < b.position
      join public.drug_interactions r on r.subject_kind = a.kind and r.subject = a.name and r.object_kind = b.kind and r.object = b.name
      union all
      select a.position, b.position, r.*
      from sides a join sides b on a.position < b.position
      join public.drug_interactions r on r.subject_kind = b.kind and r.subject = b.name and r.object_kind = a.kind and r.object = a.name
    )
    select distinct on (m.first_position, m.second_position) m.*
    from matched m
    order by m.first_position, m.second_position, array_position('{severe,moderate,mild}'::text[], m.severity),
             (m.subject_kind = 'drug')::integer + (m.object_kind = 'drug')::integer desc, m.id collate "C"
  loop
    drug_findings := drug_findings || jsonb_build_object('kind', 'drug-drug', 'severity', rule.severity,
      'interactingDrugs', jsonb_build_array(generics[rule.first_position], generics[rule.second_position]),
      'description', rule.description, 'recommendations', to_jsonb(rule.recommendations), 'source', rule.source);
    reported_pairs := reported_pairs || (least(generics[rule.first_position], generics[rule.second_position]) || '|'
                                         || greatest(generics[rule.first_position], generics[rule.second_position]));
  end loop;

  -- Duplicate therapy: two or more drugs of a class flagged for it, unless every pair is already reported.
  for drug_class in
    select c.id, c.name, array_agg(u.generic order by u.position) as members
    from public.drug_classes c
    join public.drug_class_members m on m.class_id = c.id
    join unnest(generics) with ordinality as u (generic, position) on u.generic = m.drug_name
    where c.duplicate_therapy
    group by c.id, c.name
    having count(*) >= 2
    order by c.id collate "C"
  loop
    members := drug_class.members;
    continue when array_to_string(members, '|') = any (seen_sets);
    select bool_and((least(x.g, y.g) || '|' || greatest(x.g, y.g)) = any (reported_pairs)) into every_pair_reported
    from unnest(members) with ordinality as x (g, px)
    join unnest(members) with ordinality as y (g, py) on py > px;
    continue when every_pair_reported;
    seen_sets := seen_sets || array_to_string(members, '|');
    duplicate_findings := duplicate_findings || jsonb_build_object('kind', 'duplicate-therapy', 'severity', 'moderate',
      'interactingDrugs', to_jsonb(members), 'source', null,
      'description', format('Duplicate therapy: %s are all %s. Taking more than one adds side effects without added benefit unless intended.',
        array_to_string(members, ', '), drug_class.name),
      'recommendations', jsonb_build_array(
        format('Confirm with the prescriber that more than one of the %s is intended', drug_class.name),
        'If one replaces another, make sure the patient stops the old one'));
  end loop;

  select coalesce(jsonb_agg(e -> 'finding' order by (e ->> 'drug')::integer, (e ->> 'allergy')::integer), '[]') into allergy_findings
  from jsonb_array_elements(allergy_findings) e;
  -- Most severe first; within a severity allergies, then pairs, then duplicates, each in medication order.
  select coalesce(jsonb_agg(f order by array_position('{severe,moderate,mild}'::text[], f ->> 'severity'), position), '[]') into findings
  from jsonb_array_elements(allergy_findings || drug_findings || duplicate_findings) with ordinality as e (f, position);
  return jsonb_build_object('hasInteractions', jsonb_array_length(findings) > 0, 'interactions', findings,
    'recommendedActions', private.recommended_actions(findings));
end
$$;
comment on function private.interaction_check(text[], text[]) is
  'The interaction engine: for a medication list (names as written) and allergies, {hasInteractions, '
  'interactions[{kind, severity, interactingDrugs, description, recommendations, source}], recommendedActions}: '
  'drug–allergy (the drug, its allergy group, a cross-sensitive group), drug–drug (by drug or class; one finding '
  'per pair: most severe, then most specific rule, then lowest id) and duplicate therapy, most severe first. '
  'Deterministic; reads the drug knowledge base.';

create function public.check_interactions(medications text[], allergies text[] default '{}') returns jsonb
language sql stable
set search_path = ''
as $$
  select private.interaction_check(medications, allergies)
$$;
comment on function public.check_interactions(text[], text[]) is
  'POST /api/ai/check-interactions as an RPC: the interaction engine (private.interaction_check) on a medication '
  'list and allergies. Signed-in users only; runs as the caller (the knowledge base is readable by them).';

-- -----------------------------------------------------------------------------------------------------
-- A prescription's flags: the engine over the new drug plus the patient's profile at this moment
-- -----------------------------------------------------------------------------------------------------
create function private.prescription_interaction_flags(
  for_pharmacy_id uuid, for_patient_id uuid, for_medication_id uuid, excluded_prescription_id uuid default null
) returns jsonb
language plpgsql stable
set search_path = ''
as $$
begin
  -- PL/pgSQL so the plan is cached per session.
  return (
    with new_drug as (
      -- Both names of the catalogue entry: a generic name that contradicts the drug's name cannot hide it.
      select array_remove(array[nullif(btrim(m.generic_name), ''), m.name], null) as names
      from public.medications m where m.pharmacy_id = for_pharmacy_id and m.id = for_medication_id
    ), patient as (
      select p.current_medications, p.allergies
      from public.patients p where p.pharmacy_id = for_pharmacy_id and p.id = for_patient_id
    ), active_drugs as (
      -- The drugs of the patient's other open prescriptions (each catalogue drug once).
      select coalesce(array_agg(d.name order by d.name collate "C"), '{}') as names
      from (
        select distinct n.name
        from public.prescriptions rx
        join public.medications m on m.pharmacy_id = rx.pharmacy_id and m.id = rx.medication_id
        cross join lateral unnest(array_remove(array[nullif(btrim(m.generic_name), ''), m.name], null)) as n (name)
        where rx.pharmacy_id = for_pharmacy_id and rx.patient_id = for_patient_id
          and rx.status in ('pending', 'processing', 'ready')
          and rx.id is distinct from excluded_prescription_id
      ) d
    ), checked as (
      select private.medication_generics((select names from new_drug)) as new_generics,
             private.interaction_check(
               coalesce((select names from new_drug), '{}') || coalesce((select current_medications from patient), '{}') || (select names from active_drugs),
               coalesce((select allergies from patient), '{}')) as result
    ), involving_new as (
      -- What the profile already had was reviewed when those drugs were entered.
      select coalesce(jsonb_agg(f order by position), '[]') as findings
      from checked, jsonb_array_elements(checked.result -> 'interactions') with ordinality as e (f, position)
      where exists (select 1 from jsonb_array_elements_text(f -> 'interactingDrugs') d where d = any (checked.new_generics))
    )
    select jsonb_build_object(
      'hasInteractions', jsonb_array_length(findings) > 0,
      'interactions', coalesce((
        select jsonb_agg(jsonb_build_object('severity', f -> 'severity', 'interactingDrugs', f -> 'interactingDrugs',
          'description', f -> 'description', 'recommendations', f -> 'recommendations') order by position)
        from jsonb_array_elements(findings) with ordinality as e (f, position)), '[]'),
      'recommendedActions', private.recommended_actions(findings))
    from involving_new
  );
end
$$;
comment on function private.prescription_interaction_flags(uuid, uuid, uuid, uuid) is
  'A prescription''s ai_flags: the engine over its drug (both its name and generic name), the patient''s '
  'current medications and the drugs of their other open prescriptions, and their allergies, keeping the findings '
  'that involve the new drug: {hasInteractions, interactions[{severity, interactingDrugs, description, '
  'recommendations}], recommendedActions}. Runs as the caller (RLS applies).';

-- -----------------------------------------------------------------------------------------------------
-- Prospective DUR at verification: columns
-- -----------------------------------------------------------------------------------------------------
alter table public.prescriptions
  alter column ai_flags drop default,
  add column verification_flags jsonb,
  add column verification_override_reason text,
  add column verification_overridden_by uuid references auth.users (id),
  add column verification_overridden_at timestamptz,
  add constraint prescriptions_verification_flags_shape check (
    verification_flags is null or (
      jsonb_typeof(verification_flags) = 'object'
      and jsonb_typeof(verification_flags -> 'hasInteractions') = 'boolean'
      and jsonb_typeof(verification_flags -> 'interactions') = 'array'
      and jsonb_typeof(verification_flags -> 'recommendedActions') = 'array')),
  add constraint prescriptions_verification_override_recorded check (
    (verification_override_reason is null and verification_overridden_by is null and verification_overridden_at is null)
    or (length(btrim(verification_override_reason)) > 0 and verification_overridden_at is not null));
comment on column public.prescriptions.ai_flags is
  'The interaction check at entry, computed by the database (private.prescription_interaction_flags) from the '
  'patient''s profile at that moment; a client-sent value that differs is refused.';
comment on column public.prescriptions.verification_flags is
  'Prospective DUR at verification: the findings the check made at processing → ready that were not there at entry '
  '(the patient''s medications or allergies changed), in the ai_flags shape; null when verification found nothing new.';
comment on column public.prescriptions.verification_override_reason is
  'Why the pharmacist verified past the findings of verification_flags (with verification_overridden_by/at).';
create index prescriptions_verification_overridden_by_idx on public.prescriptions (verification_overridden_by);

-- -----------------------------------------------------------------------------------------------------
-- Prescription triggers: flags at entry, DUR at verification
-- -----------------------------------------------------------------------------------------------------
create function private.screen_prescription_at_entry() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  computed jsonb := private.prescription_interaction_flags(new.pharmacy_id, new.patient_id, new.medication_id);
begin
  if new.ai_flags is not null and new.ai_flags is distinct from computed then
    raise exception 'The interaction check is made by the pharmacy system when a prescription is entered; the flags sent do not match the patient''s profile. Leave ai_flags out.'
      using errcode = '42501';
  end if;
  new.ai_flags := computed;
  new.verification_flags := null;
  new.verification_override_reason := null;
  new.verification_overridden_by := null;
  new.verification_overridden_at := null;
  return new;
end
$$;
comment on function private.screen_prescription_at_entry() is
  'BEFORE INSERT trigger of prescriptions (after the tenant and workflow guards): ai_flags is the interaction '
  'check of the patient''s profile now, whoever inserts; a client-sent value that differs is refused.';

create function private.new_verification_findings(rx public.prescriptions) returns jsonb
language plpgsql stable
set search_path = ''
as $$
begin
  -- PL/pgSQL so the plan is cached per session.
  return (
    with now_flags as (
      select private.prescription_interaction_flags(rx.pharmacy_id, rx.patient_id, rx.medication_id, rx.id) as flags
    ), fresh as (
      select coalesce(jsonb_agg(f order by position), '[]') as findings
      from now_flags, jsonb_array_elements(now_flags.flags -> 'interactions') with ordinality as e (f, position)
      where not (coalesce(rx.ai_flags -> 'interactions', '[]') @> jsonb_build_array(f))
    )
    select case when jsonb_array_length(findings) = 0 then null else jsonb_build_object(
      'hasInteractions', true,
      'interactions', findings,
      -- The actions of the check as it stands now (stored findings carry no kind to derive them from).
      'recommendedActions', (select flags -> 'recommendedActions' from now_flags)) end
    from fresh
  );
end
$$;
comment on function private.new_verification_findings(public.prescriptions) is
  'Prospective DUR: the interaction check of the prescription against the patient''s profile now, less the '
  'findings already stored at entry; null when nothing is new.';

create function private.screen_prescription_at_verification() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  rx text := private.prescription_status_label(old.rx_number);
  end_user boolean := private.is_end_user_request();
  fresh jsonb;
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
  if length(btrim(coalesce(new.verification_override_reason, ''))) = 0 then
    raise exception '%: the patient''s profile changed since entry and the interaction check found something new; review the alert and override it with a reason to verify', rx
      using errcode = 'P0001', detail = fresh::text, hint = 'dur_new_finding';
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
  '(for any caller); at processing → ready the interaction check runs again; a finding new since entry refuses verification until a verification override reason is given '
  '(the finding is then stored in verification_flags with who and when). End users never write the recorded columns.';

create trigger screen_interactions_at_entry before insert on public.prescriptions
  for each row execute function private.screen_prescription_at_entry();
create trigger screen_interactions_at_verification before update on public.prescriptions
  for each row execute function private.screen_prescription_at_verification();

-- -----------------------------------------------------------------------------------------------------
-- DEA rules (21 CFR 1306)
-- -----------------------------------------------------------------------------------------------------
create function private.is_valid_dea_number(dea_number text) returns boolean
language sql immutable parallel safe
set search_path = ''
as $$
  select coalesce(dea_number ~ '^[A-Z]{2}[0-9]{7}$'
    and ((substr(dea_number, 3, 1)::int + substr(dea_number, 5, 1)::int + substr(dea_number, 7, 1)::int)
         + 2 * (substr(dea_number, 4, 1)::int + substr(dea_number, 6, 1)::int + substr(dea_number, 8, 1)::int)) % 10
        = substr(dea_number, 9, 1)::int, false)
$$;
comment on function private.is_valid_dea_number(text) is
  'A DEA registration number: two letters and seven digits whose last digit is the last digit of '
  '(d1 + d3 + d5) + 2 × (d2 + d4 + d6). Same rule as shared/src/schemas/field-rules.ts isValidDeaNumber.';

create function private.guard_prescriber_dea_number() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.dea_number is not null and not private.is_valid_dea_number(new.dea_number) then
    raise exception 'DEA number % is not valid: two letters and seven digits, the last a check digit', new.dea_number
      using errcode = '23514';
  end if;
  return new;
end
$$;
comment on function private.guard_prescriber_dea_number() is
  'BEFORE INSERT/UPDATE OF dea_number trigger of prescribers: a DEA number passes its check digit.';
create trigger guard_dea_number before insert or update of dea_number on public.prescribers
  for each row execute function private.guard_prescriber_dea_number();

create function private.guard_controlled_prescription() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  schedule text;
  prescriber_dea text;
  written date;
  filled_on date;
  verifying boolean;
begin
  select m.dea_schedule into schedule
  from public.medications m where m.pharmacy_id = new.pharmacy_id and m.id = new.medication_id;
  if schedule is null then
    return new;
  end if;
  verifying := tg_op = 'UPDATE' and old.status = 'processing' and new.status = 'ready';
  -- Checked at entry, on every change that touches them, and again at verification (the prescriber's DEA number
  -- or the drug's schedule may have changed since entry).
  if tg_op = 'INSERT' or verifying or new.refills is distinct from old.refills or new.medication_id is distinct from old.medication_id then
    if schedule = 'II' and new.refills > 0 then
      raise exception 'Schedule II controlled substances cannot be refilled (21 CFR 1306.12): refills must be 0'
        using errcode = '23514';
    end if;
    if new.refills > 5 then
      raise exception 'Schedule % controlled substances allow at most 5 refills (21 CFR 1306.22)', schedule
        using errcode = '23514';
    end if;
  end if;
  if tg_op = 'INSERT' or verifying or new.prescriber_id is distinct from old.prescriber_id or new.medication_id is distinct from old.medication_id then
    select p.dea_number into prescriber_dea
    from public.prescribers p where p.pharmacy_id = new.pharmacy_id and p.id = new.prescriber_id;
    if not private.is_valid_dea_number(prescriber_dea) then
      raise exception 'A controlled substance (schedule %) needs a prescriber with a valid DEA number', schedule
        using errcode = '23514';
    end if;
  end if;
  if (tg_op = 'INSERT' or verifying or new.original_date is distinct from old.original_date)
     and new.original_date > private.pharmacy_local_date(new.pharmacy_id, now()) then
    raise exception 'The date written of a controlled substance prescription cannot be in the future' using errcode = '23514';
  end if;
  -- Not filled or refilled past 6 months from the date written (schedules III–V).
  if schedule <> 'II' and (tg_op = 'INSERT' or verifying) then
    written := coalesce(new.original_date, private.pharmacy_local_date(new.pharmacy_id, new.entered_at));
    filled_on := private.pharmacy_local_date(new.pharmacy_id, now());
    if filled_on > written + interval '6 months' then
      raise exception 'A schedule % prescription cannot be filled more than 6 months after the date written (%) (21 CFR 1306.22)', schedule, written
        using errcode = '23514';
    end if;
  end if;
  return new;
end
$$;
comment on function private.guard_controlled_prescription() is
  'BEFORE INSERT/UPDATE trigger of prescriptions for controlled drugs (medications.dea_schedule): schedule II no '
  'refills; III–V at most 5 refills and no fill past 6 months from the date written (original_date, else the '
  'entry date; never in the future); a prescriber with a valid DEA number. Checked at entry, on changes and again '
  'at verification. Applies to every caller.';
create trigger guard_controlled_substance before insert or update on public.prescriptions
  for each row execute function private.guard_controlled_prescription();

-- Controlled drugs' stock and schedule: pharmacist or admin, with a reason (kept in audit_log, not on the row).
alter table public.medications add column change_reason text;
comment on column public.medications.change_reason is
  'Write-only: the reason for changing the stock or DEA schedule of a controlled drug, required then. Recorded in '
  'audit_log (controlled_substance_changed) and cleared on the row, so each change gives its own.';

create function private.record_controlled_substance_change(
  changed_medication_id uuid, old_stock integer, new_stock integer, old_schedule text, new_schedule text, reason text
) returns void
language sql volatile security definer
set search_path = ''
as $$
  select private.record_audit_event((select private.current_pharmacy_id()), (select auth.uid()), 'controlled_substance_changed',
    'medications', changed_medication_id::text,
    format('Controlled substance %s: stock %s → %s, schedule %s → %s (%s)',
      coalesce((select m.name from public.medications m
                where m.id = changed_medication_id and m.pharmacy_id = (select private.current_pharmacy_id())), 'unknown'),
      old_stock, new_stock, coalesce(old_schedule, 'none'), coalesce(new_schedule, 'none'), reason),
    true,
    jsonb_build_object('reason', reason, 'oldStock', old_stock, 'newStock', new_stock,
      'oldSchedule', old_schedule, 'newSchedule', new_schedule))
$$;
comment on function private.record_controlled_substance_change(uuid, integer, integer, text, text, text) is
  'Appends the audit_log row of a change to a controlled drug''s stock or schedule, with its reason, for the '
  'caller''s pharmacy and as the caller (called by the medications guard, which runs as the caller).';

create function private.guard_controlled_medication() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  end_user boolean := private.is_end_user_request();
  controlled boolean;
  reason text := nullif(btrim(coalesce(new.change_reason, '')), '');
begin
  new.change_reason := null;
  if tg_op = 'INSERT' then
    if end_user and new.dea_schedule is not null and coalesce(private.current_staff_role(), '') not in ('pharmacist', 'admin') then
      raise exception 'Only a pharmacist or admin can add a controlled substance (schedule %)', new.dea_schedule using errcode = '42501';
    end if;
    return new;
  end if;
  controlled := old.dea_schedule is not null or new.dea_schedule is not null;
  if not controlled or (new.stock = old.stock and new.dea_schedule is not distinct from old.dea_schedule) then
    return new;
  end if;
  if not end_user then
    return new; -- dispensing (security definer), the service role and migrations
  end if;
  if coalesce(private.current_staff_role(), '') not in ('pharmacist', 'admin') then
    raise exception 'Only a pharmacist or admin can change the stock or DEA schedule of a controlled substance' using errcode = '42501';
  end if;
  if reason is null then
    raise exception 'Give a reason for changing the stock or DEA schedule of controlled substance %', old.name using errcode = '23514';
  end if;
  perform private.record_controlled_substance_change(new.id, old.stock, new.stock, old.dea_schedule, new.dea_schedule, reason);
  return new;
end
$$;
comment on function private.guard_controlled_medication() is
  'BEFORE INSERT/UPDATE trigger of medications: only a pharmacist or admin adds a controlled drug or changes the '
  'stock or dea_schedule of one, giving change_reason, which is audited (controlled_substance_changed) and cleared.';
create trigger guard_controlled_substance before insert or update on public.medications
  for each row execute function private.guard_controlled_medication();

-- What a catalogue drug is (the names the interaction engine reads, strength, form) is the pharmacist's to change.
create function private.guard_medication_identity() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if private.is_end_user_request()
     and coalesce(private.current_staff_role(), '') not in ('pharmacist', 'admin')
     and (new.name, new.generic_name, new.strength, new.dosage_form) is distinct from
         (old.name, old.generic_name, old.strength, old.dosage_form) then
    raise exception 'Only a pharmacist or admin can change a medication''s name, generic name, strength or form'
      using errcode = '42501';
  end if;
  return new;
end
$$;
comment on function private.guard_medication_identity() is
  'BEFORE UPDATE trigger of medications: only a pharmacist or admin changes what a catalogue drug is (name, generic '
  'name, strength, form) — a renamed drug would change what the interaction check sees for every prescription of it.';
create trigger guard_identity before update of name, generic_name, strength, dosage_form on public.medications
  for each row execute function private.guard_medication_identity();

-- -----------------------------------------------------------------------------------------------------
-- Status moves: one audited path
-- -----------------------------------------------------------------------------------------------------
create function private.guard_status_move_path() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if private.is_end_user_request()
     and current_setting('pharmacy.moving_prescription', true) is distinct from new.id::text then
    raise exception 'Prescription status changes go through move_prescription, which records refusals' using errcode = '42501';
  end if;
  return new;
end
$$;
comment on function private.guard_status_move_path() is
  'BEFORE UPDATE OF status, override_reason, verification_override_reason trigger of prescriptions: end users move '
  'a prescription only through public.move_prescription (which marks the row it moves for its transaction), so every '
  'refused move is audited.';
create trigger guard_move_path before update of status, override_reason, verification_override_reason on public.prescriptions
  for each row execute function private.guard_status_move_path();

create function private.record_refused_prescription_move(
  moved_prescription_id uuid, to_status text, refusal_code text, refusal_message text, override_given boolean
) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  rx public.prescriptions;
begin
  -- Only the caller's own pharmacy's prescriptions; the caller is the actor (nothing is taken on trust).
  select * into rx from public.prescriptions p
  where p.id = moved_prescription_id and p.pharmacy_id = (select private.current_pharmacy_id());
  perform private.record_audit_event((select private.current_pharmacy_id()), (select auth.uid()),
    case when override_given then 'interaction_override_denied' else 'prescription_move_refused' end,
    'prescription', moved_prescription_id::text,
    format('%s: move to %s refused: %s',
      case when rx.id is null then format('Prescription %s', moved_prescription_id) else private.prescription_status_label(rx.rx_number) end,
      to_status, refusal_message),
    false,
    jsonb_build_object('rxNumber', rx.rx_number, 'from', rx.status, 'to', to_status, 'code', refusal_code,
      'overrideGiven', override_given));
end
$$;
comment on function private.record_refused_prescription_move(uuid, text, text, text, boolean) is
  'Appends the audit_log row of a refused status move or denied override (success = false) for the caller''s '
  'pharmacy; called by public.move_prescription after the refused write rolled back.';

create function private.store_verification_findings(moved_prescription_id uuid) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  rx public.prescriptions;
  fresh jsonb;
begin
  select * into rx from public.prescriptions p
  where p.id = moved_prescription_id and p.pharmacy_id = (select private.current_pharmacy_id()) and p.status = 'processing'
  for update;
  if not found then return; end if;
  fresh := private.new_verification_findings(rx);
  if fresh is not null and fresh is distinct from rx.verification_flags then
    update public.prescriptions set verification_flags = fresh where id = rx.id;
  end if;
end
$$;
comment on function private.store_verification_findings(uuid) is
  'Stores the new findings of a refused verification (recomputed here, never taken from the caller) in '
  'verification_flags, so the queue shows them for review.';

create function public.move_prescription(
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
      if refusal_code not in ('42501', 'P0001', 'P0002', '23514', '23502', '22P02', '22023', '23503') then
        raise;
      end if;
      perform set_config('pharmacy.moving_prescription', '', true);
      if refusal_hint = 'dur_new_finding' then
        perform private.store_verification_findings(prescription_id);
      end if;
      perform private.record_refused_prescription_move(prescription_id, to_status, refusal_code, refusal_message, override_given);
      return jsonb_build_object('ok', false, 'code', refusal_code, 'message', refusal_message,
        'newFindings', coalesce(refusal_hint = 'dur_new_finding', false));
  end;
  perform set_config('pharmacy.moving_prescription', '', true);
  return jsonb_build_object('ok', true, 'prescription', to_jsonb(moved));
end
$$;
comment on function public.move_prescription(uuid, text, text) is
  'The one way staff move a prescription (pending → processing → ready → completed), as the caller (RLS and the '
  'workflow triggers apply). override_reason: the pharmacist''s reason when processing past the entry alert or '
  'verifying past a new verification alert. Returns {ok: true, prescription} or {ok: false, code, message, '
  'newFindings}; a refusal is recorded in audit_log (prescription_move_refused / interaction_override_denied) even '
  'though the refused write rolled back, and a verification refused for a new finding stores that finding.';

-- -----------------------------------------------------------------------------------------------------
-- Privileges
-- -----------------------------------------------------------------------------------------------------
revoke all on function private.clean_drug_text(text), private.strip_strength_and_form(text), private.without_salt_words(text),
  private.allergy_group_lookup_names(text, text, text[]),
  private.drug_name_candidates(text), private.resolve_drug_names(text[]), private.resolve_with(text, jsonb),
  private.normalize_with(text, jsonb), private.normalize_medication_name(text), private.generics_with(text[], jsonb),
  private.medication_generics(text[]), private.recommended_actions(jsonb),
  private.interaction_check(text[], text[]), private.prescription_interaction_flags(uuid, uuid, uuid, uuid),
  private.new_verification_findings(public.prescriptions), private.is_valid_dea_number(text),
  private.record_refused_prescription_move(uuid, text, text, text, boolean), private.store_verification_findings(uuid),
  private.record_controlled_substance_change(uuid, integer, integer, text, text, text)
  from public;
revoke all on function public.check_interactions(text[], text[]), public.move_prescription(uuid, text, text) from public, anon;
-- The triggers and the RPCs run as the caller and call these.
grant execute on function private.clean_drug_text(text), private.strip_strength_and_form(text), private.without_salt_words(text),
  private.allergy_group_lookup_names(text, text, text[]),
  private.drug_name_candidates(text), private.resolve_drug_names(text[]), private.resolve_with(text, jsonb),
  private.normalize_with(text, jsonb), private.normalize_medication_name(text), private.generics_with(text[], jsonb),
  private.medication_generics(text[]), private.recommended_actions(jsonb),
  private.interaction_check(text[], text[]), private.prescription_interaction_flags(uuid, uuid, uuid, uuid),
  private.new_verification_findings(public.prescriptions), private.is_valid_dea_number(text),
  private.record_refused_prescription_move(uuid, text, text, text, boolean), private.store_verification_findings(uuid),
  private.record_controlled_substance_change(uuid, integer, integer, text, text, text)
  to authenticated, service_role;
grant execute on function public.check_interactions(text[], text[]), public.move_prescription(uuid, text, text)
  to authenticated, service_role;

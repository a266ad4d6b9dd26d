-- =====================================================================================================
-- Label settings (issue 12, System Settings → Printing / Labels): the drug knowledge base's facts about one
-- stocked medication, for the patient-information sheet (monograph) printed with a label. The label size,
-- barcode, logo and labels-per-page settings need no SQL: the api reads the printing group from
-- public.pharmacy_settings as the caller (staff may read printing and labels) and lays the §9 defaults over it.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- public.medication_knowledge: what the knowledge base says about a medication of the caller's pharmacy
-- -----------------------------------------------------------------------------------------------------
create or replace function public.medication_knowledge(knowledge_medication_id uuid) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  medication_name text;
  generics text[];
  class_ids text[];
begin
  -- Read through RLS as the caller: another pharmacy's medication (or none) gives null.
  select coalesce(nullif(btrim(m.generic_name), ''), m.name) into medication_name
  from public.medications m where m.id = knowledge_medication_id;
  if medication_name is null then return null; end if;

  generics := private.medication_generics(array[medication_name]);
  class_ids := array(select distinct c.class_id from public.drug_class_members c where c.drug_name = any (generics));

  return jsonb_build_object(
    'generics', to_jsonb(generics),
    'classes', coalesce((
      select jsonb_agg(jsonb_build_object('id', c.id, 'name', c.name, 'description', c.description) order by c.name)
      from public.drug_classes c where c.id = any (class_ids)), '[]'::jsonb),
    'interactions', coalesce((
      select jsonb_agg(jsonb_build_object(
          'id', x.id, 'severity', x.severity, 'description', x.description, 'recommendations', to_jsonb(x.recommendations),
          'otherKind', x.other_kind,
          'otherName', case when x.other_kind = 'drug' then x.other else coalesce((select dc.name from public.drug_classes dc where dc.id = x.other), x.other) end)
        order by case x.severity when 'severe' then 1 when 'moderate' then 2 else 3 end, x.id)
      from (
        select i.id, i.severity, i.description, i.recommendations,
          case
            when subject_hit and object_hit and i.subject_kind = 'class' and i.object_kind = 'class' and i.subject = i.object then 'same_class'
            when subject_hit then i.object_kind
            else i.subject_kind
          end as other_kind,
          case when subject_hit then i.object else i.subject end as other
        from public.drug_interactions i
        cross join lateral (select
          (i.subject_kind = 'drug' and i.subject = any (generics)) or (i.subject_kind = 'class' and i.subject = any (class_ids)) as subject_hit,
          (i.object_kind = 'drug' and i.object = any (generics)) or (i.object_kind = 'class' and i.object = any (class_ids)) as object_hit) hits
        where subject_hit or object_hit
      ) x), '[]'::jsonb),
    'allergyGroups', coalesce((
      select jsonb_agg(jsonb_build_object('id', g.id, 'name', g.name, 'description', g.description) order by g.name)
      from public.allergy_groups g
      where exists (select 1 from public.allergy_group_members a where a.group_id = g.id and a.drug_name = any (generics))), '[]'::jsonb)
  );
end
$$;
comment on function public.medication_knowledge(uuid) is
  'The drug knowledge base''s facts about one medication of the caller''s pharmacy, for the patient-information '
  'sheet: {generics, classes[{id, name, description}], interactions[{id, severity, description, recommendations, '
  'otherKind drug|class|same_class, otherName}] (most severe first), allergyGroups[{id, name, description}]}; the '
  'generics come from the generic name (else the name) as the interaction engine resolves it. Runs as the caller: '
  'null for a medication they cannot read.';
revoke all on function public.medication_knowledge(uuid) from public, anon;
grant execute on function public.medication_knowledge(uuid) to authenticated, service_role;

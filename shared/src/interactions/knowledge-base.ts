/**
 * The knowledge base in the form the engine queries: built once from the database rows
 * (buildKnowledgeBase), then shared by every check. Names are indexed after the same cleaning the engine
 * applies to its input, interaction rules by both of their sides (a pair is symmetric), classes by member
 * and allergy groups by member and alias.
 */
import { cleanDrugText, type NameLookup } from './normalize.ts';
import type {
  AllergyCrossSensitivityRow,
  AllergyGroupRow,
  DrugClassRow,
  DrugInteractionRow,
  InteractionSubjectKind,
  KnowledgeBaseRows,
} from './types.ts';

/** An interaction rule seen from one side: the other side's key is the map key it is stored under. */
export interface IndexedRule {
  rule: DrugInteractionRow;
  /** 2 for drug–drug, 1 for drug–class, 0 for class–class: the more specific rule wins for one pair. */
  specificity: number;
}

export interface KnowledgeBase {
  /** Resolves cleaned names (synonyms and known generics) to generics. */
  names: NameLookup;
  classes: ReadonlyMap<string, DrugClassRow>;
  /** Generic name -> ids of the classes it belongs to (sorted). */
  classesByDrug: ReadonlyMap<string, readonly string[]>;
  /** Side key ('drug:warfarin', 'class:nsaids') -> other side key -> rules. */
  rulesBySide: ReadonlyMap<string, ReadonlyMap<string, readonly IndexedRule[]>>;
  allergyGroups: ReadonlyMap<string, AllergyGroupRow>;
  /** Generic name -> ids of the allergy groups it belongs to (sorted). */
  allergyGroupsByDrug: ReadonlyMap<string, readonly string[]>;
  /** Cleaned alias, id or name of a group -> group ids. */
  allergyGroupsByAlias: ReadonlyMap<string, readonly string[]>;
  /** Group id -> cross-sensitivities from it. */
  crossSensitivitiesByGroup: ReadonlyMap<string, readonly AllergyCrossSensitivityRow[]>;
}

export function sideKey(kind: InteractionSubjectKind, name: string): string {
  return `${kind}:${name}`;
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) {
    if (!list.includes(value)) list.push(value);
  } else {
    map.set(key, [value]);
  }
}

function sortedValues(map: Map<string, string[]>): Map<string, string[]> {
  for (const list of map.values()) list.sort();
  return map;
}

export function buildKnowledgeBase(rows: KnowledgeBaseRows): KnowledgeBase {
  const generics = new Set<string>();
  const classesByDrug = new Map<string, string[]>();
  for (const member of rows.drugClassMembers) {
    generics.add(member.drug_name);
    pushTo(classesByDrug, member.drug_name, member.class_id);
  }
  const allergyGroupsByDrug = new Map<string, string[]>();
  for (const member of rows.allergyGroupMembers) {
    generics.add(member.drug_name);
    pushTo(allergyGroupsByDrug, member.drug_name, member.group_id);
  }
  const synonyms = new Map<string, string[]>();
  for (const synonym of rows.drugSynonyms) {
    generics.add(synonym.drug_name);
    pushTo(synonyms, cleanDrugText(synonym.synonym), synonym.drug_name);
  }
  for (const rule of rows.drugInteractions) {
    if (rule.subject_kind === 'drug') generics.add(rule.subject);
    if (rule.object_kind === 'drug') generics.add(rule.object);
  }
  // Combination ingredients keep the order the rows give; sort for determinism across database orderings.
  for (const list of synonyms.values()) list.sort();
  const names: NameLookup = {
    resolve(cleanedName) {
      return synonyms.get(cleanedName) ?? (generics.has(cleanedName) ? [cleanedName] : undefined);
    },
  };

  const rulesBySide = new Map<string, Map<string, IndexedRule[]>>();
  const addSide = (from: string, to: string, indexed: IndexedRule) => {
    let byOther = rulesBySide.get(from);
    if (!byOther) rulesBySide.set(from, (byOther = new Map()));
    pushTo(byOther, to, indexed);
  };
  for (const rule of [...rows.drugInteractions].sort((a, b) => a.id.localeCompare(b.id))) {
    const subject = sideKey(rule.subject_kind, rule.subject);
    const object = sideKey(rule.object_kind, rule.object);
    const specificity = (rule.subject_kind === 'drug' ? 1 : 0) + (rule.object_kind === 'drug' ? 1 : 0);
    const indexed = { rule, specificity };
    addSide(subject, object, indexed);
    if (subject !== object) addSide(object, subject, indexed);
  }

  const allergyGroupsByAlias = new Map<string, string[]>();
  for (const group of rows.allergyGroups) {
    for (const alias of [group.id.replace(/_/g, ' '), group.name, ...group.aliases]) {
      pushTo(allergyGroupsByAlias, cleanDrugText(alias), group.id);
    }
  }
  const crossSensitivitiesByGroup = new Map<string, AllergyCrossSensitivityRow[]>();
  for (const cross of [...rows.allergyCrossSensitivities].sort((a, b) => a.related_group_id.localeCompare(b.related_group_id))) {
    pushTo(crossSensitivitiesByGroup, cross.group_id, cross);
  }

  return {
    names,
    classes: new Map(rows.drugClasses.map((drugClass) => [drugClass.id, drugClass])),
    classesByDrug: sortedValues(classesByDrug),
    rulesBySide,
    allergyGroups: new Map(rows.allergyGroups.map((group) => [group.id, group])),
    allergyGroupsByDrug: sortedValues(allergyGroupsByDrug),
    allergyGroupsByAlias: sortedValues(allergyGroupsByAlias),
    crossSensitivitiesByGroup,
  };
}

/**
 * The interaction engine: pure and deterministic. Given the knowledge base and a patient's medications
 * (and allergies) it reports
 * - drug–drug interactions, found by drug or by class membership (one finding per pair of drugs: the most
 *   severe rule, then the most specific, then the lowest rule id),
 * - drug–allergy conflicts: the drug itself, a member of the same allergy group, or of a cross-sensitive group,
 * - duplicate therapy: two or more drugs of a class flagged for it (unless every pair is already reported),
 * ordered by severity, and the actions the findings call for.
 */
import { recommendedActionsFor } from './recommended-actions.ts';
import { cleanDrugText, normalizeMedicationName } from './normalize.ts';
import { sideKey, type IndexedRule, type KnowledgeBase } from './knowledge-base.ts';
import type { FindingKind, InteractionCheckInput, InteractionCheckResult, InteractionFinding, Severity } from './types.ts';

const SEVERITY_RANK: Record<Severity, number> = { severe: 0, moderate: 1, mild: 2 };
const KIND_RANK: Record<FindingKind, number> = { 'drug-allergy': 0, 'drug-drug': 1, 'duplicate-therapy': 2 };
const ALLERGY_FILLER_WORDS = /\b(?:allergy|allergies|allergic|to|intolerance|reaction|sensitivity)\b/g;

/** The distinct generics of the medication list, in the order first written. */
export function medicationGenerics(kb: KnowledgeBase, medications: readonly string[]): string[] {
  const generics: string[] = [];
  for (const medication of medications) {
    for (const generic of normalizeMedicationName(medication, kb.names)) {
      if (!generics.includes(generic)) generics.push(generic);
    }
  }
  return generics;
}

function sideKeysOf(kb: KnowledgeBase, generic: string): string[] {
  return [sideKey('drug', generic), ...(kb.classesByDrug.get(generic) ?? []).map((classId) => sideKey('class', classId))];
}

function betterRule(candidate: IndexedRule, current: IndexedRule | undefined): boolean {
  if (!current) return true;
  const bySeverity = SEVERITY_RANK[candidate.rule.severity] - SEVERITY_RANK[current.rule.severity];
  if (bySeverity !== 0) return bySeverity < 0;
  if (candidate.specificity !== current.specificity) return candidate.specificity > current.specificity;
  return candidate.rule.id < current.rule.id;
}

function drugDrugFindings(kb: KnowledgeBase, generics: readonly string[]): InteractionFinding[] {
  const keys = generics.map((generic) => sideKeysOf(kb, generic));
  const findings: InteractionFinding[] = [];
  for (let i = 0; i < generics.length; i++) {
    for (let j = i + 1; j < generics.length; j++) {
      let best: IndexedRule | undefined;
      for (const keyA of keys[i]!) {
        const byOther = kb.rulesBySide.get(keyA);
        if (!byOther) continue;
        for (const keyB of keys[j]!) {
          for (const indexed of byOther.get(keyB) ?? []) {
            if (betterRule(indexed, best)) best = indexed;
          }
        }
      }
      if (best) {
        findings.push({
          kind: 'drug-drug',
          severity: best.rule.severity,
          interactingDrugs: [generics[i]!, generics[j]!],
          description: best.rule.description,
          recommendations: [...best.rule.recommendations],
          source: best.rule.source,
        });
      }
    }
  }
  return findings;
}

interface ResolvedAllergy {
  label: string;
  drugs: Set<string>;
  groupIds: Set<string>;
}

function resolveAllergy(kb: KnowledgeBase, allergy: string): ResolvedAllergy | null {
  const label = allergy.trim().replace(/\s+/g, ' ');
  const cleaned = cleanDrugText(label).replace(ALLERGY_FILLER_WORDS, ' ').replace(/\s+/g, ' ').trim();
  if (cleaned === '') return null;
  const groupIds = new Set(kb.allergyGroupsByAlias.get(cleaned) ?? []);
  const drugs = new Set(normalizeMedicationName(cleaned, kb.names));
  for (const drug of drugs) {
    for (const groupId of kb.allergyGroupsByDrug.get(drug) ?? []) groupIds.add(groupId);
  }
  return { label: /allerg/i.test(label) ? label : `${label} allergy`, drugs, groupIds };
}

function allergyFinding(kb: KnowledgeBase, generic: string, allergy: ResolvedAllergy): InteractionFinding | null {
  const base = { kind: 'drug-allergy' as const, interactingDrugs: [generic, allergy.label], source: null };
  if (allergy.drugs.has(generic)) {
    return {
      ...base,
      severity: 'severe',
      description: `The patient has a recorded allergy to ${generic}.`,
      recommendations: ['Do not dispense: contact the prescriber for an alternative', 'Confirm the allergy and the reaction with the patient'],
    };
  }
  const drugGroups = kb.allergyGroupsByDrug.get(generic) ?? [];
  const sameGroup = drugGroups.find((groupId) => allergy.groupIds.has(groupId));
  if (sameGroup) {
    const group = kb.allergyGroups.get(sameGroup)!;
    return {
      ...base,
      severity: 'severe',
      description: `${generic} belongs to the ${group.name}; the patient's ${allergy.label.toLowerCase()} covers the whole group. ${group.description}`,
      recommendations: ['Do not dispense: contact the prescriber for an alternative', 'Confirm the allergy and the reaction with the patient'],
    };
  }
  let best: InteractionFinding | null = null;
  for (const groupId of [...allergy.groupIds].sort()) {
    for (const cross of kb.crossSensitivitiesByGroup.get(groupId) ?? []) {
      if (!drugGroups.includes(cross.related_group_id)) continue;
      if (best && SEVERITY_RANK[cross.severity] >= SEVERITY_RANK[best.severity]) continue;
      const related = kb.allergyGroups.get(cross.related_group_id)!;
      best = {
        ...base,
        severity: cross.severity,
        description: `${generic} belongs to the ${related.name}, which can cross-react with the patient's ${allergy.label.toLowerCase()}. ${cross.description}`,
        recommendations: [...cross.recommendations],
      };
    }
  }
  return best;
}

function drugAllergyFindings(kb: KnowledgeBase, generics: readonly string[], allergies: readonly string[]): InteractionFinding[] {
  const resolved = allergies.map((allergy) => resolveAllergy(kb, allergy)).filter((allergy) => allergy !== null);
  const findings: InteractionFinding[] = [];
  for (const generic of generics) {
    for (const allergy of resolved) {
      const finding = allergyFinding(kb, generic, allergy);
      if (finding) findings.push(finding);
    }
  }
  return findings;
}

function duplicateTherapyFindings(kb: KnowledgeBase, generics: readonly string[], reportedPairs: ReadonlySet<string>): InteractionFinding[] {
  const findings: InteractionFinding[] = [];
  const reportedSets = new Set<string>();
  for (const classId of [...kb.classes.keys()].sort()) {
    const drugClass = kb.classes.get(classId)!;
    if (!drugClass.duplicate_therapy) continue;
    const members = generics.filter((generic) => kb.classesByDrug.get(generic)?.includes(classId));
    if (members.length < 2) continue;
    const setKey = members.join('|');
    if (reportedSets.has(setKey)) continue;
    const everyPairReported = members.every((a, i) => members.slice(i + 1).every((b) => reportedPairs.has(pairKey(a, b))));
    if (everyPairReported) continue;
    reportedSets.add(setKey);
    findings.push({
      kind: 'duplicate-therapy',
      severity: 'moderate',
      interactingDrugs: members,
      description: `Duplicate therapy: ${members.join(', ')} are all ${drugClass.name}. Taking more than one adds side effects without added benefit unless intended.`,
      recommendations: [
        `Confirm with the prescriber that more than one of the ${drugClass.name} is intended`,
        'If one replaces another, make sure the patient stops the old one',
      ],
      source: null,
    });
  }
  return findings;
}

function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

export function checkInteractions(kb: KnowledgeBase, input: InteractionCheckInput): InteractionCheckResult {
  const generics = medicationGenerics(kb, input.medications);
  const drugDrug = drugDrugFindings(kb, generics);
  const reportedPairs = new Set(drugDrug.map((finding) => pairKey(finding.interactingDrugs[0]!, finding.interactingDrugs[1]!)));
  const findings = [
    ...drugAllergyFindings(kb, generics, input.allergies ?? []),
    ...drugDrug,
    ...duplicateTherapyFindings(kb, generics, reportedPairs),
  ];
  // Stable sort: within a severity and kind, findings keep the order of the medication list.
  const interactions = findings
    .map((finding, index) => ({ finding, index }))
    .sort(
      (a, b) =>
        SEVERITY_RANK[a.finding.severity] - SEVERITY_RANK[b.finding.severity] ||
        KIND_RANK[a.finding.kind] - KIND_RANK[b.finding.kind] ||
        a.index - b.index,
    )
    .map(({ finding }) => finding);
  return { hasInteractions: interactions.length > 0, interactions, recommendedActions: recommendedActionsFor(interactions) };
}

/**
 * A new prescription's aiFlags: the interaction engine run over the new drug plus the patient's profile
 * (current medications, the drugs of their active prescriptions, allergies), keeping only the findings
 * that involve the new drug — what the profile already had was reviewed when those drugs were entered.
 * Stored as {hasInteractions, interactions[{severity, interactingDrugs, description, recommendations}],
 * recommendedActions} (spec part 1 §3), the actions derived from the kept findings alone.
 */
import { checkInteractions, medicationGenerics } from '../interactions/engine.ts';
import type { KnowledgeBase } from '../interactions/knowledge-base.ts';
import { recommendedActionsFor } from '../interactions/recommended-actions.ts';
import type { Severity } from '../interactions/types.ts';

export interface AiFlagInteraction {
  severity: Severity;
  interactingDrugs: string[];
  description: string;
  recommendations: string[];
}

export interface AiFlags {
  hasInteractions: boolean;
  interactions: AiFlagInteraction[];
  recommendedActions: string[];
}

export interface NewPrescriptionProfile {
  /** The new prescription's drug as the catalogue names it (its generic name when known). */
  newMedication: string;
  /** Free-text current medications of the patient and the drugs of their active prescriptions. */
  profileMedications: readonly string[];
  allergies: readonly string[];
}

export function aiFlagsForNewPrescription(kb: KnowledgeBase, profile: NewPrescriptionProfile): AiFlags {
  const newGenerics = new Set(medicationGenerics(kb, [profile.newMedication]));
  const result = checkInteractions(kb, {
    medications: [profile.newMedication, ...profile.profileMedications],
    allergies: [...profile.allergies],
  });
  const involvingNewDrug = result.interactions.filter((finding) =>
    finding.interactingDrugs.some((drug) => newGenerics.has(drug)),
  );
  return {
    hasInteractions: involvingNewDrug.length > 0,
    interactions: involvingNewDrug.map(({ severity, interactingDrugs, description, recommendations }) => ({
      severity,
      interactingDrugs: [...interactingDrugs],
      description,
      recommendations: [...recommendations],
    })),
    recommendedActions: recommendedActionsFor(involvingNewDrug),
  };
}

/**
 * The recommended actions of an interaction check, derived from its findings: what the pharmacy should
 * do before the prescription moves on, most urgent first, each once.
 */
import type { InteractionFinding } from './types.ts';

export const RECOMMENDED_ACTIONS = {
  contactPrescriber: 'Contact prescriber before dispensing',
  verifyAllergy: 'Verify the allergy and reaction history with the patient before dispensing',
  confirmDuplicate: 'Confirm with the prescriber that duplicate therapy is intended',
  pharmacistReview: 'Pharmacist review required before processing',
  counselPatient: 'Counsel the patient on the interaction and what to watch for',
  documentReview: 'Document the review or the override reason on the prescription',
} as const;

export function recommendedActionsFor(findings: readonly InteractionFinding[]): string[] {
  if (findings.length === 0) return [];
  const has = (test: (finding: InteractionFinding) => boolean) => findings.some(test);
  const actions: string[] = [];
  if (has((finding) => finding.severity === 'severe')) actions.push(RECOMMENDED_ACTIONS.contactPrescriber);
  if (has((finding) => finding.kind === 'drug-allergy')) actions.push(RECOMMENDED_ACTIONS.verifyAllergy);
  if (has((finding) => finding.kind === 'duplicate-therapy')) actions.push(RECOMMENDED_ACTIONS.confirmDuplicate);
  if (has((finding) => finding.severity !== 'mild')) actions.push(RECOMMENDED_ACTIONS.pharmacistReview);
  if (has((finding) => finding.kind === 'drug-drug')) actions.push(RECOMMENDED_ACTIONS.counselPatient);
  actions.push(RECOMMENDED_ACTIONS.documentReview);
  return actions;
}

/**
 * The interaction engine's vocabulary: the result the engine gives — the shape of
 * POST /api/ai/check-interactions and of public.check_interactions (spec part 1 §3 "Interaction item"). The
 * engine itself is SQL (supabase/migrations/20261122000900_clinical_safety.sql): one engine for every path.
 */

export const SEVERITIES = ['severe', 'moderate', 'mild'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** What a finding is about: two drugs that interact, a drug the patient is allergic to, or two drugs of one class. */
export type FindingKind = 'drug-drug' | 'drug-allergy' | 'duplicate-therapy';

export interface InteractionFinding {
  kind: FindingKind;
  severity: Severity;
  /** Generic names of the drugs involved; a drug–allergy finding names the drug and then the allergy ("penicillin allergy"). */
  interactingDrugs: string[];
  description: string;
  recommendations: string[];
  /** Where a drug–drug pair comes from ('ONC high-priority', 'Common retail interaction'); null for the other kinds. */
  source: string | null;
}

export interface InteractionCheckInput {
  medications: string[];
  allergies?: string[];
}

export interface InteractionCheckResult {
  hasInteractions: boolean;
  interactions: InteractionFinding[];
  recommendedActions: string[];
}

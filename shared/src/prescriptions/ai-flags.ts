/**
 * A prescription's aiFlags, as the database stores them: the interaction check of the new drug against the
 * patient's profile (current medications, the drugs of their other open prescriptions, allergies) at entry,
 * keeping the findings that involve the new drug — computed by the database
 * (private.prescription_interaction_flags), never by a client. verification_flags has the same shape: what
 * the check found new at verification. Shape: {hasInteractions, interactions[{severity, interactingDrugs,
 * description, recommendations}], recommendedActions} (spec part 1 §3).
 */
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

/**
 * A prescription's aiFlags, as the database stores them: the interaction check of the new drug against the
 * patient's profile (current medications, the drugs of their other open prescriptions, allergies) at entry,
 * keeping the findings that involve the new drug — computed by the database
 * (private.prescription_interaction_flags), never by a client. verification_flags has the same shape: what
 * the check found new at verification. Shape: {hasInteractions, interactions[{severity, interactingDrugs,
 * description, recommendations}], recommendedActions} (spec part 1 §3). The schema reads the jsonb (the
 * generated types say only `Json`) and is part of POST /api/prescriptions' answer (shared/src/api/prescriptions.ts).
 */
import * as z from 'zod';
import { SEVERITIES } from '../interactions/types.ts';

export const aiFlagInteractionSchema = z.looseObject({
  severity: z.enum(SEVERITIES),
  interactingDrugs: z.array(z.string()),
  description: z.string(),
  recommendations: z.array(z.string()),
});

export const aiFlagsSchema = z.looseObject({
  hasInteractions: z.boolean(),
  interactions: z.array(aiFlagInteractionSchema),
  recommendedActions: z.array(z.string()),
});

export type AiFlagInteraction = z.infer<typeof aiFlagInteractionSchema>;
export type AiFlags = z.infer<typeof aiFlagsSchema>;

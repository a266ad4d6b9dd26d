/**
 * The interaction engine's vocabulary: the result the engine gives — the shape of
 * POST /api/ai/check-interactions and of public.check_interactions (spec part 1 §3 "Interaction item"). The
 * engine itself is SQL (supabase/migrations/20261122000900_clinical_safety.sql): one engine for every path.
 */
import type * as z from 'zod';
import type { interactionCheckResultSchema, interactionFindingSchema } from '../api/interactions.ts';

export const SEVERITIES = ['severe', 'moderate', 'mild'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** What a finding is about: two drugs that interact, a drug the patient is allergic to, or two drugs of one class. */
export type FindingKind = InteractionFinding['kind'];

/**
 * One finding: generic names of the drugs involved (a drug–allergy finding names the drug and then the allergy,
 * "penicillin allergy"); `source` says where a drug–drug pair comes from ('ONC high-priority', 'Common retail
 * interaction'), null for the other kinds. The schema is the api's (shared/src/api/interactions.ts).
 */
export type InteractionFinding = z.infer<typeof interactionFindingSchema>;

export interface InteractionCheckInput {
  medications: string[];
  allergies?: string[];
}

export type InteractionCheckResult = z.infer<typeof interactionCheckResultSchema>;

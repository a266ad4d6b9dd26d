/**
 * POST /api/ai/check-interactions {medications, allergies?} — the database's interaction engine on demand,
 * signed-in staff only: 200 {hasInteractions, interactions, recommendedActions} (spec part 1 §3 "Interaction item").
 */
import * as z from 'zod';
import { checkInteractionsSchema } from '../interactions/check-interactions-schema.ts';
import { SEVERITIES } from '../interactions/types.ts';
import { apiEndpoint } from './endpoint.ts';

export const interactionFindingSchema = z.object({
  kind: z.enum(['drug-drug', 'drug-allergy', 'duplicate-therapy']),
  severity: z.enum(SEVERITIES),
  interactingDrugs: z.array(z.string()),
  description: z.string(),
  recommendations: z.array(z.string()),
  source: z.string().nullable(),
});

export const interactionCheckResultSchema = z.object({
  hasInteractions: z.boolean(),
  interactions: z.array(interactionFindingSchema),
  recommendedActions: z.array(z.string()),
});

export const checkInteractionsEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/ai/check-interactions',
  access: 'signed-in',
  request: checkInteractionsSchema,
  response: interactionCheckResultSchema,
  format: 'json',
  successStatus: 200,
});

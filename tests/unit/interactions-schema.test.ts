/**
 * The request schema of POST /api/ai/check-interactions. (The engine itself is SQL; its cases are in
 * tests/integration/interactions-engine.test.ts, against the database.)
 */
import { describe, expect, it } from 'vitest';
import { checkInteractionsSchema } from '../../shared/src/interactions/check-interactions-schema.ts';

describe('checkInteractionsSchema', () => {
  it('accepts medications with optional allergies, trimming names', () => {
    expect(checkInteractionsSchema.parse({ medications: [' warfarin 5mg '], allergies: ['Sulfa'] })).toEqual({ medications: ['warfarin 5mg'], allergies: ['Sulfa'] });
    expect(checkInteractionsSchema.parse({ medications: ['warfarin'] })).toEqual({ medications: ['warfarin'] });
  });

  it('refuses a missing or empty medication list, blank names and non-text entries', () => {
    const messages = (body: unknown) => {
      const result = checkInteractionsSchema.safeParse(body);
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(messages({})).toEqual(['Medications must be a list of names']);
    expect(messages({ medications: [] })).toEqual(['At least one medication is required']);
    expect(messages({ medications: ['  '] })).toEqual(['Medication names cannot be empty']);
    expect(messages({ medications: ['warfarin'], allergies: [3] })).toEqual(['Allergies must be a list of names']);
  });
});

/**
 * shared/src/drugs/formulary.ts (the formulary entry's form schema, its row ↔ entry mapping and labels) and
 * shared/src/interactions/dur-check-schema.ts (the bodies of POST /api/drugs/dur-check and /check-interactions).
 */
import { describe, expect, it } from 'vitest';
import {
  FORMULARY_MESSAGES, formatQuantityLimit, formularyEntryFormSchema, formularyEntryFromRow, formularyQuerySchema,
  formularyRowFromForm, formularyTierLabel, INSURANCE_TYPE_LABELS, INSURANCE_TYPES,
} from '../../shared/src/drugs/formulary.ts';
import { DUR_CHECK_MESSAGES, drugInteractionsSchema, durCheckSchema } from '../../shared/src/interactions/dur-check-schema.ts';

const VALID = { insuranceType: 'medicare_part_d', tier: '3', priorAuthorization: true, quantityLimit: '60', quantityLimitDays: '30', notes: '  Step therapy  ' };

function messagesOf(input: unknown): Record<string, string[]> {
  const result = formularyEntryFormSchema.safeParse(input);
  if (result.success) return {};
  const byField: Record<string, string[]> = {};
  for (const issue of result.error.issues) (byField[issue.path.join('.')] ??= []).push(issue.message);
  return byField;
}

describe('formularyEntryFormSchema', () => {
  it('turns the form\'s text into the entry\'s values', () => {
    expect(formularyEntryFormSchema.parse(VALID)).toEqual({
      insuranceType: 'medicare_part_d', tier: 3, priorAuthorization: true, quantityLimit: 60, quantityLimitDays: 30, notes: 'Step therapy',
    });
    expect(formularyEntryFormSchema.parse({ ...VALID, quantityLimit: '', quantityLimitDays: ' ', notes: '' })).toMatchObject({
      quantityLimit: null, quantityLimitDays: null, notes: null,
    });
  });

  it('refuses each bad field with its message', () => {
    expect(messagesOf({ ...VALID, insuranceType: 'platinum' })).toEqual({ insuranceType: [FORMULARY_MESSAGES.insuranceType] });
    for (const tier of ['0', '7', '2.5', 'two']) expect(messagesOf({ ...VALID, tier }), tier).toEqual({ tier: [FORMULARY_MESSAGES.tier] });
    for (const quantity of ['0', '-3', '1.234', 'ten']) expect(messagesOf({ ...VALID, quantityLimit: quantity }), quantity).toEqual({ quantityLimit: [FORMULARY_MESSAGES.quantity] });
    for (const days of ['0', '366', '1.5']) expect(messagesOf({ ...VALID, quantityLimitDays: days }), days).toEqual({ quantityLimitDays: [FORMULARY_MESSAGES.days] });
    expect(messagesOf({ ...VALID, notes: 'x'.repeat(501) })).toEqual({ notes: [FORMULARY_MESSAGES.notes] });
  });

  it('needs both halves of a quantity limit, each missing half named at its field', () => {
    expect(messagesOf({ ...VALID, quantityLimitDays: '' })).toEqual({ quantityLimitDays: [FORMULARY_MESSAGES.quantityNeedsDays] });
    expect(messagesOf({ ...VALID, quantityLimit: '' })).toEqual({ quantityLimit: [FORMULARY_MESSAGES.daysNeedQuantity] });
  });

  it('writes the columns of public.formulary_entries and reads a row back as the api\'s entry', () => {
    expect(formularyRowFromForm(formularyEntryFormSchema.parse(VALID))).toEqual({
      insurance_type: 'medicare_part_d', tier: 3, prior_authorization: true, quantity_limit: 60, quantity_limit_days: 30, notes: 'Step therapy',
    });
    const row = {
      id: '2f7d6c1e-8b3a-4f0e-9c2d-5a6b7c8d9e0f', medication_id: '5d2e8f41-3b7c-4e0a-8f3d-91c2b4a6e7f8', insurance_type: 'commercial',
      tier: 2, prior_authorization: false, quantity_limit: '90.50', quantity_limit_days: 90, notes: null, updated_at: '2026-11-23T10:00:00+00:00',
    };
    expect(formularyEntryFromRow(row)).toEqual({
      medicationId: row.medication_id, insuranceType: 'commercial', tier: 2, priorAuthorization: false,
      quantityLimit: { quantity: 90.5, days: 90 }, notes: null, updatedAt: row.updated_at,
    });
    expect(formularyEntryFromRow({ ...row, quantity_limit: null, quantity_limit_days: null }).quantityLimit).toBeNull();
  });

  it('labels every insurance type, tier and limit', () => {
    expect(INSURANCE_TYPES.every((type) => INSURANCE_TYPE_LABELS[type].length > 0)).toBe(true);
    expect(formularyTierLabel(1)).toBe('Tier 1 — Preferred generic');
    expect(formatQuantityLimit({ quantity: 30, days: 30 })).toBe('30 per 30 days');
    expect(formatQuantityLimit({ quantity: 1, days: 1 })).toBe('1 per 1 day');
    expect(formatQuantityLimit(null)).toBe('No limit');
  });

  it('takes only known insurance types in the formulary query', () => {
    expect(formularyQuerySchema.safeParse({ insuranceType: 'medicaid' }).success).toBe(true);
    expect(formularyQuerySchema.safeParse({ insuranceType: 'Medicaid' }).error?.issues[0]?.message).toBe(FORMULARY_MESSAGES.insuranceType);
    expect(formularyQuerySchema.safeParse({}).success).toBe(false);
  });
});

describe('durCheckSchema and drugInteractionsSchema', () => {
  it('take the documented bodies, names trimmed', () => {
    expect(durCheckSchema.parse({ medication: ' Advil 200 mg ', patientProfile: { currentMedications: ['Warfarin 5mg'], allergies: ['Penicillin'] } })).toEqual({
      medication: 'Advil 200 mg', patientProfile: { currentMedications: ['Warfarin 5mg'], allergies: ['Penicillin'] },
    });
    expect(durCheckSchema.parse({ medication: 'Advil', patientProfile: {} })).toEqual({ medication: 'Advil', patientProfile: {} });
    expect(drugInteractionsSchema.parse({ medications: ['Warfarin', 'Advil'] })).toEqual({ medications: ['Warfarin', 'Advil'] });
  });

  it('refuse bad bodies with clear messages', () => {
    const first = (schema: typeof durCheckSchema | typeof drugInteractionsSchema, body: unknown) => schema.safeParse(body).error?.issues[0]?.message;
    expect(first(durCheckSchema, { medication: '', patientProfile: {} })).toBe(DUR_CHECK_MESSAGES.medication);
    expect(first(durCheckSchema, { patientProfile: {} })).toBe(DUR_CHECK_MESSAGES.medication);
    expect(first(durCheckSchema, { medication: 'x'.repeat(201), patientProfile: {} })).toBe(DUR_CHECK_MESSAGES.medicationLength);
    expect(first(durCheckSchema, { medication: 'Advil', patientProfile: 'none' })).toBe(DUR_CHECK_MESSAGES.patientProfile);
    expect(first(durCheckSchema, { medication: 'Advil', patientProfile: { currentMedications: [' '] } })).toBe('Medication names cannot be empty');
    expect(first(drugInteractionsSchema, { medications: [] })).toBe('At least one medication is required');
  });
});

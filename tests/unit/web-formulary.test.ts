/**
 * The formulary editor's form (web/src/features/formulary): a new entry is offered only the insurance types the
 * medication has no entry for, an existing entry opens with its values as the form's text, and what the form
 * starts from passes the shared schema unchanged (so saving untouched values writes the same entry back).
 */
import { describe, expect, it } from 'vitest';
import { formularyEntryFormSchema, INSURANCE_TYPES, type FormularyEntry } from '../../shared/src/drugs/formulary.ts';
import { formularyFormDefaults, insuranceTypesWithoutEntry } from '../../web/src/features/formulary/formulary-form-values.ts';

const ENTRY: FormularyEntry = {
  medicationId: '5d2e8f41-3b7c-4e0a-8f3d-91c2b4a6e7f8', insuranceType: 'medicaid', tier: 4, priorAuthorization: true,
  quantityLimit: { quantity: 7.5, days: 30 }, notes: 'Age 18+', updatedAt: '2026-11-23T10:00:00Z',
};

describe('insuranceTypesWithoutEntry', () => {
  it('offers the types without an entry, in the shared order', () => {
    expect(insuranceTypesWithoutEntry([])).toEqual([...INSURANCE_TYPES]);
    expect(insuranceTypesWithoutEntry([{ insuranceType: 'medicaid' }, { insuranceType: 'commercial' }])).toEqual(['medicare_part_d', 'tricare', 'workers_compensation']);
    expect(insuranceTypesWithoutEntry(INSURANCE_TYPES.map((insuranceType) => ({ insuranceType })))).toEqual([]);
  });
});

describe('formularyFormDefaults', () => {
  it('opens an entry with its values, which parse back to the same entry', () => {
    const defaults = formularyFormDefaults(ENTRY, 'commercial');
    expect(defaults).toEqual({ insuranceType: 'medicaid', tier: '4', priorAuthorization: true, quantityLimit: '7.5', quantityLimitDays: '30', notes: 'Age 18+' });
    expect(formularyEntryFormSchema.parse(defaults)).toEqual({
      insuranceType: 'medicaid', tier: 4, priorAuthorization: true, quantityLimit: 7.5, quantityLimitDays: 30, notes: 'Age 18+',
    });
    expect(formularyEntryFormSchema.parse(formularyFormDefaults({ ...ENTRY, quantityLimit: null, notes: null }, 'commercial'))).toMatchObject({
      quantityLimit: null, quantityLimitDays: null, notes: null,
    });
  });

  it('starts a new entry at tier 1 without prior authorisation or limit, for the type given', () => {
    const defaults = formularyFormDefaults(null, 'tricare');
    expect(formularyEntryFormSchema.parse(defaults)).toEqual({
      insuranceType: 'tricare', tier: 1, priorAuthorization: false, quantityLimit: null, quantityLimitDays: null, notes: null,
    });
  });
});

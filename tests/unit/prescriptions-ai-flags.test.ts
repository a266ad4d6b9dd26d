/**
 * A new prescription's aiFlags: the engine's findings that involve the new drug only, in the stored shape.
 */
import { describe, expect, it } from 'vitest';
import { buildKnowledgeBase } from '../../shared/src/interactions/knowledge-base.ts';
import { aiFlagsForNewPrescription } from '../../shared/src/prescriptions/ai-flags.ts';
import { fixtureRows } from './interactions-fixture.ts';

const kb = buildKnowledgeBase(fixtureRows);

describe('aiFlagsForNewPrescription', () => {
  it('flags warfarin for a patient on ibuprofen with the warfarin–NSAID finding', () => {
    const flags = aiFlagsForNewPrescription(kb, { newMedication: 'warfarin', profileMedications: ['Advil 200mg'], allergies: [] });
    expect(flags.hasInteractions).toBe(true);
    expect(flags.interactions).toEqual([
      { severity: 'severe', interactingDrugs: ['warfarin', 'ibuprofen'], description: 'Bleeding with warfarin.', recommendations: ['Use acetaminophen', 'Check INR'] },
    ]);
    expect(flags.recommendedActions).toContain('Contact prescriber before dispensing');
  });

  it('leaves out findings between drugs the patient already takes', () => {
    const flags = aiFlagsForNewPrescription(kb, { newMedication: 'apixaban', profileMedications: ['warfarin', 'ibuprofen'], allergies: [] });
    expect(flags.interactions.every((finding) => finding.interactingDrugs.includes('apixaban'))).toBe(true);
    expect(flags.interactions.some((finding) => finding.interactingDrugs.includes('warfarin') && finding.interactingDrugs.includes('ibuprofen') && finding.interactingDrugs.length === 2)).toBe(false);
  });

  it('reports no interactions for a clean profile', () => {
    expect(aiFlagsForNewPrescription(kb, { newMedication: 'warfarin', profileMedications: [], allergies: [] })).toEqual({
      hasInteractions: false, interactions: [], recommendedActions: [],
    });
  });
});

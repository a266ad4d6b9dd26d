/**
 * The interaction engine against a small fixture knowledge base: drug–drug by drug and by class (most
 * specific rule wins), a class paired with itself, drug–allergy (same drug, same group, cross-sensitive
 * group), duplicate therapy, ordering, recommended actions and a clean profile.
 */
import { describe, expect, it } from 'vitest';
import { checkInteractions, medicationGenerics } from '../../shared/src/interactions/engine.ts';
import { buildKnowledgeBase } from '../../shared/src/interactions/knowledge-base.ts';
import { RECOMMENDED_ACTIONS } from '../../shared/src/interactions/recommended-actions.ts';
import { fixtureRows } from './interactions-fixture.ts';

const kb = buildKnowledgeBase(fixtureRows);

describe('medicationGenerics', () => {
  it('resolves brands, strengths, salts and combinations to distinct generics in order', () => {
    expect(medicationGenerics(kb, ['Coumadin 5mg', 'Warfarin Sodium 2.5 mg tablet', 'Norco 5/325', 'Bactrim DS'])).toEqual([
      'warfarin',
      'acetaminophen',
      'hydrocodone',
      'sulfamethoxazole',
      'trimethoprim',
    ]);
  });
});

describe('checkInteractions: drug–drug', () => {
  it('finds a class–class pair through membership (an SSRI with an MAOI)', () => {
    const result = checkInteractions(kb, { medications: ['Sertraline 50 mg', 'phenelzine'] });
    expect(result.hasInteractions).toBe(true);
    expect(result.interactions).toEqual([
      { kind: 'drug-drug', severity: 'severe', interactingDrugs: ['sertraline', 'phenelzine'], description: 'Serotonin syndrome.', recommendations: ['Do not combine'], source: 'ONC high-priority' },
    ]);
  });

  it('pairs two different members of a class paired with itself, but not a drug with itself', () => {
    expect(checkInteractions(kb, { medications: ['citalopram', 'ondansetron'] }).interactions.map((f) => f.description)).toEqual(['Additive QT prolongation.']);
    expect(checkInteractions(kb, { medications: ['citalopram 10 mg', 'Citalopram 20mg'] }).hasInteractions).toBe(false);
  });

  it('reports one finding per pair: the drug-specific rule beats the class rule of the same severity', () => {
    const result = checkInteractions(kb, { medications: ['Coumadin', 'Advil 200mg'] });
    expect(result.interactions).toHaveLength(1);
    expect(result.interactions[0]).toMatchObject({ interactingDrugs: ['warfarin', 'ibuprofen'], description: 'Bleeding with warfarin.', recommendations: ['Use acetaminophen', 'Check INR'] });
    expect(checkInteractions(kb, { medications: ['apixaban', 'naproxen'] }).interactions[0]!.description).toBe('Bleeding (class).');
  });

  it('finds a drug–drug pair inside a combination product', () => {
    const result = checkInteractions(kb, { medications: ['methotrexate 2.5 mg', 'Bactrim DS'] });
    expect(result.interactions.map((f) => f.interactingDrugs)).toEqual([['methotrexate', 'trimethoprim']]);
  });

  it('orders findings by severity, then the medication list', () => {
    const result = checkInteractions(kb, { medications: ['sertraline', 'ibuprofen', 'phenelzine'] });
    expect(result.interactions.map((f) => [f.severity, ...f.interactingDrugs])).toEqual([
      ['severe', 'sertraline', 'phenelzine'],
      ['moderate', 'sertraline', 'ibuprofen'],
    ]);
  });
});

describe('checkInteractions: drug–allergy', () => {
  it('flags a member of the allergy group named by an alias as severe', () => {
    const result = checkInteractions(kb, { medications: ['Amoxicillin 500mg'], allergies: ['PCN'] });
    expect(result.interactions).toHaveLength(1);
    expect(result.interactions[0]).toMatchObject({ kind: 'drug-allergy', severity: 'severe', interactingDrugs: ['amoxicillin', 'PCN allergy'], source: null });
  });

  it('flags a group member when the allergy names another drug of the group, and the drug itself', () => {
    expect(checkInteractions(kb, { medications: ['ampicillin'], allergies: ['Allergic to amoxicillin (hives)'] }).interactions[0]).toMatchObject({
      severity: 'severe',
      interactingDrugs: ['ampicillin', 'Allergic to amoxicillin (hives)'],
    });
    expect(checkInteractions(kb, { medications: ['Advil'], allergies: ['ibuprofen'] }).interactions[0]).toMatchObject({
      severity: 'severe',
      interactingDrugs: ['ibuprofen', 'ibuprofen allergy'],
      description: 'The patient has a recorded allergy to ibuprofen.',
    });
  });

  it('flags a cross-sensitive group with its own severity', () => {
    const result = checkInteractions(kb, { medications: ['cephalexin 500 mg'], allergies: ['Penicillin'] });
    expect(result.interactions[0]).toMatchObject({ kind: 'drug-allergy', severity: 'moderate', recommendations: ['Ask about the reaction'] });
  });

  it('reaches an ingredient of a combination product (sulfa allergy, Bactrim)', () => {
    const result = checkInteractions(kb, { medications: ['Bactrim'], allergies: ['Sulfa'] });
    expect(result.interactions.map((f) => f.interactingDrugs)).toEqual([['sulfamethoxazole', 'Sulfa allergy']]);
  });

  it('does not flag drugs outside the allergy and its cross-sensitive groups', () => {
    expect(checkInteractions(kb, { medications: ['sertraline', 'cephalexin'], allergies: ['Sulfa'] }).hasInteractions).toBe(false);
  });
});

describe('checkInteractions: duplicate therapy', () => {
  it('flags two drugs of a class marked for duplicate therapy', () => {
    const result = checkInteractions(kb, { medications: ['ibuprofen', 'Naproxen 220 mg'] });
    expect(result.interactions).toEqual([
      expect.objectContaining({ kind: 'duplicate-therapy', severity: 'moderate', interactingDrugs: ['ibuprofen', 'naproxen'], source: null }),
    ]);
    expect(result.recommendedActions).toContain(RECOMMENDED_ACTIONS.confirmDuplicate);
  });

  it('leaves out duplicate therapy when the pair is already reported as an interaction', () => {
    const result = checkInteractions(kb, { medications: ['warfarin', 'apixaban'] });
    expect(result.interactions.map((f) => f.kind)).toEqual(['drug-drug']);
  });

  it('does not flag a class that is not marked (two QT agents are an interaction, not duplication)', () => {
    expect(checkInteractions(kb, { medications: ['citalopram', 'ondansetron'] }).interactions.map((f) => f.kind)).toEqual(['drug-drug']);
  });
});

describe('checkInteractions: recommended actions and clean profiles', () => {
  it('asks to contact the prescriber for a severe finding', () => {
    const { recommendedActions } = checkInteractions(kb, { medications: ['sertraline', 'phenelzine'] });
    expect(recommendedActions[0]).toBe('Contact prescriber before dispensing');
    expect(recommendedActions).toContain(RECOMMENDED_ACTIONS.pharmacistReview);
  });

  it('does not ask to contact the prescriber for a moderate finding only', () => {
    const { recommendedActions } = checkInteractions(kb, { medications: ['sertraline', 'ibuprofen'] });
    expect(recommendedActions).not.toContain(RECOMMENDED_ACTIONS.contactPrescriber);
    expect(recommendedActions).toContain(RECOMMENDED_ACTIONS.pharmacistReview);
  });

  it('reports nothing for a clean profile, unknown drugs and no allergies', () => {
    expect(checkInteractions(kb, { medications: ['lisinopril 10 mg', 'metformin', 'sertraline'], allergies: [] })).toEqual({
      hasInteractions: false,
      interactions: [],
      recommendedActions: [],
    });
  });

  it('gives the same answer whatever the order of the knowledge-base rows', () => {
    const reversed = buildKnowledgeBase({
      ...fixtureRows,
      drugClassMembers: [...fixtureRows.drugClassMembers].reverse(),
      drugInteractions: [...fixtureRows.drugInteractions].reverse(),
      drugSynonyms: [...fixtureRows.drugSynonyms].reverse(),
    });
    const input = { medications: ['Coumadin', 'Advil', 'sertraline', 'naproxen', 'phenelzine'], allergies: ['pcn'] };
    expect(checkInteractions(reversed, input)).toEqual(checkInteractions(kb, input));
  });
});

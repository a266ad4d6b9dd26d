/**
 * Drug-name normalisation: strengths, forms, salts, synonyms, combinations; unknown names kept cleaned.
 */
import { describe, expect, it } from 'vitest';
import { buildKnowledgeBase } from '../../shared/src/interactions/knowledge-base.ts';
import { cleanDrugText, normalizeMedicationName, stripStrengthAndForm } from '../../shared/src/interactions/normalize.ts';
import { fixtureRows } from './interactions-fixture.ts';

const { names } = buildKnowledgeBase(fixtureRows);
const normalize = (text: string) => normalizeMedicationName(text, names);

describe('cleanDrugText and stripStrengthAndForm', () => {
  it('lower-cases and drops marks, apostrophes, periods and parenthetical notes', () => {
    expect(cleanDrugText("  St. John's Wort®  (herbal) ")).toBe('st johns wort');
  });

  it('drops strengths with units, ratios and dosage-form words, keeping decimals intact before that', () => {
    expect(stripStrengthAndForm(cleanDrugText('Warfarin 2.5 mg tablet'))).toBe('warfarin');
    expect(stripStrengthAndForm(cleanDrugText('Amoxicillin 250mg/5ml oral suspension'))).toBe('amoxicillin');
    expect(stripStrengthAndForm(cleanDrugText('Metoprolol Succinate ER 50 MG'))).toBe('metoprolol succinate');
    expect(stripStrengthAndForm(cleanDrugText('Norco 5/325'))).toBe('norco');
  });
});

describe('normalizeMedicationName', () => {
  it('resolves generics whatever the case, strength and form', () => {
    expect(normalize('Warfarin 5mg')).toEqual(['warfarin']);
    expect(normalize('IBUPROFEN 800 MG TABS')).toEqual(['ibuprofen']);
  });

  it('resolves brands and abbreviations, a combination brand to each ingredient', () => {
    expect(normalize('Advil')).toEqual(['ibuprofen']);
    expect(normalize('Bactrim DS 800-160 mg')).toEqual(['sulfamethoxazole', 'trimethoprim']);
    expect(normalize("St. John's Wort 300 mg")).toEqual(['st johns wort']);
  });

  it('drops salt words only when that gives a known drug', () => {
    expect(normalize('warfarin sodium')).toEqual(['warfarin']);
    expect(normalize('potassium chloride ER 20 mEq')).toEqual(['potassium chloride']);
    expect(normalize('KCl 10 meq')).toEqual(['potassium chloride']);
    expect(normalize('losartan potassium 50 mg')).toEqual(['losartan potassium']);
  });

  it('splits unknown combinations written with a slash or hyphen and resolves each part', () => {
    expect(normalize('hydrocodone/APAP 5/325 mg')).toEqual(['hydrocodone', 'acetaminophen']);
    expect(normalize('Sulfamethoxazole-Trimethoprim 800-160')).toEqual(['sulfamethoxazole', 'trimethoprim']);
  });

  it('keeps an unknown name cleaned, and gives nothing for empty text', () => {
    expect(normalize('Zyxolol 10 mg capsule')).toEqual(['zyxolol']);
    expect(normalize('   ')).toEqual([]);
  });
});

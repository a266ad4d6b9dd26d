/**
 * The interaction engine — SQL in the database (private.interaction_check and its normalisation helpers,
 * 20261122000900_clinical_safety) — against a small fixture knowledge base: drug–drug by drug and by class
 * (most specific rule wins), a class paired with itself, drug–allergy (same drug, same group, cross-sensitive
 * group), duplicate therapy, ordering, recommended actions, a clean profile, and name normalisation. The
 * fixture replaces the real knowledge base inside one transaction that is rolled back at the end, so other
 * tests keep reading the real one (MVCC).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InteractionCheckInput, InteractionCheckResult } from '../../shared/src/interactions/types.ts';
import { stackEnv } from '../support/stack-env.ts';
import { fixtureRows, type KnowledgeBaseRows } from './interactions-fixture.ts';

/** The texts of the database's recommended actions (private.recommended_actions owns them; named here to assert on). */
const RECOMMENDED_ACTIONS = {
  contactPrescriber: 'Contact prescriber before dispensing',
  confirmDuplicate: 'Confirm with the prescriber that duplicate therapy is intended',
  pharmacistReview: 'Pharmacist review required before processing',
} as const;

let db: pg.Client;

const TABLES = ['drug_interactions', 'drug_class_members', 'drug_synonyms', 'allergy_cross_sensitivities', 'allergy_group_members', 'allergy_groups', 'drug_classes'];

async function insertRows(table: string, rows: object[]): Promise<void> {
  for (const row of rows) {
    const columns = Object.keys(row);
    await db.query(
      `insert into public.${table} (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
      Object.values(row),
    );
  }
}

/** Replaces the whole knowledge base with `rows` (inside the open transaction). */
async function loadKnowledgeBase(rows: KnowledgeBaseRows): Promise<void> {
  for (const table of TABLES) await db.query(`delete from public.${table}`);
  await insertRows('drug_classes', rows.drugClasses);
  await insertRows('drug_class_members', rows.drugClassMembers);
  await insertRows('drug_synonyms', rows.drugSynonyms);
  await insertRows('drug_interactions', rows.drugInteractions);
  await insertRows('allergy_groups', rows.allergyGroups);
  await insertRows('allergy_group_members', rows.allergyGroupMembers);
  await insertRows('allergy_cross_sensitivities', rows.allergyCrossSensitivities);
}

beforeAll(async () => {
  db = new pg.Client({ connectionString: stackEnv().dbUrl });
  await db.connect();
  await db.query('begin');
  await loadKnowledgeBase(fixtureRows);
});

afterAll(async () => {
  await db.query('rollback');
  await db.end();
});

async function checkInteractions(input: InteractionCheckInput): Promise<InteractionCheckResult> {
  const { rows } = await db.query('select private.interaction_check($1, $2) as result', [input.medications, input.allergies ?? []]);
  return rows[0].result as InteractionCheckResult;
}

async function medicationGenerics(medications: string[]): Promise<string[]> {
  return (await db.query('select private.medication_generics($1) as generics', [medications])).rows[0].generics;
}

async function normalize(text: string): Promise<string[]> {
  return (await db.query('select private.normalize_medication_name($1) as generics', [text])).rows[0].generics;
}

async function cleanDrugText(text: string): Promise<string> {
  return (await db.query('select private.clean_drug_text($1) as cleaned', [text])).rows[0].cleaned;
}

async function stripStrengthAndForm(cleaned: string): Promise<string> {
  return (await db.query('select private.strip_strength_and_form($1) as stripped', [cleaned])).rows[0].stripped;
}

describe('medication generics', () => {
  it('resolves brands, strengths, salts and combinations to distinct generics in order', async () => {
    expect(await medicationGenerics(['Coumadin 5mg', 'Warfarin Sodium 2.5 mg tablet', 'Norco 5/325', 'Bactrim DS'])).toEqual([
      'warfarin',
      'acetaminophen',
      'hydrocodone',
      'sulfamethoxazole',
      'trimethoprim',
    ]);
  });
});

describe('the check: drug–drug', () => {
  it('finds a class–class pair through membership (an SSRI with an MAOI)', async () => {
    const result = await checkInteractions({ medications: ['Sertraline 50 mg', 'phenelzine'] });
    expect(result.hasInteractions).toBe(true);
    expect(result.interactions).toEqual([
      { kind: 'drug-drug', severity: 'severe', interactingDrugs: ['sertraline', 'phenelzine'], description: 'Serotonin syndrome.', recommendations: ['Do not combine'], source: 'ONC high-priority' },
    ]);
  });

  it('pairs two different members of a class paired with itself, but not a drug with itself', async () => {
    expect((await checkInteractions({ medications: ['citalopram', 'ondansetron'] })).interactions.map((f) => f.description)).toEqual(['Additive QT prolongation.']);
    expect((await checkInteractions({ medications: ['citalopram 10 mg', 'Citalopram 20mg'] })).hasInteractions).toBe(false);
  });

  it('reports one finding per pair: the drug-specific rule beats the class rule of the same severity', async () => {
    const result = await checkInteractions({ medications: ['Coumadin', 'Advil 200mg'] });
    expect(result.interactions).toHaveLength(1);
    expect(result.interactions[0]).toMatchObject({ interactingDrugs: ['warfarin', 'ibuprofen'], description: 'Bleeding with warfarin.', recommendations: ['Use acetaminophen', 'Check INR'] });
    expect((await checkInteractions({ medications: ['apixaban', 'naproxen'] })).interactions[0]!.description).toBe('Bleeding (class).');
  });

  it('finds a drug–drug pair inside a combination product', async () => {
    const result = await checkInteractions({ medications: ['methotrexate 2.5 mg', 'Bactrim DS'] });
    expect(result.interactions.map((f) => f.interactingDrugs)).toEqual([['methotrexate', 'trimethoprim']]);
  });

  it('orders findings by severity, then the medication list', async () => {
    const result = await checkInteractions({ medications: ['sertraline', 'ibuprofen', 'phenelzine'] });
    expect(result.interactions.map((f) => [f.severity, ...f.interactingDrugs])).toEqual([
      ['severe', 'sertraline', 'phenelzine'],
      ['moderate', 'sertraline', 'ibuprofen'],
    ]);
  });
});

describe('the check: drug–allergy', () => {
  it('flags a member of the allergy group named by an alias as severe', async () => {
    const result = await checkInteractions({ medications: ['Amoxicillin 500mg'], allergies: ['PCN'] });
    expect(result.interactions).toHaveLength(1);
    expect(result.interactions[0]).toMatchObject({ kind: 'drug-allergy', severity: 'severe', interactingDrugs: ['amoxicillin', 'PCN allergy'], source: null });
  });

  it('flags a group member when the allergy names another drug of the group, and the drug itself', async () => {
    expect((await checkInteractions({ medications: ['ampicillin'], allergies: ['Allergic to amoxicillin (hives)'] })).interactions[0]).toMatchObject({
      severity: 'severe',
      interactingDrugs: ['ampicillin', 'Allergic to amoxicillin (hives)'],
    });
    expect((await checkInteractions({ medications: ['Advil'], allergies: ['ibuprofen'] })).interactions[0]).toMatchObject({
      severity: 'severe',
      interactingDrugs: ['ibuprofen', 'ibuprofen allergy'],
      description: 'The patient has a recorded allergy to ibuprofen.',
    });
  });

  it('flags a cross-sensitive group with its own severity', async () => {
    const result = await checkInteractions({ medications: ['cephalexin 500 mg'], allergies: ['Penicillin'] });
    expect(result.interactions[0]).toMatchObject({ kind: 'drug-allergy', severity: 'moderate', recommendations: ['Ask about the reaction'] });
  });

  it('reaches an ingredient of a combination product (sulfa allergy, Bactrim)', async () => {
    const result = await checkInteractions({ medications: ['Bactrim'], allergies: ['Sulfa'] });
    expect(result.interactions.map((f) => f.interactingDrugs)).toEqual([['sulfamethoxazole', 'Sulfa allergy']]);
  });

  it('does not flag drugs outside the allergy and its cross-sensitive groups', async () => {
    expect((await checkInteractions({ medications: ['sertraline', 'cephalexin'], allergies: ['Sulfa'] })).hasInteractions).toBe(false);
  });
});

describe('the check: duplicate therapy', () => {
  it('flags two drugs of a class marked for duplicate therapy', async () => {
    const result = await checkInteractions({ medications: ['ibuprofen', 'Naproxen 220 mg'] });
    expect(result.interactions).toEqual([
      expect.objectContaining({ kind: 'duplicate-therapy', severity: 'moderate', interactingDrugs: ['ibuprofen', 'naproxen'], source: null }),
    ]);
    expect(result.recommendedActions).toContain(RECOMMENDED_ACTIONS.confirmDuplicate);
  });

  it('leaves out duplicate therapy when the pair is already reported as an interaction', async () => {
    const result = await checkInteractions({ medications: ['warfarin', 'apixaban'] });
    expect(result.interactions.map((f) => f.kind)).toEqual(['drug-drug']);
  });

  it('does not flag a class that is not marked (two QT agents are an interaction, not duplication)', async () => {
    expect((await checkInteractions({ medications: ['citalopram', 'ondansetron'] })).interactions.map((f) => f.kind)).toEqual(['drug-drug']);
  });
});

describe('the check: recommended actions and clean profiles', () => {
  it('asks to contact the prescriber for a severe finding', async () => {
    const { recommendedActions } = await checkInteractions({ medications: ['sertraline', 'phenelzine'] });
    expect(recommendedActions[0]).toBe('Contact prescriber before dispensing');
    expect(recommendedActions).toContain(RECOMMENDED_ACTIONS.pharmacistReview);
  });

  it('does not ask to contact the prescriber for a moderate finding only', async () => {
    const { recommendedActions } = await checkInteractions({ medications: ['sertraline', 'ibuprofen'] });
    expect(recommendedActions).not.toContain(RECOMMENDED_ACTIONS.contactPrescriber);
    expect(recommendedActions).toContain(RECOMMENDED_ACTIONS.pharmacistReview);
  });

  it('reports nothing for a clean profile, unknown drugs and no allergies', async () => {
    expect(await checkInteractions({ medications: ['lisinopril 10 mg', 'metformin', 'sertraline'], allergies: [] })).toEqual({
      hasInteractions: false,
      interactions: [],
      recommendedActions: [],
    });
  });

  it('gives the same answer whatever the order of the knowledge-base rows', async () => {
    const input = { medications: ['Coumadin', 'Advil', 'sertraline', 'naproxen', 'phenelzine'], allergies: ['pcn'] };
    const inOrder = await checkInteractions(input);
    await db.query('savepoint reversed');
    await loadKnowledgeBase({
      ...fixtureRows,
      drugClassMembers: [...fixtureRows.drugClassMembers].reverse(),
      drugInteractions: [...fixtureRows.drugInteractions].reverse(),
      drugSynonyms: [...fixtureRows.drugSynonyms].reverse(),
    });
    const reversed = await checkInteractions(input);
    await db.query('rollback to savepoint reversed');
    expect(reversed).toEqual(inOrder);
    expect(inOrder.interactions.length).toBeGreaterThan(2);
  });
});

describe('name cleaning and stripping', () => {
  it('lower-cases and drops marks, apostrophes, periods and parenthetical notes', async () => {
    expect(await cleanDrugText("  St. John's Wort®  (herbal) ")).toBe('st johns wort');
  });

  it('drops strengths with units, ratios and dosage-form words, keeping decimals intact before that', async () => {
    expect(await stripStrengthAndForm(await cleanDrugText('Warfarin 2.5 mg tablet'))).toBe('warfarin');
    expect(await stripStrengthAndForm(await cleanDrugText('Amoxicillin 250mg/5ml oral suspension'))).toBe('amoxicillin');
    expect(await stripStrengthAndForm(await cleanDrugText('Metoprolol Succinate ER 50 MG'))).toBe('metoprolol succinate');
    expect(await stripStrengthAndForm(await cleanDrugText('Norco 5/325'))).toBe('norco');
  });
});

describe('name normalisation', () => {
  it('resolves generics whatever the case, strength and form', async () => {
    expect(await normalize('Warfarin 5mg')).toEqual(['warfarin']);
    expect(await normalize('IBUPROFEN 800 MG TABS')).toEqual(['ibuprofen']);
  });

  it('resolves brands and abbreviations, a combination brand to each ingredient', async () => {
    expect(await normalize('Advil')).toEqual(['ibuprofen']);
    expect(await normalize('Bactrim DS 800-160 mg')).toEqual(['sulfamethoxazole', 'trimethoprim']);
    expect(await normalize("St. John's Wort 300 mg")).toEqual(['st johns wort']);
  });

  it('drops salt words only when that gives a known drug', async () => {
    expect(await normalize('warfarin sodium')).toEqual(['warfarin']);
    expect(await normalize('potassium chloride ER 20 mEq')).toEqual(['potassium chloride']);
    expect(await normalize('KCl 10 meq')).toEqual(['potassium chloride']);
    expect(await normalize('losartan potassium 50 mg')).toEqual(['losartan potassium']);
  });

  it('splits unknown combinations written with a slash or hyphen and resolves each part', async () => {
    expect(await normalize('hydrocodone/APAP 5/325 mg')).toEqual(['hydrocodone', 'acetaminophen']);
    expect(await normalize('Sulfamethoxazole-Trimethoprim 800-160')).toEqual(['sulfamethoxazole', 'trimethoprim']);
  });

  it('keeps an unknown name cleaned, and gives nothing for empty text', async () => {
    expect(await normalize('Zyxolol 10 mg capsule')).toEqual(['zyxolol']);
    expect(await normalize('   ')).toEqual([]);
  });
});

/**
 * POST /api/ai/check-interactions through supabase.functions.invoke, with the real knowledge base of the
 * drug_knowledge migration: every ONC high-priority pair (Phansalkar et al. 2012) found from specific drugs
 * through class membership, common retail pairs, drug–allergy, duplicate therapy, a clean profile; 400 on
 * a bad body and 401 without a signed-in user. Also the knowledge base's own RLS (read-only, signed-in only).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InteractionCheckResult } from '../../shared/src/interactions/types.ts';
import { callApi } from '../support/api-call.ts';
import { closeSql, createTestClient, signedInClient } from '../support/stack-env.ts';

afterAll(closeSql);

let staff: SupabaseClient;
beforeAll(async () => {
  staff = (await signedInClient('interactions')).client;
});

async function check(medications: string[], allergies?: string[]): Promise<InteractionCheckResult> {
  const answer = await callApi<InteractionCheckResult>(staff, 'ai/check-interactions', { body: allergies ? { medications, allergies } : { medications } });
  expect(answer.status).toBe(200);
  return answer.body;
}

/** The 15 ONC pairs, each as two specific products a prescription could name, and the generics expected. */
const ONC_PAIRS: { pair: string; medications: [string, string]; generics: [string, string] }[] = [
  { pair: 'amphetamine derivatives + MAO inhibitors', medications: ['Vyvanse 30 mg', 'Nardil 15 mg'], generics: ['lisdexamfetamine', 'phenelzine'] },
  { pair: 'atazanavir + proton pump inhibitors', medications: ['Reyataz 300 mg', 'omeprazole 20 mg'], generics: ['atazanavir', 'omeprazole'] },
  { pair: 'febuxostat + azathioprine/mercaptopurine', medications: ['Uloric 40 mg', 'mercaptopurine 50 mg'], generics: ['febuxostat', 'mercaptopurine'] },
  { pair: 'SSRIs + MAO inhibitors', medications: ['Sertraline 50 mg', 'tranylcypromine 10 mg'], generics: ['sertraline', 'tranylcypromine'] },
  { pair: 'irinotecan + strong CYP3A4 inhibitors', medications: ['irinotecan', 'ketoconazole 200 mg'], generics: ['irinotecan', 'ketoconazole'] },
  { pair: 'narcotic analgesics + MAO inhibitors', medications: ['Ultram 50 mg', 'selegiline 5 mg'], generics: ['tramadol', 'selegiline'] },
  { pair: 'tricyclic antidepressants + MAO inhibitors', medications: ['amitriptyline 25 mg', 'isocarboxazid 10 mg'], generics: ['amitriptyline', 'isocarboxazid'] },
  { pair: 'QT-prolonging agents + QT-prolonging agents', medications: ['Citalopram 20 mg', 'Zofran 4 mg ODT'], generics: ['citalopram', 'ondansetron'] },
  { pair: 'ramelteon + strong CYP1A2 inhibitors', medications: ['Rozerem 8 mg', 'fluvoxamine 100 mg'], generics: ['ramelteon', 'fluvoxamine'] },
  { pair: 'protease inhibitors + strong CYP3A4 inducers', medications: ['Prezista 800 mg', 'rifampin 300 mg'], generics: ['darunavir', 'rifampin'] },
  { pair: 'statins + CYP3A4 and protease inhibitors', medications: ['Simvastatin 40 mg', 'Biaxin 500 mg'], generics: ['simvastatin', 'clarithromycin'] },
  { pair: 'ergot alkaloids + CYP3A4 and protease inhibitors', medications: ['ergotamine', 'ritonavir 100 mg'], generics: ['ergotamine', 'ritonavir'] },
  { pair: 'tizanidine + CYP1A2 inhibitors', medications: ['Zanaflex 4 mg', 'Cipro 500 mg'], generics: ['tizanidine', 'ciprofloxacin'] },
  { pair: 'tranylcypromine + procarbazine', medications: ['Parnate 10 mg', 'procarbazine 50 mg'], generics: ['tranylcypromine', 'procarbazine'] },
  { pair: 'triptans + MAO inhibitors', medications: ['Imitrex 50 mg', 'phenelzine 15 mg'], generics: ['sumatriptan', 'phenelzine'] },
];

describe('POST /api/ai/check-interactions: the 15 ONC high-priority pairs', () => {
  it('lists 15 distinct pairs', () => {
    expect(new Set(ONC_PAIRS.map((pair) => pair.pair)).size).toBe(15);
  });

  for (const { pair, medications, generics } of ONC_PAIRS) {
    it(`finds ${pair} (${medications.join(' + ')}) as severe, ONC high-priority, and asks to contact the prescriber`, async () => {
      const result = await check(medications);
      expect(result.hasInteractions).toBe(true);
      expect(result.interactions).toContainEqual(
        expect.objectContaining({ kind: 'drug-drug', severity: 'severe', interactingDrugs: generics, source: 'ONC high-priority' }),
      );
      const finding = result.interactions.find((item) => item.kind === 'drug-drug')!;
      expect(finding.description.length).toBeGreaterThan(20);
      expect(finding.recommendations.length).toBeGreaterThan(0);
      expect(result.recommendedActions).toContain('Contact prescriber before dispensing');
    });
  }
});

describe('POST /api/ai/check-interactions: common retail interactions', () => {
  it.each([
    [['Warfarin 5mg', 'Advil 200 mg'], ['warfarin', 'ibuprofen'], 'severe'],
    [['lisinopril 10 mg', 'spironolactone 25 mg'], ['lisinopril', 'spironolactone'], 'moderate'],
    [['Norco 5/325', 'Xanax 0.5 mg'], ['hydrocodone', 'alprazolam'], 'severe'],
    [['sildenafil 50 mg', 'Nitrostat 0.4 mg SL'], ['sildenafil', 'nitroglycerin'], 'severe'],
    [['levothyroxine 50 mcg', 'Tums'], ['levothyroxine', 'calcium carbonate'], 'moderate'],
    [['tramadol 50 mg', 'Lexapro 10 mg'], ['tramadol', 'escitalopram'], 'moderate'],
    [['methotrexate 2.5 mg', 'Bactrim DS'], ['methotrexate', 'trimethoprim'], 'severe'],
  ] as const)('%j → %j (%s)', async (medications, generics, severity) => {
    const result = await check([...medications]);
    expect(result.interactions).toContainEqual(expect.objectContaining({ kind: 'drug-drug', severity, interactingDrugs: [...generics] }));
  });
});

describe('POST /api/ai/check-interactions: allergies, duplicates, clean profiles', () => {
  it('flags amoxicillin for a penicillin-allergic patient as severe, and a cephalosporin as a cross-sensitivity', async () => {
    const result = await check(['Amoxicillin 500 mg capsule', 'Keflex 500 mg'], ['Penicillin']);
    expect(result.interactions[0]).toMatchObject({ kind: 'drug-allergy', severity: 'severe', interactingDrugs: ['amoxicillin', 'Penicillin allergy'] });
    expect(result.interactions).toContainEqual(expect.objectContaining({ kind: 'drug-allergy', severity: 'moderate', interactingDrugs: ['cephalexin', 'Penicillin allergy'] }));
    expect(result.recommendedActions).toEqual(expect.arrayContaining(['Contact prescriber before dispensing', 'Verify the allergy and reaction history with the patient before dispensing']));
  });

  it('flags two SSRIs as duplicate therapy', async () => {
    const result = await check(['Zoloft 100 mg', 'fluoxetine 20 mg']);
    expect(result.interactions).toEqual([expect.objectContaining({ kind: 'duplicate-therapy', severity: 'moderate', interactingDrugs: ['sertraline', 'fluoxetine'] })]);
    expect(result.recommendedActions).toContain('Confirm with the prescriber that duplicate therapy is intended');
  });

  it('flags nothing on a clean profile (lisinopril, metformin, atorvastatin; no relevant allergy)', async () => {
    expect(await check(['Lisinopril 10 mg', 'Metformin 500 mg tablet', 'Atorvastatin 20 mg'], ['Sulfa'])).toEqual({
      hasInteractions: false,
      interactions: [],
      recommendedActions: [],
    });
  });
});

describe('POST /api/ai/check-interactions: refusals', () => {
  it('answers 400 with the validation messages for a bad body', async () => {
    const answer = await callApi<{ error: string; errors: string[] }>(staff, 'ai/check-interactions', { body: { medications: [] } });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: 'Validation failed',
      errors: ['At least one medication is required'],
      details: { fields: [{ path: 'medications', message: 'At least one medication is required' }] },
    });
    const notText = await callApi<{ errors: string[] }>(staff, 'ai/check-interactions', { body: { medications: 'warfarin' } });
    expect(notText.status).toBe(400);
    expect(notText.body.errors).toEqual(['Medications must be a list of names']);
  });

  it('answers 401 without a signed-in user', async () => {
    const answer = await callApi<{ error: string }>(createTestClient(), 'ai/check-interactions', { body: { medications: ['warfarin', 'ibuprofen'] } });
    expect(answer.status).toBe(401);
  });
});

describe('drug knowledge base tables (RLS)', () => {
  it('are readable by a signed-in user and hidden from anon', async () => {
    const { data, error } = await staff.from('drug_interactions').select('id, source').eq('source', 'ONC high-priority');
    expect(error).toBeNull();
    expect(data!.length).toBeGreaterThanOrEqual(15);
    const anon = await createTestClient().from('drug_interactions').select('id');
    expect(anon.data ?? []).toEqual([]);
  });

  it('refuse writes from a signed-in user', async () => {
    const insert = await staff.from('drug_classes').insert({ id: 'made_up', name: 'Made up', description: 'x' });
    expect(insert.error).not.toBeNull();
    await staff.from('drug_interactions').update({ severity: 'mild' }).eq('id', 'onc-qt-qt');
    const { data } = await staff.from('drug_interactions').select('severity').eq('id', 'onc-qt-qt').single();
    expect(data).toEqual({ severity: 'severe' });
  });
});

/**
 * A small knowledge base for the engine's tests (loaded in place of the real one inside a rolled-back transaction), in the database's row shapes: a few classes (one
 * class paired with itself), a drug–class and a drug–drug rule, synonyms (a combination brand), allergy
 * groups with a cross-sensitivity.
 */
import type { TablesInsert } from '../../shared/src/database/database.types.ts';

/** Every table of the knowledge base, in the generated row shapes. */
export interface KnowledgeBaseRows {
  drugClasses: TablesInsert<'drug_classes'>[];
  drugClassMembers: TablesInsert<'drug_class_members'>[];
  drugSynonyms: TablesInsert<'drug_synonyms'>[];
  drugInteractions: TablesInsert<'drug_interactions'>[];
  allergyGroups: TablesInsert<'allergy_groups'>[];
  allergyGroupMembers: TablesInsert<'allergy_group_members'>[];
  allergyCrossSensitivities: TablesInsert<'allergy_cross_sensitivities'>[];
}

export const fixtureRows: KnowledgeBaseRows = {
  drugClasses: [
    { id: 'nsaids', name: 'NSAIDs', description: 'NSAIDs', duplicate_therapy: true },
    { id: 'ssris', name: 'SSRIs', description: 'SSRIs', duplicate_therapy: true },
    { id: 'maois', name: 'MAO inhibitors', description: 'MAOIs', duplicate_therapy: false },
    { id: 'qt_prolonging', name: 'QT-prolonging agents', description: 'QT', duplicate_therapy: false },
    { id: 'anticoagulants', name: 'Anticoagulants', description: 'Anticoagulants', duplicate_therapy: true },
  ],
  drugClassMembers: [
    { class_id: 'nsaids', drug_name: 'ibuprofen' },
    { class_id: 'nsaids', drug_name: 'naproxen' },
    { class_id: 'ssris', drug_name: 'sertraline' },
    { class_id: 'ssris', drug_name: 'citalopram' },
    { class_id: 'maois', drug_name: 'phenelzine' },
    { class_id: 'qt_prolonging', drug_name: 'citalopram' },
    { class_id: 'qt_prolonging', drug_name: 'ondansetron' },
    { class_id: 'anticoagulants', drug_name: 'warfarin' },
    { class_id: 'anticoagulants', drug_name: 'apixaban' },
  ],
  drugSynonyms: [
    { synonym: 'advil', drug_name: 'ibuprofen' },
    { synonym: 'coumadin', drug_name: 'warfarin' },
    { synonym: 'bactrim', drug_name: 'sulfamethoxazole' },
    { synonym: 'bactrim', drug_name: 'trimethoprim' },
    { synonym: "st. john's wort", drug_name: 'st johns wort' },
    { synonym: 'norco', drug_name: 'hydrocodone' },
    { synonym: 'norco', drug_name: 'acetaminophen' },
    { synonym: 'apap', drug_name: 'acetaminophen' },
    { synonym: 'kcl', drug_name: 'potassium chloride' },
  ],
  drugInteractions: [
    { id: 'ssris-maois', subject_kind: 'class', subject: 'ssris', object_kind: 'class', object: 'maois', severity: 'severe', description: 'Serotonin syndrome.', recommendations: ['Do not combine'], source: 'ONC high-priority' },
    { id: 'qt-qt', subject_kind: 'class', subject: 'qt_prolonging', object_kind: 'class', object: 'qt_prolonging', severity: 'severe', description: 'Additive QT prolongation.', recommendations: ['ECG'], source: 'ONC high-priority' },
    { id: 'anticoagulants-nsaids', subject_kind: 'class', subject: 'anticoagulants', object_kind: 'class', object: 'nsaids', severity: 'severe', description: 'Bleeding (class).', recommendations: ['Avoid'], source: 'Common retail interaction' },
    { id: 'warfarin-nsaids', subject_kind: 'drug', subject: 'warfarin', object_kind: 'class', object: 'nsaids', severity: 'severe', description: 'Bleeding with warfarin.', recommendations: ['Use acetaminophen', 'Check INR'], source: 'Common retail interaction' },
    { id: 'ssris-nsaids', subject_kind: 'class', subject: 'ssris', object_kind: 'class', object: 'nsaids', severity: 'moderate', description: 'GI bleeding.', recommendations: ['Consider a PPI'], source: 'Common retail interaction' },
    { id: 'methotrexate-trimethoprim', subject_kind: 'drug', subject: 'methotrexate', object_kind: 'drug', object: 'trimethoprim', severity: 'severe', description: 'Marrow suppression.', recommendations: ['Avoid'], source: 'Common retail interaction' },
    { id: 'anticoagulants-anticoagulants', subject_kind: 'class', subject: 'anticoagulants', object_kind: 'class', object: 'anticoagulants', severity: 'severe', description: 'Two anticoagulants.', recommendations: ['Confirm a planned switch'], source: 'Common retail interaction' },
  ],
  allergyGroups: [
    { id: 'penicillins', name: 'Penicillins', description: 'Penicillin antibiotics.', aliases: ['penicillin', 'pcn'] },
    { id: 'cephalosporins', name: 'Cephalosporins', description: 'Cephalosporin antibiotics.', aliases: ['cephalosporins'] },
    { id: 'sulfonamide_antibiotics', name: 'Sulfonamide antibiotics', description: 'Sulfa drugs.', aliases: ['sulfa'] },
  ],
  allergyGroupMembers: [
    { group_id: 'penicillins', drug_name: 'amoxicillin' },
    { group_id: 'penicillins', drug_name: 'ampicillin' },
    { group_id: 'cephalosporins', drug_name: 'cephalexin' },
    { group_id: 'sulfonamide_antibiotics', drug_name: 'sulfamethoxazole' },
  ],
  allergyCrossSensitivities: [
    { group_id: 'penicillins', related_group_id: 'cephalosporins', severity: 'moderate', description: 'Small cross-reactivity.', recommendations: ['Ask about the reaction'] },
  ],
};

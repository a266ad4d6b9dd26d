/**
 * The patient-information sheet (drug monograph) printed with a label (System Settings → Printing "Drug
 * Monograph Printing", → Labels monograph list). Pure decisions and texts:
 * - monographPlan: whether a sheet prints and in which formats — nothing when monograph printing is off; the
 *   patient's choice when the pharmacy lets the patient choose (allowPatientMonographChoice, or integration
 *   'patient_choice', where nothing prints unless the patient asks); else the drug's entry in the Labels list
 *   (its short/long switches); else the Printing group's format. Integration 'separate' prints the sheet as its
 *   own document (POST /api/labels/monograph), otherwise it follows the label in the label's document.
 * - knowledgeBaseSections: the sheet built from the drug knowledge base (drug classes, interacting pairs,
 *   allergy groups; read by public.medication_knowledge) and the medication and prescription records, with the
 *   content checklists choosing the sections. The knowledge base holds no drug-specific side-effect, pediatric,
 *   geriatric, pregnancy or overdose data: those sections carry the standard counselling statements (FDA's
 *   side-effect statement, Poison Control), never invented drug facts.
 * - customSections: a custom monograph the pharmacist wrote (entry source 'custom', shortText / longText); a
 *   format it has no text for is built from the knowledge base.
 * The short format is cut to maxCharacters (§5: 100–1000).
 */
import * as z from 'zod';
import type { MonographEntry } from '../settings/labels.ts';
import type { MonographFormat, PrintingSettings } from '../settings/printing.ts';
import type { MonographChoice } from './print-request.ts';
import { patientMayChoose } from './monograph-choice.ts';
import { needsTransferWarning, TRANSFER_WARNING, type DeaSchedule } from './label-html.ts';

export type MonographKind = 'short' | 'long';

export const MONOGRAPH_CHOICE_OFF_MESSAGE = 'Patient monograph choice is turned off in System Settings';
export const MONOGRAPH_PRINTING_OFF_MESSAGE = 'Monograph printing is turned off in System Settings';

/** FDA's side-effect statement for patient information (21 CFR 209.10 wording). */
export const FDA_SIDE_EFFECTS_STATEMENT =
  'Call your doctor for medical advice about side effects. You may report side effects to FDA at 1-800-FDA-1088.';
export const POISON_CONTROL_STATEMENT =
  'If someone has taken too much of this medicine, call Poison Control at 1-800-222-1222. Call 911 if the person has collapsed, had a seizure, has trouble breathing or cannot be woken up.';

/** What public.medication_knowledge answers: the knowledge base's facts about one stocked medication. */
export const drugKnowledgeSchema = z.object({
  generics: z.array(z.string()),
  classes: z.array(z.object({ id: z.string(), name: z.string(), description: z.string() })),
  interactions: z.array(
    z.object({
      id: z.string(),
      severity: z.enum(['severe', 'moderate', 'mild']),
      description: z.string(),
      recommendations: z.array(z.string()),
      otherKind: z.enum(['drug', 'class', 'same_class']),
      otherName: z.string(),
    }),
  ),
  allergyGroups: z.array(z.object({ id: z.string(), name: z.string(), description: z.string() })),
});
export type DrugKnowledge = z.output<typeof drugKnowledgeSchema>;

export interface MonographMedication {
  id: string;
  name: string;
  genericName: string | null;
  strength: string | null;
  dosageForm: string | null;
  manufacturer: string | null;
  deaSchedule: DeaSchedule | null;
}

export interface MonographPrescription {
  directions: string | null;
  quantity: number | null;
  daysSupply: number | null;
}

export type MonographPrintingSettings = Pick<
  PrintingSettings,
  | 'enableMonographPrinting'
  | 'monographFormat'
  | 'monographIntegration'
  | 'allowPatientMonographChoice'
  | 'shortMonographContent'
  | 'longMonographContent'
  | 'monographFontSize'
  | 'monographPaperSize'
  | 'printMonographHeader'
  | 'printPharmacyInfo'
>;

export interface MonographPlan {
  kinds: MonographKind[];
  /** The drug's entry in the Labels group's monograph list, if it has one. */
  entry: MonographEntry | null;
  /** 'with_label': in the label's document; 'separate': its own document. */
  placement: 'with_label' | 'separate';
}

export class MonographChoiceError extends Error {}

export function kindsOfFormat(format: MonographFormat | MonographChoice): MonographKind[] {
  if (format === 'both') return ['short', 'long'];
  if (format === 'none') return [];
  return [format];
}

function normalName(value: string | null | undefined): string {
  return (value ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
}

/**
 * The Labels list's entry for a medication: the entry whose drugId is the medication's id, else whose drug
 * name is the medication's name, else whose generic name is the medication's generic name or one of the
 * generics the knowledge base resolved it to.
 */
export function findMonographEntry(entries: readonly MonographEntry[], medication: Pick<MonographMedication, 'id' | 'name' | 'genericName'>, generics: readonly string[] = []): MonographEntry | null {
  const byId = entries.find((entry) => entry.drugId === medication.id);
  if (byId) return byId;
  const name = normalName(medication.name);
  const byName = entries.find((entry) => normalName(entry.drugName) === name);
  if (byName) return byName;
  const genericNames = new Set([normalName(medication.genericName), ...generics.map(normalName)].filter((value) => value !== ''));
  return entries.find((entry) => normalName(entry.genericName) !== '' && genericNames.has(normalName(entry.genericName))) ?? null;
}

/** Whether and how a sheet prints with a label (see the module comment); null: nothing prints. */
export function monographPlan(settings: MonographPrintingSettings, entry: MonographEntry | null, patientChoice?: MonographChoice): MonographPlan | null {
  if (!settings.enableMonographPrinting) {
    if (patientChoice !== undefined && patientChoice !== 'none') throw new MonographChoiceError(MONOGRAPH_PRINTING_OFF_MESSAGE);
    return null;
  }
  if (patientChoice !== undefined && !patientMayChoose(settings)) throw new MonographChoiceError(MONOGRAPH_CHOICE_OFF_MESSAGE);
  let kinds: MonographKind[];
  if (patientChoice !== undefined) kinds = kindsOfFormat(patientChoice);
  else if (settings.monographIntegration === 'patient_choice') kinds = [];
  else if (entry) kinds = [...(entry.shortMonographEnabled ? ['short' as const] : []), ...(entry.longMonographEnabled ? ['long' as const] : [])];
  else kinds = kindsOfFormat(settings.monographFormat);
  if (kinds.length === 0) return null;
  return { kinds, entry, placement: settings.monographIntegration === 'separate' ? 'separate' : 'with_label' };
}

export type MonographSectionKey =
  | 'indication' | 'dosage' | 'sideEffects' | 'warnings' | 'storage'
  | 'fullDescription' | 'pharmacokinetics' | 'contraindications' | 'interactions' | 'adverseReactions'
  | 'pediatricInfo' | 'geriatricInfo' | 'pregnancyInfo' | 'overdoseInfo'
  | 'custom';

export interface MonographSection {
  key: MonographSectionKey;
  title: string;
  paragraphs: string[];
}

export interface MonographPage {
  kind: MonographKind;
  source: 'drug_database' | 'custom';
  sections: MonographSection[];
}

function drugTitle(medication: MonographMedication): string {
  return [medication.name, medication.strength].filter((part) => part && part.trim() !== '').join(' ');
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function otherParty(interaction: DrugKnowledge['interactions'][number]): string {
  return interaction.otherKind === 'same_class' ? `another medicine of the ${interaction.otherName} group` : interaction.otherName;
}

const PHARMACOKINETIC_CLASS = /cyp|mao_metabolized/;

function whatItIs(medication: MonographMedication, knowledge: DrugKnowledge): string[] {
  const generics = knowledge.generics.length > 0 ? knowledge.generics.join(', ') : (medication.genericName ?? '').trim();
  const first = generics && normalName(generics) !== normalName(medication.name) ? `${medication.name} (${generics})` : medication.name;
  const classes = knowledge.classes.filter((drugClass) => !PHARMACOKINETIC_CLASS.test(drugClass.id));
  if (classes.length === 0) return [`${first} is the medicine your prescriber ordered.`];
  return [`${first} belongs to these groups of medicines: ${classes.map((drugClass) => drugClass.name).join(', ')}.`];
}

function howToTake(medication: MonographMedication, prescription: MonographPrescription): string[] {
  const paragraphs: string[] = [];
  if (prescription.directions?.trim()) paragraphs.push(`Take it exactly as your label says: ${sentence(prescription.directions)}`);
  const form = [medication.strength, medication.dosageForm].filter((part) => part && part.trim() !== '').join(' ');
  if (form) paragraphs.push(`Strength and form: ${form}.`);
  if (prescription.quantity !== null) {
    paragraphs.push(`Quantity dispensed: ${prescription.quantity}${prescription.daysSupply ? ` (a ${prescription.daysSupply}-day supply)` : ''}.`);
  }
  return paragraphs.length > 0 ? paragraphs : ['Take it exactly as your prescriber directed.'];
}

function warnings(medication: MonographMedication, knowledge: DrugKnowledge): string[] {
  const paragraphs: string[] = [];
  if (needsTransferWarning(medication.deaSchedule)) paragraphs.push(TRANSFER_WARNING);
  for (const interaction of knowledge.interactions.filter((item) => item.severity === 'severe')) {
    paragraphs.push(`Do not take with ${otherParty(interaction)} unless your prescriber says so: ${sentence(interaction.description)}`);
  }
  for (const group of knowledge.allergyGroups) {
    paragraphs.push(`Tell your pharmacist if you have ever had an allergic reaction to ${group.name.toLowerCase()}.`);
  }
  return paragraphs.length > 0 ? paragraphs : ['Tell your pharmacist and prescriber about every medicine, vitamin and herbal product you take.'];
}

function storage(medication: MonographMedication): string[] {
  const paragraphs = ['Keep this medicine in its container, out of the reach of children, away from heat and moisture.'];
  if (medication.deaSchedule) paragraphs.push('This is a controlled substance: keep it in a secure place and take unused medicine to a drug take-back site.');
  return paragraphs;
}

function interactionParagraph(interaction: DrugKnowledge['interactions'][number]): string {
  return `With ${otherParty(interaction)} (${interaction.severity}): ${sentence(interaction.description)} ${interaction.recommendations.map(sentence).join(' ')}`.trim();
}

/** The short format's sections the checklist turns on, cut to its maxCharacters. */
export function shortKnowledgeSections(
  content: MonographPrintingSettings['shortMonographContent'],
  medication: MonographMedication,
  prescription: MonographPrescription,
  knowledge: DrugKnowledge,
): MonographSection[] {
  const sections: MonographSection[] = [];
  if (content.includeIndication) sections.push({ key: 'indication', title: 'What this medicine is', paragraphs: whatItIs(medication, knowledge) });
  if (content.includeDosage) sections.push({ key: 'dosage', title: 'How to take it', paragraphs: howToTake(medication, prescription) });
  if (content.includeSideEffects) sections.push({ key: 'sideEffects', title: 'Side effects', paragraphs: [FDA_SIDE_EFFECTS_STATEMENT] });
  if (content.includeWarnings) sections.push({ key: 'warnings', title: 'Warnings', paragraphs: warnings(medication, knowledge) });
  if (content.includeStorage) sections.push({ key: 'storage', title: 'Storage', paragraphs: storage(medication) });
  return limitCharacters(sections, content.maxCharacters);
}

/** The long format's sections the checklist turns on. */
export function longKnowledgeSections(
  content: MonographPrintingSettings['longMonographContent'],
  medication: MonographMedication,
  prescription: MonographPrescription,
  knowledge: DrugKnowledge,
): MonographSection[] {
  const sections: MonographSection[] = [];
  if (content.includeFullDescription) {
    const facts = [
      ...whatItIs(medication, knowledge),
      ...howToTake(medication, prescription),
      ...(medication.manufacturer?.trim() ? [`Made by ${medication.manufacturer.trim()}.`] : []),
      ...(medication.deaSchedule ? [`Controlled substance, DEA schedule ${medication.deaSchedule}.`] : []),
      ...knowledge.classes.filter((drugClass) => !PHARMACOKINETIC_CLASS.test(drugClass.id)).map((drugClass) => `${drugClass.name}: ${sentence(drugClass.description)}`),
    ];
    sections.push({ key: 'fullDescription', title: 'About this medicine', paragraphs: facts });
  }
  if (content.includePharmacokinetics) {
    const notes = knowledge.classes.filter((drugClass) => PHARMACOKINETIC_CLASS.test(drugClass.id)).map((drugClass) => `${drugClass.name}: ${sentence(drugClass.description)}`);
    sections.push({ key: 'pharmacokinetics', title: 'How the body handles it', paragraphs: notes.length > 0 ? notes : ['No notes on how the body breaks down this medicine are on file; ask your pharmacist.'] });
  }
  if (content.includeContraindications) {
    const severe = knowledge.interactions.filter((item) => item.severity === 'severe').map((item) => `Do not take with ${otherParty(item)} unless your prescriber says so.`);
    const allergies = knowledge.allergyGroups.map((group) => `Do not take if you are allergic to ${group.name.toLowerCase()}: ${sentence(group.description)}`);
    const paragraphs = [...severe, ...allergies];
    sections.push({ key: 'contraindications', title: 'When not to take it', paragraphs: paragraphs.length > 0 ? paragraphs : ['Do not take it if you have had an allergic reaction to it.'] });
  }
  if (content.includeInteractions) {
    const paragraphs = knowledge.interactions.map(interactionParagraph);
    sections.push({ key: 'interactions', title: 'Interactions with other medicines', paragraphs: paragraphs.length > 0 ? paragraphs : ['No interactions of this medicine are on file. Tell your pharmacist about every medicine you take.'] });
  }
  if (content.includeAdverseReactions) sections.push({ key: 'adverseReactions', title: 'Adverse reactions', paragraphs: [FDA_SIDE_EFFECTS_STATEMENT] });
  if (content.includePediatricInfo) sections.push({ key: 'pediatricInfo', title: 'Children', paragraphs: ['Give it to a child only as the prescriber directed for that child; ask your pharmacist before changing a dose.'] });
  if (content.includeGeriatricInfo) sections.push({ key: 'geriatricInfo', title: 'Older adults', paragraphs: ['Older adults may feel side effects more; tell your prescriber about any dizziness, confusion or falls.'] });
  if (content.includePregnancyInfo) sections.push({ key: 'pregnancyInfo', title: 'Pregnancy and breastfeeding', paragraphs: ['Tell your prescriber if you are pregnant, plan to become pregnant or are breastfeeding.'] });
  if (content.includeOverdoseInfo) sections.push({ key: 'overdoseInfo', title: 'Overdose', paragraphs: [POISON_CONTROL_STATEMENT] });
  return sections;
}

/** Sections cut to `maxCharacters` of paragraph text (at a word, marked with '…'); later sections are dropped. */
export function limitCharacters(sections: readonly MonographSection[], maxCharacters: number): MonographSection[] {
  const kept: MonographSection[] = [];
  let left = maxCharacters;
  for (const section of sections) {
    if (left <= 0) break;
    const paragraphs: string[] = [];
    for (const paragraph of section.paragraphs) {
      if (left <= 0) break;
      if (paragraph.length <= left) {
        paragraphs.push(paragraph);
        left -= paragraph.length;
      } else {
        const cut = paragraph.slice(0, Math.max(0, left - 1));
        const atWord = cut.includes(' ') ? cut.slice(0, cut.lastIndexOf(' ')) : cut;
        if (atWord.trim() !== '') paragraphs.push(`${atWord.trimEnd()}…`);
        left = 0;
      }
    }
    if (paragraphs.length > 0) kept.push({ ...section, paragraphs });
  }
  return kept;
}

function customParagraphs(text: string): string[] {
  return text.split(/\n\s*\n/).map((part) => part.trim()).filter((part) => part !== '');
}

/** The pages of a sheet: each kind from the custom entry's text when it has one, else from the knowledge base. */
export function monographPages(
  plan: MonographPlan,
  settings: MonographPrintingSettings,
  medication: MonographMedication,
  prescription: MonographPrescription,
  knowledge: DrugKnowledge,
): MonographPage[] {
  const custom = plan.entry?.source === 'custom' ? plan.entry : null;
  return plan.kinds.map((kind) => {
    const text = custom ? (kind === 'short' ? custom.shortText : custom.longText) : '';
    if (text.trim() !== '') {
      const sections = [{ key: 'custom' as const, title: 'Patient information', paragraphs: customParagraphs(text) }];
      return { kind, source: 'custom', sections: kind === 'short' ? limitCharacters(sections, settings.shortMonographContent.maxCharacters) : sections };
    }
    const sections = kind === 'short'
      ? shortKnowledgeSections(settings.shortMonographContent, medication, prescription, knowledge)
      : longKnowledgeSections(settings.longMonographContent, medication, prescription, knowledge);
    return { kind, source: 'drug_database', sections };
  });
}

export { drugTitle as monographDrugTitle };

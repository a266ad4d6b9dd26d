/**
 * The patient-information sheet (shared/src/labels/monograph.ts, monograph-html.ts): when it prints and in which
 * formats (off, the group's format, the drug's entry, the patient's choice), the sections the content checklists
 * choose from the knowledge base's facts and the records, the short format's character limit, a custom
 * monograph's text, and the sheet's paper, font, header and pharmacy lines.
 */
import { describe, expect, it } from 'vitest';
import { TRANSFER_WARNING } from '../../shared/src/labels/label-html.ts';
import { monographHtml, monographSection } from '../../shared/src/labels/monograph-html.ts';
import {
  FDA_SIDE_EFFECTS_STATEMENT, findMonographEntry, limitCharacters, longKnowledgeSections, MONOGRAPH_CHOICE_OFF_MESSAGE,
  MONOGRAPH_PRINTING_OFF_MESSAGE, monographPages, monographPlan, POISON_CONTROL_STATEMENT, shortKnowledgeSections,
  type DrugKnowledge, type MonographMedication, type MonographPrintingSettings,
} from '../../shared/src/labels/monograph.ts';
import { patientMayChoose, sheetPrintsSeparately } from '../../shared/src/labels/monograph-choice.ts';
import type { MonographEntry } from '../../shared/src/settings/labels.ts';
import { PRINTING_SETTINGS_DEFAULTS } from '../../shared/src/settings/printing.ts';

const on: MonographPrintingSettings = { ...PRINTING_SETTINGS_DEFAULTS, enableMonographPrinting: true };

const medication: MonographMedication = {
  id: 'med-1', name: 'Zocor', genericName: 'simvastatin', strength: '20 mg', dosageForm: 'tablet', manufacturer: 'Acme', deaSchedule: null,
};
const prescription = { directions: 'Take 1 tablet by mouth at bedtime', quantity: 30, daysSupply: 30 };
const knowledge: DrugKnowledge = {
  generics: ['simvastatin'],
  classes: [
    { id: 'cyp3a4_statins', name: 'Statins cleared mainly by CYP3A4', description: 'Statins whose levels rise many-fold when CYP3A4 is blocked.' },
    { id: 'statins', name: 'Statins', description: 'HMG-CoA reductase inhibitors.' },
  ],
  interactions: [
    { id: 'statin-cyp3a4', severity: 'severe', description: 'Raises statin levels; risk of muscle breakdown', recommendations: ['Avoid the combination'], otherKind: 'class', otherName: 'Strong CYP3A4 inhibitors' },
    { id: 'statin-dup', severity: 'moderate', description: 'Two statins add risk without benefit', recommendations: ['Use one statin'], otherKind: 'same_class', otherName: 'Statins' },
  ],
  allergyGroups: [],
};

function entry(overrides: Partial<MonographEntry> = {}): MonographEntry {
  return {
    drugId: 'med-1', drugName: 'Zocor', genericName: 'simvastatin', source: 'drug_database', lastUpdated: '2026-11-01',
    shortMonographEnabled: true, longMonographEnabled: false, shortText: '', longText: '', ...overrides,
  };
}

describe('monographPlan', () => {
  it('prints nothing when monograph printing is off, and refuses a patient choice then', () => {
    expect(monographPlan(PRINTING_SETTINGS_DEFAULTS, null)).toBeNull();
    expect(monographPlan(PRINTING_SETTINGS_DEFAULTS, entry({ longMonographEnabled: true }))).toBeNull();
    expect(monographPlan(PRINTING_SETTINGS_DEFAULTS, null, 'none')).toBeNull();
    expect(() => monographPlan(PRINTING_SETTINGS_DEFAULTS, null, 'short')).toThrow(MONOGRAPH_PRINTING_OFF_MESSAGE);
  });

  it("uses the group's format, integration deciding where the sheet goes", () => {
    expect(monographPlan(on, null)).toEqual({ kinds: ['short'], entry: null, placement: 'separate' });
    expect(monographPlan({ ...on, monographFormat: 'long', monographIntegration: 'with_rx_label' }, null)).toEqual({ kinds: ['long'], entry: null, placement: 'with_label' });
    expect(monographPlan({ ...on, monographFormat: 'both' }, null)?.kinds).toEqual(['short', 'long']);
  });

  it("uses the drug entry's short and long switches", () => {
    expect(monographPlan({ ...on, monographFormat: 'short' }, entry({ shortMonographEnabled: false, longMonographEnabled: true }))?.kinds).toEqual(['long']);
    expect(monographPlan(on, entry({ shortMonographEnabled: false, longMonographEnabled: false }))).toBeNull();
  });

  it("takes the patient's choice only where the pharmacy offers it", () => {
    expect(() => monographPlan(on, null, 'long')).toThrow(MONOGRAPH_CHOICE_OFF_MESSAGE);
    const choosing = { ...on, allowPatientMonographChoice: true };
    expect(patientMayChoose(choosing)).toBe(true);
    expect(patientMayChoose(on)).toBe(false);
    expect(patientMayChoose({ ...PRINTING_SETTINGS_DEFAULTS, allowPatientMonographChoice: true })).toBe(false);
    expect(monographPlan(choosing, entry(), 'both')?.kinds).toEqual(['short', 'long']);
    expect(monographPlan(choosing, null, 'none')).toBeNull();
    // Integration 'patient_choice': nothing unless the patient asks; then with the label.
    const integration = { ...on, monographIntegration: 'patient_choice' as const };
    expect(patientMayChoose(integration)).toBe(true);
    expect(monographPlan(integration, null)).toBeNull();
    expect(monographPlan(integration, null, 'long')).toEqual({ kinds: ['long'], entry: null, placement: 'with_label' });
  });
});

describe('sheetPrintsSeparately', () => {
  it('is true only with monographs on, integration separate and no refusal by the patient', () => {
    const separate = { ...on, monographIntegration: 'separate' as const };
    expect(sheetPrintsSeparately(separate)).toBe(true);
    expect(sheetPrintsSeparately(separate, 'long')).toBe(true);
    expect(sheetPrintsSeparately(separate, 'none')).toBe(false);
    expect(sheetPrintsSeparately({ ...separate, enableMonographPrinting: false })).toBe(false);
    expect(sheetPrintsSeparately({ ...on, monographIntegration: 'with_rx_label' })).toBe(false);
  });
});

describe('findMonographEntry', () => {
  it('matches by medication id, then name, then generic name (or a resolved generic)', () => {
    const byId = entry({ drugId: 'med-1', drugName: 'Other' });
    const byName = entry({ drugId: 'x', drugName: ' zocor ' });
    const byGeneric = entry({ drugId: 'y', drugName: 'Something', genericName: 'Simvastatin' });
    expect(findMonographEntry([byGeneric, byName, byId], medication)).toBe(byId);
    expect(findMonographEntry([byGeneric, byName], medication)).toBe(byName);
    expect(findMonographEntry([byGeneric], medication)).toBe(byGeneric);
    expect(findMonographEntry([byGeneric], { ...medication, genericName: null }, ['simvastatin'])).toBe(byGeneric);
    expect(findMonographEntry([entry({ drugId: 'z', drugName: 'Lipitor', genericName: 'atorvastatin' })], medication)).toBeNull();
  });
});

describe('sections from the knowledge base', () => {
  it('builds the short format from the checklist', () => {
    const sections = shortKnowledgeSections(on.shortMonographContent, medication, prescription, knowledge);
    expect(sections.map((section) => section.key)).toEqual(['indication', 'dosage', 'sideEffects', 'warnings', 'storage']);
    const text = JSON.stringify(sections);
    expect(text).toContain('Zocor (simvastatin) belongs to these groups of medicines: Statins.');
    expect(text).toContain('Take it exactly as your label says: Take 1 tablet by mouth at bedtime.');
    expect(text).toContain('Do not take with Strong CYP3A4 inhibitors unless your prescriber says so');
    expect(text).toContain(FDA_SIDE_EFFECTS_STATEMENT);
    const fewer = shortKnowledgeSections({ ...on.shortMonographContent, includeIndication: false, includeSideEffects: false, includeStorage: false }, medication, prescription, knowledge);
    expect(fewer.map((section) => section.key)).toEqual(['dosage', 'warnings']);
  });

  it('adds the transfer warning and secure storage for a controlled drug, and allergy groups', () => {
    const controlled = { ...medication, deaSchedule: 'II' as const };
    const withAllergy = { ...knowledge, allergyGroups: [{ id: 'penicillins', name: 'Penicillins', description: 'Beta-lactams.' }] };
    const text = JSON.stringify(shortKnowledgeSections({ ...on.shortMonographContent, maxCharacters: 1000 }, controlled, prescription, withAllergy));
    expect(text).toContain(TRANSFER_WARNING);
    expect(text).toContain('allergic reaction to penicillins');
    expect(text).toContain('controlled substance');
  });

  it('cuts the short format at maxCharacters, at a word', () => {
    const sections = shortKnowledgeSections({ ...on.shortMonographContent, maxCharacters: 100 }, medication, prescription, knowledge);
    const characters = sections.flatMap((section) => section.paragraphs).join('').length;
    expect(characters).toBeLessThanOrEqual(100);
    expect(sections.at(-1)!.paragraphs.at(-1)).toMatch(/\S…$/);
    expect(limitCharacters([{ key: 'custom', title: 'T', paragraphs: ['one two three'] }], 9)).toEqual([{ key: 'custom', title: 'T', paragraphs: ['one two…'] }]);
    expect(limitCharacters([{ key: 'custom', title: 'T', paragraphs: ['abc'] }], 3)).toEqual([{ key: 'custom', title: 'T', paragraphs: ['abc'] }]);
  });

  it('builds the long format from the checklist: metabolism classes, interactions, standard statements', () => {
    const sections = longKnowledgeSections(on.longMonographContent, medication, prescription, knowledge);
    expect(sections.map((section) => section.key)).toEqual([
      'fullDescription', 'pharmacokinetics', 'contraindications', 'interactions', 'adverseReactions', 'pediatricInfo', 'geriatricInfo', 'pregnancyInfo', 'overdoseInfo',
    ]);
    const byKey = Object.fromEntries(sections.map((section) => [section.key, section.paragraphs.join(' ')]));
    expect(byKey.pharmacokinetics).toContain('Statins cleared mainly by CYP3A4');
    expect(byKey.fullDescription).not.toContain('CYP3A4');
    expect(byKey.fullDescription).toContain('Made by Acme.');
    expect(byKey.interactions).toContain('With another medicine of the Statins group (moderate): Two statins add risk without benefit. Use one statin.');
    expect(byKey.overdoseInfo).toBe(POISON_CONTROL_STATEMENT);
    const only = longKnowledgeSections({ ...on.longMonographContent, includeFullDescription: false, includePharmacokinetics: false, includeContraindications: false,
      includeAdverseReactions: false, includePediatricInfo: false, includeGeriatricInfo: false, includePregnancyInfo: false, includeOverdoseInfo: false }, medication, prescription, knowledge);
    expect(only.map((section) => section.key)).toEqual(['interactions']);
  });
});

describe('monographPages and the sheet', () => {
  it('prints a custom monograph\'s text, and builds a format it has no text for from the knowledge base', () => {
    const custom = entry({ source: 'custom', shortText: 'Our own <short> words.', longText: '', longMonographEnabled: true });
    const plan = monographPlan(on, custom)!;
    const pages = monographPages(plan, on, medication, prescription, knowledge);
    expect(pages.map((page) => [page.kind, page.source])).toEqual([['short', 'custom'], ['long', 'drug_database']]);
    expect(pages[0]!.sections).toEqual([{ key: 'custom', title: 'Patient information', paragraphs: ['Our own <short> words.'] }]);
    const html = monographHtml({ pharmacy: { name: 'Main <Street>', streetAddress: '1 Main St', city: 'Peoria', state: 'IL', zipCode: '61602', phone: '(309) 555-0100' }, drugTitle: 'Zocor 20 mg', rxNumber: 1001, pages, settings: on });
    expect(html).toContain('Our own &lt;short&gt; words.');
    expect(html).toContain('data-monograph-format="short" data-monograph-source="custom"');
    expect(html).toContain('data-monograph-format="long" data-monograph-source="drug_database"');
    expect(html).toContain('Patient Information: Zocor 20 mg');
    expect(html).toContain('Main &lt;Street&gt; · 1 Main St, Peoria, IL 61602 · (309) 555-0100');
  });

  it('follows font size, paper size, header and pharmacy information settings', () => {
    const pages = monographPages(monographPlan(on, null)!, on, medication, prescription, knowledge);
    const pharmacy = { name: 'P', streetAddress: null, city: null, state: null, zipCode: null, phone: null };
    const plain = monographSection({ pharmacy, drugTitle: 'Zocor', rxNumber: 1, pages, settings: { ...on, monographFontSize: 14, monographPaperSize: 'legal', printMonographHeader: false, printPharmacyInfo: false } });
    expect(plain.css).toContain('@page monograph { size: 8.5in 14in;');
    expect(plain.css).toContain('font-size: 14pt;');
    expect(plain.html).not.toContain('data-field="monograph-header"');
    expect(plain.html).not.toContain('data-field="monograph-pharmacy"');
    const a4 = monographSection({ pharmacy, drugTitle: 'Zocor', rxNumber: 1, pages, settings: { ...on, monographPaperSize: 'a4' } });
    expect(a4.css).toContain('size: 210mm 297mm;');
    expect(a4.html).toContain('data-field="monograph-header"');
    expect(a4.html).toContain('data-field="monograph-pharmacy"');
  });
});

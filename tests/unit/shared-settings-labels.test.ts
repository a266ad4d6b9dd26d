import { describe, expect, it } from 'vitest';
import { LABELS_SETTINGS_DEFAULTS, labelsSettingsSchema } from '../../shared/src/settings/labels.ts';
import { expectChoice, expectValid, messagesAt, withValue } from '../support/settings-cases.ts';
import { FULL_SETTINGS_WRITES } from '../support/settings-writes.ts';

const schema = labelsSettingsSchema;

const fullLabels = FULL_SETTINGS_WRITES['labels'];

describe('labels settings (spec part 2 §3)', () => {
  it('starts with monographs off and none listed', () => {
    expect(LABELS_SETTINGS_DEFAULTS).toEqual({ enableMonographPrinting: false, defaultMonographFormat: 'short', monographIntegration: 'separate', monographs: [] });
  });

  it('accepts a full valid group', () => {
    expectValid(schema, fullLabels());
  });

  it('takes exactly the §9 monograph options', () => {
    const base = fullLabels();
    expectChoice(schema, base, 'defaultMonographFormat', ['short', 'long', 'both'], ['', 'full'], 'Default monograph format must be one of: short, long, both');
    expectChoice(schema, base, 'monographIntegration', ['separate', 'with_rx_label', 'patient_choice'], ['with_label'],
      'Monograph integration must be one of: separate, with_rx_label, patient_choice');
    expectChoice(schema, base, 'monographs.1.source', ['drug_database', 'custom'], ['fdb'], 'Monograph source must be one of: drug_database, custom');
  });

  it('bounds the short monograph text by the monograph character limit (1000)', () => {
    expectValid(schema, withValue(fullLabels(), 'monographs.1.shortText', 'x'.repeat(1000)));
    expect(messagesAt(schema, withValue(fullLabels(), 'monographs.1.shortText', 'x'.repeat(1001)), 'monographs.1.shortText')).toEqual([
      'Short monograph text must be at most 1000 characters',
    ]);
  });

  it('needs a custom monograph\'s text, one entry per drug, and a real date', () => {
    const noText = withValue(withValue(fullLabels(), 'monographs.1.shortText', ''), 'monographs.1.longText', '');
    expect(messagesAt(schema, noText, 'monographs.1.shortText')).toEqual(['A custom monograph needs its text']);
    const duplicate = withValue(fullLabels(), 'monographs.1.drugId', 'b8a6d0f2-3c1e-4a57-9a0e-1f2d3c4b5a69');
    expect(messagesAt(schema, duplicate, 'monographs')).toEqual(['Each drug has one monograph entry']);
    expect(messagesAt(schema, withValue(fullLabels(), 'monographs.0.lastUpdated', '2026-13-01'), 'monographs.0.lastUpdated')).toEqual([
      'Monograph last updated: Enter a valid date (YYYY-MM-DD)',
    ]);
  });
});

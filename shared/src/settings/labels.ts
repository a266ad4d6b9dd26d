/**
 * System Settings → Labels (spec part 2 §3 "labels"): monograph printing's switch, default format and
 * integration with the Rx label, and the pharmacy's monograph list — one entry per drug, imported from the drug
 * knowledge base or written by the pharmacist (`source: 'custom'`, with its texts). Entries carry the spec's
 * fields plus the custom texts, which the spec leaves out but issue 12 needs ("a custom monograph the pharmacist
 * writes"). The short text is bounded by the monograph maxCharacters bound (§5). No secrets.
 */
import * as z from 'zod';
import { INVALID_DATE_MESSAGE, isCalendarDate } from '../common/field-rules.ts';
import { choice, text, toggle } from './fields.ts';
import { MONOGRAPH_FORMATS, MONOGRAPH_INTEGRATIONS, MONOGRAPH_MAX_CHARACTERS_MAX } from './printing.ts';

export const MONOGRAPH_SOURCES = ['drug_database', 'custom'] as const;
export const MAX_MONOGRAPHS = 1000;
export const MONOGRAPH_NAME_MAX_LENGTH = 200;
export const LONG_MONOGRAPH_TEXT_MAX_LENGTH = 20_000;

export const LABELS_SECRET_FIELDS = [] as const;

export const DUPLICATE_MONOGRAPH_MESSAGE = 'Each drug has one monograph entry';
export const CUSTOM_MONOGRAPH_TEXT_MESSAGE = 'A custom monograph needs its text';

const monographEntryShape = {
  drugId: text('Monograph drug ID', MONOGRAPH_NAME_MAX_LENGTH).min(1, 'Monograph drug ID is required'),
  drugName: text('Monograph drug name', MONOGRAPH_NAME_MAX_LENGTH).min(1, 'Monograph drug name is required'),
  genericName: text('Monograph generic name', MONOGRAPH_NAME_MAX_LENGTH),
  source: choice('Monograph source', MONOGRAPH_SOURCES),
  lastUpdated: z
    .string({ error: `Monograph last updated: ${INVALID_DATE_MESSAGE}` })
    .refine(isCalendarDate, `Monograph last updated: ${INVALID_DATE_MESSAGE}`),
  shortMonographEnabled: toggle('Short monograph'),
  longMonographEnabled: toggle('Long monograph'),
  shortText: text('Short monograph text', MONOGRAPH_MAX_CHARACTERS_MAX),
  longText: text('Long monograph text', LONG_MONOGRAPH_TEXT_MAX_LENGTH),
};

/** An entry as it may be saved: a custom one has its text. */
export const monographEntrySchema = z.object(monographEntryShape).refine(
  (entry) => entry.source !== 'custom' || entry.shortText !== '' || entry.longText !== '',
  { message: CUSTOM_MONOGRAPH_TEXT_MESSAGE, path: ['shortText'] },
);
export type MonographEntry = z.output<typeof monographEntrySchema>;

function monographList<Entry extends z.ZodType<MonographEntry>>(entry: Entry) {
  return z.array(entry).max(MAX_MONOGRAPHS, `At most ${MAX_MONOGRAPHS} monographs`);
}

function labelsShape<Monographs extends z.ZodType<MonographEntry[]>>(monographs: Monographs) {
  return {
    enableMonographPrinting: toggle('Monograph printing'),
    defaultMonographFormat: choice('Default monograph format', MONOGRAPH_FORMATS),
    monographIntegration: choice('Monograph integration', MONOGRAPH_INTEGRATIONS),
    monographs,
  };
}

/** PUT /api/system-settings/labels: one entry per drug, custom entries with their text. */
export const labelsSettingsSchema = z.object(
  labelsShape(
    monographList(monographEntrySchema).refine(
      (entries) => new Set(entries.map((entry) => entry.drugId)).size === entries.length,
      DUPLICATE_MONOGRAPH_MESSAGE,
    ),
  ),
);
export type LabelsSettingsInput = z.input<typeof labelsSettingsSchema>;
export type LabelsSettings = z.output<typeof labelsSettingsSchema>;

/**
 * GET: each field's own rule, not the rules across fields (one entry per drug, a custom entry's text), which decide
 * what may be saved; a stored list that breaks one still reads, for the form to show. The label generator takes the
 * first entry of a drug, and a custom entry without text prints no sections.
 */
export const labelsSettingsReadSchema = z.object(labelsShape(monographList(z.object(monographEntryShape))));
export type LabelsSettingsRead = z.output<typeof labelsSettingsReadSchema>;

/** Defaults (chosen, matching the printing group's): monographs off, short format, printed separately, none listed. */
export const LABELS_SETTINGS_DEFAULTS: LabelsSettingsRead = {
  enableMonographPrinting: false,
  defaultMonographFormat: 'short',
  monographIntegration: 'separate',
  monographs: [],
};

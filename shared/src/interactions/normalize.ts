/**
 * Drug-name normalisation: from what is written on a prescription or profile ("Warfarin Sodium 5 mg
 * tablet", "Norco 5/325", "St. John's Wort") to the knowledge base's lower-case generic names.
 * Steps: clean the text (case, marks, punctuation), drop strengths and dosage forms, resolve synonyms
 * (brands, abbreviations; a combination product gives each ingredient), drop salt words only when that
 * yields a known drug (so "potassium chloride" stays itself), and split unknown combinations ("a/b").
 * Pure: the caller passes the lookup built from the knowledge base.
 */

/** What normalisation needs from the knowledge base. */
export interface NameLookup {
  /** The generics a cleaned name stands for (a synonym or a known generic), or undefined. */
  resolve(cleanedName: string): readonly string[] | undefined;
}

// Longer units first, so "mg/ml" is taken whole rather than as "mg" leaving "/ml".
const STRENGTH =
  /\b\d+(?:[.,]\d+)?(?:\s*[/-]\s*\d+(?:[.,]\d+)?)*\s*(?:mg\/\d*\s*ml|mcg\/hr?|mg\/hr?|mcg\/actuation|mcg|mg|µg|ug|gm?|kg|ml|l|%|units?|iu|meq|mmol)(?![a-z])/g;
const BARE_NUMBER = /(^|\s)\d+(?:[.,]\d+)?(?:\s*[/-]\s*\d+(?:[.,]\d+)?)*(?=\s|$)/g;
const DOSAGE_FORM_WORDS = new Set([
  'tablet', 'tablets', 'tab', 'tabs', 'capsule', 'capsules', 'cap', 'caps', 'oral', 'solution', 'suspension',
  'injection', 'injectable', 'inj', 'cream', 'ointment', 'gel', 'patch', 'patches', 'er', 'xr', 'xl', 'sr', 'cr', 'la',
  'dr', 'ec', 'ir', 'odt', 'chewable', 'extended', 'delayed', 'immediate', 'release', 'sustained', 'controlled',
  'sublingual', 'sl', 'syrup', 'drops', 'inhaler', 'ophthalmic', 'topical', 'transdermal', 'film', 'vial', 'pen',
  'liquid', 'elixir', 'powder', 'spray', 'nasal', 'suppository', 'lozenge', 'packet', 'daily', 'po', 'iv', 'im',
  'prn', 'once', 'twice', 'bid', 'tid', 'qid', 'qd', 'qhs', 'generic', 'brand', 'ds', 'ss', 'hfa',
]);
const SALT_WORDS = new Set([
  'hydrochloride', 'hcl', 'hydrobromide', 'hbr', 'sodium', 'potassium', 'calcium', 'magnesium', 'sulfate', 'sulphate',
  'succinate', 'tartrate', 'bitartrate', 'maleate', 'mesylate', 'besylate', 'citrate', 'acetate', 'phosphate',
  'fumarate', 'bromide', 'chloride', 'dihydrate', 'monohydrate', 'trihydrate', 'anhydrous', 'hyclate', 'medoxomil',
  'disodium', 'dipropionate', 'propionate', 'valerate', 'benzathine', 'procaine', 'pamoate', 'lactate',
  'gluconate', 'carbonate', 'axetil', 'proxetil', 'pivoxil',
]);
const COMBINATION_SEPARATOR = /\s*(?:\/|\+|,|&|\band\b|\bwith\b|\s-\s|-)\s*/;

/** Lower case, marks and punctuation gone, single spaces; keeps the characters that carry meaning in names. */
export function cleanDrugText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[®™©]/g, '')
    .replace(/\([^)]*\)/g, ' ') // "(rash)", "(generic)"
    .replace(/['’`]/g, '')
    .replace(/(?<!\d)\.|\.(?!\d)/g, ' ')
    .replace(/#/g, ' ')
    .replace(/[^a-z0-9%/+.,&\-\s]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The cleaned name without strengths, bare numbers and dosage-form words. */
export function stripStrengthAndForm(cleaned: string): string {
  const withoutStrength = cleaned.replace(STRENGTH, ' ').replace(BARE_NUMBER, ' ');
  return withoutStrength
    .split(/\s+/)
    .filter((word) => word !== '' && !DOSAGE_FORM_WORDS.has(word))
    .join(' ')
    .replace(/^[\s,/+&-]+|[\s,/+&-]+$/g, '')
    .trim();
}

function withoutSaltWords(name: string): string {
  return name
    .split(' ')
    .filter((word) => !SALT_WORDS.has(word))
    .join(' ');
}

function resolveOne(name: string, lookup: NameLookup): readonly string[] | undefined {
  if (name === '') return undefined;
  const direct = lookup.resolve(name);
  if (direct) return direct;
  const saltless = withoutSaltWords(name);
  if (saltless !== name && saltless !== '') return lookup.resolve(saltless);
  return undefined;
}

/**
 * The generic names a written medication stands for: one for most, several for a combination product,
 * none for empty text. A name the knowledge base does not know is returned cleaned (strength and form
 * dropped) so identical unknown drugs still match each other and allergies.
 */
export function normalizeMedicationName(text: string, lookup: NameLookup): string[] {
  const cleaned = cleanDrugText(text);
  if (cleaned === '') return [];
  const exact = resolveOne(cleaned, lookup);
  if (exact) return [...exact];
  const stripped = stripStrengthAndForm(cleaned);
  const known = resolveOne(stripped, lookup);
  if (known) return [...known];
  const parts = stripped.split(COMBINATION_SEPARATOR).map((part) => part.trim()).filter((part) => part !== '');
  if (parts.length > 1) {
    const generics: string[] = [];
    for (const part of parts) {
      for (const generic of resolveOne(part, lookup) ?? [part]) {
        if (!generics.includes(generic)) generics.push(generic);
      }
    }
    return generics;
  }
  return stripped === '' ? [] : [stripped];
}

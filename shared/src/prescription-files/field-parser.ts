/**
 * The one field parser for free text (issue 23): a PDF's text layer or the OCR of a fax or scan, read into the spec's
 * patientData / drugData / prescriberData. It reads labelled fields ("Patient:", "DOB", "Rx:", "Qty", "Sig:",
 * "Refills", "NDC", "NPI", "DEA", "Date", "BIN", …) line by line, tolerant of what OCR does to typed text (odd
 * spacing, `|` for `l`, `O`/`o` for `0` inside numbers), then normalises the values (extracted-values.ts): dates,
 * NDC in any format, NPI and DEA kept only when their check digits pass. Input is capped and every pattern is
 * anchored and linear, so hostile text costs nothing.
 */
import { clean, countOf, defined, firstDateIn, fitExtraction, normalizeNdc, phoneOf, quantityOf, validDea, validNpi } from './extracted-values.ts';
import { type DrugData, type Extraction, ExtractionError, type PatientData, type PrescriberData } from './prescription-file.ts';

export const FIELD_PARSER_MAX_CHARS = 100_000;

type Field =
  | 'patient' | 'dob' | 'patientAddress' | 'patientPhone' | 'address' | 'phone' | 'drug' | 'strength' | 'form' | 'quantity' | 'daysSupply'
  | 'sig' | 'refills' | 'ndc' | 'prescriber' | 'npi' | 'dea' | 'date' | 'prescriberPhone' | 'prescriberAddress'
  | 'substitution' | 'daw' | 'insurance' | 'bin' | 'pcn' | 'group' | 'member';

/** Labels as written on prescriptions, longest first where one starts another ("Date of Birth" before "Date"). */
const LABELS: readonly [RegExp, Field][] = [
  [/^(patient\s*name|patient|pt\.?\s*name|name)$/i, 'patient'],
  [/^(dob|d\.o\.b\.?|date\s*of\s*birth|birth\s*date|birthdate)$/i, 'dob'],
  [/^patient\s*(address|addr\.?)$/i, 'patientAddress'],
  [/^patient\s*(phone|tel\.?|telephone)$/i, 'patientPhone'],
  // Whose address or phone a bare label gives depends on the block it is in (labelledValues).
  [/^(address|addr\.?)$/i, 'address'],
  [/^(phone|tel\.?|telephone|ph\.?)$/i, 'phone'],
  [/^(rx|drug|medication|drug\s*name|medication\s*name|product)$/i, 'drug'],
  [/^strength$/i, 'strength'],
  [/^(form|dosage\s*form)$/i, 'form'],
  [/^(qty|quantity|disp\.?|dispense|#)$/i, 'quantity'],
  [/^(days?\s*supply|day\s*supply|ds)$/i, 'daysSupply'],
  [/^(sig|directions|instructions|dir\.?)$/i, 'sig'],
  [/^(refills?|rf|refills?\s*authori[sz]ed|no\.?\s*of\s*refills)$/i, 'refills'],
  [/^ndc(\s*(number|#|no\.?))?$/i, 'ndc'],
  [/^(prescriber|prescriber\s*name|physician|doctor|provider|prescribed\s*by|dr\.?)$/i, 'prescriber'],
  [/^npi(\s*(number|#|no\.?))?$/i, 'npi'],
  [/^dea(\s*(number|#|no\.?))?$/i, 'dea'],
  [/^(date|date\s*written|written\s*date|date\s*signed|date\s*issued|issue\s*date)$/i, 'date'],
  [/^(prescriber\s*phone|office\s*phone|clinic\s*phone)$/i, 'prescriberPhone'],
  [/^(prescriber\s*address|office\s*address|clinic\s*address|practice\s*address)$/i, 'prescriberAddress'],
  [/^(substitutions?|generic\s*substitution|(generic\s*)?substitution\s*(permitted|allowed|ok))$/i, 'substitution'],
  [/^(daw|dispense\s*as\s*written)$/i, 'daw'],
  [/^(insurance|plan|payer|insurance\s*provider)$/i, 'insurance'],
  [/^(bin|rx\s*bin)$/i, 'bin'],
  [/^(pcn|rx\s*pcn)$/i, 'pcn'],
  [/^(group|group\s*(number|#|no\.?)|rx\s*grp|grp)$/i, 'group'],
  [/^(member\s*id|id|member\s*(number|#)|policy(\s*(number|#))?|cardholder\s*id|subscriber\s*id)$/i, 'member'],
];

function fieldOf(label: string): Field | undefined {
  const text = label.replace(/\s+/g, ' ').trim();
  return LABELS.find(([pattern]) => pattern.test(text))?.[1];
}

/**
 * What OCR does to digits: O/o for 0, l/I/| for 1. Only in a token that stands alone (no letter either side) and is a
 * number (digits, those look-alikes and number punctuation; it starts with a digit or has at least as many digits as
 * look-alikes: "5OO", "1O/3O/1985", "l598765430"), so words like "Old", "IO" or "Allopurinol" stay.
 */
function ocrDigits(text: string): string {
  return text.replace(/(?<![A-Za-z])[0-9OoIl|/.-]+(?![A-Za-z])/g, (token) => {
    const digits = token.replace(/\D/g, '').length;
    const alikes = token.replace(/[^OoIl|]/g, '').length;
    return digits > 0 && alikes > 0 && (digits >= alikes || /^\d/.test(token)) ? token.replace(/[Oo]/g, '0').replace(/[Il|]/g, '1') : token;
  });
}

/** The block a label belongs to: a bare "Address:" or "Phone:" is the patient's or the prescriber's by it. */
const BLOCK_OF: Partial<Record<Field, 'patient' | 'prescriber'>> = {
  patient: 'patient', dob: 'patient', patientAddress: 'patient', patientPhone: 'patient',
  prescriber: 'prescriber', npi: 'prescriber', dea: 'prescriber', prescriberAddress: 'prescriber', prescriberPhone: 'prescriber',
};

interface Reading {
  values: Map<Field, string>;
  /** The last block a label or a "Dr." line opened; the patient's until one does (a form's usual order). */
  block: 'patient' | 'prescriber';
}

/** Stores a label's value (the first value of a label wins), a bare address or phone in the block it is written in. */
function store(reading: Reading, label: Field, value: string | undefined): void {
  const field = label === 'address' ? (reading.block === 'prescriber' ? 'prescriberAddress' : 'patientAddress')
    : label === 'phone' ? (reading.block === 'prescriber' ? 'prescriberPhone' : 'patientPhone')
    : label;
  reading.block = BLOCK_OF[label] ?? reading.block;
  if (value && !reading.values.has(field)) reading.values.set(field, value);
}

/**
 * The labelled values of the text: "Label: value" on a line, and several on one line ("Qty: 30   Refills: 1",
 * "NPI: 1598765430  DEA: BM3825417"). A prescription pad often starts with the prescriber's letterhead (name,
 * address, phone) and then the patient's block, so a bare "Address"/"Phone" goes to the block it is in.
 */
function labelledValues(text: string): Map<Field, string> {
  const reading: Reading = { values: new Map<Field, string>(), block: 'patient' };
  for (const rawLine of text.split(/\r?\n/)) {
    // Every kind of white space (tabs, form feeds, no-break spaces) is one space: later patterns meet single spaces only.
    const line = rawLine.replace(/\|/g, 'l').replace(/\s+/g, ' ').trim();
    if (line === '') continue;
    // A label is 1–4 words ending in a colon; its value runs to the next label on the line.
    const parts = line.split(/(?:^|\s)((?:[A-Za-z.#]+ ){0,3}[A-Za-z.#]+) ?:/);
    // parts: [before, label1, value1, label2, value2, …]; words before a label that are not part of it belong to
    // the value before ("Patient: Kevin Doyle DOB: …" → the label is "DOB", "Kevin Doyle" the patient's).
    let previous: Field | undefined;
    let previousValue = '';
    const keep = () => {
      if (previous) store(reading, previous, clean(previousValue));
    };
    for (let i = 1; i + 1 < parts.length; i += 2) {
      const words = parts[i]!.split(' ');
      let start = 0;
      while (start < words.length && fieldOf(words.slice(start).join(' ')) === undefined) start += 1;
      previousValue += ' ' + words.slice(0, start).join(' ');
      keep();
      previous = start < words.length ? fieldOf(words.slice(start).join(' ')) : undefined;
      previousValue = parts[i + 1]!;
    }
    keep();
    if (parts.length === 1) unlabelled(line, reading);
  }
  return reading.values;
}

/** A number label written without its colon ("NDC # 68462 0190 01", "NPI 1598765430", "DOB 10/30/1985"). */
const BARE_NUMBER_LABEL = /^(ndc|npi|dea|dob|d\.o\.b\.?) ?(?:(?:#|no\.|number) ?)?(\d.*|[A-Za-z]{2}\d{7}.*)$/i;

/** Lines without a colon that still say what they are: "Substitution permitted", "Dispense as written", "Dr. X". */
function unlabelled(line: string, reading: Reading): void {
  const { values } = reading;
  const bare = BARE_NUMBER_LABEL.exec(line);
  if (bare) {
    const field = fieldOf(bare[1]!.toLowerCase().startsWith('d.') ? 'dob' : bare[1]!);
    if (field) store(reading, field, bare[2]);
  } else if (/\b(substitution|generic)\s+(permitted|allowed|ok)\b/i.test(line)) values.set('substitution', 'permitted');
  else if (/\b(dispense\s+as\s+written|do\s+not\s+substitute|brand\s+(medically\s+)?necessary|no\s+substitution)\b/i.test(line)) values.set('daw', 'yes');
  else if (/^dr\.?\s+[A-Z][a-z]+/i.test(line)) store(reading, 'prescriber', line);
}

function splitName(name: string | undefined): { firstName?: string; lastName?: string } {
  if (!name) return {};
  const bare = name.replace(/^(dr\.?|doctor)\s+/i, '').replace(/,?\s+(md|do|np|pa-c|pa|dds|dpm|od|aprn|fnp)\.?$/i, '').trim();
  if (bare.includes(',')) {
    const [last, first] = bare.split(',', 2).map((part) => part.trim());
    return defined({ firstName: clean(first?.split(' ')[0]), lastName: clean(last) });
  }
  const words = bare.split(' ').filter(Boolean);
  return words.length < 2 ? {} : { firstName: words[0], lastName: words[words.length - 1] };
}

/** Strength and form from a drug line ("Ibuprofen 800 mg tablet"): the name is the words before the strength. */
function drugParts(line: string | undefined): { name?: string; strength?: string; form?: string } {
  if (!line) return {};
  // Bounded digit runs that start after a non-digit: a line of 100,000 digits costs one pass, not a pass per digit.
  const strength = /(?<![\d.])(\d{1,6}(?:\.\d{1,4})?\s?(?:mg|mcg|g|ml|meq|units?|%)(?:\s?\/\s?\d{1,6}(?:\.\d{1,4})?\s?(?:mg|mcg|g|ml))?)/i.exec(line);
  const form = /\b(tablets?|tabs?|capsules?|caps?|solution|suspension|syrup|cream|ointment|patch|inhaler|injection)\b/i.exec(line);
  const forms: Record<string, string> = { tab: 'tablet', tabs: 'tablet', cap: 'capsule', caps: 'capsule' };
  const formWord = form?.[1]?.toLowerCase();
  return defined({
    name: clean(line),
    // "800mg" is written as the catalog writes it, "800 mg".
    strength: clean(strength?.[1]?.replace(/\s*\/\s*/, '/').replace(/(\d)(?=[a-z])/gi, '$1 ')),
    form: formWord ? forms[formWord] ?? formWord.replace(/s$/, '') : undefined,
  });
}

/** The NDC at the start of a value, its groups split by hyphens or spaces ("68462 0190 01" is 5-4-2). */
function ndcIn(value: string | undefined): string | undefined {
  const match = value ? /^(?:(\d{4,5}) ?[- ] ?(\d{3,4}) ?[- ] ?(\d{1,2})|(\d{10,11}))(?!\d)/.exec(value) : null;
  if (!match) return undefined;
  return normalizeNdc(match[4] ?? `${match[1]}-${match[2]}-${match[3]}`);
}

function substitutionOf(values: Map<Field, string>): boolean | undefined {
  const daw = values.get('daw');
  if (daw !== undefined) return /^(no|n|0|false)\b/i.test(daw);
  const substitution = values.get('substitution');
  if (substitution === undefined) return undefined;
  return !/^(no|not|n|0|false|dispense as written|daw)\b/i.test(substitution);
}

/** Reads free text into the model; text from which no field could be read is an ExtractionError. */
export function parsePrescriptionText(text: string, sourceFormat: 'pdf-text' | 'ocr'): Extraction {
  const input = ocrDigits(text.slice(0, FIELD_PARSER_MAX_CHARS));
  const values = labelledValues(input);
  const patientName = values.get('patient');
  const prescriberName = values.get('prescriber');
  const drugLine = values.get('drug');
  const drug = drugParts(drugLine);
  const dateWritten = firstDateIn(values.get('date'));
  const insurance = defined({
    provider: clean(values.get('insurance')),
    policyNumber: clean(values.get('member')),
    groupNumber: clean(values.get('group')),
    bin: clean(values.get('bin')?.replace(/\D/g, '')),
    pcn: clean(values.get('pcn')),
  });

  const patientData: PatientData = defined({
    name: clean(patientName?.replace(/\s*\b(dob|d\.o\.b)\b.*$/i, '')),
    ...splitName(patientName?.replace(/\s*\b(dob|d\.o\.b)\b.*$/i, '')),
    dateOfBirth: firstDateIn(values.get('dob')),
    phone: phoneOf(values.get('patientPhone')),
    address: clean(values.get('patientAddress')),
    insuranceInfo: Object.keys(insurance).length > 0 ? insurance : undefined,
  });
  const drugData: DrugData = defined({
    name: drug.name,
    strength: clean(values.get('strength')) ?? drug.strength,
    form: clean(values.get('form'))?.toLowerCase() ?? drug.form,
    quantity: quantityOf(values.get('quantity')),
    daysSupply: countOf(values.get('daysSupply'), 365),
    directions: clean(values.get('sig')),
    refills: countOf(values.get('refills'), 99),
    genericSubstitution: substitutionOf(values),
    ndcNumber: ndcIn(values.get('ndc')),
  });
  const prescriberData: PrescriberData = defined({
    name: clean(prescriberName?.replace(/\s*\b(npi|dea)\b.*$/i, '')),
    ...splitName(prescriberName?.replace(/\s*\b(npi|dea)\b.*$/i, '')),
    npiNumber: validNpi(values.get('npi')?.split(' ')[0]),
    deaNumber: validDea(values.get('dea')?.split(' ')[0]),
    phone: phoneOf(values.get('prescriberPhone')),
    address: clean(values.get('prescriberAddress')),
    dateSigned: dateWritten,
  });

  const extraction = fitExtraction({ sourceFormat, patientData, drugData, prescriberData });
  const found = [extraction.patientData, extraction.drugData, extraction.prescriberData].reduce((sum, data) => sum + Object.keys(data).length, 0);
  if (found === 0) {
    throw new ExtractionError(
      sourceFormat === 'ocr'
        ? 'No prescription data could be read from the recognised text (no labelled patient, drug or prescriber fields)'
        : 'No prescription data could be read from the PDF text (no labelled patient, drug or prescriber fields)',
    );
  }
  return extraction;
}

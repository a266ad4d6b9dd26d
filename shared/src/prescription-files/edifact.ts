/**
 * NCPDP SCRIPT 10.6 in EDIFACT syntax (the "EDI" file a fax gateway or an older e-prescribing switch sends): a NEWRX
 * interchange `UNA`? `UIB … UIH+SCRIPT:010:006:NEWRX … PVD … PTT … DRU … COO … UIT … UIZ`, read into the same model as
 * the XML. The UNA service string advice sets the separators (component, data element, decimal, release, repetition,
 * segment terminator; SCRIPT's usual `UNA:+./*'`); without it EDIFACT's defaults apply. Released characters are
 * honoured. Bounded: 2 MB and 5,000 segments.
 * Segments read: PVD+PC (prescriber: references NPI qualifier HPI, DEA qualifier DH; name last:first; address
 * street:city:state:zip; communication number:TE), PTT (patient: birth date CCYYMMDD, name, gender, address,
 * communication), DRU (item P:description:NDC:ND, quantity qualifier:value, directions, dates 85 written / ZDS days
 * supply, substitution 0/1, refills R:count), COO (coverage: payer ids BIN/PCN, payer name, cardholder id, group id).
 */
import { clean, countOf, defined, fitExtraction, fullName, normalizeDate, normalizeNdc, phoneOf, quantityOf, sentDea, sentNpi } from './extracted-values.ts';
import { type DrugData, type Extraction, ExtractionError, type PatientData, type PrescriberData } from './prescription-file.ts';

const MAX_CHARS = 2 * 1024 * 1024;
const MAX_SEGMENTS = 5_000;

interface Separators {
  component: string;
  element: string;
  release: string;
  repetition: string;
  segment: string;
}

/** A segment: its tag and its data elements, each a list of repetitions, each a list of components. */
interface Segment {
  tag: string;
  elements: string[][][];
}

function fail(reason: string): never {
  throw new ExtractionError(`The SCRIPT EDIFACT document cannot be read: ${reason}`);
}

/** Splits on `separator` outside released characters, removing the release characters. */
function split(text: string, separator: string, release: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === release && i + 1 < text.length) {
      current += release + text[i + 1];
      i += 1;
    } else if (char === separator) {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts;
}

function unrelease(text: string, release: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] === release && i + 1 < text.length) i += 1;
    out += text[i];
  }
  return out;
}

function segmentsOf(source: string): Segment[] {
  if (source.length > MAX_CHARS) fail('it is larger than 2 MB');
  let text = source.replace(/^\uFEFF/, '').trimStart();
  const separators: Separators = { component: ':', element: '+', release: '?', repetition: '*', segment: "'" };
  if (text.startsWith('UNA')) {
    if (text.length < 9) fail('the UNA service string advice is incomplete');
    separators.component = text[3]!;
    separators.element = text[4]!;
    separators.release = text[6]!;
    separators.repetition = text[7]!;
    separators.segment = text[8]!;
    text = text.slice(9);
  }
  const raw = split(text, separators.segment, separators.release).map((segment) => segment.replace(/^[\r\n]+/, '')).filter((segment) => segment.trim() !== '');
  if (raw.length > MAX_SEGMENTS) fail(`it has more than ${MAX_SEGMENTS} segments`);
  return raw.map((segment) => {
    const [tag, ...elements] = split(segment, separators.element, separators.release);
    return {
      tag: tag!.trim(),
      elements: elements.map((element) =>
        split(element, separators.repetition, separators.release).map((repetition) =>
          split(repetition, separators.component, separators.release).map((component) => unrelease(component, separators.release)))),
    };
  });
}

/** Component `c` of the first repetition of element `e` (both 1-based, as the guides count them). */
function value(segment: Segment | undefined, e: number, c = 1): string | undefined {
  return clean(segment?.elements[e - 1]?.[0]?.[c - 1]);
}

/** Every repetition of element `e` as its components. */
function repetitions(segment: Segment | undefined, e: number): string[][] {
  return segment?.elements[e - 1] ?? [];
}

/** The value of the repetition whose qualifier component (2nd) is one of `qualifiers`. */
function qualified(segment: Segment | undefined, e: number, ...qualifiers: string[]): string | undefined {
  return clean(repetitions(segment, e).find((parts) => qualifiers.includes((parts[1] ?? '').trim()))?.[0]);
}

function addressOf(segment: Segment | undefined, e: number): string | undefined {
  const [street, city, state, zip] = [1, 2, 3, 4].map((c) => value(segment, e, c));
  return clean([street, [city, fullName(state, zip)].filter(Boolean).join(', ')].filter(Boolean).join(', '));
}

function phoneOfElement(segment: Segment | undefined, e: number): string | undefined {
  return phoneOf(qualified(segment, e, 'TE') ?? value(segment, e, 1));
}

function prescriberOf(pvd: Segment | undefined, writtenDate: string | undefined): PrescriberData {
  if (!pvd) return {};
  const lastName = value(pvd, 5, 1);
  const firstName = value(pvd, 5, 2);
  return defined({
    name: fullName(firstName, lastName),
    firstName,
    lastName,
    npiNumber: sentNpi(qualified(pvd, 2, 'HPI')),
    deaNumber: sentDea(qualified(pvd, 2, 'DH')),
    address: addressOf(pvd, 7),
    phone: phoneOfElement(pvd, 8),
    dateSigned: writtenDate,
  });
}

function patientOf(ptt: Segment | undefined, coo: Segment | undefined): PatientData {
  if (!ptt) fail('it has no patient (PTT)');
  const lastName = value(ptt, 3, 1);
  const firstName = value(ptt, 3, 2);
  const insurance = coo
    ? defined({
        provider: value(coo, 2),
        policyNumber: value(coo, 4),
        groupNumber: value(coo, 6),
        bin: qualified(coo, 1, 'BO', 'BIN'),
        pcn: qualified(coo, 1, 'PC', 'PCN'),
      })
    : undefined;
  return defined({
    name: fullName(firstName, lastName),
    firstName,
    lastName,
    dateOfBirth: normalizeDate(value(ptt, 2)),
    gender: value(ptt, 4),
    address: addressOf(ptt, 6),
    phone: phoneOfElement(ptt, 7),
    insuranceInfo: insurance && Object.keys(insurance).length > 0 ? insurance : undefined,
  });
}

function drugOf(dru: Segment | undefined): { drug: DrugData; writtenDate?: string } {
  if (!dru) fail('it has no medication (DRU)');
  const description = value(dru, 1, 2);
  const strength = description ? /(?<![\d.])(\d{1,6}(?:\.\d{1,4})?\s?(?:mg|mcg|g|ml|meq|%)(?:\/\d{1,6}(?:\.\d{1,4})?\s?(?:mg|mcg|g|ml))?)/i.exec(description)?.[1] : undefined;
  const form = description ? /\b(tablets?|capsules?|solution|suspension|cream|ointment|patch|inhaler)\b/i.exec(description)?.[1] : undefined;
  const writtenDate = normalizeDate(repetitions(dru, 4).find((parts) => parts[0] === '85')?.[1]);
  const daysSupply = repetitions(dru, 4).find((parts) => parts[0] === 'ZDS')?.[1];
  const substitution = value(dru, 5);
  const refillQualifier = value(dru, 6, 1);
  return {
    writtenDate,
    drug: defined({
      name: clean(description),
      strength: clean(strength),
      form: form?.toLowerCase().replace(/s$/, ''),
      quantity: quantityOf(value(dru, 2, 2)),
      daysSupply: countOf(daysSupply, 365),
      directions: value(dru, 3, 2) ?? value(dru, 3, 1),
      refills: refillQualifier === 'PRN' ? undefined : countOf(value(dru, 6, 2), 99),
      genericSubstitution: substitution === undefined ? undefined : substitution !== '1',
      ndcNumber: value(dru, 1, 4) === 'ND' ? normalizeNdc(value(dru, 1, 3)) : undefined,
    }),
  };
}

/** Reads a SCRIPT 10.6 EDIFACT NEWRX; another message, version or broken syntax is an ExtractionError. */
export function parseEdifactNewRx(text: string): Extraction {
  const segments = segmentsOf(text);
  const first = segments[0];
  if (!first || (first.tag !== 'UIB' && first.tag !== 'UNB')) fail('it does not start with an interchange header (UIB)');
  const header = segments.find((segment) => segment.tag === 'UIH');
  const messageType = [1, 2, 3, 4].map((c) => value(header, 1, c));
  if (messageType[0] !== 'SCRIPT') fail('it is not a SCRIPT message');
  if (messageType[1] !== '010' || messageType[2] !== '006') fail(`SCRIPT version ${messageType[1] ?? '?'}.${messageType[2] ?? '?'} is not 10.6`);
  if (messageType[3] !== 'NEWRX') throw new ExtractionError(`This SCRIPT message is a ${messageType[3] ?? 'message of no type'}, not a NEWRX (new prescription)`);
  const find = (tag: string, qualifier?: string) =>
    segments.find((segment) => segment.tag === tag && (qualifier === undefined || value(segment, 1) === qualifier));
  const { drug, writtenDate } = drugOf(find('DRU'));
  return fitExtraction({
    sourceFormat: 'script-edifact-10.6',
    messageId: value(header, 2),
    patientData: patientOf(find('PTT'), find('COO')),
    drugData: drug,
    prescriberData: prescriberOf(find('PVD', 'PC'), writtenDate),
  });
}

/**
 * What an NPPES NPI Registry answer says about a prescriber (issue 22). The api function asks
 * `GET {NPPES_API_URL}/?version=2.1&number={npi}` (https://npiregistry.cms.hhs.gov/api-page) and hands the JSON here:
 * {result_count, results: [{number, enumeration_type NPI-1 (individual) | NPI-2 (organisation), basic {first_name,
 * last_name, middle_name, credential, status "A", organization_name…}, addresses [{address_purpose LOCATION |
 * MAILING, …}], taxonomies [{code, desc, primary, state, license}], …}]}. A query NPPES refuses is still HTTP 200,
 * with {"Errors": [{description, field, number}]}. The finding and its sentence are what the database records and
 * the user reads; the licence comparison is reported beside it, since NPPES's licence fields are self-reported.
 */

export type NppesFinding = 'match' | 'not-found' | 'inactive' | 'organization' | 'name-mismatch' | 'registry-error';

export interface NppesTaxonomy {
  code: string;
  description: string;
  state: string | null;
  license: string | null;
  primary: boolean;
}

export interface NppesPracticeLocation {
  /** address_1 and address_2, joined. */
  address: string | null;
  city: string | null;
  state: string | null;
  /** 12345 or 12345-6789 (NPPES writes nine digits without the dash). */
  zipCode: string | null;
  phone: string | null;
  fax: string | null;
}

export interface NppesRecord {
  npi: string;
  firstName: string | null;
  lastName: string | null;
  /** NPI-2 only: the organisation's name. */
  organizationName: string | null;
  credential: string | null;
  status: string | null;
  enumerationType: string;
  /** The primary taxonomy's description. */
  specialty: string | null;
  taxonomies: NppesTaxonomy[];
  practiceLocation: NppesPracticeLocation | null;
}

export type NppesLicenseComparison = 'match' | 'mismatch' | 'not-listed' | 'no-license-on-file';

export interface NppesCheck {
  finding: NppesFinding;
  /** A sentence for the user. */
  reason: string;
  record: NppesRecord | null;
  licenseComparison: NppesLicenseComparison;
  licenseNote: string | null;
}

export interface NppesPrescriber {
  npiNumber: string;
  firstName: string;
  lastName: string;
  licenseNumber: string | null;
  licenseState: string | null;
}

/** The body is not an NPPES answer (the caller reports the registry's answer as malformed). */
export class NppesAnswerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NppesAnswerError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function textOrNull(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function zipCode(value: unknown): string | null {
  const text = textOrNull(value);
  if (text === null) return null;
  return /^\d{9}$/.test(text) ? `${text.slice(0, 5)}-${text.slice(5)}` : text;
}

function taxonomyOf(value: unknown): NppesTaxonomy | null {
  if (!isRecord(value)) return null;
  const code = textOrNull(value.code);
  if (code === null) return null;
  return {
    code,
    description: textOrNull(value.desc) ?? code,
    state: textOrNull(value.state)?.toUpperCase() ?? null,
    license: textOrNull(value.license),
    // NPPES writes a boolean; older answers wrote "Y".
    primary: value.primary === true || value.primary === 'Y',
  };
}

function practiceLocationOf(addresses: unknown): NppesPracticeLocation | null {
  if (!Array.isArray(addresses)) return null;
  const location = addresses.find((address) => isRecord(address) && String(address.address_purpose).toUpperCase() === 'LOCATION');
  if (!isRecord(location)) return null;
  const street = [textOrNull(location.address_1), textOrNull(location.address_2)].filter((part) => part !== null).join(', ');
  return {
    address: street === '' ? null : street,
    city: textOrNull(location.city),
    state: textOrNull(location.state),
    zipCode: zipCode(location.postal_code),
    phone: textOrNull(location.telephone_number),
    fax: textOrNull(location.fax_number),
  };
}

/** One result of the answer as a record; NppesAnswerError when it lacks what every result has. */
export function nppesRecordOf(result: unknown): NppesRecord {
  if (!isRecord(result)) throw new NppesAnswerError('The NPPES NPI Registry answered a result that is not an object');
  const npi = textOrNull(result.number);
  const enumerationType = textOrNull(result.enumeration_type);
  if (npi === null || enumerationType === null || !isRecord(result.basic)) {
    throw new NppesAnswerError('The NPPES NPI Registry answered a result without its number, enumeration type or basic section');
  }
  const basic = result.basic;
  const taxonomies = (Array.isArray(result.taxonomies) ? result.taxonomies : []).map(taxonomyOf).filter((taxonomy) => taxonomy !== null);
  return {
    npi,
    firstName: textOrNull(basic.first_name),
    lastName: textOrNull(basic.last_name),
    organizationName: textOrNull(basic.organization_name),
    credential: textOrNull(basic.credential),
    status: textOrNull(basic.status),
    enumerationType,
    specialty: (taxonomies.find((taxonomy) => taxonomy.primary) ?? (taxonomies.length === 1 ? taxonomies[0] : undefined))?.description ?? null,
    taxonomies,
    practiceLocation: practiceLocationOf(result.addresses),
  };
}

const NAME_SUFFIXES = new Set(['JR', 'SR', 'II', 'III', 'IV', 'V']);

/** A name's words: accents and punctuation gone, upper case, apostrophes closed up, suffixes (Jr, III) dropped. */
function nameWords(name: string): string[] {
  const words = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/['’`.]/g, '')
    .split(/[^A-Z0-9]+/)
    .filter((word) => word !== '');
  const kept = words.filter((word) => !NAME_SUFFIXES.has(word));
  return kept.length > 0 ? kept : words;
}

/** Last names agree when they are the same letters, or every word of one is a word of the other (hyphenated names). */
export function lastNamesMatch(ours: string, theirs: string): boolean {
  const a = nameWords(ours);
  const b = nameWords(theirs);
  if (a.length === 0 || b.length === 0) return false;
  if (a.join('') === b.join('')) return true;
  return a.every((word) => b.includes(word)) || b.every((word) => a.includes(word));
}

/** First names agree when one starts the other: "J" and "JOHN", "Jon" and "Jonathan", "Mary Ann" and "MARY". */
export function firstNamesMatch(ours: string, theirs: string): boolean {
  const a = nameWords(ours).join('');
  const b = nameWords(theirs).join('');
  if (a === '' || b === '') return false;
  return a.startsWith(b) || b.startsWith(a);
}

/**
 * A licence number as compared: letters and digits only, upper case, and the zeros that pad a number dropped —
 * at the start, or after a letter prefix ("Q-04521" and "Q4521", "0209876" and "209876").
 */
function licenseKey(license: string): string {
  return license.toUpperCase().replace(/[^A-Z0-9]/g, '').replace(/(^|[A-Z])0+(?=\d)/g, '$1');
}

function licenseComparison(record: NppesRecord | null, prescriber: NppesPrescriber): Pick<NppesCheck, 'licenseComparison' | 'licenseNote'> {
  const ours = prescriber.licenseNumber?.trim() ?? '';
  if (ours === '') return { licenseComparison: 'no-license-on-file', licenseNote: 'No licence number is on file to compare with NPPES' };
  const listed = (record?.taxonomies ?? []).filter((taxonomy) => taxonomy.license !== null);
  if (listed.length === 0) {
    return { licenseComparison: 'not-listed', licenseNote: record ? 'NPPES lists no licence number for this NPI' : null };
  }
  const ourState = prescriber.licenseState?.trim().toUpperCase() || null;
  const describe = (license: string, state: string | null) => (state ? `${license} (${state})` : license);
  const theirs = [...new Set(listed.map((taxonomy) => describe(taxonomy.license!, taxonomy.state)))].join(', ');
  const sameNumber = listed.filter((taxonomy) => licenseKey(taxonomy.license!) === licenseKey(ours));
  if (sameNumber.some((taxonomy) => ourState === null || taxonomy.state === null || taxonomy.state === ourState)) {
    return { licenseComparison: 'match', licenseNote: `NPPES lists licence ${theirs}` };
  }
  return {
    licenseComparison: 'mismatch',
    licenseNote: `NPPES lists licence ${theirs}, not ${describe(ours, ourState)} as on file`,
  };
}

function personName(record: NppesRecord): string {
  return [record.firstName, record.lastName].filter((part) => part !== null).join(' ');
}

/**
 * Reads an NPPES answer for the prescriber: Errors → registry-error; no result → not-found; an NPI-2 → organization;
 * status other than "A" → inactive; the last name (and the first, or its initial) must agree → else name-mismatch;
 * else match. Throws NppesAnswerError when the body is not of NPPES's shape.
 */
export function checkNppesAnswer(body: unknown, prescriber: NppesPrescriber): NppesCheck {
  if (!isRecord(body)) throw new NppesAnswerError('The NPPES NPI Registry answered something that is not a JSON object');
  const npi = prescriber.npiNumber;
  if (Array.isArray(body.Errors)) {
    const descriptions = body.Errors.map((error) => (isRecord(error) ? textOrNull(error.description) : null)).filter((text) => text !== null);
    return {
      finding: 'registry-error',
      reason: `The NPPES NPI Registry refused the lookup of NPI ${npi}: ${descriptions.length > 0 ? descriptions.join('; ') : 'no reason given'}`,
      record: null,
      ...licenseComparison(null, prescriber),
    };
  }
  const count = typeof body.result_count === 'number' ? body.result_count : Number.NaN;
  if (!Number.isInteger(count) || count < 0 || (count > 0 && !Array.isArray(body.results))) {
    throw new NppesAnswerError('The NPPES NPI Registry answered without result_count and results');
  }
  const results = Array.isArray(body.results) ? body.results : [];
  if (count === 0 || results.length === 0) {
    return { finding: 'not-found', reason: `NPI ${npi} is not in the NPPES NPI Registry`, record: null, ...licenseComparison(null, prescriber) };
  }
  const record = results.map(nppesRecordOf).find((candidate) => candidate.npi === npi);
  if (!record) throw new NppesAnswerError(`The NPPES NPI Registry answered for another NPI than ${npi}`);
  const license = licenseComparison(record, prescriber);
  if (record.enumerationType.toUpperCase() === 'NPI-2') {
    const name = record.organizationName ?? 'an organization';
    return { finding: 'organization', reason: `NPI ${npi} belongs to ${name} (an organization), not to an individual prescriber`, record, ...license };
  }
  if (record.status?.toUpperCase() !== 'A') {
    return { finding: 'inactive', reason: `NPI ${npi} is not active in the NPPES NPI Registry (status ${record.status ?? 'not given'})`, record, ...license };
  }
  const ours = `${prescriber.firstName.trim()} ${prescriber.lastName.trim()}`.trim();
  const lastOk = record.lastName !== null && lastNamesMatch(prescriber.lastName, record.lastName);
  const firstOk = record.firstName !== null && firstNamesMatch(prescriber.firstName, record.firstName);
  if (!lastOk || !firstOk) {
    return { finding: 'name-mismatch', reason: `NPPES lists NPI ${npi} under the name ${personName(record) || 'of no one'}, not ${ours}`, record, ...license };
  }
  const credential = record.credential ? `, ${record.credential}` : '';
  return { finding: 'match', reason: `NPI ${npi} is active in the NPPES NPI Registry for ${personName(record)}${credential}`, record, ...license };
}

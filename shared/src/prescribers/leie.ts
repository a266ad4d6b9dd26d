/**
 * The OIG List of Excluded Individuals/Entities as HHS-OIG publishes it: UPDATED.csv of "LEIE Downloadable
 * Databases" (https://oig.hhs.gov/exclusions/exclusions_list.asp), which an admin uploads (issue 22). Its format:
 * an 18-column header, every field in double quotes (commas inside names and addresses), CRLF line ends, dates
 * YYYYMMDD with "00000000" for none, NPI "0000000000" for none. A small RFC 4180 parser reads it, bounded in size
 * and rows because it runs inside the api function; a file that is not this list is refused with a sentence, a
 * single bad row is reported with its line and left out. The entries go to public.replace_oig_exclusion_list as
 * they are here (camelCase).
 */

export const LEIE_HEADER: readonly string[] = [
  'LASTNAME',
  'FIRSTNAME',
  'MIDNAME',
  'BUSNAME',
  'GENERAL',
  'SPECIALTY',
  'UPIN',
  'NPI',
  'DOB',
  'ADDRESS',
  'CITY',
  'STATE',
  'ZIP',
  'EXCLTYPE',
  'EXCLDATE',
  'REINDATE',
  'WAIVERDATE',
  'WVRSTATE',
];

/** The whole list is about 15 MB and 80,000 rows (2026); twice that leaves room and still fits the function. */
export const LEIE_MAX_BYTES = 30 * 1024 * 1024;
export const LEIE_MAX_ROWS = 200_000;

/**
 * One exclusion as stored. Data minimisation: the list's date of birth, street address, city, ZIP and UPIN are
 * not kept — matching a prescriber needs only the NPI, or the name and state where the list has no NPI.
 */
export interface LeieEntry {
  lastName: string | null;
  firstName: string | null;
  middleName: string | null;
  businessName: string | null;
  general: string | null;
  specialty: string | null;
  npi: string | null;
  state: string | null;
  exclusionType: string;
  /** YYYY-MM-DD */
  exclusionDate: string;
  reinstatementDate: string | null;
  waiverDate: string | null;
}

export interface LeieRejectedRow {
  /** The line of the file the row starts on (the header is line 1). */
  line: number;
  reason: string;
}

export interface LeieParseResult {
  entries: LeieEntry[];
  rejected: LeieRejectedRow[];
}

/** The file is not the list, or is too big to read: nothing of it is used. */
export class LeieFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LeieFormatError';
  }
}

const NOT_THE_LIST = `This is not the OIG LEIE UPDATED.csv: the first line must be ${LEIE_HEADER.join(',')}`;

interface CsvRecord {
  line: number;
  fields: string[];
  /** Why the record cannot be read as fields (text after a closing quote); null when it can. */
  problem: string | null;
}

/** UTF-8 length without copying the text (the size bound is on bytes, as the upload is). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * RFC 4180 records: fields split by commas, a field in double quotes may hold commas, line breaks and "" for a
 * quote; records end at CRLF or LF. Blank lines are skipped. `onRecord` returns false to stop early.
 */
function readCsv(text: string, onRecord: (record: CsvRecord) => boolean): void {
  let line = 1;
  let fields: string[] = [];
  let field = '';
  let recordLine = 1;
  let problem: string | null = null;
  let i = 0;
  const endRecord = (): boolean => {
    fields.push(field);
    const blank = fields.length === 1 && fields[0] === '' && problem === null;
    const keepGoing = blank ? true : onRecord({ line: recordLine, fields, problem });
    fields = [];
    field = '';
    problem = null;
    return keepGoing;
  };
  while (i < text.length) {
    const char = text[i]!;
    if (char === '"' && field === '') {
      // A quoted field: up to the closing quote, "" being one quote.
      const opened = line;
      i += 1;
      let closed = false;
      while (i < text.length) {
        const inner = text[i]!;
        if (inner === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          closed = true;
          i += 1;
          break;
        }
        if (inner === '\n') line += 1;
        field += inner;
        i += 1;
      }
      if (!closed) throw new LeieFormatError(`The file ends inside a quoted field that starts on line ${opened}: a closing double quote is missing`);
      // Anything but a comma or a line end after the closing quote is not CSV; the row is reported, not guessed at.
      while (i < text.length && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') {
        problem ??= 'text follows a closing double quote';
        i += 1;
      }
      continue;
    }
    if (char === ',') {
      fields.push(field);
      field = '';
      i += 1;
      continue;
    }
    if (char === '\r' || char === '\n') {
      i += char === '\r' && text[i + 1] === '\n' ? 2 : 1;
      const keepGoing = endRecord();
      line += 1;
      recordLine = line;
      if (!keepGoing) return;
      continue;
    }
    field += char;
    i += 1;
  }
  if (field !== '' || fields.length > 0 || problem !== null) endRecord();
}

/** The list's text: trimmed, upper case, null for empty. */
function text(value: string): string | null {
  const trimmed = value.trim().toUpperCase();
  return trimmed === '' ? null : trimmed;
}

/** YYYYMMDD → YYYY-MM-DD for a real day; null for none ("00000000" or empty); undefined when it is not a date. */
function listDate(value: string): string | null | undefined {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed === '00000000') return null;
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(trimmed);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${match[1]}-${match[2]}-${match[3]}`;
}

/** One data row as an entry, or why it cannot be one. */
function entryOf(fields: string[]): LeieEntry | string {
  if (fields.length !== LEIE_HEADER.length) return `it has ${fields.length} columns, not ${LEIE_HEADER.length}`;
  const column = (name: string): string => fields[LEIE_HEADER.indexOf(name)]!;
  const exclusionType = text(column('EXCLTYPE'));
  if (exclusionType === null) return 'it has no exclusion type (EXCLTYPE)';
  const exclusionDate = listDate(column('EXCLDATE'));
  if (!exclusionDate) return `its exclusion date (EXCLDATE) "${column('EXCLDATE').trim()}" is not a date written YYYYMMDD`;
  const reinstatementDate = listDate(column('REINDATE'));
  if (reinstatementDate === undefined) return `its reinstatement date (REINDATE) "${column('REINDATE').trim()}" is not a date written YYYYMMDD`;
  const waiverDate = listDate(column('WAIVERDATE'));
  if (waiverDate === undefined) return `its waiver date (WAIVERDATE) "${column('WAIVERDATE').trim()}" is not a date written YYYYMMDD`;
  const rawNpi = column('NPI').trim();
  if (rawNpi !== '' && !/^\d{10}$/.test(rawNpi)) return `its NPI "${rawNpi}" is not 10 digits`;
  const npi = rawNpi === '' || rawNpi === '0000000000' ? null : rawNpi;
  const entry: LeieEntry = {
    lastName: text(column('LASTNAME')),
    firstName: text(column('FIRSTNAME')),
    middleName: text(column('MIDNAME')),
    businessName: text(column('BUSNAME')),
    general: text(column('GENERAL')),
    specialty: text(column('SPECIALTY')),
    npi,
    state: text(column('STATE')),
    exclusionType,
    exclusionDate,
    reinstatementDate,
    waiverDate,
  };
  if (entry.lastName === null && entry.businessName === null && entry.npi === null) return 'it names no one (no last name, business name or NPI)';
  return entry;
}

/**
 * Reads UPDATED.csv. Throws LeieFormatError when the text is not the list (its first line is not the official
 * header), is larger than LEIE_MAX_BYTES, has more than LEIE_MAX_ROWS rows, or ends inside a quoted field; a row
 * with the wrong number of columns, a bad date or NPI, or no name is rejected with its line and the rest is read.
 */
export function parseLeieCsv(input: string): LeieParseResult {
  if (input.length > LEIE_MAX_BYTES || utf8Length(input) > LEIE_MAX_BYTES) {
    throw new LeieFormatError(`The file is larger than ${LEIE_MAX_BYTES / (1024 * 1024)} MB, more than the OIG LEIE UPDATED.csv can be`);
  }
  const source = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const entries: LeieEntry[] = [];
  const rejected: LeieRejectedRow[] = [];
  let header = true;
  let rows = 0;
  readCsv(source, (record) => {
    if (header) {
      header = false;
      const names = record.fields.map((name) => name.trim());
      if (record.problem !== null || names.length !== LEIE_HEADER.length || names.some((name, index) => name !== LEIE_HEADER[index])) {
        throw new LeieFormatError(NOT_THE_LIST);
      }
      return true;
    }
    rows += 1;
    if (rows > LEIE_MAX_ROWS) throw new LeieFormatError(`The file has more than ${LEIE_MAX_ROWS.toLocaleString('en-US')} rows, more than the OIG LEIE UPDATED.csv can have`);
    if (record.problem !== null) {
      rejected.push({ line: record.line, reason: `Line ${record.line}: ${record.problem}` });
      return true;
    }
    const entry = entryOf(record.fields);
    if (typeof entry === 'string') rejected.push({ line: record.line, reason: `Line ${record.line}: ${entry}` });
    else entries.push(entry);
    return true;
  });
  if (header) throw new LeieFormatError(NOT_THE_LIST);
  return { entries, rejected };
}

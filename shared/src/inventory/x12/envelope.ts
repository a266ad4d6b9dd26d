/**
 * X12 interchange framing: ISA/IEA, GS/GE and ST/SE around the transaction sets — 004010 for wholesaler ordering,
 * 005010 for the health care claim payment (835, guide 005010X221A1, read by shared/src/billing/remittance-835.ts).
 * Building writes the fixed-width ISA (106 characters with its terminator) with our delimiters, pads ISA13 to nine
 * digits and counts every trailer; a 005010 interchange gets ISA11 the repetition separator and ST03 the guide. Reading takes the delimiters from the ISA as the standard says (element separator
 * the 4th character, component separator ISA16, segment terminator the next character), tolerates CR/LF after each
 * terminator, and checks every trailer against its header; a mismatch is an error naming the segment. Hostile input
 * is bounded: 2 MB and 20,000 segments, scanned once with indexOf (no regular expression over the input).
 * The transaction sets stay as segments here; `interchange.ts` turns them into documents.
 */
import { X12BuildError, type X12Value, localDateTime, parseIsaDate, parseX12Date, parseX12Time, x12Identifier } from './x12-values.ts';

export const X12_MAX_CHARS = 2 * 1024 * 1024;
export const X12_MAX_SEGMENTS = 20_000;
export const ISA_LENGTH = 106;

/** What we write with: `*` between elements, `>` between components, `~` after each segment. */
export const X12_DELIMITERS: X12Delimiters = { element: '*', component: '>', segment: '~' };

export interface X12Delimiters {
  element: string;
  component: string;
  segment: string;
}

/** The transaction sets we write and their functional groups (GS01): wholesaler ordering, and the 835 remittance. */
export const FUNCTIONAL_ID_OF_SET = { '850': 'PO', '855': 'PR', '856': 'SH', '810': 'IN', '997': 'FA', '835': 'HP' } as const;
export type KnownTransactionSetId = keyof typeof FUNCTIONAL_ID_OF_SET;

/**
 * The versions we write, by GS08: ISA12 (the interchange control version), ISA11 (in 004010 the standards
 * identifier U; from 005010 the repetition separator, `^`, which no value we write may hold) and whether ST03 names
 * the implementation guide (the 005010 HIPAA guides require it).
 */
export const X12_VERSIONS = {
  '004010': { isa11: 'U', isa12: '00401', guideInSt03: false },
  '005010X221A1': { isa11: '^', isa12: '00501', guideInSt03: true },
} as const;
export type X12Version = keyof typeof X12_VERSIONS;

/** A trading partner: ISA05/ISA06 (or ISA07/ISA08) and the GS02/GS03 application code (defaults to the id). */
export interface X12Party {
  /** ID code qualifier, e.g. "ZZ" mutually defined, "01" DUNS, "12" telephone. */
  qualifier: string;
  /** 1 to 15 characters. */
  id: string;
  /** GS02/GS03, 2 to 15 characters; the id when absent. */
  applicationCode?: string;
}

export interface InterchangeHeader {
  sender: X12Party;
  receiver: X12Party;
  /** ISA13, 1..999,999,999 (written as nine digits). */
  controlNumber: number;
  /** ISA09/ISA10 and GS04/GS05, as the local date and time in `timeZone`. */
  createdAt: Date;
  /** IANA time zone of the sender; UTC when absent. */
  timeZone?: string;
  /** ISA15: production or test data. */
  usage?: 'P' | 'T';
  /** GS08 of every group (and ISA11/ISA12 to match); 004010 when absent. */
  version?: X12Version;
}

/** One transaction set to write: its id and the segments between ST and SE, each `[tag, ...elements]`. */
export interface TransactionSetDraft {
  id: KnownTransactionSetId;
  /** ST02, 4 to 9 characters; "0001", "0002"… by position in the group when absent. */
  controlNumber?: string;
  segments: string[][];
}

export interface GroupDraft {
  /** GS06, 1..999,999,999. */
  controlNumber: number;
  /** All of one functional group (e.g. only 850s in a PO group). */
  transactionSets: TransactionSetDraft[];
}

function controlNumberText(value: number, label: string): string {
  if (!Number.isSafeInteger(value) || value < 1 || value > 999_999_999) {
    throw new X12BuildError(`${label} must be a whole number from 1 to 999999999; got ${value}.`);
  }
  return String(value);
}

function segmentText(elements: readonly string[]): string {
  let end = elements.length;
  // X12 drops trailing empty elements (no trailing separators).
  while (end > 1 && elements[end - 1] === '') end -= 1;
  return elements.slice(0, end).join(X12_DELIMITERS.element) + X12_DELIMITERS.segment;
}

function isaParty(party: X12Party, role: string): [string, string] {
  const qualifier = x12Identifier(party.qualifier, `The ${role} ID qualifier`, 2, 2);
  const id = x12Identifier(party.id, `The ${role} ID`, 1, 15);
  return [qualifier, id.padEnd(15, ' ')];
}

/** An interchange holding `groups`; throws X12BuildError for an input that cannot be written. */
export function buildInterchange(header: InterchangeHeader, groups: readonly GroupDraft[]): string {
  if (groups.length === 0) throw new X12BuildError('An interchange needs at least one functional group.');
  const version = header.version ?? '004010';
  const { isa11, isa12, guideInSt03 } = X12_VERSIONS[version];
  const { date, time } = localDateTime(header.createdAt, header.timeZone);
  const ccyymmdd = date.replaceAll('-', '');
  const hhmm = time.replace(':', '');
  const isaControl = controlNumberText(header.controlNumber, 'The interchange control number').padStart(9, '0');
  const [senderQualifier, senderId] = isaParty(header.sender, 'sender');
  const [receiverQualifier, receiverId] = isaParty(header.receiver, 'receiver');
  const senderCode = x12Identifier(header.sender.applicationCode ?? header.sender.id, 'The sender application code', 2, 15);
  const receiverCode = x12Identifier(header.receiver.applicationCode ?? header.receiver.id, 'The receiver application code', 2, 15);
  const isa = [
    'ISA', '00', ' '.repeat(10), '00', ' '.repeat(10), senderQualifier, senderId, receiverQualifier, receiverId,
    ccyymmdd.slice(2), hhmm, isa11, isa12, isaControl, '0', header.usage ?? 'P', X12_DELIMITERS.component,
  ];
  let out = isa.join(X12_DELIMITERS.element) + X12_DELIMITERS.segment;
  for (const group of groups) {
    const first = group.transactionSets[0];
    if (!first) throw new X12BuildError('A functional group needs at least one transaction set.');
    const functionalId = FUNCTIONAL_ID_OF_SET[first.id];
    const groupControl = controlNumberText(group.controlNumber, 'The group control number');
    out += segmentText(['GS', functionalId, senderCode, receiverCode, ccyymmdd, hhmm, groupControl, 'X', version]);
    group.transactionSets.forEach((set, index) => {
      if (FUNCTIONAL_ID_OF_SET[set.id] !== functionalId) {
        throw new X12BuildError(`Transaction set ${set.id} does not belong in a ${functionalId} functional group.`);
      }
      const stControl = x12Identifier(set.controlNumber ?? String(index + 1).padStart(4, '0'), 'A transaction set control number', 4, 9);
      out += segmentText(guideInSt03 ? ['ST', set.id, stControl, version] : ['ST', set.id, stControl]);
      for (const segment of set.segments) out += segmentText(segment);
      out += segmentText(['SE', String(set.segments.length + 2), stControl]);
    });
    out += segmentText(['GE', String(group.transactionSets.length), groupControl]);
  }
  return out + segmentText(['IEA', String(groups.length), isaControl]);
}

// ---------------------------------------------------------------------------------------------------- reading

/** One segment as read: its tag, its elements (1-based as the guides count: `elements[0]` is element 01). */
export interface X12Segment {
  tag: string;
  elements: string[];
  /** 1-based position in the interchange, for messages. */
  position: number;
}

export interface ParsedTransactionSet {
  id: string;
  controlNumber: string;
  /** ST..SE inclusive. */
  segments: X12Segment[];
  /** The set's text from ST to SE's terminator, as received. */
  raw: string;
}

export interface ParsedGroup {
  functionalId: string;
  controlNumber: number;
  senderCode: string;
  receiverCode: string;
  date: string;
  time: string;
  version: string;
  transactionSets: ParsedTransactionSet[];
}

export interface ParsedEnvelope {
  controlNumber: number;
  sender: X12Party;
  receiver: X12Party;
  date: string;
  time: string;
  usage: 'P' | 'T';
  delimiters: X12Delimiters;
  groups: ParsedGroup[];
}

const ISA_WIDTHS = [2, 10, 2, 10, 2, 15, 2, 15, 6, 4, 1, 5, 9, 1, 1, 1] as const;

const PREFIX = 'The X12 interchange cannot be read:';

class EnvelopeError extends Error {}

function fail(reason: string): never {
  throw new EnvelopeError(`${PREFIX} ${reason}`);
}

/** Element `n` (1-based) of a segment, '' when absent. */
export function elementOf(segment: X12Segment | undefined, n: number): string {
  return segment?.elements[n - 1]?.trim() ?? '';
}

function isAlphanumeric(char: string): boolean {
  return (char >= '0' && char <= '9') || (char >= 'A' && char <= 'Z') || (char >= 'a' && char <= 'z');
}

function isLineBreak(char: string | undefined): boolean {
  return char === '\r' || char === '\n';
}

function isWhitespace(text: string): boolean {
  for (const char of text) if (char !== ' ' && char !== '\t' && !isLineBreak(char)) return false;
  return true;
}

function digitsOnly(text: string): boolean {
  if (text === '') return false;
  for (const char of text) if (char < '0' || char > '9') return false;
  return true;
}

function value<T>(result: X12Value<T>): T {
  if (!result.ok) fail(result.error);
  return result.value;
}

function readIsa(text: string): { delimiters: X12Delimiters; elements: string[] } {
  if (!text.startsWith('ISA')) fail('it does not start with an interchange header (ISA).');
  if (text.length < ISA_LENGTH) fail(`the ISA segment must be ${ISA_LENGTH} characters; the text has only ${text.length}.`);
  const element = text[3]!;
  const component = text[104]!;
  const segment = text[105]!;
  if (isAlphanumeric(element) || element === ' ') fail(`the ISA element separator "${element}" must not be a letter, digit or space.`);
  const fields = text.slice(4, 104).split(element);
  if (fields.length !== 16) {
    fail(`the ISA segment must be ${ISA_LENGTH} characters with 16 fixed-width elements; found ${fields.length} elements before ISA16.`);
  }
  fields.forEach((field, index) => {
    const width = ISA_WIDTHS[index]!;
    const name = `ISA${String(index + 1).padStart(2, '0')}`;
    if (index < 15 && field.length !== width) {
      fail(`the ISA segment must be ${ISA_LENGTH} characters; element ${name} is ${field.length} characters instead of ${width}.`);
    }
  });
  if (fields[15] !== '') fail(`the ISA segment must be ${ISA_LENGTH} characters; ISA16 must be one character before the terminator.`);
  if (isAlphanumeric(segment) || segment === ' ' || segment === element || segment === component || component === element) {
    fail('the ISA segment must end with a component separator and a segment terminator distinct from the element separator.');
  }
  return { delimiters: { element, component, segment }, elements: [...fields.slice(0, 15), component] };
}

/** Splits the text into segments (bounded), each with its start and end offsets for raw slices. */
function splitSegments(text: string, delimiters: X12Delimiters): { segment: X12Segment; start: number; end: number }[] {
  const segments: { segment: X12Segment; start: number; end: number }[] = [];
  let start = 0;
  while (start < text.length) {
    while (start < text.length && isLineBreak(text[start])) start += 1;
    if (start >= text.length) break;
    const end = text.indexOf(delimiters.segment, start);
    if (end === -1) {
      if (isWhitespace(text.slice(start))) break;
      fail(`segment ${segments.length + 1} ("${text.slice(start, start + 20)}…") has no segment terminator "${delimiters.segment}".`);
    }
    const body = text.slice(start, end);
    if (!isWhitespace(body)) {
      if (segments.length >= X12_MAX_SEGMENTS) fail(`it has more than ${X12_MAX_SEGMENTS.toLocaleString('en-US')} segments.`);
      const [tag = '', ...elements] = body.split(delimiters.element);
      const trimmedTag = tag.trim();
      if (trimmedTag.length < 2 || trimmedTag.length > 3 || ![...trimmedTag].every(isAlphanumeric)) {
        fail(`segment ${segments.length + 1} has no valid segment id ("${trimmedTag.slice(0, 20)}").`);
      }
      segments.push({ segment: { tag: trimmedTag.toUpperCase(), elements, position: segments.length + 1 }, start, end: end + 1 });
    }
    start = end + 1;
  }
  return segments;
}

/** The envelope of an interchange with its transaction sets as segments; a malformed one gives its reason. */
export function parseEnvelope(source: string): X12Value<ParsedEnvelope> {
  try {
    return { ok: true, value: readEnvelope(source) };
  } catch (error) {
    if (error instanceof EnvelopeError) return { ok: false, error: error.message };
    throw error;
  }
}

function readEnvelope(source: string): ParsedEnvelope {
  if (source.length > X12_MAX_CHARS) fail('it is larger than 2 MB.');
  let text = source.startsWith('\uFEFF') ? source.slice(1) : source;
  let lead = 0;
  while (lead < text.length && (isLineBreak(text[lead]) || text[lead] === ' ' || text[lead] === '\t')) lead += 1;
  text = text.slice(lead);
  const isa = readIsa(text);
  const { delimiters } = isa;
  const all = splitSegments(text, delimiters);
  // A terminator character inside an ISA element would end the ISA early.
  if (all[0]?.end !== ISA_LENGTH) fail(`the ISA segment must be ${ISA_LENGTH} characters; its terminator "${delimiters.segment}" also appears inside it.`);
  let index = 1;
  const next = () => all[index];
  const isaControl = isa.elements[12]!;
  if (!digitsOnly(isaControl)) fail(`the interchange control number ISA13 "${isaControl}" must be nine digits.`);
  const usage = isa.elements[14]!;
  if (usage !== 'P' && usage !== 'T') fail(`ISA15 must be P (production) or T (test); got "${usage}".`);
  const groups: ParsedGroup[] = [];
  while (next()?.segment.tag === 'GS') {
    const gsEntry = next()!;
    const gs = gsEntry.segment;
    index += 1;
    const groupControl = elementOf(gs, 6);
    if (!digitsOnly(groupControl) || groupControl.length > 9) fail(`the GS segment (segment ${gs.position}) has no valid group control number GS06.`);
    const functionalId = elementOf(gs, 1);
    if (functionalId === '') fail(`the GS segment (segment ${gs.position}) has no functional identifier GS01.`);
    const group: ParsedGroup = {
      functionalId,
      controlNumber: Number(groupControl),
      senderCode: elementOf(gs, 2),
      receiverCode: elementOf(gs, 3),
      date: value(parseX12Date(elementOf(gs, 4), `The group date GS04 (segment ${gs.position})`)),
      time: value(parseX12Time(elementOf(gs, 5), `The group time GS05 (segment ${gs.position})`)),
      version: elementOf(gs, 8),
      transactionSets: [],
    };
    while (next()?.segment.tag === 'ST') {
      const stEntry = next()!;
      const st = stEntry.segment;
      const id = elementOf(st, 1);
      const stControl = elementOf(st, 2);
      if (id.length !== 3 || !digitsOnly(id)) fail(`the ST segment (segment ${st.position}) has no valid transaction set id ST01.`);
      if (stControl.length < 4 || stControl.length > 9) fail(`the ST segment (segment ${st.position}) has no valid control number ST02 (4 to 9 characters).`);
      const segments: X12Segment[] = [st];
      index += 1;
      let seEntry: (typeof all)[number] | undefined;
      while (next() && !seEntry) {
        const entry = next()!;
        if (entry.segment.tag === 'ST' || entry.segment.tag === 'GE' || entry.segment.tag === 'GS' || entry.segment.tag === 'IEA') break;
        segments.push(entry.segment);
        index += 1;
        if (entry.segment.tag === 'SE') seEntry = entry;
      }
      if (!seEntry) fail(`transaction set ${id} with control number ${stControl} (segment ${st.position}) has no SE trailer.`);
      const se = seEntry.segment;
      const declared = elementOf(se, 1);
      if (declared !== String(segments.length)) {
        fail(`the SE segment (segment ${se.position}) counts ${declared || 'no'} segments, but transaction set ${stControl} has ${segments.length} (ST to SE).`);
      }
      if (elementOf(se, 2) !== stControl) {
        fail(`the SE segment (segment ${se.position}) has control number "${elementOf(se, 2)}", but its ST has "${stControl}".`);
      }
      group.transactionSets.push({ id, controlNumber: stControl, segments, raw: text.slice(stEntry.start, seEntry.end) });
    }
    const ge = next()?.segment;
    if (!ge || ge.tag !== 'GE') {
      fail(ge ? `segment ${ge.position} (${ge.tag}) is outside a transaction set; the group ${groupControl} expects ST or GE.` : `the group ${groupControl} has no GE trailer.`);
    }
    index += 1;
    if (elementOf(ge, 1) !== String(group.transactionSets.length)) {
      fail(`the GE segment (segment ${ge.position}) counts ${elementOf(ge, 1) || 'no'} transaction sets, but group ${groupControl} has ${group.transactionSets.length}.`);
    }
    if (elementOf(ge, 2) !== groupControl) fail(`the GE segment (segment ${ge.position}) has control number "${elementOf(ge, 2)}", but its GS has "${groupControl}".`);
    groups.push(group);
  }
  const iea = next()?.segment;
  if (!iea || iea.tag !== 'IEA') {
    fail(iea ? `segment ${iea.position} (${iea.tag}) is outside a functional group; expected GS or IEA.` : 'it has no IEA trailer.');
  }
  index += 1;
  if (elementOf(iea, 1) !== String(groups.length)) fail(`the IEA segment (segment ${iea.position}) counts ${elementOf(iea, 1) || 'no'} functional groups, but the interchange has ${groups.length}.`);
  if (elementOf(iea, 2) !== isaControl) fail(`the IEA segment (segment ${iea.position}) has control number "${elementOf(iea, 2)}", but the ISA has "${isaControl}".`);
  const extra = next()?.segment;
  if (extra) fail(`segment ${extra.position} (${extra.tag}) follows the IEA trailer.`);
  const [, , , , senderQualifier, senderId, receiverQualifier, receiverId, isaDate, isaTime] = isa.elements;
  return {
    controlNumber: Number(isaControl),
    sender: { qualifier: senderQualifier!, id: senderId!.trim() },
    receiver: { qualifier: receiverQualifier!, id: receiverId!.trim() },
    date: value(parseIsaDate(isaDate!)),
    time: value(parseX12Time(isaTime!, 'The interchange time ISA10')),
    usage,
    delimiters,
    groups,
  };
}

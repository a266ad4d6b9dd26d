/**
 * X12 004010 framing (shared/src/inventory/x12/envelope.ts and interchange.ts): the published ISA layout read from
 * a hand-written interchange, other delimiters, every envelope error naming its segment, the size bounds, an
 * unknown transaction set, and the builder's ISA, control numbers and trailer counts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ISA_LENGTH, X12_MAX_SEGMENTS, buildInterchange, parseEnvelope } from '../../shared/src/inventory/x12/envelope.ts';
import { parseInterchange } from '../../shared/src/inventory/x12/interchange.ts';
import { X12BuildError } from '../../shared/src/inventory/x12/x12-values.ts';

const fixture = readFileSync(new URL('../fixtures/x12/purchase-order-850.x12', import.meta.url), 'utf8');
const ISA = 'ISA*00*          *00*          *ZZ*PHARMACY001    *ZZ*WHOLESALER01   *240315*1432*U*00401*000000123*0*P*>~';

/** The fixture without line breaks, with `from` replaced by `to` (which must occur). */
function altered(from: string, to: string): string {
  const compact = fixture.replaceAll('\r\n', '');
  expect(compact).toContain(from);
  return compact.replace(from, to);
}

function errorOf(text: string): string {
  const result = parseInterchange(text);
  if (result.ok) throw new Error('expected the interchange to be refused');
  return result.error;
}

describe('parseEnvelope: the published layout', () => {
  it('reads the ISA, GS and ST headers of a hand-written interchange with CR/LF after each terminator', () => {
    const result = parseEnvelope(fixture);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { groups, ...header } = result.value;
    expect(header).toEqual({
      controlNumber: 123,
      sender: { qualifier: 'ZZ', id: 'PHARMACY001' },
      receiver: { qualifier: 'ZZ', id: 'WHOLESALER01' },
      date: '2024-03-15',
      time: '14:32',
      usage: 'P',
      delimiters: { element: '*', component: '>', segment: '~' },
    });
    expect(groups).toHaveLength(1);
    const [group] = groups;
    expect(group).toMatchObject({ functionalId: 'PO', controlNumber: 45, senderCode: 'PHARMACY001', receiverCode: 'WHOLESALER01', date: '2024-03-15', time: '14:32', version: '004010' });
    expect(group!.transactionSets.map((set) => [set.id, set.controlNumber, set.segments.length])).toEqual([['850', '0001', 8]]);
    expect(group!.transactionSets[0]!.raw.startsWith('ST*850*0001~\r\nBEG*00*SA*PO-1001**20240315~')).toBe(true);
    expect(group!.transactionSets[0]!.raw.endsWith('CTT*2~\r\nSE*8*0001~')).toBe(true);
  });

  it('takes the delimiters from the ISA: element separator 4th character, ISA16, the terminator after it', () => {
    const piped = fixture.replaceAll('\r\n', '\n').replaceAll('*', '|').replace('|>~', '|^~').replaceAll('~\n', '\n');
    const result = parseEnvelope(piped);
    expect(result.ok && result.value.delimiters).toEqual({ element: '|', component: '^', segment: '\n' });
    expect(result.ok && result.value.groups[0]!.transactionSets[0]!.segments[4]!.elements).toEqual(['1', '12', 'EA', '4.25', '', 'N4', '00071-0155-23']);
  });

  it('ignores a byte order mark and leading blank lines', () => {
    expect(parseEnvelope(`\uFEFF\r\n${fixture}`).ok).toBe(true);
  });
});

describe('parseInterchange: envelope errors name the segment', () => {
  it.each([
    ['an ISA element of the wrong width', () => altered('*ZZ*PHARMACY001    *', '*ZZ*PHARMACY001*'), 'element ISA06 is 11 characters instead of 15'],
    ['a short text', () => 'ISA*00*', `the ISA segment must be ${ISA_LENGTH} characters; the text has only 7`],
    ['a text not starting with ISA', () => `GS${fixture}`, 'does not start with an interchange header (ISA)'],
    ['a terminator inside the ISA', () => altered('PHARMACY001    ', 'PHARMACY~01    '), 'its terminator "~" also appears inside it'],
    ['a letter as the terminator', () => altered('*P*>~', '*P*>A'), 'segment terminator distinct'],
    ['a non-numeric ISA13', () => altered('*00000012', '*A0000012'), 'ISA13 "A00000123" must be nine digits'],
    ['an ISA15 other than P or T', () => altered('*0*P*>', '*0*X*>'), 'ISA15 must be P (production) or T (test)'],
    ['an SE count one short', () => altered('SE*8*0001', 'SE*7*0001'), 'the SE segment (segment 10) counts 7 segments, but transaction set 0001 has 8 (ST to SE)'],
    ['an SE control number not its ST02', () => altered('SE*8*0001', 'SE*8*0002'), 'the SE segment (segment 10) has control number "0002", but its ST has "0001"'],
    ['a set without SE', () => altered('SE*8*0001~', ''), 'transaction set 850 with control number 0001 (segment 3) has no SE trailer'],
    ['a GE counting two sets', () => altered('GE*1*45', 'GE*2*45'), 'the GE segment (segment 11) counts 2 transaction sets, but group 45 has 1'],
    ['a GE control number not GS06', () => altered('GE*1*45', 'GE*1*46'), 'the GE segment (segment 11) has control number "46", but its GS has "45"'],
    ['an IEA counting two groups', () => altered('IEA*1*', 'IEA*2*'), 'the IEA segment (segment 12) counts 2 functional groups, but the interchange has 1'],
    ['an IEA control number not ISA13', () => altered('IEA*1*000000123', 'IEA*1*000000124'), 'the IEA segment (segment 12) has control number "000000124", but the ISA has "000000123"'],
    ['no IEA', () => altered('IEA*1*000000123~', ''), 'it has no IEA trailer'],
    ['a segment after IEA', () => `${fixture}GS*PO~`, 'segment 13 (GS) follows the IEA trailer'],
    ['a segment between sets', () => altered('GE*1*45', 'REF*IA*1~GE*1*45'), 'segment 11 (REF) is outside a transaction set; the group 45 expects ST or GE'],
    ['a last segment without terminator', () => altered('IEA*1*000000123~', 'IEA*1*000000123'), 'has no segment terminator "~"'],
    ['a bad segment id', () => altered('REF*IA', 'R-F*IA'), 'segment 5 has no valid segment id ("R-F")'],
    ['a bad GS date', () => altered('*20240315*1432*45', '*20240231*1432*45'), 'The group date GS04 (segment 2) "20240231" is not a calendar date.'],
  ])('%s', (_name, text, message) => {
    const error = errorOf(text());
    expect(error.startsWith('The X12 interchange cannot be read: ')).toBe(true);
    expect(error).toContain(message);
  });

  it('refuses more than 2 MB before reading anything', () => {
    expect(errorOf(fixture + ' '.repeat(2 * 1024 * 1024))).toBe('The X12 interchange cannot be read: it is larger than 2 MB.');
  });

  it(`refuses more than ${X12_MAX_SEGMENTS} segments`, () => {
    const many = altered('CTT*2~', `${'REF*ZZ*1~'.repeat(X12_MAX_SEGMENTS)}CTT*2~`);
    expect(errorOf(many)).toBe('The X12 interchange cannot be read: it has more than 20,000 segments.');
  });

  it('returns a transaction set it does not handle as unknown, not an error', () => {
    const text = altered('ST*850*0001~BEG*00*SA*PO-1001**20240315~', 'ST*832*0001~BCT*PC*CATALOG~');
    const result = parseInterchange(text);
    expect(result.ok && result.interchange.groups[0]!.documents[0]).toEqual({
      kind: 'unknown', id: '832', controlNumber: '0001', raw: 'ST*832*0001~BCT*PC*CATALOG~REF*IA*ACCT-778899~N1*ST*MAIN STREET PHARMACY*11*BM1234563~PO1*1*12*EA*4.25**N4*00071-0155-23~PO1*2*3*EA***N4*59011041010~CTT*2~SE*8*0001~',
    });
  });

  it('reads a group with no transaction sets and an interchange with no groups', () => {
    const empty = parseInterchange(`${ISA}GS*PO*A1*B1*20240315*1432*7*X*004010~GE*0*7~IEA*1*000000123~`);
    expect(empty.ok && empty.interchange.groups.map((group) => [group.controlNumber, group.documents])).toEqual([[7, []]]);
    const none = parseInterchange(`${ISA}IEA*0*000000123~`);
    expect(none.ok && none.interchange.groups).toEqual([]);
  });
});

describe('buildInterchange', () => {
  const header = {
    sender: { qualifier: 'ZZ', id: 'PHARMACY001' },
    receiver: { qualifier: 'ZZ', id: 'WHOLESALER01' },
    controlNumber: 123,
    createdAt: new Date('2024-03-15T18:32:00Z'),
    timeZone: 'America/New_York',
  };
  const group = { controlNumber: 45, transactionSets: [{ id: '850' as const, segments: [['BEG', '00', 'SA', 'PO-1', '', '20240315'], ['CTT', '0', '', '']]}] };

  it('writes the fixed-width ISA (106 characters) with ISA13 padded to nine digits, and counts every trailer', () => {
    const text = buildInterchange(header, [group, { ...group, controlNumber: 46 }]);
    expect(text.slice(0, ISA_LENGTH)).toBe(ISA);
    expect(text.slice(ISA_LENGTH)).toBe(
      'GS*PO*PHARMACY001*WHOLESALER01*20240315*1432*45*X*004010~ST*850*0001~BEG*00*SA*PO-1**20240315~CTT*0~SE*4*0001~GE*1*45~' +
      'GS*PO*PHARMACY001*WHOLESALER01*20240315*1432*46*X*004010~ST*850*0001~BEG*00*SA*PO-1**20240315~CTT*0~SE*4*0001~GE*1*46~' +
      'IEA*2*000000123~',
    );
    expect(parseEnvelope(text).ok).toBe(true);
  });

  it('numbers the sets of a group 0001, 0002… unless given', () => {
    const text = buildInterchange(header, [{ controlNumber: 1, transactionSets: [group.transactionSets[0]!, { ...group.transactionSets[0]!, controlNumber: '77777' }] }]);
    expect(text).toContain('ST*850*0001~');
    expect(text).toContain('SE*4*77777~GE*2*1~');
  });

  it.each([0, 1_000_000_000, 1.5, -3])('refuses interchange control number %s', (controlNumber) => {
    expect(() => buildInterchange({ ...header, controlNumber }, [group])).toThrow(new X12BuildError(`The interchange control number must be a whole number from 1 to 999999999; got ${controlNumber}.`));
  });

  it('accepts 999999999 and refuses a group control number of 0', () => {
    expect(buildInterchange({ ...header, controlNumber: 999_999_999 }, [group])).toContain('*999999999*0*P*>~');
    expect(() => buildInterchange(header, [{ ...group, controlNumber: 0 }])).toThrow('The group control number must be a whole number');
  });

  it('refuses an id longer than the ISA allows, a delimiter in an id, and a set in the wrong group', () => {
    expect(() => buildInterchange({ ...header, sender: { qualifier: 'ZZ', id: 'A'.repeat(16) } }, [group])).toThrow('The sender ID must be 1 to 15 characters');
    expect(() => buildInterchange({ ...header, receiver: { qualifier: 'ZZ', id: 'W*1' } }, [group])).toThrow('holds a character X12 reserves');
    expect(() => buildInterchange(header, [{ controlNumber: 1, transactionSets: [group.transactionSets[0]!, { id: '810', segments: [] }] }])).toThrow(
      'Transaction set 810 does not belong in a PO functional group.',
    );
  });
});

describe('parseInterchange on damaged input', () => {
  const fixtures = ['purchase-order-850.x12', 'order-response-997-855.x12', 'later-documents-856-810.x12'].map((name) =>
    readFileSync(new URL(`../fixtures/x12/${name}`, import.meta.url), 'utf8'));

  it('answers every one-character deletion or delimiter insertion with a result, never a throw', () => {
    let refused = 0;
    for (const text of fixtures) {
      for (let at = 0; at < text.length; at++) {
        for (const damaged of [text.slice(0, at) + text.slice(at + 1), `${text.slice(0, at)}*${text.slice(at)}`, `${text.slice(0, at)}~${text.slice(at)}`]) {
          const result = parseInterchange(damaged);
          if (!result.ok) {
            refused += 1;
            expect(result.error.startsWith('The X12 interchange cannot be read: ')).toBe(true);
          }
        }
      }
    }
    expect(refused).toBeGreaterThan(0);
  });

  it('reads a deep chain of 856 levels in one pass (items find their order without walking up)', () => {
    const depth = 9_000;
    const levels = Array.from({ length: depth }, (_, i) => `HL*${i + 3}*${i + 2}*P~`).join('');
    const items = Array.from({ length: 1_000 }, (_, i) => `HL*${depth + 3 + i}*${depth + 2}*I~LIN**N4*00071015523~SN1**1*EA~`).join('');
    const body = `BSN*00*S1*20240316*0815~HL*1**S~HL*2*1*O~PRF*PO-1~${levels}${items}CTT*${depth + 1_002}~`;
    const segmentCount = body.split('~').length - 1 + 2;
    const text = `${ISA}GS*SH*A1*B1*20240316*0830*1*X*004010~ST*856*0001~${body}SE*${segmentCount}*0001~GE*1*1~IEA*1*000000123~`;
    const result = parseInterchange(text);
    const notice = result.ok ? result.interchange.groups[0]!.documents[0] : undefined;
    expect(notice?.kind === '856' && notice.orders[0]!.items.length).toBe(1_000);
  });
});

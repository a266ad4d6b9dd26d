import { describe, expect, it } from 'vitest';
import {
  AsapFileError, asapFillProblems, asapDateTime, newAsapControlNumber, asapFileName, asapFileSha256, asapQuantity, asapText, pmpFillsAnswerSchema, readAsap, writeAsap42,
  type PmpFill, type PmpPharmacy,
} from '@pharmacy/shared/reports/asap-pmp.ts';

const pharmacy: PmpPharmacy = {
  name: 'Main Street Pharmacy', npi: '1234567893', ncpdpId: '1234567', deaNumber: 'FM1234563',
  address: '100 Main St', city: 'Springfield', state: 'IL', zipCode: '62701', phone: '(217) 555-0100',
};
const rita = {
  id: 'a1b2c3d4-0000-4000-8000-000000000001', firstName: 'Rita', lastName: 'Reyes', dateOfBirth: '1966-06-06', gender: null,
  address: '12 Elm St', city: 'Springfield', state: 'IL', zipCode: '62704', phone: '(217) 555-0111',
};
const omar = {
  id: 'a1b2c3d4-0000-4000-8000-000000000002', firstName: 'Omar', lastName: 'Ortiz', dateOfBirth: '1980-01-31', gender: null,
  address: null, city: null, state: null, zipCode: null, phone: null,
};
const drWu = { npi: '1588667638', deaNumber: 'BW1234563', firstName: 'Wei', lastName: 'Wu', phone: '2175550199' };

function fill(overrides: Partial<PmpFill> & Pick<PmpFill, 'fillId' | 'rxNumber' | 'patient'>): PmpFill {
  return {
    reportingStatus: 'new', alreadyReported: false, dateWritten: '2026-11-01', refillsAuthorized: 0, dateFilled: '2026-11-02', fillNumber: 0,
    ndc11: '00406055262', deaSchedule: 'II', quantity: 30, daysSupply: 10, dosageUnit: 'EA', origin: 'written', paymentType: 'cash',
    dateSold: null, prescriber: drWu, ...overrides,
  };
}

const fills: PmpFill[] = [
  fill({ fillId: '00000000-0000-4000-8000-00000000000a', rxNumber: '1000001', patient: rita }),
  fill({ fillId: '00000000-0000-4000-8000-00000000000b', rxNumber: 1000002, patient: rita, ndc11: '00093005801', deaSchedule: 'IV',
    refillsAuthorized: 5, fillNumber: 1, quantity: 7.5, daysSupply: 30, dosageUnit: 'ML', origin: 'electronic', paymentType: 'medicaid',
    dateFilled: '2026-11-03', dateSold: '2026-11-04', reportingStatus: 'revise', alreadyReported: true }),
  fill({ fillId: '00000000-0000-4000-8000-00000000000c', rxNumber: '1000003', patient: omar, origin: 'fax', paymentType: 'commercial',
    dateWritten: null, daysSupply: null, prescriber: { npi: '1588667638', deaNumber: null, firstName: 'Wei', lastName: 'Wu' } }),
];

// 2026-11-29 16:30:05 UTC is 10:30:05 in Chicago.
const createdAt = new Date('2026-11-29T16:30:05Z');
const base = { pharmacy, from: '2026-11-01', to: '2026-11-30', controlNumber: 'PMP20261129A', createdAt, timeZone: 'America/Chicago' };

describe('writeAsap42', () => {
  it('writes the file of 2 patients and 3 fills exactly', () => {
    const file = writeAsap42({ ...base, fills });
    expect(file.text).toBe([
      'TH*4.2*PMP20261129A*01**20261129*103005*P**~~',
      'IS*1234567*Main Street Pharmacy~',
      'PHA*1234567893*1234567*FM1234563*Main Street Pharmacy*100 Main St**Springfield*IL*62701*2175550100~',
      'PAT**99*A1B2C3D4000040008000****Reyes*Rita****12 Elm St**Springfield*IL*62704*2175550111*19660606*U*01~',
      'DSP*00*1000001*20261101*0*20261102*0*01*00406055262*30*10*01*01*00***01~',
      'PRE*1588667638*BW1234563***Wu*Wei**2175550199~',
      'DSP*01*1000002*20261101*5*20261103*1*01*00093005801*7.5*30*02*05*00***02*20261104~',
      'PRE*1588667638*BW1234563***Wu*Wei**2175550199~',
      'PAT**99*A1B2C3D4000040008000****Ortiz*Omar**********19800131*U*01~',
      'DSP*00*1000003**0*20261102*0*01*00406055262*30**01*04*00***04~',
      'PRE*1588667638****Wu*Wei~',
      'TP*10~',
      'TT*PMP20261129A*13~',
    ].join(''));
    expect(file).toMatchObject({ segmentCount: 13, detailSegmentCount: 10, patientCount: 2, fillIds: fills.map((f) => f.fillId) });
  });

  it('counts segments in TP (PHA through TP) and TT (TH through TT) as the reader finds them', () => {
    const withExtras = [...fills, fill({
      fillId: '00000000-0000-4000-8000-00000000000d', rxNumber: '1000004', patient: omar, quantity: 120,
      compoundIngredients: [{ ndc11: '00406055262', quantity: 100, dosageUnit: 'GM' }, { ndc11: '00093005801', quantity: 20, dosageUnit: 'ML' }],
      additional: { serialState: 'NY', serialNumber: 'AB123', pickupIdQualifier: '07', pickupId: 'D123', pickupRelationship: '01', pickupLastName: 'Ortiz', pickupFirstName: 'Omar' },
    })];
    for (const list of [fills, withExtras, fills.slice(0, 1)]) {
      const file = writeAsap42({ ...base, fills: list });
      const segments = readAsap(file.text);
      const ids = segments.map((s) => s.id);
      expect(ids[0]).toBe('TH');
      expect(ids.at(-1)).toBe('TT');
      const tp = segments.find((s) => s.id === 'TP')!;
      expect(Number(tp.elements[0])).toBe(ids.indexOf('TP') - ids.indexOf('PHA') + 1);
      expect(segments.at(-1)!.elements).toEqual(['PMP20261129A', String(segments.length)]);
      expect(file.segmentCount).toBe(segments.length);
      expect(ids.filter((id) => id === 'DSP')).toHaveLength(list.length);
      expect(ids.filter((id) => id === 'PRE')).toHaveLength(list.length);
    }
    const segments = readAsap(writeAsap42({ ...base, fills: withExtras }).text);
    expect(segments.filter((s) => s.id === 'CDI').map((s) => s.elements)).toEqual([['1', '01', '00406055262', '100', '03'], ['2', '01', '00093005801', '20', '02']]);
    expect(segments.filter((s) => s.id === 'AIR').map((s) => s.elements)).toEqual([['NY', 'AB123', '', '07', 'D123', '01', 'Ortiz', 'Omar']]);
    // A compound is product 06 / 99999999999.
    expect(segments.filter((s) => s.id === 'DSP').at(-1)!.elements.slice(6, 9)).toEqual(['06', '99999999999', '120']);
    // The TH's ninth element is the terminator; the reader keeps it.
    expect(segments[0]!.elements).toEqual(['4.2', 'PMP20261129A', '01', '', '20261129', '103005', 'P', '', '~']);
  });

  it('strips separators from values and transliterates what is not ASCII', () => {
    const hostile = {
      ...rita, id: rita.id, firstName: 'Zoë*~:', lastName: 'Muñoz～O’Brien', address: '1 Ｒue ß:Straße\r\n*~', city: 'Łódź\u0007',
    };
    const file = writeAsap42({ ...base, pharmacy: { ...pharmacy, name: 'Ph*arm~acy: Ünïcode ＊' },
      fills: [fill({ fillId: '00000000-0000-4000-8000-00000000000a', rxNumber: '10*00~01', patient: hostile,
        prescriber: { ...drWu, lastName: 'Wü:', firstName: 'Ｗei*' } })] });
    expect(file.text).toMatch(/^[\x20-\x7e]+$/);
    const segments = readAsap(file.text);
    const pat = segments.find((s) => s.id === 'PAT')!.elements;
    expect([pat[6], pat[7], pat[11], pat[13]]).toEqual(["Munoz O'Brien", 'Zoe', '1 Rue ss Strasse', 'Lodz']);
    expect(segments.find((s) => s.id === 'PHA')!.elements[3]).toBe('Ph arm acy Unicode');
    expect(segments.find((s) => s.id === 'PRE')!.elements.slice(4, 6)).toEqual(['Wu', 'Wei']);
    expect(segments.find((s) => s.id === 'DSP')!.elements[1]).toBe('10 00 01');
    // Every segment still has its own number of elements: nothing in a value split it.
    expect(segments.map((s) => s.id)).toEqual(['TH', 'IS', 'PHA', 'PAT', 'DSP', 'PRE', 'TP', 'TT']);
    expect(pat).toHaveLength(20);
  });

  it('bounds every value to its element', () => {
    const long = 'x'.repeat(500);
    const file = writeAsap42({ ...base, pharmacy: { ...pharmacy, name: long, phone: '1'.repeat(40) },
      fills: [fill({ fillId: '00000000-0000-4000-8000-00000000000a', rxNumber: '9'.repeat(60), patient: { ...rita, lastName: long, address: long } })] });
    const segments = readAsap(file.text);
    const pat = segments.find((s) => s.id === 'PAT')!.elements;
    expect([pat[6]!.length, pat[11]!.length]).toEqual([50, 55]);
    expect(segments.find((s) => s.id === 'PHA')!.elements.slice(3, 4)[0]).toHaveLength(60);
    expect(segments.find((s) => s.id === 'PHA')!.elements[9]).toHaveLength(10);
    expect(segments.find((s) => s.id === 'DSP')!.elements[1]).toHaveLength(25);
  });

  it('writes the zero report for a range without controlled fills', () => {
    const file = writeAsap42({ ...base, fills: [], fileType: 'T' });
    expect(file.text).toBe([
      'TH*4.2*PMP20261129A*01**20261129*103005*T**~~',
      'IS*1234567*Main Street Pharmacy*#20261101#-#20261130#~',
      'PHA*1234567893*1234567*FM1234563*Main Street Pharmacy*100 Main St**Springfield*IL*62701*2175550100~',
      'PAT*******Report*Zero************01~',
      'DSP*00****20261130~',
      'PRE~', 'CDI~', 'AIR~',
      'TP*7~',
      'TT*PMP20261129A*10~',
    ].join(''));
    expect(file).toMatchObject({ segmentCount: 10, detailSegmentCount: 7, patientCount: 0, fillIds: [] });
    expect(readAsap(file.text).find((s) => s.id === 'PAT')!.elements[19]).toBe('01');
  });

  it('refuses fills a program would reject, naming each', () => {
    const broken = [
      fill({ fillId: '00000000-0000-4000-8000-00000000000e', rxNumber: '2000001', patient: rita, ndc11: null }),
      fill({ fillId: '00000000-0000-4000-8000-00000000000f', rxNumber: '2000002', fillNumber: 1, refillsAuthorized: 1, patient: rita, quantity: null,
        prescriber: { npi: null, deaNumber: null, lastName: 'Unknown' } }),
    ];
    expect(asapFillProblems(fills)).toEqual([]);
    expect(asapFillProblems(broken)).toEqual([
      'Rx 2000001 fill 0: its medication has no NDC',
      'Rx 2000002 fill 1: no quantity dispensed',
      'Rx 2000002 fill 1: the prescriber has neither a DEA number nor an NPI',
    ]);
    expect(() => writeAsap42({ ...base, fills: [...fills, ...broken] })).toThrow(AsapFileError);
  });

  it('refuses a control number that is not letters and digits', () => {
    expect(() => writeAsap42({ ...base, fills, controlNumber: 'PMP*1' })).toThrow(/control number/);
    expect(() => writeAsap42({ ...base, fills, controlNumber: '' })).toThrow(/control number/);
  });
});

describe('values', () => {
  it('formats local creation time, quantities and plain text', () => {
    // Midnight in the pharmacy's zone is the next day there, not in UTC.
    expect(asapDateTime(new Date('2026-03-08T06:00:00Z'), 'America/Chicago')).toEqual({ date: '20260308', time: '000000' });
    expect(asapDateTime(new Date('2026-11-30T05:59:59Z'), 'America/Chicago')).toEqual({ date: '20261129', time: '235959' });
    expect([asapQuantity(30), asapQuantity(7.5), asapQuantity(0.125), asapQuantity(2.1)]).toEqual(['30', '7.5', '0.125', '2.1']);
    expect(() => asapQuantity(0)).toThrow();
    expect(asapText('  a\tb  ', 10)).toBe('a b');
    expect(asapText(null, 10)).toBe('');
    expect(asapFileName(pharmacy, '2026-11-01', '2026-11-30')).toBe('pmp-1234567-2026-11-01-to-2026-11-30.txt');
  });

  it('makes control numbers the writer takes, different each time', () => {
    const numbers = Array.from({ length: 50 }, () => newAsapControlNumber(createdAt));
    expect(numbers.every((n) => /^20261129163005[A-Z0-9]{6}$/.test(n))).toBe(true);
    expect(new Set(numbers).size).toBe(50);
    expect(writeAsap42({ ...base, fills, controlNumber: numbers[0]! }).text).toContain(`TT*${numbers[0]}*13~`);
  });

  it('hashes the file as SHA-256 hex', async () => {
    expect(await asapFileSha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('parses the database answer and refuses a malformed fill', () => {
    const answer = { from: '2026-11-01', to: '2026-11-30', timeZone: 'America/Chicago', pharmacy, fills };
    expect(pmpFillsAnswerSchema.parse(answer).fills[1]!.rxNumber).toBe('1000002');
    expect(pmpFillsAnswerSchema.safeParse({ ...answer, fills: [{ ...fills[0], ndc11: '0040605526' }] }).success).toBe(false);
    expect(pmpFillsAnswerSchema.safeParse({ ...answer, fills: [{ ...fills[0], deaSchedule: 'I' }] }).success).toBe(false);
  });
});

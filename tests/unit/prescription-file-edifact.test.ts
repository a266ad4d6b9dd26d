/**
 * SCRIPT 10.6 EDIFACT NEWRX (shared/src/prescription-files/edifact.ts): every field of the fixture (demo seed
 * patient, drug and prescriber), the UNA service string advice and its release character (a released component,
 * repetition and segment terminator), EDIFACT's defaults without UNA, separators of a sender's own choosing, and
 * what is refused: another message, another version, no header, more than 5,000 segments or 2 MB.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEdifactNewRx } from '../../shared/src/prescription-files/edifact.ts';
import { drugDataSchema, ExtractionError, type Extraction, patientDataSchema } from '../../shared/src/prescription-files/prescription-file.ts';

const edi = readFileSync(new URL('../fixtures/prescription-files/newrx-10_6.edi', import.meta.url), 'utf8');

describe('parseEdifactNewRx', () => {
  it('reads every field of the NEWRX: PVD+PC, PTT, COO, DRU, with released characters in the directions and the PCN', () => {
    expect(parseEdifactNewRx(edi)).toEqual({
      sourceFormat: 'script-edifact-10.6',
      messageId: 'NEWRX-EDI-0001',
      patientData: {
        name: 'TYRONE JACKSON', firstName: 'TYRONE', lastName: 'JACKSON', dateOfBirth: '1979-06-11', gender: 'M',
        address: '2715 E COOK ST, SPRINGFIELD, IL 62703', phone: '(217) 555-0304',
        insuranceInfo: { provider: 'AETNA', policyNumber: 'W183746529', groupNumber: '0087654', bin: '610502', pcn: 'AET*RX' },
      },
      drugData: {
        name: 'NAPROXEN 500 MG TABLET', strength: '500 MG', form: 'tablet', quantity: 60, daysSupply: 30,
        directions: "TAKE 1 TABLET BY MOUTH TWICE DAILY WITH FOOD: MAX 2 A DAY'S DOSE", refills: 1, genericSubstitution: true, ndcNumber: '68462019001',
      },
      prescriberData: {
        name: 'ELENA MARQUEZ', firstName: 'ELENA', lastName: 'MARQUEZ', npiNumber: '1598765430', deaNumber: 'BM3825417',
        address: '800 N RUTLEDGE ST, SPRINGFIELD, IL 62702', phone: '(217) 555-0210', dateSigned: '2026-11-22',
      },
    } satisfies Extraction);
  });

  it("fits what it read to the model's schemas: overlong directions cut to 1,000 characters, a 7-digit BIN left out", () => {
    const long = parseEdifactNewRx(edi.replace('TAKE 1 TABLET', `TAKE ${'1 '.repeat(600)}TABLET`).replace('610502:BO', '6105020:BO'));
    expect(long.drugData.directions).toHaveLength(1000);
    expect(long.patientData.insuranceInfo).toEqual({ provider: 'AETNA', policyNumber: 'W183746529', groupNumber: '0087654', pcn: 'AET*RX' });
    expect(patientDataSchema.strict().parse(long.patientData)).toEqual(long.patientData);
    expect(drugDataSchema.strict().parse(long.drugData)).toEqual(long.drugData);
  });

  it("uses EDIFACT's defaults without UNA: ? releases, and a released release character is kept", () => {
    const withoutUna = edi.replace("UNA:+./*'\n", '').replace("WITH FOOD/: MAX 2 A DAY/'S DOSE", "WITH FOOD?: MAX 2?+ A DAY?'S DOSE ??")
      .replace('AET/*RX', 'AET?*RX');
    const read = parseEdifactNewRx(withoutUna);
    expect(read.drugData.directions).toBe("TAKE 1 TABLET BY MOUTH TWICE DAILY WITH FOOD: MAX 2+ A DAY'S DOSE ?");
    expect(read.patientData.insuranceInfo?.pcn).toBe('AET*RX');
  });

  it('honours the separators a UNA declares, whatever they are', () => {
    // component ^, element |, decimal ., release \, repetition #, segment terminator ~
    const own = [
      'UNA^|.\\#~',
      'UIB|UNOA^0||MSG-77~',
      'UIH|SCRIPT^010^006^NEWRX|MSG-77~',
      'PVD|PC|1598765430^HPI#BM3825417^DH|||MARQUEZ^ELENA~',
      'PTT||20010505|WHITFIELD^GRACE|F~',
      'DRU|P^ALLOPURINOL 300 MG TABLET^16729-020-01^ND|EA^30^38|^TAKE 1 TABLET DAILY \\~ WITH WATER \\| FOOD|85^20261120|1|R^2~',
      'UIT|MSG-77|6~',
      'UIZ||1~',
    ].join('\r\n');
    expect(parseEdifactNewRx(own)).toMatchObject({
      messageId: 'MSG-77',
      patientData: { name: 'GRACE WHITFIELD', dateOfBirth: '2001-05-05', gender: 'F' },
      drugData: { name: 'ALLOPURINOL 300 MG TABLET', quantity: 30, directions: 'TAKE 1 TABLET DAILY ~ WITH WATER | FOOD', refills: 2, genericSubstitution: false, ndcNumber: '16729002001' },
      prescriberData: { npiNumber: '1598765430', deaNumber: 'BM3825417', dateSigned: '2026-11-20' },
    });
  });

  it('refuses another message, another version, a file with no interchange header or no patient', () => {
    expect(() => parseEdifactNewRx(edi.replace(':NEWRX+', ':RXCHG+'))).toThrow('This SCRIPT message is a RXCHG, not a NEWRX (new prescription)');
    expect(() => parseEdifactNewRx(edi.replace('SCRIPT:010:006', 'SCRIPT:008:001'))).toThrow('The SCRIPT EDIFACT document cannot be read: SCRIPT version 008.001 is not 10.6');
    expect(() => parseEdifactNewRx(edi.replace(/UIB\+[^']*'/, ''))).toThrow('it does not start with an interchange header (UIB)');
    expect(() => parseEdifactNewRx(edi.replace(/PTT\+[^']*'/, ''))).toThrow('it has no patient (PTT)');
    expect(() => parseEdifactNewRx('UNA:+')).toThrow('the UNA service string advice is incomplete');
  });

  it('is bounded: more than 5,000 segments or 2 MB are refused at once', () => {
    expect(() => parseEdifactNewRx(`UIB+UNOA:0'${"UIH+SCRIPT:010:006:NEWRX'".repeat(5001)}`)).toThrow('it has more than 5000 segments');
    expect(() => parseEdifactNewRx(`UIB+UNOA:0'${'X'.repeat(2 * 1024 * 1024)}'`)).toThrow(ExtractionError);
    expect(() => parseEdifactNewRx(`UIB+UNOA:0'${'DRU+P:X'.repeat(300_000)}'`)).toThrow('it is larger than 2 MB');
    // A drug description of a million digits: the strength is looked for in one pass.
    const digits = edi.replace('NAPROXEN 500 MG TABLET', '5'.repeat(1_000_000));
    expect(parseEdifactNewRx(digits).drugData.strength).toBeUndefined();
  });
});

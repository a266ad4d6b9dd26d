/**
 * shared/src/drugs/package.ts (openFDA's packaging text as a size in EA, ML or GM) and sync-record.ts (what sync
 * writes from a provider's record: the package, the DEA schedule as stored, nothing the provider did not give).
 */
import { describe, expect, it } from 'vitest';
import type { ExternalDrugResult } from '../../shared/src/drugs/external-drug.ts';
import { parsePackageDescription } from '../../shared/src/drugs/package.ts';
import { deaScheduleOf, syncRecordOf } from '../../shared/src/drugs/sync-record.ts';

describe('parsePackageDescription', () => {
  it('reads a count of dosage units as EA', () => {
    expect(parsePackageDescription('100 TABLET in 1 BOTTLE')).toEqual({ size: 100, unit: 'EA' });
    expect(parsePackageDescription('90 TABLET, FILM COATED in 1 BOTTLE (0071-0155-23)')).toEqual({ size: 90, unit: 'EA' });
    expect(parsePackageDescription('30 CAPSULE in 1 BOTTLE, PLASTIC (60505-0123-3)')).toEqual({ size: 30, unit: 'EA' });
    expect(parsePackageDescription('1 PATCH in 1 POUCH')).toEqual({ size: 1, unit: 'EA' });
  });

  it('reads volumes as ML and weights as GM, converting L, kg and mg', () => {
    expect(parsePackageDescription('473 mL in 1 BOTTLE')).toEqual({ size: 473, unit: 'ML' });
    expect(parsePackageDescription('2.5 mL in 1 BOTTLE, DROPPER (61314-0227-25)')).toEqual({ size: 2.5, unit: 'ML' });
    expect(parsePackageDescription('1 L in 1 BAG')).toEqual({ size: 1000, unit: 'ML' });
    expect(parsePackageDescription('30 g in 1 TUBE')).toEqual({ size: 30, unit: 'GM' });
    expect(parsePackageDescription('1 kg in 1 JAR')).toEqual({ size: 1000, unit: 'GM' });
    expect(parsePackageDescription('500 mg in 1 PACKET')).toEqual({ size: 0.5, unit: 'GM' });
  });

  it('multiplies nested levels (outer > inner)', () => {
    expect(parsePackageDescription('1 BOTTLE in 1 CARTON (0093-4155-73) > 120 mL in 1 BOTTLE')).toEqual({ size: 120, unit: 'ML' });
    expect(parsePackageDescription('3 BLISTER PACK in 1 CARTON (0002-1234-30) > 10 TABLET in 1 BLISTER PACK')).toEqual({ size: 30, unit: 'EA' });
  });

  it('gives null for text that does not read as a package, never a guess', () => {
    for (const text of [null, undefined, '', 'BOTTLE', 'TABLET in 1 BOTTLE', '0 TABLET in 1 BOTTLE', 'many tablets', '100 TABLET > ']) {
      expect(parsePackageDescription(text), String(text)).toBeNull();
    }
  });
});

describe('deaScheduleOf', () => {
  it("stores openFDA's CII..CV as II..V; none, schedule I or anything else as null", () => {
    expect(['CII', 'CIII', 'CIV', 'CV', 'C-II', 'II', ' cii '].map(deaScheduleOf)).toEqual(['II', 'III', 'IV', 'V', 'II', 'II', 'II']);
    expect([null, undefined, '', 'CI', 'C', 'VI', 'schedule 2'].map(deaScheduleOf)).toEqual([null, null, null, null, null, null, null]);
  });
});

describe('syncRecordOf', () => {
  const result: ExternalDrugResult = {
    id: 'openfda:59011041010', provider: 'openfda', name: 'OxyContin', genericName: 'Oxycodone Hydrochloride', strength: '10 mg/1',
    dosageForm: 'TABLET, FILM COATED, EXTENDED RELEASE', ndcNumber: '59011-410-10', ndc11: '59011041010', productNdc: '59011-410',
    packageDescription: '100 TABLET, FILM COATED, EXTENDED RELEASE in 1 BOTTLE (59011-410-10)', manufacturer: 'Purdue Pharma LP',
    pricing: { awp: null, wac: null }, matchScore: 1, interactions: [], deaSchedule: 'CII', pharmClass: [], status: null,
  };

  it('keeps what the provider gave, the NDC in its labeler format, and never a price or stock', () => {
    expect(syncRecordOf(result)).toEqual({
      ndcNumber: '59011-410-10', name: 'OxyContin', genericName: 'Oxycodone Hydrochloride', strength: '10 mg/1',
      dosageForm: 'TABLET, FILM COATED, EXTENDED RELEASE', manufacturer: 'Purdue Pharma LP', packageSize: 100, packageUnit: 'EA',
      packageDescription: '100 TABLET, FILM COATED, EXTENDED RELEASE in 1 BOTTLE', deaSchedule: 'II', source: 'openfda',
    });
  });

  it('leaves the package unknown when its text does not read', () => {
    expect(syncRecordOf({ ...result, packageDescription: null, deaSchedule: null })).toMatchObject({ packageSize: null, packageUnit: null, packageDescription: null, deaSchedule: null });
  });
});

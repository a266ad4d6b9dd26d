/**
 * The test claims switch's payer sheets (supabase/local/src/claims-switch/payer-sheet.ts) against the demo seed
 * (supabase/seed.sql): each demo payer's BIN, name, PCN, group and insurance type; a member for every demo insurance
 * plan, with the patient's name and date of birth and, for a secondary plan, the patient's primary payer; every NDC
 * the sheets name is in the demo catalogue; and the sheets' own consistency.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseNdc } from '../../shared/src/drugs/ndc.ts';
import { DRUG_REFERENCE, SUBMISSION_CLARIFICATION_CODES, TEST_PAYER_SHEETS, payerSheetFor } from '../../supabase/local/src/claims-switch/payer-sheet.ts';

const seed = readFileSync(new URL('../../supabase/seed.sql', import.meta.url), 'utf8');

const seedPayers = [...seed.matchAll(/\('(\d{6})', '([^']+)', '(\w+)', (?:'(\w+)'|null), '(\w+)'\)/g)]
  .map(([, bin, name, pcn, groupId, insuranceType]) => ({ bin: bin!, name: name!, pcn: pcn!, groupId: groupId ?? null, insuranceType: insuranceType! }));
const seedPatients = new Map([...seed.matchAll(/\('([0-9a-f-]{36})'::uuid, '([^']+)', '([^']+)', date '(\d{4}-\d{2}-\d{2})'/g)]
  .map(([, id, firstName, lastName, dateOfBirth]) => [id!, { firstName: firstName!, lastName: lastName!, dateOfBirth: dateOfBirth! }]));
const seedPlans = [...seed.matchAll(/\('[0-9a-f-]{36}'::uuid, '([0-9a-f-]{36})'::uuid, '(\d{6})', '(\w+)', '(\d{3})', '(\d)', '(primary|secondary|tertiary)'\)/g)]
  .map(([, patientId, bin, cardholderId, personCode, relationshipCode, priority]) => ({ patientId: patientId!, bin: bin!, cardholderId: cardholderId!, personCode: personCode!, relationshipCode: relationshipCode!, priority: priority! }));
const catalogue = new Set([...seed.matchAll(/, '(\d{4,5}-\d{3,4}-\d{1,2})', /g)].map(([, ndc]) => {
  const parsed = parseNdc(ndc!);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.ndc.ndc11;
}));

describe('the payer sheets and the demo seed', () => {
  it('reads the seed (so the checks below check something)', () => {
    expect(seedPayers.map((payer) => payer.bin)).toEqual(['999001', '999002', '999003']);
    expect(seedPlans).toHaveLength(15);
    expect(catalogue.size).toBeGreaterThan(60);
  });

  it('each demo payer is a sheet with the same BIN, name, PCN, group and insurance type', () => {
    for (const payer of seedPayers) {
      const sheet = payerSheetFor(payer.bin);
      expect(sheet && { bin: sheet.bin, name: sheet.name, pcn: sheet.pcn, groupId: sheet.groups[0] ?? null, insuranceType: sheet.insuranceType }).toEqual(payer);
    }
    expect(TEST_PAYER_SHEETS).toHaveLength(seedPayers.length);
  });

  it('every demo insurance plan has its member, with the patient\'s name and date of birth', () => {
    for (const plan of seedPlans) {
      const patient = seedPatients.get(plan.patientId)!;
      const sheet = payerSheetFor(plan.bin)!;
      const member = sheet.members.find((candidate) => candidate.cardholderId === plan.cardholderId && candidate.personCode === plan.personCode);
      expect(member, `${plan.cardholderId} ${plan.personCode}`).toMatchObject({ relationshipCode: plan.relationshipCode, ...patient, coveredFrom: '2026-01-01' });
      expect(member!.coveredThrough).toBeUndefined();
      const primary = seedPlans.find((other) => other.patientId === plan.patientId && other.priority === 'primary');
      if (plan.priority === 'secondary') expect(member!.primaryElsewhere).toEqual({ payerName: payerSheetFor(primary!.bin)!.name, bin: primary!.bin });
      else expect(member!.primaryElsewhere).toBeUndefined();
    }
  });

  it('every other member is marked test-only', () => {
    const seeded = new Set(seedPlans.map((plan) => `${plan.bin} ${plan.cardholderId} ${plan.personCode}`));
    const others = TEST_PAYER_SHEETS.flatMap((sheet) => sheet.members.filter((member) => !seeded.has(`${sheet.bin} ${member.cardholderId} ${member.personCode}`)).map((member) => [sheet.bin, member.cardholderId, member.testOnly]));
    expect(others).toEqual([['999001', 'TEST000190', true]]);
  });

  it('every NDC the sheets and the drug reference name is in the demo catalogue', () => {
    const named = [
      ...Object.keys(DRUG_REFERENCE),
      ...TEST_PAYER_SHEETS.flatMap((sheet) => [
        ...Object.keys(sheet.pricing.macList), ...sheet.excludedProducts.map((product) => product.ndc11), ...sheet.priorAuthorizationRequired,
        ...sheet.priorAuthorizations.map((authorization) => authorization.ndc11),
      ]),
    ];
    expect(named.filter((ndc) => !catalogue.has(ndc))).toEqual([]);
  });
});

describe('each sheet', () => {
  it.each(TEST_PAYER_SHEETS.map((sheet) => [sheet.name, sheet] as const))('%s is consistent', (_name, sheet) => {
    const people = sheet.members.map((member) => `${member.cardholderId} ${member.personCode}`);
    expect(new Set(people).size).toBe(people.length);
    for (const member of sheet.members) {
      expect(member.cardholderId).toBe(member.cardholderId.toUpperCase());
      expect(member.groupId ?? null).toBe(sheet.groups.length > 0 ? sheet.groups[0] : null);
    }
    for (const authorization of sheet.priorAuthorizations) {
      expect(authorization.number).toMatch(/^\d{11}$/);
      expect(sheet.priorAuthorizationRequired).toContain(authorization.ndc11);
      expect(people).toContain(`${authorization.cardholderId} ${authorization.personCode}`);
    }
    expect(sheet.refillTooSoonOverrideCodes.every((code) => code in SUBMISSION_CLARIFICATION_CODES)).toBe(true);
    expect(Object.keys(sheet.pricing.copayCentsByTier)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(Object.values(sheet.pricing.copayCentsByTier).every((cents) => Number.isSafeInteger(cents) && cents >= 0)).toBe(true);
    expect(sheet.bin).toMatch(/^9990\d{2}$/);
  });
});

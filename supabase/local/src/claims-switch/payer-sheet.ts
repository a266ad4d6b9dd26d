/**
 * The test claims switch's payer sheets: what a real payer publishes for pharmacies (BIN/PCN/group, what it covers,
 * how it prices, its limits, DUR and prior authorisation rules, the override codes it accepts), written as data the
 * adjudication engine (adjudicate.ts) reads, plus the members each plan covers (its eligibility file).
 *
 * ALL VALUES ARE TEST VALUES. BINs 999001–999003 are the ones the demo seed's insurance plans use
 * (supabase/seed.sql: Demo Commercial Rx, Demo Part D, Demo Medicaid) and route to no real processor; the members are
 * the seed's patients on those cards (plus test-only members marked as such); prices, fees, copays, MAC lists and
 * prior authorisation numbers are made up. Nothing here describes a real plan.
 *
 * Units: money in integer cents; unit prices (MAC, AWP, NADAC) in integer millicents (1/1000 cent, i.e. dollars
 * with 5 decimals, as NADAC publishes them); quantities in integer thousandths of the billing unit (NCPDP 442-E7
 * has 3 implied decimals: 30 tablets is 30000); percentages in basis points (17% is 1700).
 *
 * The pharmacy's own formulary (public.formulary_entries) is not here: the caller looks it up per claim
 * (adjudicate.ts `FormularyLookup`); `unlistedDrugs` says how a plan treats a drug the pharmacy has no entry for.
 * The drug reference (`DRUG_REFERENCE`) is the switch's own small drug file for DUR: therapeutic classes and the
 * highest daily quantity, for drugs of the demo catalogue.
 */
import type { InsuranceType } from '../../../../shared/src/drugs/formulary.ts';

/** A formulary tier: 1 preferred generic … 6 (public.formulary_entries.tier). */
export type FormularyTier = 1 | 2 | 3 | 4 | 5 | 6;

export interface PlanMember {
  /** 302-C2. */
  cardholderId: string;
  /** 303-C3: 001 the cardholder, 002 a spouse, 003… dependants. */
  personCode: string;
  /** 306-C6: 1 cardholder, 2 spouse, 3 child, 4 other. */
  relationshipCode: '1' | '2' | '3' | '4';
  firstName: string;
  lastName: string;
  /** 304-C4, YYYY-MM-DD: a claim must carry it (09 otherwise). */
  dateOfBirth: string;
  /** 301-C1 the member's group, when the plan has groups. */
  groupId?: string;
  /** Covered from this date, through `coveredThrough` (open when absent). */
  coveredFrom: string;
  coveredThrough?: string;
  /** Another plan pays first (this plan is secondary for the member): a claim without COB gets 41. */
  primaryElsewhere?: { payerName: string; bin: string };
  /** For the tests' own members: not one of the demo seed's patients. */
  testOnly?: true;
}

export interface PriorAuthorization {
  /** 462-EV, 11 digits. */
  number: string;
  cardholderId: string;
  personCode: string;
  ndc11: string;
  effective: string;
  expires: string;
}

export interface ExcludedProduct {
  ndc11: string;
  /** Why, as the reject's message says it. */
  reason: string;
}

/** How a plan pays: the lesser of U&C, (AWP − discount) + fee, MAC + fee, and the submitted cost + fee. */
export interface PricingRules {
  /** The discount off AWP, in basis points. */
  awpDiscountBasisPoints: number;
  /** The contracted dispensing fee per claim. */
  dispensingFeeCents: number;
  /** Where the plan's MAC comes from: its own list (by NDC), or CMS NADAC per unit (which the caller supplies). */
  macSource: 'list' | 'nadac';
  /** Millicents per unit, by 11-digit NDC (for `macSource: 'list'`). */
  macList: Readonly<Record<string, number>>;
  /** The patient's copay by formulary tier (1–6), never more than the claim's allowed amount. */
  copayCentsByTier: Readonly<Record<FormularyTier, number>>;
}

export interface PayerSheet {
  /** 101-A1. */
  bin: string;
  /** 104-A4, which every claim must carry (04 otherwise). */
  pcn: string;
  name: string;
  insuranceType: InsuranceType;
  /** 301-C1 groups; a claim's group must be its member's (06 otherwise). Empty: the plan has no groups. */
  groups: readonly string[];
  /** CLP06 of this plan's 835s: CI commercial, 16 HMO Medicare risk (Part D), MC Medicaid. */
  claimFilingIndicator: string;
  /** TRN03 and BPR10 of this plan's 835s: "1" and a (made-up) tax id. */
  originatingCompanyId: string;
  pricing: PricingRules;
  /** A drug the pharmacy's formulary has no entry for (for this plan's insurance type). */
  unlistedDrugs: { covered: false } | { covered: true; tier: FormularyTier };
  /** Not covered whatever the formulary says (70). */
  excludedProducts: readonly ExcludedProduct[];
  /** Prior authorisation needed whatever the formulary says (75 without a valid PA). */
  priorAuthorizationRequired: readonly string[];
  priorAuthorizations: readonly PriorAuthorization[];
  /** The most days supply one claim may have (76). */
  maxDaysSupply: number;
  /** A refill is too soon (79) until this share of the last fill's days supply has passed, in percent. */
  refillTooSoonPercent: number;
  /** Submission clarification codes (420-DK) that let a refill-too-soon through, e.g. 3 vacation supply. */
  refillTooSoonOverrideCodes: readonly string[];
  /** DUR result-of-service codes (441-E6) accepted to let a DUR conflict (88) through, with its reason and service. */
  durOverrideResultCodes: readonly string[];
  members: readonly PlanMember[];
}

/** The switch's drug file for DUR. */
export interface DrugReference {
  name: string;
  /** Drugs of one class taken together are a therapeutic duplication (TD). */
  therapeuticClass: string;
  /** More per day than this is a high dose (HD), in thousandths of the billing unit. */
  maxDailyQuantityThousandths: number;
}

/** 420-DK Submission Clarification Codes the sheets mention. */
export const SUBMISSION_CLARIFICATION_CODES: Readonly<Record<string, string>> = {
  '1': 'No override',
  '2': 'Other override',
  '3': 'Vacation supply',
  '4': 'Lost prescription',
  '5': 'Therapy change',
  '6': 'Starter dose',
  '7': 'Medically necessary',
  '13': 'Payer-recognized emergency/disaster assistance request',
  '14': 'Long term care leave of absence',
};

const SEED_COVERAGE_START = '2026-01-01';

export const DEMO_COMMERCIAL: PayerSheet = {
  bin: '999001',
  pcn: 'DEMOCOM',
  name: 'Demo Commercial Rx',
  insuranceType: 'commercial',
  groups: ['DEMOGRP01'],
  claimFilingIndicator: 'CI',
  originatingCompanyId: '1999001001',
  pricing: {
    awpDiscountBasisPoints: 1_700,
    dispensingFeeCents: 150,
    macSource: 'list',
    macList: {
      '00378212377': 9_500, // atorvastatin 40 mg tablet, $0.095
      '68180051301': 2_800, // lisinopril 10 mg tablet
      '65862001701': 8_000, // amoxicillin 500 mg capsule
      '65862000801': 2_200, // metformin 500 mg tablet
      '16729021401': 4_500, // sertraline 50 mg tablet
    },
    copayCentsByTier: { 1: 500, 2: 1_500, 3: 4_000, 4: 7_000, 5: 15_000, 6: 15_000 },
  },
  unlistedDrugs: { covered: true, tier: 3 },
  excludedProducts: [
    { ndc11: '45802091978', reason: 'Over-the-counter products are not a benefit of this plan' },
    { ndc11: '00069421030', reason: 'Drugs for erectile dysfunction are not a benefit of this plan' },
  ],
  priorAuthorizationRequired: ['00071015523'], // Lipitor: the generic is covered without one
  priorAuthorizations: [
    { number: '26010100001', cardholderId: 'DEMO000104', personCode: '001', ndc11: '00071015523', effective: '2026-01-01', expires: '2026-12-31' },
  ],
  maxDaysSupply: 90,
  refillTooSoonPercent: 75,
  refillTooSoonOverrideCodes: ['3', '4', '5', '7', '13'],
  durOverrideResultCodes: ['1A', '1B', '1C', '1D', '1E', '1F', '1G'],
  members: [
    { cardholderId: 'DEMO000102', personCode: '001', relationshipCode: '1', firstName: 'Robert', lastName: 'Chen', dateOfBirth: '1961-09-02', groupId: 'DEMOGRP01', coveredFrom: SEED_COVERAGE_START },
    { cardholderId: 'DEMO000104', personCode: '001', relationshipCode: '1', firstName: 'Tyrone', lastName: 'Jackson', dateOfBirth: '1979-06-11', groupId: 'DEMOGRP01', coveredFrom: SEED_COVERAGE_START },
    { cardholderId: 'DEMO000104', personCode: '002', relationshipCode: '2', firstName: 'Beatrice', lastName: 'Lindqvist', dateOfBirth: '1973-03-09', groupId: 'DEMOGRP01', coveredFrom: SEED_COVERAGE_START },
    { cardholderId: 'DEMO000107', personCode: '001', relationshipCode: '1', firstName: 'Linda', lastName: 'Okafor', dateOfBirth: '1968-04-23', groupId: 'DEMOGRP01', coveredFrom: SEED_COVERAGE_START },
    { cardholderId: 'DEMO000107', personCode: '003', relationshipCode: '3', firstName: 'Grace', lastName: 'Whitfield', dateOfBirth: '2001-05-05', groupId: 'DEMOGRP01', coveredFrom: SEED_COVERAGE_START },
    { cardholderId: 'DEMO000110', personCode: '001', relationshipCode: '1', firstName: 'Marcus', lastName: 'Bell', dateOfBirth: '1990-08-08', groupId: 'DEMOGRP01', coveredFrom: SEED_COVERAGE_START },
    // Whose coverage ended mid-year: 65 after 2026-06-30.
    { cardholderId: 'TEST000190', personCode: '001', relationshipCode: '1', firstName: 'Ended', lastName: 'Coverage', dateOfBirth: '1980-01-15', groupId: 'DEMOGRP01', coveredFrom: SEED_COVERAGE_START, coveredThrough: '2026-06-30', testOnly: true },
  ],
};

export const DEMO_PART_D: PayerSheet = {
  bin: '999002',
  pcn: 'DEMOPDP',
  name: 'Demo Part D',
  insuranceType: 'medicare_part_d',
  groups: ['DEMOPD01'],
  claimFilingIndicator: '16',
  originatingCompanyId: '1999002002',
  pricing: {
    awpDiscountBasisPoints: 2_000,
    dispensingFeeCents: 100,
    macSource: 'list',
    macList: {
      '00378212377': 9_000, // atorvastatin 40 mg tablet
      '68180051301': 2_500, // lisinopril 10 mg tablet
      '65862000801': 2_000, // metformin 500 mg tablet
      '69097012705': 2_400, // amlodipine 5 mg tablet
    },
    copayCentsByTier: { 1: 0, 2: 500, 3: 4_700, 4: 10_000, 5: 15_000, 6: 0 },
  },
  unlistedDrugs: { covered: true, tier: 4 },
  excludedProducts: [
    // Part D excludes by law drugs for erectile dysfunction and over-the-counter products.
    { ndc11: '00069421030', reason: 'Medicare Part D does not cover drugs for erectile dysfunction' },
    { ndc11: '45802091978', reason: 'Medicare Part D does not cover over-the-counter products' },
  ],
  priorAuthorizationRequired: ['59762003301'], // sildenafil 20 mg: covered for pulmonary arterial hypertension
  priorAuthorizations: [
    { number: '26010200001', cardholderId: 'DEMO000201', personCode: '001', ndc11: '59762003301', effective: '2026-01-01', expires: '2026-12-31' },
  ],
  maxDaysSupply: 90,
  refillTooSoonPercent: 80,
  refillTooSoonOverrideCodes: ['5', '7', '13', '14'],
  durOverrideResultCodes: ['1A', '1B', '1G'],
  members: [
    { cardholderId: 'DEMO000201', personCode: '001', relationshipCode: '1', firstName: 'Margaret', lastName: 'Holloway', dateOfBirth: '1948-03-14', groupId: 'DEMOPD01', coveredFrom: SEED_COVERAGE_START },
    { cardholderId: 'DEMO000203', personCode: '001', relationshipCode: '1', firstName: 'Dolores', lastName: 'Fairbanks', dateOfBirth: '1955-12-28', groupId: 'DEMOPD01', coveredFrom: SEED_COVERAGE_START },
    { cardholderId: 'DEMO000206', personCode: '001', relationshipCode: '1', firstName: 'Harold', lastName: 'Benson', dateOfBirth: '1944-07-04', groupId: 'DEMOPD01', coveredFrom: SEED_COVERAGE_START },
    { cardholderId: 'DEMO000209', personCode: '001', relationshipCode: '1', firstName: 'Evelyn', lastName: 'Park', dateOfBirth: '1952-02-17', groupId: 'DEMOPD01', coveredFrom: SEED_COVERAGE_START },
    { cardholderId: 'DEMO000212', personCode: '001', relationshipCode: '1', firstName: 'Walter', lastName: 'Nguyen', dateOfBirth: '1958-11-21', groupId: 'DEMOPD01', coveredFrom: SEED_COVERAGE_START },
  ],
};

export const DEMO_MEDICAID: PayerSheet = {
  bin: '999003',
  pcn: 'DEMOMCD',
  name: 'Demo Medicaid',
  insuranceType: 'medicaid',
  groups: [],
  claimFilingIndicator: 'MC',
  originatingCompanyId: '1999003003',
  pricing: {
    // NADAC plus a professional dispensing fee; AWP − 20% for a drug without a NADAC.
    awpDiscountBasisPoints: 2_000,
    dispensingFeeCents: 1_049,
    macSource: 'nadac',
    macList: {},
    copayCentsByTier: { 1: 100, 2: 100, 3: 300, 4: 300, 5: 300, 6: 0 },
  },
  unlistedDrugs: { covered: true, tier: 2 },
  excludedProducts: [
    { ndc11: '00069421030', reason: 'Medicaid does not cover drugs for erectile dysfunction' },
  ],
  priorAuthorizationRequired: ['00003089421', '00071015523'], // Eliquis and Lipitor: non-preferred brands
  priorAuthorizations: [
    { number: '26010300001', cardholderId: 'DEMO000305', personCode: '001', ndc11: '00003089421', effective: '2026-01-01', expires: '2026-12-31' },
  ],
  maxDaysSupply: 34,
  refillTooSoonPercent: 85,
  refillTooSoonOverrideCodes: ['5', '7'],
  durOverrideResultCodes: ['1A', '1B', '1C', '1D', '1E', '1F', '1G'],
  members: [
    // Medicaid pays last: for members with another plan it is secondary-only.
    { cardholderId: 'DEMO000303', personCode: '001', relationshipCode: '1', firstName: 'Dolores', lastName: 'Fairbanks', dateOfBirth: '1955-12-28', coveredFrom: SEED_COVERAGE_START, primaryElsewhere: { payerName: 'Demo Part D', bin: '999002' } },
    { cardholderId: 'DEMO000305', personCode: '001', relationshipCode: '1', firstName: 'Sofia', lastName: 'Ramirez', dateOfBirth: '1992-01-19', coveredFrom: SEED_COVERAGE_START },
    { cardholderId: 'DEMO000306', personCode: '001', relationshipCode: '1', firstName: 'Harold', lastName: 'Benson', dateOfBirth: '1944-07-04', coveredFrom: SEED_COVERAGE_START, primaryElsewhere: { payerName: 'Demo Part D', bin: '999002' } },
    { cardholderId: 'DEMO000311', personCode: '001', relationshipCode: '1', firstName: 'Grace', lastName: 'Whitfield', dateOfBirth: '2001-05-05', coveredFrom: SEED_COVERAGE_START, primaryElsewhere: { payerName: 'Demo Commercial Rx', bin: '999001' } },
  ],
};

/** Every plan the test switch answers for. */
export const TEST_PAYER_SHEETS: readonly PayerSheet[] = [DEMO_COMMERCIAL, DEMO_PART_D, DEMO_MEDICAID];

export function payerSheetFor(bin: string, sheets: readonly PayerSheet[] = TEST_PAYER_SHEETS): PayerSheet | undefined {
  return sheets.find((sheet) => sheet.bin === bin);
}

/** The switch's drug file (demo catalogue NDCs), for therapeutic duplication and high dose. */
export const DRUG_REFERENCE: Readonly<Record<string, DrugReference>> = {
  '65162046650': { name: 'ibuprofen 800 mg tablet', therapeuticClass: 'NSAID', maxDailyQuantityThousandths: 4_000 },
  '65162046550': { name: 'ibuprofen 600 mg tablet', therapeuticClass: 'NSAID', maxDailyQuantityThousandths: 5_000 },
  '68462019001': { name: 'naproxen 500 mg tablet', therapeuticClass: 'NSAID', maxDailyQuantityThousandths: 3_000 },
  '68382005101': { name: 'meloxicam 15 mg tablet', therapeuticClass: 'NSAID', maxDailyQuantityThousandths: 1_000 },
  '31722053601': { name: 'celecoxib 200 mg capsule', therapeuticClass: 'NSAID', maxDailyQuantityThousandths: 2_000 },
  '50111064701': { name: 'fluoxetine 20 mg capsule', therapeuticClass: 'SSRI', maxDailyQuantityThousandths: 4_000 },
  '16729021401': { name: 'sertraline 50 mg tablet', therapeuticClass: 'SSRI', maxDailyQuantityThousandths: 4_000 },
  '13668001001': { name: 'citalopram 20 mg tablet', therapeuticClass: 'SSRI', maxDailyQuantityThousandths: 2_000 },
  '16729016801': { name: 'escitalopram 10 mg tablet', therapeuticClass: 'SSRI', maxDailyQuantityThousandths: 2_000 },
  '60505016401': { name: 'fluvoxamine 100 mg tablet', therapeuticClass: 'SSRI', maxDailyQuantityThousandths: 3_000 },
  '00378212377': { name: 'atorvastatin 40 mg tablet', therapeuticClass: 'HMG-CoA reductase inhibitor', maxDailyQuantityThousandths: 2_000 },
  '00071015523': { name: 'Lipitor 10 mg tablet', therapeuticClass: 'HMG-CoA reductase inhibitor', maxDailyQuantityThousandths: 8_000 },
  '16714068201': { name: 'simvastatin 20 mg tablet', therapeuticClass: 'HMG-CoA reductase inhibitor', maxDailyQuantityThousandths: 2_000 },
  '60505266403': { name: 'rosuvastatin 10 mg tablet', therapeuticClass: 'HMG-CoA reductase inhibitor', maxDailyQuantityThousandths: 4_000 },
  '00093720298': { name: 'pravastatin 40 mg tablet', therapeuticClass: 'HMG-CoA reductase inhibitor', maxDailyQuantityThousandths: 2_000 },
  '00406012301': { name: 'hydrocodone/acetaminophen 5/325 mg tablet', therapeuticClass: 'Opioid analgesic', maxDailyQuantityThousandths: 12_000 },
  '00406051201': { name: 'oxycodone/acetaminophen 5/325 mg tablet', therapeuticClass: 'Opioid analgesic', maxDailyQuantityThousandths: 12_000 },
  '42858000101': { name: 'oxycodone 5 mg tablet', therapeuticClass: 'Opioid analgesic', maxDailyQuantityThousandths: 12_000 },
  '65162062710': { name: 'tramadol 50 mg tablet', therapeuticClass: 'Opioid analgesic', maxDailyQuantityThousandths: 8_000 },
  '59762372001': { name: 'alprazolam 0.5 mg tablet', therapeuticClass: 'Benzodiazepine', maxDailyQuantityThousandths: 8_000 },
  '00591024101': { name: 'lorazepam 1 mg tablet', therapeuticClass: 'Benzodiazepine', maxDailyQuantityThousandths: 10_000 },
  '00093083201': { name: 'clonazepam 0.5 mg tablet', therapeuticClass: 'Benzodiazepine', maxDailyQuantityThousandths: 8_000 },
  '55111015801': { name: 'omeprazole 20 mg capsule', therapeuticClass: 'Proton pump inhibitor', maxDailyQuantityThousandths: 2_000 },
  '62175061737': { name: 'pantoprazole 40 mg tablet', therapeuticClass: 'Proton pump inhibitor', maxDailyQuantityThousandths: 2_000 },
};

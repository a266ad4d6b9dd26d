/**
 * NCPDP D.0 requests (shared/src/billing/ncpdp/d0-request.ts), byte for byte: fixtures written by hand from the
 * published layout (56-character header; segment separator 0x1E, field separator 0x1C, group separator 0x1D; AMxx
 * segment ids; 2-character field ids; overpunched money; 3-decimal quantities). A B1 with every segment we type
 * (Patient, Insurance, Claim, Pharmacy Provider, Prescriber, COB with two other payers and nested counts, DUR/PPS
 * with two repetitions, Pricing), a B2, a B3, an E1, two transactions in one transmission; zero-filled numbers and
 * segments in another order read the same; untyped fields and segments kept and written back; every refusal.
 */
import { describe, expect, it } from 'vitest';
import { D0_MAX_BYTES, type D0Input, d0Bytes } from '../../shared/src/billing/ncpdp/d0-framing.ts';
import {
  type BillingRequest, buildClaimRequest, type ClaimRequest, type EligibilityRequest, parseClaimRequest, type ReversalRequest,
} from '../../shared/src/billing/ncpdp/d0-request.ts';
import { D0BuildError } from '../../shared/src/billing/ncpdp/d0-values.ts';

/** The bytes as the text they spell (ASCII), for readable comparisons. */
function ascii(bytes: Uint8Array): string {
  return String.fromCharCode(...bytes);
}

// Header: 101-A1 BIN (6), 102-A2 "D0", 103-A3 code, 104-A4 PCN (10), 109-A9 count, 202-B2 qualifier (2),
// 201-B1 provider id (15), 401-D1 date of service, 110-AK software vendor/certification id (10).
const header = (code: string, count = '1') => `610279D0${code}ADV       ${count}011234567893     20261114PHARMSYS01`;

const B1_PATIENT = '\x1e\x1cAM01\x1cCX99\x1cCYPT10042\x1cC419580317\x1cC52\x1cCAMARGARET\x1cCBOKAFOR\x1cCM412 ELM ST'
  + '\x1cCNSPRINGFIELD\x1cCOIL\x1cCP62704\x1cCQ2175550142';
const B1_INSURANCE = '\x1e\x1cAM04\x1cC2ZW48213390\x1cCCMARGARET\x1cCDOKAFOR\x1cC1RX4471\x1cC3001\x1cC61\x1cFOADVPLAN1';
const B1_CLAIM = '\x1e\x1cAM07\x1cEM1\x1cD2123456\x1cE103\x1cD700093715301\x1cE730000\x1cD32\x1cD530\x1cD61\x1cD80'
  + '\x1cDE20260901\x1cDF5\x1cDJ1\x1cNX2\x1cDK5\x1cDK3\x1cC82\x1cEU1\x1cEV12345678901\x1c28EA';
const B1_PHARMACY = '\x1e\x1cAM02\x1cEY01\x1cE91234567893';
const B1_PRESCRIBER = '\x1e\x1cAM03\x1cEZ01\x1cDB1548273690\x1cDRNGUYEN';
// Two other payers: the first paid twice ($15.00 drug benefit, $2.50 dispensing fee) with one patient
// responsibility ($10.00); the second rejected with 70.
const B1_COB = '\x1e\x1cAM05\x1c4C2'
  + '\x1c5C01\x1c6C03\x1c7C004336\x1cE820261114\x1cHB2\x1cHC07\x1cDV150{\x1cHC01\x1cDV25{\x1cNR1\x1cNP06\x1cNQ100{'
  + '\x1c5C02\x1c6C03\x1c7C610502\x1cE820261114\x1c5E1\x1c6E70';
const B1_DUR = '\x1e\x1cAM08\x1c7E1\x1cE4ER\x1cE5M0\x1cE61G\x1c8E11\x1c7E2\x1cE4TD\x1cE5R0\x1cE61B';
// $45.23 ingredient cost, $2.50 fee, $59.99 usual & customary, $47.73 gross amount due.
const B1_PRICING = '\x1e\x1cAM11\x1cD9452C\x1cDC25{\x1cDQ599I\x1cDU477C\x1cDN01';

const B1_FIXTURE = header('B1') + B1_PATIENT + B1_INSURANCE
  + '\x1d' + B1_CLAIM + B1_PHARMACY + B1_PRESCRIBER + B1_COB + B1_DUR + B1_PRICING;

const b1Request: BillingRequest = {
  transactionCode: 'B1',
  header: {
    bin: '610279', processorControlNumber: 'ADV', serviceProviderIdQualifier: '01', serviceProviderId: '1234567893',
    dateOfService: '2026-11-14', softwareVendorCertificationId: 'PHARMSYS01',
  },
  patient: {
    patientIdQualifier: '99', patientId: 'PT10042', dateOfBirth: '1958-03-17', genderCode: 2, firstName: 'MARGARET',
    lastName: 'OKAFOR', streetAddress: '412 ELM ST', city: 'SPRINGFIELD', state: 'IL', zip: '62704', phone: '2175550142',
  },
  insurance: {
    cardholderId: 'ZW48213390', cardholderFirstName: 'MARGARET', cardholderLastName: 'OKAFOR', groupId: 'RX4471',
    personCode: '001', patientRelationshipCode: 1, planId: 'ADVPLAN1',
  },
  transactions: [{
    claim: {
      rxReferenceQualifier: '1', rxNumber: '123456', productIdQualifier: '03', productId: '00093715301',
      quantityDispensedThousandths: 30_000, fillNumber: 2, daysSupply: 30, compoundCode: 1, dispenseAsWrittenCode: '0',
      dateWritten: '2026-09-01', refillsAuthorized: 5, prescriptionOriginCode: 1, submissionClarificationCodes: [5, 3],
      otherCoverageCode: 2, priorAuthorizationTypeCode: 1, priorAuthorizationNumber: '12345678901', unitOfMeasure: 'EA',
    },
    pharmacyProvider: { providerIdQualifier: '01', providerId: '1234567893' },
    prescriber: { prescriberIdQualifier: '01', prescriberId: '1548273690', prescriberLastName: 'NGUYEN' },
    coordinationOfBenefits: {
      otherPayments: [
        {
          coverageType: '01', payerIdQualifier: '03', payerId: '004336', payerDate: '2026-11-14',
          amountsPaid: [{ qualifier: '07', amountCents: 1500 }, { qualifier: '01', amountCents: 250 }],
          patientResponsibility: [{ qualifier: '06', amountCents: 1000 }],
        },
        { coverageType: '02', payerIdQualifier: '03', payerId: '610502', payerDate: '2026-11-14', rejectCodes: ['70'] },
      ],
    },
    durPps: {
      entries: [
        { reasonForServiceCode: 'ER', professionalServiceCode: 'M0', resultOfServiceCode: '1G', levelOfEffort: 11 },
        { reasonForServiceCode: 'TD', professionalServiceCode: 'R0', resultOfServiceCode: '1B' },
      ],
    },
    pricing: {
      ingredientCostCents: 4523, dispensingFeeCents: 250, usualAndCustomaryCents: 5999, grossAmountDueCents: 4773,
      basisOfCostDetermination: '01',
    },
  }],
};

const B2_FIXTURE = header('B2') + '\x1e\x1cAM04\x1cC2ZW48213390'
  + '\x1d\x1e\x1cAM07\x1cEM1\x1cD2123456\x1cE103\x1cD700093715301\x1cD32';

const b2Request: ReversalRequest = {
  transactionCode: 'B2',
  header: b1Request.header,
  insurance: { cardholderId: 'ZW48213390' },
  transactions: [{ claim: { rxReferenceQualifier: '1', rxNumber: '123456', productIdQualifier: '03', productId: '00093715301', fillNumber: 2 } }],
};

// A rebill of the fill with 60 units: $90.46 + $2.50 = $92.96.
const B3_FIXTURE = header('B3') + '\x1e\x1cAM04\x1cC2ZW48213390\x1cC1RX4471'
  + '\x1d\x1e\x1cAM07\x1cEM1\x1cD2123456\x1cE103\x1cD700093715301\x1cE760000\x1cD32\x1cD530\x1cD61\x1cD80\x1cDE20260901'
  + '\x1e\x1cAM11\x1cD9904F\x1cDC25{\x1cDU929F';

const b3Request: BillingRequest = {
  transactionCode: 'B3',
  header: b1Request.header,
  insurance: { cardholderId: 'ZW48213390', groupId: 'RX4471' },
  transactions: [{
    claim: {
      rxReferenceQualifier: '1', rxNumber: '123456', productIdQualifier: '03', productId: '00093715301',
      quantityDispensedThousandths: 60_000, fillNumber: 2, daysSupply: 30, compoundCode: 1, dispenseAsWrittenCode: '0',
      dateWritten: '2026-09-01',
    },
    pricing: { ingredientCostCents: 9046, dispensingFeeCents: 250, grossAmountDueCents: 9296 },
  }],
};

const E1_FIXTURE = header('E1') + '\x1e\x1cAM04\x1cC2ZW48213390\x1cC1RX4471'
  + '\x1e\x1cAM01\x1cC419580317\x1cC52\x1cCAMARGARET\x1cCBOKAFOR';

const e1Request: EligibilityRequest = {
  transactionCode: 'E1',
  header: b1Request.header,
  insurance: { cardholderId: 'ZW48213390', groupId: 'RX4471' },
  patient: { dateOfBirth: '1958-03-17', genderCode: 2, firstName: 'MARGARET', lastName: 'OKAFOR' },
};

function parsed(input: D0Input): ClaimRequest {
  const result = parseClaimRequest(input);
  if (!result.ok) throw new Error(result.error);
  return result.request;
}

function errorOf(input: string): string {
  const result = parseClaimRequest(input);
  return result.ok ? 'no error' : result.error;
}

describe('buildClaimRequest and parseClaimRequest, byte for byte', () => {
  it('the header is 56 characters', () => {
    expect(header('B1')).toHaveLength(56);
  });

  it('B1 billing with every segment', () => {
    expect(ascii(buildClaimRequest(b1Request))).toBe(B1_FIXTURE);
    expect(parsed(d0Bytes(B1_FIXTURE))).toEqual(b1Request);
    expect(parsed(d0Bytes(B1_FIXTURE).buffer as ArrayBuffer)).toEqual(b1Request);
    expect(parsed(B1_FIXTURE)).toEqual(b1Request);
  });

  it('B2 reversal: optional insurance, the claim with EM, D2, E1, D7 and D3 only', () => {
    expect(ascii(buildClaimRequest(b2Request))).toBe(B2_FIXTURE);
    expect(parsed(B2_FIXTURE)).toEqual(b2Request);
    const withoutInsurance = header('B2') + '\x1d\x1e\x1cAM07\x1cEM1\x1cD2123456\x1cE103\x1cD700093715301';
    const { insurance: _insurance, ...rest } = b2Request;
    const bare: ReversalRequest = { ...rest, transactions: [{ claim: { rxReferenceQualifier: '1', rxNumber: '123456', productIdQualifier: '03', productId: '00093715301' } }] };
    expect(ascii(buildClaimRequest(bare))).toBe(withoutInsurance);
    expect(parsed(withoutInsurance)).toEqual(bare);
  });

  it('B3 rebill, laid out as a billing', () => {
    expect(ascii(buildClaimRequest(b3Request))).toBe(B3_FIXTURE);
    expect(parsed(B3_FIXTURE)).toEqual(b3Request);
  });

  it('E1 eligibility: insurance and patient, no transaction group unless a provider or prescriber is sent', () => {
    expect(ascii(buildClaimRequest(e1Request))).toBe(E1_FIXTURE);
    expect(parsed(E1_FIXTURE)).toEqual(e1Request);
    const withPrescriber: EligibilityRequest = { ...e1Request, transaction: { prescriber: { prescriberIdQualifier: '01', prescriberId: '1548273690' } } };
    const fixture = `${E1_FIXTURE}\x1d\x1e\x1cAM03\x1cEZ01\x1cDB1548273690`;
    expect(ascii(buildClaimRequest(withPrescriber))).toBe(fixture);
    expect(parsed(fixture)).toEqual(withPrescriber);
  });

  it('two transactions in one transmission (109-A9 = 2), each after its group separator', () => {
    const second = { ...b3Request.transactions[0]!, claim: { ...b3Request.transactions[0]!.claim, rxNumber: '123457', fillNumber: 0 } };
    const request: BillingRequest = { ...b3Request, transactionCode: 'B1', transactions: [b3Request.transactions[0]!, second] };
    const bytes = buildClaimRequest(request);
    expect(ascii(bytes).slice(0, 56)).toBe(header('B1', '2'));
    expect(ascii(bytes).split('\x1d')).toHaveLength(3);
    expect(parsed(bytes)).toEqual(request);
  });
});

describe('reading what other senders write', () => {
  it('zero-filled numbers (full field width) read as the same values; an identifier keeps its zeros', () => {
    const zeroFilled = B1_FIXTURE
      .replace('\x1cD2123456', '\x1cD2000000123456').replace('\x1cE730000', '\x1cE70000030000').replace('\x1cD32', '\x1cD302')
      .replace('\x1cD530', '\x1cD5030').replace('\x1cD9452C', '\x1cD90000452C').replace('\x1cDC25{', '\x1cDC0000025{');
    const request = parsed(zeroFilled) as BillingRequest;
    expect(request.transactions[0]!.claim).toEqual({ ...b1Request.transactions[0]!.claim, rxNumber: '000000123456' });
    expect(request.transactions[0]!.pricing).toEqual(b1Request.transactions[0]!.pricing);
  });

  it('segments in another order within their level, and trailing spaces of padded text', () => {
    const reordered = header('B1') + B1_INSURANCE.replace('OKAFOR', 'OKAFOR   ') + B1_PATIENT
      + '\x1d' + B1_PRICING + B1_DUR + B1_COB + B1_PRESCRIBER + B1_PHARMACY + B1_CLAIM;
    expect(parsed(reordered)).toEqual(b1Request);
  });

  it('an empty or all-space text field is no value, as the builder treats it', () => {
    const request = parsed(B1_FIXTURE.replace('\x1cCCMARGARET', '\x1cCC   ')) as BillingRequest;
    const { cardholderFirstName: _first, ...insurance } = b1Request.insurance;
    expect(request.insurance).toEqual(insurance);
    expect(errorOf(B1_FIXTURE.replace('\x1cC2ZW48213390', '\x1cC2'))).toBe('The Insurance segment (AM04) has no Cardholder ID (302-C2).');
  });

  it('keeps fields and segments it does not type, and writes them back', () => {
    const withUnknown = header('B1') + B1_PATIENT + B1_INSURANCE + '\x1cC90'
      + '\x1d' + B1_CLAIM + '\x1cDT1\x1cU701' + B1_PRICING + '\x1e\x1cAM13\x1cVE1\x1cWE01\x1cDO4011';
    const request = parsed(withUnknown) as BillingRequest;
    expect(request.insurance.otherFields).toEqual([{ id: 'C9', value: '0' }]);
    expect(request.transactions[0]!.claim.otherFields).toEqual([{ id: 'DT', value: '1' }, { id: 'U7', value: '01' }]);
    expect(request.transactions[0]!.otherSegments).toEqual([{ id: '13', fields: [{ id: 'VE', value: '1' }, { id: 'WE', value: '01' }, { id: 'DO', value: '4011' }] }]);
    expect(ascii(buildClaimRequest(request))).toBe(withUnknown);
  });

  it('a reversal keeps a claim field it does not type', () => {
    const request = parsed(`${B2_FIXTURE}\x1cE730000`) as ReversalRequest;
    expect(request.transactions[0]!.claim.otherFields).toEqual([{ id: 'E7', value: '30000' }]);
  });
});

describe('parseClaimRequest refuses malformed framing, naming what is wrong', () => {
  it('size, characters and the header', () => {
    expect(errorOf(B1_FIXTURE + '\x1cZZ'.padEnd(D0_MAX_BYTES, 'X'))).toBe('The transmission is larger than 16 KB.');
    expect(parseClaimRequest(new Uint8Array(D0_MAX_BYTES + 1))).toEqual({ ok: false, error: 'The transmission is larger than 16 KB.' });
    expect(parseClaimRequest(new Uint8Array([...d0Bytes(header('B1')), 0xc3, 0xa9]))).toEqual({ ok: false, error: 'The transmission holds a byte that is not ASCII (at position 57).' });
    expect(errorOf('610279D0B1ADV')).toBe('The transmission header is shorter than 56 characters.');
    expect(errorOf(header('B1').slice(0, 50) + B1_INSURANCE)).toBe('The transmission header is shorter than 56 characters.');
    expect(errorOf(`${header('B1')}X${B1_INSURANCE}`)).toBe('The transmission header is longer than 56 characters: no segment separator follows it.');
    expect(errorOf(B1_FIXTURE.replace('610279D0', '610279D1'))).toBe('Version/release number (102-A2) is "D1": this codec reads D.0 ("D0") only.');
    expect(errorOf(B1_FIXTURE.replace('610279D0', '61027951'))).toBe('Version/release number (102-A2) is "51": this codec reads D.0 ("D0") only.');
    expect(errorOf(B1_FIXTURE.replace('D0B1', 'D0P1'))).toBe('Transaction code (103-A3) "P1" is not one this codec reads (B1, B2, B3, E1).');
    expect(errorOf(B1_FIXTURE.replace('610279', '61027A'))).toBe('BIN number (101-A1) is not 6 digits: "61027A".');
    expect(errorOf(B1_FIXTURE.replace('ADV       1', 'ADV       0'))).toBe('Transaction count (109-A9) "0" is not 1 to 4.');
    expect(errorOf(B1_FIXTURE.replace('ADV       1', 'ADV       2'))).toBe('Transaction count (109-A9) is 2 but the transmission holds 1 transaction (each after a group separator).');
    expect(errorOf(B1_FIXTURE.replace('20261114PHARM', '20261131PHARM'))).toBe('Date of service (401-D1) is not a calendar date.');
  });

  it('segments and fields', () => {
    expect(errorOf(`${header('B1')}\x1eAM04\x1cC2X`)).toBe('A segment after the header does not start with a field separator.');
    expect(errorOf(`${header('B1')}\x1e\x1cXX04\x1cC2X`)).toBe('A segment after the header does not start with its segment identification (111-AM), e.g. AM07; it starts "XX04".');
    expect(errorOf(`${header('B1')}\x1e\x1cAM4\x1cC2X`)).toBe('A segment after the header does not start with its segment identification (111-AM), e.g. AM07; it starts "AM4".');
    expect(errorOf(`${header('B1')}\x1e\x1e\x1cAM04`)).toBe('An empty segment after the header: a segment separator is followed by nothing.');
    expect(errorOf(B1_FIXTURE.replace('\x1cC3001', '\x1cC'))).toBe('Field 6 of segment AM04 after the header does not start with a 2-character field id (letters and digits); it is "C".');
    expect(errorOf(B1_FIXTURE.replace('\x1cC3001', '\x1c'))).toBe('Field 6 of segment AM04 after the header does not start with a 2-character field id (letters and digits); it is "".');
    expect(errorOf(B1_FIXTURE.replace('\x1cC3001', '\x1cc3001'))).toBe('Field 6 of segment AM04 after the header does not start with a 2-character field id (letters and digits); it is "c3001".');
    expect(errorOf(B1_FIXTURE.replace('412 ELM ST', '412 ELM\nST'))).toBe('Field CM of segment AM01 after the header holds a character that is not printable ASCII.');
    expect(errorOf(B1_FIXTURE.replace('\x1d', '\x1d\x1d'))).toBe('Transaction 1 has no segments: a group separator is followed by nothing.');
    expect(errorOf(`${B1_FIXTURE}\x1dAM07`)).toBe('Text in transaction 2 is not inside a segment: a segment starts with a segment separator.');
    expect(errorOf(header('B1') + '\x1e\x1cAM04'.repeat(81))).toBe('The transmission has more than 80 segments.');
    expect(errorOf(header('B1', '4') + B1_INSURANCE + `\x1d${B1_CLAIM}${B1_PRICING}`.repeat(5))).toBe('The transmission has more than 4 transactions.');
  });

  it('values, named by field', () => {
    expect(errorOf(B1_FIXTURE.replace('\x1cE730000', '\x1cE730.00'))).toBe('Quantity dispensed (442-E7) is not a number.');
    expect(errorOf(B1_FIXTURE.replace('\x1cD9452C', '\x1cD945.23'))).toBe('Ingredient cost submitted (409-D9) is not a signed amount: its last character must carry the sign ({, A–I or }, J–R).');
    expect(errorOf(B1_FIXTURE.replace('\x1cDE20260901', '\x1cDE20260931'))).toBe('Date prescription written (414-DE) is not a calendar date.');
    expect(errorOf(B1_FIXTURE.replace('\x1cD700093715301', '\x1cD70009371530'))).toBe('Product/service ID (407-D7) is not an NDC of 11 digits: "0009371530".');
    expect(errorOf(B1_FIXTURE.replace('\x1cD32', '\x1cD32\x1cD33'))).toBe('Fill number (403-D3) appears twice in the Claim segment (AM07).');
  });

  it('repetitions and their counts', () => {
    expect(errorOf(B1_FIXTURE.replace('\x1cNX2\x1cDK5\x1cDK3', '\x1cDK5\x1cNX1'))).toBe('Submission clarification code (420-DK) comes before Submission clarification code count (354-NX) in the Claim segment (AM07).');
    expect(errorOf(B1_FIXTURE.replace('\x1cNX2', '\x1cNX3'))).toBe('Submission clarification code count (354-NX) is 3 in the Claim segment (AM07), but 2 repetitions follow.');
    expect(errorOf(B1_FIXTURE.replace('\x1cNX2\x1cDK5\x1cDK3', '\x1cNX4\x1cDK5'))).toBe('Submission clarification code count (354-NX) is 4; at most 3 are allowed.');
    expect(errorOf(B1_FIXTURE.replace('\x1cNX2\x1cDK5\x1cDK3', '\x1cNX3\x1cDK5\x1cDK3\x1cDK1\x1cDK2'))).toBe('Submission clarification code (420-DK) repeats more than 3 times in the Claim segment (AM07).');
    expect(errorOf(B1_FIXTURE.replace('\x1c4C2', '\x1c4C3'))).toBe('Coordination of benefits/other payments count (337-4C) is 3 in the Coordination of Benefits/Other Payments segment (AM05), but 2 repetitions follow.');
    expect(errorOf(B1_FIXTURE.replace('\x1cHB2', '\x1cHB1'))).toBe('Other payer amount paid count (341-HB) is 1 in repetition 1 of Other payer coverage type (338-5C) in the Coordination of Benefits/Other Payments segment (AM05), but 2 repetitions follow.');
    expect(errorOf(B1_FIXTURE.replace('\x1c7E2', '\x1c7E3'))).toBe('DUR/PPS code counter (473-7E) is 3 in the DUR/PPS segment (AM08) where 2 is expected.');
    expect(errorOf(B1_FIXTURE.replace('\x1cAM08\x1c7E1\x1cE4ER', '\x1cAM08\x1cE4ER\x1c7E1'))).toBe('Reason for service code (439-E4) comes before DUR/PPS code counter (473-7E) in the DUR/PPS segment (AM08).');
    expect(errorOf(B1_FIXTURE.replace('\x1cE5M0', '\x1cE5M0\x1cE5M1'))).toBe('Professional service code (440-E5) appears twice in repetition 1 of DUR/PPS code counter (473-7E) in the DUR/PPS segment (AM08).');
  });

  it('segments where they do not belong, twice, or missing', () => {
    expect(errorOf(header('B1') + B1_INSURANCE + B1_CLAIM + '\x1d' + B1_PRICING)).toBe('Segment AM07 is before the first transaction but belongs inside a transaction (after a group separator).');
    expect(errorOf(header('B1') + '\x1d' + B1_INSURANCE + B1_CLAIM + B1_PRICING)).toBe('Segment AM04 is in transaction 1 but belongs before the first transaction.');
    expect(errorOf(header('B1') + B1_INSURANCE + B1_INSURANCE + '\x1d' + B1_CLAIM + B1_PRICING)).toBe('Segment AM04 appears twice before the first transaction.');
    expect(errorOf(header('B1') + B1_INSURANCE + '\x1d' + B1_CLAIM + B1_PRICING + B1_PRICING)).toBe('Segment AM11 appears twice in transaction 1.');
    expect(errorOf(header('B1') + B1_PATIENT + '\x1d' + B1_CLAIM + B1_PRICING)).toBe('A billing has no Insurance segment (AM04).');
    expect(errorOf(header('B1') + B1_INSURANCE + '\x1d' + B1_PRICING)).toBe('A billing transaction has no Claim segment (AM07).');
    expect(errorOf(header('B1') + B1_INSURANCE + '\x1d' + B1_CLAIM)).toBe('A billing transaction has no Pricing segment (AM11).');
    expect(errorOf(header('B1') + B1_INSURANCE + '\x1d' + B1_CLAIM.replace('\x1cE730000', '') + B1_PRICING)).toBe('The Claim segment (AM07) has no Quantity dispensed (442-E7).');
    expect(errorOf(header('B1', '2') + B1_INSURANCE + '\x1d' + B1_CLAIM + B1_PRICING + '\x1d' + B1_CLAIM.replace('\x1cD530', '') + B1_PRICING)).toBe('The Claim segment (AM07) of transaction 2 has no Days supply (405-D5).');
    expect(errorOf(header('B1') + '\x1e\x1cAM04\x1cC1RX4471' + '\x1d' + B1_CLAIM + B1_PRICING)).toBe('The Insurance segment (AM04) has no Cardholder ID (302-C2).');
    expect(errorOf(header('E1') + B1_INSURANCE)).toBe('An eligibility verification has no Patient segment (AM01).');
    expect(errorOf(header('B2') + B1_INSURANCE + '\x1d' + B1_PRICING)).toBe('A reversal transaction has no Claim segment (AM07).');
  });
});

describe('buildClaimRequest refuses what cannot be sent', () => {
  const claim = b1Request.transactions[0]!.claim;
  const withClaim = (change: Partial<typeof claim>): BillingRequest => ({ ...b1Request, transactions: [{ ...b1Request.transactions[0]!, claim: { ...claim, ...change } }] });

  it('separators and control characters in a value, overlong text', () => {
    expect(() => buildClaimRequest({ ...b1Request, patient: { lastName: 'OKA\x1eFOR' } })).toThrow(new D0BuildError('Patient last name (311-CB) may hold only printable ASCII characters (no separators or control characters); got "OKA\\x1eFOR".'));
    expect(() => buildClaimRequest({ ...b1Request, patient: { city: 'SPRING\x1dFIELD' } })).toThrow(D0BuildError);
    expect(() => buildClaimRequest({ ...b1Request, insurance: { cardholderId: 'Z'.repeat(21) } })).toThrow(new D0BuildError(`Cardholder ID (302-C2) is longer than 20 characters; got "${'Z'.repeat(21)}".`));
    expect(() => buildClaimRequest({ ...b1Request, header: { ...b1Request.header, processorControlNumber: 'ADVANCED-RX1' } })).toThrow(new D0BuildError('Processor control number (104-A4) is longer than 10 characters; got "ADVANCED-RX1".'));
  });

  it('numbers, dates, NDCs and the BIN', () => {
    expect(() => buildClaimRequest(withClaim({ quantityDispensedThousandths: -1 }))).toThrow(new D0BuildError('Quantity dispensed (442-E7) must be a whole number from 0 to 9999999999; got -1.'));
    expect(() => buildClaimRequest(withClaim({ dateWritten: '09/01/2026' }))).toThrow(new D0BuildError('Date prescription written (414-DE) must be a calendar date YYYY-MM-DD; got "09/01/2026".'));
    expect(() => buildClaimRequest(withClaim({ productId: '0093-7153-01' }))).toThrow(new D0BuildError('Product/service ID (407-D7) must be the NDC\'s 11 digits when Product/service ID qualifier (436-E1) is 03; got "0093-7153-01".'));
    expect(() => buildClaimRequest(withClaim({ rxNumber: 'RX123' }))).toThrow(new D0BuildError('Prescription/service reference number (402-D2) must be 1 to 12 digits; got "RX123".'));
    expect(() => buildClaimRequest(withClaim({ submissionClarificationCodes: [1, 2, 3, 4] }))).toThrow(new D0BuildError('Submission clarification code (420-DK) in the Claim segment (AM07) repeats at most 3 times; got 4.'));
    expect(() => buildClaimRequest({ ...b1Request, header: { ...b1Request.header, bin: '61027' } })).toThrow(new D0BuildError('BIN number (101-A1) must be 6 digits; got "61027".'));
    const pricing = { ...b1Request.transactions[0]!.pricing, grossAmountDueCents: 47.73 };
    expect(() => buildClaimRequest({ ...b1Request, transactions: [{ ...b1Request.transactions[0]!, pricing }] })).toThrow(new D0BuildError('Gross amount due (430-DU) must be a whole number of cents; got 47.73.'));
  });

  it('transaction counts, missing mandatory values, and other fields that would duplicate a typed one', () => {
    expect(() => buildClaimRequest({ ...b1Request, transactions: [] })).toThrow(new D0BuildError('A request holds 1 to 4 transactions; got 0.'));
    expect(() => buildClaimRequest({ ...b1Request, transactions: Array(5).fill(b1Request.transactions[0]!) })).toThrow(new D0BuildError('A request holds 1 to 4 transactions; got 5.'));
    expect(() => buildClaimRequest(withClaim({ rxNumber: '' }))).toThrow(new D0BuildError('The Claim segment (AM07) needs Prescription/service reference number (402-D2).'));
    expect(() => buildClaimRequest(withClaim({ otherFields: [{ id: 'E7', value: '1000' }] }))).toThrow(new D0BuildError('Field E7 is written from its own property in the Claim segment (AM07), not from otherFields.'));
    expect(() => buildClaimRequest(withClaim({ otherFields: [{ id: 'D', value: '1' }] }))).toThrow(new D0BuildError('A field id in segment AM07 must be 2 letters or digits; got "D".'));
    expect(() => buildClaimRequest(withClaim({ otherFields: [{ id: 'DT', value: '1\x1c' }] }))).toThrow(new D0BuildError('Field DT of segment AM07 may hold only printable ASCII characters; got "1\\x1c".'));
    expect(() => buildClaimRequest(withClaim({ otherFields: [{ id: 'ZZ', value: 'X'.repeat(D0_MAX_BYTES) }] }))).toThrow(new D0BuildError('The transmission would be larger than 16 KB.'));
    expect(() => buildClaimRequest({ ...b1Request, otherSegments: [{ id: '07', fields: [] }] })).toThrow(new D0BuildError('Segment AM07 is written from its own property, not from otherSegments.'));
    expect(() => buildClaimRequest({ ...b1Request, otherSegments: [{ id: '7', fields: [] }] })).toThrow(new D0BuildError('A segment id must be 2 letters or digits; got "7".'));
  });
});

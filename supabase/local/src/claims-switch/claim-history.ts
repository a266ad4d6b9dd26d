/**
 * What the test claims switch remembers: every claim it paid (per payer, pharmacy, Rx number and fill), with the
 * date of service, product, quantity, days supply and the amounts it paid, and whether a reversal (B2, or the
 * reversing half of a B3) has since taken it back. The adjudication engine reads it for duplicates, refills too
 * soon and therapeutic duplication; a decision's `changes` are the only way it is written (`apply`).
 *
 * One store per switch process, in memory and bounded: at most `maxClaims` records (the oldest forgotten first),
 * gone when the process stops, like a fresh payer sandbox. Records handed out are frozen copies.
 *
 * Units: money in integer cents, quantities in integer thousandths (NCPDP 442-E7), dates YYYY-MM-DD.
 */

export const MAX_CLAIMS = 20_000;

/** 522-FM Basis of Reimbursement Determination, the values the engine answers with. */
export const BASIS_OF_REIMBURSEMENT = {
  '01': 'Ingredient cost paid as submitted',
  '03': 'Ingredient cost reduced to AWP less X% pricing',
  '04': 'Usual & customary paid as submitted',
  '07': 'MAC pricing ingredient cost reduced to MAC',
} as const;
export type BasisOfReimbursement = keyof typeof BASIS_OF_REIMBURSEMENT;

/** What a paid claim's response carries (NCPDP 506-F6, 507-F7, 505-F5, 509-F9, 522-FM, 566-J5). */
export interface PaidPricing {
  /** The plan's allowed ingredient cost (the U&C when U&C was lower). */
  ingredientCostPaidCents: number;
  /** The plan's dispensing fee (0 when U&C was lower). */
  dispensingFeePaidCents: number;
  patientPayCents: number;
  totalPaidCents: number;
  basisOfReimbursement: BasisOfReimbursement;
  /** On a secondary claim: the other payers' payments the plan took into account. */
  otherPayerAmountRecognizedCents?: number;
}

/** What identifies one claim at a payer: the fill of a prescription at a pharmacy. */
export interface ClaimKey {
  bin: string;
  pcn: string;
  /** 201-B1, the pharmacy's NPI. */
  serviceProviderId: string;
  /** 402-D2. */
  rxNumber: string;
  /** 403-D3, 0 the original. */
  fillNumber: number;
}

/** Whose claims these are at a payer: the card and the person on it. */
export interface MemberKey {
  bin: string;
  cardholderId: string;
  personCode: string;
}

export interface PaidClaim extends ClaimKey, MemberKey {
  /** 503-F3, the payer's reference for the claim (the 835's payer claim control number). */
  authorizationNumber: string;
  patientFirstName: string;
  patientLastName: string;
  dateOfService: string;
  ndc11: string;
  quantityThousandths: number;
  daysSupply: number;
  /** 430-DU as submitted: the 835's charge. */
  grossAmountDueCents: number;
  /** Secondary when the claim carried other payers' payments (coordination of benefits). */
  coordination: 'primary' | 'secondary';
  pricing: PaidPricing;
  /** The switch's date when it was paid. */
  paidOn: string;
  /** The switch's date of the reversal, when reversed. */
  reversedOn?: string;
}

/** What a decision writes: a newly paid claim, and/or the reversal of a paid one (by its authorization number). */
export interface HistoryChanges {
  record?: PaidClaim;
  reverse?: { authorizationNumber: string; on: string };
}

export function claimKeyText(key: ClaimKey): string {
  return [key.bin, key.pcn, key.serviceProviderId, key.rxNumber, String(key.fillNumber)].join('|');
}

function memberKeyText(key: MemberKey): string {
  return [key.bin, key.cardholderId, key.personCode].join('|');
}

function frozen(claim: PaidClaim): PaidClaim {
  return Object.freeze({ ...claim, pricing: Object.freeze({ ...claim.pricing }) });
}

export class ClaimHistory {
  /** By authorization number, in the order paid (the eviction order). */
  private readonly claims = new Map<string, PaidClaim>();
  private readonly byClaim = new Map<string, string[]>();
  private readonly byMember = new Map<string, string[]>();
  private issued = 0;

  constructor(readonly maxClaims = MAX_CLAIMS) {
    if (!Number.isSafeInteger(maxClaims) || maxClaims < 1) throw new RangeError(`A claim history holds at least one claim; got ${maxClaims}.`);
  }

  get size(): number {
    return this.claims.size;
  }

  /** The authorization number the next paid claim gets: the BIN and a nine-digit serial of this switch. */
  nextAuthorizationNumber(bin: string): string {
    return `${bin}${String(this.issued + 1).padStart(9, '0')}`;
  }

  /** The claim's paid record not reversed, if any. */
  paid(key: ClaimKey): PaidClaim | undefined {
    const latest = this.latest(key);
    return latest && latest.reversedOn === undefined ? latest : undefined;
  }

  /** The newest record of the claim, reversed or not. */
  latest(key: ClaimKey): PaidClaim | undefined {
    const numbers = this.byClaim.get(claimKeyText(key));
    const newest = numbers?.[numbers.length - 1];
    return newest === undefined ? undefined : this.claims.get(newest);
  }

  /** The member's claims at the payer that stand (not reversed), newest date of service first. */
  paidClaimsOf(member: MemberKey): PaidClaim[] {
    const numbers = this.byMember.get(memberKeyText(member)) ?? [];
    return numbers
      .map((number) => this.claims.get(number)!)
      .filter((claim) => claim.reversedOn === undefined)
      .sort((a, b) => (a.dateOfService < b.dateOfService ? 1 : a.dateOfService > b.dateOfService ? -1 : 0));
  }

  /** Every record of a payer, reversed ones included, in the order paid (what a remittance is made from). */
  claimsOf(bin: string): PaidClaim[] {
    return [...this.claims.values()].filter((claim) => claim.bin === bin);
  }

  /** Writes a decision's changes: the reversal first (a B3 reverses, then records). */
  apply(changes: HistoryChanges): void {
    if (changes.reverse) this.reverse(changes.reverse.authorizationNumber, changes.reverse.on);
    if (changes.record) this.record(changes.record);
  }

  private reverse(authorizationNumber: string, on: string): void {
    const claim = this.claims.get(authorizationNumber);
    if (!claim) throw new Error(`No claim with authorization number ${authorizationNumber} to reverse.`);
    if (claim.reversedOn !== undefined) throw new Error(`Claim ${authorizationNumber} is already reversed.`);
    this.claims.set(authorizationNumber, frozen({ ...claim, reversedOn: on }));
  }

  private record(claim: PaidClaim): void {
    if (claim.authorizationNumber !== this.nextAuthorizationNumber(claim.bin)) {
      throw new Error(`Claim ${claim.authorizationNumber} was not decided on this history's latest state (expected ${this.nextAuthorizationNumber(claim.bin)}).`);
    }
    if (this.paid(claim)) throw new Error(`Rx ${claim.rxNumber} fill ${claim.fillNumber} is already paid; reverse it first.`);
    this.issued += 1;
    this.claims.set(claim.authorizationNumber, frozen(claim));
    for (const [index, key] of [[this.byClaim, claimKeyText(claim)], [this.byMember, memberKeyText(claim)]] as const) {
      index.set(key, [...(index.get(key) ?? []), claim.authorizationNumber]);
    }
    while (this.claims.size > this.maxClaims) this.forgetOldest();
  }

  private forgetOldest(): void {
    const [number, claim] = this.claims.entries().next().value!;
    this.claims.delete(number);
    for (const [index, key] of [[this.byClaim, claimKeyText(claim)], [this.byMember, memberKeyText(claim)]] as const) {
      const rest = (index.get(key) ?? []).filter((kept) => kept !== number);
      if (rest.length === 0) index.delete(key);
      else index.set(key, rest);
    }
  }
}

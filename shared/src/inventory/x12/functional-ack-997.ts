/**
 * The 997 Functional Acknowledgment (004010): the receiver's word that a functional group arrived and which of its
 * transaction sets it accepted. The wholesaler answers each 850 group with one; the pharmacy reads it to know the
 * order was taken (or rejected before anyone looked at it).
 *   AK1*{GS01}*{GS06}                         the acknowledged group
 *   AK2*{ST01}*{ST02} AK5*{A|E|R|M|W|X}*{codes}  per transaction set (AK3/AK4 segment detail is not written; read past)
 *   AK9*{A|E|P|R}*{included}*{received}*{accepted}*{codes}
 * `functionalAckFor(group)` derives the acknowledgment of a parsed group: sets read → A, sets we do not handle →
 * R with code 1 (not supported), sets that did not read → R with code 5 (segments in error).
 */
import { type GroupDraft, type InterchangeHeader, type ParsedTransactionSet, type TransactionSetDraft, buildInterchange, elementOf } from './envelope.ts';
import type { X12Group } from './interchange.ts';
import { bodyOf, invalid, optionalElement, required, requiredElement, theSegment } from './transaction-set.ts';
import { X12BuildError, formatQuantity, parseQuantity, x12Identifier } from './x12-values.ts';

/** AK501: accepted, accepted with errors, rejected, rejected (authentication), (validity), (decryption). */
export type SetAckStatus = 'A' | 'E' | 'R' | 'M' | 'W' | 'X';
/** AK901: accepted, accepted with errors, partially accepted, rejected. */
export type GroupAckStatus = 'A' | 'E' | 'P' | 'R';

export interface SetAcknowledgment {
  id: string;
  controlNumber: string;
  status: SetAckStatus;
  /** AK502..AK506, e.g. 1 not supported, 2 trailer missing, 4 segment count wrong, 5 segments in error. */
  errorCodes?: string[];
}

export interface FunctionalAckInput {
  acknowledgedGroup: { functionalId: string; controlNumber: number };
  sets: SetAcknowledgment[];
  /** Derived from the sets when absent. */
  groupStatus?: GroupAckStatus;
  /** AK902, the group's GE01; the number of sets acknowledged when absent. */
  includedCount?: number;
  /** AK905..AK909. */
  groupErrorCodes?: string[];
}

export interface FunctionalAckDocument {
  kind: '997';
  controlNumber: string;
  raw: string;
  acknowledgedGroup: { functionalId: string; controlNumber: number };
  sets: { id: string; controlNumber: string; status: string; errorCodes: string[] }[];
  groupStatus: string;
  includedCount: number;
  receivedCount: number;
  acceptedCount: number;
  groupErrorCodes: string[];
}

function isAccepted(status: string): boolean {
  return status === 'A' || status === 'E';
}

function derivedGroupStatus(sets: readonly SetAcknowledgment[]): GroupAckStatus {
  const accepted = sets.filter((set) => isAccepted(set.status)).length;
  if (accepted === 0) return 'R';
  if (accepted < sets.length) return 'P';
  return sets.some((set) => set.status === 'E') ? 'E' : 'A';
}

function codes(list: readonly string[] | undefined, max: number, what: string): string[] {
  const all = list ?? [];
  if (all.length > max) throw new X12BuildError(`A 997 carries at most ${max} ${what} error codes.`);
  return all.map((code) => x12Identifier(code, `A ${what} error code`, 1, 3));
}

export function functionalAckTransactionSet(ack: FunctionalAckInput, controlNumber?: string): TransactionSetDraft {
  const accepted = ack.sets.filter((set) => isAccepted(set.status)).length;
  const segments: string[][] = [['AK1', x12Identifier(ack.acknowledgedGroup.functionalId, 'The acknowledged functional id', 2, 2), String(ack.acknowledgedGroup.controlNumber)]];
  for (const set of ack.sets) {
    segments.push(['AK2', x12Identifier(set.id, 'The acknowledged set id', 3, 3), x12Identifier(set.controlNumber, 'The acknowledged set control number', 4, 9)]);
    segments.push(['AK5', set.status, ...codes(set.errorCodes, 5, 'transaction set')]);
  }
  segments.push([
    'AK9', ack.groupStatus ?? derivedGroupStatus(ack.sets), formatQuantity(ack.includedCount ?? ack.sets.length, 'The included set count'),
    String(ack.sets.length), String(accepted), ...codes(ack.groupErrorCodes, 5, 'group'),
  ]);
  return { id: '997', controlNumber, segments };
}

/** The 997 acknowledging a parsed group, as the receiver of that group would send it. */
export function functionalAckFor(group: X12Group): FunctionalAckInput {
  return {
    acknowledgedGroup: { functionalId: group.functionalId, controlNumber: group.controlNumber },
    sets: group.documents.map((document): SetAcknowledgment => {
      if (document.kind === 'unknown') return { id: document.id, controlNumber: document.controlNumber, status: 'R', errorCodes: ['1'] };
      if (document.kind === 'invalid') return { id: document.id, controlNumber: document.controlNumber, status: 'R', errorCodes: ['5'] };
      return { id: document.kind, controlNumber: document.controlNumber, status: 'A' };
    }),
  };
}

export interface FunctionalAckInterchangeInput extends InterchangeHeader, FunctionalAckInput {
  groupControlNumber: number;
}

export function buildFunctionalAckInterchange(input: FunctionalAckInterchangeInput): string {
  const group: GroupDraft = { controlNumber: input.groupControlNumber, transactionSets: [functionalAckTransactionSet(input)] };
  return buildInterchange(input, [group]);
}

export function readFunctionalAck(set: ParsedTransactionSet): FunctionalAckDocument {
  const body = bodyOf(set.segments);
  const ak1 = theSegment(body, 'AK1', 'functional acknowledgment (997)');
  const ak9 = theSegment(body, 'AK9', 'functional acknowledgment (997)');
  const groupControl = requiredElement(ak1, 2, 'group control number');
  const sets: FunctionalAckDocument['sets'] = [];
  let current: { id: string; controlNumber: string } | undefined;
  for (const segment of body) {
    if (segment.tag === 'AK2') {
      if (current) invalid(`The AK2 segment ${segment.position} follows an AK2 without its AK5.`);
      current = { id: requiredElement(segment, 1, 'transaction set id'), controlNumber: requiredElement(segment, 2, 'transaction set control number') };
    } else if (segment.tag === 'AK5') {
      if (!current) invalid(`The AK5 segment ${segment.position} has no AK2 before it.`);
      const errorCodes = [2, 3, 4, 5, 6].map((n) => optionalElement(segment, n)).filter((code): code is string => code !== undefined);
      sets.push({ ...current, status: requiredElement(segment, 1, 'acknowledgment code'), errorCodes });
      current = undefined;
    }
  }
  if (current) invalid(`The acknowledgment of transaction set ${current.controlNumber} has no AK5.`);
  const count = (n: number, what: string) => required(parseQuantity(requiredElement(ak9, n, what), `The ${what} in AK9`));
  return {
    kind: '997',
    controlNumber: set.controlNumber,
    raw: set.raw,
    acknowledgedGroup: { functionalId: requiredElement(ak1, 1, 'functional id'), controlNumber: required(parseQuantity(groupControl, 'The group control number in AK1')) },
    sets,
    groupStatus: requiredElement(ak9, 1, 'group acknowledgment code'),
    includedCount: count(2, 'number of included sets'),
    receivedCount: count(3, 'number of received sets'),
    acceptedCount: count(4, 'number of accepted sets'),
    groupErrorCodes: [5, 6, 7, 8, 9].map((n) => elementOf(ak9, n)).filter((code) => code !== ''),
  };
}

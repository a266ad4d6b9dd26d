/**
 * What the five transaction set readers share: reading a required element with a sentence naming the segment,
 * and the error that turns one malformed set into an `invalid` document (the rest of the interchange still reads,
 * and the receiver can reject just that set in its 997).
 */
import { type X12Segment, elementOf } from './envelope.ts';
import type { X12Value } from './x12-values.ts';

export class TransactionSetError extends Error {}

export function invalid(reason: string): never {
  throw new TransactionSetError(reason);
}

/** The value of a reader's result, or the set is invalid with its error. */
export function required<T>(result: X12Value<T>): T {
  if (!result.ok) invalid(result.error);
  return result.value;
}

/** Element `n` of `segment`, which must be present. */
export function requiredElement(segment: X12Segment, n: number, what: string): string {
  const text = elementOf(segment, n);
  if (text === '') invalid(`The ${segment.tag} segment (segment ${segment.position}) has no ${what} (${segment.tag}${String(n).padStart(2, '0')}).`);
  return text;
}

/** An optional element: undefined when empty. */
export function optionalElement(segment: X12Segment | undefined, n: number): string | undefined {
  const text = elementOf(segment, n);
  return text === '' ? undefined : text;
}

/** The segments between ST and SE. */
export function bodyOf(segments: readonly X12Segment[]): X12Segment[] {
  return segments.slice(1, -1);
}

/** The one segment with `tag`, which the set must have. */
export function theSegment(body: readonly X12Segment[], tag: string, setName: string): X12Segment {
  const segment = body.find((candidate) => candidate.tag === tag);
  if (!segment) invalid(`The ${setName} has no ${tag} segment.`);
  return segment;
}

/** CTT01 must equal the count the set holds (when the set sends a CTT). */
export function checkTransactionTotals(body: readonly X12Segment[], counted: number, what: string): void {
  const ctt = body.find((segment) => segment.tag === 'CTT');
  if (!ctt) return;
  const declared = elementOf(ctt, 1);
  if (declared !== String(counted)) {
    invalid(`The CTT segment (segment ${ctt.position}) counts ${declared || 'no'} ${what}, but the set has ${counted}.`);
  }
}

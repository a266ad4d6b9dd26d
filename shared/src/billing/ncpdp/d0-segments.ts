/**
 * Typed D.0 segments from declarative shapes: each segment of d0-request.ts and d0-response.ts is a table of its
 * properties → data dictionary fields, so one reader and one writer serve them all and a field's format is stated
 * once. Repeating fields follow the standard's two forms:
 * - a count field, then the repetitions (510-FA Reject count, then each 511-FB; 337-4C, then each other payer with
 *   its own nested counts 341-HB, 471-5E, 353-NR); a repetition ends when one of its fields comes again, and the
 *   count must equal the repetitions that follow;
 * - a counter field opening each repetition (473-7E DUR/PPS code counter 1, 2, …; 567-J6), numbered in order.
 * Fields a shape does not name are kept in `otherFields` (id and raw value), never dropped. A field named twice
 * outside a repetition, a repetition before its count, or a count that does not match is an error naming the field.
 */
import { D0_MAX_FIELDS_PER_SEGMENT, type D0Field, type D0RawSegment, segmentTag } from './d0-framing.ts';
import { D0BuildError, type D0FieldDef, type D0Value, fieldLabel, formatFieldValue, formatInteger, parseFieldValue, parseInteger, parseText } from './d0-values.ts';

/** A reader's refusal; parse functions turn it into `{ ok: false, error }` (it never leaves this module's callers). */
export class D0ParseError extends Error {
  override name = 'D0ParseError';
}

export interface RepeatSpec {
  kind: 'repeat';
  /** The count field written before the repetitions (e.g. 510-FA). */
  count?: D0FieldDef;
  /** The counter field opening each repetition, 1, 2, … (e.g. 473-7E). */
  counter?: D0FieldDef;
  /** The standard's most repetitions. */
  max: number;
  /** One repetition: a single field (a list of values) or a shape (a list of objects). */
  item: D0FieldDef | ShapeSpec;
}

export type MemberSpec = D0FieldDef | RepeatSpec;

export interface ShapeSpec {
  readonly [property: string]: MemberSpec;
}

/** The shape of `T`: every property but otherFields, each a field or a repetition. */
export type ShapeOf<T> = { readonly [K in Exclude<keyof T, 'otherFields'>]-?: MemberSpec };

export interface SegmentDef {
  /** The 2-character segment id ("07"). */
  id: string;
  /** As messages name it: "Claim". */
  name: string;
  shape: ShapeSpec;
  /** Properties the standard makes mandatory in this segment. */
  required: readonly string[];
}

export function countedRepeat(count: D0FieldDef, max: number, item: D0FieldDef | ShapeSpec): RepeatSpec {
  return { kind: 'repeat', count, max, item };
}

export function counterRepeat(counter: D0FieldDef, max: number, item: ShapeSpec): RepeatSpec {
  return { kind: 'repeat', counter, max, item };
}

function isRepeat(member: MemberSpec): member is RepeatSpec {
  return member.kind === 'repeat';
}

function isField(member: MemberSpec | ShapeSpec): member is D0FieldDef {
  return typeof (member as D0FieldDef).id === 'string' && typeof (member as D0FieldDef).kind === 'string' && !isRepeat(member as MemberSpec);
}

/** How messages name a segment: "the Claim segment (AM07)". */
export function segmentLabel(def: Pick<SegmentDef, 'id' | 'name'>): string {
  return `the ${def.name} segment (${segmentTag(def.id)})`;
}

/** Whether field `id` belongs anywhere in `member` (itself, a count, a counter, or inside its repetitions). */
function memberHolds(member: MemberSpec, id: string): boolean {
  if (!isRepeat(member)) return member.id === id;
  if (member.count?.id === id || member.counter?.id === id) return true;
  return isField(member.item) ? member.item.id === id : shapeHolds(member.item, id);
}

function shapeHolds(shape: ShapeSpec, id: string): boolean {
  for (const member of Object.values(shape)) if (memberHolds(member, id)) return true;
  return false;
}

/** The field that names a repetition in messages: the single field, or the shape's first. */
function itemLead(repeat: RepeatSpec): D0FieldDef {
  if (isField(repeat.item)) return repeat.item;
  const first = Object.values(repeat.item)[0]!;
  return isRepeat(first) ? (first.count ?? first.counter)! : first;
}

function parseValue(text: string, field: D0FieldDef): D0Value {
  const parsed = parseFieldValue(text, field);
  if (!parsed.ok) throw new D0ParseError(parsed.error);
  return parsed.value;
}

interface RepeatState {
  declared?: number;
  items: (ShapeReader | D0Value)[];
  current?: ShapeReader;
}

/** Reads the fields of one shape (a segment, or one repetition of a group) in the order they come. */
class ShapeReader {
  private readonly values = new Map<string, D0Value>();
  private readonly repeats = new Map<string, RepeatState>();
  /** Ids given directly here (scalars and counts): a second one opens the next repetition of the enclosing group. */
  private readonly given = new Set<string>();

  constructor(private readonly shape: ShapeSpec, private readonly where: string) {}

  has(id: string): boolean {
    return this.given.has(id);
  }

  private state(property: string): RepeatState {
    let state = this.repeats.get(property);
    if (!state) {
      state = { items: [] };
      this.repeats.set(property, state);
    }
    return state;
  }

  /** Places `field` here; false when this shape does not name it. */
  place(field: D0Field): boolean {
    for (const [property, member] of Object.entries(this.shape)) {
      if (!memberHolds(member, field.id)) continue;
      if (!isRepeat(member)) {
        if (this.given.has(field.id)) throw new D0ParseError(`${fieldLabel(member)} appears twice ${this.where}.`);
        this.given.add(field.id);
        const value = parseValue(field.value, member);
        // An empty (or all-space) text is no value, as a builder treats it.
        if (value !== '') this.values.set(property, value);
        return true;
      }
      this.placeInRepeat(property, member, field);
      return true;
    }
    return false;
  }

  private placeInRepeat(property: string, repeat: RepeatSpec, field: D0Field): void {
    const state = this.state(property);
    if (repeat.count?.id === field.id) {
      if (this.given.has(field.id)) throw new D0ParseError(`${fieldLabel(repeat.count)} appears twice ${this.where}.`);
      this.given.add(field.id);
      const count = parseInteger(field.value, repeat.count);
      if (!count.ok) throw new D0ParseError(count.error);
      if (count.value > repeat.max) throw new D0ParseError(`${fieldLabel(repeat.count)} is ${count.value}; at most ${repeat.max} are allowed.`);
      state.declared = count.value;
      return;
    }
    if (repeat.counter?.id === field.id) {
      const counter = parseInteger(field.value, repeat.counter);
      if (!counter.ok) throw new D0ParseError(counter.error);
      const expected = state.items.length + 1;
      if (expected > repeat.max) throw new D0ParseError(`${fieldLabel(repeat.counter)} goes beyond ${repeat.max} ${this.where}.`);
      if (counter.value !== expected) {
        throw new D0ParseError(`${fieldLabel(repeat.counter)} is ${counter.value} ${this.where} where ${expected} is expected.`);
      }
      state.current = new ShapeReader(repeat.item as ShapeSpec, `in repetition ${expected} of ${fieldLabel(repeat.counter)} ${this.where}`);
      state.items.push(state.current);
      return;
    }
    if (repeat.count && state.declared === undefined) {
      throw new D0ParseError(`${fieldLabel(itemLead(repeat))} comes before ${fieldLabel(repeat.count)} ${this.where}.`);
    }
    if (repeat.counter && !state.current) {
      throw new D0ParseError(`${fieldLabel(itemLead(repeat))} comes before ${fieldLabel(repeat.counter)} ${this.where}.`);
    }
    const opensRepetition = repeat.count !== undefined && (!state.current || state.current.has(field.id));
    if ((isField(repeat.item) || opensRepetition) && state.items.length >= repeat.max) {
      throw new D0ParseError(`${fieldLabel(itemLead(repeat))} repeats more than ${repeat.max} times ${this.where}.`);
    }
    if (isField(repeat.item)) {
      state.items.push(parseValue(field.value, repeat.item));
      return;
    }
    if (opensRepetition) {
      state.current = new ShapeReader(repeat.item, `in repetition ${state.items.length + 1} of ${fieldLabel(itemLead(repeat))} ${this.where}`);
      state.items.push(state.current);
    }
    // Placed by shapeHolds: the field is in the repetition's shape.
    state.current!.place(field);
  }

  /** The values read, repetitions checked against their counts. */
  finish(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [property, member] of Object.entries(this.shape)) {
      if (!isRepeat(member)) {
        if (this.values.has(property)) out[property] = this.values.get(property);
        continue;
      }
      const state = this.repeats.get(property);
      if (!state) continue;
      if (member.count && state.declared !== state.items.length) {
        const follow = state.items.length === 1 ? 'repetition follows' : 'repetitions follow';
        throw new D0ParseError(`${fieldLabel(member.count)} is ${state.declared} ${this.where}, but ${state.items.length} ${follow}.`);
      }
      if (state.items.length > 0) {
        out[property] = state.items.map((item) => (item instanceof ShapeReader ? item.finish() : item));
      }
    }
    return out;
  }
}

/** Reads a raw segment into its typed form; throws D0ParseError naming the field. */
export function readSegment<T>(def: SegmentDef, raw: D0RawSegment, context = ''): T {
  const where = `in ${segmentLabel(def)}${context}`;
  const reader = new ShapeReader(def.shape, where);
  const otherFields: D0Field[] = [];
  for (const field of raw.fields) if (!reader.place(field)) otherFields.push({ ...field });
  const values = reader.finish();
  for (const property of def.required) {
    if (values[property] === undefined) {
      const member = def.shape[property]!;
      const named = isRepeat(member) ? itemLead(member) : member;
      throw new D0ParseError(`${capitalise(segmentLabel(def))}${context} has no ${fieldLabel(named)}.`);
    }
  }
  if (otherFields.length > 0) values.otherFields = otherFields;
  return values as T;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function writeShape(shape: ShapeSpec, value: Record<string, unknown>, fields: D0Field[], where: string): void {
  for (const [property, member] of Object.entries(shape)) {
    const given = value[property];
    if (given === undefined || given === '') continue;
    if (!isRepeat(member)) {
      fields.push({ id: member.id, value: formatFieldValue(given, member) });
      continue;
    }
    if (!Array.isArray(given)) throw new D0BuildError(`${fieldLabel(itemLead(member))} ${where} must be a list.`);
    if (given.length === 0) continue;
    if (given.length > member.max) throw new D0BuildError(`${fieldLabel(itemLead(member))} ${where} repeats at most ${member.max} times; got ${given.length}.`);
    if (member.count) fields.push({ id: member.count.id, value: formatInteger(given.length, member.count) });
    given.forEach((item: unknown, index) => {
      if (member.counter) fields.push({ id: member.counter.id, value: formatInteger(index + 1, member.counter) });
      if (isField(member.item)) {
        fields.push({ id: member.item.id, value: formatFieldValue(item, member.item) });
      } else {
        if (typeof item !== 'object' || item === null) throw new D0BuildError(`Repetition ${index + 1} of ${fieldLabel(itemLead(member))} ${where} must be an object.`);
        writeShape(member.item, item as Record<string, unknown>, fields, where);
      }
    });
  }
}

/** Writes a typed segment; throws D0BuildError for a value that cannot be written or a missing mandatory one. */
export function writeSegment(def: SegmentDef, value: object): D0RawSegment {
  const where = `in ${segmentLabel(def)}`;
  const record = value as Record<string, unknown>;
  for (const property of def.required) {
    const given = record[property];
    if (given === undefined || given === '' || (Array.isArray(given) && given.length === 0)) {
      const member = def.shape[property]!;
      throw new D0BuildError(`${capitalise(segmentLabel(def))} needs ${fieldLabel(isRepeat(member) ? itemLead(member) : member)}.`);
    }
  }
  const fields: D0Field[] = [];
  writeShape(def.shape, record, fields, where);
  const otherFields = record.otherFields;
  if (otherFields !== undefined) {
    if (!Array.isArray(otherFields)) throw new D0BuildError(`The other fields of ${segmentLabel(def)} must be a list.`);
    for (const field of otherFields as D0Field[]) {
      if (typeof field?.id !== 'string' || typeof field.value !== 'string') throw new D0BuildError(`An other field of ${segmentLabel(def)} must be { id, value } text.`);
      if (shapeHolds(def.shape, field.id)) {
        throw new D0BuildError(`Field ${field.id} is written from its own property in ${segmentLabel(def)}, not from otherFields.`);
      }
      fields.push({ id: field.id, value: field.value });
    }
  }
  if (fields.length > D0_MAX_FIELDS_PER_SEGMENT) throw new D0BuildError(`${capitalise(segmentLabel(def))} has more than ${D0_MAX_FIELDS_PER_SEGMENT} fields.`);
  return { id: def.id, fields };
}

// ------------------------------------------------------------------------ helpers of the request and response readers

export function failParse(message: string): never {
  throw new D0ParseError(message);
}

/** A fixed-width header field's text, padding removed. */
export function headerFieldText(text: string, field: D0FieldDef): string {
  const read = parseText(text, field);
  if (!read.ok) failParse(read.error);
  return read.value;
}

/**
 * Sorts one level's segments: those read by id (each at most once, as the standard says), the rest kept in order.
 * A segment of the other level (a Claim before any group separator) is an error saying where it `belongs`.
 */
export function sortSegments(segments: D0RawSegment[], read: ReadonlySet<string>, otherLevel: ReadonlySet<string>, where: string, belongs: string) {
  const byId = new Map<string, D0RawSegment>();
  const others: D0RawSegment[] = [];
  const seen = new Set<string>();
  for (const segment of segments) {
    if (seen.has(segment.id)) failParse(`Segment ${segmentTag(segment.id)} appears twice ${where}.`);
    seen.add(segment.id);
    if (otherLevel.has(segment.id)) failParse(`Segment ${segmentTag(segment.id)} is ${where} but belongs ${belongs}.`);
    if (read.has(segment.id)) byId.set(segment.id, segment);
    else others.push(segment);
  }
  return { byId, others };
}

export function readOptionalSegment<T>(def: SegmentDef, byId: Map<string, D0RawSegment>, context = ''): T | undefined {
  const raw = byId.get(def.id);
  return raw ? readSegment<T>(def, raw, context) : undefined;
}

export function readRequiredSegment<T>(def: SegmentDef, byId: Map<string, D0RawSegment>, missing: string, context = ''): T {
  const raw = byId.get(def.id);
  if (!raw) failParse(missing);
  return readSegment<T>(def, raw, context);
}

/** Segments written as given, when there are any. */
export function optionalSegment(def: SegmentDef, value: object | undefined): D0RawSegment[] {
  return value === undefined ? [] : [writeSegment(def, value)];
}

/** The object without its undefined properties (what a reader answers holds only what was sent). */
export function definedOnly<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}

/** Untyped segments to write back: never one this codec writes from a typed property (it would come twice). */
export function otherSegmentsToWrite(segments: readonly D0RawSegment[] | undefined, typed: ReadonlySet<string>): readonly D0RawSegment[] {
  for (const segment of segments ?? []) {
    if (typed.has(segment.id)) throw new D0BuildError(`Segment ${segmentTag(segment.id)} is written from its own property, not from otherSegments.`);
  }
  return segments ?? [];
}

export function withOtherSegments<T extends object>(value: T, others: D0RawSegment[]): T {
  return others.length > 0 ? { ...value, otherSegments: others } : value;
}

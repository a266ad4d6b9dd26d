/**
 * How one change to a prescription lands in one cached queue tab (an infinite query of pages, newest first),
 * without asking the server for the tab again: a prescription of another status (or a deleted one) leaves the
 * tab; one of the tab's status takes its place in the order when it falls inside the pages already loaded (one
 * newer than the last loaded row, or any when the tab is loaded to its end) — a later "Load more" brings the rest.
 * A tab narrowed by a search or a date cannot tell whether a newcomer matches (the database decides that), so it
 * only updates rows it already shows and otherwise asks to be fetched again.
 */
import type { InfiniteData } from '@tanstack/react-query';
import type { PrescriptionStatus, QueueMedication, QueuePatient, QueuePrescription } from './prescription-model.ts';
import { compareQueueOrder, type QueueCursor } from './queue-order.ts';

export interface QueuePage {
  prescriptions: QueuePrescription[];
  /** Where the next page starts; null when this page was the last. */
  nextCursor: QueueCursor | null;
}

export type QueueData = InfiniteData<QueuePage, QueueCursor | null>;

export interface QueueTab {
  status: PrescriptionStatus;
  /** A search or date narrows the tab. */
  filtered: boolean;
}

export type QueueChange = { kind: 'upsert'; prescription: QueuePrescription } | { kind: 'remove'; id: string };

export interface QueueChangeResult {
  data: QueueData;
  /** The tab cannot place the change itself and must be fetched again. */
  refetch: boolean;
}

function cursorOf(prescription: QueuePrescription): QueueCursor {
  return { createdAt: prescription.createdAt, id: prescription.id };
}

function withPages(data: QueueData, pages: QueuePage[]): QueueData {
  return pages.every((page, index) => page === data.pages[index]) ? data : { ...data, pages };
}

/** Puts the prescription into the first page whose rows reach past it, in order (the last page when none does). */
function insertInOrder(pages: QueuePage[], prescription: QueuePrescription): QueuePage[] {
  const key = cursorOf(prescription);
  const lastIndex = pages.length - 1;
  const target = pages.findIndex((page, index) => {
    const last = page.prescriptions.at(-1);
    return index === lastIndex || (last !== undefined && compareQueueOrder(key, cursorOf(last)) < 0);
  });
  return pages.map((page, index) => {
    if (index !== target) return page;
    const rows = [...page.prescriptions];
    const at = rows.findIndex((row) => compareQueueOrder(key, cursorOf(row)) < 0);
    rows.splice(at === -1 ? rows.length : at, 0, prescription);
    return { ...page, prescriptions: rows };
  });
}

export function applyQueueChange(data: QueueData, tab: QueueTab, change: QueueChange): QueueChangeResult {
  const id = change.kind === 'remove' ? change.id : change.prescription.id;
  const belongs = change.kind === 'upsert' && change.prescription.status === tab.status;

  if (belongs && tab.filtered) {
    // Only a row already shown can be updated here: whether a newcomer matches the search is the database's call.
    let shown = false;
    const pages = data.pages.map((page) => {
      if (!page.prescriptions.some((row) => row.id === id)) return page;
      shown = true;
      return { ...page, prescriptions: page.prescriptions.map((row) => (row.id === id ? change.prescription : row)) };
    });
    return shown ? { data: withPages(data, pages), refetch: false } : { data, refetch: true };
  }

  const without = data.pages.map((page) =>
    page.prescriptions.some((row) => row.id === id) ? { ...page, prescriptions: page.prescriptions.filter((row) => row.id !== id) } : page,
  );
  if (!belongs) return { data: withPages(data, without), refetch: false };

  const loadedUpTo = without.at(-1)?.nextCursor ?? null;
  const loaded = loadedUpTo === null || compareQueueOrder(cursorOf(change.prescription), loadedUpTo) <= 0;
  if (!loaded || without.length === 0) return { data: withPages(data, without), refetch: false };
  return { data: withPages(data, insertInOrder(without, change.prescription)), refetch: false };
}

/** Another terminal changed a patient or a medication that cards may show. */
export type RelatedChange = { kind: 'patient'; patient: QueuePatient } | { kind: 'medication'; medication: QueueMedication };

/**
 * Shows a changed patient or medication on every card of the tab that names it, without asking the server for the
 * tab again; the same data (no card names it, or what a card shows did not change: every fill takes stock, which no
 * card shows) when nothing changes.
 */
export function applyRelatedChange(data: QueueData, change: RelatedChange): QueueData {
  const next = (row: QueuePrescription): QueuePrescription => {
    if (change.kind === 'patient') {
      return row.patient.id === change.patient.id && !sameJson(row.patient, change.patient) ? { ...row, patient: change.patient } : row;
    }
    return row.medication.id === change.medication.id && !sameJson(row.medication, change.medication) ? { ...row, medication: change.medication } : row;
  };
  const pages = data.pages.map((page) => {
    const rows = page.prescriptions.map(next);
    return rows.every((row, index) => row === page.prescriptions[index]) ? page : { ...page, prescriptions: rows };
  });
  return withPages(data, pages);
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

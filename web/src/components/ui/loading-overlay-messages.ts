/**
 * The loading overlay's pure parts (spec part 2 "Loading overlay", §9): its seven types, each with an accessible
 * name and the messages it cycles through every 500 ms, the progress value's clamping to 0–100, and the next
 * message's index. The component is `loading-overlay.tsx`.
 */

export const LOADING_OVERLAY_TYPES = ['prescription', 'patient', 'inventory', 'analysis', 'migration', 'auth', 'default'] as const;

export type LoadingOverlayType = (typeof LOADING_OVERLAY_TYPES)[number];

/** Spec §9: "loading message rotation 500 ms". */
export const MESSAGE_ROTATION_MS = 500;

export interface LoadingOverlayContent {
  /** What is happening, as the overlay's accessible name and heading. */
  name: string;
  /** Shown one at a time, in order, then from the start again. */
  messages: readonly [string, ...string[]];
}

export const LOADING_OVERLAYS: Record<LoadingOverlayType, LoadingOverlayContent> = {
  prescription: { name: 'Entering prescription', messages: ['Validating prescription…', 'Saving prescription…', 'Assigning Rx number…'] },
  patient: { name: 'Loading patient information', messages: ['Finding the patient record…', 'Loading medication history…', 'Loading allergies and insurance…'] },
  inventory: { name: 'Updating inventory', messages: ['Reading stock levels…', 'Updating quantities…', 'Checking reorder points…'] },
  analysis: { name: 'Analyzing drug safety', messages: ['Checking drug interactions…', 'Reviewing current medications…', 'Checking allergies…'] },
  migration: { name: 'Importing data', messages: ['Reading the file…', 'Checking each record…', 'Saving records…'] },
  auth: { name: 'Signing in', messages: ['Checking your credentials…', 'Verifying your account…', 'Loading your pharmacy…'] },
  default: { name: 'Loading', messages: ['Loading…', 'Please wait…'] },
};

/** The index shown after `index` among `count` messages: the next one, or the first after the last. */
export function nextMessageIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return (index + 1) % count;
}

/** A progress value as shown: a whole percentage from 0 to 100 (anything not a finite number is 0). */
export function clampProgress(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, Math.round(value)));
}

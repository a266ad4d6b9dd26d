/**
 * The Loading Demo's cards (spec part 2 "Loading Demo", §9): one per overlay type the app's long operations use,
 * each shown for 5 s; the migration card also moves the progress bar from 0 to 100 over those 5 s.
 */
import type { LoadingOverlayType } from '../../components/ui/loading-overlay-messages.ts';

/** Spec §9: "Demo loading screens last 5 s". */
export const DEMO_DURATION_MS = 5000;

/** How often the migration card's bar moves. */
export const DEMO_PROGRESS_TICK_MS = 100;

export interface DemoCard {
  type: LoadingOverlayType;
  title: string;
  /** What the card shows, in a line. */
  description: string;
  /** Whether the overlay carries the progress bar. */
  withProgress: boolean;
}

export const DEMO_CARDS: readonly DemoCard[] = [
  { type: 'prescription', title: 'Prescription Entry', description: 'The overlay shown while a new prescription is saved and given its Rx number.', withProgress: false },
  { type: 'patient', title: 'Patient Lookup', description: 'The overlay shown while a patient record with its history is loaded.', withProgress: false },
  { type: 'inventory', title: 'Inventory Update', description: 'The overlay shown while stock levels are updated.', withProgress: false },
  { type: 'analysis', title: 'AI Drug Analysis', description: 'The overlay shown while a prescription is checked for interactions and allergies.', withProgress: false },
  {
    type: 'migration',
    title: 'Data Migration',
    description: 'The overlay of an import, with its progress bar. Here a timer moves the bar from 0 to 100 % over 5 seconds; nothing is imported.',
    withProgress: true,
  },
  { type: 'auth', title: 'Authentication', description: 'The overlay shown while a staff member is signed in.', withProgress: false },
];

/** The migration card's progress after `elapsedMs` of the demo: 0 at the start, 100 at its end, never beyond. */
export function demoProgress(elapsedMs: number, durationMs: number = DEMO_DURATION_MS): number {
  if (durationMs <= 0) return 100;
  return Math.min(100, Math.max(0, Math.floor((elapsedMs / durationMs) * 100)));
}

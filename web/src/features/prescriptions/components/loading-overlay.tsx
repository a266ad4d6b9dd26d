/**
 * The loading overlay of the creation flow (spec §4 "Loading overlay"): a type, its messages cycling every
 * 500 ms (spec §9), over the whole screen.
 */
import { useEffect, useState } from 'react';

export type OverlayType = 'prescription' | 'analysis';

const MESSAGES: Record<OverlayType, readonly string[]> = {
  prescription: ['Validating prescription…', 'Saving prescription…', 'Assigning Rx number…'],
  analysis: ['Checking drug interactions…', 'Reviewing current medications…', 'Checking allergies…'],
};

export const MESSAGE_ROTATION_MS = 500;

export function LoadingOverlay({ type }: { type: OverlayType }) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    setIndex(0);
    const timer = setInterval(() => setIndex((current) => (current + 1) % MESSAGES[type].length), MESSAGE_ROTATION_MS);
    return () => clearInterval(timer);
  }, [type]);
  return (
    <div role="status" aria-live="polite" aria-label={type === 'prescription' ? 'Entering prescription' : 'Analyzing drug safety'} className="fixed inset-0 z-[1000] flex flex-col items-center justify-center gap-4 bg-base-100/90">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <p className="font-medium">{MESSAGES[type][index]}</p>
    </div>
  );
}

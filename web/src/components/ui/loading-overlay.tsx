/**
 * The app's one loading overlay (spec part 2 "Loading overlay", §9), over the whole screen while a long operation
 * runs: a spinner, what is happening (the type's name, or `label`), the type's messages cycling every 500 ms, and
 * an optional progress bar (0–100) for an operation that knows how far it is (an import). Used by the prescription
 * entry and the Loading Demo; the messages per type live in `loading-overlay-messages.ts`.
 *
 * Accessibility: a status region (role="status", aria-live="polite") named by what is happening; aria-busy="true"
 * asks assistive technology to wait rather than read each 500 ms message out as it changes. The progress bar is a
 * native <progress> named after the operation, with its value also as text. Reduced motion: the spinner is a CSS
 * animation that stops under `prefers-reduced-motion: reduce` (daisyUI's spinner only slows down there, its motion
 * being inside an SVG); the messages still change, a change of text not being motion.
 */
import { useEffect, useState } from 'react';
import { clampProgress, LOADING_OVERLAYS, MESSAGE_ROTATION_MS, nextMessageIndex, type LoadingOverlayType } from './loading-overlay-messages.ts';

export interface LoadingOverlayProps {
  type?: LoadingOverlayType;
  /** How far the operation is, 0–100 (clamped); shown as a progress bar when given. */
  progress?: number;
  /** What is happening, in place of the type's name (e.g. "Importing patients"). */
  label?: string;
  /** A line of how far it is, under the progress bar (e.g. "Patients: 4,000 of 10,000 · about 30 s left"). */
  detail?: string;
}

export function LoadingOverlay({ type = 'default', progress, label, detail }: LoadingOverlayProps) {
  const content = LOADING_OVERLAYS[type];
  const name = label ?? content.name;
  const [index, setIndex] = useState(0);
  useEffect(() => {
    setIndex(0);
    const count = LOADING_OVERLAYS[type].messages.length;
    const timer = setInterval(() => setIndex((current) => nextMessageIndex(current, count)), MESSAGE_ROTATION_MS);
    return () => clearInterval(timer);
  }, [type]);
  const percent = progress === undefined ? undefined : clampProgress(progress);
  return (
    <div
      role="status"
      aria-live="polite"
      aria-busy="true"
      aria-label={name}
      className="fixed inset-0 z-[1000] flex flex-col items-center justify-center gap-4 bg-base-100/90 p-6 text-center"
    >
      <span
        className="size-12 animate-spin rounded-full border-4 border-primary/25 border-t-primary motion-reduce:animate-none"
        aria-hidden="true"
      />
      <p className="text-lg font-semibold">{name}</p>
      <p className="text-base-content/70">{content.messages[index % content.messages.length]}</p>
      {percent !== undefined && (
        <div className="flex w-full max-w-xs items-center gap-3">
          <progress className="progress progress-primary flex-1" max={100} value={percent} aria-valuenow={percent} aria-label={`${name} progress`} />
          <span className="w-12 text-right text-sm font-medium tabular-nums">{percent}%</span>
        </div>
      )}
      {detail !== undefined && <p className="text-sm tabular-nums text-base-content/70">{detail}</p>}
    </div>
  );
}

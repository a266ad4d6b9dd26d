/** The full-screen spinner with a message, shown while the app cannot show anything else yet (spec §2). */

export interface FullScreenLoaderProps {
  message?: string;
}

export function FullScreenLoader({ message = 'Loading…' }: FullScreenLoaderProps) {
  return (
    <div role="status" aria-live="polite" className="flex min-h-screen flex-col items-center justify-center gap-4 bg-base-200">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <p className="text-base-content/70">{message}</p>
    </div>
  );
}

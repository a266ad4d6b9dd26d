/**
 * The Loading Demo screen (spec part 2 "Loading Demo"): six cards, each showing the app's loading overlay of one
 * type for 5 s (the migration card with its progress bar moving 0 → 100 on a timer). While an overlay is shown the
 * Show buttons are disabled; when it ends, focus goes back to the button that started it.
 */
import { useEffect, useRef, useState } from 'react';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import type { LoadingOverlayType } from '../../../components/ui/loading-overlay-messages.ts';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { DEMO_CARDS, DEMO_DURATION_MS, DEMO_PROGRESS_TICK_MS, demoProgress, type DemoCard } from '../demo-cards.ts';

export function LoadingDemo() {
  const [shown, setShown] = useState<DemoCard | null>(null);
  const [progress, setProgress] = useState(0);
  const buttons = useRef(new Map<LoadingOverlayType, HTMLButtonElement>());
  const returnFocusTo = useRef<LoadingOverlayType | null>(null);

  useEffect(() => {
    if (!shown) {
      // Disabled while the overlay was up, the button lost focus: give it back.
      if (returnFocusTo.current) buttons.current.get(returnFocusTo.current)?.focus();
      returnFocusTo.current = null;
      return;
    }
    const startedAt = performance.now();
    const end = setTimeout(() => setShown(null), DEMO_DURATION_MS);
    const tick = shown.withProgress ? setInterval(() => setProgress(demoProgress(performance.now() - startedAt)), DEMO_PROGRESS_TICK_MS) : undefined;
    return () => {
      clearTimeout(end);
      clearInterval(tick);
    };
  }, [shown]);

  function show(card: DemoCard) {
    returnFocusTo.current = card.type;
    setProgress(0);
    setShown(card);
  }

  return (
    <section className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">Loading animation demo</h1>
        <p className="text-sm text-base-content/70">
          The loading overlay the app shows during long operations, one card per type. Each is shown for {DEMO_DURATION_MS / 1000} seconds.
        </p>
      </header>
      <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        {DEMO_CARDS.map((card) => (
          <SectionCard key={card.type} title={card.title}>
            <p className="flex-1 text-sm text-base-content/70">{card.description}</p>
            <div className="card-actions justify-end">
              <button
                type="button"
                ref={(element) => {
                  if (element) buttons.current.set(card.type, element);
                  else buttons.current.delete(card.type);
                }}
                className="btn btn-primary btn-sm"
                disabled={shown !== null}
                onClick={() => show(card)}
              >
                Show<span className="sr-only"> the {card.title} overlay</span>
              </button>
            </div>
          </SectionCard>
        ))}
      </div>
      {shown && <LoadingOverlay type={shown.type} progress={shown.withProgress ? progress : undefined} />}
    </section>
  );
}

/**
 * Where toasts appear: a labelled notification region in the bottom-right corner. F8 moves focus to it
 * (spec §8); a toast closes on its button, on Escape, or when swiped right by at least 50 px.
 */
import { useEffect, useRef, useSyncExternalStore, type PointerEvent } from 'react';
import { currentToasts, dismissToast, subscribeToToasts, type Toast } from './toast-store.ts';

const SWIPE_DISMISS_THRESHOLD_PX = 50;
const FOCUS_HOTKEY = 'F8';

export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToToasts, currentToasts);
  const regionRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === FOCUS_HOTKEY) regionRef.current?.focus();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <section aria-label={`Notifications (${FOCUS_HOTKEY})`}>
      <ol
        ref={regionRef}
        tabIndex={-1}
        className="fixed right-0 bottom-0 z-[100] flex w-full flex-col gap-2 p-4 outline-none sm:max-w-md"
      >
        {toasts.map((shown) => (
          <ToastItem key={shown.id} toast={shown} />
        ))}
      </ol>
    </section>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const startX = useRef<number | null>(null);
  const itemRef = useRef<HTMLLIElement>(null);
  const destructive = toast.variant === 'destructive';

  function onPointerDown(event: PointerEvent<HTMLLIElement>) {
    startX.current = event.clientX;
  }
  function onPointerMove(event: PointerEvent<HTMLLIElement>) {
    if (startX.current === null || !itemRef.current) return;
    const offset = Math.max(0, event.clientX - startX.current);
    itemRef.current.style.transform = `translateX(${offset}px)`;
  }
  function onPointerUp(event: PointerEvent<HTMLLIElement>) {
    if (startX.current === null) return;
    const offset = event.clientX - startX.current;
    startX.current = null;
    if (offset >= SWIPE_DISMISS_THRESHOLD_PX) dismissToast(toast.id);
    else if (itemRef.current) itemRef.current.style.transform = '';
  }

  return (
    <li
      ref={itemRef}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={(event) => event.key === 'Escape' && dismissToast(toast.id)}
      className={`flex touch-pan-y items-start gap-3 rounded-box border p-4 shadow-lg transition-transform ${
        destructive ? 'border-error bg-error text-error-content' : 'border-base-300 bg-base-100 text-base-content'
      }`}
    >
      {/* The live region is inside the item: a list holds list items only (role=alert on the <li> broke the list). */}
      <div role={destructive ? 'alert' : 'status'} aria-atomic="true" className="flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description ? <p className="mt-1 text-sm opacity-90">{toast.description}</p> : null}
      </div>
      <button
        type="button"
        className="btn btn-ghost btn-xs btn-circle"
        aria-label="Close notification"
        onClick={() => dismissToast(toast.id)}
      >
        ✕
      </button>
    </li>
  );
}

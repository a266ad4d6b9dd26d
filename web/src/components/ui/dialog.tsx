/**
 * The app's one modal dialog, on the native <dialog> element opened with showModal(): the browser makes the rest
 * of the page inert, and Tab wraps from the last control to the first (rather than leaving for the browser's own
 * controls); it is named by its title (aria-labelledby). While open, focus starts inside it (the element marked
 * `data-autofocus`, else the first focusable one) and goes back to what had it before (the button that opened
 * it) when it closes or unmounts. Escape closes it through `onClose` unless the caller says it may not be
 * dismissed right now (`dismissible={false}`: a request in flight, a decision required). Its content is mounted
 * only while open, so a form inside starts fresh every time.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /**
   * Width of the box: md (forms of one column), lg, xl (two columns), table (up to 64rem, never wider than the
   * screen: a wide table scrolls inside), auto (as wide as the content).
   */
  size?: 'md' | 'lg' | 'xl' | 'table' | 'auto';
  /** False while Escape must not close it. */
  dismissible?: boolean;
  /** 'alertdialog' for an urgent question (the idle sign-out warning). */
  role?: 'dialog' | 'alertdialog';
  /** Id of the text that describes the dialog, if any. */
  describedBy?: string;
  /** The ✕ button in the corner ("Close dialog"). */
  closeButton?: boolean;
  titleClassName?: string;
  /** Shown over the whole screen inside the dialog's top layer (a progress overlay); outside the box. */
  overlay?: ReactNode;
}

const BOX_WIDTH: Record<NonNullable<DialogProps['size']>, string> = {
  md: 'max-w-xl',
  lg: 'max-w-2xl',
  xl: 'max-w-3xl',
  table: 'max-w-5xl',
  auto: 'w-auto max-w-none',
};

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function tabbables(dialog: HTMLDialogElement): HTMLElement[] {
  return Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => element.tabIndex >= 0 && element.getClientRects().length > 0);
}

/**
 * Focus the dialog's `data-autofocus` element, else its first focusable one, else the dialog itself. (React's
 * autoFocus would focus while the dialog is still closed, which the browser ignores.)
 */
function focusInside(dialog: HTMLDialogElement): void {
  // Whatever showModal() chose (Chrome may pick the scrolling box) is replaced by this rule.
  const target = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? tabbables(dialog)[0];
  (target ?? dialog).focus();
}

export function Dialog({
  open,
  onClose,
  title,
  children,
  size = 'md',
  dismissible = true,
  role = 'dialog',
  describedBy,
  closeButton = false,
  titleClassName = '',
  overlay,
}: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const openRef = useRef(open);
  openRef.current = open;
  const dismissibleRef = useRef(dismissible);
  dismissibleRef.current = dismissible;
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    focusInside(dialog);
    return () => {
      if (dialog.open) dialog.close();
      // Back to the opener, if it is still on the page (closing, or the dialog unmounted while open).
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      className="modal"
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      tabIndex={-1}
      onKeyDown={(event) => {
        // Tab past the last field comes back to the first (and Shift+Tab the other way) instead of leaving the
        // page for the browser's own controls.
        if (event.key !== 'Tab' || !dialogRef.current) return;
        const elements = tabbables(dialogRef.current);
        const first = elements[0];
        const last = elements[elements.length - 1];
        if (!first || !last) return;
        if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        } else if (event.shiftKey && (document.activeElement === first || document.activeElement === dialogRef.current)) {
          event.preventDefault();
          last.focus();
        }
      }}
      onCancel={(event) => {
        // Escape: React state closes it, so state and element never disagree.
        event.preventDefault();
        if (dismissibleRef.current) onCloseRef.current();
      }}
      onClose={() => {
        // The browser closed it on its own (Chrome closes on a second Escape even when cancel is prevented).
        // (A close event that arrives after it was shown again — React's StrictMode remounts — is stale.)
        const dialog = dialogRef.current;
        if (!openRef.current || !dialog || dialog.open) return;
        if (dismissibleRef.current) onCloseRef.current();
        else {
          dialog.showModal();
          focusInside(dialog);
        }
      }}
    >
      {open ? (
        <>
          <div className={`modal-box ${BOX_WIDTH[size]}`}>
            <div className="mb-4 flex items-start justify-between gap-4">
              <h2 id={titleId} className={`text-lg font-bold ${titleClassName}`}>
                {title}
              </h2>
              {closeButton ? (
                <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label="Close dialog" onClick={onClose} disabled={!dismissible}>
                  ✕
                </button>
              ) : null}
            </div>
            {children}
          </div>
          {overlay}
        </>
      ) : null}
    </dialog>
  );
}

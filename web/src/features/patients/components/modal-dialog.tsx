/**
 * A modal dialog on the native <dialog> element (focus kept inside, Escape closes, role "dialog" named by
 * its title), styled as a daisyUI modal. Its content is mounted only while open, so a form inside starts
 * fresh every time.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface ModalDialogProps {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  /** Wider box for forms with two columns. */
  wide?: boolean;
}

export function ModalDialog({ title, open, onClose, children, wide }: ModalDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      className="modal"
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: let React state close it, so state and element never disagree.
        event.preventDefault();
        onClose();
      }}
    >
      {open ? (
        <div className={`modal-box ${wide ? 'max-w-3xl' : 'max-w-xl'}`}>
          <div className="mb-4 flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-lg font-bold">
              {title}
            </h2>
            <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label="Close dialog" onClick={onClose}>
              ✕
            </button>
          </div>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}

/** The question before unsaved settings are lost (another tab, another screen): Stay (the default) or Discard changes. */
import { useId } from 'react';
import { Dialog } from '../../../components/ui/dialog.tsx';

export interface UnsavedChangesDialogProps {
  open: boolean;
  /** The tab whose changes would be lost ("Printing"). */
  groupLabel: string;
  onStay: () => void;
  onDiscard: () => void;
}

export function UnsavedChangesDialog({ open, groupLabel, onStay, onDiscard }: UnsavedChangesDialogProps) {
  const textId = useId();
  return (
    <Dialog open={open} onClose={onStay} title="Unsaved changes" role="alertdialog" describedBy={textId}>
      <p id={textId}>The {groupLabel} settings have changes that are not saved. Stay to save them, or discard them.</p>
      <div className="modal-action">
        <button type="button" className="btn btn-error btn-outline" onClick={onDiscard}>
          Discard changes
        </button>
        <button type="button" className="btn btn-primary" data-autofocus onClick={onStay}>
          Stay
        </button>
      </div>
    </Dialog>
  );
}

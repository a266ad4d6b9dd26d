/**
 * The label preview (spec §4): the label at its printed size, 4 in × 2.5 in, from the form with the spec's
 * fallbacks applied (see label-form.ts), in the kit's Dialog.
 */
import { Dialog } from '../../../components/ui/dialog.tsx';
import type { LabelPreviewContent } from '../label-form.ts';

export interface LabelPreviewDialogProps {
  content: LabelPreviewContent | null;
  onClose: () => void;
}

export function LabelPreviewDialog({ content, onClose }: LabelPreviewDialogProps) {
  return (
    <Dialog open={content !== null} onClose={onClose} title="Label Preview" size="auto">
      {content ? (
        <div
          data-testid="label-preview"
          className="flex flex-col justify-between overflow-hidden border border-base-content bg-white p-2 font-mono text-[10px] leading-tight text-black"
          style={{ width: '4in', height: '2.5in' }}
        >
          <div className="flex justify-between font-bold">
            <span>Rx: {content.rxNumber}</span>
            <span>{new Date().toLocaleDateString('en-US')}</span>
          </div>
          <p className="text-xs font-bold">{content.patientName}</p>
          <p className="text-xs font-bold">{content.medication}</p>
          <p>{content.directions || 'No directions given'}</p>
          <div className="flex justify-between">
            <span>Qty: {content.quantity}</span>
            <span>Days supply: {content.daysSupply}</span>
          </div>
          <div className="flex justify-between">
            <span>{content.fill ?? ''}</span>
            <span>Refills remaining: {content.refillsRemaining}</span>
          </div>
          <p>Prescriber: {content.prescriber}</p>
        </div>
      ) : null}
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}

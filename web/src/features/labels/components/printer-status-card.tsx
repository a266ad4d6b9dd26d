/**
 * Printer status (spec §2 shows a static card). This app does not talk to printers: labels print through the
 * browser's print dialog. The card says so instead of claiming a printer state nobody measured.
 */
import { SectionCard } from '../../../components/ui/section-card.tsx';

export function PrinterStatusCard() {
  return (
    <SectionCard title="Printer Status" gap="gap-2">
      <dl className="flex flex-col gap-1 text-sm">
        <div className="flex justify-between gap-3">
          <dt>Label printer</dt>
          <dd className="badge badge-ghost">Not connected</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt>Receipt printer</dt>
          <dd className="badge badge-ghost">Not connected</dd>
        </div>
      </dl>
      <p className="text-xs text-base-content/70">
        Printer monitoring is not connected to real printers. Labels open in a new window and print through your browser's print dialog.
      </p>
    </SectionCard>
  );
}

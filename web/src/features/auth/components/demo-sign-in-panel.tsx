/**
 * The sign-in page's demo panel (spec §2): the demo pharmacy's pharmacist and technician initials with
 * their passwords masked, today's date, the next prescription number and the licensee — real data from
 * the database. Renders nothing where there is no demo pharmacy.
 */
import { useDemoSignInPanel } from '../api/get-demo-sign-in-panel.ts';

const MASKED_PASSWORD = '****';

function formatToday(): string {
  return new Date().toLocaleDateString('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
}

export function DemoSignInPanel() {
  const panel = useDemoSignInPanel();
  if (panel.isPending || panel.isError || panel.data === null) return null;
  const { pharmacistInitials, technicianInitials, licensee, nextRxNumber } = panel.data;
  const place = [licensee.city, licensee.state].filter(Boolean).join(', ');

  return (
    <section aria-labelledby="demo-panel-title" className="rounded-box border border-base-300 bg-base-200/60 p-4 text-sm">
      <h2 id="demo-panel-title" className="mb-3 font-semibold">
        Demo pharmacy
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
        <dt className="text-base-content/70">Pharmacist</dt>
        <dd>
          <span className="font-mono font-medium">{pharmacistInitials ?? '—'}</span>
          <span className="ml-2 font-mono text-base-content/70">
            <span className="sr-only">password </span>
            {MASKED_PASSWORD}
          </span>
        </dd>
        <dt className="text-base-content/70">Technician</dt>
        <dd>
          <span className="font-mono font-medium">{technicianInitials ?? '—'}</span>
          <span className="ml-2 font-mono text-base-content/70">
            <span className="sr-only">password </span>
            {MASKED_PASSWORD}
          </span>
        </dd>
        <dt className="text-base-content/70">Date</dt>
        <dd>{formatToday()}</dd>
        <dt className="text-base-content/70">Next Rx</dt>
        <dd className="font-mono">{nextRxNumber ?? '—'}</dd>
        <dt className="text-base-content/70">Licensee</dt>
        <dd>
          <span>{licensee.pharmacyName}</span>
          {place ? <span className="text-base-content/70"> · {place}</span> : null}
        </dd>
      </dl>
    </section>
  );
}

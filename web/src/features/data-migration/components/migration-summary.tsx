/** The summary counts (spec: current patients, medications, prescriptions, prescribers), counted by the database. */
import { useMigrationReport } from '../api/get-migration-report.ts';

const CARDS = [
  { key: 'totalPatients', title: 'Patients' },
  { key: 'totalMedications', title: 'Medications' },
  { key: 'totalPrescriptions', title: 'Prescriptions' },
  { key: 'totalPrescribers', title: 'Prescribers' },
] as const;

export function MigrationSummary({ pharmacyId }: { pharmacyId: string }) {
  const report = useMigrationReport(pharmacyId);
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {CARDS.map((card) => (
        <section key={card.key} aria-label={card.title} className="card border border-base-300 bg-base-100">
          <div className="card-body gap-1 p-4">
            <h2 className="text-sm font-medium text-base-content/70">{card.title}</h2>
            {report.isError ? (
              <p className="text-sm text-error">Could not be counted</p>
            ) : report.data ? (
              <p className="text-2xl font-bold tabular-nums">{report.data[card.key].toLocaleString('en-US')}</p>
            ) : (
              <div className="skeleton h-8 w-20" aria-label="Loading" />
            )}
            <p className="text-xs text-base-content/60">on file</p>
          </div>
        </section>
      ))}
    </div>
  );
}

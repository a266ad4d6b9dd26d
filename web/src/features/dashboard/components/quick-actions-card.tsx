/**
 * Quick Actions (spec §2). The spec gives these buttons no behaviour; each is a link to the screen that
 * does the job, so none of them pretends to act on its own.
 */
import { Link } from 'react-router-dom';

const ACTIONS = [
  { label: 'Add New Patient', to: '/patients' },
  { label: 'Drug Lookup', to: '/drugs' },
  { label: 'Inventory Check', to: '/inventory' },
  { label: 'Generate Report', to: '/reports' },
] as const;

export function QuickActionsCard() {
  return (
    <section aria-labelledby="quick-actions-title" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3">
        <h2 id="quick-actions-title" className="card-title text-lg">
          Quick Actions
        </h2>
        <div className="grid grid-cols-2 gap-2">
          {ACTIONS.map((action) => (
            <Link key={action.to} to={action.to} className="btn btn-outline btn-sm justify-start">
              {action.label}
            </Link>
          ))}
        </div>
      </div>
    </section>
  );
}

/**
 * Quick Actions (spec §2). The spec gives these buttons no behaviour; each is a link to the screen that
 * does the job, so none of them pretends to act on its own.
 */
import { Link } from 'react-router-dom';
import { SectionCard } from '../../../components/ui/section-card.tsx';

const ACTIONS = [
  { label: 'Add New Patient', to: '/patients' },
  { label: 'Drug Lookup', to: '/drugs' },
  { label: 'Inventory Check', to: '/inventory' },
  { label: 'Generate Report', to: '/reports' },
] as const;

export function QuickActionsCard() {
  return (
    <SectionCard title="Quick Actions">
      <div className="grid grid-cols-2 gap-2">
        {ACTIONS.map((action) => (
          <Link key={action.to} to={action.to} className="btn btn-outline btn-sm justify-start">
            {action.label}
          </Link>
        ))}
      </div>
    </SectionCard>
  );
}

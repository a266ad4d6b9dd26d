/**
 * Quick actions (spec §2: Bulk Print Labels, Label Templates, Print Queue). The spec gives them no
 * behaviour, so they are shown disabled with 'Coming soon' rather than as buttons that do nothing.
 */
import { SectionCard } from '../../../components/ui/section-card.tsx';

const ACTIONS = ['Bulk Print Labels', 'Label Templates', 'Print Queue'] as const;

export function LabelsQuickActions() {
  return (
    <SectionCard title="Quick Actions">
      {ACTIONS.map((action) => (
        <div key={action} className="tooltip w-full" data-tip="Coming soon">
          <button type="button" className="btn btn-outline btn-sm w-full justify-start" disabled title="Coming soon">
            {action}
          </button>
        </div>
      ))}
    </SectionCard>
  );
}

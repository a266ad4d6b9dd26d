/**
 * Quick actions (spec §2: Bulk Print Labels, Label Templates, Print Queue). The spec gives them no
 * behaviour, so they are shown disabled with 'Coming soon' rather than as buttons that do nothing.
 */
const ACTIONS = ['Bulk Print Labels', 'Label Templates', 'Print Queue'] as const;

export function LabelsQuickActions() {
  return (
    <section aria-labelledby="labels-quick-actions-title" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3">
        <h2 id="labels-quick-actions-title" className="card-title text-lg">
          Quick Actions
        </h2>
        {ACTIONS.map((action) => (
          <div key={action} className="tooltip w-full" data-tip="Coming soon">
            <button type="button" className="btn btn-outline btn-sm w-full justify-start" disabled title="Coming soon">
              {action}
            </button>
          </div>
        ))}
      </div>
    </section>
  );
}

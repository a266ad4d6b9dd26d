/**
 * The dashboard's header (spec §2): title, subtitle and the signed-in staff member's name (the spec's fixed name is
 * replaced by the real user). The spec's search box is the header's global search above every screen
 * (features/global-search, placed by the signed-in layout), so `/` and Ctrl+K reach it from any screen.
 */
export interface DashboardHeaderProps {
  userName: string;
}

export function DashboardHeader({ userName }: DashboardHeaderProps) {
  return (
    <header className="flex flex-wrap items-start justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Dashboard</h1>
        <p className="text-sm text-base-content/70">Pharmacy operations overview</p>
      </div>
      <p className="text-sm font-medium" data-testid="dashboard-user-name">
        {userName}
      </p>
    </header>
  );
}

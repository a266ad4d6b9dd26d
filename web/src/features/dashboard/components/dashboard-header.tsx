/**
 * The dashboard's header (spec §2): title, subtitle, the signed-in staff member's name (the spec's fixed
 * name is replaced by the real user) and the global search box. The spec shows no search behaviour, so
 * the box is a plain input: it searches nothing and claims nothing.
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
      <div className="flex items-center gap-4">
        <input type="search" className="input input-sm w-64" placeholder="Search patients, medications..." aria-label="Search patients, medications" />
        <p className="text-sm font-medium" data-testid="dashboard-user-name">
          {userName}
        </p>
      </div>
    </header>
  );
}

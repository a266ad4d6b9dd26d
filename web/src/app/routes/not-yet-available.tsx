/**
 * Stands in, inside the signed-in shell, for a screen of the spec that a later release delivers (those
 * not listed in builtScreens of app/router.tsx). It says so plainly instead of showing made-up data or
 * dead buttons.
 */

export interface NotYetAvailableRouteProps {
  screen: string;
}

export function NotYetAvailableRoute({ screen }: NotYetAvailableRouteProps) {
  return (
    <section className="flex flex-1 flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight">{screen}</h1>
      <div className="card max-w-xl border border-dashed border-base-300 bg-base-100">
        <div className="card-body gap-2">
          <span className="badge badge-warning">Not yet available</span>
          <p className="text-base-content/70">
            This screen is not yet available. It arrives in a coming release; nothing here is live data yet.
          </p>
        </div>
      </div>
    </section>
  );
}

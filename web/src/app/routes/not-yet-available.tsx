/**
 * Stands in for a screen of the spec that a later release delivers (sign-in, onboarding, plans). It says
 * so plainly instead of showing a form that does nothing.
 */
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.ts';

export interface NotYetAvailableRouteProps {
  screen: string;
}

export function NotYetAvailableRoute({ screen }: NotYetAvailableRouteProps) {
  return (
    <section className="flex flex-1 items-center justify-center">
      <div className="card w-full max-w-lg bg-base-100 shadow-sm">
        <div className="card-body items-center gap-3 text-center">
          <span className="badge badge-warning">Not yet available</span>
          <h1 className="card-title text-2xl">{screen}</h1>
          <p className="text-base-content/70">This screen is not yet available. It arrives in a coming release.</p>
          <div className="card-actions mt-2">
            <Link to={paths.home} className="btn btn-ghost">
              Back to the home page
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

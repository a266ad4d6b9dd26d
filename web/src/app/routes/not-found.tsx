/** The page for a path the app does not know (spec §2: it reads '404 Page Not Found'). */
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths.ts';

export function NotFoundRoute() {
  const { pathname } = useLocation();
  return (
    <section className="flex flex-1 items-center justify-center">
      <div className="card w-full max-w-lg bg-base-100 shadow-sm">
        <div className="card-body items-center gap-3 text-center">
          <h1 className="card-title text-2xl">404 Page Not Found</h1>
          <p className="break-all text-base-content/70">
            Nothing lives at <code className="font-mono">{pathname}</code>.
          </p>
          <div className="card-actions mt-2">
            <Link to={paths.home} className="btn btn-primary">
              Go to the home page
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

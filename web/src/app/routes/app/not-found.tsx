/** Signed in, a path the app does not have (spec §2: '404 Page Not Found'). */
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';

export function NotFoundRoute() {
  return (
    <section className="flex flex-1 flex-col items-center justify-center gap-4 text-center">
      <h1 className="text-3xl font-bold">404 Page Not Found</h1>
      <p className="text-base-content/70">The page you asked for does not exist.</p>
      <Link to={paths.home} className="btn btn-primary">
        Go to the Dashboard
      </Link>
    </section>
  );
}

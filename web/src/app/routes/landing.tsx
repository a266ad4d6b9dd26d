/** The signed-out landing page (spec §2, route `/`): the product, what it offers, and the two ways in. */
import { Link } from 'react-router-dom';
import { MARKETING_POINTS, PRODUCT_NAME, PRODUCT_TAGLINE } from '../../config/product.ts';
import { paths } from '../../config/paths.ts';

export function LandingRoute() {
  return (
    <section className="flex flex-1 flex-col items-center justify-center text-center">
      <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{PRODUCT_NAME}</h1>
      <p className="mt-4 max-w-2xl text-lg text-base-content/70">{PRODUCT_TAGLINE}</p>
      <ul className="mt-8 flex flex-wrap justify-center gap-2" aria-label="What you get">
        {MARKETING_POINTS.map((point) => (
          <li key={point} className="badge badge-outline badge-lg gap-2 bg-base-100">
            <span className="status status-primary" aria-hidden="true" />
            {point}
          </li>
        ))}
      </ul>
      <div className="mt-10 flex flex-wrap justify-center gap-4">
        <Link to={paths.login} className="btn btn-outline btn-lg">
          Sign In
        </Link>
        <Link to={paths.onboard} className="btn btn-primary btn-lg">
          Start Free Trial
        </Link>
      </div>
    </section>
  );
}

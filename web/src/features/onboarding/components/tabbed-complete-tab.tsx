/** Tabbed onboarding, Complete tab (spec §2): pharmacy name, plan id, 'Trial Active', the first three next steps. */
import { Link } from 'react-router-dom';
import type { OnboardingCompleteResult } from '../api/complete-onboarding.ts';

const NEXT_STEPS_SHOWN = 3;

export interface TabbedCompleteTabProps {
  result: OnboardingCompleteResult;
  loginPath: string;
}

export function TabbedCompleteTab({ result, loginPath }: TabbedCompleteTabProps) {
  return (
    <div className="flex flex-col items-center gap-5 py-4 text-center">
      <div className="flex size-14 items-center justify-center rounded-full bg-success/15 text-2xl text-success" aria-hidden="true">
        ✓
      </div>
      <h2 className="text-2xl font-bold">{result.pharmacy.pharmacyName}</h2>
      <div className="flex flex-wrap items-center justify-center gap-2">
        <span className="text-sm text-base-content/70">
          Plan: <span className="font-mono">{result.subscription.planId}</span>
        </span>
        <span className="badge badge-success">Trial Active</span>
      </div>
      <section aria-labelledby="next-steps-title" className="w-full max-w-md text-left">
        <h3 id="next-steps-title" className="mb-2 font-semibold">
          Next steps
        </h3>
        <ol className="list-decimal space-y-1 pl-5 text-sm">
          {result.nextSteps.slice(0, NEXT_STEPS_SHOWN).map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
      <Link to={loginPath} className="btn btn-primary">
        Go to Login
      </Link>
    </div>
  );
}

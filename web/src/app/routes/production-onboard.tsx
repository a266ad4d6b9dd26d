/** /production-onboard (spec §2): the tabbed onboarding, with the plan cards the server offers. */
import { paths } from '../../config/paths.ts';
import { ProductionOnboarding } from '../../features/onboarding/components/production-onboarding.tsx';
import { usePlans } from '../../features/subscription/api/get-plans.ts';

export function ProductionOnboardRoute() {
  const plans = usePlans();
  return (
    <section className="flex flex-1 justify-center">
      <div className="w-full max-w-4xl">
        <ProductionOnboarding plans={plans} loginPath={paths.login} />
      </div>
    </section>
  );
}

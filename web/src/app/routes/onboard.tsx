/** /onboard (spec §2): the six-step wizard, then its welcome screen and the way to sign in. */
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { loginAfterOnboardingPath, paths } from '../../config/paths.ts';
import { OnboardingWelcome } from '../../features/onboarding/components/onboarding-welcome.tsx';
import { OnboardingWizard } from '../../features/onboarding/components/onboarding-wizard.tsx';

export function OnboardRoute() {
  const navigate = useNavigate();
  const [onboardedPharmacy, setOnboardedPharmacy] = useState<string | null>(null);
  const continueToLogin = useCallback(() => {
    if (onboardedPharmacy !== null) void navigate(loginAfterOnboardingPath(onboardedPharmacy));
  }, [navigate, onboardedPharmacy]);

  return (
    <section className="flex flex-1 justify-center">
      {onboardedPharmacy === null ? (
        <div className="w-full max-w-3xl">
          <OnboardingWizard loginPath={paths.login} onCompleted={setOnboardedPharmacy} />
        </div>
      ) : (
        <OnboardingWelcome pharmacyName={onboardedPharmacy} onContinue={continueToLogin} />
      )}
    </section>
  );
}

/**
 * /login (spec §2 "Sign-in"): the sign-in form, the way to onboarding, the demo panel, and — arriving from
 * the wizard (?onboarded=true&pharmacy=…) — a note that the pharmacy's account is ready. On success: a
 * 'Welcome back!' toast naming the pharmacy (not yet when the authenticator code is still to come: the user is
 * not in until then), then after 100 ms the dashboard (the router also moves there as soon as the signed-in
 * route set takes over).
 */
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from '../../components/ui/toast/toast-store.ts';
import { paths } from '../../config/paths.ts';
import type { CurrentStaff } from '../../features/auth/api/get-current-staff.ts';
import { getSession } from '../../features/auth/api/get-session.ts';
import { DemoSignInPanel } from '../../features/auth/components/demo-sign-in-panel.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { verifiedTotpFactorId } from '../../features/auth/two-factor-step.ts';

export const REDIRECT_AFTER_SIGN_IN_MS = 100;

export function LoginRoute() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const onboardedPharmacy = searchParams.get('onboarded') === 'true' ? searchParams.get('pharmacy') : null;
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  function onSignedIn(staff: CurrentStaff) {
    void getSession().then((session) => {
      if (session && verifiedTotpFactorId(session) !== null) return;
      toast({ title: 'Welcome back!', description: `Signed in to ${staff.pharmacy.pharmacyName}.` });
    });
    setTimeout(() => {
      if (mounted.current) void navigate(paths.home);
    }, REDIRECT_AFTER_SIGN_IN_MS);
  }

  return (
    <section className="flex flex-1 items-start justify-center">
      <div className="card w-full max-w-md bg-base-100 shadow-sm">
        <div className="card-body gap-5">
          <div>
            <h1 className="text-2xl font-bold">Sign In</h1>
            <p className="mt-1 text-sm text-base-content/70">Sign in to your pharmacy account.</p>
          </div>
          {onboardedPharmacy !== null ? (
            <div role="status" className="alert alert-success alert-soft">
              <span>
                {onboardedPharmacy ? `${onboardedPharmacy} is set up.` : 'Your pharmacy is set up.'} Sign in with your admin
                email and password.
              </span>
            </div>
          ) : null}
          <LoginForm onSignedIn={onSignedIn} />
          <p className="-mt-2 text-right text-sm">
            <Link to={paths.forgotPassword} className="link link-primary">
              Forgot password?
            </Link>
          </p>
          <p className="text-center text-sm">
            <Link to={paths.onboard} className="link link-primary">
              New pharmacy? Start onboarding
            </Link>
          </p>
          <DemoSignInPanel />
        </div>
      </div>
    </section>
  );
}

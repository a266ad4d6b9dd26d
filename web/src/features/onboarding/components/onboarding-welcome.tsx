/**
 * The wizard's welcome screen (spec §2): the pharmacy is set up; Continue to Login, or the app goes there
 * by itself after 3 s (spec §9).
 */
import { useEffect } from 'react';
import { TRIAL_DAYS } from '@pharmacy/shared/subscription/plan.ts';

export const REDIRECT_AFTER_ONBOARDING_MS = 3000;

export interface OnboardingWelcomeProps {
  pharmacyName: string;
  onContinue: () => void;
}

export function OnboardingWelcome({ pharmacyName, onContinue }: OnboardingWelcomeProps) {
  useEffect(() => {
    const timer = setTimeout(onContinue, REDIRECT_AFTER_ONBOARDING_MS);
    return () => clearTimeout(timer);
  }, [onContinue]);

  return (
    <div className="card w-full max-w-lg bg-base-100 shadow-sm">
      <div className="card-body items-center gap-4 text-center">
        <div className="flex size-14 items-center justify-center rounded-full bg-success/15 text-2xl text-success" aria-hidden="true">
          ✓
        </div>
        <h1 className="text-2xl font-bold">Welcome to the Pharmacy Management System!</h1>
        <p className="text-base-content/70">
          <strong className="text-base-content">{pharmacyName}</strong> is set up and its {TRIAL_DAYS}-day free trial has started.
          Sign in with your admin email and password.
        </p>
        <p className="text-sm text-base-content/70">Taking you to the sign-in page in a few seconds…</p>
        <button type="button" className="btn btn-primary" onClick={onContinue}>
          Continue to Login
        </button>
      </div>
    </div>
  );
}

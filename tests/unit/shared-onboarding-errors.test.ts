import { describe, expect, it } from 'vitest';
import { DEFAULT_ONBOARDING_ERROR, onboardingErrorMessage } from '../../shared/src/onboarding/errors.ts';

describe('onboarding error messages (spec §8)', () => {
  it('maps a duplicate DEA number', () => {
    expect(onboardingErrorMessage('A pharmacy with this DEA number already exists')).toBe(
      'A pharmacy with this DEA number is already registered. Please verify your DEA number or contact support if this is an error.',
    );
  });

  it('maps an existing email', () => {
    expect(onboardingErrorMessage('409: {"error":"An account with this email already exists"}')).toBe(
      'An account with this email already exists. Please use a different email address or try logging in instead.',
    );
  });

  it('maps NCPDP and NABP conflicts', () => {
    expect(onboardingErrorMessage('A pharmacy with this NCPDP ID already exists')).toBe(
      'This NCPDP ID is already in use. Please verify your NCPDP Provider ID or contact support.',
    );
    expect(onboardingErrorMessage('A pharmacy with this NABP number already exists')).toBe(
      'This NABP number is already registered. Please verify your NABP number.',
    );
  });

  it('passes any other server message through, and defaults when there is none', () => {
    expect(onboardingErrorMessage('Something else broke')).toBe('Something else broke');
    expect(onboardingErrorMessage('')).toBe(DEFAULT_ONBOARDING_ERROR);
    expect(onboardingErrorMessage(undefined)).toBe('Failed to complete onboarding');
    expect(onboardingErrorMessage(null)).toBe('Failed to complete onboarding');
  });
});

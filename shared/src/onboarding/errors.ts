/**
 * What the web app tells the user when onboarding fails (spec §8): the server's message, replaced by the
 * spec's longer explanation when it names a known conflict, or the default when there is no message.
 */

export const DEFAULT_ONBOARDING_ERROR = 'Failed to complete onboarding';

/** Checked in the spec's order; the first phrase the server message contains decides. */
const MAPPED_MESSAGES: ReadonlyArray<{ contains: string; message: string }> = [
  {
    contains: 'DEA number already exists',
    message:
      'A pharmacy with this DEA number is already registered. Please verify your DEA number or contact support if this is an error.',
  },
  {
    contains: 'email already exists',
    message:
      'An account with this email already exists. Please use a different email address or try logging in instead.',
  },
  {
    contains: 'NCPDP',
    message: 'This NCPDP ID is already in use. Please verify your NCPDP Provider ID or contact support.',
  },
  {
    contains: 'NABP',
    message: 'This NABP number is already registered. Please verify your NABP number.',
  },
];

export function onboardingErrorMessage(serverMessage: string | null | undefined): string {
  const text = serverMessage?.trim() ?? '';
  if (text === '') return DEFAULT_ONBOARDING_ERROR;
  return MAPPED_MESSAGES.find((mapping) => text.includes(mapping.contains))?.message ?? text;
}

/**
 * Starts enrolling an authenticator app (Supabase Auth mfa.enroll, TOTP): the QR code to scan (an SVG data URI),
 * the secret to type instead, and the factor to verify. An earlier enrolment left unfinished is removed first
 * (Supabase Auth refuses a second unnamed factor while one exists).
 */
import { useMutation } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { getTotpFactors } from './get-totp-factors.ts';

export interface TotpEnrolment {
  factorId: string;
  qrCode: string;
  secret: string;
}

export async function enrolTotpFactor(): Promise<TotpEnrolment> {
  const { unverifiedFactorIds } = await getTotpFactors();
  for (const factorId of unverifiedFactorIds) {
    const { error } = await supabase.auth.mfa.unenroll({ factorId });
    if (error) throw new Error(error.message);
  }
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp' });
  if (error) throw new Error(error.message);
  return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret };
}

export function useEnrolTotpFactor() {
  return useMutation({ meta: { writes: [] }, mutationFn: enrolTotpFactor });
}

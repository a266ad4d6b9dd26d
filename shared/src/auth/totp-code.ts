/**
 * The 6-digit code of an authenticator app (TOTP, RFC 6238: what Supabase Auth's mfa.verify checks), asked at
 * enrolment and at sign-in. zod/mini, because the sign-in page asks for it (see sign-in.ts).
 */
import * as z from 'zod/mini';

export const TOTP_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app';

export const totpCodeSchema = z.object({
  code: z.string({ error: TOTP_CODE_MESSAGE }).check(z.trim(), z.regex(/^\d{6}$/, TOTP_CODE_MESSAGE)),
});

export type TotpCodeInput = z.infer<typeof totpCodeSchema>;

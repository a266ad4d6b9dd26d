/**
 * The authenticator app's 6-digit code as a form asks for it (sign-in's second step, enrolment): a numeric
 * one-time-code box named `code`, and reading it from the submitted form with the shared totpCodeSchema. Plain
 * (no form library), since the sign-in page uses it.
 */
import { totpCodeSchema } from '@pharmacy/shared/auth/totp-code.ts';
import { TextField, type TextFieldProps } from './text-field.tsx';

export const TOTP_CODE_FIELD_NAME = 'code';

export function TotpCodeField(props: Omit<TextFieldProps, 'label' | 'name'> & { label?: string }) {
  return (
    <TextField
      label="Authentication code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder="123456"
      {...props}
      name={TOTP_CODE_FIELD_NAME}
    />
  );
}

export type TotpCodeEntry =
  | { code: string; error?: undefined; input: HTMLInputElement | null }
  | { code?: undefined; error: string | undefined; input: HTMLInputElement | null };

/** The code typed into the form's TotpCodeField, or the schema's message for it. */
export function readTotpCode(form: HTMLFormElement): TotpCodeEntry {
  const element = form.elements.namedItem(TOTP_CODE_FIELD_NAME);
  const input = element instanceof HTMLInputElement ? element : null;
  const parsed = totpCodeSchema.safeParse({ code: input?.value ?? '' });
  return parsed.success ? { code: parsed.data.code, input } : { error: parsed.error.issues[0]?.message, input };
}

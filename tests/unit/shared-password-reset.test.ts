import { describe, expect, it } from 'vitest';
import { forgotPasswordSchema, setPasswordSchema } from '../../shared/src/auth/password-reset.ts';

function messages(input: unknown): Record<string, string[]> {
  const result = setPasswordSchema.safeParse(input);
  if (result.success) return {};
  const byField: Record<string, string[]> = {};
  for (const issue of result.error.issues) (byField[String(issue.path[0])] ??= []).push(issue.message);
  return byField;
}

describe('set-password schema (spec §9: at least 8 characters, as onboarding)', () => {
  it('accepts a password of 8 characters typed twice', () => {
    expect(setPasswordSchema.parse({ password: '12345678', confirmPassword: '12345678' })).toEqual({ password: '12345678', confirmPassword: '12345678' });
  });

  it('refuses 7 characters with the onboarding message, and an empty confirmation', () => {
    expect(messages({ password: '1234567', confirmPassword: '' })).toEqual({
      password: ['Password must be at least 8 characters'],
      confirmPassword: ['Please confirm your password'],
    });
    expect(messages({})).toEqual({ password: ['Password must be at least 8 characters'], confirmPassword: ['Please confirm your password'] });
  });

  it('refuses a confirmation that differs', () => {
    expect(messages({ password: 'correct-horse', confirmPassword: 'correct-horsf' })).toEqual({ confirmPassword: ['Passwords do not match'] });
  });

  it('refuses more than 72 bytes (Supabase Auth would refuse it), counting bytes not characters', () => {
    expect(messages({ password: 'a'.repeat(72), confirmPassword: 'a'.repeat(72) })).toEqual({});
    const long = 'é'.repeat(37); // 74 bytes in UTF-8
    expect(messages({ password: long, confirmPassword: long })).toEqual({ password: ['Password must be at most 72 bytes'] });
  });
});

describe('forgot-password schema', () => {
  it("takes a valid email, refusing others with 'Invalid email address'", () => {
    expect(forgotPasswordSchema.parse({ email: 'rph@demo.pharmacy' })).toEqual({ email: 'rph@demo.pharmacy' });
    const result = forgotPasswordSchema.safeParse({ email: 'nope' });
    expect(result.success ? [] : result.error.issues.map((issue) => issue.message)).toEqual(['Invalid email address']);
  });
});

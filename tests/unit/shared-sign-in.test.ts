import { describe, expect, it } from 'vitest';
import { signInSchema } from '../../shared/src/auth/sign-in.ts';

function messages(input: unknown): string[] {
  const result = signInSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('sign-in schema (spec §5)', () => {
  it('accepts an email and a password', () => {
    expect(signInSchema.parse({ email: 'rph@demo.pharmacy', password: 'x' })).toEqual({ email: 'rph@demo.pharmacy', password: 'x' });
  });

  it("refuses an invalid email with 'Invalid email address'", () => {
    expect(messages({ email: 'not-an-email', password: 'secret' })).toEqual(['Invalid email address']);
    expect(messages({ password: 'secret' })).toEqual(['Invalid email address']);
  });

  it("refuses an empty or missing password with 'Password is required'", () => {
    expect(messages({ email: 'a@b.co', password: '' })).toEqual(['Password is required']);
    expect(messages({ email: 'a@b.co' })).toEqual(['Password is required']);
  });
});

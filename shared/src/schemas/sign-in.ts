/**
 * Sign-in form (spec §5 "Sign-in"): a valid email and a non-empty password.
 */
import * as z from 'zod';

export const signInSchema = z.object({
  email: z.email({ error: 'Invalid email address' }),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
});

export type SignInInput = z.infer<typeof signInSchema>;

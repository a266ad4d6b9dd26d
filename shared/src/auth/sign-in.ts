/**
 * Sign-in form (spec §5 "Sign-in"): a valid email and a non-empty password.
 * Written with zod/mini (same rules and messages, a fraction of classic zod's size) because the sign-in
 * page is the first visit's code: web/src/app/router.tsx keeps classic zod and the form libraries for the
 * screens.
 */
import * as z from 'zod/mini';

export const signInSchema = z.object({
  email: z.email({ error: 'Invalid email address' }),
  password: z.string({ error: 'Password is required' }).check(z.minLength(1, 'Password is required')),
});

export type SignInInput = z.infer<typeof signInSchema>;

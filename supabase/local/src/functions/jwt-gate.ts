/**
 * The JWT check the Supabase CLI's edge runtime applies before a function with verify_jwt runs
 * (internal/functions/serve/templates/main.ts): OPTIONS passes (CORS preflights carry no credentials);
 * otherwise `Authorization: Bearer <jwt>` must be an HS256 token signed with the project's JWT secret
 * and not expired. Refusals are 401 with the CLI's `{"msg": ...}` bodies.
 */
import { JwtError, verifyJwt } from '../jwt.ts';
import { unauthorized } from './runtime-responses.ts';

/** Returns the refusal to send, or null when the request may reach the function. */
export function checkFunctionJwt(req: Request, jwtSecret: string): Response | null {
  if (req.method === 'OPTIONS') return null;
  const header = req.headers.get('authorization');
  // The CLI reports header problems as the thrown Error's toString(), hence the "Error: " prefix.
  if (!header) return unauthorized('Error: Missing authorization header');
  const [scheme, token] = header.split(' ');
  if (scheme !== 'Bearer') return unauthorized("Error: Auth header is not 'Bearer {token}'");
  try {
    verifyJwt(token ?? '', jwtSecret);
  } catch (error) {
    if (error instanceof JwtError) return unauthorized('Invalid JWT');
    throw error;
  }
  return null;
}

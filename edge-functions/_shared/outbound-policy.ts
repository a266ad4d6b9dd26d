/**
 * The outbound policy of this deployment (outbound-url.ts decides with it): hosted unless SUPABASE_URL is the local
 * stack's, and names resolved with Deno's DNS (A and AAAA), so every address a name has is checked. Deno only:
 * unit tests pass their own policy to the modules that call out.
 */
import { isLocalSupabaseUrl, type OutboundPolicy } from './outbound-url.ts';

async function resolveAddresses(hostname: string): Promise<string[]> {
  const found: string[] = [];
  for (const kind of ['A', 'AAAA'] as const) {
    try {
      found.push(...(await Deno.resolveDns(hostname, kind)));
    } catch {
      // A name with only one kind of address is normal; none at all is refused by checkOutboundUrl.
    }
  }
  return found;
}

export function deploymentOutboundPolicy(): OutboundPolicy {
  return { hosted: !isLocalSupabaseUrl(Deno.env.get('SUPABASE_URL') ?? ''), resolve: resolveAddresses };
}

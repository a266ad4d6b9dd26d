/**
 * Where a function may call out to when an admin configured the address (a wholesaler's API endpoint): on hosted,
 * https only and never a private, loopback, link-local, shared (CGNAT), multicast or reserved address — the host is
 * resolved and every address it has must be public, so a name that points inside the network is refused too; on the
 * local stack (SUPABASE_URL on this machine) http and loopback are allowed for its own test doubles. Redirects are
 * never followed by the callers (a 3xx is an answer, not a new address). No Deno APIs here: the resolver is passed in
 * (Deno.resolveDns in the function, a table in unit tests).
 */

export class OutboundUrlError extends Error {}

/** Whether a URL's host is this machine (the local stack); anything else, or no URL, is treated as hosted. */
export function isLocalSupabaseUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host === 'localhost' || host.endsWith('.localhost') || host === '[::1]') return true;
  return /^127(\.\d{1,3}){3}$/.test(host);
}

function ipv4Octets(address: string): number[] | null {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  if (!match) return null;
  const octets = match.slice(1).map(Number);
  return octets.every((octet) => octet <= 255) ? octets : null;
}

/** IPv4 ranges that are not the public internet (RFC 6890 special-purpose registry). */
function isPublicIpv4(octets: readonly number[]): boolean {
  const [a, b] = octets as [number, number, number, number];
  if (a === 0 || a === 10 || a === 127) return false; // "this network", private, loopback
  if (a === 100 && b >= 64 && b <= 127) return false; // shared address space (CGNAT)
  if (a === 169 && b === 254) return false; // link-local (cloud metadata)
  if (a === 172 && b >= 16 && b <= 31) return false; // private
  if (a === 192 && b === 168) return false; // private
  if (a === 192 && b === 0 && (octets[2] === 0 || octets[2] === 2)) return false; // IETF protocol assignments, TEST-NET-1
  if (a === 198 && (b === 18 || b === 19)) return false; // benchmarking
  if (a === 198 && b === 51 && octets[2] === 100) return false; // TEST-NET-2
  if (a === 203 && b === 0 && octets[2] === 113) return false; // TEST-NET-3
  return a < 224; // multicast and reserved above
}

/** An IPv6 address as eight 16-bit groups, or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase();
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  if (text.includes('%')) return null; // zone ids are link-local by definition
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (dotted) {
    const octets = ipv4Octets(dotted[1]!);
    if (!octets) return null;
    text = text.slice(0, -dotted[1]!.length) + ((octets[0]! << 8) | octets[1]!).toString(16) + ':' + ((octets[2]! << 8) | octets[3]!).toString(16);
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if ((halves.length === 1 && missing !== 0) || (halves.length === 2 && missing < 1)) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.map((group) => parseInt(group, 16));
}

function isPublicIpv6(groups: readonly number[]): boolean {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  if (groups.every((group) => group === 0)) return false; // unspecified
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0 && g6 === 0 && g7 === 1) return false; // loopback
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible: judged as the IPv4 address they carry.
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && (g5 === 0xffff || g5 === 0)) {
    return isPublicIpv4([g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff]);
  }
  if (g0 === 0x64 && g1 === 0xff9b) return isPublicIpv4([g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff]); // NAT64
  if ((g0 & 0xfe00) === 0xfc00) return false; // unique local
  if ((g0 & 0xffc0) === 0xfe80) return false; // link-local
  if ((g0 & 0xff00) === 0xff00) return false; // multicast
  if (g0 === 0x2001 && g1 === 0x0db8) return false; // documentation
  if (g0 === 0x2002) return isPublicIpv4([g1 >> 8, g1 & 0xff, g2 >> 8, g2 & 0xff]); // 6to4
  return (g0 & 0xe000) === 0x2000; // global unicast is 2000::/3
}

/** Whether an address (IPv4 or IPv6 text) is on the public internet; anything unreadable is not. */
export function isPublicAddress(address: string): boolean {
  const v4 = ipv4Octets(address);
  if (v4) return isPublicIpv4(v4);
  const v6 = ipv6Groups(address);
  return v6 !== null && isPublicIpv6(v6);
}

export type AddressResolver = (hostname: string) => Promise<string[]>;

export interface OutboundPolicy {
  hosted: boolean;
  resolve: AddressResolver;
}

/**
 * The URL, checked: an http(s) URL without credentials; on hosted https whose host (a literal address or every
 * address its name resolves to) is public. Throws OutboundUrlError with a sentence for the screen otherwise.
 */
export async function checkOutboundUrl(text: string, policy: OutboundPolicy): Promise<URL> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OutboundUrlError(`${text} is not a web address`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new OutboundUrlError('Only http(s) addresses can be called');
  if (url.username !== '' || url.password !== '') throw new OutboundUrlError('The address may not contain a user name or password');
  if (!policy.hosted) return url;
  if (url.protocol !== 'https:') throw new OutboundUrlError('The address must use https://');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = ipv4Octets(host) !== null || ipv6Groups(host) !== null;
  let addresses: string[];
  if (literal) {
    addresses = [host];
  } else {
    try {
      addresses = await policy.resolve(host);
    } catch {
      throw new OutboundUrlError(`${host} could not be found (DNS)`);
    }
    if (addresses.length === 0) throw new OutboundUrlError(`${host} could not be found (DNS)`);
  }
  const inside = addresses.find((address) => !isPublicAddress(address));
  if (inside !== undefined) throw new OutboundUrlError(`${host} is a private, loopback or reserved address (${inside}): only public addresses can be called`);
  return url;
}

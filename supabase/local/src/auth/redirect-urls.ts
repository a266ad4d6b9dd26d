/**
 * Where GoTrue may send a browser after an emailed link (utilities.GetReferrer / IsRedirectURLValid): a
 * `redirect_to` is honoured only when it is on the site (SITE_URL's scheme and host; on a loopback host any port)
 * or matches a glob of the allow list (`additional_redirect_urls`, GOTRUE_URI_ALLOW_LIST); otherwise the Referer
 * header when that qualifies, else SITE_URL. An invitation link can therefore never lead to another site.
 */
import type { AuthRequest } from './http.ts';

export interface RedirectPolicy {
  siteUrl: string;
  allowList: readonly string[];
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * A glob as GoTrue compiles it (gobwas/glob with '.' and '/' as separators): `**` any text, `*` any text
 * without a separator, `?` one non-separator character; everything else literal.
 */
function globToRegExp(glob: string): RegExp {
  let pattern = '';
  for (let index = 0; index < glob.length; index += 1) {
    const char = glob[index]!;
    if (char === '*' && glob[index + 1] === '*') {
      pattern += '.*';
      index += 1;
    } else if (char === '*') pattern += '[^./]*';
    else if (char === '?') pattern += '[^./]';
    else pattern += char.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
  }
  return new RegExp(`^${pattern}$`);
}

export function isRedirectAllowed(policy: RedirectPolicy, target: string): boolean {
  if (!target) return false;
  const url = parse(target);
  const site = parse(policy.siteUrl);
  if (url && site && url.protocol === site.protocol) {
    if (url.host === site.host) return true;
    if (LOOPBACK_HOSTS.has(url.hostname) && url.hostname === site.hostname) return true;
  }
  return policy.allowList.some((glob) => globToRegExp(glob).test(target));
}

function header(req: AuthRequest, name: string): string | undefined {
  const value = req.raw.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** GoTrue's GetReferrer: the `redirect_to` header or query parameter, else the Referer, else SITE_URL. */
export function requestRedirect(req: AuthRequest, policy: RedirectPolicy): string {
  const requested = header(req, 'redirect_to') || req.query.get('redirect_to') || '';
  if (isRedirectAllowed(policy, requested)) return requested;
  const referer = header(req, 'referer') ?? '';
  if (isRedirectAllowed(policy, referer)) return referer;
  return policy.siteUrl;
}

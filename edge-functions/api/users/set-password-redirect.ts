/**
 * Where the links of the invitation and recovery emails send the person: the web app's /set-password page on
 * the origin the admin is using (the request's Origin header). The auth service keeps the decision: as GoTrue
 * does, it accepts a redirect only within site_url's host or [auth] additional_redirect_urls and otherwise sends
 * the link to site_url, so a forged Origin cannot point an email at another site. Without an Origin (a call
 * from a server) nothing is asked for and the link goes to site_url.
 */
export const SET_PASSWORD_PATH = '/set-password';

export function setPasswordRedirect(req: Request): string | undefined {
  const origin = req.headers.get('Origin');
  if (!origin || origin === 'null') return undefined;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  return `${url.origin}${SET_PASSWORD_PATH}`;
}

/**
 * The test stack's mail catcher (Mailpit's API subset) read from any test runner, given its URL: the mail sent
 * to an address, the link in a mail, and what opening that link answers (the auth service's GET /verify
 * redirects with the session, or the error, in the fragment). Integration tests use it through mailbox.ts;
 * end-to-end specs with the URL global setup exports (E2E_MAILPIT_URL).
 */

export interface CaughtMessage {
  ID: string;
  To: Array<{ Name: string; Address: string }>;
  Subject: string;
  Text: string;
  HTML: string;
}

/** Every mail the catcher at `mailpitUrl` holds for `email`, newest first. */
export async function caughtMailFor(mailpitUrl: string, email: string): Promise<CaughtMessage[]> {
  const response = await fetch(`${mailpitUrl}/api/v1/search?query=${encodeURIComponent(`to:${email}`)}`);
  if (response.status !== 200) throw new Error(`the mail catcher answered ${response.status}`);
  const page = (await response.json()) as { messages: Array<{ ID: string }> };
  return Promise.all(page.messages.map(async ({ ID }) => (await (await fetch(`${mailpitUrl}/api/v1/message/${ID}`)).json()) as CaughtMessage));
}

/** The first link of the mail's HTML body. */
export function linkIn(message: Pick<CaughtMessage, 'Subject' | 'HTML'>): string {
  const match = /href="([^"]+)"/.exec(message.HTML);
  if (!match) throw new Error(`no link in the mail "${message.Subject}"`);
  return match[1]!.replace(/&amp;/g, '&');
}

/** GETs the link without following its redirect: the status, the target and the fragment's values. */
export async function openLink(link: string): Promise<{ status: number; target: string; fragment: URLSearchParams }> {
  const response = await fetch(link, { redirect: 'manual' });
  const location = response.headers.get('location') ?? '';
  const [target = '', fragment = ''] = location.split('#');
  return { status: response.status, target, fragment: new URLSearchParams(fragment) };
}

/**
 * The test stack's mail catcher as tests read it (Mailpit's API subset): the mail sent to an address, the link in
 * a mail, and what opening that link answers (the auth service's GET /verify redirects with the session, or the
 * error, in the fragment).
 */
import { stackEnv } from './stack-env.ts';

export interface CaughtMessage {
  ID: string;
  To: Array<{ Name: string; Address: string }>;
  Subject: string;
  Text: string;
  HTML: string;
}

/** Every mail the catcher holds for `email`, newest first. */
export async function mailFor(email: string): Promise<CaughtMessage[]> {
  const response = await fetch(`${stackEnv().mailpitUrl}/api/v1/search?query=${encodeURIComponent(`to:${email}`)}`);
  if (response.status !== 200) throw new Error(`the mail catcher answered ${response.status}`);
  const page = (await response.json()) as { messages: Array<{ ID: string }> };
  return Promise.all(page.messages.map(async ({ ID }) => (await (await fetch(`${stackEnv().mailpitUrl}/api/v1/message/${ID}`)).json()) as CaughtMessage));
}

/** The first link of the mail's HTML body. */
export function linkIn(message: CaughtMessage): string {
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

/**
 * The test stack's mail catcher as integration tests read it (mail-catcher.ts on this stack's URL): the mail
 * sent to an address, the link in a mail, and what opening that link answers.
 */
import { caughtMailFor, type CaughtMessage } from './mail-catcher.ts';
import { stackEnv } from './stack-env.ts';

export { linkIn, openLink, type CaughtMessage } from './mail-catcher.ts';

/** Every mail the catcher holds for `email`, newest first. */
export function mailFor(email: string): Promise<CaughtMessage[]> {
  return caughtMailFor(stackEnv().mailpitUrl, email);
}

/**
 * Sends the auth service's mail over SMTP, as GoTrue does with GOTRUE_SMTP_*: to the local mail catcher by
 * default, or to the server of `[auth.email.smtp]` (supabase/local/src/mail/mail-config.ts decides which). The
 * sender is `"<sender_name>" <admin_email>`. Without any SMTP server configured the mail is dropped with a log
 * line, as GoTrue's no-op mailer does.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { SmtpSettings } from '../mail/mail-config.ts';
import type { RenderedEmail } from './mail-templates.ts';

export interface Mailer {
  send(to: string, email: RenderedEmail): Promise<void>;
  close(): void;
}

/** Gives up on an unreachable SMTP server well before the client's own request times out. */
const SMTP_TIMEOUT_MS = 10_000;

export function smtpMailer(smtp: SmtpSettings | null, log: (line: string) => void): Mailer {
  let transporter: Transporter | undefined;
  return {
    async send(to, email) {
      if (!smtp || !smtp.host) {
        log(`[auth] no SMTP server configured: "${email.subject}" for ${to} not sent`);
        return;
      }
      transporter ??= nodemailer.createTransport({
        host: smtp.host,
        port: smtp.port,
        secure: smtp.port === 465,
        ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.pass } } : {}),
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
      });
      await transporter.sendMail({
        from: { name: smtp.senderName, address: smtp.adminEmail },
        to,
        subject: email.subject,
        html: email.html,
        text: email.text,
      });
    },
    close() {
      transporter?.close();
    },
  };
}

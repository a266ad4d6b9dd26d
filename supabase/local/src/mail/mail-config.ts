/**
 * Where the stack's mail goes, read from supabase/config.toml as the Supabase CLI reads it:
 * `[auth.email.smtp]` (enabled, host, port, user, pass, admin_email, sender_name) sends through a real SMTP server;
 * otherwise, with `[local_smtp] enabled`, mail goes to the local mail catcher (the CLI points GoTrue at its Mailpit
 * container the same way). The section was `[inbucket]` before Supabase CLI 3; the CLI now refuses that name.
 * The catcher's ports come from the stack's configuration (STACK_PORT_BASE+3/+4, or STACK_MAIL_PORT/STACK_SMTP_PORT);
 * config.toml's `[local_smtp] port`/`smtp_port` name the same defaults for the CLI.
 * The auth service reads `smtp` from here when it sends invite and recovery mail.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import { supabaseDir, type StackConfig } from '../config.ts';

export interface SmtpSettings {
  host: string;
  port: number;
  /** Empty: no AUTH (the catcher takes mail without credentials). */
  user: string;
  pass: string;
  /** The sender address (GOTRUE_SMTP_ADMIN_EMAIL). */
  adminEmail: string;
  /** The sender's display name (GOTRUE_SMTP_SENDER_NAME). */
  senderName: string;
}

export interface MailConfig {
  /** Whether the stack runs its mail catcher ([local_smtp] enabled; on when the section is absent). */
  catcherEnabled: boolean;
  /** Where the auth service sends mail; null when neither a real SMTP server nor the catcher is configured. */
  smtp: SmtpSettings | null;
}

/** The CLI's defaults for [local_smtp] admin_email and sender_name. */
const DEFAULT_ADMIN_EMAIL = 'admin@email.com';
const DEFAULT_SENDER_NAME = 'Admin';

function table(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function text(where: string, value: unknown, fallback: string): string {
  if (value === undefined) return fallback;
  if (typeof value !== 'string') throw new Error(`supabase/config.toml ${where} must be a string`);
  return value;
}

function flag(where: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw new Error(`supabase/config.toml ${where} must be true or false`);
  return value;
}

/** The mail settings from parsed config.toml and the stack's ports. */
export function mailConfigFromToml(toml: Record<string, unknown>, stack: Pick<StackConfig, 'ports'>): MailConfig {
  const localSmtp = table(toml.local_smtp);
  const smtp = table(table(table(toml.auth).email).smtp);
  const catcherEnabled = flag('[local_smtp] enabled', localSmtp.enabled, true);
  if (flag('[auth.email.smtp] enabled', smtp.enabled, false)) {
    const port = smtp.port;
    if (typeof port !== 'number' || !Number.isInteger(port) || port <= 0 || port > 65535) {
      throw new Error('supabase/config.toml [auth.email.smtp] port must be a port number');
    }
    return {
      catcherEnabled,
      smtp: {
        host: text('[auth.email.smtp] host', smtp.host, ''),
        port,
        user: text('[auth.email.smtp] user', smtp.user, ''),
        pass: text('[auth.email.smtp] pass', smtp.pass, ''),
        adminEmail: text('[auth.email.smtp] admin_email', smtp.admin_email, DEFAULT_ADMIN_EMAIL),
        senderName: text('[auth.email.smtp] sender_name', smtp.sender_name, DEFAULT_SENDER_NAME),
      },
    };
  }
  if (!catcherEnabled) return { catcherEnabled, smtp: null };
  return {
    catcherEnabled,
    smtp: {
      host: '127.0.0.1',
      port: stack.ports.smtp,
      user: '',
      pass: '',
      adminEmail: text('[local_smtp] admin_email', localSmtp.admin_email, DEFAULT_ADMIN_EMAIL),
      senderName: text('[local_smtp] sender_name', localSmtp.sender_name, DEFAULT_SENDER_NAME),
    },
  };
}

/** Reads supabase/config.toml (or `file`); a missing file means the catcher with the CLI's defaults. */
export function loadMailConfig(stack: Pick<StackConfig, 'ports'>, file = path.join(supabaseDir, 'config.toml')): MailConfig {
  let source = '';
  try {
    source = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return mailConfigFromToml(parse(source) as Record<string, unknown>, stack);
}

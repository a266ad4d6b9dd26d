import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, supabaseDir } from '../../supabase/local/src/config.ts';
import { loadMailConfig, mailConfigFromToml } from '../../supabase/local/src/mail/mail-config.ts';
import { parse } from 'smol-toml';
import fs from 'node:fs';

const ports = loadConfig({}).ports;

describe('local stack mail configuration', () => {
  it('puts the mail catcher on the Supabase CLI ports by default and moves it with STACK_PORT_BASE or its own variables', () => {
    expect(ports.mail).toBe(54324);
    expect(ports.smtp).toBe(54325);
    expect(loadConfig({}).mailUrl).toBe('http://127.0.0.1:54324');
    const moved = loadConfig({ STACK_PORT_BASE: '56321' });
    expect([moved.ports.mail, moved.ports.smtp]).toEqual([56324, 56325]);
    const single = loadConfig({ STACK_MAIL_PORT: '2000', STACK_SMTP_PORT: '2001' });
    expect([single.ports.mail, single.ports.smtp]).toEqual([2000, 2001]);
    expect(() => loadConfig({ STACK_SMTP_PORT: 'smtp' })).toThrow('STACK_SMTP_PORT must be a port number');
  });

  it("config.toml's [local_smtp] (the CLI's former [inbucket]) names the same ports the stack uses", () => {
    const toml = parse(fs.readFileSync(path.join(supabaseDir, 'config.toml'), 'utf8')) as { local_smtp: { enabled: boolean; port: number; smtp_port: number }; inbucket?: unknown };
    // Supabase CLI 3 refuses the old section name.
    expect(toml.inbucket).toBeUndefined();
    expect(toml.local_smtp).toMatchObject({ enabled: true, port: ports.mail, smtp_port: ports.smtp });
  });

  it('sends through the catcher with [local_smtp] sender settings when [auth.email.smtp] is off', () => {
    expect(loadMailConfig({ ports })).toEqual({
      catcherEnabled: true,
      smtp: { host: '127.0.0.1', port: 54325, user: '', pass: '', adminEmail: 'admin@email.com', senderName: 'Admin' },
    });
    expect(mailConfigFromToml({ local_smtp: { admin_email: 'noreply@pharmacy.test', sender_name: 'Pharmacy' } }, { ports }).smtp).toMatchObject({
      host: '127.0.0.1',
      port: ports.smtp,
      adminEmail: 'noreply@pharmacy.test',
      senderName: 'Pharmacy',
    });
  });

  it('sends through [auth.email.smtp] when it is enabled, and nowhere when both are off', () => {
    const smtp = { enabled: true, host: 'smtp.example.com', port: 587, user: 'apikey', pass: 'secret', admin_email: 'a@example.com', sender_name: 'Pharmacy' };
    expect(mailConfigFromToml({ auth: { email: { smtp } } }, { ports }).smtp).toEqual({
      host: 'smtp.example.com',
      port: 587,
      user: 'apikey',
      pass: 'secret',
      adminEmail: 'a@example.com',
      senderName: 'Pharmacy',
    });
    expect(mailConfigFromToml({ local_smtp: { enabled: false } }, { ports })).toEqual({ catcherEnabled: false, smtp: null });
    expect(() => mailConfigFromToml({ auth: { email: { smtp: { enabled: true, host: 'x' } } } }, { ports })).toThrow('[auth.email.smtp] port must be a port number');
  });
});

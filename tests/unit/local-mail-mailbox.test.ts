/**
 * The mail catcher's mailbox keeps the newest mail within a count and a size limit, and forgets the size of
 * what is deleted.
 */
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { Mailbox } from '../../supabase/local/src/mail/mailbox.ts';

async function add(mailbox: Mailbox, subject: string, size: number): Promise<string> {
  const parsed = await simpleParser(`From: a@example.test\r\nTo: b@example.test\r\nSubject: ${subject}\r\n\r\nbody\r\n`);
  return mailbox.add(parsed, { from: 'a@example.test', to: ['b@example.test'], size }).ID;
}

const subjects = (mailbox: Mailbox) => mailbox.page(0, 100).messages.map((message) => message.Subject);

describe('mail catcher mailbox', () => {
  it('drops the oldest beyond the count limit', async () => {
    const mailbox = new Mailbox(2);
    for (const subject of ['one', 'two', 'three']) await add(mailbox, subject, 10);
    expect(subjects(mailbox)).toEqual(['three', 'two']);
  });

  it('drops the oldest beyond the size limit, but always keeps the newest', async () => {
    const mailbox = new Mailbox(500, 100);
    await add(mailbox, 'one', 40);
    await add(mailbox, 'two', 40);
    expect(subjects(mailbox)).toEqual(['two', 'one']);
    await add(mailbox, 'three', 40);
    expect(subjects(mailbox)).toEqual(['three', 'two']);
    await add(mailbox, 'huge', 1000);
    expect(subjects(mailbox)).toEqual(['huge']);
  });

  it('counts deleted mail out of the size limit', async () => {
    const mailbox = new Mailbox(500, 100);
    const one = await add(mailbox, 'one', 60);
    mailbox.delete([one]);
    await add(mailbox, 'two', 60);
    mailbox.delete();
    await add(mailbox, 'three', 60);
    expect(subjects(mailbox)).toEqual(['three']);
    await add(mailbox, 'four', 40);
    expect(subjects(mailbox)).toEqual(['four', 'three']);
  });
});

/**
 * The local stack's mail catcher: mail sent over SMTP to 127.0.0.1 is kept (never delivered) and read through
 * Mailpit's HTTP API subset and a page whose message bodies cannot run scripts.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventually, stackEnv } from '../support/stack-env.ts';
import { sendMail } from '../support/smtp-send.ts';

interface Address {
  Name: string;
  Address: string;
}
interface Summary {
  ID: string;
  From: Address;
  To: Address[];
  Subject: string;
  Created: string;
  Snippet: string;
  Read: boolean;
}
interface MessagesPage {
  total: number;
  count: number;
  messages_count: number;
  start: number;
  messages: Summary[];
}

const mailpitUrl = () => stackEnv().mailpitUrl;
const smtpPort = () => stackEnv().smtp.port;

async function messages(query = ''): Promise<MessagesPage> {
  const response = await fetch(`${mailpitUrl()}/api/v1/messages${query}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('application/json');
  return (await response.json()) as MessagesPage;
}

async function deleteAll(): Promise<void> {
  const response = await fetch(`${mailpitUrl()}/api/v1/messages`, { method: 'DELETE' });
  expect(response.status).toBe(200);
}

let counter = 0;
function uniqueAddress(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.test`;
}

beforeEach(deleteAll);

describe('mail catcher', () => {
  it('is where the stack status points (MAILPIT_URL on the port base + 3, SMTP on + 4)', () => {
    const apiPort = Number(new URL(stackEnv().apiUrl).port);
    expect(mailpitUrl()).toBe(`http://127.0.0.1:${apiPort + 3}`);
    expect(stackEnv().smtp).toEqual({ host: '127.0.0.1', port: apiPort + 4 });
  });

  it('keeps a message sent over SMTP and serves it through GET /api/v1/messages and /api/v1/message/{ID}', async () => {
    const to = uniqueAddress('invitee');
    const reply = await sendMail(smtpPort(), {
      from: 'admin@email.com',
      to: [to],
      subject: 'You have been invited',
      text: 'Follow this link to accept the invite:\nhttp://127.0.0.1:5173/accept',
      html: '<h2>You have been invited</h2><p><a href="http://127.0.0.1:5173/accept">Accept the invite</a></p>',
    });
    expect(reply).toMatch(/^250 /);

    const list = await messages();
    expect(list.total).toBe(1);
    expect(list.count).toBe(1);
    expect(list.messages_count).toBe(1);
    expect(list.start).toBe(0);
    const [summary] = list.messages;
    expect(summary!.Subject).toBe('You have been invited');
    expect(summary!.To).toEqual([{ Name: '', Address: to }]);
    expect(summary!.From).toEqual({ Name: 'Test Sender', Address: 'admin@email.com' });
    expect(summary!.Snippet).toBe('Follow this link to accept the invite: http://127.0.0.1:5173/accept');
    expect(summary!.Read).toBe(false);
    expect(Math.abs(Date.parse(summary!.Created) - Date.now())).toBeLessThan(60_000);

    const response = await fetch(`${mailpitUrl()}/api/v1/message/${summary!.ID}`);
    expect(response.status).toBe(200);
    const message = (await response.json()) as { ID: string; Subject: string; To: Address[]; Text: string; HTML: string; Date: string };
    expect(message.ID).toBe(summary!.ID);
    expect(message.Subject).toBe('You have been invited');
    expect(message.To).toEqual([{ Name: '', Address: to }]);
    expect(message.Text.trim()).toBe('Follow this link to accept the invite:\nhttp://127.0.0.1:5173/accept');
    expect(message.HTML.trim()).toBe('<h2>You have been invited</h2><p><a href="http://127.0.0.1:5173/accept">Accept the invite</a></p>');
    expect(Number.isNaN(Date.parse(message.Date))).toBe(false);

    // Reading it marks it read, as in Mailpit.
    expect((await messages()).messages[0]!.Read).toBe(true);
    expect((await fetch(`${mailpitUrl()}/api/v1/message/no-such-id`)).status).toBe(404);
  });

  it('lists the newest first, pages with start and limit, and finds mail by recipient with /api/v1/search', async () => {
    const first = uniqueAddress('first');
    const second = uniqueAddress('second');
    await sendMail(smtpPort(), { from: 'admin@email.com', to: [first], subject: 'First', text: 'one' });
    await sendMail(smtpPort(), { from: 'admin@email.com', to: [second], subject: 'Second', text: 'two' });

    expect((await messages()).messages.map((message) => message.Subject)).toEqual(['Second', 'First']);
    const page = await messages('?start=1&limit=1');
    expect(page.messages.map((message) => message.Subject)).toEqual(['First']);
    expect(page.count).toBe(1);
    expect(page.total).toBe(2);

    const search = await fetch(`${mailpitUrl()}/api/v1/search?query=${encodeURIComponent(`to:${first}`)}`);
    expect(search.status).toBe(200);
    const found = (await search.json()) as MessagesPage;
    expect(found.messages.map((message) => message.Subject)).toEqual(['First']);
    expect(found.messages_count).toBe(1);

    expect((await fetch(`${mailpitUrl()}/api/v1/messages?limit=-1`)).status).toBe(400);
  });

  it('DELETE /api/v1/messages removes the given IDs, and without a body removes every message', async () => {
    await sendMail(smtpPort(), { from: 'admin@email.com', to: [uniqueAddress('a')], subject: 'Keep', text: 'keep' });
    await sendMail(smtpPort(), { from: 'admin@email.com', to: [uniqueAddress('b')], subject: 'Drop', text: 'drop' });
    const drop = (await messages()).messages.find((message) => message.Subject === 'Drop')!;

    const some = await fetch(`${mailpitUrl()}/api/v1/messages`, { method: 'DELETE', body: JSON.stringify({ IDs: [drop.ID] }) });
    expect(some.status).toBe(200);
    expect((await messages()).messages.map((message) => message.Subject)).toEqual(['Keep']);

    await deleteAll();
    const empty = await messages();
    expect(empty.total).toBe(0);
    expect(empty.messages).toEqual([]);
  });

  it('DELETE /api/v1/messages refuses a body over 1 MB with 400 and deletes nothing', async () => {
    await sendMail(smtpPort(), { from: 'admin@email.com', to: [uniqueAddress('kept')], subject: 'Kept', text: 'kept' });
    const body = JSON.stringify({ IDs: Array.from({ length: 50_000 }, (_, index) => `unknown-message-id-${index}`) });
    expect(body.length).toBeGreaterThan(1024 * 1024);
    const response = await fetch(`${mailpitUrl()}/api/v1/messages`, { method: 'DELETE', body });
    expect(response.status).toBe(400);
    expect((await messages()).messages.map((message) => message.Subject)).toEqual(['Kept']);
  });

  it('lists mail on its page with everything from the message HTML-escaped', async () => {
    await sendMail(smtpPort(), { from: 'admin@email.com', to: [uniqueAddress('page')], subject: 'Reset <b>your</b> password', text: 'Use <this> link' });
    const response = await fetch(`${mailpitUrl()}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const page = await response.text();
    expect(page).toContain('Reset &lt;b&gt;your&lt;/b&gt; password');
    expect(page).not.toContain('<b>your</b>');
    expect(page).toContain('Use &lt;this&gt; link');
  });

  describe('in a browser', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
    });
    afterAll(async () => {
      await browser?.close();
    });

    it('shows an HTML body without running the scripts in it', async () => {
      const html = [
        '<p id="greeting">Set your password</p>',
        '<script>document.body.setAttribute("data-ran", "script"); try { parent.document.title = "pwned"; } catch (e) {}</script>',
        '<img src="x" onerror="document.body.setAttribute(\'data-ran\', \'onerror\')">',
      ].join('');
      await sendMail(smtpPort(), { from: 'admin@email.com', to: [uniqueAddress('script')], subject: 'Scripted', html });
      const page = await browser.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      try {
        await page.goto(`${mailpitUrl()}/`);
        await page.getByRole('link', { name: 'Scripted' }).click();
        await expect.poll(() => page.title()).toBe('Scripted');
        const body = page.frameLocator('iframe[title="Message body"]').locator('body');
        // The body is rendered...
        await expect.poll(() => body.locator('#greeting').textContent()).toBe('Set your password');
        // ...and neither its script nor its event handler ran.
        expect(await body.getAttribute('data-ran')).toBeNull();
        expect(await page.title()).toBe('Scripted');
        expect(pageErrors).toEqual([]);
      } finally {
        await page.close();
      }
    });
  });

  it('listens on 127.0.0.1 only (SMTP and HTTP refuse another loopback address)', async () => {
    // Linux routes all of 127.0.0.0/8 to the loopback interface: a server bound to every address would answer.
    const refused = (port: number) =>
      new Promise<boolean>((resolve) => {
        const socket = net.connect({ host: '127.0.0.2', port });
        socket.once('connect', () => {
          socket.destroy();
          resolve(false);
        });
        socket.once('error', () => resolve(true));
      });
    expect(await refused(smtpPort())).toBe(true);
    expect(await refused(Number(new URL(mailpitUrl()).port))).toBe(true);
  });

  it('answers only requests addressed to 127.0.0.1 or localhost (a DNS-rebound page cannot read the mail)', async () => {
    const status = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const request = http.get({ host: '127.0.0.1', port: Number(new URL(mailpitUrl()).port), path: '/api/v1/messages', headers: { host } }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        request.once('error', reject);
      });
    const port = new URL(mailpitUrl()).port;
    expect(await status(`attacker.example:${port}`)).toBe(403);
    expect(await status(`localhost:${port}`)).toBe(200);
    expect(await status(`127.0.0.1:${port}`)).toBe(200);
  });

  it('comes back after being killed and takes mail again', async () => {
    const state = () => JSON.parse(fs.readFileSync(stackEnv().stateFile, 'utf8')) as { parts: Record<string, number> };
    const before = state().parts.mail!;
    expect(before).toBeGreaterThan(0);
    process.kill(before, 'SIGKILL');
    await eventually(() => state().parts.mail !== before, 'the mail catcher to be restarted', 20_000);
    const to = uniqueAddress('after-restart');
    await eventually(async () => (await sendMail(smtpPort(), { from: 'admin@email.com', to: [to], subject: 'After restart', text: 'back' })).startsWith('250'), 'SMTP to take mail again', 20_000);
    const list = await eventually(async () => {
      const response = await fetch(`${mailpitUrl()}/api/v1/messages`);
      return response.ok ? ((await response.json()) as MessagesPage) : null;
    }, 'the API to answer again', 20_000);
    expect(list.messages.map((message) => message.Subject)).toEqual(['After restart']);
  });
});

/**
 * The caught mail, in memory (newest first, the oldest dropped beyond a count and a size limit), shaped as Mailpit's API
 * answers it: message summaries for GET /api/v1/messages and whole messages for GET /api/v1/message/{ID},
 * with Mailpit's JSON field names (ID, MessageID, From, To, Subject, Created, Snippet, Text, HTML, ...).
 */
import { randomBytes } from 'node:crypto';
import type { AddressObject, ParsedMail } from 'mailparser';

/** Mailpit's address shape. */
export interface MailAddress {
  Name: string;
  Address: string;
}

export interface AttachmentSummary {
  PartID: string;
  FileName: string;
  ContentType: string;
  ContentID: string;
  Size: number;
}

/** GET /api/v1/message/{ID}. */
export interface Message {
  ID: string;
  MessageID: string;
  From: MailAddress | null;
  To: MailAddress[];
  Cc: MailAddress[];
  Bcc: MailAddress[];
  ReplyTo: MailAddress[];
  ReturnPath: string;
  Subject: string;
  /** The Date header (the receipt time when absent), ISO 8601. */
  Date: string;
  Tags: string[];
  Text: string;
  HTML: string;
  Size: number;
  Inline: AttachmentSummary[];
  Attachments: AttachmentSummary[];
}

/** One entry of GET /api/v1/messages. */
export interface MessageSummary {
  ID: string;
  MessageID: string;
  Read: boolean;
  From: MailAddress | null;
  To: MailAddress[];
  Cc: MailAddress[];
  Bcc: MailAddress[];
  ReplyTo: MailAddress[];
  Subject: string;
  /** When the catcher received it, ISO 8601. */
  Created: string;
  Tags: string[];
  Size: number;
  Attachments: number;
  Snippet: string;
}

/** GET /api/v1/messages and /api/v1/search. */
export interface MessagesPage {
  total: number;
  unread: number;
  count: number;
  messages_count: number;
  start: number;
  tags: string[];
  messages: MessageSummary[];
}

interface Stored {
  message: Message;
  created: string;
  read: boolean;
  snippet: string;
}

/** Mailpit keeps snippets to 250 characters of the text (or the HTML's text) with whitespace collapsed. */
const SNIPPET_LENGTH = 250;

function addresses(value: AddressObject | AddressObject[] | undefined): MailAddress[] {
  const groups = value === undefined ? [] : Array.isArray(value) ? value : [value];
  const flat: MailAddress[] = [];
  const visit = (entries: AddressObject['value']) => {
    for (const entry of entries) {
      if (entry.group) visit(entry.group);
      else flat.push({ Name: entry.name ?? '', Address: entry.address ?? '' });
    }
  };
  for (const group of groups) visit(group.value);
  return flat;
}

function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

function snippetOf(text: string, html: string): string {
  const source = text.trim() ? text : htmlToText(html);
  const collapsed = source.replace(/\s+/g, ' ').trim();
  return collapsed.length > SNIPPET_LENGTH ? `${collapsed.slice(0, SNIPPET_LENGTH)}...` : collapsed;
}

/** Mailpit-style identifiers: 22 URL-safe characters. */
function newId(): string {
  return randomBytes(16).toString('base64url').slice(0, 22);
}

export interface Envelope {
  from: string;
  to: string[];
  size: number;
}

export class Mailbox {
  /** Newest first. */
  private readonly stored: Stored[] = [];
  /** The sum of the stored messages' sizes. */
  private bytes = 0;

  /**
   * Keeps at most `limit` messages and, beyond the newest one, at most `byteLimit` bytes of them (each counted at
   * its size as received, which bounds its text and HTML): 500 messages of up to 10 MB each could otherwise hold
   * gigabytes.
   */
  constructor(
    private readonly limit = 500,
    private readonly byteLimit = 100 * 1024 * 1024,
  ) {}

  /** Keeps a parsed message; recipients only in the envelope (Bcc) are listed as Bcc, as Mailpit does. */
  add(parsed: ParsedMail, envelope: Envelope): Message {
    const now = new Date().toISOString();
    const to = addresses(parsed.to);
    const cc = addresses(parsed.cc);
    const listed = new Set([...to, ...cc].map((entry) => entry.Address.toLowerCase()));
    const bcc = [...addresses(parsed.bcc), ...envelope.to.filter((address) => !listed.has(address.toLowerCase())).map((Address) => ({ Name: '', Address }))];
    const attachments = parsed.attachments.map((attachment, index) => ({
      PartID: String(index + 1),
      FileName: attachment.filename ?? '',
      ContentType: attachment.contentType,
      ContentID: attachment.contentId ?? '',
      Size: attachment.size,
      inline: attachment.contentDisposition === 'inline' && Boolean(attachment.contentId),
    }));
    const text = parsed.text ?? '';
    const html = typeof parsed.html === 'string' ? parsed.html : '';
    const message: Message = {
      ID: newId(),
      MessageID: (parsed.messageId ?? '').replace(/^<|>$/g, ''),
      From: addresses(parsed.from)[0] ?? (envelope.from ? { Name: '', Address: envelope.from } : null),
      To: to,
      Cc: cc,
      Bcc: dedupe(bcc),
      ReplyTo: addresses(parsed.replyTo),
      ReturnPath: envelope.from,
      Subject: parsed.subject ?? '',
      Date: (parsed.date ?? new Date(now)).toISOString(),
      Tags: [],
      Text: text,
      HTML: html,
      Size: envelope.size,
      Inline: attachments.filter((entry) => entry.inline).map(({ inline: _inline, ...entry }) => entry),
      Attachments: attachments.filter((entry) => !entry.inline).map(({ inline: _inline, ...entry }) => entry),
    };
    this.stored.unshift({ message, created: now, read: false, snippet: snippetOf(text, html) });
    this.bytes += message.Size;
    while (this.stored.length > this.limit || (this.stored.length > 1 && this.bytes > this.byteLimit)) {
      this.bytes -= this.stored.pop()!.message.Size;
    }
    return message;
  }

  /** A message by ID, or the newest for "latest" (as Mailpit allows); marks it read. */
  get(id: string): Message | null {
    const entry = id === 'latest' ? this.stored[0] : this.stored.find((candidate) => candidate.message.ID === id);
    if (!entry) return null;
    entry.read = true;
    return entry.message;
  }

  /** A page of summaries, newest first, of every message or those `matches` admits. */
  page(start: number, limit: number, matches: (message: Message) => boolean = () => true): MessagesPage {
    const selected = this.stored.filter((entry) => matches(entry.message));
    const messages = selected.slice(start, start + limit).map((entry) => summary(entry));
    return {
      total: this.stored.length,
      unread: this.stored.filter((entry) => !entry.read).length,
      count: messages.length,
      messages_count: selected.length,
      start,
      tags: [],
      messages,
    };
  }

  /** Deletes the given messages, or all of them without IDs; returns how many went. */
  delete(ids?: string[]): number {
    const before = this.stored.length;
    if (!ids || ids.length === 0) {
      this.stored.length = 0;
      this.bytes = 0;
      return before;
    }
    const doomed = new Set(ids);
    for (let index = this.stored.length - 1; index >= 0; index -= 1) {
      if (doomed.has(this.stored[index]!.message.ID)) this.bytes -= this.stored.splice(index, 1)[0]!.message.Size;
    }
    return before - this.stored.length;
  }
}

function dedupe(list: MailAddress[]): MailAddress[] {
  const seen = new Set<string>();
  return list.filter((entry) => {
    const key = entry.Address.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function summary(entry: Stored): MessageSummary {
  const { message } = entry;
  return {
    ID: message.ID,
    MessageID: message.MessageID,
    Read: entry.read,
    From: message.From,
    To: message.To,
    Cc: message.Cc,
    Bcc: message.Bcc,
    ReplyTo: message.ReplyTo,
    Subject: message.Subject,
    Created: entry.created,
    Tags: message.Tags,
    Size: message.Size,
    Attachments: message.Attachments.length,
    Snippet: entry.snippet,
  };
}

/**
 * Mailpit's search terms this catcher understands: `to:`, `from:`, `subject:` and plain words (matched in the
 * subject, addresses and text), all case-insensitive and all required.
 */
export function searchMatcher(query: string): (message: Message) => boolean {
  const terms = (query.match(/(?:[a-z]+:)?(?:"[^"]*"|\S+)/gi) ?? []).map((term) => {
    const match = /^([a-z]+):(.*)$/i.exec(term);
    const field = match ? match[1]!.toLowerCase() : '';
    const value = (match ? match[2]! : term).replace(/^"|"$/g, '').toLowerCase();
    return { field, value };
  });
  const listed = (list: MailAddress[]) => list.map((entry) => `${entry.Name} <${entry.Address}>`).join(' ').toLowerCase();
  return (message) =>
    terms.every(({ field, value }) => {
      if (field === 'to') return listed([...message.To, ...message.Cc, ...message.Bcc]).includes(value);
      if (field === 'from') return listed(message.From ? [message.From] : []).includes(value);
      if (field === 'subject') return message.Subject.toLowerCase().includes(value);
      const haystack = [message.Subject, listed(message.From ? [message.From] : []), listed(message.To), message.Text].join(' ').toLowerCase();
      return haystack.includes(value);
    });
}

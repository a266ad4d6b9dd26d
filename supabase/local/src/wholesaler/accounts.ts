/**
 * The test wholesaler's trading partners: who may call it (API keys) and, per key, the interchanges it has sent —
 * the outbox that GET /x12?after= reads — with that key's own interchange and group control numbers. One key is
 * one pharmacy account, so tests that each use their own `test-…` key never see each other's documents.
 *
 * Accepted keys: `demo-wholesaler-key` (the demo pharmacy's), any key starting with `test-` (one per test), and the
 * keys listed in WHOLESALER_API_KEYS (comma-separated), for a pharmacy configured with a key of its own.
 * Held in memory, bounded: at most MAX_ACCOUNTS keys (the least recently used is forgotten), MAX_OUTBOX
 * interchanges and MAX_ORDERS orders per key (the oldest dropped). Gone when the part stops, like a fresh sandbox.
 */
import type { Fulfilment } from './fulfilment.ts';

export const DEMO_WHOLESALER_KEY = 'demo-wholesaler-key';
export const TEST_KEY_PREFIX = 'test-';
export const MAX_ACCOUNTS = 1_000;
export const MAX_OUTBOX = 1_000;
export const MAX_ORDERS = 1_000;
/** Longest key taken (a bearer token longer than this is refused unread). */
export const MAX_KEY_LENGTH = 200;

export interface SentInterchange {
  controlNumber: number;
  /** The transaction sets it holds, e.g. ['856']. */
  sets: string[];
  body: string;
}

export class Account {
  private nextInterchange = 1;
  private nextGroup = 1;
  private readonly outbox: SentInterchange[] = [];
  /** Orders taken, by PO number: a PO sent again is acknowledged again but not shipped twice. */
  private readonly orders = new Map<string, Fulfilment>();

  order(poNumber: string): Fulfilment | undefined {
    return this.orders.get(poNumber);
  }

  rememberOrder(fulfilment: Fulfilment): void {
    this.orders.set(fulfilment.poNumber, fulfilment);
    if (this.orders.size > MAX_ORDERS) this.orders.delete(this.orders.keys().next().value!);
  }

  takeInterchangeNumber(): number {
    return this.nextInterchange++;
  }

  takeGroupNumber(): number {
    return this.nextGroup++;
  }

  send(interchange: SentInterchange): void {
    this.outbox.push(interchange);
    if (this.outbox.length > MAX_OUTBOX) this.outbox.shift();
  }

  /** The oldest interchange numbered above `after`, and how many more follow it. */
  nextAfter(after: number): { interchange: SentInterchange; remaining: number } | null {
    const index = this.outbox.findIndex((interchange) => interchange.controlNumber > after);
    if (index < 0) return null;
    return { interchange: this.outbox[index]!, remaining: this.outbox.length - index - 1 };
  }
}

export function configuredKeys(env: NodeJS.ProcessEnv = process.env): Set<string> {
  return new Set((env.WHOLESALER_API_KEYS ?? '').split(',').map((key) => key.trim()).filter((key) => key !== ''));
}

export class Accounts {
  private readonly accounts = new Map<string, Account>();

  constructor(private readonly extraKeys: ReadonlySet<string> = new Set()) {}

  accepts(key: string): boolean {
    if (key.length > MAX_KEY_LENGTH) return false;
    return key === DEMO_WHOLESALER_KEY || (key.startsWith(TEST_KEY_PREFIX) && key.length > TEST_KEY_PREFIX.length) || this.extraKeys.has(key);
  }

  /** The key's account, created on first use; call only with an accepted key. */
  of(key: string): Account {
    let account = this.accounts.get(key);
    if (account) {
      // Map order is use order: move it to the end.
      this.accounts.delete(key);
    } else {
      account = new Account();
      if (this.accounts.size >= MAX_ACCOUNTS) this.accounts.delete(this.accounts.keys().next().value!);
    }
    this.accounts.set(key, account);
    return account;
  }
}

/**
 * Per-client-IP request limits, as GoTrue's rate limiter keeps them: in the service's memory, a fixed number
 * of requests per window for each address (GOTRUE_RATE_LIMIT_HEADER = X-Forwarded-For, which the gateway
 * overwrites with the peer address, so a client cannot choose its bucket).
 */
import { AuthHttpError } from './errors.ts';

export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a request from `key`; throws GoTrue's 429 when the key has used up its window. A max of 0 never limits. */
  take(key: string): void {
    if (this.max <= 0) return;
    const now = this.now();
    const recent = (this.hits.get(key) ?? []).filter((at) => at > now - this.windowMs);
    if (recent.length >= this.max) {
      this.hits.set(key, recent);
      throw new AuthHttpError(429, 'over_request_rate_limit', 'Request rate limit reached');
    }
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > 10_000) this.forgetIdle(now);
  }

  private forgetIdle(now: number): void {
    for (const [key, times] of this.hits) {
      if (!times.some((at) => at > now - this.windowMs)) this.hits.delete(key);
    }
  }
}

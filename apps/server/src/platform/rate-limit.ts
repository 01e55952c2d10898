import type { Redis } from 'ioredis';

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

/** Fixed-window counters; in memory for one process, in Redis when several processes serve the API. */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  reset(key: string): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  private windows = new Map<string, { count: number; resetAt: number }>();

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const now = Date.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, w);
      if (this.windows.size > 50_000) this.sweep(now);
    }
    w.count++;
    return { allowed: w.count <= limit, count: w.count, retryAfterSeconds: Math.ceil((w.resetAt - now) / 1000) };
  }

  async reset(key: string) {
    this.windows.delete(key);
  }

  private sweep(now: number) {
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}

/** Keys are `<prefix>:rl:<key>`: two deployments on one Redis (REDIS_CHANNEL_PREFIX) keep their own counters. */
export class RedisRateLimiter implements RateLimiter {
  constructor(
    private redis: Pick<Redis, 'multi' | 'pexpire' | 'del'>,
    private prefix: string,
  ) {}

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const k = `${this.prefix}:rl:${key}`;
    const [[, count], [, ttl]] = (await this.redis.multi().incr(k).pttl(k).exec()) as [[null, number], [null, number]];
    if (ttl < 0) await this.redis.pexpire(k, windowMs);
    const ms = ttl < 0 ? windowMs : ttl;
    return { allowed: count <= limit, count, retryAfterSeconds: Math.ceil(ms / 1000) };
  }

  async reset(key: string) {
    await this.redis.del(`${this.prefix}:rl:${key}`);
  }
}

import { describe, expect, it } from 'vitest';
import { trustProxy } from '../config';
import { RedisRateLimiter } from './rate-limit';

/** Enough of ioredis for the limiter: records the keys it touches. */
function recordingRedis() {
  const keys: string[] = [];
  const touch = <T>(k: string, answer: T) => {
    keys.push(k);
    return answer;
  };
  const redis = {
    multi: () => {
      const chain = {
        incr: (k: string) => touch(k, chain),
        pttl: (k: string) => touch(k, chain),
        exec: async () => [
          [null, 1],
          [null, -1],
        ],
      };
      return chain;
    },
    pexpire: async (k: string) => touch(k, 1),
    del: async (k: string) => touch(k, 1),
  };
  return { keys, redis: redis as unknown as ConstructorParameters<typeof RedisRateLimiter>[0] };
}

describe('RedisRateLimiter', () => {
  it("keys carry the deployment's prefix, so two deployments on one Redis keep their own counters", async () => {
    const { keys, redis } = recordingRedis();
    const limiter = new RedisRateLimiter(redis, 'acme-prod');
    await limiter.hit('login:ip:10.0.0.1', 5, 60_000);
    await limiter.reset('login:ip:10.0.0.1');
    expect(new Set(keys)).toEqual(new Set(['acme-prod:rl:login:ip:10.0.0.1']));
  });
});

describe('TRUST_PROXY', () => {
  it('is no proxy by default, a hop count, or a list of addresses and CIDRs', () => {
    expect(trustProxy('')).toBe(false);
    const oneHop = trustProxy('1') as (address: string, hop: number) => boolean;
    expect([oneHop('10.0.0.2', 0), oneHop('203.0.113.9', 1)]).toEqual([true, false]);
    expect(trustProxy('127.0.0.1, 10.0.0.0/8,::1')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
  });

  it('refuses what is neither (never trust every hop)', () => {
    for (const bad of ['true', 'localhost', '10.0.0.0/33', '1.2.3']) expect(() => trustProxy(bad)).toThrow(/TRUST_PROXY/);
  });
});

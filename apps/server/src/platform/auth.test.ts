import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenService } from './auth';

describe('TokenService', () => {
  afterEach(() => vi.useRealTimers());

  it('answers the claims of its own tokens, again from memory, and nothing for a forged or foreign one', async () => {
    const tokens = new TokenService('a'.repeat(64), 60);
    const token = await tokens.sign({ userId: 7, companyId: 3, tokenVersion: 2 });
    expect(await tokens.verify(token)).toEqual({ userId: 7, companyId: 3, tokenVersion: 2 });
    expect(await tokens.verify(token)).toEqual({ userId: 7, companyId: 3, tokenVersion: 2 });
    const [h, p, sig] = token.split('.');
    expect(await tokens.verify(`${h}.${p}.${sig.slice(0, -2)}xx`)).toBeNull();
    expect(await new TokenService('b'.repeat(64), 60).verify(token)).toBeNull();
  });

  it('refuses a remembered token once it expires', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') });
    const tokens = new TokenService('a'.repeat(64), 60);
    const token = await tokens.sign({ userId: 7, companyId: 3, tokenVersion: 0 });
    expect(await tokens.verify(token)).not.toBeNull();
    vi.setSystemTime(new Date('2026-11-22T10:01:01Z'));
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
  });

  it('tells an expired token of ours (the client refreshes) from one that is not ours (issue 37)', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') });
    const tokens = new TokenService('a'.repeat(64), 60);
    const remembered = await tokens.sign({ userId: 7, companyId: 3, tokenVersion: 0 });
    expect(await tokens.inspect(remembered)).toEqual({ userId: 7, companyId: 3, tokenVersion: 0 });
    const unseen = await new TokenService('a'.repeat(64), 60).sign({ userId: 8, companyId: 3, tokenVersion: 0 });
    const foreign = await new TokenService('b'.repeat(64), 60).sign({ userId: 7, companyId: 3, tokenVersion: 0 });
    vi.setSystemTime(new Date('2026-11-22T10:01:01Z'));
    expect(await tokens.inspect(remembered)).toBe('expired');
    expect(await tokens.inspect(remembered)).toBe('expired');
    expect(await tokens.inspect(unseen)).toBe('expired');
    expect(await tokens.inspect(foreign)).toBe('invalid');
    expect(await tokens.inspect('a.b.c')).toBe('invalid');
  });
});

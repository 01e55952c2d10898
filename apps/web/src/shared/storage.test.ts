import { describe, expect, it } from 'vitest';
import { getRememberedEmail, getVolume, rememberEmail, STORAGE_KEYS, setItem } from './storage';

const DAY = 86_400_000;

describe('remember me', () => {
  it('keeps the e-mail for 7 days', () => {
    const now = Date.UTC(2030, 0, 1);
    rememberEmail('ana@example.com', now);
    expect(getRememberedEmail(now + 6 * DAY)).toBe('ana@example.com');
    expect(getRememberedEmail(now + 7 * DAY + 1)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.rememberedEmail)).toBeNull();
  });

  it('forgets on request and survives garbage', () => {
    rememberEmail('ana@example.com');
    rememberEmail(null);
    expect(getRememberedEmail()).toBeNull();
    localStorage.setItem(STORAGE_KEYS.rememberedEmail, '{not json');
    expect(getRememberedEmail()).toBeNull();
  });
});

describe('volume', () => {
  it('defaults to 1 and stays within 0..1', () => {
    expect(getVolume()).toBe(1);
    setItem(STORAGE_KEYS.volume, '0.3');
    expect(getVolume()).toBe(0.3);
    setItem(STORAGE_KEYS.volume, '7');
    expect(getVolume()).toBe(1);
    setItem(STORAGE_KEYS.volume, '0');
    expect(getVolume()).toBe(0);
  });
});

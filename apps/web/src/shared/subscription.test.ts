import { PLATFORM_COMPANY_ID } from '@atendo/shared';
import { describe, expect, it } from 'vitest';
import { daysUntilDue, formatDate, isSubscriptionValid } from './subscription';

const now = new Date('2030-06-10T12:00:00Z');

describe('subscription', () => {
  it('is valid through the due day on the company clock (the server rule)', () => {
    expect(isSubscriptionValid({ id: 2, dueDate: '2030-06-11T00:00:00Z' }, now)).toBe(true);
    expect(isSubscriptionValid({ id: 2, dueDate: '2030-06-10T00:00:00Z' }, now)).toBe(true);
    expect(isSubscriptionValid({ id: 2, dueDate: '2030-06-09T00:00:00Z' }, now)).toBe(false);
    expect(isSubscriptionValid({ id: 2, dueDate: '2030-01-01T00:00:00Z' }, now)).toBe(false);
    // 01:00 UTC on the 11th is still the 10th in São Paulo, already the 11th in Tokyo
    const late = new Date('2030-06-11T01:00:00Z');
    expect(isSubscriptionValid({ id: 2, dueDate: '2030-06-10', timezone: 'America/Sao_Paulo' }, late)).toBe(true);
    expect(isSubscriptionValid({ id: 2, dueDate: '2030-06-10', timezone: 'Asia/Tokyo' }, late)).toBe(false);
  });

  it('company 1 never expires', () => {
    expect(isSubscriptionValid({ id: PLATFORM_COMPANY_ID, dueDate: '2000-01-01T00:00:00Z' }, now)).toBe(true);
    expect(isSubscriptionValid({ id: PLATFORM_COMPANY_ID, dueDate: null }, now)).toBe(true);
  });

  it('counts whole days left for the warning', () => {
    expect(daysUntilDue({ id: 2, dueDate: '2030-06-14T00:00:00Z' }, now)).toBe(4);
    expect(daysUntilDue({ id: 2, dueDate: '2030-06-10T00:00:00Z' }, now)).toBe(0);
    expect(daysUntilDue({ id: 2, dueDate: null }, now)).toBeNull();
  });

  it('formats a due date as the calendar day it is, DD/MM/yyyy (issue 30 item 2: 27/12 was shown as 26/12)', () => {
    expect(formatDate('2026-12-27T00:00:00.000Z')).toBe('27/12/2026');
    expect(formatDate('2026-12-27')).toBe('27/12/2026');
    expect(formatDate('2999-12-31T23:59:59.000Z')).toBe('31/12/2999');
    expect(formatDate(null)).toBe('');
    expect(formatDate('amanhã')).toBe('');
  });
});

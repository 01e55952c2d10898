import { PLATFORM_COMPANY_ID } from '@atendo/shared';
import { describe, expect, it } from 'vitest';
import { daysUntilDue, formatDate, isSubscriptionValid } from './subscription';

const now = new Date('2030-06-10T12:00:00Z');

describe('subscription', () => {
  it('is valid while the due date is after now', () => {
    expect(isSubscriptionValid({ id: 2, dueDate: '2030-06-11T00:00:00Z' }, now)).toBe(true);
    expect(isSubscriptionValid({ id: 2, dueDate: '2030-06-10T12:00:00Z' }, now)).toBe(false);
    expect(isSubscriptionValid({ id: 2, dueDate: '2030-01-01T00:00:00Z' }, now)).toBe(false);
  });

  it('company 1 never expires', () => {
    expect(isSubscriptionValid({ id: PLATFORM_COMPANY_ID, dueDate: '2000-01-01T00:00:00Z' }, now)).toBe(true);
    expect(isSubscriptionValid({ id: PLATFORM_COMPANY_ID, dueDate: null }, now)).toBe(true);
  });

  it('counts whole days left for the warning', () => {
    expect(daysUntilDue({ id: 2, dueDate: '2030-06-14T13:00:00Z' }, now)).toBe(4);
    expect(daysUntilDue({ id: 2, dueDate: '2030-06-10T20:00:00Z' }, now)).toBe(0);
    expect(daysUntilDue({ id: 2, dueDate: null }, now)).toBeNull();
  });

  it('formats DD/MM/yyyy in the company timezone', () => {
    expect(formatDate('2030-06-10T02:00:00Z', 'America/Sao_Paulo')).toBe('09/06/2030');
    expect(formatDate('2999-12-31T23:59:59.000Z', 'UTC')).toBe('31/12/2999');
    expect(formatDate('2030-06-10T02:00:00Z', 'Not/AZone')).toMatch(/^\d\d\/\d\d\/2030$/);
    expect(formatDate(null)).toBe('');
  });
});

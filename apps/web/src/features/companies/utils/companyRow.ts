import { type CompanyDto, companyDueState, RECURRENCES, type Recurrence } from '@atendo/shared';
import { daysUntilDue } from '../../../shared/subscription';

/**
 * The row's colour state (seed 001): yellow 1 to 5 days before the due day, red on it or past; company 1 never.
 * "Today" is the viewer's clock (the table does not carry each company's zone).
 */
export function companyRowState(company: Pick<CompanyDto, 'id' | 'dueDate'>, now: Date = new Date(), timeZone?: string) {
  return companyDueState(daysUntilDue({ ...company, timezone: timeZone }, now));
}

/** The plan's value: 'R$ 0.00' with two decimals, '-' without a plan. */
export function planValue(company: Pick<CompanyDto, 'plan'>): string {
  if (!company.plan) return '-';
  return `R$ ${(company.plan.amount ?? 0).toFixed(2)}`;
}

/** Bytes for people: 0 B, 12.3 KB, 4.5 MB, 1.2 GB. */
export function formatBytes(bytes: number): string {
  if (!bytes) return '0 B';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  const i = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** i;
  return `${i === 0 ? value : value.toFixed(1)} ${units[i]}`;
}

/** The due date moved forward by the recurrence's months (the form's "renew" button), as YYYY-MM-DD. */
export function addRecurrence(day: string, recurrence: Recurrence, today: Date = new Date()): string {
  const base = /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T00:00:00Z`) : today;
  const next = new Date(Date.UTC(base.getUTCFullYear(), base.getUTCMonth() + RECURRENCES[recurrence], base.getUTCDate()));
  // 31 Jan + 1 month is the last day of February, not 3 March.
  if (next.getUTCDate() !== base.getUTCDate()) next.setUTCDate(0);
  return next.toISOString().slice(0, 10);
}

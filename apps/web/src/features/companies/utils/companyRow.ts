import { type CompanyDto, companyDueState, RECURRENCES, type Recurrence } from '@atendo/shared';
import { daysUntilDue } from '../../../shared/subscription';

/**
 * The row's colour state (seed 001): yellow 1 to 5 days before the due day, red on it or past; company 1 never.
 * "Today" is the viewer's clock (the table does not carry each company's zone).
 */
export function companyRowState(company: Pick<CompanyDto, 'id' | 'dueDate'>, now: Date = new Date(), timeZone?: string) {
  return companyDueState(daysUntilDue({ ...company, timezone: timeZone }, now));
}

/** The plan's value in the product's one money format (useMoney: 'R$ 0,00' in Portuguese), '-' without a plan. */
export function planValue(company: Pick<CompanyDto, 'plan'>, money: (value: number) => string): string {
  if (!company.plan) return '-';
  return money(company.plan.amount ?? 0);
}

/** Bytes for people, in the reader's number format: 0 B, 12,3 KB, 4,5 MB, 1,2 GB in Portuguese (12.3 KB in English). */
export function formatBytes(bytes: number, locale = 'pt-BR'): string {
  if (!bytes) return '0 B';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  const i = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** i;
  const digits = i === 0 ? 0 : 1;
  return `${new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value)} ${units[i]}`;
}

/** The due date moved forward by the recurrence's months (the form's "renew" button), as YYYY-MM-DD. */
export function addRecurrence(day: string, recurrence: Recurrence, today: Date = new Date()): string {
  const base = /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T00:00:00Z`) : today;
  const next = new Date(Date.UTC(base.getUTCFullYear(), base.getUTCMonth() + RECURRENCES[recurrence], base.getUTCDate()));
  // 31 Jan + 1 month is the last day of February, not 3 March.
  if (next.getUTCDate() !== base.getUTCDate()) next.setUTCDate(0);
  return next.toISOString().slice(0, 10);
}

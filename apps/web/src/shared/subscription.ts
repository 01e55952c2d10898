import { PLATFORM_COMPANY_ID, PLATFORM_DUE_DATE, REPORT_TIMEZONE } from '@atendo/shared';
import { formatDay, makeClock } from './clock';

export interface CompanyDueInfo {
  id: number;
  dueDate: string | null;
}

const DAY_MS = 86_400_000;

/** Company 1 never expires: it is given the platform's fake due date (seed 000 §4). */
export function effectiveDueDate(company: CompanyDueInfo): Date | null {
  if (company.id === PLATFORM_COMPANY_ID) return new Date(PLATFORM_DUE_DATE);
  if (!company.dueDate) return null;
  const date = new Date(company.dueDate);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Valid while the due date is in the future. A company without a due date has no subscription
 * end configured and counts as valid (Atendo's decision: the seeds only speak of dated companies).
 */
export function isSubscriptionValid(company: CompanyDueInfo | null | undefined, now: Date = new Date()): boolean {
  if (!company) return false;
  const due = effectiveDueDate(company);
  if (!due) return true;
  return due.getTime() > now.getTime();
}

/** Whole days left before the due date (truncated, as the warning toast counts them); null without one. */
export function daysUntilDue(company: CompanyDueInfo, now: Date = new Date()): number | null {
  const due = effectiveDueDate(company);
  if (!due) return null;
  return Math.floor((due.getTime() - now.getTime()) / DAY_MS);
}

/** DD/MM/yyyy in the company's timezone (seed 000 §9 date format: the same in every language). */
export function formatDate(iso: string | Date | null | undefined, timeZone: string = REPORT_TIMEZONE): string {
  return formatDay(makeClock(timeZone, 'pt'), iso);
}

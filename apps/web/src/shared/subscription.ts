import { calendarDay, companyDueDay, daysUntilDueDay, formatCalendarDay, isCompanyExpired } from '@atendo/shared';

export interface CompanyDueInfo {
  id: number;
  dueDate: string | null;
  /** The company's time zone (the session's company has it): whose "today" the due day is compared with. */
  timezone?: string | null;
}

/** The due day to show (the platform's company has its far one, seed 000 §4); null without one. */
export function effectiveDueDate(company: CompanyDueInfo): string | null {
  return companyDueDay(company);
}

/**
 * Valid through the due day on the company's clock — the server's rule (`isCompanyExpired`, issue 30 item 2). A
 * company without a due date has no subscription end configured and counts as valid.
 */
export function isSubscriptionValid(company: CompanyDueInfo | null | undefined, now: Date = new Date()): boolean {
  if (!company) return false;
  return !isCompanyExpired(company, now, company.timezone);
}

/** Whole days left before the due day (0 on the day itself); null without one. */
export function daysUntilDue(company: CompanyDueInfo, now: Date = new Date()): number | null {
  return daysUntilDueDay(company, now, company.timezone);
}

/**
 * DD/MM/yyyy of a date-only value (a due date: seed 000 §9, the same in every language): the calendar day it is,
 * which no time zone moves — 27/12 stays 27/12 in São Paulo (issue 30 item 2).
 */
export function formatDate(value: string | Date | null | undefined): string {
  return formatCalendarDay(calendarDay(value), 'pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' });
}

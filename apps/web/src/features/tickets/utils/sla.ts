import type { Ticket } from '../../../shared/data/tickets/types';

export type SlaTarget = 'firstResponse' | 'nextResponse' | 'resolution';

/**
 * What the inbox shows of a ticket's SLA (decision 105): the target missed, else the nearest one due (the resolution
 * only while the clock runs — not while the ticket waits on the customer) with the time left (negative: overdue),
 * else that it waits on the customer; null without an SLA or with nothing due.
 */
export function slaStatus(
  sla: Ticket['sla'],
  now: number,
): { kind: 'missed'; target: SlaTarget } | { kind: 'due'; target: SlaTarget; left: number } | { kind: 'paused' } | null {
  if (!sla) return null;
  if (sla.breach) return { kind: 'missed', target: sla.breach };
  const due: [SlaTarget, string | null][] = [
    ['firstResponse', sla.firstResponseDueAt],
    ['nextResponse', sla.nextResponseDueAt],
    ['resolution', sla.pausedAt ? null : sla.resolutionDueAt],
  ];
  const next = due
    .filter((d): d is [SlaTarget, string] => Boolean(d[1]))
    .map(([target, at]) => ({ target, left: new Date(at).getTime() - now }))
    .sort((a, b) => a.left - b.left)[0];
  if (next) return { kind: 'due', ...next };
  return sla.pausedAt && sla.resolutionDueAt ? { kind: 'paused' } : null;
}

/** Under this many minutes left a due time is shown as a warning. */
export const SLA_WARN_MINUTES = 15;

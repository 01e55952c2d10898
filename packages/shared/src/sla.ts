import { z } from 'zod';

/**
 * The SLA report (GET /dashboard/sla; decision 105; docs/metrics.md "SLA"): the tickets whose queue's policy applied
 * in a range of local days, how many missed a target (by the first one missed) and the share met. Its filters are the
 * satisfaction report's (SatisfactionFilters).
 */
export const SlaFiguresDto = z.object({
  /** Tickets whose queue's policy applied in the range. */
  tickets: z.number(),
  /** Of those, the ones that missed no target (yet, for the ones still open). */
  met: z.number(),
  breached: z.number(),
  /** The missed, by the first target missed. */
  firstResponse: z.number(),
  nextResponse: z.number(),
  resolution: z.number(),
  /** Still open and not missed: their result is not final. */
  running: z.number(),
  /** met / tickets in % (one decimal); null without tickets. */
  metRate: z.number().nullable(),
});
export type SlaFiguresDto = z.infer<typeof SlaFiguresDto>;

export const SlaGroupDto = SlaFiguresDto.extend({ id: z.number().nullable(), name: z.string().nullable() });
export type SlaGroupDto = z.infer<typeof SlaGroupDto>;

export const SlaReportDto = z.object({
  range: z.object({ from: z.string(), to: z.string(), timezone: z.string() }),
  totals: SlaFiguresDto,
  attendants: z.array(SlaGroupDto),
  queues: z.array(SlaGroupDto),
});
export type SlaReportDto = z.infer<typeof SlaReportDto>;

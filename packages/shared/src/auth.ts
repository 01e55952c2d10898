import { z } from 'zod';
import { PlanDto } from './plans';
import { V } from './validation';

export const LoginBody = z.object({
  email: z.string({ error: V.required }).trim().min(1, V.required).max(254, V.tooLong).toLowerCase(),
  password: z.string({ error: V.required }).min(1, V.required).max(200, V.tooLong),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const SessionQueueDto = z.object({ id: z.number(), name: z.string(), color: z.string() });

export const SessionCompanyDto = z.object({
  id: z.number(),
  name: z.string(),
  dueDate: z.string().nullable(),
  status: z.boolean(),
  planId: z.number().nullable(),
  timezone: z.string(),
  companieSettings: z.array(z.object({ key: z.string(), value: z.string() })),
  plan: PlanDto.nullable(),
});

const flag = z.enum(['enabled', 'disabled']);
/** The user as the session knows it (seed 000 §3 "User"). */
export const SessionUserDto = z.object({
  id: z.number(),
  companyId: z.number(),
  name: z.string(),
  email: z.string(),
  profile: z.enum(['admin', 'user']),
  super: z.boolean(),
  showDashboard: flag,
  allowRealTime: flag,
  allowConnections: flag,
  allTicket: flag,
  allowGroup: flag,
  allHistoric: flag,
  allUserChat: flag,
  userClosePendingTicket: flag,
  defaultTheme: z.enum(['light', 'dark']),
  defaultMenu: z.enum(['open', 'closed']),
  defaultTicketsManagerWidth: z.number(),
  language: z.string().nullable(),
  color: z.string().nullable(),
  startWork: z.string(),
  endWork: z.string(),
  profileImage: z.string().nullable(),
  queues: z.array(SessionQueueDto),
  queueIds: z.array(z.number()),
  whatsappId: z.number().nullable(),
  online: z.boolean(),
  /** Issue 34: whether this user signs in with a second factor, and whether their company or the platform requires it. */
  twoFactorEnabled: z.boolean(),
  twoFactorRequired: z.boolean(),
  company: SessionCompanyDto,
});
export type SessionUserDto = z.infer<typeof SessionUserDto>;

export const SessionDto = z.object({ token: z.string(), user: SessionUserDto });
export type SessionDto = z.infer<typeof SessionDto>;

export const VersionDto = z.object({ version: z.string() });

import { z } from 'zod';
import { ASSIGNMENT_CAPACITY_MAX, ASSIGNMENT_MODES, ROTATION_MINUTES_OPTIONS } from './constants';
import { knownPlaceholders } from './templates';
import { colorField, nameField, V } from './validation';

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, V.invalid);
/** Service hours of one weekday: two intervals (seed 001 §3 "Schedule row"); empty times mean closed. */
export const ScheduleRowSchema = z.object({
  weekday: z.string().max(30),
  weekdayEn: z.enum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']),
  startTimeA: time.or(z.literal('')),
  endTimeA: time.or(z.literal('')),
  startTimeB: time.or(z.literal('')),
  endTimeB: time.or(z.literal('')),
});
export type ScheduleRowDto = z.infer<typeof ScheduleRowSchema>;

/**
 * Service hours as a request sends them: one row per weekday, each interval either empty (closed) or
 * with its start before its end (checked only on input, so older stored rows still read back).
 */
export const ScheduleRowsInput = z
  .array(ScheduleRowSchema)
  .max(7)
  .superRefine((rows, ctx) => {
    if (new Set(rows.map((r) => r.weekdayEn)).size !== rows.length) ctx.addIssue({ code: 'custom', message: V.invalid });
    rows.forEach((r, i) => {
      for (const [start, end] of [
        ['startTimeA', 'endTimeA'],
        ['startTimeB', 'endTimeB'],
      ] as const) {
        if (Boolean(r[start]) !== Boolean(r[end]) || (r[start] && r[start] >= r[end])) {
          ctx.addIssue({ code: 'custom', path: [i, end], message: V.invalid });
        }
      }
    });
  });

const WEEKDAYS: [string, ScheduleRowDto['weekdayEn']][] = [
  ['Segunda-feira', 'monday'],
  ['Terça-feira', 'tuesday'],
  ['Quarta-feira', 'wednesday'],
  ['Quinta-feira', 'thursday'],
  ['Sexta-feira', 'friday'],
  ['Sábado', 'saturday'],
  ['Domingo', 'sunday'],
];
/** Default service hours: 08:00–12:00 and 13:00–18:00 every weekday (seed 001 §9). */
export const defaultSchedules = (): ScheduleRowDto[] =>
  WEEKDAYS.map(([weekday, weekdayEn]) => ({
    weekday,
    weekdayEn,
    startTimeA: '08:00',
    endTimeA: '12:00',
    startTimeB: '13:00',
    endTimeB: '18:00',
  }));

export const CHATBOT_TYPES = ['text', 'attendent', 'queue', 'integration', 'file'] as const;

export interface ChatbotOptionInput {
  id?: number;
  name: string;
  greetingMessage?: string;
  queueType?: (typeof CHATBOT_TYPES)[number];
  optQueueId?: number | null;
  optUserId?: number | null;
  optIntegrationId?: number | null;
  optFileId?: number | null;
  closeTicket?: boolean;
  options?: ChatbotOptionInput[];
}

const optionalId = z.coerce.number().int().positive().nullable().optional();

/** The target a step's type needs (seed 001 §3): queue → optQueueId, attendent → optUserId, and so on. */
export const CHATBOT_TARGET: Record<(typeof CHATBOT_TYPES)[number], keyof ChatbotOptionInput | null> = {
  text: null,
  attendent: 'optUserId',
  queue: 'optQueueId',
  integration: 'optIntegrationId',
  file: 'optFileId',
};

type StepShape = Pick<ChatbotOptionInput, 'queueType' | 'greetingMessage' | 'options'> & Record<string, unknown>;
/** A step's own rules: its type's target is set; a step with inner options has the message that leads to them. */
function checkStep(step: StepShape, ctx: z.RefinementCtx) {
  const target = step.queueType ? CHATBOT_TARGET[step.queueType] : null;
  if (target && !step[target]) ctx.addIssue({ code: 'custom', path: [target], message: V.required });
  if (step.options?.length && !step.greetingMessage?.trim()) {
    ctx.addIssue({ code: 'custom', path: ['greetingMessage'], message: V.greetingRequired });
  }
}

/** One step of a chatbot flow, nested to any depth (seed 001 §3 "Chatbot option"). */
export const ChatbotOptionBody: z.ZodType<ChatbotOptionInput> = z
  .lazy(() =>
    z
      .object({
        id: z.number().int().positive().optional(),
        name: z.string({ error: V.required }).trim().min(4, V.tooShort).max(100, V.tooLong),
        greetingMessage: z.string().max(10_000, V.tooLong).refine(knownPlaceholders.check, knownPlaceholders.message).optional(),
        queueType: z.enum(CHATBOT_TYPES).optional(),
        optQueueId: optionalId,
        optUserId: optionalId,
        optIntegrationId: optionalId,
        optFileId: optionalId,
        closeTicket: z.boolean().optional(),
        options: z.array(ChatbotOptionBody).max(50).optional(),
      })
      .superRefine(checkStep),
  )
  .meta({ id: 'ChatbotOptionBody' }); // recursive: the OpenAPI document refers to it as a component

/** Most minutes an SLA target may be (a year). */
export const SLA_MINUTES_MAX = 525_600;
const slaMinutes = z.coerce.number().int(V.invalid).min(1, V.invalid).max(SLA_MINUTES_MAX, V.invalid).nullable().optional();

export const QueueBody = z.object({
  name: nameField(2, 50),
  color: colorField(),
  greetingMessage: z.string().max(10_000, V.tooLong).refine(knownPlaceholders.check, knownPlaceholders.message).optional(),
  outOfHoursMessage: z.string().max(10_000, V.tooLong).refine(knownPlaceholders.check, knownPlaceholders.message).optional(),
  orderQueue: z.coerce.number().int().min(0).max(100_000).nullable().optional(),
  schedules: ScheduleRowsInput.optional(),
  ativarRoteador: z.boolean().optional(),
  tempoRoteador: z.coerce
    .number()
    .int()
    .refine((v) => v === 0 || (ROTATION_MINUTES_OPTIONS as readonly number[]).includes(v), V.invalid)
    .optional(),
  integrationId: optionalId,
  fileListId: optionalId,
  promptId: optionalId,
  closeTicket: z.boolean().optional(),
  assignmentMode: z.enum(ASSIGNMENT_MODES, { error: V.invalid }).optional(),
  /** Open tickets per attendant the rule fills up to (a user's own capacity wins); 0 = no limit. */
  assignmentCapacity: z.coerce.number().int(V.invalid).min(0, V.invalid).max(ASSIGNMENT_CAPACITY_MAX, V.invalid).optional(),
  /** SLA policy (decision 105): minutes to the first reply, to each next reply, to the close; null = no target. */
  slaFirstResponseMinutes: slaMinutes,
  slaNextResponseMinutes: slaMinutes,
  slaResolutionMinutes: slaMinutes,
  /** The SLA's minutes count only in the queue's (else the company's) business hours. */
  slaBusinessHours: z.boolean().optional(),
  /** When present, the queue's whole chatbot tree is replaced by this one (editor save, JSON import). */
  chatbots: z.array(ChatbotOptionBody).max(50).optional(),
});
export type QueueBody = z.infer<typeof QueueBody>;

/** A chatbot step with its sub-steps (GET /chatbot/:id; a queue's `chatbots`). */
export const ChatbotDto = z
  .object({
    id: z.number(),
    name: z.string(),
    greetingMessage: z.string(),
    queueType: z.string(),
    optQueueId: z.number().nullable(),
    optUserId: z.number().nullable(),
    optIntegrationId: z.number().nullable(),
    optFileId: z.number().nullable(),
    closeTicket: z.boolean(),
    queueId: z.number().nullable(),
    chatbotId: z.number().nullable(),
    order: z.number(),
    get options(): z.ZodArray<typeof ChatbotDto> {
      return z.array(ChatbotDto);
    },
  })
  .meta({ id: 'ChatbotDto' }); // recursive: the OpenAPI document refers to it as a component
export type ChatbotDto = z.infer<typeof ChatbotDto>;

export const QueueDto = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  greetingMessage: z.string(),
  outOfHoursMessage: z.string(),
  orderQueue: z.number().nullable(),
  schedules: z.array(ScheduleRowSchema),
  ativarRoteador: z.boolean(),
  tempoRoteador: z.number(),
  integrationId: z.number().nullable(),
  fileListId: z.number().nullable(),
  promptId: z.number().nullable(),
  closeTicket: z.boolean(),
  assignmentMode: z.enum(ASSIGNMENT_MODES),
  assignmentCapacity: z.number(),
  slaFirstResponseMinutes: z.number().nullable(),
  slaNextResponseMinutes: z.number().nullable(),
  slaResolutionMinutes: z.number().nullable(),
  slaBusinessHours: z.boolean(),
  chatbots: z.array(ChatbotDto),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type QueueDto = z.infer<typeof QueueDto>;

/** POST /chatbot: a step under a queue (top level) or under another step. */
export const CreateChatbotBody = z
  .object({
    queueId: optionalId,
    chatbotId: optionalId,
    name: z.string({ error: V.required }).trim().min(4, V.tooShort).max(100, V.tooLong),
    greetingMessage: z.string().max(10_000, V.tooLong).refine(knownPlaceholders.check, knownPlaceholders.message).optional(),
    queueType: z.enum(CHATBOT_TYPES).optional(),
    optQueueId: optionalId,
    optUserId: optionalId,
    optIntegrationId: optionalId,
    optFileId: optionalId,
    closeTicket: z.boolean().optional(),
    options: z.array(ChatbotOptionBody).max(50).optional(),
  })
  .superRefine(checkStep)
  .refine((b) => Boolean(b.queueId) !== Boolean(b.chatbotId), { message: V.required, path: ['queueId'] });
export const UpdateChatbotBody = z.object({
  name: z.string().trim().min(4, V.tooShort).max(100, V.tooLong).optional(),
  greetingMessage: z.string().max(10_000, V.tooLong).refine(knownPlaceholders.check, knownPlaceholders.message).optional(),
  queueType: z.enum(CHATBOT_TYPES).optional(),
  optQueueId: optionalId,
  optUserId: optionalId,
  optIntegrationId: optionalId,
  optFileId: optionalId,
  closeTicket: z.boolean().optional(),
  order: z.coerce.number().int().min(0).max(1000).optional(),
  /** When present, replaces the step's children. */
  options: z.array(ChatbotOptionBody).max(50).optional(),
});
export type UpdateChatbotBody = z.infer<typeof UpdateChatbotBody>;
export type CreateChatbotBody = z.infer<typeof CreateChatbotBody>;

/** Why an imported flow was refused: not JSON, not an array, or the first step that breaks a rule and its field. */
export type ChatbotFlowImportError =
  | { error: 'notArray' | 'invalid' }
  | {
      error: 'step';
      /** The step's number as the editor shows it, 1-based and dotted by depth ('2.1': the first inner step of the second). */
      step: string;
      /** The step's name when it has one, to find it in the file. */
      stepName?: string;
      /** The JSON key at fault ('name', 'optQueueId', 'options'…); absent when the step itself is not a step. */
      field?: string;
      /** The rule's message key (validation.*), or validation.invalid for a value of the wrong kind. */
      message: string;
    };

/** The step and field an issue's path points at ([1, 'options', 0, 'name'] → step 2.1, field name). */
function stepOf(steps: unknown[], path: readonly PropertyKey[], message: string): ChatbotFlowImportError {
  const numbers: number[] = [];
  let field: string | undefined;
  let node: unknown = steps;
  for (let i = 0; i < path.length; i++) {
    const key = path[i];
    if (typeof key === 'number') {
      numbers.push(key + 1);
      node = Array.isArray(node) ? node[key] : undefined;
      field = undefined;
    } else {
      field = String(key);
      const next = node && typeof node === 'object' ? (node as Record<string, unknown>)[field] : undefined;
      // 'options' followed by an index goes one level down; alone it is the field at fault
      if (field === 'options' && typeof path[i + 1] === 'number') node = next;
      else break;
    }
  }
  if (!numbers.length) return { error: 'invalid' };
  const name = node && typeof node === 'object' ? (node as Record<string, unknown>).name : undefined;
  return {
    error: 'step',
    step: numbers.join('.'),
    ...(typeof name === 'string' && name.trim() ? { stepName: name.trim() } : {}),
    ...(field ? { field } : {}),
    message: message.startsWith('validation.') ? message : V.invalid,
  };
}

/**
 * Reads a flow exported as JSON (the editor's import): it must be an array of steps; each step is
 * checked like the editor's own. Answers the steps, one of the seed's two messages, or the first step
 * that breaks a rule with its field (issue 30 item 8: "names the step and the field").
 */
export function parseChatbotFlow(
  text: string,
): { ok: true; steps: ChatbotOptionInput[] } | ({ ok: false } & ChatbotFlowImportError) {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, error: 'invalid' };
  }
  if (!Array.isArray(data)) return { ok: false, error: 'notArray' };
  const strip = (steps: unknown[]): unknown[] =>
    steps.map((s) => {
      if (!s || typeof s !== 'object' || Array.isArray(s)) return s;
      const {
        id: _id,
        queueId: _q,
        chatbotId: _c,
        order: _o,
        createdAt: _a,
        updatedAt: _u,
        ...rest
      } = s as Record<string, unknown>;
      return {
        ...rest,
        options: Array.isArray(rest.options) ? strip(rest.options) : rest.options === null ? undefined : rest.options,
      };
    });
  const stripped = strip(data);
  const parsed = z.array(ChatbotOptionBody).max(50).safeParse(stripped);
  if (parsed.success) return { ok: true, steps: parsed.data };
  const [first] = parsed.error.issues;
  return { ok: false, ...stepOf(stripped, first?.path ?? [], first?.message ?? V.invalid) };
}

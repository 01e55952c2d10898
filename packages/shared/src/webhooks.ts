import { z } from 'zod';
import { CAMPAIGN_STATUSES } from './campaigns';
import { ContactDto, MessageDto, TicketDto } from './messaging';
import { idParam, V } from './validation';

/**
 * Outgoing webhooks (issue 32, docs/api.md "Webhooks"): the events a company's endpoint may hear. Each delivery is the
 * envelope `{ id, type, companyId, createdAt, data }`, signed in `X-Atendo-Signature: t=<unix seconds>,v1=<hex>`
 * (HMAC-SHA256 of `${t}.${body}` with the endpoint's secret).
 */
export const WEBHOOK_EVENT_TYPES = [
  'message.created',
  'message.updated',
  'ticket.created',
  'ticket.updated',
  'ticket.closed',
  'ticket.transferred',
  'contact.created',
  'contact.updated',
  'rating.received',
  'campaign.finished',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** The event "send a test event" delivers (to the endpoint whatever it chose). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_SIGNATURE_HEADER = 'X-Atendo-Signature';
export const WEBHOOK_DELIVERIES_PAGE_SIZE = 20;

/** An http(s) URL; whether its address may be reached is the server's SSRF guard's answer, at each delivery. */
export const webhookUrlField = z
  .string({ error: V.required })
  .trim()
  .min(1, { error: V.required, abort: true })
  .max(2000, V.tooLong)
  .refine((s) => {
    try {
      const u = new URL(s);
      return (u.protocol === 'https:' || u.protocol === 'http:') && Boolean(u.hostname);
    } catch {
      return false;
    }
  }, V.webhookUrl);

const eventsField = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: V.invalid }), { error: V.webhookEvents })
  .min(1, V.webhookEvents)
  .max(WEBHOOK_EVENT_TYPES.length, V.invalid)
  .transform((list) => [...new Set(list)]);

export const WebhookEndpointBody = z.object({ url: webhookUrlField, events: eventsField });
export type WebhookEndpointBody = z.infer<typeof WebhookEndpointBody>;

/** PUT /webhook-endpoints/:endpointId: any of url, events, and `active` (pause / resume). */
export const UpdateWebhookEndpointBody = z.object({
  url: webhookUrlField.optional(),
  events: eventsField.optional(),
  active: z.boolean({ error: V.invalid }).optional(),
});
export type UpdateWebhookEndpointBody = z.infer<typeof UpdateWebhookEndpointBody>;

export const WebhookEndpointParams = z.object({ endpointId: idParam });
export const WebhookDeliveryParams = z.object({ endpointId: idParam, deliveryId: idParam });
export const WebhookDeliveriesQuery = z.object({
  pageNumber: z.coerce.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(100_000, V.invalid).default(1),
});

export const WebhookEndpointDto = z.object({
  id: z.number(),
  url: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  /** `admin` (paused by hand) or `failures` (paused after repeated failed deliveries); null when active. */
  pausedReason: z.string().nullable(),
  consecutiveFailures: z.number(),
  /** The last 4 characters of the secret; the whole secret comes from GET /webhook-endpoints/:id/secret. */
  secretHint: z.string(),
  createdAt: z.coerce.date(),
  updatedAt: z.coerce.date(),
});
export type WebhookEndpointDto = z.infer<typeof WebhookEndpointDto>;

export const WebhookSecretDto = z.object({ secret: z.string() });

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export const WebhookDeliveryDto = z.object({
  id: z.number(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  responseStatus: z.number().nullable(),
  durationMs: z.number().nullable(),
  error: z.string().nullable(),
  /** The envelope exactly as sent. */
  body: z.string(),
  lastAttemptAt: z.coerce.date().nullable(),
  createdAt: z.coerce.date(),
});
export type WebhookDeliveryDto = z.infer<typeof WebhookDeliveryDto>;

export const WebhookDeliveriesPageDto = z.object({
  records: z.array(WebhookDeliveryDto),
  count: z.number(),
  hasMore: z.boolean(),
});
export type WebhookDeliveriesPageDto = z.infer<typeof WebhookDeliveriesPageDto>;

/** The envelope a receiver gets. */
export interface WebhookEnvelope<T = unknown> {
  id: string;
  type: WebhookEventType | typeof WEBHOOK_TEST_EVENT;
  companyId: number;
  createdAt: string;
  data: T;
}

/** A contact as an event names it (the number masked when the company hides numbers, as for a profile user). */
const WebhookContactRef = z.object({
  id: z.number(),
  name: z.string(),
  number: z.string(),
  isGroup: z.boolean(),
  channel: z.string(),
});
const WebhookMessageData = z.object({
  message: MessageDto,
  ticket: TicketDto.nullable(),
  contact: WebhookContactRef.nullable(),
  /** `message.created` from a customer: who wrote it in a group (null otherwise); absent on the business's own. */
  sender: WebhookContactRef.nullable().optional(),
});
const WebhookContactData = z.object({ contact: ContactDto });

/**
 * The `data` of each event type (apps/server/src/modules/webhooks/webhooks.events.ts builds them): the OpenAPI
 * document describes each delivery under `webhooks` (docs/api.md "Event types").
 */
export const WEBHOOK_EVENT_DATA = {
  'message.created': WebhookMessageData,
  'message.updated': WebhookMessageData,
  'ticket.created': z.object({ ticket: TicketDto, by: z.enum(['customer', 'attendant', 'campaign', 'api']) }),
  'ticket.updated': z.object({
    ticket: TicketDto,
    /** `accepted` (an attendant took it; `userId` says who) or `reopened`. */
    change: z.enum(['accepted', 'reopened']),
    userId: z.number().optional(),
  }),
  'ticket.closed': z.object({
    ticket: TicketDto,
    why: z.enum(['attendant', 'bot', 'idleSweep', 'rating', 'campaign', 'import', 'api', 'closeAll']),
    /** The user who closed it; null when the system did. */
    by: z.number().nullable(),
  }),
  'ticket.transferred': z.object({ ticket: TicketDto, fromQueueId: z.number().nullable(), fromUserId: z.number().nullable() }),
  'contact.created': WebhookContactData,
  'contact.updated': WebhookContactData,
  'rating.received': z.object({
    rating: z.object({
      ticketId: z.number(),
      rate: z.number().int().min(0).max(10),
      userId: z.number().nullable(),
      queueId: z.number().nullable(),
      createdAt: z.string(),
    }),
  }),
  'campaign.finished': z.object({
    campaign: z.object({
      id: z.number(),
      name: z.string(),
      status: z.enum(CAMPAIGN_STATUSES),
      scheduledAt: z.date().nullable(),
      completedAt: z.date().nullable(),
      contactListId: z.number().nullable(),
      whatsappId: z.number().nullable(),
    }),
  }),
  [WEBHOOK_TEST_EVENT]: z.object({ message: z.string(), endpointId: z.number() }),
} satisfies Record<WebhookEventType | typeof WEBHOOK_TEST_EVENT, z.ZodType>;

/** The envelope of one event type, as a receiver gets it (the body `X-Atendo-Signature` signs). */
export const webhookEnvelopeSchema = (type: keyof typeof WEBHOOK_EVENT_DATA) =>
  z.object({
    /** The event's id: the same on every attempt and resend, so a receiver de-duplicates by it. */
    id: z.string(),
    type: z.literal(type),
    companyId: z.number(),
    createdAt: z.string(),
    data: WEBHOOK_EVENT_DATA[type],
  });

import { z } from 'zod';
import { MessageDto } from './messaging';
import { boolParam, dayParam, idListParam, TicketListItemDto } from './tickets';
import { idParam, V } from './validation';

/** Messages of a conversation page (seed 000 §9: pages from 1, the newest first). */
export const MESSAGE_PAGE_SIZE = 20;

/** GET /messages/:ticketId. `before` (a message id) pages by keyset instead of pageNumber. */
export const MessageListQuery = z.object({
  pageNumber: z.coerce.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(100_000, V.invalid).default(1),
  before: idParam.optional(),
  /** Queues whose messages are shown when the history of the contact's other tickets is included. */
  selectedQueues: idListParam,
  /** false hides private notes. */
  isPrivate: boolParam.optional(),
  /** true lists only messages with a file. */
  hasMedia: boolParam.optional(),
});
export type MessageListQuery = z.infer<typeof MessageListQuery>;

/** A contact card sent from the conversation (send-contact dialog). */
export const VCardBody = z.object({
  name: z.string({ error: V.required }).trim().min(1, V.required).max(250, V.tooLong),
  number: z
    .string({ error: V.required })
    .trim()
    .regex(/^\+?\d{8,50}$/, V.invalid),
});

/** POST /messages/:ticketId as JSON (seed 000 §7). */
export const SendMessageBody = z
  .object({
    body: z.string().max(65_536, V.tooLong).default(''),
    fromMe: z.unknown().optional(),
    read: z.unknown().optional(),
    /** A file already stored by Atendo (a quick message's attachment), by its stored path. */
    mediaUrl: z.string().max(300, V.tooLong).nullable().optional(),
    quotedMsg: z.object({ id: idParam }).passthrough().nullable().optional(),
    isPrivate: boolParam.optional(),
    vCard: VCardBody.nullable().optional(),
    signMessage: boolParam.optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.body.trim() && !v.mediaUrl && !v.vCard) ctx.addIssue({ code: 'custom', path: ['body'], message: V.required });
  });
export type SendMessageBody = z.infer<typeof SendMessageBody>;

/** POST /messages/edit/:id */
export const EditMessageBody = z.object({
  body: z.string({ error: V.required }).trim().min(1, V.required).max(65_536, V.tooLong),
});

/** POST /messages/:id/reactions: `type` is the emoji. */
export const ReactionBody = z.object({ type: z.string({ error: V.required }).trim().min(1, V.required).max(32, V.tooLong) });

/** GET /messages/transcribeAudio/:file — the stored audio's file name (the last part of its media URL). */
export const TranscribeAudioParams = z.object({ file: z.string().min(1).max(100) });
export const TranscribeAudioDto = z.object({ transcribedText: z.string() });
export type TranscribeAudioDto = z.infer<typeof TranscribeAudioDto>;

/** POST /message/forward */
export const ForwardMessageBody = z.object({
  messageId: idParam,
  contactId: idParam,
  signMessage: boolParam.optional(),
});
export type ForwardMessageBody = z.infer<typeof ForwardMessageBody>;

/** GET /messages-allMe: messages sent (fromMe) or received in a period; answer `{ count: [{ count }] }`. */
export const MessagesAllMeQuery = z.object({
  fromMe: boolParam.optional(),
  dateStart: dayParam.optional(),
  dateEnd: dayParam.optional(),
});
/** GET /messages-allMe: the seeds' shape, one row with the count. */
export const MessagesAllMeDto = z.object({ count: z.array(z.object({ count: z.number() })) });

export const MessageIdParams = z.object({ id: idParam });

// ─── Interactive messages (seed 000 §7, §9: Lista, URL, Copia, Me Ligue, PIX) ────────

const short = (max: number) => z.string().trim().max(max, V.tooLong);
const requiredText = (max: number) => z.string({ error: V.required }).trim().min(1, V.required).max(max, V.tooLong);

export const ListMessageBody = z.object({
  title: short(60).optional(),
  text: requiredText(1024),
  buttonText: requiredText(20),
  footer: short(60).optional(),
  sections: z
    .array(
      z.object({
        title: short(24).optional(),
        rows: z
          .array(z.object({ id: short(200).optional(), title: requiredText(24), description: short(72).optional() }))
          .min(1, V.required)
          .max(10, V.tooLong),
      }),
    )
    .min(1, V.required)
    .max(10, V.tooLong),
});
export type ListMessageBody = z.infer<typeof ListMessageBody>;

/** Card with one action: copy a code, call a number, open a URL (card actions cta_copy, cta_call, cta_url). */
export const CardMessageBody = z.object({
  image: z.string().trim().max(2000).optional(),
  title: short(60).optional(),
  description: short(1024).optional(),
  text: short(1024).optional(),
  buttonText: short(20).optional(),
  copyText: short(1000).optional(),
  url: short(2000).optional(),
  phoneNumber: short(30).optional(),
});
export type CardMessageBody = z.infer<typeof CardMessageBody>;

export const PIX_KEY_TYPES = ['CNPJ', 'CPF', 'PHONE', 'EMAIL', 'EVP'] as const;

/** A PHONE key gets the +55 prefix when it lacks one (seed 000 §5). */
export function normalizePixKey(type: (typeof PIX_KEY_TYPES)[number], key: string): string {
  const k = key.trim();
  if (type !== 'PHONE') return k;
  return k.startsWith('+55') ? k : `+55${k.replace(/^\+/, '')}`;
}

export const PixMessageBody = z
  .object({
    title: short(60).optional(),
    sendvalue: z.coerce.number({ error: V.invalid }).positive(V.invalid).max(1_000_000_000, V.invalid),
    sendkey_type: z.enum(PIX_KEY_TYPES, { error: V.invalid }),
    sendmerchant_name: requiredText(100),
    sendKey: requiredText(200),
  })
  .transform((v) => ({ ...v, sendKey: normalizePixKey(v.sendkey_type, v.sendKey) }));
export type PixMessageBody = z.infer<typeof PixMessageBody>;

// ─── Answers ─────────────────────────────────────────────────────────────────

/** A message as the conversation shows it: with its sender (contact or attendant) and the quoted message. */
export const ConversationMessageDto = MessageDto.extend({
  user: z.object({ id: z.number(), name: z.string(), profileImage: z.string().nullable() }).nullable(),
  quotedMsg: z
    .object({
      id: z.number(),
      body: z.string(),
      mediaType: z.string(),
      mediaUrl: z.string().nullable(),
      fromMe: z.boolean(),
      contact: z.object({ name: z.string() }).nullable(),
    })
    .nullable(),
});
export type ConversationMessageDto = z.infer<typeof ConversationMessageDto>;

/** GET /messages/:ticketId: a page, oldest first; `hasMore` when older messages exist. */
export const MessageListDto = z.object({
  messages: z.array(ConversationMessageDto),
  ticket: TicketListItemDto,
  hasMore: z.boolean(),
});
export type MessageListDto = z.infer<typeof MessageListDto>;

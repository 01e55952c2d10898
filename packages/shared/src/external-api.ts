import { z } from 'zod';
import { TemplateSendBody } from './message-templates';
import { idParam, V } from './validation';

const flag = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean({ error: V.invalid }));
const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), idParam.optional());

/** POST /api/messages/send (seed 002 §2.13, §7): the text fields; with multipart, `medias` files carry the body as caption. */
export const ExternalSendBody = z.object({
  number: z
    .string({ error: V.required })
    .trim()
    .regex(/^\d{8,20}$/, V.invalid),
  body: z.string().max(65_536, V.tooLong).default(''),
  userId: optionalId,
  queueId: optionalId,
  sendSignature: flag.optional(),
  closeTicket: flag.optional(),
  /**
   * WhatsApp Cloud API only (issue 36): an approved template `{name, language, parameters: {body: [...]}}` instead of
   * the text — what reaches a customer who has not written in the last 24 hours. JSON bodies only.
   */
  template: TemplateSendBody.optional(),
});
export type ExternalSendBody = z.infer<typeof ExternalSendBody>;

export const ExternalSendDto = z.object({
  mensagem: z.string(),
  messageId: z.number(),
  ticketId: z.number(),
});

/** The company's connection tokens, for admins on the /messages-api page. */
export const ApiTokenDto = z.object({ id: z.number(), name: z.string(), channel: z.string(), token: z.string() });

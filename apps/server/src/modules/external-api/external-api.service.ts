import { type Channel, type ExternalSendBody, isAdmin } from '@atendo/shared';
import { enforceAccess } from '../../platform/auth';
import type { TenantContext } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { ReceivedFile } from '../../platform/intake';
import { loadTenantContext } from '../auth/auth.public';
import type { ContactsService } from '../contacts/contacts.service';
import type { ConversationService } from '../conversation/conversation.service';
import type { TicketsService } from '../tickets/tickets.service';
import * as repo from './external-api.repository';

/** Sends per token per minute (seed 002 §2.13 gives none; a runaway script must not flood a number). */
export const EXTERNAL_API_RATE = { limit: 60, windowMs: 60_000 };
const WHATSAPP_CHANNELS: string[] = ['whatsapp', 'whatsappapi'] satisfies Channel[];

/**
 * The public messages API (seed 002 §2.13, §7 "External messages API"): the bearer is a connection's token; the
 * message goes through that connection only, as the attendant's send would (the contact's live ticket on the
 * connection, or a new one of the acting user), so a token never reaches another company's connection.
 */
export function createExternalApiService(
  deps: CoreDeps,
  m: { contacts: ContactsService; conversation: ConversationService; tickets: TicketsService },
) {
  const { db } = deps.database;

  /**
   * The token's connection; refused as every route refuses (platform/auth enforceAccess: an inactive company, an
   * expired subscription, a plan without useExternalApi), and after too many sends.
   */
  async function authorize(token: string | null) {
    const conn = token ? await repo.connectionByToken(db, token) : null;
    if (!conn) throw new AppError('ERR_INVALID_API_TOKEN', 401);
    // The API addresses a phone number: a Facebook or Instagram connection has none to send to.
    if (!WHATSAPP_CHANNELS.includes(conn.channel)) throw new AppError('ERR_API_WHATSAPP_ONLY', 400);
    const ctx = await actAs(conn.companyId);
    enforceAccess(ctx, { plan: 'useExternalApi' });
    const rate = await deps.limiter.hit(`external-api:${conn.id}`, EXTERNAL_API_RATE.limit, EXTERNAL_API_RATE.windowMs);
    if (!rate.allowed) throw new AppError('ERR_TOO_MANY_REQUESTS', 429, { retryAfterSeconds: rate.retryAfterSeconds });
    return { ctx, connectionId: conn.id, companyId: conn.companyId };
  }

  /** The user the send acts as: `userId` when it is one of the connection's company, else the company's first admin. */
  async function actAs(companyId: number, userId?: number) {
    const acting = await repo.actingUserId(db, { companyId }, userId);
    const ctx = acting ? await loadTenantContext(db, acting) : null;
    if (!ctx || ctx.companyId !== companyId) throw new AppError('ERR_NO_USER_FOUND', 404);
    return ctx;
  }

  const contactFor = (ctx: TenantContext, number: string) => m.contacts.ensureByNumber(ctx, { number, name: number, email: '' });

  return {
    authorize,
    actAs,

    /** One text, or each file with the body as the first one's caption; answers the last message's id. */
    async send(ctx: TenantContext, connectionId: number, b: ExternalSendBody, files: ReceivedFile[] = []) {
      if (b.queueId && !(await repo.queueExists(db, ctx, b.queueId))) throw new AppError('ERR_NO_QUEUE_FOUND', 404);
      if (!files.length && !b.body.trim() && !b.template)
        throw new AppError('ERR_VALIDATION', 400, undefined, [{ path: 'body', message: 'validation.required' }]);
      const contactId = await contactFor(ctx, b.number);
      const base = { contactId, whatsappId: connectionId, queueId: b.queueId ?? null, signMessage: b.sendSignature ?? false };
      let last: { ticketId: number; message: { id: number } } | undefined;
      if (b.template) last = await m.conversation.sendToContact(ctx, { ...base, body: '', template: b.template });
      else if (!files.length) last = await m.conversation.sendToContact(ctx, { ...base, body: b.body });
      for (const [i, f] of (b.template ? [] : files).entries()) {
        last = await m.conversation.sendToContact(ctx, {
          ...base,
          body: i === 0 ? b.body : '',
          media: { path: f.path, name: f.filename },
        });
      }
      if (!last) throw new AppError('ERR_CREATING_MESSAGE', 500);
      if (b.closeTicket) await m.tickets.update(ctx, last.ticketId, { status: 'closed', sendFarewellMessage: false });
      return { mensagem: 'Mensagem enviada', messageId: last.message.id, ticketId: last.ticketId };
    },

    /** GET /messages-api/tokens: the company's connection tokens, admins only (the route checks the plan). */
    async tokens(ctx: TenantContext) {
      if (!isAdmin(ctx.user)) throw new AppError('ERR_NO_PERMISSION', 403);
      return repo.companyTokens(db, ctx);
    },
  };
}

export type ExternalApiService = ReturnType<typeof createExternalApiService>;

import { can, type TemplateSendBody } from '@atendo/shared';
import type { CloudTemplatesPort } from '../../channels/types';
import type { Tenant, TenantContext } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { findChannelConnection, findTemplateAccounts } from '../whatsapps/whatsapps.public';
import * as repo from './message-templates.repository';

/**
 * Message templates of Cloud API connections (issue 36): Meta's list of a WhatsApp Business Account, kept per
 * connection with each template's status. Synced on demand (an admin's button) and every hour (the job).
 */
export function createMessageTemplatesService(deps: CoreDeps, port: CloudTemplatesPort) {
  const db = deps.database.db;

  async function cloudConnection(ctx: Tenant, whatsappId: number) {
    const conn = await findChannelConnection(db, whatsappId);
    if (!conn || conn.companyId !== ctx.companyId) throw new AppError('ERR_NO_WAPP_FOUND', 404);
    if (conn.channel !== 'whatsappapi')
      throw new AppError('ERR_CHANNEL_NOT_SUPPORTED', 409, { channel: conn.channel, type: 'template' });
    return conn;
  }

  async function listed(ctx: Tenant, whatsappId: number) {
    const templates = await repo.listTemplates(db, ctx, whatsappId);
    // one sync stamps every row it keeps: the newest stamp is when the list was last synced
    const syncedAt = templates.reduce<string | null>((last, t) => (last && last > t.syncedAt ? last : t.syncedAt), null);
    return { templates, syncedAt };
  }

  async function syncConnection(ctx: Tenant, conn: Awaited<ReturnType<typeof cloudConnection>>) {
    if (!conn.businessAccountId || !conn.accessToken) throw new AppError('ERR_TEMPLATES_NO_ACCOUNT', 400);
    let list: Awaited<ReturnType<CloudTemplatesPort['list']>>;
    try {
      list = await port.list({ businessAccountId: conn.businessAccountId, accessToken: conn.accessToken });
    } catch (err) {
      throw new AppError('ERR_TEMPLATES_SYNC_FAILED', 502, { reason: (err as Error).message });
    }
    await repo.replaceTemplates(db, ctx, conn.id, list, new Date());
  }

  return {
    /** The connection's templates as last synced (any user of the company: the composer offers them). */
    async list(ctx: TenantContext, whatsappId: number) {
      await cloudConnection(ctx, whatsappId);
      return listed(ctx, whatsappId);
    },

    /** Asks Meta for the account's templates now (who may manage connections). */
    async sync(ctx: TenantContext, whatsappId: number) {
      if (!can(ctx.user, 'connections:view')) throw new AppError('ERR_NO_PERMISSION', 403);
      await syncConnection(ctx, await cloudConnection(ctx, whatsappId));
      return listed(ctx, whatsappId);
    },

    /** Every Cloud API connection with an account id (the hourly job); one failing does not stop the others. */
    async syncAll(log: (obj: object, msg: string) => void = () => {}) {
      let synced = 0;
      for (const conn of await findTemplateAccounts(db)) {
        try {
          await syncConnection({ companyId: conn.companyId }, conn);
          synced++;
        } catch (err) {
          log({ err, whatsappId: conn.id }, 'template sync failed');
        }
      }
      return synced;
    },

    /** The approved template a send names, or why it cannot be sent. */
    async usable(ctx: Tenant, whatsappId: number, t: Pick<TemplateSendBody, 'name' | 'language'>) {
      const row = await repo.findTemplate(db, ctx, whatsappId, t.name, t.language);
      if (!row) throw new AppError('ERR_TEMPLATE_NOT_FOUND', 404, { name: t.name, language: t.language });
      if (row.status !== 'APPROVED')
        throw new AppError('ERR_TEMPLATE_NOT_APPROVED', 409, { name: t.name, language: t.language, status: row.status });
      return repo.toTemplateDto(row);
    },
  };
}

export type MessageTemplatesService = ReturnType<typeof createMessageTemplatesService>;

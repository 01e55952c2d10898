/**
 * Seed 000 §8 ERR_WAPP_INVALID_CONTACT / ERR_WAPP_CHECK_CONTACT: a new contact (POST /contacts) or a new ticket
 * (POST /tickets) is looked up on WhatsApp through a connected QR connection (Baileys `onWhatsApp`, as the contact
 * lists' check does) and refused when WhatsApp does not know the number. The Cloud API, Messenger and Instagram cannot
 * tell, so nothing is refused there; nor when no QR session is connected, or when it runs in another process (the
 * lookup is answered by the process holding the session; decision 81).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { ChannelError, type ChannelRegistry } from '../../channels/types';
import { whatsapps } from '../../db/schema';
import type { Tenant } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';

/** Checks `number` on WhatsApp; `connectionId` names the connection (a ticket's), else the company's QR one is used. */
export type WhatsappNumberCheck = (tenant: Tenant, number: string, connectionId?: number | null) => Promise<void>;

export function createWhatsappNumberCheck(deps: CoreDeps, channels?: ChannelRegistry): WhatsappNumberCheck {
  const { db } = deps.database;
  return async (tenant, number, connectionId) => {
    const digits = number.replace(/\D/g, '');
    if (!channels || !digits) return;
    const [conn] = await db
      .select({ id: whatsapps.id, channel: whatsapps.channel, status: whatsapps.status })
      .from(whatsapps)
      .where(
        and(
          eq(whatsapps.companyId, tenant.companyId),
          connectionId
            ? eq(whatsapps.id, connectionId)
            : and(eq(whatsapps.channel, 'whatsapp'), eq(whatsapps.status, 'CONNECTED')),
        ),
      )
      .orderBy(sql`${whatsapps.isDefault} DESC`, asc(whatsapps.id))
      .limit(1);
    if (conn?.channel !== 'whatsapp' || conn.status !== 'CONNECTED') return;
    let answers: { number: string; exists: boolean }[];
    try {
      const adapter = channels.adapterFor({ id: conn.id, companyId: tenant.companyId, channel: 'whatsapp', status: conn.status });
      if (!adapter.checkNumbers) return;
      answers = await adapter.checkNumbers([digits]);
    } catch (err) {
      // The session lives in another process (or is reconnecting): this one cannot ask, and does not refuse.
      if (err instanceof ChannelError && err.code === 'WAPP_NOT_CONNECTED') return;
      throw new AppError('ERR_WAPP_CHECK_CONTACT', undefined, { connectionId: conn.id });
    }
    if (!answers.some((a) => a.exists)) throw new AppError('ERR_WAPP_INVALID_CONTACT', undefined, { number: digits });
  };
}

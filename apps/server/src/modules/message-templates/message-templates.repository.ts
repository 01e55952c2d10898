import type { MessageTemplateComponent, MessageTemplateDto } from '@atendo/shared';
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { ChannelTemplate } from '../../channels/types';
import type { Db } from '../../db/open';
import { type MessageTemplateRow, messageTemplates } from '../../db/schema';
import type { Tenant } from '../../platform/context';

export const toTemplateDto = (r: MessageTemplateRow): MessageTemplateDto => ({
  id: r.id,
  whatsappId: r.whatsappId,
  name: r.name,
  language: r.language,
  category: r.category,
  status: r.status,
  rejectedReason: r.rejectedReason,
  components: r.components as MessageTemplateComponent[],
  usable: r.status === 'APPROVED',
  syncedAt: r.syncedAt.toISOString(),
});

export async function listTemplates(db: Db, ctx: Tenant, whatsappId: number) {
  const rows = await db
    .select()
    .from(messageTemplates)
    .where(and(eq(messageTemplates.companyId, ctx.companyId), eq(messageTemplates.whatsappId, whatsappId)))
    .orderBy(asc(messageTemplates.name), asc(messageTemplates.language));
  return rows.map(toTemplateDto);
}

export async function findTemplate(db: Db, ctx: Tenant, whatsappId: number, name: string, language: string) {
  const [row] = await db
    .select()
    .from(messageTemplates)
    .where(
      and(
        eq(messageTemplates.companyId, ctx.companyId),
        eq(messageTemplates.whatsappId, whatsappId),
        eq(messageTemplates.name, name),
        eq(messageTemplates.language, language),
      ),
    );
  return row ?? null;
}

/** Replaces a connection's templates by what Meta listed: upserts each, forgets the ones Meta no longer lists. */
export async function replaceTemplates(db: Db, ctx: Tenant, whatsappId: number, list: ChannelTemplate[], at: Date) {
  await db.transaction(async (tx) => {
    if (list.length) {
      // one statement for the whole list: a row Meta lists again takes its new status, category and components
      const fresh = (column: string) => sql.raw(`excluded.${column}`);
      await tx
        .insert(messageTemplates)
        .values(
          list.map((t) => ({
            companyId: ctx.companyId,
            whatsappId,
            externalId: t.externalId,
            name: t.name,
            language: t.language,
            category: t.category,
            status: t.status,
            rejectedReason: t.rejectedReason ?? null,
            components: t.components,
            syncedAt: at,
          })),
        )
        .onConflictDoUpdate({
          target: [messageTemplates.whatsappId, messageTemplates.name, messageTemplates.language],
          set: {
            externalId: fresh('external_id'),
            category: fresh('category'),
            status: fresh('status'),
            rejectedReason: fresh('rejected_reason'),
            components: fresh('components'),
            syncedAt: fresh('synced_at'),
          },
        });
    }
    const keep = list.map((t) => `${t.name}|${t.language}`);
    await tx
      .delete(messageTemplates)
      .where(
        and(
          eq(messageTemplates.companyId, ctx.companyId),
          eq(messageTemplates.whatsappId, whatsappId),
          ...(keep.length ? [notInArray(sql`${messageTemplates.name} || '|' || ${messageTemplates.language}`, keep)] : []),
        ),
      );
  });
}

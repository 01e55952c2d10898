import {
  CONTACTS_LIST_LIMIT,
  type CompanySettings,
  type ContactItemDto,
  type ContactListQuery,
  type CreateContactBody,
  canonicalPhoneNumber,
  isAdmin,
  isPhoneContact,
  lgpdHidesNumbers,
  maskPhoneNumber,
  normalizePhoneNumber,
  phoneNumberProblem,
  phoneNumberVariants,
  type UpdateContactBody,
} from '@atendo/shared';
import type { TenantContext } from '../../platform/context';
import { isUniqueViolation } from '../../platform/db-errors';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { recordAudit } from '../audit/audit.public';
import { findCompanySettings } from '../settings/settings.public';
import * as repo from './contacts.repository';
import type { createWhatsappNumberCheck } from './contacts.whatsapp-check';

/** What every part of the contacts service uses: the company's LGPD masking, a contact's item and its publication. */
export function contactRecordCore(deps: CoreDeps) {
  const { db } = deps.database;

  async function settingsOf(companyId: number): Promise<CompanySettings> {
    const s = await findCompanySettings(db, { companyId });
    if (!s) throw new AppError('ERR_NO_SETTING_FOUND', 404);
    return s;
  }
  /** Seed 000 §5: a profile user sees masked numbers (never of groups) when LGPD hiding is on. */
  const masksFor = async (ctx: TenantContext) => !isAdmin(ctx.user) && lgpdHidesNumbers(await settingsOf(ctx.companyId));
  const shownNumber = (number: string, isGroup: boolean, mask: boolean) => (mask && !isGroup ? maskPhoneNumber(number) : number);

  function toItem(
    r: repo.ContactRow,
    whatsapp: repo.ConnectionRef,
    tags: ContactItemDto['tags'],
    mask: boolean,
    extraInfo?: ContactItemDto['extraInfo'],
  ) {
    const item: ContactItemDto = {
      id: r.id,
      uuid: r.uuid,
      name: r.name,
      number: shownNumber(r.number, r.isGroup, mask),
      email: r.email,
      urlPicture: r.urlPicture ? deps.mediaUrl(r.urlPicture) : '',
      active: r.active,
      acceptAudioMessage: r.acceptAudioMessage,
      disableBot: r.disableBot,
      lgpdAcceptedAt: r.lgpdAcceptedAt,
      channel: r.channel,
      isGroup: r.isGroup,
      whatsappId: r.whatsappId,
      whatsapp,
      tags,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    };
    if (extraInfo) item.extraInfo = extraInfo;
    return item;
  }

  async function mustFind(ctx: TenantContext, id: number) {
    const row = await repo.findContact(db, ctx, id);
    if (!row) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
    return row;
  }

  async function detail(ctx: TenantContext, row: repo.ContactRow, mask: boolean) {
    const [tags, extra, whatsapp] = await Promise.all([
      repo.tagsOfContacts(db, ctx, [row.id]),
      repo.extraInfoOf(db, ctx, row.id),
      repo.connectionRefOf(db, ctx, row.whatsappId),
    ]);
    return toItem(row, whatsapp, tags.get(row.id) ?? [], mask, extra);
  }

  /** Everyone in the company sees contacts; with LGPD hiding on, events carry the masked number to all. */
  async function publishContact(ctx: TenantContext, action: 'create' | 'update', row: repo.ContactRow) {
    const hides = lgpdHidesNumbers(await settingsOf(ctx.companyId));
    const contact = await detail(ctx, row, hides);
    deps.realtime.publish(ctx.companyId, 'contact', { action, contact });
  }

  return { masksFor, shownNumber, mustFind, detail, publishContact, toItem };
}

export type ContactRecordCore = ReturnType<typeof contactRecordCore>;

/** A number searched as it is shown ("+55 11 98888 0000") is searched as stored (digits); any other text as typed. */
const searchOf = (s: string | undefined) => (s === undefined ? s : normalizePhoneNumber(s));

/** The contacts' records (seed 000 §5): the list, the card, the form, the switches. */
export function contactRecords(
  deps: CoreDeps,
  core: ContactRecordCore,
  checkNumber: ReturnType<typeof createWhatsappNumberCheck>,
) {
  const { db } = deps.database;
  const { masksFor, shownNumber, mustFind, detail, publishContact, toItem } = core;

  const duplicated = (err: unknown) => {
    if (isUniqueViolation(err, 'contacts_company_channel_number_unique')) throw new AppError('ERR_DUPLICATED_CONTACT', 409);
    throw err;
  };

  /**
   * A typed number of a phone contact (decision 111): canonical (a Brazilian mobile with its ninth digit), valid for
   * its country, and no other WhatsApp contact on the same line — stored with or without the ninth digit. A group's
   * or a Facebook/Instagram contact's number (`self` not a phone contact) is taken as the schema left it.
   */
  async function phoneNumberFor(ctx: TenantContext, typed: string, self?: repo.ContactRow) {
    if (self && !isPhoneContact(self)) return typed;
    const number = canonicalPhoneNumber(typed);
    const problem = phoneNumberProblem(number);
    if (problem) throw new AppError('ERR_VALIDATION', 400, undefined, [{ path: 'number', message: problem }]);
    const found = await repo.whatsappContactsByNumbers(db, ctx, phoneNumberVariants(number));
    if ([...found.values()].some((id) => id !== self?.id)) throw new AppError('ERR_DUPLICATED_CONTACT', 409);
    return number;
  }

  return {
    async list(ctx: TenantContext, q: ContactListQuery) {
      const mask = await masksFor(ctx);
      const page = await repo.listContacts(
        db,
        ctx,
        { search: searchOf(q.searchParam), tagIds: q.contactTag, channel: q.channel, isGroup: q.isGroup },
        { offset: (q.pageNumber - 1) * q.pageSize, limit: q.pageSize },
      );
      const tags = await repo.tagsOfContacts(
        db,
        ctx,
        page.rows.map((r) => r.row.id),
      );
      return {
        contacts: page.rows.map((r) => toItem(r.row, r.whatsapp, tags.get(r.row.id) ?? [], mask)),
        hasMore: page.hasMore,
        count: page.count,
      };
    },

    async listRefs(ctx: TenantContext, searchParam?: string) {
      const mask = await masksFor(ctx);
      const rows = await repo.listContactRefs(db, ctx, searchOf(searchParam), CONTACTS_LIST_LIMIT);
      return rows.map((r) => ({ id: r.id, name: r.name, number: shownNumber(r.number, r.isGroup, mask), channel: r.channel }));
    },

    async show(ctx: TenantContext, id: number) {
      return detail(ctx, await mustFind(ctx, id), await masksFor(ctx));
    },

    async profile(ctx: TenantContext, number: string) {
      const row = await repo.findContactByNumber(db, ctx, number);
      if (!row) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
      return { contactId: row.id, urlPicture: row.urlPicture ? deps.mediaUrl(row.urlPicture) : '' };
    },

    async create(ctx: TenantContext, b: CreateContactBody) {
      const number = await phoneNumberFor(ctx, b.number);
      await checkNumber(ctx, number);
      const row = await repo
        .insertContact(db, ctx, {
          name: b.name,
          number,
          email: b.email ?? '',
          acceptAudioMessage: b.acceptAudioMessage,
          disableBot: b.disableBot,
        })
        .catch(duplicated);
      if (b.extraInfo?.length) await repo.replaceExtraInfo(db, ctx, row.id, b.extraInfo);
      await publishContact(ctx, 'create', row);
      await deps.events.publish('contact.created', { companyId: ctx.companyId, contactId: row.id });
      return detail(ctx, row, await masksFor(ctx));
    },

    /** The company's WhatsApp contact of a number, created when missing (and then told to colleagues); its id. */
    async ensureByNumber(ctx: TenantContext, v: { number: string; name: string; email: string }) {
      const { row, inserted } = await repo.ensureWhatsappContact(db, ctx, v);
      if (inserted) {
        await publishContact(ctx, 'create', row);
        await deps.events.publish('contact.created', { companyId: ctx.companyId, contactId: row.id });
      }
      return row.id;
    },

    async update(ctx: TenantContext, id: number, b: UpdateContactBody) {
      const current = await mustFind(ctx, id);
      const mask = await masksFor(ctx);
      const changes: Partial<repo.ContactRow> = {};
      if (b.name !== undefined) changes.name = b.name;
      if (b.email !== undefined) changes.email = b.email;
      if (b.acceptAudioMessage !== undefined) changes.acceptAudioMessage = b.acceptAudioMessage;
      if (b.disableBot !== undefined) changes.disableBot = b.disableBot;
      // A masked number sent back unchanged by a profile user's form is not a new number.
      if (b.number !== undefined && b.number !== shownNumber(current.number, current.isGroup, mask)) {
        changes.number = await phoneNumberFor(ctx, b.number, current);
      }
      const row = Object.keys(changes).length ? await repo.updateContact(db, ctx, id, changes).catch(duplicated) : current;
      if (!row) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
      if (b.extraInfo) await repo.replaceExtraInfo(db, ctx, id, b.extraInfo);
      await publishContact(ctx, 'update', row);
      await deps.events.publish('contact.updated', { companyId: ctx.companyId, contactId: row.id });
      return detail(ctx, row, mask);
    },

    async remove(ctx: TenantContext, id: number) {
      const before = await mustFind(ctx, id);
      const { deleted, ticketIds } = await repo.deleteContact(db, ctx, id);
      if (!deleted) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
      recordAudit(deps, ctx, {
        action: 'contact.delete',
        entity: 'contact',
        entityId: id,
        before: { name: before.name, number: before.number, tickets: ticketIds.length },
      });
      deps.realtime.publish(ctx.companyId, 'contact', { action: 'delete', contactId: id });
      for (const ticketId of ticketIds) deps.realtime.publish(ctx.companyId, 'ticket', { action: 'delete', ticketId });
    },

    async setActive(ctx: TenantContext, id: number, active: boolean) {
      await mustFind(ctx, id);
      const row = await repo.updateContact(db, ctx, id, { active });
      if (!row) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
      await publishContact(ctx, 'update', row);
      return detail(ctx, row, await masksFor(ctx));
    },

    async toggle(ctx: TenantContext, id: number, column: 'acceptAudioMessage' | 'disableBot') {
      const row = await repo.toggleContactFlag(db, ctx, id, column);
      if (!row) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
      await publishContact(ctx, 'update', row);
      return detail(ctx, row, await masksFor(ctx));
    },
  };
}

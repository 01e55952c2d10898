import { randomBytes, randomInt } from 'node:crypto';
import {
  type AllConnectionsItem,
  CONNECTION_TOKEN_LENGTH,
  type CreateWhatsappBody,
  can,
  greetingRequired,
  isMaskedSecret,
  maskSecret,
  type PlanFlag,
  planAllows,
  ratingRuleIssues,
  type UpdateWhatsappBody,
  V,
  type WhatsappDto,
  type WhatsappSessionDto,
} from '@atendo/shared';
import type { TenantContext } from '../../platform/context';
import { isUniqueViolation } from '../../platform/db-errors';
import type { CoreDeps } from '../../platform/deps';
import { AppError, fieldError } from '../../platform/errors';
import type { Upload } from '../../platform/intake';
import { rooms } from '../../platform/realtime-port';
import { recordAudit } from '../audit/audit.public';
import { mediaLimitBytes } from '../settings/settings.public';
import * as repo from './whatsapps.repository';

/** What a greeting may carry: images, videos, audio and documents (what the channels send); never executables. */
const GREETING_MEDIA_RE =
  /^(image\/(jpeg|png|gif|webp)|video\/(mp4|3gpp|quicktime|webm)|audio\/[\w.+-]+|application\/(pdf|msword|zip|vnd\.[\w.+-]+)|text\/(plain|csv))$/;

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random token of 30 alphanumeric characters (seed 001 §9), unbiased. */
export function generateConnectionToken(length = CONNECTION_TOKEN_LENGTH) {
  let out = '';
  for (let i = 0; i < length; i++) out += ALNUM[randomInt(ALNUM.length)];
  return out;
}

/** A secret as the form sends it: undefined or the mask = keep; '' or null = clear; anything else = set. */
function secretUpdate(v: string | null | undefined): string | null | undefined {
  if (v === undefined || isMaskedSecret(v)) return undefined;
  return v === null || v === '' ? null : v;
}

export function createWhatsappsService(deps: CoreDeps) {
  const { db } = deps.database;

  function webhookUrl(row: repo.WhatsappRow) {
    return row.channel === 'whatsappapi' ? `${deps.config.backendUrl}/webhooks/whatsappapi/${row.id}` : null;
  }

  /** The answer shape. Secrets masked; the API token only to those who manage connections. */
  function toDto(ctx: TenantContext, row: repo.WhatsappWithQueues, reveal: { verifyToken?: boolean } = {}): WhatsappDto {
    const manage = can(ctx.user, 'connections:view');
    return {
      id: row.id,
      companyId: row.companyId,
      name: row.name,
      channel: row.channel as WhatsappDto['channel'],
      status: row.status,
      qrcode: row.qrcode,
      retries: row.retries,
      number: row.number,
      isDefault: row.isDefault,
      token: manage ? row.token : (maskSecret(row.token) ?? ''),
      provider: row.provider,
      queues: row.queues,
      queueIds: row.queues.map((q) => q.id),
      schedules: row.schedules as WhatsappDto['schedules'],
      promptId: row.promptId,
      integrationId: row.integrationId,
      greetingMessage: row.greetingMessage,
      complationMessage: row.complationMessage,
      outOfHoursMessage: row.outOfHoursMessage,
      ratingMessage: row.ratingMessage,
      greetingMediaAttachment: row.greetingMediaAttachment,
      maxUseBotQueues: row.maxUseBotQueues,
      timeUseBotQueues: row.timeUseBotQueues,
      maxUseBotQueuesNPS: row.maxUseBotQueuesNPS,
      expiresTicket: row.expiresTicket,
      whenExpiresTicket: row.whenExpiresTicket,
      expiresTicketNPS: row.expiresTicketNPS,
      expiresInactiveMessage: row.expiresInactiveMessage,
      timeInactiveMessage: row.timeInactiveMessage,
      inactiveMessage: row.inactiveMessage,
      timeCreateNewTicket: row.timeCreateNewTicket,
      sendIdQueue: row.sendIdQueue,
      timeSendQueue: row.timeSendQueue,
      groupAsTicket: row.groupAsTicket,
      allowGroup: row.allowGroup,
      statusImportMessages: row.statusImportMessages,
      importOldMessages: row.importOldMessages,
      importRecentMessages: row.importRecentMessages,
      importOldMessagesGroups: row.importOldMessagesGroups,
      closedTicketsPostImported: row.closedTicketsPostImported,
      queueIdImportMessages: row.queueIdImportMessages,
      collectiveVacationStart: row.collectiveVacationStart,
      collectiveVacationEnd: row.collectiveVacationEnd,
      collectiveVacationMessage: row.collectiveVacationMessage,
      phoneNumberId: row.phoneNumberId,
      businessAccountId: row.businessAccountId,
      accessToken: maskSecret(row.accessToken),
      appSecret: maskSecret(row.appSecret),
      verifyToken: reveal.verifyToken ? row.verifyToken : maskSecret(row.verifyToken),
      webhookUrl: webhookUrl(row),
      facebookPageUserId: row.facebookPageUserId,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  }

  function sessionView(row: repo.WhatsappRow): WhatsappSessionDto {
    return { id: row.id, status: row.status, updatedAt: row.updatedAt, qrcode: row.qrcode, retries: row.retries };
  }

  /** Full rows go to admins only (they carry the API token); everyone hears the session view (shell badge). */
  function publish(ctx: TenantContext, row: repo.WhatsappWithQueues) {
    deps.realtime.publish(ctx.companyId, 'whatsapp', { action: 'update', whatsapp: toDto(ctx, row) }, [rooms.admins()]);
    deps.realtime.publish(ctx.companyId, 'whatsappSession', { action: 'update', session: sessionView(row) });
    // The automation holds the connection's setup (greeting, queues, rating, hours): every process drops it now.
    void deps.events.publish('setup.changed', { companyId: ctx.companyId, connectionId: row.id });
  }

  async function mustFind(ctx: TenantContext, id: number) {
    const row = await repo.findWhatsapp(db, ctx, id);
    if (!row) throw new AppError('ERR_NO_WAPP_FOUND', 404);
    return row;
  }

  async function checkQueues(
    ctx: TenantContext,
    body: Pick<UpdateWhatsappBody, 'queueIds' | 'sendIdQueue' | 'queueIdImportMessages'>,
  ) {
    const ids = [...(body.queueIds ?? []), body.sendIdQueue, body.queueIdImportMessages].filter((x): x is number => !!x);
    const found = await repo.existingQueueIds(db, ctx, ids);
    if (ids.some((id) => !found.has(id))) throw new AppError('ERR_NO_QUEUE_FOUND', 404);
  }

  /** The prompt and integration a connection points to are the company's own (another's, or none: 404). */
  async function checkRelated(ctx: TenantContext, body: Pick<UpdateWhatsappBody, 'promptId' | 'integrationId'>) {
    const refs = [
      ['promptId', 'prompts'],
      ['integrationId', 'queue_integrations'],
    ] as const;
    for (const [field, table] of refs) {
      const id = body[field];
      if (id && !(await repo.ownsRelated(db, ctx, table, id))) throw new AppError('ERR_NOT_FOUND', 404, { field });
    }
  }

  /** With more than one queue the customer gets a menu: the greeting introduces it (else a bare "*1* - Suporte"). */
  function checkGreeting(queueIds: readonly number[], greetingMessage: string | undefined) {
    if (greetingRequired(queueIds, greetingMessage)) throw new AppError('ERR_WAPP_GREETING_REQUIRED', 400);
  }

  /** Seed 001 §5: the shared rating rule (the web form's too) with the company's user-rating setting. */
  async function checkRating(ctx: TenantContext, v: { ratingMessage?: string; expiresTicketNPS?: number }) {
    const [issue] = ratingRuleIssues(v, await repo.companyUserRating(db, ctx));
    if (issue) throw fieldError(issue.path, issue.message);
  }

  function mapUnique(err: unknown): never {
    if (isUniqueViolation(err, 'whatsapps_token_unique')) throw fieldError('token', V.invalid);
    // Two concurrent "make default" requests: the second loses; the client retries.
    if (isUniqueViolation(err, 'whatsapps_company_default_unique')) throw new AppError('ERR_NO_OTHER_WHATSAPP', 400);
    throw err;
  }

  /** Cloud API numbers need their credentials before they can work; the status says whether they are complete. */
  function cloudStatus(row: Pick<repo.WhatsappRow, 'phoneNumberId' | 'accessToken' | 'appSecret'>) {
    return row.phoneNumberId && row.accessToken && row.appSecret ? 'CONNECTED' : 'DISCONNECTED';
  }

  return {
    toDto,

    async list(ctx: TenantContext, query: { channel?: string }) {
      return (await repo.listWhatsapps(db, ctx, query)).map((r) => toDto(ctx, r));
    },

    filter: async (ctx: TenantContext, query: { channel?: string }) =>
      (await repo.listWhatsappNames(db, ctx, query)) as { id: number; name: string; channel: WhatsappDto['channel'] }[],

    async show(ctx: TenantContext, id: number) {
      return toDto(ctx, await mustFind(ctx, id));
    },
    /** GET /whatsapp-admin/:id (seed 001 §7): the super admin reads a connection of any company (the route is superOnly). */
    async showAnyCompany(ctx: TenantContext, id: number) {
      const row = await repo.findWhatsappOfAnyCompany(db, id);
      if (!row) throw new AppError('ERR_NO_WAPP_FOUND', 404);
      return toDto(ctx, row);
    },

    async create(ctx: TenantContext, body: CreateWhatsappBody): Promise<WhatsappDto> {
      const channelFlag =
        body.channel === 'facebook' ? 'useFacebook' : body.channel === 'instagram' ? 'useInstagram' : 'useWhatsapp';
      if (!planAllows(ctx.plan, channelFlag)) throw new AppError('ERR_PLAN_FEATURE_DISABLED', 403);
      const existing = await repo.countWhatsapps(db, ctx);
      if (ctx.plan && ctx.plan.connections > 0 && existing >= ctx.plan.connections) {
        throw new AppError('ERR_PLAN_LIMIT_REACHED', 403, { limit: ctx.plan.connections });
      }
      await checkQueues(ctx, body);
      checkGreeting(body.queueIds ?? [], body.greetingMessage);
      await checkRelated(ctx, body);
      await checkRating(ctx, body);
      const { queueIds = [], channel, isDefault, token, accessToken, appSecret, verifyToken, ...rest } = body;
      const cloud = channel === 'whatsappapi';
      const values: repo.WhatsappValues = {
        ...rest,
        channel,
        // The first connection is the default whatever the form says: there must always be one.
        isDefault: existing === 0 ? true : (isDefault ?? false),
        token: token || generateConnectionToken(),
        accessToken: secretUpdate(accessToken) ?? null,
        appSecret: secretUpdate(appSecret) ?? null,
        verifyToken: secretUpdate(verifyToken) ?? (cloud ? randomBytes(18).toString('base64url') : null),
        schedules: body.schedules ?? [],
      };
      if (cloud) values.status = cloudStatus(values as repo.WhatsappRow);
      const row = await repo.insertWhatsapp(db, ctx, values, queueIds).catch(mapUnique);
      const full = await mustFind(ctx, row.id);
      publish(ctx, full);
      recordAudit(deps, ctx, { action: 'connection.create', entity: 'connection', entityId: row.id, after: toDto(ctx, full) });
      // The verify token is shown once, in full, when Atendo generated it: it is pasted into Meta's webhook form.
      return toDto(ctx, full, { verifyToken: cloud && !secretUpdate(verifyToken) });
    },

    async update(ctx: TenantContext, id: number, body: UpdateWhatsappBody): Promise<WhatsappDto> {
      const current = await mustFind(ctx, id);
      if (body.isDefault === false && current.isDefault) throw new AppError('ERR_NO_OTHER_WHATSAPP', 400);
      await checkQueues(ctx, body);
      if (body.queueIds !== undefined || body.greetingMessage !== undefined) {
        checkGreeting(body.queueIds ?? current.queues.map((q) => q.id), body.greetingMessage ?? current.greetingMessage);
      }
      await checkRelated(ctx, body);
      if (body.ratingMessage !== undefined || body.expiresTicketNPS !== undefined) {
        await checkRating(ctx, {
          ratingMessage: body.ratingMessage ?? current.ratingMessage,
          expiresTicketNPS: body.expiresTicketNPS ?? current.expiresTicketNPS,
        });
      }
      const { queueIds, token, accessToken, appSecret, verifyToken, ...rest } = body;
      const values: Partial<repo.WhatsappValues> = { ...rest };
      if (token !== undefined) values.token = token || generateConnectionToken();
      for (const [key, v] of [
        ['accessToken', accessToken],
        ['appSecret', appSecret],
        ['verifyToken', verifyToken],
      ] as const) {
        const next = secretUpdate(v);
        if (next !== undefined) values[key] = next;
      }
      if (current.channel === 'whatsappapi') values.status = cloudStatus({ ...current, ...values });
      const row = await repo.updateWhatsapp(db, ctx, id, values, queueIds).catch(mapUnique);
      if (!row) throw new AppError('ERR_NO_WAPP_FOUND', 404);
      const full = await mustFind(ctx, id);
      publish(ctx, full);
      const dto = toDto(ctx, full);
      recordAudit(deps, ctx, {
        action: 'connection.update',
        entity: 'connection',
        entityId: id,
        before: toDto(ctx, current),
        after: dto,
      });
      return dto;
    },

    /**
     * Creates or refreshes the company's Facebook / Instagram connections of a login (POST /facebook): a Page already
     * connected gets its new tokens, a new one becomes a connection (plan flag and connection count checked first).
     */
    async savePageConnections(ctx: TenantContext, pages: PageConnectionInput[]): Promise<WhatsappDto[]> {
      for (const flag of new Set(pages.map((p): PlanFlag => (p.channel === 'instagram' ? 'useInstagram' : 'useFacebook')))) {
        if (!planAllows(ctx.plan, flag)) throw new AppError('ERR_PLAN_FEATURE_DISABLED', 403);
      }
      const existing = await Promise.all(
        pages.map((p) => repo.findCompanyPageConnection(db, ctx, p.channel, p.facebookPageUserId)),
      );
      const count = await repo.countWhatsapps(db, ctx);
      const newOnes = existing.filter((e) => !e).length;
      if (newOnes && ctx.plan && ctx.plan.connections > 0 && count + newOnes > ctx.plan.connections) {
        throw new AppError('ERR_PLAN_LIMIT_REACHED', 403, { limit: ctx.plan.connections });
      }
      const out: WhatsappDto[] = [];
      let total = count;
      for (const [i, page] of pages.entries()) {
        const tokens = {
          facebookUserId: page.facebookUserId,
          facebookUserToken: page.facebookUserToken,
          tokenMeta: page.pageToken,
          status: 'CONNECTED',
        };
        const current = existing[i];
        const row = current
          ? await repo.updateWhatsapp(db, ctx, current.id, tokens, undefined)
          : await repo
              .insertWhatsapp(
                db,
                ctx,
                {
                  ...tokens,
                  name: page.name.slice(0, 50),
                  channel: page.channel,
                  facebookPageUserId: page.facebookPageUserId,
                  number: page.number ?? '',
                  isDefault: total++ === 0,
                  token: generateConnectionToken(),
                  schedules: [],
                },
                [],
              )
              .catch(mapUnique);
        if (!row) continue;
        const full = await mustFind(ctx, row.id);
        publish(ctx, full);
        out.push(toDto(ctx, full));
      }
      return out;
    },

    /** POST /whatsapp/:id/media-upload: the greeting's attachment (a file WhatsApp can send, within the download limit). */
    async uploadGreetingMedia(ctx: TenantContext, id: number, upload: Upload): Promise<WhatsappDto> {
      const before = await mustFind(ctx, id);
      const stored = await upload({
        companyId: ctx.companyId,
        kind: 'media',
        maxBytes: await mediaLimitBytes(db),
        accept: GREETING_MEDIA_RE,
      });
      const row = await repo
        .updateWhatsapp(db, ctx, id, { greetingMediaAttachment: stored.path }, undefined)
        .catch(async (err) => {
          await deps.media.remove(stored.path);
          throw err;
        });
      if (!row) {
        await deps.media.remove(stored.path);
        throw new AppError('ERR_NO_WAPP_FOUND', 404);
      }
      if (before.greetingMediaAttachment && before.greetingMediaAttachment !== stored.path) {
        await deps.media.remove(before.greetingMediaAttachment);
      }
      const full = await mustFind(ctx, id);
      publish(ctx, full);
      return toDto(ctx, full);
    },

    /** DELETE /whatsapp/:id/media-upload */
    async removeGreetingMedia(ctx: TenantContext, id: number): Promise<WhatsappDto> {
      const before = await mustFind(ctx, id);
      if (before.greetingMediaAttachment) {
        await repo.updateWhatsapp(db, ctx, id, { greetingMediaAttachment: null }, undefined);
        await deps.media.remove(before.greetingMediaAttachment);
      }
      const full = await mustFind(ctx, id);
      publish(ctx, full);
      return toDto(ctx, full);
    },

    /** GET /whatsapp/all (super users): every company's connections, for the per-company overview. */
    listAll: async () => repo.listAllConnections(db) as Promise<AllConnectionsItem[]>,

    async remove(ctx: TenantContext, id: number) {
      const before = await mustFind(ctx, id);
      const { deleted, promoted } = await repo.deleteWhatsapp(db, ctx, id);
      if (!deleted) throw new AppError('ERR_NO_WAPP_FOUND', 404);
      recordAudit(deps, ctx, { action: 'connection.delete', entity: 'connection', entityId: id, before: toDto(ctx, before) });
      if (before.greetingMediaAttachment) await deps.media.remove(before.greetingMediaAttachment);
      deps.realtime.publish(ctx.companyId, 'whatsapp', { action: 'delete', whatsappId: id });
      await deps.events.publish('setup.changed', { companyId: ctx.companyId, connectionId: id });
      if (promoted) {
        const full = await repo.findWhatsapp(db, ctx, promoted.id);
        if (full) publish(ctx, full);
      }
    },
  };
}

export type WhatsappsService = ReturnType<typeof createWhatsappsService>;

/** One Page or Instagram account of a Facebook login, with the tokens to keep. */
export interface PageConnectionInput {
  channel: 'facebook' | 'instagram';
  name: string;
  /** Page id, or Instagram professional account id. */
  facebookPageUserId: string;
  /** The Instagram username or the Page id, shown in the number column. */
  number?: string;
  facebookUserId: string;
  /** The long-lived user token. */
  facebookUserToken: string;
  /** The Page access token the Send API is called with (Instagram uses its Page's). */
  pageToken: string;
}

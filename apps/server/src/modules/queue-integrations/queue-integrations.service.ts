import { randomBytes } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import {
  INTEGRATIONS_PAGE_SIZE,
  type QueueIntegrationBody,
  type QueueIntegrationDto,
  TYPEBOT_DEFAULT_DELAY_MS,
  TYPEBOT_DEFAULT_EXPIRES_MIN,
} from '@atendo/shared';
import type { TenantContext } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { rooms } from '../../platform/realtime-port';
import { isPublicAddress, OutboundRefused, outboundAppError } from '../../platform/safe-fetch';
import { recordAudit } from '../audit/audit.public';
import { detectIntent } from './dialogflow.client';
import * as repo from './queue-integrations.repository';

/** Largest list answered without a page (the pickers of queues, connections and chatbot steps). */
const PICKER_LIMIT = 500;

function hostKey(url: URL) {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${url.hostname.replace(/^\[|\]$/g, '').toLowerCase()}:${port}`;
}

/**
 * The save-time half of the SSRF guard: a URL whose host is (or resolves to) a non-public address is refused
 * with ERR_URL_NOT_ALLOWED. A name that does not resolve now is accepted: outboundFetch checks again on every call.
 */
export async function refusePrivateUrl(config: { outboundAllowedHosts: readonly string[] }, raw: string, field: string) {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('ERR_VALIDATION', 400, undefined, [{ path: field, message: 'validation.invalid' }]);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AppError('ERR_URL_NOT_ALLOWED', 400, { reason: 'scheme' });
  const allowed = config.outboundAllowedHosts.some((h) => h.trim().toLowerCase() === hostKey(url));
  if (allowed) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = await lookup(host, { all: true }).catch(() => []);
  if (addresses.some((a) => !isPublicAddress(a.address))) throw new AppError('ERR_URL_NOT_ALLOWED', 400, { reason: 'address' });
}

export function toIntegrationDto(r: repo.QueueIntegrationRow): QueueIntegrationDto {
  return {
    id: r.id,
    type: r.type,
    name: r.name,
    projectName: r.projectName,
    jsonContent: r.jsonContent,
    language: r.language,
    urlN8N: r.urlN8N,
    typebotSlug: r.typebotSlug,
    typebotExpires: r.typebotExpires,
    typebotKeywordFinish: r.typebotKeywordFinish,
    typebotKeywordRestart: r.typebotKeywordRestart,
    typebotUnknownMessage: r.typebotUnknownMessage,
    typebotDelayMessage: r.typebotDelayMessage,
    typebotRestartMessage: r.typebotRestartMessage,
    secret: r.secret,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

/** Queue integrations (seed 001 §3, §5, §7): admins of a plan with useIntegrations; events to the company's admins. */
export function createQueueIntegrationsService(deps: CoreDeps) {
  const { db } = deps.database;

  function publish(ctx: TenantContext, action: 'create' | 'update', r: repo.QueueIntegrationRow) {
    deps.realtime.publish(ctx.companyId, 'queueIntegration', { action, queueIntegration: toIntegrationDto(r) }, [rooms.admins()]);
  }

  /** Seed 001 §5: for n8n, webhook and typebot the projectName is the name; the URL must reach a public address. */
  async function normalise(b: QueueIntegrationBody) {
    const type = b.type;
    const urlN8N = type === 'dialogflow' ? '' : (b.urlN8N ?? '').trim();
    if (urlN8N) await refusePrivateUrl(deps.config, urlN8N, 'urlN8N');
    if (type === 'dialogflow') {
      try {
        const creds = JSON.parse(b.jsonContent ?? '') as { client_email?: unknown; private_key?: unknown };
        if (typeof creds.client_email !== 'string' || typeof creds.private_key !== 'string') throw new Error('fields');
      } catch {
        throw new AppError('ERR_VALIDATION', 400, undefined, [{ path: 'jsonContent', message: 'validation.invalid' }]);
      }
    }
    return {
      type,
      name: b.name.trim(),
      projectName: type === 'dialogflow' ? (b.projectName ?? '').trim() : b.name.trim(),
      jsonContent: type === 'dialogflow' ? (b.jsonContent ?? '') : '',
      language: b.language ?? 'pt-BR',
      urlN8N,
      typebotSlug: type === 'typebot' ? (b.typebotSlug ?? '').trim() : '',
      typebotExpires: b.typebotExpires ?? TYPEBOT_DEFAULT_EXPIRES_MIN,
      typebotKeywordFinish: b.typebotKeywordFinish ?? '',
      typebotKeywordRestart: b.typebotKeywordRestart ?? '',
      typebotUnknownMessage: b.typebotUnknownMessage ?? '',
      typebotDelayMessage: b.typebotDelayMessage ?? TYPEBOT_DEFAULT_DELAY_MS,
      typebotRestartMessage: b.typebotRestartMessage ?? '',
    };
  }

  async function mustFind(ctx: TenantContext, id: number) {
    const row = await repo.findIntegration(db, ctx, id);
    if (!row) throw new AppError('ERR_NOT_FOUND', 404);
    return row;
  }

  return {
    async page(ctx: TenantContext, q: { searchParam?: string; pageNumber?: number }) {
      const limit = q.pageNumber ? INTEGRATIONS_PAGE_SIZE : PICKER_LIMIT;
      const offset = q.pageNumber ? (q.pageNumber - 1) * INTEGRATIONS_PAGE_SIZE : 0;
      const page = await repo.listIntegrations(db, ctx, { search: q.searchParam, offset, limit });
      return { queueIntegrations: page.rows.map(toIntegrationDto), hasMore: page.hasMore, count: page.count };
    },

    async show(ctx: TenantContext, id: number) {
      return toIntegrationDto(await mustFind(ctx, id));
    },

    async create(ctx: TenantContext, b: QueueIntegrationBody) {
      const values = await normalise(b);
      const row = await repo.insertIntegration(db, ctx, { ...values, secret: randomBytes(24).toString('hex') });
      publish(ctx, 'create', row);
      recordAudit(deps, ctx, {
        action: 'integration.create',
        entity: 'integration',
        entityId: row.id,
        after: toIntegrationDto(row),
      });
      return toIntegrationDto(row);
    },

    async update(ctx: TenantContext, id: number, b: QueueIntegrationBody) {
      const before = await mustFind(ctx, id);
      const row = await repo.updateIntegration(db, ctx, id, await normalise(b));
      if (!row) throw new AppError('ERR_NOT_FOUND', 404);
      publish(ctx, 'update', row);
      recordAudit(deps, ctx, {
        action: 'integration.update',
        entity: 'integration',
        entityId: id,
        before: toIntegrationDto(before),
        after: toIntegrationDto(row),
      });
      return toIntegrationDto(row);
    },

    /** POST /queueIntegration/testSession: one detectIntent with the credentials, to tell the admin they work. */
    async testSession(ctx: TenantContext, b: { projectName: string; jsonContent: string; language?: string }) {
      void ctx;
      try {
        const answer = await detectIntent(deps.config, { ...b, language: b.language ?? 'pt-BR' }, `test-${Date.now()}`, 'Olá');
        return { ok: true, fulfillmentText: answer.texts.join('\n') };
      } catch (e) {
        if (e instanceof OutboundRefused) throw outboundAppError(e);
        if (e instanceof SyntaxError || (e instanceof Error && e.message === 'invalid credentials')) {
          throw new AppError('ERR_VALIDATION', 400, undefined, [{ path: 'jsonContent', message: 'validation.invalid' }]);
        }
        throw new AppError('ERR_EXTERNAL_REQUEST_FAILED', 502);
      }
    },

    async remove(ctx: TenantContext, id: number) {
      const before = await mustFind(ctx, id);
      if (!(await repo.deleteIntegration(db, ctx, id))) throw new AppError('ERR_NOT_FOUND', 404);
      recordAudit(deps, ctx, {
        action: 'integration.delete',
        entity: 'integration',
        entityId: id,
        before: toIntegrationDto(before),
      });
      deps.realtime.publish(ctx.companyId, 'queueIntegration', { action: 'delete', integrationId: id }, [rooms.admins()]);
    },
  };
}

export type QueueIntegrationsService = ReturnType<typeof createQueueIntegrationsService>;

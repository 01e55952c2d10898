import { randomUUID } from 'node:crypto';
import {
  can,
  planAllows,
  type UpdateWebhookEndpointBody,
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TEST_EVENT,
  type WebhookDeliveryDto,
  type WebhookEndpointBody,
  type WebhookEndpointDto,
  type WebhookEnvelope,
} from '@atendo/shared';
import type { TenantContext } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { OutboundRefused, outboundFetch, refusedAtOnce, type SafeFetch } from '../../platform/safe-fetch';
import { noticeCompanyAdmins } from '../announcements/announcements.public';
import { recordAudit } from '../audit/audit.public';
import { deliverWebhookJob } from './webhooks.jobs';
import * as repo from './webhooks.repository';
import { newWebhookSecret, retryDelaySeconds, signatureHeader, WEBHOOK_MAX_ATTEMPTS } from './webhooks.signature';

/** Endpoints a company may have. */
export const WEBHOOK_ENDPOINTS_LIMIT = 10;
/** Deliveries are kept this long (the daily sweep). */
export const WEBHOOK_RETENTION_DAYS = 30;
/**
 * How long a process reuses a company's list of active endpoints: an event costs no statement for the many companies
 * without one. A change publishes `setup.changed`, which drops the list in this process and, relayed through Redis, in
 * every other (composition.ts); the time bounds what a lost relay could leave stale.
 */
const ENDPOINTS_CACHE_MS = 10_000;
/** Bytes of an endpoint's answer read (the rest is not needed: only its status is). */
const RESPONSE_CAP_BYTES = 64 * 1024;

export interface WebhooksOptions {
  /** The guarded fetch (SSRF guard, size cap, timeout); default: the configuration's (OUTBOUND_ALLOWED_HOSTS). */
  fetch?: SafeFetch;
  clock?: () => Date;
}

/**
 * Outgoing webhooks (issue 32; docs/api.md "Webhooks"): a company's admins manage endpoints; each domain event an
 * endpoint chose becomes one delivery row per endpoint (recorded first, the event id fixed), sent by a job, signed,
 * retried with back-off for about a day; repeated failures pause the endpoint and tell the admins in their bell.
 */
export function createWebhooksService(deps: CoreDeps, opts: WebhooksOptions = {}) {
  const { db } = deps.database;
  const settings = deps.config.webhooks;
  const fetch = opts.fetch ?? outboundFetch(deps.config);
  const clock = opts.clock ?? (() => new Date());
  const cache = new Map<number, { until: number; endpoints: Promise<{ id: number; events: string[] }[]> }>();

  function hearing(companyId: number, type: string) {
    const now = Date.now();
    let hit = cache.get(companyId);
    if (!hit || hit.until <= now) {
      if (cache.size > 5000) cache.clear();
      hit = { until: now + ENDPOINTS_CACHE_MS, endpoints: repo.activeEndpoints(db, { companyId }) };
      hit.endpoints.catch(() => cache.delete(companyId));
      cache.set(companyId, hit);
    }
    return hit.endpoints.then((list) => list.filter((e) => e.events.includes(type)).map((e) => e.id));
  }
  /** An endpoint changed: every process's caches of the company's setup drop it (this one's `drop` included). */
  const changed = (companyId: number) => deps.events.publish('setup.changed', { companyId });

  function allowed(ctx: TenantContext) {
    if (!can(ctx.user, 'webhooks:manage')) throw new AppError('ERR_NO_PERMISSION', 403);
    if (!planAllows(ctx.plan, 'useExternalApi')) throw new AppError('ERR_PLAN_FEATURE_DISABLED', 403);
  }

  /** A private or loopback address is refused when the form is saved (and again, after DNS, at every delivery). */
  function checkUrl(url: string) {
    const reason = refusedAtOnce(url, deps.config.outboundAllowedHosts);
    if (reason) throw new AppError('ERR_URL_NOT_ALLOWED', 400, { reason });
  }

  async function mustFind(ctx: TenantContext, id: number) {
    allowed(ctx);
    const row = await repo.findEndpoint(db, ctx, id);
    if (!row) throw new AppError('ERR_NOT_FOUND', 404);
    return row;
  }

  const toDto = (r: repo.EndpointRow): WebhookEndpointDto => ({
    id: r.id,
    url: r.url,
    events: r.events,
    active: r.active,
    pausedReason: r.active ? null : r.pausedReason,
    consecutiveFailures: r.consecutiveFailures,
    secretHint: r.secret.slice(-4),
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  });

  const toDeliveryDto = (r: repo.DeliveryRow): WebhookDeliveryDto => ({
    id: r.id,
    eventId: r.eventId,
    eventType: r.eventType,
    status: r.status as WebhookDeliveryDto['status'],
    attempts: r.attempts,
    responseStatus: r.responseStatus,
    durationMs: r.durationMs,
    error: r.error,
    body: r.body,
    lastAttemptAt: r.lastAttemptAt,
    createdAt: r.createdAt,
  });

  const enqueue = (companyId: number, deliveryId: number, o: { afterSeconds?: number; resend?: boolean } = {}) =>
    deps.jobs.send(
      deliverWebhookJob,
      { companyId, deliveryId, ...(o.resend ? { resend: true } : {}) },
      o.afterSeconds ? { startAfter: Math.round(o.afterSeconds) } : {},
    );

  /**
   * Records one event for every active endpoint of the company that chose it and queues their sends. `data` is built
   * only when some endpoint hears the event (most companies have none: one indexed read per event).
   */
  async function record(companyId: number, type: string, data: () => Promise<unknown | null>, endpointIds?: number[]) {
    const tenant = { companyId };
    const ids = endpointIds ?? (await hearing(companyId, type));
    if (!ids.length) return [];
    const payload = await data();
    if (payload === null) return [];
    const envelope: WebhookEnvelope = {
      id: randomUUID(),
      type: type as WebhookEnvelope['type'],
      companyId,
      createdAt: clock().toISOString(),
      data: payload,
    };
    const body = JSON.stringify(envelope);
    const inserted = await repo.insertDeliveries(
      db,
      tenant,
      ids.map((endpointId) => ({ endpointId, eventId: envelope.id, eventType: type, body })),
    );
    for (const d of inserted) await enqueue(companyId, d.id);
    return inserted.map((d) => d.id);
  }

  /** Repeated failures: the endpoint stops (its admins told once, in their bell); its waiting deliveries give up. */
  async function pause(companyId: number, endpoint: repo.EndpointRow, failures: number) {
    const paused = await repo.pauseForFailures(db, { companyId }, endpoint.id);
    await changed(companyId);
    if (!paused) return;
    await noticeCompanyAdmins(deps, companyId, {
      key: 'webhookPaused',
      params: { url: endpoint.url, failures },
      title: 'Webhook pausado',
      text: `O endpoint ${endpoint.url} falhou ${failures} vezes seguidas e foi pausado. Corrija-o e retome-o em API → Webhooks.`,
    });
  }

  /**
   * The job: one attempt of one delivery — a no-op once it is no longer pending, unless it is a resend (which sends even
   * while an earlier attempt of the same row is still being recorded).
   */
  async function deliver(companyId: number, deliveryId: number, resend = false) {
    const tenant = { companyId };
    const found = await repo.findDeliveryToSend(db, tenant, deliveryId);
    if (!found || (!resend && found.delivery.status !== 'pending')) return;
    const { delivery, endpoint } = found;
    const startedAt = clock();
    if (!endpoint.active) {
      await repo.markFailed(db, tenant, delivery.id, 'endpoint paused');
      return;
    }
    const started = performance.now();
    let responseStatus: number | null = null;
    let error: string | null = null;
    try {
      const res = await fetch(endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Atendo-Webhooks/1',
          'x-atendo-event': delivery.eventType,
          'x-atendo-delivery': delivery.eventId,
          [WEBHOOK_SIGNATURE_HEADER.toLowerCase()]: signatureHeader(
            endpoint.secret,
            Math.floor(clock().getTime() / 1000),
            delivery.body,
          ),
        },
        body: delivery.body,
        timeoutMs: settings.timeoutMs,
        maxBytes: RESPONSE_CAP_BYTES,
        maxRedirects: 0,
      });
      responseStatus = res.status;
      if (res.status < 200 || res.status >= 300) error = `HTTP ${res.status}`;
    } catch (e) {
      // An answer larger than the cap is still an answer: only its status counts, and it was not read.
      error = e instanceof OutboundRefused ? e.reason : String((e as Error)?.message ?? e).slice(0, 200);
    }
    const durationMs = Math.round(performance.now() - started);
    if (!error) {
      await repo.recordAttempt(db, tenant, delivery.id, {
        status: 'delivered',
        responseStatus,
        durationMs,
        error: null,
        lastAttemptAt: startedAt,
      });
      await repo.endpointSucceeded(db, tenant, endpoint.id);
      return;
    }
    const failures = await repo.endpointFailed(db, tenant, endpoint.id);
    const pausing = failures >= settings.pauseAfter;
    const retry = !pausing && delivery.attempts + 1 < WEBHOOK_MAX_ATTEMPTS;
    const attempts = await repo.recordAttempt(db, tenant, delivery.id, {
      status: retry ? 'pending' : 'failed',
      responseStatus,
      durationMs,
      error,
      lastAttemptAt: startedAt,
    });
    if (retry) await enqueue(companyId, delivery.id, { afterSeconds: retryDelaySeconds(settings.retryBaseSeconds, attempts) });
    if (pausing) await pause(companyId, endpoint, failures);
  }

  return {
    record,
    deliver,
    /** `setup.changed` of the company (any process): its endpoint list is read again on the next event. */
    drop: (companyId: number) => cache.delete(companyId),

    /** The daily sweep: deliveries older than 30 days go. */
    async sweep() {
      return repo.deleteDeliveriesBefore(db, new Date(clock().getTime() - WEBHOOK_RETENTION_DAYS * 86_400_000));
    },

    async list(ctx: TenantContext) {
      allowed(ctx);
      return (await repo.listEndpoints(db, ctx)).map(toDto);
    },

    async create(ctx: TenantContext, b: WebhookEndpointBody) {
      allowed(ctx);
      checkUrl(b.url);
      if ((await repo.countEndpoints(db, ctx)) >= WEBHOOK_ENDPOINTS_LIMIT) throw new AppError('ERR_PLAN_LIMIT_REACHED', 403);
      const row = await repo.insertEndpoint(db, ctx, { url: b.url, events: b.events, secret: newWebhookSecret() });
      await changed(ctx.companyId);
      recordAudit(deps, ctx, { action: 'webhook.create', entity: 'webhook', entityId: row.id, after: toDto(row) });
      return { ...toDto(row), secret: row.secret };
    },

    /** Reading the signing secret is recorded (who saw it, from where); the secret itself is not. */
    async secret(ctx: TenantContext, id: number) {
      const row = await mustFind(ctx, id);
      recordAudit(deps, ctx, { action: 'webhook.secretRead', entity: 'webhook', entityId: id });
      return { secret: row.secret };
    },

    /** url, events, or `active`: resuming starts the failure count again; pausing by hand is `admin`'s. */
    async update(ctx: TenantContext, id: number, b: UpdateWebhookEndpointBody) {
      const current = await mustFind(ctx, id);
      const changes: Parameters<typeof repo.updateEndpoint>[3] = {};
      if (b.url !== undefined) {
        checkUrl(b.url);
        changes.url = b.url;
      }
      if (b.events !== undefined) changes.events = b.events;
      if (b.active !== undefined && b.active !== current.active) {
        changes.active = b.active;
        changes.pausedReason = b.active ? null : 'admin';
        if (b.active) changes.consecutiveFailures = 0;
      }
      const row = await repo.updateEndpoint(db, ctx, id, changes);
      await changed(ctx.companyId);
      if (!row) throw new AppError('ERR_NOT_FOUND', 404);
      const action = changes.active === undefined ? 'webhook.update' : changes.active ? 'webhook.resume' : 'webhook.pause';
      recordAudit(deps, ctx, { action, entity: 'webhook', entityId: id, before: toDto(current), after: toDto(row) });
      return toDto(row);
    },

    async remove(ctx: TenantContext, id: number) {
      const before = await mustFind(ctx, id);
      const deleted = await repo.deleteEndpoint(db, ctx, id);
      await changed(ctx.companyId);
      if (!deleted) throw new AppError('ERR_NOT_FOUND', 404);
      recordAudit(deps, ctx, { action: 'webhook.delete', entity: 'webhook', entityId: id, before: toDto(before) });
    },

    /** "Send a test event": a `webhook.test` delivery to this endpoint, whatever events it chose (active or not). */
    async sendTest(ctx: TenantContext, id: number) {
      const endpoint = await mustFind(ctx, id);
      if (!endpoint.active) throw new AppError('ERR_WEBHOOK_PAUSED', 409);
      const [deliveryId] = await record(
        ctx.companyId,
        WEBHOOK_TEST_EVENT,
        async () => ({ message: 'This is a test event from Atendo.', endpointId: endpoint.id }),
        [endpoint.id],
      );
      const row = deliveryId ? await repo.findDelivery(db, ctx, endpoint.id, deliveryId) : null;
      if (!row) throw new AppError('ERR_NOT_FOUND', 404);
      return toDeliveryDto(row);
    },

    async deliveries(ctx: TenantContext, id: number, pageNumber: number) {
      await mustFind(ctx, id);
      const offset = (pageNumber - 1) * WEBHOOK_DELIVERIES_PAGE_SIZE;
      const { rows, total } = await repo.deliveriesPage(db, ctx, id, WEBHOOK_DELIVERIES_PAGE_SIZE, offset);
      return { records: rows.map(toDeliveryDto), count: total, hasMore: offset + rows.length < total };
    },

    /** The same event (id and body) once more, signed anew; the endpoint must be active. */
    async resend(ctx: TenantContext, endpointId: number, deliveryId: number) {
      const endpoint = await mustFind(ctx, endpointId);
      if (!endpoint.active) throw new AppError('ERR_WEBHOOK_PAUSED', 409);
      const row = await repo.findDelivery(db, ctx, endpointId, deliveryId);
      if (!row) throw new AppError('ERR_NOT_FOUND', 404);
      await repo.markPending(db, ctx, row.id);
      await enqueue(ctx.companyId, row.id, { resend: true });
      return toDeliveryDto({ ...row, status: 'pending', error: null });
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;

import {
  EXTERNAL_PROXY_MAX_BYTES,
  EXTERNAL_PROXY_TIMEOUT_MS,
  maskSecret,
  type PromptBody,
  type PromptDto,
  type PromptUpdateBody,
  type PromptUsageDto,
} from '@atendo/shared';
import type { TenantContext } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { outboundAppError, outboundFetch } from '../../platform/safe-fetch';
import { recordAudit } from '../audit/audit.public';
import { createQueuesService } from '../queues/queues.service';
import * as repo from './prompts.repository';

/** Calls of the external API test a company may make per minute (each fetches a URL it gives us). */
const PROXY_RATE = { limit: 30, windowMs: 60_000 };

export function toPromptDto(r: repo.PromptWithQueue): PromptDto {
  return {
    id: r.id,
    name: r.name,
    prompt: r.prompt,
    queueId: r.queueId,
    queue: r.queue,
    apiKey: maskSecret(r.apiKey) ?? '',
    model: r.model,
    maxTokens: r.maxTokens,
    temperature: r.temperature,
    maxMessages: r.maxMessages,
    voice: r.voice,
    voiceKey: maskSecret(r.voiceKey) ?? '',
    voiceRegion: r.voiceRegion,
    useExternalApi: r.useExternalApi,
    apiUrl: r.apiUrl,
    apiJsonData: r.apiJsonData ?? null,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

/** AI prompts (seed 001 §2 /prompts, §3, §4, §5, §7): admins of a plan with useOpenAi (route config). */
export function createPromptsService(deps: CoreDeps) {
  const { db } = deps.database;
  const queues = createQueuesService(deps);

  async function mustFind(ctx: TenantContext, id: number) {
    const row = await repo.findPrompt(db, ctx, id);
    if (!row) throw new AppError('ERR_NOT_FOUND', 404);
    return row;
  }

  async function checkQueue(ctx: TenantContext, queueId: number) {
    if (!(await repo.queueExists(db, ctx, queueId))) {
      throw new AppError('ERR_VALIDATION', 400, undefined, [{ path: 'queueId', message: 'validation.selectQueue' }]);
    }
  }

  function publish(ctx: TenantContext, action: 'create' | 'update' | 'delete', row: repo.PromptWithQueue | { id: number }) {
    const payload =
      action === 'delete' ? { action, promptId: row.id } : { action, prompt: toPromptDto(row as repo.PromptWithQueue) };
    deps.realtime.publish(ctx.companyId, 'prompt', payload);
  }

  /** After the commit: the queues whose prompt changed and the prompts that lost their sector are heard live. */
  async function announceLink(ctx: TenantContext, link: { queueIds: number[]; displacedPromptIds: number[] }) {
    await queues.announce(ctx, link.queueIds);
    for (const id of link.displacedPromptIds) {
      const row = await repo.findPrompt(db, ctx, id);
      if (row) publish(ctx, 'update', row);
    }
  }

  /** Seed 001 §4: the external feed on means no history (maxMessages 0) — the feed's data is the context. */
  const history = (b: { useExternalApi?: boolean; maxMessages?: number }) => (b.useExternalApi ? 0 : b.maxMessages);

  return {
    async list(ctx: TenantContext, q: { searchParam?: string }) {
      const rows = await repo.listPrompts(db, ctx, { search: q.searchParam });
      return { prompts: rows.map(toPromptDto), count: rows.length, hasMore: false };
    },

    async show(ctx: TenantContext, id: number) {
      return toPromptDto(await mustFind(ctx, id));
    },

    async create(ctx: TenantContext, b: PromptBody & { apiKey: string }) {
      await checkQueue(ctx, Number(b.queueId));
      const queueId = Number(b.queueId);
      const { id, link } = await db.transaction(async (tx) => {
        const id = await repo.insertPrompt(tx, ctx, {
          name: b.name,
          prompt: b.prompt,
          queueId,
          apiKey: b.apiKey,
          model: b.model ?? '',
          maxTokens: Number(b.maxTokens),
          temperature: Number(b.temperature),
          maxMessages: history({ useExternalApi: b.useExternalApi, maxMessages: Number(b.maxMessages) }),
          voice: b.voice ?? 'texto',
          voiceKey: b.voiceKey ?? '',
          voiceRegion: b.voiceRegion ?? '',
          useExternalApi: b.useExternalApi ?? false,
          apiUrl: b.apiUrl ?? '',
          apiJsonData: b.apiJsonData ?? null,
        });
        return { id, link: await repo.attachToQueue(tx, ctx, id, queueId, null) };
      });
      const row = await mustFind(ctx, id);
      recordAudit(deps, ctx, { action: 'prompt.create', entity: 'prompt', entityId: id, after: row });
      publish(ctx, 'create', row);
      await announceLink(ctx, link);
      return toPromptDto(row);
    },

    async update(ctx: TenantContext, id: number, b: PromptUpdateBody) {
      const before = await mustFind(ctx, id);
      await checkQueue(ctx, Number(b.queueId));
      const useExternalApi = b.useExternalApi ?? false;
      const voice = b.voice ?? 'texto';
      const voiceKey = b.voiceKey || before.voiceKey;
      if (voice !== 'texto' && (!voiceKey || !b.voiceRegion)) {
        throw new AppError('ERR_VALIDATION', 400, undefined, [
          { path: voiceKey ? 'voiceRegion' : 'voiceKey', message: 'validation.required' },
        ]);
      }
      if (useExternalApi && !b.apiUrl) {
        throw new AppError('ERR_VALIDATION', 400, undefined, [{ path: 'apiUrl', message: 'validation.required' }]);
      }
      const queueId = Number(b.queueId);
      const link = await db.transaction(async (tx) => {
        await repo.updatePrompt(tx, ctx, id, {
          name: b.name,
          prompt: b.prompt,
          queueId,
          apiKey: b.apiKey || before.apiKey,
          model: b.model ?? '',
          maxTokens: Number(b.maxTokens),
          temperature: Number(b.temperature),
          maxMessages: history({ useExternalApi, maxMessages: Number(b.maxMessages) }),
          voice,
          voiceKey,
          voiceRegion: b.voiceRegion ?? '',
          useExternalApi,
          apiUrl: b.apiUrl ?? '',
          apiJsonData: b.apiJsonData ?? null,
        });
        return repo.attachToQueue(tx, ctx, id, queueId, before.queueId);
      });
      const row = await mustFind(ctx, id);
      recordAudit(deps, ctx, { action: 'prompt.update', entity: 'prompt', entityId: id, before, after: row });
      publish(ctx, 'update', row);
      await announceLink(ctx, link);
      return toPromptDto(row);
    },

    async remove(ctx: TenantContext, id: number) {
      const before = await mustFind(ctx, id);
      if (!(await repo.deletePrompt(db, ctx, id))) throw new AppError('ERR_NOT_FOUND', 404);
      recordAudit(deps, ctx, { action: 'prompt.delete', entity: 'prompt', entityId: id, before });
      publish(ctx, 'delete', { id });
      return { message: 'Prompt deleted' };
    },

    /**
     * GET /api/external-proxy: the prompt form's "test the API" — the company's URL fetched through the SSRF guard
     * (public addresses only, every redirect re-checked), with a timeout, a size cap and the company's rate limit.
     */
    async externalProxy(ctx: TenantContext, q: { url: string; timeout?: number }) {
      const rate = await deps.limiter.hit(`external-proxy:${ctx.companyId}`, PROXY_RATE.limit, PROXY_RATE.windowMs);
      if (!rate.allowed) throw new AppError('ERR_TOO_MANY_REQUESTS', 429, { retryAfterSeconds: rate.retryAfterSeconds });
      let res: Awaited<ReturnType<ReturnType<typeof outboundFetch>>>;
      try {
        res = await outboundFetch(deps.config)(q.url, {
          method: 'GET',
          headers: { accept: 'application/json' },
          timeoutMs: q.timeout ?? EXTERNAL_PROXY_TIMEOUT_MS,
          maxBytes: EXTERNAL_PROXY_MAX_BYTES,
        });
      } catch (e) {
        throw outboundAppError(e);
      }
      if (res.status < 200 || res.status >= 300) {
        throw new AppError('ERR_EXTERNAL_REQUEST_FAILED', 502, { status: res.status });
      }
      try {
        return res.json();
      } catch {
        throw new AppError('ERR_EXTERNAL_REQUEST_FAILED', 502, { reason: 'not json' });
      }
    },

    /** GET /prompt/usage: this month's tokens per prompt of the caller's company (its timezone), and the total. */
    async usage(ctx: TenantContext): Promise<PromptUsageDto> {
      const { month, from, rows } = await repo.monthlyUsage(db, ctx, ctx.company.timezone || 'UTC');
      const total = { turns: 0, promptTokens: 0, completionTokens: 0, totalTokens: 0 };
      for (const r of rows) {
        total.turns += r.turns;
        total.promptTokens += r.promptTokens;
        total.completionTokens += r.completionTokens;
        total.totalTokens += r.totalTokens;
      }
      return { month, from: from.toISOString(), prompts: rows, total };
    },
  };
}

export type PromptsService = ReturnType<typeof createPromptsService>;

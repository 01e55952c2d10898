import type { CreateChatbotBody, UpdateChatbotBody } from '@atendo/shared';
import { CHATBOT_TARGET, type ChatbotOptionInput, defaultSchedules, planAllows, type QueueBody, V } from '@atendo/shared';
import type { z } from 'zod';
import type { TenantContext } from '../../platform/context';
import { isUniqueViolation } from '../../platform/db-errors';
import type { CoreDeps } from '../../platform/deps';
import { AppError, fieldError } from '../../platform/errors';
import { recordAudit } from '../audit/audit.public';
import * as repo from './queues.repository';

type Targets = Pick<ChatbotOptionInput, 'optQueueId' | 'optUserId' | 'optIntegrationId' | 'optFileId' | 'options'>;

function collectTargets(
  options: Targets[],
  found = { queueIds: [] as number[], userIds: [] as number[], integrationIds: [] as number[], fileListIds: [] as number[] },
) {
  for (const o of options) {
    if (o.optQueueId) found.queueIds.push(o.optQueueId);
    if (o.optUserId) found.userIds.push(o.optUserId);
    if (o.optIntegrationId) found.integrationIds.push(o.optIntegrationId);
    if (o.optFileId) found.fileListIds.push(o.optFileId);
    if (o.options) collectTargets(o.options, found);
  }
  return found;
}

export function createQueuesService(deps: CoreDeps) {
  const { db } = deps.database;
  const publishQueue = (ctx: TenantContext, action: 'create' | 'update' | 'delete', queue: unknown, queueId?: number) => {
    deps.realtime.publish(ctx.companyId, 'queue', { action, queue, queueId });
    // The automation holds each connection's queues (greeting, schedules, prompt, integration): dropped everywhere.
    void deps.events.publish('setup.changed', { companyId: ctx.companyId });
  };

  /** Chatbot targets must be the company's own queues, users, integrations and file lists. */
  async function checkTargets(ctx: TenantContext, options: Targets[]) {
    const { queueIds, userIds, integrationIds, fileListIds } = collectTargets(options);
    const [qs, us] = await Promise.all([repo.existingQueueIds(db, ctx, queueIds), repo.existingUserIds(db, ctx, userIds)]);
    if (queueIds.some((id) => !qs.has(id))) throw new AppError('ERR_NO_QUEUE_FOUND', 404);
    if (userIds.some((id) => !us.has(id))) throw new AppError('ERR_NO_USER_FOUND', 404);
    for (const [field, table, ids] of [
      ['optIntegrationId', 'queue_integrations', integrationIds],
      ['optFileId', 'file_lists', fileListIds],
    ] as const) {
      for (const id of new Set(ids)) {
        if (!(await repo.ownsRelated(db, ctx, table, id))) throw new AppError('ERR_NOT_FOUND', 404, { field });
      }
    }
  }

  /** On create every field counts (missing = empty); on update only the fields sent. */
  async function checkQueueRules(ctx: TenantContext, body: Partial<QueueBody>, existingId?: number) {
    const creating = existingId === undefined;
    if (body.name !== undefined || body.color !== undefined) {
      const current = existingId ? await repo.findQueue(db, ctx, existingId) : null;
      const conflict = await repo.findConflict(
        db,
        ctx,
        body.name ?? current?.name ?? '',
        body.color ?? current?.color ?? '',
        existingId,
      );
      if (conflict === 'color') throw new AppError('ERR_QUEUE_COLOR_ALREADY_EXISTS', 409);
      if (conflict === 'name') throw new AppError('ERR_QUEUE_NAME_ALREADY_EXISTS', 409);
    }
    // With more than one queue the customer chooses from a menu: each queue needs its greeting.
    const others = await repo.countQueues(db, ctx, existingId);
    if (others >= 1 && (creating || body.greetingMessage !== undefined) && !body.greetingMessage?.trim()) {
      throw fieldError('greetingMessage', V.greetingRequired);
    }
    // With service hours per queue, a customer writing out of hours must be told something.
    if (
      (await repo.scheduleType(db, ctx)) === 'queue' &&
      (creating || body.outOfHoursMessage !== undefined) &&
      !body.outOfHoursMessage?.trim()
    ) {
      throw fieldError('outOfHoursMessage', V.required);
    }
    checkPlan(ctx, body);
    await checkRelated(ctx, body);
    if (body.chatbots) await checkTargets(ctx, body.chatbots);
  }

  /** The prompt, integration and file list a queue points to are the company's own (another's, or none: 404). */
  async function checkRelated(ctx: TenantContext, body: Partial<QueueBody>) {
    const refs = [
      ['promptId', 'prompts'],
      ['integrationId', 'queue_integrations'],
      ['fileListId', 'file_lists'],
    ] as const;
    for (const [field, table] of refs) {
      const id = body[field];
      if (id && !(await repo.ownsRelated(db, ctx, table, id))) throw new AppError('ERR_NOT_FOUND', 404, { field });
    }
  }

  /** integrationId (and integration steps) need useIntegrations; promptId needs useOpenAi (seed 001 §6). */
  function checkPlan(ctx: TenantContext, body: Partial<QueueBody>) {
    const usesIntegration = (steps: ChatbotOptionInput[] | undefined): boolean =>
      Boolean(steps?.some((s) => s.queueType === 'integration' || s.optIntegrationId || usesIntegration(s.options)));
    if ((body.integrationId || usesIntegration(body.chatbots)) && !planAllows(ctx.plan, 'useIntegrations')) {
      throw new AppError('ERR_PLAN_FEATURE_DISABLED', 403, { feature: 'useIntegrations' });
    }
    if (body.promptId && !planAllows(ctx.plan, 'useOpenAi')) {
      throw new AppError('ERR_PLAN_FEATURE_DISABLED', 403, { feature: 'useOpenAi' });
    }
  }

  function mapUnique(err: unknown): never {
    if (isUniqueViolation(err, 'queues_company_color_unique')) throw new AppError('ERR_QUEUE_COLOR_ALREADY_EXISTS', 409);
    if (isUniqueViolation(err, 'queues_company_name_unique')) throw new AppError('ERR_QUEUE_NAME_ALREADY_EXISTS', 409);
    throw err;
  }

  async function mustFindQueue(ctx: TenantContext, id: number) {
    const q = await repo.findQueue(db, ctx, id);
    if (!q) throw new AppError('ERR_NO_QUEUE_FOUND', 404);
    return q;
  }

  return {
    list: (ctx: TenantContext) => repo.listQueues(db, ctx),
    show: (ctx: TenantContext, id: number) => mustFindQueue(ctx, id),

    async create(ctx: TenantContext, body: QueueBody) {
      const limit = ctx.plan?.queues ?? 0;
      if (limit > 0 && (await repo.countQueues(db, ctx)) >= limit) {
        throw new AppError('ERR_PLAN_LIMIT_REACHED', 403, { limit, resource: 'queues' });
      }
      await checkQueueRules(ctx, body);
      const { chatbots, ...values } = body;
      const id = await db
        .transaction(async (t) => {
          const queueId = await repo.insertQueue(t, ctx, { ...values, schedules: values.schedules ?? defaultSchedules() });
          if (chatbots?.length) await repo.insertChatbotTree(t, ctx, { queueId }, chatbots);
          return queueId;
        })
        .catch(mapUnique);
      const queue = await mustFindQueue(ctx, id);
      recordAudit(deps, ctx, { action: 'queue.create', entity: 'queue', entityId: id, after: queue });
      publishQueue(ctx, 'create', queue);
      return queue;
    },

    async update(ctx: TenantContext, id: number, body: Partial<QueueBody>) {
      const before = await mustFindQueue(ctx, id);
      await checkQueueRules(ctx, body, id);
      const { chatbots, ...values } = body;
      await db
        .transaction(async (t) => {
          await repo.updateQueue(t, ctx, id, values);
          if (chatbots) await repo.replaceChatbotTree(t, ctx, { queueId: id }, chatbots);
        })
        .catch(mapUnique);
      const queue = await mustFindQueue(ctx, id);
      recordAudit(deps, ctx, { action: 'queue.update', entity: 'queue', entityId: id, before, after: queue });
      publishQueue(ctx, 'update', queue);
      return queue;
    },

    async remove(ctx: TenantContext, id: number) {
      const before = await mustFindQueue(ctx, id);
      if (!(await repo.deleteQueue(db, ctx, id))) throw new AppError('ERR_NO_QUEUE_FOUND', 404);
      recordAudit(deps, ctx, { action: 'queue.delete', entity: 'queue', entityId: id, before });
      publishQueue(ctx, 'delete', undefined, id);
    },

    async showChatbot(ctx: TenantContext, id: number) {
      const bot = await repo.findChatbot(db, ctx, id);
      if (!bot) throw new AppError('ERR_NOT_FOUND', 404);
      return bot;
    },

    async createChatbot(ctx: TenantContext, body: z.infer<typeof CreateChatbotBody>) {
      if (body.queueId) await mustFindQueue(ctx, body.queueId);
      if (body.chatbotId) {
        const parent = await repo.findChatbot(db, ctx, body.chatbotId);
        if (!parent) throw new AppError('ERR_NOT_FOUND', 404);
        // The bot goes one level deeper only after the parent's message: no message, no inner options.
        if (!parent.greetingMessage.trim()) throw fieldError('chatbotId', V.greetingRequired);
      }
      checkPlan(ctx, { chatbots: [body] });
      await checkTargets(ctx, [body]);
      const parent = body.chatbotId ? { chatbotId: body.chatbotId } : { queueId: body.queueId! };
      const id = await db.transaction(async (t) => {
        const order = await repo.nextChatbotOrder(t, ctx, parent);
        const newId = await repo.insertChatbot(t, ctx, {
          ...repo.chatbotValues(body),
          queueId: body.chatbotId ? null : body.queueId,
          chatbotId: body.chatbotId ?? null,
          order,
        });
        if (body.options?.length) await repo.insertChatbotTree(t, ctx, { chatbotId: newId }, body.options);
        return newId;
      });
      await this.publishTreeOf(ctx, id);
      const created = await this.showChatbot(ctx, id);
      recordAudit(deps, ctx, { action: 'chatbot.create', entity: 'chatbot', entityId: id, after: created });
      return created;
    },

    async updateChatbot(ctx: TenantContext, id: number, body: z.infer<typeof UpdateChatbotBody>) {
      const current = await this.showChatbot(ctx, id);
      const next = { ...current, ...body, options: body.options ?? current.options };
      const target = CHATBOT_TARGET[next.queueType as keyof typeof CHATBOT_TARGET];
      if (target && !next[target as keyof typeof next]) throw fieldError(target, V.required);
      if (next.options.length > 0 && !next.greetingMessage.trim()) throw fieldError('greetingMessage', V.greetingRequired);
      checkPlan(ctx, { chatbots: [{ ...body, name: next.name }] });
      await checkTargets(ctx, [body]);
      const { options, order, ...values } = body;
      await db.transaction(async (t) => {
        await repo.updateChatbot(t, ctx, id, values);
        if (order !== undefined) await repo.moveChatbot(t, ctx, id, order);
        if (options) await repo.replaceChatbotTree(t, ctx, { chatbotId: id }, options);
      });
      await this.publishTreeOf(ctx, id);
      const after = await this.showChatbot(ctx, id);
      recordAudit(deps, ctx, { action: 'chatbot.update', entity: 'chatbot', entityId: id, before: current, after });
      return after;
    },

    async removeChatbot(ctx: TenantContext, id: number) {
      const queueId = await repo.queueOfChatbot(db, ctx, id);
      const before = await repo.findChatbot(db, ctx, id);
      if (!(await repo.deleteChatbot(db, ctx, id))) throw new AppError('ERR_NOT_FOUND', 404);
      recordAudit(deps, ctx, { action: 'chatbot.delete', entity: 'chatbot', entityId: id, before });
      if (queueId) publishQueue(ctx, 'update', await repo.findQueue(db, ctx, queueId));
    },

    /** Another module changed these queues (a prompt's sector): their lists update live and the automation re-reads them. */
    async announce(ctx: TenantContext, ids: number[]) {
      for (const id of ids) {
        const queue = await repo.findQueue(db, ctx, id);
        if (queue) publishQueue(ctx, 'update', queue);
      }
    },

    /** A change inside a flow is a change of its queue: the queue list updates live. */
    async publishTreeOf(ctx: TenantContext, chatbotId: number) {
      const queueId = await repo.queueOfChatbot(db, ctx, chatbotId);
      if (queueId) publishQueue(ctx, 'update', await repo.findQueue(db, ctx, queueId));
    },
  };
}

export type QueuesService = ReturnType<typeof createQueuesService>;

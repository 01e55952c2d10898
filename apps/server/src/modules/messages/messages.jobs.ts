/**
 * Jobs of the message pipeline: sending the business's messages through their channel (with retries and
 * back-off, in order per ticket, waiting a bounded time for a connection that is down) and downloading
 * inbound media into the company's storage.
 */
import { readFile } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  type Channel,
  type ChannelConnectionConfig,
  ChannelError,
  type ChannelRegistry,
  type FileMediaType,
  isFileMediaType,
  type OutboundContent,
  type OutboundMessage,
} from '../../channels/types';
import type { Database } from '../../db/open';
import type { CoreDeps } from '../../platform/deps';
import { defineJob } from '../../platform/jobs';
import { mediaLimitBytes } from '../settings/settings.public';
import { createTicketAudience, type TicketScope } from '../tickets/tickets.public';
import { toMessageDto } from './messages.dto';
import * as repo from './messages.repository';

/**
 * Retry schedule of a send that failed for a reason that may pass (network, 5xx, throttling): the wait before
 * attempt 2, 3, … Its length + 1 is the number of attempts. Mutable so tests can shorten it.
 */
export const OUTBOUND_RETRY = {
  delaysMs: [2_000, 10_000, 30_000, 60_000, 300_000],
  /** How long a message waits for its connection to come back (and behind an older unsent message) before it fails. */
  maxWaitMs: 15 * 60_000,
  /** Poll interval while waiting. */
  waitPollMs: 5_000,
};

/** Expiry of a messages.send run (see sendMessageJob). */
export const SEND_EXPIRE_SECONDS = 60;

export const sendMessageJob = defineJob({
  name: 'messages.send',
  schema: z.object({
    messageId: z.number().int().positive(),
    companyId: z.number().int().positive(),
    attempt: z.number().int().min(1).default(1),
    /** When a failed message was sent to the queue again by hand (ms): the bounded wait counts from then, not from its creation. */
    since: z.number().int().positive().optional(),
  }),
  // pg-boss' own retries only cover a crash or a bug in the handler; channel failures are rescheduled by it.
  // Expiry 60 s: one run is a few queries and one send, bounded by the channels' own timeouts (Cloud API / Messenger
  // 15 s per request, an upload then a send at most 30 s; Baileys 20 s). A run still going at 60 s would be retried
  // beside itself, so the expiry stays well above that; a process killed mid-send has its job retried elsewhere
  // 60–100 s later (expiry + the 30 s maintenance pass + the retry delay), where the stored external id makes a finished send a no-op.
  queue: { retryLimit: 2, retryDelay: 5, retryBackoff: true, expireInSeconds: SEND_EXPIRE_SECONDS },
});

/**
 * The send queue of one connection whose socket lives in a single process (a QR connection: the process holding its
 * lease). Only that process works it (composition: BaileysSessionManager.onOwnership → Jobs.workAlso); a send run
 * elsewhere moves there (see the WAPP_NOT_CONNECTED branch below). Same schema, options and handler as messages.send.
 */
export const connectionSendQueue = (connectionId: number) => `${sendMessageJob.name}.conn-${connectionId}`;

/**
 * Every minute: outbound messages stored but whose send job never was — the process that stored them (an attendant's
 * send, a bot's answer, a campaign) died between its commit and the enqueue — get one now. A message with a job still
 * waiting, retrying or running is left to it (the send job itself skips a message already sent).
 */
export const requeueUnsentJob = defineJob({
  name: 'messages.requeueUnsent',
  schema: z.object({}),
  queue: { retryLimit: 0, expireInSeconds: 300, policy: 'singleton' },
});

export const downloadMediaJob = defineJob({
  name: 'messages.downloadMedia',
  schema: z.object({ messageId: z.number().int().positive(), companyId: z.number().int().positive() }),
  queue: { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 600 },
});

function adapterConfig(c: NonNullable<repo.MessageForSend['connection']>): ChannelConnectionConfig {
  return {
    id: c.id,
    companyId: c.companyId,
    channel: c.channel as Channel,
    status: c.status,
    phoneNumberId: c.phoneNumberId,
    accessToken: c.accessToken,
    facebookPageUserId: c.facebookPageUserId,
    tokenMeta: c.tokenMeta,
  };
}

/** The outbound content of a stored message: text, a stored file, or the structured content kept in dataJson.outbound. */
async function contentOf(deps: CoreDeps, m: repo.MessageForSend['message']): Promise<OutboundContent> {
  const structured = (m.dataJson as { outbound?: OutboundContent } | null)?.outbound;
  if (structured && structured.type !== 'media') return structured;
  if (isFileMediaType(m.mediaType) && m.mediaUrl) {
    const abs = deps.media.resolve(m.mediaUrl);
    if (!abs) throw new ChannelError('stored media path is invalid', false, 'NO_MEDIA');
    const data = await readFile(abs).catch(() => {
      throw new ChannelError('stored media is missing', false, 'NO_MEDIA');
    });
    return {
      type: 'media',
      mediaType: m.mediaType as FileMediaType,
      caption: m.body || undefined,
      file: { kind: 'bytes', data, mimeType: m.mediaMimeType ?? 'application/octet-stream', filename: m.mediaName ?? 'file' },
    };
  }
  return { type: 'text', body: m.body };
}

export interface MessagingJobDeps {
  deps: CoreDeps;
  channels: ChannelRegistry;
  logger?: FastifyBaseLogger;
}

export function registerMessagingJobs({ deps, channels, logger }: MessagingJobDeps) {
  const { db } = deps.database;

  deps.jobs.register(
    requeueUnsentJob,
    async () => {
      await repo.dropStaleEarlyStatuses(db);
      const orphans = await repo.unsentWithoutJob(db, 60);
      for (const m of orphans) await deps.jobs.send(sendMessageJob, { messageId: m.id, companyId: m.companyId, attempt: 1 });
      if (orphans.length) logger?.warn({ count: orphans.length }, 'outbound messages without a send job were queued again');
    },
    { cron: '* * * * *' },
  );

  const audience = createTicketAudience(db);
  const publishUpdate = async (m: repo.MessageForSend['message'], ticket: TicketScope) =>
    deps.realtime.publish(
      m.companyId,
      'appMessage',
      { action: 'update', message: toMessageDto(m, deps.mediaUrl) },
      await audience.roomsOf({ companyId: m.companyId }, ticket),
    );
  const scopeOf = (
    f: Pick<repo.MediaToDownload, 'message' | 'ticketQueueId' | 'ticketUserId' | 'ticketIsGroup'>,
  ): TicketScope => ({
    id: f.message.ticketId,
    queueId: f.ticketQueueId,
    userId: f.ticketUserId,
    isGroup: f.ticketIsGroup,
  });

  async function fail(found: repo.MessageForSend, reason: string) {
    const failed = await repo.markFailed(db, { companyId: found.message.companyId }, found.message.id, reason);
    if (failed) await publishUpdate(failed, scopeOf(found));
    if (failed) deps.metrics?.outboundFailures.inc({ channel: found.connection?.channel ?? 'none' });
    // what reacts to a refused message (a campaign's report, a schedule's state) hears it as it hears Meta's failed status
    if (failed)
      await deps.events.publish('message.status', {
        companyId: failed.companyId,
        messageId: failed.id,
        ticketId: failed.ticketId,
        ack: failed.ack,
        failed: true,
      });
    logger?.warn({ messageId: found.message.id, reason }, 'message failed for good');
  }

  /** The same send again after `delayMs`, in the queue it ran from (the shared one, or its connection's). */
  async function later(payload: z.output<typeof sendMessageJob.schema>, delayMs: number, queue: string) {
    await deps.jobs.sendTo(sendMessageJob, queue, payload, { startAfter: new Date(Date.now() + delayMs) });
  }

  deps.jobs.register(sendMessageJob, async (payload, job) => {
    // runNow (tests, admin actions) runs as the shared queue.
    const queue = job.name.startsWith(`${sendMessageJob.name}.conn-`) ? job.name : sendMessageJob.name;
    const found = await repo.findMessageForSend(db, { companyId: payload.companyId }, payload.messageId);
    if (!found) return;
    const { message } = found;
    // Sent, failed, private or edited away meanwhile: nothing to do (a duplicate job is harmless).
    if (message.externalId || message.ack > 0 || message.sendError || message.isPrivate || !message.fromMe || message.isDeleted)
      return;
    if (!found.connection) return fail(found, 'ERR_NO_WAPP_FOUND');

    const waited = Date.now() - (payload.since ?? message.createdAt.getTime());
    const connectionDown = found.connection.status !== 'CONNECTED';
    if (connectionDown || found.olderPending) {
      // Kept waiting (same attempt) while the connection is down or an older message of the ticket is unsent, for a bounded time.
      if (waited > OUTBOUND_RETRY.maxWaitMs)
        return fail(found, connectionDown ? 'ERR_WAPP_NOT_INITIALIZED' : 'ERR_SENDING_WAPP_MSG');
      return later(payload, connectionDown ? OUTBOUND_RETRY.waitPollMs : 1_000, queue);
    }

    let outbound: OutboundMessage;
    try {
      outbound = {
        to: found.contactNumber,
        content: await contentOf(deps, message),
        quotedExternalId: found.quotedExternalId ?? undefined,
        reference: String(message.id),
      };
      const adapter = channels.adapterFor(adapterConfig(found.connection));
      const sent = await adapter.send(outbound);
      const updated = await repo.markSent(db, { companyId: payload.companyId }, message.id, sent.externalId);
      // Its delivery reports may have come first (Meta's webhooks overtake the send's answer): applied now.
      const early = updated ? await repo.takeEarlyStatus(db, { companyId: payload.companyId }, message.id) : null;
      if (early ?? updated) await publishUpdate((early ?? updated)!, scopeOf(found));
      if (early) {
        await deps.events.publish('message.status', {
          companyId: early.companyId,
          messageId: early.id,
          ticketId: early.ticketId,
          ack: early.ack,
          failed: Boolean(early.sendError),
        });
      }
    } catch (err) {
      if (!(err instanceof ChannelError)) throw err;
      const attempts = OUTBOUND_RETRY.delaysMs.length + 1;
      logger?.warn(
        { messageId: message.id, attempt: payload.attempt, code: err.code, retryable: err.retryable, err: err.message },
        'send failed',
      );
      if (err.code === '190') {
        // The access token is no longer valid: the connection needs the admin; its other messages wait (bounded).
        const session = await repo.setConnectionStatus(db, found.connection.id, 'DISCONNECTED');
        if (session) {
          deps.realtime.publish(session.companyId, 'whatsappSession', {
            action: 'update',
            session: {
              id: session.id,
              status: session.status,
              updatedAt: session.updatedAt,
              qrcode: session.qrcode,
              retries: session.retries,
            },
          });
        }
      }
      if (err.code === 'WAPP_NOT_CONNECTED') {
        // A QR session runs in the one process that holds its lease. Run elsewhere: the send moves at once to the
        // connection's own queue, which only that process works. Run there (its socket is reconnecting): tried
        // again shortly, same attempt — bounded like a connection that is down.
        if (waited > OUTBOUND_RETRY.maxWaitMs) return fail(found, 'ERR_WAPP_NOT_INITIALIZED');
        if (queue === sendMessageJob.name) return later(payload, 0, connectionSendQueue(found.connection.id));
        return later(payload, 2_000, queue);
      }
      if (err.retryable && payload.attempt < attempts) {
        const delay = Math.max(OUTBOUND_RETRY.delaysMs[payload.attempt - 1], err.retryAfterMs ?? 0);
        return later({ ...payload, attempt: payload.attempt + 1 }, delay, queue);
      }
      return fail(found, err.message);
    }
  });

  deps.jobs.register(downloadMediaJob, async ({ messageId, companyId }) => {
    const found = await repo.findMediaToDownload(db, { companyId }, messageId);
    if (!found?.connection) return;
    const { message } = found;
    const ticket = scopeOf(found);
    const giveUp = async (reason: string) => {
      const updated = await repo.markMediaFailed(db, { companyId }, messageId, reason);
      if (updated) await publishUpdate(updated, ticket);
      logger?.warn({ messageId, reason }, 'media download given up');
    };
    let stored: { path: string; mime: string; size: number };
    try {
      const maxBytes = await mediaLimitBytes(db);
      const adapter = channels.adapterFor(adapterConfig(found.connection));
      const file = await adapter.downloadMedia(message.mediaRef as never);
      if (file.data.byteLength > maxBytes) return giveUp('ERR_FILE_TOO_LARGE');
      stored = await deps.media.saveBuffer(companyId, 'media', Buffer.from(file.data), {
        mimetype: file.mimeType,
        filename: file.filename ?? message.mediaName ?? undefined,
      });
    } catch (err) {
      if (err instanceof ChannelError && err.retryable) throw err; // pg-boss retries with back-off
      const code = (err as { code?: string }).code;
      return giveUp(
        err instanceof ChannelError ? `ERR_WAPP_DOWNLOAD_MEDIA: ${err.message}` : (code ?? 'ERR_WAPP_DOWNLOAD_MEDIA'),
      );
    }
    const updated = await repo.markMediaStored(db, { companyId }, messageId, stored);
    if (!updated) {
      await deps.media.remove(stored.path); // another run stored it first
      return;
    }
    await publishUpdate(updated, ticket);
  });
}

/** Outbound messages waiting in the send queue (created, retrying or running), by channel: GET /metrics. */
export const outboundQueueByChannel = (database: Database) => repo.outboundQueueByChannel(database, sendMessageJob.name);

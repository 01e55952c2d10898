import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  RECOVERY_CODE_TTL_MINUTES,
  RECOVERY_MAX_ATTEMPTS,
  type RecoveryResetBody,
  type RecoveryStatusDto,
  type RecoveryVerifiedDto,
  recoveryCanSend,
} from '@atendo/shared';
import { ChannelError, type ChannelRegistry } from '../../channels/types';
import { resolveJwtSecret } from '../../config';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { createSealer } from '../../platform/sealing';
import { getGlobalSetting } from '../settings/settings.public';
import { findDefaultChannelConnection, findDefaultConnectionSummary } from '../whatsapps/whatsapps.public';
import { hashPassword, signOutEverywhere } from './auth.service';
import { sendRecoveryCodeJob } from './recovery.jobs';
import * as repo from './recovery.repository';

/** The platform's own company: its default connection sends the codes. */
const PLATFORM = { companyId: 1 } as const;
/** Sends per number and per IP, verifies per number and per IP (windows in ms). */
export const RECOVERY_LIMITS = {
  sendPerNumber: { limit: 3, windowMs: 15 * 60_000 },
  sendPerIp: { limit: 10, windowMs: 60 * 60_000 },
  verifyPerNumber: { limit: 10, windowMs: 15 * 60_000 },
  verifyPerIp: { limit: 30, windowMs: 15 * 60_000 },
} as const;
const RESET_TOKEN_TTL_MS = 10 * 60_000;

export interface RecoveryLogger {
  warn(obj: object, msg: string): void;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * Password recovery by a code sent over WhatsApp (issue 18 item 6, docs/decisions.md "Password recovery"): the server
 * keeps only an HMAC of the code, compares it itself, and answers the same whatever the number.
 */
export function createRecoveryService(deps: CoreDeps, ports: { channels: ChannelRegistry; logger: RecoveryLogger }) {
  const { db } = deps.database;
  const key = createHmac('sha256', resolveJwtSecret(deps.config)).update('atendo-recovery-v1').digest();
  const codeHash = (userId: number, code: string) => createHmac('sha256', key).update(`${userId}:${code}`).digest('hex');
  /** The code is the one a recovery keeps (its HMAC), compared in constant time. */
  const isCodeOf = (r: { userId: number; codeHash: string }, code: string) => {
    const given = Buffer.from(codeHash(r.userId, code));
    const expected = Buffer.from(r.codeHash);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  async function checkRate(k: string, rule: { limit: number; windowMs: number }) {
    const r = await deps.limiter.hit(`recovery:${k}`, rule.limit, rule.windowMs);
    if (!r.allowed) throw new AppError('ERR_TOO_MANY_REQUESTS', 429, { retryAfterSeconds: r.retryAfterSeconds });
  }

  /**
   * The code travels to a job sealed (AES-256-GCM under a key derived from the server secret): pg-boss keeps its
   * payload in the database, and the code must never be readable there.
   */
  const { seal, unseal } = createSealer(resolveJwtSecret(deps.config), 'atendo-recovery-seal-v1');

  /** Sends the code through the platform's default connection (throws a retryable ChannelError when it cannot here). */
  async function sendCode(number: string, code: string) {
    const connection = await findDefaultChannelConnection(db, PLATFORM);
    if (!connection) {
      ports.logger.warn({ companyId: PLATFORM.companyId }, 'password recovery: the platform has no default connection');
      return;
    }
    const appName = (await getGlobalSetting(db, 'appName')) || 'Atendo';
    const body = `${appName}: ${code} é o seu código para redefinir a senha. Ele vale ${RECOVERY_CODE_TTL_MINUTES} minutos. Não o compartilhe com ninguém.`;
    await ports.channels.adapterFor(connection).send({ to: number, content: { type: 'text', body } });
  }

  const logFailure = (err: unknown) =>
    ports.logger.warn(
      { reason: (err as Error).message, code: (err as { code?: string }).code },
      'password recovery: the code was not sent',
    );

  /**
   * Tries here first; when this process cannot send (a QR default connection whose session another process owns, or
   * one reconnecting), the code goes to a job that any process may run — the owner's will succeed. A failure is
   * logged (without the code), never answered.
   */
  async function deliver(recoveryId: number, number: string, code: string) {
    try {
      await sendCode(number, code);
    } catch (err) {
      if (err instanceof ChannelError && err.retryable) {
        await deps.jobs
          .send(sendRecoveryCodeJob, { companyId: PLATFORM.companyId, recoveryId, number, sealed: seal(code) })
          .catch(logFailure);
        return;
      }
      logFailure(err);
    }
  }

  return {
    /**
     * POST /enviar-email: the answer (and its timing) does not depend on the number being registered. When the
     * platform cannot send a code to anybody (no default connection, or one that needs its owner), every number is
     * told so alike (503 ERR_RECOVERY_UNAVAILABLE) instead of a success that never arrives.
     */
    async send(number: string, ip: string) {
      await checkRate(`send:ip:${ip}`, RECOVERY_LIMITS.sendPerIp);
      await checkRate(`send:number:${number}`, RECOVERY_LIMITS.sendPerNumber);
      const connection = await findDefaultConnectionSummary(db, PLATFORM);
      if (!connection || !recoveryCanSend(connection.status)) {
        ports.logger.warn(
          { companyId: PLATFORM.companyId, connectionId: connection?.id, status: connection?.status },
          'password recovery: refused, the platform has no default connection that can send',
        );
        throw new AppError('ERR_RECOVERY_UNAVAILABLE', 503);
      }
      const target = await repo.findRecoveryTarget(db, number);
      if (target) {
        const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
        const recoveryId = await repo.replaceRecovery(db, target, {
          userId: target.userId,
          number,
          codeHash: codeHash(target.userId, code),
          expiresAt: new Date(Date.now() + RECOVERY_CODE_TTL_MINUTES * 60_000),
        });
        // After the answer: a slow channel neither delays it nor tells that the number exists.
        setImmediate(() => void deliver(recoveryId, number, code));
      }
      return { sent: true as const };
    },

    /**
     * The job's side of `deliver`: sends a sealed code still worth sending (not replaced, used or expired — the
     * number's newest code only). A retryable channel failure is thrown so pg-boss tries again, maybe elsewhere.
     */
    async deliverQueued(p: { recoveryId: number; number: string; sealed: string }) {
      const live = await repo.findSendableRecovery(db, p.recoveryId);
      if (!live) return;
      const code = unseal(p.sealed);
      if (!isCodeOf(live, code)) return;
      try {
        await sendCode(p.number, code);
      } catch (err) {
        if (err instanceof ChannelError && err.retryable)
          throw new Error(`recovery code not sent yet: ${(err as Error).message}`);
        logFailure(err);
      }
    },

    /** GET /recovery/status (super admin): why recovery cannot work, if it cannot — the diagnosis no anonymous answer gives. */
    async status(): Promise<RecoveryStatusDto> {
      const connection = await findDefaultConnectionSummary(db, PLATFORM);
      const sharedPhones = await repo.findSharedRecoveryPhones(db);
      const ready = Boolean(connection && recoveryCanSend(connection.status));
      const problems: RecoveryStatusDto['problems'] = [];
      if (!connection) problems.push('noDefaultConnection');
      else if (!ready) problems.push('connectionDown');
      if (sharedPhones.length) problems.push('sharedPhone');
      return { ready, connection, sharedPhones, problems };
    },

    /** POST /verificar-code/{number}: a right code yields a reset token; anything else the same refusal. */
    async verify(number: string, code: string, ip: string): Promise<RecoveryVerifiedDto> {
      await checkRate(`verify:ip:${ip}`, RECOVERY_LIMITS.verifyPerIp);
      await checkRate(`verify:number:${number}`, RECOVERY_LIMITS.verifyPerNumber);
      const attempt = await repo.takeAttempt(db, number, RECOVERY_MAX_ATTEMPTS);
      if (!attempt) throw new AppError('ERR_INVALID_RECOVERY_CODE', 400);
      if (!isCodeOf(attempt, code)) {
        throw new AppError('ERR_INVALID_RECOVERY_CODE', 400);
      }
      const token = randomBytes(32).toString('base64url');
      const resetExpiresAt = new Date(Date.now() + RESET_TOKEN_TTL_MS);
      if (!(await repo.markVerified(db, attempt.id, { resetTokenHash: sha256(token), resetExpiresAt }))) {
        throw new AppError('ERR_INVALID_RECOVERY_CODE', 400);
      }
      return { token, expiresAt: resetExpiresAt.toISOString() };
    },

    /** PUT /atualizar-senha: the token works once; every session of the user ends. */
    async reset(body: RecoveryResetBody) {
      const target = await repo.consumeResetToken(db, sha256(body.token));
      if (!target) throw new AppError('ERR_INVALID_RECOVERY_CODE', 400);
      await repo.setPassword(db, target, target.userId, await hashPassword(body.newPassword));
      // The password changes, the second factor does not (issue 34): the next sign-in still asks for its code.
      await signOutEverywhere(deps, target, target.userId);
      return { updated: true as const };
    },
  };
}

export type RecoveryService = ReturnType<typeof createRecoveryService>;

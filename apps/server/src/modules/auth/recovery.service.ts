import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  RECOVERY_CODE_TTL_MINUTES,
  RECOVERY_MAX_ATTEMPTS,
  type RecoveryResetBody,
  type RecoveryVerifiedDto,
} from '@atendo/shared';
import type { ChannelRegistry } from '../../channels/types';
import { resolveJwtSecret } from '../../config';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { rooms } from '../../platform/realtime-port';
import { getGlobalSetting } from '../settings/settings.public';
import { findDefaultChannelConnection } from '../whatsapps/whatsapps.public';
import * as auth from './auth.repository';
import { hashPassword } from './auth.service';
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

  async function checkRate(k: string, rule: { limit: number; windowMs: number }) {
    const r = await deps.limiter.hit(`recovery:${k}`, rule.limit, rule.windowMs);
    if (!r.allowed) throw new AppError('ERR_TOO_MANY_REQUESTS', 429, { retryAfterSeconds: r.retryAfterSeconds });
  }

  /** Sends the code through the platform's default connection; a failure is logged (without the code), never answered. */
  async function deliver(number: string, code: string) {
    try {
      const connection = await findDefaultChannelConnection(db, PLATFORM);
      if (!connection) {
        ports.logger.warn({ companyId: PLATFORM.companyId }, 'password recovery: the platform has no default connection');
        return;
      }
      const appName = (await getGlobalSetting(db, 'appName')) || 'Atendo';
      const body = `${appName}: ${code} é o seu código para redefinir a senha. Ele vale ${RECOVERY_CODE_TTL_MINUTES} minutos. Não o compartilhe com ninguém.`;
      await ports.channels.adapterFor(connection).send({ to: number, content: { type: 'text', body } });
    } catch (err) {
      ports.logger.warn(
        { reason: (err as Error).message, code: (err as { code?: string }).code },
        'password recovery: the code was not sent',
      );
    }
  }

  return {
    /** POST /enviar-email: the answer (and its timing) does not depend on the number being registered. */
    async send(number: string, ip: string) {
      await checkRate(`send:ip:${ip}`, RECOVERY_LIMITS.sendPerIp);
      await checkRate(`send:number:${number}`, RECOVERY_LIMITS.sendPerNumber);
      const target = await repo.findRecoveryTarget(db, number);
      if (target) {
        const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
        await repo.replaceRecovery(db, target, {
          userId: target.userId,
          number,
          codeHash: codeHash(target.userId, code),
          expiresAt: new Date(Date.now() + RECOVERY_CODE_TTL_MINUTES * 60_000),
        });
        // After the answer: a slow channel neither delays it nor tells that the number exists.
        setImmediate(() => void deliver(number, code));
      }
      return { sent: true as const };
    },

    /** POST /verificar-code/{number}: a right code yields a reset token; anything else the same refusal. */
    async verify(number: string, code: string, ip: string): Promise<RecoveryVerifiedDto> {
      await checkRate(`verify:ip:${ip}`, RECOVERY_LIMITS.verifyPerIp);
      await checkRate(`verify:number:${number}`, RECOVERY_LIMITS.verifyPerNumber);
      const attempt = await repo.takeAttempt(db, number, RECOVERY_MAX_ATTEMPTS);
      if (!attempt) throw new AppError('ERR_INVALID_RECOVERY_CODE', 400);
      const given = Buffer.from(codeHash(attempt.userId, code));
      const expected = Buffer.from(attempt.codeHash);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
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
      await auth.revokeAllSessions(db, target.userId);
      await auth.bumpTokenVersion(db, target.userId);
      deps.realtime.publish(target.companyId, 'auth', { action: 'logout', user: { id: target.userId } }, [
        rooms.user(target.userId),
      ]);
      deps.realtime.disconnectUser?.(target.companyId, target.userId);
      return { updated: true as const };
    },
  };
}

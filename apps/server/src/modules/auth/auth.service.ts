import { createHash, randomBytes } from 'node:crypto';
import type { LoginBody, SessionDto, SignupBody } from '@atendo/shared';
import { hash, verify } from '@node-rs/argon2';
import { isCompanyActive, type TenantContext } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { rooms } from '../../platform/realtime-port';
import { localClock } from '../automation/automation.public';
import { getGlobalSetting } from '../settings/settings.public';
import * as repo from './auth.repository';
import * as signupRepo from './signup.repository';

export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

export interface IssuedSession extends SessionDto {
  refreshToken: string;
  refreshExpiresAt: Date;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** A refresh token presented again within this window after rotation is a concurrent refresh (two tabs), not theft. */
const ROTATION_GRACE_MS = 30_000;
// A real argon2 hash verified when the e-mail is unknown, so timing does not reveal which e-mails exist.
let dummyHash: Promise<string> | undefined;

/**
 * Seed 001 §1 startWork/endWork ('HH:MM', end included): whether `now` is within the user's work hours on the company's
 * clock. A window whose end is before its start runs past midnight; an unreadable value does not lock anyone out.
 */
export function withinWorkHours(startWork: string, endWork: string, now: Date, timezone: string): boolean {
  const toMinutes = (hhmm: string) => {
    const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm.trim());
    return m ? Number(m[1]) * 60 + Number(m[2]) : null;
  };
  const s = toMinutes(startWork);
  const e = toMinutes(endWork);
  if (s === null || e === null) return true;
  const { minutes } = localClock(now, timezone);
  return s <= e ? minutes >= s && minutes <= e : minutes >= s || minutes <= e;
}

export const hashPassword = (password: string) => hash(password, { memoryCost: 19456, timeCost: 2, parallelism: 1 });

export function createAuthService(deps: CoreDeps) {
  const { db } = deps.database;

  async function issue(userId: number, companyId: number, tokenVersion: number, client: ClientInfo): Promise<IssuedSession> {
    const refreshToken = randomBytes(32).toString('base64url');
    const refreshExpiresAt = new Date(Date.now() + deps.config.refreshTokenTtlDays * 86_400_000);
    await repo.insertRefreshSession(db, {
      companyId,
      userId,
      tokenHash: sha256(refreshToken),
      tokenVersion,
      expiresAt: refreshExpiresAt,
      userAgent: client.userAgent?.slice(0, 300),
      ip: client.ip,
    });
    const [token, user] = await Promise.all([
      deps.tokens.sign({ userId, companyId, tokenVersion }),
      repo.loadSessionUser(db, userId, deps.mediaUrl),
    ]);
    if (!user) throw new AppError('ERR_SESSION_EXPIRED', 401);
    return { token, user, refreshToken, refreshExpiresAt };
  }

  async function checkRate(key: string, limit: number, windowMs: number) {
    const r = await deps.limiter.hit(key, limit, windowMs);
    if (!r.allowed) throw new AppError('ERR_TOO_MANY_REQUESTS', 429, { retryAfterSeconds: r.retryAfterSeconds });
  }

  return {
    async login(body: LoginBody, client: ClientInfo): Promise<IssuedSession> {
      await checkRate(`login:ip:${client.ip}`, deps.config.loginRateIpPerMinute, 60_000);
      await checkRate(`login:email:${body.email}`, deps.config.loginRateEmailPer15Minutes, 15 * 60_000);
      const user = await repo.findUserByEmail(db, body.email);
      if (!user) {
        dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
        await verify(await dummyHash, body.password).catch(() => false);
        throw new AppError('ERR_INVALID_CREDENTIALS', 401);
      }
      const ok = await verify(user.passwordHash, body.password).catch(() => false);
      if (!ok) throw new AppError('ERR_INVALID_CREDENTIALS', 401);
      const ctx = await repo.loadTenantContext(db, user.id);
      if (!ctx) throw new AppError('ERR_INVALID_CREDENTIALS', 401);
      if (!isCompanyActive(ctx.company)) throw new AppError('ERR_COMPANY_INACTIVE', 403);
      // Outside their work hours a user may not sign in (admins excepted); the session they have is left alone.
      if (
        ctx.user.profile !== 'admin' &&
        !ctx.user.super &&
        !withinWorkHours(user.startWork, user.endWork, new Date(), ctx.company.timezone)
      ) {
        throw new AppError('ERR_OUT_OF_HOURS', 409, { startWork: user.startWork, endWork: user.endWork });
      }
      await deps.limiter.reset(`login:email:${body.email}`);
      const tokenVersion = await repo.startNewSessionVersion(db, user.id);
      await repo.touchCompanyLastLogin(db, { companyId: user.companyId });
      // The previous session (another computer) is told, then its sockets are closed.
      deps.realtime.publish(user.companyId, 'auth', { action: 'logout', user: { id: user.id } }, [rooms.user(user.id)]);
      deps.realtime.disconnectUser?.(user.companyId, user.id);
      return issue(user.id, user.companyId, tokenVersion, client);
    },

    /** Rotates the refresh token; a token reused after rotation ends every session of the user. */
    async refresh(refreshToken: string | undefined, client: ClientInfo): Promise<IssuedSession> {
      if (!refreshToken || refreshToken.length > 200) throw new AppError('ERR_SESSION_EXPIRED', 401);
      const session = await repo.findRefreshSession(db, sha256(refreshToken));
      if (!session || session.expiresAt.getTime() <= Date.now()) throw new AppError('ERR_SESSION_EXPIRED', 401);
      const ctx = await repo.loadTenantContext(db, session.userId);
      if (!ctx || ctx.user.tokenVersion !== session.tokenVersion) throw new AppError('ERR_SESSION_EXPIRED', 401);
      const rotated = await repo.rotateRefreshSession(db, session.id);
      if (!rotated) {
        const current = await repo.findRefreshSession(db, session.tokenHash);
        const rotatedAgo = current?.rotatedAt ? Date.now() - current.rotatedAt.getTime() : Number.POSITIVE_INFINITY;
        if (rotatedAgo > ROTATION_GRACE_MS) {
          // A used token presented again: someone else holds it. End every session of the user.
          await repo.revokeAllSessions(db, session.userId);
          await repo.bumpTokenVersion(db, session.userId);
          throw new AppError('ERR_SESSION_EXPIRED', 401);
        }
      }
      return issue(session.userId, session.companyId, session.tokenVersion, client);
    },

    async logout(ctx: TenantContext | null, refreshToken: string | undefined) {
      if (refreshToken) {
        const session = await repo.findRefreshSession(db, sha256(refreshToken));
        if (session) await repo.revokeRefreshSession(db, session.id);
      }
      if (ctx) {
        await repo.revokeAllSessions(db, ctx.user.id);
        await repo.bumpTokenVersion(db, ctx.user.id);
      }
    },

    async me(ctx: TenantContext) {
      const user = await repo.loadSessionUser(db, ctx, deps.mediaUrl);
      if (!user) throw new AppError('ERR_SESSION_EXPIRED', 401);
      return user;
    },

    async signup(body: SignupBody, client: ClientInfo) {
      await checkRate(`signup:ip:${client.ip}`, deps.config.signupRateIpPerHour, 60 * 60_000);
      const allowSignup = await getGlobalSetting(db, 'allowSignup');
      if (allowSignup !== 'enabled') throw new AppError('ERR_SIGNUP_DISABLED', 403);
      const plan = await signupRepo.findPublicPlan(db, body.planId);
      if (!plan) throw new AppError('ERR_INVALID_PLAN', 400);
      const passwordHash = await hashPassword(body.password);
      return signupRepo.createCompanyWithAdmin(db, { ...body, passwordHash, trialDays: plan.trialDays });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

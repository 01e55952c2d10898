import { createHash, randomBytes } from 'node:crypto';
import type { LoginBody, LoginResultDto, SessionDto, SignupBody, TwoFactorLoginBody, UserSessionDto } from '@atendo/shared';
import { isCompanyActive, type Tenant, type TenantContext } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { rooms } from '../../platform/realtime-port';
import { recordAudit } from '../audit/audit.public';
import { withinWorkHours } from '../automation/automation.public';
import { getGlobalSetting } from '../settings/settings.public';
import * as repo from './auth.repository';
import { hashPassword, passwordMatches } from './passwords';
import * as signupRepo from './signup.repository';
import { createTwoFactor, TWO_FACTOR_LIMITS } from './two-factor.service';

export { hashPassword };

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
 * Ends the session of a user everywhere: its refresh tokens are revoked, its access tokens refused (the version moves
 * on), its browser is told and its sockets closed. `reason` 'ended' when ended from the sessions list.
 */
export async function signOutEverywhere(deps: CoreDeps, t: Tenant, userId: number, reason?: 'ended') {
  await repo.revokeAllSessions(deps.database.db, userId);
  await repo.bumpTokenVersion(deps.database.db, userId);
  tellSignedOut(deps, t, userId, reason);
}

function tellSignedOut(deps: CoreDeps, t: Tenant, userId: number, reason?: 'ended') {
  deps.realtime.publish(t.companyId, 'auth', { action: 'logout', user: { id: userId }, ...(reason ? { reason } : {}) }, [
    rooms.user(userId),
  ]);
  deps.realtime.disconnectUser?.(t.companyId, userId);
}

export interface AuthOptions {
  /** The clock of the second factor's codes (tests inject one). */
  now?: () => Date;
}

export function createAuthService(deps: CoreDeps, opts: AuthOptions = {}) {
  const { db } = deps.database;
  let clock = opts.now ?? (() => new Date());
  const twoFactor = createTwoFactor(deps, () => clock());

  async function issue(
    userId: number,
    companyId: number,
    tokenVersion: number,
    client: ClientInfo,
    signedInAt: Date,
  ): Promise<IssuedSession> {
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
      signedInAt,
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

  /** The password (and second factor, when the user has one) were given: this sign-in ends the previous session. */
  async function completeSignIn(user: { id: number; companyId: number }, client: ClientInfo): Promise<IssuedSession> {
    const tokenVersion = await repo.startNewSessionVersion(db, user.id);
    await repo.touchCompanyLastLogin(db, { companyId: user.companyId });
    // The previous session (another computer) is told, then its sockets are closed.
    tellSignedOut(deps, user, user.id);
    return issue(user.id, user.companyId, tokenVersion, client, new Date());
  }

  return {
    twoFactor,

    /** Tests: the clock of the second factor's codes. */
    setClock(now: () => Date) {
      clock = now;
    },

    async login(body: LoginBody, client: ClientInfo): Promise<IssuedSession | Extract<LoginResultDto, { challenge: string }>> {
      await checkRate(`login:ip:${client.ip}`, deps.config.loginRateIpPerMinute, 60_000);
      await checkRate(`login:email:${body.email}`, deps.config.loginRateEmailPer15Minutes, 15 * 60_000);
      const user = await repo.findUserByEmail(db, body.email);
      if (!user) {
        dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
        await passwordMatches(await dummyHash, body.password);
        throw new AppError('ERR_INVALID_CREDENTIALS', 401);
      }
      const ok = await passwordMatches(user.passwordHash, body.password);
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
      // A second factor: the password was right, but nothing changes (no session, the other computer stays) until the code.
      if (user.twoFactorSecret) return { twoFactorRequired: true, challenge: await twoFactor.challengeFor(user) };
      return completeSignIn(user, client);
    },

    /** The sign-in's second step: the challenge of the first and a code of the app (or one recovery code). */
    async loginTwoFactor(body: TwoFactorLoginBody, client: ClientInfo): Promise<IssuedSession> {
      await checkRate(`login2fa:ip:${client.ip}`, deps.config.loginRateIpPerMinute, 60_000);
      const user = await twoFactor.readChallenge(body.challenge);
      const rule = TWO_FACTOR_LIMITS.perUser;
      await checkRate(`login2fa:user:${user.id}`, rule.limit, rule.windowMs);
      await twoFactor.checkSignInCode(user, body.code);
      await deps.limiter.reset(`login2fa:user:${user.id}`);
      const ctx = await repo.loadTenantContext(db, user.id);
      if (!ctx) throw new AppError('ERR_TWO_FACTOR_CHALLENGE_EXPIRED', 401);
      if (!isCompanyActive(ctx.company)) throw new AppError('ERR_COMPANY_INACTIVE', 403);
      return completeSignIn(user, client);
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
      return issue(session.userId, session.companyId, session.tokenVersion, client, session.signedInAt ?? session.createdAt);
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

    /** The user's signed-in devices (one while the single-session rule holds); `current` is the asking browser. */
    async sessions(ctx: TenantContext, refreshToken: string | undefined): Promise<UserSessionDto[]> {
      const rows = await repo.findLiveSessions(db, ctx, ctx.user.id, ctx.user.tokenVersion, new Date());
      const mine = refreshToken && refreshToken.length <= 200 ? sha256(refreshToken) : null;
      return rows.map((r) => ({
        id: r.id,
        userAgent: r.userAgent,
        ip: r.ip,
        signedInAt: (r.signedInAt ?? r.createdAt).toISOString(),
        lastSeenAt: r.createdAt.toISOString(),
        current: r.tokenHash === mine,
      }));
    },

    /** Ends one of the user's sessions: its refresh fails from now on, and if it is the live one its device is signed out. */
    async endSession(ctx: TenantContext, sessionId: string) {
      const session = await repo.findUserSession(db, ctx, ctx.user.id, sessionId);
      if (!session || session.revokedAt) throw new AppError('ERR_NO_SESSION_FOUND', 404);
      await repo.revokeRefreshSession(db, session.id);
      if (session.tokenVersion === ctx.user.tokenVersion) {
        await repo.bumpTokenVersion(db, ctx.user.id);
        tellSignedOut(deps, ctx, ctx.user.id, 'ended');
      }
    },

    /** An admin signs a user of their company out everywhere; a super admin only by a super admin. */
    async endUserSessions(ctx: TenantContext, userId: number) {
      const target = await repo.findCompanyUser(db, ctx, userId);
      if (!target) throw new AppError('ERR_NO_USER_FOUND', 404);
      if (target.super && !ctx.user.super) throw new AppError('ERR_NO_PERMISSION', 403);
      await signOutEverywhere(deps, ctx, userId, 'ended');
      recordAudit(deps, ctx, { action: 'user.sessionsEnd', entity: 'user', entityId: userId });
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

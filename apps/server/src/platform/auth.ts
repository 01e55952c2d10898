import { can, type Permission, type PlanFlag, planAllows } from '@atendo/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors, jwtVerify, SignJWT } from 'jose';
import { isCompanyActive, isSubscriptionExpired, type TenantContext } from './context';
import { AppError } from './errors';

/** Per-route access options. Routes are private by default: `public: true` opens one. */
export interface RouteAccess {
  public?: boolean;
  permission?: Permission;
  plan?: PlanFlag;
  superOnly?: boolean;
  /** Reachable by a company whose subscription expired (session, finance). */
  allowExpired?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig extends RouteAccess {}
  interface FastifyRequest {
    /** Tenant context of an authenticated request (throws on public routes). */
    ctx: TenantContext;
  }
}

export interface AccessTokenClaims {
  userId: number;
  companyId: number;
  tokenVersion: number;
}

/** Verified tokens kept in memory (a token never changes; its expiry is checked on every use). */
const VERIFIED_CACHE_SIZE = 10_000;

export class TokenService {
  private key: Uint8Array;
  private verified = new Map<string, { claims: AccessTokenClaims; expiresAt: number }>();
  constructor(
    secret: string,
    private ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(c: AccessTokenClaims): Promise<string> {
    return new SignJWT({ cid: c.companyId, tv: c.tokenVersion })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(c.userId))
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /**
   * What a bearer token is: its claims when valid, 'expired' when it is ours (the signature holds) but its time is
   * over (the client refreshes: 403), 'invalid' otherwise. A token verified once is remembered until it expires: the
   * HMAC check runs through WebCrypto's thread pool, which costs more than the rest of a light request. Revocation
   * does not depend on this (the session's tokenVersion is compared with the database on every request).
   */
  async inspect(token: string): Promise<AccessTokenClaims | 'expired' | 'invalid'> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAt > Date.now()) return known.claims;
      this.verified.delete(token);
      return 'expired';
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      const companyId = Number(payload.cid);
      const tokenVersion = Number(payload.tv);
      if (!Number.isInteger(userId) || !Number.isInteger(companyId) || !Number.isInteger(tokenVersion)) return 'invalid';
      const claims = { userId, companyId, tokenVersion };
      if (typeof payload.exp === 'number') {
        if (this.verified.size >= VERIFIED_CACHE_SIZE) {
          const oldest = this.verified.keys().next().value;
          if (oldest !== undefined) this.verified.delete(oldest);
        }
        this.verified.set(token, { claims, expiresAt: payload.exp * 1000 });
      }
      return claims;
    } catch (err) {
      // jose checks the signature before the claims: an expired token is an authentic one.
      return err instanceof errors.JWTExpired ? 'expired' : 'invalid';
    }
  }

  /** The claims of a valid, unexpired token of ours; null for anything else. */
  async verify(token: string): Promise<AccessTokenClaims | null> {
    const seen = await this.inspect(token);
    return typeof seen === 'object' ? seen : null;
  }
}

export type ContextLoader = (userId: number) => Promise<TenantContext | null>;

export function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const [scheme, value] = h.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value : null;
}

/**
 * Resolves a bearer token into a tenant context, refusing stale sessions (single session via tokenVersion).
 * An access token whose time is over answers 403 ERR_TOKEN_EXPIRED: the client refreshes it and retries once
 * (seed 000 §4). 401 ERR_SESSION_EXPIRED means the session is over (no token, a forged one, another sign-in,
 * a revoked session): the client signs out.
 */
export async function authenticate(tokens: TokenService, load: ContextLoader, token: string | null): Promise<TenantContext> {
  if (!token) throw new AppError('ERR_SESSION_EXPIRED', 401);
  const claims = await tokens.inspect(token);
  if (claims === 'expired') throw new AppError('ERR_TOKEN_EXPIRED', 403);
  if (claims === 'invalid') throw new AppError('ERR_SESSION_EXPIRED', 401);
  const ctx = await load(claims.userId);
  if (!ctx || ctx.companyId !== claims.companyId || ctx.user.tokenVersion !== claims.tokenVersion) {
    throw new AppError('ERR_SESSION_EXPIRED', 401);
  }
  return ctx;
}

/** Checks a context against a route's access options (also used by services for finer rules). */
export function enforceAccess(ctx: TenantContext, access: RouteAccess) {
  if (!isCompanyActive(ctx.company)) throw new AppError('ERR_COMPANY_INACTIVE', 403);
  if (!access.allowExpired && isSubscriptionExpired(ctx.company)) throw new AppError('ERR_SUBSCRIPTION_EXPIRED', 402);
  if (access.superOnly && !ctx.user.super) throw new AppError('ERR_NO_PERMISSION', 403);
  if (access.permission && !can(ctx.user, access.permission)) throw new AppError('ERR_NO_PERMISSION', 403);
  if (access.plan && !planAllows(ctx.plan, access.plan)) throw new AppError('ERR_PLAN_FEATURE_DISABLED', 403);
}

/** Every route is private unless its config says `public: true`; the hook runs before the body is read. */
export function registerAuthGuard(app: FastifyInstance, tokens: TokenService, load: ContextLoader) {
  app.decorateRequest('ctx', {
    getter(this: FastifyRequest & { _ctx?: TenantContext }) {
      if (!this._ctx) throw new AppError('ERR_SESSION_EXPIRED', 401);
      return this._ctx;
    },
    setter(this: FastifyRequest & { _ctx?: TenantContext }, value: TenantContext) {
      this._ctx = value;
    },
  } as never);
  app.addHook('onRequest', async (req) => {
    const config = req.routeOptions.config as RouteAccess | undefined;
    const url = req.routeOptions.url;
    if (!url || config?.public || url.startsWith('/docs')) return; // unknown routes fall to the 404 handler
    const ctx = await authenticate(tokens, load, bearerToken(req));
    enforceAccess(ctx, config ?? {});
    req.ctx = { ...ctx, ip: req.ip };
  });
}

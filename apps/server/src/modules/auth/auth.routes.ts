import {
  LoginBody,
  LoginResultDto,
  NoContent,
  PasswordConfirmBody,
  RecoveryCodesDto,
  SessionDto,
  SessionIdParams,
  SessionUserDto,
  SignupBody,
  TwoFactorConfirmBody,
  TwoFactorLoginBody,
  TwoFactorSetupDto,
  TwoFactorStatusDto,
  UserIdParams,
  UserSessionsDto,
} from '@atendo/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authenticate, bearerToken } from '../../platform/auth';
import type { CoreDeps } from '../../platform/deps';
import type { App } from '../../platform/http';
import { loadTenantContext } from './auth.repository';
import type { AuthService, IssuedSession } from './auth.service';

export const REFRESH_COOKIE = 'jrt';

export function authRoutes(app: App, deps: CoreDeps, auth: AuthService) {
  const secure = deps.config.backendUrl.startsWith('https://');
  const client = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] });

  function answer(reply: FastifyReply, s: IssuedSession) {
    reply.setCookie(REFRESH_COOKIE, s.refreshToken, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: '/auth',
      expires: s.refreshExpiresAt,
    });
    return { token: s.token, user: s.user };
  }

  app.post(
    '/auth/login',
    { config: { public: true }, schema: { tags: ['auth'], body: LoginBody, response: { 200: LoginResultDto } } },
    async (req, reply) => {
      const result = await auth.login(req.body, client(req));
      // A user with a second factor gets a challenge, not a session: no cookie yet.
      return 'challenge' in result ? result : answer(reply, result);
    },
  );

  app.post(
    '/auth/login/two-factor',
    { config: { public: true }, schema: { tags: ['auth'], body: TwoFactorLoginBody, response: { 200: SessionDto } } },
    async (req, reply) => answer(reply, await auth.loginTwoFactor(req.body, client(req))),
  );

  app.post(
    '/auth/refresh_token',
    { config: { public: true }, schema: { tags: ['auth'], response: { 200: SessionDto } } },
    async (req, reply) => answer(reply, await auth.refresh(req.cookies[REFRESH_COOKIE], client(req))),
  );

  app.delete(
    '/auth/logout',
    { config: { public: true }, schema: { tags: ['auth'], response: { 204: NoContent } } },
    async (req, reply) => {
      // Logout works with an expired access token too: whatever identifies the session is revoked.
      const ctx = await authenticate(deps.tokens, (id) => loadTenantContext(deps.database.db, id), bearerToken(req)).catch(
        () => null,
      );
      await auth.logout(ctx, req.cookies[REFRESH_COOKIE]);
      reply.clearCookie(REFRESH_COOKIE, { path: '/auth' });
      return reply.code(204).send();
    },
  );

  app.get(
    '/auth/me',
    { config: { allowExpired: true }, schema: { tags: ['auth'], response: { 200: SessionUserDto } } },
    async (req) => auth.me(req.ctx),
  );

  const own = { allowExpired: true } as const;
  app.get('/auth/two-factor', { config: own, schema: { tags: ['auth'], response: { 200: TwoFactorStatusDto } } }, async (req) =>
    auth.twoFactor.status(req.ctx),
  );
  app.post(
    '/auth/two-factor/setup',
    { config: own, schema: { tags: ['auth'], response: { 200: TwoFactorSetupDto } } },
    async (req) => auth.twoFactor.setup(req.ctx),
  );
  app.post(
    '/auth/two-factor/confirm',
    { config: own, schema: { tags: ['auth'], body: TwoFactorConfirmBody, response: { 200: RecoveryCodesDto } } },
    async (req) => auth.twoFactor.confirm(req.ctx, req.body.code),
  );
  app.post(
    '/auth/two-factor/recovery-codes',
    { config: own, schema: { tags: ['auth'], body: PasswordConfirmBody, response: { 200: RecoveryCodesDto } } },
    async (req) => auth.twoFactor.renewRecoveryCodes(req.ctx, req.body.password),
  );
  app.post(
    '/auth/two-factor/disable',
    { config: own, schema: { tags: ['auth'], body: PasswordConfirmBody, response: { 204: NoContent } } },
    async (req, reply) => {
      await auth.twoFactor.disable(req.ctx, req.body.password);
      return reply.code(204).send();
    },
  );

  app.get('/auth/sessions', { config: own, schema: { tags: ['auth'], response: { 200: UserSessionsDto } } }, async (req) => ({
    sessions: await auth.sessions(req.ctx, req.cookies[REFRESH_COOKIE]),
  }));
  app.delete(
    '/auth/sessions/:sessionId',
    { config: own, schema: { tags: ['auth'], params: SessionIdParams, response: { 204: NoContent } } },
    async (req, reply) => {
      await auth.endSession(req.ctx, req.params.sessionId);
      return reply.code(204).send();
    },
  );

  // An admin ends a user's sessions (someone leaves) or resets their second factor (a lost phone).
  const manage = { permission: 'users:manage' } as const;
  app.delete(
    '/users/:id/sessions',
    { config: manage, schema: { tags: ['users'], params: UserIdParams, response: { 204: NoContent } } },
    async (req, reply) => {
      await auth.endUserSessions(req.ctx, req.params.id);
      return reply.code(204).send();
    },
  );
  app.delete(
    '/users/:id/two-factor',
    { config: manage, schema: { tags: ['users'], params: UserIdParams, response: { 204: NoContent } } },
    async (req, reply) => {
      await auth.twoFactor.resetForUser(req.ctx, req.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/auth/signup',
    {
      config: { public: true },
      schema: { tags: ['auth'], body: SignupBody, response: { 201: z.object({ companyId: z.number(), userId: z.number() }) } },
    },
    async (req, reply) => reply.code(201).send(await auth.signup(req.body, client(req))),
  );
  return auth;
}

import { LoginBody, SessionDto, SessionUserDto, SignupBody } from '@atendo/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authenticate, bearerToken } from '../../platform/auth';
import type { CoreDeps } from '../../platform/deps';
import type { App } from '../../platform/http';
import { loadTenantContext } from './auth.repository';
import { createAuthService, type IssuedSession } from './auth.service';

export const REFRESH_COOKIE = 'jrt';

export function authRoutes(app: App, deps: CoreDeps) {
  const auth = createAuthService(deps);
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
    { config: { public: true }, schema: { tags: ['auth'], body: LoginBody, response: { 200: SessionDto } } },
    async (req, reply) => answer(reply, await auth.login(req.body, client(req))),
  );

  app.post(
    '/auth/refresh_token',
    { config: { public: true }, schema: { tags: ['auth'], response: { 200: SessionDto } } },
    async (req, reply) => answer(reply, await auth.refresh(req.cookies[REFRESH_COOKIE], client(req))),
  );

  app.delete('/auth/logout', { config: { public: true }, schema: { tags: ['auth'] } }, async (req, reply) => {
    // Logout works with an expired access token too: whatever identifies the session is revoked.
    const ctx = await authenticate(deps.tokens, (id) => loadTenantContext(deps.database.db, id), bearerToken(req)).catch(
      () => null,
    );
    await auth.logout(ctx, req.cookies[REFRESH_COOKIE]);
    reply.clearCookie(REFRESH_COOKIE, { path: '/auth' });
    return reply.code(204).send();
  });

  app.get(
    '/auth/me',
    { config: { allowExpired: true }, schema: { tags: ['auth'], response: { 200: SessionUserDto } } },
    async (req) => auth.me(req.ctx),
  );

  app.post(
    '/auth/signup',
    {
      config: { public: true },
      schema: { tags: ['auth'], body: SignupBody, response: { 201: z.object({ companyId: z.number(), userId: z.number() }) } },
    },
    async (req, reply) => reply.code(201).send(await auth.signup(req.body, client(req))),
  );
}

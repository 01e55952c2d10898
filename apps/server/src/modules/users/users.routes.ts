import {
  CreateUserBody,
  NoContent,
  ToggleTicketsWidthBody,
  UpdateUserBody,
  UserDto,
  UserIdParams,
  UserIdPathParams,
  UserListDto,
  UserListItemDto,
  UserListQuery,
} from '@atendo/shared';
import { z } from 'zod';
import type { CoreDeps } from '../../platform/deps';
import type { App } from '../../platform/http';
import { uploadOf } from '../../platform/intake';
import { listCompanyUsers } from './users.repository';
import type { UsersService } from './users.service';

export function usersRoutes(app: App, deps: CoreDeps, users: UsersService) {
  // Every user of the company picks colleagues (transfer, filters): names and queues only, no e-mails.
  app.get('/users/list', { schema: { tags: ['users'], response: { 200: z.array(UserListItemDto) } } }, async (req) =>
    listCompanyUsers(deps.database.db, req.ctx),
  );

  const manage = { permission: 'users:manage' } as const;
  app.get(
    '/users',
    { config: manage, schema: { tags: ['users'], querystring: UserListQuery, response: { 200: UserListDto } } },
    async (req) => users.list(req.ctx, req.query),
  );
  app.post(
    '/users',
    { config: manage, schema: { tags: ['users'], body: CreateUserBody, response: { 201: UserDto } } },
    async (req, reply) => reply.code(201).send(await users.create(req.ctx, req.body)),
  );
  app.delete(
    '/users/:id',
    { config: manage, schema: { tags: ['users'], params: UserIdParams, response: { 204: NoContent } } },
    async (req, reply) => {
      await users.remove(req.ctx, req.params.id);
      return reply.code(204).send();
    },
  );

  app.get('/users/:id', { schema: { tags: ['users'], params: UserIdParams, response: { 200: UserDto } } }, async (req) =>
    users.get(req.ctx, req.params.id),
  );

  app.put(
    '/users/:id',
    { schema: { tags: ['users'], params: UserIdParams, body: UpdateUserBody, response: { 200: UserDto } } },
    async (req) => users.update(req.ctx, req.params.id, req.body),
  );

  app.post(
    '/users/:id/media-upload',
    {
      schema: {
        tags: ['users'],
        params: UserIdParams,
        consumes: ['multipart/form-data'],
        description: 'Multipart form with the image in field `profileImage` (jpeg, png, gif or webp; at most 5 MB).',
        response: { 200: UserDto },
      },
    },
    async (req) => users.uploadAvatar(req.ctx, req.params.id, uploadOf(req, deps.media, 'profileImage')),
  );

  // The path keeps the seeds' spelling (seed 000 §7).
  app.put(
    '/users/toggleChangeWidht/:userId',
    { schema: { tags: ['users'], params: UserIdPathParams, body: ToggleTicketsWidthBody, response: { 200: UserDto } } },
    async (req) => users.setTicketsWidth(req.ctx, req.params.userId, req.body),
  );
}

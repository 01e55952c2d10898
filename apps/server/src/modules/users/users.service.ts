import {
  type CreateUserBody,
  can,
  flagOn,
  isAdmin,
  OWN_USER_FIELDS,
  type ToggleTicketsWidthBody,
  type UpdateUserBody,
  USER_STATUS_PING_MS,
  USERS_PAGE_SIZE,
  type UserDto,
  type UserListDto,
  type UserListQuery,
  userFlagsOf,
} from '@atendo/shared';
import type { TenantContext } from '../../platform/context';
import { isUniqueViolation } from '../../platform/db-errors';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { Upload } from '../../platform/intake';
import { rooms } from '../../platform/realtime-port';
import { recordAudit } from '../audit/audit.public';
import { hashPassword } from '../auth/auth.service';
import { getGlobalSetting } from '../settings/settings.public';
import * as repo from './users.repository';

/** A user is considered gone after two missed userStatus pings. */
export const OFFLINE_AFTER_MS = 2 * USER_STATUS_PING_MS;

export function createUsersService(deps: CoreDeps) {
  const { db } = deps.database;

  function toDto(u: repo.UserWithQueues): UserDto {
    return {
      id: u.id,
      companyId: u.companyId,
      name: u.name,
      email: u.email,
      profile: u.profile === 'admin' ? 'admin' : 'user',
      super: u.super,
      online: u.online,
      lastSeen: u.lastSeen?.toISOString() ?? null,
      profileImage: u.profileImage ? deps.mediaUrl(u.profileImage) : null,
      queues: u.queues,
      queueIds: u.queues.map((q) => q.id),
      whatsappId: u.whatsappId,
      startWork: u.startWork,
      endWork: u.endWork,
      color: u.color,
      farewellMessage: u.farewellMessage,
      language: u.language,
      defaultTheme: u.defaultTheme === 'dark' ? 'dark' : 'light',
      defaultMenu: u.defaultMenu === 'closed' ? 'closed' : 'open',
      defaultTicketsManagerWidth: u.defaultTicketsManagerWidth,
      ...userFlagsOf(u),
      assignmentCapacity: u.assignmentCapacity,
      createdAt: u.createdAt.toISOString(),
      updatedAt: u.updatedAt.toISOString(),
    };
  }

  /** Rooms a user's sockets belong to besides their own: their queues, tickets without queue, admins. */
  function roomsOf(u: { profile: string; allTicket: string }, queueIds: number[]): string[] {
    const list = queueIds.map((id) => rooms.queue(id));
    if (isAdmin(u) || flagOn(u.allTicket)) list.push(rooms.noQueue());
    if (isAdmin(u)) list.push(rooms.admins());
    return list;
  }

  async function load(ctx: TenantContext, userId: number) {
    const user = await repo.findUser(db, ctx, userId);
    if (!user) throw new AppError('ERR_NO_USER_FOUND', 404);
    return user;
  }

  /** The full record goes to the admins (user list) and to the user's own sockets. */
  function publishUpdate(ctx: TenantContext, dto: UserDto) {
    deps.realtime.publish(ctx.companyId, 'user', { action: 'update', user: dto }, [rooms.admins(), rooms.user(dto.id)]);
  }

  /** Queues and connection named in a body must be the company's own. */
  async function checkRefs(ctx: TenantContext, queueIds: number[] | undefined, whatsappId: number | null | undefined) {
    if (queueIds && new Set(queueIds).size !== (await repo.countCompanyQueues(db, ctx, [...new Set(queueIds)]))) {
      throw new AppError('ERR_NO_QUEUE_FOUND', 404);
    }
    if (whatsappId && !(await repo.companyHasConnection(db, ctx, whatsappId))) throw new AppError('ERR_NO_WAPP_FOUND', 404);
  }

  async function mayEdit(ctx: TenantContext, userId: number) {
    if (userId !== ctx.user.id && !can(ctx.user, 'users:manage')) throw new AppError('ERR_NO_PERMISSION', 403);
  }

  return {
    toDto,

    /** GET /users/: admins page through the company's users (search by name or e-mail). */
    async list(ctx: TenantContext, query: UserListQuery): Promise<UserListDto> {
      if (!can(ctx.user, 'users:manage')) throw new AppError('ERR_NO_PERMISSION', 403);
      const offset = (query.pageNumber - 1) * USERS_PAGE_SIZE;
      const { rows, count } = await repo.listUsersPage(db, ctx, query.searchParam ?? '', offset, USERS_PAGE_SIZE);
      return { users: rows.map(toDto), count, hasMore: offset + rows.length < count };
    },

    async create(ctx: TenantContext, body: CreateUserBody): Promise<UserDto> {
      if (!can(ctx.user, 'users:manage')) throw new AppError('ERR_NO_PERMISSION', 403);
      // The platform switch stops company admins from adding people; the super admin still can.
      if (!ctx.user.super && (await getGlobalSetting(db, 'userCreation')) === 'disabled') {
        throw new AppError('ERR_USER_CREATION_DISABLED', 403);
      }
      const limit = ctx.plan?.users ?? 0;
      if (limit > 0 && (await repo.countUsers(db, ctx)) >= limit) {
        throw new AppError('ERR_PLAN_LIMIT_REACHED', 403, { limit, resource: 'users' });
      }
      const { password, queueIds = [], ...fields } = body;
      if (await repo.emailTakenByOther(db, fields.email, 0)) throw new AppError('ERR_EMAIL_ALREADY_EXISTS', 409);
      await checkRefs(ctx, queueIds, fields.whatsappId);
      let id: number;
      try {
        id = await repo.insertUser(db, ctx, { ...fields, passwordHash: await hashPassword(password) }, [...new Set(queueIds)]);
      } catch (err) {
        if (isUniqueViolation(err, 'users_email_unique')) throw new AppError('ERR_EMAIL_ALREADY_EXISTS', 409);
        throw err;
      }
      const dto = toDto(await load(ctx, id));
      recordAudit(deps, ctx, { action: 'user.create', entity: 'user', entityId: id, after: dto });
      deps.realtime.publish(ctx.companyId, 'user', { action: 'create', user: dto }, [rooms.admins()]);
      return dto;
    },

    async remove(ctx: TenantContext, userId: number): Promise<void> {
      const user = await load(ctx, userId);
      if (!can(ctx.user, 'users:manage')) throw new AppError('ERR_NO_PERMISSION', 403);
      // Nobody deletes themself (the company would lose its admin) nor, unless super, a super admin.
      if (userId === ctx.user.id || (user.super && !ctx.user.super)) throw new AppError('ERR_NO_PERMISSION', 403);
      if (!(await repo.deleteUser(db, ctx, userId))) throw new AppError('ERR_NO_USER_FOUND', 404);
      recordAudit(deps, ctx, { action: 'user.delete', entity: 'user', entityId: userId, before: toDto(user) });
      deps.realtime.publish(ctx.companyId, 'auth', { action: 'logout', user: { id: userId } }, [rooms.user(userId)]);
      deps.realtime.disconnectUser?.(ctx.companyId, userId);
      deps.realtime.publish(ctx.companyId, 'user', { action: 'delete', userId }, [rooms.admins()]);
    },

    async get(ctx: TenantContext, userId: number): Promise<UserDto> {
      const user = await load(ctx, userId);
      await mayEdit(ctx, userId);
      return toDto(user);
    },

    async update(ctx: TenantContext, userId: number, body: UpdateUserBody): Promise<UserDto> {
      const before = await load(ctx, userId);
      await mayEdit(ctx, userId);
      const manage = can(ctx.user, 'users:manage');
      const sent = Object.entries(body)
        .filter(([, v]) => v !== undefined)
        .map(([k]) => k);
      // A plain user edits only their own account fields: never their profile, queues, connection or flags.
      if (!manage && sent.some((k) => !(OWN_USER_FIELDS as string[]).includes(k))) throw new AppError('ERR_NO_PERMISSION', 403);
      if (before.super && !ctx.user.super) throw new AppError('ERR_NO_PERMISSION', 403);
      // An admin cannot take away their own admin profile (a company could be left without one).
      if (userId === ctx.user.id && body.profile === 'user' && isAdmin(before)) throw new AppError('ERR_NO_PERMISSION', 403);

      const { password, queueIds, ...fields } = body;
      if (fields.email && (await repo.emailTakenByOther(db, fields.email, userId))) {
        throw new AppError('ERR_EMAIL_ALREADY_EXISTS', 409);
      }
      await checkRefs(ctx, queueIds, fields.whatsappId);
      const values: repo.UserUpdate = { ...fields };
      if (password) values.passwordHash = await hashPassword(password);

      let row: repo.UserRow | null;
      try {
        row = await repo.updateUser(db, ctx, userId, values, queueIds ? [...new Set(queueIds)] : undefined);
      } catch (err) {
        if (isUniqueViolation(err, 'users_email_unique')) throw new AppError('ERR_EMAIL_ALREADY_EXISTS', 409);
        throw err;
      }
      if (!row) throw new AppError('ERR_NO_USER_FOUND', 404);

      // An admin who sets someone else's password ends that person's sessions.
      if (password && userId !== ctx.user.id) {
        await repo.endUserSessions(db, ctx, userId);
        deps.realtime.publish(ctx.companyId, 'auth', { action: 'logout', user: { id: userId } }, [rooms.user(userId)]);
        deps.realtime.disconnectUser?.(ctx.companyId, userId);
      }
      const after = await load(ctx, userId);
      // Live sockets follow the new profile and queues without reconnecting.
      const oldRooms = roomsOf(
        before,
        before.queues.map((q) => q.id),
      );
      const newRooms = roomsOf(
        after,
        after.queues.map((q) => q.id),
      );
      const leave = oldRooms.filter((r) => !newRooms.includes(r));
      const join = newRooms.filter((r) => !oldRooms.includes(r));
      if (leave.length || join.length) deps.realtime.setUserRooms?.(ctx.companyId, userId, { leave, join });

      const dto = toDto(after);
      recordAudit(deps, ctx, {
        action: 'user.update',
        entity: 'user',
        entityId: userId,
        before: toDto(before),
        after: { ...dto, ...(password ? { password } : {}) },
      });
      publishUpdate(ctx, dto);
      return dto;
    },

    async uploadAvatar(ctx: TenantContext, userId: number, upload: Upload): Promise<UserDto> {
      const before = await load(ctx, userId);
      await mayEdit(ctx, userId);
      const stored = await upload({ companyId: ctx.companyId, kind: 'avatar' });
      const row = await repo.updateUser(db, ctx, userId, { profileImage: stored.path }).catch(async (err) => {
        await deps.media.remove(stored.path);
        throw err;
      });
      if (!row) {
        await deps.media.remove(stored.path);
        throw new AppError('ERR_NO_USER_FOUND', 404);
      }
      if (before.profileImage && before.profileImage !== stored.path) await deps.media.remove(before.profileImage);
      const dto = toDto({ ...row, queues: before.queues });
      publishUpdate(ctx, dto);
      return dto;
    },

    async setTicketsWidth(ctx: TenantContext, userId: number, body: ToggleTicketsWidthBody): Promise<UserDto> {
      const before = await load(ctx, userId);
      if (userId !== ctx.user.id) throw new AppError('ERR_NO_PERMISSION', 403);
      const row = await repo.updateUser(db, ctx, userId, { defaultTicketsManagerWidth: body.defaultTicketsManagerWidth });
      if (!row) throw new AppError('ERR_NO_USER_FOUND', 404);
      return toDto({ ...row, queues: before.queues });
    },

    /** Socket rooms of a freshly connected user. */
    async roomsFor(ctx: TenantContext): Promise<string[]> {
      const queueRows = await repo.findUserQueues(db, ctx, ctx.user.id);
      return roomsOf(
        ctx.user,
        queueRows.map((q) => q.id),
      );
    },

    /** The userStatus ping: online now, and the admins see it; coming online is `user.online`. */
    async userStatus(ctx: TenantContext): Promise<void> {
      const cameOnline = await repo.markOnline(db, ctx);
      deps.realtime.publish(ctx.companyId, 'user', { action: 'update', user: { id: ctx.user.id, online: true } }, [
        rooms.admins(),
      ]);
      // Only the change is an event (pings repeat every minute): the assignment rule gives a waiting ticket now.
      if (cameOnline) await deps.events.publish('user.online', { companyId: ctx.companyId, userId: ctx.user.id });
    },

    /** The user's last socket is gone (after the gateway's grace): offline, told as the sweep tells it. */
    async userOffline(ctx: TenantContext): Promise<void> {
      if (!(await repo.markOffline(db, ctx))) return;
      deps.realtime.publish(ctx.companyId, 'user', { action: 'update', user: { id: ctx.user.id, online: false } }, [
        rooms.admins(),
      ]);
    },

    /** Job: users whose pings stopped go offline; each company's admins are told. */
    async markStaleOffline(now = Date.now()): Promise<number> {
      const gone = await repo.markStaleUsersOffline(db, new Date(now - OFFLINE_AFTER_MS));
      for (const u of gone) {
        deps.realtime.publish(u.companyId, 'user', { action: 'update', user: { id: u.id, online: false } }, [rooms.admins()]);
      }
      return gone.length;
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

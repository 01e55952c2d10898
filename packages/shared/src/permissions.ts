/**
 * One permission table (seed 000 §6, seed 001 §6, seed 002 §6): the server enforces it,
 * the web hides what it refuses. Profiles are compared without case.
 */

export const USER_FLAGS = [
  'showDashboard',
  'allowRealTime',
  'allowConnections',
  'allTicket',
  'allowGroup',
  'allHistoric',
  'allUserChat',
  'userClosePendingTicket',
] as const;
export type UserFlag = (typeof USER_FLAGS)[number];
export type FlagValue = 'enabled' | 'disabled';
/** A user's flags as the API answers them: each exactly 'enabled' or 'disabled'. */
export function userFlagsOf(u: Record<UserFlag, string | null | undefined>): Record<UserFlag, FlagValue> {
  return Object.fromEntries(USER_FLAGS.map((f) => [f, u[f] === 'enabled' ? 'enabled' : 'disabled'])) as Record<
    UserFlag,
    FlagValue
  >;
}
/** Every user flag on: what a company's first admin (sign-up) and the platform's super admin start with. */
export const ALL_USER_FLAGS_ENABLED = Object.fromEntries(USER_FLAGS.map((f) => [f, 'enabled'])) as Record<UserFlag, 'enabled'>;

export interface PermissionSubject {
  profile: string;
  super?: boolean | null;
  showDashboard?: string | null;
  allowRealTime?: string | null;
  allowConnections?: string | null;
  allTicket?: string | null;
  allowGroup?: string | null;
  allHistoric?: string | null;
  allUserChat?: string | null;
  userClosePendingTicket?: string | null;
}

export const isAdmin = (u: Pick<PermissionSubject, 'profile'>) => u.profile?.toLowerCase() === 'admin';
export const isSuper = (u: Pick<PermissionSubject, 'super'>) => u.super === true;
export const flagOn = (v: string | boolean | null | undefined) => v === 'enabled' || v === true;

type Rule = (u: PermissionSubject) => boolean;
const admin: Rule = (u) => isAdmin(u);
const superOnly: Rule = (u) => isSuper(u);

/** The static table of the seeds (admin holds all of it) plus the flag-driven rules. */
export const PERMISSIONS = {
  // static admin table (seed 000 §6)
  'dashboard:view': (u) => isAdmin(u) || flagOn(u.showDashboard),
  'drawer-admin-items:view': admin,
  'tickets-manager:showall': (u) => isAdmin(u) || flagOn(u.allUserChat),
  'tickets-manager:closeAll': admin,
  'user-modal:editProfile': admin,
  'user-modal:editQueues': admin,
  'ticket-options:deleteTicket': admin,
  'contacts-page:deleteContact': admin,
  'connections-page:actionButtons': (u) => isAdmin(u) || flagOn(u.allowConnections),
  'connections-page:addConnection': (u) => isAdmin(u) || flagOn(u.allowConnections),
  'connections-page:editOrDeleteConnection': (u) => isAdmin(u) || flagOn(u.allowConnections),
  // flag-driven rules
  'management:view': (u) => isAdmin(u) || flagOn(u.showDashboard) || flagOn(u.allowRealTime),
  'moments:view': (u) => isAdmin(u) || flagOn(u.allowRealTime),
  'connections:view': (u) => isAdmin(u) || flagOn(u.allowConnections),
  'tickets:noQueue': (u) => flagOn(u.allTicket),
  'tickets:groups': (u) => flagOn(u.allowGroup),
  'tickets:allHistoric': (u) => flagOn(u.allHistoric),
  'tickets:closePending': (u) => isAdmin(u) || flagOn(u.userClosePendingTicket),
  'tickets:showAllUsers': (u) => isAdmin(u),
  // administration (seed 001 §6): admins
  'users:manage': admin,
  'audit:view': admin,
  'queues:manage': admin,
  'settings:options': admin,
  'prompts:manage': admin,
  'integrations:manage': admin,
  'files:manage': admin,
  'reports:view': admin,
  'campaigns:manage': admin,
  'contact-lists:manage': admin,
  'webhooks:manage': admin,
  // platform (super only)
  'companies:manage': superOnly,
  'plans:manage': superOnly,
  'helps:manage': superOnly,
  'announcements:manage': superOnly,
  'allConnections:view': superOnly,
  'settings:global': superOnly,
} satisfies Record<string, Rule>;

export type Permission = keyof typeof PERMISSIONS;

export function can(user: PermissionSubject | null | undefined, permission: Permission): boolean {
  if (!user) return false;
  return PERMISSIONS[permission](user);
}

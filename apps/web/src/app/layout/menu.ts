import { can, isSuper, type PermissionSubject, type PlanFlag, type PlanFlags, planAllows } from '@atendo/shared';
import { type CompanyDueInfo, isSubscriptionValid } from '../../shared/subscription';

/** A drawer entry: `key` names its i18n label (menu.<key>) and its icon. */
export interface MenuEntry {
  key: MenuKey;
  to: string;
}

export interface MenuGroup {
  key: 'management' | 'main' | 'campaigns' | 'admin' | 'expired';
  entries: MenuEntry[];
}

export type MenuKey =
  | 'dashboard'
  | 'moments'
  | 'ajuda'
  | 'tickets'
  | 'quickMessages'
  | 'kanban'
  | 'contacts'
  | 'schedules'
  | 'tags'
  | 'chats'
  | 'helps'
  | 'todolist'
  | 'campaigns'
  | 'contactLists'
  | 'campaignsConfig'
  | 'messagesApi'
  | 'webhooks'
  | 'reports'
  | 'users'
  | 'auditLog'
  | 'queues'
  | 'typebot'
  | 'prompts'
  | 'queueIntegration'
  | 'connections'
  | 'files'
  | 'financeiro'
  | 'settings'
  | 'companies'
  | 'announcements'
  | 'allConnections';

export interface MenuContext {
  user: PermissionSubject & { company: CompanyDueInfo | null | undefined };
  plan: PlanFlags | null | undefined;
  /** The local flag cshow: campaign routes exist only with it. */
  campaignsFlag: boolean;
  now?: Date;
}

interface Candidate {
  key: MenuKey;
  to: string;
  plan?: PlanFlag;
  when?: (ctx: MenuContext) => boolean;
}

const admin = (ctx: MenuContext) => can(ctx.user, 'drawer-admin-items:view');
const superUser = (ctx: MenuContext) => isSuper(ctx.user);

const MANAGEMENT: Candidate[] = [
  { key: 'dashboard', to: '/', when: (c) => can(c.user, 'dashboard:view') },
  { key: 'moments', to: '/moments', when: (c) => can(c.user, 'moments:view') },
];

const MAIN: Candidate[] = [
  { key: 'ajuda', to: '/ajuda' },
  { key: 'tickets', to: '/tickets' },
  { key: 'quickMessages', to: '/quick-messages' },
  { key: 'kanban', to: '/Kanban', plan: 'useKanban' },
  { key: 'contacts', to: '/contacts' },
  { key: 'schedules', to: '/schedules', plan: 'useSchedules' },
  { key: 'tags', to: '/tags' },
  { key: 'chats', to: '/chats', plan: 'useInternalChat' },
  { key: 'helps', to: '/helps' },
  { key: 'todolist', to: '/todolist' },
];

const CAMPAIGNS: Candidate[] = [
  { key: 'campaigns', to: '/campaigns' },
  { key: 'contactLists', to: '/contact-lists' },
  { key: 'campaignsConfig', to: '/campaigns-config' },
];

const ADMIN: Candidate[] = [
  { key: 'messagesApi', to: '/messages-api', plan: 'useExternalApi', when: admin },
  { key: 'webhooks', to: '/webhooks', plan: 'useExternalApi', when: admin },
  { key: 'reports', to: '/reports', when: admin },
  { key: 'users', to: '/users', when: admin },
  { key: 'auditLog', to: '/audit-log', when: admin },
  { key: 'queues', to: '/queues', when: admin },
  { key: 'typebot', to: '/typebot', when: admin },
  { key: 'prompts', to: '/prompts', plan: 'useOpenAi', when: admin },
  { key: 'queueIntegration', to: '/queue-integration', plan: 'useIntegrations', when: admin },
  // connections rule: admin, or a user with allowConnections (seed 000 §6)
  { key: 'connections', to: '/connections', when: (c) => can(c.user, 'connections:view') },
  { key: 'allConnections', to: '/allConnections', when: superUser },
  { key: 'files', to: '/files', when: admin },
  { key: 'financeiro', to: '/financeiro', when: admin },
  { key: 'settings', to: '/settings', when: admin },
  { key: 'companies', to: '/companies', when: superUser },
  { key: 'announcements', to: '/announcements', when: superUser },
];

function pick(list: Candidate[], ctx: MenuContext): MenuEntry[] {
  return list
    .filter((c) => (c.plan ? planAllows(ctx.plan, c.plan) : true) && (c.when ? c.when(ctx) : true))
    .map(({ key, to }) => ({ key, to }));
}

/**
 * The drawer's groups and entries for this user (seed 000 §2, §6; seed 002 §2.2):
 * nothing but the finance entry while the subscription is expired; plan flags hide their features;
 * the management group needs admin or showDashboard/allowRealTime; /allConnections, /companies and
 * /announcements are for super users only.
 */
export function buildMenu(ctx: MenuContext): MenuGroup[] {
  if (!isSubscriptionValid(ctx.user.company, ctx.now)) {
    return [{ key: 'expired', entries: [{ key: 'financeiro', to: '/financeiro' }] }];
  }
  const groups: MenuGroup[] = [];
  if (can(ctx.user, 'management:view')) {
    const entries = pick(MANAGEMENT, ctx);
    if (entries.length) groups.push({ key: 'management', entries });
  }
  groups.push({ key: 'main', entries: pick(MAIN, ctx) });
  if (ctx.campaignsFlag && can(ctx.user, 'campaigns:manage') && planAllows(ctx.plan, 'useCampaigns')) {
    groups.push({ key: 'campaigns', entries: pick(CAMPAIGNS, ctx) });
  }
  const adminEntries = pick(ADMIN, ctx);
  if (adminEntries.length) groups.push({ key: 'admin', entries: adminEntries });
  return groups;
}

/** All entry keys of a menu, flattened (handy for tests and for the tab title of a page). */
export const menuKeys = (groups: MenuGroup[]) => groups.flatMap((g) => g.entries.map((e) => e.key));

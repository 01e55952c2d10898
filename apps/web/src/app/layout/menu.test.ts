import { PLATFORM_COMPANY_ID } from '@atendo/shared';
import { describe, expect, it } from 'vitest';
import { inDays, makePlan, makeUser } from '../../test/fixtures';
import { buildMenu, type MenuContext, menuKeys } from './menu';

const keysFor = (ctx: Partial<MenuContext> & { user: MenuContext['user'] }) =>
  menuKeys(buildMenu({ plan: makePlan(), campaignsFlag: true, ...ctx }));

const SUPER_ONLY = ['allConnections', 'companies', 'announcements'] as const;
const ADMIN_ITEMS = [
  'messagesApi',
  'reports',
  'users',
  'queues',
  'typebot',
  'prompts',
  'queueIntegration',
  'files',
  'financeiro',
  'settings',
];

describe('drawer gating (buildMenu)', () => {
  it('a plain user sees the attendance entries only', () => {
    const keys = keysFor({ user: makeUser() });
    expect(keys).toEqual(expect.arrayContaining(['ajuda', 'tickets', 'quickMessages', 'contacts', 'tags', 'helps', 'todolist']));
    for (const k of [...ADMIN_ITEMS, ...SUPER_ONLY, 'dashboard', 'moments', 'connections', 'campaigns'])
      expect(keys).not.toContain(k);
  });

  it('an admin sees the administration entries but not the super-only ones', () => {
    const keys = keysFor({ user: makeUser({ profile: 'admin' }) });
    for (const k of [...ADMIN_ITEMS, 'dashboard', 'moments', 'connections']) expect(keys).toContain(k);
    for (const k of SUPER_ONLY) expect(keys).not.toContain(k);
  });

  it('profile is compared without case', () => {
    const keys = keysFor({ user: makeUser({ profile: 'ADMIN' as 'admin' }) });
    expect(keys).toContain('users');
  });

  it('a super user sees /allConnections, /companies and /announcements', () => {
    const keys = keysFor({ user: makeUser({ profile: 'admin', super: true }, { id: PLATFORM_COMPANY_ID }) });
    for (const k of SUPER_ONLY) expect(keys).toContain(k);
  });

  it('management group: admin, or showDashboard / allowRealTime', () => {
    expect(buildMenu({ user: makeUser(), plan: makePlan(), campaignsFlag: false }).map((g) => g.key)).not.toContain('management');
    const dash = keysFor({ user: makeUser({ showDashboard: 'enabled' }) });
    expect(dash).toContain('dashboard');
    expect(dash).not.toContain('moments');
    const realtime = keysFor({ user: makeUser({ allowRealTime: 'enabled' }) });
    expect(realtime).toContain('moments');
    expect(realtime).not.toContain('dashboard');
  });

  it('connections rule: admin, or a user with allowConnections', () => {
    const groups = buildMenu({ user: makeUser({ allowConnections: 'enabled' }), plan: makePlan(), campaignsFlag: false });
    const admin = groups.find((g) => g.key === 'admin');
    expect(admin?.entries.map((e) => e.key)).toEqual(['connections']);
  });

  it('plan flags hide their features', () => {
    const user = makeUser({ profile: 'admin' });
    const off = makePlan({
      useKanban: false,
      useSchedules: false,
      useInternalChat: false,
      useExternalApi: false,
      useOpenAi: false,
      useIntegrations: false,
      useCampaigns: false,
    });
    const gated = [
      'kanban',
      'schedules',
      'chats',
      'messagesApi',
      'prompts',
      'queueIntegration',
      'campaigns',
      'contactLists',
      'campaignsConfig',
    ];
    const keys = keysFor({ user, plan: off });
    for (const k of gated) {
      expect(keys).not.toContain(k);
    }
    const on = keysFor({ user, plan: makePlan() });
    for (const k of gated) {
      expect(on).toContain(k);
    }
  });

  it('a plan flag counts as on unless exactly false (no plan: everything on)', () => {
    const keys = keysFor({ user: makeUser({ profile: 'admin' }), plan: null });
    expect(keys).toContain('kanban');
    expect(keys).toContain('prompts');
  });

  it('campaign entries need the local flag cshow and an admin', () => {
    expect(keysFor({ user: makeUser({ profile: 'admin' }), campaignsFlag: false })).not.toContain('campaigns');
    expect(keysFor({ user: makeUser(), campaignsFlag: true })).not.toContain('campaigns');
  });

  it('an expired subscription leaves only the finance entry', () => {
    // two days back: between 00:00 and 03:00 UTC, 24 hours back is still today on São Paulo's clock (valid all day)
    const expired = makeUser({ profile: 'admin', super: false }, { dueDate: inDays(-2) });
    expect(keysFor({ user: expired })).toEqual(['financeiro']);
    const plainExpired = makeUser({}, { dueDate: inDays(-10) });
    expect(keysFor({ user: plainExpired })).toEqual(['financeiro']);
  });

  it('company 1 never expires, whatever its stored due date', () => {
    const platform = makeUser({ profile: 'admin', super: true }, { id: PLATFORM_COMPANY_ID, dueDate: inDays(-100) });
    expect(keysFor({ user: platform })).toContain('companies');
  });

  it('the company is valid through its due day on its clock (issue 30 item 2), expired the day after', () => {
    const user = makeUser({ profile: 'admin' }, { dueDate: '2030-01-01T00:00:00Z', timezone: 'America/Sao_Paulo' });
    // 23:59 on 1 January in São Paulo
    const lastMinute = new Date('2030-01-02T02:59:00Z');
    expect(menuKeys(buildMenu({ user, plan: makePlan(), campaignsFlag: false, now: lastMinute }))).toContain('users');
    const nextDay = new Date('2030-01-02T03:00:00Z');
    expect(menuKeys(buildMenu({ user, plan: makePlan(), campaignsFlag: false, now: nextDay }))).toEqual(['financeiro']);
  });
});

import { describe, expect, it } from 'vitest';
import { can, isAdmin } from './permissions';
import { planAllows } from './plans';

const user = { profile: 'user' } as const;
const admin = { profile: 'Admin' } as const;

describe('permission table', () => {
  it('compares the profile without case', () => {
    expect(isAdmin(admin)).toBe(true);
    expect(can(admin, 'tickets-manager:closeAll')).toBe(true);
    expect(can(user, 'tickets-manager:closeAll')).toBe(false);
  });

  it('grants admins the static table and plain users none of it', () => {
    for (const p of [
      'drawer-admin-items:view',
      'user-modal:editProfile',
      'user-modal:editQueues',
      'ticket-options:deleteTicket',
      'contacts-page:deleteContact',
    ] as const) {
      expect(can(admin, p)).toBe(true);
      expect(can(user, p)).toBe(false);
    }
  });

  it('follows the user flags of seed 000 §6', () => {
    expect(can({ ...user, showDashboard: 'enabled' }, 'dashboard:view')).toBe(true);
    expect(can({ ...user, allowRealTime: 'enabled' }, 'management:view')).toBe(true);
    expect(can({ ...user, allowRealTime: 'enabled' }, 'dashboard:view')).toBe(false);
    expect(can({ ...user, allowConnections: 'enabled' }, 'connections-page:addConnection')).toBe(true);
    expect(can({ ...user, userClosePendingTicket: 'enabled' }, 'tickets:closePending')).toBe(true);
    expect(can({ ...user, allUserChat: 'enabled' }, 'tickets-manager:showall')).toBe(true);
    expect(can(user, 'tickets:noQueue')).toBe(false);
    expect(can({ ...user, allTicket: 'enabled' }, 'tickets:noQueue')).toBe(true);
  });

  it('keeps platform rights to super users', () => {
    expect(can(admin, 'companies:manage')).toBe(false);
    expect(can({ ...admin, super: true }, 'companies:manage')).toBe(true);
    expect(can(null, 'dashboard:view')).toBe(false);
  });
});

describe('plan flags', () => {
  it('count as on unless exactly false', () => {
    expect(planAllows({ useCampaigns: false }, 'useCampaigns')).toBe(false);
    expect(planAllows({ useCampaigns: null }, 'useCampaigns')).toBe(true);
    expect(planAllows({}, 'useKanban')).toBe(true);
    expect(planAllows(null, 'useKanban')).toBe(true);
  });
});

import { PLATFORM_COMPANY_ID, type SessionUserDto } from '@atendo/shared';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { inDays, makePlan, makeUser } from '../../test/fixtures';
import { mockFetch, renderWithProviders, sessionValue } from '../../test/render';
import { MainDrawer } from './MainDrawer';
import { buildMenu } from './menu';

function renderDrawer(user: SessionUserDto, { cshow = false, attention = false } = {}) {
  const groups = buildMenu({ user, plan: user.company.plan, campaignsFlag: cshow });
  renderWithProviders(
    <MainDrawer narrow={false} open onClose={() => {}} groups={groups} connectionsAttention={attention} version="1.2.3" />,
    { session: sessionValue(user), route: '/tickets' },
  );
  return within(screen.getByRole('navigation', { name: 'Menu principal' }));
}

describe('<MainDrawer> gating', () => {
  beforeEach(() => {
    mockFetch();
  });

  it('plain user: attendance links, no administration, no super entries', () => {
    const nav = renderDrawer(makeUser());
    expect(nav.getByRole('link', { name: 'Atendimentos' }).getAttribute('href')).toBe('/tickets');
    expect(nav.getByRole('link', { name: 'Tarefas' })).toBeTruthy();
    for (const name of ['Usuários', 'Conexões', 'Empresas', 'Informativos', 'Todas as conexões', 'Dashboard']) {
      expect(nav.queryByRole('link', { name })).toBeNull();
    }
    expect(nav.queryByText('Administração')).toBeNull();
  });

  it('super admin: sees Empresas, Informativos and Todas as conexões', () => {
    const nav = renderDrawer(
      makeUser({ profile: 'admin', super: true }, { id: PLATFORM_COMPANY_ID, dueDate: '2999-12-31T23:59:59.000Z' }),
    );
    expect(nav.getByRole('link', { name: 'Empresas' }).getAttribute('href')).toBe('/companies');
    expect(nav.getByRole('link', { name: 'Informativos' }).getAttribute('href')).toBe('/announcements');
    expect(nav.getByRole('link', { name: 'Todas as conexões' }).getAttribute('href')).toBe('/allConnections');
    expect(nav.getByText('Gerência')).toBeTruthy();
  });

  it('company admin: administration without super entries', () => {
    const nav = renderDrawer(makeUser({ profile: 'admin' }));
    expect(nav.getByRole('link', { name: 'Usuários' })).toBeTruthy();
    expect(nav.getByRole('link', { name: 'Conexões' })).toBeTruthy();
    expect(nav.queryByRole('link', { name: 'Empresas' })).toBeNull();
  });

  it('plan flags off: Kanban, Agendamentos, Chat interno and API are hidden', () => {
    const plan = makePlan({ useKanban: false, useSchedules: false, useInternalChat: false, useExternalApi: false });
    const nav = renderDrawer(makeUser({ profile: 'admin' }, { plan }));
    for (const name of ['Kanban', 'Agendamentos', 'Chat interno', 'API']) expect(nav.queryByRole('link', { name })).toBeNull();
    expect(nav.getByRole('link', { name: 'Contatos' })).toBeTruthy();
  });

  it('campaigns group appears with cshow for an admin whose plan allows it', () => {
    const nav = renderDrawer(makeUser({ profile: 'admin' }), { cshow: true });
    expect(nav.getByText('Campanhas')).toBeTruthy();
    expect(nav.getByRole('link', { name: 'Listas de contatos' })).toBeTruthy();
  });

  it('expired subscription: only Financeiro', () => {
    const nav = renderDrawer(makeUser({ profile: 'admin' }, { dueDate: inDays(-2) }));
    expect(nav.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/financeiro']);
  });

  it('marks the current page and the connections attention badge', () => {
    const nav = renderDrawer(makeUser({ profile: 'admin' }), { attention: true });
    expect(nav.getByRole('link', { name: 'Atendimentos' }).className).toContain('Mui-selected');
    expect(nav.getByRole('link', { name: /Conexões.*precisa de atenção/ })).toBeTruthy();
  });
});

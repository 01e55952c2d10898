import { PLATFORM_COMPANY_ID, type SessionUserDto } from '@atendo/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
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
  // role queries over the whole drawer are slow in jsdom; read the links of the landmark directly
  const nav = screen.getByLabelText('Menu principal');
  expect(nav.tagName).toBe('NAV');
  const links = () =>
    [...nav.querySelectorAll('a')].map((a) => ({ name: (a.getAttribute('aria-label') ?? a.textContent ?? '').trim(), a }));
  const find = (name: string | RegExp) =>
    links().find((l) => (typeof name === 'string' ? l.name === name : name.test(l.name)))?.a ?? null;
  return {
    link: (name: string | RegExp) => {
      const a = find(name);
      if (!a)
        throw new Error(
          `no link ${name}; links: ${links()
            .map((l) => l.name)
            .join(', ')}`,
        );
      return a;
    },
    hasLink: (name: string | RegExp) => find(name) !== null,
    hrefs: () => links().map((l) => l.a.getAttribute('href')),
    hasText: (text: string) => [...nav.querySelectorAll('*')].some((e) => e.children.length === 0 && e.textContent === text),
  };
}

describe('<MainDrawer> gating', () => {
  beforeEach(() => {
    mockFetch();
  });

  it('plain user: attendance links, no administration, no super entries', () => {
    const nav = renderDrawer(makeUser());
    expect(nav.link('Atendimentos').getAttribute('href')).toBe('/tickets');
    expect(nav.hasLink('Tarefas')).toBe(true);
    for (const name of ['Usuários', 'Conexões', 'Empresas', 'Informativos', 'Todas as conexões', 'Dashboard']) {
      expect(nav.hasLink(name)).toBe(false);
    }
    expect(nav.hasText('Administração')).toBe(false);
  });

  it('super admin: sees Empresas, Informativos and Todas as conexões', () => {
    const nav = renderDrawer(
      makeUser({ profile: 'admin', super: true }, { id: PLATFORM_COMPANY_ID, dueDate: '2999-12-31T23:59:59.000Z' }),
    );
    expect(nav.link('Empresas').getAttribute('href')).toBe('/companies');
    expect(nav.link('Informativos').getAttribute('href')).toBe('/announcements');
    expect(nav.link('Todas as conexões').getAttribute('href')).toBe('/allConnections');
    expect(nav.hasText('Gerência')).toBe(true);
  });

  it('company admin: administration without super entries', () => {
    const nav = renderDrawer(makeUser({ profile: 'admin' }));
    expect(nav.hasLink('Usuários')).toBe(true);
    expect(nav.hasLink('Conexões')).toBe(true);
    expect(nav.hasLink('Empresas')).toBe(false);
  });

  it('plan flags off: Kanban, Agendamentos, Chat interno and API are hidden', () => {
    const plan = makePlan({ useKanban: false, useSchedules: false, useInternalChat: false, useExternalApi: false });
    const nav = renderDrawer(makeUser({ profile: 'admin' }, { plan }));
    for (const name of ['Kanban', 'Agendamentos', 'Chat interno', 'API']) expect(nav.hasLink(name)).toBe(false);
    expect(nav.hasLink('Contatos')).toBe(true);
  });

  it('campaigns group appears with cshow for an admin whose plan allows it', () => {
    const nav = renderDrawer(makeUser({ profile: 'admin' }), { cshow: true });
    expect(nav.hasText('Campanhas')).toBe(true);
    expect(nav.hasLink('Listas de contatos')).toBe(true);
  });

  it('expired subscription: only Financeiro', () => {
    const nav = renderDrawer(makeUser({ profile: 'admin' }, { dueDate: inDays(-2) }));
    expect(nav.hrefs()).toEqual(['/financeiro']);
  });

  it('marks the current page and the connections attention badge', () => {
    const nav = renderDrawer(makeUser({ profile: 'admin' }), { attention: true });
    expect(nav.link('Atendimentos').className).toContain('Mui-selected');
    expect(nav.hasLink(/Conexões.*precisa de atenção/)).toBe(true);
  });
});

describe('<MainDrawer> sections', () => {
  beforeEach(() => {
    mockFetch();
    window.localStorage.removeItem('menuFolded');
  });

  it('folds a section on a click, remembers it, and unfolds the section of the current page', async () => {
    const user = makeUser({ profile: 'admin' });
    const groups = buildMenu({ user, plan: user.company.plan, campaignsFlag: false });
    const { unmount } = renderWithProviders(
      <MainDrawer narrow={false} open onClose={() => {}} groups={groups} connectionsAttention={false} version="1.2.3" />,
      { session: sessionValue(user), route: '/tickets' },
    );
    const heading = screen.getByRole('button', { name: 'Administração' });
    expect(heading.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(heading);
    expect(heading.getAttribute('aria-expanded')).toBe('false');
    expect(window.localStorage.getItem('menuFolded')).toBe('admin');
    // the attendance section has no fold
    expect(screen.queryByRole('button', { name: 'Atendimento' })).toBeNull();
    unmount();

    // Opening a page of the folded section (the address bar) shows it again.
    renderWithProviders(
      <MainDrawer narrow={false} open onClose={() => {}} groups={groups} connectionsAttention={false} version="1.2.3" />,
      { session: sessionValue(user), route: '/users' },
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Administração' }).getAttribute('aria-expanded')).toBe('true'));
    expect(window.localStorage.getItem('menuFolded')).toBeNull();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../test/apiStub';
import { makeContact, makeUser } from '../../../../test/fixtures';
import { renderWithProviders, sessionValue } from '../../../../test/render';
import { ContactPanel } from './ContactPanel';

afterEach(() => vi.unstubAllGlobals());

const contact = makeContact({
  name: 'Maria Souza',
  email: 'maria@example.com',
  extraInfo: [{ id: 1, name: 'Plano', value: 'Ouro anual' }],
});

const ticket = (id: number, contactId: number, status: string) => ({
  id,
  uuid: `uuid-${id}`,
  status,
  contactId,
  queue: { id: 1, name: 'Vendas', color: '#000' },
  user: { id: 7, name: 'Ana', color: null },
  lastMessage: `última do #${id}`,
  updatedAt: '2026-11-20T15:00:00.000Z',
});

function render(number = contact.number) {
  const calls = stubApi({
    '/contacts/9': { ...contact, number },
    '/ticket-notes/list': [],
    '/contactTags/9': [{ id: 4, name: 'Cliente VIP', color: '#6a1b9a', kanban: 0 }],
    '/tags/list': [{ id: 21, name: 'Negociação', color: '#ef6c00', kanban: 1 }],
    '/tags/kanban': { lista: [{ id: 21, name: 'Negociação', color: '#ef6c00', kanban: 1 }] },
    // the search by number also finds another contact whose number holds those digits, and the ticket on screen
    '/tickets': { tickets: [ticket(5, 9, 'open'), ticket(3, 9, 'closed'), ticket(8, 44, 'open')], hasMore: false, count: 3 },
  });
  renderWithProviders(<ContactPanel contactId={9} ticketId={5} laneId={21} onClose={() => {}} />, {
    session: sessionValue(makeUser({ id: 7 })),
  });
  return calls;
}

describe('the contact panel (issue 35 item 3)', () => {
  it('shows the attributes, tags, kanban stage and the other conversations of this contact, each a link', async () => {
    const calls = render();
    expect(await screen.findByText('Ouro anual')).toBeTruthy();
    expect(screen.getByText('maria@example.com')).toBeTruthy();
    expect(await screen.findByText('Cliente VIP')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Etapa do kanban' }).textContent).toBe('Negociação'));
    const items = await screen.findAllByTestId('previous-conversation');
    expect(items).toHaveLength(1);
    expect(items[0].textContent).toContain('#3');
    expect(items[0].textContent).toContain('Resolvido');
    expect(items[0].getAttribute('href')).toBe('/tickets/uuid-3');
    const search = calls.find((c) => c.path === '/tickets');
    expect(new URLSearchParams(search?.search).get('searchParam')).toBe('5511988887777');
  });

  it('shows the stored digits as an international number (decision 111)', async () => {
    render();
    await waitFor(() => expect(screen.getByTestId('contact-panel-number').textContent).toBe('+55 11 98888 7777'));
  });

  it('shows an LGPD-masked number unformatted', async () => {
    render('5511*****7777');
    await waitFor(() => expect(screen.getByTestId('contact-panel-number').textContent).toBe('5511*****7777'));
  });

  it('looks the conversations up by name when the number is masked (LGPD)', async () => {
    const calls = render('5511*****7777');
    await screen.findAllByTestId('previous-conversation');
    const search = calls.find((c) => c.path === '/tickets');
    expect(new URLSearchParams(search?.search).get('searchParam')).toBe('Maria Souza');
  });

  it('folds a section and remembers it in this browser', async () => {
    render();
    const history = await screen.findByRole('button', { name: 'Conversas anteriores' });
    expect(history.getAttribute('aria-expanded')).toBe('true');
    await screen.findAllByTestId('previous-conversation');
    fireEvent.click(history);
    expect(history.getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(screen.queryAllByTestId('previous-conversation')).toHaveLength(0));
    expect(localStorage.getItem('contactPanelFolded')).toBe('history');
    const attributes = screen.getByRole('button', { name: 'Atributos' });
    fireEvent.click(attributes);
    expect(localStorage.getItem('contactPanelFolded')).toBe('history,attributes');
    fireEvent.click(history);
    expect(localStorage.getItem('contactPanelFolded')).toBe('attributes');
    expect(within(screen.getByTestId('panel-history')).getByRole('button').getAttribute('aria-expanded')).toBe('true');
  });
});

import type { CompanyDto } from '@atendo/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SocketContext } from '../../../shared/socket/context';
import { stubApi } from '../../../test/apiStub';
import { makePlan, makeUser } from '../../../test/fixtures';
import { renderWithProviders, sessionValue } from '../../../test/render';
import { CompaniesManager } from './CompaniesManager';

afterEach(() => vi.unstubAllGlobals());

const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
const company = (over: Partial<CompanyDto>): CompanyDto => ({
  id: 2,
  name: 'Acme',
  email: 'acme@example.com',
  phone: null,
  document: null,
  status: true,
  planId: 3,
  plan: { id: 3, name: 'Ouro', amount: 0 },
  dueDate: inDays(30),
  recurrence: 'MENSAL',
  paymentMethod: null,
  numberAttendants: 1,
  numberConections: 1,
  addressStreet: null,
  addressState: null,
  addressCity: null,
  createdAt: inDays(-10),
  lastLogin: null,
  folderSize: 1536,
  numberFileFolder: 2,
  updatedAtFolder: inDays(-1),
  ...over,
});

const companies = [
  company({ id: 1, name: 'Plataforma', dueDate: inDays(-40) }),
  company({ id: 2, name: 'Perto', dueDate: inDays(3.3), recurrence: 'TRIMESTRAL' }),
  company({ id: 3, name: 'Vencida', dueDate: inDays(-2), status: false }),
  company({ id: 4, name: 'Tranquila', plan: null, planId: null }),
  // saved as 27/12 (UTC midnight): São Paulo's clock showed 26/12 (issue 30 item 2)
  company({ id: 5, name: 'Natal', dueDate: '2026-12-27T00:00:00.000Z' }),
];

function renderManager() {
  renderWithProviders(<CompaniesManager />, { session: sessionValue(makeUser({ super: true, profile: 'admin' })) });
}

describe('CompaniesManager (seed 001 "Companies screen")', () => {
  it('shows every column and colours rows by due date; company 1 never expires', async () => {
    stubApi({ '/companiesPlan/': { companies, count: 5, hasMore: false }, '/plans/all': [makePlan({ id: 3, name: 'Ouro' })] });
    renderManager();
    const perto = await screen.findByRole('row', { name: /Perto/ }, { timeout: 8000 });
    expect(perto.getAttribute('data-due-state')).toBe('warning');
    expect(perto.textContent).toContain('(Trimestral)');
    // the one money format of /financeiro, in the user's language (issue 30 item 12: it was 'R$ 0.00' here)
    expect(perto.textContent?.replace(/\u00a0/g, ' ')).toContain('R$ 0,00');
    expect(perto.textContent).toContain('1,5 KB');
    expect(screen.getByRole('row', { name: /Vencida/ }).getAttribute('data-due-state')).toBe('expired');
    expect(screen.getByRole('row', { name: /Vencida/ }).textContent).toContain('Não');
    const one = screen.getByRole('row', { name: /Plataforma/ });
    expect(one.getAttribute('data-due-state')).toBe('ok');
    expect(one.textContent).toContain('Nunca vence');
    expect(within(one).queryByRole('button', { name: /Excluir/ })).toBeNull();
    const tranquila = screen.getByRole('row', { name: /Tranquila/ });
    expect(tranquila.getAttribute('data-due-state')).toBe('ok');
    expect(within(tranquila).getAllByRole('cell')[5].textContent).toBe('-');
    expect(screen.getByRole('row', { name: /Natal/ }).textContent).toContain('27/12/2026 (Mensal)');
    for (const header of [
      'ID',
      'Ativo',
      'Nome',
      'E-mail',
      'Plano',
      'Valor',
      'Criada em',
      'Vencimento',
      'Último login',
      'Tamanho da pasta',
      'Total de arquivos',
      'Última atualização da pasta',
    ]) {
      expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    }
  });

  it('edit fills the form; delete asks for the typed name and sends it', async () => {
    const calls = stubApi({
      '/companiesPlan/': { companies, count: 4, hasMore: false },
      '/plans/all': [makePlan({ id: 3, name: 'Ouro' })],
      'DELETE /companies/2': null,
    });
    renderManager();
    fireEvent.click(await screen.findByRole('button', { name: 'Editar Perto' }));
    const form = screen.getByRole('form', { name: 'Formulário de empresa' });
    await waitFor(() => expect(within(form).getByLabelText(/^Nome/)).toHaveProperty('value', 'Perto'));
    expect(within(form).getByText('Editar empresa: Perto')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Excluir Perto' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Excluir' });
    expect(confirm).toHaveProperty('disabled', true);
    fireEvent.change(within(dialog).getByLabelText('Digite o nome da empresa para confirmar'), { target: { value: 'outra' } });
    expect(confirm).toHaveProperty('disabled', true);
    fireEvent.change(within(dialog).getByLabelText('Digite o nome da empresa para confirmar'), { target: { value: 'perto' } });
    expect(confirm).toHaveProperty('disabled', false);
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')?.search).toBe('?confirm=perto');
    await waitFor(() => expect(screen.queryByRole('row', { name: /Perto/ })).toBeNull());
  });

  it("validates the form before sending with the seed's texts: 'Nome é obrigatório', 'Email é inválido', 'E-mail é obrigatório' (issue 37 item 12)", async () => {
    const calls = stubApi({ '/companiesPlan/': { companies: [], count: 0, hasMore: false }, '/plans/all': [] });
    renderManager();
    const form = await screen.findByRole('form', { name: 'Formulário de empresa' });
    fireEvent.change(within(form).getByLabelText(/^E-mail/), { target: { value: 'nope' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    expect(await within(form).findByText('Email é inválido')).toBeTruthy();
    expect(within(form).getByText('Nome é obrigatório')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/^E-mail/), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    expect(await within(form).findByText('E-mail é obrigatório')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('CompaniesManager live (company-1-company)', () => {
  it('a company created, changed or deleted elsewhere shows without a reload', async () => {
    const listeners = new Map<string, (p: unknown) => void>();
    const socket = {
      connected: true,
      on: (name: string, fn: (p: unknown) => void) => listeners.set(name, fn),
      off: (name: string) => listeners.delete(name),
      emit: vi.fn(),
    };
    stubApi({ '/companiesPlan/': { companies: [companies[1]], count: 1, hasMore: false }, '/plans/all': [] });
    renderWithProviders(
      <SocketContext.Provider value={{ socket: socket as never, companyId: 1 }}>
        <CompaniesManager />
      </SocketContext.Provider>,
      { session: sessionValue(makeUser({ companyId: 1, super: true, profile: 'admin' })) },
    );
    await screen.findByRole('row', { name: /Perto/ }, { timeout: 8000 });
    const fire = (payload: unknown) => act(() => listeners.get('company-1-company')?.(payload));
    fire({ action: 'create', record: company({ id: 9, name: 'Nova' }), id: 9 });
    expect(await screen.findByRole('row', { name: /Nova/ })).toBeTruthy();
    fire({ action: 'update', record: company({ id: 2, name: 'Perto', dueDate: inDays(-1) }), id: 2 });
    await waitFor(() => expect(screen.getByRole('row', { name: /Perto/ }).getAttribute('data-due-state')).toBe('expired'));
    fire({ action: 'delete', id: 9 });
    await waitFor(() => expect(screen.queryByRole('row', { name: /Nova/ })).toBeNull());
  });
});

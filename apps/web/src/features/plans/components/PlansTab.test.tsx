import type { PlanDto } from '@atendo/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/apiStub';
import { makePlan, makeUser } from '../../../test/fixtures';
import { renderWithProviders, sessionValue } from '../../../test/render';
import { PlansTab } from './PlansTab';

afterEach(() => vi.unstubAllGlobals());

const plans: PlanDto[] = [
  makePlan({ id: 3, name: 'Ouro', amount: 49.9, isPublic: false }),
  makePlan({ id: 4, name: 'Sob consulta', amount: 0 }),
];

function renderTab() {
  renderWithProviders(<PlansTab />, { session: sessionValue(makeUser({ super: true, profile: 'admin' })) });
}

describe('PlansTab (seed 001 "Plans and helps")', () => {
  it("shows 'R$ amount /mês' or 'Consulte'; a row click edits it, delete appears, clear resets", async () => {
    stubApi({ '/plans/all': plans });
    renderTab();
    const table = await screen.findByRole('table', { name: 'Planos' });
    expect(within(table).getByRole('row', { name: /Ouro/ }).textContent).toMatch(/R\$\s49,90 \/mês/);
    expect(within(table).getByRole('row', { name: /Sob consulta/ }).textContent).toContain('Consulte');
    const form = screen.getByRole('form', { name: 'Formulário de plano' });
    expect(within(form).queryByRole('button', { name: 'Excluir' })).toBeNull();

    fireEvent.click(within(table).getByRole('row', { name: /Ouro/ }));
    expect(within(form).getByLabelText(/Nome/)).toHaveProperty('value', 'Ouro');
    expect(within(form).getByLabelText('Valor')).toHaveProperty('value', '49,90');
    expect(within(form).getByRole('button', { name: 'Excluir' })).toBeTruthy();

    fireEvent.click(within(form).getByRole('button', { name: 'Limpar' }));
    await waitFor(() => expect(within(form).getByLabelText(/Nome/)).toHaveProperty('value', ''));
    expect(within(form).queryByRole('button', { name: 'Excluir' })).toBeNull();
  });

  it('saves a new plan with its parsed fields and resets the form 0.5 s later', async () => {
    const calls = stubApi({
      'GET /plans/all': plans,
      'POST /plans': (c: { body: unknown }) => ({ ...makePlan({ id: 9 }), ...(c.body as object) }),
    });
    renderTab();
    await screen.findByRole('table', { name: 'Planos' });
    const form = screen.getByRole('form', { name: 'Formulário de plano' });
    fireEvent.change(within(form).getByLabelText(/Nome/), { target: { value: 'Prata' } });
    fireEvent.change(within(form).getByLabelText('Valor'), { target: { value: '1.234,50' } });
    fireEvent.click(within(form).getByRole('switch', { name: 'Kanban' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({
      name: 'Prata',
      amount: 1234.5,
      isPublic: true,
      useKanban: false,
      useWhatsapp: true,
      trialDays: 7,
    });
    expect(within(form).getByLabelText(/Nome/)).toHaveProperty('value', 'Prata');
    await waitFor(() => expect(within(form).getByLabelText(/Nome/)).toHaveProperty('value', ''), { timeout: 2000 });
  });

  it('says the list could not be loaded', async () => {
    stubApi({});
    renderTab();
    expect(await screen.findByText('Não foi possível carregar a lista de registros')).toBeTruthy();
  });

  it('a refused save shows its sentence once (ERR_PLAN_ALREADY_EXISTS is saveFailed itself, issue 30 item 12)', async () => {
    const sentence =
      'Não foi possível realizar a operação. Verifique se já existe uma plano com o mesmo nome ou se os campos foram preenchidos corretamente';
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input instanceof Request ? input.url : input));
        if ((init?.method ?? 'GET') === 'POST' && url.pathname === '/plans')
          return new Response(JSON.stringify({ error: 'ERR_PLAN_ALREADY_EXISTS' }), {
            status: 409,
            headers: { 'content-type': 'application/json' },
          });
        return new Response(JSON.stringify(url.pathname === '/plans/all' ? plans : { error: 'ERR_NOT_FOUND' }), {
          status: url.pathname === '/plans/all' ? 200 : 404,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    renderTab();
    await screen.findByRole('table', { name: 'Planos' });
    const form = screen.getByRole('form', { name: 'Formulário de plano' });
    fireEvent.change(within(form).getByLabelText(/Nome/), { target: { value: 'Ouro' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    const toast = await screen.findByText(
      (_, el) => el?.id === 'notistack-snackbar' && (el.textContent ?? '').includes('Verifique'),
    );
    expect(toast.textContent).toBe(sentence);
  });
});

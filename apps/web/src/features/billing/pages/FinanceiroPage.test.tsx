import type { InvoiceDto } from '@atendo/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/apiStub';
import { makePlan, makeUser } from '../../../test/fixtures';
import { renderWithProviders, sessionValue } from '../../../test/render';
import FinanceiroPage from './FinanceiroPage';

const DAY = 86_400_000;
const invoice = (id: number, status: 'open' | 'paid', dueInDays: number): InvoiceDto => ({
  id,
  companyId: 2,
  detail: `Plano ${id}`,
  users: 5,
  connections: 3,
  queues: 2,
  value: 1234.5,
  dueDate: new Date(Date.now() + dueInDays * DAY).toISOString(),
  status,
  paidAt: status === 'paid' ? new Date().toISOString() : null,
  createdAt: new Date().toISOString(),
});

describe('/financeiro', () => {
  it('lists the invoices with Pago, Vencido and Em Aberto; PAGAR opens the checkout on Personalizar', async () => {
    const user = userEvent.setup();
    stubApi({
      '/invoices/all': {
        invoices: [invoice(3, 'open', 5), invoice(2, 'open', -3), invoice(1, 'paid', -30)],
        count: 3,
        hasMore: false,
      },
      '/financeiro/plano-atual': { plano: makePlan({ name: 'Plano Ouro' }), dueDate: null, recurrence: 'MENSAL' },
    });
    renderWithProviders(<FinanceiroPage />, { route: '/financeiro', session: sessionValue(makeUser()) });
    const row = async (id: number) => (await screen.findByText(`Plano ${id}`)).closest('tr') as HTMLElement;
    expect(within(await row(1)).getByText('Pago')).toBeTruthy();
    expect((within(await row(1)).getByRole('button', { name: 'PAGO' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(await row(2)).getByText('Vencido')).toBeTruthy();
    expect(within(await row(3)).getByText('Em Aberto')).toBeTruthy();
    expect((await row(3)).textContent?.replace(/\s/g, ' ')).toContain('R$ 1.234,50');
    await user.click(within(await row(2)).getByRole('button', { name: 'Pagar a fatura 2' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Pagamento da fatura 2')).toBeTruthy();
    expect(await within(dialog).findByText('Plano Ouro')).toBeTruthy();
  });

  it('shows a due date saved as 27/12 as 27/12 on the company clock (issue 30 item 2: it showed 26/12)', async () => {
    stubApi({
      '/invoices/all': {
        invoices: [{ ...invoice(4, 'paid', 0), dueDate: '2026-12-27T00:00:00.000Z' }],
        count: 1,
        hasMore: false,
      },
    });
    renderWithProviders(<FinanceiroPage />, { route: '/financeiro', session: sessionValue(makeUser()) });
    const row = (await screen.findByText('Plano 4')).closest('tr') as HTMLElement;
    expect(within(row).getByText('27/12/2026')).toBeTruthy();
  });

  it('says so when there is no invoice', async () => {
    stubApi({ '/invoices/all': { invoices: [], count: 0, hasMore: false } });
    renderWithProviders(<FinanceiroPage />, { route: '/financeiro', session: sessionValue(makeUser()) });
    expect(await screen.findByText('Nenhuma fatura por enquanto.')).toBeTruthy();
  });
});

import type { CurrentPlanDto, InvoiceDto } from '@atendo/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import en from '../../../locales/en.json';
import es from '../../../locales/es.json';
import pt from '../../../locales/pt.json';
import tr from '../../../locales/tr.json';
import { stubApi } from '../../../test/apiStub';
import { renderWithProviders } from '../../../test/render';
import { CheckoutDialog } from './CheckoutDialog';

const invoice: InvoiceDto = {
  id: 42,
  companyId: 7,
  detail: 'Plano Ouro',
  users: 10,
  connections: 5,
  queues: 8,
  value: 199.9,
  dueDate: '2027-01-31T12:00:00.000Z',
  status: 'open',
  paidAt: null,
  createdAt: '2027-01-21T12:00:00.000Z',
};
const plan = { plano: { name: 'Plano Ouro' }, dueDate: invoice.dueDate, recurrence: 'MENSAL' } as CurrentPlanDto;
const nbsp = (s: string | null) => s?.replace(/\s/g, ' ');

describe('CheckoutDialog', () => {
  it('prices the custom plan from the plan it copies before paying (issue 30 item 4: R$ 49 for a R$ 199,90 plan)', async () => {
    const user = userEvent.setup();
    stubApi({});
    const gold = { ...plan, plano: { name: 'Plano Ouro', amount: 199.9, users: 10, connections: 5 } } as CurrentPlanDto;
    renderWithProviders(<CheckoutDialog open invoice={invoice} plan={gold} onClose={vi.fn()} />);
    await screen.findByRole('dialog');
    expect(nbsp(screen.getByTestId('custom-price').textContent)).toContain('R$ 199,90');
    await user.click(screen.getByRole('button', { name: 'Escolher este plano' }));
    expect(nbsp(screen.getByTestId('checkout-review').textContent)).toContain('R$ 199,90');
  });

  it('starts on Personalizar with the current plan, prices the custom plan, and asks for Dados before paying', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      'POST /subscription': {
        provider: 'efi',
        chargeId: 1,
        qrcode: { qrcode: '00020101021226...6304ABCD', imagemQrcode: null },
        stripeURL: null,
        asaasURL: null,
        mercadopagoURL: null,
        valorext: 91,
      },
    });
    renderWithProviders(<CheckoutDialog open invoice={invoice} plan={plan} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog');
    // step 1 is the active one; the current plan is shown with its price
    expect(within(dialog).getByText('Personalizar').closest('.MuiStep-root')?.className).not.toContain('completed');
    expect(within(dialog).getByText('Plano atual')).toBeTruthy();
    expect(nbsp(within(dialog).getAllByText(/199,90/)[0]!.textContent)).toContain('R$ 199,90');

    // custom plan: never below 3; 49 + 11 per extra user + 20 per extra connection
    expect((screen.getByRole('button', { name: 'Menos Usuários' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Mais Usuários' }));
    await user.click(screen.getByRole('button', { name: 'Mais Usuários' }));
    await user.click(screen.getByRole('button', { name: 'Mais Conexões' }));
    expect(nbsp(screen.getByTestId('custom-price').textContent)).toContain('R$ 91,00');
    await user.click(screen.getByRole('button', { name: 'Escolher este plano' }));
    expect(nbsp(screen.getByTestId('checkout-review').textContent)).toContain('R$ 91,00');

    // PAGAR with Dados empty goes back to Dados with the seed's messages; nothing is sent
    await user.click(screen.getByRole('button', { name: 'PAGAR' }));
    expect(await screen.findByText('O nome completo é obrigatório')).toBeTruthy();
    // the tax-id field asks for its CPF/CNPJ (issue 30 item 12: it said 'CEP é obrigatório')
    expect(screen.getByText('CPF/CNPJ é obrigatório')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByLabelText(/Nome completo/), 'Maria Silva');
    await user.type(screen.getByLabelText(/CPF\/CNPJ/), '123.456.789-09');
    await user.click(screen.getByRole('button', { name: 'PRÓXIMO' }));
    await user.click(screen.getByRole('button', { name: 'Escolher este plano' }));
    await user.click(screen.getByRole('button', { name: 'PAGAR' }));

    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeTruthy());
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      invoiceId: 42,
      firstName: 'Maria Silva',
      zipcode: '123.456.789-09',
      users: 5,
      connections: 4,
    });
    const screenEl = await screen.findByTestId('payment-screen');
    expect(within(screenEl).getByRole('img', { name: 'QR Code PIX' })).toBeTruthy();
    expect((within(screenEl).getByTestId('pix-copy-paste').querySelector('input') as HTMLInputElement).value).toBe(
      '00020101021226...6304ABCD',
    );
  });

  it('VOLTAR goes back a step and PRÓXIMO on Dados needs the full name and tax id', async () => {
    const user = userEvent.setup();
    stubApi({});
    renderWithProviders(<CheckoutDialog open invoice={invoice} plan={null} onClose={vi.fn()} />);
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'VOLTAR' }));
    await user.click(screen.getByRole('button', { name: 'PRÓXIMO' }));
    expect(await screen.findByText('O nome completo é obrigatório')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'VOLTAR' })).toHaveProperty('disabled', true);
  });

  it('names the CPF/CNPJ in every language when the tax id is missing (issue 30 item 12)', async () => {
    const bundles = { pt, en, es, tr };
    for (const [language, bundle] of Object.entries(bundles))
      expect(bundle.validation.taxIdRequired, language).toContain('CPF/CNPJ');
  });
});

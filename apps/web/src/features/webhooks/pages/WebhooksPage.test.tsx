import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../shared/i18n';
import { stubApi } from '../../../test/apiStub';
import { makeUser } from '../../../test/fixtures';
import { renderWithProviders, sessionValue } from '../../../test/render';
import WebhooksPage from './WebhooksPage';

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('pt', false);
});

const session = sessionValue(makeUser({ profile: 'admin' }));
const endpoint = {
  id: 4,
  url: 'https://crm.example.com/hooks',
  events: ['ticket.closed'],
  active: true,
  pausedReason: null,
  consecutiveFailures: 0,
  secretHint: 'x9Zq',
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z',
};
const delivery = {
  id: 31,
  eventId: '6f1c3a52-6b0e-4d8e-9d55-3c1f2b7a9e10',
  eventType: 'webhook.test',
  status: 'delivered',
  attempts: 1,
  responseStatus: 200,
  durationMs: 42,
  error: null,
  body: '{"id":"6f1c3a52-6b0e-4d8e-9d55-3c1f2b7a9e10","type":"webhook.test"}',
  lastAttemptAt: '2026-11-28T10:01:00.000Z',
  createdAt: '2026-11-28T10:01:00.000Z',
};

describe('WebhooksPage', () => {
  it('says there is no endpoint yet', async () => {
    stubApi({ 'GET /webhook-endpoints': [] });
    renderWithProviders(<WebhooksPage />, { session });
    expect(await screen.findByText('Nenhum endpoint ainda. Adicione a URL que deve receber os eventos.')).toBeTruthy();
  });

  const texts = {
    pt: { add: 'Adicionar endpoint', url: 'Informe uma URL http(s) válida.', events: 'Escolha ao menos um evento.' },
    en: { add: 'Add endpoint', url: 'Enter a valid http(s) URL.', events: 'Choose at least one event.' },
    es: { add: 'Agregar endpoint', url: 'Ingrese una URL http(s) válida.', events: 'Elija al menos un evento.' },
    tr: { add: 'Uç nokta ekle', url: "Geçerli bir http(s) URL'si girin.", events: 'En az bir olay seçin.' },
  } as const;

  for (const [lang, text] of Object.entries(texts)) {
    it(`validates the form before sending anything (${lang})`, async () => {
      await changeLanguage(lang as keyof typeof texts, false);
      const calls = stubApi({ 'GET /webhook-endpoints': [] });
      renderWithProviders(<WebhooksPage />, { session });
      fireEvent.click(await screen.findByRole('button', { name: text.add }));
      const form = await screen.findByRole('form', { name: text.add });
      fireEvent.change(within(form).getByRole('textbox'), { target: { value: 'ftp://example.com' } });
      fireEvent.submit(form);
      expect(await within(form).findByText(text.url)).toBeTruthy();
      expect(within(form).getByText(text.events)).toBeTruthy();
      expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    });
  }

  it('adds an endpoint with its chosen events', async () => {
    const calls = stubApi({
      'GET /webhook-endpoints': [],
      'POST /webhook-endpoints': { ...endpoint, secret: 'whsec_abc' },
      [`GET /webhook-endpoints/${endpoint.id}/deliveries`]: { records: [], count: 0, hasMore: false },
    });
    renderWithProviders(<WebhooksPage />, { session });
    fireEvent.click(await screen.findByRole('button', { name: 'Adicionar endpoint' }));
    const form = await screen.findByRole('form', { name: 'Adicionar endpoint' });
    fireEvent.change(within(form).getByRole('textbox'), { target: { value: 'https://crm.example.com/hooks' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Ticket fechado (ticket.closed)' }));
    fireEvent.submit(form);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        url: 'https://crm.example.com/hooks',
        events: ['ticket.closed'],
      }),
    );
  });

  it('asks before deleting, and deletes only when confirmed', async () => {
    const calls = stubApi({ 'GET /webhook-endpoints': [endpoint], [`DELETE /webhook-endpoints/${endpoint.id}`]: null });
    renderWithProviders(<WebhooksPage />, { session });
    const row = await screen.findByTestId(`webhook-endpoint-${endpoint.id}`);
    fireEvent.click(within(row).getByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Excluir o endpoint https://crm.example.com/hooks e o seu registro de entregas?'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    fireEvent.click(within(row).getByRole('button', { name: 'Excluir' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/webhook-endpoints/4']));
  });

  it('sends a test event, shows the log with the body sent, and resends a delivery', async () => {
    const calls = stubApi({
      'GET /webhook-endpoints': [endpoint],
      [`POST /webhook-endpoints/${endpoint.id}/test`]: { ...delivery, status: 'pending', attempts: 0 },
      [`GET /webhook-endpoints/${endpoint.id}/deliveries`]: { records: [delivery], count: 1, hasMore: false },
      [`POST /webhook-endpoints/${endpoint.id}/deliveries/${delivery.id}/resend`]: { ...delivery, status: 'pending' },
    });
    renderWithProviders(<WebhooksPage />, { session });
    const row = await screen.findByTestId(`webhook-endpoint-${endpoint.id}`);
    fireEvent.click(within(row).getByRole('button', { name: 'Enviar teste' }));
    const logRow = await screen.findByTestId(`webhook-delivery-${delivery.id}`);
    expect(within(logRow).getByText('Entregue')).toBeTruthy();
    expect(within(logRow).getByText('200')).toBeTruthy();
    fireEvent.click(within(logRow).getByRole('button', { name: 'Ver corpo' }));
    expect(await screen.findByText(delivery.body)).toBeTruthy();
    fireEvent.click(within(logRow).getByRole('button', { name: 'Reenviar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/deliveries/31/resend'))).toBe(true));
  });
});

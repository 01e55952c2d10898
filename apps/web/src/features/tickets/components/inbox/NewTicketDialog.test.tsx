import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../../test/fixtures';
import { mockFetch, renderWithProviders, sessionValue } from '../../../../test/render';
import { NewTicketDialog } from './NewTicketDialog';

const session = sessionValue(makeUser({ profile: 'admin' }));
afterEach(() => vi.unstubAllGlobals());

describe('the new-ticket dialog (issue 36)', () => {
  it('on a Cloud API connection, says that outside the window only a template reaches the customer', async () => {
    mockFetch({ '/whatsapp/': [{ id: 9, name: 'Cloud', channel: 'whatsappapi', status: 'CONNECTED', isDefault: true }] });
    renderWithProviders(<NewTicketDialog open onClose={() => {}} onCreated={() => {}} onAlreadyOpen={() => {}} />, {
      session,
    });
    expect((await screen.findByTestId('new-ticket-cloud-window')).textContent).toMatch(/só entrega um modelo aprovado/);
  });

  it('says nothing of it on a WhatsApp QR connection', async () => {
    mockFetch({ '/whatsapp/': [{ id: 8, name: 'QR', channel: 'whatsapp', status: 'CONNECTED', isDefault: true }] });
    renderWithProviders(<NewTicketDialog open onClose={() => {}} onCreated={() => {}} onAlreadyOpen={() => {}} />, {
      session,
    });
    expect(await screen.findByText('QR')).toBeTruthy();
    expect(screen.queryByTestId('new-ticket-cloud-window')).toBeNull();
  });
});

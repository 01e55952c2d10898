import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { mockFetch, renderWithProviders, sessionValue } from '../../../test/render';
import CampaignsPage from './CampaignsPage';

afterEach(() => vi.unstubAllGlobals());

const campaign = (id: number, name: string, status: string) => ({
  id,
  name,
  status,
  message1: 'Oi',
  contactList: null,
  whatsapp: null,
  scheduledAt: null,
  completedAt: null,
  editable: status === 'INATIVA',
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
});

describe('CampaignsPage actions', () => {
  it('only a cancelled campaign offers the restart; an inactive one starts by its schedule (issue 37 item 12)', async () => {
    localStorage.setItem('hasVisitedCampaigns', 'true');
    mockFetch({
      '/campaigns': {
        records: [campaign(1, 'Cancelada', 'CANCELADA'), campaign(2, 'Parada', 'INATIVA')],
        hasMore: false,
        count: 2,
      },
      '/helps/list': [],
    });
    renderWithProviders(<CampaignsPage />, { session: sessionValue(makeUser({ profile: 'admin' })) });
    const cancelled = await screen.findByRole('row', { name: /Cancelada/ });
    expect(within(cancelled).getByRole('button', { name: 'Reiniciar campanha' })).toBeTruthy();
    const inactive = screen.getByRole('row', { name: /Parada/ });
    expect(within(inactive).queryByRole('button', { name: 'Reiniciar campanha' })).toBeNull();
  });
});

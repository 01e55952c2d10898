import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/apiStub';
import { useSaveCampaign } from './useCampaigns';

afterEach(() => vi.unstubAllGlobals());

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
);

describe('useSaveCampaign', () => {
  it('attaches the file before the schedule is saved: a campaign due within the hour is no longer editable', async () => {
    const calls = stubApi({
      'POST /campaigns': { id: 7, status: 'INATIVA' },
      'POST /campaigns/7/media-upload': { id: 7, status: 'INATIVA', mediaName: 'oferta.png' },
      'PUT /campaigns/7': (c: { body: unknown }) => ({ id: 7, status: 'PROGRAMADA', ...(c.body as object) }),
    });
    const { result } = renderHook(() => useSaveCampaign(), { wrapper });
    const soon = new Date(Date.now() + 90_000).toISOString();
    let saved: unknown;
    await act(async () => {
      saved = await result.current.mutateAsync({
        body: { name: 'Promo', scheduledAt: soon },
        file: new File(['x'], 'oferta.png', { type: 'image/png' }),
      });
    });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /campaigns',
      'POST /campaigns/7/media-upload',
      'PUT /campaigns/7',
    ]);
    expect(calls[0]?.body).toMatchObject({ name: 'Promo', scheduledAt: '' });
    expect(calls[2]?.body).toMatchObject({ name: 'Promo', scheduledAt: soon });
    expect(saved).toMatchObject({ status: 'PROGRAMADA' });
  });

  it('without a file or without a schedule, one save (and the upload after it)', async () => {
    const calls = stubApi({
      'PUT /campaigns/3': { id: 3 },
      'POST /campaigns/3/media-upload': { id: 3 },
    });
    const { result } = renderHook(() => useSaveCampaign(), { wrapper });
    await act(async () => {
      await result.current.mutateAsync({ id: 3, body: { scheduledAt: new Date().toISOString() } });
      await result.current.mutateAsync({ id: 3, body: { scheduledAt: '' }, file: new File(['x'], 'a.pdf') });
    });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'PUT /campaigns/3',
      'PUT /campaigns/3',
      'POST /campaigns/3/media-upload',
    ]);
  });
});
